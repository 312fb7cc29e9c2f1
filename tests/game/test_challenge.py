"""The duplicate challenge: the same cards for the player and for the expert, the same bots,
the scores compared deal by deal; played through the real board and tables like a player."""

from __future__ import annotations

import time

import pygame
import pytest

from engine.ai import make_bot
from engine.challenge import SEAT, Challenge, ChallengeError, ChallengeMatch, expert_game
from engine.deal import Deal
from engine.rules import load_rules
from engine.saves import load_deal
from engine.views import view_for
from game.app.screens import ConfirmDialog
from game.app.window import App
from game.challenge.run import EXPERT, ChallengeRun
from game.challenge.scenes import ChallengeScene, start_challenge
from game.history.archive import list_deals
from game.history.stats import challenge_record, compute_stats
from game.table.scene import TableScene
from tests.helpers.apps import open_app
from tests.helpers.challenge import (
    play_the_table,
    replay_of_a_finished_deal,
    to_the_players_turn,
)
from tests.helpers.screens import click, key, open_menu, step

# --- the series ------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_series_deals_the_same_cards_every_time_and_rotates_the_dealer(players):
    rules = load_rules()
    challenge = Challenge.series(rules, players, "simple", seed=11)
    assert len(challenge) == 8
    dealers = [dealer for _, dealer in challenge.deals]
    assert dealers == [i % players for i in range(8)]
    for i in range(8):
        assert challenge.deal(i).events == challenge.deal(i).events
    assert len({challenge.deal(i).events[0] for i in range(8)}) == 8


def test_a_finished_deal_opens_its_challenge():
    deal = Deal.new(load_rules(), 4, 2, 12345)
    challenge = Challenge.series(deal.rules, 4, "simple", seed=3,
                                 first=(deal.state.seed, deal.state.dealer), length=3)
    assert challenge.deal(0).events[0] == deal.events[0]
    assert [d for _, d in challenge.deals] == [2, 3, 0]


def test_the_experts_run_plays_the_same_cards_with_the_same_bots():
    challenge = Challenge.series(load_rules(), 4, "simple", seed=5, length=1)
    played = expert_game(challenge, 0)
    assert played.is_over and played.events[0] == challenge.deal(0).events[0]
    # every other seat's first decision is the one the challenge's bot makes there
    deal = challenge.deal(0)
    for seat in range(1, 4):
        state = next(s for s in played.states() if s.turn == seat)
        bot = make_bot("simple", challenge.bot_seed(0, seat))
        first = next(e for e in played.events if getattr(e, "seat", None) == seat
                     and type(e).__name__ == "BidMade")
        assert bot.decide(view_for(state, seat)).contract == first.contract
    assert deal.events[0] == played.events[0]


def test_the_challenge_match_deals_the_series_and_stops_after_it():
    challenge = Challenge.series(load_rules(), 3, "simple", seed=9, length=2)
    match = ChallengeMatch(challenge)
    for i in range(2):
        deal = match.next_deal()
        assert deal.events == challenge.deal(i).events
        rng = make_bot("random", i)
        while not deal.is_over:
            seat = deal.state.turn
            deal.execute(seat, rng.decide(view_for(deal.state, seat)))
    with pytest.raises(ChallengeError):
        match.next_deal()


