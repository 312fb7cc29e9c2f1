"""Fast play-outs of a determinised deal: a cheap card policy on :class:`DealState` masks.

The expert bot evaluates a choice by playing each sampled deal to the end with
:func:`rollout` and scoring it with :func:`engine.scoring.score_deal`. The policy here plays
for every seat; it may look at every hand of the state it is given, because that state is
one *sampled* world, not the real deal. It follows a few sound rules of thumb:

* **leading** — cash a master card that no opponent can trump; as the taker's camp with
  trump length, draw trumps from the top; as the defence, hunt a taker's Petit that is
  nearly bare, or make the taker trump; otherwise a low card of the longest suit;
* **following** — feed points (and the Petit) to a partner who surely wins the trick; win
  the trick when it can be done safely (the Petit first, then the richest plain card or the
  cheapest trump, the 21 only for a trick worth it); otherwise play the cheapest card, and
  slip in the Excuse rather than give away a head or the Petit;
* **the Excuse** — never kept for the last trick, except to lead it in a slam.

With ``epsilon`` and a random generator, a random legal card is played now and then, so
that repeated play-outs of the same deal differ.

The module also holds the quick decisions the simulations need before the cards are played:
a discard heuristic on masks (:func:`heuristic_discard`), the default call
(:func:`heuristic_call`) and :func:`take_contract`, which turns a deal still in its bidding
into one about to be played under a chosen contract.
"""

from __future__ import annotations

import random

from engine import cards as C
from engine.cards import Card, Mask
from engine.rules import Contract
from engine.scoring import score_deal
from engine.state import DEFENCE_CAMP, DealState, Phase

EXCUSE = C.EXCUSE
EXCUSE_BIT = C.EXCUSE_BIT
PETIT = C.PETIT
PETIT_BIT = 1 << C.PETIT
TWENTY_ONE = C.TWENTY_ONE
TWENTY_ONE_BIT = 1 << C.TWENTY_ONE
FIRST_TRUMP = C.FIRST_TRUMP
TRUMP = C.TRUMP
TRUMP_MASK = C.TRUMP_MASK
SUIT_MASKS = C.SUIT_MASKS
SUIT_OF = C.SUIT_OF
TRUMPS_ABOVE = C.TRUMPS_ABOVE
HALF_POINTS = C.HALF_POINTS
PLAIN_MASK: Mask = SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2] | SUIT_MASKS[3]
KING_MASK = C.KING_MASK
ORDINARY_TRUMPS: Mask = TRUMP_MASK & ~PETIT_BIT & ~TWENTY_ONE_BIT
#: Bits strictly above card ``c`` within the whole deck (``ABOVE[c] & suit mask`` = higher
#: cards of the same suit).
ABOVE: tuple[Mask, ...] = tuple(C.FULL_DECK & ~((1 << (c + 1)) - 1) for c in range(78))


def _top(mask: Mask) -> Card:
    return mask.bit_length() - 1


def _low(mask: Mask) -> Card:
    return (mask & -mask).bit_length() - 1


def _cheapest(mask: Mask) -> Card:
    """The plain card of ``mask`` worth least (lowest rank on ties); ``mask`` holds plain
    cards only."""
    best, best_key = -1, 1 << 30
    for suit_mask in SUIT_MASKS[:4]:
        cards = mask & suit_mask
        if cards:
            low = _low(cards)
            key = HALF_POINTS[low] * 16 + low % 14
            if key < best_key:
                best, best_key = low, key
    return best


def _richest(mask: Mask) -> Card:
    """The plain card of ``mask`` worth most (highest rank on ties)."""
    best, best_key = -1, -1
    for suit_mask in SUIT_MASKS[:4]:
        cards = mask & suit_mask
        if cards:
            top = _top(cards)
            key = HALF_POINTS[top] * 16 + top % 14
            if key > best_key:
                best, best_key = top, key
    return best


