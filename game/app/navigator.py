"""The screens a part of the game opens in a part above it, without importing it.

The game's packages are layered: :mod:`game.app` (the window, the settings, the shared
widgets and screens, the thinker) under :mod:`game.history`, :mod:`game.table`,
:mod:`game.match`, :mod:`game.replay`, :mod:`game.challenge` and :mod:`game.menus`, each
importing only those before it (``tests/tools/test_architecture.py`` holds them to it). The
table's menu opens the settings and the rules, which are menus; the replay opens the form
of a challenge on the deal it shows; the end of a match offers a new one. Those few ways up
go through the app's :class:`Navigator`: the root of the game (:func:`game.screens.install`)
tells it who makes each screen, and a scene asks ``app.navigator`` to open it.

>>> navigator = Navigator()
>>> navigator.provide(Screen.RULES, lambda app: print("rules for", app))
>>> navigator.open_rules("the app")
rules for the app
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.deal import Deal
    from game.app.window import App


class Screen(Enum):
    """The screens opened from below the part of the game that owns them."""

    SETTINGS = "settings"  # game.menus.settings, from the table's menu
    RULES = "rules"  # game.menus.rules, from the table's menu
    CHALLENGE = "challenge"  # game.menus.challenge, from the replay
    NEW_GAME = "new game"  # game.menus.menu, from the end of a match


class NoScreen(RuntimeError):
    """A screen was asked for that nobody provides: the game's root never installed it."""


class Navigator:
    """Who opens each :class:`Screen`; a scene asks for one by its method."""

    def __init__(self) -> None:
        self._openers: dict[Screen, Callable[..., Any]] = {}

    def provide(self, screen: Screen, opener: Callable[..., Any]) -> None:
        """``opener`` opens ``screen`` (the owner's function, called with the app first)."""
        self._openers[screen] = opener

    def _opener(self, screen: Screen) -> Callable[..., Any]:
        try:
            return self._openers[screen]
        except KeyError:
            raise NoScreen(f"nobody opens the {screen.value} screen: "
                           "game.screens.install() provides them") from None

    def open_settings(self, app: App) -> None:
        """The settings, in place of the current screen."""
        self._opener(Screen.SETTINGS)(app)

    def open_rules(self, app: App) -> None:
        """The rules' summary, in place of the current screen."""
        self._opener(Screen.RULES)(app)

    def open_new_game(self, app: App) -> None:
        """The new-game form, in place of the current screen."""
        self._opener(Screen.NEW_GAME)(app)

    def open_challenge(self, app: App, first: Deal | None = None) -> None:
        """The form of a new challenge series, opened by ``first`` (a finished deal) when
        given."""
        self._opener(Screen.CHALLENGE)(app, first=first)


#: The game's one navigator, which every :class:`~game.app.window.App` uses.
NAVIGATOR = Navigator()
