"""The bots by name, for settings, the command line and tests.

Each entry builds a bot from a seed. The list is written out here on purpose: adding a bot is
one line, and nothing is discovered by scanning folders.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.ai.base import Bot
from engine.ai.random_bot import RandomBot
from engine.ai.simple_bot import SimpleBot

BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "simple": SimpleBot,
}


def make_bot(name: str, seed: int = 0) -> Bot:
    """A new bot of the kind ``name``, seeded with ``seed``; ``ValueError`` for an unknown name."""
    try:
        factory = BOTS[name]
    except KeyError:
        known = ", ".join(sorted(BOTS))
        raise ValueError(f"unknown bot {name!r} (known bots: {known})") from None
    return factory(seed)