def _low_trump(trumps: Mask) -> Card:
    """The lowest trump, the Petit and the 21 kept while others are left."""
    ordinary = trumps & ORDINARY_TRUMPS
    if ordinary:
        return _low(ordinary)
    return TWENTY_ONE if trumps & TWENTY_ONE_BIT else PETIT


def _holds(card: Card, led: int, hands: list[Mask], seats: list[int]) -> bool:
    """Whether ``card``, on top of a trick led in ``led``, stays there against ``seats``."""
    if card >= FIRST_TRUMP:
        above = TRUMPS_ABOVE[card - 55]
        if led == TRUMP:
            return all(not hands[s] & above for s in seats)
        suit_mask = SUIT_MASKS[led]
        for s in seats:
            hand = hands[s]
            if not hand & suit_mask and hand & above:
                return False
        return True
    suit_mask = SUIT_MASKS[SUIT_OF[card]]
    higher = ABOVE[card] & suit_mask
    for s in seats:
        hand = hands[s]
        if hand & suit_mask:
            if hand & higher:
                return False
        elif hand & TRUMP_MASK:
            return False
    return True


def choose_card(s: DealState, rng: random.Random | None = None, epsilon: float = 0.0) -> Card:
    """The policy's card for the seat to play in ``s`` (which must be playing)."""
    legal = s.legal_plays()
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    if rng is not None and epsilon and rng.random() < epsilon:
        k = int(rng.random() * legal.bit_count())
        while k:
            legal &= legal - 1
            k -= 1
        return _low(legal)
    n = s.n
    seat = s.turn
    assert seat is not None
    hands = s.hands
    hand = hands[seat]
    taker, partner = s.taker, s.partner
    attacking = seat in (taker, partner)
    trick = s.trick
    left = hand.bit_count()
    if legal & EXCUSE_BIT and left <= 2:
        # the Excuse must not reach the last trick, unless it leads a slam's last trick
        slam_on = s.trick_index > 0 and not s.camp_tricks[
            DEFENCE_CAMP if attacking else 1 - DEFENCE_CAMP]
        if not (slam_on and not trick):
            return EXCUSE
    cards = legal & ~EXCUSE_BIT
    if not cards:
        return EXCUSE
    led = -1
    for card in trick:
        if card != EXCUSE:
            led = SUIT_OF[card]
            break
    if led < 0:
        return _lead(s, seat, hands, cards, attacking, taker, partner)
    # following
    pos = len(trick)
    later = [(seat + i) % n for i in range(1, n - pos)]
    foes = [o for o in later if (o in (taker, partner)) != attacking]
    win = s.win_card
    winner = (s.leader + s.win_pos) % n
    if (winner in (taker, partner)) == attacking and _holds(win, led, hands, foes):
        # a friend surely wins: give it points, or the Petit
        if cards & PETIT_BIT:
            return PETIT
        plain = cards & PLAIN_MASK
        if plain:
            return _richest(plain)
        return _low_trump(cards)
    if win >= FIRST_TRUMP:
        winners = cards & TRUMPS_ABOVE[win - 55]
    else:
        winners = (cards & ABOVE[win] & SUIT_MASKS[SUIT_OF[win]]) | (cards & TRUMP_MASK)
    if winners:
        safe = 0
        rest = winners
        while rest:
            low = rest & -rest
            if _holds(low.bit_length() - 1, led, hands, foes):
                safe |= low
            rest ^= low
        if safe:
            if safe & PETIT_BIT:
                return PETIT
            plain = safe & PLAIN_MASK
            if plain:
                return _top(plain)  # the richest card of the suit led
            ordinary = safe & ORDINARY_TRUMPS
            if ordinary:
                return _low(ordinary)
            points = 0
            for card in trick:
                points += HALF_POINTS[card]
            if points >= 6 or left <= 3 or not cards & ~TWENTY_ONE_BIT:
                return TWENTY_ONE
        elif not cards & PLAIN_MASK:
            # trumping anyway: cheaply, the Petit kept when possible
            return _low_trump(winners)
    # the trick is lost (or not worth it): the cheapest card
    plain = cards & PLAIN_MASK
    if plain:
        card = _cheapest(plain)
        if legal & EXCUSE_BIT and (HALF_POINTS[card] >= 5 or left <= 3):
            return EXCUSE
        return card
    card = _low_trump(cards)
    if card == PETIT and legal & EXCUSE_BIT:
        return EXCUSE
    return card


