"""The table, driven as a player drives it: one harness for every test of the table scene.

:class:`Table` opens an app with a match's table on it (bots in the other seats, answering
on the controller's thread: the harness gives that thread a moment whenever a bot thinks),
and posts real mouse and key events to pygame's queue at the positions of the sprites, one
frame at a time. :meth:`Table.close` closes the app: nothing of a table outlives its test.
"""

from __future__ import annotations

import contextlib
import time
import weakref
from collections.abc import Callable, Iterator
from typing import Any

from engine import cards as C
from engine import choices as O
from engine.actions import Bid, Call, DecideSlam
from engine.ai import make_bot
from engine.deal import Deal
from engine.match import Match
from engine.rules import load_rules
from engine.state import Phase
from game import driving
from game.app.i18n import tr
from game.match.controller import MatchController
from game.table.scene import TableScene
from tests.helpers.apps import open_app, shut

DT = 1 / 60
#: the tables not closed yet: conftest.py closes those a test leaves open
OPEN: weakref.WeakSet[Table] = weakref.WeakSet()


class Table:
    """An app with the table scene on it, and the hands of a player."""

    def __init__(self, players: int = 4, seed: int = 3, first_dealer: int | None = None,
                 bots: str = "simple", size: tuple[int, int] = (1280, 720),
                 human: int | None = 0, speed: str = "instant", match: Match | None = None,
                 bot_players: dict[int, Any] | None = None) -> None:
        self.app = open_app(size, animation_speed=speed)
        dealer = (players - 1) if first_dealer is None else first_dealer
        self.match = match or Match.new(load_rules(), players, seed, first_dealer=dealer)
        bot_seats = [s for s in range(self.match.players) if s != human]
        self.controller = MatchController(
            self.match, bot_players or {s: make_bot(bots, seed * 10 + s) for s in bot_seats},
            human_seat=human)
        self.scene = TableScene(self.app, self.controller)
        self.app.push(self.scene)
        OPEN.add(self)

    def close(self) -> None:
        """The bots stop and the app closes: its window, scenes and card art go with it."""
        OPEN.discard(self)
        self.controller.shutdown()
        shut(self.app)

    def __enter__(self) -> Table:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- time -------------------------------------------------------------------------------
    def step(self, frames: int = 1) -> None:
        for _ in range(frames):
            self.app.step(DT)
            if self.controller.is_thinking():
                time.sleep(0.0005)  # let the bot's thread answer

    def until(self, condition, limit: int = 20_000) -> None:
        for _ in range(limit):
            if condition():
                return
            self.step()
        raise AssertionError("timed out")

    def settle(self) -> None:
        """Until the human must act (or the deal is over) and the table is idle."""
        self.until(lambda: self.scene.idle and (self.controller.waiting_for_human()
                                                or self.match.current.is_over))
        self.step(2)

    # --- the mouse (game.driving posts what a player's hand on the mouse would) -------------
    @staticmethod
    def post(kind: int, **values) -> None:
        driving.post(kind, **values)

    def click(self, pos: tuple[int, int]) -> None:
        driving.click(pos, self.step)

    def drag(self, start: tuple[int, int], end: tuple[int, int], steps: int = 6) -> None:
        driving.drag(start, end, self.step, steps)

    def card_point(self, card: int) -> tuple[int, int]:
        """A point on the visible part of a hand card (near its corner index)."""
        point = driving.card_point(self.scene, card, search=False)
        assert point is not None, "the point must hit that card"
        return point

    @property
    def centre(self) -> tuple[int, int]:
        x, y = self.scene.layout.centre
        return round(x), round(y)

    def drag_to_table(self, card: int) -> None:
        self.drag(self.card_point(card), self.centre)

    # --- dialogs ------------------------------------------------------------------------------
    def button(self, label: str):
        panel = self.scene.dialogs.open_panel()
        assert panel is not None, "a dialog should be open"
        for button in panel.buttons:
            if button.label == label:
                return button
        raise AssertionError(f"no button {label!r} in {[b.label for b in panel.buttons]}")

    def answer(self, action) -> None:
        """Answer the open question through its dialog (or the controller without one)."""
        panel = self.scene.dialogs.open_panel()
        if panel is None:
            assert self.controller.submit(action) is None
        elif isinstance(action, Bid):
            self.click(self.button(tr(action.contract or "pass")).rect.center)
        elif isinstance(action, DecideSlam):
            label = "panel_slam_yes" if action.announce else "panel_slam_no"
            self.click(self.button(tr(label)).rect.center)
        elif isinstance(action, Call):
            assert self.scene.submit(action)
        else:  # a handful or misère offer: decline it
            self.click(panel.buttons[-1].rect.center)
        self.step()

    def decline_offers(self) -> None:
        """Close a handful or misère offer before the first card."""
        for _ in range(3):
            panel = self.scene.dialogs.open_panel()
            if panel is None:
                return
            name = type(panel).__name__
            assert name in ("HandfulPanel", "MiserePanel"), name
            self.click(self.button(tr("panel_no_thanks")).rect.center)
            self.step(2)


def become_taker(table: Table) -> None:
    table.settle()
    assert table.scene.view.phase is Phase.BIDDING
    if table.scene.dialogs.open_panel() is not None:
        assert type(table.scene.dialogs.open_panel()).__name__ == "BiddingPanel"
    table.answer(Bid("garde"))
    table.settle()
    view = table.scene.view
    assert view.taker == 0 and view.contract == "garde"
    assert view.phase is Phase.DISCARDING


@contextlib.contextmanager
def the_taker(table: Table) -> Iterator[Table]:
    """``table`` with the player as taker, the discard to make; closed after."""
    try:
        become_taker(table)
        yield table
    finally:
        table.close()


def make_discard(table: Table) -> None:
    """Drag the first six cards that may go into the zone, and confirm."""
    scene = table.scene
    for card in C.cards_of(O.discard_options(scene.view).allowed)[:6]:
        table.drag(table.card_point(card), scene.layout.discard_rect.center)
    table.click(scene.editor.confirm_button.rect.center)
    table.settle()


def play_the_seat(table: TableScene, step: Callable[[], object], seed: int,
                  bot: str = "simple", decisions: int | None = None) -> Deal:
    """The player's seat at ``table`` played by ``bot`` (its decisions submitted as the
    player's, once the table is at rest; "random" makes mistakes) until the deal's score
    shows, or, given ``decisions``, until that many are made and the player's turn comes
    again (the deal left under way); ``step`` runs a frame. Returns the deal."""
    controller = table.player
    assert isinstance(controller, MatchController)
    me = make_bot(bot, seed)
    made = 0
    for _ in range(80_000):
        if controller.match.current.is_over and table.score_panel is not None:
            return controller.match.current
        if controller.waiting_for_human() and table.idle:
            if decisions is not None and made >= decisions:
                return controller.match.current
            assert controller.submit(me.decide(controller.view())) is None
            made += 1
        step()
        if controller.is_thinking():
            time.sleep(0.0005)
    raise AssertionError("the deal never ended")


def taken_by_the_player(players: int, seed: int) -> Match:
    """A match where the player (seat 0, first to speak) bids Garde and everyone passes."""
    match = Match.new(load_rules(), players, seed, first_dealer=players - 1)
    while match.current.state.phase is Phase.BIDDING:
        seat = match.current.state.turn
        match.execute(seat, Bid("garde" if seat == 0 else None))
    return match
