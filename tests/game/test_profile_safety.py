"""The player's files under hostile conditions: the lock file deleted under a running game,
no thread or process to be had, the settings edited by hand while the game runs, screenshots
on a full disk or in a folder that cannot be written.

The real program is run (``python -m game`` in a subprocess, with the limits a player may
meet: :mod:`tests.helpers.limits`) or the real scene driven. Each says what is wrong in one
line, never a traceback, and after each the profile is whole and as the player left it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from engine.saves import load_deal_file, load_match
from game.app import paths
from game.app.i18n import tr
from game.app.settings import Settings
from game.menus.settings import SettingsScene
from tests.helpers.apps import open_app, shut
from tests.helpers.limits import as_a_player
from tests.helpers.paths import ROOT
from tests.helpers.screens import click, step

ENV = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
#: A short match played by the bots alone, saved as the player's (exits by itself).
AUTOPLAY = ["--autoplay", "--deals", "1", "--players", "3", "--speed", "instant"]

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="resource limits are POSIX")


def game(args: list[str], home: Path, preexec: Callable[[], None] | None = None,
         timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT,
                          env=dict(os.environ, **ENV, TAROT_HOME=str(home)),
                          capture_output=True, text=True, timeout=timeout, check=False,
                          preexec_fn=preexec)


def one_line(result: subprocess.CompletedProcess[str]) -> str:
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    return lines[0]


def wait_for(condition: Callable[[], bool], seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "waited too long"
        time.sleep(0.02)


def saved_match_id() -> str:
    """The id of the match in progress, as its file says (the file read whole)."""
    _, meta = load_match(paths.current_match_file())
    return str(meta["match"])


def history_is_of(match_id: str) -> list[Path]:
    """The finished deals, each read whole; all of the match ``match_id``."""
    files = sorted(paths.history_dir().glob("*.json"))
    for file in files:
        assert load_deal_file(file).meta["match"] == match_id, file.name
    return files


# --- the lock file deleted under a running game --------------------------------------------------


def test_a_deleted_lock_file_lets_no_second_game_write_the_profile(home: Path) -> None:
    """A cleaner deletes ``tarot.lock`` under a running game: a second game is refused all
    the same, the first goes on saving, and its match is the one kept, whole."""
    first = subprocess.Popen(
        [sys.executable, "-m", "game", "--autoplay", "--players", "3", "--speed", "normal"],
        cwd=ROOT, env=dict(os.environ, **ENV, TAROT_HOME=str(home)),
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        wait_for(paths.current_match_file().exists)
        mine = saved_match_id()
        (paths.data_dir() / "tarot.lock").unlink()
        second = game(AUTOPLAY, home)
        assert second.returncode == 2, second.stderr
        assert "already open in another window" in one_line(second)
        before = paths.current_match_file().read_bytes()
        wait_for(lambda: paths.current_match_file().read_bytes() != before)  # saving on
        assert (paths.data_dir() / "tarot.lock").is_file()  # made again by the first
    finally:
        first.kill()
        first.wait()
    assert first.stderr is not None and "Traceback" not in first.stderr.read()
    assert saved_match_id() == mine
    assert not paths.replaced_match_files()  # nothing was put aside for a second match
    history_is_of(mine)


def test_a_game_whose_files_another_game_took_says_so_and_writes_nothing_there(
        home: Path) -> None:
    """The data folder replaced under a running table, and another game holding the new
    one: the table says, in the player's words, that nothing is saved any more, and writes
    nothing over the other game's files."""
    from engine.actions import Bid
    from game.app.lock import FolderLock, hold_profile
    from game.match.session import MatchSetup, open_table, start_match
    from game.match.writer import flush_all

    lock = FolderLock(paths.data_dir())
    assert lock.acquire()
    hold_profile(lock)
    app = open_app((1280, 720), language="fr")
    holder: subprocess.Popen[str] | None = None
    try:
        controller = start_match(app, MatchSetup(4, "random", "fft", ("A", "B", "C", "D"), 5))
        table = open_table(app, controller)
        step(app, 3)
        flush_all()
        assert paths.current_match_file().exists()
        paths.data_dir().rename(home / "data-moved")  # a sync tool puts a new folder there
        paths.data_dir().mkdir()
        holder = subprocess.Popen([sys.executable, "-c", f"""
import sys, time
sys.path.insert(0, {str(ROOT)!r})
from pathlib import Path
from game.app.lock import FolderLock
assert FolderLock(Path({str(paths.data_dir())!r})).acquire()
print("held", flush=True)
time.sleep(60)
"""], stdout=subprocess.PIPE, text=True)
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        theirs = {p.name: p.read_bytes() for p in paths.data_dir().iterdir()}
        shown: list[str] = []
        real_show = table.toast.show
        table.toast.show = lambda text, *a, **k: (shown.append(text),  # type: ignore
                                                  real_show(text, *a, **k))
        deadline = time.monotonic() + 60
        while not shown and time.monotonic() < deadline:
            app.step(1 / 60)
            if controller.waiting_for_human():
                controller.submit(Bid(None))
            time.sleep(0.005)
        assert shown == [tr("table_files_taken", "fr")], shown
        assert "fichiers" in shown[0]
        for _ in range(30):  # play goes on; nothing is written there
            app.step(1 / 60)
        flush_all()
        assert {p.name: p.read_bytes() for p in paths.data_dir().iterdir()} == theirs
        assert table.save_failing
        controller.shutdown()
    finally:
        hold_profile(None)
        lock.release()
        shut(app)
        if holder is not None:
            holder.kill()
            holder.wait()
    load_match(home / "data-moved" / "current-match.json")  # what it saved before is whole


