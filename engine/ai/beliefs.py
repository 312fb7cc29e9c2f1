"""Where the expert believes each card it cannot see is: "who holds what".

The expert decides on deals sampled consistently with its view and weighed by how likely the
other seats' bids and cards make them (:meth:`engine.ai.expert_search.SearchingBot.world_source`).
The same deals, counted card by card, say what it believed: for every card neither in the
seat's hand, nor played, nor in its own discard, the weighted share of the deals where each
other seat holds it, or where it lies aside (the dog, or the taker's discard).

>>> from engine.deal import Deal
>>> from engine.rules import load_rules
>>> from engine.views import view_for
>>> deal = Deal.new(load_rules(), 4, dealer=0, seed=7)
>>> seen = beliefs(view_for(deal.state, 1), samples=16)
>>> len(seen.cards), len(seen.odds_of(seen.cards[0]))   # 78 less 18 in hand; 4 seats, the dog
(60, 5)
>>> round(sum(seen.odds_of(seen.cards[0])), 6)
1.0
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from engine import cards as C
from engine.ai.analysis import AnalysisCancelled
from engine.ai.expert import ExpertBot
from engine.cards import Card, Mask
from engine.state import DealState
from engine.views import SeatView

#: Sampled deals behind a table of beliefs by default.
DEFAULT_SAMPLES = 64


@dataclass(frozen=True)
class Beliefs:
    """For each card the seat cannot place for sure, the chance of each holder: the seats in
    order, then "aside" (the dog or the discard) at index ``players``."""

    seat: int
    players: int
    cards: tuple[Card, ...]  # in the deck's order
    odds: tuple[tuple[float, ...], ...]  # per card, per holder (players + 1 of them)
    samples: int
    #: What the weighted deals are worth in deals of equal weight ((sum w)^2 / sum w^2): the
    #: bids and cards read make some deals far likelier than others, and a few can carry
    #: the table.
    effective: float = 0.0

    def odds_of(self, card: Card) -> tuple[float, ...]:
        """The chance of each holder (seats, then aside) for ``card``; all zero for a card
        the seat sees."""
        if card not in self.cards:
            return (0.0,) * (self.players + 1)
        return self.odds[self.cards.index(card)]

    def held_by(self, holder: int, at_least: float = 0.0) -> list[tuple[Card, float]]:
        """The cards ``holder`` (a seat, or ``players`` for aside) holds with a chance of
        ``at_least`` or more (above 0 when 0), likeliest first, then in the deck's order."""
        found = [(card, odds[holder]) for card, odds in zip(self.cards, self.odds, strict=True)
                 if odds[holder] > 0 and odds[holder] >= at_least]
        found.sort(key=lambda item: -item[1])
        return found


def beliefs(view: SeatView, samples: int = DEFAULT_SAMPLES, seed: int = 0,
            stop: Callable[[], bool] | None = None) -> Beliefs:
    """What the expert in ``view.seat`` believes of every card it cannot see, from
    ``samples`` weighted sampled deals (the same ``seed``, the same table). ``stop`` is
    polled between deals (raises :class:`engine.ai.analysis.AnalysisCancelled`); a view no
    deal fits raises :class:`engine.ai.dealer.NoConsistentDeal`."""
    n = view.players
    hidden = C.FULL_DECK & ~view.hand_mask & ~view.played & ~C.mask_of(view.discard or ())
    cards = tuple(C.cards_of(hidden))
    totals = {card: [0.0] * (n + 1) for card in cards}
    worlds = ExpertBot(seed).world_source(view, random.Random(seed))
    weight_sum = squares = 0.0
    for _ in range(max(1, samples)):
        if stop is not None and stop():
            raise AnalysisCancelled
        world, weight = worlds()
        weight_sum += weight
        squares += weight * weight
        for holder, mask in enumerate(_holdings(world)):
            rest = mask & hidden
            while rest:
                low = rest & -rest
                totals[low.bit_length() - 1][holder] += weight
                rest ^= low
    scale = 1.0 / weight_sum if weight_sum > 0 else 0.0
    odds = tuple(tuple(value * scale for value in totals[card]) for card in cards)
    effective = weight_sum * weight_sum / squares if squares > 0 else 0.0
    return Beliefs(view.seat, n, cards, odds, max(1, samples), effective)


def _holdings(world: DealState) -> list[Mask]:
    """Each seat's cards in a sampled deal, then the cards aside: the discard once made,
    else the dog while nobody has taken it into a hand."""
    hands = list(world.hands)
    taken = 0
    for hand in hands:
        taken |= hand
    aside = world.discard or (world.dog & ~taken)
    return [*hands, aside]


__all__ = ["DEFAULT_SAMPLES", "Beliefs", "beliefs"]
