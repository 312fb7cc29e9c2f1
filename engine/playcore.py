"""The card-play core of a deal: the fields a card changes, and the methods that play it.

:class:`~engine.state.DealState` is built on the class :func:`load` picks: the compiled
``PlayCore`` of :mod:`engine.speedups` (``engine/_speedups.c``) where it was built, else
:class:`PyPlayCore` below. Both have the same fields and do the same thing card for card;
the compiled one only does it faster (bots play sampled deals to the end thousands of times a
move, and every card goes through :meth:`PyPlayCore.legal_plays` and :meth:`PyPlayCore.play`).
``python -m engine bench`` says which one it timed.

The pure-Python class is the reference and the fallback: a machine with no C compiler
installs and plays the same game.
"""

from __future__ import annotations

from typing import Any

from engine import cards as C
from engine import speedups
from engine.cards import Card, Mask

SUIT_OF = C.SUIT_OF
EXCUSE = C.EXCUSE
EXCUSE_BIT = C.EXCUSE_BIT
TRUMP_MASK = C.TRUMP_MASK
SUIT_MASKS = C.SUIT_MASKS
TRUMPS_ABOVE = C.TRUMPS_ABOVE
FIRST_TRUMP = C.FIRST_TRUMP

TAKER_CAMP, DEFENCE_CAMP = 0, 1

#: The fields the core holds (the rest of a deal's fields are :class:`DealState`'s own).
FIELDS = (
    "called",
    "camp_tricks",
    "camp_won",
    "excuse_player",
    "excuse_trick",
    "excuse_winner",
    "follow",
    "hands",
    "high_trump",
    "leader",
    "n",
    "partner",
    "partner_revealed",
    "phase",
    "played_seats",
    "taker",
    "trick",
    "trick_index",
    "tricks",
    "tricks_total",
    "turn",
    "win_card",
    "win_pos",
)

#: Set by :func:`load`: the phase a deal takes when its last trick is gathered.
_FINISHED: list[Any] = []


