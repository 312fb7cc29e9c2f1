"""The root of the game's screens: tells the app's navigator who opens the screens that one
part of the game opens in a part above it (:mod:`game.app.navigator`).

Every entry to the game (``tarot``, the self-test, the benchmarks, the screenshots, the tests)
calls :func:`install` before it opens a window.
"""

from __future__ import annotations

from game.app.navigator import NAVIGATOR, Screen
from game.app.window import App
from game.menus.challenge import open_challenge_form
from game.menus.new_game import NewGameScene
from game.menus.rules import RulesScene
from game.menus.settings import SettingsScene


def _settings(app: App) -> None:
    app.replace(SettingsScene(app))


def _rules(app: App) -> None:
    app.replace(RulesScene(app))


def _new_game(app: App) -> None:
    app.replace(NewGameScene(app))


def install() -> None:
    """Provide every :class:`~game.app.navigator.Screen` (again, harmlessly)."""
    NAVIGATOR.provide(Screen.SETTINGS, _settings)
    NAVIGATOR.provide(Screen.RULES, _rules)
    NAVIGATOR.provide(Screen.CHALLENGE, open_challenge_form)
    NAVIGATOR.provide(Screen.NEW_GAME, _new_game)
