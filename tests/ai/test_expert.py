"""The expert bot: deals sampled from a seat's view respect everything the seat knows, and the
bot only ever answers legally, from its view alone, reproducibly with a sample budget."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from dataclasses import replace

import pytest

from engine import cards as C
from engine.actions import PASS, Action, Bid, DecideSlam, Discard, Play, ShowHandful
from engine.ai import BOTS, make_bot
from engine.ai.base import Bot, Stop
from engine.ai.dealer import Dealer
from engine.ai.expert import ExpertBot, equivalent_cards
from engine.ai.oracle import OmniscientExpert
from engine.ai.random_bot import RandomBot
from engine.ai.registry import MEASUREMENT_BOTS
from engine.ai.sampling import infer, sample_deals, trick_constraints
from engine.ai.simple_bot import SimpleBot
from engine.choices import pending
from engine.deal import Deal
from engine.events import DealDealt, Discarded, Event
from engine.rules import Rules, load_rules
from engine.state import DealState, Phase
from engine.views import SeatView, view_for
from tests.helpers.bot_tables import play_out

RULES: dict[str, Rules] = {v: load_rules(variant=v) for v in ("fft", "miseres", "call_any_card")}

#: The fields of a deal state that a sampled deal must share with the real deal replayed.
COMPARED = (
    "bids", "called", "camp_tricks", "camp_won", "contract", "dealer", "discard",
    "discard_shown", "dog", "excuse_player", "excuse_trick", "excuse_winner", "handfuls",
    "hands", "high_trump", "leader", "miseres", "n", "partner", "partner_revealed", "phase",
    "played_seats", "slam_announced", "taker", "trick", "trick_index", "tricks", "turn",
    "win_card", "win_pos",
)


def trump_heavy_dealt(rules: Rules, n: int, dealer: int, rng: random.Random) -> DealDealt:
    """The first seat to speak holds the kings and trumps only: a discard must show trumps."""
    setup = rules.setup(n)
    seat = (dealer + 1) % n
    trumps = list(range(C.FIRST_TRUMP, C.EXCUSE))
    rng.shuffle(trumps)
    mine = C.cards_of(C.KING_MASK) + trumps[: setup.hand - 4]
    rest = [c for c in range(C.DECK_SIZE) if c not in set(mine)]
    rng.shuffle(rest)
    hands = []
    for other in range(n):
        if other == seat:
            hands.append(tuple(mine))
        else:
            hands.append(tuple(rest[: setup.hand]))
            rest = rest[setup.hand:]
    return DealDealt(n, dealer, tuple(hands), tuple(rest), None)


class Scripted:
    """A bot whose bid is fixed; the rest of its decisions are another bot's."""

    def __init__(self, inner: Bot, contract: str | None) -> None:
        self.inner = inner
        self.contract = contract
        self.name = inner.name

    def decide(self, view: SeatView, stop: Stop = None) -> Action:
        if view.phase is Phase.BIDDING:
            return Bid(self.contract)
        return self.inner.decide(view)


def random_snapshots(players: int, deals: int, seed: int) -> list[tuple[Rules, list[Event]]]:
    """Event logs cut at random points of deals played by random and simple bots (with
    handfuls, misères, every contract, trumps in a discard, five-player calls)."""
    rng = random.Random(seed)
    variants = ["fft", "miseres"] + (["call_any_card"] if players == 5 else [])
    out: list[tuple[Rules, list[Event]]] = []
    for i in range(deals):
        rules = RULES[variants[i % len(variants)]]
        dealer = i % players
        if i % 7 == 3:
            deal = Deal.from_dealt(rules, trump_heavy_dealt(rules, players, dealer, rng))
        else:
            deal = Deal.new(rules, players, dealer, rng.getrandbits(40))
        bots: list[Bot] = [
            RandomBot(rng.getrandbits(32), handful_rate=0.8) if rng.random() < 0.5
            else SimpleBot(rng.getrandbits(32))
            for _ in range(players)
        ]
        if i % 7 == 3:  # the trump-heavy seat takes a Garde, the others pass
            taker = (dealer + 1) % players
            bots = [Scripted(bot, "garde" if seat == taker else None)
                    for seat, bot in enumerate(bots)]
        cut = set(rng.sample(range(1, 140), 5))
        if i % 3 == 0:  # around the call, the dog and the discard
            cut |= {players, players + 1, players + 2}
        steps = 0
        while not deal.is_over:
            seat = deal.state.turn
            assert seat is not None
            deal.execute(seat, bots[seat].decide(view_for(deal.state, seat)))
            steps += 1
            if steps in cut:
                out.append((rules, list(deal.events)))
    return out


