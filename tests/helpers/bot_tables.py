"""Deals played to the end by a table of bots, every answer checked by the engine's rules."""

from __future__ import annotations

from collections.abc import Sequence

from engine.ai.base import Bot
from engine.choices import check_action
from engine.deal import Deal
from engine.views import view_for


def play_out(deal: Deal, bots: Sequence[Bot]) -> Deal:
    """Play ``deal`` to its end, seat ``s`` answered by ``bots[s]`` from its own view; an
    answer the rules refuse raises (``check_action``) before it reaches the deal."""
    while not deal.is_over:
        seat = deal.state.turn
        assert seat is not None
        action = bots[seat].decide(view_for(deal.state, seat))
        check_action(deal.state, seat, action)
        deal.execute(seat, action)
    return deal
