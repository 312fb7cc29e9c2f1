"""Every command line of the project, run for real, with numbers out of range (huge,
negative, zero, NaN, infinite), wrong player counts and standard output that cannot be
written: one line naming the value and its range, exit status 2 for a usage error and 1 for
lost output — never a traceback, never a computation without end, nothing written in the
player's folders."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers.paths import RECORDS, ROOT

#: A run that takes longer is a computation without end (each case is refused at once).
TIMEOUT = 60
HUGE = "99999999999999999999"
RECORD = str(RECORDS / "four_players_garde.yaml")
BUILD = str(ROOT / "build" / "build.py")

#: (the command's arguments after ``python``, what its one line must say), for a usage error.
USAGE: list[tuple[list[str], str]] = [
    (["-m", "engine", "review", RECORD, "--seat", "0", "--samples", HUGE],
     "python -m engine review: error: argument --samples: expected a whole number from 2 to "
     f"4096, got {HUGE}"),
    (["-m", "engine", "review", RECORD, "--seat", "0", "--refine", "0"],
     "argument --refine: expected a whole number from 1 to 64, got 0"),
    (["-m", "engine", "review", RECORD, "--seat", "-1"],
     "argument --seat: expected a whole number from 0 to 4, got -1"),
    (["-m", "engine", "review", RECORD, "--seat", "0", "--seed", "nan"],
     "argument --seed: expected a whole number from 0 to 4611686018427387903, got 'nan'"),
    (["-m", "engine", "bench", "--players", "9"],
     "python -m engine bench: error: argument --players: expected 3, 4 or 5 players, got 9"),
    (["-m", "engine", "bench", "--seconds", "-1"],
     "argument --seconds: expected a number above 0 and at most 3600, got -1"),
    (["-m", "engine", "bench", "--seconds", "inf"], "got inf"),
    (["-m", "engine", "bench", "--seconds", "nan"], "got nan"),
    (["-m", "engine", "bench", "--check", HUGE],
     "argument --check: expected a whole number from 1 to 1000000"),
    (["-m", "engine", "bench", "--against", "/nowhere"],
     "argument --against: '/nowhere' is not a checkout of the game"),
    (["-m", "engine", "bench", "--players"], "argument --players: expected at least one"),
    (["-m", "engine", "score"], "the following arguments are required: FILE"),
    (["-m", "engine.ai.arena", "simple", "random", "--deals", HUGE],
     "python -m engine.ai.arena: error: argument --deals: expected a whole number from 1 to "
     "1000000"),
    (["-m", "engine.ai.arena", "simple", "random", "--budget", "nan"],
     "argument --budget: expected a number above 0 and at most 600, got nan"),
    (["-m", "engine.ai.arena", "simple", "random", "--jobs", "0"],
     "argument --jobs: expected a whole number from 1 to 64, got 0"),
    (["-m", "engine.ai.arena", "simple", "random", "--players", "2"], "3, 4 or 5 players, got 2"),
    (["-m", "engine.ai.arena.table", "simple", "--deals", "-3"],
     "argument --deals: expected a whole number from 1 to 1000000, got -3"),
    (["-m", "engine.ai.timing", "simple", "--decisions", "0"],
     "argument --decisions: expected a whole number from 1 to 100000, got 0"),
    (["-m", "engine.ai.timing", "simple", "--variant", "nope"], "variant 'nope' is not in"),
    (["-m", "engine.ai.verdict_bench", "--samples", "0"],
     "argument --samples: expected a whole number from 2 to 4096, got 0"),
    (["-m", "engine.ai.hand_values_fit", "--jobs", HUGE, "--dry-run"],
     "argument --jobs: expected a whole number from 1 to 64"),
    (["-m", "engine.ai.hand_values_fit", "--deals", "100", "--dry-run"],
     "argument --deals: expected a whole number from 2500 to 10000000, got 100"),
    (["-m", "engine.ai.calibrate", "--deals", "0"],
     "argument --deals: expected a whole number from 1 to 1000000, got 0"),
    (["-m", "engine.ai.calibrate", "--field", "genius"], "unknown bot 'genius'"),
    (["-m", "game.framebench", "--size", "0x0"],
     "argument --size: '0x0' is out of range (320x240 to 8192x8192)"),
    (["-m", "game.framebench", "--level", "genius"], "argument --level: invalid choice"),
    (["-m", "game.profilebench", "match", "--moves", "-1"],
     "argument --moves: expected a whole number from 1 to 10000, got -1"),
    (["-m", "game.profilebench", "history", "--deals", "0"],
     "argument --deals: expected a whole number from 1 to 100000, got 0"),
    ([BUILD, "--check", "--no-build", "--runs", "0"],
     "build.py: error: argument --runs: expected a whole number from 1 to 100, got 0"),
    ([BUILD, "--check", "--no-build", "--startup-budget", "nan"],
     "argument --startup-budget: expected a number above 0 and at most 1000, got nan"),
    ([BUILD, "--check", "--no-build", "--max-glibc", "-2.31"],
     "argument --max-glibc: expected a version like 2.35, got '-2.31'"),
    ([str(ROOT / "build" / "make_assets.py"), "--out", "/dev/null/sprites"],
     "make_assets.py: error: argument --out: cannot make the folder '/dev/null/sprites'"),
]

#: Commands whose standard output is ``/dev/full``: one line, exit status 1.
UNWRITTEN: list[list[str]] = [
    ["-m", "engine", "score", RECORD],
    ["-m", "engine", "--help"],
    ["-m", "engine", "review", RECORD, "--seat", "0", "--samples", "2", "--refine", "1"],
    ["-m", "engine", "bench", "--players", "3", "--seconds", "0.01"],
    ["-m", "engine.ai.arena", "simple", "random", "--deals", "1"],
    ["-m", "game.app.catalogs", "check"],
    [BUILD, "--help"],
]


def run(args: list[str], home: Path, full: bool = False) -> subprocess.CompletedProcess[str]:
    """``python ARGS`` with ``home`` for the player's folders; its standard output is
    ``/dev/full`` when ``full``."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               TAROT_HOME=str(home), PYGAME_HIDE_SUPPORT_PROMPT="1")  # pygame's hello
    with open(os.devnull if not full else "/dev/full", "w") as sink:
        try:
            return subprocess.run([sys.executable, *args], cwd=ROOT, env=env, text=True,
                                  stdout=sink if full else subprocess.PIPE,
                                  stderr=subprocess.PIPE, timeout=TIMEOUT, check=False)
        except subprocess.TimeoutExpired:
            return subprocess.CompletedProcess(args, -1, "", f"still running after {TIMEOUT} s")


