"""A strip across the replay's steps that the mouse scrubs: a press jumps to the step under
it, a drag follows, the step under the mouse is known for a tooltip. The timeline and the
score graph are both one."""

from __future__ import annotations

from collections.abc import Callable

import pygame


class Scrubber:
    def __init__(self, total: int, on_seek: Callable[[int], None]) -> None:
        self.total = total
        self.on_seek = on_seek
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.dragging = False
        self.hover: int | None = None  # the position under the mouse

    def hit_rect(self) -> pygame.Rect:
        """Where a press takes hold (by default the strip itself)."""
        return self.rect

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
        hit = self.hit_rect()
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
