"""The player's statistics, from the finished deals in the history: the figures of each
player count, the deals taken by contract, and the results week by week
(:mod:`game.history.trend`).

Seat 0 is the player. Statistics are kept apart for 3, 4 and 5 players, since scores and the
chances of taking differ so much between them. Deals marked as practised (the player used
undo, so the deal does not show how they play) and files that do not load are left out; they
are counted on their own so that the screen can say what was left out.

The deals the player took are also counted by contract (:class:`ContractStats`): how many,
how many made, and the player's average score on them.

Each deal counts once, however many files hold it (they are told apart by the match and the
deal's number in it). A *deal played* is a deal played to the last trick and scored.
Cancelled deals (everyone passed, a petit sec) score nothing for anyone: they are counted
apart and do not lower the average. The history holds them only if the game archives them
(today it archives only deals played to the end), so the count is usually zero.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from engine.rules import CONTRACT_NAMES
from game.history.archive import DealEntry
from game.history.trend import Trend, per, weekly

PLAYER_COUNTS = (3, 4, 5)


@dataclass(frozen=True)
class ContractStats:
    """The deals of one contract the player took: how many, how many made, and the player's
    scores on them added up."""

    contract: str
    taken: int = 0
    made: int = 0
    total: int = 0

    @property
    def made_rate(self) -> float | None:
        return per(self.made, self.taken)

    @property
    def average(self) -> float | None:
        """The player's average score on a deal they took with this contract."""
        return per(self.total, self.taken)


@dataclass(frozen=True)
class CountStats:
    """The statistics of one player count."""

    players: int
    deals: int = 0  # scored deals
    taken: int = 0  # deals where the player took
    made: int = 0  # of those, the contracts made
    total: int = 0  # the player's scores added up over the scored deals
    best: DealEntry | None = None  # the deal with the player's highest score
    cancelled: int = 0
    practised: int = 0  # left out
    problems: int = 0  # files that did not load, left out
    autoplay: int = 0  # left out: a bot played the player's seat (``--autoplay``)
    challenge: int = 0  # left out: the player's deals of challenges (counted apart)
    #: the deals the player took, by contract (Petite, Garde, Garde sans, Garde contre)
    contracts: tuple[ContractStats, ...] = tuple(ContractStats(c) for c in CONTRACT_NAMES)

    @property
    def take_rate(self) -> float | None:
        return per(self.taken, self.deals)

    @property
    def made_rate(self) -> float | None:
        return per(self.made, self.taken)

    @property
    def average(self) -> float | None:
        """The player's average score per scored deal."""
        return per(self.total, self.deals)

    @property
    def best_score(self) -> int | None:
        return self.best.seat0 if self.best is not None else None

    @property
    def empty(self) -> bool:
        return not self.deals and not self.cancelled


@dataclass(frozen=True)
class Statistics:
    """The statistics of every player count, and what was left out."""

    by_players: dict[int, CountStats]
    problems_unknown: int = 0  # files that did not load and whose player count is unknown
    #: the deals counted, week by week, of each player count and of all (``None``)
    trends: dict[int | None, Trend] = field(default_factory=dict)

    def __getitem__(self, players: int) -> CountStats:
        return self.by_players[players]

    def trend(self, players: int | None = None) -> Trend:
        """The weeks of the deals of ``players`` players (of every count for ``None``)."""
        return self.trends.get(players, Trend())

    def rows(self, players: int | None = None) -> list[CountStats]:
        """The player counts a view filtered on ``players`` shows (all for ``None``)."""
        return [self.by_players[n] for n in PLAYER_COUNTS if players is None or n == players]

    @property
    def cancelled(self) -> int:
        return sum(s.cancelled for s in self.by_players.values())

    @property
    def practised(self) -> int:
        return sum(s.practised for s in self.by_players.values())

    @property
    def autoplay(self) -> int:
        return sum(s.autoplay for s in self.by_players.values())

    @property
    def challenge(self) -> int:
        return sum(s.challenge for s in self.by_players.values())

    @property
    def problems(self) -> int:
        return sum(s.problems for s in self.by_players.values()) + self.problems_unknown


def _better(entry: DealEntry, best: DealEntry | None) -> bool:
    """Whether ``entry`` beats ``best``: a higher score, or the same score played later."""
    if best is None:
        return True
    score, top = entry.seat0, best.seat0
    assert score is not None and top is not None
    return (score, entry.sort_key) > (top, best.sort_key)


def count_stats(players: int, entries: Iterable[DealEntry]) -> CountStats:
    """The statistics of the ``players``-player deals among ``entries``."""
    deals = taken = made = total = 0
    kinds: Counter[str] = Counter()
    contracts = {name: ContractStats(name) for name in CONTRACT_NAMES}
    best: DealEntry | None = None
    for entry in entries:
        if entry.players != players:
            continue
        kind = entry.kind
        kinds[kind] += 1
        if kind != "scored":
            continue
        score = entry.seat0
        assert score is not None
        deals += 1
        total += score
        if entry.taker_seat == 0:
            taken += 1
            made += entry.made
            if entry.contract in contracts:
                was = contracts[entry.contract]
                contracts[entry.contract] = ContractStats(
                    entry.contract, was.taken + 1, was.made + entry.made, was.total + score)
        if _better(entry, best):
            best = entry
    return CountStats(players, deals, taken, made, total, best, kinds["cancelled"],
                      kinds["practised"], kinds["problems"], kinds["autoplay"],
                      kinds["challenge"], tuple(contracts.values()))


def one_per_deal(entries: Iterable[DealEntry]) -> list[DealEntry]:
    """The entries with each deal once: files that hold the same deal of the same match (a
    deal written twice by an older version, a copy) count as one, the newest kept."""
    newest: dict[str, DealEntry] = {}
    for entry in entries:
        kept = newest.get(entry.deal_key)
        if kept is None or entry.sort_key > kept.sort_key:
            newest[entry.deal_key] = entry
    return list(newest.values())


@dataclass(frozen=True)
class ChallengeRecord:
    """The challenge deals both runs finished: the player's total and the expert's."""

    deals: int = 0
    yours: int = 0
    experts: int = 0

    @property
    def average(self) -> float | None:
        """The player's points a deal against the expert's, on the same cards."""
        return per(self.yours - self.experts, self.deals)


def challenge_record(entries: Iterable[DealEntry]) -> ChallengeRecord:
    """The player against the expert over every challenge deal in the history."""
    runs: dict[str, dict[str, int]] = {}
    for entry in one_per_deal(entries):
        if entry.challenge and entry.challenge_deal and entry.scored and entry.seat0 is not None:
            runs.setdefault(entry.challenge_deal, {})[entry.challenge] = entry.seat0
    both = [r for r in runs.values() if "yours" in r and "expert" in r]
    return ChallengeRecord(len(both), sum(r["yours"] for r in both),
                           sum(r["expert"] for r in both))


def compute_stats(entries: Iterable[DealEntry]) -> Statistics:
    """The statistics of the history ``entries`` (as
    :func:`game.history.archive.list_deals` gives them)."""
    items = one_per_deal(entries)
    unknown = sum(1 for e in items if e.problem and e.players not in PLAYER_COUNTS)
    return Statistics({n: count_stats(n, items) for n in PLAYER_COUNTS}, unknown,
                      {n: weekly(items, n) for n in (None, *PLAYER_COUNTS)})


__all__ = ["PLAYER_COUNTS", "ChallengeRecord", "ContractStats", "CountStats", "Statistics",
           "challenge_record", "compute_stats", "count_stats"]
