"""A challenge's tables played as a player plays them, for the tests of the challenge: the
player's seat answered with a club player's decisions (the table's other seats are the
series' bots, thinking in the game's workers)."""

from __future__ import annotations

import time

from engine.ai import make_bot
from engine.deal import Deal
from game.app.window import App
from game.table.scene import TableScene
from tests.helpers.screens import step
from tests.helpers.table import play_the_seat


def to_the_players_turn(app: App, table: TableScene) -> None:
    """Frames until the player is to decide and the table is still."""
    for _ in range(4000):
        if table.player.waiting_for_human() and table.idle:
            step(app, 2)
            return
        step(app)
        time.sleep(0.0005)
    raise AssertionError("the player's turn never came")


def play_the_table(app: App, table: TableScene, seed: int, decisions: int | None = None
                   ) -> Deal:
    """The player plays its seat (with a club player's choices) to the score panel, or makes
    ``decisions`` of them and stops at its next turn (the deal under way)."""
    deal = play_the_seat(table, lambda: step(app), seed, decisions=decisions)
    step(app, 2)
    return deal


def replay_of_a_finished_deal(app: App, players: int, dealer: int, seed: int,
                              level: str = "random", variant: str = "fft") -> Deal:
    """A deal played to its end by bots of ``level``, opened in the replay viewer (where C
    starts a challenge on its cards); returns the deal."""
    from engine.rules import load_rules
    from engine.views import view_for
    from game.replay.viewer import ReplayInfo, ReplayScene

    deal = Deal.new(load_rules(variant=variant), players, dealer, seed)
    bots = [make_bot(level, seat) for seat in range(players)]
    while not deal.is_over:
        seat = deal.state.turn
        assert seat is not None
        deal.execute(seat, bots[seat].decide(view_for(deal.state, seat)))
    app.push(ReplayScene(app, ReplayInfo(deal, ["Ann", "Bob", "Cat", "Dan", "Eve"][:players],
                                         "seen")))
    step(app, 3)
    return deal
