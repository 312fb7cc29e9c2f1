"""The bot interface: a bot reads one seat's view and answers with one action.

A bot is asked only when its seat has a decision to make (:func:`engine.choices.pending`):

========== ==================================================================================
phase      answer
========== ==================================================================================
BIDDING    :class:`~engine.actions.Bid`
CALLING    :class:`~engine.actions.Call` (five players, the taker)
DISCARDING :class:`~engine.actions.Discard` (the taker)
SLAM       :class:`~engine.actions.DecideSlam` (the taker)
PLAYING    :class:`~engine.actions.Play`; before the seat's first card it may answer
           :class:`~engine.actions.ShowHandful` or :class:`~engine.actions.AnnounceMisere`
           instead: the caller carries it out and asks again.
========== ==================================================================================

A bot gets nothing but its :class:`~engine.views.SeatView`, never the full deal state, so it
cannot cheat. Declarations already made show in the view (``handfuls``, ``miseres``), and the
options of :mod:`engine.choices` leave them out, so a bot does not repeat one.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Protocol, runtime_checkable

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
from engine.choices import Decision, pending
from engine.views import SeatView

#: What a caller hands a bot to cut its decision short: true once the answer is not wanted.
Stop = Callable[[], bool] | None


@runtime_checkable
class Bot(Protocol):
    """Anything with a name that answers a seat's pending decision with a legal action."""

    name: str

    def decide(self, view: SeatView, stop: Stop = None) -> Action:
        """One legal action for the decision pending for ``view.seat``. A bot that searches
        answers the best it has found as soon as ``stop()`` turns true (the caller no longer
        wants the decision); the others answer at once anyway."""
        ...


class NothingToDecide(ValueError):
    """A bot was asked for a decision while its seat has none to make."""


class PhaseBot(ABC):
    """A bot written as one method per kind of decision; :meth:`decide` dispatches."""

    name: str = "bot"

    def decide(self, view: SeatView, stop: Stop = None) -> Action:
        decision = pending(view)
        if decision is Decision.BID:
            return self.bid(view)
        if decision is Decision.CALL:
            return self.call(view)
        if decision is Decision.DISCARD:
            return self.discard(view)
        if decision is Decision.SLAM:
            return self.slam(view)
        if decision is Decision.PLAY:
            declaration = self.declare(view)
            return declaration if declaration is not None else self.play(view)
        raise NothingToDecide(
            f"seat {view.seat} has nothing to decide ({view.phase.value}, turn {view.turn})"
        )

    @abstractmethod
    def bid(self, view: SeatView) -> Bid: ...

    @abstractmethod
    def call(self, view: SeatView) -> Call: ...

    @abstractmethod
    def discard(self, view: SeatView) -> Discard: ...

    @abstractmethod
    def slam(self, view: SeatView) -> DecideSlam: ...

    def declare(self, view: SeatView) -> ShowHandful | AnnounceMisere | None:
        """A handful or misère to declare before the first card, or ``None`` (the default)."""
        return None

    @abstractmethod
    def play(self, view: SeatView) -> Play: ...

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"
