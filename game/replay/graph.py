"""The expected-score graph under the replay viewer's timeline.

One point per step of the deal: the expert's estimate of the seat's score for the deal as it
stood after that step (:mod:`game.replay.analysis`), filled in as the background work goes.
The curve is drawn above the timeline and shares its horizontal scale, so a step is at the
same x on both; the seat's mistakes are red marks on it, the step on screen a gold line. A
click (or a drag) on it jumps to that step; the mouse over it tells the value.

The curve is drawn once into a cached surface and only drawn again when new values arrive
or the size changes, so it costs a blit per frame.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from engine.ai.review import Estimate
from game.app.widgets import GOLD, TEXT_DIM, WARNING
from game.replay.scrub import Scrubber

Color = tuple[int, int, int]
GRAPH_BG = (12, 32, 25)
CURVE = (120, 200, 235)
ZERO = (70, 92, 82)
#: The vertical scale never shrinks below this many points either side of zero, so that a
#: quiet deal does not look dramatic.
MIN_RANGE = 60.0


class ScoreGraph(Scrubber):
    def __init__(self, total: int, on_seek: Callable[[int], None]) -> None:
        super().__init__(total, on_seek)
        self.values: list[Estimate | None] = [None] * total
        self.mistakes: list[int] = []  # positions
        self._image: pygame.Surface | None = None
        self._key: tuple[object, ...] = ()
        self._version = 0

    # --- content ---------------------------------------------------------------------------------
    def set_values(self, values: Sequence[Estimate | None], mistakes: Sequence[int]) -> None:
        self.values = list(values)
        self.mistakes = list(mistakes)
        self._version += 1

    def scale(self) -> float:
        """Points from zero to the top (and to the bottom) of the graph."""
        known = [abs(v.mean) for v in self.values if v is not None]
        return max([MIN_RANGE, *known]) * 1.1

    def y_of(self, value: float, scale: float) -> float:
        half = self.rect.height / 2 - 2
        return self.rect.centery - value / scale * half

    # --- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, position: int, unit: float) -> None:
        if self.rect.width <= 2 or self.rect.height <= 2:
            return
        key = (self.rect.size, self._version, round(unit, 3))
        if self._image is None or key != self._key:
            self._key = key
            self._image = self._render(unit)
        surface.blit(self._image, self.rect.topleft)
        x = round(self.x_of(position))
        pygame.draw.line(surface, GOLD, (x, self.rect.top), (x, self.rect.bottom - 1),
                         max(1, round(2 * unit)))

    def _render(self, unit: float) -> pygame.Surface:
        """The background, the zero line, the curve and the mistakes, at the origin."""
        r = self.rect
        image = pygame.Surface(r.size, pygame.SRCALPHA)
        local = pygame.Rect(0, 0, r.width, r.height)
        pygame.draw.rect(image, GRAPH_BG, local, border_radius=max(2, round(4 * unit)))
        scale = self.scale()
        dx, dy = -r.left, -r.top
        zero = round(self.y_of(0.0, scale)) + dy
        pygame.draw.line(image, ZERO, (0, zero), (r.width, zero), 1)
        width = max(1, round(2 * unit))
        run: list[tuple[float, float]] = []
        for index, value in enumerate(self.values):
            if value is None:  # not worked out yet: the curve breaks here
                self._stroke(image, run, width)
                run = []
                continue
            run.append((self.x_of(index + 1) + dx, self.y_of(value.mean, scale) + dy))
        self._stroke(image, run, width)
        radius = max(3, round(5 * unit))
        for position in self.mistakes:
            x = round(self.x_of(position)) + dx
            value = self.values[position - 1] if 0 < position <= len(self.values) else None
            y = round(self.y_of(value.mean, scale)) + dy if value is not None else zero
            pygame.draw.circle(image, (0, 0, 0), (x, y + 1), radius + 1)
            pygame.draw.circle(image, WARNING, (x, y), radius)
        pygame.draw.rect(image, TEXT_DIM, local, 1, border_radius=max(2, round(4 * unit)))
        return image

    @staticmethod
    def _stroke(image: pygame.Surface, run: list[tuple[float, float]], width: int) -> None:
        if len(run) >= 2:
            pygame.draw.lines(image, CURVE, False, run, width)
        elif len(run) == 1:
            pygame.draw.circle(image, CURVE, (round(run[0][0]), round(run[0][1])), width)

    def tooltip(self, words: Callable[[int, Estimate | None], str]) -> tuple[str, int] | None:
        """The text for the step under the mouse and its x, or ``None``."""
        if self.hover is None or self.dragging:
            return None
        value = self.values[self.hover - 1] if 0 < self.hover <= len(self.values) else None
        return words(self.hover, value), round(self.x_of(self.hover))
