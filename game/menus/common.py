"""Pieces shared by the history's screens: a screen that follows the history's reader, and
the player-count filter. The pieces every screen shares are in :mod:`game.app.screens`; the
option forms (rows of choices, a text field, keyboard focus) in :mod:`game.menus.form`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.app.screens import fit_size
from game.app.widgets import BUTTON, BUTTON_HOVER, GOLD, HIGHLIGHT, TEXT, TEXT_DIM, blit_text
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
