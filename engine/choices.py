"""What a seat may do, and why not: every rule of a decision, over the deal's facts.

Each function reads :class:`~engine.facts.Facts`, which both the full
:class:`~engine.state.DealState` and one seat's :class:`~engine.views.SeatView` satisfy: the
engine checks a command with the same function a bot or the table lists its options with.
``seat`` is the seat asked about; by default the facts' own (a view's seat, the state's
seat to act). The rules over plain facts (a hand as a mask, the cards of a trick) are
:mod:`engine.legal`'s.

* :func:`pending` — which decision, if any, the seat has to make now;
* :func:`legal_bids`, :func:`callable_cards`, :func:`discard_options`,
  :func:`can_change_discard`, :func:`handful_options`, :func:`misere_options`,
  :func:`legal_plays`, :func:`legal_actions`;
* :func:`play_refusal`, :func:`discard_refusal`, :func:`handful_refusal` — why a card, a
  discard (complete or still being made) or a handful would be refused, as a
  :class:`~engine.refusals.Refusal`;
* :func:`check_action` — the engine's check of a command: it raises
  :class:`~engine.legal.IllegalAction`, carrying the refusal, its message in the form of
  DEAL_RECORD.md: ``seat 2 must follow hearts (holds 9H); got T4``.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from engine import cards as C
from engine import legal as L
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
from engine.cards import Card, Mask
from engine.facts import Facts
from engine.legal import MISERES, DiscardOptions, IllegalAction
from engine.refusals import Refusal
from engine.rules import Contract
from engine.state import Phase

__all__ = [
    "Decision",
    "DiscardOptions",
    "HandfulOption",
    "before_first_card",
    "callable_cards",
    "can_change_discard",
    "check_action",
    "discard_options",
    "discard_refusal",
    "handful_cards",
    "handful_options",
    "handful_refusal",
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


def _seat(facts: Facts, seat: int | None) -> int | None:
    return facts.deciding() if seat is None else seat


def pending(facts: Facts, seat: int | None = None) -> Decision | None:
    """The decision ``seat`` must make now, or ``None`` when it is not its turn."""
    seat = _seat(facts, seat)
    if seat is None or facts.turn != seat:
        return None
    if facts.phase is Phase.BIDDING and len(facts.bids) >= facts.players:
        return None
    return _PHASE_DECISIONS.get(facts.phase)


# --- bidding and the call ------------------------------------------------------------------------


def highest_bid(facts: Facts) -> Contract | None:
    return facts.rules.highest_bid(facts.bids)


def legal_bids(facts: Facts) -> list[Bid]:
    """Pass, or any contract above the highest bid so far."""
    return L.bids_above(facts.rules, highest_bid(facts))


def callable_cards(facts: Facts) -> list[Card]:
    """The cards the taker may call."""
    assert facts.taker is not None
    return L.callable_in(facts.rules, facts.hand_of(facts.taker))


# --- the discard ---------------------------------------------------------------------------------


def discard_options(facts: Facts) -> DiscardOptions:
    """What the taker's discard must be, counted over the hand plus the discard already made
    (a discard may be changed)."""
    return L.discard_options_for(facts.rules, facts.players, _taker_cards(facts))


def _taker_cards(facts: Facts) -> Mask:
    assert facts.taker is not None
    return facts.hand_of(facts.taker) | facts.discard_mask()


def _declared(facts: Facts, seat: int) -> bool:
    return seat in facts.handfuls or bool(facts.miseres.get(seat))


def can_change_discard(facts: Facts, seat: int | None = None) -> bool:
    """The taker may (re)make the discard until its first card or its first declaration."""
    seat = _seat(facts, seat)
    if seat is None:
        return False
    return L.discard_is_open(facts.contract_rule(), facts.taker, seat, facts.phase,
                             facts.has_played(seat), _declared(facts, seat))


def discard_refusal(facts: Facts, cards: Sequence[Card], complete: bool = True,
                    seat: int | None = None) -> Refusal | None:
    """Why ``cards`` may not be ``seat``'s discard (``complete=False``: may not be part of
    the one being made), or ``None``."""
    seat = _seat(facts, seat)
    if seat is None or seat != facts.taker or not can_change_discard(facts, seat):
        return Refusal("no_discard_now", seat=seat)
    return L.discard_refusal(discard_options(facts), _taker_cards(facts), cards, complete)


# --- handfuls and misères ------------------------------------------------------------------------


def before_first_card(facts: Facts, seat: int | None = None) -> bool:
    """It is ``seat``'s turn to play and it has not played yet: declarations are open."""
    seat = _seat(facts, seat)
    return (seat is not None and facts.phase is Phase.PLAYING and facts.turn == seat
            and not facts.has_played(seat))


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


def handful_options(facts: Facts, seat: int | None = None) -> list[HandfulOption]:
    """The handfuls ``seat`` may show now, lowest level first."""
    seat = _seat(facts, seat)
    if seat is None or not before_first_card(facts, seat) or seat in facts.handfuls:
        return []
    hand = facts.hand_of(seat)
    trumps = hand & C.TRUMP_MASK
    count = trumps.bit_count()
    return [HandfulOption(level, size, trumps, count < size)
            for level, size in L.handful_levels(facts.rules, facts.players, hand)]


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


