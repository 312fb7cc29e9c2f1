"""The club player's card play: rules of thumb over what one seat knows, on card masks.

This is the judgement of :class:`engine.ai.simple_bot.SimpleBot` when it plays a card, written
once for two users:

* the simple bot, which reads a seat's view (:func:`reading_of_view`);
* the expert's play-outs, where every seat of a sampled deal plays like a club player who
  sees only its own hand and what the table has shown (:class:`Tracker` keeps that knowledge
  up to date card by card, so a play-out never rebuilds it from the tricks).

What a seat knows (:class:`Reading`): its hand and legal cards, the cards it has not seen, the
suits each seat showed it lacks and the seats that showed they have no trump, who its friends
and foes are (in five players, only the taker is surely a foe until the partner shows), and
the trick on the table. The rules (:func:`choose_card`): cash masters, draw trumps as a strong
taker, make the taker trump as the defence, play low when the trick is lost, throw points to a
partner who surely wins it, overtrump cheaply, keep the 21 for tricks worth it, save the Petit
and the Excuse.

A play-out asks for thousands of cards a decision, so the rules and a tracker's reading have a
compiled twin (``engine/_club_rules.c``, ``engine/_club.c``) that :meth:`Tracker.card`,
:meth:`Tracker.rollout` and :meth:`Tracker.replay` use on the compiled play core. This module
stays the reference, the play of the pure-Python engine and of a tracker whose seats see
every hand.
"""

from __future__ import annotations

from engine import cards as C
from engine import speedups
from engine.cards import Card, Mask
from engine.state import DealState
from engine.views import SeatView

#: The compiled twins of :meth:`Tracker.card` and a play-out (``engine/_club.c``), where built.
_COMPILED = speedups.MODULE
_CORE = getattr(_COMPILED, "PlayCore", None)

EXCUSE, PETIT, TWENTY_ONE = C.EXCUSE, C.PETIT, C.TWENTY_ONE
EXCUSE_BIT, PETIT_BIT, TWENTY_ONE_BIT = C.EXCUSE_BIT, 1 << C.PETIT, 1 << C.TWENTY_ONE
TRUMP, TRUMP_MASK, FIRST_TRUMP = C.TRUMP, C.TRUMP_MASK, C.FIRST_TRUMP
SUIT_OF, RANK_OF, HALF_POINTS, SUIT_MASKS = C.SUIT_OF, C.RANK_OF, C.HALF_POINTS, C.SUIT_MASKS
TRUMPS_ABOVE, KING_MASK = C.TRUMPS_ABOVE, C.KING_MASK
PLAIN_MASK: Mask = SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2] | SUIT_MASKS[3]
ORDINARY_TRUMPS: Mask = TRUMP_MASK & ~PETIT_BIT & ~TWENTY_ONE_BIT
#: ``HIGHER[c]``: the cards of ``c``'s suit (or trumps) above ``c``.
HIGHER: tuple[Mask, ...] = tuple(
    (TRUMPS_ABOVE[RANK_OF[c]] if FIRST_TRUMP <= c < EXCUSE
     else SUIT_MASKS[SUIT_OF[c]] & ~((1 << (c + 1)) - 1) if c < FIRST_TRUMP else 0)
    for c in range(C.DECK_SIZE)
)
#: The cards of each value, the richest value first.
_BY_VALUE: tuple[Mask, ...] = tuple(
    sum(1 << c for c in range(C.DECK_SIZE) if HALF_POINTS[c] == value)
    for value in sorted(set(HALF_POINTS), reverse=True)
)
#: Points, then rank: the cheapest card has the smallest (the lowest card on ties).
_COST: tuple[int, ...] = tuple(HALF_POINTS[c] * 32 + RANK_OF[c] for c in range(C.DECK_SIZE))


class Reading:
    """What the seat to play knows when it chooses a card."""

    __slots__ = ("attacking", "foes", "friends", "hand", "later", "led", "legal", "me", "n",
                 "no_trumps", "points", "slam_on", "taker", "trick", "tricks_left", "unseen",
                 "void", "win_card", "winner")

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


def _camps(r: Reading, partner: int | None, partner_known: bool) -> None:
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
    for trick in (*view.tricks, view.trick):
        led = -1
        for i, card in enumerate(trick.cards):
            no_trumps = note_card(r.void, no_trumps, (trick.leader + i) % n, card, led)
            if led < 0 and card != EXCUSE:
                led = SUIT_OF[card]
    r.no_trumps = no_trumps
    _camps(r, view.partner, view.partner_known)
    _trick_state(r, view.trick.leader, view.trick.cards)
    r.tricks_left = view.hand_counts[r.me]
    mine = r.friends | 1 << r.me
    r.slam_on = r.attacking and bool(view.tricks) and all(
        t.winner is not None and mine >> t.winner & 1 for t in view.tricks)
    return r


# --- the rules ---------------------------------------------------------------------------------


