"""The figures of a duplicate run: the mean difference with its confidence interval, and each
bot's scores, take and success rates and decision times."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from engine.ai.arena.duplicate import KINDS, MAX_FAULTS_KEPT, DealRecord


@dataclass(frozen=True)
class Timing:
    """Decision times of one kind, in milliseconds."""

    decisions: int
    median_ms: float
    p95_ms: float
    max_ms: float


@dataclass(frozen=True)
class BotSummary:
    """One bot's figures over the tables where it held the hero seat."""

    name: str
    tables: int
    mean_score: float
    biddable: int  # tables not cancelled before the bidding (petit sec)
    passed_out: int  # tables where every seat passed
    takes: int
    made: int
    take_rate: float | None
    made_rate: float | None
    decisions: int
    median_ms: float | None
    p95_ms: float | None
    max_ms: float | None
    illegal: int
    errors: int
    #: takes and contracts made per contract (``{"garde": (takes, made)}``)
    contracts: dict[str, tuple[int, int]]
    #: decision times per kind of decision (:data:`engine.ai.arena.duplicate.KINDS`)
    by_kind: dict[str, Timing]


@dataclass(frozen=True)
class Summary:
    """The figures of one player count."""

    players: int
    deals: int
    samples: int
    petit_sec: int
    mean_difference: float  # A's mean score per deal minus B's
    sd: float | None  # standard deviation of the per-deal differences
    ci_low: float | None  # 95% confidence interval of the mean difference
    ci_high: float | None
    a: BotSummary
    b: BotSummary
    field_name: str
    field_illegal: int
    field_errors: int
    faults: tuple[str, ...]

    @property
    def verdict(self) -> str:
        if self.ci_low is None or self.ci_high is None:
            return "too few deals for an interval"
        if self.ci_low > 0:
            return "A is better"
        if self.ci_high < 0:
            return "B is better"
        return "no clear difference"


def _percentile(ordered: Sequence[float], fraction: float) -> float:
    """Nearest-rank percentile of an ascending, non-empty list."""
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


def _bot_summary(name: str, side: str, records: Sequence[DealRecord]) -> BotSummary:
    tables = [getattr(s, side) for r in records for s in r.seats]
    biddable = [t for t in tables if t.cancelled != "petit_sec"]
    takes = [t for t in biddable if t.took]
    made = sum(1 for t in takes if t.made)
    times = sorted(1000 * t for r in records for t in r.times[side])
    contracts: dict[str, tuple[int, int]] = {}
    for t in takes:
        assert t.contract is not None
        took, won = contracts.get(t.contract, (0, 0))
        contracts[t.contract] = (took + 1, won + bool(t.made))
    per_kind: dict[str, list[float]] = {}
    for r in records:
        for kind, seconds in zip(r.kinds[side], r.times[side], strict=True):
            per_kind.setdefault(kind, []).append(1000 * seconds)
    by_kind = {}
    for kind in sorted(per_kind, key=lambda k: KINDS.index(k) if k in KINDS else len(KINDS)):
        ordered = sorted(per_kind[kind])
        by_kind[kind] = Timing(len(ordered), statistics.median(ordered),
                               _percentile(ordered, 0.95), ordered[-1])
    return BotSummary(
        name=name,
        tables=len(tables),
        mean_score=sum(t.score for t in tables) / len(tables) if tables else 0.0,
        biddable=len(biddable),
        passed_out=sum(1 for t in biddable if t.cancelled == "all_passed"),
        takes=len(takes),
        made=made,
        take_rate=len(takes) / len(biddable) if biddable else None,
        made_rate=made / len(takes) if takes else None,
        decisions=len(times),
        median_ms=statistics.median(times) if times else None,
        p95_ms=_percentile(times, 0.95) if times else None,
        max_ms=times[-1] if times else None,
        illegal=sum(r.illegal[side] for r in records),
        errors=sum(r.errors[side] for r in records),
        contracts=contracts,
        by_kind=by_kind,
    )


def summarise(records: Sequence[DealRecord], a: str = "A", b: str = "B",
              field: str | None = None) -> Summary:
    """The figures of the records of one player count (in any order: they are sorted)."""
    if not records:
        raise ValueError("no deals to summarise")
    ordered = sorted(records, key=lambda r: r.number)
    counts = {r.players for r in ordered}
    if len(counts) != 1:
        raise ValueError(f"records of several player counts: {sorted(counts)}")
    players = counts.pop()
    differences = [r.difference for r in ordered]
    n = len(differences)
    mean = sum(sum(s.difference for s in r.seats) for r in ordered) / (n * players)
    sd: float | None = None
    low = high = None
    if n >= 2:
        sd = statistics.stdev(differences)
        half = 1.96 * sd / math.sqrt(n)
        low, high = mean - half, mean + half
    faults = tuple(f for r in ordered for f in r.faults)[:MAX_FAULTS_KEPT]
    return Summary(
        players=players,
        deals=n,
        samples=sum(len(r.seats) for r in ordered),
        petit_sec=sum(1 for r in ordered if r.petit_sec),
        mean_difference=mean,
        sd=sd,
        ci_low=low,
        ci_high=high,
        a=_bot_summary(a, "a", ordered),
        b=_bot_summary(b, "b", ordered),
        field_name=field or b,
        field_illegal=sum(r.illegal["field"] for r in ordered),
        field_errors=sum(r.errors["field"] for r in ordered),
        faults=faults,
    )