# --- on screen -------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [4, 5])
def test_a_challenge_played_through_the_board_compares_you_with_the_expert(players):
    app = open_app((1024, 600))
    pygame.event.clear()
    challenge = Challenge.series(load_rules(), players, "simple", seed=21, length=2)
    names = ["Ann", "Bob", "Cat", "Dan", "Eve"][:players]
    board = start_challenge(app, challenge, names)
    run = board.run
    assert board.total_label() == "Total (0 deals you both played)"
    yours = []
    for i in range(2):
        table = app.scene
        assert isinstance(table, TableScene)
        yours.append(play_the_table(app, table, 40 + i))
        table.score_panel.next_deal()  # "Back to the challenge"
        step(app, 3)
        assert app.scene is board
        assert run.comparison()[i].yours == yours[i].scores[SEAT]
        if i == 0:
            key(app, pygame.K_RETURN)  # the next deal
    assert run.over and not board.play_button.enabled
    assert run.wait(300), run.expert_errors
    step(app, 2)
    for i, row in enumerate(run.comparison()):
        expert = run.deal_of(EXPERT, i)
        # the same cards, in the same seat, for both
        assert expert.events[0] == yours[i].events[0] == challenge.deal(i).events[0]
        assert row.experts == expert.scores[SEAT] and row.yours == yours[i].scores[SEAT]
        assert row.difference == row.yours - row.experts
    mine, theirs, diff = run.totals()
    assert (mine, theirs) == (sum(d.scores[0] for d in yours),
                              sum(run.deal_of(EXPERT, i).scores[0] for i in range(2)))
    assert diff == mine - theirs
    assert board.total_label() == "Total"
    board.draw(app.screen)
    # both runs are in the history, marked; the statistics keep them apart
    entries = list_deals()
    finished = {"yours": [d for d in yours if d.result is not None],
                "expert": [d for i in range(2) if (d := run.deal_of(EXPERT, i)).result is not None]}
    assert sorted(e.challenge for e in entries) == sorted(
        ["expert"] * len(finished["expert"]) + ["yours"] * len(finished["yours"]))
    for entry in entries:
        deal, meta = load_deal(entry.path)
        assert meta["challenge"] == run.id and meta["number"] in (1, 2)
        assert deal.events[0] == challenge.deal(meta["number"] - 1).events[0]
    stats = compute_stats(entries)
    assert stats[players].deals == 0 and stats.challenge == len(finished["yours"])
    record = challenge_record(entries)
    both = [i for i in range(2) if yours[i].result and run.deal_of(EXPERT, i).result]
    assert (record.deals, record.yours, record.experts) == (
        len(both), sum(yours[i].scores[0] for i in both),
        sum(run.deal_of(EXPERT, i).scores[0] for i in both))
    # the statistics screen tells the challenges of the player count it shows
    from game.menus.statistics import StatsScene

    shown = StatsScene(app, players=players)
    shown.refresh()
    shown.reader.wait(60)
    shown.update(0.0)
    assert bool(shown.challenge_line()) == bool(both)
    shown.set_filter(next(n for n in (3, 4, 5) if n != players))
    assert shown.challenge_line() == ""
    shown.set_filter(None)
    assert bool(shown.challenge_line()) == bool(both)
    # the expert's game is there to review like any other
    board.selected = 1
    key(app, pygame.K_e)
    from game.replay.viewer import ReplayScene

    viewer = app.scene
    assert isinstance(viewer, ReplayScene)
    assert viewer.info.deal.events == run.deal_of(EXPERT, 1).events
    assert viewer.name(0) == run.expert_name
    assert viewer.table.deal_number() == 2
    key(app, pygame.K_ESCAPE)
    assert app.scene is board
    key(app, pygame.K_r)
    assert isinstance(app.scene, ReplayScene) and app.scene.info.deal.events == yours[1].events
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)  # leaves the challenge
    assert not isinstance(app.scene, ChallengeScene)


def test_leaving_a_challenge_stops_the_experts_run():
    app = open_app((1280, 720))
    challenge = Challenge.series(load_rules(), 4, "simple", seed=2, length=8)
    run = ChallengeRun(challenge, ["Ann", "Bob", "Cat", "Dan"], save=False)
    board = ChallengeScene(app, run)
    app.push(board)
    step(app, 2)
    assert run._job is not None
    board.close()
    assert run._job is None and run.experts_done < 8
    run.update()  # nothing more is asked
    assert run._job is None


def test_a_deal_left_half_played_is_taken_up_where_it_was():
    app = open_app((1280, 720))
    pygame.event.clear()
    challenge = Challenge.series(load_rules(), 3, "simple", seed=8, length=2)
    board = start_challenge(app, challenge, ["Ann", "Bob", "Cat"])
    table = app.scene
    controller = table.player
    me = make_bot("simple", 1)
    for _ in range(2000):  # a few decisions, not the whole deal
        if len(controller.match.current.events) > 12:
            break
        if controller.waiting_for_human() and table.idle:
            controller.submit(me.decide(controller.view()))
        step(app)
        time.sleep(0.0005)
    events = list(controller.match.current.events)
    key(app, pygame.K_ESCAPE)  # away from the table
    assert app.scene is board
    key(app, pygame.K_RETURN)  # and back: the same deal, at the same point
    again = app.scene
    assert isinstance(again, TableScene) and again is not table
    assert again.player.match.current.events[:len(events)] == events
    assert len(board.run.yours.deals) == 1
    board.run.stop()


