"""The finished deals saved in the history folder: date, players, taker, contract, result and
scores, newest first, with a filter by player count. The selected deal can be replayed,
exported as a deal record or deleted (after a confirmation); Statistics opens the player's
statistics for the same filter.

The files are read by :mod:`game.history.archive`; one that does not load is still listed, with the
problem, so that it can be deleted. Practised deals (the player used undo) carry a mark.
"""

from __future__ import annotations

import pygame

from game.app.i18n import os_error_words, problem_text, shown_name
from game.app.screens import ConfirmDialog, draw_screen, fit_size
from game.app.widgets import (
    GOLD,
    TEXT,
    TEXT_DIM,
    WARNING,
    Button,
    Toast,
    blit_text,
    wrap_text,
)
from game.app.window import App
from game.history.archive import (
    DealEntry,
    HistoryError,
    delete_entry,
    export_entry,
    filter_entries,
    read_entry,
)
from game.history.reader import Listing
from game.menus.common import (
    PLAYER_FILTERS,
    HistoryScreen,
    ListScreen,
    draw_player_filter,
    draw_row_band,
    place_player_filter,
    scores_text,
    signed,
)

FILTERS = PLAYER_FILTERS
DOUBLE_CLICK_MS = 400
MADE = (140, 220, 140)
PRACTISED = (236, 170, 92)