def rebuild(rules: Rules, events: list[Event], world: DealState) -> Deal:
    """The public log replayed on the sampled deal: its hands as dealt, its dog, its discard.
    Raises if any past action would have been illegal with those cards."""
    n = world.n
    dealt = [world.hands[s] for s in range(n)]
    for trick in (*world.tricks, (world.leader, tuple(world.trick), None)):
        leader, cards = trick[0], trick[1]
        for i, card in enumerate(cards):
            dealt[(leader + i) % n] |= 1 << card
    contract, taker = world.contract, world.taker
    dog_taken = contract is not None and contract.dog_shown and world.phase not in (
        Phase.BIDDING, Phase.CALLING)
    if dog_taken:
        assert taker is not None
        assert world.dog & ~(dealt[taker] | world.discard) == 0, "a dog card left the taker"
        dealt[taker] = (dealt[taker] | world.discard) & ~world.dog
    first = events[0]
    assert isinstance(first, DealDealt)
    log: list[Event] = [replace(first, hands=tuple(tuple(C.cards_of(h)) for h in dealt),
                                dog=tuple(C.cards_of(world.dog)), seed=None)]
    for event in events[1:]:
        if isinstance(event, Discarded):
            cards = tuple(C.cards_of(world.discard))
            event = replace(event, cards=cards, shown=tuple(c for c in cards if C.is_trump(c)))
        log.append(event)
    return Deal.from_events(rules, log)


def check_world(view: SeatView, world: DealState, rules: Rules, events: list[Event]) -> None:
    n = view.players
    assert world.hands[view.seat] == view.hand_mask
    assert tuple(h.bit_count() for h in world.hands) == view.hand_counts
    held = 0
    for hand in world.hands:
        assert not held & hand
        held |= hand
    # the sampled deal replays the public log legally: sizes, voids, overtrumps, handfuls,
    # misères, the dog, the discard and the petit sec are all respected
    replayed = rebuild(rules, events, world).state
    for name in COMPARED:
        assert getattr(world, name) == getattr(replayed, name), name
    # what the seat saw stays as it was
    assert view_for(world, view.seat) == view
    # the presumption about the called card: the taker does not hold it
    called = view.called
    if (n == 5 and called is not None and not view.partner_known and view.seat != view.taker
            and not view.played >> called & 1):
        assert view.taker is not None
        assert not world.hands[view.taker] >> called & 1


@pytest.mark.parametrize("players", [3, 4, 5])
def test_sampled_deals_respect_every_inference(players: int) -> None:
    rng = random.Random(players)
    seen: Counter[str] = Counter()
    for rules, events in random_snapshots(players, 45, 100 + players):
        true = Deal.from_events(rules, events).state
        if true.is_over:
            continue
        for seat in range(players):
            view = view_for(true, seat)
            knowledge = infer(view)
            seen[f"pile:{knowledge.pile}"] += 1
            seen[f"phase:{view.phase.value}"] += 1
            seen["handful"] += bool(view.handfuls)
            seen["misere"] += bool(view.miseres)
            seen["shown_discard"] += bool(view.discard_shown)
            seen["voids"] += any(m & ~(C.TRUMP_MASK | C.HEAD_MASK | C.OUDLER_MASK)
                                 for m in trick_constraints(view))
            for world in sample_deals(view, rng, 3):
                check_world(view, world, rules, events)
    for key in ("pile:dog", "pile:discard", "pile:None", "phase:bidding", "phase:playing",
                "handful", "voids", "shown_discard"):
        assert seen[key], (key, seen)
    if players == 5:
        assert seen["phase:calling"], seen