def _nothing_of_the_experts_seen(app: App, board: ChallengeScene, hidden: range) -> None:
    """What a player can reach of the expert's deals ``hidden`` (board, review, history,
    statistics): nothing but "…"."""
    run = board.run
    for i in hidden:
        row = run.comparison()[i]
        assert row.experts is None and row.difference is None
        assert board.row_cells(row)[2] == "…"
        board.selected = i
        key(app, pygame.K_e)  # "Review the expert's"
        assert app.scene is board, f"the expert's deal {i + 1} opened before it was played"
        assert not board.expert_button.enabled
    numbers = {load_deal(e.path)[1]["number"] for e in list_deals() if e.challenge == "expert"}
    assert not numbers & {i + 1 for i in hidden}
    # a deal counts in the statistics once both runs of it are seen (and scored)
    assert challenge_record(list_deals()).deals <= len(run.challenge) - len(hidden)


@pytest.mark.parametrize("start", ["menu", "replay"])
def test_nothing_of_the_experts_deal_is_seen_before_the_player_has_played_it(start):
    """The expert works ahead of the player; its score, its game and its history file of a
    deal come only once the player has finished that deal."""
    from game.replay.viewer import ReplayScene

    app = open_app((1280, 720), players=4)
    pygame.event.clear()
    if start == "menu":
        menu = open_menu(app)
        click(app, menu.buttons[menu.keys.index("challenge")].rect.center)
        key(app, pygame.K_RETURN)  # the form's Start, as it comes
    else:  # C in the replay viewer, on a deal just seen with open hands
        replay_of_a_finished_deal(app, 4, 1, 777, level="simple")
        key(app, pygame.K_END)
        key(app, pygame.K_c)
        key(app, pygame.K_RETURN)
    table = app.scene
    assert isinstance(table, TableScene)
    board = app.scenes[-2]
    assert isinstance(board, ChallengeScene)
    run = board.run
    for _ in range(2000):  # to the player's first bid
        if table.player.waiting_for_human() and table.idle:
            break
        step(app)
        time.sleep(0.0005)
    key(app, pygame.K_ESCAPE)  # away from the first bid, to the board
    assert app.scene is board
    assert run.wait(600), run._errors
    step(app, 3)
    assert run.experts_done == len(run.challenge)  # worked out ahead...
    _nothing_of_the_experts_seen(app, board, range(len(run.challenge)))  # ...and not seen
    # the first deal played: its expert's game comes, and nothing of the next ones
    key(app, pygame.K_RETURN)
    table = app.scene
    played = play_the_table(app, table, 5)
    table.score_panel.next_deal()  # "Back to the challenge"
    step(app, 3)
    assert app.scene is board
    row = run.comparison()[0]
    assert row.yours == played.scores[SEAT] and row.experts is not None
    assert board.row_cells(row)[2] != "…"
    _nothing_of_the_experts_seen(app, board, range(1, len(run.challenge)))
    board.selected = 0
    key(app, pygame.K_e)
    assert isinstance(app.scene, ReplayScene)
    assert app.scene.info.deal is run.deal_of(EXPERT, 0)
    run.stop()


# --- no help from the expert in a challenge deal -----------------------------------------------


def test_a_challenge_deal_offers_no_hint_nor_undo_and_says_why(monkeypatch):
    """H would give the expert's own advice and U take a card back: neither may help the
    player in a duplicate against the expert. The buttons show dimmed with the reason, and
    H, B, U and a click on either button say it; nothing is asked, nothing taken back."""
    from game.app.i18n import tr
    from game.table import assist

    asked = []
    monkeypatch.setattr(assist, "hint_job", lambda *args, **kw: asked.append(args))
    app = open_app((1280, 720))
    pygame.event.clear()
    challenge = Challenge.series(load_rules(), 4, "simple", seed=21, length=2)
    board = start_challenge(app, challenge, ["Ann", "Bob", "Cat", "Dan"])
    table = app.scene
    assert isinstance(table, TableScene)
    why = tr("table_assist_challenge")
    to_the_players_turn(app, table)
    hint, undo = table.buttons["hint"], table.buttons["undo"]
    assert not hint.enabled and hint.tip == why
    for code in (pygame.K_h, pygame.K_b):
        table.toast.show("", 0.0)
        key(app, code)
        assert table.toast.text == why and table.toast.visible
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=hint.rect.center, button=1))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=hint.rect.center, button=1))
    step(app)
    assert not asked and table.assist.job is None and table.assist.hint is None
    # the player bids (a click on the dialog), then tries to take it back
    panel = table.dialogs.open_panel()
    assert panel is not None
    button = next(b for b in panel.buttons if b.label == tr("pass"))
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=button.rect.center, rel=(0, 0),
                                    buttons=(0, 0, 0)))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=button.rect.center, button=1))
    step(app, 3)
    deal = table.player.match.current
    events = list(deal.events)
    assert any(getattr(e, "seat", None) == SEAT for e in events[1:])  # the bid is made
    table.toast.show("", 0.0)
    key(app, pygame.K_u)
    assert table.toast.text == why
    step(app, 3)
    assert deal.events[:len(events)] == events and not table.player.match.practised
    assert not undo.enabled and undo.tip == why
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=undo.rect.center, button=1))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=undo.rect.center, button=1))
    step(app)
    assert deal.events[:len(events)] == events and not table.player.match.practised
    board.run.stop()


