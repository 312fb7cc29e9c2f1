"""The title menu and the screens around the table, driven by clicks and keys on the dummy
video driver, with every file kept in a temporary TAROT_HOME."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import pygame
import pytest

from engine import cards as C
from engine.events import event_to_dict
from engine.match import Match
from engine.randomplay import random_action
from engine.rules import load_rules
from engine.saves import load_deal, save_match
from game.app import paths
from game.app.screens import ConfirmDialog
from game.app.settings import Settings
from game.app.window import App
from game.match.autosave import Autosave
from game.match.session import read_saved_match
from game.menus.deals import FinishedDealsScene
from game.menus.form import ChoiceRow, FormScene
from game.menus.menu import MenuScene
from game.menus.new_game import NewGameScene
from game.menus.rules import RulesScene
from game.menus.settings import SettingsScene
from game.menus.statistics import StatsScene
from tests.helpers.apps import open_app, shut
from tests.helpers.faces import corner, is_head, is_plain
from tests.helpers.screens import click, key, open_menu, step, top


def type_text(app: App, text: str) -> None:
    for ch in text:
        app.dispatch(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    step(app)


def menu_button(menu: MenuScene, name: str) -> tuple[int, int]:
    return menu.buttons[menu.keys.index(name)].rect.center


def row(scene: NewGameScene | SettingsScene, name: str) -> ChoiceRow:
    found = next(r for r in scene.rows if r.key == name)
    assert isinstance(found, ChoiceRow)
    return found


def option(scene: NewGameScene | SettingsScene, name: str, value: object) -> tuple[int, int]:
    choice_row = row(scene, name)
    index = [c.value for c in choice_row.choices].index(value)
    return choice_row.option_rects[index].center


def played_match(players: int = 4, actions: int = 9, seed: int = 11) -> Match:
    match = Match.new(load_rules(), players, seed)
    rng = random.Random(seed)
    while True:  # a deal that is not cancelled, with a few decisions taken
        deal = match.current
        for _ in range(actions):
            if deal.is_over:
                break
            deal.execute(deal.state.turn, random_action(deal.state, rng))
        if not deal.is_over:
            return match
        match.next_deal()


def finished_deal(players: int, seed: int) -> Match:
    match = Match.new(load_rules(), players, seed)
    rng = random.Random(seed)
    while True:
        deal = match.current
        while not deal.is_over:
            deal.execute(deal.state.turn, random_action(deal.state, rng))
        if deal.result is not None:
            return match
        match.next_deal()


# --- the menu ----------------------------------------------------------------------------------


def test_keys_move_through_the_menu_and_open_each_screen(app: App) -> None:
    menu = open_menu(app)
    assert not menu.buttons[1].enabled  # nothing saved: Continue is off
    assert menu.focus == 0
    key(app, pygame.K_DOWN)
    assert menu.keys[menu.focus] == "challenge"  # the disabled Continue is skipped
    key(app, pygame.K_RETURN)
    from game.challenge.scenes import ChallengeScene
    from game.menus.challenge import ChallengeFormScene
    from game.table.scene import TableScene

    assert isinstance(top(app), ChallengeFormScene)  # its players and opponents first
    key(app, pygame.K_RETURN)  # Start
    assert isinstance(top(app), TableScene)  # the first deal of a challenge
    board = app.scenes[-2]
    assert isinstance(board, ChallengeScene) and board.run.challenge.players == 4
    key(app, pygame.K_ESCAPE)  # Esc at the table: back to the challenge's board
    assert top(app) is board
    key(app, pygame.K_ESCAPE)  # and out of the challenge, which is kept
    assert top(app) is menu
    for name, scene in (("finished_deals", FinishedDealsScene), ("statistics", StatsScene)):
        key(app, pygame.K_DOWN)
        assert menu.keys[menu.focus] == name
        key(app, pygame.K_RETURN)
        assert isinstance(top(app), scene)
        key(app, pygame.K_ESCAPE)
        assert top(app) is menu
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert isinstance(top(app), SettingsScene)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert isinstance(top(app), RulesScene)
    key(app, pygame.K_ESCAPE)
    for _ in range(5):
        key(app, pygame.K_UP)
    assert menu.keys[menu.focus] == "new_game"
    key(app, pygame.K_RETURN)
    assert isinstance(top(app), NewGameScene)
    key(app, pygame.K_ESCAPE)
    assert top(app) is menu
    assert app.running
    key(app, pygame.K_ESCAPE)  # Esc asks before quitting: "Stay" (or Esc) keeps the game
    dialog = top(app)
    assert isinstance(dialog, ConfirmDialog) and dialog.message == "Quit the game?"
    key(app, pygame.K_ESCAPE)
    assert top(app) is menu and app.running
    key(app, pygame.K_ESCAPE)
    click(app, top(app).yes.rect.center)  # "Quit"
    assert not app.running


def test_clicks_open_each_screen_and_back_returns(app: App) -> None:
    menu = open_menu(app)
    for name, kind in (("finished_deals", FinishedDealsScene), ("statistics", StatsScene),
                       ("settings", SettingsScene), ("rules_summary", RulesScene),
                       ("new_game", NewGameScene)):
        click(app, menu_button(menu, name))
        scene = top(app)
        assert isinstance(scene, kind), name
        back = getattr(scene, "back_button", None)
        if back is None:
            back = scene.actions[0]  # type: ignore[attr-defined]
        click(app, back.rect.center)
        assert top(app) is menu
    click(app, menu_button(menu, "continue"))  # disabled: nothing happens
    assert top(app) is menu
    click(app, menu_button(menu, "quit"))
    assert not app.running


# --- a new game ----------------------------------------------------------------------------------


def test_new_game_starts_the_table_with_the_choices_and_remembers_them(app: App,
                                                                       home: Path) -> None:
    from game.table.scene import TableScene

    menu = open_menu(app)
    click(app, menu_button(menu, "new_game"))
    form = top(app)
    assert isinstance(form, NewGameScene)
    for _ in range(len(form.name)):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "Anatole de la Fontaine")  # longer than the 16 characters allowed
    assert form.name == "Anatole de la Fo"
    key(app, pygame.K_BACKSPACE)
    assert form.name == "Anatole de la F"
    click(app, option(form, "players", 5))
    click(app, option(form, "bot_level", "random"))
    click(app, option(form, "variant", "miseres"))
    click(app, form.actions[1].rect.center)  # Start
    table = top(app)
    assert isinstance(table, TableScene)
    controller = table.player
    assert controller.match.players == 5
    assert controller.match.rules.variant == "miseres"
    assert controller.human_seat == 0
    assert sorted(controller.bots) == [1, 2, 3, 4]
    assert all(bot.name == "random" for bot in controller.bots.values())
    saved, problems = Settings.load()
    assert not problems
    assert (saved.players, saved.bot_level, saved.variant, saved.player_name) == (
        5, "random", "miseres", "Anatole de la F")
    document = json.loads(paths.current_match_file().read_text(encoding="utf-8"))
    assert document["meta"]["names"][0] == "Anatole de la F"
    assert document["meta"]["bot_level"] == "random"
    assert len(document["meta"]["names"]) == 5
    app.pop()  # leaving the table returns to the menu, where Continue is now on
    assert top(app) is menu
    assert menu.buttons[1].enabled


def test_enter_on_the_form_starts_with_the_remembered_settings(app: App) -> None:
    from game.table.scene import TableScene

    app.update_settings(app.settings.with_(players=3, player_name="Zoé"))
    app.push(NewGameScene(app, seed=1234))
    step(app)
    key(app, pygame.K_DOWN)  # to the player count
    key(app, pygame.K_RIGHT)  # 3 → 4
    key(app, pygame.K_RETURN)
    table = top(app)
    assert isinstance(table, TableScene)
    assert table.player.match.players == 4
    assert table.player.match.seed == 1234


def test_a_new_game_asks_before_replacing_the_saved_match(app: App) -> None:
    from game.table.scene import TableScene

    match = played_match()
    file = paths.current_match_file()
    save_match(match, file, {"names": ["Ana", "Léa", "Hugo", "Chloé"]})
    before = file.read_bytes()
    menu = open_menu(app)
    click(app, menu_button(menu, "new_game"))
    form = top(app)
    assert isinstance(form, NewGameScene)
    click(app, form.actions[1].rect.center)  # Start
    dialog = top(app)
    assert isinstance(dialog, ConfirmDialog)
    assert "4 players, deal 1" in dialog.message
    assert dialog.no.selected and not dialog.yes.selected  # Enter keeps the match
    key(app, pygame.K_RETURN)
    assert top(app) is form and file.read_bytes() == before
    click(app, form.actions[1].rect.center)
    dialog = top(app)
    assert isinstance(dialog, ConfirmDialog)
    assert dialog.message == app.tr("menu_replace_question", players=4, deal=1)
    click(app, dialog.yes.rect.center)  # put it aside
    table = top(app)
    assert isinstance(table, TableScene)
    assert file.read_bytes() != before
    first = paths.data_dir() / "current-match.replaced.json"
    assert first.read_bytes() == before  # as the question said
    # replaced again: the second goes beside the first, which is kept as it was
    second = file.read_bytes()
    key(app, pygame.K_ESCAPE)  # back to the menu
    click(app, menu_button(top(app), "new_game"))
    click(app, top(app).actions[1].rect.center)
    click(app, top(app).yes.rect.center)
    assert first.read_bytes() == before
    assert (paths.data_dir() / "current-match.replaced-2.json").read_bytes() == second


def test_a_new_game_asks_before_overwriting_a_damaged_saved_match(app: App) -> None:
    file = paths.current_match_file()
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text("{ not a match", encoding="utf-8")
    app.push(NewGameScene(app, seed=5))
    step(app)
    key(app, pygame.K_RETURN)
    dialog = top(app)
    assert isinstance(dialog, ConfirmDialog)
    assert dialog.message == app.tr("menu_replace_damaged")
    key(app, pygame.K_ESCAPE)
    assert file.read_text(encoding="utf-8") == "{ not a match"
    key(app, pygame.K_RETURN)
    dialog = top(app)
    assert isinstance(dialog, ConfirmDialog)
    click(app, dialog.yes.rect.center)  # a new game: the damaged file is put aside, not lost
    aside = paths.data_dir() / "current-match.replaced.json"
    assert aside.read_text(encoding="utf-8") == "{ not a match"
    assert read_saved_match(file).match.players == app.settings.players


def test_with_no_saved_match_a_new_game_starts_at_once(app: App) -> None:
    from game.table.scene import TableScene

    assert not paths.current_match_file().exists()
    app.push(NewGameScene(app, seed=5))
    step(app)
    key(app, pygame.K_RETURN)
    assert isinstance(top(app), TableScene)


# --- continue ------------------------------------------------------------------------------------


def test_continue_resumes_the_saved_match_at_the_same_point(app: App) -> None:
    from game.table.scene import TableScene

    match = played_match()
    meta = {"names": ["Ana", "Léa", "Hugo", "Chloé"], "bot_level": "random", "variant": "fft"}
    save_match(match, paths.current_match_file(), meta)
    menu = open_menu(app)
    assert menu.buttons[1].enabled
    click(app, menu_button(menu, "continue"))
    table = top(app)
    assert isinstance(table, TableScene)
    resumed = table.player.match
    assert [event_to_dict(e) for e in resumed.events()][:len(match.events())] == [
        event_to_dict(e) for e in match.events()]
    assert resumed.seed == match.seed
    assert all(bot.name == "random" for bot in table.player.bots.values())
    assert table.player.human_seat == 0


def test_tarot_continue_hands_the_match_it_read_to_the_menu_under_the_table(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--continue`` reads the saved match once: the menu under the table is given it (a
    long match saved by an older version took seconds to read)."""
    import game.match.session as session
    from game.cli import continue_match
    from game.table.scene import TableScene

    save_match(played_match(), paths.current_match_file(), {"names": ["A", "B", "C", "D"]})
    saved = read_saved_match()

    def read_again(*args: object) -> None:
        raise AssertionError("the saved match was read a second time")

    monkeypatch.setattr(session, "load_match", read_again)
    continue_match(app, saved)
    step(app)
    menu, table = app.scenes
    assert isinstance(menu, MenuScene) and isinstance(table, TableScene)
    assert menu.saved is saved and menu.buttons[1].enabled

