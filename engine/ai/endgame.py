"""The last tricks of a sampled deal, searched exactly: alpha-beta with a transposition table.

Once few cards are left, a play-out's guesses can be replaced by the exact value of the deal
with every card known (as it is in a sampled deal) and both camps playing their best: the
taker's camp to make the deal value (RULES.md §10, :func:`engine.scoring.score_deal`) as high
as it can, the defence as low. Late in a deal there is little left to hide, so the exact
value is close to what good players get.

The search plays on :class:`~engine.state.DealState` copies with the engine's own
``legal_plays``/``play``, and scores finished deals with the real scoring. Cards of one hand
that are interchangeable now (touching in their suit once the cards played are set aside, and
worth the same points) are tried once; the transposition table holds positions reached by
different orders of the same cards (hands, trick on the table, the cards each camp has won).
"""

from __future__ import annotations

from engine import cards as C
from engine.cards import Card, Mask
from engine.scoring import misere_scores, score_deal, split_value
from engine.state import TAKER_CAMP, DealState, Phase

EXACT, LOWER, UPPER = 0, 1, 2
INFINITY = 1 << 30


def cards_left(s: DealState) -> int:
    """The cards still to be played in ``s``."""
    return sum(hand.bit_count() for hand in s.hands)


def _moves(s: DealState, legal: Mask) -> list[Card]:
    """One card of each group of interchangeable legal cards (touching once the cards played
    to past tricks are set aside, worth the same points), the highest groups first."""
    held = 0  # the cards that can still come between two cards: in hands or on the table
    for hand in s.hands:
        held |= hand
    for card in s.trick:
        held |= 1 << card
    moves: list[Card] = []
    prev = -1
    rest = legal
    while rest:
        low = rest & -rest
        card = low.bit_length() - 1
        rest ^= low
        if (prev >= 0 and C.SUIT_OF[card] == C.SUIT_OF[prev] and C.SUIT_OF[card] < 5
                and C.HALF_POINTS[card] == C.HALF_POINTS[prev]
                and card not in (C.PETIT, C.TWENTY_ONE) and prev not in (C.PETIT, C.TWENTY_ONE)
                and not held & ((1 << card) - 1) & ~((1 << (prev + 1)) - 1)):
            prev = card  # touching the previous one: the group's lowest card stands for it
            continue
        moves.append(card)
        prev = card
    moves.reverse()  # high cards first: they decide tricks sooner
    return moves


class Solver:
    """Exact values of positions late in deals; one table per deal being evaluated."""

    __slots__ = ("table",)

    def __init__(self) -> None:
        self.table: dict[tuple[object, ...], tuple[int, int, Card]] = {}

    def value(self, s: DealState) -> int:
        """The deal value (seen from the taker's side) with best play from ``s`` on."""
        return self._search(s, -INFINITY, INFINITY)

    def _search(self, s: DealState, alpha: int, beta: int) -> int:
        if s.phase is not Phase.PLAYING:
            return score_deal(s).value
        key = (tuple(s.hands), tuple(s.trick), s.leader, s.camp_won[TAKER_CAMP],
               s.camp_tricks[TAKER_CAMP], s.excuse_player, s.excuse_winner)
        found = self.table.get(key)
        first = -1
        if found is not None:
            value, bound, first = found
            if bound == EXACT:
                return value
            if bound == LOWER and value >= beta:
                return value
            if bound == UPPER and value <= alpha:
                return value
        turn = s.turn
        assert turn is not None
        maximising = s.camp_of(turn) == TAKER_CAMP
        moves = _moves(s, s.legal_plays())
        if first in moves:
            moves.remove(first)
            moves.insert(0, first)
        start_alpha, start_beta = alpha, beta
        best = -INFINITY if maximising else INFINITY
        best_move = moves[0]
        for card in moves:
            child = s.copy()
            child.play(card)
            value = self._search(child, alpha, beta)
            if maximising:
                if value > best:
                    best, best_move = value, card
                alpha = max(alpha, value)
            else:
                if value < best:
                    best, best_move = value, card
                beta = min(beta, value)
            if alpha >= beta:
                break
        if best <= start_alpha:
            bound = UPPER
        elif best >= start_beta:
            bound = LOWER
        else:
            bound = EXACT
        self.table[key] = (best, bound, best_move)
        return best


def seat_value(s: DealState, seat: int, value: int) -> float:
    """``seat``'s score in ``s``'s deal when the deal value is ``value``."""
    return float(split_value(s, value)[seat] + misere_scores(s)[seat])


def solve(s: DealState, seat: int) -> float:
    """``seat``'s score with best play by both camps from ``s`` (few cards left) on."""
    return seat_value(s, seat, Solver().value(s))


__all__ = ["Solver", "cards_left", "seat_value", "solve"]
