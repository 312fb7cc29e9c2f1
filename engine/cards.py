"""Cards, the 78-card deck, card points and the RULES.md §1 notation.

A card is a plain ``int`` from 0 to 77 so that hands, tricks and legal sets can be
``int`` bitmasks (bit ``c`` set means card ``c`` is present). The layout:

* plain suits: ``suit * 14 + (rank - 1)`` with suits spades 0, hearts 1, diamonds 2,
  clubs 3 and ranks 1..10, jack 11, knight 12, queen 13, king 14;
* trumps: ``56 + (number - 1)``, so trump ``n`` is card ``55 + n``;
* the Excuse: 77.

So the higher the int within a suit (or among trumps), the stronger the card.

>>> parse_card("KH"), format_card(parse_card("t21")), format_card(EXCUSE)
(27, 'T21', 'EX')
>>> card_points(parse_card("NC")) / 2
2.5
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from engine import speedups
from engine.problems import ProblemError

Card = int
Mask = int

SPADES, HEARTS, DIAMONDS, CLUBS, TRUMP = 0, 1, 2, 3, 4
EXCUSE_SUIT = 5
SUIT_LETTERS = "SHDC"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs", "trumps", "excuse")
RANK_TOKENS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "N", "Q", "K")
RANK_NAMES = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10",
              "jack", "knight", "queen", "king")
JACK, KNIGHT, QUEEN, KING = 11, 12, 13, 14

DECK_SIZE = 78
FIRST_TRUMP = 56
EXCUSE: Card = 77
PETIT: Card = FIRST_TRUMP          # trump 1
TWENTY_ONE: Card = FIRST_TRUMP + 20  # trump 21

FULL_DECK: Mask = (1 << DECK_SIZE) - 1
TRUMP_MASK: Mask = ((1 << 21) - 1) << FIRST_TRUMP
EXCUSE_BIT: Mask = 1 << EXCUSE
#: Masks of spades, hearts, diamonds, clubs, trumps and the Excuse, indexed like ``SUIT_OF``.
SUIT_MASKS: tuple[Mask, ...] = (
    *(((1 << 14) - 1) << (14 * s) for s in range(4)),
    TRUMP_MASK,
    EXCUSE_BIT,
)
OUDLER_MASK: Mask = (1 << PETIT) | (1 << TWENTY_ONE) | EXCUSE_BIT
KING_MASK: Mask = sum(1 << (14 * s + KING - 1) for s in range(4))
HEAD_MASK: Mask = sum(1 << (14 * s + r - 1) for s in range(4) for r in (JACK, KNIGHT, QUEEN, KING))
"""Kings, queens, knights and jacks (the *têtes*)."""

#: ``TRUMPS_ABOVE[n]`` is the mask of trumps numbered higher than ``n`` (0 gives all trumps).
TRUMPS_ABOVE: tuple[Mask, ...] = tuple(
    TRUMP_MASK & ~((1 << (FIRST_TRUMP + n)) - 1) for n in range(22)
)


def make_card(suit: int, rank: int) -> Card:
    """The card of ``rank`` (1..14, or 1..21 for trumps) in ``suit``."""
    if suit == TRUMP:
        if not 1 <= rank <= 21:
            raise ValueError(f"no trump numbered {rank}")
        return FIRST_TRUMP + rank - 1
    if not 0 <= suit < 4 or not 1 <= rank <= 14:
        raise ValueError(f"no card of suit {suit} and rank {rank}")
    return 14 * suit + rank - 1


def suit_of(card: Card) -> int:
    """0..3 for the plain suits, ``TRUMP`` (4) for trumps, ``EXCUSE_SUIT`` (5) for the Excuse."""
    return SUIT_OF[card]


def rank_of(card: Card) -> int:
    """1..14 within a plain suit, 1..21 for a trump, 0 for the Excuse."""
    return RANK_OF[card]


def _points(card: Card) -> int:
    if card in (EXCUSE, PETIT, TWENTY_ONE):
        return 9
    if card >= FIRST_TRUMP:
        return 1
    return {KING: 9, QUEEN: 7, KNIGHT: 5, JACK: 3}.get(card % 14 + 1, 1)


SUIT_OF: tuple[int, ...] = tuple(
    c // 14 if c < FIRST_TRUMP else (TRUMP if c != EXCUSE else EXCUSE_SUIT) for c in range(78)
)
RANK_OF: tuple[int, ...] = tuple(
    c % 14 + 1 if c < FIRST_TRUMP else (c - FIRST_TRUMP + 1 if c != EXCUSE else 0)
    for c in range(78)
)
#: Card points in half points (RULES.md §1): the deck holds 182.
HALF_POINTS: tuple[int, ...] = tuple(_points(c) for c in range(78))


def card_points(card: Card) -> int:
    """The card's value in half points (a king is 9, a low card 1)."""
    return HALF_POINTS[card]


