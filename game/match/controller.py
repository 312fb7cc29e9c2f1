"""The match controller: the table's one way to move a match forward.

It owns no drawing (no pygame here). It is the table's :class:`~game.table.source.StepSource`
and :class:`~game.table.source.TablePlayer`: the table calls :meth:`MatchController.update`
every frame, sends the human's commands with :meth:`MatchController.submit` (the engine's
refusal comes back as data) and takes what to show from :meth:`MatchController.poll`: every
event the match produces becomes a :class:`~game.table.source.Step` in the form the table's
seat may see, with that seat's views before and after it, built by the engine
(:func:`engine.views.view_steps`); an undo is a :class:`~game.table.source.Redraw`.

Bots think on one daemon worker thread fed by a queue, so a slow bot never freezes a frame
and quitting never waits for it. A bot gets only its seat's view, built on the calling
thread; its answer comes back through a second queue and is carried out on the calling
thread, so the engine state is only ever changed there. Every job is tagged with the deal
and the last event of its log: an answer for a state that has changed since (an undo, say)
is dropped, and the bot is asked again. A bot that raises or answers an illegal action does
not stop the game: a random legal action is played in its place and a warning is logged.
"""

from __future__ import annotations

import logging
import queue
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from engine.actions import (
    Action,
    AnnounceMisere,
    Bid,
    Call,
    DecideSlam,
    Discard,
    Play,
    ShowHandful,
)
from engine.ai import Bot
from engine.deal import Deal
from engine.events import Event
from engine.legal import IllegalAction
from engine.match import Match
from engine.randomplay import random_action
from engine.refusals import Refusal
from engine.state import DealState, Phase
from engine.views import SeatView, view_for, view_steps
from game.table.source import Change, Redraw, Revealed, Scoreboard

log = logging.getLogger(__name__)

#: The kinds of answer a bot may give in each phase (a handful or misère comes before a card).
_ANSWERS: dict[Phase, tuple[type, ...]] = {
    Phase.BIDDING: (Bid,),
    Phase.CALLING: (Call,),
    Phase.DISCARDING: (Discard,),
    Phase.SLAM: (DecideSlam,),
    Phase.PLAYING: (Play, ShowHandful, AnnounceMisere),
}


@dataclass(frozen=True, eq=False)
class _Tag:
    """Which state a job was asked about: the deal and the last event of its log."""

    deal: Deal
    count: int
    last: Event


@dataclass(eq=False)
class _Job:
    tag: _Tag
    seat: int
    bot: Bot
    view: SeatView
    cancelled: bool = False  # set on the calling thread when the job is no longer wanted


@dataclass(eq=False)
class _Answer:
    job: _Job
    action: object = None
    error: BaseException | None = None
    seconds: float = 0.0


