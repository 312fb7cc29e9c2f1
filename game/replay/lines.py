"""A scrolling list of wrapped text rows for the replay viewer's side panel.

Each row is a line of text (wrapped to the list's width) with a colour and a value handed back
when the row is clicked. One row can be the *current* one: it is highlighted and scrolled
into view when it changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.app.assets import Assets
from game.app.widgets import HIGHLIGHT, TEXT_DIM, wrap_text

Color = tuple[int, int, int]


@dataclass(frozen=True)
class Row:
    text: str
    color: Color
    value: int  # handed back on a click (a replay position)
    note: str = ""  # a short right-aligned figure, e.g. "−6.5"
    note_color: Color = TEXT_DIM


class ScrollList:
    def __init__(self) -> None:
        self.rows: list[Row] = []
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.size = 16
        self.current: int | None = None
        self.scroll = 0  # pixels scrolled from the top
        self.hover: int | None = None
        self._wrapped: list[list[str]] = []
        self._tops: list[int] = []
        self._height = 0
        self._key: tuple[object, ...] = ()
        self._follow = False  # the current row changed and is still to be scrolled to

    # --- content ---------------------------------------------------------------------------------
    def set_rows(self, rows: Sequence[Row], assets: Assets) -> None:
        rows = list(rows)
        key = (tuple(rows), self.rect.size, self.size)
        if key == self._key:
            return
        self._key = key
        self.rows = rows
        width = max(20, self.rect.width - self._note_width(assets) - self._pad() * 2)
        line_h = self.line_h
        self._wrapped = [wrap_text(assets, row.text, self.size, width) for row in rows]
        self._tops = []
        y = 0
        for lines in self._wrapped:
            self._tops.append(y)
            y += len(lines) * line_h + self._gap()
        self._height = y
        self.scroll = min(self.scroll, self.max_scroll)

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

    def _scroll_to_current(self) -> None:
        """Bring the current row into view, once the list has its place on screen."""
        index = self.current
        if not self._follow or self.rect.height <= 0:
            return
        self._follow = False
        if index is None or not 0 <= index < len(self._tops):
            return
        top = self._tops[index]
        bottom = top + len(self._wrapped[index]) * self.line_h
        if top < self.scroll:
            self.scroll = max(0, top - self.line_h)
        elif bottom > self.scroll + self.rect.height:
            self.scroll = min(self.max_scroll, bottom - self.rect.height + self.line_h)

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
        for i, (row, lines) in enumerate(zip(self.rows, self._wrapped, strict=True)):
            top = self.rect.top + self._tops[i] - self.scroll
            height = len(lines) * line_h
            if top > self.rect.bottom or top + height < self.rect.top:
                continue
            band = pygame.Rect(self.rect.left, top - self._gap() // 2, self.rect.width,
                               height + self._gap())
            if i == self.current:
                pygame.draw.rect(surface, (64, 58, 28), band, border_radius=pad)
                pygame.draw.rect(surface, HIGHLIGHT, band, 1, border_radius=pad)
            elif i == self.hover:
                pygame.draw.rect(surface, (30, 60, 46), band, border_radius=pad)
            for j, line in enumerate(lines):
                image = assets.text(line, self.size, row.color)
                surface.blit(image, (self.rect.left + pad, top + j * line_h
                                     + (line_h - image.get_height()) // 2))
            if row.note:
                image = font.render(row.note, True, row.note_color)
                surface.blit(image, image.get_rect(topright=(self.rect.right - pad,
                                                             top + (line_h - image.get_height())
                                                             // 2)))
        surface.set_clip(clip)
        if self.max_scroll > 0:  # a thin scroll bar
            track = pygame.Rect(self.rect.right - 3, self.rect.top, 3, self.rect.height)
            share = self.rect.height / (self._height or 1)
            knob = pygame.Rect(track.left, track.top + round(self.scroll * share), 3,
                               max(12, round(self.rect.height * share)))
            pygame.draw.rect(surface, TEXT_DIM, knob, border_radius=2)
