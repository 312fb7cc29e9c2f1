"""The real program started where it cannot show its window or write what it prints: no
display (as over ssh), a display that does not answer, a video driver that cannot start,
standard output that cannot be written. Each is one line naming what is wrong, never a
traceback or a game running unseen until killed, and the player's profile is left whole."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers.paths import RECORDS, ROOT
from tests.helpers.whole_profile import a_profile, snapshot

#: Long enough for a start-up on a busy machine; a game that runs unseen is stopped here.
TIMEOUT = 30


def start(args: list[str], home: Path, env: dict[str, str | None],
          stdout: object = subprocess.PIPE) -> subprocess.CompletedProcess[str]:
    """``python -m game ARGS`` with the environment changed by ``env`` (``None`` unsets)."""
    environment = dict(os.environ, SDL_AUDIODRIVER="dummy", TAROT_HOME=str(home))
    for name, value in env.items():
        if value is None:
            environment.pop(name, None)
        else:
            environment[name] = value
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, env=environment,
                          stdout=stdout, stderr=subprocess.PIPE, text=True, timeout=TIMEOUT,
                          check=False)  # type: ignore[call-overload]


def the_line(result: subprocess.CompletedProcess[str]) -> str:
    assert "Traceback" not in result.stderr, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


NO_DRIVER: dict[str, str | None] = {"SDL_VIDEODRIVER": None, "WAYLAND_DISPLAY": None,
                                    "XDG_RUNTIME_DIR": None}


@pytest.mark.skipif(sys.platform in ("darwin", "win32"), reason="there is always a display")
@pytest.mark.parametrize(("args", "display", "words"), [
    ([], None, "tarot : erreur : aucun écran trouvé : ni DISPLAY ni WAYLAND_DISPLAY"),
    (["--lang", "en"], None,
     "tarot: error: no display found: neither DISPLAY nor WAYLAND_DISPLAY is set"),
    (["--lang", "en"], ":59999", "tarot: error: no display found: nothing answers at "
                                 "DISPLAY=:59999"),
    (["replay", str(RECORDS / "four_players_garde.yaml"), "--lang", "en"], ":59999",
     "tarot: error: no display found: nothing answers at DISPLAY=:59999"),
])
def test_no_display_is_said_on_one_line_and_the_game_stops(
        home: Path, args: list[str], display: str | None, words: str) -> None:
    """Over ssh (no DISPLAY) or with a display that does not answer, SDL fell back to its
    offscreen driver and the game ran unseen until killed, printing nothing; and what the
    display libraries print while SDL looks (libwayland's complaint of an unset
    XDG_RUNTIME_DIR) is kept in the log, not on the terminal."""
    profile = a_profile(home)  # its settings speak French
    result = start(args, home, {**NO_DRIVER, "DISPLAY": display})
    assert result.returncode == 2
    assert the_line(result).startswith(words), result.stderr
    assert result.stdout == ""
    assert snapshot(home) == profile
    log = (home / "logs" / "tarot.log").read_text(encoding="utf-8")
    assert "no display: SDL fell back to its offscreen driver" in log


def test_a_video_driver_asked_for_is_honoured_or_named(home: Path) -> None:
    """``SDL_VIDEODRIVER=bogus`` was a traceback of fifteen lines; a driver that works is
    taken as it is, display or not (the tests run on ``dummy``)."""
    profile = a_profile(home)
    for args, words in (([], "tarot : erreur : le pilote vidéo bogus demandé par "
                             "SDL_VIDEODRIVER ne peut pas démarrer : bogus not available"),
                        (["--lang", "en"], "tarot: error: the video driver bogus asked for "
                                           "by SDL_VIDEODRIVER cannot start: bogus not "
                                           "available")):
        result = start(args, home, {"SDL_VIDEODRIVER": "bogus"})
        assert result.returncode == 2
        assert the_line(result) == words
        assert snapshot(home) == profile
    result = start(["--first-frame"], home, {"SDL_VIDEODRIVER": "dummy", "DISPLAY": None,
                                             "WAYLAND_DISPLAY": None})
    assert result.returncode == 0 and result.stderr == "", result.stderr


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
@pytest.mark.parametrize(("args", "words"), [
    (["--version"], "tarot : erreur : impossible d'écrire la sortie : "),
    (["--version", "--lang", "en"], "tarot: error: cannot write the output: "),
    (["--help"], "tarot : erreur : impossible d'écrire la sortie : "),
])
def test_output_that_cannot_be_written_is_one_line(home: Path, args: list[str],
                                                   words: str) -> None:
    """``tarot --version >/dev/full`` was an ``OSError`` traceback."""
    profile = a_profile(home)
    with open("/dev/full", "w") as full:
        result = start(args, home, {"SDL_VIDEODRIVER": "dummy"}, stdout=full)
    assert result.returncode == 1
    assert the_line(result).startswith(words), result.stderr
    assert snapshot(home) == profile


@pytest.mark.parametrize(("args", "words"), [
    (["--players", "9"], "argument --players: expected 3, 4 or 5 players, got 9"),
    (["--players", "9" * 5000], "argument --players: expected 3, 4 or 5 players, got '999"),
    (["--deals", "99999999999999999999", "--demo"],
     "argument --deals: expected a whole number from 1 to 100000, got 99999999999999999999"),
    (["--seed", "-1"], "argument --seed: expected a whole number from 0 to "),
    (["--size", "nanxinf"], "argument --size: expected WIDTHxHEIGHT, got 'nanxinf'"),
])
def test_numbers_out_of_range_are_named_with_their_range(home: Path, args: list[str],
                                                         words: str) -> None:
    profile = a_profile(home)
    result = start(args, home, {"SDL_VIDEODRIVER": "dummy"})
    assert result.returncode == 2
    line = the_line(result)
    assert line.startswith("tarot: error: ") and words in line, line
    assert len(line) < 200
    assert snapshot(home) == profile
