"""The expert's search settings and the deals it looks at: its clock, how many sampled deals
it draws for each one kept, from how many tricks left it searches exactly, and the source of
weighted sampled deals every decision of :class:`engine.ai.expert.ExpertBot` is raced on.

A longer clock buys more than more deals: with five players a larger pool to read the cards
played from, and past a clock that depends on the player count, exact search from one trick
earlier. ``budget_samples=N`` replaces the clock by a fixed number of deals (reproducible from
the seed), with the settings of the shortest clock.

>>> from engine.ai.expert import ExpertBot
>>> bot = ExpertBot(budget=3)
>>> bot.seconds(), bot.pool(5), bot.exact_tricks(3)
(3, 8, 5)
>>> default = ExpertBot()
>>> default.seconds(), default.pool(5), default.exact_tricks(5)
(0.25, 4, 2)
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.actions import Action
from engine.ai import playout as P
from engine.ai.base import PhaseBot, Stop
from engine.ai.dealer import NoConsistentDeal
from engine.ai.inference import Inference
from engine.ai.sampling import Worlds
from engine.ai.search import Budget, WorldSource
from engine.ai.simple_bot import SimpleBot
from engine.state import DealState
from engine.views import SeatView

#: Seconds per decision by default, at every player count and for every kind of decision:
#: quick at the table, and what the default is measured at. Neither a longer nor a shorter
#: clock has been measured to differ from it (0.1 s, 1 s and 3 s against 0.25 s, expert against
#: expert, 200 duplicate deals a cell: the clock table in docs/bots.md, *Measured strength*):
#: most searches end long before the clock, because one option is left or the options left
#: are worth the same. With five players the bids, the slam and handfuls once took 0.75 s;
#: measured alone, those 0.75 s gave -2.5 [-5.9, +0.8] a deal against 0.25 s.
DEFAULT_BUDGET = 0.25
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

    def seconds(self) -> float:
        """Seconds for a decision: the ``budget`` given, or :data:`DEFAULT_BUDGET`."""
        return DEFAULT_BUDGET if self.budget_seconds is None else self.budget_seconds

    def pool(self, players: int) -> int:
        """Sampled deals drawn for each one kept when the cards played are read (:data:`POOL`)."""
        if self.pool_size is not None:
            return max(1, self.pool_size)
        size = POOL[0][1]
        if self.budget_samples is None:
            for seconds, count in POOL:
                if self.seconds() >= seconds:
                    size = count
        return size

    def decide(self, view: SeatView, stop: Stop = None) -> Action:
        """The expert's answer; its searches give up (answering the best so far) when
        ``stop()`` turns true, for they read it at each sampled deal (:meth:`_budget`)."""
        self._stop = stop
        try:
            return super().decide(view)
        except NoConsistentDeal:
            # a view no deal fits (house rules the inference does not know): play safe
            return self._fallback.decide(view)
        finally:
            self._stop = None

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
            if self.seconds() >= seconds:
                tricks = count
        return tricks

    def _budget(self, factor: float = 1.0) -> Budget:
        return Budget(self.seconds() * factor, self.budget_samples, self._stop)

    def _decision_rng(self) -> random.Random:
        return random.Random(self.rng.getrandbits(64))

    def _rollout(self, s: DealState, rng: random.Random) -> None:
        P.rollout(s, rng if self.epsilon else None, self.epsilon)

    @staticmethod
    def _unit(view: SeatView) -> float:
        """What one card point of margin is worth to the seat, roughly (for indifference)."""
        return card_point_value(view) / 2


def card_point_value(view: SeatView) -> float:
    """Game points one card point kept by the seat's camp is worth to the seat: the
    contract's multiplier, times the taker's shares when the seat is the taker."""
    contract = view.rules.contract(view.contract) if view.contract else None
    mult = contract.multiplier if contract is not None else 1
    share = view.players - 1 if view.seat == view.taker else 1
    if view.players == 5 and view.seat == view.taker:
        share = 2
    return float(mult * share)


__all__ = [
    "DEFAULT_BUDGET",
    "EDGE",
    "EXACT_TRICKS",
    "EXACT_TRICKS_SAMPLED",
    "OPEN_DEFENCE",
    "POOL",
    "READ_PLAYS",
    "SearchingBot",
    "card_point_value",
]
