"""The table's dialogs: the decisions the player answers in a panel.

:class:`Dialogs` tells which dialog the player must answer now, from the view the table
shows, and keeps what the dialogs remember within a deal (an offer declined, the trumps
being chosen for a handful):

* :class:`~game.table.dialogs.bidding.BiddingPanel` — the player's bid;
* :class:`~game.table.dialogs.bidding.CallPanel` — five players, the taker calls a card;
* :class:`~game.table.dialogs.bidding.SlamPanel` — the taker may announce a slam;
* :class:`~game.table.dialogs.declarations.HandfulPanel` — before the first card, a handful
  may be shown: pick a level, then choose the trumps by clicking hand cards;
* :class:`~game.table.dialogs.declarations.MiserePanel` — with the misère variant.

A dialog is opened only when the table is at rest (nothing in flight, no trick being
gathered), and the declarations come before the first card can leave the hand: the table
asks :meth:`Dialogs.declaration_open` before playing a card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from engine import choices
from engine.actions import DecideSlam
from engine.cards import Card
from engine.state import Phase
from game.table.dialogs.base import DialogHost, Panel
from game.table.dialogs.bidding import BiddingPanel, CallPanel, SlamPanel
from game.table.dialogs.declarations import HandfulPanel, MiserePanel

if TYPE_CHECKING:
    from game.table.layout import TableLayout


class DialogsHost(DialogHost, Protocol):
    """What the dialogs need of their table beyond a panel's needs: whose seat is the
    player's (``None`` at a table of bots), and the table's layout to place a panel in."""

    @property
    def human(self) -> int | None: ...

    @property
    def layout(self) -> TableLayout: ...

__all__ = ["BiddingPanel", "CallPanel", "Dialogs", "HandfulPanel", "MiserePanel", "Panel",
           "SlamPanel"]

Key = tuple[object, ...]


class Dialogs:
    """The dialog on show and what the dialogs remember in the deal."""

    def __init__(self, table: DialogsHost) -> None:
        self.table = table
        self.panel: Panel | None = None
        self.declined: set[str] = set()  # "handful", "misere": not offered again this deal
        self.selection: set[Card] = set()  # hand cards chosen for a handful
        self.select_mode = False
        self._key: Key | None = None
        self.room = 0  # pixels the dialog leaves free at the right of its area (for a hint)

    def _made(self, cls: type[Panel]) -> Panel:
        """A new panel of ``cls``: the declarations share what the dialogs remember."""
        if issubclass(cls, HandfulPanel | MiserePanel):
            return cls(self.table, self)
        return cls(self.table)

    # --- which dialog now ---------------------------------------------------------------------
    def pending(self) -> tuple[Key, type[Panel]] | None:
        """The decision the player must answer in a panel now, as (key, panel class)."""
        table = self.table
        view = table.view
        if table.human is None or view.turn != view.seat:
            return None
        seat = view.seat
        if view.phase is Phase.BIDDING and len(view.bids) < view.players:
            return ("bid", len(view.bids)), BiddingPanel
        if view.phase is Phase.CALLING and view.taker == seat:
            return ("call",), CallPanel
        if view.phase is Phase.SLAM and view.taker == seat:
            return ("slam",), SlamPanel
        if view.phase is Phase.PLAYING and choices.before_first_card(view):
            if "handful" not in self.declined and choices.handful_options(view):
                return ("handful",), HandfulPanel
            miseres = choices.misere_options(view)
            if "misere" not in self.declined and miseres:
                return ("misere", *miseres), MiserePanel
        return None

    def declaration_open(self) -> bool:
        """Whether a handful or misère is still to be offered (or answered) before the
        player's first card."""
        found = self.pending()
        return found is not None and found[1] in (HandfulPanel, MiserePanel)

    def refresh(self, discard_reopened: bool = False) -> None:
        """At rest: open the dialog the view asks for (the same one while the same decision
        is pending, so that it keeps its state), or close it; none while the taker remakes
        a discard it reopened."""
        found = None if discard_reopened else self.pending()
        if found is not None and found[1] is SlamPanel and not self.table.app.settings.ask_slam:
            self.table.submit(DecideSlam(False))  # the player asked not to be asked
            found = None
        if found is None:
            self._key, self.panel = None, None
        else:
            key, cls = found
            if key != self._key:
                self._key, self.panel = key, self._made(cls)
                self.place()
            elif self.panel is not None and self.panel.done:
                self.panel = None  # answered or declined: not offered again
        if self.panel is None and self.select_mode:
            self.select_mode = False
            self.selection.clear()

    def open_panel(self) -> Panel | None:
        """The dialog on show, if it is still waiting for an answer."""
        panel = self.panel
        return panel if panel is not None and not panel.done else None

    # --- the handful's choice in the hand ----------------------------------------------------
    def selecting(self) -> bool:
        return self.select_mode

    def toggle_selected(self, card: Card) -> None:
        if card in self.selection:
            self.selection.discard(card)
        else:
            self.selection.add(card)

    # --- a new deal, an undo --------------------------------------------------------------------
    def forget(self) -> None:
        """Forget the open dialog and the offers declined: after an undo or a new deal the
        dialogs are built again for the state shown (a handful offer comes back when the
        first card is taken back)."""
        self.declined.clear()
        self._key, self.panel = None, None
        self.select_mode = False
        self.selection.clear()

    def place(self) -> None:
        """Lay the open dialog out in its area, whole: at a new size or for a new dialog, a
        hint takes anew the room it needs (:meth:`make_room`)."""
        self.room = 0
        self._lay_out()

    def make_room(self, width: int) -> None:
        """Leave ``width`` pixels free at the right of the dialog's area (0: none), the
        dialog laid out again narrower: where the hint finds no room beside the dialog, the
        dialog steps aside for it while it is shown."""
        if width != self.room:
            self.room = width
            self._lay_out()

    def _lay_out(self) -> None:
        if self.panel is not None:
            self.panel.layout(self.area(), self.table.app.unit)

    def beside_trick(self) -> bool:
        """A declaration asked while the trick has cards: the dialog goes beside the trick
        (drawn smaller at the left), never over it."""
        return (isinstance(self.open_panel(), HandfulPanel | MiserePanel)
                and bool(self.table.view.trick.cards))

    def area(self) -> pygame.Rect:
        """Where the open dialog goes: the middle of the table (clear of the running scores
        at its top left), or beside the trick, less the room it leaves for a hint."""
        lay = self.table.layout
        area = lay.trick_beside()[2] if self.beside_trick() else pygame.Rect(lay.panel_rect)
        if area.colliderect(lay.score_rect):  # the running scores reach down beside it
            area.inflate_ip(-2 * (lay.score_rect.right + lay.u(8) - area.left), 0)
        area.width -= min(self.room, area.width // 2)
        return area
