"""What each contract is worth with a hand: the club player's bid, learned from simulated deals.

A point count against thresholds (:func:`engine.ai.club_contract.hand_strength`) weighs every
hand with the same few numbers, whatever they are worth at the table. Here the worth is
measured instead: for tens of thousands of dealt hands, the hand's seat takes each contract,
everybody else passes, and the deal is played out by club players (the club call and discard,
then :mod:`engine.ai.playout` — the same play-outs the expert's bid search runs, defenders that
hunt the Petit included). A linear model over the :data:`FEATURES` of the hand, fitted by
least squares to the seat's score per unit of the contract's multiplier, gives
:func:`contract_values`; the weights live in :mod:`engine.ai.hand_value_weights`, written by
``python -m engine.ai.hand_values_fit`` (which also prints how well they predict deals it did
not fit on).

The club player then bids the open contract worth most, when it is worth more than a pass
(:func:`value_bid`; a pass is counted as 0: the seat defends or the deal is redealt). With the
same play for a Petite and a Garde, the model only prefers a Petite to a Garde through the
bonuses that are not multiplied (a handful), so a hand either takes a Garde or passes unless it
is a close call — as strong players bid at a table that defends well.

>>> from engine.cards import mask_of, parse_cards
>>> weak = mask_of(parse_cards("T2 T5 T9 2S 3S 5S 8S 2H 4H 6H 9H 3C 5C 7C 2D 4D 6D 8D".split()))
>>> value_bid(weak, 4, ["petite", "garde", "garde_sans", "garde_contre"]) is None
True
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence

from engine import cards as C
from engine.ai.club_contract import hand_strength
from engine.ai.hand_value_weights import FEATURE_NAMES, WEIGHTS
from engine.cards import Mask
from engine.rules import Rules

#: The trumps from 16 to 20, and from 11 to 15.
MAJORS: Mask = sum(1 << (C.FIRST_TRUMP + rank - 1) for rank in range(16, 21))
MIDDLES: Mask = sum(1 << (C.FIRST_TRUMP + rank - 1) for rank in range(11, 16))
KINGS = tuple(1 << C.make_card(suit, C.KING) for suit in range(4))
QUEENS = tuple(1 << C.make_card(suit, C.QUEEN) for suit in range(4))
KNIGHTS: Mask = sum(1 << C.make_card(suit, C.KNIGHT) for suit in range(4))
JACKS: Mask = sum(1 << C.make_card(suit, C.JACK) for suit in range(4))

#: Where the value may bend along the point count.
COUNT_KNOTS = (30, 45, 55, 65, 75)

#: What the model reads in a hand, in the order of :func:`features` (``t``: the trumps held,
#: the Petit and the 21 among them).
FEATURES: tuple[str, ...] = (
    "bias", "twenty_one", "excuse", "petit",
    "petit_guards",  # the Petit times the other trumps (at most 9) that protect it
    "petit_short",  # the Petit with 4 trumps or fewer
    "trumps", "trumps_over_5", "trumps_over_8", "trumps_over_11",
    "majors", "middles",  # trumps 16-20, 11-15
    "kings", "queens", "queens_with_king", "knights", "jacks",
    "voids", "singletons", "doubletons",
    "long_extra",  # the cards beyond the fourth of every suit
    "voids_x_trumps", "singletons_x_trumps", "oudlers_x_trumps",
    "two_oudlers", "three_oudlers", "majors_x_trumps", "kings_x_trumps",
    # the point count, and hinges on it: the value of a contract bends with the hand's
    # strength (a Garde contre is worth nothing to most hands and a great deal to a few)
    "count", *(f"count_over_{knot}" for knot in COUNT_KNOTS),
)
#: Whether the weights were fitted on these features (a list changed since is refitted before
#: the weights are used; the fitting script itself must still import this module).
WEIGHTS_FIT = FEATURE_NAMES == FEATURES


def features(hand: Mask, players: int) -> tuple[float, ...]:
    """The hand's :data:`FEATURES`, in order (``hand`` as dealt: the count is scaled by its
    size)."""
    t = (hand & C.TRUMP_MASK).bit_count()
    petit = hand >> C.PETIT & 1
    twenty_one = hand >> C.TWENTY_ONE & 1
    excuse = hand >> C.EXCUSE & 1
    oudlers = petit + twenty_one + excuse
    majors = (hand & MAJORS).bit_count()
    count = hand_strength(hand, players, hand.bit_count()) if hand else 0.0
    kings = queens = married = voids = singletons = doubletons = long_extra = 0
    for suit in range(4):
        length = (hand & C.SUIT_MASKS[suit]).bit_count()
        king, queen = bool(hand & KINGS[suit]), bool(hand & QUEENS[suit])
        kings += king
        queens += queen
        married += king and queen
        voids += length == 0
        singletons += length == 1
        doubletons += length == 2
        long_extra += max(0, length - 4)
    return (
        1, twenty_one, excuse, petit,
        petit * min(t - 1, 9) if petit else 0, petit * (t <= 4),
        t, max(0, t - 5), max(0, t - 8), max(0, t - 11),
        majors, (hand & MIDDLES).bit_count(),
        kings, queens, married, (hand & KNIGHTS).bit_count(), (hand & JACKS).bit_count(),
        voids, singletons, doubletons, long_extra,
        voids * t, singletons * t, oudlers * t,
        int(oudlers == 2), int(oudlers == 3), majors * t, kings * t,
        count, *(max(0.0, count - knot) for knot in COUNT_KNOTS),
    )


def unit_values(hand: Mask, players: int) -> dict[str, float]:
    """Each contract's expected score for the taker holding ``hand``, per unit of its
    multiplier (``players`` without weights of their own use four players')."""
    return dict(_unit_values(hand, players))


@functools.lru_cache(maxsize=1 << 14)
def _unit_values(hand: Mask, players: int) -> tuple[tuple[str, float], ...]:
    # cached: the expert's bid search asks again for the same hands of a sampled deal with
    # every bid it weighs
    if not WEIGHTS_FIT:
        raise RuntimeError("engine/ai/hand_value_weights.py was written for other features: "
                           "run python -m engine.ai.hand_values_fit --players 3 4 5")
    weights = WEIGHTS.get(players, WEIGHTS[4])
    x = features(hand, players)
    return tuple((name, sum(w * f for w, f in zip(ws, x, strict=True)))
                 for name, ws in weights.items())


#: The FFT's multipliers, which the weights are scaled by when no rules are given.
FFT_MULTIPLIERS: dict[str, int] = {"petite": 1, "garde": 2, "garde_sans": 4, "garde_contre": 6}


def contract_values(hand: Mask, players: int, rules: Rules | None = None) -> dict[str, float]:
    """Each contract's expected score for the taker holding ``hand`` (the multipliers of
    ``rules``, the FFT's when ``None``)."""
    values = unit_values(hand, players)
    multipliers: Mapping[str, int] = (
        {c.name: c.multiplier for c in rules.contracts} if rules is not None else FFT_MULTIPLIERS)
    return {name: value * multipliers[name] for name, value in values.items()
            if name in multipliers}


def value_bid(hand: Mask, players: int, open_contracts: Sequence[str],
              rules: Rules | None = None) -> str | None:
    """The open contract worth most with ``hand`` when it is worth more than a pass (0), or
    ``None`` (a pass)."""
    values = contract_values(hand, players, rules)
    choice, best = None, 0.0
    for name in open_contracts:
        value = values.get(name)
        if value is not None and value > best:
            choice, best = name, value
    return choice


__all__ = ["FEATURES", "FFT_MULTIPLIERS", "contract_values", "features", "unit_values",
           "value_bid"]
