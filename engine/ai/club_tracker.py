"""The club player's knowledge in a play-out: what every seat of a sampled deal has seen,
kept up to date card by card.

The expert plays each sampled deal out with every seat a club player (:mod:`engine.ai.club`)
who sees only its own hand and what the table has shown. A :class:`Tracker` keeps that
knowledge as the cards fall (cards played, suits each seat showed it lacks, seats without
trumps, the trick's points), so a play-out never rebuilds it from the tricks, and fills in the
:class:`~engine.ai.club.Reading` of the seat to play for each decision.

On a deal of the compiled play core the card, a whole play-out and the replay of the cards
played so far run in the compiled twin (``engine/_club.c``); :meth:`Tracker.reading` and
:meth:`Tracker.play` stay the reference it follows.
"""

from __future__ import annotations

from engine import cards as C
from engine import speedups
from engine.ai.club import (
    EXCUSE,
    EXCUSE_BIT,
    HALF_POINTS,
    SUIT_MASKS,
    SUIT_OF,
    TRUMP_MASK,
    Reading,
    choose_card,
    is_hunt_signal,
    note_card,
    set_camps,
)
from engine.cards import Card, Mask
from engine.state import DealState

#: The compiled twins of :meth:`Tracker.card`, a play-out and a replay (``engine/_club.c``),
#: where built; they run on a deal of the compiled play core.
_CARD = speedups.compiled("club_card")
_ROLLOUT = speedups.compiled("club_rollout")
_REPLAY = speedups.compiled("club_replay")
_CORE = speedups.compiled("PlayCore")


