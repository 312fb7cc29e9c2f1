"""Cards that surely gain on the trick in play, which the expert keeps to unless its search is
confident of better (:func:`engine.ai.search.race`'s ``favour``).

A search over sampled deals values every card with noise, and with a model of the table (club
play-outs) that is not the table: a Petit that surely wins, or a head onto the partner's sure
trick, can come out a few points behind another card on the deals of one decision. What is
certain is not left to that noise.

On lead, two plays are sure by counting: the taker's camp drawing the last trumps with
masters (nothing it holds can be ruffed afterwards), and a defender whose trumps all top the
taker's, with the other seats out of trumps, hunting the Petit (each lead keeps the lead, and
the taker runs out of trumps before the defender does).
"""

from __future__ import annotations

from engine.ai.club import (
    COST,
    EXCUSE,
    EXCUSE_BIT,
    HALF_POINTS,
    ORDINARY_TRUMPS,
    PETIT,
    PETIT_BIT,
    PLAIN_MASK,
    TRUMP_MASK,
    Reading,
    beats,
    duck,
    holds,
    later_seats,
    low_trump,
)
from engine.cards import Card, Mask


def surely_takes(r: Reading, seats: int) -> bool:
    """Whether the trick goes for sure to one of ``seats`` (a mask): one of them tops it now
    and no later seat outside them can beat its card."""
    winner = r.winner
    return winner >= 0 and bool(seats >> winner & 1) and holds(
        r, r.win_card, later_seats(r) & ~seats)


def sure_gain(r: Reading) -> Card:
    """A card that surely gains on this trick, or -1: the Petit when it surely wins it;
    when the seat's camp surely wins the trick, the Petit or the richest head of the legal
    cards (a knight at least): points on a trick the camp surely takes cannot be lost any
    more, and kept, even a master head may fall to a ruff of the other camp; when the other
    camp surely wins it, the cheapest card (not the Excuse, which is kept for later); on the
    camp's sure trick with nothing but trumps to play, the lowest (the 21 kept). On lead,
    :func:`sure_lead`."""
    if not r.trick:
        return sure_lead(r)
    legal = r.legal & ~EXCUSE_BIT
    if surely_takes(r, r.friends):
        if legal & PETIT_BIT:
            return PETIT
        best, key = -1, 0
        rest = legal & PLAIN_MASK
        while rest:
            low = rest & -rest
            card = low.bit_length() - 1
            if HALF_POINTS[card] >= 5 and COST[card] > key:
                best, key = card, COST[card]
            rest ^= low
        if best < 0 and legal and not legal & PLAIN_MASK and legal & ORDINARY_TRUMPS:
            return low_trump(legal)  # any trump takes the camp's trick: the 21 is kept
        return best
    if legal & PETIT_BIT and beats(r, PETIT) and holds(r, PETIT, later_seats(r) & ~r.friends):
        return PETIT
    if surely_takes(r, r.foes):
        rest = legal
        while rest:  # the trick is lost unless one of the seat's cards tops it
            low = rest & -rest
            if beats(r, low.bit_length() - 1):
                return -1
            rest ^= low
        if legal:
            card = duck(r, legal & ~EXCUSE_BIT or legal)
            if HALF_POINTS[card] < 5 and card != PETIT:
                return card  # the trick is the other camp's for sure: give it nothing
    return -1


def banked(r: Reading, sure: Card, card: Card) -> float:
    """Card points the seat's camp surely keeps on this trick by playing ``sure`` (a card of
    :func:`sure_gain`) rather than ``card``: on a trick the camp surely takes, what the sure
    card puts on it beyond ``card``; on a trick the other camp surely takes, what ``card``
    gives away beyond it; 0 for a lead or a Petit that wins the trick itself (what those are
    worth is in the play that follows)."""
    if not r.trick or sure < 0 or card == EXCUSE:
        return 0.0
    if surely_takes(r, r.friends):
        # the Petit given to the camp's sure trick is banked like a head
        return max(0, HALF_POINTS[sure] - HALF_POINTS[card]) / 2
    if sure != PETIT and surely_takes(r, r.foes):
        return max(0, HALF_POINTS[card] - HALF_POINTS[sure]) / 2
    return 0.0  # a Petit that wins the trick itself: what it saves is in the play after


#: Why a card of :func:`sure_gain` surely gains: the key of the reason, by case.
SURE_REASONS = ("petit_wins", "petit_saved", "charge", "low_trump", "duck", "draw", "hunt")


def sure_reason(r: Reading, sure: Card) -> str:
    """Which of :data:`SURE_REASONS` makes ``sure`` (a card of :func:`sure_gain`) sure: the
    Petit winning the trick itself, the Petit or a head given to the camp's sure trick, a
    low trump there, the cheapest card onto the other camp's, or a lead that draws the last
    trumps or hunts the Petit."""
    if not r.trick:
        return "draw" if r.attacking else "hunt"
    camp = surely_takes(r, r.friends)
    if sure == PETIT:
        return "petit_saved" if camp else "petit_wins"
    if camp:
        return "low_trump" if TRUMP_MASK >> sure & 1 else "charge"
    return "duck"


def sure_lead(r: Reading) -> Card:
    """A lead that surely gains by counting the trumps, or -1: the taker's camp drawing the
    last trumps out with a master it can spare (it holds more trumps than are out); a
    defender hunting the Petit when only the taker may hold trumps and the defender's trumps
    that top all of the taker's outnumber them (the Excuse it may hold counted as one more)."""
    trumps = r.legal & TRUMP_MASK
    out = r.unseen & TRUMP_MASK
    if not trumps or not out:
        return -1
    masters = _above(trumps, out)
    if r.attacking:
        if not r.foes & ~r.no_trumps or trumps.bit_count() <= out.bit_count():
            return -1
        return low_trump(masters) if masters else -1
    others = ((1 << r.n) - 1) & ~(1 << r.me) & ~(1 << r.taker)
    if not out & PETIT_BIT or others & ~r.no_trumps or r.no_trumps >> r.taker & 1:
        return -1
    excuse = 1 if r.unseen & EXCUSE_BIT else 0
    if masters.bit_count() < out.bit_count() + excuse:
        return -1
    return low_trump(masters)  # never the Petit: it is below the taker's trumps


def _above(trumps: Mask, out: Mask) -> Mask:
    """The trumps of ``trumps`` higher than every trump of ``out``."""
    floor = 1 << out.bit_length()
    return trumps & ~(floor - 1)


__all__ = ["SURE_REASONS", "banked", "sure_gain", "sure_lead", "sure_reason", "surely_takes"]
