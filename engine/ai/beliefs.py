"""Where the expert believes each card it cannot see is: "who holds what".

The expert decides on deals sampled consistently with its view and weighed by how likely the
other seats' bids and cards make them (:meth:`engine.ai.expert_search.SearchingBot.world_source`).
The same deals, counted card by card, say what it believed: for every card neither in the
seat's hand nor played, the weighted share of the deals where each other seat holds it, or
where it lies aside (the dog, or the taker's discard: the taker's own is aside in every deal,
known for certain). :meth:`Beliefs.picture` lays the cards out as the expert's likeliest
picture of every hand, and :meth:`Beliefs.sureness` says how far it can be trusted.

>>> from engine.deal import Deal
>>> from engine.rules import load_rules
>>> from engine.views import view_for
>>> deal = Deal.new(load_rules(), 4, dealer=0, seed=7)
>>> seen = beliefs(view_for(deal.state, 1), samples=16)
>>> len(seen.cards), len(seen.odds_of(seen.cards[0]))   # 78 less 18 in hand; 4 seats, the dog
(60, 5)
>>> round(sum(seen.odds_of(seen.cards[0])), 6)
1.0
>>> [len(cards) for cards in seen.picture()]   # 18 a hand, none of seat 1's own, the dog
[18, 0, 18, 18, 6]
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
#: A chance from which a card counts as surely where it is.
CERTAIN = 0.995


@dataclass(frozen=True)
class Beliefs:
    """For each card the seat cannot see in its hand or on the table, the chance of each
    holder: the seats in order, then "aside" (the dog or the discard) at index ``players``."""

    seat: int
    players: int
    cards: tuple[Card, ...]  # in the deck's order
    odds: tuple[tuple[float, ...], ...]  # per card, per holder (players + 1 of them)
    samples: int
    #: What the weighted deals are worth in deals of equal weight ((sum w)^2 / sum w^2): the
    #: bids and cards read make some deals far likelier than others, and a few can carry
    #: the table.
    effective: float = 0.0
    #: How many of ``cards`` each holder has (the seats, then aside): the same in every deal.
    counts: tuple[int, ...] = ()

    def odds_of(self, card: Card) -> tuple[float, ...]:
        """The chance of each holder (seats, then aside) for ``card``; all zero for a card
        the seat sees."""
        if card not in self.cards:
            return (0.0,) * (self.players + 1)
        return self.odds[self.cards.index(card)]

    def picture(self) -> list[list[tuple[Card, float]]]:
        """The expert's likeliest picture of the hidden cards, per holder (the seats, then
        aside): each card given to one holder, each holder as many cards as it has, the
        likeliest placings first; each holder's cards with their chance, likeliest first,
        then in the deck's order. A card the holders with room left cannot have (it happens
        when the deals disagree) goes to its likeliest holder."""
        holders = self.players + 1
        room = list(self.counts) if len(self.counts) == holders else [len(self.cards)] * holders
        placings = sorted(((odds[h], card, h) for card, odds in zip(self.cards, self.odds,
                                                                     strict=True)
                           for h in range(holders) if odds[h] > 0),
                          key=lambda item: (-item[0], item[1], item[2]))
        placed: dict[Card, int] = {}
        for _, card, holder in placings:
            if card not in placed and room[holder] > 0:
                placed[card] = holder
                room[holder] -= 1
        rows: list[list[tuple[Card, float]]] = [[] for _ in range(holders)]
        for card, odds in zip(self.cards, self.odds, strict=True):
            holder = placed.get(card, max(range(holders), key=odds.__getitem__))
            rows[holder].append((card, odds[holder]))
        for row in rows:
            row.sort(key=lambda item: (-item[1], item[0]))
        return rows

    def sureness(self) -> float | None:
        """How far the picture can be trusted: the mean chance that a card is where
        :meth:`picture` puts it, over the cards not known for certain (``None`` when every
        card is)."""
        unsure = [chance for row in self.picture() for _, chance in row if chance < CERTAIN]
        return sum(unsure) / len(unsure) if unsure else None


def beliefs(view: SeatView, samples: int = DEFAULT_SAMPLES, seed: int = 0,
            stop: Callable[[], bool] | None = None) -> Beliefs:
    """What the expert in ``view.seat`` believes of every card it cannot see, from
    ``samples`` weighted sampled deals (the same ``seed``, the same table). ``stop`` is
    polled between deals (raises :class:`engine.ai.analysis.AnalysisCancelled`); a view no
    deal fits raises :class:`engine.ai.dealer.NoConsistentDeal`."""
    n = view.players
    hidden = C.FULL_DECK & ~view.hand_mask & ~view.played
    cards = tuple(C.cards_of(hidden))
    totals = {card: [0.0] * (n + 1) for card in cards}
    worlds = ExpertBot(seed).world_source(view, random.Random(seed))
    weight_sum = squares = 0.0
    counts: tuple[int, ...] = ()
    for _ in range(max(1, samples)):
        if stop is not None and stop():
            raise AnalysisCancelled
        world, weight = worlds()
        weight_sum += weight
        squares += weight * weight
        holdings = _holdings(world)
        counts = counts or tuple((mask & hidden).bit_count() for mask in holdings)
        for holder, mask in enumerate(holdings):
            rest = mask & hidden
            while rest:
                low = rest & -rest
                totals[low.bit_length() - 1][holder] += weight
                rest ^= low
    scale = 1.0 / weight_sum if weight_sum > 0 else 0.0
    odds = tuple(tuple(value * scale for value in totals[card]) for card in cards)
    effective = weight_sum * weight_sum / squares if squares > 0 else 0.0
    return Beliefs(view.seat, n, cards, odds, max(1, samples), effective, counts)


def _holdings(world: DealState) -> list[Mask]:
    """Each seat's cards in a sampled deal, then the cards aside: the discard once made,
    else the dog while nobody has taken it into a hand."""
    hands = list(world.hands)
    taken = 0
    for hand in hands:
        taken |= hand
    aside = world.discard or (world.dog & ~taken)
    return [*hands, aside]


__all__ = ["CERTAIN", "DEFAULT_SAMPLES", "Beliefs", "beliefs"]
