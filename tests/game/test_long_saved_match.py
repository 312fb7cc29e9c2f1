"""A long match saved by an older version: the window shows first.

Older versions kept every deal of the match in its file: 2,900 deals take seconds to check
(tens on a busy machine), and the menu, the game's first screen, read the saved match in
its first frame, so nothing showed until then. The menu reads it behind, says so beside
Continue, and offers Continue once it is read, without reading it a second time.
"""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path

import pygame

from engine.actions import Bid
from engine.match import Match
from engine.randomplay import random_action
from engine.rules import load_rules
from engine.saves import save_match
from game.app import paths
from game.match import session
from game.menus.menu import MenuScene
from game.table.scene import TableScene
from tests.helpers.apps import open_app, shut


def _an_older_versions_long_match(deals: int) -> Path:
    """A match of ``deals`` deals played and one in play, every one in the file."""
    match = Match.new(load_rules(), 4, seed=1, first_dealer=3)
    rng = random.Random(1)
    for number in range(deals + 1):
        if number:
            match.next_deal()
        deal = match.current
        while not deal.is_over and (number < deals or len(deal.events) < 8):
            state = deal.state
            deal.execute(state.turn, random_action(state, rng) if state.phase.value
                         != "bidding" else Bid("garde" if not state.bids else None))
    file = paths.current_match_file()
    save_match(match, file, {"names": ["Ana", "Léa", "Hugo", "Chloé"], "bot_level": "simple"})
    assert file.stat().st_size > 512 * 1024  # read behind (game.match.reading), as 2,900 are
    return file


def test_the_menu_shows_before_a_long_saved_match_is_read(home: Path, monkeypatch) -> None:
    """The check of the match held back (it took 3 seconds and more): the menu's first
    frame is drawn at once, Continue waits and says why, and once the match is read
    Continue opens it where it stopped, from the reading already made."""
    file = _an_older_versions_long_match(90)
    before = file.read_bytes()
    checked = threading.Event()
    loads: list[float] = []
    real = session.load_match

    def slow(path: object) -> object:
        checked.wait(20)  # the check of thousands of deals
        loads.append(time.monotonic())
        return real(path)  # type: ignore[arg-type]

    monkeypatch.setattr(session, "load_match", slow)
    app = open_app((1280, 720))
    try:
        menu = MenuScene(app)
        begin = time.monotonic()
        app.push(menu)
        app.step(1 / 60)
        assert time.monotonic() - begin < 10, "the first frame waited for the saved match"
        assert menu.reading and not menu.button("continue").enabled
        assert not loads
        checked.set()
        menu.reader.wait(60)
        app.step(1 / 60)
        assert not menu.reading and menu.button("continue").enabled
        assert file.read_bytes() == before  # read, never written
        pos = menu.button("continue").rect.center
        app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
        app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
        table = app.scene
        assert isinstance(table, TableScene)
        assert table.player.match.count == 91 and len(loads) == 1  # not read a second time
    finally:
        shut(app)


def test_a_new_game_asks_about_a_long_saved_match_without_reading_it_again(
        home: Path, monkeypatch) -> None:
    """New game, Start: the question names the saved match it would put aside, from the
    menu's reading (the whole file checked again held the click for seconds)."""
    from game.app.screens import ConfirmDialog
    from game.menus.new_game import NewGameScene

    _an_older_versions_long_match(90)
    loads: list[object] = []
    real = session.load_match
    monkeypatch.setattr(session, "load_match",
                        lambda path: (loads.append(path), real(path))[1])
    app = open_app((1280, 720))
    try:
        menu = MenuScene(app)
        app.push(menu)
        app.step(1 / 60)  # the window shows, then the match is read
        menu.reader.wait(60)
        app.step(1 / 60)
        assert menu.button("continue").enabled and len(loads) == 1

        def click(pos: tuple[int, int]) -> None:
            app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
            app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
            app.step(1 / 60)

        click(menu.button("new_game").rect.center)
        form = app.scene
        assert isinstance(form, NewGameScene)
        click(form.actions[1].rect.center)  # Start
        question = app.scene
        assert isinstance(question, ConfirmDialog) and "deal 91" in question.message
        assert len(loads) == 1
    finally:
        shut(app)


def test_continue_shows_the_window_before_a_long_saved_match_is_read(
        home: Path, monkeypatch) -> None:
    """``tarot --continue`` with an older version's long match: the window's first frame is
    the menu, drawn before the match is checked, and the table opens once it is read, the
    match where it stopped (it was checked whole before any window opened, seconds of a
    blank screen)."""
    from game import cli

    _an_older_versions_long_match(90)
    checked = threading.Event()
    real = session.load_match

    def slow(path: object) -> object:
        checked.wait(20)  # the check of thousands of deals
        return real(path)  # type: ignore[arg-type]

    monkeypatch.setattr(session, "load_match", slow)
    seen: list[tuple[type, int | None]] = []

    def watch(self: cli.Driver, app: object) -> None:
        scene = app.scene  # type: ignore[attr-defined]
        table = scene.player.match.count if isinstance(scene, TableScene) else None
        seen.append((type(scene), table))
        if len(seen) == 1:
            checked.set()  # the check ends after the first frame is up
        if table is not None or len(seen) > 2000:
            pygame.event.post(pygame.event.Event(pygame.QUIT))

    monkeypatch.setattr(cli.Driver, "__call__", watch)
    assert cli.main(["--continue", "--speed", "instant"]) == 0
    assert seen[0] == (MenuScene, None)
    assert seen[-1] == (TableScene, 91)