def choose_card(r: Reading) -> Card:
    """The club player's card (the seat must hold more than one legal card)."""
    # the Excuse is played before the last trick, but kept to lead a slam's last one
    if r.legal & EXCUSE_BIT and r.tricks_left <= 2 and (
            not (r.slam_on and not r.trick) or r.tricks_left == 1):
        return EXCUSE
    return _lead(r) if not r.trick else _follow(r)


def _higher_unseen(r: Reading, card: Card) -> Mask:
    return r.unseen & HIGHER[card]


def holds(r: Reading, card: Card, seats: int) -> bool:
    """Whether ``card``, once on top of this trick, surely stays there against ``seats`` (a
    mask of seats)."""
    if not seats:
        return True
    higher = r.unseen & HIGHER[card]
    if card >= FIRST_TRUMP:
        return not higher or seats & ~r.no_trumps == 0
    suit = SUIT_OF[card]
    if seats & ~r.no_trumps and not r.unseen & SUIT_MASKS[suit]:
        return False  # nobody else has this suit: every later seat may trump
    bit = 1 << suit
    void = r.void
    no_trumps = r.no_trumps
    seat = 0
    while seats:
        if seats & 1:
            if void[seat] & bit:
                if not no_trumps >> seat & 1:
                    return False
            elif higher:
                return False
        seats >>= 1
        seat += 1
    return True


def beats(r: Reading, card: Card) -> bool:
    """Whether ``card`` would top the trick as it stands."""
    if card == EXCUSE:
        return False
    best = r.win_card
    if best < 0:
        return True
    if card >= FIRST_TRUMP:
        return card > best or best < FIRST_TRUMP
    return best < FIRST_TRUMP and SUIT_OF[card] == SUIT_OF[best] and card > best


def _lowest(cards: Mask) -> Card:
    """The cheapest card: fewest points, then lowest rank."""
    best, key = -1, 1 << 30
    while cards:
        low = cards & -cards
        card = low.bit_length() - 1
        if _COST[card] < key:
            best, key = card, _COST[card]
        cards ^= low
    return best


def _richest(cards: Mask) -> Card:
    best, key = -1, -1
    while cards:
        low = cards & -cards
        card = low.bit_length() - 1
        if _COST[card] >= key:
            best, key = card, _COST[card]
        cards ^= low
    return best


def _low_trump(trumps: Mask) -> Card:
    """The lowest trump, keeping the Petit and the 21 while others are left."""
    ordinary = trumps & ORDINARY_TRUMPS
    if ordinary:
        return (ordinary & -ordinary).bit_length() - 1
    return TWENTY_ONE if trumps & TWENTY_ONE_BIT else PETIT


def _lead(r: Reading) -> Card:
    legal = r.legal & ~EXCUSE_BIT
    if not legal:
        return EXCUSE
    plain = legal & PLAIN_MASK
    trumps = legal & TRUMP_MASK
    # cash a master plain card in a suit where no foe is known to be able to trump: the
    # richest first (the lowest card among equals)
    if plain:
        others = ((1 << r.n) - 1) & ~(1 << r.me) & ~r.friends
        unseen = r.unseen
        for value_cards in _BY_VALUE:
            cards = plain & value_cards
            while cards:
                low = cards & -cards
                card = low.bit_length() - 1
                if not unseen & HIGHER[card] and holds(r, card, others):
                    return card
                cards ^= low
    if r.me == r.taker and trumps:
        unseen_trumps = (r.unseen & TRUMP_MASK).bit_count()
        if unseen_trumps and trumps.bit_count() > unseen_trumps:
            top = trumps.bit_length() - 1
            if not r.unseen & HIGHER[top] and top != PETIT:
                return top
            return _low_trump(trumps)
    if plain:
        if not r.attacking:
            foes = r.foes
            seat = 0
            while foes:  # make the taker trump: lead where a foe is void
                if foes & 1 and not r.no_trumps >> seat & 1:
                    for suit in range(4):
                        cards = plain & SUIT_MASKS[suit]
                        if cards and r.void[seat] >> suit & 1:
                            return _lowest(cards)
                foes >>= 1
                seat += 1
        return _low_of_long_suit(plain)
    return _low_trump(trumps)


def _low_of_long_suit(plain: Mask) -> Card:
    """A low card of the longest suit, kings kept back."""
    best_suit, best_key = 0, (-1, -1)
    for suit in range(4):
        cards = plain & SUIT_MASKS[suit]
        key = ((cards & ~KING_MASK).bit_count(), cards.bit_count())
        if key > best_key:
            best_suit, best_key = suit, key
    cards = plain & SUIT_MASKS[best_suit]
    return _lowest(cards & ~KING_MASK or cards)


