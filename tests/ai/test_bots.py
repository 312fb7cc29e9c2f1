"""The bots: only legal actions, in every phase; SimpleBot plays sensibly and beats RandomBot."""

from __future__ import annotations

import random
import statistics
import time
from collections import Counter

import pytest

from engine import cards as C
from engine.actions import (
    PASS,
    AnnounceMisere,
    Bid,
    Call,
    DecideSlam,
    Discard,
    Play,
    ShowHandful,
)
from engine.ai import BOTS, Bot, make_bot
from engine.ai.base import NothingToDecide
from engine.ai.random_bot import RandomBot
from engine.ai.simple_bot import SimpleBot, hand_strength
from engine.choices import check_action
from engine.deal import Deal
from engine.events import CardPlayed, DealDealt
from engine.match import deal_seed
from engine.rules import Rules, load_rules
from engine.state import Phase
from engine.views import view_for
from tests.helpers.stacked_deals import stacked_dealt

VARIANTS = ("fft", "miseres", "call_any_card")
RULES: dict[str, Rules] = {name: load_rules(variant=name) for name in VARIANTS}
ANSWERS = {
    Phase.BIDDING: (Bid,),
    Phase.CALLING: (Call,),
    Phase.DISCARDING: (Discard,),
    Phase.SLAM: (DecideSlam,),
    Phase.PLAYING: (Play, ShowHandful, AnnounceMisere),
}


def special_dealt(rules: Rules, n: int, dealer: int, rng: random.Random, seat: int,
                  kind: str) -> DealDealt:
    return stacked_dealt(rules, n, dealer, rng, seat, kind, with_excuse=False)

def play_checked(deal: Deal, bots: list[Bot], seen: Counter[str],
                 times: dict[str, list[float]] | None = None) -> Deal:
    """Play a deal with ``bots``, checking every answer is legal for its phase."""
    asked_in_a_row = 0
    while not deal.is_over:
        state = deal.state
        seat = state.turn
        assert seat is not None
        bot = bots[seat]
        start = time.perf_counter()
        action = bot.decide(view_for(state, seat))
        if times is not None:
            times.setdefault(bot.name, []).append(time.perf_counter() - start)
        assert isinstance(action, ANSWERS[state.phase]), (bot.name, state.phase, action)
        check_action(state, seat, action)
        deal.execute(seat, action)
        seen[f"{bot.name}:{type(action).__name__}"] += 1
        asked_in_a_row = asked_in_a_row + 1 if isinstance(
            action, ShowHandful | AnnounceMisere) else 0
        assert asked_in_a_row <= 3, "a bot keeps declaring"
    return deal


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5])
def test_bots_only_ever_return_legal_actions(players: int) -> None:
    rng = random.Random(f"bots:{players}")
    variants = [v for v in VARIANTS if v != "call_any_card" or players == 5]
    seen: Counter[str] = Counter()
    contracts: Counter[str] = Counter()
    for i in range(240):
        rules = RULES[variants[i % len(variants)]]
        dealer = i % players
        kind = ("random", "random", "trumps", "no_trump", "no_heads", "random")[i % 6]
        if kind == "random":
            deal = Deal.new(rules, players, dealer, rng.getrandbits(48))
        else:
            seat = rng.randrange(players)
            deal = Deal.from_dealt(rules, special_dealt(rules, players, dealer, rng, seat, kind))
        bots: list[Bot] = [
            make_bot(rng.choice(("random", "simple")), rng.getrandbits(32))
            for _ in range(players)
        ]
        play_checked(deal, bots, seen)
        if deal.state.contract is not None:
            contracts[deal.state.contract.name] += 1
    for name in ("random", "simple"):
        for kind in ("Bid", "Discard", "DecideSlam", "Play", "ShowHandful", "AnnounceMisere"):
            assert seen[f"{name}:{kind}"], (name, kind, seen)
        if players == 5:
            assert seen[f"{name}:Call"], seen
    assert len(contracts) == 4, contracts


def test_simple_bot_decides_quickly() -> None:
    times: dict[str, list[float]] = {}
    seen: Counter[str] = Counter()
    for players in (3, 4, 5):
        for i in range(30):
            deal = Deal.new(RULES["fft"], players, i % players, deal_seed(11, i))
            play_checked(deal, [SimpleBot(i * 7 + s) for s in range(players)], seen, times)
    decisions = sorted(times["simple"])
    median = statistics.median(decisions) * 1000
    worst = decisions[-1] * 1000
    print(f"SimpleBot: {len(decisions)} decisions, median {median:.3f} ms, worst {worst:.3f} ms")


