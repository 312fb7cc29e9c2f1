"""A match with a length, as a player lives it: chosen on the new-game form, counted on the
table ("Deal 2 of 3") and on the score sheet, kept when the match is left and continued in a
new window, and ended by the winner and the final standings; the match is then put away
with the finished matches, and the menu no longer offers to continue it."""

from __future__ import annotations

import random
from pathlib import Path

import pygame

from engine.length import MatchLength
from engine.match import Match
from engine.randomplay import random_action
from engine.rules import load_rules
from engine.saves import load_match, save_match
from game.app import paths
from game.app.window import App
from game.match.autosave import MATCH_ID
from game.match.final import MatchOverScene
from game.match.session import read_saved_match
from game.menus.menu import MenuScene
from game.menus.new_game import NewGameScene
from game.table.scene import TableScene
from game.table.score.sheet import ScoreSheet
from tests.helpers.apps import open_app, shut
from tests.helpers.screens import click, key, open_menu, step, top
from tests.helpers.table import play_the_seat


def menu_button(menu: MenuScene, name: str) -> tuple[int, int]:
    return menu.buttons[menu.keys.index(name)].rect.center


def option(form: NewGameScene, row_key: str, value: object) -> tuple[int, int]:
    row = next(r for r in form.rows if r.key == row_key)
    index = [c.value for c in row.choices].index(value)  # type: ignore[union-attr]
    return row.option_rects[index].center  # type: ignore[union-attr]


def ended_match(players: int, seed: int) -> Match:
    """A match of one deal, played to its end at random."""
    match = Match.new(load_rules(), players, seed=seed, length=MatchLength(deals=1))
    rng = random.Random(seed)
    while not match.current.is_over:
        match.execute(match.current.state.turn, random_action(match.current.state, rng))
    assert match.over
    return match


def the_table(app: App) -> TableScene:
    table = top(app)
    assert isinstance(table, TableScene)
    return table


def test_a_match_of_one_round_is_played_to_its_winner_across_two_windows(home: Path) -> None:
    app = open_app((1280, 720))
    menu = open_menu(app, seed=31)
    click(app, menu_button(menu, "new_game"))
    form = top(app)
    assert isinstance(form, NewGameScene)
    click(app, option(form, "players", 3))
    click(app, option(form, "menu_match_length", "rounds-1"))
    assert form.length == "rounds-1"
    click(app, form.actions[1].rect.center)  # Start
    table = the_table(app)
    match = table.player.match
    assert match.length == MatchLength(deals=3)
    assert table.deal_caption() == "Deal 1 of 3"

    # the first deal, then the second dealt and left in play: back to the menu, window shut
    first = play_the_seat(table, lambda: step(app), seed=1)
    assert table.score_panel is not None
    assert [b.label for b in table.score_panel.buttons][-1] == "Next deal"
    key(app, pygame.K_RETURN)
    assert match.count == 2 and table.deal_caption() == "Deal 2 of 3"
    step(app, 30)
    key(app, pygame.K_ESCAPE)
    assert top(app) is menu and menu.buttons[1].enabled
    saved = read_saved_match(paths.current_match_file()).match
    assert saved.length == MatchLength(deals=3) and saved.count == 2
    match_id = read_saved_match(paths.current_match_file()).meta[MATCH_ID]
    shut(app)

    # a new window: Continue takes the match up with its length
    app = open_app((1024, 600))
    menu = open_menu(app)
    assert menu.buttons[1].enabled
    click(app, menu_button(menu, "continue"))
    table = the_table(app)
    match = table.player.match
    assert match.length == MatchLength(deals=3) and match.count == 2
    assert table.deal_caption() == "Deal 2 of 3"
    play_the_seat(table, lambda: step(app), seed=2)
    key(app, pygame.K_s)  # the score sheet counts the deals left
    sheet = top(app)
    assert isinstance(sheet, ScoreSheet)
    assert sheet.progress == "A match of 3 deals · 1 left to play"
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_RETURN)  # the last deal
    assert table.deal_caption() == "Deal 3 of 3"
    last = play_the_seat(table, lambda: step(app), seed=3)
    assert match.over and last.is_over
    assert table.score_panel is not None
    assert table.score_panel.buttons[-1].label == "Final standings"

    # the end: the winner and the standings are the engine's
    key(app, pygame.K_RETURN)
    final = top(app)
    assert isinstance(final, MatchOverScene)
    totals = match.totals
    assert [(line.seat, line.total) for line in final.lines] == sorted(
        enumerate(totals), key=lambda pair: (-pair[1], pair[0]))
    assert [line.total for line in final.lines] == sorted(totals, reverse=True)
    best = max(totals)
    winners = [seat for seat, total in enumerate(totals) if total == best]
    assert match.winners == winners
    names = [table.name(seat) for seat in range(3)]
    if winners == [0]:
        assert final.winner == "You win the match!"
    elif len(winners) == 1:
        assert final.winner == f"{names[winners[0]]} wins the match"
    else:
        assert final.winner.endswith("share the win")
    assert sum(line.total for line in final.lines) == 0
    assert first.scores is not None

    # put away with the finished matches: no longer the match in progress
    assert not paths.current_match_file().exists()
    kept, meta = load_match(paths.finished_match_file(match_id))
    assert kept.over and kept.totals == totals and kept.length == MatchLength(deals=3)
    assert meta[MATCH_ID] == match_id
    key(app, pygame.K_s)
    sheet = top(app)
    assert isinstance(sheet, ScoreSheet) and sheet.progress.startswith("Match over · ")
    key(app, pygame.K_ESCAPE)
    assert top(app) is final
    key(app, pygame.K_ESCAPE)  # Menu
    assert top(app) is menu and not menu.buttons[1].enabled
    shut(app)


