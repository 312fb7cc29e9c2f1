"""The settings screen: every change is applied and saved at once.

Sound (or why there is none: no audio device), full screen (which F11 switches anywhere),
animation speed, the card back (the three backs shown to click), the four-colour deck (a
sample pair from each deck), the language (the whole interface switches immediately), the
letters on the heads' corners (those of the language, or always French, or always English),
the highlight of the winning card and whether the taker is asked about a slam.
"""

from __future__ import annotations

from typing import Any

import pygame

from engine.cards import parse_card
from game.app.i18n import languages, tr
from game.app.screens import draw_keys_hint
from game.app.settings import ANIMATION_SPEEDS, CARD_BACKS, CARD_INDICES, TRICK_PAUSES
from game.app.widgets import Button
from game.app.window import App
from game.menus.form import Choice, ChoiceRow, FormScene

#: The sample pair shown for each deck: the suits whose colour changes.
SAMPLE_PAIR = ("KD", "QC")
#: Design pixels of a row of card pictures, before the form makes its rows lower to fit a
#: 16:9 window above the keys line (:data:`game.menus.form.MIN_SQUEEZE`).
PICTURE_ROW = 104


class SettingsScene(FormScene):
    title_key = "settings"
    panel_width = 900

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self._pairs: dict[tuple[int, bool, str], pygame.Surface] = {}
        on_off = [Choice(True, key="on"), Choice(False, key="off")]
        self.rows = [
            self._sound_row(on_off),
            ChoiceRow("full_screen", list(on_off), lambda: self.app.settings.full_screen,
                      lambda v: self.change(full_screen=v)),
            ChoiceRow("animation_speed", [Choice(s, key=s) for s in ANIMATION_SPEEDS],
                      lambda: self.app.settings.animation_speed,
                      lambda v: self.change(animation_speed=v)),
            ChoiceRow("trick_pause", [Choice(v, key=f"trick_pause_{v}") for v in TRICK_PAUSES],
                      lambda: self.app.settings.trick_pause,
                      lambda v: self.change(trick_pause=v)),
            ChoiceRow("card_back",
                      [Choice(b, picture=self._back_picture(b), caption_key=f"menu_back_{b}")
                       for b in CARD_BACKS],
                      lambda: self.app.settings.card_back, lambda v: self.change(card_back=v),
                      height=PICTURE_ROW),
            ChoiceRow("four_colour",
                      [Choice(False, picture=self._pair_picture(False),
                              caption_key="menu_two_colours"),
                       Choice(True, picture=self._pair_picture(True),
                              caption_key="menu_four_colours")],
                      lambda: self.app.settings.four_colour,
                      lambda v: self.change(four_colour=v), height=PICTURE_ROW),
            # each language by its own name, as its catalog writes it
            ChoiceRow("language", [Choice(code, text=tr("language_name", code))
                                   for code in languages()],
                      lambda: self.app.settings.language, lambda v: self.change(language=v)),
            ChoiceRow("card_indices", [Choice(v, key=f"card_indices_{v}") for v in CARD_INDICES],
                      lambda: self.app.settings.card_indices,
                      lambda v: self.change(card_indices=v)),
            ChoiceRow("highlight_winner", list(on_off),
                      lambda: self.app.settings.highlight_winner,
                      lambda v: self.change(highlight_winner=v)),
            ChoiceRow("ask_slam", [Choice(True, key="ask_slam_yes"),
                                   Choice(False, key="ask_slam_no")],
                      lambda: self.app.settings.ask_slam, lambda v: self.change(ask_slam=v)),
        ]
        self.actions = [Button("", self.back)]
        self.action_keys = ["back"]

    def _sound_row(self, on_off: list[Choice]) -> ChoiceRow:
        """On or off; where no audio device could be opened, said so instead, and not to be
        changed (the setting is kept for a start where there is one)."""
        if self.app.sounds.available:
            return ChoiceRow("sound", on_off, lambda: self.app.settings.sound,
                             lambda v: self.change(sound=v))
        return ChoiceRow("sound", [Choice(None, key="sound_unavailable")], lambda: None,
                         lambda v: None, enabled=False)

    def change(self, **values: Any) -> None:
        """Apply and save at once (or say why they could not be kept for the next time)."""
        problem = self.app.update_settings(self.app.settings.with_(**values))
        self.layout()
        if problem is not None:
            self.toast.show(self.app.tr("settings_not_saved", problem=problem), 8.0)

    def _back_picture(self, design: str):  # type: ignore[no-untyped-def]
        def picture(height: int) -> pygame.Surface:
            width = max(8, round(height * 240 / 448))
            return self.app.assets.back(width, design)
        return picture

    def _pair_picture(self, four: bool):  # type: ignore[no-untyped-def]
        def picture(height: int) -> pygame.Surface:
            indices = self.app.settings.indices  # the pair's heads show the letters too
            key = (height, four, indices)
            if key not in self._pairs:
                width = max(8, round(height * 240 / 448))
                step = int(width * 0.62)
                pair = pygame.Surface((width + step, height), pygame.SRCALPHA)
                for i, token in enumerate(SAMPLE_PAIR):
                    pair.blit(self.app.assets.card(parse_card(token), width, four, indices),
                              (i * step, 0))
                self._pairs[key] = pair
            return self._pairs[key]
        return picture

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        draw_keys_hint(surface, self.app, self.app.tr("menu_settings_keys"))
