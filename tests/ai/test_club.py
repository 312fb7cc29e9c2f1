"""The club player's card play: the same card whether it reads a seat's view (the simple bot)
or the knowledge a play-out keeps card by card (the expert's play-outs)."""

from __future__ import annotations

import random

import pytest

from engine.ai import club, club_tracker
from engine.ai.random_bot import RandomBot
from engine.ai.simple_bot import SimpleBot
from engine.deal import Deal
from engine.rules import load_rules
from engine.state import Phase
from engine.views import view_for

VARIANTS = ("fft", "miseres", "call_any_card")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_play_out_plays_the_simple_bots_cards(players: int) -> None:
    checked = 0
    for i in range(12):
        rules = load_rules(variant=VARIANTS[i % len(VARIANTS)])
        deal = Deal.new(rules, players, i % players, 900 + 31 * i + players)
        rng = random.Random(i)
        bots = [RandomBot(s) if rng.random() < 0.3 else SimpleBot(s) for s in range(players)]
        cut = rng.randrange(1, 6 * players)
        steps = 0
        while not deal.is_over and (deal.state.phase is not Phase.PLAYING or steps < cut):
            seat = deal.state.turn
            assert seat is not None
            view = view_for(deal.state, seat)
            deal.execute(seat, bots[seat].decide(view))
            steps += deal.state.phase is Phase.PLAYING
        if deal.is_over or deal.state.phase is not Phase.PLAYING:
            continue
        # from here, a tracker on a copy plays every seat like the simple bot would
        state = deal.state.copy()
        tracker = club_tracker.Tracker(state)
        simple = SimpleBot(0)
        while state.phase is Phase.PLAYING:
            seat = state.turn
            assert seat is not None
            view = view_for(state, seat)
            legal = state.legal_plays()
            if legal & (legal - 1):
                card = club.choose_card(tracker.reading(legal))
                assert card == simple.play(view).card
                assert card == club.choose_card(club.reading_of_view(view))
                checked += 1
            else:
                card = legal.bit_length() - 1
            tracker.play(card)
        assert state.scores is None and state.trick_index == state.total_tricks
    assert checked > 100
