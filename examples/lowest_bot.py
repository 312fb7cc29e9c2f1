"""LowestBot: a small, complete example bot (see docs/bots.md).

It plays its lowest legal card unless it can win the trick cheaply, bids on a count of trumps,
oudlers and kings, discards from its shortest suits and, as taker, shows a handful when it
holds one. Try it against the random bot:

    python -m engine.ai.arena examples/lowest_bot.py:make random --players 4 --deals 100
"""

from __future__ import annotations

from collections.abc import Iterable

from engine import cards as C
from engine import choices as O
from engine.actions import AnnounceMisere, Bid, Call, DecideSlam, Discard, Play, ShowHandful
from engine.ai.base import PhaseBot
from engine.cards import Card
from engine.views import SeatView


def cost(card: Card) -> tuple[int, int]:
    """How much a card is worth keeping: its points, then its rank."""
    return C.HALF_POINTS[card], C.RANK_OF[card]


def beats(card: Card, best: Card | None) -> bool:
    """Whether ``card`` would top a trick whose winning card so far is ``best``."""
    if card == C.EXCUSE:
        return False  # the Excuse never wins a trick
    if best is None:
        return True
    if C.is_trump(card):
        return not C.is_trump(best) or card > best
    return not C.is_trump(best) and C.SUIT_OF[card] == C.SUIT_OF[best] and card > best


def winning_card(cards: Iterable[Card]) -> Card | None:
    """The card winning a trick so far, or ``None`` when nothing but the Excuse was played."""
    best: Card | None = None
    for card in cards:
        if beats(card, best):
            best = card
    return best


class LowestBot(PhaseBot):
    name = "lowest"

    def bid(self, view: SeatView) -> Bid:
        hand = view.hand_mask
        trumps = (hand & C.TRUMP_MASK).bit_count()
        oudlers = (hand & C.OUDLER_MASK).bit_count()
        kings = (hand & C.KING_MASK).bit_count()
        hand_size = view.rules.setup(view.players).hand
        strength = (trumps + 2 * oudlers + kings) * 18 / hand_size  # as if 18 cards were held
        wanted = "garde" if strength >= 15 else "petite" if strength >= 11 else None
        bids = O.legal_bids(view)  # pass first, then every contract above the highest bid
        return next((b for b in bids if b.contract == wanted), bids[0])

    def call(self, view: SeatView) -> Call:
        callable_cards = O.callable_cards(view)
        missing = [c for c in callable_cards if not view.hand_mask >> c & 1]
        return Call(missing[0] if missing else callable_cards[0])

    def discard(self, view: SeatView) -> Discard:
        options = O.discard_options(view)
        hand = view.hand_mask | C.mask_of(view.discard or ())

        def suit_length(card: Card) -> int:
            return (hand & C.SUIT_MASKS[C.SUIT_OF[card]]).bit_count()

        # shortest suits first (to make voids), their richest cards first (they are banked)
        plain = sorted(C.cards_of(options.plain), key=lambda c: (suit_length(c), -cost(c)[0]))
        trumps = sorted(C.cards_of(options.allowed & ~options.plain))
        chosen = plain[: options.size] + trumps[: options.trumps_needed]
        return Discard(tuple(chosen))

    def slam(self, view: SeatView) -> DecideSlam:
        return DecideSlam(False)

    def declare(self, view: SeatView) -> ShowHandful | AnnounceMisere | None:
        if view.seat == view.taker:
            handfuls = [h for h in O.handful_options(view) if not h.needs_excuse]
            if handfuls:
                return ShowHandful(O.handful_cards(handfuls[0]))  # the smallest one
        return None

    def play(self, view: SeatView) -> Play:
        legal = view.legal_plays
        trick = view.trick.cards
        best = winning_card(trick)
        last = len(trick) == view.players - 1
        winners = sorted(c for c in legal if beats(c, best))
        if trick and winners:
            cheapest = winners[0]
            if C.HALF_POINTS[cheapest] == 1 or (last and cheapest != C.TWENTY_ONE):
                return Play(cheapest)  # a half-point card, or nobody left to take it back
        others = [c for c in legal if c != C.EXCUSE]
        if not others:
            return Play(C.EXCUSE)
        lowest = min(others, key=cost)
        if C.EXCUSE in legal and (C.HALF_POINTS[lowest] > 1 or len(view.hand) <= 2):
            return Play(C.EXCUSE)  # rather than give away a head or an oudler; never last
        return Play(lowest)


def make(seed: int = 0) -> LowestBot:
    """The factory the arena calls. The seed is for bots that make random choices; this one
    makes none."""
    return LowestBot()
