"""The club player's card play: rules of thumb over what one seat knows, on card masks.

This is the judgement of :class:`engine.ai.simple_bot.SimpleBot` when it plays a card, written
once for two users:

* the simple bot, which reads a seat's view (:func:`reading_of_view`);
* the expert's play-outs, where every seat of a sampled deal plays like a club player who
  sees only its own hand and what the table has shown
  (:class:`engine.ai.club_tracker.Tracker` keeps that knowledge up to date card by card, so
  a play-out never rebuilds it from the tricks).

What a seat knows (:class:`Reading`, read in :mod:`engine.ai.club_reading`): its hand and
legal cards, the cards it has not seen, the suits each seat showed it lacks and the seats that
showed they have no trump, who its friends and foes are (in five players, only the taker is
surely a foe until the partner shows), the trumps the table knows the taker holds (its
handful, a dog shown to all), the defenders that signalled a hunt, and the trick on the
table. The rules (:func:`choose_card`): cash masters, draw trumps as a strong taker, hunt the
taker's Petit as the defence, make the taker trump (with low cards: a queen or a king led
into a void is only ruffed), play low when the trick is lost, throw points to a partner who
surely wins it, overtrump cheaply, keep the 21 for tricks worth it, save the Petit and the
Excuse.

**The hunt and its signal** (docs/bots.md, *The defence's convention*): a defender on lead
leads trumps while the taker may hold the Petit when a partner signalled the hunt, or when it
is long enough in trumps to start it (:data:`HUNT_TRUMPS` for 18 cards, twice its even share
of the trumps it has not seen, more than the taker is known to hold). It leads its highest odd
trump: an odd trump led by a defender asks the partners to lead trumps back (the French
defence's convention, :func:`is_hunt_signal`). With five players and the partner hidden a
signal may be the taker's partner's, so nobody follows it or starts a hunt.

**The suit's first round, a partner's ruff and the Petit** (docs/bots.md, *The club player's
card play*): no card of a suit seen before the trick, the taker may have set the suit aside,
so a defender does not cash its master there, nobody charges a partner's master while the
taker is still to play, and with three or four players a defender does not win the trick
before the taker (it plays low: a head put on is ruffed where the taker set the suit aside);
a seat charges a trick a foe's plain card tops when a partner after it, with only partners
behind, showed it lacks the suit and not trumps (it must trump); the taker's camp ruffs with
a Petit in danger (its other trumps fewer than half those out) in front of foes who most
likely follow suit; and once no other seat can hold a trump, the Petit waits for the last
trick (the Petit au bout).

A play-out asks for thousands of cards a decision, so the rules have a compiled twin
(``engine/_club_rules.c``) that the tracker uses on the compiled play core. This module stays
the reference, the play of the pure-Python engine and of a tracker whose seats see every
hand.
"""

from __future__ import annotations

from engine import cards as C
from engine.ai.club_reading import Reading, is_hunt_signal, note_card, reading_of_view, set_camps
from engine.cards import Card, Mask

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
COST: tuple[int, ...] = tuple(HALF_POINTS[c] * 32 + RANK_OF[c] for c in range(C.DECK_SIZE))


# --- the rules ---------------------------------------------------------------------------------


def choose_card(r: Reading) -> Card:
    """The club player's card (the seat must hold more than one legal card)."""
    # the Excuse is played before the last trick, but kept to lead a slam's last one
    if r.legal & EXCUSE_BIT and r.tricks_left <= 2 and (
            not (r.slam_on and not r.trick) or r.tricks_left == 1):
        return EXCUSE
    return _lead(r) if not r.trick else _follow(r)


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
        if COST[card] < key:
            best, key = card, COST[card]
        cards ^= low
    return best


def _richest(cards: Mask) -> Card:
    best, key = -1, -1
    while cards:
        low = cards & -cards
        card = low.bit_length() - 1
        if COST[card] >= key:
            best, key = card, COST[card]
        cards ^= low
    return best


def low_trump(trumps: Mask) -> Card:
    """The lowest trump, keeping the Petit and the 21 while others are left."""
    ordinary = trumps & ORDINARY_TRUMPS
    if ordinary:
        return (ordinary & -ordinary).bit_length() - 1
    return TWENTY_ONE if trumps & TWENTY_ONE_BIT else PETIT


