"""The player's results week by week, for the statistics' chart.

The deals are those the statistics count (:attr:`~game.history.archive.DealEntry.kind`:
the player's own, scored, not practised, not played by the computer, not a challenge's), by
the week they were played in (weeks start on Monday): how many, the player's scores added
up, and of those the deals the expert's review went through (:mod:`game.history.reviews`:
kept when a review of the deal finished in the replay viewer) with the choices it flagged.
Every week from the first deal's to the last one's is there, those without a deal too, so
that the chart's weeks are evenly spaced in time. No pygame here.

>>> import datetime as dt
>>> from pathlib import Path
>>> from game.history.archive import DealEntry
>>> from game.history.reviews import Review
>>> def deal(day, score, review=None):
...     return DealEntry(Path(f"{day}-{score}.json"), 4, dt.datetime(2024, 5, day, 20),
...                      scores=[score, -score, 0, 0], review=review)
>>> trend = weekly([deal(6, 30), deal(8, -10, Review(12, 2, 31.0)), deal(21, 60)], 4)
>>> [(str(w.start), w.deals, w.average, w.flags_per_deal) for w in trend.weeks]
[('2024-05-06', 2, 10.0, 2.0), ('2024-05-13', 0, None, None), ('2024-05-20', 1, 60.0, None)]
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Iterable
from dataclasses import dataclass

from game.history.archive import DealEntry


def per(amount: float, count: int) -> float | None:
    """``amount`` per one of ``count`` (a rate, an average); ``None`` when ``count`` is 0."""
    return amount / count if count else None


@dataclass(frozen=True)
class Week:
    """The deals of one week: how many, the player's scores added up, how many of them were
    reviewed and the choices the reviews flagged."""

    start: _dt.date  # its Monday
    deals: int = 0
    total: int = 0
    reviewed: int = 0
    flagged: int = 0

    @property
    def average(self) -> float | None:
        """The player's average score per deal that week."""
        return per(self.total, self.deals)

    @property
    def flags_per_deal(self) -> float | None:
        """The flagged choices per reviewed deal that week."""
        return per(self.flagged, self.reviewed)


@dataclass(frozen=True)
class Trend:
    """Every week from the first deal counted to the last, oldest first; and the deals that
    have no date, which no week can hold."""

    weeks: tuple[Week, ...] = ()
    undated: int = 0

    @property
    def deals(self) -> int:
        return sum(week.deals for week in self.weeks)

    @property
    def reviewed(self) -> int:
        return sum(week.reviewed for week in self.weeks)


def monday(day: _dt.date) -> _dt.date:
    """The Monday of ``day``'s week."""
    return day - _dt.timedelta(days=day.weekday())


def weekly(entries: Iterable[DealEntry], players: int | None) -> Trend:
    """The weeks of the deals among ``entries`` (each deal once: see
    :func:`game.history.stats.one_per_deal`) that the statistics count, of ``players``
    players (every player count for ``None``)."""
    found: dict[_dt.date, Week] = {}
    undated = 0
    for entry in entries:
        if (players is not None and entry.players != players) or entry.kind != "scored":
            continue
        if entry.date is None:
            undated += 1
            continue
        start = monday(entry.date.date())
        week = found.get(start, Week(start))
        review = entry.review
        found[start] = Week(start, week.deals + 1, week.total + (entry.seat0 or 0),
                            week.reviewed + (review is not None),
                            week.flagged + (review.flagged if review is not None else 0))
    if not found:
        return Trend((), undated)
    first, last = min(found), max(found)
    count = (last - first).days // 7 + 1
    starts = (first + _dt.timedelta(weeks=n) for n in range(count))
    return Trend(tuple(found.get(start, Week(start)) for start in starts), undated)


__all__ = ["Trend", "Week", "monday", "per", "weekly"]
