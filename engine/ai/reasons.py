"""Why a choice is good, as far as the table shows: the reasoning behind a hint, as data.

The analysis (:mod:`engine.ai.analysis`) says which option scores best; this module says
why, read from the seat's view and the action alone, never canned: for a card, whether it
wins the trick as things stand (trumping in, overtrumping, being the last to play), feeds
points to a partner who is winning, follows or trumps low, discards, leads a suit the
opponents lack, a master card or trumps, brings the Petit home or saves the Excuse; for a
discard, the voids it makes and the points it puts aside.

A :class:`Reason` is a code and its facts, as a :class:`~engine.refusals.Refusal` is for a
command refused: the game words it (``hint_why_<code>`` in its catalogs).

>>> from engine.deal import Deal
>>> from engine.rules import load_rules
>>> from engine.views import view_for
>>> view = view_for(Deal.new(load_rules(), 4, dealer=0, seed=1).state, 0)
>>> card_reason(view, C.EXCUSE)
Reason(code='excuse', seat=None, half_points=None, suit=None, seats=(), suits=())
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import cards as C
from engine.actions import Discard
from engine.cards import Card
from engine.views import SeatView, TrickView

#: Every code a reason may have.
CODES = (
    "excuse", "excuse_late", "petit_last", "petit_wins", "last_wins", "overtrump", "trump_in",
    "wins", "petit_under", "feed", "under_friend", "trump_low", "trump_under", "follow_low",
    "follow", "discard_low", "discard", "lead_petit", "lead_master_trump",
    "lead_trump_attack", "lead_trump_hunt", "lead_trump", "lead_void_one", "lead_void_many",
    "lead_master", "lead_low", "lead", "discard_voids", "discard_points",
)


@dataclass(frozen=True)
class Reason:
    """Why a choice is good: ``code`` (one of :data:`CODES`) and the facts it names — the
    seat it beats or feeds, the points (in half-points) the trick or the card brings, the
    suit, the seats lacking that suit, the suits a discard voids."""

    code: str
    seat: int | None = None
    half_points: int | None = None
    suit: int | None = None
    seats: tuple[int, ...] = ()
    suits: tuple[int, ...] = ()


def _led_suit(cards: tuple[Card, ...]) -> int | None:
    """The suit of a trick: that of its first card other than the Excuse."""
    for card in cards:
        if card != C.EXCUSE:
            return C.SUIT_OF[card]
    return None


def _winning(trick: TrickView, players: int) -> tuple[Card, int] | None:
    """The card winning the trick so far and its seat (``None`` while only the Excuse is in)."""
    position = trick.winning()
    if position is None:
        return None
    return trick.cards[position], (trick.leader + position) % players


def _would_win(trick: TrickView, card: Card) -> bool:
    return C.winning_position((*trick.cards, card)) == len(trick.cards)


def attacking(view: SeatView, seat: int) -> bool | None:
    """Whether ``seat`` plays for the taker, as ``view.seat`` knows it (``None``: unknown)."""
    if seat == view.taker:
        return True
    if view.partner_known:
        return seat == view.partner
    if seat == view.seat:
        return False  # a seat that does not know the partner is not the partner
    return None


def _friends(view: SeatView, seat: int) -> bool:
    mine, theirs = attacking(view, view.seat), attacking(view, seat)
    return seat == view.seat or (theirs is not None and mine == theirs)


def _foes(view: SeatView, seat: int) -> bool:
    mine, theirs = attacking(view, view.seat), attacking(view, seat)
    return seat != view.seat and theirs is not None and mine != theirs


def _higher_out(view: SeatView, card: Card) -> int:
    """The cards of ``card``'s suit above it that may still be in another hand."""
    suit_mask = C.SUIT_MASKS[C.SUIT_OF[card]]
    above = suit_mask & ~((1 << (card + 1)) - 1)
    return above & ~view.hand_mask & ~view.out_of_play


