"""The facts the rules read, as one interface over the full deal and over one seat's view.

:mod:`engine.choices` writes each rule once, over :class:`Facts`; both the engine's
:class:`~engine.state.DealState` (which knows every hand) and a seat's
:class:`~engine.views.SeatView` (which knows its own) satisfy it. So the engine checking a
command and a bot or the table listing a seat's options ask the same function.

>>> from engine.deal import Deal
>>> from engine.rules import load_rules
>>> from engine.views import view_for
>>> from engine import choices
>>> deal = Deal.new(load_rules(), 4, dealer=0, seed=1)
>>> seat = deal.state.turn
>>> choices.legal_bids(deal.state) == choices.legal_bids(view_for(deal.state, seat))
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from engine.cards import Card, Mask
from engine.rules import Contract, Rules
from engine.state import Phase


class Facts(Protocol):
    """A deal as the rules read it. A seat's view answers only for its own seat: asked for
    another seat's hand it raises ``ValueError``."""

    @property
    def rules(self) -> Rules: ...

    @property
    def phase(self) -> Phase: ...

    @property
    def turn(self) -> int | None: ...

    @property
    def taker(self) -> int | None: ...

    @property
    def called(self) -> Card | None: ...

    @property
    def players(self) -> int: ...

    @property
    def bids(self) -> Sequence[tuple[int, str | None]]: ...

    @property
    def handfuls(self) -> Mapping[int, tuple[Card, ...]]: ...

    @property
    def miseres(self) -> Mapping[int, tuple[str, ...]]: ...

    def deciding(self) -> int | None:
        """The seat whose decisions are asked about: a view's own seat, the full state's
        seat to act."""
        ...

    def contract_rule(self) -> Contract | None:
        """The contract taken, as the rules describe it (None before the bidding ends)."""
        ...

    def hand_of(self, seat: int) -> Mask: ...

    def discard_mask(self) -> Mask:
        """The taker's discard as known here (the taker's own view, or the full state)."""
        ...

    def has_played(self, seat: int) -> bool: ...

    def trick_cards(self) -> Sequence[Card]: ...

    def legal_mask(self) -> Mask:
        """The cards the seat to play may play now (a view: its own, on its turn)."""
        ...


__all__ = ["Facts"]