def _seen_before(r: Reading, suit: int) -> bool:
    """Whether a card of ``suit`` was seen played before this trick: on the suit's first round
    the taker may have set it aside, and trump a master."""
    trick = 0
    for card in r.trick:
        trick |= 1 << card
    return bool(SUIT_MASKS[suit] & ~r.unseen & ~r.hand & ~trick)


def _lead(r: Reading) -> Card:
    legal = r.legal & ~EXCUSE_BIT
    if not legal:
        return EXCUSE
    plain = legal & PLAIN_MASK
    trumps = legal & TRUMP_MASK
    # cash a master plain card in a suit where no foe is known to be able to trump: the
    # richest first (the lowest card among equals); a defender waits for the suit's second
    # round
    if plain:
        others = ((1 << r.n) - 1) & ~(1 << r.me) & ~r.friends
        unseen = r.unseen
        for value_cards in _BY_VALUE:
            cards = plain & value_cards
            while cards:
                low = cards & -cards
                card = low.bit_length() - 1
                if not unseen & HIGHER[card] and holds(r, card, others) and (
                        r.attacking or _seen_before(r, SUIT_OF[card])):
                    return card
                cards ^= low
    if r.me == r.taker and trumps:
        unseen_trumps = (r.unseen & TRUMP_MASK).bit_count()
        if unseen_trumps and trumps.bit_count() > unseen_trumps:
            top = trumps.bit_length() - 1
            if not r.unseen & HIGHER[top] and top != PETIT:
                return top
            return low_trump(trumps)
    if not r.attacking and trumps and _hunts(r, trumps):
        return _hunting_trump(trumps)
    if plain:
        if not r.attacking:
            foes = r.foes
            seat = 0
            while foes:  # make the taker trump: lead where a foe is void
                if foes & 1 and not r.no_trumps >> seat & 1:
                    for suit in range(4):
                        cards = plain & SUIT_MASKS[suit]
                        if cards and r.void[seat] >> suit & 1:
                            card = _lowest(cards)
                            if HALF_POINTS[card] <= VOID_LEAD_MAX:
                                return card
                foes >>= 1
                seat += 1
        return _low_of_long_suit(plain)
    return low_trump(trumps)


#: A defender starts a hunt holding at least this many trumps for 18 cards in hand, twice its
#: even share of the trumps it has not seen, and more than the taker is known to hold.
HUNT_TRUMPS = 4
#: The highest card (half points) a defender leads into a suit a foe is void in, to make it
#: trump: a queen or a king would only be ruffed.
VOID_LEAD_MAX = 5
_ODD_TRUMPS: Mask = sum(1 << c for c in range(FIRST_TRUMP + 1, TWENTY_ONE) if RANK_OF[c] % 2)


def _hunts(r: Reading, trumps: Mask) -> bool:
    """Whether a defender on lead leads trumps to hunt the taker's Petit: the Petit is out
    and the taker may hold it, and a partner signalled the hunt or the seat is long enough in
    trumps to start it. Five players, with the partner hidden, a signal may come from the
    taker's partner: no hunt."""
    if not r.unseen & PETIT_BIT or r.no_trumps >> r.taker & 1:
        return False
    if r.n == 5 and not r.friends:
        return False
    if r.hunters & r.friends:
        return True
    mine = trumps.bit_count()
    if mine < 3 or mine * 18 < HUNT_TRUMPS * r.tricks_left or r.taker_trumps >= mine:
        return False
    unseen = (r.unseen & TRUMP_MASK).bit_count()
    holders = 0
    for seat in range(r.n):
        if seat != r.me and not r.no_trumps >> seat & 1:
            holders += 1
    return mine * holders >= 2 * unseen