def _follow(r: Reading) -> Card:
    legal = r.legal
    choices = legal & ~EXCUSE_BIT
    if not choices:
        return EXCUSE
    threats = 0
    for seat in r.later:
        threats |= 1 << seat
    threats &= ~r.friends
    winner = r.winner
    if winner >= 0 and r.friends >> winner & 1 and holds(r, r.win_card, threats):
        return _feed(choices)
    winners = 0
    safe = 0
    rest = choices
    while rest:
        low = rest & -rest
        card = low.bit_length() - 1
        if beats(r, card):
            winners |= low
            if holds(r, card, threats):
                safe |= low
        rest ^= low
    if winners:
        card = _take(r, winners, safe)
        if card >= 0:
            return card
    card = _duck(r, choices)
    if (HALF_POINTS[card] >= 7 or card == PETIT) and legal & EXCUSE_BIT:
        return EXCUSE  # rather than hand a head or the Petit to the other camp
    return card


def _feed(cards: Mask) -> Card:
    """A partner surely wins the trick: give it points (the Petit first)."""
    if cards & PETIT_BIT:
        return PETIT
    plain = cards & ~TRUMP_MASK
    if plain:
        return _richest(plain)
    return _low_trump(cards)


def _take(r: Reading, winners: Mask, safe: Mask) -> Card:
    """Win the trick when it can be done safely or cheaply; -1 to let it go."""
    if safe & PETIT_BIT:
        return PETIT  # the Petit wins safely: take it home
    cheap = safe & ~TWENTY_ONE_BIT
    if cheap:
        return (cheap & -cheap).bit_length() - 1
    if safe & TWENTY_ONE_BIT and (r.points >= 7 or PETIT in r.trick or r.tricks_left <= 2):
        return TWENTY_ONE  # the 21 always wins: spend it on a trick worth it
    trumps = winners & ORDINARY_TRUMPS
    if trumps:
        # a foe may overtrump: a low trump is enough to make them spend a higher one
        return (trumps & -trumps).bit_length() - 1
    return -1


def _duck(r: Reading, cards: Mask) -> Card:
    """The trick is lost (or not worth fighting for): the cheapest card."""
    plain = cards & ~TRUMP_MASK
    if not plain:
        return _low_trump(cards)
    if r.led >= 0 and plain & SUIT_MASKS[r.led]:
        return _lowest(plain)
    # a free discard: low cards of short suits, kings and masters kept
    hand = r.hand
    best, best_key = -1, (2, 0, 0)
    rest = plain
    while rest:
        low = rest & -rest
        card = low.bit_length() - 1
        valuable = not r.unseen & HIGHER[card] or HALF_POINTS[card] >= 7
        key = (int(valuable), HALF_POINTS[card], (hand & SUIT_MASKS[SUIT_OF[card]]).bit_count())
        if key < best_key:
            best, best_key = card, key
        rest ^= low
    return best


# --- play-outs ---------------------------------------------------------------------------------


class Tracker:
    """The knowledge of every seat of a deal being played out, kept up to date card by card:
    cards played, the suits each seat showed it lacks, the seats without trumps, the trick's
    points. One :class:`Reading` is filled in again for each decision (a play-out asks for
    one a card), and each seat's friends and foes are worked out again only when the partner
    shows."""

    __slots__ = ("camps", "fast", "later", "led", "no_trumps", "open", "played", "points", "r",
                 "revealed", "state", "void")

    def __init__(self, state: DealState) -> None:
        self.state = state
        n = state.n
        self.void = [0] * n
        self.no_trumps = 0
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
            return _COMPILED.club_card(self, legal)  # type: ignore[union-attr, no-any-return]
        return choose_card(self.reading(legal))

    def rollout(self, until: int = 0) -> bool:
        """Play the deal on in the compiled code, every seat a club player, to the end or to
        the start of a trick with ``until`` tricks left; ``False`` (nothing played) where the
        deal is played in Python (:func:`engine.ai.playout.rollout`)."""
        if not self.fast:
            return False
        _COMPILED.club_rollout(self, until)  # type: ignore[union-attr]
        return True

    def replay(self, cards: list[Card], skip: int) -> int:
        """Play ``cards`` in order (each for the seat to play); the number of them, seat
        ``skip``'s aside, that were the club player's card among several legal ones."""
        if self.fast:
            return _COMPILED.club_replay(self, cards, skip)  # type: ignore[union-attr, no-any-return]
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
        led = -1
        for i, card in enumerate(cards):
            self.no_trumps = note_card(self.void, self.no_trumps, (leader + i) % n, card, led)
            if led < 0 and card != EXCUSE:
                led = SUIT_OF[card]

    def play(self, card: Card) -> None:
        """Play ``card`` for the seat to play in the state, and note what it shows."""
        s = self.state
        led = self.led
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
            _camps(r, s.partner, partner_known(s, seat))
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


__all__ = ["Reading", "Tracker", "beats", "choose_card", "compiled_for", "holds", "note_card",
           "partner_known", "reading_of_view"]