class PyPlayCore:
    """The card-play fields of a deal and the methods that play its cards, in Python."""

    __slots__ = FIELDS

    called: Card | None
    camp_tricks: list[int]
    camp_won: list[Mask]  # cards won in tricks, the Excuse aside
    excuse_player: int
    excuse_trick: int
    excuse_winner: int
    follow: Mask  # the suit led (trumps included), once a card other than the Excuse
    hands: list[Mask]
    high_trump: int
    leader: int
    n: int
    partner: int | None  # the true partner; None when the taker is alone
    partner_revealed: bool
    phase: Any  # an engine.state.Phase
    played_seats: int  # bit s set once seat s has played a card
    taker: int | None
    trick: list[Card]
    trick_index: int
    tricks: list[tuple[int, tuple[Card, ...], int]]  # (leader, cards, winner)
    tricks_total: int
    turn: int | None
    win_card: int
    win_pos: int

    def camp_of(self, seat: int) -> int:
        return TAKER_CAMP if seat == self.taker or seat == self.partner else DEFENCE_CAMP

    def legal_plays(self) -> Mask:
        """The cards the seat to play may play, as a mask (RULES.md §4 and §8)."""
        hand = self.hands[self.turn]  # type: ignore[index]
        follow = self.follow
        if not follow:  # nothing led yet, or only the Excuse
            if self.trick_index == 0 and self.called is not None and not self.trick:
                return self._first_lead(hand)
            return hand
        cards = hand & follow
        if cards:
            if follow == TRUMP_MASK:
                return (cards & TRUMPS_ABOVE[self.high_trump] or cards) | (hand & EXCUSE_BIT)
            return cards | (hand & EXCUSE_BIT)
        trumps = hand & TRUMP_MASK
        if trumps:
            return (trumps & TRUMPS_ABOVE[self.high_trump] or trumps) | (hand & EXCUSE_BIT)
        return hand

    def _first_lead(self, hand: Mask) -> Mask:
        """Five players: the first card may not be of the called suit, bar the called card."""
        called = self.called
        assert called is not None
        if called == EXCUSE:
            return hand
        allowed = hand & ~SUIT_MASKS[SUIT_OF[called]] | (hand & (1 << called))
        return allowed or hand

    def play(self, card: Card) -> None:
        """Play ``card`` for the seat to play, gathering the trick and ending the deal as due.

        No checks: callers pass a card from :meth:`legal_plays`. The fold takes the same card
        with :meth:`_add_card`, and the trick's end from its own events.
        """
        self._add_card(card)
        if card == self.called:
            self.partner_revealed = True
        if len(self.trick) < self.n:
            return
        self._gather(self.trick_winner())
        if self.trick_index == self.tricks_total:
            self.phase = _FINISHED[0]
            self.turn = None

    def trick_winner(self) -> int:
        """The winner of the complete trick on the table, slam Excuse case included."""
        index = self.trick_index
        if (
            self.trick[0] == EXCUSE
            and index == self.tricks_total - 1
            and index > 0
            and self.camp_tricks[1 - self.camp_of(self.leader)] == 0
        ):
            return self.leader
        return (self.leader + self.win_pos) % self.n

    # The two helpers below run for every card of every play-out: attributes are read once
    # into locals, and the common case (a plain card that does not win) is tested first.

    def _add_card(self, card: Card) -> None:
        seat: int = self.turn  # type: ignore[assignment]
        self.hands[seat] &= ~(1 << card)
        trick = self.trick
        if not self.trick_index:
            self.played_seats |= 1 << seat  # from the second trick on, every seat has played
        trick.append(card)
        if card == EXCUSE:
            self.excuse_player = seat
        else:
            win = self.win_card
            if win < 0:
                self.win_card = card
                self.win_pos = len(trick) - 1
                self.follow = SUIT_MASKS[SUIT_OF[card]]
                if card >= FIRST_TRUMP:
                    self.high_trump = card - 55
            elif card >= FIRST_TRUMP:
                if card > win or win < FIRST_TRUMP:
                    self.win_card = card
                    self.win_pos = len(trick) - 1
                    self.high_trump = card - 55
            elif card > win and win < FIRST_TRUMP and SUIT_OF[card] == SUIT_OF[win]:
                self.win_card = card
                self.win_pos = len(trick) - 1
        seat += 1
        self.turn = seat if seat < self.n else 0

    def _gather(self, winner: int) -> None:
        trick = self.trick
        camp = TAKER_CAMP if winner == self.taker or winner == self.partner else DEFENCE_CAMP
        won = 0
        for card in trick:
            won |= 1 << card
        if won & EXCUSE_BIT:
            # the Excuse goes back to its camp, except when led to a slam's last trick
            self.excuse_trick = self.trick_index
            self.excuse_winner = winner
            won ^= EXCUSE_BIT
            if trick[0] == EXCUSE and winner == self.leader and self.excuse_player == winner:
                self.camp_won[camp] |= EXCUSE_BIT
        self.camp_won[camp] |= won
        self.camp_tricks[camp] += 1
        self.tricks.append((self.leader, tuple(trick), winner))
        self.trick = []
        self.trick_index += 1
        self.leader = winner
        self.turn = winner
        self.win_card = -1
        self.win_pos = -1
        self.high_trump = 0
        self.follow = 0


def load(finished: object) -> type[PyPlayCore]:
    """The core class to build deals on: the compiled one where :mod:`engine.speedups` has
    it, else :class:`PyPlayCore`. ``finished`` is the phase of a deal whose last trick is
    gathered."""
    _FINISHED[:] = [finished]
    core: type[PyPlayCore] = speedups.twin("PlayCore", PyPlayCore)
    if core is not PyPlayCore:
        speedups.MODULE.set_finished(finished)  # type: ignore[union-attr]
    return core
