"""The ``python -m engine`` command line.

* ``score FILE`` (or ``-`` for standard input) checks and scores a deal record
  (DEAL_RECORD.md): one JSON object on standard output and exit status 0, or exactly one line
  on standard error and exit status 2 for a record (or file) that cannot be scored;
* ``bench ...`` runs the deal-rate benchmark (:mod:`engine.bench`) with the remaining arguments;
* ``review FILE --seat N ...`` judges one seat's decisions in a deal, with how sure each
  verdict is (:mod:`engine.ai.review_command`).

A usage error is one line with exit status 2; standard output that cannot be written is one
line with exit status 1 (:mod:`engine.commandline`).
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Sequence

from engine.commandline import Parser, command
from engine.inputs import InputError, read_stream, read_text
from engine.record import RecordError, score_record
from engine.rules import RulesError, load_rules

EXIT_OK = 0
EXIT_INTERNAL = 1
EXIT_BAD_INPUT = 2
PROG = "python -m engine"


def _parser() -> argparse.ArgumentParser:
    parser = Parser(prog=PROG, description="French Tarot rules engine tools.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    score = commands.add_parser(
        "score", help="check and score a deal record",
        description="Replay a deal record through the rules and print the outcome as JSON.",
    )
    score.add_argument("file", metavar="FILE", help="the record (YAML), or - for standard input")
    score.add_argument("--rules", metavar="PATH", default=None,
                       help="a rules.yaml to use instead of the bundled one")
    score.add_argument("--variant", default="fft",
                       help="a variant of the rules file to start from (default: fft)")
    commands.add_parser("bench", help="random legal deals per second (see bench --help)",
                        add_help=False)
    commands.add_parser("review", help="judge one seat's decisions in a deal (see review --help)",
                        add_help=False)
    return parser


def _one_line(message: str) -> str:
    return " ".join(message.split())


def read_record_text(path: str) -> str:
    """The record's text from a file, or from standard input when ``path`` is ``-`` — on the
    guarded path, so an endless or huge input is refused, never read to its end."""
    try:
        if path == "-":
            stream = getattr(sys.stdin, "buffer", None) or sys.stdin
            return read_stream(stream, "standard input", "record")
        return read_text(path, "record")
    except InputError as exc:
        raise RecordError.of("as_said", text=str(exc).replace(
            "is a folder, not a file", "is a folder, not a record file")) from None


def score_command(path: str, rules_path: str | None = None, variant: str = "fft") -> int:
    """``score``: print the outcome of the record at ``path``; returns the exit status."""
    try:
        rules = load_rules(rules_path, variant)
        result = score_record(read_record_text(path), rules)
    except (RecordError, RulesError) as exc:
        print(_one_line(str(exc)), file=sys.stderr)
        return EXIT_BAD_INPUT
    except Exception as exc:  # a bug, but the command line still answers in one line
        print(_one_line(f"internal error: {type(exc).__name__}: {exc}"), file=sys.stderr)
        return EXIT_INTERNAL
    print(json.dumps(result))
    return EXIT_OK


def bench_command(args: list[str]) -> int:
    """``bench``: hand every remaining argument to :func:`engine.bench.main`."""
    bench = importlib.import_module("engine.bench")
    status = bench.main(args)
    return status if isinstance(status, int) else EXIT_OK


@command(PROG)
def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "bench":
        # Handled before argparse so that options such as --seconds reach the benchmark.
        return bench_command(args[1:])
    if args and args[0] == "review":
        # Imported on demand: the bots are not needed to score a record.
        review = importlib.import_module("engine.ai.review_command")
        status = review.main(args[1:])
        return status if isinstance(status, int) else EXIT_INTERNAL
    parser = _parser()
    try:
        options = parser.parse_args(args)
    except SystemExit as exc:  # --help (0) or a usage error (2)
        return exc.code if isinstance(exc.code, int) else EXIT_BAD_INPUT
    if options.command == "score":
        return score_command(options.file, options.rules, options.variant)
    parser.print_usage(sys.stderr)
    return EXIT_BAD_INPUT


__all__ = ["main", "read_record_text", "score_command"]
