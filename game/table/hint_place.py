"""Where the table's hint panel goes: clear of the seats, the scores, the buttons, the middle
of the table, the open dialog and the discard zone (of the other seats' speech bubbles too when
there is room), showing as much of the hint as fits, as near the bottom right as it can.

:class:`HintPlacer` belongs to the table's :class:`~game.table.assist.Assist`, which draws the
panel where :meth:`HintPlacer.place` says; the place is kept while nothing on the table moves.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from game.app.widgets import GOLD, TEXT, TEXT_DIM, wrap_text
from game.table.dialogs.base import HINT
from game.table.geometry import BUBBLE_TEXT
from game.table.paint import tag_rect

if TYPE_CHECKING:
    from game.table.dialogs import Dialogs
    from game.table.discard import DiscardEditor
    from game.table.stage import Stage

#: How much of a hint its panel shows, best first: text size (design pixels), option lines.
LEVELS = ((19, 4), (19, 3), (17, 3), (17, 2), (19, 0), (17, 0), (16, 0), (15, 0))
#: The longest words a seat says in a bubble: the hint panel leaves room for them.
LONGEST_WORDS = ("garde_contre", "garde_sans", "table_partner", "table_alone")

#: The panel's lines: text, size in pixels, colour.
Lines = list[tuple[str, int, Any]]
#: The panel's rectangle and its lines.
Placed = tuple[pygame.Rect, Lines]


class HintPlacer:
    """The hint panel's place on one table."""

    def __init__(self, scene: Stage, dialogs: Dialogs, editor: DiscardEditor) -> None:
        self.scene = scene
        self.dialogs = dialogs
        self.editor = editor
        self._placed_key: object = None  # the place, kept while nothing moves
        self._placed: Placed | None = None

    def obstacles(self) -> list[pygame.Rect]:
        """What the hint panel must leave in sight: the seats, the scores, the buttons, the
        middle of the table, the status line, the open dialog, the discard zone and its
        buttons (whether shown yet or not, so that the panel does not jump about)."""
        scene = self.scene
        lay = scene.layout
        out = [pygame.Rect(p.group) for p in lay.seats]
        out += [pygame.Rect(r) for r in lay.buttons.values()]
        score = pygame.Rect(lay.score_rect)
        score.height += lay.u(36)  # and the practised badge under it
        out += [score, pygame.Rect(lay.trick_rect), pygame.Rect(lay.status_rect)]
        for place in lay.seats:  # the names beside the trick reach out of its rectangle
            if place.seat != scene.me:
                pos, anchor = lay.trick_tag(place.seat, *place.trick)
                out.append(tag_rect(scene.ink, lay.u, scene.name(place.seat), pos, anchor))
        panel = self.dialogs.open_panel()
        editor = self.editor
        if panel is not None and not editor.open:
            out.append(pygame.Rect(panel.rect))
        if editor.open:
            out += [pygame.Rect(lay.discard_rect), pygame.Rect(editor.confirm_button.rect)]
            if editor.reopened:
                out.append(pygame.Rect(editor.keep_button.rect))
        elif editor.may_reopen():
            out.append(pygame.Rect(editor.change_button.rect))
        if scene.sprites.dog:
            out.append(pygame.Rect(lay.dog_rect))
        return out

    def bubbles(self) -> list[pygame.Rect]:
        """Where the other seats' speech bubbles go, as wide as their longest words (said
        or not yet, so that the panel does not jump about)."""
        scene = self.scene
        lay = scene.layout
        font = scene.app.assets.font(lay.u(BUBBLE_TEXT))
        said = max((font.size(scene.tr(key)) for key in LONGEST_WORDS), key=lambda s: s[0])
        return [lay.bubble_area(p.seat, said) for p in lay.seats if p.seat != scene.me]

    def _lines(self, hint: Any, width: int, size: int, options: int
               ) -> tuple[Lines, int]:
        """The hint's text wrapped to ``width`` at ``size`` design pixels, with at most
        ``options`` option lines, and the height of the whole panel (title row and margins
        included)."""
        scene = self.scene
        u = scene.layout.u
        assets = scene.app.assets
        lines: Lines = []
        big = max(13, u(size))  # pixels: small windows keep the text readable
        for line in wrap_text(assets, str(hint.text), big, width):
            lines.append((line, big, TEXT))
        small = max(12, u(size - 2))
        font = assets.font(small)
        for i, option in enumerate(list(hint.options)[:options]):
            text = str(option)
            if font.size(text)[0] > width:
                while text and font.size(text + "\u2026")[0] > width:
                    text = text[:-1]
                text += "\u2026"
            lines.append((text, small, GOLD if i == 0 else TEXT_DIM))
        accept = str(scene.tr("table_hint_accept"))
        if font.size(accept)[0] <= width:  # how to take the advice: Enter, or a click
            lines.append((accept, small, HINT))
        body = sum(round(s * 1.22) for _, s, _ in lines)
        if options and hint.options:
            body += u(4)
        return lines, 2 * u(12) + u(22) + body

    def place(self, hint: Any) -> Placed | None:
        """The hint panel's rectangle and lines: clear of everything in ``_obstacles`` (of
        the others' bubbles too when there is room), showing as much of ``hint`` as it can
        (every option, a larger text), and of the places that do, the nearest to the bottom
        right of the table, above the hand."""
        lay = self.scene.layout
        u = lay.u
        area = lay.hint_area()
        if area.width < u(200) or area.height < u(80):
            return None
        gap = u(8)
        solid = [r.inflate(2 * gap, 2 * gap) for r in self.obstacles()]
        soft = [r.inflate(2 * gap, 2 * gap) for r in self.bubbles()]
        key = (lay.size, tuple(tuple(r) for r in solid + soft), id(hint))
        if key == self._placed_key:
            return self._placed
        placed = self._search(hint, area, solid + soft) or self._search(hint, area, solid)
        if placed is None:  # nowhere free: above the hand on the right, the text alone
            width = min(u(360), area.width)
            lines, height = self._lines(hint, width - 2 * u(12), 15, 0)
            box = pygame.Rect(0, 0, width, min(area.height, height))
            box.bottomright = area.bottomright
            placed = box, lines
        self._placed_key, self._placed = key, placed
        return placed

    def _search(self, hint: Any, area: pygame.Rect, walls: list[pygame.Rect]
                ) -> Placed | None:
        """The best place in ``area`` clear of ``walls``, if there is one."""
        u = self.scene.layout.u
        rights = {area.right} | {r.left for r in walls if area.left < r.left <= area.right}
        lefts = {area.left} | {r.right for r in walls if area.left <= r.right < area.right}
        bottoms = {area.bottom} | {r.top for r in walls if area.top < r.top <= area.bottom}
        tops = {area.top} | {r.bottom for r in walls if area.top <= r.bottom < area.bottom}
        widths = [u(w) for w in range(460, 199, -40)]
        for size, options in LEVELS:
            best: tuple[float, pygame.Rect, Lines] | None = None
            for width in widths:
                lines, height = self._lines(hint, width - 2 * u(12), size, options)
                if height > area.height:
                    continue
                xs = [x - width for x in rights] + list(lefts)
                ys = [y - height for y in bottoms] + list(tops)
                for x in xs:
                    for y in ys:
                        box = pygame.Rect(x, y, width, height)
                        if not area.contains(box) or box.collidelist(walls) >= 0:
                            continue
                        far = math.hypot(area.right - box.right, area.bottom - box.bottom)
                        if best is None or far < best[0]:
                            best = (far, box, lines)
            if best is not None:
                return best[1], best[2]
        return None


__all__ = ["LEVELS", "LONGEST_WORDS", "HintPlacer", "Lines", "Placed"]
