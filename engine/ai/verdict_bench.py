"""``python -m engine.ai.verdict_bench``: how often the review flags the expert's own play,
how steady its verdicts are from one seed to the next, and whether its flags hold with more
deals.

Deals are played by four (or three, five) experts at a fixed number of sampled deals, so the
run is reproducible; deals nobody took are skipped. Every seat of every deal is reviewed
(:func:`engine.ai.review_command.review`) with two seeds. It prints:

* flagged decisions per seat-deal (mistakes and blunders, and inaccuracies apart);
* the share of decisions whose verdict is flagged with one seed and not with the other;
* the share of the decisions flagged with the first seed that are still an inaccuracy or
  worse when judged again with eight times the budget (the review with ``--samples`` eight
  times as large, refinement and all), when judged again on eight times the deals without
  refinement, and when the very comparison the flag made is measured again on eight times
  the deals (:func:`engine.ai.verdict.measure_again`).

Example::

    python -m engine.ai.verdict_bench --players 4 --deals 8 --samples 48
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.ai.analysis import decisions
from engine.ai.expert import make as make_expert
from engine.ai.review_command import REFINE, SAMPLES, review
from engine.ai.verdict import DEFAULT_REFINE, DEFAULT_SAMPLES, FLAGGED, judge, measure_again
from engine.commandline import Parser, command, player_count, seed_number, whole
from engine.deal import Deal
from engine.rules import load_rules
from engine.views import view_for


def expert_deal(players: int, seed: int, samples: int) -> Deal:
    """A deal played to its end by experts looking at ``samples`` deals a decision."""
    deal = Deal.new(load_rules(), players, dealer=seed % players, seed=seed)
    bots = [make_expert(seed * 10 + seat, samples=samples) for seat in range(players)]
    while not deal.is_over:
        seat = deal.state.turn
        assert seat is not None
        deal.execute(seat, bots[seat].decide(view_for(deal.state, seat)))
    return deal


PROG = "python -m engine.ai.verdict_bench"
#: Deals reviewed: each is every seat's review, twice.
DEALS = (1, 10_000)


@command(PROG)
def main(argv: Sequence[str] | None = None) -> int:
    parser = Parser(prog=PROG, description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=player_count, default=4, metavar="N",
                        help="3, 4 or 5 (default: 4)")
    parser.add_argument("--deals", type=whole(*DEALS), default=8, help="deals with a taker")
    parser.add_argument("--first", type=seed_number, default=1000, help="seed of the first deal")
    parser.add_argument("--samples", type=whole(*SAMPLES), default=DEFAULT_SAMPLES)
    parser.add_argument("--refine", type=whole(*REFINE), default=DEFAULT_REFINE)
    parser.add_argument("--bot-samples", type=whole(*SAMPLES), default=32,
                        help="sampled deals a decision for the experts who play the deals")
    options = parser.parse_args(argv)
    seat_deals = total = changed = 0
    flags = {"inaccuracy": 0, "mistake": 0, "blunder": 0}
    held = plain_held = same = recheck = 0
    seed = options.first
    played = 0
    while played < options.deals:
        deal = expert_deal(options.players, seed, options.bot_samples)
        seed += 1
        if deal.result is None:
            continue
        played += 1
        for seat in range(options.players):
            seat_deals += 1
            first = review(deal, seat, options.samples, 0, options.refine)
            second = review(deal, seat, options.samples, 1, options.refine)
            views = decisions(deal, seat)
            for (_, a), (_, b), decision in zip(first, second, views, strict=True):
                total += 1
                changed += a.flagged != b.flagged
                if a.kind in flags:
                    flags[a.kind] += 1
                if a.flagged:
                    recheck += 1
                    again = judge(decision.view, decision.action, options.samples * 8,
                                  seed=7, refine=options.refine)
                    held += again.kind in FLAGGED
                    plain = judge(decision.view, decision.action, options.samples * 8,
                                  seed=7, refine=1)
                    plain_held += plain.kind in FLAGGED
                    measured = measure_again(decision.view, a, options.samples * 8, seed=11)
                    same += measured.kind in FLAGGED
                    print(f"  deal {seed - 1} seat {seat} {a.action}: {a.kind} "
                          f"{a.cost:+.1f} [{a.cost_low:+.1f}, {a.cost_high:+.1f}] vs {a.best}; "
                          f"at 8x: {again.kind} {again.cost:+.1f} vs {again.best}; "
                          f"without refinement: {plain.kind} {plain.cost:+.1f}; "
                          f"the same comparison: {measured.kind} {measured.cost:+.1f}",
                          flush=True)
    print(f"{options.players} players, {played} deals, {seat_deals} seat-deals, "
          f"{total} decisions, {options.samples} samples, refine {options.refine}")
    print(f"mistakes and blunders per seat-deal: "
          f"{(flags['mistake'] + flags['blunder']) / max(1, seat_deals):.3f}")
    print(f"inaccuracies per seat-deal: {flags['inaccuracy'] / max(1, seat_deals):.3f}")
    print(f"flagged with one seed and not the other: {changed} of {total} "
          f"({100 * changed / max(1, total):.1f} %)")
    print(f"flags still inaccuracy or worse at 8x the budget: {held} of {recheck} "
          f"({100 * held / max(1, recheck):.0f} %); on 8x the deals without refinement: "
          f"{plain_held} of {recheck} ({100 * plain_held / max(1, recheck):.0f} %); the same "
          f"comparison measured on 8x the deals: {same} of {recheck} "
          f"({100 * same / max(1, recheck):.0f} %)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
