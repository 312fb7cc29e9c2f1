"""Play on from here: seat 0 takes a replayed deal over at one of its steps and plays the rest
against the bots ("could I have made it?").

The deal's log is cut where a seat is to decide (a card and the trick it completes are one
command, so a cut never falls between them) and handed to a fresh one-deal match; the
replayed deal itself is never changed. The practice table saves nothing, and the end of the
deal leads back to the replay.
"""

from __future__ import annotations

from typing import Any

from engine.deal import Deal
from engine.match import Match
from game.app.window import App
from game.replay.cursor import ReplayCursor
from game.table.scene import TableScene


def practice_match(cursor: ReplayCursor) -> tuple[Match, int] | None:
    """A one-deal match holding the replayed deal's log up to where a seat is next to decide
    at or after the cursor, and that position; ``None`` when the deal is over there."""
    position = cursor.settled()
    state = cursor.state_at(position)
    if state.is_over:
        return None
    deal = cursor.deal
    cut = Deal(deal.rules, cursor.events[:position], state.copy())
    return Match(deal.rules, deal.players, seed=state.seed, first_dealer=state.dealer,
                 deals=[cut]), position


class PlayOnScene(TableScene):
    """The practice table: seat 0 is the player, the other seats are bots."""

    def __init__(self, app: App, controller: Any, names: list[str], position: int,
                 total: int) -> None:
        super().__init__(app, controller)
        self.names = names
        self.toast.show(self.tr("replay_play_on_started", n=position, total=total), 4.0,
                        warning=False)

    def name(self, seat: int) -> str:
        return self.names[seat] if seat < len(self.names) else super().name(seat)

    def score_button_label(self) -> str:
        return self.tr("replay_back_to_replay")

    def score_done(self) -> None:
        self.app.pop()

    def leave(self) -> None:
        super().leave()
        if self.app.scene is not self:  # closed, not covered: its bots stop
            self.controller.shutdown()
