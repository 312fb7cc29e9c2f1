"""What feeds the table: one small interface for a live match and for a replay alike.

The table shows one seat's view of a deal. It never folds events or keeps its own record of
the game: a :class:`StepSource` hands it, in order,

* :class:`Step` — one event in the form that seat may see, with the seat's views just before
  and just after it (the table animates it), or
* :class:`Redraw` — a view to show at once (an undo, a jump in a replay, a mode toggled),
  with the event that led to it so that the picture is the one just after that event (the
  dog face up when it was just shown, a handful on show, the score at the end).

The table draws from the latest view it was handed and asks the source for nothing else but
the scoreboard (deal number, running totals, the deal whose score is shown) and, in a replay
with open hands, the cards every seat holds. A live table also has a :class:`TablePlayer`:
what the person at it may do (commands, undo, the next deal), with bots that wait while the
table is busy showing something.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from engine.actions import Action
from engine.cards import Card
from engine.deal import Deal
from engine.events import Event
from engine.match import Match
from engine.refusals import Refusal
from engine.views import SeatView
from engine.views import ViewStep as Step

__all__ = ["BotTrouble", "Change", "Redraw", "Revealed", "Scoreboard", "Step", "StepSource",
           "TablePlayer"]


@dataclass(frozen=True)
class Redraw:
    """Show ``view`` at once, as it stands just after ``event`` (``None``: at rest)."""

    view: SeatView
    event: Event | None = None


Change = Step | Redraw


@dataclass(frozen=True)
class Revealed:
    """Every card of the deal at one moment, for a replay with open hands: each seat's hand,
    the dog (until it is taken or the deal ends) and the taker's discard."""

    hands: tuple[tuple[Card, ...], ...]
    dog: tuple[Card, ...]
    discard: tuple[Card, ...]


@dataclass(frozen=True)
class Scoreboard:
    """Around the deal on the table: its number in the match, each seat's running total
    before it, the deal itself (for the score panel at its end) and the match (for the score
    sheet; ``None`` in a replay)."""

    number: int
    totals_before: tuple[int, ...]
    deal: Deal
    match: Match | None = None


@runtime_checkable
class StepSource(Protocol):
    """What the table shows."""

    @property
    def seat(self) -> int:
        """The seat whose view the table shows (the player's, or seat 0)."""
        ...

    def view(self) -> SeatView:
        """The seat's view now, once every change handed out has been shown."""
        ...

    def poll(self) -> list[Change]:
        """What happened since the last call, oldest first."""
        ...

    def revealed(self) -> Revealed | None:
        """Every card, when the viewer shows open hands; ``None`` otherwise."""
        ...

    def scoreboard(self) -> Scoreboard:
        ...


@dataclass(frozen=True, eq=False)
class BotTrouble:
    """Why a seat's bot played a quick choice instead of its own: one of the thinker's
    troubles (``engine.ai.thinker``'s ``SILENT``, ``TOO_LONG``, ``STOPPED``)."""

    seat: int
    error: str


@runtime_checkable
class TablePlayer(Protocol):
    """What the person at a live table may do, and the bots around them."""

    human_seat: int | None

    def submit(self, action: Action) -> Refusal | None:
        """Carry out the player's action; the engine's refusal, or ``None`` when done."""
        ...

    def hold(self, held: bool) -> None:
        """While held, bots may think but none of their moves is carried out."""
        ...

    def update(self) -> None:
        """Every frame: carry out a bot's answer, ask the next bot."""
        ...

    def is_thinking(self) -> bool: ...

    def whose_turn(self) -> int | None: ...

    def next_deal(self) -> None: ...

    def undoable(self, seat: int | None = None, past: tuple[type[Action], ...] = ()
                 ) -> Action | None: ...

    def undo(self, seat: int | None = None, past: tuple[type[Action], ...] = ()) -> bool: ...

    def practised(self) -> bool:
        """Whether the current deal had an undo (it is then left out of the statistics)."""
        ...

    def save_problem(self) -> str | None:
        """Why the last save failed (a full disk, a read-only folder), or ``None``."""
        ...

    def bot_trouble(self) -> BotTrouble | None:
        """The last time a bot's thinking let it down, or ``None``; a new object for each
        new trouble."""
        ...

    def shutdown(self) -> None: ...
