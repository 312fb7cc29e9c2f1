"""A challenge series is the player's work: kept after every move, taken up from the menu where
it was left (even after the game was quit), never replaced without asking, a damaged file named
and put aside rather than written over. Walked through the real menu, form, board and tables."""

from __future__ import annotations

import time

import pygame

from engine.challenge import SEAT
from game.app import paths
from game.app.screens import ConfirmDialog
from game.app.window import App
from game.challenge.run import EXPERT, YOURS
from game.challenge.scenes import ChallengeScene
from game.history.archive import list_deals
from game.menus.menu import MenuScene
from game.table.scene import TableScene
from tests.helpers.apps import open_app, shut
from tests.helpers.challenge import (
    play_the_table,
    replay_of_a_finished_deal,
    to_the_players_turn,
)
from tests.helpers.screens import click, key, open_menu, step


def button(menu: MenuScene, name: str) -> pygame.Rect:
    return menu.buttons[menu.keys.index(name)].rect


def new_series(app: App, menu: MenuScene, players: int = 3) -> TableScene:
    """Challenge the expert, ``players`` chosen in the form, Start: the first deal's table."""
    click(app, button(menu, "challenge").center)
    form = app.scene
    click(app, form.rows[0].option_rects[players - 3].center)
    click(app, form.actions[1].rect.center)  # Start
    table = app.scene
    assert isinstance(table, TableScene)
    return table


def load_series(path):
    from engine.challenge_saves import load_series as load

    return load(path)


def resume(app: App, menu: MenuScene) -> ChallengeScene:
    """Challenge the expert, then the form's Resume the series (Enter: it comes lit)."""
    click(app, button(menu, "challenge").center)
    form = app.scene
    assert len(form.actions) == 3, "the challenge offers no way back to the series"
    assert form.actions[2].selected
    key(app, pygame.K_RETURN)
    board = app.scene
    assert isinstance(board, ChallengeScene)
    return board


def board_of(app: App) -> ChallengeScene:
    board = next(s for s in reversed(app.scenes) if isinstance(s, ChallengeScene))
    return board


def wait_for_the_expert(app: App, board: ChallengeScene, deals: int) -> None:
    """Frames on the board until the expert has worked out ``deals`` deals."""
    deadline = time.monotonic() + 300
    while board.run.experts_done < deals:
        assert time.monotonic() < deadline, board.run.expert_errors
        step(app)
        time.sleep(0.01)


def test_a_series_left_and_quit_is_taken_up_where_it_was(home):
    app = open_app((1280, 720))
    menu = open_menu(app)
    table = new_series(app, menu)
    board = board_of(app)
    series_id = board.run.id
    to_the_players_turn(app, table)
    first = list(table.player.match.current.events)
    key(app, pygame.K_ESCAPE)  # Esc at the first bid: the board
    assert app.scene is board
    click(app, board.back_button.rect.center)  # Back: the menu
    assert app.scene is menu
    board = resume(app, menu)
    assert board.run.id == series_id
    assert menu.series_note()[0] == "series · 3 players · deal 1 of 8"
    assert board.play_button.label == "Continue deal 1"
    key(app, pygame.K_RETURN)
    table = app.scene
    assert isinstance(table, TableScene)
    assert table.player.match.current.events == first  # the same cards, the same move
    played = play_the_table(app, table, 7)
    table.score_panel.next_deal()  # "Back to the challenge"
    step(app, 2)
    assert app.scene is board
    wait_for_the_expert(app, board, 2)
    step(app, 2)
    kept = board.run.comparison()[0]
    assert kept.yours == played.scores[SEAT] and kept.experts is not None
    expert_seen = board.run.deal_of(EXPERT, 0).events
    while True:  # the next deal, played some way (one all passed is over: the next), then quit
        key(app, pygame.K_RETURN)
        table = app.scene
        under_way = play_the_table(app, table, 8, decisions=3)
        if not under_way.is_over:
            break
        table.score_panel.next_deal()
        step(app, 2)
    number = board.run.next_index + 1
    moves = list(under_way.events)
    hand = table.view.hand
    worked_out = {i: list(d.events) for i, d in enumerate(board.run._ahead) if d is not None}
    assert len(worked_out) >= 2
    shut(app)

    # the game again, on the same folders: the menu offers the series where it was left
    app = open_app((1024, 600))
    menu = open_menu(app)
    assert menu.series_note()[0] == f"series · 3 players · deal {number} of 8"
    board = resume(app, menu)
    assert board.run.id == series_id
    run = board.run
    # the expert's deals worked out come back as they were, none worked out again
    for i, events in worked_out.items():
        assert run._ahead[i].events == events
    assert run._job is None or run._job[0] not in worked_out
    assert run.deal_of(EXPERT, 0).events == expert_seen
    assert run.deal_of(EXPERT, number - 1) is None  # not finished: nothing of the expert's
    assert run.comparison()[0] == kept
    assert board.row_cells(run.comparison()[0])[2] != "…"
    assert board.play_button.label == f"Continue deal {number}"
    key(app, pygame.K_RETURN)
    table = app.scene
    assert isinstance(table, TableScene)
    assert table.player.match.current.events == moves and table.view.hand == hand
    assert table.player.match.deals[0].events == played.events
    # each deal finished is in the history once, as the player's
    yours = [e for e in list_deals() if e.challenge == YOURS]
    assert len(yours) == sum(1 for d in run.yours.deals if d.result is not None)
    run.stop()


