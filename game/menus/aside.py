"""The matches and challenge series put aside: a new game (or ``--autoplay``) puts the match
in progress aside rather than overwrite it (:func:`game.match.session.put_aside_saved_match`),
a new series the series in progress (:func:`game.challenge.series.make_room`); this screen
lists them, newest first — players, the deal reached, each seat's total (a series': the
player's and the expert's), when it was last played — and takes the selected one back (a
match to the table, a series to its board), the one in progress being put aside in its turn,
so that nothing is ever lost by going back and forth. A file that cannot be read is listed
with its problem, so that it can be deleted.
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass
from pathlib import Path

import pygame

from engine.saves import SaveError
from game.app import paths
from game.app.i18n import os_error_words, problem_text
from game.app.screens import ConfirmDialog, draw_screen, fit_size
from game.app.widgets import TEXT, TEXT_DIM, WARNING, Button, Toast, blit_text
from game.app.window import App, Scene
from game.challenge.scenes import resume_challenge, signed
from game.challenge.series import SeriesPast, read_saved_series
from game.match.session import (
    SavedMatch,
    open_table,
    read_saved_match,
    resume_match,
    take_back,
)
from game.menus.common import ListScreen, draw_row_band, scores_text


@dataclass
class AsideEntry:
    """A match or a challenge series put aside: its file, when it was last saved, and what
    it holds or why it cannot be read (in the player's words)."""

    path: Path
    when: _dt.datetime | None
    saved: SavedMatch | SeriesPast | None
    problem: str = ""
    is_series: bool = False


def read_aside(app: App) -> list[AsideEntry]:
    """The matches and series put aside, the last played first."""
    entries = []
    settings = app.settings
    for is_series, files in ((False, paths.replaced_match_files()),
                             (True, paths.replaced_challenge_files())):
        for path in files:
            try:
                when: _dt.datetime | None = _dt.datetime.fromtimestamp(path.stat().st_mtime)
            except (OSError, ValueError, OverflowError):
                when = None
            try:
                saved: SavedMatch | SeriesPast = (
                    read_saved_series(app, path) if is_series else
                    read_saved_match(path, settings.bot_level, settings.player_name))
            except SaveError as exc:
                entries.append(AsideEntry(path, when, None, problem_text(
                    exc, settings.language, name_only=True), is_series))
            else:
                entries.append(AsideEntry(path, when, saved, is_series=is_series))
    return sorted(entries, key=lambda e: e.when or _dt.datetime.min, reverse=True)


def _date(when: _dt.datetime | None) -> str:
    return when.strftime("%Y-%m-%d  %H:%M") if when is not None else "?"


class AsideScene(ListScreen, Scene):
    """The list of the matches and series put aside; Enter takes the selected one back."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.entries: list[AsideEntry] = []
        self.selected = 0
        self.scroll = 0
        self.toast = Toast()
        self.back_button = Button("", self.app.pop)
        self.take_button = Button("", self.ask_take_back)
        self.delete_button = Button("", self.ask_delete)
        self.buttons = [self.back_button, self.take_button, self.delete_button]
        self.button_keys = ("back", "aside_take_back", "menu_delete")
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.intro_y = 0

    # --- data ----------------------------------------------------------------------------------
    def enter(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        self.entries = read_aside(self.app)
        self.selected = min(self.selected, max(0, len(self.entries) - 1))
        self.layout()

    @property
    def current(self) -> AsideEntry | None:
        entries = self.entries
        return entries[self.selected] if 0 <= self.selected < len(entries) else None

    def _info(self, saved: SavedMatch | SeriesPast) -> str:
        if isinstance(saved, SeriesPast):
            challenge = saved.series.challenge
            return self.app.tr("aside_series_info", players=challenge.players,
                               deal=min(saved.next_deal, len(challenge)),
                               total=len(challenge))
        return self.app.tr("menu_saved_info", players=saved.match.players,
                           deal=saved.match.count)

    # --- taking a match or a series back --------------------------------------------------------
    def ask_take_back(self) -> None:
        """Take the selected match or series back, after saying what becomes of the one in
        progress (it is put aside here in its turn)."""
        entry = self.current
        if entry is None or entry.saved is None or self.app.spectator:
            return
        file = self._file(entry)
        if not file.exists():
            self.take_back(entry)
            return
        app = self.app
        kind = "series" if entry.is_series else "match"
        what = {kind: self._info(entry.saved)}
        question_key = ("aside_take_back_series_question" if entry.is_series
                        else "aside_take_back_question")
        try:
            now = self._info(read_saved_series(app, file) if entry.is_series else
                             read_saved_match(file, app.settings.bot_level,
                                              app.settings.player_name))
            question = app.tr(question_key, current=now, **what)
        except SaveError:
            question = app.tr("aside_take_back_series_damaged" if entry.is_series
                              else "aside_take_back_damaged", **what)
        app.push(ConfirmDialog(app, question, lambda: self.take_back(entry),
                               yes_key="aside_take_back", no_key="menu_no"))

    @staticmethod
    def _file(entry: AsideEntry) -> Path:
        """Where the entry goes back to: the match in progress, or the series."""
        return paths.current_challenge_file() if entry.is_series else paths.current_match_file()

    def take_back(self, entry: AsideEntry) -> None:
        app = self.app
        file = self._file(entry)
        try:
            take_back(entry.path, file)
            saved = (read_saved_series(app, file) if entry.is_series else
                     read_saved_match(file, app.settings.bot_level, app.settings.player_name))
        except (OSError, SaveError) as exc:
            why = (os_error_words(exc, app.settings.language) if isinstance(exc, OSError)
                   else problem_text(exc, app.settings.language, name_only=True))
            self.toast.show(app.tr("aside_take_back_failed", problem=why), 8.0)
            self.refresh()
            return
        app.pop()  # the menu under the table or the board, as after Continue
        if isinstance(saved, SeriesPast):
            resume_challenge(app, saved)
        else:
            open_table(app, resume_match(app, saved), saved.names)

    # --- deleting one --------------------------------------------------------------------------
    def ask_delete(self) -> None:
        entry = self.current
        if entry is None:
            return
        if entry.saved is None:
            question = self.app.tr("menu_delete_file_question", file=entry.path.name)
        else:
            date = _date(entry.when).replace("  ", " ")
            question = (self.app.tr("aside_delete_series_question", date=date,
                                    series=self._info(entry.saved)) if entry.is_series
                        else self.app.tr("aside_delete_question", date=date,
                                         match=self._info(entry.saved)))
        self.app.push(ConfirmDialog(self.app, question, lambda: self.delete(entry)))

    def delete(self, entry: AsideEntry) -> None:
        try:
            entry.path.unlink()
        except FileNotFoundError:
            pass  # gone already: the list shows what is there
        except OSError as exc:
            self.toast.show(self.app.tr("history_delete_failed", name=entry.path.name,
                                        problem=os_error_words(exc, self.app.settings.language)),
                            6.0)
        else:
            self.toast.show(self.app.tr("aside_deleted"), 2.5, warning=False)
        self.refresh()

    # --- layout --------------------------------------------------------------------------------
    def on_resize(self, size: tuple[int, int]) -> None:
        self.layout()

    def layout(self) -> None:
        app = self.app
        u = app.unit
        inner = self.place_panel(1000)
        self.intro_y = inner.top + int(16 * u)
        self.list_rect = pygame.Rect(inner.left, inner.top + int(44 * u), inner.width,
                                     inner.height - int(44 * u))
        self.keep_in_sight(len(self.entries))
        self.place_buttons(self.buttons, self.button_keys, 230)
        entry = self.current
        self.take_button.enabled = (entry is not None and entry.saved is not None
                                    and not app.spectator)
        self.delete_button.enabled = entry is not None and not app.spectator

    # --- events --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        count = len(self.entries)
        if self.list_event(event, count):
            return
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.take_button.enabled:
                self.ask_take_back()
            elif event.key == pygame.K_DELETE and self.delete_button.enabled:
                self.ask_delete()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.row_at(event.pos, count)
            if index is not None:
                self.selected = index
                self.layout()
        elif event.type == pygame.MOUSEWHEEL and count:
            self.selected = min(max(0, self.selected - event.y), count - 1)
            self.layout()

    def update(self, dt: float) -> None:
        self.toast.update(dt)

    # --- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        u = app.unit
        w, h = surface.get_size()
        inner = draw_screen(surface, app, app.tr("menu_put_aside"), self.panel)
        intro = app.tr("aside_intro")
        blit_text(surface, app.assets, intro, fit_size(app, intro, 21 * u, inner.width),
                  (inner.left + int(6 * u), self.intro_y), TEXT_DIM, anchor="midleft",
                  shadow=False)
        if not self.entries:
            blit_text(surface, app.assets, app.tr("aside_none"), 26 * u,
                      self.list_rect.center, TEXT_DIM)
        clip = surface.get_clip()
        surface.set_clip(self.list_rect)
        for row, entry in enumerate(self.entries[self.scroll:self.scroll + self.visible_rows]):
            rect = pygame.Rect(self.list_rect.left, self.list_rect.top + row * self.row_h,
                               self.list_rect.width, self.row_h)
            draw_row_band(surface, app, rect, self.scroll + row == self.selected, row % 2 == 1)
            self.draw_entry(surface, entry, rect)
        surface.set_clip(clip)
        for button in self.buttons:
            button.draw(surface, app.assets, u)
        hint = app.tr("aside_keys")
        blit_text(surface, app.assets, hint, fit_size(app, hint, 19 * u, w - int(24 * u)),
                  (w // 2, h - int(16 * u)), TEXT_DIM, shadow=False)
        self.toast.draw(surface, app.assets, u, (w // 2, h - int(140 * u)))

    def draw_entry(self, surface: pygame.Surface, entry: AsideEntry, rect: pygame.Rect) -> None:
        """Line one: when it was last played, the players and the deal reached (or why it
        cannot be read); line two: each seat's total (a series': the player's and the
        expert's over the deals both have finished)."""
        app = self.app
        u = app.unit
        left = rect.left + int(14 * u)
        middle = left + int(0.26 * rect.width)
        y1, y2 = rect.top + int(22 * u), rect.top + int(48 * u)
        blit_text(surface, app.assets, _date(entry.when), 23 * u, (left, y1), TEXT,
                  anchor="midleft", shadow=False)
        room = rect.right - middle - int(12 * u)
        if entry.saved is None:
            text = app.tr("menu_deal_unreadable", problem=entry.problem)
            blit_text(surface, app.assets, text, fit_size(app, text, 20 * u, room),
                      (middle, y1), WARNING, anchor="midleft", shadow=False)
            return
        saved = entry.saved
        blit_text(surface, app.assets, self._info(saved), 23 * u, (middle, y1), TEXT,
                  anchor="midleft", shadow=False)
        if isinstance(saved, SeriesPast):
            yours, experts, _ = saved.totals()
            scores = (f"{saved.names[0]} {signed(yours)}     "
                      f"{saved.expert_name} {signed(experts)}")
        else:
            match = saved.match
            scores = scores_text(saved.names, match.totals, match.players,
                                 app.settings.language)
        blit_text(surface, app.assets, scores, fit_size(app, scores, 20 * u, room),
                  (middle, y2), TEXT_DIM, anchor="midleft", shadow=False)


__all__ = ["AsideEntry", "AsideScene", "read_aside"]
