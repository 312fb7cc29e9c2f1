"""The state of one deal, and the fold of events into it.

:class:`DealState` is a compact, mutable record (hands are ``int`` bitmasks) with two ways in:

* the **event fold**: :func:`apply` (pure: returns a new state) and :func:`replay` (folds a
  whole log). This is what the game, saves and the replay viewer use.
* the **fast path** for simulations: :meth:`DealState.legal_plays` and
  :meth:`DealState.play` work in place with no event objects, sharing the same helpers as
  the fold so that both always agree. Bots copy a state (:meth:`DealState.copy`) and play it
  out thousands of times. These methods and the fields they change are the play core's
  (:mod:`engine.playcore`: compiled where it was built, in Python everywhere).

Rules checking lives in :mod:`engine.legal` and the writing of events in
:mod:`engine.commands`; this module trusts what it is given.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from engine import cards as C
from engine import playcore
from engine.cards import Card, Mask
from engine.events import (
    BidMade,
    CardPlayed,
    DealCancelled,
    DealDealt,
    DealScored,
    Discarded,
    DogRevealed,
    Event,
    HandfulShown,
    KingCalled,
    MisereAnnounced,
    PartnerRevealed,
    SlamAnnounced,
    SlamDeclined,
    TrickWon,
)
from engine.rules import Contract, Rules


class Phase(enum.Enum):
    NEW = "new"
    BIDDING = "bidding"
    CALLING = "calling"
    DISCARDING = "discarding"
    SLAM = "slam"  # the taker decides whether to announce a slam
    PLAYING = "playing"
    FINISHED = "finished"
    CANCELLED = "cancelled"


TAKER_CAMP, DEFENCE_CAMP = playcore.TAKER_CAMP, playcore.DEFENCE_CAMP

if TYPE_CHECKING:
    from engine.playcore import PyPlayCore as PlayCore
else:
    PlayCore = playcore.load(Phase.FINISHED)


class DealState(PlayCore):
    """Everything about one deal, as the engine (which sees all cards) knows it.

    The fields a card changes, with :meth:`legal_plays` and :meth:`play`, are the play
    core's (:mod:`engine.playcore`); the others are this class's own slots.
    """

    __slots__ = (
        "bids",
        "cancelled",
        "contract",
        "dealer",
        "dealt",
        "discard",
        "discard_shown",
        "dog",
        "handfuls",
        "miseres",
        "rules",
        "scores",
        "seed",
        "slam_announced",
    )

    #: Every field, the core's and its own.
    FIELDS = tuple(sorted((*playcore.FIELDS, *__slots__)))

    def __init__(self, rules: Rules, players: int) -> None:
        self.rules = rules
        self.n = players
        self.dealer = 0
        self.seed: int | None = None
        self.phase = Phase.NEW
        self.turn: int | None = None
        self.hands: list[Mask] = [0] * players
        self.dealt: tuple[tuple[Card, ...], ...] = ()
        self.dog: Mask = 0
        self.bids: list[tuple[int, str | None]] = []
        self.taker: int | None = None
        self.contract: Contract | None = None
        self.called: Card | None = None
        self.partner: int | None = None  # the true partner; None when the taker is alone
        self.partner_revealed = False
        self.discard: Mask = 0
        self.discard_shown: Mask = 0
        self.slam_announced = False
        self.handfuls: dict[int, tuple[Card, ...]] = {}
        self.miseres: dict[int, tuple[str, ...]] = {}
        self.played_seats = 0  # bit s set once seat s has played a card
        self.leader = 0
        self.trick: list[Card] = []
        self.trick_index = 0
        self.win_card = -1
        self.win_pos = -1
        self.high_trump = 0
        self.follow: Mask = 0  # the suit led (trumps included), once a card other than the Excuse
        self.tricks: list[tuple[int, tuple[Card, ...], int]] = []  # (leader, cards, winner)
        self.tricks_total = rules.setup(players).hand  # read on every trick: kept at hand
        self.camp_won: list[Mask] = [0, 0]  # cards won in tricks, the Excuse aside
        self.camp_tricks = [0, 0]
        self.excuse_player = -1
        self.excuse_trick = -1
        self.excuse_winner = -1
        self.scores: tuple[int, ...] | None = None
        self.cancelled: str | None = None

    # --- copying and comparing -------------------------------------------------------------

    def copy(self) -> DealState:
        """An independent copy (lists and dicts copied, tuples and ints shared).

        Written out field by field: bots copy states thousands of times a move.
        """
        new = DealState.__new__(DealState)
        new.bids = self.bids[:]
        new.called = self.called
        new.camp_tricks = self.camp_tricks[:]
        new.camp_won = self.camp_won[:]
        new.cancelled = self.cancelled
        new.contract = self.contract
        new.dealer = self.dealer
        new.dealt = self.dealt
        new.discard = self.discard
        new.discard_shown = self.discard_shown
        new.dog = self.dog
        new.excuse_player = self.excuse_player
        new.excuse_trick = self.excuse_trick
        new.excuse_winner = self.excuse_winner
        new.follow = self.follow
        new.handfuls = self.handfuls.copy()
        new.hands = self.hands[:]
        new.high_trump = self.high_trump
        new.leader = self.leader
        new.miseres = self.miseres.copy()
        new.n = self.n
        new.partner = self.partner
        new.partner_revealed = self.partner_revealed
        new.phase = self.phase
        new.played_seats = self.played_seats
        new.rules = self.rules
        new.scores = self.scores
        new.seed = self.seed
        new.slam_announced = self.slam_announced
        new.taker = self.taker
        new.trick = self.trick[:]
        new.trick_index = self.trick_index
        new.tricks = self.tricks[:]
        new.tricks_total = self.tricks_total
        new.turn = self.turn
        new.win_card = self.win_card
        new.win_pos = self.win_pos
        return new

    def __reduce__(self) -> tuple[Callable[[tuple[object, ...]], DealState], tuple[object, ...]]:
        # The compiled core's fields are not slots, which pickle would leave out: every field
        # is given by name, whatever the protocol (states go to the bots' worker processes).
        return _rebuilt, (tuple(getattr(self, name) for name in DealState.FIELDS),)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DealState):
            return NotImplemented
        return self.rules == other.rules and all(
            getattr(self, n) == getattr(other, n) for n in DealState.FIELDS if n != "rules"
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"<DealState {self.n}p {self.phase.value} turn={self.turn} taker={self.taker} "
            f"contract={self.contract} trick={self.trick_index}>"
        )

    # --- derived facts ----------------------------------------------------------------------

    def highest_bid(self) -> Contract | None:
        return self.rules.highest_bid(self.bids)

    # --- the facts the rules read (engine.facts.Facts) ---------------------------------------

    @property
    def players(self) -> int:
        return self.n

    def deciding(self) -> int | None:
        return self.turn

    def contract_rule(self) -> Contract | None:
        return self.contract

    def hand_of(self, seat: int) -> Mask:
        return self.hands[seat]

    def discard_mask(self) -> Mask:
        return self.discard

    def has_played(self, seat: int) -> bool:
        return bool(self.played_seats >> seat & 1)

    def trick_cards(self) -> list[Card]:
        return self.trick

    def legal_mask(self) -> Mask:
        return self.legal_plays()

    def seat_to_speak(self) -> int:
        return (self.dealer + 1 + len(self.bids)) % self.n

    def first_leader(self) -> int:
        if self.slam_announced and self.taker is not None:
            return self.taker
        return (self.dealer + 1) % self.n

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.FINISHED or self.phase is Phase.CANCELLED

    # --- helpers shared by the fold --------------------------------------------------------------

    def start_play(self) -> None:
        self.phase = Phase.PLAYING
        self.leader = self.first_leader()
        self.turn = self.leader

    def after_contract(self) -> None:
        """Bidding (and the call) settled: show the dog or go straight to the slam decision."""
        contract = self.contract
        assert contract is not None
        if contract.dog_shown:
            self.phase = Phase.DISCARDING  # the DogRevealed event follows
        else:
            self.phase = Phase.SLAM
        self.turn = self.taker


# --- the fold ---------------------------------------------------------------------------------


def _rebuilt(values: tuple[object, ...]) -> DealState:
    """A state from its fields' values, in the order of ``DealState.FIELDS`` (unpickling)."""
    state = DealState.__new__(DealState)
    for name, value in zip(DealState.FIELDS, values, strict=True):
        setattr(state, name, value)
    return state


