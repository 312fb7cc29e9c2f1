"""``python -m engine.ai.hand_values_fit``: learn what each contract is worth with a hand, and
write the weights of :mod:`engine.ai.hand_values`.

For every deal (seeded, so a run is reproducible) and every seat, the seat takes the contract,
everybody else passes, and the deal is played out twice by club players with the expert's
play-out (:meth:`engine.ai.expert.ExpertBot.played_contract`): once with the dog shown (a
Petite and a Garde play the same cards) and once without (a Garde sans and a Garde contre).
The seat's score per unit of each contract's multiplier is the target of a least-squares fit
over the hand's :data:`~engine.ai.hand_values.FEATURES`, one per player count and contract:

    python -m engine.ai.hand_values_fit --players 3 4 5 --deals 40000 --jobs 2

One deal in five is kept out of the fit to judge it: the script prints, on those deals, how
much of the score's spread the model explains (R²) and what the first seat's bid is worth on
average by the learned values and by the point count (the seat takes its choice, the others
pass), then writes ``engine/ai/hand_value_weights.py`` (``--out`` elsewhere, ``--dry-run`` not
at all).
"""

from __future__ import annotations

import os
import random
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from engine.ai.club_contract import bid_choice, hand_strength, thresholds_for
from engine.ai.hand_values import FEATURES, FFT_MULTIPLIERS, features
from engine.commandline import JOBS, Parser, cannot_write, command, player_count, seed_number, whole
from engine.deal import Deal
from engine.rules import CONTRACT_NAMES, load_rules

#: Deals a worker plays before it hands its sums back.
CHUNK = 500
#: Every fifth chunk is kept out of the fit, to judge it.
HELD_OUT = 5
#: Ridge added to the normal equations, relative to their mean diagonal: rare features (eleven
#: trumps and more with five players) get a small weight instead of an unstable one.
RIDGE = 1e-4
OUT = Path(__file__).with_name("hand_value_weights.py")


@dataclass
class Chunk:
    """What a worker returns: the normal equations' sums of the deals fitted, and the rows of
    the deals held out (features, targets per contract, the count's bid)."""
    xtx: list[list[float]] = field(default_factory=list)
    xty: list[list[float]] = field(default_factory=list)
    rows: list[tuple[tuple[float, ...], dict[str, float], str | None]] = field(default_factory=list)
    hands: int = 0


def play_chunk(players: int, first: int, count: int, seed: int, held_out: bool) -> Chunk:
    from engine.ai.expert import ExpertBot  # the expert imports the bid rules this fits

    rules = load_rules()
    contracts = [rules.contract(name) for name in CONTRACT_NAMES]
    expert = ExpertBot(seed, budget_samples=1)
    rng = random.Random(seed * 7919 + first)
    k = len(FEATURES)
    chunk = Chunk([[0.0] * k for _ in range(k)], [[0.0] * len(contracts) for _ in range(k)])
    hand_size = rules.setup(players).hand
    for deal in range(first, first + count):
        world = Deal.new(rules, players, deal % players, seed * 1_000_003 + deal).state
        for seat in range(players):
            hand = world.hands[seat]
            targets: dict[str, float] = {}
            for shown in (True, False):
                group = [c for c in contracts if c.dog_shown == shown]
                played = expert.played_contract(world, seat, group[0], rng)
                for contract in group:
                    played.contract = contract
                    targets[contract.name] = expert.seat_score(played, seat) / contract.multiplier
            x = features(hand, players)
            chunk.hands += 1
            if held_out:
                count_bid = bid_choice(hand_strength(hand, players, hand_size),
                                       list(CONTRACT_NAMES), thresholds_for(players))
                chunk.rows.append((x, targets, count_bid))
                continue
            y = [targets[c.name] for c in contracts]
            for i, xi in enumerate(x):
                if not xi:
                    continue
                row = chunk.xtx[i]
                for j, xj in enumerate(x):
                    row[j] += xi * xj
                out = chunk.xty[i]
                for c, yc in enumerate(y):
                    out[c] += xi * yc
    return chunk


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``a x = b`` by Gaussian elimination with partial pivoting (``a`` is small and, with the
    ridge, well conditioned)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        if m[col][col] == 0.0:
            raise ValueError(f"feature {FEATURES[col]!r} never occurs: nothing to fit it on")
        for r in range(n):
            if r != col and m[r][col]:
                f = m[r][col] / m[col][col]
                m[r] = [x - f * y for x, y in zip(m[r], m[col], strict=True)]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(chunks: Sequence[Chunk]) -> dict[str, tuple[float, ...]]:
    """The weights per contract from the sums of the fitted chunks."""
    k = len(FEATURES)
    xtx = [[sum(c.xtx[i][j] for c in chunks) for j in range(k)] for i in range(k)]
    ridge = RIDGE * sum(xtx[i][i] for i in range(k)) / k
    for i in range(1, k):  # the bias is not shrunk
        xtx[i][i] += ridge
    weights = {}
    for c, name in enumerate(CONTRACT_NAMES):
        xty = [sum(ch.xty[i][c] for ch in chunks) for i in range(k)]
        weights[name] = tuple(solve(xtx, xty))
    return weights


