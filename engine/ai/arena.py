"""``python -m engine.ai.arena A B``: duplicate matches between two bots.

Every deal is dealt once from a seed and then played several times with the very same cards.
For each seat ``s`` it is played once with bot A in seat ``s`` and once with bot B there, every
other seat being held by the same third bot, the *field* (B by default). The difference between
A's and B's scores in seat ``s`` is one sample; a deal's difference is the average of its
seats' samples, so the luck of the cards cancels out and a few hundred deals tell two bots
apart.

* every decision is asked through the seat's view only (:func:`engine.views.view_for`) and
  checked by the engine (:meth:`engine.deal.Deal.execute`); an illegal answer (or a bot that
  raises) is a bug: it is counted and reported, and a random legal action is played instead;
* every bot is built afresh for each table with a seed derived from (seed, player count,
  deal, seat, hero seat), and both tables of a hero seat use the same seeds, so a run is
  reproducible and A against A gives exactly 0 on every deal;
* deals are independent, so ``--jobs N`` plays them in N processes with the same results;
* bots are registry names (:data:`engine.ai.registry.BOTS`) or ``module:factory`` paths
  (``mybots.py:make``, ``package.module:Factory``); a factory is called with the seed, and
  with ``budget=SECONDS`` when it accepts a ``budget`` keyword and ``--budget`` is given.

The core is importable: :func:`play_duplicate` plays the deals of one player count and
:func:`summarise` turns them into the figures that :func:`format_summary` prints.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import importlib
import importlib.util
import inspect
import json
import math
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, cast

from engine.actions import (
    Action,
    AnnounceMisere,
    Bid,
    Call,
    DecideSlam,
    Discard,
    Play,
    ShowHandful,
)
from engine.ai.base import Bot
from engine.ai.registry import BOTS, MEASUREMENT_BOTS
from engine.commands import deal_cards
from engine.deal import Deal
from engine.events import DealDealt
from engine.legal import IllegalAction
from engine.randomplay import random_action
from engine.rules import Rules, RulesError, load_rules
from engine.state import DealState
from engine.views import view_for

ACTION_TYPES = (Bid, Call, Discard, DecideSlam, ShowHandful, AnnounceMisere, Play)
#: Answers after which the same seat decides again (a discard may be remade until the first
#: card); more of these in a row by one seat than this is treated as a bot stuck in a loop.
STALLS = (Discard, ShowHandful, AnnounceMisere)
MAX_STALLS = 5
#: Roles at a table: the bot under test in the hero seat (A or B) and the field elsewhere.
ROLES = ("a", "b", "field")
MAX_FAULTS_KEPT = 20


# --- bots by name -----------------------------------------------------------------------------


class BotSpecError(ValueError):
    """A bot name that cannot be turned into a bot; the message says why."""


Factory = Callable[..., Any]
_factories: dict[str, Factory] = {}


def _load_module(spec: str, where: str) -> Any:
    if where.endswith(".py") or "/" in where or "\\" in where:
        path = Path(where).expanduser()
        if not path.is_file():
            raise BotSpecError(f"bot {spec!r}: no such file {where!r}")
        path = path.resolve()
        digest = hashlib.sha1(str(path).encode()).hexdigest()[:10]
        name = f"_arena_bot_{path.stem}_{digest}"
        if name in sys.modules:
            return sys.modules[name]
        module_spec = importlib.util.spec_from_file_location(name, path)
        if module_spec is None or module_spec.loader is None:
            raise BotSpecError(f"bot {spec!r}: cannot load {where!r} as a Python module")
        module = importlib.util.module_from_spec(module_spec)
        sys.modules[name] = module
        try:
            module_spec.loader.exec_module(module)
        except Exception as exc:
            del sys.modules[name]
            raise BotSpecError(f"bot {spec!r}: {where} fails to load: "
                               f"{type(exc).__name__}: {exc}") from exc
        return module
    try:
        return importlib.import_module(where)
    except ImportError as exc:
        raise BotSpecError(f"bot {spec!r}: cannot import {where!r} ({exc})") from exc
    except Exception as exc:
        raise BotSpecError(f"bot {spec!r}: {where} fails to load: "
                           f"{type(exc).__name__}: {exc}") from exc


def resolve_factory(spec: str) -> Factory:
    """The factory a bot name stands for: a registry name, or ``module:factory`` where the
    module is a ``.py`` file or a dotted module name and ``factory`` is a callable in it (a
    class or a function; dotted attributes are followed). Raises :class:`BotSpecError`."""
    cached = _factories.get(spec)
    if cached is not None:
        return cached
    if spec in BOTS:
        factory: Factory = BOTS[spec]
    elif spec in MEASUREMENT_BOTS:
        factory = MEASUREMENT_BOTS[spec]
    elif ":" in spec:
        where, _, attribute = spec.rpartition(":")
        if not where or not attribute:
            raise BotSpecError(f"bot {spec!r}: expected module:factory")
        target: Any = _load_module(spec, where)
        for part in attribute.split("."):
            try:
                target = getattr(target, part)
            except AttributeError:
                raise BotSpecError(f"bot {spec!r}: {where} has no attribute {part!r}") from None
        if not callable(target):
            raise BotSpecError(f"bot {spec!r}: {attribute} is not callable")
        factory = target
    else:
        known = ", ".join(sorted(BOTS))
        raise BotSpecError(f"unknown bot {spec!r} (known bots: {known}; or give a "
                           "module:factory path such as mybots.py:make)")
    _factories[spec] = factory
    return factory


def _parameters(factory: Factory) -> list[inspect.Parameter] | None:
    try:
        return list(inspect.signature(factory).parameters.values())
    except (TypeError, ValueError):
        return None  # no signature to read (some built-ins): assume the plain form


def accepts_budget(factory: Factory) -> bool:
    """Whether ``factory`` takes a ``budget`` keyword (by name, or through ``**kwargs``)."""
    parameters = _parameters(factory) or []
    return any(
        (p.name == "budget" and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY))
        or p.kind is p.VAR_KEYWORD
        for p in parameters
    )


def _takes_seed(factory: Factory) -> bool:
    parameters = _parameters(factory)
    if parameters is None:
        return True
    return any(p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD, p.VAR_POSITIONAL)
               for p in parameters)


class TrueDeal:
    """What a measurement bot (the omniscient expert) is handed: the deal being played.

    The arena sets ``deal`` before play starts; such a bot reads the true state through
    :meth:`state`, which no player-facing bot ever gets."""

    def __init__(self) -> None:
        self.deal: Deal | None = None

    def state(self) -> DealState:
        if self.deal is None:
            raise RuntimeError("no deal on the table yet")
        return self.deal.state


def build_bot(spec: str, seed: int, budget: float | None = None,
              table: TrueDeal | None = None) -> Bot:
    """A new bot for ``spec`` seeded with ``seed``; ``budget`` (seconds per decision) is passed
    as a keyword to factories that accept it and ignored by the others. Measurement bots
    (:data:`engine.ai.registry.MEASUREMENT_BOTS`) also get the ``table`` they play at."""
    factory = resolve_factory(spec)
    kwargs: dict[str, Any] = {}
    if budget is not None and accepts_budget(factory):
        kwargs["budget"] = budget
    args: tuple[Any, ...] = (seed,) if _takes_seed(factory) else ()
    if spec in MEASUREMENT_BOTS:
        args = (seed, (table or TrueDeal()).state)
    try:
        bot = factory(*args, **kwargs)
    except Exception as exc:
        raise BotSpecError(f"bot {spec!r}: the factory failed: "
                           f"{type(exc).__name__}: {exc}") from exc
    if not callable(getattr(bot, "decide", None)):
        raise BotSpecError(f"bot {spec!r}: the factory returned {type(bot).__name__}, "
                           "which has no decide(view) method")
    return cast(Bot, bot)


def check_bot(spec: str, budget: float | None = None) -> None:
    """Raise :class:`BotSpecError` unless ``spec`` builds a bot."""
    build_bot(spec, 0, budget)


def display_name(spec: str) -> str:
    """A short name for ``spec``: the registry name, or the ``name`` of the bot it builds."""
    if spec in BOTS or spec in MEASUREMENT_BOTS:
        return spec
    name = getattr(build_bot(spec, 0), "name", None)
    return name if isinstance(name, str) and name else spec.rpartition(":")[2]


def canonical_spec(spec: str) -> str:
    """``spec`` with a file path made absolute, so worker processes find the same file."""
    if spec in BOTS or ":" not in spec:
        return spec
    where, _, attribute = spec.rpartition(":")
    if where.endswith(".py") or "/" in where or "\\" in where:
        path = Path(where).expanduser()
        if path.is_file():
            return f"{path.resolve()}:{attribute}"
    return spec


# --- seeds ------------------------------------------------------------------------------------


def _derive(*parts: object) -> random.Random:
    return random.Random(":".join(["tarot-arena", *map(str, parts)]))


def deal_seed(seed: int, players: int, number: int) -> int:
    """The shuffle seed of duplicate deal ``number`` for ``players`` players."""
    return _derive(seed, players, number, "deal").getrandbits(62)


def bot_seed(seed: int, players: int, number: int, seat: int, hero: int) -> int:
    """The seed of the bot in ``seat`` while the bots under test sit in seat ``hero``; the
    same for A's table and B's table of that hero seat."""
    return _derive(seed, players, number, seat, hero, "bot").getrandbits(32)


# --- playing ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ArenaConfig:
    """What a worker process needs to play any deal of a run (plain, picklable data)."""

    a: str
    b: str
    field: str
    seed: int = 0
    budget: float | None = None
    variant: str = "fft"


@dataclass(frozen=True)
class TableResult:
    """One table seen from the hero seat."""

    score: int
    took: bool  # the hero seat was the taker
    made: bool | None  # the contract was made (None unless the hero took and it was played)
    contract: str | None
    cancelled: str | None  # "all_passed", "petit_sec" or None


@dataclass(frozen=True)
class SeatResult:
    """The two tables of one hero seat: A there, then B there."""

    seat: int
    a: TableResult
    b: TableResult

    @property
    def difference(self) -> int:
        return self.a.score - self.b.score


def _per_role_list() -> dict[str, list[float]]:
    return {role: [] for role in ROLES}


def _per_role_count() -> dict[str, int]:
    return dict.fromkeys(ROLES, 0)


@dataclass
class DealRecord:
    """One duplicate deal: every hero seat, decision times (seconds) and faults per role."""

    players: int
    number: int
    deal_seed: int
    dealer: int
    petit_sec: bool
    seats: tuple[SeatResult, ...]
    times: dict[str, list[float]] = dataclasses.field(default_factory=_per_role_list)
    illegal: dict[str, int] = dataclasses.field(default_factory=_per_role_count)
    errors: dict[str, int] = dataclasses.field(default_factory=_per_role_count)
    faults: list[str] = dataclasses.field(default_factory=list)

    @property
    def difference(self) -> float:
        """A's score minus B's, averaged over the seats."""
        return sum(s.difference for s in self.seats) / self.players

    def outcome(self) -> tuple[object, ...]:
        """Everything but the timings: equal for equal runs, whatever the number of jobs."""
        return (self.players, self.number, self.deal_seed, self.dealer, self.petit_sec,
                self.seats, self.illegal, self.errors, tuple(self.faults))


def _fault(record: DealRecord, role: str, kind: str, message: str) -> None:
    (record.illegal if kind == "illegal" else record.errors)[role] += 1
    if len(record.faults) < MAX_FAULTS_KEPT:
        record.faults.append(message)


def play_table(rules: Rules, dealt: DealDealt, bots: Sequence[Bot], roles: Sequence[str],
               fallback: random.Random, record: DealRecord, where: str,
               table: TrueDeal | None = None) -> Deal:
    """Play one deal with ``bots`` (one per seat) through the seat views; illegal answers are
    counted in ``record`` under the seat's role and replaced by a random legal action."""
    deal = Deal.from_dealt(rules, dealt)
    if table is not None:
        table.deal = deal
    stalls = 0  # discards and declarations in a row by the seat to decide
    previous: int | None = None
    while not deal.is_over:
        state = deal.state
        seat = state.turn
        assert seat is not None
        if seat != previous:
            stalls = 0
        previous = seat
        role = roles[seat]
        context = f"{where}, seat {seat} ({role}, {state.phase.value})"
        view = view_for(state, seat)
        chosen: Action | None = None
        start = time.perf_counter()
        try:
            answer: object = bots[seat].decide(view)
        except Exception as exc:
            record.times[role].append(time.perf_counter() - start)
            _fault(record, role, "error", f"{context}: raised {type(exc).__name__}: {exc}")
        else:
            record.times[role].append(time.perf_counter() - start)
            if not isinstance(answer, ACTION_TYPES):
                _fault(record, role, "illegal", f"{context}: not an action: {answer!r}")
            elif isinstance(answer, STALLS) and stalls >= MAX_STALLS:
                _fault(record, role, "illegal",
                       f"{context}: {answer} again, without moving the deal on")
            else:
                try:
                    deal.execute(seat, answer)
                    chosen = answer
                except IllegalAction as exc:
                    _fault(record, role, "illegal", f"{context}: {answer}: {exc}")
        if chosen is None:
            chosen = random_action(deal.state, fallback, slam_rate=0.0)
            deal.execute(seat, chosen)
        stalls = stalls + 1 if isinstance(chosen, STALLS) else 0
    return deal


