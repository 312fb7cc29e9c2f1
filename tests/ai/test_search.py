"""The expert's search and its parts: the race between options on the same sampled deals, the
rest of the auction, the weights of sampled deals, the discards it weighs."""

from __future__ import annotations

import random

from engine import cards as C
from engine.actions import PASS, Bid
from engine.ai import auction
from engine.ai.candidates import discard_candidates
from engine.ai.club_contract import discard_choice, thresholds_for
from engine.ai.inference import Inference, bid_likelihood
from engine.ai.sampling import Worlds
from engine.ai.search import Budget, SearchProblem, paired, race
from engine.ai.simple_bot import SimpleBot
from engine.choices import discard_options
from engine.deal import Deal
from engine.events import DealDealt
from engine.rules import load_rules
from engine.state import DealState
from engine.views import view_for

RULES = load_rules()


def synthetic(means: list[float], noise: float, seed: int = 0,
              indifference: float = 0.5) -> tuple[SearchProblem[int], list[int]]:
    """Options whose score on each "deal" is its mean plus noise shared by every option (so
    differences show through), and a counter of the deals drawn."""
    rng = random.Random(seed)
    drawn = [0]
    state = DealState(RULES, 4)
    shared = [0.0]

    def worlds() -> tuple[DealState, float]:
        drawn[0] += 1
        shared[0] = rng.gauss(0, noise)
        return state, 1.0

    def run(world: DealState, option: int) -> float:
        return means[option] + shared[0] + rng.gauss(0, 1)

    return SearchProblem(list(range(len(means))), worlds, run, indifference), drawn


def test_the_race_finds_the_best_option_and_drops_the_clear_losers_early() -> None:
    problem, drawn = synthetic([0.0, 3.0, -40.0, 2.0], noise=30.0)
    outcome = race(problem, Budget(None, 400))
    assert outcome.best == 1
    assert outcome.worlds == drawn[0] <= 400
    assert outcome.means[2] < -30  # valued on a few deals only, then dropped


def test_a_favoured_option_is_given_up_only_for_a_confident_gain_larger_than_the_margin() -> None:
    """Option 1 is a sure gain: it stays the choice while option 0 beats it by less than the
    margin, or by noise; it is given up when option 0 is confidently better by more."""
    for seed in range(5):
        problem, _ = synthetic([2.0, 0.0], noise=5.0, seed=seed)
        assert race(problem, Budget(None, 300)).best == 0
        assert race(problem, Budget(None, 300), favour=1, margin=4.0).best == 1
        problem, _ = synthetic([10.0, 0.0], noise=5.0, seed=seed)
        assert race(problem, Budget(None, 300), favour=1, margin=4.0).best == 0


def test_equal_options_end_the_race_at_once_and_the_first_one_wins() -> None:
    state = DealState(RULES, 4)
    problem = SearchProblem([5, 6, 7], lambda: (state, 1.0), lambda w, o: 10.0, 0.5)
    outcome = race(problem, Budget(None, 1000))
    assert outcome.best == 5 and outcome.worlds < 20


def test_options_found_worth_the_same_go_to_the_first_not_to_the_noise() -> None:
    """The second option's mean is a little higher, but well within the indifference: the
    race ends on "the same" and keeps the first (the decision's preferred option), on every
    seed; a real difference still wins."""
    for seed in range(20):
        problem, _ = synthetic([0.0, 0.3], noise=20.0, seed=seed, indifference=3.0)
        outcome = race(problem, Budget(None, 2000))
        assert outcome.best == 0, (seed, outcome.means)
    problem, _ = synthetic([0.0, 6.0], noise=20.0, seed=1, indifference=3.0)
    assert race(problem, Budget(None, 2000)).best == 1


def test_a_budget_in_deals_or_stopped_from_outside() -> None:
    problem, drawn = synthetic([0.0, 0.1], noise=50.0, seed=3, indifference=0.0)
    assert race(problem, Budget(None, 37)).worlds == drawn[0] == 37
    calls = [0]

    def stop() -> bool:
        calls[0] += 1
        return calls[0] > 5

    problem, _ = synthetic([0.0, 0.1], noise=50.0, seed=4, indifference=0.0)
    assert race(problem, Budget(1000.0, None, stop)).worlds == 6


def test_paired_differences_count_the_weights() -> None:
    mean, error = paired([3.0, 1.0, 2.0, 4.0], [1.0, 1.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0])
    assert mean == 1.5 and 0 < error < 1
    heavy, _ = paired([3.0, 1.0], [0.0, 0.0], [3.0, 1.0])
    assert heavy == 2.5


