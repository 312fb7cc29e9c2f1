"""The new-game form: the player's name, the players, the opponents, the rules variant and how
long the match lasts; Start opens the table (after asking, when it would put a match in
progress aside).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pygame

from engine.rules import RulesError, list_variants
from engine.saves import SaveError
from game.app import paths
from game.app.i18n import has_text
from game.app.names import NAME_LENGTH, clean_name
from game.app.screens import draw_keys_hint, draw_paragraph, replace_after_asking
from game.app.settings import MATCH_LENGTHS, Settings, match_length
from game.app.widgets import GOLD, HIGHLIGHT, TEXT, TEXT_DIM, Button, blit_text
from game.app.window import App
from game.match.reading import match_reader
from game.match.session import (
    MatchSetup,
    SavedMatch,
    new_seed,
    open_table,
    read_saved_match,
    start_match,
    table_names,
)
from game.menus.form import Choice, ChoiceRow, FormScene, TextRow, bot_levels, named_choice
from game.table.score.length import length_text


def length_choice(app: App, choice: str) -> Choice:
    """A match length of :data:`MATCH_LENGTHS` as the form offers it: "No end", "2 rounds",
    "±500"."""
    kind, _, count = choice.partition("-")
    if kind == "rounds":
        return Choice(choice, text=app.trn("length_rounds", int(count)))
    if kind == "target":
        return Choice(choice, text=app.tr("length_target", n=int(count)))
    return Choice(choice, key="length_none")


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
        reading = match_reader(file).latest()  # the menu's, when the file is unchanged since
        if reading is not None and reading.error is not None:
            return self.app.tr("menu_replace_damaged")
        saved = reading.saved if reading is not None else None
        if saved is None:  # not read yet (a long one, still being read): read now
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


__all__ = ["NewGameScene", "length_choice"]
