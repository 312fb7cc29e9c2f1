"""``python -m game``: the demo plays whole deals and quits by itself on the dummy drivers;
bad arguments are refused on one line with exit status 2."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game import cli

ROOT = Path(__file__).resolve().parent.parent


def run_game(args: list[str], home: Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               TAROT_HOME=str(home))
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout, check=False)


def exit_code(args: list[str]) -> int | str | None:
    try:
        return cli.main(args)
    except SystemExit as stop:  # argparse stops this way
        return stop.code


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_demo_plays_three_deals_and_exits_cleanly(players: int, tmp_path: Path) -> None:
    result = run_game(["--demo", "--deals", "3", "--players", str(players), "--speed", "instant",
                       "--seed", str(40 + players)], tmp_path)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    # the demo leaves the player's files alone: no saved match, no history
    assert not (tmp_path / "data" / "current-match.json").exists()
    assert not (tmp_path / "data" / "history").exists()


def test_the_demo_takes_screenshots_when_asked(tmp_path: Path) -> None:
    shots = tmp_path / "shots"
    result = run_game(["--demo", "--deals", "1", "--players", "4", "--speed", "instant",
                       "--seed", "3", "--size", "1024x600", "--screenshot-dir", str(shots)],
                      tmp_path)
    assert result.returncode == 0, result.stderr
    names = sorted(p.name for p in shots.glob("*.png"))
    assert any("playing" in name for name in names), names
    assert any("finished" in name for name in names), names


def test_a_bad_variant_is_refused_on_one_line(tmp_path: Path) -> None:
    result = run_game(["--variant", "nope"], tmp_path, timeout=60)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "nope" in lines[0] and "fft" in lines[0]
    assert result.stdout == ""


@pytest.mark.parametrize("args", [["--players", "6"], ["--size", "big"], ["--deals", "0"],
                                  ["--level", "genius"], ["--speed", "warp"], ["--lang", "de"]])
def test_bad_arguments_exit_2_with_one_line(args: list[str], capsys: pytest.CaptureFixture[str]
                                            ) -> None:
    assert exit_code(args) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("tarot: error:")


def test_a_broken_rules_file_is_refused_on_one_line(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    import engine.rules

    bad = tmp_path / "rules.yaml"
    bad.write_text("rules:\n  targets: [1, 2\n", encoding="utf-8")
    monkeypatch.setattr(engine.rules, "default_rules_path", lambda: bad)
    monkeypatch.setenv("TAROT_HOME", str(tmp_path))
    assert exit_code(["--demo"]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1
    assert "rules.yaml" in lines[0] and "YAML" in lines[0]


def test_window_size_parsing() -> None:
    assert cli.window_size("1280x720") == (1280, 720)
    assert cli.window_size("1024X600") == (1024, 600)
    with pytest.raises(Exception, match="WIDTHxHEIGHT"):
        cli.window_size("1280")


class SleepyBot:
    """A bot that thinks for a long time (and then gives up)."""

    name = "sleepy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def decide(self, view: object) -> object:
        time.sleep(10)
        raise RuntimeError("too slow")


def test_closing_the_window_quits_at_once_while_a_bot_thinks(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import pygame

    from engine.ai import registry

    monkeypatch.setenv("TAROT_HOME", str(tmp_path))
    monkeypatch.setitem(registry.BOTS, "sleepy", SleepyBot)
    frames = {"count": 0}
    original = cli.Driver.__call__

    def close_soon(self: cli.Driver, app: object) -> None:
        original(self, app)
        frames["count"] += 1
        if frames["count"] == 30:  # by now a bot is thinking
            assert self.controller is not None and self.controller.is_thinking()
            pygame.event.post(pygame.event.Event(pygame.QUIT))

    monkeypatch.setattr(cli.Driver, "__call__", close_soon)
    start = time.monotonic()
    assert cli.main(["--demo", "--level", "sleepy", "--speed", "instant"]) == 0
    assert time.monotonic() - start < 8
    assert frames["count"] >= 30


def test_command_line_choices_are_not_saved_as_settings(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from game.settings import Settings

    monkeypatch.setenv("TAROT_HOME", str(tmp_path))
    Settings(language="en", animation_speed="slow", window_size=(1280, 720)).save()
    assert cli.main(["--demo", "--deals", "1", "--players", "3", "--lang", "fr",
                     "--speed", "instant", "--size", "1024x600", "--seed", "8"]) == 0
    saved, problems = Settings.load()
    assert not problems
    assert (saved.language, saved.animation_speed, saved.window_size, saved.players) == (
        "en", "slow", (1280, 720), 4)
