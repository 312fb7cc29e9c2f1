"""What the replay viewer's table shows: the deal at the cursor, one seat's view of it.

:class:`ReplaySource` is the table's :class:`~game.table.source.StepSource` for a finished
deal. A step forward hands the table the one new event as a
:class:`~game.table.source.Step` (animated, like a live move); every other move — back, a
jump, the view mode switched — is a :class:`~game.table.source.Redraw` of the view at the
new position. Nothing is executed: a replay cannot change the deal it shows.

The viewer shows either *as I saw it* (the seat's view, and nothing else) or *open hands*
(every card, :meth:`ReplaySource.revealed`).
"""

from __future__ import annotations

from engine import cards as C
from engine.deal import Deal
from engine.views import SeatView, view_for, view_steps
from game.replay.cursor import ReplayCursor
from game.table.source import Change, Redraw, Revealed, Scoreboard


class ReplaySource:
    """A finished deal at the cursor, for the table."""

    def __init__(self, deal: Deal, seat: int = 0, open_hands: bool = True,
                 number: int | None = None, totals_before: tuple[int, ...] | None = None
                 ) -> None:
        self.cursor = ReplayCursor(deal)
        self.number = number
        self.totals_before = totals_before
        self._seat = seat
        self.open_hands = open_hands
        self._changes: list[Change] = [self._redraw()]

    @property
    def seat(self) -> int:
        return self._seat

    def _redraw(self) -> Redraw:
        return Redraw(self.view(), self.cursor.event)

    # --- moving (the viewer calls these) ---------------------------------------------------------
    def forward(self) -> bool:
        """One event on, handed to the table to animate; False at the end."""
        before = self.cursor.state
        event = self.cursor.forward()
        if event is None:
            return False
        self._changes.extend(view_steps(before, (event,), self._seat))
        return True

    def go(self, position: int) -> None:
        """Stand at ``position`` at once (the table redraws, without animation)."""
        self.cursor.go(position)
        self._changes.append(self._redraw())

    def show_open_hands(self, open_hands: bool) -> None:
        self.open_hands = open_hands
        self._changes.append(self._redraw())

    # --- what the table reads ------------------------------------------------------------------
    def view(self) -> SeatView:
        return view_for(self.cursor.state, self._seat)

    def poll(self) -> list[Change]:
        changes, self._changes = self._changes, []
        return changes

    def revealed(self) -> Revealed | None:
        if not self.open_hands:
            return None
        state = self.cursor.state
        return Revealed(tuple(tuple(C.cards_of(hand)) for hand in state.hands),
                        tuple(C.cards_of(state.dog)), tuple(C.cards_of(state.discard)))

    def scoreboard(self) -> Scoreboard:
        deal = self.cursor.deal
        totals = self.totals_before
        if totals is None or len(totals) != deal.players:
            totals = (0,) * deal.players
        return Scoreboard(self.number or 1, totals, deal)