def seat_score(players: int, number: int, hero: str) -> int:
    """The score of the seat played by ``hero`` in deal ``number``, the others random."""
    seat = number % players
    bots: list[Bot] = [RandomBot(number * 10 + s) for s in range(players)]
    bots[seat] = make_bot(hero, number)
    deal = Deal.new(RULES["fft"], players, (number // players) % players,
                    deal_seed(2024, number))
    while not deal.is_over:
        turn = deal.state.turn
        assert turn is not None
        deal.execute(turn, bots[turn].decide(view_for(deal.state, turn)))
    assert deal.scores is not None
    return deal.scores[seat]


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5])
def test_simple_bot_beats_random_bot(players: int) -> None:
    """The same 200 deals, one seat played by SimpleBot then by RandomBot, against random
    bots: SimpleBot's average score is clearly higher."""
    simple = [seat_score(players, i, "simple") for i in range(200)]
    random_ = [seat_score(players, i, "random") for i in range(200)]
    mean_simple, mean_random = statistics.mean(simple), statistics.mean(random_)
    print(f"{players} players: SimpleBot {mean_simple:+.1f}, RandomBot {mean_random:+.1f}")
    assert mean_simple > 0
    assert mean_simple > mean_random + 30


def test_bots_are_reproducible() -> None:
    def log(seed: int) -> list[object]:
        deal = Deal.new(RULES["miseres"], 4, 0, 99)
        play_checked(deal, [make_bot(("random", "simple")[s % 2], seed + s) for s in range(4)],
                     Counter())
        return list(deal.events)

    assert log(5) == log(5)


def test_registry() -> None:
    assert set(BOTS) >= {"random", "simple"}
    assert isinstance(make_bot("simple", 1), SimpleBot)
    assert isinstance(make_bot("random", 1), Bot)
    with pytest.raises(ValueError, match="random, simple"):
        make_bot("grandmaster", 1)


def test_a_bot_asked_out_of_turn_says_so() -> None:
    deal = Deal.new(RULES["fft"], 4, 0, 5)
    with pytest.raises(NothingToDecide):
        SimpleBot(1).decide(view_for(deal.state, 3))


# --- SimpleBot, decision by decision ------------------------------------------------------------


def dealt_with(n: int, dealer: int, given: dict[int, str], dog: str = "",
               seed: int = 1) -> DealDealt:
    """A deal where each seat of ``given`` holds those cards, the dog holds ``dog`` first
    (the rest dealt at random)."""
    setup = RULES["fft"].setup(n)
    fixed = {seat: C.parse_cards(text.split()) for seat, text in given.items()}
    dog_cards = C.parse_cards(dog.split())
    taken = {c for cards in fixed.values() for c in cards} | set(dog_cards)
    rest = [c for c in range(C.DECK_SIZE) if c not in taken]
    random.Random(seed).shuffle(rest)
    rest += dog_cards  # dealt last: into the dog
    hands = []
    for seat in range(n):
        hand = list(fixed.get(seat, []))
        need = setup.hand - len(hand)
        hand += rest[:need]
        rest = rest[need:]
        hands.append(tuple(hand))
    return DealDealt(n, dealer, tuple(hands), tuple(rest), None)


def test_bidding_follows_hand_strength() -> None:
    strong = dealt_with(4, 3, {0: "T21 T20 T19 T18 T17 T16 T15 T14 T1 EX KH KS KD QH 2C 3C 4C 5C",
                               1: "2S 3S 4S 5S 6S 2H 3H 4H 5H 6H 2D 3D 4D 5D 6D 7S 7H 7D"})
    deal = Deal.from_dealt(RULES["fft"], strong)
    bid = SimpleBot(1).decide(view_for(deal.state, 0))
    assert isinstance(bid, Bid) and bid.contract in ("garde_sans", "garde_contre")
    deal.execute(0, PASS)
    assert SimpleBot(1).decide(view_for(deal.state, 1)) == PASS
    assert hand_strength(deal.state.hands[0], 4, 18) > hand_strength(deal.state.hands[1], 4, 18)


def test_five_players_call_a_king_the_taker_lacks() -> None:
    dealt = dealt_with(5, 4, {0: "KS KH T21 T20 T19 T18 T17 EX QD 2D 3D 4D 5D 6D 7D"})
    deal = Deal.from_dealt(RULES["fft"], dealt)
    deal.execute(0, Bid("garde"))
    for seat in range(1, 5):
        deal.execute(seat, PASS)
    call = SimpleBot(1).decide(view_for(deal.state, 0))
    assert call == Call(C.parse_card("KD"))  # the longest suit without its king


