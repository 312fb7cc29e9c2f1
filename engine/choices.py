"""A seat's choices and the reasons for a refusal, from its :class:`~engine.views.SeatView`.

The rules themselves are :mod:`engine.legal`'s functions over plain facts; this module only
hands them what the view knows. Bots and the table use it, so nothing outside the engine
writes a rule again:

* :func:`pending` — which decision, if any, the seat has to make now;
* :func:`legal_bids`, :func:`callable_cards`, :func:`discard_options`,
  :func:`can_change_discard`, :func:`handful_options`, :func:`misere_options`,
  :func:`legal_plays`, :func:`legal_actions`;
* :func:`play_refusal`, :func:`discard_refusal`, :func:`handful_refusal` — why a card, a
  discard (complete or still being made) or a handful would be refused, as a
  :class:`~engine.refusals.Refusal`.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from engine import cards as C
from engine import legal as L
from engine.actions import Action, Bid, Call, DecideSlam, Play
from engine.cards import Card, Mask
from engine.legal import DiscardOptions
from engine.refusals import Refusal
from engine.rules import Contract
from engine.state import Phase
from engine.views import SeatView

__all__ = [
    "Decision",
    "DiscardOptions",
    "HandfulOption",
    "before_first_card",
    "callable_cards",
    "can_change_discard",
    "discard_options",
    "discard_refusal",
    "handful_cards",
    "handful_options",
    "handful_refusal",
    "has_played",
    "highest_bid",
    "legal_actions",
    "legal_bids",
    "legal_plays",
    "misere_options",
    "pending",
    "play_refusal",
]


class Decision(enum.Enum):
    """The kind of decision a seat is asked for."""

    BID = "bid"
    CALL = "call"
    DISCARD = "discard"
    SLAM = "slam"
    PLAY = "play"  # a card; before the seat's first card, a handful or misère may come first


_PHASE_DECISIONS = {
    Phase.BIDDING: Decision.BID,
    Phase.CALLING: Decision.CALL,
    Phase.DISCARDING: Decision.DISCARD,
    Phase.SLAM: Decision.SLAM,
    Phase.PLAYING: Decision.PLAY,
}


def pending(view: SeatView) -> Decision | None:
    """The decision the seat of ``view`` must make now, or ``None`` when it is not its turn."""
    if view.turn != view.seat:
        return None
    if view.phase is Phase.BIDDING and len(view.bids) >= view.players:
        return None
    return _PHASE_DECISIONS.get(view.phase)


# --- bidding and the call ------------------------------------------------------------------------


def highest_bid(view: SeatView) -> Contract | None:
    return view.rules.highest_bid(view.bids)


def legal_bids(view: SeatView) -> list[Bid]:
    """Pass, or any contract above the highest bid so far."""
    return L.bids_above(view.rules, highest_bid(view))


def callable_cards(view: SeatView) -> list[Card]:
    """The cards the taker (this seat) may call."""
    return L.callable_in(view.rules, view.hand_mask)


# --- the discard ---------------------------------------------------------------------------------


def discard_options(view: SeatView) -> DiscardOptions:
    """What the taker's discard must be; for the taker's own view, counted over the hand
    plus the discard already made (a discard may be changed)."""
    return L.discard_options_for(view.rules, view.players, _taker_cards(view))


def _taker_cards(view: SeatView) -> Mask:
    return view.hand_mask | C.mask_of(view.discard or ())


def can_change_discard(view: SeatView) -> bool:
    """The taker may (re)make the discard until its first card or its first declaration."""
    contract = view.rules.contract(view.contract) if view.contract else None
    declared = view.seat in view.handfuls or bool(view.miseres.get(view.seat))
    return L.discard_is_open(contract, view.taker, view.seat, view.phase,
                             has_played(view, view.seat), declared)


def discard_refusal(view: SeatView, cards: Sequence[Card], complete: bool = True
                    ) -> Refusal | None:
    """Why ``cards`` may not be the discard (``complete=False``: may not be part of the one
    being made), or ``None``."""
    if view.seat != view.taker or not can_change_discard(view):
        return Refusal("no_discard_now", seat=view.seat)
    return L.discard_refusal(discard_options(view), _taker_cards(view), cards, complete)


# --- handfuls and misères ------------------------------------------------------------------------


def has_played(view: SeatView, seat: int) -> bool:
    """Whether ``seat`` has played a card in this deal."""
    if view.tricks:
        return True  # every seat plays to every trick
    return seat in view.trick.seats(view.players)


def before_first_card(view: SeatView) -> bool:
    """It is the seat's turn to play and it has not played yet: declarations are open."""
    return (
        view.phase is Phase.PLAYING
        and view.turn == view.seat
        and not has_played(view, view.seat)
    )


