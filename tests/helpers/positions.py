"""Card-play positions built by hand: the hands that matter, the tricks played so far, the rest
dealt at random consistently with what the tricks showed.

A position names the contract and its taker, the cards some seats hold now and the cards
played so far in order; :func:`position` deals the deck so that every seat played those cards
legally (a seat that did not follow a suit gets none of it, nor trumps if it did not trump),
plays the auction (the taker bids, the others pass), gives a Petite's or a Garde's taker a dog
of low plain cards that it puts straight back, and plays the tricks through the engine. The
result is the view of the seat to play.

    >>> view = position(4, "garde", taker=1, dealer=0, hands={2: "T20 T1 JH 10H 9H"},
    ...                 tricks="")  # doctest: +SKIP
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine import cards as C
from engine.actions import PASS, Bid, Call, DecideSlam, Discard, Play, ShowHandful
from engine.cards import Card
from engine.deal import Deal
from engine.events import DealDealt
from engine.rules import load_rules
from engine.views import SeatView, view_for

RULES = load_rules()


def _parse(text: str) -> list[Card]:
    return list(C.parse_cards(text.split())) if text.strip() else []


def _winner(cards: list[Card]) -> int:
    """The position in the trick of the card that wins it (the Excuse never does here)."""
    best = -1
    for i, card in enumerate(cards):
        if card == C.EXCUSE:
            continue
        if best < 0:
            best = i
            continue
        top = cards[best]
        if C.is_trump(card):
            if not C.is_trump(top) or card > top:
                best = i
        elif not C.is_trump(top) and C.SUIT_OF[card] == C.SUIT_OF[top] and card > top:
            best = i
    return best


@dataclass(frozen=True)
class Position:
    deal: Deal
    seat: int

    @property
    def view(self) -> SeatView:
        return view_for(self.deal.state, self.seat)


def position(players: int, contract: str, *, taker: int, dealer: int, hands: dict[int, str],
             tricks: str, called: str | None = None, partner: int | None = None,
             handfuls: dict[int, str] | None = None, dog: str | None = None,
             discard: str | None = None, seed: int = 1) -> Position:
    """The position after ``tricks`` (cards in the order played, tricks one after another)
    with ``hands`` the cards the named seats hold at that point. Five players: ``called`` is
    the called card, held by ``partner`` (which ``hands`` may also name). ``handfuls``: the
    cards each named seat shows before its first card. ``dog`` and ``discard``: a dog shown
    to all (a Petite or a Garde) and the taker's discard, when the position needs them (by
    default the dog is low plain cards that the taker puts straight back)."""
    setup = RULES.setup(players)
    played = _parse(tricks)
    now = {seat: _parse(text) for seat, text in hands.items()}
    if called is not None:
        assert partner is not None
        card = C.parse_card(called)
        if card not in now.get(partner, []) and card not in played:
            now.setdefault(partner, []).append(card)
    # who played what, and what each seat showed it lacks
    owner: dict[Card, int] = {}
    lacks: list[set[int]] = [set() for _ in range(players)]
    leader = (dealer + 1) % players
    for start in range(0, len(played), players):
        trick = played[start:start + players]
        led = next((C.SUIT_OF[c] for c in trick if c != C.EXCUSE), None)
        for i, card in enumerate(trick):
            seat = (leader + i) % players
            owner[card] = seat
            if led is not None and card != C.EXCUSE and C.SUIT_OF[card] != led:
                lacks[seat].add(led)
                if C.SUIT_OF[card] != C.TRUMP:
                    lacks[seat].add(C.TRUMP)
        if len(trick) == players:
            leader = (leader + _winner(trick)) % players
    wanted = [setup.hand] * players
    dealt: list[list[Card]] = [[] for _ in range(players)]
    for card, seat in owner.items():
        dealt[seat].append(card)
    for seat, cards in now.items():
        dealt[seat].extend(cards)
    given_dog, given_discard = _parse(dog or ""), _parse(discard or "")
    if given_dog:
        kept = set(given_dog)
        dealt[taker] = [c for c in dealt[taker] + given_discard if c not in kept]
    every = [c for cards in dealt for c in cards] + [
        c for c in given_dog if c not in given_discard]
    used = set(every)
    twice = sorted(C.format_card(c) for c in used if every.count(c) > 1)
    assert not twice, f"named twice: {twice}"
    rng = random.Random(seed)
    rest = [c for c in range(C.DECK_SIZE) if c not in used]
    rng.shuffle(rest)
    # the dog: low plain cards (a Petite's or a Garde's taker puts them back)
    dog_cards = given_dog or [c for c in rest if C.SUIT_OF[c] < 4
                              and C.HALF_POINTS[c] == 1][:setup.dog]
    aside = given_discard or dog_cards
    rest = [c for c in rest if c not in dog_cards]
    # the most constrained cards first: each to a seat that may hold it and has room
    def holders(card: Card) -> list[int]:
        return [s for s in range(players) if s not in now and len(dealt[s]) < wanted[s]
                and C.SUIT_OF[card] not in lacks[s]]

    rest.sort(key=lambda c: len(holders(c)))
    for card in rest:
        seats = holders(card)
        if not seats:
            raise ValueError(f"no seat may hold {C.format_card(card)}")
        dealt[rng.choice(seats)].append(card)
    for seat in range(players):
        assert len(dealt[seat]) == wanted[seat], (seat, len(dealt[seat]))
    hands_dealt = tuple(tuple(sorted(h)) for h in dealt)
    deal = Deal.from_dealt(RULES, DealDealt(players, dealer, hands_dealt, tuple(sorted(dog_cards))))
    for i in range(players):
        seat = (dealer + 1 + i) % players
        deal.execute(seat, Bid(contract) if seat == taker else PASS)
    if players == 5:
        assert called is not None
        deal.execute(taker, Call(C.parse_card(called)))
    if RULES.contract(contract).dog_shown:
        deal.execute(taker, Discard(tuple(sorted(aside))))
    deal.execute(taker, DecideSlam(False))
    shown = {seat: _parse(text) for seat, text in (handfuls or {}).items()}
    for card in played:
        seat = deal.state.turn
        assert seat is not None
        if seat in shown:
            deal.execute(seat, ShowHandful(tuple(sorted(shown.pop(seat)))))
        deal.execute(seat, Play(card))
    seat = deal.state.turn
    assert seat is not None
    return Position(deal, seat)


__all__ = ["Position", "position"]
