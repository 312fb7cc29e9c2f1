"""The club player's decisions before the cards, on card masks: the call, the discard and the
handful, and the point count of a hand.

They are :class:`engine.ai.simple_bot.SimpleBot`'s rules, written once here for two users:
the simple bot, and the expert's simulations, where the other seats of a sampled deal call,
discard and declare like club players (and where the expert's own later decisions are
played the same quick way). The club player's bid is :func:`engine.ai.hand_values.value_bid`;
the point count and its thresholds (:func:`hand_strength`, :func:`bid_choice`) stay the
quick measure of a hand: the expert's first filter of its own bids and slam, the reading of
other seats' bids in :mod:`engine.ai.inference`, one of the learned values' features, and
the yardstick the learned values are judged against.
"""

from __future__ import annotations

from engine import cards as C
from engine import speedups
from engine.cards import Card, Mask
from engine.rules import Rules

PETIT_BIT, TWENTY_ONE_BIT = 1 << C.PETIT, 1 << C.TWENTY_ONE
PLAIN_MASK: Mask = C.SUIT_MASKS[0] | C.SUIT_MASKS[1] | C.SUIT_MASKS[2] | C.SUIT_MASKS[3]
ORDINARY_TRUMPS: Mask = C.TRUMP_MASK & ~PETIT_BIT & ~TWENTY_ONE_BIT
MAJOR_TRUMPS: Mask = C.TRUMPS_ABOVE[15]  # 16 to 21
#: The compiled :func:`hand_strength` (``engine/_sampling.c``), where built.
_STRENGTH = speedups.compiled("club_strength")

#: Hand strength needed for each contract, by player count (measured on self-play: a Petite
#: is made about half the time at its threshold, a Garde sans most of the time at its own).
BID_THRESHOLDS: dict[int, dict[str, float]] = {
    3: {"petite": 40, "garde": 50, "garde_sans": 57, "garde_contre": 65},
    4: {"petite": 45, "garde": 54, "garde_sans": 63, "garde_contre": 71},
    5: {"petite": 38, "garde": 48, "garde_sans": 57, "garde_contre": 65},
}


def thresholds_for(players: int) -> dict[str, float]:
    return BID_THRESHOLDS.get(players, BID_THRESHOLDS[4])


def hand_strength(hand: Mask, players: int, hand_size: int) -> float:
    """A classic point count of a hand, scaled to 18 cards so thresholds compare across
    player counts (compiled where the engine is: the expert counts every other seat's hand
    in every deal it samples, to weigh the deal by the seat's bid)."""
    if _STRENGTH is not None:
        return _STRENGTH(hand, hand_size)  # type: ignore[no-any-return]
    return count_strength(hand, hand_size)


def count_strength(hand: Mask, hand_size: int) -> float:
    """:func:`hand_strength` in Python: the reference of the compiled count."""
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


#: The contracts, weakest first, that :func:`contract_ceiling` may allow.
_LADDER = ("petite", "garde", "garde_sans", "garde_contre")
#: By player count, the trumps below which a hand passes, those below which it bids no more
#: than a Petite, the trumps besides the Petit below which a hand holding it does the same,
#: and the trumps below which it bids no Garde sans or contre.
#: Three players have no ceiling: there it lost points (docs/bots.md).
PETITE_TRUMPS = {4: 4, 5: 3}
GARDE_TRUMPS = {4: 5, 5: 4}
PETIT_GUARDS = {4: 3, 5: 3}
GARDE_SANS_TRUMPS = {4: 6, 5: 6}
#: By player count, the trumps enough for a Garde sans or contre when two oudlers are among
#: them (the Excuse counted): with five players the partner brings the rest.
OUDLERS_GARDE_SANS_TRUMPS = {5: 5}


def contract_ceiling(hand: Mask, players: int) -> str:
    """The highest contract a hand should bid at a table whose defenders hunt the Petit
    (``"pass"``: none): a hand short of trumps passes; a Garde needs trumps to stand the
    defence's trump leads, and a Petit with few guards is a Petite at most; a Garde sans or
    contre, played without the dog, needs a long trump suit (with five players, five trumps
    with two oudlers will do). A strong player's rule of thumb:
    a search whose play-outs defend less well than such a table would bid more."""
    if players not in GARDE_TRUMPS:
        return "garde_contre"
    trumps = (hand & C.TRUMP_MASK).bit_count()
    if trumps < PETITE_TRUMPS[players]:
        return "pass"
    if trumps < GARDE_TRUMPS[players] or (
            hand & PETIT_BIT and trumps - 1 < PETIT_GUARDS[players]):
        return "petite"
    if trumps < GARDE_SANS_TRUMPS[players] and (
            trumps < OUDLERS_GARDE_SANS_TRUMPS.get(players, GARDE_SANS_TRUMPS[players])
            or (hand & C.OUDLER_MASK).bit_count() < 2):
        return "garde"
    return "garde_contre"


