"""Pieces shared by the screens around the table: the backdrop, headings, a menu screen's
frame, the player-count filter of the history screens and a yes/no dialog. The option forms
(rows of choices, a text field, keyboard focus) are in :mod:`game.menus.form`.

Everything is laid out in design pixels for 1280 x 720 and multiplied by ``app.unit``; texts
are looked up through ``app.tr`` when drawn, so a language switch shows at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from game.app.widgets import (
    BUTTON,
    BUTTON_HOVER,
    GOLD,
    HIGHLIGHT,
    TEXT,
    TEXT_DIM,
    Button,
    blit_text,
    draw_panel,
    wrap_text,
)
from game.app.window import App, Scene

if TYPE_CHECKING:
    from game.history.reader import Listing


def backdrop(surface: pygame.Surface, app: App) -> None:
    """The table felt over the whole window."""
    surface.blit(app.assets.felt(surface.get_size()), (0, 0))


def heading(surface: pygame.Surface, app: App, text: str, center: tuple[int, int],
            size: float = 64) -> pygame.Rect:
    """A gold title with a dark drop shadow and a thin underline flourish."""
    u = app.unit
    rect = blit_text(surface, app.assets, text, size * u, center, GOLD)
    y = rect.bottom + int(6 * u)
    half = rect.width // 2 + int(24 * u)
    pygame.draw.line(surface, GOLD, (center[0] - half, y), (center[0] + half, y),
                     max(1, int(2 * u)))
    pygame.draw.circle(surface, GOLD, (center[0], y), max(2, int(4 * u)))
    return rect


def draw_keys_hint(surface: pygame.Surface, app: App, text: str) -> None:
    """A dim one-line hint at the bottom of the window."""
    u = app.unit
    w, h = surface.get_size()
    blit_text(surface, app.assets, text, 19 * u, (w // 2, h - int(16 * u)), TEXT_DIM,
              shadow=False)


def fit_size(app: App, text: str, size: float, width: int) -> int:
    """The largest font size up to ``size`` at which ``text`` fits ``width`` pixels."""
    size = int(size)
    while size > 10 and app.assets.font(size).size(text)[0] > width:
        size -= 1
    return size


def draw_paragraph(surface: pygame.Surface, app: App, text: str, rect: pygame.Rect,
                   size: float, color: tuple[int, int, int] = TEXT_DIM) -> None:
    """Wrapped text inside ``rect`` (lines that do not fit are left out)."""
    lines = wrap_text(app.assets, text, int(size), rect.width)
    line_h = int(size * 1.15)
    y = rect.top
    for line in lines:
        if y + line_h > rect.bottom + line_h // 3:
            break
        blit_text(surface, app.assets, line, size, (rect.left, y), color, anchor="topleft",
                  shadow=False)
        y += line_h


# --- a yes/no question over the current screen ---------------------------------------------


class ConfirmDialog(Scene):
    """A modal question; Enter or Yes confirms, Esc or No cancels."""

    opaque = False

    def __init__(self, app: App, message: str, on_yes: Callable[[], object],
                 yes_key: str = "menu_yes", no_key: str = "menu_no") -> None:
        super().__init__(app)
        self.message = message
        self.on_yes = on_yes
        self.yes = Button(app.tr(yes_key), self.confirm)
        self.no = Button(app.tr(no_key), self.cancel)
        self.yes.selected = False
        self.no.selected = True
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.lines: list[str] = []
        self.text_top = 0

    def on_resize(self, size: tuple[int, int]) -> None:
        u = self.app.unit
        w, h = size
        width = min(int(620 * u), w - 40)
        self.lines = wrap_text(self.app.assets, self.message, int(27 * u), width - int(56 * u))[:5]
        line_h = int(32 * u)
        bw, bh = int(190 * u), int(54 * u)
        height = int(34 * u) + len(self.lines) * line_h + int(30 * u) + bh + int(26 * u)
        self.panel = pygame.Rect(0, 0, width, height)
        self.panel.center = (w // 2, h // 2)
        self.text_top = self.panel.top + int(34 * u)
        self.yes.rect = pygame.Rect(0, 0, bw, bh)
        self.no.rect = pygame.Rect(0, 0, bw, bh)
        self.yes.rect.bottomright = (self.panel.centerx - int(12 * u),
                                     self.panel.bottom - int(26 * u))
        self.no.rect.bottomleft = (self.panel.centerx + int(12 * u),
                                   self.panel.bottom - int(26 * u))

    def confirm(self) -> None:
        self.app.pop()
        self.on_yes()

    def cancel(self) -> None:
        self.app.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.cancel()
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
                self.yes.selected, self.no.selected = self.no.selected, self.yes.selected
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                (self.confirm if self.yes.selected else self.cancel)()
            return
        for button in (self.yes, self.no):
            if button.handle_event(event):
                return

    def draw(self, surface: pygame.Surface) -> None:
        u = self.app.unit
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 130))
        surface.blit(veil, (0, 0))
        draw_panel(surface, self.panel, u, (18, 40, 30, 245))
        y = self.text_top + int(16 * u)
        for line in self.lines:
            blit_text(surface, self.app.assets, line, 27 * u, (self.panel.centerx, y), TEXT)
            y += int(32 * u)
        self.yes.draw(surface, self.app.assets, u)
        self.no.draw(surface, self.app.assets, u)


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
    radius = max(3, int(8 * u))
    for value, rect in zip(PLAYER_FILTERS, rects, strict=True):
        on = value == selected
        pygame.draw.rect(surface, BUTTON_HOVER if on else BUTTON, rect, border_radius=radius)
        pygame.draw.rect(surface, HIGHLIGHT if on else GOLD, rect,
                         max(1, int((3 if on else 1.5) * u)), border_radius=radius)
        blit_text(surface, app.assets, player_filter_label(app, value), 22 * u, rect.center,
                  HIGHLIGHT if on else TEXT)


def screen_panel(app: App, width: float, top: float = 112, bottom: float = 96
                 ) -> tuple[pygame.Rect, pygame.Rect]:
    """The panel of a menu screen under its heading, ``width`` design pixels wide at most,
    ``top`` and ``bottom`` design pixels from the window's edges; and its inner area."""
    u = app.unit
    w, h = app.size
    top_px, bottom_px = int(top * u), int(bottom * u)
    inner_w = min(int(width * u), w - int(32 * u))
    panel = pygame.Rect((w - inner_w) // 2, top_px, inner_w, h - top_px - bottom_px)
    return panel, panel.inflate(-int(36 * u), -int(28 * u))


def draw_screen(surface: pygame.Surface, app: App, title: str, panel: pygame.Rect
                ) -> pygame.Rect:
    """A menu screen's frame: the felt, the gold ``title``, the ``panel``; returns the panel's
    inner area (as :func:`screen_panel` gives it)."""
    u = app.unit
    backdrop(surface, app)
    heading(surface, app, title, (surface.get_width() // 2, int(54 * u)), 58)
    draw_panel(surface, panel, u)
    return panel.inflate(-int(36 * u), -int(28 * u))
