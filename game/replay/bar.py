"""The replay viewer's control bar: the expected-score graph, step buttons, the timeline and
the autoplay speed.

The step buttons draw their own symbols (triangles and bars) rather than relying on glyphs the
game's font may not have. The timeline is a track with a tick at each trick's start: a click
or a drag on it jumps there; the mouse over it shows that step's event in words.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from game.app.assets import Assets
from game.app.widgets import (
    BUTTON,
    BUTTON_DOWN,
    BUTTON_HOVER,
    GOLD,
    HIGHLIGHT,
    TEXT,
    TEXT_DIM,
    Button,
    blit_text,
    button_face,
)
from game.app.window import App
from game.replay.graph import ScoreGraph
from game.replay.scrub import Scrubber

Color = tuple[int, int, int]
BAR_BG = (8, 22, 17)

#: Autoplay speeds: the label and how many times faster than 1× each step goes, its
#: animation and the pause after it alike (see :data:`STEP_PAUSE`).
SPEEDS: tuple[tuple[str, float], ...] = (("½×", 0.5), ("1×", 1.0), ("2×", 2.0), ("4×", 4.0))
#: Seconds each step stays on the table at 1× once its animation is over: with a card's
#: flight, about a second and a half a card, time to read the side panel's line.
STEP_PAUSE = 1.1


@dataclass
class StepButton(Button):
    """A square button showing a symbol instead of a label: ``first``, ``trick_back``,
    ``back``, ``play``, ``pause``, ``forward``, ``trick_forward``, ``last``."""

    symbol: str = ""

    def draw(self, surface: pygame.Surface, assets: Assets, unit: float) -> None:
        r = self.rect
        fill = (BUTTON_DOWN if self._down else BUTTON_HOVER if self.hover and self.enabled
                else BUTTON)
        surface.blit(button_face(r.size, fill, GOLD if self.enabled else TEXT_DIM,
                                 max(1, round(2 * unit)), max(3, round(8 * unit)),
                                 max(1, round(2 * unit))), r.topleft)
        draw_symbol(surface, self.symbol, r, TEXT if self.enabled else TEXT_DIM)


def step_button(symbol: str, on_click: Callable[[], None], tooltip: str) -> StepButton:
    return StepButton("", on_click, tooltip=tooltip, symbol=symbol)


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


class Timeline(Scrubber):
    """A track from the first to the last position, with a tick at each trick's start."""

    def __init__(self, total: int, ticks: list[int], on_seek: Callable[[int], None]) -> None:
        super().__init__(total, on_seek)
        self.ticks = ticks

    def hit_rect(self) -> pygame.Rect:
        return self.rect.inflate(0, self.rect.height * 2)  # a thin track: easier to catch

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


