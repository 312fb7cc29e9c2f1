"""The player's statistics, in three views (Tab goes from one to the next):

* the summary: one column per player count, one line per figure;
* by contract: for each contract the player took, how many, how many made and the player's
  average score on them, one column per player count;
* over time: a chart of the player's average score per deal and of the choices the review
  flagged per reviewed deal, week by week (:mod:`game.menus.chart`).

Opened from the menu or from the finished deals (with the list's player filter, and a change
of filter here is passed back so that both screens agree). The figures come from
:mod:`game.history.stats`: seat 0's point of view, practised deals and unreadable files left out (a
line under the table says how many). Esc or Back returns.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from engine.rules import CONTRACT_NAMES
from game.app.i18n import signed_number, tr
from game.app.screens import draw_screen, fit_size, screen_panel
from game.app.widgets import (
    GOLD,
    TEXT,
    TEXT_DIM,
    WARNING,
    Button,
    blit_text,
    wrap_text,
)
from game.app.window import App
from game.history.archive import DealEntry, filter_entries
from game.history.reader import Listing
from game.history.stats import (
    ContractStats,
    CountStats,
    Statistics,
    challenge_record,
    compute_stats,
)
from game.menus.chart import WeeklyChart
from game.menus.common import (
    PLAYER_FILTERS,
    HistoryScreen,
    draw_chips,
    draw_player_filter,
    place_player_filter,
)

FILTERS = PLAYER_FILTERS
ROW_H = 50
GOOD = (140, 220, 140)
NOTICE = (236, 170, 92)
#: The views of the statistics, by the text key of their tab.
VIEWS = ("stats_view_summary", "stats_view_contracts", "stats_view_time")
#: The note under each view: what it shows.
NOTES = {"stats_view_summary": "stats_seat_note", "stats_view_contracts": "stats_contracts_note",
         "stats_view_time": "stats_time_note"}


def percent(rate: float, lang: str) -> str:
    return tr("hint_percent", lang, n=round(rate * 100))


class StatsScene(HistoryScreen):
    """A table of the player's statistics for 3, 4 and 5 players (or the one filtered)."""

    def __init__(self, app: App, players: int | None = None,
                 on_filter: Callable[[int | None], None] | None = None) -> None:
        super().__init__(app)
        self.filter = players if players in FILTERS else None
        self.on_filter = on_filter
        self.stats: Statistics = compute_stats([])
        self.entries: list[DealEntry] = []
        #: the listing's entries, the filter and the language the words were made for
        self._challenges: tuple[list[DealEntry] | None, int | None, str, str] = (
            None, None, "", "")
        self.back_button = Button("", self.close)
        self.view = VIEWS[0]
        self.view_rects: list[pygame.Rect] = []
        self.chart = WeeklyChart(app)
        self.filter_rects: list[pygame.Rect] = []
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.table = pygame.Rect(0, 0, 0, 0)
        self.label_width = 0

    # --- data ----------------------------------------------------------------------------------
    def took(self, listing: Listing) -> None:
        self.entries = listing.entries
        self.stats = listing.stats  # worked out on the reader's thread
        self.layout()

    @property
    def columns(self) -> list[CountStats]:
        return self.stats.rows(self.filter)

    @property
    def empty(self) -> bool:
        return all(column.empty for column in self.columns)

    @property
    def lines(self) -> list[str]:
        """The lines of the table shown, as text keys: the figures (cancelled deals only if
        the history holds any), or the contracts."""
        if self.view == "stats_view_contracts":
            return list(CONTRACT_NAMES)
        keys = ["stats_deals", "stats_taken", "stats_made", "stats_average", "stats_best"]
        if self.stats.cancelled:
            keys.append("stats_cancelled")
        return keys

    def set_view(self, view: str) -> None:
        self.view = view
        self.layout()

    def set_filter(self, value: int | None) -> None:
        if value == self.filter:
            return
        self.filter = value
        if self.on_filter is not None:
            self.on_filter(value)
        self.layout()

    def close(self) -> None:
        self.app.pop()

    # --- text of the cells ---------------------------------------------------------------------
    def cell(self, key: str, column: CountStats) -> tuple[str, str]:
        """The text of one cell and a second, smaller line (the best deal's date)."""
        tr = self.app.tr
        lang = self.app.settings.language
        none = tr("stats_none")
        if key in CONTRACT_NAMES:
            return self.contract_cell(column.contracts[CONTRACT_NAMES.index(key)])
        if key == "stats_deals":
            return str(column.deals), ""
        if key == "stats_cancelled":
            return str(column.cancelled), ""
        if not column.deals:
            return none, ""
        if key == "stats_taken":
            rate = column.take_rate or 0.0
            return tr("stats_count_rate", count=column.taken, rate=percent(rate, lang)), ""
        if key == "stats_made":
            if not column.taken:
                return none, ""
            rate = column.made_rate or 0.0
            return tr("stats_made_value", made=column.made, taken=column.taken,
                      rate=percent(rate, lang)), ""
        if key == "stats_average":
            return signed_number(column.average or 0.0, lang), ""
        if key == "stats_best" and column.best is not None:
            score = column.best_score or 0
            text = f"+{score}" if score > 0 else (f"−{-score}" if score < 0 else "0")
            date = column.best.date
            return text, date.strftime("%Y-%m-%d %H:%M") if date else ""
        return none, ""

    def contract_cell(self, figures: ContractStats) -> tuple[str, str]:
        """How often the player took the contract and made it, and their average score."""
        tr = self.app.tr
        lang = self.app.settings.language
        if not figures.taken:
            return tr("stats_none"), ""
        return (tr("stats_contract_taken", taken=figures.taken, made=figures.made,
                   rate=percent(figures.made_rate or 0.0, lang)),
                tr("stats_average_value", average=signed_number(figures.average or 0.0,
                                                                   lang)))

    def left_out(self) -> str:
        """What the figures leave out, in a sentence; empty when nothing is."""
        tr, trn = self.app.tr, self.app.trn
        columns = self.columns
        practised = sum(c.practised for c in columns)
        autoplay = sum(c.autoplay for c in columns)
        challenge = sum(c.challenge for c in columns)
        problems = sum(c.problems for c in columns)
        if self.filter is None:
            problems += self.stats.problems_unknown
        parts = []
        if practised:
            parts.append(trn("stats_left_practised", practised))
        if autoplay:
            parts.append(trn("stats_left_autoplay", autoplay))
        if challenge:
            parts.append(trn("stats_left_challenge", challenge))
        if problems:
            parts.append(trn("stats_left_problems", problems))
        return tr("stats_left_out", what=", ".join(parts)) if parts else ""

    def challenge_line(self) -> str:
        """The challenges, apart from the figures: the player against the expert (worked out
        once per listing, filter and language, not in every frame)."""
        entries, chosen, lang, words = self._challenges
        now = self.app.settings.language
        if entries is not self.entries or chosen != self.filter or lang != now:
            words = self._challenge_words()
            self._challenges = (self.entries, self.filter, now, words)
        return words

    def _challenge_words(self) -> str:
        record = challenge_record(filter_entries(self.entries, self.filter))  # as filtered
        if record.average is None:
            return ""
        return self.app.trn("stats_challenges", record.deals, average=signed_number(
            record.average, self.app.settings.language))

    # --- layout --------------------------------------------------------------------------------
    def on_resize(self, size: tuple[int, int]) -> None:
        self.layout()

    def layout(self) -> None:
        app = self.app
        u = app.unit
        w = app.size[0]
        self.panel, inner = screen_panel(app, 1100)
        self.filter_rects = place_player_filter(app, inner)
        self.view_rects = place_views(app, inner, self.filter_rects[-1].right)
        table_top = inner.top + int(58 * u)
        self.table = pygame.Rect(inner.left, table_top, inner.width,
                                 inner.bottom - table_top - int(64 * u))
        contracts = self.view == "stats_view_contracts"
        self.label_width = int(inner.width * (0.24 if contracts else 0.4))
        self.chart.show(self.stats.trend(self.filter).weeks, self.table)
        bw, bh = int(220 * u), int(54 * u)
        self.back_button.rect = pygame.Rect(0, 0, bw, bh)
        self.back_button.rect.midtop = (w // 2, self.panel.bottom + int(16 * u))
        self.back_button.label = app.tr("back")

    # --- events --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if self.back_button.handle_event(event):
            return
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.close()
            elif key in (pygame.K_LEFT, pygame.K_RIGHT):
                index = FILTERS.index(self.filter) + (1 if key == pygame.K_RIGHT else -1)
                self.set_filter(FILTERS[index % len(FILTERS)])
            elif key == pygame.K_TAB:
                step = -1 if event.mod & pygame.KMOD_SHIFT else 1
                self.set_view(VIEWS[(VIEWS.index(self.view) + step) % len(VIEWS)])
        elif event.type == pygame.MOUSEMOTION:
            self.chart.handle_motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for value, rect in zip(FILTERS, self.filter_rects, strict=True):
                if rect.collidepoint(event.pos):
                    self.set_filter(value)
                    return
            for view, rect in zip(VIEWS, self.view_rects, strict=True):
                if rect.collidepoint(event.pos):
                    self.set_view(view)
                    return

    # --- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        u = app.unit
        tr = app.tr
        w, h = surface.get_size()
        inner = draw_screen(surface, app, tr("statistics"), self.panel)
        draw_player_filter(surface, app, inner, self.filter_rects, self.filter)
        draw_chips(surface, app, [tr(view) for view in VIEWS], self.view_rects,
                   VIEWS.index(self.view))
        if self.listing is None:  # the first listing is still being read
            self.draw_reading(surface, self.table)
        elif self.view == "stats_view_time":
            self.chart.draw(surface)
        elif self.empty:
            text = (tr("stats_empty") if self.filter is None
                    else tr("stats_empty_filtered", count=self.filter))
            blit_text(surface, app.assets, text, fit_size(app, text, 26 * u, self.table.width),
                      self.table.center, TEXT_DIM)
        else:
            self.draw_table(surface)
        self.draw_notes(surface, inner)
        self.back_button.draw(surface, app.assets, u)
        hint = tr("stats_keys")
        blit_text(surface, app.assets, hint, fit_size(app, hint, 19 * u, w - int(24 * u)),
                  (w // 2, h - int(16 * u)), TEXT_DIM, shadow=False)

    def draw_table(self, surface: pygame.Surface) -> None:
        app = self.app
        u = app.unit
        tr = app.tr
        table = self.table
        columns = self.columns
        lines = self.lines
        header_h = int(44 * u)
        row_h = min(int(ROW_H * u * 1.25), (table.height - header_h) // max(1, len(lines)))
        value_left = table.left + self.label_width
        col_w = (table.right - value_left) // max(1, len(columns))
        # header: one column per player count
        for i, column in enumerate(columns):
            cx = value_left + i * col_w + col_w // 2
            label = tr("stats_players", count=column.players)
            blit_text(surface, app.assets, label, fit_size(app, label, 24 * u, col_w - 8),
                      (cx, table.top + header_h // 2), GOLD, shadow=False)
        line_y = table.top + header_h
        pygame.draw.line(surface, GOLD, (table.left, line_y), (table.right, line_y),
                         max(1, int(1 * u)))
        size = 23 * u
        for row, key in enumerate(lines):
            rect = pygame.Rect(table.left, line_y + int(6 * u) + row * row_h, table.width,
                               row_h)
            if row % 2:
                band = pygame.Surface(rect.size, pygame.SRCALPHA)
                pygame.draw.rect(band, (255, 255, 255, 14), band.get_rect(),
                                 border_radius=int(8 * u))
                surface.blit(band, rect.topleft)
            label = tr(key)
            blit_text(surface, app.assets, label,
                      fit_size(app, label, size, self.label_width - int(20 * u)),
                      (rect.left + int(14 * u), rect.centery), TEXT, anchor="midleft",
                      shadow=False)
            for i, column in enumerate(columns):
                cx = value_left + i * col_w + col_w // 2
                text, detail = self.cell(key, column)
                colour = TEXT if text != tr("stats_none") else TEXT_DIM
                if key in ("stats_average", "stats_best") and text.startswith("+"):
                    colour = GOOD
                elif key in ("stats_average", "stats_best") and text.startswith("−"):
                    colour = WARNING
                if detail:
                    blit_text(surface, app.assets, text, fit_size(app, text, size, col_w - 8),
                              (cx, rect.centery - int(9 * u)), colour, shadow=False)
                    small = 19 if key in CONTRACT_NAMES else 17  # an average, or a date
                    blit_text(surface, app.assets, detail,
                              fit_size(app, detail, small * u, col_w - 8),
                              (cx, rect.centery + int(13 * u)), sign_ink(detail), shadow=False)
                else:
                    blit_text(surface, app.assets, text, fit_size(app, text, size, col_w - 8),
                              (cx, rect.centery), colour, shadow=False)

    def draw_notes(self, surface: pygame.Surface, inner: pygame.Rect) -> None:
        """Under the table: whose point of view, and what was left out."""
        app = self.app
        u = app.unit
        size = int(19 * u)
        y = self.table.bottom + int(10 * u)
        for text, colour in ((app.tr(NOTES[self.view]), TEXT_DIM), (self.left_out(), NOTICE),
                             (self.challenge_line(), GOLD)):
            if not text:
                continue
            for line in wrap_text(app.assets, text, size, inner.width - int(16 * u))[:2]:
                blit_text(surface, app.assets, line, size, (inner.left + int(8 * u), y),
                          colour, anchor="topleft", shadow=False)
                y += int(size * 1.25)


def sign_ink(text: str) -> tuple[int, int, int]:
    """A figure's second line: green when it says a gain, red a loss ("average +48.3")."""
    return GOOD if "+" in text else WARNING if "\u2212" in text else TEXT_DIM


def place_views(app: App, inner: pygame.Rect, after: int) -> list[pygame.Rect]:
    """The views' tabs, in a row at the right of the top of ``inner`` (from ``after`` on at
    the least, when the window is narrow)."""
    u = app.unit
    font = app.assets.font(int(22 * u))
    widths = [max(int(64 * u), font.size(app.tr(view))[0] + int(28 * u)) for view in VIEWS]
    gap = int(10 * u)
    x = max(after + int(24 * u), inner.right - sum(widths) - gap * (len(widths) - 1))
    rects = []
    for width in widths:
        rects.append(pygame.Rect(x, inner.top, width, int(38 * u)))
        x += width + gap
    return rects


__all__ = ["StatsScene", "percent", "place_views"]
