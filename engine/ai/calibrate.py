"""``python -m engine.ai.calibrate``: how the expert's estimate of its own contract compares with
what it then scores, and what better estimates would be worth to its bids.

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

**What a bid rule is worth.** On the same deals the script also scores rules for taking: a
Garde when the estimate plus a margin (game points) is above zero, a pass (0) otherwise. Each
rule's mean per deal is given with its difference from the rule with no margin and that
difference's 95% interval, deal by deal. The rule with no margin stands in for the expert's:
the expert itself weighs every bid, counts a pass as what it would score in defence and lets
the later seats overcall; the rule weighs the first speaker's Garde alone. ``--estimates``
adds estimates made on the same sampled deals with more than the expert knows, to put the
rule in proportion:

* ``dog`` — the sampled deals hold the true dog (what a bid would be worth if the dog could
  be read);
* ``open`` — the taker of the play-outs reads every hand (a taker who plays its cards better
  than a club player, as the expert does);

and the last line is the rule that knows the result: what taking exactly the contracts that
are made would be worth.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import ExitStack
from dataclasses import asdict, dataclass
from functools import partial

from engine import cards as C
from engine.actions import PASS, Bid
from engine.ai.arena.bots import BotSpecError, build_bot, check_bot, release
from engine.ai.expert import ExpertBot
from engine.ai.review_command import SAMPLES
from engine.commandline import JOBS, Parser, command, player_count, seed_number, whole
from engine.deal import Deal
from engine.rules import load_rules
from engine.state import DealState, Phase
from engine.views import view_for

#: The kinds of estimate the script can make; ``club`` is the expert's own.
ESTIMATES = ("club", "dog", "open")
#: Margins (game points added to the expert's estimate) whose bid rules are scored.
MARGINS = (-40.0, -20.0, -10.0, 10.0, 20.0, 40.0, 80.0)


@dataclass(frozen=True)
class Row:
    deal: int
    estimate: float
    score: int
    made: bool
    others: dict[str, float]


def with_dog(world: DealState, dog: int, rng: random.Random) -> DealState:
    """``world`` with ``dog`` as its dog: the cards of ``dog`` a seat holds there change
    places with the sampled dog's other cards, drawn at random. The deal keeps the weight it
    was sampled with: the first speaker, the only seat measured, has seen no bid to weigh it
    by."""
    s = world.copy()
    spare = C.cards_of(s.dog & ~dog)
    rng.shuffle(spare)
    for seat in range(s.n):
        moved = s.hands[seat] & dog
        if moved:
            count = moved.bit_count()
            s.hands[seat] = s.hands[seat] & ~moved | C.mask_of(spare[:count])
            del spare[:count]
    s.dog = dog
    return s


def measure(players: int, deal: int, field: str, samples: int, seed: int = 0,
            estimates: Sequence[str] = ()) -> Row | None:
    """One deal: the estimates and the result of a Garde taken by the first speaker (``None``
    when the deal is cancelled before the bidding). The expert's own estimate does not depend
    on which others are asked for: the true dog is dealt into the sampled deals with random
    numbers of its own."""
    unknown = set(estimates) - set(ESTIMATES[1:])
    if unknown:
        raise ValueError(f"unknown estimate {sorted(unknown)[0]!r}: expected one of "
                         f"{', '.join(ESTIMATES[1:])}")
    rules = load_rules()
    table = Deal.new(rules, players, deal % players, seed * 1_000_003 + deal)
    if table.is_over:
        return None
    taker = table.state.turn
    assert taker is not None
    view = view_for(table.state, taker)
    expert = ExpertBot(deal, budget_samples=samples)
    rng = random.Random(deal)
    dog_rng = random.Random(f"dog {deal}")
    worlds = expert.world_source(view, rng)
    garde = rules.contract("garde")
    true_dog = table.state.dog
    kinds = ("club", *dict.fromkeys(estimates))
    totals = dict.fromkeys(kinds, 0.0)
    weights = 0.0
    for _ in range(samples):
        world, weight = worlds()
        for kind in kinds:
            if kind == "club":
                played = expert.played_contract(world, taker, garde, rng)
            elif kind == "dog":
                played = expert.played_contract(with_dog(world, true_dog, dog_rng), taker,
                                                garde, rng)
            else:
                played = expert.played_contract(world, taker, garde, rng, open_taker=True)
            totals[kind] += weight * expert.seat_score(played, taker)
        weights += weight
    means = {kind: total / weights if weights else 0.0 for kind, total in totals.items()}
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
    others = {kind: means[kind] for kind in kinds[1:]}
    return Row(deal, means["club"], result.scores[taker], result.made, others)


def _interval(values: Sequence[float]) -> tuple[float, float]:
    mean = statistics.mean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, half


def _bands(rows: list[Row], estimate: Callable[[Row], float]) -> list[str]:
    lines = []
    for low, high in ((-math.inf, -100), (-100, -30), (-30, 30), (30, 100), (100, math.inf)):
        band = [r for r in rows if low <= estimate(r) < high]
        if band:
            lines.append(f"  estimate in [{low:+.0f}, {high:+.0f}): {len(band):4} deals, "
                         f"estimate {statistics.mean(estimate(r) for r in band):+7.1f}, result "
                         f"{statistics.mean(r.score for r in band):+7.1f}, made "
                         f"{sum(r.made for r in band) / len(band):.0%}")
    return lines


def _own(r: Row) -> float:
    return r.estimate


def _other(kind: str) -> Callable[[Row], float]:
    return lambda r: r.others[kind]


def _above(estimate: Callable[[Row], float], margin: float = 0.0) -> Callable[[Row], bool]:
    """The rule that takes when ``estimate`` plus ``margin`` is above zero."""
    return lambda r: estimate(r) + margin > 0


def rule_values(rows: list[Row], takes: Callable[[Row], bool]) -> list[float]:
    """A bid rule's score on each deal: the result when it takes, 0 when it passes."""
    return [float(r.score) if takes(r) else 0.0 for r in rows]


