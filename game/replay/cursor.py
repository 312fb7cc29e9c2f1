"""Walking through a finished deal one event at a time: the replay viewer's model.

A :class:`ReplayCursor` stands on a *position*: the number of events of the deal's log shown
so far, from 1 (the cards just dealt) to the whole log (the score). Every state on the way is
the fold of the log's prefix, worked out once and kept, so moving back and forth costs
nothing and never touches the deal itself: a replay cannot change a saved deal, its scores or
the statistics.

No pygame here; the viewer scene draws what the cursor says.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.deal import Deal, command_of
from engine.events import CardPlayed, DealScored, Event, TrickWon
from engine.state import DealState, Phase


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
        self._states = deal.states()
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