def judge(players: int, weights: dict[str, tuple[float, ...]],
          rows: Sequence[tuple[tuple[float, ...], dict[str, float], str | None]]) -> list[str]:
    """Lines on the held-out hands: R² per contract, and a bid's mean worth by each rule."""
    lines = []
    predict = {name: [sum(w * f for w, f in zip(ws, x, strict=True)) for x, _, _ in rows]
               for name, ws in weights.items()}
    for name in CONTRACT_NAMES:
        actual = [t[name] for _, t, _ in rows]
        mean = sum(actual) / len(actual)
        spread = sum((a - mean) ** 2 for a in actual)
        error = sum((a - p) ** 2 for a, p in zip(actual, predict[name], strict=True))
        lines.append(f"  {name:<13} R² {1 - error / spread:.3f}")
    learned = count = 0.0
    takes = [0, 0]
    for i, (_, targets, count_bid) in enumerate(rows):
        values = {name: predict[name][i] * FFT_MULTIPLIERS[name] for name in CONTRACT_NAMES}
        best = max(CONTRACT_NAMES, key=values.__getitem__)
        if values[best] > 0:
            learned += targets[best] * FFT_MULTIPLIERS[best]
            takes[0] += 1
        if count_bid is not None:
            count += targets[count_bid] * FFT_MULTIPLIERS[count_bid]
            takes[1] += 1
    n = len(rows)
    lines.append(f"  a hand's bid, others passing: learned values {learned / n:+.1f} a hand "
                 f"(takes {takes[0] / n:.0%}), point count {count / n:+.1f} "
                 f"(takes {takes[1] / n:.0%}); {n} hands held out")
    return lines


def write(path: Path, weights: dict[int, dict[str, tuple[float, ...]]], deals: int,
          seed: int) -> None:
    lines = [
        '"""Weights of :mod:`engine.ai.hand_values`, written by ``python -m '
        'engine.ai.hand_values_fit``',
        f'({deals} deals a player count, seed {seed}). Do not edit by hand: run it again."""',
        "",
        "FEATURE_NAMES: tuple[str, ...] = (",
        *_wrapped(", ".join(repr(name) for name in FEATURES) + ","),
        ")",
        "",
        "#: By player count and contract, a weight per feature: the taker's expected score per",
        "#: unit of the contract's multiplier.",
        "WEIGHTS: dict[int, dict[str, tuple[float, ...]]] = {",
    ]
    for players, by_contract in sorted(weights.items()):
        lines.append(f"    {players}: {{")
        for name, ws in by_contract.items():
            lines.append(f"        {name!r}: (")
            lines += _wrapped(", ".join(f"{w:.4f}" for w in ws), "            ")
            lines.append("        ),")
        lines.append("    },")
    lines.append("}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _wrapped(text: str, indent: str = "    ") -> list[str]:
    """``text`` cut at commas into lines under 100 columns."""
    lines = []
    width = 99 - len(indent)
    while text:
        cut = len(text) if len(text) <= width else text.rfind(", ", 0, width) + 1
        lines.append(indent + text[:cut].strip())
        text = text[cut:]
    return lines


PROG = "python -m engine.ai.hand_values_fit"
#: Deals a player count: a chunk held out at least; ten million is a night on many cores.
DEALS = (CHUNK * HELD_OUT, 10_000_000)


@command(PROG)
def main(argv: list[str] | None = None) -> int:
    parser = Parser(prog=PROG, description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=player_count, nargs="+", default=[3, 4, 5], metavar="N",
                        help="player counts: 3, 4 or 5 (default: all three)")
    parser.add_argument("--deals", type=whole(*DEALS), default=40000,
                        help=f"deals a player count (at least {DEALS[0]}: a chunk held out)")
    parser.add_argument("--seed", type=seed_number, default=1)
    parser.add_argument("--jobs", type=whole(*JOBS), default=1)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--dry-run", action="store_true", help="print, write nothing")
    args = parser.parse_args(argv)
    if not args.dry_run and not os.access(args.out.parent, os.W_OK):  # told before the fit
        parser.error(f"--out {args.out}: its folder cannot be written")
    from engine.ai.hand_value_weights import WEIGHTS
    from engine.ai.hand_values import WEIGHTS_FIT

    if not WEIGHTS_FIT and sorted(args.players) != [3, 4, 5]:
        parser.error("the features changed since the weights were written: fit every player "
                     "count (--players 3 4 5)")
    weights = {p: dict(w) for p, w in WEIGHTS.items()} if WEIGHTS_FIT else {}
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for count in args.players:
            starts = range(0, args.deals, CHUNK)
            futures = [pool.submit(play_chunk, count, start, min(CHUNK, args.deals - start),
                                   args.seed, i % HELD_OUT == HELD_OUT - 1)
                       for i, start in enumerate(starts)]
            chunks = [f.result() for f in futures]
            weights[count] = fit(chunks)  # a held-out chunk's sums are zeros
            rows = [row for c in chunks for row in c.rows]
            print(f"{count} players: {sum(c.hands for c in chunks)} hands")
            print("\n".join(judge(count, weights[count], rows)))
    if not args.dry_run:
        try:
            write(args.out, weights, args.deals, args.seed)
        except OSError as exc:
            print(cannot_write(PROG, args.out, exc), file=sys.stderr)
            return 1
        print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