def test_a_saved_match_that_breaks_a_rule_is_told_in_french(home: Path) -> None:
    """The menu's notice says, in French, which event of which deal breaks which rule."""
    match = played_match()
    save_match(match, paths.current_match_file(), {"names": ["A", "B", "C", "D"]})
    file = paths.current_match_file()
    data = json.loads(file.read_text(encoding="utf-8"))
    log = data["deals"][0]
    bid = next(i for i, e in enumerate(log) if e["event"] == "bid_made")
    log[bid]["seat"] = (log[bid]["seat"] + 1) % 4
    file.write_text(json.dumps(data), encoding="utf-8")
    app = open_app((1280, 720), language="fr")
    try:
        menu = open_menu(app)
        assert not menu.buttons[1].enabled and menu.toast.visible
        text = " ".join(menu.toast.text.split())
        assert f"current-match.json : fichier endommagé : deals[0][{bid}] : c'est au tour du " \
            "siège" in text, text
        assert "turn" not in text and "seat" not in text
    finally:
        shut(app)


def test_a_corrupt_saved_match_is_named_and_left_alone(app: App) -> None:
    match = played_match()
    save_match(match, paths.current_match_file(), {"names": ["A", "B", "C", "D"]})
    file = paths.current_match_file()
    damaged = file.read_bytes()[:-40]  # cut short, as by a crash
    file.write_bytes(damaged)
    menu = open_menu(app)
    assert not menu.buttons[1].enabled
    assert menu.toast.visible
    assert "current-match.json" in menu.toast.text
    assert "truncated" in menu.toast.text
    click(app, menu_button(menu, "continue"))
    assert top(app) is menu
    step(app, 5)
    assert file.read_bytes() == damaged


