"""The expert's search: options compared on the same sampled deals, as long as time allows.

A decision is a :class:`SearchProblem`: the options, a source of sampled deals (each with a weight,
how likely the deal is given what the table has seen) and the function that plays one option
out on one deal and returns the deciding seat's score. :func:`race` evaluates every option on
the same deals, deal after deal, so that options are compared deal by deal (the luck of the
deal cancels out), and stops evaluating an option once it is, with confidence, worse than the
best. It ends when one option is left, when the options left are, with confidence, worth the
same, or when the :class:`Budget` is spent. More time means more deals, and so smaller
errors on the differences that decide: the search keeps improving with the time it is given.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from engine.state import DealState

T = TypeVar("T")

#: A new sampled deal at the decision and its weight (how likely it is, up to a constant).
WorldSource = Callable[[], tuple[DealState, float]]

#: Standard errors by which an option must trail the best before it is dropped.
Z_DROP = 2.5
#: Standard errors within which the options left must agree to stop as equivalent.
Z_SAME = 2.0
#: Deals before any option is dropped; the options are reviewed again every few deals, then
#: every tenth more deals (so that a long search does not spend its time reviewing).
MIN_WORLDS = 12
REVIEW_EVERY = 4
REVIEW_GROWTH = 1.1


@dataclass(frozen=True)
class SearchProblem(Generic[T]):
    """One decision as the expert weighs it.

    ``options`` are the choices it compares (bids, called cards, discard masks, slam yes/no,
    declarations, cards), ``worlds`` gives a new sampled deal at the decision (and its weight)
    on each call and ``run(world, option)`` plays ``option`` out on ``world`` (which it does
    not change) and returns the deciding seat's score. ``indifference`` is the score
    difference below which two options count as equally good.
    """

    options: list[T]
    worlds: WorldSource
    run: Callable[[DealState, T], float]
    indifference: float


class Budget:
    """When a search stops: a number of sampled deals, or a deadline on the clock; and, in
    both cases, a ``stop`` callback that gives up at once (the answer is no longer wanted)."""

    def __init__(self, seconds: float | None, samples: int | None,
                 stop: Callable[[], bool] | None = None, max_worlds: int = 100_000) -> None:
        self.samples = samples
        self.stop = stop
        self.deadline = None if seconds is None or samples is not None else (
            time.perf_counter() + seconds)
        self.max_worlds = samples if samples is not None else max_worlds

    def expired(self, worlds: int) -> bool:
        if worlds >= self.max_worlds:
            return True
        if worlds and self.stop is not None and self.stop():
            return True
        return self.deadline is not None and worlds > 0 and time.perf_counter() >= self.deadline


@dataclass(frozen=True)
class Outcome(Generic[T]):
    """The result of a search: the option chosen, each option's weighted mean score (``-inf``
    for none), the deals looked at and their effective number (weights counted)."""

    best: T
    means: list[float]
    worlds: int
    effective: float


def paired(values_a: Sequence[float], values_b: Sequence[float],
           weights: Sequence[float]) -> tuple[float, float]:
    """The weighted mean of ``a - b`` deal by deal and its standard error (the effective
    number of deals accounts for uneven weights)."""
    total = sum(weights)
    if total <= 0:
        return 0.0, math.inf
    diffs = [a - b for a, b in zip(values_a, values_b, strict=False)]
    mean = sum(w * d for w, d in zip(weights, diffs, strict=False)) / total
    squares = sum(w * w for w in weights)
    effective = total * total / squares if squares else 0.0
    if effective <= 1:
        return mean, math.inf
    var = sum(w * (d - mean) ** 2 for w, d in zip(weights, diffs, strict=False)) / total
    var *= effective / (effective - 1)
    return mean, math.sqrt(var / effective)


def race(problem: SearchProblem[T], budget: Budget, favour: int | None = None,
         margin: float = 0.0, z: float = Z_DROP) -> Outcome[T]:
    """The option with the best weighted mean of ``run(world, option)`` over sampled deals;
    ties go to the earlier option, and so do options the search found, with confidence,
    worth the same: their order is the decision's preference (the usual card first), which a
    difference of noise should not overturn. See the module's notes for when it stops.

    ``favour`` is the index of an option known to gain for sure (a Petit that surely wins its
    trick): it is chosen, and kept in the race, unless another option beats it by more than
    ``margin`` (what the sure gain is worth) with ``z`` standard errors to spare. Neither
    sampling noise nor a small edge of the model's play-outs gives up a sure gain (nor, for a
    bid, the pass: a contract is taken on a bound of its gain, not on its mean)."""
    options = problem.options
    values: list[list[float]] = [[] for _ in options]
    weights: list[float] = []
    alive = list(range(len(options)))
    done = 0
    review = MIN_WORLDS
    same = False
    while len(alive) > 1 and not budget.expired(done):
        world, weight = problem.worlds()
        weights.append(weight)
        for i in alive:
            values[i].append(problem.run(world, options[i]))
        done += 1
        if done >= review:
            review = max(done + REVIEW_EVERY, int(done * REVIEW_GROWTH))
            alive, same = _review(values, weights, alive, problem.indifference, favour, margin)
            if same:
                break
    means = [_mean(values[i], weights) if values[i] else -math.inf for i in range(len(options))]
    best = alive[0] if same else max(alive, key=lambda i: (means[i], -i))
    if favour is not None and favour != best and favour in alive and values[favour]:
        mean, error = paired(values[best], values[favour], weights)
        if mean - z * error <= margin:
            best = favour
    total = sum(weights)
    squares = sum(w * w for w in weights)
    effective = total * total / squares if squares else 0.0
    return Outcome(options[best], means, done, effective)


def _mean(values: Sequence[float], weights: Sequence[float]) -> float:
    count = len(values)
    total = sum(weights[:count])
    if total <= 0:
        return sum(values) / count
    return sum(w * v for w, v in zip(weights, values, strict=False)) / total


def _review(values: list[list[float]], weights: list[float], alive: list[int],
            indifference: float, favour: int | None = None,
            margin: float = 0.0) -> tuple[list[int], bool]:
    """Drop the options confidently worse than the best (the favoured one only when it is
    confidently worse by more than ``margin``); say whether those left are confidently worth
    the same."""
    means = {i: _mean(values[i], weights) for i in alive}
    best = max(alive, key=lambda i: (means[i], -i))
    keep = [best]
    same = True
    for i in alive:
        if i == best:
            continue
        mean, error = paired(values[best], values[i], weights)
        if mean - Z_DROP * error > (margin if i == favour else 0.0):
            continue  # confidently worse
        keep.append(i)
        if mean + Z_SAME * error >= indifference:
            same = False
    return sorted(keep), same and len(keep) > 1


__all__ = ["Budget", "Outcome", "SearchProblem", "WorldSource", "paired", "race"]