# --- no thread or process to be had --------------------------------------------------------------


@posix_only
@pytest.mark.slow  # two sessions, some 5 s each
def test_with_no_thread_or_process_to_be_had_the_game_plays_and_saves_in_its_own(
        home: Path) -> None:
    """``ulimit -u`` at its lowest: the bots think and the match is saved in the frame's
    own thread; said once. The next session takes the match up where it was: no deal is
    played twice, none archived twice."""
    no_threads = as_a_player(RLIMIT_NPROC=1)
    first = game([*AUTOPLAY, "--seed", "5"], home, no_threads)
    assert first.returncode == 0, first.stderr
    assert "no more threads or processes" in one_line(first)
    mine = saved_match_id()
    [played] = history_is_of(mine)
    second = game(["--continue", "--autoplay", "--deals", "1", "--speed", "instant"], home,
                  no_threads)
    assert second.returncode == 0, second.stderr
    assert "no more threads or processes" in one_line(second)
    assert saved_match_id() == mine
    files = history_is_of(mine)
    assert len(files) == 2 and played in files
    hands = [load_deal_file(f).deal.events[0] for f in files]
    assert hands[0] != hands[1]  # a new deal, not the first one again
    _, meta = load_match(paths.current_match_file())
    assert len(meta["archived"]) >= 1


