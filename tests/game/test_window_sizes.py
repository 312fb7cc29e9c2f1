"""Any size the window is given from outside, and hundreds of them in a row.

A window manager, a tiling desktop or a script may give the window any size, whatever
minimum the game asks for: 1 x 1 stopped the game at the score panel ("Invalid resolution
for Surface"), 20000 x 20000 at once ("Texture dimensions are limited to 16384x16384", then
"Surface is not initialized"). A window smaller than any screen is laid out for shows a card
that asks for a larger one, the game going on behind it; a larger one is asked back to the
largest size the game draws; and every screen comes back as it was once the window grows.

Dragging a window's corner gives it hundreds of sizes: each kept the card faces, the words
and a font (an open file) of every size it ever had, some 200 MB and 80 files after 300.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from engine.randomplay import random_action
from game.app import fonts, window
from game.app.window import App
from tests.helpers.apps import open_app, shut
from tests.helpers.replay import Replay, played_deal, quick_analysis
from tests.helpers.table import Table


def resize(app: App, size: tuple[int, int]) -> None:
    """The window given ``size`` from outside, and the events SDL posts for it, then a
    frame. A window manager need not heed the minimum size the game asks for."""
    real = getattr(app.window, "_real", app.window)  # past a driver's stand-in, below
    real.minimum_size = (1, 1)
    real.size = size
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]))
    pygame.event.post(pygame.event.Event(pygame.WINDOWRESIZED, x=size[0], y=size[1]))
    app.step(1 / 60)


def at_the_score(table: Table) -> None:
    """The player's deal played on (random choices) until its score panel shows."""
    rng = random.Random(5)
    controller = table.controller
    for _ in range(20_000):
        if controller.match.current.is_over and table.scene.score_panel is not None:
            break
        if controller.waiting_for_human() and table.scene.idle:
            assert controller.submit(random_action(controller.match.current.state, rng)) is None
        table.step()
    assert table.scene.score_panel is not None


def shows_the_too_small_card(app: App) -> bool:
    return app.screen.get_at((0, 0))[:3] == window.TOO_SMALL_BACKGROUND


def test_a_window_made_tiny_shows_a_card_and_comes_back_whole() -> None:
    """At the score panel, the window is made 1 x 1, then a strip, then a card-sized
    window: each shows the "too small" card (no traceback), the game going on behind it;
    back at 1280 x 720 the score panel is laid out for it and drawn inside the window."""
    table = Table(seed=3, size=(1280, 720))
    try:
        at_the_score(table)
        app = table.app
        panel = table.scene.score_panel
        for size in ((1, 1), (1, 600), (1024, 1), (10, 10), (319, 600)):
            resize(app, size)
            table.step(5)
            assert shows_the_too_small_card(app), size
            assert app.size == (1280, 720), "the screens keep the layout of the last size"
        resize(app, (300, 200))
        assert shows_the_too_small_card(app)
        words = [app.screen.get_at((x, 100))[:3] for x in range(300)]
        assert any(colour != window.TOO_SMALL_BACKGROUND for colour in words)
        resize(app, (1024, 600))
        table.step(3)
        assert app.size == (1024, 600) and not shows_the_too_small_card(app)
        assert table.scene.score_panel is panel
        assert pygame.Rect(0, 0, 1024, 600).contains(panel.rect)
    finally:
        table.close()


class _DriverLimit:
    """A window as the X11 driver gives it: no surface for a window over ``limit`` pixels
    wide or high ("Texture dimensions are limited"); when ``stubborn``, a window manager
    that does not let the game make the window smaller."""

    def __init__(self, real: pygame.Window, limit: int, stubborn: bool = False) -> None:
        object.__setattr__(self, "_real", real)
        object.__setattr__(self, "_limit", limit)
        object.__setattr__(self, "_stubborn", stubborn)
        object.__setattr__(self, "asked", [])

    def __getattr__(self, name: str) -> Any:
        return getattr(self._real, name)

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "size":  # the game asks for a size
            self.asked.append(value)
            if self._stubborn:
                return
        setattr(self._real, name, value)

    def get_surface(self) -> pygame.Surface:
        w, h = self._real.size
        if max(w, h) > self._limit:
            raise pygame.error(f"Texture dimensions are limited to {self._limit}x{self._limit}")
        return self._real.get_surface()


