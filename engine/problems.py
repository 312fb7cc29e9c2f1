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

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Self

if TYPE_CHECKING:  # the refusals name cards, and the cards' errors are problems
    from engine.refusals import Refusal

#: Every problem a document may have, with the English the engine writes for it. Values are
#: already put into text where they quote the document (a short excerpt, a card's code).
TEMPLATES: dict[str, str] = {
    # any field
    "missing": "missing",
    "expected_text": "expected text",
    "text_too_long": "expected text of at most {limit} characters, got {length}",
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
    "hand_count_one": "1 hand, {players} expected",
    "card_count": "{count} cards, {expected} expected",
    "card_count_one": "1 card, {expected} expected",
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
    "match_length": 'expected "deals": 1 to {deals}, or "target": {low} to {high}',
    "match_over": "the match was over before this deal",
    "ledger_rows": "expected a list of at most {limit} deals",
    "ledger_scores": "expected {players} whole numbers that add up to 0",
    "ledger_choice": "expected one of {options}",
    "ledger_taker": "a deal played has a taker, a deal cancelled none",
    # saved challenge series
    "series_deals": "expected a list of 1 to {limit} deals, each [shuffle seed, dealer]",
    "series_deal": "expected [shuffle seed, dealer]: a whole number from 0 to {high}, then a "
                   "seat from 0 to {last}",
    "series_yours": "expected a list of at most {count} event lists, one per deal played",
    "series_expert": "expected a list of {count} entries: each deal's event list, or null",
    "not_the_series_deal": "not deal {number} of the series (other cards, or another dealer)",
    "expert_unfinished": "the expert's deal stops before its end",
    # variations
    "variation_name": "expected a name of 1 to {limit} characters",
    "variation_kind": "expected one of {kinds}",
    "variation_start": "expected the position of a decision of the deal",
    "variation_events": "expected the events after the start",
    "variation_unfinished": "the variation stops before the end of the deal",
    "variation_same": "it plays the deal itself, not another way",
    "variations_list": "expected a list of variations",
    "variations_cut": "only the first {limit} are kept",
    "variation_no_branch": "the variation does not leave this deal",
    "too_many_variations": "already {limit} variations; delete some first",
    # rules files
    "players_not_supported": "{players} players is not supported (3, 4 or 5)",
    "unknown_contract": "unknown contract {name}",
    "expected_rules_file": "expected a mapping with 'rules' and 'variants'",
    "expected_format": "expected {want}, got {got}",
    "version_not_read": "this game reads version {version}, got {got}",
    "expected_rule_options": "expected a mapping of rule options",
    "expected_variants": "expected a mapping of variant names to variants, got {got}",
    "variant_name_not_a_word": "a variant name must be a word, got {got}",
    "expected_variant": "expected a mapping with 'description' and 'rules'",
    "unknown_variant": "variant {variant} is not in the rules file (known: {known})",
    "unknown_variant_none": "variant {variant} is not in the rules file (known: none)",
    "unknown_key": "unknown key (expected one of: {expected})",
    "expected_number_between_got": "expected a whole number from {low} to {high}, got {got}",
    "expected_choice": "expected {options} or {last}, got {got}",
    "expected_numbers_between":
        "expected a list of {length} whole numbers from {low} to {high}, got {got}",
    "expected_player_counts": "expected a mapping with keys 3, 4 and 5",
    "unknown_player_count": "unknown player count (expected 3, 4 or 5)",
    "missing_player_count": "missing player count {count}",
    "expected_player_setup": "expected a mapping with hand, dog and packet",
    "not_78_cards": "{players} hands of {hand} and a dog of {dog} make {total} cards, not 78",
    "packet_not_dividing": "{packet} does not divide a hand of {hand}",
    "dog_between_packets": "{dog} dog cards cannot be laid between the packets",
    "expected_contracts": "expected a mapping of contract names to multipliers",
    "multiplier_below": "multiplier {multiplier} is below {lower}'s {lower_multiplier}",
    "targets_rise": "more oudlers may not need more points, got {got}",
    "handfuls_not_increasing": "simple, double and triple must increase, got {got}",
    "triple_too_large": "a triple of {triple} is more than a hand holds",
    "expected_slam": "expected a mapping with announced_made, made, announced_failed and defence",
    "split_not_3": "taker and partner shares must add up to 3 (the number of defenders) so "
                   "that every deal sums to zero, got {got}",
    "expected_miseres": "expected a mapping with enabled and value",
    "expected_true_or_false": "expected true or false, got {got}",
    # deal records
    "record_empty": "empty; expected a mapping of fields (players, dealer, ...)",
    "expected_record": "expected a mapping of fields (players, dealer, ...), got {got}",
    "record_too_large": "more than {limit} values; too large for one deal",
    "record_too_early": "a deal can be written once its play has started; this one is in its "
                        "{phase} phase",
    "unknown_field_like": "unknown field; did you mean {name}?",
    "unknown_field": "unknown field (fields: {fields})",
    "missing_players": "missing; 3, 4 or 5",
    "missing_dealer": "missing; the seat that dealt",
    "missing_hands": "missing; one list of cards per seat",
    "missing_dog": "missing; the {count} cards of the dog",
    "missing_bids": "missing; one per seat in speaking order, from seat {first}",
    "missing_call": "missing; the taker of a five-player deal calls a card",
    "missing_discard": "missing; the taker of a {contract} discards {count} cards",
    "expected_players": "expected 3, 4 or 5, got {got}",
    "expected_dealer": "expected a seat from 0 to {last}, got {got}",
    "expected_hands": "expected a list of hands, one per seat, got {got}",
    "expected_cards": "expected a list of cards, got {got}",
    "expected_card": "expected a card, got {got}",
    "hands_count": "{count} hands, {players} expected (one per seat, seat 0 first)",
    "hands_count_one": "1 hand, {players} expected (one per seat, seat 0 first)",
    "dealt_twice_also": "{card} dealt twice (also {other})",
    "expected_bids": "expected a list of bids, one per seat in speaking order, from seat {first}, "
                     "got {got}",
    "bids_count": "{count} bids, {players} expected (one per seat in speaking order, from seat "
                  "{first})",
    "bids_count_one": "1 bid, {players} expected (one per seat in speaking order, from seat "
                      "{first})",
    "bid_out_of_turn": "out of turn; every seat has already spoken (one per seat in speaking "
                       "order, from seat {first})",
    "expected_bid": "expected a bid (pass, petite, garde, garde_sans or garde_contre), got {got}",
    "unknown_bid": "unknown bid {got} (pass, petite, garde, garde_sans or garde_contre)",
    "call_not_five": "only five-player deals have a call (this one has {players} players)",
    "no_discard": "a {contract} has no discard (the dog is not taken)",
    "expected_seat_keys": "expected seat numbers as keys, got {got}",
    "no_such_seat": "no such seat (seats are 0 to {last})",
    "listed_twice": "listed twice",
    "expected_handfuls": "expected a mapping of seats to the trumps shown, got {got}",
    "miseres_not_played": "misères are not played under these rules (rules: miseres: enabled "
                          "is false)",
    "expected_miseres_by_seat": "expected a mapping of seats to misères (trump, heads), got {got}",
    "expected_misere_list": "expected a list of misères (trump, heads), got {got}",
    "unknown_misere": "unknown misère {got} (trump or heads)",
    "expected_play": "expected a list of cards (or of tricks), got {got}",
    "expected_trick": "expected a trick (a list of cards) like the first one, got {got}",
    "tricks_over": "the deal is over; it has only {tricks} tricks",
    "empty_trick": "an empty trick",
    "trick_too_long": "a trick has {players} cards, this one {count}",
    "trick_incomplete": "{count} cards, {players} expected (only the last trick may be "
                        "incomplete)",
    "trick_incomplete_one": "1 card, {players} expected (only the last trick may be incomplete)",
    "deal_over": "the deal is over; all {tricks} tricks have been played",
    "misere_never_played": "seat {seat} plays no card in this record; miseres are announced "
                           "with the first card",
    "handful_never_played": "seat {seat} plays no card in this record; handfuls are announced "
                            "with the first card",
    "not_rule_options": "not valid rule options ({text})",
}


