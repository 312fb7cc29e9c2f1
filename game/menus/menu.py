"""The title screen and the new-game form (the name, the players, the opponents, the rules
variant and how long the match lasts).

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

from engine.rules import RulesError, list_variants
from engine.saves import SaveError
from game.app import paths
from game.app.i18n import catalog_problem, has_text, problem_text
from game.app.names import NAME_LENGTH, clean_name
from game.app.screens import (
    ConfirmDialog,
    backdrop,
    draw_keys_hint,
    draw_paragraph,
    fit_size,
    replace_after_asking,
)
from game.app.settings import MATCH_LENGTHS, Settings, match_length
from game.app.widgets import GOLD, HIGHLIGHT, TEXT, TEXT_DIM, WARNING, Button, Toast, blit_text
from game.app.window import App, Scene
from game.challenge.series import SeriesPast, saved_series
from game.match.session import (
    MatchSetup,
    SavedMatch,
    new_seed,
    open_table,
    read_saved_match,
    resume_match,
    start_match,
    table_names,
)
from game.menus.form import Choice, ChoiceRow, FormScene, TextRow, bot_levels, named_choice
from game.menus.ornaments import draw_suits, fanned_cards
from game.table.score.length import length_text

#: What the fan was drawn for: card width, four-colour deck, card back, index letters.
FanKey = tuple[int, bool, str, str]
#: The menu's lines that would write the player's files: off in a spectator window.
WRITERS = ("new_game", "continue", "menu_put_aside", "challenge")


def length_choice(app: App, choice: str) -> Choice:
    """A match length of :data:`MATCH_LENGTHS` as the form offers it: "No end", "2 rounds",
    "±500"."""
    kind, _, count = choice.partition("-")
    if kind == "rounds":
        return Choice(choice, text=app.trn("length_rounds", int(count)))
    if kind == "target":
        return Choice(choice, text=app.tr("length_target", n=int(count)))
    return Choice(choice, key="length_none")


class MenuScene(Scene):
    """The title screen."""

    def __init__(self, app: App, seed: int | None = None, notice: str = "",
                 presets: Mapping[str, Any] | None = None, saved: SavedMatch | None = None
                 ) -> None:
        super().__init__(app)
        self.seed = seed
        self.presets = dict(presets or {})
        self.toast = Toast()
        if notice:
            self.toast.show(notice, 8.0)
        self.saved: SavedMatch | None = None
        self.saved_problem = ""
        self.series: SeriesPast | None = None
        self.series_problem = ""
        #: the saved match just read by whoever opens the menu (``--continue``), so that the
        #: menu's first look does not read the file a second time
        self._just_read = saved
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
        where the saved series is; a file that does not load is named, left untouched."""
        self.saved, self._just_read = self._just_read, None
        self.saved_problem = self.series_problem = ""
        file = paths.current_match_file()
        if self.saved is None and file.exists():
            try:
                self.saved = read_saved_match(file, self.app.settings.bot_level,
                                              self.app.settings.player_name)
            except SaveError as exc:
                self.tell_unreadable("menu_saved_unreadable", exc)
                self.saved_problem = str(exc)
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
        self.button("menu_put_aside").enabled &= bool(paths.replaced_match_files())
        problem = catalog_problem(self.app.settings.language)
        if problem is not None and not self._told_texts:  # in English: the texts are the problem
            self._told_texts = True
            self.toast.show(problem, 10.0)
        if self.app.spectator and not self._told_spectator:
            self._told_spectator = True
            self.toast.show(self.app.tr("menu_spectator"), 10.0)
        if not self.buttons[self.focus].enabled:
            self.focus = next((i for i, b in enumerate(self.buttons) if b.enabled), 0)

    # --- actions -------------------------------------------------------------------------------
    def new_game(self) -> None:
        if self.app.spectator:
            return
        self.app.push(NewGameScene(self.app, self.seed, self.presets))

    def continue_match(self) -> None:
        if self.saved is None or self.app.spectator:
            return
        try:  # read it again: the file may have changed since the menu showed
            saved = read_saved_match(paths.current_match_file(), self.app.settings.bot_level,
                                     self.app.settings.player_name)
        except SaveError as exc:
            self.tell_unreadable("menu_saved_unreadable", exc)
            self.check_saved_match()
            return
        controller = resume_match(self.app, saved)
        open_table(self.app, controller, saved.names)

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


