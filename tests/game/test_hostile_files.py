"""A player's files damaged or made hostile, opened the way a player opens them.

A kept deal whose variation holds a word of 5,000 letters, or a saved match whose version is
one, aborted the whole game (``free(): invalid next size``): the word went whole into the
line that names the problem, which was drawn as one line hundreds of thousands of pixels
wide. Nothing read from a file reaches the screen unbounded now, and the fuzz below opens
hundreds of damaged copies of a kept deal and of a saved match through Finished deals, the
replay, Statistics and Continue, in one process, as a player would.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.app import paths
from tests.helpers.apps import open_app, shut
from tests.helpers.fuzz import LONG, profile_texts, watch_text
from tests.helpers.paths import ROOT

WORD = "W" * LONG


def _run(args: list[str], home: Path, timeout: float = 120, **env: str
         ) -> subprocess.CompletedProcess[str]:
    environment = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                       TAROT_HOME=str(home), **env)
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=environment,
                          capture_output=True, text=True, timeout=timeout, check=False)


def _a_saved_match_of_version(version: object) -> Path:
    _, match_text = profile_texts()
    file = paths.current_match_file()
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(json.dumps({**json.loads(match_text), "version": version}),
                    encoding="utf-8")
    return file


@pytest.mark.parametrize("pure", ["", "1"])
def test_continue_names_a_saved_match_whose_version_is_a_long_word_on_one_short_line(
        home: Path, pure: str) -> None:
    file = _a_saved_match_of_version(WORD)
    before = file.read_bytes()
    result = _run(["-m", "game", "--continue"], home, TAROT_PURE_PYTHON=pure)
    lines = result.stderr.strip().splitlines()
    assert result.returncode == 2 and len(lines) == 1, result.stderr[:500]
    assert lines[0].startswith(f"tarot: {file}: version 'WWWW") and len(lines[0]) < 300
    assert file.read_bytes() == before


def _a_kept_deal_with_long_words() -> tuple[Path, Path]:
    """A kept deal whose variation's events hold a 5,000-letter word (as an event's kind
    and as a card), and a copy of it whose own events hold one (as a seat)."""
    deal_text, _ = profile_texts()
    folder = paths.history_dir()
    folder.mkdir(parents=True, exist_ok=True)
    document = json.loads(deal_text)
    first, second = document["variations"]
    first["events"][0]["event"] = WORD
    second["events"][0]["card"] = WORD
    good = folder / "deal-aaaa-001-4p.json"
    good.write_text(json.dumps(document), encoding="utf-8")
    document["events"][5]["seat"] = WORD
    bad = folder / "deal-bbbb-001-4p.json"
    bad.write_text(json.dumps(document), encoding="utf-8")
    return good, bad


def test_long_words_in_the_files_never_reach_the_screen_whole(home: Path) -> None:
    """The menu with a saved match whose version is a long word, Finished deals listing a
    deal whose events hold one, the replay of a deal whose variations hold some: every text
    drawn fits the window, the problems are told, the files are left as they were."""
    from game.menus.deals import FinishedDealsScene
    from game.menus.menu import MenuScene
    from game.replay.viewer import ReplayScene

    match = _a_saved_match_of_version(WORD)
    good, bad = _a_kept_deal_with_long_words()
    files = {path: path.read_bytes() for path in (match, good, bad)}
    app = open_app((1024, 600))
    try:
        widest = watch_text(app)
        menu = MenuScene(app)
        app.push(menu)
        app.step(1 / 60)
        assert "WWWW" in menu.toast.text and "cannot be read" in menu.toast.text
        app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                        pos=menu.button("finished_deals").rect.center))
        app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1,
                                        pos=menu.button("finished_deals").rect.center))
        deals = app.scene
        assert isinstance(deals, FinishedDealsScene)
        deals.reader.wait(60)
        for _ in range(3):
            app.step(1 / 60)
        assert [e.path for e in deals.shown if e.problem] == [bad]
        deals.selected = next(i for i, e in enumerate(deals.shown) if e.path == good)
        app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                        unicode="\r"))
        for _ in range(3):
            app.step(1 / 60)
        viewer = app.scene
        assert isinstance(viewer, ReplayScene)
        assert "2 variations kept with this deal could not be read" in viewer.table.toast.text
        assert widest[0] <= 1024, f"a text {widest[0]} pixels wide was drawn"
    finally:
        shut(app)
    assert {path: path.read_bytes() for path in files} == files


# --- the fuzz -------------------------------------------------------------------------------------


def _fuzz(home: Path, seed: int, count: int) -> str:
    """Damaged copies of a kept deal and of a saved match opened as a player opens them, in
    one process (:mod:`tests.helpers.fuzz`): no crash, no traceback, no text wider than the
    window, no frame of seconds, no unreadable file changed, the settings untouched."""
    result = _run(["-m", "tests.helpers.fuzz", str(home), str(seed), str(count)], home,
                  timeout=600)
    assert result.returncode == 0, result.stderr[-3000:]
    assert "Traceback" not in result.stderr, result.stderr[-3000:]
    return result.stdout


def test_a_quick_fuzz_of_a_kept_deal_and_a_saved_match(home: Path) -> None:
    said = _fuzz(home, 7, 30)
    assert "31 listed" in said, said


@pytest.mark.slow
def test_two_hundred_damaged_copies_of_a_kept_deal_and_a_saved_match(home: Path) -> None:
    said = _fuzz(home, 1, 200)
    assert "201 listed" in said and "matches continued" in said, said


def test_a_variation_that_cannot_be_read_is_kept_when_the_deal_is_written_again(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The replay's review of a kept deal finishes and is kept in its file: the deal was
    written again with the variations that could be read, and one that could not was gone
    from the player's file."""
    from game.menus.deals import FinishedDealsScene
    from game.replay.viewer import ReplayScene
    from tests.helpers.replay import quick_analysis

    quick_analysis(monkeypatch)
    deal_text, _ = profile_texts()
    document = json.loads(deal_text)
    document["meta"].pop("review")
    damaged = document["variations"][1]
    damaged["events"][0]["card"] = "the 22 of trumps"
    path = paths.history_dir() / "deal-cccc-001-4p.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(document), encoding="utf-8")
    app = open_app((1280, 720))
    try:
        deals = FinishedDealsScene(app)
        app.push(deals)
        deals.reader.wait(60)
        app.step(1 / 60)
        app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                        unicode="\r"))
        app.step(1 / 60)
        viewer = app.scene
        assert isinstance(viewer, ReplayScene)
        assert "1 variation kept with this deal could not be read" in viewer.table.toast.text
        analysis = viewer.analysis
        assert analysis.wait(240)
        app.step(1 / 60)
        app.step(1 / 60)
        assert analysis.keeper is not None
        analysis.keeper.join(30)
    finally:
        shut(app)
    kept = json.loads(path.read_text(encoding="utf-8"))
    assert "review" in kept["meta"]  # written again
    assert kept["variations"] == document["variations"]
