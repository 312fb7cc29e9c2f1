"""The replay viewer's control bar: step buttons, the timeline and the autoplay speed.

The step buttons draw their own symbols (triangles and bars) rather than relying on glyphs the
game's font may not have. The timeline is a track with a tick at each trick's start: a click
or a drag on it jumps there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.app import App
from game.widgets import (
    BUTTON,
    BUTTON_DOWN,
    BUTTON_HOVER,
    GOLD,
    HIGHLIGHT,
    TEXT,
    TEXT_DIM,
    blit_text,
)

Color = tuple[int, int, int]

#: Autoplay speeds: the label and the seconds between two steps.
SPEEDS: tuple[tuple[str, float], ...] = (("½×", 2.0), ("1×", 1.0), ("2×", 0.45), ("4×", 0.15))


@dataclass
class StepButton:
    """A square button showing a symbol: ``first``, ``trick_back``, ``back``, ``play``,
    ``pause``, ``forward``, ``trick_forward``, ``last``."""

    symbol: str
    on_click: Callable[[], None]
    tooltip: str = ""
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    enabled: bool = True
    hover: bool = False
    down: bool = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self.down = self.enabled
                return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was, self.down = self.down, False
            if was and self.rect.collidepoint(event.pos) and self.enabled:
                self.on_click()
                return True
        return False

    def draw(self, surface: pygame.Surface, unit: float) -> None:
        r = self.rect
        radius = max(3, round(8 * unit))
        fill = BUTTON_DOWN if self.down else BUTTON_HOVER if self.hover and self.enabled else BUTTON
        pygame.draw.rect(surface, (0, 0, 0), r.move(0, max(1, round(2 * unit))),
                         border_radius=radius)
        pygame.draw.rect(surface, fill, r, border_radius=radius)
        pygame.draw.rect(surface, GOLD if self.enabled else TEXT_DIM, r,
                         max(1, round(2 * unit)), border_radius=radius)
        draw_symbol(surface, self.symbol, r, TEXT if self.enabled else TEXT_DIM)


def draw_symbol(surface: pygame.Surface, symbol: str, rect: pygame.Rect, color: Color) -> None:
    """The usual media-player symbols, drawn inside ``rect``."""
    s = rect.height * 0.36  # half the symbol's height
    cx, cy = rect.center
    bar = max(2.0, s * 0.32)

    def triangle(tip_x: float, pointing: int, half: float = s) -> None:
        base_x = tip_x - pointing * half * 1.1
        pygame.draw.polygon(surface, color, [(tip_x, cy), (base_x, cy - half), (base_x, cy + half)])

    def rect_at(x: float, half: float = s) -> None:
        pygame.draw.rect(surface, color, pygame.Rect(round(x), round(cy - half), round(bar),
                                                     round(2 * half)))

    if symbol == "play":
        triangle(cx + s * 0.6, 1)
    elif symbol == "pause":
        rect_at(cx - bar * 1.4)
        rect_at(cx + bar * 0.4)
    elif symbol == "forward":
        triangle(cx + s * 0.55, 1, s * 0.8)
    elif symbol == "back":
        triangle(cx - s * 0.55, -1, s * 0.8)
    elif symbol == "last":
        triangle(cx + s * 0.35, 1, s * 0.8)
        rect_at(cx + s * 0.35)
    elif symbol == "first":
        triangle(cx - s * 0.35, -1, s * 0.8)
        rect_at(cx - s * 0.35 - bar)
    elif symbol == "trick_forward":
        triangle(cx, 1, s * 0.7)
        triangle(cx + s * 0.8, 1, s * 0.7)
    elif symbol == "trick_back":
        triangle(cx, -1, s * 0.7)
        triangle(cx - s * 0.8, -1, s * 0.7)


class Timeline:
    """A track from the first to the last position, with a tick at each trick's start."""

    def __init__(self, total: int, ticks: list[int], on_seek: Callable[[int], None]) -> None:
        self.total = total
        self.ticks = ticks
        self.on_seek = on_seek
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.dragging = False
        self.hover: int | None = None  # the position under the mouse

    def position_at(self, x: int) -> int:
        if self.total <= 1 or self.rect.width <= 0:
            return 1
        t = (x - self.rect.left) / self.rect.width
        return max(1, min(self.total, round(1 + t * (self.total - 1))))

    def x_of(self, position: int) -> float:
        if self.total <= 1:
            return float(self.rect.left)
        return self.rect.left + (position - 1) / (self.total - 1) * self.rect.width

    def handle_event(self, event: pygame.event.Event) -> bool:
        hit = self.rect.inflate(0, self.rect.height * 2)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and hit.collidepoint(
                event.pos):
            self.dragging = True
            self.on_seek(self.position_at(event.pos[0]))
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.position_at(event.pos[0]) if hit.collidepoint(event.pos) else None
            if self.dragging:
                self.on_seek(self.position_at(event.pos[0]))
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            return True
        return False

    def draw(self, surface: pygame.Surface, position: int, unit: float) -> None:
        r = self.rect
        track = pygame.Rect(r.left, r.centery - max(2, round(3 * unit)), r.width,
                            max(4, round(6 * unit)))
        pygame.draw.rect(surface, (10, 26, 20), track, border_radius=track.height // 2)
        done = pygame.Rect(track)
        done.width = max(track.height, round(self.x_of(position) - r.left))
        pygame.draw.rect(surface, GOLD, done, border_radius=track.height // 2)
        tick_h = max(4, round(9 * unit))
        for tick in self.ticks:
            x = round(self.x_of(tick))
            pygame.draw.line(surface, TEXT_DIM, (x, r.centery - tick_h), (x, r.centery + tick_h),
                             max(1, round(unit)))
        knob = (round(self.x_of(position)), r.centery)
        pygame.draw.circle(surface, (0, 0, 0), (knob[0], knob[1] + 2), max(5, round(10 * unit)))
        pygame.draw.circle(surface, HIGHLIGHT, knob, max(5, round(10 * unit)))
        pygame.draw.circle(surface, GOLD, knob, max(5, round(10 * unit)), max(1, round(2 * unit)))


def draw_tooltip(surface: pygame.Surface, app: App, text: str, anchor: tuple[int, int]) -> None:
    """A small dark label centred above ``anchor``."""
    size = max(12, round(17 * app.unit))
    image = app.assets.text(text, size, TEXT)
    pad = max(3, round(6 * app.unit))
    rect = image.get_rect(midbottom=anchor).inflate(2 * pad, pad)
    rect.clamp_ip(surface.get_rect())
    pygame.draw.rect(surface, (8, 20, 15), rect, border_radius=pad)
    pygame.draw.rect(surface, GOLD, rect, 1, border_radius=pad)
    blit_text(surface, app.assets, text, size, rect.center, TEXT, shadow=False)
