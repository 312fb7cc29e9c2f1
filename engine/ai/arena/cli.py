"""The arena's command line: ``python -m engine.ai.arena A B [options]``."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path

from engine.ai.arena.bots import (
    BotSpecError,
    canonical_spec,
    check_bot,
    display_name,
    takes_budget,
)
from engine.ai.arena.duplicate import ArenaConfig, DealRecord
from engine.ai.arena.stats import Summary, format_summary, summarise, summary_to_dict
from engine.ai.arena.workers import load_records, play_duplicate, run_key, save_record
from engine.ai.registry import BOTS
from engine.commandline import (
    JOBS,
    Parser,
    cannot_write,
    command,
    decimal,
    player_count,
    seed_number,
    whole,
)
from engine.rules import RulesError, load_rules

PROG = "python -m engine.ai.arena"
#: Duplicate deals per player count: a million is weeks of the expert.
DEALS = (1, 1_000_000)
#: Thinking time per decision, in seconds.
BUDGET = (0.0, 600.0)


def _parser() -> argparse.ArgumentParser:
    known = ", ".join(sorted(BOTS))
    parser = Parser(
        prog=PROG,
        description="Duplicate matches between two bots: every deal is played with A then B "
                    "in each seat, the other seats held by the same field bot, so luck "
                    "cancels out.",
        epilog=f"Bots: {known}, or module:factory (mybots.py:make, package.module:Factory), "
               "each optionally followed by ,key=value options for its factory "
               "(expert,budget=3). "
               "Exit status 0; 1 when a bot answered illegally or raised; 2 for bad options.",
    )
    parser.add_argument("a", metavar="A", help="the bot under test")
    parser.add_argument("b", metavar="B", help="the bot it is compared with")
    parser.add_argument("--field", metavar="NAME", default=None,
                        help="the bot in every other seat (default: B)")
    parser.add_argument("--players", type=player_count, nargs="+", default=[4],
                        metavar="N", help="player counts: 3, 4 or 5 (default: 4)")
    parser.add_argument("--deals", type=whole(*DEALS), default=100, metavar="N",
                        help="duplicate deals per player count (default: 100)")
    parser.add_argument("--seed", type=seed_number, default=1, help="the run's seed (default: 1)")
    parser.add_argument("--budget", type=decimal(*BUDGET, above=True), default=None,
                        metavar="SECONDS",
                        help="thinking time per decision, for bots whose factory takes budget")
    parser.add_argument("--jobs", type=whole(*JOBS), default=1, metavar="N",
                        help="worker processes (default: 1); results do not depend on it")
    parser.add_argument("--variant", default="fft", help="rules variant (default: fft)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--detail", action="store_true",
                        help="also print the takes per contract and the decision times per "
                             "kind of decision")
    parser.add_argument("--records", metavar="FILE", type=Path, default=None,
                        help="keep every deal's record in FILE as it is played, and skip the "
                             "deals of the same run already there (to resume a long run)")
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
        if takes_budget(spec):
            yield spec


class RecordsError(Exception):
    """The ``--records`` file cannot be written; the message names it and says why."""


@command(PROG)
def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
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
    config = ArenaConfig(canonical_spec(args.a), canonical_spec(args.b),
                         canonical_spec(field_spec), args.seed, args.budget, args.variant)
    key = run_key(config)
    try:
        kept = load_records(args.records, key) if args.records is not None else []
    except (OSError, UnicodeDecodeError) as exc:
        parser.error(f"--records {args.records}: {getattr(exc, 'strerror', None) or exc}")
    on_record = None
    if args.records is not None:
        path: Path = args.records

        def on_record(record: DealRecord) -> None:
            try:
                save_record(path, key, record)
            except OSError as exc:
                raise RecordsError(cannot_write(PROG, path, exc)) from None

    for count in players_list:
        try:
            records = play_duplicate(
                args.a, args.b, players=count, deals=args.deals, seed=args.seed,
                field=args.field, budget=args.budget, jobs=args.jobs, variant=args.variant,
                progress=None if args.json else _progress(count), done=kept,
                on_record=on_record,
            )
        except RecordsError as exc:
            print(exc, file=sys.stderr)
            return 1
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
            print(format_summary(summary, detail=args.detail))
    return 1 if faulty else 0
