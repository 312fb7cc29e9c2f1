"""The window among the desktop's others: its name for the task bar (``WM_CLASS``), full
screen by F11 on every screen and by the settings, and a sound setting that says when there
is no audio device."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game import driving
from game.app.i18n import tr
from game.app.settings import Settings
from game.app.window import App
from game.menus.form import ChoiceRow
from game.menus.settings import SettingsScene
from tests.helpers.apps import open_app, shut
from tests.helpers.paths import ROOT
from tests.helpers.replay import Replay, passed_out
from tests.helpers.screens import open_menu, step
from tests.helpers.table import Table

WINDOWED = (1280, 720)
#: What SDL names an X11 window after as the display starts.
WMCLASS_VARIABLE = "SDL_VIDEO_X11_WMCLASS"


def desktop() -> tuple[int, int]:
    """The screen full screen covers (the dummy driver's: 1024 x 768)."""
    return tuple(pygame.display.get_desktop_sizes()[0])  # type: ignore[return-value]


def press_f11(app: App) -> None:
    driving.key(pygame.K_F11, lambda: step(app, 2))


def row(scene: SettingsScene, key: str) -> ChoiceRow:
    found = next(r for r in scene.rows if r.key == key)
    assert isinstance(found, ChoiceRow)
    return found


# --- the window's name -----------------------------------------------------------------------


def test_the_window_is_named_tarot_before_the_display_starts(monkeypatch) -> None:
    """What a task bar shows comes from SDL_VIDEO_X11_WMCLASS as the display starts: pygame
    sets it to the script's name at its import (``__main__.py`` under ``python -m game``)."""
    monkeypatch.setenv(WMCLASS_VARIABLE, "__main__.py")
    seen: list[str | None] = []
    started = pygame.display.init

    def init() -> None:
        seen.append(os.environ.get(WMCLASS_VARIABLE))
        started()

    monkeypatch.setattr(pygame.display, "init", init)
    open_app()
    assert seen and all(name == "tarot" for name in seen)


@contextlib.contextmanager
def virtual_screen() -> Iterator[str]:
    """A private X server (Xvfb) on a free display; its name, e.g. ``:5``."""
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x800x24",
                               "-nolisten", "tcp"], pass_fds=(write,),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    try:
        with os.fdopen(read) as answer:
            number = answer.readline().strip()
        assert number, "Xvfb did not start"
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(10)


def x_window_class(display: str, title: str, limit: float = 60.0) -> str:
    """``xprop WM_CLASS`` of the window called ``title``, once it is on the screen (as a
    window manager reads it when the window appears)."""
    env = dict(os.environ, DISPLAY=display)

    def run(*command: str) -> str:
        return subprocess.run(command, env=env, capture_output=True, text=True,
                              check=False).stdout

    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        for line in run("xwininfo", "-root", "-tree").splitlines():
            window = line.split()[0] if f'"{title}"' in line else ""
            if window and "IsViewable" in run("xwininfo", "-id", window):
                return run("xprop", "-id", window, "WM_CLASS").strip()
        time.sleep(0.05)
    raise AssertionError(f"no window {title!r} appeared")


@pytest.mark.skipif(not all(shutil.which(tool) for tool in ("Xvfb", "xwininfo", "xprop")),
                    reason="needs Xvfb, xwininfo and xprop (Debian: xvfb x11-utils)")
@pytest.mark.parametrize("entry", [["-m", "game"], ["build/package/launcher.py"]],
                         ids=["python -m game", "the packaged program's launcher"])
