"""What a seat knows when the club player chooses its card (:class:`Reading`), read from a seat's
view (:func:`reading_of_view`); the rules that use it are :mod:`engine.ai.club`, and the
expert's play-outs keep the same knowledge card by card (:mod:`engine.ai.club_tracker`).
"""

from __future__ import annotations

from engine import cards as C
from engine.cards import Card, Mask
from engine.state import Phase
from engine.views import SeatView

EXCUSE, FIRST_TRUMP, TWENTY_ONE, TRUMP = C.EXCUSE, C.FIRST_TRUMP, C.TWENTY_ONE, C.TRUMP
SUIT_OF, RANK_OF, HALF_POINTS, TRUMP_MASK = C.SUIT_OF, C.RANK_OF, C.HALF_POINTS, C.TRUMP_MASK


class Reading:
    """What the seat to play knows when it chooses a card."""

    __slots__ = ("attacking", "foes", "friends", "hand", "hunters", "later", "led", "legal",
                 "me", "n", "no_trumps", "points", "slam_on", "taker", "taker_trumps", "trick",
                 "tricks_left", "unseen", "void", "win_card", "winner")

    def __init__(self) -> None:
        self.n = 0
        self.me = 0
        self.taker = 0
        self.hand: Mask = 0
        self.legal: Mask = 0
        self.unseen: Mask = 0  # cards neither played, in the hand, nor in the seat's own discard
        self.void: list[int] = []  # per seat, the suits (bit s) it showed it lacks
        self.no_trumps = 0  # seats (bit s) that showed they have no trump
        self.friends = 0  # seats (bit s) surely of the seat's camp
        self.foes = 0  # seats (bit s) surely of the other camp
        self.attacking = False
        self.trick: tuple[Card, ...] | list[Card] = ()
        self.later: list[int] = []  # seats still to play to this trick, in order
        self.win_card = -1
        self.winner = -1  # the seat winning the trick so far, -1 when nothing but the Excuse
        self.led = -1  # the suit led, -1 when nothing but the Excuse
        self.points = 0  # half points in the trick, the Excuse aside
        self.tricks_left = 0
        self.slam_on = False  # the seat's camp (as it knows it) has won every trick so far
        self.hunters = 0  # seats (bit s) other than the taker that led an odd trump: a hunt
        self.taker_trumps = 0  # trumps the table knows the taker still holds (dog, handful)


def note_card(void: list[int], no_trumps: int, seat: int, card: Card, led: int) -> int:
    """Record what ``seat`` showed by playing ``card`` to a trick led in ``led`` (a suit, or
    -1 for the first real card): a suit it lacks, no trump; returns the new ``no_trumps``."""
    if led < 0 or card == EXCUSE:
        return no_trumps
    suit = SUIT_OF[card]
    if led != TRUMP:
        if suit != led:
            void[seat] |= 1 << led
            if suit != TRUMP:
                no_trumps |= 1 << seat
    elif suit != TRUMP:
        no_trumps |= 1 << seat
    return no_trumps


def is_hunt_signal(card: Card) -> bool:
    """Whether ``card``, led by a defender, asks its partners to lead trumps: an odd trump
    from 3 to 19 (the hunt of the taker's Petit, docs/bots.md)."""
    return FIRST_TRUMP < card < TWENTY_ONE and RANK_OF[card] % 2 == 1


def set_camps(r: Reading, partner: int | None, partner_known: bool) -> None:
    """Friends and foes as the seat knows them (``partner`` only when known)."""
    me, taker, n = r.me, r.taker, r.n
    others = ((1 << n) - 1) & ~(1 << me)
    known = partner if partner_known else None
    r.attacking = me == taker or known == me
    if me == taker:
        r.friends = 1 << known if known is not None else 0
        r.foes = others & ~r.friends
    elif r.attacking:
        r.friends = 1 << taker
        r.foes = others & ~r.friends
    elif n < 5 or partner_known:
        r.foes = 1 << taker | (1 << known if known is not None else 0)
        r.friends = others & ~r.foes
    else:  # five players, partner hidden: only the taker is surely a foe
        r.friends, r.foes = 0, 1 << taker


def _trick_state(r: Reading, leader: int, trick: tuple[Card, ...] | list[Card]) -> None:
    n = r.n
    r.trick = trick
    r.later = [(leader + i) % n for i in range(len(trick) + 1, n)]
    win, pos, points, led = -1, -1, 0, -1
    for i, card in enumerate(trick):
        if card == EXCUSE:
            continue
        points += HALF_POINTS[card]
        if win < 0:
            win, pos, led = card, i, SUIT_OF[card]
        elif card >= FIRST_TRUMP:
            if card > win or win < FIRST_TRUMP:
                win, pos = card, i
        elif win < FIRST_TRUMP and card > win and SUIT_OF[card] == SUIT_OF[win]:
            win, pos = card, i
    r.win_card, r.led, r.points = win, led, points
    r.winner = (leader + pos) % n if pos >= 0 else -1


def reading_of_view(view: SeatView) -> Reading:
    """The reading of a seat's view (the seat must be the one to play)."""
    n = view.players
    r = Reading()
    r.n, r.me = n, view.seat
    assert view.taker is not None
    r.taker = view.taker
    r.hand = view.hand_mask
    r.legal = C.mask_of(view.legal_plays)
    own_aside = C.mask_of(view.discard or ()) if view.seat == view.taker else 0
    r.unseen = C.FULL_DECK & ~view.played & ~r.hand & ~own_aside
    r.void = [0] * n
    no_trumps = 0
    hunters = 0
    for trick in (*view.tricks, view.trick):
        if trick.cards and trick.leader != r.taker and is_hunt_signal(trick.cards[0]):
            hunters |= 1 << trick.leader
        led = -1
        for i, card in enumerate(trick.cards):
            no_trumps = note_card(r.void, no_trumps, (trick.leader + i) % n, card, led)
            if led < 0 and card != EXCUSE:
                led = SUIT_OF[card]
    r.no_trumps = no_trumps
    r.hunters = hunters
    known = C.mask_of(view.handfuls.get(r.taker, ()))
    if view.dog is not None and view.phase is not Phase.FINISHED:
        known |= C.mask_of(view.dog)
    known &= TRUMP_MASK & ~view.played & ~C.mask_of(view.discard_shown)
    r.taker_trumps = known.bit_count()
    set_camps(r, view.partner, view.partner_known)
    _trick_state(r, view.trick.leader, view.trick.cards)
    r.tricks_left = view.hand_counts[r.me]
    mine = r.friends | 1 << r.me
    r.slam_on = r.attacking and bool(view.tricks) and all(
        t.winner is not None and mine >> t.winner & 1 for t in view.tricks)
    return r


__all__ = ["Reading", "is_hunt_signal", "note_card", "reading_of_view", "set_camps"]
