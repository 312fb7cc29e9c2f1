"""The table's round corner buttons (menu, last trick, sound, undo, hint)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.app.widgets import GOLD, HIGHLIGHT, TEXT_DIM
from game.app.window import App


class IconButton:
    """A round button with an icon; ``tooltip`` is a text key shown under it on hover."""

    def __init__(self, icon: str, on_click: Callable[[], None], tooltip: str = "") -> None:
        self.icon = icon
        self.on_click = on_click
        self.tooltip = tooltip
        self.tip = ""  # a text shown instead of ``tooltip`` (already in words), if any
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.hover = False
        self.down = False
        self.active = False
        self.enabled = True  # drawn dimmed when not; a click still reaches ``on_click``
        self.pulse: float | None = None  # seconds, while the button shows it is working

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self.down = True
                return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was, self.down = self.down, False
            if was and self.rect.collidepoint(event.pos):
                self.on_click()
                return True
        return False

    def draw(self, surface: pygame.Surface, app: App) -> None:
        r = self.rect
        radius = r.width // 2
        body = pygame.Surface(r.size, pygame.SRCALPHA)
        lit = (self.hover or self.active) and self.enabled
        fill = (34, 78, 58, 235) if lit else (12, 34, 26, 215)
        if self.down and self.enabled:
            fill = (24, 58, 42, 240)
        pygame.draw.circle(body, fill, (radius, radius), radius)
        edge = HIGHLIGHT if self.active else GOLD if self.enabled else TEXT_DIM
        pygame.draw.circle(body, (*edge, 220 if self.enabled else 150), (radius, radius),
                           radius, max(1, r.width // 22))
        if self.pulse is not None:  # a bright arc going round
            start = self.pulse * 5.0
            arc = pygame.Rect(0, 0, r.width, r.height).inflate(-2, -2)
            pygame.draw.arc(body, (*HIGHLIGHT, 255), arc, start, start + 2.0,
                            max(2, r.width // 12))
        surface.blit(body, r.topleft)
        icon = app.assets.icon(self.icon, max(8, round(r.width * 0.62)))
        if not self.enabled:
            icon = icon.copy()
            icon.set_alpha(90)
        surface.blit(icon, icon.get_rect(center=r.center))
