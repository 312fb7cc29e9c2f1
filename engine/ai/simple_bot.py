"""SimpleBot: a quick rule-based player, sensible rather than strong.

Everything it decides comes from a handful of readable rules:

* **bidding** — a hand-strength count (oudlers, trumps, high trumps, heads, long suits, voids
  and singletons), scaled to the hand size, against one threshold per contract;
* **the call** (five players) — a king it lacks, in its longest suit;
* **the discard** — low cards of short suits first, to make voids; kings and trumps stay;
* **slam** — only with an overwhelming hand;
* **declarations** — a handful whenever it holds one (the Excuse shown only when needed, the
  Petit and the 21 hidden when possible), every misère it may announce;
* **the cards** — cash masters, draw trumps as a strong taker, make the taker trump as the
  defence, play low when the trick is lost, throw points to a partner who surely wins it,
  overtrump cheaply, keep the 21 for tricks worth it, save the Petit and the Excuse.

It reads only its seat's view and decides in well under a millisecond.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from engine import cards as C
from engine.actions import AnnounceMisere, Bid, Call, DecideSlam, Discard, Play, ShowHandful
from engine.ai import options as O
from engine.ai.base import PhaseBot
from engine.cards import Card, Mask
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


def _trick_best(cards: Iterable[Card]) -> tuple[int, Card]:
    """Position and card winning a trick so far (the Excuse aside); ``(-1, -1)`` for none."""
    best, pos = -1, -1
    for i, card in enumerate(cards):
        if card == EXCUSE:
            continue
        if best < 0 or (C.is_trump(card) and (card > best or not C.is_trump(best))) or (
            not C.is_trump(best) and not C.is_trump(card)
            and C.SUIT_OF[card] == C.SUIT_OF[best] and card > best
        ):
            best, pos = card, i
    return pos, best


def _lowest(cards: Iterable[Card]) -> Card:
    """The cheapest card: fewest points, then lowest rank."""
    return min(cards, key=lambda c: (C.HALF_POINTS[c], C.RANK_OF[c], c))


def _richest(cards: Iterable[Card]) -> Card:
    return max(cards, key=lambda c: (C.HALF_POINTS[c], C.RANK_OF[c], c))


class _Reading:
    """What the seat can infer from its view while the cards are played."""

    def __init__(self, view: SeatView) -> None:
        n = view.players
        self.view = view
        self.n = n
        self.me = view.seat
        self.hand = view.hand_mask
        self.legal = O.legal_plays(view)
        own_aside = C.mask_of(view.discard or ()) if view.seat == view.taker else 0
        self.unseen = C.FULL_DECK & ~view.played & ~self.hand & ~own_aside
        self.void = [[False] * 4 for _ in range(n)]
        self.no_trumps = [False] * n
        for trick in (*view.tricks, view.trick):
            self._note(trick.leader, trick.cards)
        taker = view.taker
        assert taker is not None
        partner = view.partner if view.partner_known else None
        self.attacking = view.seat == taker or partner == view.seat
        others = {s for s in range(n) if s != self.me}
        if view.seat == taker:
            self.friends: set[int] = {partner} if partner is not None else set()
            self.foes: set[int] = others - self.friends
        elif self.attacking:
            self.friends, self.foes = {taker}, others - {taker}
        elif n < 5 or view.partner_known:
            self.foes = {taker} | ({partner} if partner is not None else set())
            self.friends = others - self.foes
        else:  # five players, partner hidden: only the taker is surely a foe
            self.friends, self.foes = set(), {taker}
        trick = view.trick
        self.trick = trick.cards
        self.position = len(trick.cards)
        self.later = [(trick.leader + i) % n for i in range(self.position + 1, n)]
        self.win_pos, self.win_card = _trick_best(trick.cards)
        real = [c for c in trick.cards if c != EXCUSE]
        self.led = C.SUIT_OF[real[0]] if real else -1
        self.winner = (trick.leader + self.win_pos) % n if self.win_pos >= 0 else None
        self.points = sum(C.HALF_POINTS[c] for c in trick.cards if c != EXCUSE)
        self.tricks_left = view.hand_counts[self.me]

    def _note(self, leader: int, cards: tuple[Card, ...]) -> None:
        """Voids shown by failing to follow, trumps gone by failing to trump."""
        real = [c for c in cards if c != EXCUSE]
        if not real:
            return
        led = C.SUIT_OF[real[0]]
        for i, card in enumerate(cards):
            seat = (leader + i) % self.n
            if card == EXCUSE or card == real[0]:
                continue
            suit = C.SUIT_OF[card]
            if led != C.TRUMP and suit != led:
                self.void[seat][led] = True
                if suit != C.TRUMP:
                    self.no_trumps[seat] = True
            elif led == C.TRUMP and suit != C.TRUMP:
                self.no_trumps[seat] = True

    # --- questions -----------------------------------------------------------------------------

    def threats(self) -> list[int]:
        """Seats still to play to this trick that are not known friends."""
        return [s for s in self.later if s not in self.friends]

    def higher_unseen(self, card: Card) -> Mask:
        if C.is_trump(card):
            return self.unseen & C.TRUMPS_ABOVE[C.RANK_OF[card]]
        suit_mask = C.SUIT_MASKS[C.SUIT_OF[card]]
        return self.unseen & suit_mask & ~((1 << (card + 1)) - 1)

    def is_master(self, card: Card) -> bool:
        return not self.higher_unseen(card)

    def holds(self, card: Card, seats: Iterable[int]) -> bool:
        """Whether ``card``, once on top of this trick, surely stays there against ``seats``."""
        seats = list(seats)
        if not seats:
            return True
        if C.is_trump(card):
            return not self.higher_unseen(card) or all(self.no_trumps[s] for s in seats)
        suit = C.SUIT_OF[card]
        for seat in seats:
            may_follow = not self.void[seat][suit]
            if may_follow and self.higher_unseen(card):
                return False
            if not may_follow and not self.no_trumps[seat]:
                return False
            if self.unseen & C.SUIT_MASKS[suit] == 0 and not self.no_trumps[seat]:
                return False  # nobody else has this suit: every later seat may trump
        return True

    def beats(self, card: Card) -> bool:
        """Whether ``card`` would top the trick as it stands."""
        if card == EXCUSE:
            return False
        best = self.win_card
        if best < 0:
            return True
        if C.is_trump(card):
            return card > best or not C.is_trump(best)
        return not C.is_trump(best) and C.SUIT_OF[card] == C.SUIT_OF[best] and card > best


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
        r = _Reading(view)
        excuse = self._excuse_now(r)
        if excuse:
            return Play(EXCUSE)
        card = self._lead(r) if not r.trick else self._follow(r)
        return Play(card)

    def _excuse_now(self, r: _Reading) -> bool:
        """Play the Excuse before the last trick, but keep it to lead the last one of a slam."""
        if not r.legal & C.EXCUSE_BIT:
            return False
        if r.tricks_left > 2:
            return False
        view = r.view
        slam_on = r.attacking and all(
            t.winner in r.friends | {r.me} for t in view.tricks
        ) and bool(view.tricks)
        if slam_on and not r.trick:
            return r.tricks_left == 1
        return True

    # leading

    def _lead(self, r: _Reading) -> Card:
        legal = r.legal & ~C.EXCUSE_BIT
        if not legal:
            return EXCUSE
        plain = legal & PLAIN_MASK
        trumps = legal & C.TRUMP_MASK
        foes = sorted(r.foes)
        # cash a master plain card in a suit where no foe is known to be able to trump
        for card in sorted(C.cards_of(plain), key=lambda c: -C.HALF_POINTS[c]):
            if r.is_master(card) and r.holds(card, [s for s in range(r.n) if s != r.me
                                                    and s not in r.friends]):
                return card
        view = r.view
        if view.seat == view.taker and trumps:
            unseen_trumps = (r.unseen & C.TRUMP_MASK).bit_count()
            mine = trumps.bit_count()
            if unseen_trumps and mine > unseen_trumps:
                top = max(C.cards_of(trumps))
                if r.is_master(top) and top != PETIT:
                    return top
                return self._low_trump(trumps)
        if plain:
            if not r.attacking:
                for foe in foes:  # make the taker trump: lead where the taker is void
                    for suit in range(4):
                        cards = plain & C.SUIT_MASKS[suit]
                        if cards and r.void[foe][suit] and not r.no_trumps[foe]:
                            return _lowest(C.cards_of(cards))
            return self._low_of_long_suit(plain)
        return self._low_trump(trumps)

    def _low_of_long_suit(self, plain: Mask) -> Card:
        """A low card of the longest suit, kings kept back."""
        best_suit = max(range(4), key=lambda s: ((plain & C.SUIT_MASKS[s] & ~C.KING_MASK)
                                               .bit_count(), (plain & C.SUIT_MASKS[s]).bit_count()))
        cards = plain & C.SUIT_MASKS[best_suit]
        return _lowest(C.cards_of(cards & ~C.KING_MASK) or C.cards_of(cards))

    def _low_trump(self, trumps: Mask) -> Card:
        """The lowest trump, keeping the Petit and the 21 while others are left."""
        ordinary = trumps & ~PETIT_BIT & ~TWENTY_ONE_BIT
        if ordinary:
            return min(C.cards_of(ordinary))
        return TWENTY_ONE if trumps & TWENTY_ONE_BIT else PETIT

    # following

    def _follow(self, r: _Reading) -> Card:
        legal = r.legal
        choices = legal & ~C.EXCUSE_BIT
        if not choices:
            return EXCUSE
        cards = C.cards_of(choices)
        threats = r.threats()
        friend_wins = r.winner in r.friends and r.holds(r.win_card, threats)
        if friend_wins:
            return self._feed(r, cards)
        winners = [c for c in cards if r.beats(c)]
        safe = [c for c in winners if r.holds(c, threats)]
        card = self._take(r, winners, safe) if winners else None
        if card is not None:
            return card
        card = self._duck(r, cards)
        costly = C.HALF_POINTS[card] >= 7 or card == PETIT
        if costly and legal & C.EXCUSE_BIT:
            return EXCUSE  # rather than hand a head or the Petit to the other camp
        return card

    def _feed(self, r: _Reading, cards: list[Card]) -> Card:
        """A partner surely wins the trick: give it points (the Petit first)."""
        if PETIT in cards:
            return PETIT
        plain = [c for c in cards if not C.is_trump(c)]
        if plain:
            return _richest(plain)
        return self._low_trump(C.mask_of(cards))

    def _take(self, r: _Reading, winners: list[Card], safe: list[Card]) -> Card | None:
        """Win the trick when it can be done safely or cheaply; ``None`` to let it go."""
        if PETIT in safe:
            return PETIT  # the Petit wins safely: take it home
        cheap = [c for c in safe if c != TWENTY_ONE]
        if cheap:
            return min(cheap)
        if TWENTY_ONE in safe and (r.points >= 7 or PETIT in r.trick or r.tricks_left <= 2):
            return TWENTY_ONE  # the 21 always wins: spend it on a trick worth it
        trumps = [c for c in winners if C.is_trump(c) and c not in (PETIT, TWENTY_ONE)]
        if trumps:
            # a foe may overtrump: a low trump is enough to make them spend a higher one
            return min(trumps)
        return None

    def _duck(self, r: _Reading, cards: list[Card]) -> Card:
        """The trick is lost (or not worth fighting for): the cheapest card."""
        trumps = [c for c in cards if C.is_trump(c)]
        if trumps and len(trumps) == len(cards):
            return self._low_trump(C.mask_of(trumps))
        plain = [c for c in cards if not C.is_trump(c)]
        if any(C.SUIT_OF[c] == r.led for c in plain):
            return _lowest(plain)
        # a free discard: low cards of short suits, kings and masters kept
        hand = r.hand

        def keep_score(card: Card) -> tuple[int, int, int]:
            suit_len = (hand & C.SUIT_MASKS[C.SUIT_OF[card]]).bit_count()
            valuable = r.is_master(card) or C.HALF_POINTS[card] >= 7
            return (int(valuable), C.HALF_POINTS[card], suit_len)

        return min(plain, key=keep_score) if plain else self._low_trump(C.mask_of(trumps))
