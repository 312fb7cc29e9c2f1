"""The match controller: the table's one way to move a match forward.

It owns no drawing (no pygame here). It is the table's :class:`~game.table.source.StepSource`
and :class:`~game.table.source.TablePlayer`: the table calls :meth:`MatchController.update`
every frame, sends the human's commands with :meth:`MatchController.submit` (the engine's
refusal comes back as data) and takes what to show from :meth:`MatchController.poll`: every
event the match produces becomes a :class:`~game.table.source.Step` in the form the table's
seat may see, with that seat's views before and after it, built by the engine
(:func:`engine.views.view_steps`); an undo is a :class:`~game.table.source.Redraw`.

Bots think elsewhere (:mod:`game.app.thinking`): a named bot in a worker process of the
game's thinker, a bot object on a thread; a slow bot never freezes a frame, and quitting
never waits for it. A bot gets only its seat's view; its answer is polled each frame and
carried out on the calling thread, so the engine state is only ever changed there. Every job
is tagged with the deal and the last event of its log: a decision asked about a state that
has changed since (an undo, say) is cancelled — a search in a worker stops — and the bot is
asked again; the same happens when the table is left (:meth:`MatchController.leave`). A bot
that raises or answers an illegal action does not stop the game, nor one whose thinking
process stopped answering or could not be started: the club player's quick choice (the simple
bot's) is played in its place and a warning is logged; a trouble of the thinker's own is also
kept for the table to tell (:meth:`MatchController.bot_trouble`).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass

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
from engine.ai import Bot, make_bot
from engine.ai.thinker import (
    SILENT,
    STOPPED,
    TOO_LONG,
    Answer,
    BotSpec,
    Failed,
    Result,
    Thinker,
    failure,
)
from engine.deal import Deal
from engine.events import Event
from engine.legal import IllegalAction
from engine.match import Match
from engine.randomplay import random_action
from engine.refusals import Refusal
from engine.state import DealState, Phase
from engine.views import SeatView, view_for, view_steps
from game.app.thinking import TableBots, Ticket
from game.table.source import BotTrouble, Change, Redraw, Revealed, Scoreboard

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
    ticket: Ticket


#: The thinker's troubles the table tells the player of (a bot's own error is only logged).
TROUBLES = (SILENT, TOO_LONG, STOPPED)


class MatchController:
    """Drives a :class:`~engine.match.Match` for the table: human commands, bot moves, events.

    ``bots`` maps every seat but the human's to a bot: a :class:`~engine.ai.thinker.BotSpec`
    (asked in a worker process: the game's thinker, or ``thinker`` when given) or a bot object
    (asked on a thread); ``human_seat`` is ``None`` in demo mode (bots in every seat).
    ``on_change(match)`` is called after every command carried out (the human's or a bot's)
    and after a new deal, so that the game can autosave.
    """

    def __init__(
        self,
        match: Match,
        bots: Mapping[int, Bot | BotSpec],
        human_seat: int | None = 0,
        on_change: Callable[[Match], None] | None = None,
        thinker: Thinker | None = None,
    ) -> None:
        players = match.players
        if human_seat is not None and not 0 <= human_seat < players:
            raise ValueError(f"no seat {human_seat} in a {players}-player match")
        missing = [s for s in range(players) if s != human_seat and s not in bots]
        if missing:
            raise ValueError(f"no bot for seat(s) {', '.join(map(str, missing))}")
        self.match = match
        self.bots = dict(bots)
        self._asker = TableBots(self.bots, thinker)
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
        self._ready: tuple[_Job, Result] | None = None  # its answer, held while the bots are
        self._fallback = random.Random(match.seed)
        self._quick = make_bot("simple", match.seed)  # plays for a bot that gave no answer
        self._trouble: BotTrouble | None = None

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
        totals = match.totals_before(match.count - 1)
        return Scoreboard(match.count, tuple(totals), match.current, match)

    def practised(self) -> bool:
        return self.match.is_practised()

    def save_problem(self) -> str | None:
        """Why the last save failed, when ``on_change`` saves and says so."""
        problem = getattr(self.on_change, "error", None)
        return problem if isinstance(problem, str) else None

    def bot_trouble(self) -> BotTrouble | None:
        """The last time the thinker let a bot down (it played a quick choice), or ``None``;
        a new object each time the trouble changes, so that the table tells each once."""
        return self._trouble

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
            if not self._fresh(ready[0].tag):
                self._ready = None
                log.debug("dropped a stale answer of seat %d", ready[0].seat)
            elif self._held:
                return
            else:
                self._ready = None
                self._carry_out(*ready)  # then ask whoever is next at once
        job = self._job
        if job is not None:
            if self._fresh(job.tag):
                return  # still thinking about the current state
            self._drop_pending()
        seat = self.whose_turn()
        if seat is None or seat == self.human_seat:
            return
        deal = self.match.current
        tag = _Tag(deal, len(deal.events), deal.events[-1])
        self._job = _Job(tag, seat, self._asker.ask(seat, view_for(deal.state, seat)))

    def next_deal(self) -> None:
        """Deal the next hand once the current one is over; its steps are queued too."""
        deal = self.match.next_deal()
        self._drop_pending()
        self._done(DealState(self.match.rules, self.match.players), tuple(deal.events))

    def undoable(self, seat: int | None = None, past: tuple[type[Action], ...] = ()
                 ) -> Action | None:
        """The decision :meth:`undo` would take back for ``seat`` (by default the human's) in
        the current deal, or ``None`` when there is none (a deal over and followed by the next
        one is out of reach: only the current deal can be undone)."""
        if seat is None:
            seat = self.human_seat if self.human_seat is not None else 0
        return self.match.undoable(seat, past)

    def undo(self, seat: int | None = None, past: tuple[type[Action], ...] = ()) -> bool:
        """Take back ``seat``'s (by default the human's) last decision in this deal and all
        that followed, stepping over decisions of the kinds ``past`` (see :meth:`Match.undo`);
        the deal is then practised (see :attr:`Match.practised`). Events queued and not yet
        polled are dropped: redraw from the view."""
        if seat is None:
            seat = self.human_seat if self.human_seat is not None else 0
        if not self.match.undo(seat, past):
            return False
        self._drop_pending()
        deal = self.match.current
        self._changes = [Redraw(self.view(), deal.events[-1])]
        self._changed()
        return True

    def leave(self) -> None:
        """The table is no longer on screen: the decision in flight is cancelled (its search
        stops) and the bots are held; the bot is asked again when the table is back and calls
        :meth:`update`."""
        self._drop_pending()
        self._held = True

    def shutdown(self) -> None:
        """Cancel the decision in flight and drop the bots at once; a bot still thinking is
        abandoned, not waited for."""
        self._closed = True
        self._drop_pending()
        self._asker.close()

    # --- inside ------------------------------------------------------------------------------

    def _collect(self) -> None:
        """Take the answer to the current job once it is there."""
        job = self._job
        if job is None:
            return
        result = self._asker.answer(job.ticket)
        if result is not None:
            self._job = None
            self._ready = (job, result)

    def _fresh(self, tag: _Tag) -> bool:
        deal = self.match.current
        return (
            deal is tag.deal
            and len(deal.events) == tag.count
            and deal.events[-1] is tag.last
        )

    def _drop_pending(self) -> None:
        if self._job is not None:
            self._asker.cancel(self._job.ticket)
        self._job = None
        self._ready = None

    def _carry_out(self, job: _Job, answer: Result) -> None:
        seat = job.seat
        state = self.match.current.state
        problem: str
        level = logging.WARNING
        if not isinstance(answer, Answer):
            problem = f"failed ({failure(answer, 'action')})"
            if (isinstance(answer, Failed) and answer.error in TROUBLES
                    and not self._troubled(seat, answer)):  # said already: once on the terminal
                level = logging.INFO
        elif not isinstance(action := answer.action, _ANSWERS.get(state.phase, ())):
            problem = f"answered {action!r} in the {state.phase.value} phase"
        else:
            try:
                events = self.match.execute(seat, action)
            except Exception as exc:  # IllegalAction, or whatever a malformed action causes
                problem = str(exc)
            else:
                self._done(state, events)
                return
        instead, events = self._play_instead(state, seat)
        log.log(level, "bot %r at seat %d %s; it played the quick choice %s instead",
                self._asker.name(seat), seat, problem, instead)
        self._done(state, events)

    def _play_instead(self, state: DealState, seat: int) -> tuple[Action, tuple[Event, ...]]:
        """The club player's quick choice for ``seat`` (a random legal action should even
        that fail), carried out."""
        try:
            action = self._quick.decide(view_for(state, seat))
            return action, self.match.execute(seat, action)
        except Exception:  # the engine refused it: the deal must still go on
            log.exception("the quick choice failed at seat %d", seat)
        action = random_action(state, self._fallback, slam_rate=0.0)
        return action, self.match.execute(seat, action)

    def _troubled(self, seat: int, failed: Failed) -> bool:
        """Keep the thinker's trouble for the table; whether it is a new one."""
        last = self._trouble
        if last is not None and last.error == failed.error:
            return False
        self._trouble = BotTrouble(seat, failed.error)
        return True

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