def _lowest_trump(view: SeatView, card: Card) -> bool:
    """Whether ``card`` is the lowest trump the seat may play, the Petit aside."""
    legal = C.mask_of(view.legal_plays) & C.TRUMP_MASK & ~(1 << C.PETIT)
    return bool(legal) and (legal & -legal).bit_length() - 1 == card


def card_reason(view: SeatView, card: Card) -> Reason:
    """Why ``card`` is a good play for ``view.seat`` now."""
    n = view.players
    trick = view.trick
    last_trick = len(view.hand) == 1
    # the Excuse stays with its owner: it is no part of what the trick brings
    brings = sum(C.HALF_POINTS[c] for c in (*trick.cards, card) if c != C.EXCUSE)
    if card == C.EXCUSE:
        return Reason("excuse_late" if view.hand_counts[view.seat] <= 2 else "excuse")
    winning = _winning(trick, n)
    if winning is None:
        return lead_reason(view, card)
    best, holder = winning
    led = _led_suit(trick.cards)
    assert led is not None
    if _would_win(trick, card):
        if card == C.PETIT:
            return Reason("petit_last" if last_trick else "petit_wins")
        if len(trick.cards) == n - 1:
            return Reason("last_wins", half_points=brings)
        if C.is_trump(card) and led != C.TRUMP:
            return Reason("overtrump" if C.is_trump(best) else "trump_in", seat=holder,
                          half_points=brings)
        return Reason("wins", seat=holder, half_points=brings)
    value = C.HALF_POINTS[card]
    if _friends(view, holder):
        if card == C.PETIT:
            return Reason("petit_under", seat=holder)
        if value >= 3:
            return Reason("feed", seat=holder, half_points=value)
        return Reason("under_friend", seat=holder)
    if C.SUIT_OF[card] == led:
        if led == C.TRUMP:
            return Reason("trump_low" if _lowest_trump(view, card) else "trump_under")
        low = value == 1 and card != C.PETIT
        return Reason("follow_low" if low else "follow", suit=led, half_points=value)
    if C.is_trump(card):
        return Reason("trump_low" if _lowest_trump(view, card) else "trump_under")
    return Reason("discard_low" if value == 1 else "discard", half_points=value)


def lead_reason(view: SeatView, card: Card) -> Reason:
    """Why ``card`` is a good lead for ``view.seat`` now."""
    suit = C.SUIT_OF[card]
    if suit == C.TRUMP:
        if card == C.PETIT:
            return Reason("lead_petit")
        if not _higher_out(view, card):
            return Reason("lead_master_trump")
        if attacking(view, view.seat):
            return Reason("lead_trump_attack")
        petit_out = not (view.hand_mask | view.out_of_play) >> C.PETIT & 1
        return Reason("lead_trump_hunt" if petit_out else "lead_trump")
    voids = view.shown_voids()
    lacking = tuple(seat for seat, suits in sorted(voids.items())
                    if suit in suits and _foes(view, seat) and C.TRUMP not in suits)
    if lacking:
        return Reason("lead_void_one" if len(lacking) == 1 else "lead_void_many", suit=suit,
                      seats=lacking)
    if not _higher_out(view, card) and C.HALF_POINTS[card] > 1:
        return Reason("lead_master", suit=suit)
    return Reason("lead_low" if C.HALF_POINTS[card] == 1 else "lead", suit=suit)


def discard_reason(view: SeatView, action: Discard) -> Reason:
    """Why the taker's ``action`` is a good discard: the suits it voids, the points aside."""
    hand = view.hand_mask | C.mask_of(view.discard or ())
    aside = C.mask_of(action.cards)
    kept = hand & ~aside
    voids = tuple(s for s in range(4) if hand & C.SUIT_MASKS[s] and not kept & C.SUIT_MASKS[s])
    points = C.mask_points(aside)
    if voids:
        return Reason("discard_voids", half_points=points, suits=voids)
    return Reason("discard_points", half_points=points)


__all__ = ["CODES", "Reason", "attacking", "card_reason", "discard_reason", "lead_reason"]
