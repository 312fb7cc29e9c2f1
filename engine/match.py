"""A match: a series of deals with running totals (RULES.md §11).

The match is its deals' event logs, one after the other. The dealer moves one seat on after
every deal, cancelled ones included; each deal's shuffle seed is derived from the match seed
and the deal's number, so a whole match is reproducible from its seed and its commands.

A match may have a length (:class:`engine.length.MatchLength`): a number of deals, or a score a
running total reaches. Once the last deal is over with the length reached, the match is over
(:attr:`Match.over`), its winners are the seats with the highest total, and no deal follows.

A deal in which a decision was taken back (:meth:`Match.undo`) is *practised*: its number
(0-based) joins :attr:`Match.practised`, and stays there whatever is played afterwards.

A long match may *fold* the deals it no longer needs in full (:meth:`Match.fold`, once they
are kept elsewhere): :attr:`Match.earlier` remembers their scores and a summary of each
(:mod:`engine.ledger`), and :attr:`Match.deals` holds the rest, from deal number
:attr:`Match.first`. Every deal number here counts from the match's first deal.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from engine.actions import Action
from engine.deal import Deal, command_of
from engine.events import Event
from engine.ledger import DealSummary, Earlier
from engine.length import MatchLength, winners
from engine.rules import Rules
from engine.state import Phase


def deal_seed(match_seed: int, number: int) -> int:
    """The shuffle seed of deal ``number`` (0-based) of a match."""
    return random.Random(f"tarot-match:{match_seed}:{number}").getrandbits(62)


class Match:
    """Deals played so far (the last one may be in progress) and the running totals."""

    def __init__(
        self,
        rules: Rules,
        players: int,
        seed: int,
        first_dealer: int = 0,
        deals: Sequence[Deal] = (),
        practised: Iterable[int] = (),
        earlier: Earlier | None = None,
        length: MatchLength | None = None,
    ) -> None:
        rules.setup(players)
        self.rules = rules
        self.players = players
        self.seed = seed
        self.first_dealer = first_dealer
        #: How long the match lasts (by default it has no end).
        self.length = length if length is not None else MatchLength()
        #: The deals folded out of the match (their scores and summaries only).
        self.earlier = earlier if earlier is not None else Earlier.start(players)
        if len(self.earlier.carried_totals) != players:
            raise ValueError(f"earlier deals of {len(self.earlier.carried_totals)} seats in a "
                             f"match of {players}")
        #: The deals held in full: deal numbers :attr:`first` onwards.
        self.deals: list[Deal] = list(deals)
        #: The numbers (0-based) of the deals in which a decision was taken back (of the
        #: deals held in full; a folded deal's was said when it was kept elsewhere).
        self.practised: set[int] = set(practised)
        strays = sorted(n for n in self.practised if not self.first <= n < self.count)
        if strays:
            raise ValueError(f"practised deal(s) {strays} not in a match of deals "
                             f"{self.first} to {self.count - 1}")

    @classmethod
    def new(cls, rules: Rules, players: int, seed: int, first_dealer: int = 0,
            length: MatchLength | None = None) -> Match:
        match = cls(rules, players, seed, first_dealer, length=length)
        match.next_deal()
        return match

    @property
    def first(self) -> int:
        """The number of the first deal held in full (the deals before it are folded)."""
        return self.earlier.count

    @property
    def count(self) -> int:
        """How many deals the match has dealt, folded ones included."""
        return self.earlier.count + len(self.deals)

    def deal(self, number: int) -> Deal:
        """Deal ``number`` of the match (0-based), when it is held in full."""
        if not self.first <= number < self.count:
            raise IndexError(f"deal {number} is not held in full (deals {self.first} to "
                             f"{self.count - 1} are)")
        return self.deals[number - self.first]

    @property
    def current(self) -> Deal:
        if not self.deals:
            raise ValueError("the match has no deal yet")
        return self.deals[-1]

    @property
    def next_dealer(self) -> int:
        """The dealer moves one seat on after every deal, cancelled ones included."""
        return (self.first_dealer + self.count) % self.players

    @property
    def over(self) -> bool:
        """The last deal is over and the match's length is reached: no deal follows."""
        return (bool(self.deals) and self.current.is_over
                and self.length.reached(self.count, self.totals))

    @property
    def winners(self) -> list[int]:
        """The seats with the highest total once the match is over (several when level);
        none before."""
        return winners(self.totals) if self.over else []

    def next_deal(self) -> Deal:
        """Deal the next hand; the previous one must be over, and the match not."""
        if self.deals and not self.current.is_over:
            raise ValueError("the current deal is not over")
        if self.over:
            raise ValueError("the match is over")
        deal = Deal.new(self.rules, self.players, self.next_dealer,
                        deal_seed(self.seed, self.count))
        self.deals.append(deal)
        return deal

    def fold(self, through: int) -> None:
        """Fold the deals held in full up to deal number ``through`` (included): each must
        be over; what the match keeps of them is in :attr:`earlier`."""
        while self.deals and self.first <= through:
            deal = self.deals[0]
            if not deal.is_over:
                raise ValueError(f"deal {self.first} is not over: it cannot be folded")
            self.practised.discard(self.first)
            self.earlier = self.earlier.adding(DealSummary.of(deal))
            del self.deals[0]

    def execute(self, seat: int, action: Action) -> tuple[Event, ...]:
        return self.current.execute(seat, action)

    @property
    def totals(self) -> list[int]:
        """Running totals over the deals that are over (they always add up to zero)."""
        return self.totals_before(self.count)

    def totals_before(self, number: int) -> list[int]:
        """Each seat's running total over the deals before deal ``number`` (0 for the first)."""
        totals = list(self.earlier.totals_before(min(number, self.first)))
        for deal in self.deals[:max(0, number - self.first)]:
            if deal.scores is not None:
                for seat, score in enumerate(deal.scores):
                    totals[seat] += score
        return totals

    @property
    def finished_deals(self) -> list[Deal]:
        """The deals held in full that are over."""
        return [d for d in self.deals if d.is_over]

    @property
    def played_to_the_end(self) -> int:
        """How many deals were played to the last trick (not cancelled), folded ones too."""
        return self.earlier.finished + sum(
            1 for d in self.deals if d.state.phase is Phase.FINISHED)

    def events(self) -> list[Event]:
        """The log of the deals held in full: every deal's events, in order."""
        return [event for deal in self.deals for event in deal.events]

    def _last_decision(self, seat: int, past: tuple[type[Action], ...] = ()
                       ) -> tuple[int, Action] | None:
        """Where ``seat``'s last decision in the current deal is in its log, and what it was;
        decisions of the kinds ``past`` are stepped over (taken back with the one before)."""
        deal = self.current
        for index in reversed(deal.command_starts()):
            command = command_of(deal.events[index])
            if command is not None and command[0] == seat and not isinstance(command[1], past):
                return index, command[1]
        return None

    def undoable(self, seat: int, past: tuple[type[Action], ...] = ()) -> Action | None:
        """The decision :meth:`undo` would take back for ``seat`` (``None``: nothing)."""
        found = self._last_decision(seat, past)
        return None if found is None else found[1]

    def is_practised(self, number: int | None = None) -> bool:
        """Whether deal ``number`` (by default the current one) had a decision taken back."""
        if number is None:
            number = self.count - 1
        return number in self.practised

    def undo(self, seat: int, past: tuple[type[Action], ...] = ()) -> bool:
        """Take back the last decision ``seat`` made in the current deal, and everything after
        it; the deal is then practised. Decisions of the kinds ``past`` do not count as the
        last (a decision answered for the seat: it goes with the one before it). Returns
        ``False`` when there is nothing of theirs to undo (and then nothing changes)."""
        found = self._last_decision(seat, past)
        if found is None:
            return False
        self.current.truncate(found[0])
        self.practised.add(self.count - 1)
        return True
