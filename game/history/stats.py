"""The player's statistics, from the finished deals in the history.

Seat 0 is the player. Statistics are kept apart for 3, 4 and 5 players, since scores and the
chances of taking differ so much between them. Deals marked as practised (the player used
undo, so the deal does not show how they play) and files that do not load are left out; they
are counted on their own so that the screen can say what was left out.

Each deal counts once, however many files hold it (they are told apart by the match and the
deal's number in it). A *deal played* is a deal played to the last trick and scored.
Cancelled deals (everyone passed, a petit sec) score nothing for anyone: they are counted
apart and do not lower the average. The history holds them only if the game archives them
(today it archives only deals played to the end), so the count is usually zero.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from game.history.archive import DealEntry

PLAYER_COUNTS = (3, 4, 5)


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

    @property
    def take_rate(self) -> float | None:
        return self.taken / self.deals if self.deals else None

    @property
    def made_rate(self) -> float | None:
        return self.made / self.taken if self.taken else None

    @property
    def average(self) -> float | None:
        """The player's average score per scored deal."""
        return self.total / self.deals if self.deals else None

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

    def __getitem__(self, players: int) -> CountStats:
        return self.by_players[players]

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
    deals = taken = made = total = cancelled = practised = autoplay = challenge = problems = 0
    best: DealEntry | None = None
    for entry in entries:
        if entry.players != players:
            continue
        if entry.problem:
            problems += 1
        elif entry.challenge == "expert":
            continue  # the expert's game, not the player's
        elif entry.challenge:
            challenge += 1
        elif entry.autoplay:
            autoplay += 1
        elif entry.practised:
            practised += 1
        elif entry.cancelled:
            cancelled += 1
        elif entry.scored and entry.seat0 is not None:
            deals += 1
            total += entry.seat0
            if entry.taker_seat == 0:
                taken += 1
                made += entry.made
            if _better(entry, best):
                best = entry
    return CountStats(players, deals, taken, made, total, best, cancelled, practised, problems,
                      autoplay, challenge)


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
        return (self.yours - self.experts) / self.deals if self.deals else None


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
    return Statistics({n: count_stats(n, items) for n in PLAYER_COUNTS}, unknown)


__all__ = ["PLAYER_COUNTS", "ChallengeRecord", "CountStats", "Statistics", "challenge_record",
           "compute_stats", "count_stats"]
