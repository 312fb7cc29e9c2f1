"""The game under hostile conditions: its processes stopped or interrupted, the system's limits
reached, its working folder removed. Each case is met where a player meets it — the real
program in a subprocess (signals, resource limits, environment), or the real table — and
after each the player's files are whole and as they were left.

What must show: a clear line naming what is wrong (on standard error, and on screen where the
window is up), never a traceback, never a hang, nothing lost.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from engine import speedups
from engine.actions import Bid
from engine.ai import make_bot
from engine.ai.thinker import BotSpec
from engine.match import Match
from engine.randomplay import random_action
from engine.rules import load_rules
from engine.saves import load_deal, load_match, save_match
from engine.views import view_for
from game.app.i18n import tr
from game.app.thinking import close_game_thinker, game_thinker
from tests.helpers.paths import ROOT
from tests.helpers.table import Table
from tests.helpers.thinking_bots import notes

PONDERING = "tests/helpers/thinking_bots.py:Pondering"
LINUX = sys.platform.startswith("linux")


def thinker_processes() -> list[int]:
    return [p.pid for p in multiprocessing.active_children()
            if p.name == "tarot-thinker" and p.pid is not None]


@pytest.fixture
def fresh_thinker() -> Iterator[None]:
    """The game's thinker started anew for the test, and ended after it (with any worker
    the test stopped)."""
    close_game_thinker()
    yield
    close_game_thinker()


# --- a worker stopped mid-thought, at the table -------------------------------------------------


@pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="no SIGSTOP here")
def test_a_bot_whose_thinking_is_stopped_plays_a_quick_move_and_the_table_says_so(
        tmp_path: Path, fresh_thinker: None) -> None:
    """East (seat 1) thinks in a worker process, which is stopped (SIGSTOP) mid-thought: the
    table does not wait for ever. The worker is replaced, East bids the club player's quick
    choice, the table tells why in words, and the deal goes on to the player's turn."""
    mark = tmp_path / "mark"
    match = Match.new(load_rules(), 3, 5, first_dealer=0)  # seat 1 speaks first
    thinker = game_thinker()
    thinker.ping, thinker.stall = 0.2, 1.0
    with Table(players=3, match=match, bot_players={
            1: BotSpec(PONDERING, options={"mark": str(mark)}), 2: BotSpec("simple", 2)}) as table:
        asked = view_for(match.current.state, 1)
        deadline = time.monotonic() + 60
        table.until(lambda: notes(mark) == ["start"] or time.monotonic() > deadline)
        assert notes(mark) == ["start"]
        stopped = thinker_processes()
        for pid in stopped:
            os.kill(pid, signal.SIGSTOP)
        try:
            table.until(lambda: len(match.current.events) > 1 or time.monotonic() > deadline)
            bid = match.current.events[1]
            assert bid.seat == 1 and Bid(bid.contract) == make_bot("simple", 5).decide(asked)
            assert table.scene.toast.text == tr("table_bot_silent", "en", name="East")
            table.until(lambda: table.controller.waiting_for_human()
                        or time.monotonic() > deadline)
            assert table.controller.waiting_for_human()
        finally:
            for pid in stopped:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)


# --- the real program --------------------------------------------------------------------------


def environment(home: Path, **more: str) -> dict[str, str]:
    return dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                TAROT_HOME=str(home), PYTHONPATH=str(ROOT), PYGAME_HIDE_SUPPORT_PROMPT="1",
                **more)


