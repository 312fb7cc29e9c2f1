"""The form before a challenge series: how many players and which opponents.

A series is played at a table of its own choosing, not at the last new game's: the form
offers the player count and the opponents' level (preset from the settings), and says what
the series is. Opened from a finished deal (``C`` in the replay viewer), that deal opens the
series: its player count and rules are the deal's, and only the opponents are chosen.
Starting asks first when the series would replace one not finished.
"""

from __future__ import annotations

import pygame

from engine.challenge import SERIES_LENGTH
from engine.deal import Deal
from engine.rules import RulesError
from game.app.screens import draw_keys_hint, draw_paragraph, replace_after_asking
from game.app.widgets import TEXT_DIM, Button
from game.app.window import App
from game.challenge.scenes import start_new_challenge
from game.challenge.series import replace_question
from game.menus.form import Choice, ChoiceRow, FormScene, bot_levels, named_choice


class ChallengeFormScene(FormScene):
    """Players and opponents of a new series; Start deals its first deal."""

    title_key = "challenge"

    def __init__(self, app: App, first: Deal | None = None) -> None:
        super().__init__(app)
        self.first = first
        settings = app.settings
        self.players = first.players if first is not None else settings.players
        levels, self.level = bot_levels(settings.bot_level)
        self.rows = [ChoiceRow("bot_level", [named_choice("menu_bot_", n) for n in levels],
                               lambda: self.level, self._set_level)]
        if first is None:
            self.rows.insert(0, ChoiceRow("players", [Choice(n, text=str(n)) for n in (3, 4, 5)],
                                          lambda: self.players, self._set_players))
        self.actions = [Button("", self.back), Button("", self.start)]
        self.action_keys = ["back", "start"]
        self.action_focus = 1

    def _set_players(self, value: int) -> None:
        self.players = value

    def _set_level(self, value: str) -> None:
        self.level = value

    def default_action(self) -> None:
        self.start()

    def extra_height(self) -> int:
        return 96

    def description(self) -> str:
        """What the series is, at which table, under which rules."""
        app = self.app
        variant = self.first.rules.variant if self.first is not None else app.settings.variant
        rules = named_choice("menu_variant_", variant).label(app)
        table = (app.tr("challenge_form_first", players=self.players, rules=rules)
                 if self.first is not None else app.tr("challenge_form_rules", rules=rules))
        return f"{app.trn('challenge_intro', SERIES_LENGTH)} {table}"

    def draw_extra(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        u = self.app.unit
        text_rect = pygame.Rect(rect.left + int(16 * u), rect.top + int(10 * u),
                                rect.width - int(32 * u), rect.height - int(14 * u))
        draw_paragraph(surface, self.app, self.description(), text_rect, 22 * u, TEXT_DIM)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        draw_keys_hint(surface, self.app, self.app.tr("menu_form_keys"))

    def start(self) -> None:
        """Start the series, after asking when it would replace a saved one not finished
        (or a saved file that cannot be read: it is put aside)."""
        replace_after_asking(self.app, replace_question(self.app), self.start_now)

    def start_now(self) -> None:
        """The series starts in place of the form (leaving it comes back to what opened the
        form, not to the form)."""
        app = self.app
        app.pop()
        try:
            start_new_challenge(app, self.players, self.level, self.first)
        except RulesError as exc:
            app.push(self)
            self.toast.show(str(exc), 8.0)


def open_challenge_form(app: App, first: Deal | None = None) -> None:
    """The form of a new series (``first``: the finished deal that opens it)."""
    app.push(ChallengeFormScene(app, first))


__all__ = ["ChallengeFormScene", "open_challenge_form"]
