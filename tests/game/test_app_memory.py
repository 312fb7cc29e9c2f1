"""Apps built and closed free what they held: only the game's own window sets memory aside
from the cyclic collector (a test, a script or the replay of another window never does), so
that a suite building hundreds of tables stays small."""

from __future__ import annotations

import gc
import os
import weakref
from pathlib import Path

import pytest

from engine.deal import Deal
from engine.rules import load_rules
from game.app.window import Scene
from game.replay.viewer import ReplayInfo, ReplayScene
from tests.helpers.apps import open_app, shut
from tests.helpers.table import Table


def _resident() -> int:
    """This process's resident memory, in bytes (Linux)."""
    pages = Path("/proc/self/statm").read_text(encoding="ascii").split()[1]
    return int(pages) * os.sysconf("SC_PAGE_SIZE")


def test_no_window_but_the_games_sets_memory_aside_from_the_collector():
    before = gc.get_freeze_count()
    table = Table(seed=3)
    table.settle()
    table.close()
    app = open_app((1024, 600))
    try:
        deal = Deal.new(load_rules(), 4, 3, 5)
        app.push(ReplayScene(app, ReplayInfo(deal, ["A", "B", "C", "D"])))
        app.step(1 / 60)
        assert not app.settles_memory
    finally:
        shut(app)
    # nothing was set aside: the count may only fall (an object set aside by an earlier
    # test's game window, such as a closed thinker that this replay's analysis replaces,
    # can be freed meanwhile), never rise
    assert gc.get_freeze_count() <= before


@pytest.mark.skipif(not Path("/proc/self/statm").exists(), reason="reads /proc (Linux)")
def test_tables_built_and_closed_in_a_loop_do_not_pile_up():
    """Twenty tables, each played to the player's first decision and closed: with the
    collector's freeze in the app's constructor each kept its 50 MB of card art (1 GB)."""
    Table(seed=1).close()  # the caches that live for the run (fonts, the catalogs)
    gc.collect()
    start = _resident()
    for seed in range(20):
        table = Table(seed=seed, size=(1280, 720))
        table.settle()
        table.close()
        del table
        gc.collect()
    grown = _resident() - start
    assert grown < 300 * 1024 * 1024, f"{grown / 1024 / 1024:.0f} MB kept by closed tables"


def test_the_games_window_frees_a_closed_replay_and_sets_aside_what_lives_on():
    """In the game's own window a replay's states are set aside while it is open; once it
    is closed and a frame has passed, they are freed and the rest is set aside again."""
    app = open_app((1024, 600))
    app.settles_memory = True
    try:
        app.push(Scene(app))  # the screen under the replay
        app.settle_memory()
        deal = Deal.new(load_rules(), 4, 3, 5)
        scene = ReplayScene(app, ReplayInfo(deal, ["A", "B", "C", "D"]))
        app.push(scene)
        app.step(1 / 60)
        assert gc.get_freeze_count() > 0
        gone = weakref.ref(scene)
        app.pop()
        del scene
        app.step(1 / 60)  # the frame the replay closes in, then the settle after it
        assert gone() is None, "the closed replay is still held"
        assert gc.get_freeze_count() > 0 and not app.after_frame
    finally:
        gc.unfreeze()
        shut(app)