class ReplayBar:
    """The bar under the table: first, trick back, back, play/pause, forward, trick on, last;
    the timeline; the step and trick reached; the autoplay speed. It acts on its scene (the
    replay viewer) and reads the scene's cursor."""

    def __init__(self, scene: Any) -> None:
        self.scene = scene
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.steps = [
            step_button("first", scene.first, "replay_key_first"),
            step_button("trick_back", scene.trick_back, "replay_key_trick_back"),
            step_button("back", scene.back, "replay_key_back"),
            step_button("play", scene.toggle_autoplay, "replay_key_play"),
            step_button("forward", scene.forward, "replay_key_forward"),
            step_button("trick_forward", scene.trick_forward, "replay_key_trick_forward"),
            step_button("last", scene.last, "replay_key_last"),
        ]
        self.speed_button = Button(SPEEDS[scene.speed][0], scene.faster)
        self._count_pos = (0, 0)
        self._graph_key: tuple[int, int] = (-1, -1)
        self.unit = 1.0
        self.follow(scene.cursor, graph=True)

    def follow(self, cursor: Any, graph: bool) -> None:
        """Track ``cursor`` (the deal's, or a variation's); the graph is the deal's only."""
        self.timeline = Timeline(cursor.total, cursor.trick_starts(), self.scene.seek)
        self.graph = ScoreGraph(cursor.total, self.scene.seek) if graph else None
        self._graph_key = (-1, -1)

    @staticmethod
    def graph_height(unit: float) -> int:
        return max(34, round(54 * unit))

    def height(self, unit: float) -> int:
        controls = max(52, round(70 * unit))
        return controls + (self.graph_height(unit) if self.graph is not None else 0)

    def place(self, rect: pygame.Rect, unit: float) -> None:
        self.rect = pygame.Rect(rect)
        self.unit = unit
        pad = max(6, round(10 * unit))
        top = rect.top
        if self.graph is not None:
            top += self.graph_height(unit)
        side = max(30, rect.bottom - top - 2 * pad)
        x = rect.left + pad
        for button in self.steps:
            button.rect = pygame.Rect(x, top + pad, side, side)
            x += side + max(3, round(6 * unit))
        speed_w = max(48, round(64 * unit))
        self.speed_button.rect = pygame.Rect(rect.right - pad - speed_w, top + pad,
                                             speed_w, side)
        count_w = max(70, round(110 * unit))
        width = max(20, self.speed_button.rect.left - count_w - x - pad * 2)
        self.timeline.rect = pygame.Rect(x + pad, top + pad, width, side)
        self._count_pos = (self.speed_button.rect.left - pad, top + pad + side // 2)
        if self.graph is not None:  # above the timeline, on the same scale
            self.graph.rect = pygame.Rect(x + pad, rect.top + pad, width,
                                          self.graph_height(unit) - pad // 2)

    def _refresh_graph(self) -> None:
        analysis = self.scene.analysis
        if self.graph is None or analysis is None:
            return
        mistakes = self.scene.mistake_positions()
        key = (analysis.graph_done, len(mistakes))
        if key != self._graph_key:
            self._graph_key = key
            self.graph.set_values(analysis.graph(), mistakes)

    def update(self) -> None:
        scene = self.scene
        self._refresh_graph()
        cursor = scene.cursor
        self.steps[3].symbol = "pause" if scene.autoplay else "play"
        at_start, at_end = cursor.at_start, cursor.at_end
        for button, enabled in zip(self.steps, (not at_start, not at_start, not at_start, True,
                                                not at_end, not at_end, not at_end), strict=True):
            button.enabled = enabled
        self.speed_button.label = SPEEDS[scene.speed][0]

    def handle_event(self, event: pygame.event.Event) -> bool:
        used = False
        for button in (*self.steps, self.speed_button):
            used = button.handle_event(event) or used
        if self.graph is not None:
            used = self.graph.handle_event(event) or used
        return self.timeline.handle_event(event) or used

    def draw(self, surface: pygame.Surface) -> None:
        scene = self.scene
        app = scene.app
        u = self.unit
        pygame.draw.rect(surface, BAR_BG, self.rect)
        pygame.draw.line(surface, GOLD, self.rect.topleft, self.rect.topright,
                         max(1, round(2 * u)))
        for button in self.steps:
            button.draw(surface, app.assets, u)
        cursor = scene.cursor
        if self.graph is not None:
            self.graph.draw(surface, cursor.position, u)
        self.timeline.draw(surface, cursor.position, u)
        size = max(12, round(17 * u))
        x, y = self._count_pos
        blit_text(surface, app.assets, scene.tr("replay_step", n=cursor.position,
                                                total=cursor.total),
                  size, (x, y - size * 0.55), TEXT, anchor="midright")
        trick = cursor.trick_number()
        if trick is not None:
            blit_text(surface, app.assets, scene.tr("replay_trick_n", n=trick), size,
                      (x, y + size * 0.55), TEXT_DIM, anchor="midright")
        self.speed_button.draw(surface, app.assets, u)

    def draw_tooltips(self, surface: pygame.Surface) -> None:
        """The name of the step button under the mouse, or the event under it on the
        timeline (drawn last, over everything)."""
        scene = self.scene
        mouse = pygame.mouse.get_pos()
        for button in self.steps:
            if button.hover and button.rect.collidepoint(mouse):
                draw_tooltip(surface, scene.app, scene.tr(button.tooltip),
                             (button.rect.centerx, button.rect.top - 4))
        if self.graph is not None:
            told = self.graph.tooltip(self._graph_words)
            if told is not None:
                draw_tooltip(surface, scene.app, told[0], (told[1], self.graph.rect.top - 2))
                return
        hover = self.timeline.hover
        if hover is not None and not self.timeline.dragging:
            lines = scene.lines
            line = lines[hover - 1] if 0 < hover <= len(lines) else ""
            draw_tooltip(surface, scene.app, line,
                         (round(self.timeline.x_of(hover)), self.timeline.rect.top - 2))

    def _graph_words(self, position: int, value: Any) -> str:
        tr = self.scene.tr
        if value is None:
            return str(tr("replay_graph_pending", n=position))
        if value.samples == 0:
            return str(tr("replay_graph_final", n=position, score=f"{value.mean:+.0f}"))
        return str(tr("replay_graph_value", n=position, score=f"{value.mean:+.0f}",
                      error=f"{value.stderr:.0f}"))
