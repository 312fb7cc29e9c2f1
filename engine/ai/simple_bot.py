"""SimpleBot: a quick rule-based player, sensible rather than strong.

Everything it decides comes from a handful of readable rules:

* **bidding** — the open contract worth most with the hand, when it is worth more than a
  pass: values learned from simulated deals played by club players
  (:mod:`engine.ai.hand_values`);
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
from engine import choices as O
from engine.actions import AnnounceMisere, Bid, Call, DecideSlam, Discard, Play, ShowHandful
from engine.ai import club
from engine.ai.base import PhaseBot
from engine.ai.club_contract import BID_THRESHOLDS, call_choice, discard_choice, hand_strength
from engine.ai.hand_values import value_bid
from engine.cards import Mask
from engine.views import SeatView

PETIT, TWENTY_ONE = C.PETIT, C.TWENTY_ONE
PLAIN_MASK: Mask = C.SUIT_MASKS[0] | C.SUIT_MASKS[1] | C.SUIT_MASKS[2] | C.SUIT_MASKS[3]


class SimpleBot(PhaseBot):
    name = "simple"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)  # only breaks exact ties, so play stays reproducible

    # --- bidding ---------------------------------------------------------------------------------

    def bid(self, view: SeatView) -> Bid:
        bids = O.legal_bids(view)
        contracts = [b.contract for b in bids if b.contract is not None]
        return Bid(value_bid(view.hand_mask, view.players, contracts, view.rules))

    def call(self, view: SeatView) -> Call:
        return Call(call_choice(O.callable_cards(view), view.hand_mask))

    def discard(self, view: SeatView) -> Discard:
        options = O.discard_options(view)
        hand = view.hand_mask | C.mask_of(view.discard or ())
        return Discard(tuple(C.cards_of(discard_choice(hand, options.size))))

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
            return ShowHandful(O.handful_cards(best))  # the Petit hidden where it may be
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


__all__ = ["BID_THRESHOLDS", "SimpleBot", "hand_strength"]
