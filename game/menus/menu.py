"""The title screen.

The menu offers a new game, the saved match (only when it loads: a damaged file is named in
a message and left exactly as it is), the matches a new game put aside (to take one back),
a challenge against the expert (beside it, the series in progress, read the same way), the
finished deals, the statistics, the settings, the rules and Quit.
Up/Down and Enter work as well as the mouse; Esc quits.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pygame

from engine.saves import SaveError
from game.app import paths
from game.app.i18n import catalog_problem, problem_text
from game.app.screens import (
    ConfirmDialog,
    backdrop,
    draw_keys_hint,
    fit_size,
)
from game.app.widgets import GOLD, TEXT, TEXT_DIM, WARNING, Button, Toast, blit_text
from game.app.window import App, Scene
from game.challenge.series import SeriesPast, saved_series
from game.match.reading import match_reader
from game.match.session import (
    SavedMatch,
    open_table,
    resume_match,
)
from game.menus.new_game import NewGameScene
from game.menus.ornaments import draw_suits, fanned_cards

#: What the fan was drawn for: card width, four-colour deck, card back, index letters.
FanKey = tuple[int, bool, str, str]
#: The menu's lines that would write the player's files: off in a spectator window.
WRITERS = ("new_game", "continue", "menu_put_aside", "challenge")


class MenuScene(Scene):
    """The title screen."""

    def __init__(self, app: App, seed: int | None = None, notice: str = "",
                 presets: Mapping[str, Any] | None = None, saved: SavedMatch | None = None,
                 continue_once_read: bool = False) -> None:
        super().__init__(app)
        self.seed = seed
        self.presets = dict(presets or {})
        self.toast = Toast()
        if notice:
            self.toast.show(notice, 8.0)
        self.saved: SavedMatch | None = None
        self.saved_problem = ""
        #: the saved match is being read (on a thread: an older version's long match takes
        #: seconds), Continue waits
        self.reading = False
        self.reader = match_reader(paths.current_match_file())
        self.series: SeriesPast | None = None
        self.series_problem = ""
        #: the saved match just read by whoever opens the menu (``--continue``), so that the
        #: menu's first look does not read the file a second time
        self._just_read = saved
        #: ``--continue`` with a long match read behind: its table opens once it is read
        #: (a match that cannot be read is told here, the menu staying)
        self._continue_once_read = continue_once_read
        self._told: dict[str, str] = {}  # per text key, the last problem told
        self._told_spectator = False
        self._told_texts = False
        self.buttons = [
            Button("", self.new_game),
            Button("", self.continue_match),
            Button("", self.put_aside),
            Button("", self.challenge),
            Button("", self.finished_deals),
            Button("", self.statistics),
            Button("", self.settings),
            Button("", self.rules),
            Button("", self.quit),
        ]
        self.keys = ("new_game", "continue", "menu_put_aside", "challenge", "finished_deals",
                     "statistics", "settings", "rules_summary", "quit")
        self.focus = 0
        self.title_center = (0, 0)
        self.fan_center = (0, 0)
        self.card_width = 0
        self._fan: tuple[FanKey, list[tuple[pygame.Surface, pygame.Rect]]] | None = None

    # --- state ---------------------------------------------------------------------------------
    def enter(self) -> None:
        self.check_saved_match()
        self.layout()

    def button(self, key: str) -> Button:
        """The menu's button of ``key`` (its text key)."""
        return self.buttons[self.keys.index(key)]

    def tell_unreadable(self, key: str, exc: SaveError) -> None:
        """Why a saved file cannot be taken up (the text ``key``), once: not on every return
        to the menu."""
        if self._told.get(key) != str(exc):
            self._told[key] = str(exc)
            self.toast.show(self.app.tr(key, problem=problem_text(
                exc, self.app.settings.language)), 9.0)

    def check_saved_match(self) -> None:
        """Enable Continue when the saved match loads, and say beside Challenge the expert
        where the saved series is; a file that does not load is named, left untouched. The
        saved match is read on the reader's thread: until it is, Continue waits."""
        self.saved, self._just_read = self._just_read, None
        self.saved_problem = self.series_problem = ""
        self.reading = False
        if self.saved is None:
            if self.reader.long() and not self.app.frames:  # the window shows first
                self.app.after_frame.append(self._read_after_frame)
            else:
                self._read()
            reading = self.reader.latest()
            self.reading = reading is None
            if reading is not None and reading.error is not None:
                self.tell_unreadable("menu_saved_unreadable", reading.error)
                self.saved_problem = str(reading.error)
            elif reading is not None:
                self.saved = reading.saved
        if self.saved is not None and self.saved.match.over:
            self.saved = None  # over, but not yet put away (a game stopped at that moment)
        try:
            self.series = saved_series(self.app)
        except SaveError as exc:
            self.series = None
            self.tell_unreadable("menu_series_unreadable", exc)
            self.series_problem = str(exc)
        for key in WRITERS:
            self.button(key).enabled = not self.app.spectator
        self.button("continue").enabled &= self.saved is not None
        self.button("menu_put_aside").enabled &= bool(paths.replaced_match_files()
                                                      or paths.replaced_challenge_files())
        problem = catalog_problem(self.app.settings.language)
        if problem is not None and not self._told_texts:  # in English: the texts are the problem
            self._told_texts = True
            self.toast.show(problem, 10.0)
        if self.app.spectator and not self._told_spectator:
            self._told_spectator = True
            self.toast.show(self.app.tr("menu_spectator"), 10.0)
        if not self.buttons[self.focus].enabled:
            self.focus = next((i for i, b in enumerate(self.buttons) if b.enabled), 0)

    def _read(self) -> None:
        settings = self.app.settings
        self.reader.request(settings.bot_level, settings.player_name)

    def _read_after_frame(self, app: App) -> None:
        """Once the first frame is up, the long saved match is read (not when the window is
        closing already: ``--first-frame`` times the start-up to the exit)."""
        app.after_frame.remove(self._read_after_frame)
        if app.running:
            self._read()

    # --- actions -------------------------------------------------------------------------------
    def new_game(self) -> None:
        if self.app.spectator:
            return
        self.app.push(NewGameScene(self.app, self.seed, self.presets))

    def continue_match(self) -> None:
        if self.saved is None or self.app.spectator:
            return
        # the file as it is now (changed since the menu showed, it is read again first)
        reading = self.reader.take()
        if reading is None or reading.saved is None:
            if reading is not None and reading.error is not None:
                self.tell_unreadable("menu_saved_unreadable", reading.error)
            self.check_saved_match()
            return
        controller = resume_match(self.app, reading.saved)
        open_table(self.app, controller, reading.saved.names)

    def put_aside(self) -> None:
        """The matches a new game put aside, to take one back."""
        if self.app.spectator:
            return
        from game.menus.aside import AsideScene

        self.app.push(AsideScene(self.app))

    def challenge(self) -> None:
        """A duplicate challenge: its form, which takes the series in progress up or starts
        a new one (players, opponents)."""
        if self.app.spectator:
            return
        from game.menus.challenge import open_challenge_form

        open_challenge_form(self.app)

    def finished_deals(self) -> None:
        from game.menus.deals import FinishedDealsScene

        self.app.push(FinishedDealsScene(self.app))

    def statistics(self) -> None:
        from game.menus.statistics import StatsScene

        self.app.push(StatsScene(self.app))

    def settings(self) -> None:
        from game.menus.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def rules(self) -> None:
        from game.menus.rules import RulesScene

        self.app.push(RulesScene(self.app))

    def quit(self) -> None:
        self.app.quit()

    def ask_to_quit(self) -> None:
        """Esc asks before the game closes (the Quit button is a choice made on purpose)."""
        self.app.push(ConfirmDialog(self.app, self.app.tr("menu_quit_question"), self.quit,
                                    yes_key="quit", no_key="menu_stay"))

    # --- layout --------------------------------------------------------------------------------
    def on_resize(self, size: tuple[int, int]) -> None:
        self.layout()

    def layout(self) -> None:
        u = self.app.unit
        w, h = self.app.size
        column_x = int(w * 0.68)
        count = len(self.buttons)
        # the buttons stand between the title's tagline and the keys line, made lower where
        # they would not fit (nine at 16:9 are nine tenths as high)
        room = h - int(46 * u) - int(196 * u)
        fit = min(1.0, room / ((count * 50 + (count - 1) * 11) * u))
        bw, bh, gap = int(330 * u), int(50 * u * fit), int(11 * u * fit)
        top = h // 2 - int(88 * u) + int(40 * u)
        total = count * bh + (count - 1) * gap
        top = min(top, h - total - int(46 * u))
        for i, (button, key) in enumerate(zip(self.buttons, self.keys, strict=True)):
            button.label = self.app.tr(key)
            button.rect = pygame.Rect(0, 0, bw, bh)
            button.rect.midtop = (column_x, top + i * (bh + gap))
            button.selected = i == self.focus
        self.title_center = (column_x, max(int(70 * u), top - int(150 * u)))
        self.fan_center = (int(w * 0.27), h // 2 + int(20 * u))
        self.card_width = int(132 * u)

    # --- events --------------------------------------------------------------------------------
    def move_focus(self, delta: int) -> None:
        for _ in range(len(self.buttons)):
            self.focus = (self.focus + delta) % len(self.buttons)
            if self.buttons[self.focus].enabled:
                break
        self.layout()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.ask_to_quit()
            elif event.key in (pygame.K_UP, pygame.K_LEFT):
                self.move_focus(-1)
            elif event.key in (pygame.K_DOWN, pygame.K_RIGHT, pygame.K_TAB):
                self.move_focus(1)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                button = self.buttons[self.focus]
                if button.enabled:
                    button.on_click()
            return
        if (self.app.spectator and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and any(self.button(k).rect.collidepoint(event.pos) for k in WRITERS)):
            self.toast.show(self.app.tr("menu_spectator"), 10.0)  # why they are greyed out
            return
        for i, button in enumerate(self.buttons):
            if event.type == pygame.MOUSEMOTION and button.rect.collidepoint(event.pos) \
                    and button.enabled and self.focus != i:
                self.focus = i
                self.layout()
            if button.handle_event(event):
                return

    def update(self, dt: float) -> None:
        self.toast.update(dt)
        if self.reading and self.reader.latest() is not None:  # read: Continue, or why not
            self.check_saved_match()
            self.layout()
        if self._continue_once_read and not self.reading and self.app.frames:
            self._continue_once_read = False
            self.continue_match()

    # --- drawing -------------------------------------------------------------------------------
    def series_note(self) -> tuple[str, tuple[int, int, int]]:
        """Beside Challenge the expert: the series in progress, its table and its deal."""
        past = self.series
        if past is None:
            return (self.app.tr("menu_series_damaged"), WARNING) if self.series_problem else (
                "", TEXT_DIM)
        players = past.series.challenge.players
        if past.over:
            return self.app.tr("menu_series_over", players=players), TEXT_DIM
        return self.app.tr("menu_series_info", players=players, deal=past.next_deal,
                           total=len(past.series.challenge)), TEXT_DIM

    def fan(self) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """The decorative fan of cards, rotated around a point below them (cached)."""
        settings = self.app.settings
        key = (self.card_width, settings.four_colour, settings.card_back, settings.indices)
        if self._fan is not None and self._fan[0] == key:
            return self._fan[1]
        pieces = fanned_cards(self.app, self.fan_center, self.card_width)
        self._fan = (key, pieces)
        return pieces

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        u = app.unit
        w, h = surface.get_size()
        backdrop(surface, app)
        # a soft shadow on the cloth under the fan
        pool = pygame.Surface((int(560 * u), int(90 * u)), pygame.SRCALPHA)
        for i in range(8):
            pygame.draw.ellipse(pool, (0, 0, 0, 9), pool.get_rect().inflate(-i * int(30 * u),
                                                                            -i * int(8 * u)))
        surface.blit(pool, pool.get_rect(center=(self.fan_center[0],
                                                 self.fan_center[1] + int(165 * u))))
        for image, rect in self.fan():
            shadow = image.copy()
            shadow.fill((0, 0, 0, 90), special_flags=pygame.BLEND_RGBA_MULT)
            surface.blit(shadow, rect.move(int(5 * u), int(7 * u)))
            surface.blit(image, rect)
        title = app.tr("title")
        size = fit_size(app, title, 92 * u, int(w * 0.58))
        tx, ty = self.title_center
        blit_text(surface, app.assets, title, size, (tx + 2, ty + 3), (40, 24, 6), shadow=False)
        rect = blit_text(surface, app.assets, title, size, (tx, ty), GOLD)
        line_y = rect.bottom + int(10 * u)
        half = int(150 * u)
        pygame.draw.line(surface, GOLD, (tx - half, line_y), (tx + half, line_y),
                         max(1, int(2 * u)))
        for dx in (-half, half):
            pygame.draw.circle(surface, GOLD, (tx + dx, line_y), max(2, int(4 * u)))
        draw_suits(surface, app, (tx, line_y), u)
        blit_text(surface, app.assets, app.tr("menu_tagline"), 25 * u,
                  (tx, line_y + int(30 * u)), TEXT)
        for button in self.buttons:
            button.draw(surface, app.assets, u)
        info, colour = "", TEXT_DIM
        if self.saved is not None:
            match = self.saved.match
            info = app.tr("menu_saved_info", players=match.players, deal=match.count)
        elif self.saved_problem:
            info, colour = app.tr("menu_saved_damaged"), WARNING
        elif self.reading:
            info = app.tr("menu_saved_reading")
        notes = [(self.button("continue"), info, colour),
                 (self.button("challenge"), *self.series_note())]
        if app.spectator:
            notes = [(self.buttons[0], app.tr("menu_spectator_short"), WARNING)]
        for button, text, ink in notes:
            if not text:
                continue
            left = button.rect.right + int(12 * u)
            size = fit_size(app, text, 19 * u, w - left - int(8 * u))
            blit_text(surface, app.assets, text, size, (left, button.rect.centery),
                      ink, anchor="midleft", shadow=False)
        draw_keys_hint(surface, app, app.tr("menu_keys"))
        self.toast.draw(surface, app.assets, u, (w // 2, h - int(90 * u)))


__all__ = ["MenuScene"]
