"""``python -m engine.ai.calibrate``: how the expert's estimate of its own contract compares with
what it then scores.

When the expert weighs a bid, the deal is played out by club players, itself included
(:mod:`engine.ai.playout`). At the table it plays its contract with its search, which makes
more of it than a club player would: the estimate is low. This script measures by how much.
For each deal, the first seat to speak takes a Garde and the others pass; the estimate is the
expert's mean play-out score for that contract over its sampled deals (weighted, as in its
bid), the result the score it makes playing the deal against the field bot:

    python -m engine.ai.calibrate --players 4 --deals 300 --field simple

It prints the mean difference (result minus estimate) with its 95% confidence interval, and
the same by band of estimates. The expert takes the estimate as it is: against defenders who
play as well as it does (``--field expert``) the difference is close to zero, as a taker
that searches gains about what defenders that search win back; against club defenders
(``--field simple``) the estimate is low, so the expert leaves some weak tables a few
contracts it could have made.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from dataclasses import asdict, dataclass

from engine.actions import PASS, Bid
from engine.ai.arena.bots import build_bot, release
from engine.ai.expert import ExpertBot
from engine.deal import Deal
from engine.rules import load_rules
from engine.state import Phase
from engine.views import view_for


@dataclass(frozen=True)
class Row:
    deal: int
    estimate: float
    score: int
    made: bool


def measure(players: int, deal: int, field: str, samples: int, seed: int = 0) -> Row | None:
    """One deal: the estimate and the result of a Garde taken by the first speaker (``None``
    when the deal is cancelled before the bidding)."""
    rules = load_rules()
    table = Deal.new(rules, players, deal % players, seed * 1_000_003 + deal)
    if table.is_over:
        return None
    taker = table.state.turn
    assert taker is not None
    view = view_for(table.state, taker)
    expert = ExpertBot(deal, budget_samples=samples)
    rng = random.Random(deal)
    worlds = expert.world_source(view, rng)
    garde = rules.contract("garde")
    total = weights = 0.0
    for _ in range(samples):
        world, weight = worlds()
        played = expert.played_contract(world, taker, garde, rng)
        total += weight * expert.seat_score(played, taker)
        weights += weight
    table.execute(taker, Bid("garde"))
    while table.state.phase is Phase.BIDDING:
        seat = table.state.turn
        assert seat is not None
        table.execute(seat, PASS)
    bots = {seat: build_bot(field, deal * 10 + seat) for seat in range(players)}
    bots[taker] = ExpertBot(deal + 7, budget_samples=samples)
    while not table.is_over:
        seat = table.state.turn
        assert seat is not None
        table.execute(seat, bots[seat].decide(view_for(table.state, seat)))
    for bot in bots.values():
        release(bot)
    result = table.result
    assert result is not None
    return Row(deal, total / weights if weights else 0.0, result.scores[taker], result.made)


def summary(rows: list[Row]) -> list[str]:
    lines = []
    if len(rows) < 2:
        return ["too few deals"]
    diffs = [r.score - r.estimate for r in rows]
    mean = statistics.mean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs))
    lines.append(f"{len(rows)} deals: result - estimate {mean:+.1f} [{mean - half:+.1f}, "
                 f"{mean + half:+.1f}]; estimate {statistics.mean(r.estimate for r in rows):+.1f}"
                 f", result {statistics.mean(r.score for r in rows):+.1f}")
    for low, high in ((-math.inf, -100), (-100, -30), (-30, 30), (30, 100), (100, math.inf)):
        band = [r for r in rows if low <= r.estimate < high]
        if band:
            lines.append(f"  estimate in [{low:+.0f}, {high:+.0f}): {len(band):4} deals, "
                         f"estimate {statistics.mean(r.estimate for r in band):+7.1f}, result "
                         f"{statistics.mean(r.score for r in band):+7.1f}, made "
                         f"{sum(r.made for r in band) / len(band):.0%}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.ai.calibrate", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=4, choices=(3, 4, 5))
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--first", type=int, default=0, help="number of the first deal")
    parser.add_argument("--field", default="simple", help="the defenders' bot (a bot spec)")
    parser.add_argument("--samples", type=int, default=32,
                        help="sampled deals per estimate and per decision of the taker")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rows", action="store_true", help="print one JSON line per deal")
    args = parser.parse_args(argv)
    rows = []
    for deal in range(args.first, args.first + args.deals):
        row = measure(args.players, deal, args.field, args.samples, args.seed)
        if row is None:
            continue
        rows.append(row)
        if args.rows:
            print(json.dumps(asdict(row)), flush=True)
    print("\n".join(summary(rows)), file=sys.stdout if not args.rows else sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