# --- settings ------------------------------------------------------------------------------------


def test_settings_change_at_once_and_persist(app: App) -> None:
    scene = SettingsScene(app)
    app.push(scene)
    step(app)
    key(app, pygame.K_DOWN)  # keyboard: past full screen, the animation speed row, one step left
    key(app, pygame.K_DOWN)
    assert scene.focus == 2
    key(app, pygame.K_LEFT)
    assert app.settings.animation_speed == "fast"
    click(app, option(scene, "sound", True))  # the tests' apps start silent: a change each
    click(app, option(scene, "sound", False))
    assert scene.focus == 0  # a click moves the keyboard focus too
    assert app.settings.sound is False
    assert app.sounds.enabled is False
    click(app, option(scene, "card_back", "red"))
    click(app, option(scene, "four_colour", True))
    click(app, option(scene, "highlight_winner", False))
    saved, _ = Settings.load()
    assert (saved.sound, saved.card_back, saved.four_colour, saved.highlight_winner,
            saved.animation_speed) == (False, "red", True, False, "fast")
    key(app, pygame.K_ESCAPE)
    assert app.scene is None or not isinstance(app.scene, SettingsScene)


def test_settings_that_cannot_be_saved_are_said_so_and_still_apply(
        app: App, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    import errno

    import game.app.settings as settings_module

    def full(path, text):  # type: ignore[no-untyped-def]
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    monkeypatch.setattr(settings_module, "write_atomic", full)
    scene = SettingsScene(app)
    app.push(scene)
    step(app)
    click(app, option(scene, "card_back", "red"))
    assert app.settings.card_back == "red"  # applies all the same
    assert "could not be saved" in scene.toast.text and "No space left" in scene.toast.text
    click(app, option(scene, "highlight_winner", False))
    assert app.settings.highlight_winner is False
    warnings = [r for r in caplog.records if "could not save the settings" in r.getMessage()]
    assert len(warnings) == 1  # the log says it once, not at every click
    monkeypatch.undo()
    click(app, option(scene, "four_colour", True))
    saved, _ = Settings.load()
    assert (saved.card_back, saved.four_colour) == ("red", True)


def test_the_card_indices_follow_the_language_unless_chosen(app: App) -> None:
    """By language (the default): English letters in English, French ones in French; the
    player's choice of French or English holds whatever the language."""
    scene = SettingsScene(app)
    app.push(scene)
    step(app)
    assert app.settings.card_indices == "language" and app.settings.indices == "en"
    click(app, option(scene, "language", "fr"))
    assert app.settings.indices == "fr"
    click(app, option(scene, "card_indices", "en"))
    assert app.settings.indices == "en"
    assert Settings.load()[0].card_indices == "en"
    # the keyboard: down to the row, then one step left (English -> French)
    while scene.focus != [r.key for r in scene.rows].index("card_indices"):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_LEFT)
    assert app.settings.card_indices == "fr"
    click(app, option(scene, "language", "en"))
    assert app.settings.indices == "fr"
    assert scene.focus == [r.key for r in scene.rows].index("language")  # the click's row
    key(app, pygame.K_DOWN)  # the next row down, and left again: by language
    key(app, pygame.K_LEFT)
    assert (app.settings.card_indices, app.settings.indices) == ("language", "en")
    assert Settings.load()[0].card_indices == "language"


