"""The expert's review of a finished deal from one seat, worked out in worker processes of
the game's thinker (:func:`game.app.thinking.game_thinker`) so that the replay viewer never
waits for it:

* its verdict on every decision the seat made (:func:`engine.ai.verdict.judge`): every
  option's estimate, what the decision cost against the expert's choice measured on fresh
  deals, and a class that says how sure that is. A close call is refined in the worker
  before it comes back, so the board shows a verdict only once it is settled, never one a
  later refinement reverses;
* the seat's expected score after every step, for the graph under the timeline
  (:func:`engine.ai.review.estimate` at each moment a seat was to decide, and the score at
  the end).

One search is in the thinker at a time (the other worker, and a core, are left to the window):
a decision, then a stretch of the graph, so that both fill in together; the viewer asks for
the decision it shows first (:meth:`DealAnalysis.prefer`).
Nothing runs on the viewer's side but polling, once a frame (:meth:`DealAnalysis.update`);
what is read in between is what the last poll collected. Forced decisions (one legal
choice) need no search and are ready at once.

Once every decision is judged, what the review of the player's seat found
(:meth:`DealAnalysis.found`) is kept with the deal when it is a file of the player's history,
on a thread of its own (the file is read and written again): the statistics chart the
flagged choices from it.
"""

from __future__ import annotations

import logging
import threading
import time
from pathlib import Path
from typing import Any

from engine.ai import review
from engine.ai.thinker import Handle, Thinker, done_value, failure
from engine.ai.verdict import Verdict
from engine.deal import Deal
from engine.saves import SaveError
from engine.views import view_for
from game.app.threads import start_thread
from game.history.reviews import Review, in_history, keep_review

log = logging.getLogger(__name__)

#: Graph points worked out between two decisions.
GRAPH_STRETCH = 6


