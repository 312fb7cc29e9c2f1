"""The rules behind every decision, over plain facts: a hand as a mask, the cards of the
trick, the contract, the rules.

:mod:`engine.choices` applies them to a deal's facts (the full state or one seat's view):
that is the one API that the engine's checks, the bots and the table all use. A rule
refused is a :class:`~engine.refusals.Refusal` (the reason as data); the engine raises it
as :class:`IllegalAction`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine import cards as C
from engine.actions import (
    PASS,
    Bid,
)
from engine.cards import Card, Mask
from engine.refusals import Refusal, strongest_first
from engine.rules import Contract, Rules
from engine.state import Phase

HANDFUL_LEVELS = ("simple", "double", "triple")
MISERES = ("trump", "heads")


class IllegalAction(ValueError):
    """A command the rules do not allow at this point; ``refusal`` says why, as data, and
    the message in English."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.text())
        self.refusal = refusal


# --- the rules, over plain facts ---------------------------------------------------------------


def bids_above(rules: Rules, best: Contract | None) -> list[Bid]:
    """Pass, then every contract above ``best`` (the highest bid so far), lowest first."""
    floor = best.rank if best is not None else 0
    return [PASS] + [Bid(c.name) for c in rules.contracts if c.rank > floor]


def callable_in(rules: Rules, hand: Mask) -> list[Card]:
    """RULES.md §4: a king; a queen when ``hand`` holds all four kings; and so on down to
    jacks (any card under the ``call_any_card`` variant)."""
    if rules.five_player_call == "any":
        return list(range(C.DECK_SIZE))
    out: list[Card] = []
    for rank in (C.KING, C.QUEEN, C.KNIGHT, C.JACK):
        ranked = [C.make_card(suit, rank) for suit in range(4)]
        out.extend(ranked)
        if not all(hand >> card & 1 for card in ranked):
            break
    return out


@dataclass(frozen=True)
class DiscardOptions:
    """What the taker's discard must be.

    ``size`` cards from ``allowed``. When ``trumps_needed`` is above 0 there are too few other
    cards: the discard is every card of ``plain`` plus exactly ``trumps_needed`` trumps.
    """

    size: int
    allowed: Mask
    plain: Mask
    trumps_needed: int


def discard_options_for(rules: Rules, players: int, hand: Mask) -> DiscardOptions:
    """RULES.md §5, for a taker whose hand (with any discard already made) is ``hand``."""
    size = rules.setup(players).dog
    plain = hand & ~C.TRUMP_MASK & ~C.KING_MASK & ~C.EXCUSE_BIT
    if plain.bit_count() >= size:
        return DiscardOptions(size, plain, plain, 0)
    trumps = hand & C.TRUMP_MASK & ~C.OUDLER_MASK
    return DiscardOptions(size, plain | trumps, plain, size - plain.bit_count())


def discard_refusal(options: DiscardOptions, hand: Mask, cards: Sequence[Card],
                    complete: bool = True) -> Refusal | None:
    """Why ``cards`` cannot be the taker's discard (``complete=False``: cannot be part of
    one still being made), or ``None``."""
    if complete and len(cards) != options.size:
        return Refusal("discard_size", count=len(cards), limit=options.size)
    if len(cards) > options.size:
        return Refusal("discard_full", limit=options.size)
    seen = 0
    for card in cards:
        bit = 1 << card
        if seen & bit:
            return Refusal("twice", card=card)
        seen |= bit
        if not hand & bit:
            return Refusal("not_in_taker_hand", card=card)
    kings = seen & C.KING_MASK
    if kings:
        return Refusal("no_kings", cards=strongest_first(kings))
    oudlers = seen & C.OUDLER_MASK
    if oudlers:
        return Refusal("no_oudlers", cards=strongest_first(oudlers))
    trumps = seen & C.TRUMP_MASK
    if trumps and not options.trumps_needed:
        return Refusal("no_trumps", cards=strongest_first(trumps))
    if trumps.bit_count() > options.trumps_needed:
        return Refusal("too_many_trumps", limit=options.trumps_needed,
                       count=trumps.bit_count(), cards=strongest_first(trumps))
    return None


