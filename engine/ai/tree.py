"""The seat's own later cards, searched over the sampled deals: a tree of what the seat will
have seen.

A play-out after a candidate card has every seat play like a club player, the deciding seat
included. The deals sampled for one decision share, after each candidate, a tree of public
histories (the cards played since): at the seat's own turns the tree keeps, for each card it
could play, the mean score that followed; the other seats play the club player's card of the
deal (a deal gives them their hands), which branches the tree. Each deal walks down the tree,
choosing the seat's cards by the upper confidence bound of their means (the card it has not
tried yet first, the club player's choice before the others), adds the first of the seat's
decisions not yet in the tree, and is played out from there. The more deals, the deeper the
tree, and the better the seat's own later cards: what a longer think buys, on top of smaller
errors. With few deals the tree hardly grows and this is a plain play-out.
"""

from __future__ import annotations

import math
import random

from engine.ai import club_tracker
from engine.ai import playout as P
from engine.ai.candidates import equivalent_cards
from engine.cards import Card
from engine.state import DealState

#: How far the tree looks: the seat's own decisions below a candidate card.
MAX_DEPTH = 4
#: Exploration, in units of the score scale given to :func:`walk`.
EXPLORATION = 0.4


class Node:
    """A public history below a candidate card: the scores that followed it (weighted by
    the deals' weights)."""

    __slots__ = ("children", "total", "visits", "weights")

    def __init__(self) -> None:
        self.children: dict[Card, Node] = {}
        self.visits = 0
        self.weights = 0.0
        self.total = 0.0


def walk(s: DealState, tracker: club_tracker.Tracker, root: Node, seat: int, scale: float,
         weight: float = 1.0, rng: random.Random | None = None, epsilon: float = 0.0,
         exact: int = 0) -> float:
    """``seat``'s score for ``s`` (the candidate just played, ``tracker`` on ``s``, the deal
    weighing ``weight``): down ``root``'s tree as far as it goes, one of the seat's decisions
    added, then played out."""
    path = [root]
    node = root
    depth = 0
    bound = EXPLORATION * scale
    stop_at = s.tricks_total - exact if exact else s.tricks_total + 1
    while s.turn is not None and depth < MAX_DEPTH:
        if s.trick_index >= stop_at and not s.trick:
            break
        legal = s.legal_plays()
        if s.turn == seat and legal & (legal - 1):
            out = tracker.played | (s.discard if seat == s.taker else 0)
            options = equivalent_cards(legal, s.hands[seat], out)
            if len(options) > 1:
                depth += 1
                card, fresh = _choose(node, options, tracker, legal, bound)
                tracker.play(card)
                child = node.children.get(card)
                if child is None:
                    child = node.children[card] = Node()
                path.append(child)
                node = child
                if fresh:
                    break  # a decision new to the tree: play out from here
                continue
            card = options[0]
        elif legal & (legal - 1):
            card = tracker.card(legal)
        else:
            card = legal.bit_length() - 1
        tracker.play(card)
        child = node.children.get(card)
        if child is None:
            child = node.children[card] = Node()
        path.append(child)
        node = child
    value = P.value(s, seat, rng, epsilon, tracker, exact)
    for visited in path:
        visited.visits += 1
        visited.weights += weight
        visited.total += weight * value
    return value


def _choose(node: Node, options: list[Card], tracker: club_tracker.Tracker, legal: int,
            bound: float) -> tuple[Card, bool]:
    """The seat's card at ``node`` and whether the tree had not tried it yet there."""
    untried = [card for card in options if card not in node.children
               or not node.children[card].weights]
    if untried:
        if len(untried) == len(options):  # a new decision: the club player's card first
            usual = tracker.card(legal)
            return max(c for c in options if c <= usual), True
        return untried[0], True
    log_visits = math.log(max(1, node.visits))
    best, best_key = options[0], -math.inf
    for card in options:
        child = node.children[card]
        key = child.total / child.weights + bound * math.sqrt(log_visits / child.visits)
        if key > best_key:
            best, best_key = card, key
    return best, False


__all__ = ["EXPLORATION", "MAX_DEPTH", "Node", "walk"]
