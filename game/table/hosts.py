"""What the parts of a card table ask of the table, beyond its stage.

Each part of :mod:`game.table` is handed the :class:`~game.table.stage.Stage` (what is on
the table) and, when it needs more, one of these protocols: the few calls and parts it
uses, and nothing else. The table scene satisfies all of them; a test may hand a part a
small stand-in instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from engine.actions import Action
    from engine.events import Event
    from engine.views import SeatView
    from game.table.assist import Assist
    from game.table.buttons import IconButton
    from game.table.dialogs import Dialogs
    from game.table.discard import DiscardEditor
    from game.table.input import TableInput
    from game.table.plays import CardPlays
    from game.table.room import ToastPlacer
    from game.table.score.panel import ScorePanel
    from game.table.source import Change, Step, TablePlayer
    from game.table.sprites import CardSprite


class StepHost(Protocol):
    """What the animator asks of the table that shows the steps: to come to rest on its
    view, to show a view at once, and what the table's other parts do as a step starts
    (a new deal clears them) and ends (a scored deal opens the score)."""

    def rest(self, animate: bool = False) -> None: ...

    def redraw(self, view: SeatView, event: Event | None = None) -> None: ...

    def step_starts(self, step: Step) -> None: ...

    def step_ends(self, step: Step) -> None: ...


class EditorHost(Protocol):
    """What the discard zone asks of its table: to send the discard, to come to rest again
    (a discard kept as it was), whether changes wait to be shown, and the card dragged."""

    def submit(self, action: Action) -> bool: ...

    def rest(self, animate: bool = False) -> None: ...

    def shows_pending(self) -> bool: ...

    def dragged(self) -> CardSprite | None: ...


class AssistHost(Protocol):
    """What undo and hints need of the table beyond its stage: the player whose decisions
    are taken back, the parts whose state a hint reads or acts through (the dialog, the
    discard zone, the hand's drag), the corner buttons, the score panel, and the ways to
    send an action and to show what the source hands back."""

    player: TablePlayer | None
    dialogs: Dialogs
    editor: DiscardEditor
    input: TableInput
    plays: CardPlays
    buttons: dict[str, IconButton]
    score_panel: ScorePanel | None

    def submit(self, action: Action) -> bool: ...

    def take(self, changes: list[Change], at_once: bool = False) -> None: ...


class Parts(Protocol):
    """The parts of the table that draw over the stage: the discard zone, the dialog, the
    hint and the badge, the corner buttons, the card being dragged, the score panel, and
    where the toast goes."""

    editor: DiscardEditor
    dialogs: Dialogs
    assist: Assist
    toasts: ToastPlacer
    buttons: dict[str, IconButton]
    input: TableInput
    score_panel: ScorePanel | None

    @property
    def save_failing(self) -> bool: ...


__all__ = ["AssistHost", "EditorHost", "Parts", "StepHost"]
