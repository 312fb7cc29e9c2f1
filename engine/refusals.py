"""Why the rules refuse a command, as data.

Every check of :mod:`engine.legal` that says no gives a :class:`Refusal`: a reason code and
the facts behind it (the seat, the cards that make the rule bite, the suit, the count). The
engine writes it out in English for logs, records and ``engine score``
(:meth:`Refusal.text`, in the form of DEAL_RECORD.md); an interface puts the same data into
words of its own, in any language, without writing the rule a second time.

>>> from engine.cards import parse_card
>>> refusal = Refusal("must_follow", seat=2, card=parse_card("T4"), suit=1,
...                   cards=(parse_card("9H"),))
>>> refusal.text()
'seat 2 must follow hearts (holds 9H); got T4'
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import cards as C
from engine.cards import Card

#: Every reason a command may be refused, with the English the engine writes for it.
#: Fields: ``seat`` (who tried), ``other`` (another seat: whose turn it is), ``card`` (the
#: card refused), ``cards`` (the cards the reason names, strongest first), ``suit``,
#: ``count`` and ``limit`` (numbers), ``name`` and ``other_name`` (a phase, a contract, a
#: misère).
TEMPLATES: dict[str, str] = {
    # any command
    "deal_over": "the deal is {name}; no more actions",
    "not_your_turn": "it is {whose}'s turn, not seat {seat}'s",
    # bids, the call, the slam
    "no_bid_now": "seat {seat} may not bid now ({name})",
    "unknown_contract": "unknown contract {name!r}",
    "bid_not_higher": "seat {seat} bid {name}, not higher than {other_name}",
    "no_call_now": "no card may be called now ({name})",
    "not_callable": "seat {seat} may not call {card_text} (may call {cards_spaced})",
    "no_slam_now": "a slam may not be announced now ({name})",
    # the discard
    "no_discard_now": "seat {seat} may not discard now",
    "discard_final": "seat {seat} may not change the discard after declaring {name}",
    "discard_size": "{count} cards, {limit} expected",
    "discard_full": "the discard holds {limit} cards",
    "twice": "{card_text} appears twice",
    "not_in_taker_hand": "{card_text} is not in the taker's hand",
    "no_kings": "kings may not be discarded ({cards_text})",
    "no_oudlers": "oudlers may not be discarded ({cards_text})",
    "no_trumps": "trumps may be discarded only when too few other cards can be ({cards_text})",
    "too_many_trumps": "trumps in the discard: at most {limit}, got {count} ({cards_text})",
    # handfuls and misères
    "handful_not_now": "seat {seat} may show a handful only as it plays its first card",
    "handful_again": "seat {seat} has already shown a handful",
    "handful_size": "a handful is {sizes} trumps, got {count}",
    "handful_short": "{limit} trumps are needed, {count} chosen",
    "handful_long": "{limit} trumps are needed, {count} chosen",
    "not_held": "seat {seat} does not hold {card_text}",
    "handful_trumps_only": "a handful is made of trumps, got {card_text}",
    "handful_excuse": ("the Excuse may stand for a trump only when every trump is shown "
                       "(hides {cards_text})"),
    "miseres_off": "misères are not played under these rules",
    "unknown_misere": "unknown misère {name!r} (trump or heads)",
    "misere_not_now": "seat {seat} may not announce misère of {name} now",
    # cards
    "no_play_now": "no card may be played now ({name})",
    "called_suit": ("seat {seat} may not lead {suit_name} to the first trick, but for the "
                    "called card {other_card}; got {card_text}"),
    "must_follow": "seat {seat} must follow {suit_name} (holds {cards_text}); got {card_text}",
    "must_overtrump": ("seat {seat} must play a trump higher than T{limit} (holds "
                       "{cards_text}); got {card_text}"),
    "must_play_trump": "seat {seat} must play a trump (holds {cards_text}); got {card_text}",
    "must_trump": "seat {seat} must trump (holds {cards_text}); got {card_text}",
}


@dataclass(frozen=True)
class Refusal:
    """A command the rules do not allow, and why (``reason``, a key of :data:`TEMPLATES`)."""

    reason: str
    seat: int | None = None
    other: int | None = None
    card: Card | None = None
    cards: tuple[Card, ...] = ()
    suit: int | None = None
    count: int | None = None
    limit: int | None = None
    name: str = ""
    other_name: str = ""
    other_card: Card | None = None
    sizes: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.reason not in TEMPLATES:
            raise ValueError(f"unknown refusal reason {self.reason!r}")

    def text(self) -> str:
        """The engine's own English, as logs, records and ``engine score`` write it."""
        return TEMPLATES[self.reason].format(**self.facts())

    def facts(self) -> dict[str, object]:
        """The values the words of :data:`TEMPLATES` use (in English where they are words:
        ``whose``, ``suit_name``), for an interface that says the same in its language."""
        return dict(
            seat=self.seat, whose="nobody" if self.other is None else f"seat {self.other}",
            name=self.name, other_name=self.other_name, count=self.count, limit=self.limit,
            card_text="" if self.card is None else C.format_card(self.card),
            other_card="" if self.other_card is None else C.format_card(self.other_card),
            cards_text=", ".join(C.format_cards(self.cards)),
            cards_spaced=" ".join(C.format_cards(self.cards)),
            suit_name="" if self.suit is None else C.SUIT_NAMES[self.suit],
            sizes=", ".join(str(s) for s in self.sizes))

    def __str__(self) -> str:
        return self.text()


def strongest_first(mask: int) -> tuple[Card, ...]:
    """The cards of ``mask`` from the highest to the lowest, as refusals name them."""
    return tuple(sorted(C.cards_of(mask), reverse=True))
