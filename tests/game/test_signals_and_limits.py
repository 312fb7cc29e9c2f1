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
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.actions import Bid
from engine.ai import make_bot
from engine.ai.thinker import BotSpec
from engine.match import Match
from engine.rules import load_rules
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
