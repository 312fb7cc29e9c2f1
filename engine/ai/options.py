"""The legal options of a seat, computed from its :class:`~engine.views.SeatView` alone.

Bots never see the :class:`~engine.state.DealState`, so everything they may choose from is
worked out here from what the seat knows. Each function follows its twin in
:mod:`engine.legal` rule for rule (the tests compare them on thousands of random states):

* :func:`pending` — which decision, if any, the seat has to make now;
* :func:`legal_bids`, :func:`callable_cards`, :func:`discard_options`,
  :func:`handful_options`, :func:`misere_options`, :func:`legal_plays`;
* :func:`legal_actions` — the choices whose number is small, like
  :func:`engine.legal.legal_actions`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from engine import cards as C
from engine.actions import PASS, Action, Bid, Call, DecideSlam, Play
from engine.cards import Card, Mask
from engine.legal import HANDFUL_LEVELS, DiscardOptions
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
    "handful_cards",
    "handful_options",
    "has_played",
    "highest_bid",
    "legal_actions",
    "legal_bids",
    "legal_plays",
    "misere_options",
    "pending",
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
    best: Contract | None = None
    for _, name in view.bids:
        if name is not None:
            contract = view.rules.contract(name)
            if best is None or contract.rank > best.rank:
                best = contract
    return best


def legal_bids(view: SeatView) -> list[Bid]:
    """Pass, or any contract above the highest bid so far."""
    best = highest_bid(view)
    floor = best.rank if best is not None else 0
    return [PASS] + [Bid(c.name) for c in view.rules.contracts if c.rank > floor]


def callable_cards(view: SeatView) -> list[Card]:
    """RULES.md §4: a king; a queen when holding all four kings; and so on down to jacks."""
    if view.rules.five_player_call == "any":
        return list(range(C.DECK_SIZE))
    hand = view.hand_mask
    out: list[Card] = []
    for rank in (C.KING, C.QUEEN, C.KNIGHT, C.JACK):
        ranked = [C.make_card(suit, rank) for suit in range(4)]
        out.extend(ranked)
        if not all(hand >> card & 1 for card in ranked):
            break
    return out


# --- the discard ---------------------------------------------------------------------------------


def discard_options(view: SeatView) -> DiscardOptions:
    """What the taker's discard must be (RULES.md §5); for the taker's own view.

    Counted over the hand plus the discard already made, as a discard may be changed.
    """
    hand = view.hand_mask | C.mask_of(view.discard or ())
    size = view.rules.setup(view.players).dog
    plain = hand & ~C.TRUMP_MASK & ~C.KING_MASK & ~C.EXCUSE_BIT
    if plain.bit_count() >= size:
        return DiscardOptions(size, plain, plain, 0)
    trumps = hand & C.TRUMP_MASK & ~C.OUDLER_MASK
    return DiscardOptions(size, plain | trumps, plain, size - plain.bit_count())


def can_change_discard(view: SeatView) -> bool:
    """The taker may (re)make the discard until playing their first card."""
    if view.contract is None or view.seat != view.taker:
        return False
    if not view.rules.contract(view.contract).dog_shown:
        return False
    if view.phase in (Phase.DISCARDING, Phase.SLAM):
        return True
    return view.phase is Phase.PLAYING and not has_played(view, view.seat)


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
    hand = view.hand_mask
    trumps = hand & C.TRUMP_MASK
    count = trumps.bit_count()
    excuse = 1 if hand & C.EXCUSE_BIT else 0
    thresholds = view.rules.handful_thresholds(view.players)
    return [
        HandfulOption(level, size, trumps, count < size)
        for level, size in zip(HANDFUL_LEVELS, thresholds, strict=True)
        if size <= count + excuse
    ]


def handful_cards(option: HandfulOption, keep: Mask = 0) -> tuple[Card, ...]:
    """The cards of a valid handful for ``option``: the lowest trumps first, those of ``keep``
    last and the strongest of them before the weakest (hiding the Petit rather than the 21)."""
    if option.needs_excuse:
        return (*C.cards_of(option.trumps), C.EXCUSE)
    cards = sorted(C.cards_of(option.trumps),
                   key=lambda c: (1, -c) if keep >> c & 1 else (0, c))
    return tuple(sorted(cards[: option.size]))


def misere_options(view: SeatView) -> list[str]:
    """The misères the seat may still announce now (``miseres`` variant)."""
    if not view.rules.miseres or not before_first_card(view):
        return []
    hand = view.hand_mask
    announced = view.miseres.get(view.seat, ())
    out = []
    if not hand & C.TRUMP_MASK and "trump" not in announced:
        out.append("trump")
    if not hand & (C.HEAD_MASK | C.OUDLER_MASK) and "heads" not in announced:
        out.append("heads")
    return out


# --- cards ---------------------------------------------------------------------------------------


def legal_plays(view: SeatView) -> Mask:
    """The cards the seat may play now, as a mask (empty when it is not its turn to play)."""
    return C.mask_of(view.legal_plays)


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