def discard_is_open(contract: Contract | None, taker: int | None, seat: int, phase: Phase,
                    has_played: bool, declared: bool) -> bool:
    """RULES.md §5: the taker may (re)make the discard until playing their first card, and
    no longer once they have declared a handful or a misère (it would change what was
    shown)."""
    if contract is None or not contract.dog_shown or seat != taker:
        return False
    if phase in (Phase.DISCARDING, Phase.SLAM):
        return True
    return phase is Phase.PLAYING and not has_played and not declared


def handful_levels(rules: Rules, players: int, hand: Mask) -> list[tuple[str, int]]:
    """The handfuls ``hand`` allows: ``[("simple", 10), ("double", 13)]`` (the Excuse may
    stand for one trump)."""
    showable = (hand & C.TRUMP_MASK).bit_count() + (1 if hand & C.EXCUSE_BIT else 0)
    thresholds = rules.handful_thresholds(players)
    return [(name, t) for name, t in zip(HANDFUL_LEVELS, thresholds, strict=True)
            if t <= showable]


def handful_refusal(rules: Rules, players: int, seat: int, hand: Mask, cards: Sequence[Card],
                    size: int | None = None) -> Refusal | None:
    """Why ``cards`` are not a handful ``seat`` may show from ``hand``, or ``None``.
    ``size``: the level being chosen, so that a choice still too small or too large is
    named as such rather than as a wrong size."""
    thresholds = rules.handful_thresholds(players)
    if size is None and len(cards) not in thresholds:
        return Refusal("handful_size", seat=seat, count=len(cards), sizes=tuple(thresholds))
    shown = 0
    for card in cards:
        bit = 1 << card
        if shown & bit:
            return Refusal("twice", seat=seat, card=card)
        if not hand & bit:
            return Refusal("not_held", seat=seat, card=card)
        if not (C.is_trump(card) or card == C.EXCUSE):
            return Refusal("handful_trumps_only", seat=seat, card=card)
        shown |= bit
    hidden = hand & C.TRUMP_MASK & ~shown
    if shown & C.EXCUSE_BIT and hidden:
        return Refusal("handful_excuse", seat=seat, cards=strongest_first(hidden))
    if size is not None and len(cards) != size:
        return Refusal("handful_short" if len(cards) < size else "handful_long", seat=seat,
                       count=len(cards), limit=size)
    return None


def misere_kinds(rules: Rules, hand: Mask, announced: Sequence[str]) -> list[str]:
    """The misères (RULES.md §12) ``hand`` may still announce."""
    if not rules.miseres:
        return []
    out = []
    if not hand & C.TRUMP_MASK and "trump" not in announced:
        out.append("trump")
    if not hand & (C.HEAD_MASK | C.OUDLER_MASK) and "heads" not in announced:
        out.append("heads")
    return out


def play_refusal(seat: int, hand: Mask, trick: Sequence[Card], legal: Mask, called: Card | None,
                 card: Card) -> Refusal | None:
    """Why ``seat`` may not play ``card`` to ``trick`` when the legal cards are ``legal``
    (RULES.md §4 and §8), or ``None``."""
    if not hand >> card & 1:
        return Refusal("not_held", seat=seat, card=card)
    if legal >> card & 1:
        return None
    if not trick:
        assert called is not None  # only the first lead of a five-player deal is restricted
        return Refusal("called_suit", seat=seat, card=card, suit=C.SUIT_OF[called],
                       other_card=called)
    lead = trick[1] if trick[0] == C.EXCUSE else trick[0]
    suit = C.SUIT_OF[lead]
    if suit != C.TRUMP and hand & C.SUIT_MASKS[suit]:
        return Refusal("must_follow", seat=seat, card=card, suit=suit,
                       cards=strongest_first(hand & C.SUIT_MASKS[suit]))
    trumps = legal & C.TRUMP_MASK
    high = max((C.RANK_OF[c] for c in trick if C.is_trump(c)), default=0)
    if high and trumps & C.TRUMPS_ABOVE[high]:
        return Refusal("must_overtrump", seat=seat, card=card, limit=high,
                       cards=strongest_first(trumps))
    if suit == C.TRUMP:
        return Refusal("must_play_trump", seat=seat, card=card, cards=strongest_first(trumps))
    return Refusal("must_trump", seat=seat, card=card, suit=suit, cards=strongest_first(trumps))
