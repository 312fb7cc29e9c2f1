"""One bot at every seat of a table: how its contracts fare and what becomes of the Petit.

The duplicate arena compares two bots in the same seat; this asks how a table of one bot
plays: how often a seat takes and makes its contract, and how often each camp loses the Petit
it held, played to a trick the other camp won (the defence's hunt, the taker's care)::

    python -m engine.ai.arena.table expert,samples=32 --players 4 --deals 100 --seed 1

Deals are ``Deal.new(rules, n, dealer=number % n, seed=seed * 100_000 + number)``; the bot
at seat ``s`` of deal ``number`` is built with seed ``number * 10 + s``. Any bot spec of the
arena works (a checkout's bot included), so a table of today's bot and a table of an earlier
version play the same deals. ``--records DIR`` keeps each deal as a deal record
(``DIR/deal-NNNN.yaml``, DEAL_RECORD.md), for a strong player to read or ``python -m engine
review`` to judge.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from engine import cards as C
from engine.ai.arena.bots import BotSpecError, build_bot, check_bot, release
from engine.ai.arena.duplicate import DealRecord, play_table
from engine.commandline import Parser, command, player_count, seed_number, whole
from engine.deal import Deal
from engine.events import DealDealt
from engine.record_export import export_record
from engine.rules import load_rules
from engine.scoring import score_deal
from engine.state import DealState, Phase


@dataclass
class TableFigures:
    """The counts behind a table's figures."""

    deals: int = 0
    takes: int = 0
    made: int = 0
    by_contract: dict[str, list[int]] = field(default_factory=dict)  # taken, made
    #: deals where the taker's camp (0) or the defence (1) played the Petit, and lost it
    petit_held: list[int] = field(default_factory=lambda: [0, 0])
    petit_lost: list[int] = field(default_factory=lambda: [0, 0])

    def add(self, end: DealState) -> None:
        """Count one deal that is over."""
        self.deals += 1
        if end.taker is None or end.contract is None or end.phase is not Phase.FINISHED:
            return
        result = score_deal(end)
        self.takes += 1
        self.made += bool(result.made)
        counts = self.by_contract.setdefault(end.contract.name, [0, 0])
        counts[0] += 1
        counts[1] += bool(result.made)
        taker_camp = end.camp_of(end.taker)
        for leader, cards, winner in end.tricks:
            if C.PETIT in cards:  # its holder is the seat that played it
                holder = (leader + cards.index(C.PETIT)) % end.n
                camp = 0 if end.camp_of(holder) == taker_camp else 1
                won_by = 0 if end.camp_of(winner) == taker_camp else 1
                self.petit_held[camp] += 1
                self.petit_lost[camp] += won_by != camp
                break


def play(spec: str, players: int, deals: int, seed: int,
         records: Path | None = None) -> TableFigures:
    """Play ``deals`` deals with ``spec`` at every seat (each kept in ``records``, a folder,
    when given)."""
    rules = load_rules()
    figures = TableFigures()
    for number in range(deals):
        deal = Deal.new(rules, players, number % players, seed * 100_000 + number)
        bots = [build_bot(spec, number * 10 + seat) for seat in range(players)]
        dealt = deal.events[0]
        assert isinstance(dealt, DealDealt)
        record = DealRecord(players, number, 0, dealt.dealer, False, ())
        try:
            end = play_table(rules, dealt, bots, ["a"] * players, random.Random(number),
                             record, f"deal {number}")
        finally:
            for bot in bots:
                release(bot)
        figures.add(end.state)
        if records is not None:
            (records / f"deal-{number:04d}.yaml").write_text(export_record(end, rules))
    return figures


def report(spec: str, players: int, figures: TableFigures) -> str:
    def share(part: int, whole: int) -> str:
        return f"{100 * part / whole:.1f}% ({part}/{whole})" if whole else "—"

    lines = [f"{spec}, {players} players, {figures.deals} deals",
             f"  takes: {figures.takes}, contracts made {share(figures.made, figures.takes)}"]
    for name, (taken, made) in sorted(figures.by_contract.items()):
        lines.append(f"    {name}: {taken} taken, {made} made")
    for camp, who in enumerate(("taker's camp", "defence")):
        lines.append(f"  Petit held by the {who}: {figures.petit_held[camp]}, lost "
                     f"{share(figures.petit_lost[camp], figures.petit_held[camp])}")
    return "\n".join(lines)


PROG = "python -m engine.ai.arena.table"
#: Deals played: a million is days of the expert.
DEALS = (1, 1_000_000)


@command(PROG)
def main(argv: Sequence[str] | None = None) -> int:
    parser = Parser(prog=PROG, description=__doc__.split("\n\n")[0])
    parser.add_argument("bot", help="the bot at every seat (an arena bot spec)")
    parser.add_argument("--players", type=player_count, default=4, metavar="N",
                        help="3, 4 or 5 (default: 4)")
    parser.add_argument("--deals", type=whole(*DEALS), default=100)
    parser.add_argument("--seed", type=seed_number, default=1)
    parser.add_argument("--records", type=Path, metavar="DIR",
                        help="keep each deal's record in DIR (made if missing)")
    args = parser.parse_args(argv)
    try:
        check_bot(args.bot)
        if args.records is not None:
            args.records.mkdir(parents=True, exist_ok=True)
    except BotSpecError as exc:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"{PROG}: error: cannot make the records folder {args.records}: "
              f"{exc.strerror or exc}", file=sys.stderr)
        return 2
    figures = play(args.bot, args.players, args.deals, args.seed, args.records)
    print(report(args.bot, args.players, figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