def test_the_boards_first_button_says_which_deal_it_plays():
    """"Continue deal 1" while deal 1 is under way, "Play deal 2" once it is over, "Series
    over" at the end: never "Next deal" for a deal not finished."""
    app = open_app((1280, 720))
    pygame.event.clear()
    challenge = Challenge.series(load_rules(), 3, "simple", seed=8, length=2)
    board = start_challenge(app, challenge, ["Ann", "Bob", "Cat"])
    table = app.scene
    to_the_players_turn(app, table)
    key(app, pygame.K_ESCAPE)  # at the first bid, back to the board
    assert app.scene is board
    assert board.play_button.label == "Continue deal 1" and board.play_button.enabled
    for number in (1, 2):
        key(app, pygame.K_RETURN)
        table = app.scene
        assert isinstance(table, TableScene)
        play_the_table(app, table, number)
        table.score_panel.next_deal()  # "Back to the challenge"
        step(app, 2)
        assert app.scene is board
        if number == 1:
            assert board.play_button.label == "Play deal 2"
    assert board.play_button.label == "Series over" and not board.play_button.enabled
    board.run.stop()


def test_the_player_chooses_the_challenges_table_in_a_form():
    """The series' player count and opponents are chosen in a form, not taken from the last
    new game; from the replay, the deal seen sets the count and the rules."""

    app = open_app((1280, 720), players=4, bot_level="simple")
    pygame.event.clear()
    menu = open_menu(app)
    click(app, menu.buttons[menu.keys.index("challenge")].rect.center)
    form = app.scene
    assert not isinstance(form, TableScene), "the series began at the last new game's table"
    from game.menus.challenge import ChallengeFormScene

    assert isinstance(form, ChallengeFormScene)
    players, level = form.rows
    assert (players.key, level.key) == ("players", "bot_level")
    click(app, players.option_rects[0].center)  # 3
    click(app, level.option_rects[0].center)  # random
    click(app, form.actions[1].rect.center)  # Start
    table = app.scene
    assert isinstance(table, TableScene) and app.scenes[-2].__class__ is ChallengeScene
    run = app.scenes[-2].run
    assert (run.challenge.players, run.challenge.bots) == (3, "random")
    assert table.players == 3
    assert app.settings.players == 4  # the next new game's count is the player's own
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)  # the board, then the menu
    assert app.scene is menu
    # C in the replay: this deal's table, the opponents to choose
    seen = replay_of_a_finished_deal(app, 5, 2, 4242, variant="miseres")
    key(app, pygame.K_c)
    form = app.scene
    assert isinstance(form, ChallengeFormScene)
    assert [row.key for row in form.rows] == ["bot_level"]
    assert "5 players" in form.description() and "Misères" in form.description()
    key(app, pygame.K_RETURN)
    question = app.scene  # the first series, left at its first deal, would be replaced
    assert isinstance(question, ConfirmDialog)
    click(app, question.yes.rect.center)
    board = app.scenes[-2]
    assert isinstance(board, ChallengeScene)
    assert board.run.challenge.players == 5 and board.run.challenge.bots == "simple"
    assert board.run.challenge.rules.variant == "miseres"
    assert board.run.challenge.deal(0).events[0] == seen.events[0]
    board.run.stop()