def is_trump(card: Card) -> bool:
    return FIRST_TRUMP <= card < EXCUSE


def is_oudler(card: Card) -> bool:
    return card in (PETIT, TWENTY_ONE, EXCUSE)


# --- notation -----------------------------------------------------------------------------

def format_card(card: Card) -> str:
    """The RULES.md token of a card: ``KH``, ``10D``, ``T21``, ``EX``."""
    if card == EXCUSE:
        return "EX"
    if not 0 <= card < EXCUSE:
        raise ValueError(f"not a card: {card!r}")
    if card >= FIRST_TRUMP:
        return f"T{card - FIRST_TRUMP + 1}"
    return RANK_TOKENS[card % 14] + SUIT_LETTERS[card // 14]


_TOKENS: dict[str, Card] = {format_card(c): c for c in range(DECK_SIZE)}


class CardError(ProblemError):
    """A token that is not a card of the RULES.md notation."""


def parse_card(token: object) -> Card:
    """Parse one card token, case-insensitively; a bad token raises :class:`CardError`.

    The notation is ASCII: a letter that only looks like one (``ſ``, which ``upper()`` turns
    into ``S``) is no card."""
    if isinstance(token, bool) or not isinstance(token, str | int):
        raise CardError.of("not_a_card", got=_short(token))
    raw = str(token).strip()
    card = _TOKENS.get(raw.upper()) if raw.isascii() else None
    if card is None:
        raise CardError.of("unknown_card", got=_short(str(token)))
    return card


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def parse_cards(tokens: Iterable[object]) -> list[Card]:
    return [parse_card(t) for t in tokens]


def format_cards(cards: Iterable[Card]) -> list[str]:
    return [format_card(c) for c in cards]


def card_name(card: Card) -> str:
    """A card in words: ``king of hearts``, ``trump 14``, ``the Excuse``."""
    if card == EXCUSE:
        return "the Excuse"
    if card >= FIRST_TRUMP:
        number = card - FIRST_TRUMP + 1
        return "the Petit" if number == 1 else f"trump {number}"
    return f"{RANK_NAMES[card % 14]} of {SUIT_NAMES[card // 14]}"


# --- masks ----------------------------------------------------------------------------------

def _mask_of(cards: Iterable[Card]) -> Mask:
    """The mask of an iterable of cards."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def _cards_of(mask: Mask) -> list[Card]:
    """The cards of a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def iter_cards(mask: Mask) -> Iterator[Card]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _nth_card(mask: Mask, k: int) -> Card:
    """The card of ``mask`` at index ``k``, counting from its lowest card (0).

    >>> nth_card(0b10110, 1)
    2
    """
    if k < 0:
        raise IndexError("the mask has fewer cards than that")
    while k:
        mask &= mask - 1
        k -= 1
    if not mask:
        raise IndexError("the mask has fewer cards than that")
    return (mask & -mask).bit_length() - 1


# compiled where built (engine.speedups): mask_of and cards_of run wherever a hand is read
mask_of = speedups.twin("mask_of", _mask_of)
cards_of = speedups.twin("cards_of", _cards_of)
nth_card = speedups.twin("nth_card", _nth_card)


def count(mask: Mask) -> int:
    return mask.bit_count()


#: ``(value, mask of the cards worth it)`` for each card value, in half points.
_VALUE_MASKS: tuple[tuple[int, Mask], ...] = tuple(
    (value, sum(1 << c for c in range(DECK_SIZE) if HALF_POINTS[c] == value))
    for value in sorted(set(HALF_POINTS))
)


def mask_points(mask: Mask) -> int:
    """Total card points of a mask, in half points (counted by value: it runs at the end of
    every simulated deal)."""
    total = 0
    for value, cards in _VALUE_MASKS:
        total += value * (mask & cards).bit_count()
    return total


def sort_for_hand(cards: Iterable[Card]) -> list[Card]:
    """Trumps high to low, the Excuse, then suits alternating colours, each high to low."""
    order = {TRUMP: 0, EXCUSE_SUIT: 1, SPADES: 2, HEARTS: 3, CLUBS: 4, DIAMONDS: 5}
    return sorted(cards, key=lambda c: (order[SUIT_OF[c]], -c))


def winning_position(cards: Sequence[Card]) -> int | None:
    """Which card of a trick (in play order) wins it so far: the highest trump, else the
    highest card of the suit led; the Excuse never wins (``None`` when it is alone).

    >>> winning_position(parse_cards(["7H", "KH", "T2", "2S"]))
    2
    """
    best: int | None = None
    for i, card in enumerate(cards):
        if card == EXCUSE:
            continue
        if best is None:
            best = i
            continue
        top = cards[best]
        if is_trump(card):
            if not is_trump(top) or card > top:
                best = i
        elif not is_trump(top) and SUIT_OF[card] == SUIT_OF[top] and card > top:
            best = i
    return best
