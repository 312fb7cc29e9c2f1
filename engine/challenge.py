"""The duplicate challenge: the same cards played twice, once by the player and once by the
expert, in the same seat and against the same bots, and the two scores compared deal by deal.

A :class:`Challenge` is a short series of deals, each given by its shuffle seed and dealer,
so that every run deals exactly the same cards; each seat but the player's gets the same bot
(the same level and the same seed) in both runs. Duplicate bridge and duplicate tarot
tournaments compare players this way: the luck of the cards is the same for both, so the
difference is the play.

A series in progress is kept between sessions by :mod:`engine.challenge_saves`.

>>> from engine.rules import load_rules
>>> c = Challenge.series(load_rules(), players=4, bots="simple", seed=7, length=3)
>>> [c.deal(i).state.hands == c.deal(i).state.hands for i in range(3)]
[True, True, True]
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.ai import make_bot
from engine.deal import Deal
from engine.match import Match, deal_seed
from engine.rules import Rules
from engine.views import view_for

#: Deals in a series, unless asked otherwise.
SERIES_LENGTH = 8
#: The seat the player (and, in the other run, the expert) plays.
SEAT = 0


class ChallengeError(ValueError):
    """A challenge that cannot be played as described (no deal, or none left)."""


class ChallengeCancelled(Exception):
    """The expert's run was stopped before its end."""


@dataclass(frozen=True)
class Challenge:
    """``deals`` are (shuffle seed, dealer) pairs; ``bots`` the level of the other seats,
    ``seed`` where their seeds come from."""

    rules: Rules
    players: int
    bots: str
    seed: int
    deals: tuple[tuple[int, int], ...]

    @classmethod
    def series(cls, rules: Rules, players: int, bots: str, seed: int,
               first: tuple[int, int] | None = None,
               length: int = SERIES_LENGTH) -> Challenge:
        """A series of ``length`` deals from ``seed``; ``first`` (a finished deal's seed and
        dealer) opens it when given: "play this deal again"."""
        if length < 1:
            raise ChallengeError("a challenge needs at least one deal")
        rules.setup(players)  # raises for a player count the rules do not know
        deals = [] if first is None else [first]
        number = 0
        while len(deals) < length:
            dealer = (deals[-1][1] + 1) % players if deals else number % players
            deals.append((deal_seed(seed, number), dealer))
            number += 1
        return cls(rules, players, bots, seed, tuple(deals))

    def __len__(self) -> int:
        return len(self.deals)

    def deal(self, index: int) -> Deal:
        """Deal ``index`` of the series, freshly dealt (the same cards every time)."""
        seed, dealer = self.deals[index]
        return Deal.new(self.rules, self.players, dealer, seed)

    def bot_seed(self, index: int, seat: int) -> int:
        """The seed of the bot at ``seat`` in deal ``index``: the same in both runs."""
        return random.Random(f"tarot-challenge:{self.seed}:{index}:{seat}").getrandbits(48)


class ChallengeMatch(Match):
    """The deals of a challenge as a match, for the table: its next deal is the series' next
    one, not one shuffled from the match's seed. ``deals``: those played so far (the
    series' first ones, the last perhaps under way)."""

    def __init__(self, challenge: Challenge, deals: Sequence[Deal] = ()) -> None:
        super().__init__(challenge.rules, challenge.players, challenge.seed,
                         challenge.deals[0][1], deals)
        self.challenge = challenge

    def next_deal(self) -> Deal:
        if self.deals and not self.current.is_over:
            raise ValueError("the current deal is not over")
        if len(self.deals) >= len(self.challenge):
            raise ChallengeError("the series is over")
        deal = self.challenge.deal(len(self.deals))
        self.deals.append(deal)
        return deal


def expert_game(challenge: Challenge, index: int,
                stop: Callable[[], bool] | None = None) -> Deal:
    """Deal ``index`` played to its end by the expert in the player's seat and the
    challenge's bots in the others. Raises :class:`ChallengeCancelled` when ``stop`` turns
    true (it is also handed to the expert's search, which then answers at once)."""
    deal = challenge.deal(index)
    bots = {seat: make_bot(challenge.bots, challenge.bot_seed(index, seat))
            for seat in range(challenge.players) if seat != SEAT}
    bots[SEAT] = make_bot("expert", challenge.bot_seed(index, SEAT))
    while not deal.is_over:
        if stop is not None and stop():
            raise ChallengeCancelled
        seat = deal.state.turn
        assert seat is not None, "a deal in progress always has a seat to act"
        deal.execute(seat, bots[seat].decide(view_for(deal.state, seat), stop=stop))
    return deal


@dataclass(frozen=True)
class DealComparison:
    """One deal of the series: the player's score and the expert's on the same cards."""

    index: int
    yours: int | None  # None: not played yet
    experts: int | None  # None: not worked out yet

    @property
    def difference(self) -> int | None:
        if self.yours is None or self.experts is None:
            return None
        return self.yours - self.experts


def compare(yours: Sequence[Deal | None], experts: Sequence[Deal | None]
            ) -> list[DealComparison]:
    """Deal by deal, the seat's score in each run (``None`` where a run has not ended)."""

    def score(deal: Deal | None) -> int | None:
        if deal is None or not deal.is_over:
            return None
        scores = deal.scores
        return scores[SEAT] if scores is not None else 0

    return [DealComparison(i, score(a), score(b))
            for i, (a, b) in enumerate(zip(yours, experts, strict=True))]


def totals(comparison: Sequence[DealComparison]) -> tuple[int, int, int]:
    """The player's total, the expert's and their difference over the deals of
    ``comparison`` that both runs have finished."""
    both = [c for c in comparison if c.difference is not None]
    yours = sum(c.yours or 0 for c in both)
    experts = sum(c.experts or 0 for c in both)
    return yours, experts, yours - experts


__all__ = ["SEAT", "SERIES_LENGTH", "Challenge", "ChallengeCancelled", "ChallengeError",
           "ChallengeMatch", "DealComparison", "compare", "expert_game", "totals"]
