"""Uniformly random legal choices: the floor for tests, benchmarks and property checks."""

from __future__ import annotations

import random

from engine import cards as C
from engine.actions import Action, DecideSlam, Discard, ShowHandful
from engine.choices import discard_options, handful_options, legal_actions
from engine.legal import DiscardOptions
from engine.state import DealState, Phase


def random_discard(state: DealState, rng: random.Random) -> Discard:
    return discard_among(discard_options(state), rng)


def discard_among(options: DiscardOptions, rng: random.Random) -> Discard:
    """A discard drawn at random among ``options`` (the engine's or a view's), trumps only
    where the rules need them."""
    if options.trumps_needed:
        trumps = C.cards_of(options.allowed & ~options.plain)
        chosen = C.cards_of(options.plain) + rng.sample(trumps, options.trumps_needed)
    else:
        chosen = rng.sample(C.cards_of(options.allowed), options.size)
    return Discard(tuple(sorted(chosen)))


def random_handful(state: DealState, seat: int, rng: random.Random) -> ShowHandful | None:
    """A random handful ``seat`` may show now, or ``None``."""
    options = handful_options(state, seat)
    if not options:
        return None
    size = rng.choice(options).size
    hand = state.hands[seat]
    trumps = C.cards_of(hand & C.TRUMP_MASK)
    if len(trumps) >= size:
        return ShowHandful(tuple(rng.sample(trumps, size)))
    return ShowHandful((*trumps, C.EXCUSE))


def random_action(state: DealState, rng: random.Random, slam_rate: float = 0.05) -> Action:
    """A random legal action for the seat to act (handfuls aside, see :func:`random_handful`)."""
    if state.phase is Phase.DISCARDING:
        return random_discard(state, rng)
    if state.phase is Phase.SLAM:
        return DecideSlam(rng.random() < slam_rate)
    actions = legal_actions(state)
    return actions[rng.randrange(len(actions))]
