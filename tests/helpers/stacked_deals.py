"""Deals stacked so that one seat holds a rare hand: misère hands and trump-heavy hands almost
never come up in random deals, yet the options and the bots must be tested on them."""

from __future__ import annotations

import random

from engine import cards as C
from engine.events import DealDealt
from engine.rules import Rules


def stacked_dealt(rules: Rules, n: int, dealer: int, rng: random.Random, seat: int,
                  kind: str, with_excuse: bool = False) -> DealDealt:
    """A deal where ``seat`` holds no trump (``"no_trump"``), no trump, head or oudler
    (``"no_heads"``), or mostly trumps with the four kings (``"trumps"``, plus the Excuse when
    ``with_excuse``); the other cards are dealt at random."""
    setup = rules.setup(n)
    if kind == "trumps":
        trumps = list(range(C.FIRST_TRUMP, C.EXCUSE))
        rng.shuffle(trumps)
        kings = C.cards_of(C.KING_MASK)
        pool = kings + trumps[: setup.hand - len(kings) - rng.randint(0, 2)]
        if with_excuse:
            pool.append(C.EXCUSE)
        others = [c for c in range(C.DECK_SIZE) if c not in pool]
        rng.shuffle(others)
        mine = (pool + others)[: setup.hand]
    else:
        plain = [c for c in range(C.FIRST_TRUMP)
                 if kind == "no_trump" or not C.HEAD_MASK >> c & 1]
        mine = rng.sample(plain, setup.hand)
    rest = [c for c in range(C.DECK_SIZE) if c not in set(mine)]
    rng.shuffle(rest)
    hands: list[tuple[int, ...]] = []
    for other in range(n):
        if other == seat:
            hands.append(tuple(mine))
        else:
            hands.append(tuple(rest[: setup.hand]))
            rest = rest[setup.hand:]
    return DealDealt(n, dealer, tuple(hands), tuple(rest), None)