def _settled_table(app: App) -> Any:
    """The table on top, once the deal is shown and it is the human's turn."""
    from game.table.scene import TableScene

    table = top(app)
    assert isinstance(table, TableScene)
    for _ in range(20_000):
        if table.idle and table.player is not None and table.player.waiting_for_human():
            break
        step(app)
        time.sleep(0.0005)  # let a bot's thread answer
    else:
        raise AssertionError("the table never waited for the human")
    step(app, 2)
    return table


def test_the_settings_menu_changes_the_letters_the_table_draws(app: App) -> None:
    """The player's way: a deal under way, the table's menu button, Settings, French letters
    chosen, back, Continue: the same hand, its kings, queens and jacks now R, D and V, every
    other card the same pixels; then French as the language with letters by language."""
    menu = open_menu(app, seed=1234)  # a deal whose hand holds heads and plain cards
    click(app, menu_button(menu, "new_game"))
    assert isinstance(top(app), NewGameScene)
    key(app, pygame.K_RETURN)  # start with the remembered settings
    table = _settled_table(app)
    assert table.art.indices == "en"
    hand = list(table.view.hand)
    heads = [c for c in hand if is_head(c)]
    plain = [c for c in hand if is_plain(c)]
    assert heads and plain, "the deal should give the human both"
    english = {c: corner(table, c) for c in hand}

    def through_the_settings(row_name: str, value: object) -> Any:
        click(app, table_now.buttons["menu"].rect.center)  # the table's menu...
        click(app, top(app).rows[-1].center)  # ...and its last line: back to the menu
        menu = top(app)
        assert isinstance(menu, MenuScene)
        click(app, menu_button(menu, "settings"))
        scene = top(app)
        assert isinstance(scene, SettingsScene)
        click(app, option(scene, row_name, value))
        key(app, pygame.K_ESCAPE)
        assert top(app) is menu
        click(app, menu_button(menu, "continue"))
        return _settled_table(app)

    table_now = table
    table_now = through_the_settings("card_indices", "fr")
    assert table_now is not table and list(table_now.view.hand) == hand
    assert table_now.art.indices == "fr"
    french = {c: corner(table_now, c) for c in hand}
    for card in heads:
        assert french[card] != english[card], C.format_card(card)
    for card in plain:
        assert french[card] == english[card], C.format_card(card)
    assert Settings.load()[0].card_indices == "fr"
    table_now = through_the_settings("card_indices", "language")  # English interface: English
    assert {c: corner(table_now, c) for c in hand} == english
    table_now = through_the_settings("language", "fr")  # and French follows the language
    assert table_now.art.indices == "fr"
    assert {c: corner(table_now, c) for c in hand} == french