def test_dealing_is_close_to_uniform_among_consistent_deals() -> None:
    """Eight cards to holders of 3, 3 and 2 cards; the first may not take cards 0-3, the
    second not 6-7. Every consistent deal comes out about equally often."""
    pool = (1 << 8) - 1
    allowed = (pool & ~0b1111, pool & ~0b11000000, pool)
    consistent = []
    for first in itertools.combinations(range(8), 3):
        rest = [c for c in range(8) if c not in first]
        for second in itertools.combinations(rest, 3):
            hands = (C.mask_of(first), C.mask_of(second), C.mask_of(rest) & ~C.mask_of(second))
            if all(not h & ~a for h, a in zip(hands, allowed, strict=True)):
                consistent.append(hands)
    dealer = Dealer((3, 3, 2), allowed, pool)
    rng = random.Random(1)
    draws = 14_000
    seen = Counter(tuple(dealer.deal(rng)) for _ in range(draws))
    assert set(seen) == set(consistent)
    expected = draws / len(consistent)
    assert all(0.8 < seen[hands] / expected < 1.25 for hands in consistent), seen


def test_tight_constraints_are_always_met() -> None:
    """Twelve cards, four holders, each card allowed to two holders only: the quick dealing
    dead-ends often, the exact one never does."""
    pool = (1 << 12) - 1
    allowed = (0b000000111111, 0b000111111000, 0b111111000000, 0b111000000111)
    dealer = Dealer((3, 3, 3, 3), allowed, pool)
    assert dealer.possible
    rng = random.Random(2)
    assert any(dealer.quick(rng) is None for _ in range(100))
    for _ in range(300):
        hands = dealer.deal(rng, attempts=1)
        assert sum(hands) == pool and [h.bit_count() for h in hands] == [3, 3, 3, 3]
        assert all(not h & ~a for h, a in zip(hands, allowed, strict=True))
    assert Dealer((3, 3, 3, 3), (pool, pool, pool, 0b111), pool).possible
    assert not Dealer((3, 3, 3, 3), (pool, pool, pool, 0b11), pool).possible


# --- the bot ---------------------------------------------------------------------------------


def play_deal(rules: Rules, players: int, dealer: int, seed: int, bots: list[Bot]) -> Deal:
    return play_out(Deal.new(rules, players, dealer, seed), bots)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_expert_only_returns_legal_actions(players: int) -> None:
    kinds: Counter[str] = Counter()
    for i in range(3):
        rules = RULES["miseres" if i == 1 else "fft"]
        bots: list[Bot] = [ExpertBot(i * 10 + s, budget_samples=8) if s % 2 == 0
                           else SimpleBot(s) for s in range(players)]
        deal = play_deal(rules, players, i % players, 7_000 + i, bots)
        for event in deal.events:
            kinds[event.kind] += 1
    assert kinds["card_played"] > 0


def test_expert_takes_decisions_of_every_kind() -> None:
    """A strong hand bids, (calls,) discards and decides on the slam; one with no trump
    announces its misère."""
    rules = RULES["miseres"]
    hand = "T21 T20 T19 T18 T17 T16 T15 T14 T1 EX KH KS KD QH 2C 3C 4C 5C"
    setup = rules.setup(4)
    mine = C.parse_cards(hand.split())
    weak = [c for c in range(C.FIRST_TRUMP) if c not in mine][: setup.hand]
    rest = [c for c in range(C.DECK_SIZE) if c not in set(mine) | set(weak)]
    random.Random(3).shuffle(rest)
    hands = (tuple(mine), tuple(weak), tuple(rest[:18]), tuple(rest[18:36]))
    deal = Deal.from_dealt(rules, DealDealt(4, 3, hands, tuple(rest[36:]), None))
    bot = ExpertBot(1, budget_samples=16)
    action = bot.decide(view_for(deal.state, 0))
    assert isinstance(action, Bid) and action.contract is not None
    deal.execute(0, Bid("garde"))
    for seat in (1, 2, 3):
        deal.execute(seat, PASS)
    action = bot.decide(view_for(deal.state, 0))
    assert isinstance(action, Discard)
    deal.execute(0, action)
    action = bot.decide(view_for(deal.state, 0))
    assert isinstance(action, DecideSlam)
    deal.execute(0, action)
    action = bot.decide(view_for(deal.state, 0))  # ten trumps and a winning hand: show them
    assert isinstance(action, ShowHandful) and len(action.cards) == 10
    deal.execute(0, action)
    while deal.state.turn != 1:
        seat = deal.state.turn
        assert seat is not None
        deal.execute(seat, SimpleBot(seat).decide(view_for(deal.state, seat)))
    answer = ExpertBot(2, budget_samples=8).decide(view_for(deal.state, 1))
    assert str(answer) == "misere trump"


