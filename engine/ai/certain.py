"""Cards that surely gain on the trick in play, which the expert keeps to unless its search is
confident of better (:func:`engine.ai.search.race`'s ``favour``).

A search over sampled deals values every card with noise, and with a model of the table (club
play-outs) that is not the table: a Petit that surely wins, or a head onto the partner's sure
trick, can come out a few points behind another card on the deals of one decision. What is
certain is not left to that noise.
"""

from __future__ import annotations

from engine.ai.club import (
    COST,
    EXCUSE_BIT,
    HALF_POINTS,
    PETIT,
    PETIT_BIT,
    PLAIN_MASK,
    Reading,
    beats,
    duck,
    holds,
    later_seats,
)
from engine.cards import Card


def sure_gain(r: Reading) -> Card:
    """A card that surely gains on this trick, or -1: the Petit when it surely wins it;
    when the seat's camp surely wins the trick, the Petit or the richest head of the legal
    cards (a knight at least): points on a trick the camp surely takes cannot be lost any
    more, and kept, even a master head may fall to a ruff of the other camp; when the other
    camp surely wins it, the cheapest card (not the Excuse, which is kept for later)."""
    if not r.trick:
        return -1
    legal = r.legal & ~EXCUSE_BIT
    threats = later_seats(r) & ~r.friends
    winner = r.winner
    if winner >= 0 and r.friends >> winner & 1 and holds(r, r.win_card, threats):
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
        return best
    if legal & PETIT_BIT and beats(r, PETIT) and holds(r, PETIT, threats):
        return PETIT
    if winner >= 0 and r.foes >> winner & 1 and holds(r, r.win_card, later_seats(r) & ~r.foes):
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


__all__ = ["sure_gain"]