def apply(state: DealState, event: Event) -> DealState:
    """The state after ``event``; ``state`` itself is left unchanged."""
    new = state.copy()
    apply_in_place(new, event)
    return new


def replay(rules: Rules, events: Iterable[Event], players: int | None = None) -> DealState:
    """Fold a whole event log (it must start with ``DealDealt``) into a fresh state."""
    state: DealState | None = None
    for event in events:
        if state is None:
            if not isinstance(event, DealDealt):
                raise ValueError("a deal's event log must start with deal_dealt")
            state = DealState(rules, event.players)
        apply_in_place(state, event)
    if state is None:
        if players is None:
            raise ValueError("an empty event log needs a player count")
        state = DealState(rules, players)
    return state


def apply_in_place(state: DealState, event: Event) -> None:
    handler = _HANDLERS[type(event)]
    handler(state, event)


def _dealt(s: DealState, e: DealDealt) -> None:
    s.dealer = e.dealer
    s.seed = e.seed
    s.dealt = e.hands
    s.hands = [C.mask_of(hand) for hand in e.hands]
    s.dog = C.mask_of(e.dog)
    s.phase = Phase.BIDDING
    s.turn = (e.dealer + 1) % s.n


def _cancelled(s: DealState, e: DealCancelled) -> None:
    s.phase = Phase.CANCELLED
    s.cancelled = e.reason
    s.turn = None
    s.scores = (0,) * s.n