def test_expert_decides_from_its_view_alone() -> None:
    """The view carries no hidden card; the same view gives the same answer whatever the
    hidden cards really are, and wiping them from the real deal changes nothing."""
    rules = RULES["fft"]
    for _, events in random_snapshots(4, 6, 77):
        true = Deal.from_events(rules, events).state
        seat = true.turn
        if true.is_over or seat is None or pending(view_for(true, seat)) is None:
            continue
        view = view_for(true, seat)
        assert not hasattr(view, "hands") and not hasattr(view, "state")
        other = rebuild(rules, events, sample_deals(view, random.Random(5), 1)[0]).state
        assert view_for(other, seat) == view
        first = ExpertBot(9, budget_samples=8).decide(view)
        for s in range(4):
            if s != seat:
                true.hands[s] = 0
        true.dog = 0
        if seat != true.taker:
            true.discard = 0
        assert ExpertBot(9, budget_samples=8).decide(view) == first
        assert ExpertBot(9, budget_samples=8).decide(view_for(other, seat)) == first


def test_expert_is_reproducible_with_a_sample_budget() -> None:
    def log(seed: int) -> list[Event]:
        bots: list[Bot] = [ExpertBot(seed + s, budget_samples=6) for s in range(4)]
        return play_deal(RULES["fft"], 4, 1, 4242, bots).events

    assert log(3) == log(3)


def test_interchangeable_cards_are_tried_once() -> None:
    hand = C.mask_of(C.parse_cards(["2H", "3H", "5H", "KH", "T5", "T6", "T8"]))
    out = C.mask_of(C.parse_cards(["4H"]))  # played: 2H to 5H touch
    hearts = hand & C.SUIT_MASKS[C.HEARTS]
    assert C.format_cards(equivalent_cards(hearts, hand, out)) == ["2H", "KH"]
    trumps = hand & C.TRUMP_MASK
    assert C.format_cards(equivalent_cards(trumps, hand, 0)) == ["T5", "T8"]


def test_registry_and_measurement_bots() -> None:
    assert "expert" in BOTS and "omniscient" not in BOTS
    assert isinstance(make_bot("expert", 3), ExpertBot)
    deal = Deal.new(RULES["fft"], 4, 0, 11)
    omniscient = MEASUREMENT_BOTS["omniscient"](1, lambda: deal.state)
    assert isinstance(omniscient, OmniscientExpert)
    play_out(deal, [OmniscientExpert(lambda: deal.state, 1, budget_samples=6),
                    SimpleBot(1), SimpleBot(2), SimpleBot(3)])


def test_a_bidding_margin_is_added_to_the_contracts_the_expert_would_take() -> None:
    """``edge`` card points, at the contract's multiplier and the taker's shares, on the play-outs
    where the expert ends up taker; nothing where another seat takes or all pass."""
    rules = RULES["fft"]
    deal = Deal.new(rules, 4, 0, 11)
    seat = deal.state.turn
    assert seat is not None
    view = view_for(deal.state, seat)
    plain = ExpertBot(3, budget_samples=4).bid_problem(view, random.Random(5))
    keen = ExpertBot(3, budget_samples=4, edge=10.0).bid_problem(view, random.Random(5))
    for _ in range(3):
        world, _ = plain.worlds()
        for bid in plain.options:
            gap = keen.run(world, bid) - plain.run(world, bid)
            contract = None if bid.contract is None else rules.contract(bid.contract)
            assert gap in (0.0, 10.0 * 3 * (contract.multiplier if contract else 0))
            if contract is not None and contract.name == "garde_contre":
                assert gap == 10.0 * 3 * contract.multiplier  # nobody can bid over it


