"""The player's files under hostile conditions: the settings edited by hand while the game
runs.

The real program is run (``python -m game`` in a subprocess) or the real scene
driven. Each says what is wrong in one line, never a traceback, and after each the profile
is whole and as the player left it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.app import paths
from game.app.settings import Settings
from game.menus.settings import SettingsScene
from tests.helpers.apps import shut
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


