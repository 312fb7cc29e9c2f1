"""What one seat may know: the only input that bots and the table get.

:func:`view_for` builds a :class:`SeatView` from the full :class:`DealState`: the seat's own
hand, everything public (bids, the call, the dog when it was shown, trumps shown in a discard,
handfuls, misères, every card played and every trick), the taker's own discard for the taker,
and the partner only once the called card has been played (or for the partner itself, who
holds it). Hidden cards never reach the view; the other hands appear only as card counts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from engine import cards as C
from engine.cards import Card, Mask
from engine.events import DealDealt, Discarded, Event
from engine.rules import Contract, Rules
from engine.state import DealState, Phase, apply


@dataclass(frozen=True)
class TrickView:
    leader: int
    cards: tuple[Card, ...]
    winner: int | None  # None while the trick is being played

    def seats(self, players: int) -> list[int]:
        return [(self.leader + i) % players for i in range(len(self.cards))]

    def winning(self) -> int | None:
        """The position (in play order) of the card winning the trick so far."""
        return C.winning_position(self.cards)


@dataclass(frozen=True)
class SeatView:
    seat: int
    players: int
    rules: Rules
    dealer: int
    phase: Phase
    turn: int | None
    hand: tuple[Card, ...]  # sorted for display: trumps, Excuse, suits alternating colours
    hand_mask: int
    hand_counts: tuple[int, ...]  # cards left in each seat's hand
    bids: tuple[tuple[int, str | None], ...]
    taker: int | None
    contract: str | None
    called: Card | None
    partner: int | None  # known partner; None while hidden or when nobody is
    partner_known: bool  # True once the seat knows who the partner is (or that there is none)
    dog: tuple[Card, ...] | None  # the dog when it was shown (or at the end)
    discard: tuple[Card, ...] | None  # the taker's own discard, for the taker (and at the end)
    discard_shown: tuple[Card, ...]  # trumps put in the discard, shown to all
    slam_announced: bool
    handfuls: dict[int, tuple[Card, ...]]
    miseres: dict[int, tuple[str, ...]]
    tricks: tuple[TrickView, ...]
    trick: TrickView  # the trick on the table
    played: int  # mask of every card played so far
    legal_plays: tuple[Card, ...]  # when it is this seat's turn to play
    scores: tuple[int, ...] | None
    cancelled: str | None

    @property
    def my_turn(self) -> bool:
        return self.turn == self.seat

    @property
    def out_of_play(self) -> int:
        """The mask of the cards the seat knows are in no other hand: played, or set aside
        in a discard (its own, or the trumps shown in one)."""
        return self.played | C.mask_of(self.discard or ()) | C.mask_of(self.discard_shown)

    @property
    def known(self) -> int:
        """The mask of every card this seat may see face up now: its hand, every card
        played, the dog once shown, its own discard (or the trumps shown in one), the
        handfuls shown."""
        mask = self.hand_mask | self.played | C.mask_of(self.discard_shown)
        mask |= C.mask_of(self.dog or ()) | C.mask_of(self.discard or ())
        for cards in self.handfuls.values():
            mask |= C.mask_of(cards)
        return mask

    @property
    def last_trick(self) -> TrickView | None:
        return self.tricks[-1] if self.tricks else None

    # --- the facts the rules read (engine.facts.Facts) ---------------------------------------

    def deciding(self) -> int:
        return self.seat

    def contract_rule(self) -> Contract | None:
        return self.rules.contract(self.contract) if self.contract else None

    def hand_of(self, seat: int) -> Mask:
        if seat != self.seat:
            raise ValueError(f"seat {seat}'s hand is hidden from seat {self.seat}")
        return self.hand_mask

    def discard_mask(self) -> Mask:
        return C.mask_of(self.discard or ())

    def has_played(self, seat: int) -> bool:
        """Whether ``seat`` has played a card in this deal."""
        if self.tricks:
            return True  # every seat plays to every trick
        return seat in self.trick.seats(self.players)

    def trick_cards(self) -> tuple[Card, ...]:
        return self.trick.cards

    def legal_mask(self) -> Mask:
        return C.mask_of(self.legal_plays)

    def shown_voids(self) -> dict[int, set[int]]:
        """The suits (0-3, and trumps: 4) each other seat showed it lacks in the tricks: it
        did not follow the suit led (and, not trumping a plain suit, it lacks trumps too).

        >>> from engine.deal import Deal
        >>> from engine.rules import load_rules
        >>> view_for(Deal.new(load_rules(), 4, dealer=0, seed=1).state, 0).shown_voids()
        {}
        """
        voids: dict[int, set[int]] = {}
        for trick in (*self.tricks, self.trick):
            led: int | None = None
            for seat, card in zip(trick.seats(self.players), trick.cards, strict=True):
                if card == C.EXCUSE:
                    continue
                suit = C.SUIT_OF[card]
                if led is None:
                    led = suit
                    continue
                if suit != led:
                    voids.setdefault(seat, set()).add(led)
                    if led != C.TRUMP and suit != C.TRUMP:
                        voids[seat].add(C.TRUMP)
        voids.pop(self.seat, None)
        return voids


def view_for(state: DealState, seat: int) -> SeatView:
    """What ``seat`` may know of ``state``."""
    if not 0 <= seat < state.n:
        raise ValueError(f"no seat {seat} in a {state.n}-player deal")
    over = state.is_over
    # The dog is face up once revealed; with Garde sans/contre it is only seen at the end.
    dog: tuple[Card, ...] | None = None
    if dog_revealed(state) or (over and state.phase is Phase.FINISHED):
        dog = tuple(C.cards_of(state.dog))
    partner_known, partner = _partner_for(state, seat)
    played = 0
    tricks = []
    for leader, cards, winner in state.tricks:
        tricks.append(TrickView(leader, cards, winner))
        played |= C.mask_of(cards)
    played |= C.mask_of(state.trick)
    legal: tuple[Card, ...] = ()
    if state.phase is Phase.PLAYING and state.turn == seat:
        legal = tuple(C.cards_of(state.legal_plays()))
    see_discard = seat == state.taker or state.phase is Phase.FINISHED
    return SeatView(
        seat=seat,
        players=state.n,
        rules=state.rules,
        dealer=state.dealer,
        phase=state.phase,
        turn=state.turn,
        hand=tuple(C.sort_for_hand(C.cards_of(state.hands[seat]))),
        hand_mask=state.hands[seat],
        hand_counts=tuple(h.bit_count() for h in state.hands),
        bids=tuple(state.bids),
        taker=state.taker,
        contract=state.contract.name if state.contract else None,
        called=state.called,
        partner=partner,
        partner_known=partner_known,
        dog=dog,
        discard=tuple(C.cards_of(state.discard)) if see_discard and state.discard else None,
        discard_shown=tuple(C.cards_of(state.discard_shown)),
        slam_announced=state.slam_announced,
        handfuls=dict(state.handfuls),
        miseres=dict(state.miseres),
        tricks=tuple(tricks),
        trick=TrickView(state.leader, tuple(state.trick), None),
        played=played,
        legal_plays=legal,
        scores=state.scores,
        cancelled=state.cancelled,
    )


def dog_revealed(state: DealState) -> bool:
    """Whether the dog has been turned face up for all (Petite, Garde): from its
    ``DogRevealed`` event on, when it joins the taker's hand."""
    contract = state.contract
    if contract is None or not contract.dog_shown or state.taker is None:
        return False
    if state.phase in (Phase.NEW, Phase.BIDDING, Phase.CALLING):
        return False
    if state.phase is Phase.DISCARDING:
        return state.hands[state.taker] & state.dog == state.dog
    return True