def handful_refusal(facts: Facts, cards: Sequence[Card], size: int | None = None,
                    seat: int | None = None) -> Refusal | None:
    """Why ``cards`` cannot be shown as ``seat``'s handful now (``size``: the level being
    chosen), or ``None``."""
    seat = _seat(facts, seat)
    if seat is None or not before_first_card(facts, seat):
        return Refusal("handful_not_now", seat=seat)
    if seat in facts.handfuls:
        return Refusal("handful_again", seat=seat)
    return L.handful_refusal(facts.rules, facts.players, seat, facts.hand_of(seat), cards,
                             size)


def misere_options(facts: Facts, seat: int | None = None) -> list[str]:
    """The misères ``seat`` may still announce now (``miseres`` variant)."""
    seat = _seat(facts, seat)
    if seat is None or not before_first_card(facts, seat):
        return []
    return L.misere_kinds(facts.rules, facts.hand_of(seat), facts.miseres.get(seat, ()))


# --- cards ---------------------------------------------------------------------------------------


def legal_plays(facts: Facts) -> Mask:
    """The cards the seat to play may play now, as a mask (a view: empty when it is not its
    turn to play)."""
    return facts.legal_mask()


def play_refusal(facts: Facts, card: Card, seat: int | None = None) -> Refusal | None:
    """Why ``seat`` may not play ``card`` now, or ``None`` when it may."""
    seat = _seat(facts, seat)
    if facts.phase in (Phase.FINISHED, Phase.CANCELLED):
        return Refusal("deal_over", seat=seat, name=facts.phase.value)
    if seat is None or facts.turn != seat:
        return Refusal("not_your_turn", seat=seat, other=facts.turn)
    if facts.phase is not Phase.PLAYING:
        return Refusal("no_play_now", seat=seat, name=facts.phase.value)
    return L.play_refusal(seat, facts.hand_of(seat), facts.trick_cards(), facts.legal_mask(),
                          facts.called, card)


def legal_actions(facts: Facts, seat: int | None = None) -> list[Action]:
    """``seat``'s choices for the phases whose choices are few (bids, calls, the slam
    decision, cards); empty when it is not its turn or the phase is a discard."""
    decision = pending(facts, seat)
    if decision is Decision.PLAY:
        return [Play(c) for c in C.iter_cards(facts.legal_mask())]
    if decision is Decision.BID:
        return list(legal_bids(facts))
    if decision is Decision.CALL:
        return [Call(c) for c in callable_cards(facts)]
    if decision is Decision.SLAM:
        return [DecideSlam(False), DecideSlam(True)]
    return []


# --- the engine's check of a command -------------------------------------------------------------


def check_action(facts: Facts, seat: int, action: Action) -> None:
    """Raise :class:`~engine.legal.IllegalAction` unless ``seat`` may take ``action`` now."""
    refusal: Refusal | None
    if facts.phase in (Phase.FINISHED, Phase.CANCELLED):
        refusal = Refusal("deal_over", seat=seat, name=facts.phase.value)
    elif isinstance(action, Discard):
        refusal = _discard_check(facts, seat, action.cards)
    elif isinstance(action, ShowHandful):
        refusal = handful_refusal(facts, action.cards, seat=seat)
    elif isinstance(action, AnnounceMisere):
        refusal = _misere_check(facts, seat, action.misere)
    elif facts.turn != seat:
        refusal = Refusal("not_your_turn", seat=seat, other=facts.turn)
    elif isinstance(action, Bid):
        refusal = _bid_check(facts, seat, action.contract)
    elif isinstance(action, Call):
        refusal = _call_check(facts, seat, action.card)
    elif isinstance(action, DecideSlam):
        refusal = (None if facts.phase is Phase.SLAM
                   else Refusal("no_slam_now", seat=seat, name=facts.phase.value))
    elif isinstance(action, Play):
        refusal = play_refusal(facts, action.card, seat)
    else:  # pragma: no cover - the Action union is closed
        raise TypeError(f"unknown action {action!r}")
    if refusal is not None:
        raise IllegalAction(refusal)


def _bid_check(facts: Facts, seat: int, contract: str | None) -> Refusal | None:
    if facts.phase is not Phase.BIDDING:
        return Refusal("no_bid_now", seat=seat, name=facts.phase.value)
    if contract is None:
        return None
    try:
        wanted = facts.rules.contract(contract)
    except ValueError:
        return Refusal("unknown_contract", seat=seat, name=contract)
    best = highest_bid(facts)
    if best is not None and wanted.rank <= best.rank:
        return Refusal("bid_not_higher", seat=seat, name=wanted.name, other_name=best.name)
    return None


def _call_check(facts: Facts, seat: int, card: Card) -> Refusal | None:
    if facts.phase is not Phase.CALLING:
        return Refusal("no_call_now", seat=seat, name=facts.phase.value)
    allowed = callable_cards(facts)
    if card not in allowed:
        return Refusal("not_callable", seat=seat, card=card, cards=tuple(allowed))
    return None


def _discard_check(facts: Facts, seat: int, cards: Sequence[Card]) -> Refusal | None:
    if (facts.taker == seat and not can_change_discard(facts, seat) and facts.discard_mask()
            and _declared(facts, seat) and not facts.has_played(seat)):
        what = "a handful" if seat in facts.handfuls else "a misère"
        return Refusal("discard_final", seat=seat, name=what)
    return discard_refusal(facts, cards, seat=seat)


def _misere_check(facts: Facts, seat: int, misere: str) -> Refusal | None:
    if not facts.rules.miseres:
        return Refusal("miseres_off", seat=seat)
    if misere not in MISERES:
        return Refusal("unknown_misere", seat=seat, name=misere)
    if misere not in misere_options(facts, seat):
        return Refusal("misere_not_now", seat=seat, name=misere)
    return None