def _petit_under_the_taker() -> SeatView:
    """Four players: the taker (seat 1, Garde) leads T18; seat 2, a defender, holds T17, T3 and
    the Petit and no card of another suit is asked for: it must play a trump."""
    rules = load_rules()
    taker_hand = "T18 T21 T20 T19 T16 T15 T14 T13 KS KH KD KC QS QH QD 2C 3C 4C"
    defender_hand = "T17 T1 T3 5S 6S 7S 8S 9S 5H 6H 7H 8H 5D 6D 7D 8D 9D 10D"
    taker, defender = C.parse_cards(taker_hand.split()), C.parse_cards(defender_hand.split())
    rest = [c for c in range(C.DECK_SIZE) if c not in set(taker) | set(defender)]
    random.Random(1).shuffle(rest)
    dealt = DealDealt(4, 0, (tuple(rest[:18]), tuple(taker), tuple(defender), tuple(rest[18:36])),
                      tuple(rest[36:]), None)
    deal = Deal.from_dealt(rules, dealt)
    deal.execute(1, Bid("garde"))
    for seat in (2, 3, 0):
        deal.execute(seat, PASS)
    deal.execute(1, SimpleBot(1).discard(view_for(deal.state, 1)))
    deal.execute(1, DecideSlam(False))
    deal.execute(1, Play(C.parse_card("T18")))
    return view_for(deal.state, 2)


def test_a_tie_in_the_search_never_gives_the_petit_away() -> None:
    """The cards the expert weighs come in its order of preference, which settles a tie: the
    club player's card first, the Petit after every other trump. Holding T17, T3 and the Petit
    under the taker's T18, the Petit comes last."""
    view = _petit_under_the_taker()
    order = [C.format_card(c) for c in ExpertBot.card_candidates(view)]
    assert sorted(order) == ["T1", "T17", "T3"]
    assert order[-1] == "T1" and order[0] == "T3"


def test_open_defence_lets_the_defenders_of_the_takers_play_outs_read_every_hand(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``open_defence``, the taker's card play-outs give every other seat all the hands
    to read; a defender's play-outs, and the taker's without the option, stay as they were."""
    from engine.ai.club_tracker import Tracker

    opened: list[int] = []
    monkeypatch.setattr(Tracker, "see_all", lambda self, seats: opened.append(seats))
    rules = RULES["fft"]
    for open_defence in (False, True):
        bots: list[Bot] = [ExpertBot(s, budget_samples=4, open_defence=open_defence)
                           for s in range(4)]
        deal = play_deal(rules, 4, 0, 12, bots)  # a deal somebody takes
        taker = deal.state.taker
        if open_defence:
            assert opened and set(opened) == {0b1111 & ~(1 << taker)}
        else:
            assert not opened


def test_the_default_clock_is_the_same_for_every_decision_and_player_count() -> None:
    """By default the expert thinks 0.25 s on every decision at every player count, with the
    reading pool and the exact tricks of that clock. A budget given, in seconds or sampled
    deals, wins, and a longer one reads from a larger pool and searches more tricks exactly."""
    from engine.ai.expert import DEFAULT_BUDGET, make

    plain = make(1)
    assert DEFAULT_BUDGET == 0.25 and plain.seconds() == 0.25
    assert plain.pool(5) == 4 and [plain.exact_tricks(n) for n in (3, 4, 5)] == [3, 3, 2]
    one = make(1, budget=1)
    assert one.seconds() == 1 and one.pool(5) == 6 and one.exact_tricks(5) == 3
    long = make(1, budget=3)
    assert long.pool(5) == 8 and [long.exact_tricks(n) for n in (3, 4, 5)] == [5, 4, 3]
    sampled = make(1, samples=16)
    assert sampled.pool(5) == 4 and sampled.exact_tricks(5) == 2
    assert ExpertBot(1, pool=2).pool(5) == 2
