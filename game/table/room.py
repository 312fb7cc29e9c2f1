"""Room on the table for what is drawn over it: the hint panel and the toast.

:func:`kept_in_sight` lists what nothing drawn over the table may cover: the seats (plates
and cards), the scores, the corner buttons, the middle (or the trick where a dialog or the
discard zone has put it), the status line, the open dialog, the discard zone and its
buttons, the dog in the middle. :func:`free_rects` lists the largest rectangles of an area
clear of such rectangles, and :func:`free_place` where a box of one of a few sizes fits in
them, nearest a point; :class:`ToastPlacer` puts the
table's toast there, its lines wrapped to the room found (the hint's own placer is
:class:`game.table.hint_place.HintPlacer`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.app.assets import card_height
from game.table.geometry import BUBBLE_TEXT
from game.table.paint import tag_rect

if TYPE_CHECKING:
    from game.table.dialogs import Dialogs
    from game.table.discard import DiscardEditor
    from game.table.stage import Stage

#: The longest words a seat says in a bubble: what avoids the bubbles leaves room for them.
LONGEST_WORDS = ("garde_contre", "garde_sans", "table_partner", "table_alone")
#: Where a box goes: its rectangle and the index of its size among those asked for.
Found = tuple[pygame.Rect, int]
#: The toast's text sizes (design pixels), largest first, and the widths it tries (shares
#: of the table's width), widest first.
TOAST_SIZES = (24, 21, 19)
TOAST_WIDTHS = (0.6, 0.5, 0.42, 0.34)
#: The narrowest room a toast cut short takes (design pixels).
TOAST_NARROWEST = 200


def kept_in_sight(stage: Stage, dialogs: Dialogs, editor: DiscardEditor,
                  fleeting: bool = False) -> list[pygame.Rect]:
    """What a panel drawn over the table must leave in sight: the seats, the scores, the
    buttons, the open dialog, the discard zone and its buttons (whether shown yet or not,
    so that what avoids them does not jump about), the dog shown in the middle, the trick
    where it is drawn, the status line and the whole middle of the table, where the cards
    are played — but a ``fleeting`` message (the toast) takes the status line's place, and
    of the middle needs only leave the cards in sight."""
    lay = stage.layout
    out = [pygame.Rect(p.group) for p in lay.seats]
    out += [pygame.Rect(r) for r in lay.buttons.values()]
    score = pygame.Rect(lay.score_rect)
    score.height += lay.u(36)  # and the practised badge under it
    out.append(score)
    if not fleeting:
        out += [pygame.Rect(lay.status_rect), *_middle(stage)]
    out += trick_drawn(stage, dialogs, editor)
    panel = dialogs.open_panel()
    if panel is not None and not editor.open:
        out.append(pygame.Rect(panel.rect))
    if editor.open:
        out += [pygame.Rect(lay.discard_rect), pygame.Rect(editor.confirm_button.rect)]
        if editor.reopened:
            out.append(pygame.Rect(editor.keep_button.rect))
    elif editor.may_reopen():
        out.append(pygame.Rect(editor.change_button.rect))
    if stage.sprites.dog:
        out.append(pygame.Rect(lay.dog_rect))
    return out


def trick_drawn(stage: Stage, dialogs: Dialogs, editor: DiscardEditor) -> list[pygame.Rect]:
    """Where the trick's cards are drawn, names included: in a row above the discard zone
    while it is open, smaller beside a declaration's dialog, else in the middle."""
    lay = stage.layout
    count = len(stage.sprites.trick)
    if not count:
        return []
    if editor.open:
        width, spots = lay.trick_aside(count)
        height = card_height(width)
        return [pygame.Rect(round(x - width / 2), round(y - height / 2), width, height)
                for x, y in spots]
    if dialogs.beside_trick():
        scale, centre, _ = lay.trick_beside()
        box = lay.trick_rect.inflate(lay.u(100), lay.u(30))  # and the names beside
        drawn = pygame.Rect(0, 0, round(box.width * scale), round(box.height * scale))
        drawn.center = (round(centre[0]), round(centre[1]))
        return [drawn]
    return _middle(stage)


def _middle(stage: Stage) -> list[pygame.Rect]:
    """The middle of the table, where the trick is played, and the names beside its cards,
    which reach out of it."""
    lay = stage.layout
    out = [pygame.Rect(lay.trick_rect)]
    for place in lay.seats:
        if place.seat != stage.me:
            pos, anchor = lay.trick_tag(place.seat, *place.trick)
            out.append(tag_rect(stage.ink, lay.u, stage.name(place.seat), pos, anchor))
    return out


def free_rects(area: pygame.Rect, walls: Sequence[pygame.Rect]) -> list[pygame.Rect]:
    """Every largest rectangle of ``area`` clear of ``walls`` (they overlap one another):
    a box fits in the area clear of the walls exactly when it fits in one of them."""
    free = [pygame.Rect(area)]
    for wall in walls:
        if not wall.colliderect(area):
            continue
        parts: list[pygame.Rect] = []
        for rect in free:
            if not rect.colliderect(wall):
                parts.append(rect)
                continue
            if wall.left > rect.left:
                parts.append(pygame.Rect(rect.left, rect.top, wall.left - rect.left,
                                         rect.height))
            if wall.right < rect.right:
                parts.append(pygame.Rect(wall.right, rect.top, rect.right - wall.right,
                                         rect.height))
            if wall.top > rect.top:
                parts.append(pygame.Rect(rect.left, rect.top, rect.width, wall.top - rect.top))
            if wall.bottom < rect.bottom:
                parts.append(pygame.Rect(rect.left, wall.bottom, rect.width,
                                         rect.bottom - wall.bottom))
        parts.sort(key=lambda r: -r.width * r.height)  # a rectangle inside another goes
        free = []
        for rect in parts:
            if not any(kept.contains(rect) for kept in free):
                free.append(rect)
    return free


