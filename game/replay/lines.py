"""A scrolling list of wrapped text rows for the replay viewer's side panel.

Each row is a line of text (wrapped to the list's width) with a colour and a value handed back
when the row is clicked. One row can be the *current* one: it is highlighted and scrolled
into view when it changes. A box can be unfolded under a row (:class:`Unfolded`: the
decision at the cursor, in words): its lines are wrapped whole, never cut, the rows after it
move down, and the list scrolls to keep the current row and the box whole (their head, when
they are taller than the list).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

import pygame

from game.app.assets import Assets
from game.app.widgets import GOLD, HIGHLIGHT, TEXT_DIM, wrap_text

Color = tuple[int, int, int]
#: The side panel's ground, into which the list's cut edges fade.
LIST_BG = (10, 27, 21)
BOX_BG = (22, 48, 36)
#: Room kept at the list's right for its scroll bar.
BAR_ROOM = 5


@dataclass(frozen=True)
class Row:
    text: str
    color: Color
    value: int  # handed back on a click (a replay position)
    note: str = ""  # a short right-aligned figure, e.g. "−6.5"
    note_color: Color = TEXT_DIM


class Line(NamedTuple):
    """A line of an unfolded box: its text (wrapped to the box), colour, and a figure
    written at the right of its first line ("" for none)."""

    text: str
    color: Color
    figure: str = ""


@dataclass(frozen=True)
class Unfolded:
    """A box of ``lines`` unfolded under row ``after`` (-1: above the first row)."""

    after: int
    lines: tuple[Line, ...]


class ScrollList:
    def __init__(self) -> None:
        self.rows: list[Row] = []
        self.unfolded: Unfolded | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.size = 16
        self.current: int | None = None
        self.scroll = 0  # pixels scrolled from the top
        self.hover: int | None = None
        self._wrapped: list[list[str]] = []
        self._tops: list[int] = []
        self._box: list[tuple[Line, int]] = []  # the box's lines, wrapped, and their tops
        self._box_top = 0
        self._box_h = 0
        self._height = 0
        self._key: tuple[object, ...] = ()
        self._follow = False  # the current row changed and is still to be scrolled to
        self._fades: dict[tuple[int, int, bool], pygame.Surface] = {}

    # --- content ---------------------------------------------------------------------------------
    def set_rows(self, rows: Sequence[Row], assets: Assets,
                 unfolded: Unfolded | None = None) -> None:
        """The rows, and the box unfolded under one of them (kept whole in view when it
        changes)."""
        rows = list(rows)
        key = (tuple(rows), unfolded, self.rect.size, self.size)
        if key == self._key:
            return
        self._key = key
        if unfolded != self.unfolded:
            self._follow = True
        self.rows = rows
        self.unfolded = unfolded
        width = max(20, self.rect.width - self._note_width(assets) - self._pad() * 2)
        line_h = self.line_h
        self._wrapped = [wrap_text(assets, row.text, self.size, width) for row in rows]
        self._box = self._wrap_box(assets) if unfolded is not None else []
        self._tops = []
        y = 0
        if unfolded is not None and unfolded.after < 0:
            self._box_top, y = y, y + self._box_height() + self._gap()
        for i, lines in enumerate(self._wrapped):
            self._tops.append(y)
            y += len(lines) * line_h + self._gap()
            if unfolded is not None and unfolded.after == i:
                self._box_top, y = y, y + self._box_height() + self._gap()
        self._height = y
        self.scroll = min(self.scroll, self.max_scroll)

    def _wrap_box(self, assets: Assets) -> list[tuple[Line, int]]:
        """The box's lines wrapped to its width, each line's figure beside its first part,
        with where each part lies in the box (a small gap between two lines, so that an
        option wrapped over several reads as one)."""
        assert self.unfolded is not None
        font = assets.font(self.size)
        pad = self._pad()
        width = self.box_rect_width() - 2 * pad
        out: list[tuple[Line, int]] = []
        y = pad
        for text, color, figure in self.unfolded.lines:
            room = width - (font.size(figure)[0] + pad if figure else 0)
            for i, part in enumerate(wrap_text(assets, text, self.size, max(20, room))):
                out.append((Line(part, color, figure if i == 0 else ""), y))
                y += self.line_h
            y += self._gap() // 2
        self._box_h = y - self._gap() // 2 + pad if out else 0
        return out

    def box_rect_width(self) -> int:
        return max(40, self.rect.width - BAR_ROOM)

    def _box_height(self) -> int:
        return self._box_h if self._box else 0

    @property
    def line_h(self) -> int:
        return round(self.size * 1.22)

    def _pad(self) -> int:
        return max(4, self.size // 2)

    def _gap(self) -> int:
        return max(2, self.size // 3)

    def _note_width(self, assets: Assets) -> int:
        notes = [row.note for row in self.rows if row.note]
        if not notes:
            return 0
        font = assets.font(self.size)
        return max(font.size(n)[0] for n in notes) + self._pad()

    @property
    def max_scroll(self) -> int:
        return max(0, self._height - self.rect.height)

    def place(self, rect: pygame.Rect) -> None:
        """Where the list goes on screen; when that changes the current row is kept in view."""
        if rect != self.rect:
            self.rect = pygame.Rect(rect)
            self._follow = True

    # --- the current row -------------------------------------------------------------------------
    def set_current(self, index: int | None) -> None:
        """Highlight row ``index`` and scroll it into view if it moved."""
        if index == self.current:
            return
        self.current = index
        self._follow = True
        self._scroll_to_current()

    def _selected_span(self) -> tuple[int, int] | None:
        """Where the current row and the box unfolded under it lie in the list (from its
        top): the box alone when it is under no current row."""
        index, unfolded = self.current, self.unfolded
        box = (self._box_top, self._box_top + self._box_height()) if self._box else None
        if index is None or not 0 <= index < len(self._tops):
            return box
        top = self._tops[index]
        bottom = top + len(self._wrapped[index]) * self.line_h
        if box is not None and unfolded is not None and unfolded.after == index:
            bottom = box[1]
        return top, bottom

    def _scroll_to_current(self) -> None:
        """Bring the current row and its box into view whole, once the list has its place
        on screen; their head when they are taller than the list."""
        if not self._follow or self.rect.height <= 0:
            return
        self._follow = False
        span = self._selected_span()
        if span is None:
            return
        top, bottom = span
        if bottom - top > self.rect.height:
            self.scroll = min(self.max_scroll, top)
            return
        if self.scroll <= top and bottom <= self.scroll + self.rect.height:
            return
        # the list starts at a row (or the box), never on the tail of one, half a gap above
        # it where a highlighted row's band begins: the row before the selection when both
        # fit, else the first start that leaves the selection whole
        half = self._gap() // 2
        starts = sorted(start - half for start in
                        [*self._tops, *([self._box_top] if self._box else [])])
        fits = [start for start in starts if bottom - self.rect.height <= start <= top]
        if top < self.scroll:
            before = [start for start in fits if start < top - half]
            scroll = before[-1] if before else top
        else:
            scroll = fits[0] if fits else top
        self.scroll = max(0, min(self.max_scroll, scroll))

    def row_at(self, pos: tuple[int, int]) -> int | None:
        if not self.rect.collidepoint(pos):
            return None
        y = pos[1] - self.rect.top + self.scroll
        for i, top in enumerate(self._tops):
            if top <= y < top + len(self._wrapped[i]) * self.line_h + self._gap():
                return i
        return None

    def row_rect(self, index: int) -> pygame.Rect:
        """Where row ``index`` is on screen (scrolled; it may lie outside the list)."""
        top = self.rect.top + self._tops[index] - self.scroll
        return pygame.Rect(self.rect.left, top, self.rect.width,
                           len(self._wrapped[index]) * self.line_h)

    def box_rect(self) -> pygame.Rect | None:
        """Where the unfolded box is on screen (scrolled; it may lie outside the list)."""
        if not self._box:
            return None
        return pygame.Rect(self.rect.left, self.rect.top + self._box_top - self.scroll,
                           self.box_rect_width(), self._box_height())

    def shown(self) -> list[tuple[int | None, pygame.Rect]]:
        """What the list shows now: each row in view (its index) and the box (``None``),
        where each lies on screen, before the list's edges cut it."""
        out: list[tuple[int | None, pygame.Rect]] = []
        box = self.box_rect()
        if box is not None and box.colliderect(self.rect):
            out.append((None, box))
        for i in range(len(self.rows)):
            rect = self.row_rect(i)
            if rect.colliderect(self.rect):
                out.append((i, rect))
        return out

    def box_lines(self) -> list[tuple[Line, pygame.Rect]]:
        """The box's lines as drawn, wrapped to its width, and where each lies on screen."""
        box = self.box_rect()
        if box is None:
            return []
        return [(line, pygame.Rect(box.left + self._pad(), box.top + y,
                                   box.width - 2 * self._pad(), self.line_h))
                for line, y in self._box]

    # --- events and drawing ----------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> int | None:
        """The clicked row's value, if a row was clicked."""
        if event.type == pygame.MOUSEWHEEL:
            mouse = pygame.mouse.get_pos()
            if self.rect.collidepoint(mouse):
                self.scroll = max(0, min(self.max_scroll,
                                         self.scroll - event.y * self.line_h * 3))
        elif event.type == pygame.MOUSEMOTION:
            self.hover = self.row_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.row_at(event.pos)
            if index is not None:
                return self.rows[index].value
        return None

    def draw(self, surface: pygame.Surface, assets: Assets) -> None:
        self._scroll_to_current()
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        pad = self._pad()
        line_h = self.line_h
        font = assets.font(self.size)
        for index, rect in self.shown():
            if index is None:
                self._draw_box(surface, assets, rect)
                continue
            row = self.rows[index]
            band = rect.inflate(0, self._gap())
            if index == self.current:
                pygame.draw.rect(surface, (64, 58, 28), band, border_radius=pad)
                pygame.draw.rect(surface, HIGHLIGHT, band, 1, border_radius=pad)
            elif index == self.hover:
                pygame.draw.rect(surface, (30, 60, 46), band, border_radius=pad)
            for j, line in enumerate(self._wrapped[index]):
                image = assets.text(line, self.size, row.color)
                surface.blit(image, (rect.left + pad, rect.top + j * line_h
                                     + (line_h - image.get_height()) // 2))
            if row.note:
                image = font.render(row.note, True, row.note_color)
                surface.blit(image, image.get_rect(topright=(rect.right - pad, rect.top + (
                    line_h - image.get_height()) // 2)))
        # a row cut by an edge fades out there, rather than showing a line cut in two
        shown = [rect for _, rect in self.shown()]
        above = [rect.bottom for rect in shown if rect.top < self.rect.top]
        below = [rect.top for rect in shown if rect.bottom > self.rect.bottom]
        if above:
            self._draw_fade(surface, max(above) - self.rect.top, at_top=True)
        if below:
            self._draw_fade(surface, self.rect.bottom - min(below), at_top=False)
        surface.set_clip(clip)
        if self.max_scroll > 0:  # a thin scroll bar
            track = pygame.Rect(self.rect.right - 3, self.rect.top, 3, self.rect.height)
            share = self.rect.height / (self._height or 1)
            knob = pygame.Rect(track.left, track.top + round(self.scroll * share), 3,
                               max(12, round(self.rect.height * share)))
            pygame.draw.rect(surface, TEXT_DIM, knob, border_radius=2)

    def _draw_fade(self, surface: pygame.Surface, height: int, at_top: bool) -> None:
        """The list's ground, opaque at the edge, clear ``height`` pixels in."""
        height = max(1, min(self.line_h, height))
        key = (self.rect.width, height, at_top)
        fade = self._fades.get(key)
        if fade is None:
            if len(self._fades) > 16:  # the heights met while scrolling: a few, kept
                self._fades.clear()
            fade = pygame.Surface((self.rect.width, height), pygame.SRCALPHA)
            for y in range(height):
                share = (height - y) / height if at_top else (y + 1) / height
                fade.fill((*LIST_BG, round(255 * share)), (0, y, self.rect.width, 1))
            self._fades[key] = fade
        surface.blit(fade, (self.rect.left, self.rect.top if at_top
                            else self.rect.bottom - height))

    def _draw_box(self, surface: pygame.Surface, assets: Assets, box: pygame.Rect) -> None:
        pad = self._pad()
        pygame.draw.rect(surface, BOX_BG, box, border_radius=pad)
        pygame.draw.rect(surface, GOLD, box, 1, border_radius=pad)
        for (text, color, figure), place in self.box_lines():
            image = assets.text(text, self.size, color)
            surface.blit(image, image.get_rect(midleft=place.midleft))
            if figure:
                image = assets.text(figure, self.size, color)
                surface.blit(image, image.get_rect(midright=place.midright))
