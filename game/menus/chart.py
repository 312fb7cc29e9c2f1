"""The statistics' chart: the player's results week by week, drawn with pygame.

Two plots share one time axis, a column a week (the weeks of :mod:`game.history.trend`,
the last :data:`WEEKS` of them): above, the player's average score per deal that week, a bar
up or down from zero; below, the choices the expert's review flagged per reviewed deal that
week (a week whose deals were not reviewed has no bar). Each plot has its scale on the left
with round values, the axis under the lower plot the dates of the weeks' Mondays. The mouse
over a week tells its figures. The plots are drawn once into a cached picture, again only
when the weeks, the size or the language change.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.app.i18n import decimal, signed_number
from game.app.screens import fit_size
from game.app.widgets import GOLD, TEXT, TEXT_DIM, WARNING, blit_text, wrap_text
from game.app.window import App
from game.history.trend import Week

#: The weeks the chart shows at most (the last ones): a year.
WEEKS = 52
GOOD = (140, 220, 140)
FLAG = (236, 170, 92)
GRID = (52, 78, 64)
AXIS = (120, 140, 128)
PLOT_BG = (12, 32, 25)
TIP = (10, 26, 20)


def nice_step(span: float, ticks: int) -> float:
    """A round step (1, 2, 2.5 or 5 times a power of ten) that cuts ``span`` into at most
    ``ticks`` parts.

    >>> nice_step(93, 4), nice_step(2.6, 3), nice_step(0, 3)
    (25.0, 1.0, 1.0)
    """
    if span <= 0:
        return 1.0
    raw = span / max(1, ticks)
    power = 10 ** math.floor(math.log10(raw))
    return float(next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw))


def scale(values: Sequence[float], ticks: int, floor: float) -> tuple[float, float, float]:
    """The low and high ends of a plot holding ``values`` and zero, on round values (at
    least ``floor`` above zero, so that a quiet stretch does not look dramatic), and the
    step between its ticks."""
    low, high = min([0.0, *values]), max([floor, *values])
    step = nice_step(high - low, ticks)
    return math.floor(low / step) * step, math.ceil(high / step) * step, step


@dataclass(frozen=True)
class Plot:
    """One plot: its area, its values (one a week, ``None`` where there is none) and its
    scale (its low and high ends, the step between its ticks)."""

    rect: pygame.Rect
    values: tuple[float | None, ...]
    low: float
    high: float
    step: float

    def y_of(self, value: float) -> int:
        return round(self.rect.bottom - (value - self.low) / (self.high - self.low)
                     * self.rect.height)

    def x_of(self, index: int) -> tuple[int, int]:
        """The left edge and width of week ``index``'s column."""
        width = self.rect.width / max(1, len(self.values))
        return round(self.rect.left + index * width), max(1, round(width))