class Tracker:
    """The knowledge of every seat of a deal being played out, kept up to date card by card:
    cards played, the suits each seat showed it lacks, the seats without trumps, the trick's
    points. One :class:`Reading` is filled in again for each decision (a play-out asks for
    one a card), and each seat's friends and foes are worked out again only when the partner
    shows."""

    __slots__ = ("camps", "fast", "hunters", "later", "led", "no_trumps", "open", "played",
                 "points", "r", "revealed", "state", "taker_known", "void")

    def __init__(self, state: DealState) -> None:
        self.state = state
        n = state.n
        self.void = [0] * n
        self.no_trumps = 0
        self.hunters = 0
        assert state.taker is not None
        self.taker_known = taker_known(state)
        played = 0
        for leader, cards, _ in state.tricks:
            self._note_trick(leader, cards)
            for card in cards:
                played |= 1 << card
        self._note_trick(state.leader, state.trick)
        self.points = 0
        for card in state.trick:
            played |= 1 << card
            if card != EXCUSE:
                self.points += HALF_POINTS[card]
        self.played = played
        self.led = -1
        for card in state.trick:
            if card != EXCUSE:
                self.led = SUIT_OF[card]
                break
        assert state.taker is not None
        self.r = r = Reading()
        r.n, r.taker, r.void = n, state.taker, self.void
        self.camps: list[tuple[int, int, bool] | None] = [None] * n
        self.revealed = state.partner_revealed
        self.later = _LATER[n]
        self.open = 0
        self.fast = compiled_for(state)

    def on(self, state: DealState) -> Tracker:
        """A tracker on ``state``, a deal at the same point as this tracker's, with the same
        knowledge: what the table has shown is the same in every sampled deal of a decision,
        so a play-out copies it rather than reading the tricks again."""
        tracker = Tracker.__new__(Tracker)
        tracker.state = state
        tracker.void = self.void[:]
        tracker.no_trumps = self.no_trumps
        tracker.hunters = self.hunters
        tracker.taker_known = self.taker_known
        tracker.played = self.played
        tracker.points = self.points
        tracker.led = self.led
        tracker.r = r = Reading()
        r.n, r.taker, r.void = state.n, self.r.taker, tracker.void
        tracker.camps = [None] * state.n
        tracker.revealed = state.partner_revealed
        tracker.later = self.later
        tracker.open = 0
        tracker.fast = compiled_for(state)
        return tracker

    def see_all(self, seats: int) -> None:
        """Let ``seats`` (a mask of seats) play as if they saw every hand: what each other
        seat holds and lacks, not only what the table has shown. This stands for a player who
        reads the cards better than a club player does (the expert weighing its own
        contract). Such a tracker is played in Python."""
        self.open = seats
        self.fast = self.fast and not seats

    def card(self, legal: Mask) -> Card:
        """The club player's card for the seat to play, ``legal`` its legal cards (more than
        one): ``choose_card(self.reading(legal))``, compiled where it can be."""
        if self.fast:
            return _CARD(self, legal)  # type: ignore[misc, no-any-return]
        return choose_card(self.reading(legal))

    def rollout(self) -> bool:
        """Play the deal to the end in the compiled code, every seat a club player; ``False``
        (nothing played) where the deal is played in Python (:func:`engine.ai.playout.rollout`)."""
        if not self.fast:
            return False
        _ROLLOUT(self)  # type: ignore[misc]
        return True

    def replay(self, cards: list[Card], skip: int) -> int:
        """Play ``cards`` in order (each for the seat to play); the number of them, seat
        ``skip``'s aside, that were the club player's card among several legal ones."""
        if self.fast:
            return _REPLAY(self, cards, skip)  # type: ignore[misc, no-any-return]
        s = self.state
        agreed = 0
        for card in cards:
            if s.turn != skip:
                legal = s.legal_plays()
                agreed += bool(legal & (legal - 1)) and self.card(legal) == card
            self.play(card)
        return agreed

    def _note_trick(self, leader: int, cards: tuple[Card, ...] | list[Card]) -> None:
        n = self.state.n
        if cards and leader != self.state.taker and is_hunt_signal(cards[0]):
            self.hunters |= 1 << leader
        led = -1
        for i, card in enumerate(cards):
            self.no_trumps = note_card(self.void, self.no_trumps, (leader + i) % n, card, led)
            if led < 0 and card != EXCUSE:
                led = SUIT_OF[card]

    def play(self, card: Card) -> None:
        """Play ``card`` for the seat to play in the state, and note what it shows."""
        s = self.state
        led = self.led
        if s.turn == s.leader and s.turn != s.taker and is_hunt_signal(card):
            self.hunters |= 1 << s.leader
        if card != EXCUSE:
            if led >= 0:
                self.no_trumps = note_card(self.void, self.no_trumps, s.turn,  # type: ignore[arg-type]
                                           card, led)
            else:
                self.led = SUIT_OF[card]
            self.points += HALF_POINTS[card]
        self.played |= 1 << card
        s.play(card)
        if not s.trick:
            self.led = -1
            self.points = 0

    def reading(self, legal: Mask) -> Reading:
        """What the seat to play knows now; ``legal`` is its legal cards. The same object
        comes back each time, filled in for the new decision."""
        s = self.state
        seat: int = s.turn  # type: ignore[assignment]
        r = self.r
        r.me = seat
        hand = s.hands[seat]
        r.hand = hand
        r.legal = legal
        if self.open >> seat & 1:
            self._open_reading(r, seat)
        elif seat == r.taker:
            r.unseen = C.FULL_DECK & ~self.played & ~hand & ~s.discard
            r.void, r.no_trumps = self.void, self.no_trumps
        else:
            r.unseen = C.FULL_DECK & ~self.played & ~hand
            r.void, r.no_trumps = self.void, self.no_trumps
        if s.partner_revealed != self.revealed:
            self.revealed = s.partner_revealed
            self.camps = [None] * s.n
        camp = self.camps[seat]
        if camp is None:
            set_camps(r, s.partner, partner_known(s, seat))
            self.camps[seat] = (r.friends, r.foes, r.attacking)
        else:
            r.friends, r.foes, r.attacking = camp
        trick = s.trick
        r.trick = trick
        r.later = self.later[s.leader][len(trick)]
        r.win_card = s.win_card
        r.winner = (s.leader + s.win_pos) % s.n if s.win_pos >= 0 else -1
        r.led = self.led
        r.points = self.points
        r.hunters = self.hunters
        r.taker_trumps = (self.taker_known & ~self.played).bit_count()
        r.tricks_left = left = hand.bit_count()
        r.slam_on = False
        if legal & EXCUSE_BIT and left <= 2 and r.attacking and s.tricks:
            mine = r.friends | 1 << seat
            r.slam_on = all(mine >> winner & 1 for _, _, winner in s.tricks)
        return r

    def _open_reading(self, r: Reading, seat: int) -> None:
        """The unseen cards, voids and trumpless seats as they truly are."""
        hands = self.state.hands
        unseen = 0
        void = []
        no_trumps = 0
        for other, hand in enumerate(hands):
            if other != seat:
                unseen |= hand
            lacks = 0
            for suit in range(4):
                if not hand & SUIT_MASKS[suit]:
                    lacks |= 1 << suit
            void.append(lacks)
            if not hand & TRUMP_MASK:
                no_trumps |= 1 << other
        r.unseen, r.void, r.no_trumps = unseen, void, no_trumps


#: ``_LATER[n][leader][k]``: the seats still to play after the ``k + 1``-th card of a trick.
_LATER: dict[int, list[list[list[int]]]] = {
    n: [[[(leader + i) % n for i in range(k + 1, n)] for k in range(n)] for leader in range(n)]
    for n in (3, 4, 5)
}


def compiled_for(state: DealState) -> bool:
    """Whether the club player's card on ``state`` can be worked out by the compiled code (a
    deal on the compiled play core)."""
    return _CORE is not None and isinstance(state, _CORE)


def taker_known(s: DealState) -> Mask:
    """The trumps every seat knows the taker was left with: those of its handful and of a
    dog shown to all, but for the trumps it showed in its discard."""
    assert s.taker is not None
    known = C.mask_of(s.handfuls.get(s.taker, ()))
    if s.contract is not None and s.contract.dog_shown:
        known |= s.dog
    return known & TRUMP_MASK & ~s.discard


def partner_known(s: DealState, seat: int) -> bool:
    """Whether ``seat`` knows who the partner is (or that there is none), as its view says."""
    if s.n != 5 or s.called is None or s.partner_revealed:
        return True
    if seat == s.partner:
        return True
    if seat == s.taker and s.hands[seat] >> s.called & 1:
        return True
    contract = s.contract
    return contract is not None and contract.dog_shown and bool(s.dog >> s.called & 1)


__all__ = ["Tracker", "compiled_for", "partner_known", "taker_known"]
