"""Every kind of deal walked through the real table and the real replay viewer, as a player
would: 3, 4 and 5 players, every variant, every contract, handfuls (the Excuse among the
trumps shown), misères, announced slams, petit sec and all passed.

At every step — forward, back, random jumps, the view mode switched at each step, at a live
table frame by frame while the cards fly — the test checks what a player would: nothing
raises, and every card drawn face up is a card the seat's view knows at that moment (or, in
a replay with open hands, a card of the deal).
"""

from __future__ import annotations

import random

import pygame
import pytest

from engine import cards as C
from engine.deal import Deal
from engine.match import Match
from game.app.window import App
from game.match.controller import MatchController
from game.table.scene import TableScene
from tests.helpers.apps import open_app
from tests.helpers.deal_kinds import LogBot, Plan, catalogue, describe
from tests.helpers.replay import DT, Replay


@pytest.fixture(scope="module")
def deals() -> list[tuple[Plan, Deal]]:
    return catalogue()


@pytest.fixture(autouse=True)
def _no_analysis(monkeypatch):
    """The replay's analysis is not what is walked here: it stays off (it is tested apart)."""
    import game.replay.viewer as viewer

    monkeypatch.setattr(viewer.ReplayScene, "_start_analysis", lambda self: None)


def seen_face_up(table: TableScene) -> None:
    """Every face-up card is one the seat's view knows: the view shown, and during a step
    the views before and after it; with open hands, any card."""
    allowed = table.view.known
    step = table.step
    if step is not None:
        allowed |= step.before.known | step.after.known
    if table.source.revealed() is not None:
        return
    shown = table.faces_on_show()
    hidden = sorted(c for c in shown if not allowed >> c & 1)
    assert not hidden, (f"face up but unknown to seat {table.me}: "
                        f"{C.format_cards(hidden)} ({table.view.phase.value})")
    if table.view.dog is None:
        assert all(s.face < 0.5 for s in table.sprites.dog), "the dog is face up"


def test_the_catalogue_holds_every_kind_of_deal(deals) -> None:
    kinds = [describe(deal) for _, deal in deals]
    for players in (3, 4, 5):
        mine = [k for k in kinds if k["players"] == players]
        assert {k["contract"] for k in mine} >= {"petite", "garde", "garde_sans",
                                                  "garde_contre"}
        assert {k["cancelled"] for k in mine} >= {"all_passed", "petit_sec"}
        assert any(k["handfuls"] for k in mine) and any(k["miseres"] for k in mine)
        assert any(k["slam"] for k in mine)
    assert any(k["handful_excuse"] for k in kinds)
    assert {plan.variant for plan, _ in deals} == {"fft", "miseres", "excuse_to_trick_winner",
                                                   "call_any_card"}


# --- the replay viewer --------------------------------------------------------------------------


def viewer_of(app: App, deal: Deal) -> Replay:
    """The viewer on ``deal``, at rest, checking the faces shown at every frame."""
    viewer = Replay.of(deal, app=app, title="walk", settle_frames=600,
                       on_frame=lambda replay: seen_face_up(replay.scene.table))
    viewer.settle()
    return viewer


def toggle_twice(viewer: Replay) -> None:
    for _ in range(2):
        viewer.key(pygame.K_o)
        viewer.at_rest_as_the_engine_says()


@pytest.fixture
def app() -> App:
    return open_app((1024, 600))


@pytest.mark.slow
def test_every_deal_replays_forward_back_jumping_and_switching_modes(app, deals) -> None:
    rng = random.Random(12)
    for plan, deal in deals:
        viewer = viewer_of(app, deal)
        scene = viewer.scene
        cursor = scene.cursor
        for mode in range(2):  # open hands first, then as I saw it
            if mode:
                viewer.key(pygame.K_o)
                assert not scene.open_hands
            viewer.key(pygame.K_HOME)
            while not cursor.at_end:
                viewer.key(pygame.K_RIGHT)
                viewer.at_rest_as_the_engine_says()
                if mode == 0:
                    toggle_twice(viewer)
            assert scene.score_panel is not None, plan.name
            while not cursor.at_start:
                viewer.key(pygame.K_LEFT)
                viewer.at_rest_as_the_engine_says()
                if mode == 1 and cursor.position % 3 == 0:
                    toggle_twice(viewer)
            for _ in range(12):
                scene.seek(rng.randint(1, cursor.total))
                viewer.settle()
                viewer.at_rest_as_the_engine_says()
                viewer.key(pygame.K_RIGHT)  # an animated step from anywhere
        scene.close()
        app.step(DT)


def test_a_replay_shows_the_discard_and_the_hidden_dog_at_the_end(app, deals) -> None:
    for plan, deal in deals:
        contract = deal.state.contract
        if contract is None:
            continue
        viewer = viewer_of(app, deal)
        scene = viewer.scene
        viewer.key(pygame.K_o)  # as I saw it
        viewer.key(pygame.K_END)
        middle = {s.card for s in scene.table.sprites.dog if s.face >= 0.5}
        expected = deal.state.dog if not contract.dog_shown else deal.state.discard
        assert middle == set(C.cards_of(expected)), plan.name
        if contract.dog_shown:  # the discard, when it is made: to its owner only
            made = next(i for i, e in enumerate(deal.events)
                        if type(e).__name__ == "Discarded") + 1
            scene.seek(made)
            viewer.settle()
            shown = {s.card for show in scene.table.sprites.shows for s in show.sprites}
            mine = deal.state.taker == 0
            assert shown == (set(C.cards_of(deal.state.discard)) if mine
                             else set(deal.events[made - 1].shown)), plan.name
        scene.close()
        app.step(DT)


# --- the live table -----------------------------------------------------------------------------


def play_live(app: App, deal: Deal) -> TableScene:
    """Replay ``deal``'s commands at a live table: seat 0 is the player (its decisions are
    sent when the table is at rest, as a player's would be), the others are bots."""
    match = Match(deal.rules, deal.players, seed=1,
                  deals=[Deal.from_dealt(deal.rules, deal.events[0])])
    controller = MatchController(match, {s: LogBot(deal, s) for s in range(1, deal.players)})
    me = LogBot(deal, 0)
    table = TableScene(app, controller)
    app.push(table)
    try:
        for _ in range(60_000):
            app.step(DT)
            seen_face_up(table)
            if match.current.is_over and table.idle:
                break
            if controller.waiting_for_human() and table.idle:
                assert controller.submit(me.decide(controller.view())) is None
        assert match.current.is_over
        assert match.current.events == deal.events
        for _ in range(5):
            app.step(DT)
        assert table.score_panel is not None
    finally:
        controller.shutdown()
        app.pop()
    return table


def test_every_deal_at_a_live_table_shows_only_what_the_seat_knows(app, deals) -> None:
    for _plan, deal in deals:
        play_live(app, deal)


@pytest.mark.slow
def test_deals_at_a_live_table_frame_by_frame_while_the_cards_fly(deals) -> None:
    app = open_app((1280, 720), animation_speed="fast")
    wanted = {"4p-garde-handful-miseres", "5p-garde_contre-handful-call_any_card",
              "3p-garde_sans-handful-excuse_to_trick_winner", "4p-misere-heads"}
    for plan, deal in deals:
        if plan.name in wanted:
            play_live(app, deal)