@pytest.mark.parametrize("value", ["de", "EN", "", 2, None, True, ["en"], {"fr": 1}])
def test_a_bad_card_indices_value_falls_back_to_the_language(home: Path, value: object) -> None:
    file = paths.settings_file()
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(json.dumps({"language": "fr", "card_indices": value}), encoding="utf-8")
    settings, problems = Settings.load()
    assert (settings.language, settings.card_indices, settings.indices) == (
        "fr", "language", "fr")
    assert any("card_indices" in p for p in problems)


@pytest.mark.parametrize("choice", ["language", "fr", "en"])
def test_the_card_indices_round_trip_through_the_settings_file(home: Path, choice: str) -> None:
    Settings(card_indices=choice, language="fr").save()
    settings, problems = Settings.load()
    assert problems == [] and settings.card_indices == choice
    assert json.loads(paths.settings_file().read_text(encoding="utf-8"))["card_indices"] == choice


def test_the_language_switches_the_whole_interface_at_once(app: App) -> None:
    menu = open_menu(app)
    assert menu.buttons[0].label == "New game"
    click(app, menu_button(menu, "settings"))
    scene = top(app)
    assert isinstance(scene, SettingsScene)
    click(app, option(scene, "language", "fr"))
    assert app.settings.language == "fr"
    assert scene.actions[0].label == "Retour"
    assert Settings.load()[0].language == "fr"
    key(app, pygame.K_ESCAPE)
    assert menu.buttons[0].label == "Nouvelle partie"
    assert menu.buttons[-1].label == "Quitter"


# --- rules -------------------------------------------------------------------------------------


def test_the_rules_scroll_with_keys_and_wheel(app: App) -> None:
    scene = RulesScene(app)
    app.push(scene)
    step(app)
    assert scene.scroll == 0
    assert scene.max_scroll > 1000  # the summary is several screens long
    key(app, pygame.K_PAGEDOWN)
    step(app, 30)
    assert scene.scroll > 300
    key(app, pygame.K_END)
    step(app, 30)
    assert scene.scroll == pytest.approx(scene.max_scroll)
    key(app, pygame.K_HOME)
    step(app, 30)
    assert scene.scroll == 0
    app.dispatch(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False))
    step(app, 30)
    assert scene.scroll > 0
    key(app, pygame.K_UP)
    key(app, pygame.K_UP)
    key(app, pygame.K_UP)
    step(app, 30)
    assert scene.scroll == 0
    app.update_settings(app.settings.with_(language="fr"))
    step(app)
    assert scene.max_scroll > 1000
    key(app, pygame.K_ESCAPE)
    assert not isinstance(top(app), RulesScene)


# --- finished deals ---------------------------------------------------------------------------