def within_ceiling(contract: str | None, ceiling: str) -> bool:
    """Whether ``contract`` (``None``: a pass) is at most ``ceiling``."""
    if contract is None or contract not in _LADDER:
        return True
    return ceiling in _LADDER and _LADDER.index(contract) <= _LADDER.index(ceiling)


def bid_choice(strength: float, open_contracts: list[str],
               thresholds: dict[str, float]) -> str | None:
    """The highest contract still open (lowest first in ``open_contracts``) whose threshold
    ``strength`` reaches, or ``None`` (a pass)."""
    choice = None
    for contract in open_contracts:
        if strength >= thresholds.get(contract, float("inf")):
            choice = contract
    return choice


def call_choice(callable_: list[Card], hand: Mask) -> Card:
    """The 21 when any card may be called, else the highest head the hand lacks, in its
    longest suit."""
    if not hand & TWENTY_ONE_BIT and C.TWENTY_ONE in callable_:
        return C.TWENTY_ONE  # any card may be called: the 21 is the best partner
    missing = [c for c in callable_ if not hand >> c & 1 and C.SUIT_OF[c] < 4]
    if not missing:
        heads = [c for c in callable_ if C.SUIT_OF[c] < 4]
        return heads[0] if heads else callable_[0]
    top_rank = max(C.RANK_OF[c] for c in missing)
    best = [c for c in missing if C.RANK_OF[c] == top_rank]
    return max(best, key=lambda c: (hand & C.SUIT_MASKS[C.SUIT_OF[c]]).bit_count())


def suit_weight(hand: Mask, suit: int) -> int:
    """How much a suit is worth keeping for the club discard: its length, a king adding 4."""
    cards = hand & C.SUIT_MASKS[suit]
    return cards.bit_count() + (4 if cards & C.KING_MASK else 0)


def discard_choice(hand: Mask, size: int) -> Mask:
    """A discard of ``size`` cards from ``hand`` (which includes the dog) by the rules of
    RULES.md §5: whole short suits first (each one is a void), then low cards of short suits;
    kings, oudlers and trumps kept unless too few other cards may go (then the lowest
    trumps)."""
    plain = hand & PLAIN_MASK & ~C.KING_MASK
    if plain.bit_count() < size:
        trumps = hand & ORDINARY_TRUMPS
        chosen = plain
        for _ in range(size - plain.bit_count()):
            low = trumps & -trumps
            chosen |= low
            trumps ^= low
        return chosen
    weights = [suit_weight(hand, suit) for suit in range(4)]
    chosen = 0
    room = size
    for suit in sorted(range(4), key=weights.__getitem__):
        cards = plain & C.SUIT_MASKS[suit]
        if cards and cards.bit_count() <= room:
            chosen |= cards
            room -= cards.bit_count()
    if room:
        rest = sorted(C.cards_of(plain & ~chosen),
                      key=lambda c: (weights[C.SUIT_OF[c]], -C.HALF_POINTS[c], c))
        for card in rest[:room]:
            chosen |= 1 << card
    return chosen


def handful_size(hand: Mask, rules: Rules, players: int) -> int:
    """The size of the handful a club player shows with ``hand`` (0 for none): the highest
    level reached, but not one that needs the Excuse when a lower level does not."""
    trumps = (hand & C.TRUMP_MASK).bit_count()
    showable = trumps + (1 if hand & C.EXCUSE_BIT else 0)
    sizes = [t for t in rules.handful_thresholds(players) if t <= showable]
    if not sizes:
        return 0
    if sizes[-1] > trumps and len(sizes) > 1:
        return sizes[-2]
    return sizes[-1]


def handful_cards(hand: Mask, size: int) -> tuple[Card, ...]:
    """``size`` cards to show: trumps, the Petit and the 21 last, the Excuse when short."""
    trumps = C.cards_of(hand & ORDINARY_TRUMPS)
    trumps += [c for c in (C.TWENTY_ONE, C.PETIT) if hand >> c & 1]
    cards = trumps[:size]
    if len(cards) < size:
        cards.append(C.EXCUSE)
    return tuple(sorted(cards))


__all__ = ["BID_THRESHOLDS", "bid_choice", "call_choice", "contract_ceiling", "count_strength",
           "discard_choice",
           "hand_strength", "handful_cards", "handful_size", "suit_weight", "thresholds_for"]
