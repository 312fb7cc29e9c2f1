"""The status line under the trick: whose turn it is, or what the player should do now.

It reads the stage: the view the table shows and the step being animated. While a step is
being animated it already names the seat to act next, but nothing that invites the player
to act appears until the table is still: "Your turn" never lights up while the previous
card is in flight.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.events import DealDealt, DogRevealed, TrickWon
from engine.state import Phase
from engine.views import SeatView
from game.table.stage import awaiting_trick

if TYPE_CHECKING:
    from game.table.stage import Stage


def status_text(table: Stage, discard_help: Callable[[], str], discarding: bool,
                declaring: Callable[[], bool]) -> str:
    """The line for the table as it stands: ``discard_help`` words the discard to make,
    ``discarding`` whether its zone is open, ``declaring`` whether the player's handful or
    misère question is open."""
    if table.human is None:
        return table.tr("table_demo")
    view = table.view
    if view.phase in (Phase.FINISHED, Phase.CANCELLED):
        return table.tr("table_deal_over")
    step = table.step
    if step is not None:
        if isinstance(step.event, DogRevealed):
            return table.tr("table_dog_go_on" if table.click_wait == "dog" else "table_dog")
        if isinstance(step.event, TrickWon) and table.click_wait == "trick" and (
                table.app.settings.trick_seconds is None):
            return table.tr("table_click_to_gather")
        if isinstance(step.event, DealDealt | TrickWon):
            return ""
        return _for_view(table, step.after, False, discard_help, discarding, declaring)
    if any(s.face >= 0.5 for s in table.sprites.dog) and view.phase is Phase.DISCARDING:
        return table.tr("table_dog")
    if not table.idle:
        return ""
    return _for_view(table, view, True, discard_help, discarding, declaring)


def _for_view(table: Stage, view: SeatView, interactive: bool,
              discard_help: Callable[[], str], discarding: bool,
              declaring: Callable[[], bool]) -> str:
    turn = view.turn
    if turn is None or awaiting_trick(view):
        return ""
    mine = turn == table.me and table.human is not None
    who = table.name(turn)
    phase = view.phase
    if phase is Phase.BIDDING:
        if mine:
            return table.tr("table_your_bid") if interactive else ""
        return table.tr("table_to_bid", name=who)
    if phase is Phase.CALLING:
        return "" if mine else table.tr("table_to_call", name=who)
    if phase is Phase.DISCARDING:
        if view.dog is None and view.contract is not None and view.rules.contract(
                view.contract).dog_shown:
            return ""  # the dog is still to be turned over: nobody discards before that
        if mine:
            return discard_help() if interactive else ""
        return table.tr("table_to_discard", name=who)
    if phase is Phase.SLAM:
        return "" if mine else table.tr("table_to_decide", name=who)
    if phase is Phase.PLAYING:
        if interactive and discarding:
            return discard_help()
        if mine and interactive and declaring():
            return table.tr("table_declare_open")
        if mine:
            return table.tr("table_your_turn") if interactive else ""
        return table.tr("table_to_play", name=who)
    return ""
