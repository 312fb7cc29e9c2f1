"""The review of a finished deal from one seat: how its expected score moved, what each
decision cost, and the rest of the deal as the expert would have played it.

* :func:`estimate` — the seat's expected score for the deal at one moment, from what it
  knew then: deals consistent with its view are sampled (:mod:`engine.ai.sampling`) and
  each is played to the end by club players (:class:`~engine.ai.simple_bot.SimpleBot`) in
  every seat, the way the expert plays out the deals it samples; the mean of their scores.
  Once the deal is over the value is the score itself.
* :func:`graph_positions` — the moments worth an estimate: where a seat is to decide, and
  the end. Events that follow from a decision (a trick gathered after its last card, the
  dog turned up after the last bid) change nothing the seat could act on, so every replay
  step takes the value of the next such moment (:func:`settled`).
* what each decision cost, and how sure that is, is :mod:`engine.ai.verdict`'s;
* :func:`expert_line` — from a moment of the deal, the rest played with the expert in the
  seat and the bots of the table in the others.

Positions are those of the replay viewer: the number of events shown, from 1 (the cards
just dealt) to the whole log.

>>> from engine.match import Match
>>> from engine.rules import load_rules
>>> deal = Match.new(load_rules(), 4, seed=3).current
>>> graph_positions(deal)
[1]
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.ai.registry import make_bot
from engine.ai.sampling import Worlds
from engine.ai.simple_bot import SimpleBot
from engine.commands import execute
from engine.deal import Deal, command_of
from engine.events import Event
from engine.state import DealState, Phase
from engine.views import SeatView, view_for

#: Sampled deals per estimate: enough for a steady curve, few enough that a whole deal is
#: estimated in seconds.
DEFAULT_SAMPLES = 24


class ReviewCancelled(Exception):
    """The ``stop`` callback asked the work to give up."""


@dataclass(frozen=True)
class Estimate:
    """The seat's expected score for the deal: ``mean`` ± ``stderr`` over ``samples``
    sampled deals (``samples == 0``: exact, the deal is over)."""

    mean: float
    stderr: float = 0.0
    samples: int = 0


def settled(events: Sequence[Event], position: int) -> int:
    """The first position at or after ``position`` where a seat is to decide, or the last:
    the moment whose estimate stands for ``position``."""
    position = max(1, min(len(events), position))
    while position < len(events) and command_of(events[position]) is None:
        position += 1
    return position


def graph_positions(deal: Deal) -> list[int]:
    """Every position that gets its own estimate, in order."""
    events = deal.events
    found = [p for p in range(1, len(events)) if command_of(events[p]) is not None]
    if not found or found[-1] != len(events):
        found.append(len(events))
    return found


def estimate(view: SeatView, samples: int = DEFAULT_SAMPLES, seed: int = 0,
             stop: Callable[[], bool] | None = None) -> Estimate:
    """The expected score of ``view.seat`` for the deal from what the view shows.

    The same ``seed`` gives the same estimate. ``stop`` is polled between sampled deals;
    raises :class:`ReviewCancelled` when it returns true. A view no deal fits raises
    :class:`engine.ai.dealer.NoConsistentDeal`.
    """
    phase = view.phase
    if phase is Phase.FINISHED:
        scores = view.scores
        return Estimate(float(scores[view.seat]) if scores is not None else 0.0)
    if phase is Phase.CANCELLED:
        return Estimate(0.0)
    rng = random.Random(seed)
    worlds = Worlds(view)
    values: list[float] = []
    for _ in range(max(1, samples)):
        if stop is not None and stop():
            raise ReviewCancelled
        world = worlds.sample(rng)
        values.append(_played_out(world, view.seat, rng.randrange(1 << 30)))
    mean = sum(values) / len(values)
    var = (sum((v - mean) ** 2 for v in values) / (len(values) - 1)) if len(values) > 1 else 0.0
    return Estimate(mean, math.sqrt(var / len(values)), len(values))


def _played_out(world: DealState, seat: int, seed: int) -> float:
    """The seat's score once club players have played ``world`` to its end."""
    bots = [SimpleBot(seed + i) for i in range(world.n)]
    state = world
    while not state.is_over:
        turn = _to_act(state)
        state = execute(state, turn, bots[turn].decide(view_for(state, turn))).state
    return float(state.scores[seat]) if state.scores is not None else 0.0


def _to_act(state: DealState) -> int:
    turn = state.turn
    assert turn is not None, "a deal in progress always has a seat to act"
    return turn


def expert_line(deal: Deal, position: int, seat: int = 0, others: str = "simple",
                seed: int = 0, stop: Callable[[], bool] | None = None) -> Deal:
    """The deal from ``position`` on (a moment where a seat is to decide) with the expert in
    ``seat`` and bots of level ``others`` elsewhere; the deal given is not changed.

    Raises ``ValueError`` when the deal is over at ``position``, :class:`ReviewCancelled`
    when ``stop`` returns true between two decisions.
    """
    start = settled(deal.events, position)
    line = cut(deal, start)
    if line.is_over:
        raise ValueError(f"the deal is over at position {start}")
    players = deal.players
    bots = [make_bot("expert" if s == seat else others, seed * 7 + s) for s in range(players)]
    while not line.is_over:
        if stop is not None and stop():
            raise ReviewCancelled
        turn = _to_act(line.state)
        # a search stops at its next sampled deal, not at the decision's end
        line.execute(turn, bots[turn].decide(view_for(line.state, turn), stop=stop))
    return line


def cut(deal: Deal, position: int) -> Deal:
    """A new deal holding the first ``position`` events of ``deal``."""
    return Deal.from_events(deal.rules, list(deal.events[:position]))


__all__ = [
    "DEFAULT_SAMPLES",
    "Estimate",
    "ReviewCancelled",
    "cut",
    "estimate",
    "expert_line",
    "graph_positions",
    "settled",
]
