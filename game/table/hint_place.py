"""Where the table's hint panel goes: clear of the seats, the scores, the buttons, the middle
of the table, the open dialog and the discard zone (:func:`game.table.room.kept_in_sight`; of
the other seats' speech bubbles too when there is room), showing as much of the hint as
fits, as near the bottom right as it can; where even its shortest form has no room, its
sentence cut to the largest room there is. It never covers what must stay in sight: when a
dialog leaves no room at all, the table has the dialog step aside
(:meth:`game.table.dialogs.Dialogs.make_room`).

:class:`HintPlacer` belongs to the table's :class:`~game.table.assist.Assist`, which draws the
panel where :meth:`HintPlacer.place` says; the place is kept while nothing on the table moves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.app.widgets import GOLD, TEXT, TEXT_DIM, ellipsize, wrap_text
from game.table.dialogs.base import HINT
from game.table.room import bubble_areas, free_place, free_rects, kept_in_sight

if TYPE_CHECKING:
    from game.table.dialogs import Dialogs
    from game.table.discard import DiscardEditor
    from game.table.stage import Stage

#: How much of a hint its panel shows, best first: text size (design pixels), option lines.
LEVELS = ((19, 4), (19, 3), (17, 3), (17, 2), (19, 0), (17, 0), (16, 0), (15, 0), (14, 0),
          (13, 0))
#: The narrowest hint panel (design pixels), and the shortest, its sentence cut to fit.
NARROWEST = 200
SHORTEST = 80

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
        self._shapes_for: object = None  # the window size and hint the shapes are of
        self._shapes: dict[tuple[int, int, int], tuple[Lines, int]] = {}

    def obstacles(self) -> list[pygame.Rect]:
        """What the hint panel must leave in sight (:func:`game.table.room.kept_in_sight`)."""
        return kept_in_sight(self.scene, self.dialogs, self.editor)

    def bubbles(self) -> list[pygame.Rect]:
        """Where the other seats' speech bubbles go (:func:`game.table.room.bubble_areas`)."""
        return bubble_areas(self.scene)

    def _lines(self, hint: Any, width: int, size: int, options: int
               ) -> tuple[Lines, int]:
        """The hint's text wrapped to ``width`` at ``size`` design pixels, with at most
        ``options`` option lines, and the height of the whole panel (title row and margins
        included); kept for the hint and the window's size, the places tried being many."""
        known = (self.scene.layout.size, str(hint.text), tuple(map(str, hint.options)))
        if known != self._shapes_for:
            self._shapes_for, self._shapes = known, {}
        shape = self._shapes.get((width, size, options))
        if shape is None:
            shape = self._shapes[(width, size, options)] = self._wrap(hint, width, size,
                                                                      options)
        return shape

    def _wrap(self, hint: Any, width: int, size: int, options: int) -> tuple[Lines, int]:
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

    def place(self, hint: Any, cut: bool = True) -> Placed | None:
        """The hint panel's rectangle and lines: clear of everything in :meth:`obstacles`
        (of the others' bubbles too when there is room), showing as much of ``hint`` as it
        can (every option, a larger text), and of the places that do, the nearest to the
        bottom right of the table, above the hand; with ``cut``, where none does, its
        sentence cut short to the largest room there is; ``None`` when there is none."""
        lay = self.scene.layout
        u = lay.u
        area = lay.hint_area()
        if area.width < u(NARROWEST) or area.height < u(SHORTEST):
            return None
        gap = u(8)
        solid = [r.inflate(2 * gap, 2 * gap) for r in self.obstacles()]
        soft = [r.inflate(2 * gap, 2 * gap) for r in self.bubbles()]
        key = (lay.size, tuple(tuple(r) for r in solid + soft), id(hint), cut)
        if key == self._placed_key:
            return self._placed
        clear = free_rects(area, solid)
        placed = (self._search(hint, free_rects(area, solid + soft))
                  or self._search(hint, clear) or (self._cut(hint, area, clear) if cut else None))
        self._placed_key, self._placed = key, placed
        return placed

    def _widths(self) -> list[int]:
        u = self.scene.layout.u
        return [u(w) for w in range(460, NARROWEST - 1, -40)]

    def _search(self, hint: Any, free: list[pygame.Rect]) -> Placed | None:
        """The best place in the ``free`` rectangles for the most of ``hint``, if any."""
        lay = self.scene.layout
        u = lay.u
        corner = lay.hint_area().bottomright
        for size, options in LEVELS:
            shapes = [(width, *self._lines(hint, width - 2 * u(12), size, options))
                      for width in self._widths()]
            found = free_place(free, [(w, h) for w, _, h in shapes], ("bottomright", corner))
            if found is not None:
                box, index = found
                return box, shapes[index][1]
        return None

    def _cut(self, hint: Any, area: pygame.Rect, free: list[pygame.Rect]) -> Placed | None:
        """Where even the shortest hint has no room: the tallest of the ``free`` rectangles
        it can have, with as much of the sentence as fits it, the last line cut with an
        ellipsis."""
        lay = self.scene.layout
        u = lay.u
        size, options = LEVELS[-1]
        for width in self._widths():
            lines, height = self._lines(hint, width - 2 * u(12), size, options)
            tallest = max((r.height for r in free if r.width >= width), default=0)
            if min(height, tallest) < u(SHORTEST):
                continue
            found = free_place(free, [(width, min(height, tallest))],
                               ("bottomright", area.bottomright))
            if found is None:
                continue
            box, _ = found
            text = [line for line in lines if line[2] == TEXT]
            room = (box.height - 2 * u(12) - u(22)) // round(text[0][1] * 1.22)
            if room < 1:
                continue
            kept = text[:room]
            if len(kept) < len(text):
                last, pixels, color = kept[-1]
                kept[-1] = (ellipsize(self.scene.app.assets, last + " \u2026", pixels,
                                      width - 2 * u(12)), pixels, color)
            return box, kept
        return None


__all__ = ["LEVELS", "NARROWEST", "SHORTEST", "HintPlacer", "Lines", "Placed"]
