"""``python -m engine review FILE --seat N``: every decision of one seat, with its verdict.

FILE is a deal record (DEAL_RECORD.md, YAML) or a deal the game kept (its JSON file), ``-``
for a record on standard input. Each decision the seat took gets a verdict of
:mod:`engine.ai.verdict`: as text, one line per decision; with ``--json``, one object::

    {"seat": 1, "samples": 48, "seed": 0, "decisions": [
      {"kind": "card", "trick": 3, "action": "play T20", "verdict": "mistake",
       "cost": 24.1, "cost_low": 21.0, "cost_high": 27.2, "best": "play KH",
       "reason": "charge"}, ...]}

``kind`` is one of bid, call, discard, slam, handful, misere, card; ``trick`` (1-based) is
given for cards only; costs are the seat's game points, rounded to a tenth; ``reason`` is
the key of a flagged verdict's reason (:data:`engine.ai.verdict.REASONS`), or "". ``--samples`` is
the budget of each step of a verdict (:data:`SAMPLES`: at most 4096), ``--refine`` how many
times that a close call may take (:data:`REFINE`: at most 64), ``--seed`` makes the review
repeatable (each decision draws its deals from the seed and its place in the deal). Bad input
gets one line on standard error and exit status 2.

A review at the largest budgets takes hours: where standard error is a terminal (or with
``--progress``) it says which decision it is at, on standard error, so that standard output
holds the review alone.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any

from engine import cards as C
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
from engine.ai.analysis import decisions
from engine.ai.dealer import NoConsistentDeal
from engine.ai.verdict import DEFAULT_REFINE, DEFAULT_SAMPLES, Verdict, judge
from engine.commandline import Parser, command, seed_number, whole
from engine.deal import Deal
from engine.inputs import InputError, read_stream, read_text
from engine.record import RecordError, load_record
from engine.rules import RulesError
from engine.saves import SaveError, load_deal

EXIT_OK, EXIT_INTERNAL, EXIT_BAD_INPUT = 0, 1, 2
PROG = "python -m engine review"
#: The range of ``--samples``: two deals make an interval; 4096, some eighty times the
#: default, makes the longest review of a deal several hours at the largest refinement.
SAMPLES = (2, 4096)
#: The range of ``--refine``, in multiples of the budget (1: never refine).
REFINE = (1, 64)
#: The seats a table has, whatever its size (the deal then says how many it has).
SEATS = (0, 4)

#: The ``kind`` of each type of decision in the output.
KIND_OF: dict[type, str] = {
    Bid: "bid", Call: "call", Discard: "discard", DecideSlam: "slam",
    ShowHandful: "handful", AnnounceMisere: "misere", Play: "card",
}


#: A flagged verdict's reason (engine.ai.verdict.REASONS) in the text form.
REASON_WORDS: dict[str, str] = {
    "petit_wins": "nobody can overtrump: the Petit wins here",
    "petit_saved": "the camp's trick was sure: save the Petit on it",
    "charge": "the camp's trick was sure: charge it",
    "low_trump": "the camp's trick was sure: any trump takes it, keep the high ones",
    "duck": "the other camp's trick was sure: give it the least",
    "draw": "more trumps than are out: draw them",
    "hunt": "only the taker may hold trumps, and yours top his: hunt the Petit",
    "taker_void": "the taker has shown he lacks {suit}: he trumps it",
    "head_before_taker": "a head before the taker on {suit}, a suit he has not shown: he may "
                         "have set it aside and trump it",
    "over_partner_master": "the partner's card was master: covering it puts a second card at "
                           "the taker's mercy",
    "head_into_void": "a head led into {suit}, which the taker has shown he lacks: it is only "
                      "trumped",
    "head_from_long_suit": "a king or queen led from long {suit} on its first round: the "
                           "taker is the likeliest to have none",
    "petit_under_taker": "the Petit under the taker's trump, with other trumps to play",
    "head_given": "a head given to a trick the taker's camp may still take",
    "call_ignored": "the partner called for trumps: lead one back",
    "too_high_bid": "too high a bid for this hand",
}


class ReviewInputError(ValueError):
    """A file, seat or option the review cannot work with; the message names what is wrong."""


def parser() -> argparse.ArgumentParser:
    out = Parser(
        prog=PROG,
        description="Judge every decision of one seat of a finished deal, with how sure the "
                    "judgement is.")
    out.add_argument("file", metavar="FILE",
                     help="a deal record (YAML), a deal file the game kept (JSON), or - for "
                          "a record on standard input")
    out.add_argument("--seat", type=whole(*SEATS), required=True, metavar="N",
                     help="the seat whose decisions are judged (0 is South)")
    out.add_argument("--json", action="store_true", help="one JSON object instead of text")
    out.add_argument("--samples", type=whole(*SAMPLES), default=DEFAULT_SAMPLES, metavar="S",
                     help="sampled deals for each step of a verdict "
                          f"(default {DEFAULT_SAMPLES}, {SAMPLES[0]} to {SAMPLES[1]})")
    out.add_argument("--seed", type=seed_number, default=0, metavar="X",
                     help="seed of the sampled deals (default 0)")
    out.add_argument("--refine", type=whole(*REFINE), default=DEFAULT_REFINE, metavar="R",
                     help="close calls get up to R times the samples "
                          f"(default {DEFAULT_REFINE}, at most {REFINE[1]}; 1: never)")
    out.add_argument("--progress", action="store_true",
                     help="say on standard error which decision the review is at (the "
                          "default where standard error is a terminal)")
    return out


def load(path: str) -> Deal:
    """The deal in ``path``: a deal file the game kept, else a deal record."""
    if path == "-":
        stream = getattr(sys.stdin, "buffer", None) or sys.stdin
        return load_record(read_stream(stream, "standard input", "record"))
    text = read_text(path, "record")
    if text.lstrip().startswith("{"):
        return load_deal(path)[0]
    return load_record(text)


def review(deal: Deal, seat: int, samples: int = DEFAULT_SAMPLES, seed: int = 0,
           refine: int = DEFAULT_REFINE, progress: Callable[[int, int], None] | None = None
           ) -> list[tuple[dict[str, Any], Verdict]]:
    """Each decision ``seat`` took in ``deal``, in order: its description and its verdict.
    ``progress(done, total)`` is called before each decision is judged and once at the end."""
    if not 0 <= seat < deal.players:
        raise ReviewInputError(f"seat {seat} is not at this table (seats 0 to {deal.players - 1})")
    out = []
    taken = decisions(deal, seat)
    for done, decision in enumerate(taken):
        if progress is not None:
            progress(done, len(taken))
        verdict = judge(decision.view, decision.action, samples,
                        seed * 1_000_003 + decision.index, refine)
        row: dict[str, Any] = {"kind": kind_of(decision.action)}
        if isinstance(decision.action, Play):
            row["trick"] = len(decision.view.tricks) + 1
        out.append((row, verdict))
    if progress is not None:
        progress(len(taken), len(taken))
    return out


def progress_line(stream: Any) -> Callable[[int, int], None]:
    """Which decision the review is at, on ``stream``: one line rewritten in place on a
    terminal, a line per decision elsewhere; a terminal's line is wiped at the end."""
    live = stream.isatty()

    def show(done: int, total: int) -> None:
        if done == total:
            if live:
                stream.write("\r\x1b[K")
        else:
            line = f"{PROG}: decision {done + 1} of {total}"
            stream.write(f"\r{line}\x1b[K" if live else line + "\n")
        stream.flush()

    return show


