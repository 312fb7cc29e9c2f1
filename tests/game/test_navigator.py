"""The navigator: the few screens a part of the game opens in a part above it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from game.app.navigator import NAVIGATOR, Navigator, NoScreen, Screen
from game.screens import install

if TYPE_CHECKING:
    from game.app.window import App


def test_a_screen_nobody_provides_is_a_clear_error() -> None:
    with pytest.raises(NoScreen, match=r"settings screen: game\.screens\.install"):
        Navigator().open_settings(object())  # type: ignore[arg-type]


def test_the_root_provides_every_screen() -> None:
    install()
    for screen in Screen:
        assert NAVIGATOR._opener(screen) is not None


def test_the_settings_and_the_rules_open_through_it(app: App) -> None:
    from game.menus.rules import RulesScene
    from game.menus.settings import SettingsScene

    app.navigator.open_settings(app)
    assert isinstance(app.scene, SettingsScene)
    app.navigator.open_rules(app)
    assert isinstance(app.scene, RulesScene)