def _lead(s: DealState, seat: int, hands: list[Mask], cards: Mask, attacking: bool,
          taker: int | None, partner: int | None) -> Card:
    n = s.n
    foes = [o for o in range(n) if o != seat and (o in (taker, partner)) != attacking]
    foe_hands = 0
    for o in foes:
        foe_hands |= hands[o]
    plain = cards & PLAIN_MASK
    trumps = cards & TRUMP_MASK
    foe_trumps = foe_hands & TRUMP_MASK
    # a master plain card that no foe can trump
    best, best_points = -1, -1
    for suit in range(4):
        suit_mask = SUIT_MASKS[suit]
        mine = plain & suit_mask
        if not mine:
            continue
        top = _top(mine)
        if foe_hands & suit_mask & ABOVE[top]:
            continue
        if any(not hands[o] & suit_mask and hands[o] & TRUMP_MASK for o in foes):
            continue
        if HALF_POINTS[top] > best_points:
            best, best_points = top, HALF_POINTS[top]
    if best >= 0 and (best_points > 1 or not foe_trumps):
        return best
    mine, theirs = trumps.bit_count(), foe_trumps.bit_count()
    if attacking and trumps and foe_trumps and (
            mine >= theirs or (seat == taker and mine * 2 >= theirs + 2)):
        # draw trumps: from the top when it is master, else low
        top = _top(trumps)
        if top > _top(foe_trumps) and top != PETIT:
            return top
        low = trumps & ORDINARY_TRUMPS
        if low:
            return _low(low)
    if best >= 0:
        return best
    if not attacking and taker is not None and trumps:
        # hunt a nearly bare Petit: two trump leads bring it down
        taker_trumps = hands[taker] & TRUMP_MASK
        if taker_trumps & PETIT_BIT and taker_trumps.bit_count() <= 2:
            top = _top(trumps)
            return top if top != PETIT else _low_trump(trumps)
    if plain:
        if not attacking and taker is not None:
            # make the taker trump: a low card of a suit the taker lacks
            taker_hand = hands[taker]
            if taker_hand & TRUMP_MASK:
                for suit in range(4):
                    mine = plain & SUIT_MASKS[suit]
                    if mine and not taker_hand & SUIT_MASKS[suit]:
                        return _low(mine)
        # a low card of the longest suit, kings kept
        best_suit, best_len = -1, -1
        for suit in range(4):
            mine = plain & SUIT_MASKS[suit]
            length = (mine & ~KING_MASK).bit_count() * 4 + mine.bit_count()
            if mine and length > best_len:
                best_suit, best_len = suit, length
        mine = plain & SUIT_MASKS[best_suit]
        return _low(mine & ~KING_MASK or mine)
    return _low_trump(trumps)


def rollout(s: DealState, rng: random.Random | None = None, epsilon: float = 0.0) -> None:
    """Play ``s`` to the end in place with the policy."""
    play = s.play
    while s.phase is Phase.PLAYING:
        play(choose_card(s, rng, epsilon))


def seat_score(s: DealState, seat: int) -> int:
    """The score of ``seat`` in the finished deal ``s``."""
    return score_deal(s).scores[seat]


# --- before the cards -----------------------------------------------------------------------