def _table_result(deal: Deal, hero: int) -> TableResult:
    state = deal.state
    scores = deal.scores
    took = state.taker == hero
    result = deal.result if took else None
    return TableResult(
        score=scores[hero] if scores is not None else 0,
        took=took,
        made=result.made if result is not None else None,
        contract=state.contract.name if state.contract is not None else None,
        cancelled=state.cancelled,
    )


def play_duplicate_deal(config: ArenaConfig, players: int, number: int,
                        rules: Rules | None = None) -> DealRecord:
    """Play duplicate deal ``number``: for every seat, once with A there and once with B."""
    rules = rules if rules is not None else load_rules(variant=config.variant)
    dealer = number % players
    shuffle = deal_seed(config.seed, players, number)
    dealt = deal_cards(rules, players, dealer, shuffle)
    record = DealRecord(players, number, shuffle, dealer, False, ())
    seats: list[SeatResult] = []
    for hero in range(players):
        seeds = [bot_seed(config.seed, players, number, seat, hero) for seat in range(players)]
        tables: list[TableResult] = []
        for side, spec in (("a", config.a), ("b", config.b)):
            roles = [side if seat == hero else "field" for seat in range(players)]
            table = TrueDeal()
            bots = [build_bot(spec if seat == hero else config.field, seeds[seat],
                              config.budget, table) for seat in range(players)]
            fallback = _derive(config.seed, players, number, hero, "fallback")
            where = f"{players} players, deal {number}, {side.upper()} in seat {hero}"
            deal = play_table(rules, dealt, bots, roles, fallback, record, where, table)
            tables.append(_table_result(deal, hero))
            record.petit_sec = deal.state.cancelled == "petit_sec"
        seats.append(SeatResult(hero, tables[0], tables[1]))
    record.seats = tuple(seats)
    return record


