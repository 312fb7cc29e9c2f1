"""Bots: players that read only their seat's view (:func:`engine.views.view_for`).

* :mod:`engine.ai.base` — the :class:`Bot` interface and :class:`PhaseBot`, a base class with
  one method per kind of decision;
* :mod:`engine.choices` (in the engine) — a seat's legal options worked out from its view alone;
* :mod:`engine.ai.random_bot` and :mod:`engine.ai.simple_bot` — the bots;
* :mod:`engine.ai.registry` — the bots by name: :data:`BOTS` and :func:`make_bot`.
"""

from engine.ai.base import Bot, PhaseBot
from engine.ai.registry import BOTS, make_bot

__all__ = ["BOTS", "Bot", "PhaseBot", "make_bot"]