class DealAnalysis:
    def __init__(self, deal: Deal, seat: int = 0, samples: int = 48, seed: int = 0,
                 graph_samples: int = review.DEFAULT_SAMPLES,
                 thinker: Thinker | None = None, file: Path | None = None) -> None:
        """``file``: the saved deal the deal comes from, if any."""
        from engine.ai.analysis import decisions
        from game.app.thinking import game_thinker

        self.deal = deal
        self.seat = seat
        self.samples = samples
        self.graph_samples = graph_samples
        self.seed = seed
        self.decisions: list[Any] = decisions(deal, seat)
        self._by_index = {d.index: d for d in self.decisions}
        self.positions = review.graph_positions(deal)
        self._states = deal.states()
        self._results: dict[int, Verdict] = {}
        self._errors: dict[int, str] = {}
        self._estimates: dict[int, review.Estimate] = {}
        self._graph_todo = list(self.positions)
        self._wanted: int | None = None
        self._stretch = 0  # graph points worked out since the last decision
        self._mistakes: tuple[int, list[tuple[int, float]]] | None = None  # by results count
        self._stopped = False
        self._thinker = thinker if thinker is not None else game_thinker()
        self._deciding: tuple[int, Handle] | None = None  # the decision in the thinker
        self._graphing: tuple[int, Handle] | None = None  # the graph point in the thinker
        #: the saved deal the review is kept with once found (``None``: kept nowhere: the
        #: statistics are the player's, of the history's deals), and the thread that keeps it
        self.keep_in = file if seat == 0 and in_history(file) else None
        self.keeper: threading.Thread | None = None
        self._kept = False  # handed to the keeper (or kept at once)
        self.update()

    # --- the decisions ---------------------------------------------------------------------------
    def decision_at(self, index: int) -> Any | None:
        """The decision whose first event is ``deal.events[index]``, if it is this seat's."""
        return self._by_index.get(index)

    def verdict(self, index: int) -> Verdict | None:
        """The settled verdict on the decision at ``index``, once ready."""
        return self._results.get(index)

    def result(self, index: int) -> Any | None:
        """The :class:`engine.ai.analysis.Analysis` of the decision at ``index`` (every
        option's estimate), once ready; ``None`` for a forced decision."""
        found = self._results.get(index)
        return found.analysis if found is not None else None

    def error(self, index: int) -> str | None:
        return self._errors.get(index)

    def mistakes(self) -> list[tuple[int, float]]:
        """The decisions judged so far that the verdict flags (an inaccuracy or worse):
        (event index, cost), in order. The event index is also the replay position where the
        seat is about to decide. A choice flagged by a rule the expert holds to, whose deals
        show no cost, counts as costing nothing (never as a gain)."""
        if self._mistakes is None or self._mistakes[0] != len(self._results):
            found = [(index, max(verdict.cost, 0.0))
                     for index, verdict in sorted(self._results.items()) if verdict.flagged]
            self._mistakes = (len(self._results), found)
        return list(self._mistakes[1])

    def found(self) -> Review | None:
        """What the review found once every decision is judged: the decisions that were not
        forced, how many were flagged and what they cost; ``None`` before then, or when a
        decision could not be judged."""
        if self._errors or len(self._results) < len(self.decisions):
            return None
        mistakes = self.mistakes()
        return Review(sum(1 for d in self.decisions if not d.forced), len(mistakes),
                      sum(cost for _, cost in mistakes))

    def _keep_review(self) -> None:
        """Keep the review with the saved deal, once (on a thread: a file read and written)."""
        found = self.found() if self.keep_in is not None and not self._kept else None
        if found is None:
            return
        path = self.keep_in
        assert path is not None

        def keep() -> None:
            try:
                keep_review(path, found)
            except (SaveError, OSError) as exc:  # the statistics go without it
                log.warning("could not keep the review in %s: %s", path, exc)

        self._kept = True
        self.keeper = start_thread(keep, "review-keeper")
        if self.keeper is None:  # no thread to be had: kept now, in this frame
            keep()

    # --- the graph -------------------------------------------------------------------------------
    def graph(self) -> list[review.Estimate | None]:
        """One value per replay position (1 to the end), ``None`` where still to come."""
        events = self.deal.events
        return [self._estimates.get(review.settled(events, p))
                for p in range(1, len(events) + 1)]

    @property
    def graph_done(self) -> int:
        """Graph points worked out (or given up)."""
        return len(self.positions) - len(self._graph_todo) - (self._graphing is not None)

    # --- progress --------------------------------------------------------------------------------
    @property
    def done(self) -> int:
        """Decisions analysed (or failed)."""
        return len(self._results) + len(self._errors)

    @property
    def total(self) -> int:
        return len(self.decisions)

    @property
    def finished(self) -> bool:
        return self.done >= self.total and self.graph_done >= len(self.positions)

    # --- steering --------------------------------------------------------------------------------
    def prefer(self, index: int | None) -> None:
        """Analyse the decision at ``index`` next, if it is still to do."""
        self._wanted = index

    def cancel(self) -> None:
        """No more work: what runs in the thinker is stopped."""
        self._stopped = True
        for running in (self._deciding, self._graphing):
            if running is not None and not self._thinker.closed:
                self._thinker.cancel(running[1])
        self._deciding = self._graphing = None

    def wait(self, timeout: float) -> bool:
        """Poll until everything is worked out or ``timeout`` seconds have passed (tests and
        scripts); whether it is."""
        deadline = time.monotonic() + timeout
        while True:
            self.update()
            if self.finished:
                return True
            if self._stopped or self._thinker.closed or time.monotonic() > deadline:
                return False
            time.sleep(0.02)

    def update(self) -> None:
        """Collect what the thinker finished and hand out what comes next; never waits."""
        if self._stopped or self._thinker.closed:
            return
        self._collect_decision()
        self._collect_graph_point()
        self._keep_review()
        if self._deciding is not None or self._graphing is not None:
            return
        # one search at a time, so that a core is left to the window: a decision, then a
        # stretch of the graph, and so on (the decision on screen first)
        decision = self._next_decision()
        if decision is not None and (self._stretch >= GRAPH_STRETCH or not self._graph_todo
                                     or decision.index == self._wanted):
            self._stretch = 0
            handle = self._thinker.submit_task(
                "verdict", view=decision.view, action=decision.action, samples=self.samples,
                seed=self.seed + decision.index)
            self._deciding = (decision.index, handle)
        elif self._graph_todo:
            self._stretch += 1
            position = self._graph_todo.pop(0)
            view = view_for(self._states[position - 1], self.seat)
            handle = self._thinker.submit_task(
                "estimate", view=view, samples=self.graph_samples, seed=self.seed + position)
            self._graphing = (position, handle)

    # --- the thinker -----------------------------------------------------------------------------
    def _collect_decision(self) -> None:
        if self._deciding is not None:
            index, handle = self._deciding
            result = self._thinker.poll(handle)
            if result is None:
                return
            self._deciding = None
            verdict = done_value(result, Verdict)
            if verdict is not None:
                self._results[index] = verdict
            else:  # one bad position must not stop the others
                self._errors[index] = failure(result, "analysis")
                log.warning("analysis of decision %d failed: %s", index, self._errors[index])

    def _collect_graph_point(self) -> None:
        if self._graphing is not None:
            position, handle = self._graphing
            result = self._thinker.poll(handle)
            if result is None:
                return
            self._graphing = None
            estimate = done_value(result, review.Estimate)
            if estimate is not None:
                self._estimates[position] = estimate
            else:  # a gap in the graph, not a broken viewer
                log.warning("estimate at step %d failed: %s", position,
                            failure(result, "estimate"))

    def _next_decision(self) -> Any | None:
        todo = [d for d in self.decisions
                if d.index not in self._results and d.index not in self._errors]
        if not todo:
            return None
        wanted = self._wanted
        for decision in todo:
            if decision.index == wanted:
                return decision
        return todo[0]
