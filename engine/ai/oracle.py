"""Experts that see hidden cards: yardsticks of what the hidden information is worth to the
expert's search, for measurements only, never players.

Both are :class:`~engine.ai.expert.ExpertBot` searches whose sampled deals know more than a
seat may:

* :class:`OmniscientExpert` is handed the true deal at every decision, the bids included: an
  upper reference for the whole game (it takes exactly the contracts the dog makes good);
* :class:`SeeingExpert` bids, calls, discards and declares as the expert does, on the same
  sampled deals, and sees some of the hidden cards only while the cards are played
  (``sees``):

  * ``"play"`` — every card where it truly is;
  * ``"taker"`` — the taker's hand and its discard (for the other seats; the taker sees
    nothing more);
  * ``"trumps"`` — where every trump and the Excuse are;
  * ``"partner"`` — with five players, who holds the called card.

In the duplicate arena against the expert on the same seeds and a fixed number of sampled
deals (so that both bid alike), the difference is what that knowledge is worth in the play:

    python -m engine.ai.arena omniscient,sees=play,samples=64 expert,samples=64 --field simple

Both are built from a seed and a ``provider`` returning the true :class:`DealState` at the
decision asked (the arena's :class:`engine.ai.arena.bots.TrueDeal`).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

from engine import cards as C
from engine.ai.expert import ExpertBot
from engine.ai.sampling import Knowledge, Worlds
from engine.ai.search import WorldSource
from engine.cards import Mask
from engine.state import DealState, Phase
from engine.views import SeatView

#: What a :class:`SeeingExpert` may be given to see during the play.
SEES = ("play", "taker", "trumps", "partner")

Provider = Callable[[], DealState]


def _check(view: SeatView, true: DealState) -> None:
    if true.phase is not view.phase or true.turn != view.turn:
        raise ValueError("the provided deal is not at the decision the view shows")


class OmniscientExpert(ExpertBot):
    """The expert's search run on the true deal rather than on samples, at every decision.

    The play-outs vary through ``epsilon`` (random cards now and then), since every "sample" is
    the same deal.
    """

    name = "omniscient"

    def __init__(self, provider: Provider, seed: int = 0, budget: float | None = None,
                 budget_samples: int | None = None, epsilon: float = 0.1) -> None:
        super().__init__(seed, budget, budget_samples, epsilon)
        self.provider = provider

    def world_source(self, view: SeatView, rng: random.Random) -> WorldSource:
        true = self.provider()
        _check(view, true)
        return lambda: (true.copy(), 1.0)


class RevealedWorlds(Worlds):
    """The deals a seat may imagine, with the cards of ``revealed`` where they truly are in
    ``true`` (every other unseen card dealt as :class:`~engine.ai.sampling.Worlds` deals it)."""

    def __init__(self, view: SeatView, true: DealState, revealed: Mask) -> None:
        self.true = true
        self.revealed = revealed
        super().__init__(view)

    def infer(self, view: SeatView) -> Knowledge:
        k = super().infer(view)
        revealed = self.revealed & k.pool
        held = [k.held(self.true, holder) & revealed for holder in k.holders]
        allowed = tuple(a & ~revealed | h for a, h in zip(k.allowed, held, strict=True))
        presumed = tuple(p & ~revealed | h for p, h in zip(k.presumed, held, strict=True))
        return dataclasses.replace(k, allowed=allowed, presumed=presumed)


class SeeingExpert(ExpertBot):
    """The expert, seeing during the play the hidden cards that ``sees`` names (:data:`SEES`);
    every other decision is the expert's own. It takes no stock of the cards played beyond
    what the expert does (``epsilon`` stays 0: sampled deals differ where cards stay hidden)."""

    name = "seeing"

    def __init__(self, provider: Provider, sees: str, seed: int = 0,
                 budget: float | None = None, budget_samples: int | None = None) -> None:
        if sees not in SEES:
            raise ValueError(f"sees={sees!r}: expected one of {', '.join(SEES)}")
        super().__init__(seed, budget, budget_samples)
        self.provider = provider
        self.sees = sees

    def revealed(self, view: SeatView, true: DealState) -> Mask:
        """The cards the seat is shown at a decision of the play."""
        if self.sees == "play":
            return C.FULL_DECK
        if self.sees == "trumps":
            return C.TRUMP_MASK | C.EXCUSE_BIT
        if self.sees == "partner":
            return 1 << view.called if view.called is not None else 0
        if view.taker is None or view.seat == view.taker:
            return 0
        return true.hands[view.taker] | true.discard

    def worlds(self, view: SeatView) -> Worlds:
        if view.phase is not Phase.PLAYING:
            return super().worlds(view)
        true = self.provider()
        _check(view, true)
        revealed = self.revealed(view, true)
        return RevealedWorlds(view, true, revealed) if revealed else super().worlds(view)


def make_omniscient(seed: int, provider: Provider, budget: float | None = None,
                    samples: int | None = None, sees: str = "all") -> ExpertBot:
    """The measurement registry's factory: the omniscient expert (``sees="all"``), or the
    expert seeing some hidden cards during the play (``sees`` one of :data:`SEES`)."""
    if sees == "all":
        return OmniscientExpert(provider, seed, budget=budget, budget_samples=samples)
    return SeeingExpert(provider, sees, seed, budget=budget, budget_samples=samples)


__all__ = ["SEES", "OmniscientExpert", "RevealedWorlds", "SeeingExpert", "make_omniscient"]