def _partner_for(state: DealState, seat: int) -> tuple[bool, int | None]:
    """Whether ``seat`` knows the partner, and who it is (``None``: the taker is alone)."""
    if state.n != 5 or state.called is None:
        return state.n != 5, None
    if state.partner_revealed or state.phase is Phase.FINISHED:
        return True, state.partner
    if seat == state.partner:
        return True, seat  # the partner holds the called card and knows it
    if seat == state.taker and (state.hands[seat] | state.discard) >> state.called & 1:
        return True, None  # the taker called a card of their own (kept, or since discarded
        # where any card may be called): alone, and knows it
    if dog_revealed(state) and state.dog >> state.called & 1:
        return True, None  # the called card turned up in the dog, face up: alone
    return False, None


@dataclass(frozen=True)
class ViewStep:
    """One event as a seat lived it: the event in the form that seat may see, and the seat's
    views just before and just after it. The table animates a step from its two views."""

    event: Event
    before: SeatView
    after: SeatView


def view_steps(start: DealState, events: Sequence[Event], seat: int) -> list[ViewStep]:
    """The steps of ``events`` for ``seat``, folded from ``start`` (the state just before the
    first of them; it is not changed)."""
    steps = []
    state = start
    before = view_for(state, seat)
    for event in events:
        state = apply(state, event)
        after = view_for(state, seat)
        steps.append(ViewStep(public_events((event,), seat)[0], before, after))
        before = after
    return steps


def public_events(events: Sequence[Event], seat: int) -> list[Event]:
    """The log as ``seat`` saw it: other hands, the hidden dog and a discard that is not the
    seat's own are blanked (trumps shown in a discard stay, as does a revealed dog)."""
    out: list[Event] = []
    for event in events:
        if isinstance(event, DealDealt):
            hands = tuple(hand if i == seat else () for i, hand in enumerate(event.hands))
            event = replace(event, hands=hands, dog=(), seed=None)
        elif isinstance(event, Discarded) and event.seat != seat:
            event = replace(event, cards=event.shown)
        out.append(event)
    return out