def heuristic_discard(hand: Mask, size: int) -> Mask:
    """A discard of ``size`` cards from ``hand`` (which includes the dog) by the rules of
    RULES.md §5: whole short suits first (each one is a void), then low cards of short suits;
    kings, oudlers and trumps kept unless too few other cards may go."""
    plain = hand & PLAIN_MASK & ~KING_MASK
    if plain.bit_count() < size:
        trumps = hand & ORDINARY_TRUMPS
        need = size - plain.bit_count()
        chosen = plain
        while need:
            low = trumps & -trumps
            chosen |= low
            trumps ^= low
            need -= 1
        return chosen

    def weight(suit: int) -> int:
        cards = hand & SUIT_MASKS[suit]
        return cards.bit_count() + (4 if cards & KING_MASK else 0)

    chosen = 0
    room = size
    order = sorted(range(4), key=weight)
    for suit in order:
        cards = plain & SUIT_MASKS[suit]
        if cards and cards.bit_count() <= room:
            chosen |= cards
            room -= cards.bit_count()
    if room:
        rest = sorted(C.cards_of(plain & ~chosen),
                      key=lambda c: (weight(SUIT_OF[c]), -HALF_POINTS[c], c))
        for card in rest[:room]:
            chosen |= 1 << card
    return chosen


def callable_cards(rules_any: bool, hand: Mask) -> list[Card]:
    """RULES.md §4 from a hand: kings; a queen when holding all kings; and so on down."""
    if rules_any:
        return list(range(C.DECK_SIZE))
    out: list[Card] = []
    for rank in (C.KING, C.QUEEN, C.KNIGHT, C.JACK):
        ranked = [C.make_card(suit, rank) for suit in range(4)]
        out.extend(ranked)
        if not all(hand >> card & 1 for card in ranked):
            break
    return out


def heuristic_call(callable_: list[Card], hand: Mask) -> Card:
    """The 21 when any card may be called, else the highest head the hand lacks, in its
    longest suit."""
    if not hand & TWENTY_ONE_BIT and TWENTY_ONE in callable_:
        return TWENTY_ONE
    missing = [c for c in callable_ if not hand >> c & 1 and SUIT_OF[c] < 4]
    if not missing:
        heads = [c for c in callable_ if SUIT_OF[c] < 4]
        return heads[0] if heads else callable_[0]
    top_rank = max(C.RANK_OF[c] for c in missing)
    best = [c for c in missing if C.RANK_OF[c] == top_rank]
    return max(best, key=lambda c: (hand & SUIT_MASKS[SUIT_OF[c]]).bit_count())


def set_call(s: DealState, taker: int, card: Card) -> None:
    """Five players: ``card`` is called; the partner is whoever else holds it."""
    s.called = card
    bit = 1 << card
    s.partner = None
    for seat in range(s.n):
        if seat != taker and s.hands[seat] & bit:
            s.partner = seat


def apply_discard(s: DealState, discard: Mask) -> None:
    """The taker (who holds the dog) puts ``discard`` aside."""
    taker = s.taker
    assert taker is not None
    s.hands[taker] &= ~discard
    s.discard = discard
    s.discard_shown = discard & TRUMP_MASK


def start_play(s: DealState, slam: bool = False) -> None:
    s.slam_announced = slam
    s.phase = Phase.PLAYING
    s.leader = s.first_leader()
    s.turn = s.leader


def take_contract(s: DealState, taker: int, contract: Contract, call: Card | None = None,
                  discard: Mask | None = None) -> None:
    """Turn ``s`` (a deal in its bidding) into the same deal about to be played with ``taker``
    holding ``contract``: the call (five players), the dog taken and a discard made."""
    s.taker = taker
    s.contract = contract
    if s.n == 5 and call is not None:
        set_call(s, taker, call)
    if contract.dog_shown:
        s.hands[taker] |= s.dog
        size = s.rules.setup(s.n).dog
        apply_discard(s, heuristic_discard(s.hands[taker], size) if discard is None else discard)
    start_play(s)
