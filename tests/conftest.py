"""Test-wide setup: pygame must never look for a display or a sound card, and nothing a test
runs may read or write the player's own folders (settings, saves, history, logs) — whatever
``TAROT_HOME``, ``HOME`` or the ``XDG_*`` folders say when the tests start.

Every test gets a home of its own (``TAROT_HOME``), empty, and the run's ``HOME`` and
``XDG_*`` folders point into a folder of the run, so that even a test that looks for the
platform's folders (no ``TAROT_HOME``) finds only the run's.

The tests sit in folders by layer — ``engine/``, ``ai/``, ``game/`` and ``tools/`` (the
build, the assets, the architecture) — and each test of ``game/`` is marked ``gui``: it
drives pygame (with the dummy drivers). ``slow`` marks the few that take many seconds.
"""

from __future__ import annotations

import atexit
import gc
import os
import shutil
import sys
import tempfile
import weakref
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from game.app.window import App

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

# the run's own folder, gone when the run ends, so runs do not pile folders up
_RUN = Path(tempfile.mkdtemp(prefix="tarot-tests-"))
atexit.register(shutil.rmtree, _RUN, ignore_errors=True)
os.environ["TAROT_HOME"] = str(_RUN / "home")
os.environ["HOME"] = str(_RUN / "user")
for _name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
    os.environ[_name] = str(_RUN / "user" / _name.lower())


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.parent.name == "game":
            item.add_marker(pytest.mark.gui)


# every app the tests open, so that none outlives its test (see _apps_shut)
_OPENED: weakref.WeakSet[App] = weakref.WeakSet()
# how many objects the collection set aside (see pytest_collection_finish)
_FROZEN = 0


def pytest_collection_finish(session: pytest.Session) -> None:
    """Once the test modules are imported: what they made (modules, parameters) is set aside
    from the cycle collector, so that the full collection after each test that opened an
    app walks only what the test made; and, if the game's window is among the modules, each
    app built from now on is remembered, to be shut when its test ends."""
    gc.collect()
    gc.freeze()
    global _FROZEN
    _FROZEN = gc.get_freeze_count()
    window = sys.modules.get("game.app.window")
    if window is None:
        return
    from game.screens import install

    install()  # as every entry to the game does: the screens opened from below their owner
    built = window.App.__init__

    from game.match.writer import flush_all

    def remembered(self: App, *args: object, **kwargs: object) -> None:
        built(self, *args, **kwargs)
        _OPENED.add(self)

    stepped = window.App.step

    def step_and_flush(self: App, dt: float) -> None:
        # the saves a frame gives the writers are on the disk when the test looks: the
        # window never waits for them, the test does
        stepped(self, dt)
        flush_all()

    window.App.__init__ = remembered
    window.App.step = step_and_flush


@pytest.fixture(autouse=True)
def _apps_shut(home: Path) -> Iterator[None]:
    """An app a test leaves open is shut when it ends: its card art (some 50 MB) is freed
    now, not when the cycle collector gets round to it."""
    global _FROZEN
    yield
    tables = sys.modules.get("tests.helpers.table")
    for table in list(tables.OPEN if tables else ()):
        table.close()  # its bots stop thinking too
    if _OPENED:
        from tests.helpers.apps import shut

        for app in list(_OPENED):
            shut(app)
        _OPENED.clear()
        # an app and its scenes hold each other: they go in a full collection, which the
        # collector would otherwise run too seldom to stop closed apps piling up
        gc.collect()
    if gc.get_freeze_count() > _FROZEN:
        # the game's own start was run in this process (the self-test, --demo): it set its
        # window's memory aside from the collector, as it should; here the window is gone
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        _FROZEN = gc.get_freeze_count()


@pytest.fixture
def app(home: Path) -> App:
    """An app of 1280 x 720 with instant animations and no sound, shut after the test."""
    from tests.helpers.apps import open_app

    return open_app()


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The test's own profile: ``TAROT_HOME`` is the test's own temporary folder."""
    monkeypatch.setenv("TAROT_HOME", str(tmp_path))
    return tmp_path
