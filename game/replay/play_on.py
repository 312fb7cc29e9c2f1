"""Play on from here: seat 0 takes a replayed deal over at one of its steps and plays the rest
against the bots ("could I have made it?"); played to the end, it is handed back to the
replay, which keeps it as a variation.

The deal's log is cut where a seat is to decide (a card and the trick it completes are one
command, so a cut never falls between them) and handed to a fresh one-deal match; the
replayed deal itself is never changed. The practice table saves no match, and the end of the
deal leads back to the replay.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.deal import Deal
from engine.match import Match
from game.app.window import App, Scene
from game.match.controller import MatchController
from game.match.session import open_table
from game.replay.cursor import ReplayCursor
from game.table.options import TableOptions


def practice_match(cursor: ReplayCursor) -> tuple[Match, int] | None:
    """A one-deal match holding the replayed deal's log up to where a seat is next to decide
    at or after the cursor, and that position; ``None`` when the deal is over there."""
    position = cursor.settled()
    state = cursor.state_at(position)
    if state.is_over:
        return None
    deal = cursor.deal
    cut = Deal(deal.rules, cursor.events[:position], state.copy())
    return Match(deal.rules, deal.players, seed=state.seed or 0, first_dealer=state.dealer,
                 deals=[cut]), position


class _Practice:
    """What the practice table does on leaving: it asks first when a try is begun but not
    finished, and once closed it stops its bots and hands a deal played to the end back."""

    def __init__(self, app: App, controller: MatchController, position: int,
                 on_done: Callable[[Deal], object] | None) -> None:
        self.app = app
        self.controller = controller
        self.position = position
        self.on_done = on_done

    def leave(self) -> None:
        """Esc or the menu: a try the player has begun but not finished would be lost (only
        a deal played to the end is kept as a variation), so leaving it asks first."""
        from game.app.screens import ConfirmDialog

        deal = self.controller.match.current
        human = self.controller.human_seat
        begun = any(getattr(e, "seat", None) == human for e in deal.events[self.position:])
        if deal.is_over or not begun:
            self.app.pop()
            return
        self.app.push(ConfirmDialog(self.app, self.app.tr("replay_play_on_leave_question"),
                                    self.app.pop, yes_key="replay_play_on_leave",
                                    no_key="replay_play_on_stay"))

    def closed(self) -> None:
        self.controller.shutdown()  # closed, not covered: its bots stop
        deal = self.controller.match.current
        if deal.is_over and self.on_done is not None:
            self.on_done(deal)  # played to the end: the replay keeps it
            self.on_done = None


def open_play_on(app: App, controller: MatchController, names: list[str], position: int,
                 total: int, on_done: Callable[[Deal], object] | None = None) -> Scene:
    """The practice table, on screen: seat 0 is the player, the other seats are bots; the
    end of the deal (or Esc) leads back to the replay."""
    practice = _Practice(app, controller, position, on_done)
    return open_table(app, controller, options=TableOptions(
        names=names, score_label="replay_back_to_replay", on_score_done=app.pop,
        leave_label="replay_back_to_replay", on_menu=practice.leave, on_closed=practice.closed,
        undo_question="replay_play_on_undo_question",
        greeting=(app.tr("replay_play_on_started", n=position, total=total), 6.0)))


__all__ = ["open_play_on", "practice_match"]