def test_finished_deals_are_listed_filtered_and_deleted(app: App, home: Path) -> None:
    files = []
    for i, players in enumerate((3, 4, 5, 4)):
        deal = finished_deal(players, seed=i).current
        saver = Autosave({"names": ["Ana", "Léa", "Hugo", "Chloé", "Marc"][:players],
                          "variant": "fft"})
        path = saver.archive(deal, 0)
        files.append(path)
        # a distinct date for each, the last one the newest
        document = json.loads(path.read_text(encoding="utf-8"))
        document["meta"]["date"] = f"2024-05-0{i + 1}T12:00:00"
        path.write_text(json.dumps(document), encoding="utf-8")
    assert all(f.name.endswith(f"-{p}p.json") for f, p in zip(files, (3, 4, 5, 4), strict=True))
    scene = FinishedDealsScene(app)
    app.push(scene)
    step(app)
    assert [e.path for e in scene.shown] == files[::-1]
    entry = scene.shown[0]
    deal, _ = load_deal(files[3])
    assert deal.result is not None
    assert entry.players == 4
    assert entry.taker == ["Ana", "Léa", "Hugo", "Chloé"][deal.result.taker]
    assert entry.contract == deal.result.contract
    assert entry.scores == list(deal.result.scores)
    click(app, scene.filter_rects[2].center)  # 4 players
    assert [e.path for e in scene.shown] == [files[3], files[1]]
    key(app, pygame.K_RIGHT)  # 5 players
    assert [e.path for e in scene.shown] == [files[2]]
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)  # all
    assert len(scene.shown) == 4
    key(app, pygame.K_DOWN)
    assert scene.selected == 1
    key(app, pygame.K_DELETE)
    dialog = top(app)
    assert isinstance(dialog, ConfirmDialog)
    key(app, pygame.K_RETURN)  # "No" has the focus: nothing is deleted
    assert top(app) is scene
    assert all(f.exists() for f in files)
    click(app, scene.delete_button.rect.center)
    dialog = top(app)
    assert isinstance(dialog, ConfirmDialog)
    click(app, dialog.yes.rect.center)
    assert top(app) is scene
    assert not files[2].exists()
    assert len(scene.shown) == 3


def test_an_unreadable_deal_file_is_listed_with_its_problem(app: App) -> None:
    folder = paths.history_dir()
    folder.mkdir(parents=True)
    (folder / "20240101-120000-4p.json").write_text("{ not json", encoding="utf-8")
    scene = FinishedDealsScene(app)
    app.push(scene)
    step(app)
    assert len(scene.shown) == 1
    assert scene.shown[0].problem
    assert scene.shown[0].players == 4


def test_unreadable_and_unfinished_deals_are_told_in_french_and_named_to_delete(
        app: App) -> None:
    from engine.saves import save_deal

    app.update_settings(app.settings.with_(language="fr"), save=False)
    folder = paths.history_dir()
    folder.mkdir(parents=True)
    unfinished = played_match()  # a deal stopped after a few decisions
    save_deal(unfinished.current, folder / "20240102-120000-4p.json", {"names": ["A"] * 4})
    (folder / "20240101-120000-4p.json").mkdir()  # a folder the list cannot delete
    scene = FinishedDealsScene(app)
    app.push(scene)
    step(app)
    texts = {e.path.name: scene.draw_problem_text(e) for e in scene.shown}
    assert "la donne n'est pas finie" in texts["20240102-120000-4p.json"]
    scene.selected = [e.path.name for e in scene.shown].index("20240101-120000-4p.json")
    key(app, pygame.K_DELETE)
    dialog = top(app)
    assert isinstance(dialog, ConfirmDialog)
    assert dialog.message == "Supprimer le fichier illisible 20240101-120000-4p.json ?"
    click(app, dialog.yes.rect.center)
    assert "c'est un dossier" in scene.toast.text


def test_autosave_keeps_the_match_and_each_finished_deal(home: Path) -> None:
    match = finished_deal(4, seed=3)
    save = Autosave({"names": ["Ana", "Léa", "Hugo", "Chloé"], "bot_level": "simple",
                     "variant": "fft"})
    save(match)
    save(match)  # the same finished deal is not archived twice
    assert paths.current_match_file().exists()
    history = sorted(paths.history_dir().glob("*.json"))
    played = [d for d in match.deals if d.result is not None]
    assert len(history) == len(played) == 1
    deal, meta = load_deal(history[0])
    assert meta["names"] == ["Ana", "Léa", "Hugo", "Chloé"]
    assert meta["variant"] == "fft"
    assert "date" in meta
    assert [event_to_dict(e) for e in deal.events] == [
        event_to_dict(e) for e in played[0].events]


# --- history: replay, export, statistics -------------------------------------------------------