@dataclass(frozen=True)
class HandfulOption:
    """A handful the seat may show: ``size`` cards taken from ``trumps``.

    When ``needs_excuse`` is set the seat holds one trump too few: it shows every trump it
    holds plus the Excuse (allowed only because no trump is left hidden).
    """

    level: str  # "simple", "double" or "triple"
    size: int
    trumps: Mask
    needs_excuse: bool


def handful_options(view: SeatView) -> list[HandfulOption]:
    """The handfuls the seat may show now, lowest level first."""
    if not before_first_card(view) or view.seat in view.handfuls:
        return []
    trumps = view.hand_mask & C.TRUMP_MASK
    count = trumps.bit_count()
    return [HandfulOption(level, size, trumps, count < size)
            for level, size in L.handful_levels(view.rules, view.players, view.hand_mask)]


#: The trumps a handful hides first when the seat holds more than it must show: the Petit
#: (shown, it tells the table where to hunt it), then the 21.
HIDE_FIRST: Mask = (1 << C.PETIT) | (1 << C.TWENTY_ONE)


def handful_cards(option: HandfulOption, keep: Mask = HIDE_FIRST) -> tuple[Card, ...]:
    """The cards of a valid handful for ``option``: the lowest trumps first, those of ``keep``
    last and the strongest of them before the weakest (hiding the Petit rather than the 21)."""
    if option.needs_excuse:
        return (*C.cards_of(option.trumps), C.EXCUSE)
    cards = sorted(C.cards_of(option.trumps),
                   key=lambda c: (1, -c) if keep >> c & 1 else (0, c))
    return tuple(sorted(cards[: option.size]))


def handful_refusal(view: SeatView, cards: Sequence[Card], size: int | None = None
                    ) -> Refusal | None:
    """Why ``cards`` cannot be shown as a handful now (``size``: the level being chosen),
    or ``None``."""
    if not before_first_card(view):
        return Refusal("handful_not_now", seat=view.seat)
    if view.seat in view.handfuls:
        return Refusal("handful_again", seat=view.seat)
    return L.handful_refusal(view.rules, view.players, view.seat, view.hand_mask, cards, size)


def misere_options(view: SeatView) -> list[str]:
    """The misères the seat may still announce now (``miseres`` variant)."""
    if not before_first_card(view):
        return []
    return L.misere_kinds(view.rules, view.hand_mask, view.miseres.get(view.seat, ()))


# --- cards ---------------------------------------------------------------------------------------


def legal_plays(view: SeatView) -> Mask:
    """The cards the seat may play now, as a mask (empty when it is not its turn to play)."""
    return C.mask_of(view.legal_plays)


def play_refusal(view: SeatView, card: Card) -> Refusal | None:
    """Why the seat may not play ``card`` now, or ``None`` when it may."""
    if view.phase in (Phase.FINISHED, Phase.CANCELLED):
        return Refusal("deal_over", seat=view.seat, name=view.phase.value)
    if view.turn != view.seat:
        return Refusal("not_your_turn", seat=view.seat, other=view.turn)
    if view.phase is not Phase.PLAYING:
        return Refusal("no_play_now", seat=view.seat, name=view.phase.value)
    return L.play_refusal(view.seat, view.hand_mask, view.trick.cards, legal_plays(view),
                          view.called, card)


def legal_actions(view: SeatView) -> list[Action]:
    """The seat's choices for the phases whose choices are few (bids, calls, the slam
    decision, cards); empty when it is not its turn or the phase is a discard."""
    decision = pending(view)
    if decision is Decision.PLAY:
        return [Play(c) for c in view.legal_plays]
    if decision is Decision.BID:
        return list(legal_bids(view))
    if decision is Decision.CALL:
        return [Call(c) for c in callable_cards(view)]
    if decision is Decision.SLAM:
        return [DecideSlam(False), DecideSlam(True)]
    return []
