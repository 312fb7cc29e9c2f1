"""Events: frozen, past-tense facts. A deal's state is the fold of its events.

Events that follow from a command (``BidMade``, ``CardPlayed``…) are written by
:mod:`engine.commands` after the command was checked; the others (``DogRevealed``,
``TrickWon``, ``PartnerRevealed``, ``DealScored``, ``DealCancelled``) are written by the engine
itself when a command makes them happen. Each event has a plain-data form for save files,
with cards in the RULES.md notation.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from typing import Any, ClassVar

from engine.cards import Card, CardError, format_card, format_cards, parse_card, parse_cards
from engine.inputs import excerpt
from engine.problems import ProblemError

#: The longest text an event holds (a contract's, a misère's or a cancellation's name): a
#: file that holds more was not written by the game, and no screen could show it.
MAX_TEXT = 32


class EventFormatError(ProblemError):
    """An event's plain-data form that cannot be read; the message says which field."""


@dataclass(frozen=True, slots=True)
class DealDealt:
    players: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    dog: tuple[Card, ...]
    seed: int | None = None
    kind: ClassVar[str] = "deal_dealt"


@dataclass(frozen=True, slots=True)
class DealCancelled:
    reason: str  # "all_passed" or "petit_sec"
    seat: int | None = None  # the seat that showed a petit sec
    kind: ClassVar[str] = "deal_cancelled"


@dataclass(frozen=True, slots=True)
class BidMade:
    seat: int
    contract: str | None  # None is a pass
    kind: ClassVar[str] = "bid_made"


@dataclass(frozen=True, slots=True)
class KingCalled:
    """The five-player call (a king, or a lower head when the rules allow it)."""

    seat: int
    card: Card
    kind: ClassVar[str] = "king_called"


@dataclass(frozen=True, slots=True)
class DogRevealed:
    cards: tuple[Card, ...]
    kind: ClassVar[str] = "dog_revealed"


@dataclass(frozen=True, slots=True)
class Discarded:
    """The taker's discard; ``shown`` are the trumps in it, which everybody sees.

    A later ``Discarded`` (before the taker's first card) replaces the earlier one.
    """

    seat: int
    cards: tuple[Card, ...]
    shown: tuple[Card, ...] = ()
    kind: ClassVar[str] = "discarded"


@dataclass(frozen=True, slots=True)
class SlamAnnounced:
    seat: int
    kind: ClassVar[str] = "slam_announced"


@dataclass(frozen=True, slots=True)
class SlamDeclined:
    seat: int
    kind: ClassVar[str] = "slam_declined"


@dataclass(frozen=True, slots=True)
class HandfulShown:
    seat: int
    cards: tuple[Card, ...]
    kind: ClassVar[str] = "handful_shown"


@dataclass(frozen=True, slots=True)
class MisereAnnounced:
    seat: int
    misere: str  # "trump" or "heads"
    kind: ClassVar[str] = "misere_announced"


@dataclass(frozen=True, slots=True)
class CardPlayed:
    seat: int
    card: Card
    kind: ClassVar[str] = "card_played"


@dataclass(frozen=True, slots=True)
class PartnerRevealed:
    """The called card was played by ``seat`` (the taker's own seat when playing alone)."""

    seat: int
    kind: ClassVar[str] = "partner_revealed"


@dataclass(frozen=True, slots=True)
class TrickWon:
    seat: int
    trick: int  # 0-based trick number
    kind: ClassVar[str] = "trick_won"


@dataclass(frozen=True, slots=True)
class DealScored:
    scores: tuple[int, ...]
    kind: ClassVar[str] = "deal_scored"


Event = (
    DealDealt | DealCancelled | BidMade | KingCalled | DogRevealed | Discarded | SlamAnnounced
    | SlamDeclined | HandfulShown | MisereAnnounced | CardPlayed | PartnerRevealed | TrickWon
    | DealScored
)

EVENT_TYPES: dict[str, type[Any]] = {
    cls.kind: cls
    for cls in (
        DealDealt, DealCancelled, BidMade, KingCalled, DogRevealed, Discarded, SlamAnnounced,
        SlamDeclined, HandfulShown, MisereAnnounced, CardPlayed, PartnerRevealed, TrickWon,
        DealScored,
    )
}

_CARD_FIELDS = {"card"}
_CARDS_FIELDS = {"cards", "dog", "shown"}


def event_to_dict(event: Event) -> dict[str, Any]:
    """Plain data for a save file: ``{"event": "card_played", "seat": 2, "card": "KH"}``."""
    out: dict[str, Any] = {"event": event.kind}
    for f in fields(event):
        value = getattr(event, f.name)
        if f.name in _CARD_FIELDS:
            value = format_card(value)
        elif f.name in _CARDS_FIELDS:
            value = format_cards(value)
        elif f.name == "hands":
            value = [format_cards(hand) for hand in value]
        elif isinstance(value, tuple):
            value = list(value)
        out[f.name] = value
    return out


def event_from_dict(data: object, where: str = "event") -> Event:
    """Read one event back; anything malformed raises :class:`EventFormatError`."""
    if not isinstance(data, dict):
        raise EventFormatError.of("expected_mapping", where, got=type(data).__name__)
    kind = data.get("event")
    cls = EVENT_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise EventFormatError.of("unknown_event", f"{where}.event", got=excerpt(kind))
    names = [f.name for f in fields(cls)]
    unknown = set(data) - set(names) - {"event"}
    if unknown:
        raise EventFormatError.of("unknown_field_of", where, name=excerpt(sorted(unknown)[0]),
                                  kind=kind)
    values: dict[str, Any] = {}
    for f in fields(cls):
        key = f"{where}.{f.name}"
        if f.name not in data:
            if f.default is not MISSING:
                continue
            raise EventFormatError.of("missing", key)
        value = data[f.name]
        try:
            if f.name in _CARD_FIELDS:
                value = parse_card(value)
            elif f.name in _CARDS_FIELDS:
                value = tuple(parse_cards(_list(value, key)))
            elif f.name == "hands":
                value = tuple(tuple(parse_cards(_list(h, key))) for h in _list(value, key))
            elif f.name == "scores":
                value = tuple(_int(v, key) for v in _list(value, key))
            elif f.name in ("seat", "players", "dealer", "trick"):
                value = _int(value, key) if value is not None or f.name != "seat" else None
            elif f.name == "seed":
                value = None if value is None else _int(value, key)
            elif f.name in ("contract",):
                if value is not None and not isinstance(value, str):
                    raise EventFormatError.of("expected_contract_or_null", key)
                _short_text(value, key)
            elif f.name in ("reason", "misere"):
                if not isinstance(value, str):
                    raise EventFormatError.of("expected_text", key)
                _short_text(value, key)
        except CardError as exc:
            raise EventFormatError(exc.problem.inside(key)) from None
        values[f.name] = value
    return cls(**values)  # type: ignore[no-any-return]


def _list(value: object, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise EventFormatError.of("expected_list", where)
    return value


def _int(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise EventFormatError.of("expected_whole_number", where, got=excerpt(value))
    return value


def _short_text(value: str | None, where: str) -> None:
    """Text of an event no longer than :data:`MAX_TEXT` (``None``, a pass, is none)."""
    if value is not None and len(value) > MAX_TEXT:
        raise EventFormatError.of("text_too_long", where, limit=MAX_TEXT, length=len(value))