def summary(rows: list[Row]) -> list[str]:
    if len(rows) < 2:
        return ["too few deals"]
    mean, half = _interval([r.score - r.estimate for r in rows])
    lines = [f"{len(rows)} deals: result - estimate {mean:+.1f} [{mean - half:+.1f}, "
             f"{mean + half:+.1f}]; estimate {statistics.mean(r.estimate for r in rows):+.1f}, "
             f"result {statistics.mean(r.score for r in rows):+.1f}"]
    lines += _bands(rows, _own)
    kinds = sorted(rows[0].others)
    for kind in kinds:
        mean, half = _interval([r.score - r.others[kind] for r in rows])
        lines.append(f"estimate '{kind}': result - estimate {mean:+.1f} "
                     f"[{mean - half:+.1f}, {mean + half:+.1f}]")
        lines += _bands(rows, _other(kind))
    own = _above(_own)
    base = rule_values(rows, own)
    lines.append(f"bid rules (a Garde when the estimate is above zero, else a pass): "
                 f"{statistics.mean(base):+.2f} a deal, {sum(1 for r in rows if own(r))} takes")
    rules = [(f"margin {margin:+.0f}", _above(_own, margin)) for margin in MARGINS]
    rules += [(f"estimate '{kind}'", _above(_other(kind))) for kind in kinds]
    rules.append(("knowing the result", lambda r: r.score > 0))
    for name, takes in rules:
        values = rule_values(rows, takes)
        mean, half = _interval([v - b for v, b in zip(values, base, strict=True)])
        lines.append(f"  {name:20} {statistics.mean(values):+7.2f} a deal, "
                     f"{sum(1 for r in rows if takes(r)):4} takes, against the expert's "
                     f"{mean:+6.2f} [{mean - half:+.2f}, {mean + half:+.2f}]")
    return lines


PROG = "python -m engine.ai.calibrate"
#: Deals measured.
DEALS = (1, 1_000_000)


@command(PROG)
def main(argv: list[str] | None = None) -> int:
    parser = Parser(prog=PROG, description=__doc__,
                    formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=player_count, default=4, metavar="N",
                        help="3, 4 or 5 (default: 4)")
    parser.add_argument("--deals", type=whole(*DEALS), default=200)
    parser.add_argument("--first", type=seed_number, default=0, help="number of the first deal")
    parser.add_argument("--field", default="simple", help="the defenders' bot (a bot spec)")
    parser.add_argument("--samples", type=whole(*SAMPLES), default=32,
                        help="sampled deals per estimate and per decision of the taker")
    parser.add_argument("--seed", type=seed_number, default=0)
    parser.add_argument("--estimates", nargs="*", default=[], choices=ESTIMATES[1:],
                        help="estimates to make besides the expert's own")
    parser.add_argument("--jobs", type=whole(*JOBS), default=1, help="worker processes")
    parser.add_argument("--rows", action="store_true", help="print one JSON line per deal")
    args = parser.parse_args(argv)
    try:
        check_bot(args.field)
    except BotSpecError as exc:
        parser.error(str(exc))
    one = partial(measure, args.players, field=args.field, samples=args.samples,
                  seed=args.seed, estimates=tuple(args.estimates))
    deals = range(args.first, args.first + args.deals)
    rows = []
    with ExitStack() as stack:
        if args.jobs > 1:
            pool = stack.enter_context(ProcessPoolExecutor(args.jobs))
            measured: Iterable[Row | None] = pool.map(one, deals, chunksize=4)
        else:
            measured = map(one, deals)
        for row in measured:
            if row is None:
                continue
            rows.append(row)
            if args.rows:
                print(json.dumps(asdict(row)), flush=True)
    print("\n".join(summary(rows)), file=sys.stdout if not args.rows else sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
