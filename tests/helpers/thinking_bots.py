"""Bots for the tests of thinking in worker processes (built there by ``module:factory``).

:class:`Pondering` thinks until it is told to stop (the ``stop`` handed to :meth:`decide`),
as the expert's search does between sampled deals, and writes down in ``mark`` when it
starts and when it stops, so that a test can see a search start and see that a
cancellation reached it (not how long anything took).
"""

from __future__ import annotations

import time
from pathlib import Path

from engine import choices as O
from engine.actions import Action
from engine.ai.base import Stop
from engine.views import SeatView

#: Seconds a pondering bot thinks when nobody stops it: longer than any test waits.
FOREVER = 600.0


class Pondering:
    name = "pondering"

    def __init__(self, seed: int = 0, mark: str = "") -> None:
        self.mark = Path(mark) if mark else None

    def _note(self, word: str) -> None:
        if self.mark is not None:
            with self.mark.open("a", encoding="utf-8") as out:
                out.write(word + "\n")

    def decide(self, view: SeatView, stop: Stop = None) -> Action:
        self._note("start")
        end = time.monotonic() + FOREVER
        while time.monotonic() < end:
            if stop is not None and stop():
                self._note("stop")
                break
            time.sleep(0.005)
        return O.legal_actions(view)[0]


def notes(mark: Path) -> list[str]:
    """What the pondering bots wrote in ``mark`` so far."""
    return mark.read_text(encoding="utf-8").split() if mark.exists() else []
