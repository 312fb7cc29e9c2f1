"""The expert's opinion of every decision one seat made in a finished deal, worked out in a
worker process of the game's thinker (:func:`game.match.thinking.game_thinker`) so that the
replay viewer never waits for it.

Decisions are analysed in the order they were made, one at a time; the viewer asks for the one
it shows first (:meth:`DealAnalysis.prefer`), so the answer the player is looking at comes
soonest. Nothing runs on the viewer's side but polling: each question the viewer asks (how
many are done, the result at a position) first collects a finished analysis and hands out the
next.
"""

from __future__ import annotations

import logging
from typing import Any

from engine.ai.thinker import Handle, Thinker
from engine.deal import Deal

log = logging.getLogger(__name__)


class DealAnalysis:
    def __init__(self, deal: Deal, seat: int = 0, samples: int = 48, seed: int = 0,
                 thinker: Thinker | None = None) -> None:
        from engine.ai.analysis import decisions
        from game.match.thinking import game_thinker

        self.seat = seat
        self.samples = samples
        self.seed = seed
        self.decisions: list[Any] = decisions(deal, seat)
        self._by_index = {d.index: d for d in self.decisions}
        self._results: dict[int, Any] = {}
        self._errors: dict[int, str] = {}
        self._wanted: int | None = None
        self._stopped = False
        self._thinker = thinker if thinker is not None else game_thinker()
        self._running: tuple[int, Handle] | None = None  # the decision in the thinker
        self.update()

    # --- reading ---------------------------------------------------------------------------------
    def decision_at(self, index: int) -> Any | None:
        """The decision whose first event is ``deal.events[index]``, if it is this seat's."""
        return self._by_index.get(index)

    def result(self, index: int) -> Any | None:
        """The :class:`engine.ai.analysis.Analysis` of the decision at ``index``, once ready."""
        self.update()
        return self._results.get(index)

    def error(self, index: int) -> str | None:
        self.update()
        return self._errors.get(index)

    @property
    def done(self) -> int:
        self.update()
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
        """No more analyses: the one running is stopped."""
        self._stopped = True
        running, self._running = self._running, None
        if running is not None and not self._thinker.closed:
            self._thinker.cancel(running[1])

    def update(self) -> None:
        """Collect the analysis that finished, if any, and hand out the next one."""
        if self._stopped or self._thinker.closed:
            return
        if self._running is not None:
            index, handle = self._running
            result = self._thinker.poll(handle)
            if result is None:
                return
            self._running = None
            if result.analysis is not None:
                self._results[index] = result.analysis
            else:  # one bad position must not stop the others
                log.warning("analysis of decision %d failed: %s", index, result.error)
                self._errors[index] = result.error or "no analysis"
        decision = self._next()
        if decision is not None:
            handle = self._thinker.submit_analysis(
                decision.view, samples=self.samples, seed=self.seed + decision.index,
                include=decision.action)
            self._running = (decision.index, handle)

    def _next(self) -> Any | None:
        todo = [d for d in self.decisions
                if d.index not in self._results and d.index not in self._errors]
        if not todo:
            return None
        wanted = self._wanted
        for decision in todo:
            if decision.index == wanted:
                return decision
        return todo[0]
