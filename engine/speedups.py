"""The engine's compiled speed-ups (``engine/_speedups.c``), where they were built.

:data:`MODULE` is the compiled module, or ``None`` where it is missing (no C compiler when
the project was installed) or where ``TAROT_PURE_PYTHON=1`` is in the environment (to
compare the two). Each thing in it is the twin of a pure-Python class or function that
stays the reference: the play core (:mod:`engine.playcore`), :func:`engine.cards.mask_of`,
:func:`~engine.cards.cards_of` and :func:`~engine.cards.nth_card`, and the deal of
:func:`engine.commands.deal_cards`. Both give the same deals, card for card; the
compiled ones are faster.
"""

from __future__ import annotations

import os
from types import ModuleType


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