def free_place(free: Sequence[pygame.Rect], sizes: Sequence[tuple[int, int]],
               near: tuple[str, tuple[float, float]]) -> Found | None:
    """Of the boxes of ``sizes`` placed in the free rectangles ``free`` (see
    :func:`free_rects`), the one whose point ``near[0]`` (``"bottomright"``,
    ``"midbottom"``...) is nearest ``near[1]``, and which size it has; ``None`` when none
    fits."""
    anchor, (px, py) = near
    best: tuple[float, pygame.Rect, int] | None = None
    for index, (width, height) in enumerate(sizes):
        aimed = pygame.Rect(0, 0, width, height)
        setattr(aimed, anchor, (round(px), round(py)))
        for room in free:
            if width > room.width or height > room.height:
                continue
            box = aimed.clamp(room)  # the nearest it can be in this room
            bx, by = getattr(box, anchor)
            far = math.hypot(bx - px, by - py)
            if best is None or far < best[0]:
                best = (far, box, index)
    return (best[1], best[2]) if best is not None else None


def bubble_areas(stage: Stage) -> list[pygame.Rect]:
    """Where the other seats' speech bubbles go, as wide as their longest words (said or
    not yet, so that what avoids them does not jump about)."""
    lay = stage.layout
    font = stage.app.assets.font(lay.u(BUBBLE_TEXT))
    said = max((font.size(stage.tr(key)) for key in LONGEST_WORDS), key=lambda s: s[0])
    return [lay.bubble_area(p.seat, said) for p in lay.seats if p.seat != stage.me]


class ToastPlacer:
    """Where the table's toast goes: where the status line is, growing upward, or the
    nearest place clear of what must stay in sight (of the others' bubbles too when there
    is room), its text wrapped to the room; the place is kept while nothing moves."""

    def __init__(self, stage: Stage, dialogs: Dialogs, editor: DiscardEditor) -> None:
        self.stage = stage
        self.dialogs = dialogs
        self.editor = editor
        self._key: object = None
        self._placed: tuple[pygame.Rect, list[str], int] | None = None

    def place(self, hint: pygame.Rect | None) -> tuple[pygame.Rect, list[str], int] | None:
        """The toast's rectangle, lines and text size (pixels), clear of what must stay in
        sight and of the ``hint`` panel (and of the bubbles when it can), its text cut short
        where it has no room whole; ``None`` when there is no room at all (the toast then
        goes where the status line is)."""
        stage = self.stage
        lay = stage.layout
        toast = stage.toast
        walls = kept_in_sight(stage, self.dialogs, self.editor, fleeting=True)
        walls += [hint] if hint is not None else []
        soft = bubble_areas(stage)
        key = (toast.text, lay.size, tuple(map(tuple, walls)), tuple(map(tuple, soft)))
        if key == self._key:
            return self._placed
        u = lay.u
        gap = u(8)
        area = pygame.Rect(lay.margin, lay.margin, lay.size[0] - 2 * lay.margin,
                           lay.hand_rect.top - u(4) - lay.margin)
        solid = [r.inflate(2 * gap, 2 * gap) for r in walls]
        fuzzy = [r.inflate(2 * gap, 2 * gap) for r in soft]
        clear, clearest = free_rects(area, solid), free_rects(area, solid + fuzzy)
        near = ("midbottom", lay.status_rect.midbottom)
        placed = None
        for size in TOAST_SIZES:
            pixels = u(size)
            shapes = [toast.shape(stage.app.assets, pixels, round(lay.size[0] * share),
                                  stage.app.unit) for share in TOAST_WIDTHS]
            sizes = [s for s, _ in shapes]
            found = free_place(clearest, sizes, near) or free_place(clear, sizes, near)
            if found is not None:
                box, index = found
                placed = (box, shapes[index][1], pixels)
                break
        else:
            placed = self._cut(clear, u(TOAST_SIZES[-1]), near)
        self._key, self._placed = key, placed
        return placed

    def _cut(self, free: list[pygame.Rect], pixels: int,
             near: tuple[str, tuple[float, float]]) -> tuple[pygame.Rect, list[str], int] | None:
        """No room for the whole text: the largest room there is, with as many of its lines
        as it holds, the last cut with an ellipsis."""
        stage = self.stage
        for room in sorted(free, key=lambda r: -r.width * r.height):
            if room.width < stage.layout.u(TOAST_NARROWEST):
                continue
            size, lines = stage.toast.shape(stage.app.assets, pixels, room.width,
                                            stage.app.unit, room.height)
            found = free_place([room], [size], near)
            if found is not None:
                return found[0], lines, pixels
        return None


__all__ = ["LONGEST_WORDS", "TOAST_NARROWEST", "TOAST_SIZES", "TOAST_WIDTHS", "ToastPlacer",
           "bubble_areas", "free_place", "free_rects", "kept_in_sight", "trick_drawn"]
