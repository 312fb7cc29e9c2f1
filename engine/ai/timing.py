"""``python -m engine.ai.timing``: how long a bot takes per decision, by kind of decision.

The arena times every decision of the seat under test, but some kinds are rare there (a
five-player call, a discard, a handful come once per take). This script builds positions of
every kind from deals played by simple bots — a bid at every turn of the auction, a call, a
discard and a slam decision after the first speaker takes a Garde (the others passing), a
handful when a seat holds one before its first card, a card whenever a seat has a choice —
and times the bot's answer to each, built afresh for every position:

    python -m engine.ai.timing expert --players 4 --decisions 1000

It prints, per kind, the number of decisions and the median, 95th percentile and longest time.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Iterator

from engine.actions import PASS, Bid
from engine.ai.arena.bots import BotSpecError, build_bot, release
from engine.ai.simple_bot import SimpleBot
from engine.choices import Decision, handful_options, pending
from engine.commandline import Parser, command, player_count, seed_number, whole
from engine.deal import Deal
from engine.rules import Rules, RulesError, load_rules
from engine.views import SeatView, view_for

KINDS = ("bid", "call", "discard", "slam", "declare", "card")
#: The share of the card decisions timed, so that they come from many deals.
CARD_SHARE = 0.2


def positions(rules: Rules, players: int, seed: int) -> Iterator[tuple[str, SeatView]]:
    """Views at decisions of every kind, from an endless run of deals."""
    rng = random.Random(seed)
    number = 0
    while True:
        number += 1
        taken = number % 2 == 0  # every other deal: the first speaker takes a Garde
        deal = Deal.new(rules, players, number % players, rng.getrandbits(40))
        bots = [SimpleBot(s) for s in range(players)]
        first = deal.state.turn
        while not deal.is_over:
            state = deal.state
            seat = state.turn
            assert seat is not None
            view = view_for(state, seat)
            decision = pending(view)
            if decision is Decision.BID:
                yield "bid", view
                action = (Bid("garde") if seat == first else PASS) if taken else None
            elif decision is Decision.PLAY and handful_options(view):
                yield "declare", view
                action = None
            elif decision is Decision.PLAY:
                if len(view.legal_plays) > 1 and rng.random() < CARD_SHARE:
                    yield "card", view
                action = None
            elif decision is not None:
                yield decision.value, view
                action = None
            deal.execute(seat, action if action is not None else bots[seat].decide(view))


def measure(spec: str, players: int, decisions: int, seed: int,
            variant: str = "fft") -> dict[str, list[float]]:
    """Seconds per decision of the bot ``spec``, by kind, ``decisions`` of each kind (of the
    kinds the player count has)."""
    rules = load_rules(variant=variant)
    wanted = {kind: decisions for kind in KINDS if kind != "call" or players == 5}
    times: dict[str, list[float]] = {kind: [] for kind in wanted}
    for index, (kind, view) in enumerate(positions(rules, players, seed)):
        if kind not in wanted or len(times[kind]) >= wanted[kind]:
            if all(len(times[k]) >= wanted[k] for k in wanted):
                break
            continue
        bot = build_bot(spec, seed + index)
        start = time.perf_counter()
        bot.decide(view)
        times[kind].append(time.perf_counter() - start)
        release(bot)
    return times


def _percentile(ordered: list[float], fraction: float) -> float:
    """Nearest-rank percentile of an ascending, non-empty list."""
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


PROG = "python -m engine.ai.timing"
#: Decisions timed of each kind.
DECISIONS = (1, 100_000)


@command(PROG)
def main(argv: list[str] | None = None) -> int:
    parser = Parser(prog=PROG, description=__doc__,
                    formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("bot", help="a bot spec, as in the arena (expert, expert,budget=1)")
    parser.add_argument("--players", type=player_count, nargs="+", default=[4], metavar="N",
                        help="player counts: 3, 4 or 5 (default: 4)")
    parser.add_argument("--decisions", type=whole(*DECISIONS), default=200,
                        help="decisions of each kind")
    parser.add_argument("--seed", type=seed_number, default=1)
    parser.add_argument("--variant", default="fft")
    args = parser.parse_args(argv)
    try:
        load_rules(variant=args.variant)
        release(build_bot(args.bot, 0))
    except (BotSpecError, RulesError) as exc:
        parser.error(str(exc))
    print(f"{args.bot}: seconds per decision, {args.decisions} decisions of each kind")
    print(f"{'players':>7}  {'kind':<8} {'count':>6} {'median':>8} {'95th pct':>9} {'max':>8}")
    for count in args.players:
        times = measure(args.bot, count, args.decisions, args.seed, args.variant)
        for kind, values in times.items():
            ordered = sorted(values)
            if not ordered:
                continue
            print(f"{count:>7}  {kind:<8} {len(ordered):>6} {statistics.median(ordered):>8.3f} "
                  f"{_percentile(ordered, 0.95):>9.3f} {ordered[-1]:>8.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
