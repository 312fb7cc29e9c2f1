"""A match: a series of deals with running totals (RULES.md §11).

The match is its deals' event logs, one after the other. The dealer moves one seat on after
every deal, cancelled ones included; each deal's shuffle seed is derived from the match seed
and the deal's number, so a whole match is reproducible from its seed and its commands.

A deal in which a decision was taken back (:meth:`Match.undo`) is *practised*: its number
(0-based) joins :attr:`Match.practised`, and stays there whatever is played afterwards.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from engine.actions import Action
from engine.deal import Deal, command_of
from engine.events import Event
from engine.rules import Rules


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
    ) -> None:
        rules.setup(players)
        self.rules = rules
        self.players = players
        self.seed = seed
        self.first_dealer = first_dealer
        self.deals: list[Deal] = list(deals)
        #: The numbers (0-based) of the deals in which a decision was taken back.
        self.practised: set[int] = set(practised)
        strays = sorted(n for n in self.practised if not 0 <= n < len(self.deals))
        if strays:
            raise ValueError(f"practised deal(s) {strays} not in a match of "
                             f"{len(self.deals)} deal(s)")

    @classmethod
    def new(cls, rules: Rules, players: int, seed: int, first_dealer: int = 0) -> Match:
        match = cls(rules, players, seed, first_dealer)
        match.next_deal()
        return match

    @property
    def current(self) -> Deal:
        if not self.deals:
            raise ValueError("the match has no deal yet")
        return self.deals[-1]

    @property
    def next_dealer(self) -> int:
        if not self.deals:
            return self.first_dealer
        return (self.deals[-1].state.dealer + 1) % self.players

    def next_deal(self) -> Deal:
        """Deal the next hand; the previous one must be over."""
        if self.deals and not self.current.is_over:
            raise ValueError("the current deal is not over")
        deal = Deal.new(self.rules, self.players, self.next_dealer,
                        deal_seed(self.seed, len(self.deals)))
        self.deals.append(deal)
        return deal

    def execute(self, seat: int, action: Action) -> tuple[Event, ...]:
        return self.current.execute(seat, action)

    @property
    def totals(self) -> list[int]:
        """Running totals over the deals that are over (they always add up to zero)."""
        return self.totals_before(len(self.deals))

    def totals_before(self, number: int) -> list[int]:
        """Each seat's running total over the deals before deal ``number`` (0 for the first)."""
        totals = [0] * self.players
        for deal in self.deals[:number]:
            if deal.scores is not None:
                for seat, score in enumerate(deal.scores):
                    totals[seat] += score
        return totals

    @property
    def finished_deals(self) -> list[Deal]:
        return [d for d in self.deals if d.is_over]

    def events(self) -> list[Event]:
        """The whole match log: every deal's events, in order."""
        return [event for deal in self.deals for event in deal.events]

    def _last_decision(self, seat: int) -> tuple[int, Action] | None:
        """Where ``seat``'s last decision in the current deal is in its log, and what it was."""
        deal = self.current
        for index in reversed(deal.command_starts()):
            command = command_of(deal.events[index])
            if command is not None and command[0] == seat:
                return index, command[1]
        return None

    def undoable(self, seat: int) -> Action | None:
        """The decision :meth:`undo` would take back for ``seat`` (``None``: nothing)."""
        found = self._last_decision(seat)
        return None if found is None else found[1]

    def is_practised(self, number: int | None = None) -> bool:
        """Whether deal ``number`` (by default the current one) had a decision taken back."""
        if number is None:
            number = len(self.deals) - 1
        return number in self.practised

    def undo(self, seat: int) -> bool:
        """Take back the last decision ``seat`` made in the current deal, and everything after
        it; the deal is then practised. Returns ``False`` when there is nothing of theirs to
        undo (and then nothing changes)."""
        found = self._last_decision(seat)
        if found is None:
            return False
        self.current.truncate(found[0])
        self.practised.add(len(self.deals) - 1)
        return True