@pytest.fixture
def smaller_largest(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The largest size drawn made 1600 x 1000, the driver's limit 3000: the same trouble
    as 8192 and 16384, in memory a test can spend."""
    monkeypatch.setattr(window, "LARGEST", (1600, 1000), raising=False)  # none before
    yield


def test_a_window_made_huge_is_asked_back_to_what_can_be_drawn(smaller_largest: None) -> None:
    app = open_app((1280, 720))
    try:
        from game.menus.menu import MenuScene

        app.push(MenuScene(app))
        app.step(1 / 60)
        limited = _DriverLimit(app.window, 3000)
        app.window = limited  # type: ignore[assignment]
        resize(app, (20000, 20000))
        app.step(1 / 60)
        assert limited.asked[-1] == (1600, 1000)
        assert app.size == (1600, 1000) and app.screen.get_size() == (1600, 1000)
        resize(app, (1280, 720))
        assert app.size == (1280, 720)
        app.close()  # the size kept for the next start is one the window had
        assert app.settings.window_size == (1280, 720)
    finally:
        app.window = getattr(app.window, "_real", app.window)
        shut(app)


def test_a_window_kept_too_large_is_drawn_as_far_as_the_game_draws(smaller_largest: None
                                                                  ) -> None:
    """A window manager that keeps the window larger than the game draws (2500 x 2000,
    which the driver can give): the screen is laid out for the largest size, drawn in the
    window's corner, the rest left dark; a window it cannot give a surface for draws
    nothing until it has a size it can (no traceback)."""
    app = open_app((1280, 720))
    try:
        from game.menus.menu import MenuScene

        app.push(MenuScene(app))
        app.step(1 / 60)
        limited = _DriverLimit(app.window, 3000, stubborn=True)
        app.window = limited  # type: ignore[assignment]
        resize(app, (2500, 2000))
        app.step(1 / 60)
        assert app.size == (1600, 1000) and app.screen.get_size() == (1600, 1000)
        resize(app, (5000, 5000))  # refused to shrink, too large to draw
        app.step(1 / 60)
        assert app.size == (1600, 1000)
        resize(app, (1280, 720))
        assert app.size == (1280, 720) and app.screen.get_size() == (1280, 720)
    finally:
        app.window = getattr(app.window, "_real", app.window)
        shut(app)


# --- hundreds of sizes ----------------------------------------------------------------------


def _open_files() -> int:
    return len(os.listdir("/proc/self/fd"))


def _through_sizes(app: App, count: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(count):
        resize(app, (rng.randrange(1024, 1921), rng.randrange(600, 1081)))


def _bounded(app: App) -> None:
    assets = app.assets
    assert len(assets.shelf) <= fonts.KEPT_FONTS
    w, h = app.size
    screen = w * h * 4
    from game.app import assets as kept

    assert assets._scaled.weight <= min(kept.MOST_KEPT,
                                        max(kept.CARD_BUDGET, kept.CARD_SCREENS * screen))
    assert assets._texts.weight <= min(kept.MOST_KEPT,
                                       max(kept.TEXT_BUDGET, kept.TEXT_SCREENS * screen))


@pytest.mark.skipif(not Path("/proc/self/fd").exists(), reason="counts /proc/self/fd (Linux)")
def test_hundreds_of_window_sizes_keep_neither_files_nor_every_size(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """60 sizes at the table, the replay and the menu: not a file more open (a font was
    opened for each size), and what is kept of the cards, the words and the fonts within
    its bounds (the faces of every width were kept)."""
    from game.menus.menu import MenuScene

    quick_analysis(monkeypatch)
    table = Table(seed=2, size=(1280, 720))
    try:
        table.settle()
        before = _open_files()
        _through_sizes(table.app, 60, 1)
        assert _open_files() <= before
        _bounded(table.app)
    finally:
        table.close()
    with Replay.of(played_deal(4, 3)) as replay:
        replay.step(3)
        before = _open_files()
        _through_sizes(replay.app, 60, 2)
        assert _open_files() <= before
        _bounded(replay.app)
    app = open_app((1280, 720))
    try:
        app.push(MenuScene(app))
        app.step(1 / 60)
        before = _open_files()
        _through_sizes(app, 60, 3)
        assert _open_files() <= before
        _bounded(app)
    finally:
        shut(app)
