"""What a match remembers of the deals it no longer holds in full.

A long match would carry every deal's event log, and its save would grow with every deal:
a match of thousands of deals made a file of many megabytes, rewritten after each move. But
a deal played to the end is kept on its own in the history, so the match may *fold* it
(:meth:`engine.match.Match.fold`): the log goes, and :class:`Earlier` keeps what the match
still needs of it — its scores for the running totals, and for the score sheet a
:class:`DealSummary`. Only the last :data:`ROWS_KEPT` summaries are kept; the deals before
them are only counted (how many, how many played to the end, their totals). So a match's
save holds a bounded ledger and the deals still in full: it grows with the deal in play, not
with the match.

>>> from engine.match import Match
>>> from engine.rules import load_rules
>>> e = Earlier.start(4).adding(DealSummary(dealer=3, scores=(30, -10, -10, -10), taker=0,
...                                         contract="petite", made=True, margin=3))
>>> e.count, e.totals, Earlier.from_dict(e.to_dict(), 4, "earlier") == e
(1, (30, -10, -10, -10), True)
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from functools import cached_property
from typing import Any

from engine.deal import Deal
from engine.problems import Problem, ProblemError
from engine.state import Phase

#: The summaries a match keeps for its score sheet; older deals are only counted.
ROWS_KEPT = 200
_CANCELLED = ("all_passed", "petit_sec")
_CONTRACTS = ("petite", "garde", "garde_sans", "garde_contre")
_SLAMS = ("announced_made", "made", "announced_failed", "defence")
_CAMPS = ("taker", "defence")
_MAX = 10_000_000  # beyond any real score or count: a damaged file


class LedgerError(ProblemError):
    """A ledger in a saved match that cannot be used; the message says where and why."""


@dataclass(frozen=True)
class DealSummary:
    """One deal played to its end (or cancelled) as the score sheet shows it: its result and
    every bonus the scoring counted, as :func:`engine.scoring.score_deal` found them."""

    dealer: int
    scores: tuple[int, ...]
    cancelled: str | None = None  # "all_passed" or "petit_sec"; then no taker
    taker: int | None = None
    partner: int | None = None
    contract: str | None = None
    made: bool = False
    margin: int = 0
    slam: str | None = None
    slam_announced: bool = False
    handfuls: int = 0
    miseres: int = 0
    petit_au_bout: str | None = None  # the camp that took the last trick with the Petit

    @classmethod
    def of(cls, deal: Deal) -> DealSummary:
        """The summary of ``deal``, which must be over."""
        state = deal.state
        if state.phase is Phase.CANCELLED:
            return cls(state.dealer, (0,) * deal.players,
                       cancelled=str(state.cancelled or "all_passed"))
        result = deal.result
        if result is None:
            raise ValueError("only a deal that is over has a summary")
        return cls(state.dealer, tuple(result.scores), None, result.taker, result.partner,
                   result.contract, result.made, result.margin, result.slam,
                   state.slam_announced, len(state.handfuls), len(state.miseres),
                   result.petit_au_bout)

    @property
    def finished(self) -> bool:
        """Played to the last trick (not cancelled)."""
        return self.cancelled is None


@dataclass(frozen=True)
class Earlier:
    """The deals folded out of a match, oldest first: ``carried`` of them only counted
    (``carried_finished`` played to the end, totals ``carried_totals``), then ``rows``."""

    carried: int = 0
    carried_finished: int = 0
    carried_totals: tuple[int, ...] = ()
    rows: tuple[DealSummary, ...] = field(default_factory=tuple)

    @classmethod
    def start(cls, players: int) -> Earlier:
        return cls(carried_totals=(0,) * players)

    @property
    def count(self) -> int:
        return self.carried + len(self.rows)

    @property
    def finished(self) -> int:
        return self.carried_finished + sum(1 for row in self.rows if row.finished)

    @cached_property
    def totals(self) -> tuple[int, ...]:
        """Each seat's total over every folded deal (worked out once: the ledger is frozen,
        and the table asks for it every frame)."""
        return self._summed(self.count)

    def totals_before(self, number: int) -> tuple[int, ...]:
        """Each seat's total over the folded deals before deal ``number`` (0-based; at most
        :attr:`count`; a number among the carried deals gives their totals, all they say)."""
        return self.totals if number >= self.count else self._summed(number)

    def _summed(self, number: int) -> tuple[int, ...]:
        totals = list(self.carried_totals)
        for row in self.rows[:max(0, number - self.carried)]:
            totals = [t + s for t, s in zip(totals, row.scores, strict=True)]
        return tuple(totals)

    def adding(self, row: DealSummary) -> Earlier:
        """These deals and one more; the oldest row is carried when there are too many."""
        rows = (*self.rows, row)
        earlier = replace(self, rows=rows)
        while len(earlier.rows) > ROWS_KEPT:
            oldest, *rest = earlier.rows
            earlier = Earlier(
                earlier.carried + 1, earlier.carried_finished + oldest.finished,
                tuple(t + s for t, s in zip(earlier.carried_totals, oldest.scores,
                                            strict=True)), tuple(rest))
        return earlier

    # --- the saved form ---------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {"carried": self.carried, "carried_finished": self.carried_finished,
                "carried_totals": list(self.carried_totals),
                "rows": [_row_dict(row) for row in self.rows]}

    @classmethod
    def from_dict(cls, data: Any, players: int, where: str) -> Earlier:
        """The ledger stored by :meth:`to_dict`, every value checked (:class:`LedgerError`
        names the first that is wrong)."""
        if not isinstance(data, dict):
            raise _bad(where, "expected_object")
        carried = _count(data.get("carried"), f"{where}.carried")
        finished = _count(data.get("carried_finished"), f"{where}.carried_finished")
        if finished > carried:
            raise _bad(f"{where}.carried_finished", "expected_number_between", low=0,
                       high=carried)
        totals = _scores(data.get("carried_totals"), players, f"{where}.carried_totals")
        rows = data.get("rows")
        if not isinstance(rows, list) or len(rows) > ROWS_KEPT:
            raise _bad(f"{where}.rows", "ledger_rows", limit=ROWS_KEPT)
        return cls(carried, finished, totals,
                   tuple(_row(row, players, f"{where}.rows[{i}]") for i, row in enumerate(rows)))


#: Each field of a summary with its default (looked up once: every save writes every row).
_DEFAULTS: tuple[tuple[str, Any], ...] = tuple((f.name, f.default) for f in fields(DealSummary))


def _row_dict(row: DealSummary) -> dict[str, Any]:
    """A summary's fields, those left at their default left out (a long ledger stays small)."""
    out: dict[str, Any] = {}
    for name, default in _DEFAULTS:
        value = getattr(row, name)
        if name in ("dealer", "scores") or value != default or type(value) is not type(default):
            out[name] = list(value) if name == "scores" else value
    return out