def small_history() -> list[Path]:
    """Three deals (the middle one practised) and a damaged file, newest first."""
    from tests.helpers.history_deals import archive, day, play_deal

    files = [archive(play_deal(4, 1, taker=0, made=True), day(0)),
             archive(play_deal(4, 2, taker=0), day(1), practised=True),
             archive(play_deal(3, 3, taker=None), day(2))]
    broken = paths.history_dir() / "20240601-120000-5p.json"
    broken.write_bytes(files[0].read_bytes()[:-80])
    return [broken, *files[::-1]]


def open_deals(app: App) -> FinishedDealsScene:
    scene = FinishedDealsScene(app)
    app.push(scene)
    step(app)
    return scene


def test_the_deals_list_marks_practised_deals_and_exports_the_selected_one(app: App) -> None:
    from engine.record import score_record

    files = small_history()
    scene = open_deals(app)
    assert [e.path for e in scene.shown] == files
    assert [e.practised for e in scene.shown] == [False, False, True, False]
    assert scene.shown[1].cancelled == "all_passed"
    # the damaged file: it can only be deleted
    assert not scene.replay_button.enabled and not scene.export_button.enabled
    assert scene.delete_button.enabled
    key(app, pygame.K_e)
    assert scene.toast.visible and files[0].name in scene.toast.text
    assert not (paths.data_dir() / "exports").exists()
    key(app, pygame.K_r)
    assert top(app) is scene and "truncated" in scene.toast.text
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)  # the practised deal
    assert scene.replay_button.enabled and scene.export_button.enabled
    click(app, scene.export_button.rect.center)
    target = paths.data_dir() / "exports" / f"{files[2].stem}.yaml"
    assert target.exists()
    assert str(target) in scene.toast.text and not scene.toast.warning
    deal, _ = load_deal(files[2])
    assert deal.result is not None
    assert score_record(target.read_text(encoding="utf-8"))["scores"] == list(deal.result.scores)
    key(app, pygame.K_e)  # again: a new file, the first one kept
    assert target.with_name(f"{files[2].stem}-2.yaml").exists()


def test_replay_opens_the_viewer_on_the_selected_deal(app: App,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from game.menus import deals as deals_scene

    monkeypatch.setattr(deals_scene, "DOUBLE_CLICK_MS", 60_000)  # however slow the machine
    pytest.importorskip("game.replay.files")
    replay_scene = pytest.importorskip("game.replay.viewer")
    files = small_history()
    scene = open_deals(app)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)  # the oldest deal
    key(app, pygame.K_RETURN)
    viewer = top(app)
    assert isinstance(viewer, replay_scene.ReplayScene)
    app.pop()
    assert top(app) is scene and scene.current is not None
    assert scene.current.path == files[3]
    key(app, pygame.K_r)
    assert isinstance(top(app), replay_scene.ReplayScene)
    app.pop()
    row_center = (scene.list_rect.centerx, scene.list_rect.top + scene.row_h // 2)
    click(app, row_center)  # the damaged file: a click selects it, a double click explains
    assert top(app) is scene and scene.selected == 0
    click(app, row_center)
    assert top(app) is scene and files[0].name in scene.toast.text
    second = (row_center[0], row_center[1] + scene.row_h * 2)  # the practised deal
    click(app, second)
    click(app, second)
    assert isinstance(top(app), replay_scene.ReplayScene)


def test_statistics_from_the_deals_list_keep_its_filter(app: App) -> None:
    small_history()
    scene = open_deals(app)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)  # 4 players
    assert scene.filter == 4
    click(app, scene.stats_button.rect.center)
    stats = top(app)
    assert isinstance(stats, StatsScene)
    assert stats.filter == 4 and [c.players for c in stats.columns] == [4]
    four = stats.stats[4]
    assert (four.deals, four.practised, four.taken) == (1, 1, 1)
    assert stats.stats[5].problems == 1 and stats.stats[3].cancelled == 1
    key(app, pygame.K_RIGHT)  # 5 players, here and in the list
    assert stats.filter == 5 and scene.filter == 5
    click(app, stats.filter_rects[0].center)
    assert stats.filter is None and scene.filter is None
    click(app, stats.back_button.rect.center)
    assert top(app) is scene
    key(app, pygame.K_s)
    assert isinstance(top(app), StatsScene)
    key(app, pygame.K_ESCAPE)
    assert top(app) is scene


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_history_screens_draw_at_every_size(home: Path, size: tuple[int, int],
                                                language: str) -> None:
    app = open_app(size, language=language)
    try:
        stats = StatsScene(app)
        app.push(stats)
        step(app)
        assert stats.empty  # nothing played yet: the empty state
        app.pop()
        small_history()
        scene = open_deals(app)
        for filter_key in (pygame.K_RIGHT,) * 4:
            key(app, filter_key)
        h = app.size[1]
        for button in scene.buttons:
            assert app.screen.get_rect().contains(button.rect)
            assert app.assets.font(int(26 * app.unit)).size(button.label)[0] < button.rect.width
        for first, second in zip(scene.buttons, scene.buttons[1:], strict=False):
            assert first.rect.right < second.rect.left
        stats = StatsScene(app)
        app.push(stats)
        step(app)
        assert not stats.empty and stats.lines[-1] == "stats_cancelled"
        for _ in range(4):
            key(app, pygame.K_LEFT)
        assert app.screen.get_rect().contains(stats.back_button.rect)
        assert stats.panel.bottom < stats.back_button.rect.top < h
    finally:
        shut(app)


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1600, 900), (1920, 1080)])
def test_the_menu_buttons_stand_below_the_title_and_above_the_keys(home: Path, size) -> None:
    """Nine buttons under the title, its suits and its tagline, and over the keys line."""
    app = open_app(size)
    menu = open_menu(app)
    u = app.unit
    first, last = menu.buttons[0].rect, menu.buttons[-1].rect
    # the title, its flourish and the tagline take about 120 design pixels under its centre
    assert first.top - menu.title_center[1] >= 115 * u, (size, first, menu.title_center)
    assert last.bottom <= app.size[1] - 30 * u
    tops = [b.rect.top for b in menu.buttons]
    assert tops == sorted(tops) and len(set(tops)) == len(tops) == 9
    assert all(b.rect.height >= 40 * u for b in menu.buttons)  # squeezed a little at most
    shut(app)


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1600, 900), (1920, 1080),
                                  (1280, 1024), (1600, 600)])