def dealt_with(seat_hands: dict[int, str], players: int = 4, dealer: int = 0) -> Deal:
    setup = RULES.setup(players)
    fixed = {seat: C.parse_cards(text.split()) for seat, text in seat_hands.items()}
    used = {c for cards in fixed.values() for c in cards}
    rest = [c for c in range(C.DECK_SIZE) if c not in used]
    random.Random(5).shuffle(rest)
    hands = []
    for seat in range(players):
        if seat in fixed:
            hands.append(tuple(fixed[seat]))
        else:
            hands.append(tuple(rest[: setup.hand]))
            rest = rest[setup.hand:]
    return Deal.from_dealt(RULES, DealDealt(players, dealer, tuple(hands), tuple(rest), None))


STRONG = "T21 T20 T19 T18 T17 T16 T15 T14 T13 T1 EX KS KH KD KC QS QH QD"


def test_the_rest_of_the_auction_is_bid_like_club_players() -> None:
    deal = dealt_with({2: STRONG})  # the second to speak holds a Garde contre hand
    world = deal.state.copy()
    assert auction.finish(world, 1, None) == (2, RULES.contract("garde_contre"))
    assert auction.finish(world, 1, "garde") == (2, RULES.contract("garde_contre"))
    # in any deal, the same taker and contract as simple bots bidding after the seat
    for seed in range(60):
        deal = Deal.new(RULES, 4, seed % 4, 70 + seed)
        first = deal.state.turn
        assert first is not None
        for bid in (None, "petite", "garde"):
            world = deal.state.copy()
            table = Deal.new(RULES, 4, seed % 4, 70 + seed)
            table.execute(first, Bid(bid))
            while not table.is_over and table.state.phase.value == "bidding":
                seat = table.state.turn
                assert seat is not None
                table.execute(seat, SimpleBot(seat).decide(view_for(table.state, seat)))
            taken = table.state.taker, table.state.contract
            expected = None if taken[1] is None else taken
            assert auction.finish(world, first, bid) == expected


def test_a_seat_that_passed_rarely_holds_a_strong_hand() -> None:
    thresholds = thresholds_for(4)
    contracts = ["petite", "garde", "garde_sans", "garde_contre"]
    weak = bid_likelihood(30, None, contracts, thresholds)
    strong = bid_likelihood(70, None, contracts, thresholds)
    assert weak > 0.9 > 0.1 > strong
    assert bid_likelihood(56, "garde", contracts, thresholds) > bid_likelihood(
        40, "garde", contracts, thresholds)
    total = sum(bid_likelihood(52, b, contracts, thresholds) for b in [None, *contracts])
    assert abs(total - 1.0) < 1e-9


def test_deals_where_the_others_played_like_club_players_weigh_more() -> None:
    """Against simple bots (club players), the true deal weighs more than most sampled ones."""
    above = total = 0
    for seed in range(6):
        deal = Deal.new(RULES, 4, seed % 4, 300 + seed)
        bots = [SimpleBot(s) for s in range(4)]
        while not deal.is_over and len(deal.state.tricks) < 8:
            seat = deal.state.turn
            assert seat is not None
            deal.execute(seat, bots[seat].decide(view_for(deal.state, seat)))
        if deal.is_over:
            continue
        seat = deal.state.turn
        assert seat is not None
        view = view_for(deal.state, seat)
        worlds = Worlds(view)
        inference = Inference(view, worlds)
        true = worlds.template(deal.state.partner).copy()
        true.hands = deal.state.hands[:]
        true.dog, true.discard = deal.state.dog, deal.state.discard
        truth = inference.weight(true)
        rng = random.Random(seed)
        for _ in range(30):
            above += inference.weight(worlds.sample(rng)) < truth
            total += 1
    assert total and above / total > 0.8


def test_discards_weighed_are_legal_and_the_club_players_first() -> None:
    for seed in range(30):
        deal = Deal.new(RULES, 4, 0, 40 + seed)
        taker = deal.state.turn
        for _ in range(4):
            seat = deal.state.turn
            deal.execute(seat, Bid("garde") if seat == taker else PASS)
        assert taker is not None
        view = view_for(deal.state, taker)
        options = discard_options(view)
        hand = view.hand_mask
        candidates = discard_candidates(hand, options)
        assert candidates[0] == discard_choice(hand, options.size)
        assert len(set(candidates)) == len(candidates)
        for mask in candidates:
            assert mask.bit_count() == options.size and not mask & ~options.allowed
            if options.trumps_needed:
                assert not options.plain & ~mask

