"""Hundreds of window sizes in a row.

Dragging a window's corner gives it hundreds of sizes: each kept the card faces, the words
and a font (an open file) of every size it ever had, some 200 MB and 80 files after 300.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pygame
import pytest

from game.app import fonts
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

    assert assets._scaled.weight <= max(kept.CARD_BUDGET, kept.CARD_SCREENS * screen)
    assert assets._texts.weight <= max(kept.TEXT_BUDGET, kept.TEXT_SCREENS * screen)


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
