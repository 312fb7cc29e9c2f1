"""Variations: other ways a finished deal could have gone, kept beside it.

A :class:`Variation` leaves the deal at a moment where a seat was to decide (its ``start``,
the number of the deal's events it keeps) and goes on with its own events to the end: the
rest of the deal as a player tried it ("play on from here") or as the expert would have
played it. It is a whole :class:`~engine.deal.Deal`, so it is replayed, scored and checked
like any other.

In a saved deal (:mod:`engine.saves`) each variation is stored as its name, kind, start and
the events after the start; reading it replays those events after the deal's own first
``start`` events through the rules, so a variation that loads is one the engine could have
played.

>>> from engine.match import Match
>>> from engine.randomplay import random_action
>>> from engine.rules import load_rules
>>> import random
>>> deal = Match.new(load_rules(), 3, seed=1).current
>>> rng = random.Random(1)
>>> while not deal.is_over:
...     deal.execute(deal.state.turn, random_action(deal.state, rng))  # doctest: +ELLIPSIS
(...)
>>> start = deal.command_starts()[5]
>>> other = Deal.from_events(deal.rules, deal.events[:start])
>>> while not other.is_over:
...     other.execute(other.state.turn, random_action(other.state, rng))  # doctest: +ELLIPSIS
(...)
>>> v = Variation("Your try 1", TRY, start, other)
>>> variation_from_dict(variation_to_dict(v), deal, "variations[0]") == v
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.deal import Deal, LogError, command_of
from engine.events import EventFormatError, event_from_dict, event_to_dict
from engine.problems import Problem, ProblemError

TRY = "try"  # played by the player from that moment
EXPERT = "expert"  # the expert's line from that moment
KINDS = (TRY, EXPERT)
#: More would be a file someone made, not a player: a review keeps a handful.
MAX_VARIATIONS = 50
MAX_NAME = 60


class VariationError(ProblemError):
    """A stored variation that cannot be used; the message is one line that says where."""


@dataclass(frozen=True, eq=False)
class Variation:
    name: str
    kind: str  # TRY or EXPERT
    start: int  # events of the deal it keeps (a moment where a seat was to decide)
    deal: Deal  # the whole deal: those events, then its own

    @property
    def scores(self) -> tuple[int, ...] | None:
        return self.deal.scores

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Variation) and (self.name, self.kind, self.start)
                == (other.name, other.kind, other.start)
                and self.deal.events == other.deal.events)

    def __hash__(self) -> int:
        return hash((self.name, self.kind, self.start, len(self.deal.events)))


def branches_from(deal: Deal, variation: Variation) -> bool:
    """Whether ``variation`` leaves ``deal`` where it says: the same events up to its start,
    a seat to decide there, and another way on from it."""
    start = variation.start
    events = deal.events
    if not 1 <= start < len(events) or command_of(events[start]) is None:
        return False
    if variation.deal.events[:start] != events[:start]:
        return False
    return variation.deal.events[start:] != events[start:]


def variation_to_dict(variation: Variation) -> dict[str, Any]:
    return {"name": variation.name, "kind": variation.kind, "start": variation.start,
            "events": [event_to_dict(e) for e in variation.deal.events[variation.start:]]}


def variation_from_dict(data: object, deal: Deal, where: str) -> Variation:
    """Read one stored variation of ``deal``. Raises :class:`VariationError`."""
    if not isinstance(data, Mapping):
        raise VariationError.of("expected_object", where)
    name = data.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
        raise VariationError(Problem("variation_name", {"limit": MAX_NAME}, (where, "name")))
    kind = data.get("kind")
    if kind not in KINDS:
        raise VariationError(Problem("variation_kind", {"kinds": ", ".join(KINDS)},
                                     (where, "kind")))
    start = data.get("start")
    if isinstance(start, bool) or not isinstance(start, int) \
            or not 1 <= start < len(deal.events) or command_of(deal.events[start]) is None:
        raise VariationError(Problem("variation_start", {}, (where, "start")))
    stored = data.get("events")
    if not isinstance(stored, list) or not stored:
        raise VariationError(Problem("variation_events", {}, (where, "events")))
    try:
        own = [event_from_dict(item, f"{where}.events[{i}]") for i, item in enumerate(stored)]
        played = Deal.from_events(deal.rules, [*deal.events[:start], *own])
    except EventFormatError as exc:
        raise VariationError(exc.problem) from None
    except LogError as exc:
        raise VariationError(exc.problem.moved("events[", f"{where}.events[")) from None
    if not played.is_over:
        raise VariationError.of("variation_unfinished", where)
    variation = Variation(name.strip(), str(kind), start, played)
    if not branches_from(deal, variation):
        raise VariationError.of("variation_same", where)
    return variation


def variations_from_list(data: object, deal: Deal, where: str = "variations"
                         ) -> tuple[list[Variation], list[VariationError], list[object]]:
    """The variations stored for ``deal``; for those that cannot be used, why (a damaged
    variation never costs the deal itself) and what was stored, as it was, for a file
    written again to keep (a damaged one is the player's all the same)."""
    if data is None:
        return [], [], []
    if not isinstance(data, list):
        return [], [VariationError.of("variations_list", where)], [data]
    found: list[Variation] = []
    problems: list[VariationError] = []
    unread: list[object] = []
    for i, item in enumerate(data[:MAX_VARIATIONS]):
        try:
            found.append(variation_from_dict(item, deal, f"{where}[{i}]"))
        except VariationError as exc:
            problems.append(exc)
            unread.append(item)
    if len(data) > MAX_VARIATIONS:
        problems.append(VariationError.of("variations_cut", where, limit=MAX_VARIATIONS))
        unread.extend(data[MAX_VARIATIONS:])
    return found, problems, unread


def still_valid(deal: Deal, variations: Iterable[Variation]) -> list[Variation]:
    """The variations that still leave ``deal`` (after it was played again, from an undo,
    only those branching before the change still fit)."""
    return [v for v in variations if branches_from(deal, v)]


def next_name(variations: Iterable[Variation], base: str) -> str:
    """``base`` numbered after the variations already named so ("Your try 3")."""
    taken = {v.name for v in variations}
    number = 1
    while f"{base} {number}" in taken:
        number += 1
    return f"{base} {number}"[:MAX_NAME]


__all__ = [
    "EXPERT",
    "KINDS",
    "MAX_VARIATIONS",
    "TRY",
    "Variation",
    "VariationError",
    "branches_from",
    "next_name",
    "still_valid",
    "variation_from_dict",
    "variation_to_dict",
    "variations_from_list",
]
