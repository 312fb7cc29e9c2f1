"""A match killed at any moment carries on from exactly its last save.

The real game runs as a subprocess on the dummy drivers with every file in a temporary
TAROT_HOME: ``--autoplay`` puts a bot in the player's seat too, so a normal, autosaving match
plays by itself (the demo saves nothing). The test kills it with SIGKILL three times, at
different moments, each time taking the match up again with ``tarot --continue --autoplay``:

1. in the first deal in play, once its log has 20 events or more;
2. after the continued match has moved on by 30 events or more;
3. while a save is being written (as soon as the save's temporary file is seen beside it:
   the game saves after every move, so this happens within a second).

While the game runs, every read of the saved match must load (a save is never seen half
written) and must start with the log saved before (nothing already saved is ever rewritten).
After each kill the file loads, the menu's way of continuing (``read_saved_match`` then
``resume_match``, in this process) gives a match whose log is exactly the saved one and that
plays on from there, and the next run's saves start with the killed run's log. A last run
plays the deal in progress to the end and quits by itself (``--deals 1``).
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from engine.events import Event
from engine.match import Match
from engine.randomplay import random_action
from engine.rules import load_rules
from engine.saves import SaveError, load_deal, load_match, save_match
from game.app import paths
from game.app.window import App
from game.match.autosave import Autosave
from game.match.session import read_saved_match, resume_match
from tests.helpers.apps import open_app, shut
from tests.helpers.paths import ROOT

TIMEOUT = 60.0
GAME = [sys.executable, "-m", "game", "--speed", "instant"]


def environment(home: Path) -> dict[str, str]:
    return dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                TAROT_HOME=str(home), PYGAME_HIDE_SUPPORT_PROMPT="1")


def log_of(match: Match) -> list[Event]:
    return match.events()


class Game:
    """The game as a subprocess, watched through its saved match."""

    def __init__(self, home: Path, *args: str) -> None:
        self.home = home
        self.file = home / "data" / "current-match.json"
        home.mkdir(parents=True, exist_ok=True)
        self.errors = home / f"stderr-{time.monotonic_ns()}.txt"
        with self.errors.open("wb") as err:  # a file: a full pipe would stall the game
            self.process = subprocess.Popen([*GAME, *args], cwd=ROOT, env=environment(home),
                                            stdout=subprocess.DEVNULL, stderr=err)
        self.reads = 0

    def saved(self) -> Match | None:
        """The saved match as it is now; ``None`` before the first save. A file that does not
        load fails the test: a save must never be seen half written."""
        try:
            match, _ = load_match(self.file)
        except SaveError as exc:
            # missing when read: not saved yet (the first save may land just after the read,
            # so asking whether the file exists now would not tell)
            if exc.key == "no_such_file":
                return None
            raise
        self.reads += 1
        return match

    def wait_for(self, wanted: Callable[[Match], bool], since: list[Event]) -> Match:
        """Poll the save until ``wanted``; every save read must extend ``since``."""
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            self.check_running()
            match = self.saved()
            if match is not None:
                events = log_of(match)
                assert events[:len(since)] == since, "a saved move was rewritten"
                if wanted(match):
                    return match
            time.sleep(0.002)
        raise AssertionError("the match did not get there in time")

    def kill_during_a_save(self, since: int) -> bool:
        """SIGKILL as soon as a save's temporary file shows, once the match has ``since`` or
        more events. Returns whether a temporary file was still there after the kill."""
        folder = self.file.parent
        deadline = time.monotonic() + TIMEOUT
        moved = False
        while time.monotonic() < deadline:
            self.check_running()
            if not moved:
                match = self.saved()
                moved = match is not None and len(log_of(match)) > since
                continue
            if any(name.endswith(".tmp") for name in os.listdir(folder)):
                self.kill()
                return any(name.endswith(".tmp") for name in os.listdir(folder))
        self.kill()  # no save caught in the act: the kill still happens mid-play
        return False

    def check_running(self) -> None:
        if self.process.poll() is not None:
            raise AssertionError(f"the game stopped by itself ({self.process.returncode}): "
                                 f"{self.stderr()}")

    def stderr(self) -> str:
        return self.errors.read_text(encoding="utf-8", errors="replace")

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=TIMEOUT)
        assert self.process.returncode == -signal.SIGKILL

    def stop(self) -> None:
        if self.process.poll() is None:
            self.kill()


@pytest.fixture
def games() -> Iterator[list[Game]]:
    started: list[Game] = []
    yield started
    for game in started:  # a failed test must not leave a game running
        game.stop()


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """A window for resuming in this process; its saves go to a folder of their own."""
    monkeypatch.setenv("TAROT_HOME", str(tmp_path / "in-process"))
    window = open_app((1024, 600))
    yield window
    shut(window)


def resume_here(app: App, file: Path, saved: list[Event]) -> None:
    """Continue the saved match as the menu does; it must start at exactly the saved log and
    play on from it (the player's seat played by random legal moves)."""
    before = (file.read_bytes(), file.stat().st_mtime_ns)
    match = read_saved_match(file).match
    assert (file.read_bytes(), file.stat().st_mtime_ns) == before  # reading never writes
    controller = resume_match(app, read_saved_match(file))
    try:
        assert log_of(controller.match) == saved
        deal = controller.match.current
        assert deal.events == match.current.events
        assert len(deal.events) == len(match.current.events)
        rng = random.Random(len(saved))
        deadline = time.monotonic() + TIMEOUT
        while len(log_of(controller.match)) < len(saved) + 12 and time.monotonic() < deadline:
            if controller.match.current.is_over:
                controller.next_deal()
            elif controller.waiting_for_human():
                state = controller.match.current.state
                assert controller.submit(random_action(state, rng)) is None
            controller.update()
            time.sleep(0.001)
        played_on = log_of(controller.match)
        assert len(played_on) >= len(saved) + 12
        assert played_on[:len(saved)] == saved
        kept, _ = load_match(paths.current_match_file())  # this process's own autosave
        assert log_of(kept)[:len(saved)] == saved
    finally:
        controller.shutdown()
    assert (file.read_bytes(), file.stat().st_mtime_ns) == before


def after_the_kill(app: App, game: Game, since: list[Event]) -> list[Event]:
    """The killed game's save loads and extends ``since``; it resumes here exactly."""
    match, meta = load_match(game.file)
    saved = log_of(match)
    assert saved[:len(since)] == since
    assert meta["names"][0] == "You" and meta["bot_level"] == "simple"
    resume_here(app, game.file, saved)
    return saved


@pytest.mark.slow
def test_a_killed_match_carries_on_from_its_last_save(tmp_path: Path, app: App,
                                                      games: list[Game]) -> None:
    home = tmp_path / "home"
    start = time.monotonic()

    # 1. a new match, killed in its first deal in play
    game = Game(home, "--autoplay", "--players", "4", "--seed", "7")
    games.append(game)
    match = game.wait_for(lambda m: len(m.current.events) >= 20 and not m.current.is_over, [])
    game.kill()
    saved = after_the_kill(app, game, log_of(match))
    assert len(saved) >= 20

    # 2. taken up again, killed once it has moved on by 30 events
    game = Game(home, "--continue", "--autoplay")
    games.append(game)
    moved = game.wait_for(lambda m: len(log_of(m)) >= len(saved) + 30, saved)
    game.kill()
    saved = after_the_kill(app, game, log_of(moved))
    assert len(saved) >= len(log_of(match)) + 30

    # 3. taken up again, killed while it writes a save
    game = Game(home, "--continue", "--autoplay")
    games.append(game)
    caught = game.kill_during_a_save(len(saved))
    before = saved
    saved = after_the_kill(app, game, saved)
    assert len(saved) > len(before)
    leftovers = [p.name for p in game.file.parent.iterdir() if p.name.endswith(".tmp")]
    assert not caught or leftovers  # the half-written save stayed beside the good file

    # 4. the last run plays on to the end of a deal and quits by itself
    game = Game(home, "--continue", "--autoplay", "--deals", "1")
    games.append(game)
    assert game.process.wait(timeout=TIMEOUT) == 0, game.stderr()
    assert "Traceback" not in game.stderr()
    final, _ = load_match(game.file)
    assert log_of(final)[:len(saved)] == saved
    assert len(log_of(final)) > len(saved)
    history = sorted((home / "data" / "history").glob("*.json"))
    assert history, "no finished deal was kept"
    for path in history:
        deal, _ = load_deal(path)
        assert deal.is_over
    assert sum(g.reads for g in games) > 3
    assert time.monotonic() - start < 4 * TIMEOUT


# --- a save cut short -------------------------------------------------------------------------
# engine.saves is tested for an interrupted write (tests/engine/test_saves.py); here the game's own
# autosave: play goes on, the previous save stays, and a temporary file left by a kill does not
# get in the way of continuing.


def played(seed: int, moves: int) -> Match:
    """A 4-player match whose current deal has ``moves`` events or more and is in play."""
    match = Match.new(load_rules(), 4, seed)
    rng = random.Random(seed)
    while len(match.current.events) < moves or match.current.is_over:
        if match.current.is_over:
            match.next_deal()
            continue
        state = match.current.state
        match.execute(state.turn, random_action(state, rng))
    return match


def test_an_autosave_cut_short_keeps_the_last_good_save(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TAROT_HOME", str(tmp_path))
    match = played(3, 10)
    save = Autosave({"names": ["You", "East", "North", "West"], "bot_level": "simple",
                     "variant": "fft"}, match)
    save(match)
    file = paths.current_match_file()
    good = file.read_bytes()
    before = log_of(match)
    state = match.current.state
    match.execute(state.turn, random_action(state, random.Random(1)))

    def power_cut(*args: object) -> None:
        raise OSError(5, "Input/output error")

    with monkeypatch.context() as patch:
        patch.setattr(os, "replace", power_cut)
        save(match)  # must not raise: the game goes on
    assert save.error is not None and "Input/output error" in save.error
    assert file.read_bytes() == good
    assert [p.name for p in file.parent.iterdir()] == ["current-match.json"]
    assert log_of(read_saved_match(file).match) == before
    save(match)  # the next save works again
    assert save.error is None
    assert log_of(read_saved_match(file).match) == log_of(match)


def test_a_temporary_file_left_by_a_kill_is_ignored(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TAROT_HOME", str(tmp_path))
    match = played(4, 25)
    file = paths.current_match_file()
    save_match(match, file, {"names": ["You", "East", "North", "West"]})
    text = file.read_text(encoding="utf-8")
    stray = file.parent / f".{file.name}.k1ll3d.tmp"
    stray.write_text(text[: len(text) // 2], encoding="utf-8")  # a write stopped half way
    saved = read_saved_match(file)
    assert log_of(saved.match) == log_of(match)
    state = match.current.state
    match.execute(state.turn, random_action(state, random.Random(2)))
    Autosave({"names": saved.names}, match)(match)
    assert log_of(read_saved_match(file).match) == log_of(match)
    assert stray.read_text(encoding="utf-8") == text[: len(text) // 2]
