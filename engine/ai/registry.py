"""The bots by name, for settings, the command line and tests.

Each entry builds a bot from a seed. The list is written out here on purpose: adding a bot is
one line, and nothing is discovered by scanning folders.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from engine.ai.base import Bot
from engine.ai.expert import make as make_expert
from engine.ai.oracle import make_omniscient
from engine.ai.random_bot import RandomBot
from engine.ai.simple_bot import SimpleBot

BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "simple": SimpleBot,
    "expert": make_expert,
}

#: Bots for measurements only, never offered to players: the omniscient expert sees the true
#: deal, so its factory also takes a provider of the true state, ``(seed, provider)``.
MEASUREMENT_BOTS: dict[str, Callable[..., Bot]] = {
    "omniscient": make_omniscient,
}


def make_bot(name: str, seed: int = 0, **options: Any) -> Bot:
    """A new bot of the kind ``name``, seeded with ``seed``, built with its factory's
    ``options`` (``make_bot("expert", 7, samples=32)``); ``ValueError`` for an unknown name or
    an option the factory does not take.

    >>> type(make_bot("simple", 3)).__name__
    'SimpleBot'
    >>> make_bot("simple", 3, samples=32)
    Traceback (most recent call last):
    ...
    ValueError: bot 'simple' takes no option 'samples'
    """
    try:
        factory = BOTS[name]
    except KeyError:
        known = ", ".join(sorted(BOTS))
        raise ValueError(f"unknown bot {name!r} (known bots: {known})") from None
    if options:
        taken = inspect.signature(factory).parameters
        for key in options:
            if key not in taken:
                raise ValueError(f"bot {name!r} takes no option {key!r}")
    return factory(seed, **options)
