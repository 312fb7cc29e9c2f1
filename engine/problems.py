"""What is wrong inside a document, as data.

A saved match, a finished deal, a variation, a deal record or a rules file can be damaged or
edited by hand. Every check that finds something wrong in one names the problem with a
:class:`Problem`: a key of :data:`TEMPLATES`, the values that go into its words, and where in
the document it is (``("deals[0][12]",)``: the thirteenth event of the first deal). The
engine writes it out in English for logs, the command line and ``engine score``
(:meth:`Problem.text`); an interface puts the same data into words of its own language
without writing the check a second time. An event that the rules refuse carries the
engine's :class:`~engine.refusals.Refusal` itself.

>>> p = Problem.of("expected_whole_number", "deals[0][3].seat", got="'two'")
>>> p.text()
"deals[0][3].seat: expected a whole number, got 'two'"
>>> p.inside("file.json").at
('file.json', 'deals[0][3].seat')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Self

if TYPE_CHECKING:  # the refusals name cards, and the cards' errors are problems
    from engine.refusals import Refusal

#: Every problem a document may have, with the English the engine writes for it. Values are
#: already put into text where they quote the document (a short excerpt, a card's code).
TEMPLATES: dict[str, str] = {
    # any field
    "missing": "missing",
    "expected_text": "expected text",
    "expected_list": "expected a list",
    "expected_mapping": "expected a mapping, got {got}",
    "expected_whole_number": "expected a whole number, got {got}",
    "expected_number_between": "expected a whole number from {low} to {high}",
    "expected_object": "expected an object",
    "unknown_field_of": "unknown field {name} for {kind}",
    "as_said": "{text}",  # a check that names its problem in English only
    # cards
    "not_a_card": "not a card: {got}",
    "unknown_card": "unknown card {got}",
    # events
    "unknown_event": "unknown event {got}",
    "expected_contract_or_null": "expected a contract name or null",
    "expected_events": "expected a list of events",
    "starts_with_deal": "a deal starts with deal_dealt",
    "players_in_file": "{found} players in a {players}-player file",
    "not_the_seed": "the hands are not those of seed {seed}",
    "dealer_not_a_seat": "dealer {dealer} is not a seat of {players}",
    "hand_count": "{count} hands, {players} expected",
    "card_count": "{count} cards, {expected} expected",
    "dealt_twice": "{card} dealt twice",
    "expected_after_deal": "expected {kind} after the deal",
    "unexpected_event": "unexpected {kind}",
    "refused": "{refusal}",
    "not_what_the_rules_give": "the rules give {want}, the log has {got}",
    "log_ends_early": "the rules give {want}, the log has nothing",
    # saved matches and deals
    "practised_list": "expected a list of deal numbers",
    "practised_number": "expected a deal number (a whole number), found {got}",
    "practised_no_deal": "there is no deal {number} (the file holds deals 0 to {last})",
    "practised_no_deals": "there is no deal {number} (the file holds no deal)",
    "practised_twice": "deal {number} is listed twice",
    "deals_list": "expected a list of event lists",
    "deals_empty": "the match holds no deal",
    "dealer_out_of_turn": "dealer {dealer} is out of turn",
    "seed_out_of_turn": "the shuffle seed does not follow the match's",
    "follows_unfinished": "follows a deal that is not over",
    # variations
    "variation_name": "name: expected a name of 1 to {limit} characters",
    "variation_kind": "kind: expected one of {kinds}",
    "variation_start": "start: expected the position of a decision of the deal",
    "variation_events": "events: expected the events after the start",
    "variation_unfinished": "the variation stops before the end of the deal",
    "variation_same": "it plays the deal itself, not another way",
    "variations_list": "expected a list of variations",
    "variations_cut": "only the first {limit} are kept",
    "variation_no_branch": "the variation does not leave this deal",
    "too_many_variations": "already {limit} variations; delete some first",
}


@dataclass(frozen=True)
class Problem:
    """A problem found in a document: ``key`` (of :data:`TEMPLATES`), its ``values``, where it
    is (``at``: the path inside the document, outermost first) and, for an event the rules
    refuse, the engine's ``refusal``."""

    key: str
    values: dict[str, Any] = field(default_factory=dict)
    at: tuple[str, ...] = ()
    refusal: Refusal | None = None

    def __post_init__(self) -> None:
        if self.key not in TEMPLATES:
            raise ValueError(f"unknown problem {self.key!r}")

    @classmethod
    def of(cls, key: str, at: str = "", refusal: Refusal | None = None,
           **values: Any) -> Problem:
        return cls(key, values, (at,) if at else (), refusal)

    def what(self) -> str:
        """The problem in English, without where it is."""
        if self.refusal is not None:
            return self.refusal.text()
        return TEMPLATES[self.key].format(**self.values)

    def text(self) -> str:
        """The engine's own English: ``where: what``."""
        return ": ".join((*self.at, self.what()))

    def inside(self, where: str) -> Problem:
        """The same problem, seen from the document around it (``where`` comes first)."""
        return Problem(self.key, self.values, (where, *self.at), self.refusal)

    def moved(self, old: str, new: str) -> Problem:
        """The same problem with ``old``, at the head of its path, read as ``new`` (the events
        of a deal checked alone are ``events[...]``; in a match, ``deals[2][...]``)."""
        if not self.at or not self.at[0].startswith(old):
            return self
        return Problem(self.key, self.values, (new + self.at[0][len(old):], *self.at[1:]),
                       self.refusal)


class ProblemError(ValueError):
    """An error that carries what is wrong as a :class:`Problem`; ``str()`` is its English."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.text())
        self.problem = problem

    @classmethod
    def of(cls, key: str, at: str = "", refusal: Refusal | None = None,
           **values: Any) -> Self:
        return cls(Problem.of(key, at, refusal, **values))