class WeeklyChart:
    """The two plots over ``weeks`` (the last :data:`WEEKS` are shown), in ``rect``."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.weeks: tuple[Week, ...] = ()
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.plots: tuple[Plot, Plot] | None = None
        self.hover: int | None = None  # the week under the mouse
        self._image: pygame.Surface | None = None
        self._key: tuple[object, ...] = ()

    # --- what is drawn --------------------------------------------------------------------------
    def show(self, weeks: Sequence[Week], rect: pygame.Rect) -> None:
        """Chart the last :data:`WEEKS` of ``weeks`` in ``rect``."""
        shown = tuple(weeks[-WEEKS:])
        if shown == self.weeks and rect == self.rect:
            return
        self.weeks, self.rect, self.hover = shown, pygame.Rect(rect), None
        self.plots = self._plots() if shown else None

    def points(self) -> list[tuple[Week, float | None, float | None]]:
        """Each week shown with the values its bars stand for: the average score per deal
        and the flagged choices per reviewed deal."""
        return [(week, week.average, week.flags_per_deal) for week in self.weeks]

    def _plots(self) -> tuple[Plot, Plot]:
        u = self.app.unit
        left = self.rect.left + int(62 * u)  # the scale's values on the left
        width = self.rect.right - left - int(8 * u)
        title = int(26 * u)
        axis = int(30 * u)
        gap = int(12 * u)
        each = (self.rect.height - 2 * title - axis - gap) // 2
        scores = tuple(week.average for week in self.weeks)
        flags = tuple(week.flags_per_deal for week in self.weeks)
        ticks = max(2, each // int(34 * u))
        upper = pygame.Rect(left, self.rect.top + title, width, each)
        lower = pygame.Rect(left, upper.bottom + gap + title, width, each)
        return (Plot(upper, scores, *scale([v for v in scores if v is not None], ticks, 20.0)),
                Plot(lower, flags, *scale([v for v in flags if v is not None], ticks, 1.0)))

    # --- the mouse -------------------------------------------------------------------------------
    def handle_motion(self, pos: tuple[int, int]) -> None:
        self.hover = None
        if self.plots is None or not self.rect.collidepoint(pos):
            return
        plot = self.plots[0]
        if plot.rect.left <= pos[0] < plot.rect.right:
            width = plot.rect.width / len(self.weeks)
            self.hover = min(len(self.weeks) - 1, int((pos[0] - plot.rect.left) / width))

    def tooltip(self) -> list[str]:
        """The figures of the week under the mouse, a line each (none when no week is)."""
        if self.hover is None:
            return []
        app = self.app
        lang = app.settings.language
        week = self.weeks[self.hover]
        lines = [app.trn("chart_week_deals", week.deals, date=week.start.isoformat())]
        if week.average is not None:
            lines.append(app.tr("stats_average_value",
                                average=signed_number(week.average, lang)))
        if week.flags_per_deal is not None:
            lines.append(app.trn("chart_week_flags", week.reviewed,
                                 flags=decimal(f"{week.flags_per_deal:.1f}", lang)))
        return lines

    # --- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        if self.plots is None:
            text = app.tr("chart_empty")
            blit_text(surface, app.assets, text, fit_size(app, text, 24 * app.unit,
                                                          self.rect.width), self.rect.center,
                      TEXT_DIM)
            return
        key = (self.rect.size, self.weeks, app.settings.language, round(app.unit, 3))
        if self._image is None or key != self._key:
            self._key, self._image = key, self._render()
        surface.blit(self._image, self.rect.topleft)
        if self.hover is not None:
            self._draw_hover(surface)

    def _render(self) -> pygame.Surface:
        """Both plots, their scales, titles and the dates, at the chart's own origin."""
        app = self.app
        u = app.unit
        image = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        shift = (-self.rect.left, -self.rect.top)
        assert self.plots is not None
        upper, lower = (Plot(p.rect.move(shift), p.values, p.low, p.high, p.step)
                        for p in self.plots)
        lang = app.settings.language
        self._plot(image, upper, app.tr("chart_score_title"),
                   lambda v: signed_number(v, lang, 0), lambda v: GOOD if v >= 0 else WARNING)
        self._plot(image, lower, app.tr("chart_flags_title"),
                   lambda v: decimal(f"{v:g}", lang), lambda v: FLAG)
        if not any(v is not None for v in lower.values):  # no week has a reviewed deal
            lines = wrap_text(app.assets, app.tr("chart_no_reviews"), int(18 * u),
                              lower.rect.width - int(24 * u))[:2]
            for i, line in enumerate(lines):
                blit_text(image, app.assets, line, 18 * u,
                          (lower.rect.centerx, lower.rect.centery + int((i - 0.5) * 22 * u)),
                          TEXT_DIM, shadow=False)
        self._dates(image, lower)
        return image

    def _plot(self, image: pygame.Surface, plot: Plot, title: str,
              label: Callable[[float], str], ink: Callable[[float], tuple[int, int, int]]
              ) -> None:
        app = self.app
        u = app.unit
        r = plot.rect
        blit_text(image, app.assets, title, fit_size(app, title, 19 * u, r.width),
                  (r.left, r.top - int(13 * u)), GOLD, anchor="midleft", shadow=False)
        pygame.draw.rect(image, PLOT_BG, r)
        steps = round((plot.high - plot.low) / plot.step)
        for n in range(steps + 1):
            tick = plot.low + n * plot.step
            y = plot.y_of(tick)
            pygame.draw.line(image, AXIS if tick == 0 else GRID, (r.left, y), (r.right - 1, y))
            blit_text(image, app.assets, label(tick), 15 * u, (r.left - int(6 * u), y),
                      TEXT_DIM, anchor="midright", shadow=False)
        zero = plot.y_of(max(plot.low, 0.0))
        for index, value in enumerate(plot.values):
            if value is None:
                continue
            x, width = plot.x_of(index)
            pad = max(0, min(int(3 * u), width // 4))
            top, bottom = sorted((plot.y_of(value), zero))
            if bottom - top < 2 * u:  # a week at zero still shows it has a value
                top, bottom = zero - max(2, int(3 * u)), zero
            pygame.draw.rect(image, ink(value), (x + pad, top, max(1, width - 2 * pad),
                                                 bottom - top))
        pygame.draw.line(image, AXIS, (r.left, r.top), (r.left, r.bottom))

    def _dates(self, image: pygame.Surface, plot: Plot) -> None:
        """The Mondays under the lower plot, as many as fit side by side."""
        app = self.app
        u = app.unit
        size = int(15 * u)
        width = app.assets.font(size).size("2024-05-06")[0] + int(16 * u)
        every = max(1, math.ceil(width / (plot.rect.width / len(self.weeks))))
        last = len(self.weeks) - 1
        for index in range(last, -1, -every):  # the latest week always named
            x, column = plot.x_of(index)
            centre = min(max(x + column // 2, plot.rect.left + width // 2),
                         plot.rect.right - width // 2)
            pygame.draw.line(image, AXIS, (x + column // 2, plot.rect.bottom),
                             (x + column // 2, plot.rect.bottom + int(4 * u)))
            blit_text(image, app.assets, self.weeks[index].start.isoformat(), size,
                      (centre, plot.rect.bottom + int(15 * u)), TEXT_DIM, shadow=False)

    def _draw_hover(self, surface: pygame.Surface) -> None:
        app = self.app
        u = app.unit
        assert self.plots is not None and self.hover is not None
        for plot in self.plots:
            x, width = plot.x_of(self.hover)
            band = pygame.Surface((width, plot.rect.height), pygame.SRCALPHA)
            band.fill((255, 255, 255, 28))
            surface.blit(band, (x, plot.rect.top))
        size = int(18 * u)
        lines = self.tooltip()
        line_h = int(size * 1.3)
        x, _ = self.plots[0].x_of(self.hover)
        box = pygame.Rect(0, 0, max(app.assets.font(size).size(line)[0] for line in lines)
                          + int(20 * u), line_h * len(lines) + int(10 * u))
        box.topleft = (x + int(12 * u), self.rect.top)  # beside the week, not over its bars
        if box.right > self.rect.right:
            box.right = x - int(12 * u)
        box.clamp_ip(self.rect)
        radius = max(3, int(8 * u))
        pygame.draw.rect(surface, TIP, box, border_radius=radius)
        pygame.draw.rect(surface, GOLD, box, max(1, int(u)), border_radius=radius)
        for i, line in enumerate(lines):
            blit_text(surface, app.assets, line, size,
                      (box.left + int(10 * u), box.top + int(5 * u) + i * line_h), TEXT,
                      anchor="topleft", shadow=False)


__all__ = ["WEEKS", "WeeklyChart", "nice_step", "scale"]
