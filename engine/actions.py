"""Actions: what a seat may decide. A command is a seat plus one of these.

Actions are small frozen values with a text form (``bid garde``, ``play KH``) so they can be
logged, typed at a prompt and compared in tests.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card, format_card, format_cards, parse_card, parse_cards


@dataclass(frozen=True, slots=True)
class Bid:
    contract: str | None  # None passes

    def __str__(self) -> str:
        return f"bid {self.contract or 'pass'}"


PASS = Bid(None)


@dataclass(frozen=True, slots=True)
class Call:
    card: Card

    def __str__(self) -> str:
        return f"call {format_card(self.card)}"


@dataclass(frozen=True, slots=True)
class Discard:
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return "discard " + " ".join(format_cards(self.cards))


@dataclass(frozen=True, slots=True)
class DecideSlam:
    announce: bool

    def __str__(self) -> str:
        return "announce slam" if self.announce else "no slam"


@dataclass(frozen=True, slots=True)
class ShowHandful:
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return "handful " + " ".join(format_cards(self.cards))


@dataclass(frozen=True, slots=True)
class AnnounceMisere:
    misere: str  # "trump" or "heads"

    def __str__(self) -> str:
        return f"misere {self.misere}"


@dataclass(frozen=True, slots=True)
class Play:
    card: Card

    def __str__(self) -> str:
        return f"play {format_card(self.card)}"


Action = Bid | Call | Discard | DecideSlam | ShowHandful | AnnounceMisere | Play


def parse_action(text: str) -> Action:
    """The inverse of ``str(action)``: ``parse_action("play kh") == Play(27)``."""
    words = text.strip().lower().split()
    if not words:
        raise ValueError("empty action")
    verb, rest = words[0], words[1:]
    if verb == "bid" and len(rest) == 1:
        return Bid(None if rest[0] == "pass" else ("petite" if rest[0] == "prise" else rest[0]))
    if verb == "pass" and not rest:
        return PASS
    if verb == "call" and len(rest) == 1:
        return Call(parse_card(rest[0]))
    if verb == "discard" and rest:
        return Discard(tuple(parse_cards(rest)))
    if text.strip().lower() == "announce slam":
        return DecideSlam(True)
    if text.strip().lower() == "no slam":
        return DecideSlam(False)
    if verb == "handful" and rest:
        return ShowHandful(tuple(parse_cards(rest)))
    if verb == "misere" and len(rest) == 1:
        return AnnounceMisere(rest[0])
    if verb == "play" and len(rest) == 1:
        return Play(parse_card(rest[0]))
    raise ValueError(f"not an action: {text!r}")