def test_a_new_series_asks_before_it_replaces_one_under_way(home):
    app = open_app((1280, 720))
    menu = open_menu(app)
    table = new_series(app, menu)
    to_the_players_turn(app, table)
    series_id = board_of(app).run.id
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)  # the board, then the menu
    assert app.scene is menu
    # the menu's Challenge: the form, its New series, then the question; No keeps the series
    click(app, button(menu, "challenge").center)
    form = app.scene
    click(app, form.actions[1].rect.center)
    question = app.scene
    assert isinstance(question, ConfirmDialog), "the series under way was replaced unasked"
    file = paths.current_challenge_file()
    saved = file.read_bytes()
    assert "(3 players, deal 1 of 8)" in question.message
    assert ".json" not in question.message  # words, not a file to rename by hand
    assert app.tr("menu_put_aside") in question.message  # the way back, by its name
    click(app, question.no.rect.center)
    assert app.scene is form and file.read_bytes() == saved
    key(app, pygame.K_ESCAPE)
    assert app.scene is menu
    # C in the replay: the same question, and No keeps it too
    seen = replay_of_a_finished_deal(app, 4, 0, 99)
    viewer = app.scene
    key(app, pygame.K_c)
    key(app, pygame.K_RETURN)  # the form's Start
    question = app.scene
    assert isinstance(question, ConfirmDialog)
    key(app, pygame.K_RETURN)  # Enter on the question: No, as it comes
    assert app.scene.__class__.__name__ == "ChallengeFormScene" and file.read_bytes() == saved
    key(app, pygame.K_ESCAPE)
    assert app.scene is viewer
    assert load_series(file).meta["id"] == series_id
    # Yes: the series under way is put aside, whole, and the new one kept instead
    key(app, pygame.K_c)
    key(app, pygame.K_RETURN)
    click(app, app.scene.yes.rect.center)
    assert isinstance(app.scene, TableScene)
    new_id = board_of(app).run.id
    aside = file.with_name("current-challenge.replaced.json")
    assert aside.read_bytes() == saved
    step(app)
    kept = load_series(file)
    assert kept.meta["id"] == new_id != series_id
    assert kept.challenge.deal(0).events[0] == seen.events[0]
    # the series put aside is taken back from the menu's list, the new one aside in its turn
    new_board = board_of(app)
    new_board.run.stop()
    while not isinstance(app.scene, MenuScene):
        key(app, pygame.K_ESCAPE)
        if isinstance(app.scene, ConfirmDialog):
            click(app, app.scene.yes.rect.center)
    menu = app.scene
    assert menu.buttons[menu.keys.index("menu_put_aside")].enabled
    click(app, button(menu, "menu_put_aside").center)
    [entry] = app.scene.entries
    assert entry.is_series and entry.path == aside
    info = "Challenge series · 3 players · deal 1 of 8"
    assert app.scene._info(entry.saved) == info
    key(app, pygame.K_RETURN)
    question = app.scene
    assert isinstance(question, ConfirmDialog)
    assert question.message == app.tr(  # the series from the replay's 4 players goes aside
        "aside_take_back_series_question", series=info,
        current="Challenge series · 4 players · deal 1 of 8")
    click(app, question.yes.rect.center)
    board = app.scene
    assert isinstance(board, ChallengeScene) and board.run.id == series_id
    assert app.scenes[-2] is menu
    assert load_series(file).meta["id"] == series_id
    [other] = paths.replaced_challenge_files()
    assert load_series(other).meta["id"] == new_id
    board.run.stop()


