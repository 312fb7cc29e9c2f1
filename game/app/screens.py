"""Pieces every screen of the game shares: the backdrop, headings, a menu screen's frame, a
paragraph, the keys' hint line and a yes/no dialog over the current screen.

Everything is laid out in design pixels for 1280 x 720 and multiplied by ``app.unit``; texts
are looked up through ``app.tr`` when drawn, so a language switch shows at once.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.app.widgets import GOLD, TEXT, TEXT_DIM, Button, blit_text, draw_panel, wrap_text
from game.app.window import App, Scene


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



def replace_after_asking(app: App, question: str, replace: Callable[[], object]) -> None:
    """``replace()`` at once when there is no ``question`` (nothing would be lost), else once
    the player answers "Replace it" to it ("Keep it" changes nothing)."""
    if question:
        app.push(ConfirmDialog(app, question, replace, yes_key="menu_replace_yes",
                               no_key="menu_replace_no"))
    else:
        replace()


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
