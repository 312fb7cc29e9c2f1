"""The suite never touches a player's files: a run started with ``TAROT_HOME`` (and ``HOME``,
``XDG_*``) pointing at a real profile leaves every byte of it, every file's time and the list of
its files as they were, though the tests it runs change settings, save matches and archive
deals."""

from __future__ import annotations

import datetime as _dt
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.match import Match
from engine.rules import load_rules
from engine.saves import save_match
from game.app import paths
from game.app.settings import Settings
from tests.helpers.history_deals import archive, play_deal
from tests.helpers.paths import ROOT

# tests that write what a player keeps: the settings, the saved match, the finished deals (the
# window title's test wrote the player's settings.json while the suite kept TAROT_HOME as found)
WRITERS = [
    "tests/game/test_i18n.py::test_the_window_title_speaks_the_players_language",
    "tests/game/test_menu.py::test_new_game_starts_the_table_with_the_choices_and_remembers_them",
    "tests/game/test_menu.py::test_settings_change_at_once_and_persist",
    "tests/game/test_menu.py::test_autosave_keeps_the_match_and_each_finished_deal",
    "tests/game/test_menu.py::test_finished_deals_are_listed_filtered_and_deleted",
]


def make_profile() -> None:
    """A player's profile where the environment says it is: settings that are not the
    defaults, a saved match, a finished deal in the history and a log."""
    Settings(player_name="Zoé", card_back="red", sound=True).save()
    save_match(Match.new(load_rules(), 4, seed=7), paths.current_match_file())
    archive(play_deal(4, 11), _dt.datetime(2026, 1, 2, 20, 15))
    paths.log_dir().mkdir(parents=True, exist_ok=True)
    paths.log_file().write_text("2026-01-02 20:15 the player's own log\n", encoding="utf-8")


def snapshot(folder: Path) -> dict[str, tuple[int, int, bytes | None]]:
    """Every file and folder under ``folder``: mode, modification time and bytes."""
    found = {}
    for path in sorted(folder.rglob("*")):
        info = path.lstat()
        data = path.read_bytes() if path.is_file() else None
        found[str(path.relative_to(folder))] = (info.st_mode, info.st_mtime_ns, data)
    return found


@pytest.mark.slow
def test_a_run_pointed_at_a_real_profile_leaves_it_byte_for_byte(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    world = tmp_path / "player"
    env = dict(os.environ, TAROT_HOME=str(world / "tarot-home"), HOME=str(world / "home"),
               XDG_CONFIG_HOME=str(world / "home" / ".config"),
               XDG_DATA_HOME=str(world / "home" / ".local" / "share"),
               XDG_STATE_HOME=str(world / "home" / ".local" / "state"),
               XDG_CACHE_HOME=str(world / "home" / ".cache"))
    for name in ("TAROT_HOME", "HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME",
                 "XDG_CACHE_HOME"):
        monkeypatch.setenv(name, env[name])
    make_profile()  # the profile TAROT_HOME names ...
    monkeypatch.delenv("TAROT_HOME")
    make_profile()  # ... and the one in the platform's folders, under HOME and XDG_*
    assert (world / "home" / ".config" / paths.APP_NAME / "settings.json").is_file()
    before = snapshot(world)

    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                          *WRITERS], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=600, check=False)

    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert f"{len(WRITERS)} passed" in run.stdout
    after = snapshot(world)
    assert sorted(after) == sorted(before), "files appeared or went"
    changed = [name for name in before if after[name] != before[name]]
    assert not changed, f"changed: {changed}"