def test_new_game_from_the_end_of_a_match_opens_the_form(app: App) -> None:
    """Enter on the winner's screen is a new game: the form, with the menu under it."""
    menu = open_menu(app)
    app.push(MatchOverScene(app, ended_match(4, 6), ["Ana", "Léa", "Hugo", "Chloé"]))
    step(app)
    key(app, pygame.K_RETURN)
    assert isinstance(top(app), NewGameScene) and app.scenes[-2] is menu
    key(app, pygame.K_ESCAPE)
    assert isinstance(top(app), MenuScene)


def test_a_saved_match_over_is_not_offered_to_continue(app: App) -> None:
    """A game stopped between putting the match away and removing the file in progress."""
    save_match(ended_match(3, 8), paths.current_match_file(), {"names": ["Ana", "Léa", "Hugo"]})
    menu = open_menu(app)
    assert not menu.buttons[1].enabled
    click(app, menu_button(menu, "new_game"))
    click(app, top(app).actions[1].rect.center)  # no question: nothing of it is left to play
    assert isinstance(top(app), TableScene)


def test_tarot_continue_on_a_match_over_shows_its_end_and_puts_it_away(app: App) -> None:
    from game.cli import continue_match

    match = ended_match(4, 9)
    save_match(match, paths.current_match_file(),
               {"names": ["Ana", "Léa", "Hugo", "Chloé"], MATCH_ID: "ab" * 16})
    continue_match(app, read_saved_match())
    step(app, 5)
    table = the_table(app)
    assert table.score_panel is not None
    assert table.score_panel.buttons[-1].label == "Final standings"
    assert not paths.current_match_file().exists()
    assert load_match(paths.finished_match_file("ab" * 16))[0].totals == match.totals
    key(app, pygame.K_RETURN)
    final = top(app)
    assert isinstance(final, MatchOverScene) and final.names == ["Ana", "Léa", "Hugo", "Chloé"]


def test_leaving_the_table_at_the_end_of_a_match_shows_its_winner_first(app: App) -> None:
    """Esc at the last deal's score (or the table menu's last line): the match is put away
    as its last deal ends, so its winner is shown on the way out, not lost."""
    from game.cli import continue_match

    match = ended_match(3, 12)
    save_match(match, paths.current_match_file(), {"names": ["Ana", "Léa", "Hugo"]})
    continue_match(app, read_saved_match())  # the table, the menu under it
    step(app, 5)
    key(app, pygame.K_ESCAPE)
    final = top(app)
    assert isinstance(final, MatchOverScene), "the match ended unseen"
    assert [line.total for line in final.lines] == sorted(match.totals, reverse=True)
    key(app, pygame.K_ESCAPE)
    assert isinstance(top(app), MenuScene)

