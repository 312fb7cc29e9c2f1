"""The form of the challenge: the series in progress taken up, or a new one, its players and
opponents chosen.

A series is played at a table of its own choosing, not at the last new game's: the form
offers the player count and the opponents' level (preset from the settings), and says what
the series is. Opened from the menu with a series saved, it says where that one is and
offers first to resume it; a new series asks before it replaces one not finished. Opened
from a finished deal (``C`` in the replay viewer), that deal opens the new series: its
player count and rules are the deal's, and only the opponents are chosen.
"""

from __future__ import annotations

import pygame

from engine.challenge import SERIES_LENGTH
from engine.deal import Deal
from engine.rules import RulesError
from engine.saves import SaveError
from game.app.i18n import problem_text
from game.app.screens import draw_keys_hint, draw_paragraph, replace_after_asking
from game.app.widgets import TEXT, TEXT_DIM, Button
from game.app.window import App
from game.challenge.scenes import resume_challenge, start_new_challenge
from game.challenge.series import SeriesPast, replace_question, saved_series
from game.menus.form import Choice, ChoiceRow, FormScene, bot_levels, named_choice


class ChallengeFormScene(FormScene):
    """Players and opponents of a new series, which Start deals; Resume the series (when one
    is saved) opens its board where it was left."""

    title_key = "challenge"

    def __init__(self, app: App, first: Deal | None = None) -> None:
        super().__init__(app)
        self.first = first
        #: the saved series, offered first (none from a finished deal: that one opens a new
        #: series; a file that cannot be read was named by the menu, and is asked about)
        self.past: SeriesPast | None = None
        if first is None:
            try:
                self.past = saved_series(app)
            except SaveError:
                self.past = None
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
        if self.past is not None:
            self.actions.append(Button("", self.resume))
            self.action_keys = ["back", "challenge_new_series", "challenge_resume"]
            self.focus, self.action_focus = len(self.rows), 2  # Enter takes it up

    def _set_players(self, value: int) -> None:
        self.players = value

    def _set_level(self, value: str) -> None:
        self.level = value

    def default_action(self) -> None:
        self.start()

    def extra_height(self) -> int:
        return 96 if self.past is None else 136

    def description(self) -> str:
        """What the series is, at which table, under which rules."""
        app = self.app
        variant = self.first.rules.variant if self.first is not None else app.settings.variant
        rules = named_choice("menu_variant_", variant).label(app)
        table = (app.tr("challenge_form_first", players=self.players, rules=rules)
                 if self.first is not None else app.tr("challenge_form_rules", rules=rules))
        return f"{app.trn('challenge_intro', SERIES_LENGTH)} {table}"

    def series_line(self) -> str:
        """Where the saved series is ("" when none is offered)."""
        past, app = self.past, self.app
        if past is None:
            return ""
        players = past.series.challenge.players
        if past.over:
            return app.tr("challenge_form_over", players=players)
        return app.tr("challenge_form_under_way", players=players, deal=past.next_deal,
                      total=len(past.series.challenge))

    def draw_extra(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The description; under it, brighter, the series in progress."""
        u = self.app.unit
        left, width = rect.left + int(16 * u), rect.width - int(32 * u)
        split = rect.top + int(64 * u)
        draw_paragraph(surface, self.app, self.description(),
                       pygame.Rect(left, rect.top + int(10 * u), width, split - rect.top),
                       22 * u, TEXT_DIM)
        draw_paragraph(surface, self.app, self.series_line(),
                       pygame.Rect(left, split + int(6 * u), width, rect.bottom - split),
                       22 * u, TEXT)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        on_a_button = self.focus == len(self.rows)
        enter = self.actions[self.action_focus if on_a_button else 1].label
        draw_keys_hint(surface, self.app, self.app.tr("challenge_form_keys", enter=enter))

    def resume(self) -> None:
        """The saved series' board, where it was left (read again: it may have changed since
        the form opened); the form gives way to it."""
        app = self.app
        try:
            past = saved_series(app)
        except SaveError as exc:
            self.toast.show(problem_text(exc, app.settings.language), 9.0)
            return
        if past is None:
            return
        app.pop()
        resume_challenge(app, past)

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
