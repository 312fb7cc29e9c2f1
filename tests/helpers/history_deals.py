"""Real deals for the history tests: played to the end by bots or random moves, with the
bidding steered so that a chosen seat takes (or nobody does), then saved into the history
folder as the game saves them."""

from __future__ import annotations

import datetime as _dt
import random
from pathlib import Path
from typing import Any

from engine.actions import Bid
from engine.ai import make_bot
from engine.deal import Deal
from engine.randomplay import random_action
from engine.rules import load_rules
from engine.saves import save_deal
from engine.state import Phase
from engine.views import view_for
from game.app import paths

NAMES = ("Ana", "Léa", "Hugo", "Chloé", "Marc")


def play_deal(players: int, seed: int, taker: int | None = 0, contract: str = "garde",
              variant: str = "fft", made: bool | None = None, bots: bool = False) -> Deal:
    """A finished deal where ``taker`` bids ``contract`` and the others pass (``None``: all
    pass, a cancelled deal); ``made`` picks the outcome. The cards are played at random, or
    by the simple bot when ``bots``; seeds are tried from ``seed`` until one fits."""
    rules = load_rules(variant=variant)
    for attempt in range(400):
        number = seed + attempt * 7919
        deal = Deal.new(rules, players, number % players, number)
        if deal.is_over:  # a petit sec: dealt again
            continue
        rng = random.Random(number)
        players_bots = [make_bot("simple", number + s) for s in range(players)] if bots else []
        while not deal.is_over:
            state = deal.state
            seat = state.turn
            assert seat is not None
            if state.phase is Phase.BIDDING:
                action: Any = Bid(contract if seat == taker else None)
            elif bots:
                action = players_bots[seat].decide(view_for(state, seat))
            else:
                action = random_action(state, rng)
            deal.execute(seat, action)
        if taker is None:
            return deal
        result = deal.result
        if result is not None and (made is None or result.made == made):
            return deal
    raise AssertionError("no deal found")


def archive(deal: Deal, when: _dt.datetime, folder: Path | None = None, number: int = 0,
            **meta: Any) -> Path:
    """Save ``deal`` in the history as the game does, dated ``when``."""
    folder = folder or paths.history_dir()
    stamp = when.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{stamp}{f'.{number}' if number else ''}-{deal.players}p.json"
    data: dict[str, Any] = {"date": when.isoformat(), "names": list(NAMES[:deal.players]),
                            "variant": deal.rules.variant}
    data.update(meta)
    save_deal(deal, path, data)
    return path


def day(number: int, hour: int = 12) -> _dt.datetime:
    return _dt.datetime(2024, 5, 1, hour) + _dt.timedelta(days=number)