def _hunting_trump(trumps: Mask) -> Card:
    """The trump a hunt leads: the highest odd ordinary trump (the signal), else the highest
    ordinary one, the 21 and the Petit kept."""
    ordinary = trumps & ORDINARY_TRUMPS
    if not ordinary:
        return low_trump(trumps)
    odd = ordinary & _ODD_TRUMPS
    return (odd or ordinary).bit_length() - 1


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
    threats = later_seats(r) & ~r.friends
    winner = r.winner
    if winner >= 0 and r.friends >> winner & 1 and holds(r, r.win_card, threats) and (
            not threats >> r.taker & 1 or r.win_card >= FIRST_TRUMP or _seen_before(r, r.led)):
        return _feed(r, choices)
    if r.attacking and choices & PETIT_BIT and threats and _risks_the_petit(r):
        return PETIT
    winners = 0
    safe = 0
    rest = choices
    # a defender does not win a suit's first round before the taker: it may trump it
    ruffable = _taker_may_ruff(r, threats)
    while rest:
        low = rest & -rest
        card = low.bit_length() - 1
        if beats(r, card):
            winners |= low
            if holds(r, card, threats) and not (ruffable and card < FIRST_TRUMP):
                safe |= low
        rest ^= low
    if winners:
        card = _take(r, winners, safe)
        if card >= 0:
            return card
    elif not threats and winner >= 0 and r.foes >> winner & 1 and _friend_ruffs(r):
        return _feed(r, choices)
    card = duck(r, choices)
    if (HALF_POINTS[card] >= 7 or card == PETIT) and legal & EXCUSE_BIT:
        return EXCUSE  # rather than hand a head or the Petit to the other camp
    return card


def _taker_may_ruff(r: Reading, threats: int) -> bool:
    """Whether a defender faces a plain suit's first round with the taker still to play and
    able to trump: the taker may have set the suit aside, and a head put on to win the trick
    (or to cover a partner's low card) is ruffed; the defender plays low. Not with five
    players, where the club player lost by it (docs/bots.md): the dog is three cards, and a
    trick let go may be the hidden partner's."""
    return (r.n < 5 and not r.attacking and 0 <= r.led < TRUMP and r.win_card < FIRST_TRUMP
            and bool(threats >> r.taker & 1) and not r.no_trumps >> r.taker & 1
            and not _seen_before(r, r.led))


def _risks_the_petit(r: Reading) -> bool:
    """Whether the taker's camp ruffs with its Petit in danger, in front of foes who most
    likely follow suit: nobody trumped yet, no seat still to play showed it lacks the suit,
    whose unseen cards are at least twice those seats, and the seat's other trumps are fewer
    than half the trumps out (the defence would hunt the Petit down)."""
    if r.led < 0 or r.led == TRUMP or r.win_card >= FIRST_TRUMP:
        return False
    bit = 1 << r.led
    if any(r.void[seat] & bit for seat in r.later):
        return False
    if (r.unseen & SUIT_MASKS[r.led]).bit_count() < 2 * len(r.later):
        return False
    others = (r.hand & TRUMP_MASK & ~PETIT_BIT).bit_count()
    return 2 * others < (r.unseen & TRUMP_MASK).bit_count()


def _friend_ruffs(r: Reading) -> bool:
    """Whether a partner still to play, with only partners after it, must trump the foe's
    plain card that tops the trick: it showed it lacks the suit and not that it lacks trumps."""
    if r.win_card >= FIRST_TRUMP or r.led == TRUMP:
        return False
    bit = 1 << r.led
    return any(r.void[seat] & bit and not r.no_trumps >> seat & 1 for seat in r.later)


def later_seats(r: Reading) -> int:
    """The seats still to play to the trick, as a mask."""
    seats = 0
    for seat in r.later:
        seats |= 1 << seat
    return seats


def _feed(r: Reading, cards: Mask) -> Card:
    """A partner surely wins the trick: give it points (the Petit first, unless it is sure to
    win the last trick)."""
    if cards & PETIT_BIT and r.unseen & TRUMP_MASK:
        return PETIT
    plain = cards & ~TRUMP_MASK
    if plain:
        return _richest(plain)
    return low_trump(cards)


def _take(r: Reading, winners: Mask, safe: Mask) -> Card:
    """Win the trick when it can be done safely or cheaply; -1 to let it go."""
    if safe & PETIT_BIT:
        if r.unseen & TRUMP_MASK:
            return PETIT  # the Petit wins safely: take it home
        # nobody else holds a trump: the Petit wins whenever it is played, so it waits for
        # the last trick (the Petit au bout)
        safe &= ~PETIT_BIT
        winners &= ~PETIT_BIT
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


def duck(r: Reading, cards: Mask) -> Card:
    """The trick is lost (or not worth fighting for): the cheapest card."""
    plain = cards & ~TRUMP_MASK
    if not plain:
        return low_trump(cards)
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


__all__ = ["COST", "Reading", "beats", "choose_card", "duck", "holds", "is_hunt_signal",
           "later_seats", "low_trump", "note_card", "reading_of_view", "set_camps"]
