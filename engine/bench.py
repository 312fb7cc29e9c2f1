"""``python -m engine bench``: random legal deals per second, one core.

Two paths are timed for 3, 4 and 5 players:

* **simulation** — what the bots use when they play thousands of deals per move: a
  :class:`DealState` driven in place (``legal_plays()`` / ``play()`` on int bitmasks), dealing
  and scoring included;
* **event-sourced** — what the game uses: every decision goes through
  :meth:`engine.deal.Deal.execute`, which checks it against the rules and writes its events.

Both play the same random deals from a seed (the same random draws, so the same deals and
scores on any version of the engine: ``--check`` prints a digest of them). A third figure,
**club play-outs**, is what the expert's search scales with: the same deals bid and discarded
at random, then every card played by the club player (:func:`engine.ai.playout.rollout`,
compiled where the engine is).

``--against PATH`` compares with another checkout of the project (an earlier commit, say): the
two benchmarks run in turn, several rounds, each in a fresh process, and the best round of each
is shown side by side; the other checkout is also timed with this file's driver, so that the
engine's own gain shows apart from any change in the driver.

Every number is checked against its range (:data:`SECONDS`, :data:`DEALS`, :data:`ROUNDS`,
the player counts 3 to 5) and refused on one line, exit status 2.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from engine.actions import Bid
from engine.ai import playout
from engine.choices import callable_cards, legal_bids
from engine.commands import deal_cards, petit_sec_seat
from engine.deal import Deal
from engine.events import BidMade, DealDealt, Discarded, DogRevealed, KingCalled, SlamDeclined
from engine.randomplay import random_action, random_discard
from engine.rules import Rules, load_rules
from engine.scoring import score_deal
from engine.state import DealState, Phase, apply_in_place

# ``--against`` times an earlier checkout with this driver too, whose engine may have neither of
# these: its own cards module then picks the card, as its bench did.
try:
    from engine.cards import nth_card
except ImportError:
    def nth_card(mask: int, k: int) -> int:
        for _ in range(k):
            mask &= mask - 1
        return (mask & -mask).bit_length() - 1
try:
    from engine.speedups import DESCRIPTION
except ImportError:
    DESCRIPTION = "pure Python"

PROG = "python -m engine bench"
#: Seconds per figure: a figure of an hour is as steady as one gets.
SECONDS = (0.0, 3600.0)
#: Deals of ``--check``: a million is some minutes.
DEALS = (1, 1_000_000)
#: Rounds of ``--against``.
ROUNDS = (1, 100)


def _random_contract(rules: Rules, players: int, dealer: int, seed: int,
                     rng: random.Random) -> DealState | None:
    """The deal of ``seed`` bid, called and discarded at random, at its first card; ``None``
    when it is not played (a petit sec, every seat passed)."""
    dealt: DealDealt = deal_cards(rules, players, dealer, seed)
    state = DealState(rules, players)
    apply_in_place(state, dealt)
    if petit_sec_seat(rules, dealt) is not None:
        return None
    for _ in range(players):
        bids = legal_bids(state)
        bid: Bid = bids[0] if rng.random() < 0.6 else rng.choice(bids)
        apply_in_place(state, BidMade(state.turn, bid.contract))  # type: ignore[arg-type]
    if state.contract is None:
        return None
    taker = state.taker
    assert taker is not None
    if players == 5:
        apply_in_place(state, KingCalled(taker, rng.choice(callable_cards(state))))
    if state.phase is Phase.DISCARDING:
        apply_in_place(state, DogRevealed(()))
        discard = random_discard(state, rng)
        apply_in_place(state, Discarded(taker, discard.cards))
    apply_in_place(state, SlamDeclined(taker))
    return state


def simulate_deal(rules: Rules, players: int, dealer: int, seed: int,
                  rng: random.Random) -> tuple[int, ...]:
    """Play one random deal through the fast path; returns the scores. Each card is drawn
    uniformly among the legal ones with one ``rng.random()``."""
    state = _random_contract(rules, players, dealer, seed, rng)
    if state is None:
        return (0,) * players
    play = state.play
    legal_plays = state.legal_plays
    draw = rng.random
    while state.turn is not None:
        legal = legal_plays()
        play(nth_card(legal, int(draw() * legal.bit_count())))
    return score_deal(state).scores


def club_deal(rules: Rules, players: int, dealer: int, seed: int,
              rng: random.Random) -> tuple[int, ...]:
    """One deal bid and discarded at random, then played out by club players."""
    state = _random_contract(rules, players, dealer, seed, rng)
    if state is None:
        return (0,) * players
    playout.rollout(state)
    return score_deal(state).scores


def event_sourced_deal(rules: Rules, players: int, dealer: int, seed: int,
                       rng: random.Random) -> tuple[int, ...]:
    deal = Deal.new(rules, players, dealer, seed)
    while not deal.is_over:
        state = deal.state
        assert state.turn is not None
        deal.execute(state.turn, random_action(state, rng, slam_rate=0.0))
    scores = deal.scores
    assert scores is not None
    return scores


Run = Callable[[Rules, int, int, int, random.Random], tuple[int, ...]]


def measure(run: Run, rules: Rules, players: int, seconds: float, seed: int) -> tuple[int, float]:
    rng = random.Random(seed)
    deals = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(20):
            scores = run(rules, players, deals % players, seed + deals, rng)
            if sum(scores):
                raise AssertionError(f"scores do not add up to zero: {scores}")
            deals += 1
        now = time.perf_counter()
        if now >= deadline:
            return deals, deals / (now - start)


def digest(run: Run, rules: Rules, players: int, deals: int, seed: int) -> str:
    """A digest of the scores of the first ``deals`` deals: the same on any engine that plays
    the same random deals."""
    rng = random.Random(seed)
    h = hashlib.sha256()
    for number in range(deals):
        h.update(repr(run(rules, players, number % players, seed + number, rng)).encode())
    return h.hexdigest()[:16]


# --- against another checkout -------------------------------------------------------------------


def _simulation_rates(command: list[str], cwd: Path) -> dict[int, float]:
    env = {**os.environ, "PYTHONPATH": str(cwd)}  # the checkout's own engine first
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True,
                          check=False)
    if done.returncode != 0:
        said = done.stderr.strip().splitlines() or [f"exit status {done.returncode}"]
        raise CheckoutError(f"the benchmark in {cwd} failed: {said[-1]}")
    rates: dict[int, float] = {}
    for line in done.stdout.splitlines():
        words = line.split()
        if len(words) >= 3 and words[0].isdigit():
            rates[int(words[0])] = float(words[1].replace(",", ""))
    return rates


class CheckoutError(Exception):
    """The checkout ``--against`` names cannot be benchmarked; the message says why."""


def checkout(text: str) -> Path:
    """An option type: a checkout of the project (a folder holding ``engine/``)."""
    path = Path(text).resolve()
    if not (path / "engine" / "__init__.py").is_file():
        raise argparse.ArgumentTypeError(f"{text!r} is not a checkout of the game (no engine/ "
                                         "package in it)")
    return path


def compare(other: Path, seconds: float, players: list[int], seed: int, rounds: int) -> int:
    here = Path(__file__).resolve().parent.parent
    args = ["--seconds", str(seconds), "--seed", str(seed), "--players", *map(str, players)]
    own = [sys.executable, "-c", "import sys; from engine.bench import main; "
           "raise SystemExit(main(sys.argv[1:]))", *args]
    this_driver = [sys.executable, "-c", "import runpy; "
                   f"runpy.run_path({str(Path(__file__).resolve())!r})['print_rates']"
                   f"({seconds!r}, {players!r}, {seed!r})"]
    columns = {"this checkout": (own, here), f"{other.name}": (own, other),
               f"{other.name}, this driver": (this_driver, other)}
    best: dict[str, dict[int, float]] = {name: {} for name in columns}
    for _ in range(rounds):
        for name, (command, cwd) in columns.items():
            for count, rate in _simulation_rates(command, cwd).items():
                best[name][count] = max(best[name].get(count, 0.0), rate)
    names = list(columns)
    print(f"simulation, random legal deals per second, best of {rounds} rounds run in turn")
    print(f"{'players':>7}" + "".join(f"  {name:>24}" for name in names)
          + f"  {'this / ' + other.name:>18}")
    for count in players:
        rates = [best[name].get(count, 0.0) for name in names]
        ratio = rates[0] / rates[1] if rates[1] else float("nan")
        print(f"{count:>7}" + "".join(f"  {rate:>24,.0f}" for rate in rates)
              + f"  {ratio:>17.2f}x")
    return 0


def main(argv: list[str] | None = None) -> int:
    # Imported here, not at the top: --against runs this file's deals on an earlier checkout,
    # whose engine may not have the module.
    from engine.commandline import guarded

    return guarded(PROG, lambda: _command(argv))


def _command(argv: list[str] | None) -> int:
    from engine.commandline import Parser, decimal, player_count, seed_number, whole

    parser = Parser(prog=PROG, description=__doc__,
                    formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=decimal(*SECONDS, above=True), default=3.0,
                        help=f"time per measurement (default 3, at most {SECONDS[1]:g})")
    parser.add_argument("--players", type=player_count, nargs="+", default=[3, 4, 5],
                        metavar="N", help="player counts: 3, 4 or 5 (default: all three)")
    parser.add_argument("--seed", type=seed_number, default=1)
    parser.add_argument("--check", type=whole(*DEALS), metavar="DEALS", default=None,
                        help="print a digest of the scores of the first DEALS deals instead")
    parser.add_argument("--against", type=checkout, metavar="PATH", default=None,
                        help="compare with the checkout at PATH, run in turn")
    parser.add_argument("--rounds", type=whole(*ROUNDS), default=3,
                        help="rounds with --against")
    args = parser.parse_args(argv)
    if args.against is not None:
        try:
            return compare(args.against, args.seconds, args.players, args.seed, args.rounds)
        except CheckoutError as exc:
            print(f"{PROG}: {exc}", file=sys.stderr)
            return 1
    if args.check is not None:
        rules = load_rules()
        for count in args.players:
            print(f"{count} players, {args.check} deals: simulation "
                  f"{digest(simulate_deal, rules, count, args.check, args.seed)}, "
                  f"event-sourced "
                  f"{digest(event_sourced_deal, rules, count, args.check, args.seed)}")
        return 0
    print_rates(args.seconds, args.players, args.seed)
    return 0


def print_rates(seconds: float, players: list[int], seed: int) -> None:
    """The table of deals per second: a line per player count."""
    rules = load_rules()
    print(f"random legal deals per second, one core, {seconds:g} s per figure, {DESCRIPTION}")
    print(f"{'players':>7}  {'simulation':>12}  {'event-sourced':>14}  {'club play-outs':>15}")
    for count in players:
        _, fast = measure(simulate_deal, rules, count, seconds, seed)
        _, full = measure(event_sourced_deal, rules, count, seconds, seed)
        _, club = measure(club_deal, rules, count, seconds, seed)
        print(f"{count:>7}  {fast:>12,.0f}  {full:>14,.0f}  {club:>15,.0f}")


if __name__ == "__main__":
    raise SystemExit(main())