def test_discard_keeps_kings_and_trumps_and_makes_a_void() -> None:
    dealt = dealt_with(4, 3, {0: "T21 T20 T19 T18 T10 T9 T8 T1 EX KH KS QS JS 2C 8H 9H 10H 3S"},
                       dog="4C 5D 6D 7D 8D 9D")
    deal = Deal.from_dealt(RULES["fft"], dealt)
    deal.execute(0, Bid("garde"))
    for seat in (1, 2, 3):
        deal.execute(seat, PASS)
    action = SimpleBot(1).decide(view_for(deal.state, 0))
    assert isinstance(action, Discard)
    discarded = C.mask_of(action.cards)
    assert not discarded & (C.KING_MASK | C.TRUMP_MASK | C.EXCUSE_BIT)
    assert {"2C", "4C"} <= set(C.format_cards(action.cards))  # clubs: now a void


def play_to_seat(dealt: DealDealt, taker: int, plays: list[str]) -> Deal:
    """Garde sans for ``taker``, then the given cards from the first leader on."""
    deal = Deal.from_dealt(RULES["fft"], dealt)
    assert not deal.is_over
    while deal.state.phase is Phase.BIDDING:
        seat = deal.state.turn
        deal.execute(seat, Bid("garde_sans") if seat == taker else PASS)  # type: ignore[arg-type]
    deal.execute(taker, DecideSlam(False))
    for token in plays:
        deal.execute(deal.state.turn, Play(C.parse_card(token)))  # type: ignore[arg-type]
    return deal


def simple_card(deal: Deal) -> str:
    seat = deal.state.turn
    assert seat is not None
    action = SimpleBot(1).decide(view_for(deal.state, seat))
    assert isinstance(action, Play)
    return C.format_card(action.card)


# Four players, dealer 3: seat 0 leads; seat 1 is the taker, seats 0, 2 and 3 defend.
NO_HEARTS = "T21 T5 T3 2S 3S 4S 5S 6S 7S 8S 9S 10S 2D 3D 4D 5D 6D 7D"


def test_defence_gives_points_to_a_partner_who_surely_wins() -> None:
    dealt = dealt_with(4, 3, {0: "KH 3H", 1: "5H", 2: "QH 2H 4H"})
    deal = play_to_seat(dealt, 1, ["KH", "5H"])
    assert simple_card(deal) == "QH"


def test_defence_plays_low_when_the_trick_is_lost() -> None:
    dealt = dealt_with(4, 3, {0: "3H 1H", 1: "KH", 2: "QH 2H 4H"})
    deal = play_to_seat(dealt, 1, ["3H", "KH"])
    assert simple_card(deal) == "2H"


def test_the_21_is_not_wasted_and_the_petit_is_brought_home() -> None:
    dealt = dealt_with(4, 3, {0: "3H", 1: "4H", 2: NO_HEARTS})
    deal = play_to_seat(dealt, 1, ["3H", "4H"])
    assert simple_card(deal) == "T3"  # any trump wins: the cheapest
    dealt = dealt_with(4, 3, {0: "3H", 1: "4H", 2: NO_HEARTS.replace("T3", "T1")})
    deal = play_to_seat(dealt, 1, ["3H", "4H"])
    assert simple_card(deal) == "T1"  # nobody after seat 2 can take it back


def test_the_excuse_is_never_kept_for_the_last_trick() -> None:
    """Over many deals, SimpleBot's Excuse reaches the last trick only in a slam."""
    seen = 0
    for i in range(150):
        players = 3 + i % 3
        deal = Deal.new(RULES["fft"], players, i % players, deal_seed(5, i))
        play_checked(deal, [SimpleBot(s) for s in range(players)], Counter())
        if deal.state.phase is not Phase.FINISHED:
            continue
        last_leader, last_cards, _ = deal.state.tricks[-1]
        if C.EXCUSE in last_cards:
            owner = (last_leader + last_cards.index(C.EXCUSE)) % players
            camp = deal.state.camp_of(owner)
            earlier = [deal.state.camp_of(w) for _, _, w in deal.state.tricks[:-1]]
            assert all(c == camp for c in earlier), "the Excuse was kept to the last trick"
        seen += any(isinstance(e, CardPlayed) and e.card == C.EXCUSE for e in deal.events)
    assert seen > 50


def test_simple_bot_shows_a_handful_without_the_excuse_when_it_can() -> None:
    hand = "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T1 EX KH KS QH 2C 3C 4C"
    dealt = dealt_with(4, 3, {0: hand})
    deal = play_to_seat(dealt, 0, [])
    action = SimpleBot(1).decide(view_for(deal.state, 0))
    assert isinstance(action, ShowHandful)
    assert len(action.cards) == 10 and C.EXCUSE not in action.cards
    assert C.PETIT not in action.cards  # eleven trumps: the Petit stays hidden
    deal.execute(0, action)
    assert isinstance(SimpleBot(1).decide(view_for(deal.state, 0)), Play)
