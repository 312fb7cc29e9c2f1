"""Walking through a finished deal one event at a time: the replay viewer's model.

A :class:`ReplayCursor` stands on a *position*: the number of events of the deal's log shown
so far, from 1 (the cards just dealt) to the whole log (the score). Every state on the way is
the fold of the log's prefix, worked out once and kept, so moving back and forth costs
nothing and never touches the deal itself: a replay cannot change a saved deal, its scores or
the statistics.

No pygame here; the viewer scene draws what the cursor says.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from engine.deal import Deal, command_of
from engine.events import CardPlayed, DealScored, Event, TrickWon
from engine.state import DealState, Phase, apply_in_place
from engine.views import SeatView, view_for


@dataclass(frozen=True)
class Move:
    """A decision found in the log: who made it and where it starts."""

    position: int  # the cursor position just before the decision (its seat is to act)
    seat: int
    action: object  # the engine action (see engine.actions)


class ReplayCursor:
    """A position in a deal's event log and the state the log's prefix folds to."""

    def __init__(self, deal: Deal) -> None:
        if not deal.events:
            raise ValueError("an empty deal cannot be replayed")
        self.deal = deal
        self.events: tuple[Event, ...] = tuple(deal.events)
        self._states = list(_fold_all(deal))
        self._trick_starts = _trick_starts(self.events)
        self.position = 1

    # --- where we are ----------------------------------------------------------------------------
    @property
    def total(self) -> int:
        """The last position: the whole log."""
        return len(self.events)

    @property
    def state(self) -> DealState:
        """The deal as it stood at this position (shared: do not change it)."""
        return self._states[self.position - 1]

    def state_at(self, position: int) -> DealState:
        return self._states[self._clamp(position) - 1]

    @property
    def event(self) -> Event:
        """The last event shown."""
        return self.events[self.position - 1]

    @property
    def at_start(self) -> bool:
        return self.position == 1

    @property
    def at_end(self) -> bool:
        return self.position == self.total

    # --- moving ----------------------------------------------------------------------------------
    def forward(self) -> Event | None:
        """One event on; returns it, or ``None`` at the end."""
        if self.at_end:
            return None
        self.position += 1
        return self.event

    def back(self) -> bool:
        if self.at_start:
            return False
        self.position -= 1
        return True

    def go(self, position: int) -> None:
        self.position = self._clamp(position)

    def _clamp(self, position: int) -> int:
        return max(1, min(self.total, position))

    def settled(self, position: int | None = None) -> int:
        """The first position at or after ``position`` where a seat is to decide (or the end):
        a command can make several events (a card, then the trick gathered), and a deal can
        only go on from between two commands."""
        position = self.position if position is None else self._clamp(position)
        while position < self.total and command_of(self.events[position]) is None:
            position += 1
        return position

    # --- tricks ----------------------------------------------------------------------------------
    def trick_starts(self) -> list[int]:
        """For each trick, the position just before its first card (the leader to play)."""
        return list(self._trick_starts)

    def trick_number(self) -> int | None:
        """The trick (1-based) about to be led, being played or just gathered at this
        position; ``None`` before the play."""
        starts = self.trick_starts()
        number = None
        for i, start in enumerate(starts):
            if self.position >= start:
                number = i + 1
        return number

    def go_to_trick(self, number: int) -> bool:
        """Stand just before trick ``number`` (1-based) is led; False if there is none."""
        starts = self.trick_starts()
        if not 1 <= number <= len(starts):
            return False
        self.position = starts[number - 1]
        return True

    # --- decisions -------------------------------------------------------------------------------
    def moves(self, seat: int | None = None) -> list[Move]:
        """The decisions in the log, in order (only ``seat``'s when given)."""
        out = []
        for index, event in enumerate(self.events):
            command = command_of(event)
            if command is None:
                continue
            who, action = command
            if seat is None or who == seat:
                out.append(Move(index, who, action))
        return out

    def next_move(self) -> Move | None:
        """The decision right after this position, if the next event starts one."""
        if self.at_end:
            return None
        command = command_of(self.events[self.position])
        return Move(self.position, *command) if command is not None else None

    @property
    def scored(self) -> bool:
        """Whether the score is on show (the last event is the deal's score)."""
        return isinstance(self.event, DealScored) or (
            self.at_end and self.state.phase in (Phase.FINISHED, Phase.CANCELLED))


def _trick_starts(events: tuple[Event, ...]) -> tuple[int, ...]:
    starts = []
    leading = True
    for index, event in enumerate(events):
        if isinstance(event, CardPlayed) and leading:
            starts.append(index)
            leading = False
        elif isinstance(event, TrickWon):
            leading = True
    return tuple(starts)


def _fold_all(deal: Deal) -> Iterator[DealState]:
    """The state after each event of ``deal``'s log, folding the log once."""
    state = DealState(deal.rules, deal.players)
    for event in deal.events:
        apply_in_place(state, event)
        yield state.copy()


class ReplayController:
    """What the table scene needs of a controller, for a deal being replayed.

    The table draws ``match.current`` and animates what :meth:`poll_events` hands it, exactly
    as in a live game; here the "match" holds one deal cut at the cursor. A step forward hands
    the table the one new event (animated); any other move changes the deal under the table,
    which then redraws at once (see the viewer scene). Nothing is ever executed: there is no
    human seat and no bot.
    """

    human_seat: int | None = None

    def __init__(self, deal: Deal, seat: int = 0) -> None:
        from engine.match import Match

        self.cursor = ReplayCursor(deal)
        self.seat = seat
        self._events: list[Event] = []
        self.match = Match(deal.rules, deal.players, seed=0, deals=[self._cut()])

    def _cut(self) -> Deal:
        cursor = self.cursor
        return Deal(self.cursor.deal.rules, cursor.events[:cursor.position], cursor.state.copy())

    # --- moving (called by the viewer) -----------------------------------------------------------
    def forward(self) -> Event | None:
        """One event on, handed to the table to animate; ``None`` at the end."""
        event = self.cursor.forward()
        if event is not None:
            self.match.deals[0] = self._cut()
            self._events.append(event)
        return event

    def go(self, position: int) -> None:
        """Jump to ``position`` without animation (the table redraws from the view)."""
        self.cursor.go(position)
        self._events.clear()
        self.match.deals[0] = self._cut()

    # --- what the table calls --------------------------------------------------------------------
    def view(self, seat: int | None = None) -> SeatView:
        return view_for(self.cursor.state, self.seat if seat is None else seat)

    def poll_events(self) -> list[Event]:
        events, self._events = self._events, []
        return events

    def whose_turn(self) -> int | None:
        state = self.cursor.state
        return None if state.is_over else state.turn

    def waiting_for_human(self) -> bool:
        return False

    def is_thinking(self) -> bool:
        return False

    def hold(self, held: bool) -> None:
        """Nothing moves on its own in a replay."""

    def update(self) -> None:
        """Nothing moves on its own in a replay."""

    def submit(self, action: object) -> str | None:
        return "a replay cannot be played"

    def undo(self, seat: int | None = None) -> bool:
        return False

    def next_deal(self) -> None:
        """A replay has one deal."""

    def shutdown(self) -> None:
        """No worker to stop."""
