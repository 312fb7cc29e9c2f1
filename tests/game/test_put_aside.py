"""A new game puts the match in progress aside; the menu's "Matches put aside" lists those
matches and takes one back to the table, the match in progress going aside in its turn."""

from __future__ import annotations

import random

import pygame
import pytest

from engine.match import Match
from engine.randomplay import random_action
from engine.rules import load_rules
from engine.saves import save_match
from game.app import paths
from game.app.screens import ConfirmDialog
from game.app.window import App
from game.match.session import read_saved_match
from game.menus.aside import AsideScene
from game.menus.menu import MenuScene
from game.menus.new_game import NewGameScene
from game.table.scene import TableScene
from tests.helpers.apps import open_app
from tests.helpers.screens import click, key, open_menu, step, top

NAMES = {"names": ["Ana", "Léa", "Hugo", "Chloé"]}


def a_match_in_progress(players: int = 4, seed: int = 11) -> Match:
    """A match whose first deal is under way, a few decisions taken."""
    match = Match.new(load_rules(), players, seed)
    rng = random.Random(seed)
    deal = match.current
    for _ in range(6):
        deal.execute(deal.state.turn, random_action(deal.state, rng))
    assert not deal.is_over
    return match


def menu_button(menu: MenuScene, key_name: str) -> tuple[int, int]:
    return menu.buttons[menu.keys.index(key_name)].rect.center


def start_a_new_game(app: App) -> ConfirmDialog:
    """The menu's New game, then Start: the question the game asks first."""
    menu = top(app)
    assert isinstance(menu, MenuScene)
    click(app, menu_button(menu, "new_game"))
    form = top(app)
    assert isinstance(form, NewGameScene)
    click(app, form.actions[1].rect.center)
    dialog = top(app)
    assert isinstance(dialog, ConfirmDialog)
    return dialog


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_replace_question_says_the_match_is_put_aside_and_where_to_take_it_back(
        lang: str) -> None:
    app = open_app((1280, 720), language=lang)
    save_match(a_match_in_progress(), paths.current_match_file(), NAMES)
    open_menu(app)
    dialog = start_a_new_game(app)
    assert ".json" not in dialog.message  # words, not a file to rename by hand
    assert app.tr("menu_put_aside") in dialog.message  # the way back, by its name
    assert dialog.message == app.tr("menu_replace_question", players=4, deal=1)
    assert dialog.yes.label == app.tr("menu_replace_yes")


def test_a_replaced_match_is_taken_back_from_the_menu_and_the_other_goes_aside(
        app: App) -> None:
    old = a_match_in_progress()
    save_match(old, paths.current_match_file(), NAMES)
    menu = open_menu(app)
    assert not menu.buttons[menu.keys.index("menu_put_aside")].enabled  # nothing aside yet
    click(app, start_a_new_game(app).yes.rect.center)
    assert isinstance(top(app), TableScene)  # the new match
    new_events = list(read_saved_match().match.current.events)
    key(app, pygame.K_ESCAPE)  # back to the menu
    menu = top(app)
    assert isinstance(menu, MenuScene)
    assert menu.buttons[menu.keys.index("menu_put_aside")].enabled
    click(app, menu_button(menu, "menu_put_aside"))
    aside = top(app)
    assert isinstance(aside, AsideScene)
    [entry] = aside.entries
    assert entry.saved is not None and entry.saved.names == NAMES["names"]
    assert entry.saved.match.current.events == old.current.events
    key(app, pygame.K_RETURN)  # take it back: the match in progress goes aside, it says
    dialog = top(app)
    assert isinstance(dialog, ConfirmDialog)
    info = app.tr("menu_saved_info", players=4, deal=1)
    assert dialog.message == app.tr("aside_take_back_question", match=info, current=info)
    click(app, dialog.yes.rect.center)
    table = top(app)
    assert isinstance(table, TableScene)
    assert table.player.match.current.events == old.current.events  # where it stopped
    assert app.scenes[-2] is menu  # leaving the table lands on the menu, as after Continue
    assert read_saved_match().match.current.events == old.current.events
    [kept] = paths.replaced_match_files()
    assert read_saved_match(kept).match.current.events == new_events  # the other, aside
    key(app, pygame.K_ESCAPE)
    click(app, menu_button(top(app), "menu_put_aside"))
    [entry] = top(app).entries
    assert entry.saved is not None and entry.saved.match.current.events == new_events


def test_with_no_match_in_progress_a_match_is_taken_back_at_once(app: App) -> None:
    old = a_match_in_progress(seed=5)
    save_match(old, paths.replaced_file(paths.current_match_file()), NAMES)
    open_menu(app)
    click(app, menu_button(top(app), "menu_put_aside"))
    key(app, pygame.K_RETURN)
    table = top(app)
    assert isinstance(table, TableScene)
    assert table.player.match.current.events == old.current.events
    assert paths.replaced_match_files() == []


def test_a_match_put_aside_can_be_deleted_and_one_that_cannot_be_read_is_named(
        app: App) -> None:
    damaged = paths.replaced_file(paths.current_match_file())
    damaged.parent.mkdir(parents=True, exist_ok=True)
    damaged.write_text("{ not a match", encoding="utf-8")
    readable = paths.replaced_file(paths.current_match_file())
    save_match(a_match_in_progress(), readable, NAMES)
    open_menu(app)
    click(app, menu_button(top(app), "menu_put_aside"))
    aside = top(app)
    assert isinstance(aside, AsideScene)
    assert {e.path for e in aside.entries} == {damaged, readable}
    aside.selected = next(i for i, e in enumerate(aside.entries) if e.path == damaged)
    aside.layout()
    entry = aside.current
    assert entry is not None and entry.saved is None and damaged.name in entry.problem
    assert not aside.take_button.enabled and aside.delete_button.enabled
    key(app, pygame.K_RETURN)  # nothing to take back
    assert top(app) is aside
    key(app, pygame.K_DELETE)
    dialog = top(app)
    assert isinstance(dialog, ConfirmDialog) and damaged.name in dialog.message
    click(app, dialog.yes.rect.center)
    assert not damaged.exists() and readable.exists()
    assert [e.path for e in aside.entries] == [readable]
    key(app, pygame.K_DELETE)
    click(app, top(app).yes.rect.center)
    assert paths.replaced_match_files() == [] and aside.entries == []
    key(app, pygame.K_ESCAPE)
    menu = top(app)
    assert isinstance(menu, MenuScene)
    assert not menu.buttons[menu.keys.index("menu_put_aside")].enabled
    step(app)
