"""A player's profile as a player leaves it — settings, the match in progress, a finished
deal in the history — and its snapshot, to check that a command that went wrong left every
byte of it as it was."""

from __future__ import annotations

import datetime as _dt
import random
from pathlib import Path

from engine.match import Match
from engine.randomplay import random_action
from engine.rules import load_rules
from engine.saves import save_match
from game.app import paths
from game.app.settings import Settings
from tests.helpers.history_deals import NAMES, archive, play_deal


def a_profile(home: Path) -> dict[str, bytes]:
    """Settings, a saved match a few moves into a deal and a finished deal in the history,
    under ``home`` (the test's ``TAROT_HOME``); returns their :func:`snapshot`."""
    Settings(player_name="Ana", language="fr", animation_speed="slow").save()
    match = Match.new(load_rules(), 4, seed=5)
    rng = random.Random(5)
    for _ in range(6):
        state = match.current.state
        match.current.execute(state.turn, random_action(state, rng))
    save_match(match, paths.current_match_file(), {"names": list(NAMES[:4])})
    archive(play_deal(4, 3), _dt.datetime(2026, 5, 1, 20, 15))
    taken = snapshot(home)
    assert len(taken) >= 3, taken.keys()
    return taken


def snapshot(home: Path) -> dict[str, bytes]:
    """Every file of the profile by its path under ``home``, with its bytes; the log, which
    any run may write to, is left out."""
    logs = paths.log_dir()
    return {str(file.relative_to(home)): file.read_bytes() for file in sorted(home.rglob("*"))
            if file.is_file() and logs not in file.parents}
