"""How likely a sampled deal is, given what every other seat did: the weights of the search.

:mod:`engine.ai.sampling` deals the hidden cards consistently with the hard facts (voids,
handfuls, the dog...). Many of those deals are still unlikely: a seat that passed rarely holds
the 21, the Excuse and eight trumps; a seat that threw its king on its partner's trick knew
the trick was safe. :class:`Inference` weighs a sampled deal by the likelihood of what the
other seats did under a model of play, the club player's:

* **bids** — a seat bids the highest contract open whose threshold its point count reaches
  (:data:`engine.ai.club_contract.BID_THRESHOLDS`,
  :func:`~engine.ai.club_contract.hand_strength`), softened: the chance of reaching a
  threshold is a logistic curve of the distance to it, so that a hand a little below still
  bids now and then. The club player itself bids by learned values
  (:mod:`engine.ai.hand_values`), which rank hands much as the count does; the count is kept
  here because it takes few values, so a chance is worked out once per value, not per deal;
* **cards** — each card a seat played when it had a choice is compared with the club
  player's card (:mod:`engine.ai.club`) for that seat in that deal, the play replayed from
  the first trick: a deal where the club player would have played it is :data:`PLAY_MATCH`
  times as likely as one where it would not. This is what reads a five-player partner from
  the play: a seat that knows it is the partner plays for the taker, the others do not.

A weight is a likelihood up to a constant; the search uses weighted means.

The taker's discard, when the dog was shown, is not read: weighing each deal by the cards its
discard shares with the club player's discard from the same cards (1.5 times likelier a card)
gained nothing over 200 duplicate deals with four players (-1.0 [-3.3, +1.2] a deal against
the same expert without it) nor over 95 with three (-0.5 [-4.0, +3.0]).

A sharper reading of the cards, :data:`PLAY_MATCH` 5 instead of 2.5, places the partner
sooner at tables of club players but gained nothing with five players (-0.4 [-5.7, +4.9] a
deal, 200 duplicate deals, field simple, default clock).
"""

from __future__ import annotations

import math

from engine.ai import club_tracker
from engine.ai.club_contract import BID_THRESHOLDS, hand_strength
from engine.ai.sampling import Worlds
from engine.state import DealState, Phase
from engine.views import SeatView

#: How sharply the chance to bid rises with the hand strength around a threshold (strength
#: points for a factor e in the odds).
BID_SOFTNESS = 4.0
#: How much likelier a deal is when the club player would have played a seat's card.
PLAY_MATCH = 2.5


def _reach(strength: float, threshold: float) -> float:
    """The chance that a hand of ``strength`` bids a contract of ``threshold``."""
    x = (strength - threshold) / BID_SOFTNESS
    if x > 30:
        return 1.0
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def bid_likelihood(strength: float, bid: str | None, open_contracts: list[str],
                   thresholds: dict[str, float]) -> float:
    """The chance of ``bid`` (``None``: a pass) from a hand of ``strength`` when the contracts
    ``open_contracts`` (lowest first) are still open."""
    reach = [_reach(strength, thresholds.get(c, math.inf)) for c in open_contracts]
    # a hand reaching a higher contract reaches the lower ones: take the running maximum down
    for i in range(len(reach) - 2, -1, -1):
        reach[i] = max(reach[i], reach[i + 1])
    if bid is None:
        return 1.0 - reach[0] if reach else 1.0
    if bid not in open_contracts:
        return 1.0
    k = open_contracts.index(bid)
    above = reach[k + 1] if k + 1 < len(reach) else 0.0
    return max(reach[k] - above, 1e-6)


class Inference:
    """The weight of each deal a :class:`~engine.ai.sampling.Worlds` gives for ``view``."""

    def __init__(self, view: SeatView, worlds: Worlds, plays: bool = True,
                 play_match: float = PLAY_MATCH) -> None:
        self.view = view
        self.play_match = play_match
        self.worlds = worlds
        rules = view.rules
        n = view.players
        self.hand_size = rules.setup(n).hand
        self.thresholds = BID_THRESHOLDS.get(n, BID_THRESHOLDS[4])
        # every bid of another seat, with the contracts open when it was made
        self.bids: list[tuple[int, str | None, list[str]]] = []
        floor = 0
        for seat, name in view.bids:
            open_contracts = [c.name for c in rules.contracts if c.rank > floor]
            if seat != view.seat:
                self.bids.append((seat, name, open_contracts))
            if name is not None:
                floor = max(floor, rules.contract(name).rank)
        self._bid_chances: dict[tuple[int, float], float] = {}
        # the cards played so far, in order, with the seat that played each
        self.cards: list[tuple[int, int]] = []
        for trick in (*view.tricks, view.trick):
            for i, card in enumerate(trick.cards):
                self.cards.append(((trick.leader + i) % n, card))
        self.played = [card for _, card in self.cards]
        self.plays = plays and view.phase is Phase.PLAYING and any(
            seat != view.seat for seat, _ in self.cards)

    def weight(self, world: DealState) -> float:
        weight = 1.0
        known = self._bid_chances
        for index, (seat, bid, open_contracts) in enumerate(self.bids):
            dealt = self.worlds.dealt_hand(world, seat)
            strength = hand_strength(dealt, self.view.players, self.hand_size)
            chance = known.get((index, strength))
            if chance is None:  # a point count takes few values: each is worked out once
                chance = known[index, strength] = bid_likelihood(
                    strength, bid, open_contracts, self.thresholds)
            weight *= chance
        if self.plays:
            weight *= self._play_likelihood(world)
        return weight

    def _play_likelihood(self, world: DealState) -> float:
        """The club player's agreement with every card the other seats chose, replayed."""
        s = self.worlds.opening(world.partner)
        s.hands = [self.worlds.playing_hand(world, seat) for seat in range(world.n)]
        s.dog = world.dog
        s.discard = world.discard
        agreed = club_tracker.Tracker(s).replay(self.played, self.view.seat)
        weight = 1.0
        for _ in range(agreed):  # the same products as card by card
            weight *= self.play_match
        return weight


__all__ = ["BID_SOFTNESS", "PLAY_MATCH", "Inference", "bid_likelihood"]
