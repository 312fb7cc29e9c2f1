"""SimpleBot: a quick rule-based player, sensible rather than strong.

Everything it decides comes from a handful of readable rules:

* **bidding** — a hand-strength count (oudlers, trumps, high trumps, heads, long suits, voids
  and singletons), scaled to the hand size, against one threshold per contract;
* **the call** (five players) — a king it lacks, in its longest suit;
* **the discard** — low cards of short suits first, to make voids; kings and trumps stay;
* **slam** — only with an overwhelming hand;
* **declarations** — a handful whenever it holds one (the Excuse shown only when needed, the
  Petit and the 21 hidden when possible), every misère it may announce;
* **the cards** — the club player's judgement of :mod:`engine.ai.club` (which the expert's
  play-outs use too): cash masters, draw trumps as a strong taker, make the taker trump as
  the defence, play low when the trick is lost, throw points to a partner who surely wins it,
  overtrump cheaply, keep the 21 for tricks worth it, save the Petit and the Excuse.

It reads only its seat's view and decides in well under a millisecond.
"""

from __future__ import annotations

import random

from engine import cards as C
from engine.actions import AnnounceMisere, Bid, Call, DecideSlam, Discard, Play, ShowHandful
from engine.ai import club
from engine.ai import options as O
from engine.ai.base import PhaseBot
from engine.cards import Mask
from engine.views import SeatView

PETIT, TWENTY_ONE, EXCUSE = C.PETIT, C.TWENTY_ONE, C.EXCUSE
PETIT_BIT, TWENTY_ONE_BIT = 1 << PETIT, 1 << TWENTY_ONE
PLAIN_MASK: Mask = C.SUIT_MASKS[0] | C.SUIT_MASKS[1] | C.SUIT_MASKS[2] | C.SUIT_MASKS[3]
MAJOR_TRUMPS: Mask = C.TRUMPS_ABOVE[15]  # 16 to 21

#: Hand strength needed for each contract, by player count (measured on self-play: a Petite
#: is made about half the time at its threshold, a Garde sans most of the time at its own).
BID_THRESHOLDS: dict[int, dict[str, float]] = {
    3: {"petite": 40, "garde": 50, "garde_sans": 57, "garde_contre": 65},
    4: {"petite": 45, "garde": 54, "garde_sans": 63, "garde_contre": 71},
    5: {"petite": 38, "garde": 48, "garde_sans": 57, "garde_contre": 65},
}


def hand_strength(hand: Mask, players: int, hand_size: int) -> float:
    """A classic point count of a hand, scaled to 18 cards so thresholds compare across
    player counts."""
    trumps = hand & C.TRUMP_MASK
    n_trumps = trumps.bit_count()
    score = 0.0
    if hand & TWENTY_ONE_BIT:
        score += 10
    if hand & C.EXCUSE_BIT:
        score += 8
    if hand & PETIT_BIT:  # the Petit is worth what protects it
        score += 9 if n_trumps >= 7 else 7 if n_trumps >= 5 else 4 if n_trumps >= 4 else 1
    score += 2 * n_trumps + 2 * (trumps & MAJOR_TRUMPS).bit_count()
    for suit in range(4):
        cards = hand & C.SUIT_MASKS[suit]
        length = cards.bit_count()
        king = cards >> C.make_card(suit, C.KING) & 1
        queen = cards >> C.make_card(suit, C.QUEEN) & 1
        score += 6 * king + (4 if king else 2) * queen
        score += 2 * (cards >> C.make_card(suit, C.KNIGHT) & 1)
        score += cards >> C.make_card(suit, C.JACK) & 1
        if length >= 5:
            score += 5 + 2 * (length - 5)
        if n_trumps >= 4:
            score += 6 if length == 0 else 3 if length == 1 else 0
    return score * 18 / hand_size