def test_with_few_threads_to_be_had_the_window_draws_without_gl(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A GL driver drawing in software (Mesa's llvmpipe, on a machine without a graphics
    card) starts a thread per processor and waits for ever for those it cannot have: the
    window froze at its first frame on a real display. With threads that scarce, the window
    draws without GL."""
    import threading

    def refused(self: threading.Thread) -> None:
        raise RuntimeError("can't start new thread")

    monkeypatch.delenv("SDL_FRAMEBUFFER_ACCELERATION", raising=False)
    monkeypatch.setattr(threading.Thread, "start", refused)
    app = open_app((1024, 600))
    try:
        app.step(1 / 60)
        assert os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "0"
    finally:
        shut(app)


# --- the settings edited by hand while the game runs ---------------------------------------------


def test_settings_edited_by_hand_while_the_game_runs_are_not_written_over(home: Path) -> None:
    Settings(player_name="Zoé", card_back="red").save()
    running = subprocess.Popen(
        [sys.executable, "-m", "game", *AUTOPLAY, "--seed", "3", "--lang", "fr",
         "--size", "1024x600"],
        cwd=ROOT, env=dict(os.environ, **ENV, TAROT_HOME=str(home)),
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        wait_for(paths.current_match_file().exists)  # the game is up and playing
        edited = json.loads(paths.settings_file().read_text(encoding="utf-8"))
        edited.update(player_name="Anaïs", four_colour=True, a_setting_of_tomorrow=1)
        text = json.dumps(edited, ensure_ascii=False, indent=4)
        paths.settings_file().write_text(text, encoding="utf-8")
        assert running.wait(timeout=60) == 0
    finally:
        running.kill()
        running.wait()
    assert running.stderr is not None and running.stderr.read() == ""
    assert paths.settings_file().read_text(encoding="utf-8") == text  # byte for byte


def test_a_setting_changed_in_the_game_keeps_what_was_edited_by_hand(app: object) -> None:
    from game.app.window import App

    assert isinstance(app, App)
    Settings(player_name="Zoé", card_back="blue").save()
    scene = SettingsScene(app)
    app.push(scene)
    step(app)
    edited = json.loads(paths.settings_file().read_text(encoding="utf-8"))
    edited.update(player_name="Anaïs", a_setting_of_tomorrow=[1, 2])
    paths.settings_file().write_text(json.dumps(edited), encoding="utf-8")
    row = next(r for r in scene.rows if r.key == "card_back")
    click(app, row.option_rects[[c.value for c in row.choices].index("red")].center)
    assert app.settings.card_back == "red"
    kept = json.loads(paths.settings_file().read_text(encoding="utf-8"))
    assert kept == {**edited, "card_back": "red"}
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    step(app)
    shut(app)  # the window closes at the size it opened: nothing more is written
    assert json.loads(paths.settings_file().read_text(encoding="utf-8")) == kept


# --- screenshots ---------------------------------------------------------------------------------


SHOTS = ["--demo", "--deals", "1", "--players", "4", "--speed", "instant", "--seed", "3",
         "--size", "1024x600", "--screenshot-dir"]


@posix_only
def test_screenshots_on_a_full_disk_are_whole_or_none_and_the_run_fails(home: Path) -> None:
    """No room for a picture (a limit on a file's size, as a full disk refuses it): none is
    left cut short, the run says so once and ends with a failure."""
    Settings(player_name="Zoé").save()
    before = paths.settings_file().read_bytes()
    shots = home / "shots"
    result = game([*SHOTS, str(shots)], home, as_a_player(RLIMIT_FSIZE=40_000))
    assert result.returncode == 1, result.stderr
    line = one_line(result)
    assert line.endswith(f"could not save a screenshot in {shots}: File too large"), line
    for left in shots.iterdir():  # no picture cut short, no temporary file
        assert left.suffix == ".png" and not left.name.startswith(".")
        pygame.image.load(str(left))
    assert paths.settings_file().read_bytes() == before


@posix_only
def test_screenshots_into_a_folder_that_cannot_be_written_are_refused_at_once(
        home: Path) -> None:
    shots = home / "shots"
    shots.mkdir()
    shots.chmod(0o555)
    try:
        result = game([*SHOTS, str(shots)], home, as_a_player(), timeout=30)
    finally:
        shots.chmod(0o755)
    assert result.returncode == 2
    assert one_line(result) == f"tarot: error: --screenshot-dir {shots}: Permission denied"
    assert not list(shots.iterdir())
    assert not paths.current_match_file().exists()


def test_the_game_as_a_player_cannot_write_where_a_player_could_not() -> None:
    """The helper itself: a child run as a player meets a folder's permissions (else the
    test above would pass for the wrong reason, as the superuser)."""
    if sys.platform == "win32":
        pytest.skip("resource limits are POSIX")
    folder = Path(paths.data_dir())
    folder.mkdir(parents=True)
    folder.chmod(0o555)
    try:
        probe = subprocess.run([sys.executable, "-c", f"open({str(folder / 'x')!r}, 'w')"],
                               preexec_fn=as_a_player(), capture_output=True, text=True,
                               check=False)
    finally:
        folder.chmod(0o755)
        shutil.rmtree(folder)
    assert probe.returncode == 1 and "PermissionError" in probe.stderr
