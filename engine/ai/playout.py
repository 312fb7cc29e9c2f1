"""Play-outs of a sampled deal: every seat plays like a club player who sees its own hand.

The expert evaluates a choice by playing each sampled deal to the end with :func:`rollout` and
scoring it with :func:`engine.scoring.score_deal`. In a play-out every seat plays the club
player's card (:mod:`engine.ai.club`) from what that seat knows (its own hand, the cards
played, the voids shown, its partner once known), not from the sampled hands it could not
see: the play-out is a model of how the deal would really go, not a game with open cards.
The knowledge every seat shares at the start (voids and cards shown in the tricks so far) is
worked out once per decision (:func:`public_tracker`) and copied for each play-out.

With ``epsilon`` and a random generator, a random legal card is played now and then, so
that repeated play-outs of the same deal differ (the omniscient yardstick needs it).

The module also turns a deal at another phase into one about to be played: the call (five
players), the dog taken and the discard made, the handfuls a club player would show
(:func:`take_contract`, :func:`start_play`).
"""

from __future__ import annotations

import random

from engine import cards as C
from engine.ai import club, club_tracker
from engine.ai.club_contract import discard_choice, handful_cards, handful_size
from engine.cards import Card, Mask
from engine.rules import Contract
from engine.scoring import score_deal
from engine.state import DealState, Phase

TRUMP_MASK = C.TRUMP_MASK
PETIT_BIT = 1 << C.PETIT
TWENTY_ONE_BIT = 1 << C.TWENTY_ONE


def public_tracker(s: DealState) -> club_tracker.Tracker:
    """What every seat knows at ``s`` (a sampled deal at the decision), to copy for each
    play-out from there with :func:`tracker_for`."""
    return club_tracker.Tracker(s)


def tracker_for(s: DealState, public: club_tracker.Tracker) -> club_tracker.Tracker:
    """A tracker on ``s`` (a deal at the same point as ``public``'s) with the same knowledge."""
    return public.on(s)


def rollout(s: DealState, rng: random.Random | None = None, epsilon: float = 0.0,
            tracker: club_tracker.Tracker | None = None) -> None:
    """Play ``s`` in place to the end, every seat as a club player. ``tracker``, when given,
    is one on ``s`` already (see :func:`tracker_for`)."""
    if s.phase is not Phase.PLAYING:
        return
    t = tracker if tracker is not None else club_tracker.Tracker(s)
    random_cards = rng is not None and epsilon > 0
    if not random_cards and t.rollout():
        return
    legal_plays = s.legal_plays
    choose = club.choose_card
    reading = t.reading
    play = t.play
    while s.turn is not None:
        legal = legal_plays()
        if not legal & (legal - 1):
            play(legal.bit_length() - 1)
        elif random_cards and rng is not None and rng.random() < epsilon:
            play(_random_card(legal, rng))
        else:
            play(choose(reading(legal)))


def value(s: DealState, seat: int, rng: random.Random | None = None, epsilon: float = 0.0,
          tracker: club_tracker.Tracker | None = None) -> float:
    """``seat``'s score for ``s`` played out by club players. (Searching the last two tricks
    of each play-out exactly changed nothing measurable: docs/bots.md.)"""
    rollout(s, rng, epsilon, tracker)
    return float(score_deal(s).scores[seat])


def _random_card(legal: Mask, rng: random.Random) -> Card:
    k = int(rng.random() * legal.bit_count())
    while k:
        legal &= legal - 1
        k -= 1
    return (legal & -legal).bit_length() - 1


# --- before the cards -----------------------------------------------------------------------


def callable_cards(rules_any: bool, hand: Mask) -> list[Card]:
    """RULES.md §4 from a hand: kings; a queen when holding all kings; and so on down."""
    if rules_any:
        return list(range(C.DECK_SIZE))
    out: list[Card] = []
    for rank in (C.KING, C.QUEEN, C.KNIGHT, C.JACK):
        ranked = [C.make_card(suit, rank) for suit in range(4)]
        out.extend(ranked)
        if not all(hand >> card & 1 for card in ranked):
            break
    return out


def set_call(s: DealState, taker: int, card: Card) -> None:
    """Five players: ``card`` is called; the partner is whoever else holds it."""
    s.called = card
    bit = 1 << card
    s.partner = None
    for seat in range(s.n):
        if seat != taker and s.hands[seat] & bit:
            s.partner = seat


def apply_discard(s: DealState, discard: Mask) -> None:
    """The taker (who holds the dog) puts ``discard`` aside."""
    taker = s.taker
    assert taker is not None
    s.hands[taker] &= ~discard
    s.discard = discard
    s.discard_shown = discard & TRUMP_MASK


def start_play(s: DealState, slam: bool = False, handfuls: bool = True,
               keep: int | None = None) -> None:
    """The card play begins: with ``handfuls``, every seat (``keep`` aside) that holds one
    shows the handful a club player would."""
    s.slam_announced = slam
    if handfuls:
        for seat in range(s.n):
            if seat != keep and seat not in s.handfuls:
                size = handful_size(s.hands[seat], s.rules, s.n)
                if size:
                    s.handfuls[seat] = handful_cards(s.hands[seat], size)
    s.phase = Phase.PLAYING
    s.leader = s.first_leader()
    s.turn = s.leader


def take_contract(s: DealState, taker: int, contract: Contract, call: Card | None = None,
                  discard: Mask | None = None, handfuls: bool = True) -> None:
    """Turn ``s`` (a deal in its bidding) into the same deal about to be played with ``taker``
    holding ``contract``: the call (five players), the dog taken and a discard made (the
    club player's unless ``discard`` is given), the handfuls shown."""
    s.taker = taker
    s.contract = contract
    if s.n == 5 and call is not None:
        set_call(s, taker, call)
    if contract.dog_shown:
        s.hands[taker] |= s.dog
        size = s.rules.setup(s.n).dog
        apply_discard(s, discard_choice(s.hands[taker], size) if discard is None else discard)
    start_play(s, handfuls=handfuls)


__all__ = ["apply_discard", "callable_cards", "public_tracker", "rollout", "set_call",
           "start_play", "take_contract", "tracker_for", "value"]