def _bid(s: DealState, e: BidMade) -> None:
    s.bids.append((e.seat, e.contract))
    if len(s.bids) < s.n:
        s.turn = s.seat_to_speak()
        return
    best = s.highest_bid()
    if best is None:
        s.turn = None  # DealCancelled follows
        return
    s.contract = best
    s.taker = next(seat for seat, name in s.bids
                   if name is not None and s.rules.contract(name) is best)
    if s.n == 5:
        s.phase = Phase.CALLING
        s.turn = s.taker
    else:
        s.after_contract()


def _called(s: DealState, e: KingCalled) -> None:
    s.called = e.card
    bit = 1 << e.card
    s.partner = None
    for seat in range(s.n):
        if s.hands[seat] & bit and seat != s.taker:
            s.partner = seat
    s.after_contract()


def _dog_revealed(s: DealState, e: DogRevealed) -> None:
    assert s.taker is not None
    s.hands[s.taker] |= s.dog
    s.phase = Phase.DISCARDING
    s.turn = s.taker


def _discarded(s: DealState, e: Discarded) -> None:
    assert s.taker is not None
    s.hands[s.taker] |= s.discard  # a changed discard returns to the hand first
    s.discard = C.mask_of(e.cards)
    s.discard_shown = C.mask_of(e.shown)
    s.hands[s.taker] &= ~s.discard
    if s.phase is Phase.DISCARDING:
        s.phase = Phase.SLAM
        s.turn = s.taker


def _slam_announced(s: DealState, e: SlamAnnounced) -> None:
    s.slam_announced = True
    s.start_play()


def _slam_declined(s: DealState, e: SlamDeclined) -> None:
    s.start_play()


def _handful(s: DealState, e: HandfulShown) -> None:
    s.handfuls[e.seat] = e.cards


def _misere(s: DealState, e: MisereAnnounced) -> None:
    s.miseres[e.seat] = (*s.miseres.get(e.seat, ()), e.misere)


def _card_played(s: DealState, e: CardPlayed) -> None:
    s._add_card(e.card)


def _partner_revealed(s: DealState, e: PartnerRevealed) -> None:
    s.partner_revealed = True


def _trick_won(s: DealState, e: TrickWon) -> None:
    s._gather(e.seat)
    if s.trick_index == s.tricks_total:
        s.turn = None  # DealScored follows


def _scored(s: DealState, e: DealScored) -> None:
    s.scores = e.scores
    s.phase = Phase.FINISHED
    s.turn = None


_HANDLERS: dict[type, Callable[[DealState, Any], None]] = {
    DealDealt: _dealt,
    DealCancelled: _cancelled,
    BidMade: _bid,
    KingCalled: _called,
    DogRevealed: _dog_revealed,
    Discarded: _discarded,
    SlamAnnounced: _slam_announced,
    SlamDeclined: _slam_declined,
    HandfulShown: _handful,
    MisereAnnounced: _misere,
    CardPlayed: _card_played,
    PartnerRevealed: _partner_revealed,
    TrickWon: _trick_won,
    DealScored: _scored,
}