@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("form", ["settings", "new game", "challenge"])
def test_a_form_fits_between_its_title_and_the_keys_line(home: Path, size: tuple[int, int],
                                                          language: str, form: str) -> None:
    """Every row, option and button of the settings, the new-game and the challenge's form
    inside the window, the panel under its title and over the keys line, the rows one under
    the other."""
    from game.menus.challenge import ChallengeFormScene

    app = open_app(size, language=language)
    try:
        scene: FormScene = {"settings": SettingsScene, "new game": NewGameScene,
                            "challenge": ChallengeFormScene}[form](app)
        app.push(scene)
        step(app)
        u = app.unit
        h = app.size[1]
        panel = scene.panel
        assert panel.top - 58 * u - 34 * u >= 0, (size, panel)  # room for the title
        assert panel.bottom <= h - 30 * u, (size, panel)  # the keys line stays clear
        assert app.screen.get_rect().contains(panel)
        bottoms = 0
        for r in scene.rows:
            assert panel.contains(r.rect), (size, r.key, r.rect, panel)
            assert r.rect.top >= bottoms, (size, r.key)
            bottoms = r.rect.bottom
            if isinstance(r, ChoiceRow):
                for rect in r.option_rects:
                    assert r.rect.top <= rect.top and rect.bottom <= r.rect.bottom, (size, r.key)
                    assert panel.left <= rect.left and rect.right <= panel.right, (size, r.key)
                    assert rect.height >= 24 * u, (size, r.key, rect)
        for button in scene.actions:
            assert panel.contains(button.rect), (size, button.rect, panel)
            assert button.rect.top >= bottoms
    finally:
        shut(app)


def test_the_rules_page_says_the_discard_may_change_until_the_first_card():
    """Where a player looks it up: the taker may change the discard until their first card,
    even once the others have begun the trick (RULES.md §5)."""
    from game.menus.rules_text import RULES

    assert "change the discard until they play their first card" in " ".join(
        RULES["en"].split())
    assert "changer son écart jusqu'à sa première carte" in " ".join(RULES["fr"].split())


def test_the_history_screens_never_read_a_file_in_a_frame(app: App, monkeypatch) -> None:
    """With a long history a frame that reads it freezes the window for seconds: the
    finished deals and the statistics show "Reading…" and take the listing the history's
    reader makes on its own thread."""
    import threading

    from game.history import archive

    small_history()
    readers: set[str] = set()
    real = archive.read_entry

    def read_entry(path: Path) -> Any:
        readers.add(threading.current_thread().name)
        return real(path)

    monkeypatch.setattr(archive, "read_entry", read_entry)
    for kind in (FinishedDealsScene, StatsScene):
        scene = kind(app)
        app.push(scene)
        app.step(1 / 60)
        step(app, 2)  # the listing came
        assert scene.listing is not None and scene.entries
        app.pop()
    assert readers and threading.main_thread().name not in readers, readers