class FinishedDealsScene(ListScreen, HistoryScreen):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.entries: list[DealEntry] = []
        #: the listing's entries and the filter the shown ones were worked out for
        self._shown: tuple[list[DealEntry] | None, int | None, list[DealEntry]] = (None, None, [])
        self._folder_told: str | None = None
        self.filter: int | None = None
        self.selected = 0
        self.scroll = 0
        self.toast = Toast()
        self.back_button = Button("", self.close)
        self.replay_button = Button("", self.replay)
        self.export_button = Button("", self.export)
        self.delete_button = Button("", self.ask_delete)
        self.stats_button = Button("", self.statistics)
        self.buttons = [self.back_button, self.replay_button, self.export_button,
                        self.delete_button, self.stats_button]
        self.button_keys = ("back", "history_replay", "history_export", "menu_delete",
                            "statistics")
        self.filter_rects: list[pygame.Rect] = []
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.columns: list[int] = []
        self.header_y = 0
        self._last_click = (-1, -DOUBLE_CLICK_MS)

    # --- data ----------------------------------------------------------------------------------
    def took(self, listing: Listing) -> None:
        self.entries = listing.entries
        problem = listing.problem
        if problem is not None and problem != self._folder_told:
            self.toast.show(self.app.tr("history_folder_unreadable", problem=problem), 9.0)
        self._folder_told = problem
        self.selected = min(self.selected, max(0, len(self.shown) - 1))
        self.layout()

    @property
    def shown(self) -> list[DealEntry]:
        """The entries the filter keeps (worked out once per listing and filter)."""
        entries, chosen, shown = self._shown
        if entries is not self.entries or chosen != self.filter:
            shown = filter_entries(self.entries, self.filter)
            self._shown = (self.entries, self.filter, shown)
        return shown

    @property
    def current(self) -> DealEntry | None:
        """The selected deal, if the list shows any."""
        shown = self.shown
        return shown[self.selected] if 0 <= self.selected < len(shown) else None

    def set_filter(self, value: int | None) -> None:
        if value == self.filter:
            return
        self.filter = value
        self.selected = 0
        self.scroll = 0
        self.layout()

    # --- actions -------------------------------------------------------------------------------
    def replay(self) -> None:
        """Open the selected deal in the replay viewer."""
        entry = self.current
        if entry is None:
            return
        if entry.problem:
            self.toast.show(self.app.tr("history_replay_failed", problem=entry.problem), 8.0)
            return
        try:  # written alongside this screen; an older build may not have it
            from game.replay.files import load_replay_file
            from game.replay.viewer import open_replay
        except ImportError:
            self.toast.show(self.app.tr("history_replay_missing"), 5.0)
            return
        try:
            source = load_replay_file(entry.path)
        except (ValueError, OSError) as exc:  # changed since the list was read, or refused
            self.toast.show(self.app.tr("history_replay_failed", problem=problem_text(
                exc, self.app.settings.language, name_only=True)), 8.0)
            self.refresh()
            return
        open_replay(self.app, source)

    def export(self) -> None:
        """Write the selected deal as a deal record and say where."""
        entry = self.current
        if entry is None:
            return
        try:
            target = export_entry(entry)
        except HistoryError as exc:
            self.toast.show(self.app.tr("history_export_failed", problem=str(exc)), 8.0)
            self.refresh()
            return
        self.toast.show(self.app.tr("history_exported", path=str(target)), 6.0, warning=False)

    def ask_delete(self) -> None:
        entry = self.current
        if entry is None:
            return
        if entry.problem:  # its date is only the file's: the file is named instead
            question = self.app.tr("menu_delete_file_question", file=entry.path.name)
        else:
            when = entry.date.strftime("%Y-%m-%d %H:%M") if entry.date else entry.path.name
            question = self.app.tr("menu_delete_question", date=when)
        self.app.push(ConfirmDialog(self.app, question, lambda: self.delete(entry)))

    def delete(self, entry: DealEntry) -> None:
        try:
            delete_entry(entry)
        except OSError as exc:
            self.toast.show(self.app.tr("history_delete_failed", name=entry.path.name,
                                        problem=os_error_words(exc, self.app.settings.language)),
                            6.0)
        else:
            self.toast.show(self.app.tr("menu_deal_deleted"), 2.5, warning=False)
            self.entries = [e for e in self.entries if e.path != entry.path]  # gone at once
            self.selected = min(self.selected, max(0, len(self.shown) - 1))
        self.refresh()

    def statistics(self) -> None:
        from game.menus.statistics import StatsScene

        self.app.push(StatsScene(self.app, self.filter, on_filter=self.set_filter))

    def close(self) -> None:
        self.app.pop()

    # --- layout --------------------------------------------------------------------------------
    def on_resize(self, size: tuple[int, int]) -> None:
        self.layout()

    def layout(self) -> None:
        app = self.app
        u = app.unit
        inner = self.place_panel(1100)
        self.filter_rects = place_player_filter(app, inner)
        header_top = inner.top + int(52 * u)
        self.header_y = header_top + int(14 * u)
        self.list_rect = pygame.Rect(inner.left, header_top + int(32 * u), inner.width,
                                     inner.bottom - header_top - int(32 * u))
        # date, players, taker, contract, result (fractions of the width)
        fractions = (0.0, 0.2, 0.33, 0.56, 0.76)
        self.columns = [self.list_rect.left + int(14 * u) + int(f * inner.width)
                        for f in fractions]
        self.keep_in_sight(len(self.shown))
        # the buttons: Back, then what acts on the selected deal, then Statistics
        self.place_buttons(self.buttons, self.button_keys, 206)
        entry = self.current
        self.replay_button.enabled = entry is not None and not entry.problem
        self.export_button.enabled = entry is not None and not entry.problem
        self.delete_button.enabled = entry is not None

    # --- events --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        count = len(self.shown)
        if self.list_event(event, count):
            return
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key in (pygame.K_LEFT, pygame.K_RIGHT):
                index = FILTERS.index(self.filter) + (1 if key == pygame.K_RIGHT else -1)
                self.set_filter(FILTERS[index % len(FILTERS)])
            elif key == pygame.K_DELETE:
                self.ask_delete()
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_r):
                self.replay()
            elif key == pygame.K_e:
                self.export()
            elif key == pygame.K_s:
                self.statistics()
        elif event.type == pygame.MOUSEWHEEL and count:
            limit = max(0, count - self.visible_rows)
            self.scroll = min(max(0, self.scroll - event.y), limit)
            self.selected = min(max(self.selected, self.scroll),
                                self.scroll + self.visible_rows - 1)
            self.layout()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for value, rect in zip(FILTERS, self.filter_rects, strict=True):
                if rect.collidepoint(event.pos):
                    self.set_filter(value)
                    return
            row = self.row_at(event.pos, count)
            if row is not None:
                self.click_row(row)

    def click_row(self, index: int) -> None:
        """A click selects a deal; a second click on it soon after opens its replay."""
        now = pygame.time.get_ticks()
        last_index, last_time = self._last_click
        self.selected = index
        self.layout()
        if last_index == index and now - last_time <= DOUBLE_CLICK_MS:
            self._last_click = (-1, -DOUBLE_CLICK_MS)
            self.replay()
        else:
            self._last_click = (index, now)

    def update(self, dt: float) -> None:
        self.toast.update(dt)
        super().update(dt)

    # --- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        u = app.unit
        tr = app.tr
        w, h = surface.get_size()
        inner = draw_screen(surface, app, tr("finished_deals"), self.panel)
        draw_player_filter(surface, app, inner, self.filter_rects, self.filter)
        shown = self.shown
        total = tr("menu_deal_count", count=len(shown))
        blit_text(surface, app.assets, total, 21 * u,
                  (inner.right - int(6 * u), self.filter_rects[0].centery), TEXT_DIM,
                  anchor="midright", shadow=False)
        # header
        headers = ("menu_date", "players", "menu_taker", "menu_contract", "menu_result")
        for x, key in zip(self.columns, headers, strict=True):
            blit_text(surface, app.assets, tr(key), 20 * u, (x, self.header_y), GOLD,
                      anchor="midleft", shadow=False)
        pygame.draw.line(surface, GOLD, (self.list_rect.left, self.list_rect.top - int(6 * u)),
                         (self.list_rect.right, self.list_rect.top - int(6 * u)),
                         max(1, int(1 * u)))
        if self.listing is None:  # the first listing is still being read
            self.draw_reading(surface, self.list_rect)
        elif not shown:
            blit_text(surface, app.assets, tr("menu_no_deals"), 26 * u,
                      self.list_rect.center, TEXT_DIM)
        clip = surface.get_clip()
        surface.set_clip(self.list_rect)
        for row, entry in enumerate(shown[self.scroll:self.scroll + self.visible_rows]):
            index = self.scroll + row
            rect = pygame.Rect(self.list_rect.left, self.list_rect.top + row * self.row_h,
                               self.list_rect.width, self.row_h)
            self.draw_entry(surface, entry, rect, index == self.selected)
        surface.set_clip(clip)
        self.draw_scrollbar(surface, len(shown))
        for button in self.buttons:
            button.draw(surface, app.assets, u)
        hint = tr("history_keys")
        blit_text(surface, app.assets, hint, fit_size(app, hint, 19 * u, w - int(24 * u)),
                  (w // 2, h - int(16 * u)), TEXT_DIM, shadow=False)
        self.toast.draw(surface, app.assets, u, (w // 2, h - int(140 * u)))

    def draw_entry(self, surface: pygame.Surface, entry: DealEntry, rect: pygame.Rect,
                   selected: bool) -> None:
        app = self.app
        u = app.unit
        tr = app.tr
        draw_row_band(surface, app, rect, selected,
                      (rect.top - self.list_rect.top) // max(1, self.row_h) % 2 == 1)
        y1 = rect.top + int(22 * u)
        y2 = rect.top + int(48 * u)
        size = 23 * u
        date = entry.date.strftime("%Y-%m-%d  %H:%M") if entry.date else "?"
        cols = self.columns
        blit_text(surface, app.assets, date, size, (cols[0], y1), TEXT, anchor="midleft",
                  shadow=False)
        blit_text(surface, app.assets, str(entry.players or "?"), size, (cols[1] + int(30 * u),
                  y1), TEXT, shadow=False)
        mark = ("history_challenge_expert" if entry.challenge == "expert"
                else "history_challenge" if entry.challenge
                else "history_autoplay" if entry.autoplay
                else "history_practised" if entry.practised else "")
        if mark:
            self.draw_mark(surface, (cols[0], y2), cols[1] - cols[0] - int(8 * u), mark)
        if entry.variant and entry.variant != "fft":  # house rules: say which
            key = f"menu_variant_{entry.variant}"
            variant = tr(key) if tr(key) != key else entry.variant
            room = cols[2] - cols[1] - int(8 * u)
            blit_text(surface, app.assets, variant, fit_size(app, variant, 18 * u, room),
                      (cols[1] + int(30 * u), y2), TEXT_DIM, shadow=False, width=room)
        if entry.problem:
            self.draw_problem(surface, entry, rect)
            return
        width = cols[3] - cols[2] - int(12 * u)
        if entry.cancelled:
            why = tr("history_all_passed" if entry.cancelled == "all_passed"
                     else "history_petit_sec" if entry.cancelled == "petit_sec"
                     else "history_cancelled")
            blit_text(surface, app.assets, "—", size, (cols[2], y1), TEXT_DIM,
                      anchor="midleft", shadow=False)
            blit_text(surface, app.assets, tr("history_cancelled"), size, (cols[3], y1),
                      TEXT_DIM, anchor="midleft", shadow=False)
            blit_text(surface, app.assets, why,
                      fit_size(app, why, size, rect.right - cols[4] - int(8 * u)),
                      (cols[4], y1), TEXT_DIM, anchor="midleft", shadow=False)
        else:
            taker = shown_name(entry.taker, -1 if entry.taker_seat is None else entry.taker_seat,
                               entry.players, app.settings.language)
            blit_text(surface, app.assets, taker, fit_size(app, taker, size, width),
                      (cols[2], y1), TEXT, anchor="midleft", shadow=False)
            blit_text(surface, app.assets, tr(entry.contract), size, (cols[3], y1), TEXT,
                      anchor="midleft", shadow=False)
            result = tr("menu_made_by" if entry.made else "menu_lost_by", margin=entry.margin)
            blit_text(surface, app.assets, result,
                      fit_size(app, result, size, rect.right - cols[4] - int(8 * u)),
                      (cols[4], y1), MADE if entry.made else WARNING, anchor="midleft",
                      shadow=False)
        scores = scores_text(entry.names, entry.scores, entry.players, app.settings.language)
        text_size = fit_size(app, scores, 20 * u, rect.right - cols[2] - int(12 * u))
        blit_text(surface, app.assets, scores, text_size, (cols[2], y2), TEXT_DIM,
                  anchor="midleft", shadow=False)

    def draw_mark(self, surface: pygame.Surface, midleft: tuple[int, int], width: int,
                  key: str) -> None:
        """The small outlined mark of a deal left out of the statistics: the player used
        undo, or a bot played the player's seat."""
        app = self.app
        u = app.unit
        label = app.tr(key)
        size = fit_size(app, label, 17 * u, width - int(16 * u))
        text_w, text_h = app.assets.font(size).size(label)
        chip = pygame.Rect(midleft[0] - int(2 * u), 0, text_w + int(16 * u),
                           text_h + int(4 * u))
        chip.centery = midleft[1]
        pygame.draw.rect(surface, (60, 40, 16), chip, border_radius=chip.height // 2)
        pygame.draw.rect(surface, PRACTISED, chip, max(1, int(1.5 * u)),
                         border_radius=chip.height // 2)
        blit_text(surface, app.assets, label, size, chip.center, PRACTISED, shadow=False)

    def draw_problem_text(self, entry: DealEntry) -> str:
        """The line an unreadable entry shows, in the player's language."""
        lang = self.app.settings.language
        problem = (problem_text(entry.error, lang, name_only=True)
                   if entry.error is not None else entry.problem)
        return self.app.tr("menu_deal_unreadable", problem=problem)

    def draw_problem(self, surface: pygame.Surface, entry: DealEntry, rect: pygame.Rect) -> None:
        """Why the file cannot be shown, on up to two lines (it names the file)."""
        app = self.app
        u = app.unit
        cols = self.columns
        text = self.draw_problem_text(entry)
        width = rect.right - cols[2] - int(12 * u)
        size = int(20 * u)
        lines = wrap_text(app.assets, text, size, width)
        if len(lines) > 2:
            lines = [lines[0], " ".join(lines[1:])]
        for line, y in zip(lines, (rect.top + int(22 * u), rect.top + int(48 * u)),
                           strict=False):
            blit_text(surface, app.assets, line, fit_size(app, line, size, width),
                      (cols[2], y), WARNING, anchor="midleft", shadow=False, width=width)

    def draw_scrollbar(self, surface: pygame.Surface, count: int) -> None:
        if count <= self.visible_rows:
            return
        u = self.app.unit
        track = pygame.Rect(self.panel.right - int(14 * u), self.list_rect.top,
                            max(3, int(5 * u)), self.list_rect.height)
        pygame.draw.rect(surface, (40, 70, 55), track, border_radius=track.width)
        length = max(int(24 * u), track.height * self.visible_rows // count)
        span = max(1, count - self.visible_rows)
        top = track.top + (track.height - length) * self.scroll // span
        pygame.draw.rect(surface, GOLD, (track.left, top, track.width, length),
                         border_radius=track.width)


__all__ = ["DealEntry", "FinishedDealsScene", "read_entry", "signed"]