def _bad(where: str, key: str, **values: Any) -> LedgerError:
    return LedgerError(Problem.of(key, where, **values))


def _count(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= _MAX:
        raise _bad(where, "expected_number_between", low=0, high=_MAX)
    return value


def _scores(value: Any, players: int, where: str) -> tuple[int, ...]:
    if not (isinstance(value, list) and len(value) == players and all(
            isinstance(v, int) and not isinstance(v, bool) and abs(v) <= _MAX for v in value)
            and sum(value) == 0):
        raise _bad(where, "ledger_scores", players=players)
    return tuple(value)


def _choice(value: Any, allowed: tuple[Any, ...], where: str) -> Any:
    if value not in allowed:
        raise _bad(where, "ledger_choice",
                   options=", ".join(str(a) for a in allowed if a is not None) or "none")
    return value


def _row(data: Any, players: int, where: str) -> DealSummary:
    if not isinstance(data, dict):
        raise _bad(where, "expected_object")
    seats = (None, *range(players))
    dealer = _choice(data.get("dealer"), tuple(range(players)), f"{where}.dealer")
    scores = _scores(data.get("scores"), players, f"{where}.scores")
    cancelled = _choice(data.get("cancelled"), (None, *_CANCELLED), f"{where}.cancelled")
    taker = _choice(data.get("taker"), seats, f"{where}.taker")
    if (cancelled is None) == (taker is None):
        raise _bad(f"{where}.taker", "ledger_taker")
    made = data.get("made", False)
    slam_announced = data.get("slam_announced", False)
    for name, flag in (("made", made), ("slam_announced", slam_announced)):
        if not isinstance(flag, bool):
            raise _bad(f"{where}.{name}", "expected_true_or_false", got=repr(flag)[:20])
    return DealSummary(
        dealer, scores, cancelled, taker,
        _choice(data.get("partner"), seats, f"{where}.partner"),
        _choice(data.get("contract"), (None,) if taker is None else _CONTRACTS,
                f"{where}.contract"),
        made, _count(data.get("margin", 0), f"{where}.margin"),
        _choice(data.get("slam"), (None, *_SLAMS), f"{where}.slam"), slam_announced,
        _count(data.get("handfuls", 0), f"{where}.handfuls"),
        _count(data.get("miseres", 0), f"{where}.miseres"),
        _choice(data.get("petit_au_bout"), (None,) if taker is None else (None, *_CAMPS),
                f"{where}.petit_au_bout"))


__all__ = ["ROWS_KEPT", "DealSummary", "Earlier", "LedgerError"]