def test_the_running_game_is_tarot_to_the_desktop(entry: list[str], tmp_path: Path) -> None:
    """The real program on a real X server: ``xprop`` reads its class as a task bar does."""
    with virtual_screen() as display:
        # the launcher's folder comes first on its path: the game is this checkout's
        env = dict(os.environ, DISPLAY=display, TAROT_HOME=str(tmp_path),
                   SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
        env.pop("SDL_VIDEODRIVER", None)
        env.pop(WMCLASS_VARIABLE, None)
        game = subprocess.Popen([sys.executable, *entry, "--lang", "en"], cwd=ROOT, env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            seen = x_window_class(display, tr("window_title", "en"))
        finally:
            game.terminate()
            game.wait(60)
        assert seen == 'WM_CLASS(STRING) = "tarot", "Tarot"'


# --- full screen ---------------------------------------------------------------------------


def test_f11_goes_full_screen_and_back_on_the_menu_and_the_settings() -> None:
    app = open_app(WINDOWED)
    menu = open_menu(app)
    press_f11(app)
    assert app.size == desktop() and app.full_screen.on
    assert menu.buttons[0].rect.centerx == int(desktop()[0] * 0.68)  # laid out anew
    assert Settings.load()[0].full_screen  # kept for the next start
    app.push(SettingsScene(app))
    step(app)
    settings = app.scene
    assert isinstance(settings, SettingsScene)
    assert row(settings, "full_screen").index == 0  # "On" is selected
    press_f11(app)
    assert app.size == WINDOWED and not app.full_screen.on
    assert settings.panel.centerx == WINDOWED[0] // 2
    assert row(settings, "full_screen").index == 1
    assert not Settings.load()[0].full_screen


def test_f11_at_the_table_lays_the_table_out_for_the_whole_screen() -> None:
    with Table(players=4) as table:
        table.settle()
        driving.key(pygame.K_F11, lambda: table.step(2))
        assert table.app.size == desktop()
        assert table.scene.layout.size == desktop()
        assert table.scene.layout.hand_rect.bottom <= desktop()[1]
        driving.key(pygame.K_F11, lambda: table.step(2))
        assert table.app.size == WINDOWED and table.scene.layout.size == WINDOWED


def test_f11_in_the_replay_viewer() -> None:
    with Replay.of(passed_out(4)) as viewer:
        driving.key(pygame.K_F11, lambda: viewer.step(2))
        w, h = desktop()
        assert viewer.app.size == (w, h)
        assert viewer.scene.side_rect.right == w and viewer.scene.bar_rect.bottom == h
        driving.key(pygame.K_F11, lambda: viewer.step(2))
        assert viewer.scene.side_rect.right == WINDOWED[0]


def test_the_full_screen_setting_is_saved_and_applied_at_the_next_start() -> None:
    app = open_app(WINDOWED)
    app.push(SettingsScene(app))
    step(app)
    scene = app.scene
    assert isinstance(scene, SettingsScene)
    full = row(scene, "full_screen")
    assert [choice.label(app) for choice in full.choices] == ["On", "Off"]
    driving.click(full.option_rects[0].center, lambda: step(app))
    assert app.full_screen.on and app.size == desktop()
    assert Settings.load()[0].full_screen
    shut(app)
    # the next start opens full screen; leaving it gives the window its own size back, and
    # the size kept for the start after is the window's, never the screen's
    Settings.load()[0].with_(window_size=(1100, 650)).save()
    again = App(Settings.load()[0])
    assert again.full_screen.on and again.size == desktop()
    shut(again)
    assert Settings.load()[0].window_size == (1100, 650)
    third = App(Settings.load()[0])
    press_f11(third)
    assert third.size == (1100, 650) and not Settings.load()[0].full_screen


# --- no audio device ---------------------------------------------------------------------------


@pytest.fixture
def no_audio_device(monkeypatch) -> None:
    """The mixer cannot start, as on a machine without a sound card."""
    def refused(*args: object, **kwargs: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", refused)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_sound_setting_says_there_is_no_audio_device(no_audio_device, lang: str) -> None:
    app = open_app(WINDOWED, sound=True, language=lang)
    assert not app.sounds.available
    app.push(SettingsScene(app))
    step(app)
    scene = app.scene
    assert isinstance(scene, SettingsScene)
    sound = row(scene, "sound")
    assert [choice.label(app) for choice in sound.choices] == [tr("sound_unavailable", lang)]
    assert not sound.enabled
    driving.click(sound.option_rects[0].center, lambda: step(app))
    driving.key(pygame.K_RIGHT, lambda: step(app))
    assert app.settings.sound  # kept for a start with a sound card
    assert scene.focus != scene.rows.index(sound)  # the keys pass over it


def test_the_tables_sound_button_says_there_is_no_audio_device(no_audio_device) -> None:
    with Table(players=4) as table:
        table.settle()
        button = table.scene.buttons["sound"]
        assert not button.enabled and button.icon == "sound_off"
        before = table.app.settings.sound
        table.click(button.rect.center)
        assert table.app.settings.sound == before
        assert table.scene.toast.text == tr("table_sound_unavailable")