class SimpleBot(PhaseBot):
    name = "simple"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)  # only breaks exact ties, so play stays reproducible

    # --- bidding ---------------------------------------------------------------------------------

    def bid(self, view: SeatView) -> Bid:
        hand_size = view.rules.setup(view.players).hand
        strength = hand_strength(view.hand_mask, view.players, hand_size)
        thresholds = BID_THRESHOLDS.get(view.players, BID_THRESHOLDS[4])
        choice = O.legal_bids(view)[0]
        for bid in O.legal_bids(view)[1:]:
            assert bid.contract is not None
            if strength >= thresholds.get(bid.contract, float("inf")):
                choice = bid
        return choice

    def call(self, view: SeatView) -> Call:
        callable_ = O.callable_cards(view)
        hand = view.hand_mask
        if not hand & TWENTY_ONE_BIT and TWENTY_ONE in callable_:
            return Call(TWENTY_ONE)  # any card may be called: the 21 is the best partner
        missing = [c for c in callable_ if not hand >> c & 1 and C.SUIT_OF[c] < 4]
        if not missing:
            heads = [c for c in callable_ if C.SUIT_OF[c] < 4]
            return Call(heads[0] if heads else callable_[0])
        top_rank = max(C.RANK_OF[c] for c in missing)
        best = [c for c in missing if C.RANK_OF[c] == top_rank]
        return Call(max(best, key=lambda c: (hand & C.SUIT_MASKS[C.SUIT_OF[c]]).bit_count()))

    def discard(self, view: SeatView) -> Discard:
        options = O.discard_options(view)
        hand = view.hand_mask | C.mask_of(view.discard or ())
        if options.trumps_needed:
            trumps = sorted(C.cards_of(options.allowed & ~options.plain))
            chosen = C.cards_of(options.plain) + trumps[: options.trumps_needed]
            return Discard(tuple(sorted(chosen)))

        def length(suit: int) -> int:  # a king makes a suit worth keeping
            cards = hand & C.SUIT_MASKS[suit]
            return cards.bit_count() + (4 if cards & C.KING_MASK else 0)

        chosen_mask = 0
        room = options.size
        suits = sorted(range(4), key=length)
        for suit in suits:  # whole short suits first: each one is a void
            cards = options.allowed & C.SUIT_MASKS[suit]
            if cards and cards.bit_count() <= room:
                chosen_mask |= cards
                room -= cards.bit_count()
        rest = C.cards_of(options.allowed & ~chosen_mask)
        # then unguarded heads and low cards of the shortest suits
        rest.sort(key=lambda c: (length(C.SUIT_OF[c]), -C.HALF_POINTS[c], c))
        chosen = C.cards_of(chosen_mask) + rest[:room]
        return Discard(tuple(sorted(chosen)))

    def slam(self, view: SeatView) -> DecideSlam:
        hand = view.hand_mask
        trumps = (hand & C.TRUMP_MASK).bit_count()
        plain = hand & PLAIN_MASK
        top_run = 0
        for card in range(TWENTY_ONE, PETIT - 1, -1):
            if not hand >> card & 1:
                break
            top_run += 1
        overwhelming = (
            plain & ~C.KING_MASK == 0
            and top_run >= 21 - trumps + 1
            and trumps >= 2 * view.rules.setup(view.players).hand // 3
        )
        return DecideSlam(overwhelming)

    def declare(self, view: SeatView) -> ShowHandful | AnnounceMisere | None:
        handfuls = O.handful_options(view)
        if handfuls:
            best = handfuls[-1]
            if best.needs_excuse and len(handfuls) > 1 and not handfuls[-2].needs_excuse:
                best = handfuls[-2]  # no need to show the Excuse for a smaller bonus
            return ShowHandful(O.handful_cards(best, keep=PETIT_BIT | TWENTY_ONE_BIT))
        miseres = O.misere_options(view)
        if miseres:
            return AnnounceMisere(miseres[0])
        return None

    # --- the cards -------------------------------------------------------------------------------

    def play(self, view: SeatView) -> Play:
        legal = view.legal_plays
        if len(legal) == 1:
            return Play(legal[0])
        return Play(club.choose_card(club.reading_of_view(view)))
