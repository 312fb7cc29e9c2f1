"""``python -m engine bench``: random legal deals per second, one core.

Two paths are timed for 3, 4 and 5 players:

* **simulation** — what the bots use when they play thousands of deals per move: a
  :class:`DealState` driven in place (``legal_plays()`` / ``play()`` on int bitmasks), dealing
  and scoring included;
* **event-sourced** — what the game uses: every decision goes through
  :meth:`engine.deal.Deal.execute`, which checks it against the rules and writes its events.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from engine.actions import Bid
from engine.commands import deal_cards, petit_sec_seat
from engine.deal import Deal
from engine.events import BidMade, DealDealt, Discarded, DogRevealed, KingCalled, SlamDeclined
from engine.legal import callable_cards, legal_bids
from engine.randomplay import random_action, random_discard
from engine.rules import Rules, load_rules
from engine.scoring import score_deal
from engine.state import DealState, Phase, apply_in_place


def random_card(mask: int, rng: random.Random) -> int:
    """A uniformly random set bit of ``mask``."""
    k = int(rng.random() * mask.bit_count())  # faster than randrange, uniform enough here
    while k:
        mask &= mask - 1
        k -= 1
    return (mask & -mask).bit_length() - 1


def simulate_deal(rules: Rules, players: int, dealer: int, seed: int,
                  rng: random.Random) -> tuple[int, ...]:
    """Play one random deal through the fast path; returns the scores."""
    dealt: DealDealt = deal_cards(rules, players, dealer, seed)
    state = DealState(rules, players)
    apply_in_place(state, dealt)
    if petit_sec_seat(rules, dealt) is not None:
        return (0,) * players
    for _ in range(players):
        bids = legal_bids(state)
        bid: Bid = bids[0] if rng.random() < 0.6 else rng.choice(bids)
        apply_in_place(state, BidMade(state.turn, bid.contract))  # type: ignore[arg-type]
    if state.contract is None:
        return (0,) * players
    taker = state.taker
    assert taker is not None
    if players == 5:
        apply_in_place(state, KingCalled(taker, rng.choice(callable_cards(state))))
    if state.phase is Phase.DISCARDING:
        apply_in_place(state, DogRevealed(()))
        discard = random_discard(state, rng)
        apply_in_place(state, Discarded(taker, discard.cards))
    apply_in_place(state, SlamDeclined(taker))
    play = state.play
    legal = state.legal_plays
    while state.phase is Phase.PLAYING:
        play(random_card(legal(), rng))
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


def measure(run: Callable[[Rules, int, int, int, random.Random], tuple[int, ...]],
            rules: Rules, players: int, seconds: float, seed: int) -> tuple[int, float]:
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine bench", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--players", type=int, nargs="*", default=[3, 4, 5])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rules = load_rules()
    print(f"random legal deals per second, one core, {args.seconds:g} s per figure")
    print(f"{'players':>7}  {'simulation':>12}  {'event-sourced':>14}")
    for players in args.players:
        _, fast = measure(simulate_deal, rules, players, args.seconds, args.seed)
        _, full = measure(event_sourced_deal, rules, players, args.seconds, args.seed)
        print(f"{players:>7}  {fast:>12,.0f}  {full:>14,.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
