"""The defence's technique that a strong French player holds to, whatever the cards of one
deal seem to promise: cards a defender does not play while it holds another.

A search over sampled deals values a head put on a suit's first round as the deals it samples
say, and in those deals the taker follows more often than at the table (its discard, made
by a taker who sets suits aside, makes voids the samples do not all have). A strong defender
does not play that bet:

* **a head before the taker** (:data:`HEAD_BEFORE_TAKER`): a jack, knight, queen or king put
  on a plain suit's first round while the taker is still to play to the trick (it may have set
  the suit aside and trump), or on any round where the taker showed it lacks the suit — the
  seat plays a low card of the suit instead;
* **a partner's master overtaken** (:data:`OVER_PARTNER_MASTER`): the trick is a partner's
  with the suit's best card still out, the taker still to play: covering it puts a second
  card at the taker's mercy and gains nothing;
* **a head led into the taker's void** (:data:`HEAD_INTO_VOID`): a knight, queen or king
  led in a suit the taker showed it lacks, while it may still hold trumps, is only ruffed (a
  low card makes it trump as well);
* **a king or queen led from a long suit** (:data:`HEAD_FROM_LONG_SUIT`) on the suit's first
  round: with five cards of the suit (six with three players) the others hold few, and the
  taker, who may have set the suit aside, is the likeliest to lack it;
* **the Petit under the taker's trump** (:data:`PETIT_UNDER_TAKER`): the taker's trump tops
  a trump trick, no partner still to play can beat it, and the seat holds other trumps: the
  Petit played there is the taker's;
* **a head given to a trick the taker's camp may still win** (:data:`HEAD_GIVEN`, five
  players): a jack, knight, queen or king that does not win the trick, given while the trick
  is not surely the seat's camp's (the taker's partner, hidden or known, or the taker may
  still take it) — a charge is for a trick already won;
* **a partner's call ignored** (:data:`CALL_IGNORED`): a partner led an odd trump, the
  French defence's call for trumps, the taker may still hold the Petit and the seat has trumps
  to lead: it leads one, not a plain card.

Each fault is a reason a player understands; the review names it (:mod:`engine.ai.reasons`),
and the expert leaves such cards out of its search while it has another card to play. The
taker's camp plays by its search alone.
"""

from __future__ import annotations

from engine import cards as C
from engine.ai.certain import surely_takes
from engine.ai.club import HIGHER, Reading, beats
from engine.ai.club_reading import reading_of_view
from engine.cards import Card, Mask
from engine.views import SeatView

HEAD_BEFORE_TAKER = "head_before_taker"
OVER_PARTNER_MASTER = "over_partner_master"
HEAD_INTO_VOID = "head_into_void"
HEAD_FROM_LONG_SUIT = "head_from_long_suit"
PETIT_UNDER_TAKER = "petit_under_taker"
HEAD_GIVEN = "head_given"
CALL_IGNORED = "call_ignored"

#: Every fault, for the review's words and the tests.
FAULTS = (HEAD_BEFORE_TAKER, OVER_PARTNER_MASTER, HEAD_INTO_VOID, HEAD_FROM_LONG_SUIT,
          PETIT_UNDER_TAKER, HEAD_GIVEN, CALL_IGNORED)

TRUMP, FIRST_TRUMP, PETIT, EXCUSE = C.TRUMP, C.FIRST_TRUMP, C.PETIT, C.EXCUSE
SUIT_OF, HALF_POINTS, SUIT_MASKS, TRUMP_MASK = C.SUIT_OF, C.HALF_POINTS, C.SUIT_MASKS, C.TRUMP_MASK
#: The half points of the lowest head (a jack), and of the lowest head worth leading into a
#: void only to see it ruffed (a knight).
JACK_HALF_POINTS = 3
KNIGHT_HALF_POINTS = 5
QUEEN_HALF_POINTS = 7
#: The length of a suit from which a defender does not lead its king or queen on the suit's
#: first round, by player count.
LONG_SUIT = {3: 6, 4: 5, 5: 5}


def _heads(cards: Mask, least: int) -> Mask:
    return sum(1 << c for c in C.cards_of(cards) if c < FIRST_TRUMP and HALF_POINTS[c] >= least)


def taker_follows(view: SeatView) -> int:
    """The plain suits (bit s) the taker has followed to a trick led in them: it has shown
    it held the suit when it was led (so far it has not trumped it for lack of it)."""
    shown = 0
    taker = view.taker
    for trick in (*view.tricks, view.trick):
        seats = trick.seats(view.players)
        led = next((SUIT_OF[c] for c in trick.cards if c != EXCUSE), TRUMP)
        for seat, card in zip(seats, trick.cards, strict=False):
            if seat == taker and led < TRUMP and SUIT_OF[card] == led:
                shown |= 1 << led
    return shown