def summary_to_dict(summary: Summary) -> dict[str, Any]:
    data = asdict(summary)
    data["verdict"] = summary.verdict
    return data


_CONTRACT_ORDER = {"petite": 0, "garde": 1, "garde_sans": 2, "garde_contre": 3}


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def _ms(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def _takes(bot: BotSummary, contract: str) -> str:
    took, won = bot.contracts.get(contract, (0, 0))
    return f"{took} ({won} made)" if took else "0"


def _timing(bot: BotSummary, kind: str) -> str:
    t = bot.by_kind.get(kind)
    if t is None:
        return "-"
    return f"{t.decisions}: {_short(t.median_ms)}/{_short(t.p95_ms)}/{_short(t.max_ms)}"


def _short(ms: float) -> str:
    return f"{ms:.2f}" if ms < 10 else f"{ms:.1f}" if ms < 100 else f"{ms:.0f}"


def format_summary(summary: Summary, detail: bool = False) -> str:
    """The figures of one player count as a few lines of text; with ``detail``, the takes per
    contract and the decision times per kind of decision as well."""
    s, a, b = summary, summary.a, summary.b
    lines = [f"{s.players} players: {s.deals} duplicate deals, {s.samples} samples"
             + (f" ({s.petit_sec} cancelled by a petit sec)" if s.petit_sec else "")]
    if s.ci_low is not None and s.ci_high is not None and s.sd is not None:
        lines.append(f"  A - B: {s.mean_difference:+.1f} points per deal, 95% CI "
                     f"[{s.ci_low:+.1f}, {s.ci_high:+.1f}] (sd {s.sd:.1f}): {s.verdict}")
    else:
        lines.append(f"  A - B: {s.mean_difference:+.1f} points per deal ({s.verdict})")
    width = max(12, len(a.name) + 3, len(b.name) + 3)
    rows: list[tuple[str, str, str]] = [
        ("", f"A {a.name}", f"B {b.name}"),
        ("mean score per seat", f"{a.mean_score:+.1f}", f"{b.mean_score:+.1f}"),
        ("take rate", _pct(a.take_rate), _pct(b.take_rate)),
        ("takes / hands bid", f"{a.takes}/{a.biddable}", f"{b.takes}/{b.biddable}"),
        ("tables passed out", f"{a.passed_out}/{a.biddable}", f"{b.passed_out}/{b.biddable}"),
        ("contracts made", _pct(a.made_rate), _pct(b.made_rate)),
        ("decisions", str(a.decisions), str(b.decisions)),
        ("decision ms, median", _ms(a.median_ms), _ms(b.median_ms)),
        ("decision ms, 95th pct", _ms(a.p95_ms), _ms(b.p95_ms)),
        ("decision ms, max", _ms(a.max_ms), _ms(b.max_ms)),
        ("illegal actions", str(a.illegal), str(b.illegal)),
    ]
    if a.errors or b.errors:
        rows.append(("bot errors", str(a.errors), str(b.errors)))
    if detail:
        taken = set(a.contracts) | set(b.contracts)
        for contract in sorted(taken, key=lambda c: _CONTRACT_ORDER.get(c, 9)):
            rows.append((f"takes: {contract}", _takes(a, contract), _takes(b, contract)))
        for kind in KINDS:
            if kind in a.by_kind or kind in b.by_kind:
                rows.append((f"ms {kind} (n: med/p95/max)", _timing(a, kind), _timing(b, kind)))
        width = max(width, *(len(left) + 2 for _, left, _ in rows),
                    *(len(right) + 2 for _, _, right in rows))
    label_width = max(22, *(len(label) + 2 for label, _, _ in rows))
    for label, left, right in rows:
        lines.append(f"  {label:<{label_width}}{left:>{width}}{right:>{width}}")
    lines.append(f"  field ({s.field_name}): {s.field_illegal} illegal actions"
                 + (f", {s.field_errors} errors" if s.field_errors else ""))
    if s.faults:
        lines.append("  faults (a random legal action was played instead):")
        lines.extend(f"    {fault}" for fault in s.faults)
    return "\n".join(lines)
