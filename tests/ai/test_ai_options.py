"""Options worked out from a seat's view agree with engine.legal's, worked out from the state,
and so do the reasons for a refusal: what the table says of a card, a discard or a handful is
the refusal the engine itself would give.

Thousands of states from random deals for 3, 4 and 5 players, every phase: forced contracts,
changed discards, handfuls, misères (``miseres`` variant, with hands dealt for them), any-card
calls, and hands so full of trumps and kings that trumps must go to the discard.
"""

from __future__ import annotations

import random

import pytest

from engine import cards as C
from engine import choices as O
from engine.actions import PASS, AnnounceMisere, Bid, DecideSlam, Discard, Play, ShowHandful
from engine.choices import (
    callable_cards,
    can_change_discard,
    check_action,
    discard_options,
    handful_options,
    legal_actions,
    legal_bids,
    misere_options,
)
from engine.deal import Deal
from engine.events import DealDealt
from engine.legal import IllegalAction
from engine.randomplay import random_discard, random_handful
from engine.refusals import Refusal
from engine.rules import Rules, load_rules
from engine.state import DealState, Phase
from engine.views import view_for
from tests.helpers.stacked_deals import stacked_dealt

VARIANTS = ("fft", "miseres", "call_any_card")
RULES: dict[str, Rules] = {name: load_rules(variant=name) for name in VARIANTS}
CONTRACTS = ("petite", "garde", "garde_sans", "garde_contre", None)
PHASE_DECISIONS = {
    Phase.BIDDING: O.Decision.BID,
    Phase.CALLING: O.Decision.CALL,
    Phase.DISCARDING: O.Decision.DISCARD,
    Phase.SLAM: O.Decision.SLAM,
    Phase.PLAYING: O.Decision.PLAY,
}


def special_dealt(rules: Rules, n: int, dealer: int, rng: random.Random, seat: int,
                  kind: str) -> DealDealt:
    return stacked_dealt(rules, n, dealer, rng, seat, kind, with_excuse=True)

def compare(state: DealState) -> int:
    """Compare every option for every seat; returns the number of views compared."""
    n = state.n
    for seat in range(n):
        view = view_for(state, seat)
        expected = (
            PHASE_DECISIONS.get(state.phase)
            if seat == state.turn and not state.is_over
            and not (state.phase is Phase.BIDDING and len(state.bids) >= n)
            else None
        )
        assert O.pending(view) == expected, (seat, state)
        if seat == state.turn:
            assert O.legal_actions(view) == legal_actions(state), (seat, state)
        assert view.has_played(seat) == state.has_played(seat)
        assert O.legal_plays(view) == (
            state.legal_plays() if state.phase is Phase.PLAYING and seat == state.turn else 0
        )
        if state.phase is Phase.BIDDING:
            assert O.legal_bids(view) == legal_bids(state)
            assert O.highest_bid(view) == state.highest_bid()
        if state.phase is Phase.CALLING and seat == state.taker:
            assert O.callable_cards(view) == callable_cards(state)
        if state.taker is not None:
            assert O.can_change_discard(view) == can_change_discard(state, seat)
            contract = state.contract
            if seat == state.taker and contract is not None and contract.dog_shown and (
                state.phase not in (Phase.BIDDING, Phase.CALLING)
            ):
                assert O.discard_options(view) == discard_options(state)
        options = O.handful_options(view)
        assert options == handful_options(state, seat)
        for option in options:
            check_action(state, seat, ShowHandful(O.handful_cards(option)))
            check_action(state, seat, ShowHandful(O.handful_cards(option, keep=1 << C.PETIT)))
        assert O.misere_options(view) == misere_options(state, seat)
        compare_refusals(state, seat, view)
    return n


def engine_refusal(state: DealState, seat: int, action: object) -> Refusal | None:
    try:
        check_action(state, seat, action)  # type: ignore[arg-type]
    except IllegalAction as exc:
        return exc.refusal
    return None