#: The words for what a value found in a document is (:class:`Described`).
DESCRIPTIONS: dict[str, str] = {
    "nothing": "nothing", "true": "true", "false": "false", "number": "the number {text}",
    "text": "the text {text}", "list": "a list", "mapping": "a mapping",
    "other": "a value of type {text}",
}


@dataclass(frozen=True)
class Described:
    """What a value found in a document is (``kind``, a key of :data:`DESCRIPTIONS`, and
    an excerpt of it), for a problem that says what was found instead of what was expected.

    >>> str(Described("number", "9"))
    'the number 9'
    """

    kind: str
    text: str = ""

    def __str__(self) -> str:
        return DESCRIPTIONS[self.kind].format(text=self.text)


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
        return replace(self, at=(where, *self.at))

    def moved(self, old: str, new: str) -> Problem:
        """The same problem with ``old``, at the head of its path, read as ``new`` (the events
        of a deal checked alone are ``events[...]``; in a match, ``deals[2][...]``)."""
        if not self.at or not self.at[0].startswith(old):
            return self
        return replace(self, at=(new + self.at[0][len(old):], *self.at[1:]))


class ProblemError(ValueError):
    """An error that carries what is wrong as a :class:`Problem`; ``str()`` is its English."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.text())
        self.problem = problem

    def __reduce__(self) -> tuple[type[ProblemError], tuple[Problem]]:
        return type(self), (self.problem,)  # a copy, or an error sent between processes

    @classmethod
    def of(cls, key: str, at: str = "", refusal: Refusal | None = None,
           **values: Any) -> Self:
        return cls(Problem.of(key, at, refusal, **values))