class Game:
    """``python -m game`` in a session of its own (so that Ctrl+C reaches its whole process
    group, as a terminal's does), under a resource limit if asked, its standard error read
    as it comes (a pipe: a file would be held to a file size limit too)."""

    def __init__(self, home: Path, args: list[str], cwd: Path = ROOT,
                 limit: tuple[int, int] | None = None) -> None:
        home.mkdir(parents=True, exist_ok=True)

        def limited() -> None:
            if limit is not None:
                import resource

                resource.setrlimit(limit[0], (limit[1], limit[1]))

        self.process = subprocess.Popen(
            [sys.executable, "-m", "game", *args], cwd=cwd, env=environment(home),
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, errors="replace",
            start_new_session=True, preexec_fn=limited if limit is not None else None)
        self._said: list[str] = []
        self._heard = threading.Thread(target=self._listen, daemon=True)
        self._heard.start()

    def _listen(self) -> None:
        assert self.process.stderr is not None
        self._said.extend(self.process.stderr)  # until the game and its workers are gone

    @property
    def stderr(self) -> str:
        return "".join(self._said)

    def wait(self, timeout: float = 60) -> int:
        try:
            status = self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.stop()
            raise AssertionError(f"the game hung: {self.stderr}") from None
        self._heard.join(timeout=10)  # all it said, its workers' last words included
        return status

    def interrupt(self) -> None:
        """Ctrl+C in the terminal: SIGINT to every process of the game's group."""
        os.killpg(self.process.pid, signal.SIGINT)

    def workers(self) -> list[int]:
        """The bots' worker processes (Linux: read from /proc)."""
        found = []
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            with contextlib.suppress(OSError):
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                if int(stat[1]) == self.process.pid and b"spawn_main" in (
                        entry / "cmdline").read_bytes():
                    found.append(int(entry.name))
        return found

    def started_workers(self) -> list[int]:
        """The workers past their start-up: one that is still starting changes to the game's
        working folder first, then loads the engine, whose compiled module is then mapped in
        its memory."""
        started = []
        for worker in self.workers():
            with contextlib.suppress(OSError):
                if b"_speedups" in Path(f"/proc/{worker}/maps").read_bytes():
                    started.append(worker)
        return started

    def until(self, condition: Callable[[], object], timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while not condition():
            if self.process.poll() is not None:
                raise AssertionError(f"the game stopped ({self.process.returncode}): "
                                     f"{self.stderr}")
            if time.monotonic() > deadline:
                raise AssertionError("timed out")
            time.sleep(0.02)

    def stop(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def left_behind(self) -> list[str]:
        """Processes of the game's group still there (zombies aside, which only wait for
        the system to collect them)."""
        listing = subprocess.run(["ps", "-o", "pid=,stat=", "-s", str(self.process.pid)],
                                 capture_output=True, text=True, check=False).stdout
        return [line for line in listing.splitlines() if "Z" not in line.split()[1]]


@pytest.fixture
def games() -> Iterator[list[Game]]:
    started: list[Game] = []
    yield started
    for game in started:  # a failed test must not leave a game running
        if game.process.poll() is None:
            game.stop()


#: How the game ends after Ctrl+C, as a shell counts it (130): exit status 130, or killed by
#: the signal itself, which Python does at its exit when a KeyboardInterrupt went through
#: code run from a string (a dataclass being made as a module loads), even once handled.
INTERRUPTED = (130, -signal.SIGINT)


def lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.strip()]


def saved_events(home: Path) -> list[object]:
    """The saved match's whole log; the file must load (never half written)."""
    match, _ = load_match(home / "data" / "current-match.json")
    return match.events()


def a_saved_match(home: Path, seed: int = 6) -> tuple[bytes, list[object]]:
    """A 4-player match under way, saved as the game saves it: its bytes and its log."""
    match = Match.new(load_rules(), 4, seed)
    rng = random.Random(seed)
    for _ in range(12):
        state = match.current.state
        match.execute(state.turn, random_action(state, rng))
    file = home / "data" / "current-match.json"
    file.parent.mkdir(parents=True, exist_ok=True)
    save_match(match, file, {"names": ["You", "East", "North", "West"], "bot_level": "simple",
                             "variant": "fft"})
    return file.read_bytes(), match.events()


def history(home: Path) -> list[Path]:
    kept = sorted((home / "data" / "history").glob("*.json"))
    for path in kept:
        assert load_deal(path)[0].is_over
    return kept


AUTOPLAY = ["--autoplay", "--players", "4", "--speed", "instant", "--deals", "1"]


@pytest.mark.skipif(not LINUX, reason="the workers are found through /proc")
def test_a_stopped_worker_never_stops_the_match(tmp_path: Path, games: list[Game]) -> None:
    """A worker stopped (SIGSTOP) while the match is played: the match goes on, the deal is
    played to the end and kept, one line says what happened, and the stopped process is not
    left behind."""
    game = Game(tmp_path, [*AUTOPLAY, "--level", "simple", "--seed", "4"])
    games.append(game)
    file = tmp_path / "data" / "current-match.json"
    game.until(lambda: file.exists() and len(saved_events(tmp_path)) > 3)  # bots have played
    stopped = game.workers()[0]
    os.kill(stopped, signal.SIGSTOP)
    assert game.wait() == 0, game.stderr
    said = lines(game.stderr)
    assert len(said) == 1 and "stopped answering" in said[0], said
    assert "Traceback" not in game.stderr
    assert len(history(tmp_path)) == 1
    assert saved_events(tmp_path)
    assert not game.left_behind()


@pytest.mark.skipif(not LINUX, reason="the workers are found through /proc")
def test_ctrl_c_while_the_bots_think_closes_as_the_close_button_does(
        tmp_path: Path, games: list[Game]) -> None:
    """Ctrl+C reaches the window and its workers: one line, exit status 130, every move
    saved before it is in the file, and nothing of the game is left running."""
    game = Game(tmp_path, ["--autoplay", "--players", "4", "--speed", "fast", "--seed", "9",
                           "--level", "expert"])
    games.append(game)
    file = tmp_path / "data" / "current-match.json"
    game.until(lambda: file.exists() and len(saved_events(tmp_path)) > 6 and game.workers())
    before = saved_events(tmp_path)
    game.interrupt()
    assert game.wait() in INTERRUPTED
    assert lines(game.stderr) == ["tarot: stopped by Ctrl+C"], game.stderr
    assert saved_events(tmp_path)[:len(before)] == before
    time.sleep(0.5)  # the workers end with the window
    assert not game.left_behind()


@pytest.mark.parametrize("after", [0.15, 0.4])
def test_ctrl_c_while_the_game_starts_says_one_line(tmp_path: Path, games: list[Game],
                                                    after: float) -> None:
    """Ctrl+C in the first half second, before the window is up: one line in the player's
    language, exit status 130, the saved match and the settings as they were."""
    match, _ = a_saved_match(tmp_path)
    settings = tmp_path / "config" / "settings.json"
    settings.parent.mkdir(parents=True)
    settings.write_text('{"language": "fr"}', encoding="utf-8")
    game = Game(tmp_path, [])
    games.append(game)
    time.sleep(after)
    game.interrupt()
    assert game.wait() in INTERRUPTED
    assert lines(game.stderr) == ["tarot : arrêté par Ctrl+C"], game.stderr
    assert (tmp_path / "data" / "current-match.json").read_bytes() == match
    assert settings.read_text(encoding="utf-8") == '{"language": "fr"}'


def test_no_file_may_grow_the_bots_think_all_the_same(tmp_path: Path, games: list[Game]) -> None:
    """``ulimit -f 0``: the workers start (nothing of theirs needs a file), the saved match
    is played on to the end of its deal, each save that cannot be written is said once, and
    the saved match is left exactly as it was."""
    import resource

    match, _ = a_saved_match(tmp_path)
    game = Game(tmp_path, ["--continue", "--autoplay", "--speed", "instant", "--deals", "1"],
                limit=(resource.RLIMIT_FSIZE, 0))
    games.append(game)
    assert game.wait() == 0, game.stderr
    assert "Traceback" not in game.stderr
    said = lines(game.stderr)
    assert said and all("File too large" in line for line in said), said
    assert (tmp_path / "data" / "current-match.json").read_bytes() == match
    assert not history(tmp_path)


@pytest.mark.parametrize("files", [14, 18])
def test_too_few_open_files_stop_the_game_in_one_line(tmp_path: Path, games: list[Game],
                                                      files: int) -> None:
    """``ulimit -n``: the game goes on where it can, or stops with one line naming the
    limit; never a traceback, and the saved match loads with every move saved before."""
    import resource

    _, before = a_saved_match(tmp_path)
    game = Game(tmp_path, ["--continue", "--autoplay", "--speed", "instant", "--deals", "1"],
                limit=(resource.RLIMIT_NOFILE, files))
    games.append(game)
    status = game.wait()
    assert "Traceback" not in game.stderr
    said = lines(game.stderr)
    assert status in (0, 1) and said, game.stderr
    if status == 1:
        assert said[-1] == (f"tarot: the game stopped: too many open files (the limit is "
                            f"{files}: ulimit -n); the match is kept as of its last save"), said
    assert saved_events(tmp_path)[:len(before)] == before


@pytest.mark.parametrize("megabytes", [120, 250])
def test_too_little_memory_stops_the_game_in_one_line_never_a_crash(
        tmp_path: Path, games: list[Game], megabytes: int) -> None:
    """``ulimit -v``: where the card faces cannot be loaded, or a card turned, the game
    stops with one line naming the limit (a smooth turn used to crash the whole process);
    never a native crash or a traceback, and the saved match loads with its moves."""
    import resource

    _, before = a_saved_match(tmp_path)
    game = Game(tmp_path, ["--continue", "--autoplay", "--speed", "instant", "--deals", "1",
                           "--size", "1920x1080"], limit=(resource.RLIMIT_AS, megabytes * 2**20))
    games.append(game)
    status = game.wait()
    assert status in (0, 1), (status, game.stderr)  # a signal (a segfault) is negative
    assert "Traceback" not in game.stderr and "Fatal" not in game.stderr, game.stderr
    if status == 1:
        assert lines(game.stderr)[-1] == (
            f"tarot: the game stopped: out of memory (the limit is {megabytes} MB: ulimit -v); "
            "the match is kept as of its last save"), game.stderr
    assert saved_events(tmp_path)[:len(before)] == before


TURN_WITHOUT_MEMORY = """
import resource, pygame
from tests.helpers.apps import open_app
from game.table.sprites import CardArt

app = open_app((1280, 720))
art = CardArt(app.assets)
art.image(21, 1600, 1.0, 0.0)  # the face at that width, kept
with open("/proc/self/status") as status:
    mapped = next(int(l.split()[1]) for l in status if l.startswith("VmSize")) * 1024
resource.setrlimit(resource.RLIMIT_AS, (mapped, resource.RLIM_INFINITY))
hog = []  # what is free inside the process taken too, down to the last small block
for size in (2**24, 2**20, 2**16):
    try:
        while True:
            hog.append(bytearray(size))
    except MemoryError:
        pass
del hog[-32:]  # some 2 MB back, for Python's own needs: a card turned needs 40
try:
    art.image(21, 1600, 1.0, 33.0)
except pygame.error as exc:
    print("refused:", exc)
"""


@pytest.mark.skipif(not LINUX, reason="the process's size is read from /proc")
def test_a_card_turned_without_memory_for_it_is_refused_not_a_crash() -> None:
    """Under a memory limit, a card of the table turned at an angle it was never drawn at:
    pygame's smooth turn wrote through a null pointer (a segmentation fault); the turn is
    now refused with pygame's own error, which the game can stop on."""
    result = subprocess.run([sys.executable, "-c", TURN_WITHOUT_MEMORY], cwd=ROOT,
                            env=environment(ROOT), capture_output=True, text=True, timeout=60,
                            check=False)
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.strip() == "refused: Out of memory"


@pytest.mark.skipif(not LINUX, reason="the workers are found through /proc")
@pytest.mark.skipif(speedups.MODULE is None,
                    reason="a worker's start-up is seen ended by the compiled engine it loads")
def test_the_working_folder_removed_under_a_running_game(tmp_path: Path,
                                                        games: list[Game]) -> None:
    """The folder the game was started from is removed, then a worker dies: its
    replacement starts all the same, and the deal is played to the end and kept."""
    folder = tmp_path / "started-here"
    folder.mkdir()
    home = tmp_path / "home"
    game = Game(home, [*AUTOPLAY, "--level", "simple", "--seed", "5"], cwd=folder)
    games.append(game)
    # A worker caught between its birth and its change of folder would stop on a folder that
    # is gone (and be replaced): what is tested here is the replacement of a worker that ran.
    game.until(lambda: len(game.started_workers()) == 2
               and (home / "data" / "current-match.json").exists())
    folder.rmdir()
    for worker in game.workers():
        os.kill(worker, signal.SIGKILL)
    assert game.wait() == 0, game.stderr
    assert "Traceback" not in game.stderr
    assert len(history(home)) == 1
    assert saved_events(home)


def test_the_window_shows_why_a_limit_stopped_the_game(
        home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A file that cannot be opened in the middle of a frame of the demo (the limit on open
    files reached): the window shows why before it closes, the terminal has the line, and
    the exit status is 1."""
    import errno

    from game import cli
    from game.app import farewell

    drawn: list[str] = []
    real = farewell.draw_paragraph
    monkeypatch.setattr(farewell, "draw_paragraph",
                        lambda surface, app, text, *rest: (drawn.append(text),
                                                           real(surface, app, text, *rest)))
    frames = {"count": 0}
    original = cli.Driver.__call__

    def no_file_left(self: cli.Driver, app: object) -> None:
        original(self, app)
        frames["count"] += 1
        if frames["count"] == 20:
            raise OSError(errno.EMFILE, "Too many open files")

    monkeypatch.setattr(cli.Driver, "__call__", no_file_left)
    monkeypatch.setattr(cli, "_version", lambda: "test")
    assert cli.main(["--demo", "--speed", "instant", "--lang", "fr"]) == 1
    problem = tr("limit_files", "fr")
    limits = resource_limits()
    if limits is not None:
        problem = tr("limit_set", "fr", what=problem, value=str(limits), option="n")
    assert drawn == [tr("limit_stop_screen", "fr", problem=problem)]
    assert capsys.readouterr().err.splitlines() == [
        tr("cli_limit_stop", "fr", prog="tarot", problem=problem)]


def resource_limits() -> int | None:
    """The limit on open files this process runs under, when there is one."""
    try:
        import resource
    except ImportError:
        return None
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return None if soft == resource.RLIM_INFINITY else soft