def compare_refusals(state: DealState, seat: int, view: object) -> None:
    """For every card of the seat's hand, and for a few discards and handfuls: the view's
    reason is the engine's."""
    if state.is_over:
        return
    hand = state.hands[seat]
    for card in C.iter_cards(hand):
        assert O.play_refusal(view, card) == engine_refusal(state, seat, Play(card)), card
    if seat == state.taker and O.can_change_discard(view):
        options = O.discard_options(view)
        pool = sorted(C.cards_of(hand | state.discard))
        for start in (0, len(pool) // 2, max(0, len(pool) - options.size)):
            cards = tuple(pool[start:start + options.size])
            assert O.discard_refusal(view, cards) == engine_refusal(
                state, seat, Discard(cards)), cards
    trumps = C.cards_of(hand & (C.TRUMP_MASK | C.EXCUSE_BIT))
    for size in state.rules.handful_thresholds(state.n):
        cards = tuple(trumps[:size])
        assert O.handful_refusal(view, cards) == engine_refusal(state, seat, ShowHandful(cards))


class Walker:
    """Random legal play through a deal, comparing options at every state."""

    def __init__(self, deal: Deal, rng: random.Random, contract: str | None,
                 taker_index: int) -> None:
        self.deal, self.rng = deal, rng
        self.contract, self.taker_index = contract, taker_index
        self.views = 0
        self.discards_with_trumps = 0
        self.handfuls = 0
        self.miseres = 0

    def execute(self, seat: int, action: object) -> None:
        self.deal.execute(seat, action)  # type: ignore[arg-type]
        self.views += compare(self.deal.state)

    def bid(self, state: DealState) -> Bid:
        bids = legal_bids(state)
        if self.contract is None:
            return PASS if self.rng.random() < 0.5 else self.rng.choice(bids)
        index = len(state.bids)
        if index == self.taker_index:
            return Bid(self.contract)
        return PASS

    def run(self) -> None:
        deal, rng = self.deal, self.rng
        self.views += compare(deal.state)
        while not deal.is_over:
            state = deal.state
            seat = state.turn
            assert seat is not None
            if state.phase is Phase.BIDDING:
                self.execute(seat, self.bid(state))
            elif state.phase is Phase.CALLING:
                self.execute(seat, rng.choice(legal_actions(state)))
            elif state.phase is Phase.DISCARDING:
                self.discards_with_trumps += discard_options(state).trumps_needed > 0
                self.execute(seat, random_discard(state, rng))
            elif state.phase is Phase.SLAM:
                if can_change_discard(state, seat) and rng.random() < 0.2:
                    self.execute(seat, random_discard(state, rng))  # a changed discard
                self.execute(seat, DecideSlam(rng.random() < 0.05))
            else:
                if not state.played_seats >> seat & 1:
                    for misere in misere_options(state, seat):
                        if rng.random() < 0.7:
                            self.execute(seat, AnnounceMisere(misere))
                            self.miseres += 1
                    handful = random_handful(deal.state, seat, rng)
                    if handful is not None and rng.random() < 0.6:
                        check_action(deal.state, seat, handful)
                        self.execute(seat, handful)
                        self.handfuls += 1
                    state = deal.state
                    if can_change_discard(state, seat) and rng.random() < 0.2:
                        self.execute(seat, random_discard(state, rng))
                self.execute(seat, Play(rng.choice(C.cards_of(deal.state.legal_plays()))))


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5])
def test_options_from_views_match_the_engine(players: int) -> None:
    rng = random.Random(f"options:{players}")
    variants = [v for v in VARIANTS if v != "call_any_card" or players == 5]
    views = trump_discards = handfuls = miseres = 0
    contracts_seen: set[str] = set()
    for i in range(90):
        rules = RULES[variants[i % len(variants)]]
        dealer = rng.randrange(players)
        kind = ("random", "random", "trumps", "no_trump", "no_heads")[i % 5]
        taker_index = rng.randrange(players)
        if kind == "random":
            deal = Deal.new(rules, players, dealer, rng.getrandbits(48))
        else:
            seat = (dealer + 1 + taker_index) % players
            deal = Deal.from_dealt(rules, special_dealt(rules, players, dealer, rng, seat, kind))
        contract = CONTRACTS[(i // 5) % 5] if kind != "trumps" else rng.choice(("petite", "garde"))
        walker = Walker(deal, rng, contract, taker_index)
        walker.run()
        views += walker.views
        trump_discards += walker.discards_with_trumps
        handfuls += walker.handfuls
        miseres += walker.miseres
        if deal.state.contract is not None:
            contracts_seen.add(deal.state.contract.name)
    assert views > 5000, views
    assert contracts_seen == {"petite", "garde", "garde_sans", "garde_contre"}
    assert trump_discards and handfuls and miseres, (trump_discards, handfuls, miseres)


def test_decision_kinds_and_declarations_need_the_turn() -> None:
    rules = RULES["miseres"]
    rng = random.Random(3)
    dealt = special_dealt(rules, 4, 3, rng, 0, "no_heads")
    deal = Deal.from_dealt(rules, dealt)
    view = view_for(deal.state, 0)
    assert O.pending(view) is O.Decision.BID
    assert O.pending(view_for(deal.state, 1)) is None
    deal.execute(0, Bid("garde_sans"))
    for seat in (1, 2, 3):
        deal.execute(seat, PASS)
    deal.execute(0, DecideSlam(False))
    view = view_for(deal.state, 0)
    assert O.pending(view) is O.Decision.PLAY
    assert O.misere_options(view) == ["trump", "heads"]
    assert O.misere_options(view_for(deal.state, 1)) == []
    deal.execute(0, AnnounceMisere("heads"))
    assert O.misere_options(view_for(deal.state, 0)) == ["trump"]
    deal.execute(0, Play(deal.state.legal_plays().bit_length() - 1))
    assert O.misere_options(view_for(deal.state, 0)) == []
    assert view_for(deal.state, 2).has_played(0)
    assert not view_for(deal.state, 2).has_played(1)


def test_a_card_being_dragged_into_the_discard_is_refused_with_the_engines_reason() -> None:
    rules = RULES["fft"]
    deal = Deal.new(rules, 4, 3, 11)
    deal.execute(0, Bid("garde"))
    for seat in (1, 2, 3):
        deal.execute(seat, PASS)
    view = view_for(deal.state, 0)
    hand = view.hand_mask
    king = next(iter(C.cards_of(hand & C.KING_MASK)), None)
    plain = [c for c in C.cards_of(O.discard_options(view).allowed)]
    assert O.discard_refusal(view, plain[:2], complete=False) is None
    assert O.discard_refusal(view, plain[:2]).reason == "discard_size"
    if king is not None:
        refusal = O.discard_refusal(view, [*plain[:2], king], complete=False)
        assert refusal is not None and refusal.reason == "no_kings" and refusal.cards == (king,)
    full = O.discard_refusal(view, plain[:7], complete=False)
    assert full is not None and full.reason == "discard_full" and full.limit == 6


def test_once_a_handful_or_misere_is_declared_the_discard_is_final() -> None:
    """RULES.md §5 and §7: the discard may be changed until the taker's first card, but a
    handful (or misère) already shown would no longer be true of the hand."""
    rules = RULES["miseres"]
    rng = random.Random(5)
    dealt = stacked_dealt(rules, 4, 3, rng, 0, "trumps", with_excuse=True)
    deal = Deal.from_dealt(rules, dealt)
    deal.execute(0, Bid("garde"))
    for seat in (1, 2, 3):
        deal.execute(seat, PASS)
    first = random_discard(deal.state, rng)
    deal.execute(0, first)
    deal.execute(0, DecideSlam(False))
    assert can_change_discard(deal.state, 0)
    again = random_discard(deal.state, rng)
    deal.execute(0, again)  # a changed discard, before any declaration: allowed
    option = O.handful_options(view_for(deal.state, 0))[0]
    deal.execute(0, ShowHandful(O.handful_cards(option)))
    assert not can_change_discard(deal.state, 0)
    assert not O.can_change_discard(view_for(deal.state, 0))
    try:
        deal.execute(0, random_discard(deal.state, rng))
    except IllegalAction as exc:
        assert exc.refusal.reason == "discard_final"
        assert str(exc) == "seat 0 may not change the discard after declaring a handful"
    else:
        raise AssertionError("the discard was changed after a handful")