def faults(view: SeatView, reading: Reading | None = None) -> dict[Card, str]:
    """The legal cards a strong defender does not play in ``view`` (the seat to play),
    each with its fault (one of :data:`FAULTS`); none for the taker's camp, and none when
    every legal card is one. ``reading`` is the view's club reading, when already made."""
    r = reading if reading is not None else reading_of_view(view)
    if r.attacking or r.me == r.taker:
        return {}
    found: dict[Card, str] = {}
    _Table(r, taker_follows(view)).fill(found)
    if not r.legal & ~sum(1 << c for c in found):
        return {}  # every card is one: the seat plays what it must
    return found


class _Table:
    """The faults of one seat's legal cards: its reading, and the suits the taker followed."""

    def __init__(self, r: Reading, taker_follows: int) -> None:
        self.r = r
        self.taker_follows = taker_follows

    def fill(self, found: dict[Card, str]) -> None:
        if not self.r.trick:
            self._leads(found)
        else:
            self._follows(found)

    def taker_may_trump(self, suit: int) -> bool:
        """Whether the taker may trump ``suit``: it showed it lacks it, or has not yet shown
        it holds it (it may have set the suit aside), and it has not shown it lacks trumps."""
        r = self.r
        if r.no_trumps >> r.taker & 1:
            return False
        return bool(r.void[r.taker] >> suit & 1) or not self.taker_follows >> suit & 1

    def _leads(self, found: dict[Card, str]) -> None:
        r = self.r
        plain = r.legal & ~TRUMP_MASK & ~(1 << EXCUSE)
        if (r.hunters & r.friends and r.unseen >> PETIT & 1
                and not r.no_trumps >> r.taker & 1 and r.legal & TRUMP_MASK & ~(1 << PETIT)):
            for card in C.cards_of(plain):
                found[card] = CALL_IGNORED
            return
        long_suit = LONG_SUIT.get(r.n, 5)
        for suit in range(4):
            cards = plain & SUIT_MASKS[suit]
            if not cards or not self.taker_may_trump(suit):
                continue
            if r.void[r.taker] >> suit & 1:
                for card in C.cards_of(_heads(cards, KNIGHT_HALF_POINTS)):
                    found[card] = HEAD_INTO_VOID
            elif (r.hand & SUIT_MASKS[suit]).bit_count() >= long_suit:
                for card in C.cards_of(_heads(cards, QUEEN_HALF_POINTS)):
                    found[card] = HEAD_FROM_LONG_SUIT

    def _follows(self, found: dict[Card, str]) -> None:
        r = self.r
        led = r.led
        suit_cards = r.legal & SUIT_MASKS[led] if 0 <= led < TRUMP else 0
        if not suit_cards:
            self._petit_under_taker(found)
        elif r.win_card < FIRST_TRUMP and r.taker in r.later:
            self._before_taker(suit_cards, found)
        self._head_given(found)

    def _head_given(self, found: dict[Card, str]) -> None:
        """Five players: no head given to a trick that is not surely the seat's camp's."""
        r = self.r
        if r.n != 5 or r.winner < 0 or surely_takes(r, r.friends):
            return  # a trick the camp surely takes is charged (engine.ai.certain)
        heads = _heads(r.legal, JACK_HALF_POINTS)
        gifts = [card for card in C.cards_of(heads) if not beats(r, card)]
        if gifts and r.legal & ~heads & ~(1 << EXCUSE):
            for card in gifts:
                found.setdefault(card, HEAD_GIVEN)

    def _before_taker(self, suit_cards: Mask, found: dict[Card, str]) -> None:
        """Heads on a plain trick the taker is still to play to."""
        r = self.r
        if self.taker_may_trump(r.led):
            low = suit_cards & ~_heads(suit_cards, JACK_HALF_POINTS)
            if low:
                for card in C.cards_of(suit_cards & ~low):
                    found[card] = HEAD_BEFORE_TAKER
        partner_tops = r.winner >= 0 and r.friends >> r.winner & 1
        if partner_tops and not r.unseen & HIGHER[r.win_card] and (
                suit_cards & ~HIGHER[r.win_card]):
            for card in C.cards_of(suit_cards & HIGHER[r.win_card]):
                found.setdefault(card, OVER_PARTNER_MASTER)

    def _petit_under_taker(self, found: dict[Card, str]) -> None:
        """The Petit played under the taker's trump, with other trumps to play instead."""
        r = self.r
        if not r.legal >> PETIT & 1 or not r.legal & TRUMP_MASK & ~(1 << PETIT):
            return
        if r.winner != r.taker or r.win_card < FIRST_TRUMP:
            return
        for seat in r.later:
            if r.friends >> seat & 1 and not r.no_trumps >> seat & 1 and (
                    r.unseen & HIGHER[r.win_card]):
                return  # a partner behind may still win the trick with the Petit in it
        found[PETIT] = PETIT_UNDER_TAKER


__all__ = ["CALL_IGNORED", "FAULTS", "HEAD_BEFORE_TAKER", "HEAD_FROM_LONG_SUIT", "HEAD_GIVEN",
           "HEAD_INTO_VOID", "OVER_PARTNER_MASTER", "PETIT_UNDER_TAKER",
           "faults", "taker_follows"]