_worker_config: ArenaConfig | None = None


def _init_worker(config: ArenaConfig) -> None:
    global _worker_config
    _worker_config = config


def _worker_play(task: tuple[int, int]) -> DealRecord:
    assert _worker_config is not None
    players, number = task
    return play_duplicate_deal(_worker_config, players, number)


def play_duplicate(a: str, b: str, *, players: int = 4, deals: int = 100, seed: int = 0,
                   field: str | None = None, budget: float | None = None, jobs: int = 1,
                   variant: str = "fft",
                   progress: Callable[[int, int], None] | None = None) -> list[DealRecord]:
    """Play ``deals`` duplicate deals of ``players`` players between bots ``a`` and ``b``, the
    other seats held by ``field`` (default: ``b``), in ``jobs`` processes. The records come in
    deal order and do not depend on ``jobs``. Raises :class:`BotSpecError` for a bad bot
    name and :class:`engine.rules.RulesError` for a bad variant or player count."""
    rules = load_rules(variant=variant)
    rules.setup(players)
    config = ArenaConfig(canonical_spec(a), canonical_spec(b), canonical_spec(field or b),
                         seed, budget, variant)
    for spec in dict.fromkeys((config.a, config.b, config.field)):
        check_bot(spec, budget)
    records: list[DealRecord] = []
    tasks = [(players, number) for number in range(deals)]
    if jobs <= 1 or deals <= 1:
        for _, number in tasks:
            records.append(play_duplicate_deal(config, players, number, rules))
            if progress is not None:
                progress(len(records), deals)
        return records
    chunk = max(1, min(8, deals // (jobs * 8)))
    with multiprocessing.get_context().Pool(jobs, _init_worker, (config,)) as pool:
        for record in pool.imap(_worker_play, tasks, chunksize=chunk):
            records.append(record)
            if progress is not None:
                progress(len(records), deals)
    return records


# --- the figures --------------------------------------------------------------------------------


@dataclass(frozen=True)
class BotSummary:
    """One bot's figures over the tables where it held the hero seat."""

    name: str
    tables: int
    mean_score: float
    biddable: int  # tables not cancelled before the bidding (petit sec)
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
    field_decisions: int
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
    return BotSummary(
        name=name,
        tables=len(tables),
        mean_score=sum(t.score for t in tables) / len(tables) if tables else 0.0,
        biddable=len(biddable),
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
        field_decisions=sum(len(r.times["field"]) for r in ordered),
        field_illegal=sum(r.illegal["field"] for r in ordered),
        field_errors=sum(r.errors["field"] for r in ordered),
        faults=faults,
    )


def summary_to_dict(summary: Summary) -> dict[str, Any]:
    data = asdict(summary)
    data["verdict"] = summary.verdict
    return data


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def _ms(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def format_summary(summary: Summary) -> str:
    """The figures of one player count as a few lines of text."""
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
        ("contracts made", _pct(a.made_rate), _pct(b.made_rate)),
        ("decisions", str(a.decisions), str(b.decisions)),
        ("decision ms, median", _ms(a.median_ms), _ms(b.median_ms)),
        ("decision ms, 95th pct", _ms(a.p95_ms), _ms(b.p95_ms)),
        ("decision ms, max", _ms(a.max_ms), _ms(b.max_ms)),
        ("illegal actions", str(a.illegal), str(b.illegal)),
    ]
    if a.errors or b.errors:
        rows.append(("bot errors", str(a.errors), str(b.errors)))
    for label, left, right in rows:
        lines.append(f"  {label:<22}{left:>{width}}{right:>{width}}")
    lines.append(f"  field ({s.field_name}): {s.field_illegal} illegal actions"
                 + (f", {s.field_errors} errors" if s.field_errors else ""))
    if s.faults:
        lines.append("  faults (a random legal action was played instead):")
        lines.extend(f"    {fault}" for fault in s.faults)
    return "\n".join(lines)


# --- the command line ---------------------------------------------------------------------------


def _parser() -> argparse.ArgumentParser:
    known = ", ".join(sorted(BOTS))
    parser = argparse.ArgumentParser(
        prog="python -m engine.ai.arena",
        description="Duplicate matches between two bots: every deal is played with A then B "
                    "in each seat, the other seats held by the same field bot, so luck "
                    "cancels out.",
        epilog=f"Bots: {known}, or module:factory (mybots.py:make, package.module:Factory). "
               "Exit status 0; 1 when a bot answered illegally or raised; 2 for bad options.",
    )
    parser.add_argument("a", metavar="A", help="the bot under test")
    parser.add_argument("b", metavar="B", help="the bot it is compared with")
    parser.add_argument("--field", metavar="NAME", default=None,
                        help="the bot in every other seat (default: B)")
    parser.add_argument("--players", type=int, nargs="+", default=[4], choices=(3, 4, 5),
                        metavar="N", help="player counts (default: 4)")
    parser.add_argument("--deals", type=int, default=100, metavar="N",
                        help="duplicate deals per player count (default: 100)")
    parser.add_argument("--seed", type=int, default=1, help="the run's seed (default: 1)")
    parser.add_argument("--budget", type=float, default=None, metavar="SECONDS",
                        help="thinking time per decision, for bots whose factory takes budget")
    parser.add_argument("--jobs", type=int, default=1, metavar="N",
                        help="worker processes (default: 1); results do not depend on it")
    parser.add_argument("--variant", default="fft", help="rules variant (default: fft)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def _progress(players: int) -> Callable[[int, int], None] | None:
    if not sys.stderr.isatty():
        return None

    def show(done: int, total: int) -> None:
        end = "\n" if done == total else ""
        print(f"\r{players} players: {done}/{total} deals", end=end, file=sys.stderr,
              flush=True)

    return show


def _budget_takers(specs: Iterable[str]) -> Iterator[str]:
    for spec in dict.fromkeys(specs):
        if accepts_budget(resolve_factory(spec)):
            yield spec


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    if args.budget is not None and args.budget <= 0:
        parser.error("--budget must be positive")
    field_spec = args.field or args.b
    try:
        load_rules(variant=args.variant)
        for spec in dict.fromkeys((args.a, args.b, field_spec)):
            check_bot(spec, args.budget)
    except (BotSpecError, RulesError) as exc:
        parser.error(str(exc))
    budget_takers = list(_budget_takers(canonical_spec(s) for s in (args.a, args.b, field_spec)))
    players_list = list(dict.fromkeys(args.players))
    summaries: list[Summary] = []
    for players in players_list:
        records = play_duplicate(
            args.a, args.b, players=players, deals=args.deals, seed=args.seed,
            field=args.field, budget=args.budget, jobs=args.jobs, variant=args.variant,
            progress=None if args.json else _progress(players),
        )
        summaries.append(summarise(records, display_name(args.a), display_name(args.b),
                                   display_name(field_spec)))
    faulty = any(s.a.illegal + s.b.illegal + s.field_illegal
                 + s.a.errors + s.b.errors + s.field_errors for s in summaries)
    if args.json:
        print(json.dumps({
            "a": args.a, "b": args.b, "field": field_spec, "seed": args.seed,
            "deals": args.deals, "budget": args.budget, "budget_given_to": budget_takers,
            "variant": args.variant, "jobs": args.jobs,
            "results": [summary_to_dict(s) for s in summaries],
        }, indent=2))
    else:
        budget = "no budget" if args.budget is None else (
            f"budget {args.budget:g} s per decision (taken by: "
            f"{', '.join(budget_takers) or 'none of these bots'})")
        print(f"A = {args.a}, B = {args.b}, field = {field_spec}; seed {args.seed}, "
              f"rules {args.variant}, {budget}")
        for summary in summaries:
            print()
            print(format_summary(summary))
    return 1 if faulty else 0


if __name__ == "__main__":
    raise SystemExit(main())
