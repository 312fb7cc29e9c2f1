"""Pieces shared by the history's screens: a screen that follows the history's reader, the
player-count filter, and the rows of a list of deals or matches (their band, their scores).
The pieces every screen shares are in :mod:`game.app.screens`; the option forms (rows of
choices, a text field, keyboard focus) in :mod:`game.menus.form`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.app.i18n import shown_name
from game.app.screens import fit_size, screen_panel
from game.app.widgets import (
    BUTTON,
    BUTTON_HOVER,
    GOLD,
    HIGHLIGHT,
    TEXT,
    TEXT_DIM,
    Button,
    blit_text,
)
from game.app.window import App, Scene

if TYPE_CHECKING:
    from game.history.reader import Listing


# --- a screen of the history ---------------------------------------------------------------------


class HistoryScreen(Scene):
    """A screen that shows the finished deals: it follows the history's reader (the folder is
    never read in a frame: a long history takes seconds) and shows its last listing;
    :attr:`listing` is ``None`` while the first is still being read. Subclasses say what a
    new listing changes (:meth:`took`)."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        from game.history.reader import history_reader

        self.reader = history_reader()
        self.listing: Listing | None = None

    def enter(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        """Ask for a fresh listing; the last one made is shown until it comes."""
        self.reader.request()
        self.follow()

    def update(self, dt: float) -> None:
        self.follow()

    def follow(self) -> None:
        listing = self.reader.latest()
        if listing is not None and listing is not self.listing:
            self.listing = listing
            self.took(listing)

    def took(self, listing: Listing) -> None:
        """A new listing is shown."""

    def draw_reading(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """"Reading the finished deals… n of m" in the middle of ``area``, while the first
        listing is read."""
        app = self.app
        done, files = self.reader.progress
        text = app.trn("history_reading", files, done=done)
        blit_text(surface, app.assets, text, fit_size(app, text, 26 * app.unit, area.width),
                  area.center, TEXT_DIM)


# --- the player-count filter of the history screens ----------------------------------------------

#: The choices of the "Players: All 3 4 5" filter (None: every player count).
PLAYER_FILTERS: tuple[int | None, ...] = (None, 3, 4, 5)


def player_filter_label(app: App, value: int | None) -> str:
    return app.tr("menu_all") if value is None else str(value)


def place_player_filter(app: App, inner: pygame.Rect) -> list[pygame.Rect]:
    """The filter's chips, in a row at the top of ``inner`` after the "Players" label."""
    u = app.unit
    x = inner.left + int(150 * u)
    font = app.assets.font(int(22 * u))
    rects = []
    for value in PLAYER_FILTERS:
        label = player_filter_label(app, value)
        rect = pygame.Rect(x, inner.top, max(int(64 * u), font.size(label)[0] + int(28 * u)),
                           int(38 * u))
        rects.append(rect)
        x = rect.right + int(10 * u)
    return rects


def draw_player_filter(surface: pygame.Surface, app: App, inner: pygame.Rect,
                       rects: Sequence[pygame.Rect], selected: int | None) -> None:
    u = app.unit
    blit_text(surface, app.assets, app.tr("players"), 24 * u,
              (inner.left + int(8 * u), rects[0].centery), TEXT, anchor="midleft")
    draw_chips(surface, app, [player_filter_label(app, value) for value in PLAYER_FILTERS],
               rects, PLAYER_FILTERS.index(selected))


def draw_chips(surface: pygame.Surface, app: App, labels: Sequence[str],
               rects: Sequence[pygame.Rect], selected: int) -> None:
    """A row of choices, one of them lit: the player filter, the statistics' views."""
    u = app.unit
    radius = max(3, int(8 * u))
    for i, (label, rect) in enumerate(zip(labels, rects, strict=True)):
        on = i == selected
        pygame.draw.rect(surface, BUTTON_HOVER if on else BUTTON, rect, border_radius=radius)
        pygame.draw.rect(surface, HIGHLIGHT if on else GOLD, rect,
                         max(1, int((3 if on else 1.5) * u)), border_radius=radius)
        blit_text(surface, app.assets, label, 22 * u, rect.center, HIGHLIGHT if on else TEXT)


# --- a list's rows -----------------------------------------------------------------------------

#: Design pixels of a row of a list of deals or matches (two lines).
ROW_H = 66


class ListScreen:
    """What the screens that list deals or matches share, mixed into the scene: the panel
    under the title, the list's rows (their height, how many fit, the scroll that keeps the
    selected one in sight) and the line of buttons under the panel. The scene sets
    ``selected``, ``scroll`` and ``list_rect``."""

    app: App
    selected: int
    scroll: int
    list_rect: pygame.Rect
    panel: pygame.Rect
    buttons: list[Button]

    def layout(self) -> None:
        """Lay the screen out again (the selection has moved)."""

    @property
    def row_h(self) -> int:
        return int(ROW_H * self.app.unit)

    @property
    def visible_rows(self) -> int:
        return max(1, self.list_rect.height // max(1, self.row_h))

    def place_panel(self, width: int) -> pygame.Rect:
        """The panel, ``width`` design pixels at most, between the title and the buttons;
        returns its inner area."""
        self.panel, inner = screen_panel(self.app, width)
        return inner

    def keep_in_sight(self, count: int) -> None:
        """The selected row one of the ``count`` rows, and scrolled into sight."""
        self.selected = min(self.selected, max(0, count - 1))
        if self.selected < self.scroll:
            self.scroll = self.selected
        elif self.selected >= self.scroll + self.visible_rows:
            self.scroll = self.selected - self.visible_rows + 1
        self.scroll = min(max(0, self.scroll), max(0, count - self.visible_rows))

    def list_event(self, event: pygame.event.Event, count: int) -> bool:
        """What every list screen does with an event — its buttons, Esc or Backspace back,
        the keys that move the selection among ``count`` rows —; whether it was used."""
        if any(button.handle_event(event) for button in self.buttons):
            return True
        if event.type != pygame.KEYDOWN:
            return False
        if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.app.pop()
        elif self.move_selection(event.key, count):
            self.layout()
        else:
            return False
        return True

    def move_selection(self, key: int, count: int) -> bool:
        """Up and Down (round the list), Page Up and Down, Home and End among ``count``
        rows: whether ``key`` moved the selection (the scene lays itself out again)."""
        if not count:
            return False
        if key in (pygame.K_DOWN, pygame.K_UP):
            self.selected = (self.selected + (1 if key == pygame.K_DOWN else -1)) % count
        elif key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            step = self.visible_rows * (1 if key == pygame.K_PAGEDOWN else -1)
            self.selected = min(max(0, self.selected + step), count - 1)
        elif key in (pygame.K_HOME, pygame.K_END):
            self.selected = 0 if key == pygame.K_HOME else count - 1
        else:
            return False
        return True

    def row_at(self, pos: tuple[int, int], count: int) -> int | None:
        """The row of the ``count`` under a point of the list, if any."""
        if not self.list_rect.collidepoint(pos):
            return None
        index = self.scroll + (pos[1] - self.list_rect.top) // max(1, self.row_h)
        return index if 0 <= index < count else None

    def place_buttons(self, buttons: Sequence[Button], keys: Sequence[str], width: int) -> None:
        """The buttons side by side under the panel, ``width`` design pixels each at most,
        labelled by their keys."""
        u = self.app.unit
        w = self.app.size[0]
        gap = int(16 * u)
        bw = min(int(width * u), (w - int(32 * u) - gap * (len(buttons) - 1)) // len(buttons))
        x = (w - (bw * len(buttons) + gap * (len(buttons) - 1))) // 2
        for button, key in zip(buttons, keys, strict=True):
            button.rect = pygame.Rect(x, self.panel.bottom + int(16 * u), bw, int(54 * u))
            button.label = self.app.tr(key)
            x += bw + gap


def draw_row_band(surface: pygame.Surface, app: App, rect: pygame.Rect, selected: bool,
                  striped: bool) -> None:
    """The band under a list's row: outlined in gold when selected, every other one shaded."""
    u = app.unit
    band = pygame.Surface(rect.size, pygame.SRCALPHA)
    if selected:
        pygame.draw.rect(band, (255, 214, 90, 46), band.get_rect(), border_radius=int(8 * u))
        pygame.draw.rect(band, (255, 214, 90, 160), band.get_rect(), max(1, int(2 * u)),
                         border_radius=int(8 * u))
    elif striped:
        pygame.draw.rect(band, (255, 255, 255, 14), band.get_rect(), border_radius=int(8 * u))
    surface.blit(band, rect.topleft)


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else (f"\u2212{-value}" if value < 0 else "0")


def scores_text(names: Sequence[str], scores: Sequence[int], players: int, lang: str) -> str:
    """Each seat's name and score on one line: "Ana +120     Léa −40…"."""
    return "     ".join(f"{shown_name(name, seat, players, lang)} {signed(score)}"
                       for seat, (name, score) in enumerate(zip(names, scores, strict=False)))
