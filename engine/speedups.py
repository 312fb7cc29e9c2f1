"""The engine's compiled speed-ups (``engine/_*.c``), where they were built, and the one list
of what they are twins of.

:data:`MODULE` is the compiled module, or ``None`` where it is missing (no C compiler when
the project was installed) or where ``TAROT_PURE_PYTHON=1`` is in the environment (to
compare the two, and to run the tests the way a player without a compiler plays). Each
compiled thing is the twin of a pure-Python class or function that stays the reference
(:data:`TWINS`): both give the same deals, card for card; the compiled one is faster.

Code that has a twin asks for it here, and only here::

    mask_of = speedups.twin("mask_of", _mask_of)   # the compiled one, else the reference
    _QUICK = speedups.compiled("quick_deal")       # the compiled one, or None

To change a twin, change both, then run ``tests/engine/test_speedups.py`` (one comparison per
twin, on random inputs, with the compiled build), the deeper comparisons it names, and
``python -m engine bench --check``; docs/CONTRIBUTING.md walks through it.

>>> [twin.name for twin in TWINS][:3]
['PlayCore', 'mask_of', 'cards_of']
>>> twin("nth_card", len) is (len if MODULE is None else MODULE.nth_card)
True
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Final, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Twin:
    """A compiled class or function and its pure-Python reference."""

    name: str  # in the compiled module
    reference: str  # where the Python reference is
    source: str  # the C file that has the compiled one


#: Every compiled twin. The compiled module has these and :data:`HELPERS`, nothing else
#: (``tests/engine/test_speedups.py`` checks both ways).
TWINS: Final = (
    Twin("PlayCore", "engine.playcore.PyPlayCore", "engine/_speedups.c"),
    Twin("mask_of", "engine.cards._mask_of", "engine/_speedups.c"),
    Twin("cards_of", "engine.cards._cards_of", "engine/_speedups.c"),
    Twin("nth_card", "engine.cards._nth_card", "engine/_speedups.c"),
    Twin("deal", "engine.commands._deal_in_python", "engine/_speedups.c"),
    Twin("club_card", "engine.ai.club.choose_card over Tracker.reading", "engine/_club.c"),
    Twin("club_rollout", "engine.ai.club_tracker.Tracker.rollout in Python",
         "engine/_club.c"),
    Twin("club_replay", "engine.ai.club_tracker.Tracker.replay in Python", "engine/_club.c"),
    Twin("quick_deal", "engine.ai.dealer.Dealer.quick(compiled=False)", "engine/_sampling.c"),
    Twin("mix_deal", "engine.ai.dealer.Dealer.mix(compiled=False)", "engine/_sampling.c"),
    Twin("club_strength", "engine.ai.club_contract.count_strength", "engine/_sampling.c"),
)
#: What the compiled module has besides the twins: the phase a finished deal takes (set by
#: :func:`engine.playcore.load`), and the deck's constants as the C code has them (checked
#: against :mod:`engine.cards` by the tests).
HELPERS: Final = ("set_finished", "constants")
_NAMES: Final = frozenset(twin.name for twin in TWINS)


def _load() -> ModuleType | None:
    if os.environ.get("TAROT_PURE_PYTHON"):
        return None
    try:
        from engine import _speedups  # type: ignore[attr-defined]
    except ImportError:
        return None
    module: ModuleType = _speedups
    return module


MODULE = _load()

#: What ``python -m engine bench`` and the build's self-test say about it.
DESCRIPTION = "compiled speed-ups" if MODULE is not None else "pure Python"


def compiled(name: str) -> Any | None:
    """The compiled twin ``name`` (one of :data:`TWINS`), or ``None`` where not built."""
    if name not in _NAMES:
        raise KeyError(f"{name!r} is not a compiled twin of engine.speedups.TWINS")
    return getattr(MODULE, name, None)


def twin(name: str, reference: T) -> T:
    """The compiled twin ``name`` where built, else ``reference`` (its Python twin)."""
    found = compiled(name)
    return reference if found is None else found


__all__ = ["DESCRIPTION", "HELPERS", "MODULE", "TWINS", "Twin", "compiled", "twin"]
