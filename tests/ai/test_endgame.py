"""The exact search of the last tricks: the same value as trying every card, and the deal
scored by the real scoring."""

from __future__ import annotations

import random

import pytest

from engine.ai.endgame import Solver, cards_left, solve
from engine.deal import Deal
from engine.randomplay import random_action
from engine.rules import load_rules
from engine.scoring import score_deal
from engine.state import TAKER_CAMP, DealState, Phase


def late(players: int, seed: int, left: int) -> DealState | None:
    """A deal played at random until ``left`` cards remain (None if it ended otherwise)."""
    rules = load_rules(variant="miseres" if seed % 3 == 0 else "fft")
    deal = Deal.new(rules, players, seed % players, seed)
    rng = random.Random(seed)
    while not deal.is_over:
        state = deal.state
        if state.phase is Phase.PLAYING and cards_left(state) <= left:
            return state.copy()
        assert state.turn is not None
        deal.execute(state.turn, random_action(state, rng, slam_rate=0.1))
    return None


def minimax(s: DealState) -> int:
    if s.phase is not Phase.PLAYING:
        return score_deal(s).value
    values = []
    legal = s.legal_plays()
    while legal:
        low = legal & -legal
        legal ^= low
        child = s.copy()
        child.play(low.bit_length() - 1)
        values.append(minimax(child))
    assert s.turn is not None
    return max(values) if s.camp_of(s.turn) == TAKER_CAMP else min(values)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_search_finds_the_value_of_trying_every_card(players: int) -> None:
    checked = 0
    for seed in range(40):
        s = late(players, 1000 + seed, 2 * players + seed % players)
        if s is None:
            continue
        assert Solver().value(s) == minimax(s)
        checked += 1
    assert checked > 20


def test_a_seats_score_follows_the_deal_value() -> None:
    for seed in range(30):
        s = late(4, 2000 + seed, 8)
        if s is None:
            continue
        value = Solver().value(s)
        line = s.copy()
        while line.phase is Phase.PLAYING:  # play the line the table says is best
            solver = Solver()
            solver.value(line)
            best = max if line.camp_of(line.turn) == TAKER_CAMP else min  # type: ignore[arg-type]
            legal = line.legal_plays()
            options = []
            while legal:
                low = legal & -legal
                legal ^= low
                child = line.copy()
                child.play(low.bit_length() - 1)
                options.append((Solver().value(child), low.bit_length() - 1))
            line.play(best(options)[1])
        result = score_deal(line)
        assert result.value == value
        for seat in range(4):
            assert solve(s, seat) == result.scores[seat]