class NewGameScene(FormScene):
    """Players, opponents, rules variant, the match's length and name; Start opens the
    table."""

    title_key = "new_game"
    panel_width = 1000  # the match's six lengths side by side

    def __init__(self, app: App, seed: int | None = None,
                 presets: Mapping[str, Any] | None = None, saved: SavedMatch | None = None
                 ) -> None:
        super().__init__(app)
        self.seed = seed
        settings = app.settings.with_(**(presets or {}))
        self.name = settings.player_name[:NAME_LENGTH]
        if self.name == Settings().player_name:  # the default name, in the player's language
            self.name = app.tr("menu_you")
        self.players = settings.players
        levels, self.level = bot_levels(settings.bot_level)
        try:
            self.variants = list_variants()
            self.rules_problem = ""
        except RulesError as exc:
            self.variants = {}
            self.rules_problem = str(exc)
        self.variant = settings.variant if settings.variant in self.variants else (
            "fft" if "fft" in self.variants or not self.variants else next(iter(self.variants)))
        self.length = settings.match_length
        self.rows = [
            TextRow("player_name", lambda: self.name, self._set_name, NAME_LENGTH),
            ChoiceRow("players", [Choice(n, text=str(n)) for n in (3, 4, 5)],
                      lambda: self.players, self._set_players),
            ChoiceRow("bot_level", [named_choice("menu_bot_", level) for level in levels],
                      lambda: self.level, self._set_level),
            ChoiceRow("variant", [named_choice("menu_variant_", name) for name in self.variants],
                      lambda: self.variant, self._set_variant),
            ChoiceRow("menu_match_length", [length_choice(app, choice) for choice in MATCH_LENGTHS],
                      lambda: self.length, self._set_length),
        ]
        self.actions = [Button("", self.back), Button("", self.start)]
        self.action_keys = ["back", "start"]
        self.actions[1].enabled = bool(self.variants)
        self.action_focus = 1
        if self.rules_problem:
            self.toast.show(self.rules_problem, 10.0)

    def _set_name(self, value: str) -> None:
        self.name = value[:NAME_LENGTH]

    def _set_players(self, value: int) -> None:
        self.players = value

    def _set_level(self, value: str) -> None:
        self.level = value

    def _set_variant(self, value: str) -> None:
        self.variant = value

    def _set_length(self, value: str) -> None:
        self.length = value

    def enter(self) -> None:
        super().enter()
        pygame.key.start_text_input()

    def leave(self) -> None:
        pygame.key.stop_text_input()

    def default_action(self) -> None:
        self.start()

    def extra_height(self) -> int:
        return 164

    def draw_extra(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        app = self.app
        u = app.unit
        values = pygame.Rect(rect.left + self.label_width, rect.top,
                             rect.width - self.label_width - int(12 * u), rect.height)
        key = f"menu_variant_desc_{self.variant}"
        text = self.variants.get(self.variant, "")  # rules.yaml speaks English
        if has_text(key) and (app.settings.language != "en" or not text):
            text = app.tr(key)
        length = length_text(app.tr, app.trn, match_length(self.length, self.players),
                             self.players)
        # each said after its choice, the variant's then the length's, as the rows come
        paragraphs = [app.tr("menu_choice_described", choice=choice.label(app), text=words)
                      for choice, words in ((named_choice("menu_variant_", self.variant), text),
                                            (length_choice(app, self.length), length))]
        for i, paragraph in enumerate(paragraphs):
            draw_paragraph(surface, app, paragraph,
                           pygame.Rect(values.left, values.top + int((2 + 52 * i) * u),
                                       values.width, int(50 * u)), 21 * u, TEXT_DIM)
        y = values.top + int(132 * u)
        blit_text(surface, app.assets, app.tr("menu_at_the_table"), 26 * u,
                  (rect.left + int(16 * u), y), TEXT, anchor="midleft")
        names = table_names(self.players, app.settings.language,
                            clean_name(self.name, app.tr("menu_you")))
        x = values.left
        for i, name in enumerate(names):
            label = app.assets.font(int(22 * u)).size(name)[0]
            chip = pygame.Rect(x, y - int(17 * u), label + int(26 * u), int(34 * u))
            pygame.draw.rect(surface, (10, 24, 18), chip, border_radius=chip.height // 2)
            pygame.draw.rect(surface, HIGHLIGHT if i == 0 else GOLD, chip, max(1, int(1.5 * u)),
                             border_radius=chip.height // 2)
            blit_text(surface, app.assets, name, 22 * u, chip.center,
                      HIGHLIGHT if i == 0 else TEXT, shadow=False)
            x = chip.right + int(10 * u)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        draw_keys_hint(surface, self.app, self.app.tr("menu_form_keys"))

    def start(self) -> None:
        """Start the match, after asking when it would replace a saved match in progress
        (or a saved file that cannot be read: starting overwrites it too)."""
        if not self.variants:
            return
        replace_after_asking(self.app, self.replace_question(), self.start_now)

    def replace_question(self) -> str:
        file = paths.current_match_file()
        if not file.exists():
            return ""
        try:
            saved = read_saved_match(file, self.app.settings.bot_level,
                                     self.app.settings.player_name)
        except SaveError:
            return self.app.tr("menu_replace_damaged")
        match = saved.match
        if match.over:
            return ""  # nothing left to play in it: put aside without a word
        return self.app.tr("menu_replace_question", players=match.players, deal=match.count)

    def start_now(self) -> None:
        app = self.app
        name = clean_name(self.name, app.tr("menu_you"))
        app.update_settings(app.settings.with_(player_name=name, players=self.players,
                                               bot_level=self.level, variant=self.variant,
                                               match_length=self.length))
        seed = self.seed if self.seed is not None else new_seed()
        setup = MatchSetup(self.players, self.level, self.variant,
                           tuple(table_names(self.players, app.settings.language, name)), seed,
                           match_length(self.length, self.players))
        try:
            controller = start_match(app, setup)
        except RulesError as exc:
            self.toast.show(str(exc), 8.0)
            return
        open_table(app, controller, setup.names, replace=True)


__all__ = ["MenuScene", "NewGameScene"]