def _name(args: list[str]) -> str:
    return " ".join(Path(a).name if a.startswith("/") else a for a in args)


def the_line(result: subprocess.CompletedProcess[str]) -> str:
    assert "Traceback" not in result.stderr, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


@pytest.mark.parametrize(("args", "words"), USAGE, ids=[_name(a) for a, _ in USAGE])
def test_a_usage_error_is_one_line_naming_the_value_and_its_range(
        home: Path, args: list[str], words: str) -> None:
    result = run(args, home)
    line = the_line(result)
    assert result.returncode == 2, line
    assert words in line, line
    assert result.stdout == ""
    assert not any(home.iterdir())


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
@pytest.mark.parametrize("args", UNWRITTEN, ids=[_name(a) for a in UNWRITTEN])
def test_output_that_cannot_be_written_is_one_line(home: Path, args: list[str]) -> None:
    result = run(args, home, full=True)
    line = the_line(result)
    assert result.returncode == 1, line
    assert line.endswith("error: cannot write the output: No space left on device"), line


def test_a_reader_that_stops_early_is_no_error() -> None:
    """``python -m engine score FILE | true``: the reader went before the outcome was
    written; that is the reader's choice, not a failure of the command."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    score = subprocess.Popen([sys.executable, "-m", "engine", "score", RECORD], cwd=ROOT,
                             env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True)
    assert score.stdout is not None and score.stderr is not None
    score.stdout.close()  # before anything is written: the write finds the pipe closed
    assert score.wait(timeout=TIMEOUT) == 0
    assert score.stderr.read() == ""