@dataclass(eq=False)
class _Worker:
    """One daemon thread answering jobs in order."""

    jobs: queue.SimpleQueue[_Job | None] = field(default_factory=queue.SimpleQueue)
    answers: queue.SimpleQueue[_Answer] = field(default_factory=queue.SimpleQueue)
    stopped: threading.Event = field(default_factory=threading.Event)

    def __post_init__(self) -> None:
        self.thread = threading.Thread(target=self._run, name="bot-worker", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while True:
            job = self.jobs.get()
            if job is None or self.stopped.is_set():
                return
            if job.cancelled:
                continue
            start = time.perf_counter()
            try:
                answer = _Answer(job, action=job.bot.decide(job.view))
            except Exception as exc:  # a bot's bug must not kill the worker
                answer = _Answer(job, error=exc)
            answer.seconds = time.perf_counter() - start
            if self.stopped.is_set():
                return
            self.answers.put(answer)

    def stop(self) -> None:
        self.stopped.set()
        self.jobs.put(None)


class MatchController:
    """Drives a :class:`~engine.match.Match` for the table: human commands, bot moves, events.

    ``bots`` maps every seat but the human's to a bot; ``human_seat`` is ``None`` in demo
    mode (bots in every seat). ``on_change(match)`` is called after every command carried out
    (the human's or a bot's) and after a new deal, so that the game can autosave.
    """

    def __init__(
        self,
        match: Match,
        bots: dict[int, Bot],
        human_seat: int | None = 0,
        on_change: Callable[[Match], None] | None = None,
    ) -> None:
        players = match.players
        if human_seat is not None and not 0 <= human_seat < players:
            raise ValueError(f"no seat {human_seat} in a {players}-player match")
        missing = [s for s in range(players) if s != human_seat and s not in bots]
        if missing:
            raise ValueError(f"no bot for seat(s) {', '.join(map(str, missing))}")
        self.match = match
        self.bots = dict(bots)
        self.human_seat = human_seat
        self.on_change = on_change
        deal = match.current
        # a deal just dealt is dealt again on screen; one in progress is shown as it stands
        self._changes: list[Change] = (
            [Redraw(self.view(), deal.events[-1])] if deal.command_starts()
            else list(view_steps(DealState(match.rules, players), deal.events, self.seat)))
        self._held = False
        self._closed = False
        self._job: _Job | None = None  # the job asked for the current state, if any
        self._ready: _Answer | None = None  # its answer, waiting while the bots are held
        self._fallback = random.Random(match.seed)
        self._worker = _Worker()

    # --- reading ---------------------------------------------------------------------------

    @property
    def seat(self) -> int:
        """The seat the table shows: the human's, or seat 0 when bots play every seat."""
        return self.human_seat if self.human_seat is not None else 0

    def view(self, seat: int | None = None) -> SeatView:
        """What ``seat`` sees of the current deal (by default the table's seat)."""
        return view_for(self.match.current.state, self.seat if seat is None else seat)

    def poll(self) -> list[Change]:
        """What happened since the last call, in order: one step per event, as the table's
        seat may see it (a redraw after an undo)."""
        changes, self._changes = self._changes, []
        return changes

    def revealed(self) -> Revealed | None:
        return None  # a live table never shows the others' cards

    def scoreboard(self) -> Scoreboard:
        match = self.match
        deal = match.current
        totals = list(match.totals)
        if deal.scores is not None:
            totals = [t - s for t, s in zip(totals, deal.scores, strict=True)]
        return Scoreboard(len(match.deals), tuple(totals), deal, match)

    def practised(self) -> bool:
        return self.match.is_practised()

    def save_problem(self) -> str | None:
        """Why the last save failed, when ``on_change`` saves and says so."""
        problem = getattr(self.on_change, "error", None)
        return problem if isinstance(problem, str) else None

    def whose_turn(self) -> int | None:
        """The seat that must decide now, or ``None`` once the deal is over."""
        state = self.match.current.state
        return None if state.is_over else state.turn

    def waiting_for_human(self) -> bool:
        return self.human_seat is not None and self.whose_turn() == self.human_seat

    def is_thinking(self) -> bool:
        """Whether a bot has been asked about the current state and has not answered yet."""
        self._collect()
        return self._job is not None

    # --- commands ----------------------------------------------------------------------------

    def submit(self, action: Action) -> Refusal | None:
        """Carry out the human's ``action``. Returns ``None`` when done, or the engine's
        refusal (and then nothing changes)."""
        if self.human_seat is None:
            return Refusal("not_your_turn", other=self.whose_turn())
        before = self.match.current.state
        try:
            events = self.match.execute(self.human_seat, action)
        except IllegalAction as exc:
            return exc.refusal
        self._done(before, events)
        return None

    def hold(self, held: bool) -> None:
        """While held, bots may think but none of their moves is carried out."""
        self._held = held

    def update(self) -> None:
        """Call every frame: carry out a bot's answer when one is ready (at most one per
        call), then start the bot whose turn it is, if any."""
        if self._closed:
            return
        self._collect()
        ready = self._ready
        if ready is not None:
            if not self._fresh(ready.job.tag):
                self._ready = None
                log.debug("dropped a stale answer of seat %d", ready.job.seat)
            elif self._held:
                return
            else:
                self._ready = None
                self._carry_out(ready)  # then ask whoever is next at once
        job = self._job
        if job is not None:
            if self._fresh(job.tag):
                return  # still thinking about the current state
            job.cancelled = True
            self._job = None
        seat = self.whose_turn()
        if seat is None or seat == self.human_seat:
            return
        bot = self.bots[seat]
        deal = self.match.current
        tag = _Tag(deal, len(deal.events), deal.events[-1])
        self._job = _Job(tag, seat, bot, view_for(deal.state, seat))
        self._worker.jobs.put(self._job)

    def next_deal(self) -> None:
        """Deal the next hand once the current one is over; its steps are queued too."""
        deal = self.match.next_deal()
        self._drop_pending()
        self._done(DealState(self.match.rules, self.match.players), tuple(deal.events))

    def undoable(self, seat: int | None = None) -> Action | None:
        """The decision :meth:`undo` would take back for ``seat`` (by default the human's) in
        the current deal, or ``None`` when there is none (a deal over and followed by the next
        one is out of reach: only the current deal can be undone)."""
        if seat is None:
            seat = self.human_seat if self.human_seat is not None else 0
        return self.match.undoable(seat)

    def undo(self, seat: int | None = None) -> bool:
        """Take back ``seat``'s (by default the human's) last decision in this deal and all
        that followed; the deal is then practised (see :attr:`Match.practised`). Events queued
        and not yet polled are dropped: redraw from the view."""
        if seat is None:
            seat = self.human_seat if self.human_seat is not None else 0
        if not self.match.undo(seat):
            return False
        self._drop_pending()
        deal = self.match.current
        self._changes = [Redraw(self.view(), deal.events[-1])]
        self._changed()
        return True

    def shutdown(self) -> None:
        """Stop the worker at once; a bot still thinking is abandoned, not waited for."""
        self._closed = True
        if self._job is not None:
            self._job.cancelled = True
        self._job = None
        self._ready = None
        self._worker.stop()

    # --- inside ------------------------------------------------------------------------------

    def _collect(self) -> None:
        """Take the worker's answers; only the one to the current job is kept."""
        while True:
            try:
                answer = self._worker.answers.get_nowait()
            except queue.Empty:
                return
            if answer.job is self._job:
                self._job = None
                self._ready = answer

    def _fresh(self, tag: _Tag) -> bool:
        deal = self.match.current
        return (
            deal is tag.deal
            and len(deal.events) == tag.count
            and deal.events[-1] is tag.last
        )

    def _drop_pending(self) -> None:
        if self._job is not None:
            self._job.cancelled = True
        self._job = None
        self._ready = None

    def _carry_out(self, answer: _Answer) -> None:
        seat = answer.job.seat
        bot = answer.job.bot
        action = answer.action
        state = self.match.current.state
        problem: str
        if answer.error is not None:
            problem = f"raised {answer.error!r}"
        elif not isinstance(action, _ANSWERS.get(state.phase, ())):
            problem = f"answered {action!r} in the {state.phase.value} phase"
        else:
            try:
                events = self.match.execute(seat, action)  # type: ignore[arg-type]
            except Exception as exc:  # IllegalAction, or whatever a malformed action causes
                problem = str(exc)
            else:
                self._done(state, events)
                return
        fallback = random_action(state, self._fallback, slam_rate=0.0)
        log.warning("bot %r at seat %d %s; playing %s instead",
                    getattr(bot, "name", bot), seat, problem, fallback)
        self._done(state, self.match.execute(seat, fallback))

    def _done(self, before: DealState, events: tuple[Event, ...]) -> None:
        self._changes.extend(view_steps(before, events, self.seat))
        self._changed()

    def _changed(self) -> None:
        if self.on_change is None:
            return
        try:
            self.on_change(self.match)
        except Exception:  # an autosave that fails must not stop the game
            log.exception("on_change failed")
