"""The expert's search settings and the deals it looks at: its clock, how many sampled deals
it draws for each one kept, from how many tricks left it searches exactly, and the source of
weighted sampled deals every decision of :class:`engine.ai.expert.ExpertBot` is raced on.

A longer clock buys more than more deals: with five players a larger pool to read the cards
played from, and past a clock that depends on the player count, exact search from one trick
earlier. ``budget_samples=N`` replaces the clock by a fixed number of deals (reproducible from
the seed), with the settings of the shortest clock.

>>> from engine.ai.expert import ExpertBot
>>> bot = ExpertBot(budget=3)
>>> bot.seconds(4), bot.pool(5), bot.exact_tricks(3)
(3, 8, 5)
>>> default = ExpertBot()
>>> default.seconds(5, "bid"), default.seconds(5), default.seconds(4, "bid"), default.pool(5)
(0.75, 0.25, 0.25, 4)
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.actions import Action
from engine.ai import playout as P
from engine.ai.base import PhaseBot
from engine.ai.dealer import NoConsistentDeal
from engine.ai.inference import Inference
from engine.ai.sampling import Worlds
from engine.ai.search import Budget, WorldSource
from engine.ai.simple_bot import SimpleBot
from engine.state import DealState
from engine.views import SeatView

#: Seconds per decision by default: quick at the table, and what the default is measured at.
DEFAULT_BUDGET = 0.25
#: The default by player count where it differs, for the decisions not in
#: :data:`SHORT_CLOCK` (the bids, the slam, a handful). With five players a longer think
#: pays: 1 s against 0.25 s for every decision won +9.2 [+1.5, +16.9] points a deal (200
#: duplicate deals, field simple), its contracts made 82.9 % instead of 74.8 %. At this
#: default the expert beat the simple bot by +30.6 [+23.8, +37.4] with its play-outs and sampled
#: deals compiled (+24.9 [+17.2, +32.7] with the deals in Python, +20.1 [+12.8, +27.4] with
#: the play-outs in Python too, +22.8 so with cards at 0.75 s). The +9.2 was measured before
#: the sampled deals were compiled: since, 3 s against 0.25 s for every decision gives -0.6
#: [-6.8, +5.6] with five players (200 deals), the quicker 0.25 s search having caught up
#: (contracts made 80.2 %). With four players neither 1 s (+1.6 [-2.1, +5.2]) nor 3 s (+0.1
#: [-3.6, +3.7]) beat 0.25 s, nor 0.5 s with three (-1.3 [-5.6, +3.0], 102 deals). Those
#: were measured with the tree of its own later cards the expert had then; without it, 3 s
#: against 0.25 s gives +0.5 [-2.2, +3.2] with three players, -1.0 [-3.1, +1.1] with four
#: and -1.4 [-7.6, +4.8] with five, and 1 s -2.1 [-4.8, +0.6] with three, -1.9 [-4.2,
#: +0.3] with four and -0.8 [-6.0, +4.3] with five. No longer clock has been measured to
#: gain since; the 0.75 s kept here (at most half a second more for a bid, the slam or a
#: handful) has not been measured alone.
DEFAULT_BUDGETS: dict[int, float] = {5: 0.75}
#: Decisions that keep :data:`DEFAULT_BUDGET` whatever the player count. A card, the call
#: and the discard: with five players most of their searches ran to the clock (at 0.75 s a
#: card with a choice took a median of 0.34 s, over the 0.3 s the table allows; 0.093 s at
#: 0.25 s with the play-outs compiled), while a bid is mostly settled at once (a median of
#: 0 s) and takes its longer clock only when close.
SHORT_CLOCK = frozenset({"card", "call", "discard"})
#: Player counts where the expert reads the other seats' cards (:mod:`engine.ai.inference`):
#: with five it tells who the partner is (measured: no gain with three or four, where the
#: bids and the voids say most of it and the reading costs time; with four, not even at 3 s:
#: +0.9 [-2.4, +4.2] a deal against 0.25 s without it, 200 duplicate deals, field simple).
READ_PLAYS = frozenset({5})
#: Reading the cards makes the weights of sampled deals uneven: each deal kept is drawn from a
#: pool of deals, in proportion to their weights. The larger the pool, the closer the deals
#: kept come to what the cards played say: a longer think affords more, by budget (seconds of
#: at least the key; a budget in sampled deals takes the first).
POOL: tuple[tuple[float, int], ...] = ((0.0, 4), (1.0, 6), (2.0, 8))
#: Card points of margin the expert may add to its estimate of a contract it would take itself:
#: its play-outs play its own hand like a club player, while at the table it searches. Left at
#: zero: against club defenders a margin of 8 took 50 % more contracts but made 75 % of them
#: instead of 84 %, for no clear gain (+1.5 [-2.2, +5.3] a deal, four players, 200 deals); over
#: 1,742 deals it gained +1.8 [+0.7, +3.0], but at a table of experts it lost -4.0 [-6.7,
#: -1.3] (343 deals, 64 sampled deals a decision): against defenders who search the estimate
#: is not low (``python -m engine.ai.calibrate``).
EDGE = 0.0
#: Whether, as taker, the expert's card play-outs give the defenders every hand to read
#: (:meth:`engine.ai.club_tracker.Tracker.see_all`): defenders stronger than club players, as
#: at a table of experts. Off: +2.1 [-2.0, +6.2] a deal against club defenders (200 deals),
#: then -0.6 [-1.8, +0.7] (831 deals), and -0.2 [-5.3, +4.8] at a table of experts (four
#: players, 64 sampled deals a decision).
OPEN_DEFENCE = False
#: Tricks left (the one being played included) from which the cards are valued by exact
#: search of the rest of each sampled deal, by player count, for budgets (seconds) of at
#: least the key: the search of one deal costs about 1-5 ms with three tricks left, 3-30 ms
#: with four (more players, more cards), and a decision wants dozens of deals.
EXACT_TRICKS: dict[int, tuple[tuple[float, int], ...]] = {
    3: ((0.0, 3), (0.5, 4), (3.0, 5)),
    4: ((0.0, 3), (1.0, 4)),
    5: ((0.0, 2), (1.0, 3), (4.0, 4)),
}
#: The same for a budget in sampled deals rather than seconds.
EXACT_TRICKS_SAMPLED = {3: 3, 4: 3, 5: 2}


class SearchingBot(PhaseBot):
    """The settings and the sampled deals of the expert's searches; :class:`ExpertBot
    <engine.ai.expert.ExpertBot>` adds the decisions."""

    def __init__(self, seed: int = 0, budget: float | None = None,
                 budget_samples: int | None = None, epsilon: float = 0.0,
                 read_plays: bool | None = None, pool: int | None = None, edge: float = EDGE,
                 open_defence: bool = OPEN_DEFENCE) -> None:
        self.rng = random.Random(seed)
        self.edge = edge
        self.open_defence = open_defence
        self.pool_size = pool
        self.budget_seconds = budget
        self.budget_samples = budget_samples
        self.epsilon = epsilon
        self.read_plays = read_plays
        self._handful_asked: set[tuple[int, int, int]] = set()
        self._fallback = SimpleBot(seed)
        self._stop: Callable[[], bool] | None = None

    def seconds(self, players: int, kind: str = "card") -> float:
        """Seconds for a decision of ``kind`` (``"bid"``, ``"card"``, ``"call"``…) at a table
        of ``players``: the ``budget`` given, or the default (:data:`DEFAULT_BUDGETS`,
        :data:`SHORT_CLOCK`)."""
        if self.budget_seconds is not None:
            return self.budget_seconds
        if kind in SHORT_CLOCK:
            return DEFAULT_BUDGET
        return DEFAULT_BUDGETS.get(players, DEFAULT_BUDGET)

    def pool(self, players: int) -> int:
        """Sampled deals drawn for each one kept when the cards played are read (:data:`POOL`)."""
        if self.pool_size is not None:
            return max(1, self.pool_size)
        size = POOL[0][1]
        if self.budget_samples is None:
            for seconds, count in POOL:
                if self.seconds(players, "card") >= seconds:
                    size = count
        return size

    def stop_when(self, stop: Callable[[], bool] | None) -> None:
        """Give up the decision in progress (answering the best so far) when ``stop()`` turns
        true: the table no longer wants it."""
        self._stop = stop

    def decide(self, view: SeatView) -> Action:
        try:
            return super().decide(view)
        except NoConsistentDeal:
            # a view no deal fits (house rules the inference does not know): play safe
            return self._fallback.decide(view)

    # --- the deals to look at ----------------------------------------------------------------

    def worlds(self, view: SeatView) -> Worlds:
        """The deals consistent with ``view`` that the searches sample from."""
        return Worlds(view)

    def world_source(self, view: SeatView, rng: random.Random) -> WorldSource:
        """A function returning a new sampled deal at the view's decision, with its weight,
        on each call."""
        worlds = self.worlds(view)
        plays = self.read_plays
        if plays is None:
            plays = view.players in READ_PLAYS
        inference = Inference(view, worlds, plays=plays)
        pool = self.pool(view.players) if inference.plays else 1

        def draw() -> tuple[DealState, float]:
            if pool == 1:
                world = worlds.sample(rng)
                return world, inference.weight(world)
            # the cards played make weights uneven: keep one deal of a few, in proportion to
            # its weight, rather than many deals of which a few count
            candidates = [worlds.sample(rng) for _ in range(pool)]
            weights = [inference.weight(world) for world in candidates]
            total = sum(weights)
            pick = rng.random() * total
            for world, weight in zip(candidates, weights, strict=True):
                pick -= weight
                if pick <= 0:
                    return world, 1.0
            return candidates[-1], 1.0

        return draw

    def exact_tricks(self, players: int) -> int:
        """Tricks left from which a card is valued by exact search (:data:`EXACT_TRICKS`)."""
        if self.budget_samples is not None:
            return EXACT_TRICKS_SAMPLED.get(players, 2)
        tricks = 2
        for seconds, count in EXACT_TRICKS.get(players, ()):
            if self.seconds(players, "card") >= seconds:
                tricks = count
        return tricks

    def _budget(self, view: SeatView, kind: str, factor: float = 1.0) -> Budget:
        seconds = self.seconds(view.players, kind) * factor
        return Budget(seconds, self.budget_samples, self._stop)

    def _decision_rng(self) -> random.Random:
        return random.Random(self.rng.getrandbits(64))

    def _rollout(self, s: DealState, rng: random.Random) -> None:
        P.rollout(s, rng if self.epsilon else None, self.epsilon)

    @staticmethod
    def _unit(view: SeatView) -> float:
        """What one card point of margin is worth to the seat, roughly (for indifference)."""
        contract = view.rules.contract(view.contract) if view.contract else None
        mult = contract.multiplier if contract is not None else 1
        share = view.players - 1 if view.seat == view.taker else 1
        if view.players == 5 and view.seat == view.taker:
            share = 2
        return float(mult * share) / 2


__all__ = [
    "DEFAULT_BUDGET",
    "DEFAULT_BUDGETS",
    "EDGE",
    "EXACT_TRICKS",
    "EXACT_TRICKS_SAMPLED",
    "OPEN_DEFENCE",
    "POOL",
    "READ_PLAYS",
    "SHORT_CLOCK",
    "SearchingBot",
]
