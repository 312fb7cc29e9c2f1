"""The measurement experts that see hidden cards: what they see, and only then."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from engine import cards as C
from engine.ai.expert import ExpertBot
from engine.ai.oracle import SEES, OmniscientExpert, RevealedWorlds, SeeingExpert
from engine.ai.registry import MEASUREMENT_BOTS
from engine.ai.sampling import infer
from engine.ai.simple_bot import SimpleBot
from engine.deal import Deal
from engine.rules import load_rules
from engine.state import DealState, Phase
from engine.views import SeatView, view_for
from tests.helpers.bot_tables import play_out

RULES = load_rules()


def play_positions(players: int, deals: int, seed: int) -> Iterator[tuple[DealState, SeatView]]:
    """The true state and the view of the seat to play at card decisions of deals played by
    simple bots, every third card."""
    rng = random.Random(seed)
    for number in range(deals):
        deal = Deal.new(RULES, players, number % players, rng.getrandbits(40))
        bots = [SimpleBot(s) for s in range(players)]
        step = 0
        while not deal.is_over:
            state = deal.state
            seat = state.turn
            assert seat is not None
            view = view_for(state, seat)
            if state.phase is Phase.PLAYING:
                step += 1
                if step % 3 == 1:
                    yield state.copy(), view
            deal.execute(seat, bots[seat].decide(view))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_revealed_cards_are_where_they_truly_are_and_the_rest_as_the_seat_may_think(
        players: int) -> None:
    rng = random.Random(players)
    checked = 0
    for true, view in play_positions(players, 6, players):
        known = infer(view)
        for revealed in (C.TRUMP_MASK | C.EXCUSE_BIT, true.hands[(view.seat + 1) % players], 0):
            worlds = RevealedWorlds(view, true, revealed)
            for _ in range(3):
                world = worlds.sample(rng)
                assert world.hands[view.seat] == true.hands[view.seat]
                for holder, allowed, size in zip(known.holders, known.allowed, known.sizes,
                                                 strict=True):
                    part = known.held(world, holder)
                    truth = known.held(true, holder)
                    assert part.bit_count() == size
                    assert part & known.pool & revealed == truth & known.pool & revealed
                    assert part & ~revealed & ~allowed == 0
                checked += 1
    assert checked > 100


@pytest.mark.parametrize("players", [3, 5])
def test_seeing_every_card_in_the_play_samples_the_true_deal(players: int) -> None:
    seeing = SeeingExpert(lambda: true, "play", 1, budget_samples=4)
    for true, view in play_positions(players, 2, 7):
        world, weight = seeing.world_source(view, random.Random(0))()
        assert world.hands == true.hands and weight > 0


def test_the_taker_sees_nothing_more_and_the_others_see_its_hand() -> None:
    for true, view in play_positions(4, 3, 3):
        seeing = SeeingExpert(lambda true=true: true, "taker", 1, budget_samples=4)
        shown = seeing.revealed(view, true)
        if view.seat == view.taker:
            assert shown == 0
        else:
            assert view.taker is not None
            assert shown == true.hands[view.taker] | true.discard


def test_seeing_the_partner_reveals_the_called_card() -> None:
    for true, view in play_positions(5, 3, 5):
        seeing = SeeingExpert(lambda true=true: true, "partner", 1, budget_samples=4)
        world, _ = seeing.world_source(view, random.Random(1))()
        assert view.called is not None
        assert world.partner == true.partner


def test_before_the_play_it_decides_as_the_expert_does() -> None:
    """The same seed and sampled deals: the same bids, call and discard as the expert."""
    for number in range(6):
        deal = Deal.new(RULES, 5, number % 5, 900 + number)
        seats = {}
        while not deal.is_over and deal.state.phase is not Phase.PLAYING:
            seat = deal.state.turn
            assert seat is not None
            view = view_for(deal.state, seat)
            if seat not in seats:
                seats[seat] = (
                    SeeingExpert(lambda d=deal: d.state, "play", seat, budget_samples=12),
                    ExpertBot(seat, budget_samples=12))
            seeing, expert = seats[seat]
            action = seeing.decide(view)
            assert action == expert.decide(view)
            deal.execute(seat, action)


@pytest.mark.parametrize("sees", SEES)
def test_a_seeing_expert_plays_whole_legal_deals(sees: str) -> None:
    for number in range(2):
        deal = Deal.new(RULES, 5, number, 40 + number)
        play_out(deal, [SeeingExpert(lambda d=deal: d.state, sees, 1, budget_samples=6)] + [
            SimpleBot(s) for s in range(1, 5)])


def test_the_measurement_factory_and_its_errors() -> None:
    deal = Deal.new(RULES, 4, 0, 11)
    factory = MEASUREMENT_BOTS["omniscient"]
    assert isinstance(factory(1, lambda: deal.state), OmniscientExpert)
    seeing = factory(1, lambda: deal.state, samples=8, sees="trumps")
    assert isinstance(seeing, SeeingExpert) and seeing.sees == "trumps"
    with pytest.raises(ValueError, match="sees='hands': expected one of play, taker"):
        factory(1, lambda: deal.state, sees="hands")
    other = Deal.new(RULES, 4, 0, 12)
    while other.state.phase is not Phase.PLAYING:
        seat = other.state.turn
        assert seat is not None
        other.execute(seat, SimpleBot(seat).decide(view_for(other.state, seat)))
    view = view_for(other.state, other.state.turn)  # type: ignore[arg-type]
    stale = SeeingExpert(lambda: deal.state, "play", 1, budget_samples=4)
    with pytest.raises(ValueError, match="not at the decision the view shows"):
        stale.world_source(view, random.Random(0))