def test_a_damaged_series_is_named_kept_and_put_aside_before_a_new_one(home):
    file = paths.current_challenge_file()
    file.parent.mkdir(parents=True, exist_ok=True)
    damaged = b'{"format": "tarot-challenge", "version": 1, "players": 9}'
    file.write_bytes(damaged)
    app = open_app((1280, 720))
    menu = open_menu(app)
    assert menu.series_note()[0] == "saved challenge damaged"
    assert menu.toast.visible and "current-challenge.json" in menu.toast.text
    assert "rules: expected" in menu.toast.text and file.read_bytes() == damaged
    key(app, pygame.K_ESCAPE)  # the quit question, answered "stay"
    key(app, pygame.K_ESCAPE)
    click(app, button(menu, "challenge").center)
    form = app.scene
    assert len(form.actions) == 2  # nothing to resume
    click(app, form.actions[1].rect.center)
    question = app.scene
    assert isinstance(question, ConfirmDialog) and "cannot be read" in question.message
    click(app, question.yes.rect.center)
    assert isinstance(app.scene, TableScene)
    assert file.with_name("current-challenge.replaced.json").read_bytes() == damaged
    step(app)
    assert load_series(file).meta["id"] == board_of(app).run.id
    board_of(app).run.stop()


def test_a_spectator_window_neither_takes_up_nor_writes_a_series(home):
    app = open_app((1280, 720))
    menu = open_menu(app)
    table = new_series(app, menu)
    to_the_players_turn(app, table)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    shut(app)
    file = paths.current_challenge_file()
    saved = file.read_bytes()
    watcher = open_app((1280, 720))
    watcher.spectator = True
    menu = open_menu(watcher)
    assert not menu.buttons[menu.keys.index("challenge")].enabled
    click(watcher, button(menu, "challenge").center)
    assert watcher.scene is menu and menu.toast.visible  # why it is greyed out
    assert file.read_bytes() == saved


def test_a_pipe_or_a_folder_in_place_of_the_series_leaves_the_menu_as_it_is(home):
    import os

    file = paths.current_challenge_file()
    file.parent.mkdir(parents=True, exist_ok=True)
    for make in (os.mkfifo, os.mkdir):
        make(file)
        app = open_app((1280, 720))
        started = time.monotonic()
        menu = open_menu(app)
        assert time.monotonic() - started < 5  # never waits on a pipe
        assert menu.series_note()[0] == "saved challenge damaged"
        assert "current-challenge.json" in menu.toast.text
        shut(app)
        file.rmdir() if file.is_dir() else file.unlink()


def test_a_board_whose_series_was_replaced_from_its_own_review_closes(home):
    """R on the board, C in that replay, "Replace it": one series plays at a time, so the
    first board, uncovered again, gives way to what is under it, and only the new series
    is written."""
    from game.replay.viewer import ReplayScene

    app = open_app((1280, 720))
    menu = open_menu(app)
    table = new_series(app, menu)
    first = board_of(app)
    while True:  # a deal played to its end, to review
        played = play_the_table(app, table, 3)
        table.score_panel.next_deal()
        step(app, 2)
        if played.result is not None:
            break
        key(app, pygame.K_RETURN)
        table = app.scene
    first.selected = len(first.run.yours.deals) - 1
    key(app, pygame.K_r)
    assert isinstance(app.scene, ReplayScene)
    key(app, pygame.K_c)
    key(app, pygame.K_RETURN)
    click(app, app.scene.yes.rect.center)
    second = board_of(app)
    assert second is not first and first.run.stopped and not second.run.stopped
    key(app, pygame.K_ESCAPE)  # the table, the second board, the replay: the first board
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert app.scene is menu
    step(app, 2)
    assert load_series(paths.current_challenge_file()).meta["id"] == second.run.id