def kind_of(action: Action) -> str:
    return KIND_OF[type(action)]


def as_json(row: dict[str, Any], verdict: Verdict) -> dict[str, Any]:
    return {**row, "action": str(verdict.action), "verdict": verdict.kind,
            "cost": round(verdict.cost, 1), "cost_low": round(verdict.cost_low, 1),
            "cost_high": round(verdict.cost_high, 1), "best": str(verdict.best),
            "reason": verdict.reason}


def reason_words(verdict: Verdict) -> str:
    """The verdict's reason in words, or ""."""
    if not verdict.reason:
        return ""
    suit = C.SUIT_NAMES[verdict.reason_suit] if verdict.reason_suit >= 0 else ""
    return REASON_WORDS[verdict.reason].format(suit=suit)


def as_line(row: dict[str, Any], verdict: Verdict) -> str:
    where = f"trick {row['trick']:>2}" if "trick" in row else row["kind"]
    line = f"{where:<9} {verdict.action!s:<22} {verdict.kind:<10}"
    if verdict.samples:
        line += (f" cost {verdict.cost:+.1f} [{verdict.cost_low:+.1f}, {verdict.cost_high:+.1f}]"
                 f" against {verdict.best}")
    if verdict.reason:
        line += f" ({reason_words(verdict)})"
    return line.rstrip()


@command(PROG)
def main(argv: Sequence[str]) -> int:
    try:
        options = parser().parse_args(list(argv))
    except SystemExit as exc:  # --help (0) or a usage error (2)
        return exc.code if isinstance(exc.code, int) else EXIT_BAD_INPUT
    progress = (progress_line(sys.stderr)
                if options.progress or sys.stderr.isatty() else None)
    try:
        deal = load(options.file)
        rows = review(deal, options.seat, options.samples, options.seed, options.refine,
                      progress)
    except (ReviewInputError, RecordError, SaveError, RulesError, InputError) as exc:
        print(" ".join(str(exc).split()), file=sys.stderr)
        return EXIT_BAD_INPUT
    except NoConsistentDeal as exc:
        print(" ".join(f"no deal fits the seat's view: {exc}".split()), file=sys.stderr)
        return EXIT_BAD_INPUT
    if options.json:
        print(json.dumps({"seat": options.seat, "samples": options.samples,
                          "seed": options.seed,
                          "decisions": [as_json(row, verdict) for row, verdict in rows]}))
    else:
        for row, verdict in rows:
            print(as_line(row, verdict))
    return EXIT_OK


__all__ = ["KIND_OF", "REFINE", "SAMPLES", "ReviewInputError", "as_json", "as_line", "load",
           "main", "parser", "progress_line", "review"]
