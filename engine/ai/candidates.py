"""The options the expert weighs: cards worth trying apart, discards worth trying at all.

* **cards** — legal cards that cannot make a difference to the deal (touching low cards of a
  suit, with no unseen card between them) are one option (:func:`card_groups`);
* **discards** — the club player's discard, and discards that void each set of short suits
  that can be voided, completed three ways: putting points aside, keeping short suits' low
  cards for last, keeping heads guarded (:func:`discard_candidates`).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

from engine import cards as C
from engine.ai.club_contract import discard_choice
from engine.cards import Card, Mask
from engine.choices import DiscardOptions
from engine.views import SeatView

#: The most discards weighed (the club player's first).
MAX_DISCARDS = 16


def card_groups(legal: Mask, hand: Mask, out: Mask) -> list[list[Card]]:
    """The legal cards in groups of interchangeable ones: touching low cards of a suit (no
    unseen card between them and the same points) share a group; each group lowest first."""
    groups: list[list[Card]] = []
    prev = -1
    for card in C.iter_cards(legal):
        if prev >= 0 and C.SUIT_OF[card] == C.SUIT_OF[prev] and C.SUIT_OF[card] < 5 and (
                C.HALF_POINTS[card] == C.HALF_POINTS[prev] == 1
                and card not in (C.PETIT, C.TWENTY_ONE) and prev not in (C.PETIT, C.TWENTY_ONE)):
            between = ((1 << card) - 1) & ~((1 << (prev + 1)) - 1)
            if not between & ~(hand | out):
                groups[-1].append(card)
                prev = card
                continue
        groups.append([card])
        prev = card
    return groups


def equivalent_cards(legal: Mask, hand: Mask, out: Mask) -> list[Card]:
    """One card of each group of interchangeable legal cards (:func:`card_groups`), the
    lowest of each group."""
    return [group[0] for group in card_groups(legal, hand, out)]


def unseen_out(view: SeatView) -> Mask:
    """The cards the seat knows are in no other hand: played, or set aside in a discard."""
    return view.played | C.mask_of(view.discard or ()) | C.mask_of(view.discard_shown)


def discard_candidates(hand: Mask, options: DiscardOptions) -> list[Mask]:
    """Sensible discards of ``hand`` (which holds the dog), the club player's first."""
    size = options.size
    club = discard_choice(hand, size)
    if options.trumps_needed:
        return [club]  # every plain card goes, and the lowest trumps
    allowed = options.allowed
    lengths = [(hand & C.SUIT_MASKS[suit]).bit_count() for suit in range(4)]
    voidable = [suit for suit in range(4)
                if allowed & C.SUIT_MASKS[suit] and not hand & C.SUIT_MASKS[suit] & C.KING_MASK]

    def fill(first: Mask, key: Callable[[Card], tuple[int, ...]]) -> Mask:
        chosen = first
        rest = sorted(C.cards_of(allowed & ~chosen), key=key)
        for card in rest[: size - chosen.bit_count()]:
            chosen |= 1 << card
        return chosen

    def banked(card: Card) -> tuple[int, ...]:  # points aside, from the shortest suits
        return (-C.HALF_POINTS[card], lengths[C.SUIT_OF[card]], card)

    def shortest(card: Card) -> tuple[int, ...]:  # the shortest suits, their heads first
        return (lengths[C.SUIT_OF[card]], -C.HALF_POINTS[card], card)

    def guarded(card: Card) -> tuple[int, ...]:  # the shortest suits, their low cards first
        return (lengths[C.SUIT_OF[card]], C.HALF_POINTS[card], card)

    fills = (shortest, banked, guarded)
    out = [club]
    for count in range(1, len(voidable) + 1):
        for suits in itertools.combinations(voidable, count):
            cards = 0
            for suit in suits:
                cards |= allowed & C.SUIT_MASKS[suit]
            if cards.bit_count() <= size:
                out += [fill(cards, key) for key in fills]
    out += [fill(0, key) for key in fills]
    unique: list[Mask] = []
    for mask in out:
        if mask not in unique and mask.bit_count() == size:
            unique.append(mask)
    return unique[:MAX_DISCARDS]


__all__ = ["MAX_DISCARDS", "card_groups", "discard_candidates", "equivalent_cards",
           "unseen_out"]
