"""The expert's opinion of every decision one seat made in a finished deal, worked out on a
daemon thread so that the replay viewer never waits for it.

Decisions are analysed in the order they were made; the viewer asks for the one it shows
first (:meth:`DealAnalysis.prefer`), so the answer the player is looking at comes soonest.
Forced decisions (one legal choice) need no search and are ready at once.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from engine.deal import Deal

log = logging.getLogger(__name__)


class DealAnalysis:
    def __init__(self, deal: Deal, seat: int = 0, samples: int = 48, seed: int = 0) -> None:
        from engine.ai.analysis import decisions

        self.seat = seat
        self.samples = samples
        self.seed = seed
        self.decisions: list[Any] = decisions(deal, seat)
        self._by_index = {d.index: d for d in self.decisions}
        self._results: dict[int, Any] = {}
        self._errors: dict[int, str] = {}
        self._lock = threading.Lock()
        self._wanted: int | None = None
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._run, name="deal-analysis", daemon=True)
        self._thread.start()

    # --- reading ---------------------------------------------------------------------------------
    def decision_at(self, index: int) -> Any | None:
        """The decision whose first event is ``deal.events[index]``, if it is this seat's."""
        return self._by_index.get(index)

    def result(self, index: int) -> Any | None:
        """The :class:`engine.ai.analysis.Analysis` of the decision at ``index``, once ready."""
        with self._lock:
            return self._results.get(index)

    def error(self, index: int) -> str | None:
        with self._lock:
            return self._errors.get(index)

    @property
    def done(self) -> int:
        with self._lock:
            return len(self._results) + len(self._errors)

    @property
    def total(self) -> int:
        return len(self.decisions)

    @property
    def finished(self) -> bool:
        return self.done >= self.total

    # --- steering --------------------------------------------------------------------------------
    def prefer(self, index: int | None) -> None:
        """Analyse the decision at ``index`` next, if it is still to do."""
        self._wanted = index

    def cancel(self) -> None:
        self._stopped.set()

    # --- the worker ------------------------------------------------------------------------------
    def _next(self) -> Any | None:
        with self._lock:
            todo = [d for d in self.decisions
                    if d.index not in self._results and d.index not in self._errors]
        if not todo:
            return None
        wanted = self._wanted
        for decision in todo:
            if decision.index == wanted:
                return decision
        return todo[0]

    def _run(self) -> None:
        from engine.ai.analysis import analyse

        while not self._stopped.is_set():
            decision = self._next()
            if decision is None:
                return
            try:
                result = analyse(decision.view, samples=self.samples,
                                 seed=self.seed + decision.index, include=decision.action)
            except Exception as exc:  # one bad position must not stop the others
                log.warning("analysis of decision %d failed: %r", decision.index, exc)
                with self._lock:
                    self._errors[decision.index] = str(exc) or exc.__class__.__name__
            else:
                with self._lock:
                    self._results[decision.index] = result
