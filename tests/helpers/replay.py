"""The replay viewer, driven as a player drives it: one harness for every test of the replay
scene and its review board.

:class:`Replay` opens the real viewer in a headless window (or wraps one opened another way,
``open_replay`` on a file) and posts real key and mouse events, one frame at a time.
:meth:`Replay.close` shuts its app; used as a context manager it shuts it at the end of the
block, so that a test looping over deals and sizes holds one viewer at a time.
"""

from __future__ import annotations

from collections.abc import Callable
from types import TracebackType
from typing import Any

import pygame
import pytest

from engine.actions import PASS
from engine.ai import make_bot
from engine.deal import Deal
from engine.rules import load_rules
from engine.state import replay
from engine.views import view_for
from game import driving
from game.app.window import App
from game.replay.lines import ScrollList
from game.replay.viewer import ReplayInfo, ReplayScene
from tests.helpers.apps import open_app, shut

DT = 1 / 60
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve")


def passed_out(players: int = 4, dealer: int = 3, seed: int = 11) -> Deal:
    """A deal every seat passed: cancelled before a card is played."""
    deal = Deal.new(load_rules(), players, dealer, seed)
    while not deal.is_over:
        deal.execute(deal.state.turn, PASS)  # type: ignore[arg-type]
    return deal


def played_deal(players: int, seed: int, bots: str = "simple", seat_0: str | None = None
                ) -> Deal:
    """A deal played to its score (not cancelled) by ``bots`` (seat 0 by ``seat_0`` when
    given: "random" makes mistakes for the review to find); seeds from ``seed`` on."""
    while True:
        deal = Deal.new(load_rules(), players, players - 1, seed)
        seats = [make_bot(seat_0 if s == 0 and seat_0 else bots, seed * 10 + s)
                 for s in range(players)]
        while not deal.is_over:
            seat = deal.state.turn
            deal.execute(seat, seats[seat].decide(view_for(deal.state, seat)))
        if deal.result is not None:
            return deal
        seed += 1000


#: The sampled deals of a quick analysis (:func:`quick_analysis`): per decision, per point
#: of the graph.
SAMPLES = 4
GRAPH_SAMPLES = 3


def quick_analysis(monkeypatch: pytest.MonkeyPatch) -> None:
    """The expert's analysis looks at a few sampled deals only, so that the tests stay
    quick; the values are still the analysis' own, which is what the tests compare."""
    import game.replay.analysis as analysis

    real = analysis.DealAnalysis.__init__

    def quick(self: Any, deal: Deal, seat: int = 0, samples: int = 48, seed: int = 0,
              **options: Any) -> None:
        options["graph_samples"] = GRAPH_SAMPLES
        real(self, deal, seat, samples=SAMPLES, seed=seed, **options)

    monkeypatch.setattr(analysis.DealAnalysis, "__init__", quick)


class Replay:
    """The replay scene on an app, with the keys and clicks of a player."""

    def __init__(self, scene: ReplayScene, app: App,
                 on_frame: Callable[[Replay], None] | None = None,
                 settle_frames: int = 2000) -> None:
        self.scene = scene
        self.app = app
        self.deal = scene.info.deal
        self.on_frame = on_frame
        self.settle_frames = settle_frames
        self.step(3)

    @classmethod
    def of(cls, deal: Deal, size: tuple[int, int] = (1280, 720), speed: str = "instant",
           app: App | None = None, title: str = "test deal",
           on_frame: Callable[[Replay], None] | None = None,
           settle_frames: int = 2000) -> Replay:
        """The viewer on ``deal`` (seat names Ann, Bob…) in a new app of ``size``, or on
        ``app`` when given (the test then owns that app)."""
        app = app or open_app(size, animation_speed=speed)
        scene = ReplayScene(app, ReplayInfo(deal, list(NAMES[:deal.players]), title))
        app.push(scene)
        return cls(scene, app, on_frame, settle_frames)

    def close(self) -> None:
        shut(self.app)

    def __enter__(self) -> Replay:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()

    # --- time -------------------------------------------------------------------------------
    def step(self, frames: int = 1) -> None:
        for _ in range(frames):
            self.app.step(DT)
            if self.on_frame is not None:
                self.on_frame(self)  # a check a test makes at every frame

    def settle(self) -> None:
        """Until the viewer is at rest (its animations done)."""
        for _ in range(self.settle_frames):
            if self.scene.idle:
                return
            self.step()
        raise AssertionError("the viewer never settled")

    def finish_analysis(self) -> None:
        analysis = self.scene.analysis
        assert analysis is not None
        assert analysis.wait(240), f"analysis at {analysis.done}/{analysis.total}"
        self.step(2)

    # --- a player's hands -------------------------------------------------------------------
    def key(self, key: int, mod: int = 0) -> None:
        driving.key(key, self.step, mod=mod)
        self.settle()

    def click(self, pos: tuple[int, int]) -> None:
        driving.click(pos, self.step)
        self.settle()

    def wheel(self, pos: tuple[int, int], notches: int) -> None:
        """The pointer to ``pos``, then the wheel turned ``notches`` (up when positive)."""
        pygame.mouse.set_pos(pos)
        driving.move(pos, self.step)
        driving.post(pygame.MOUSEWHEEL, x=0, y=notches, flipped=False, precise_x=0.0,
                     precise_y=float(notches))
        self.step()

    def click_row(self, listing: ScrollList, index: int) -> None:
        """Row ``index`` of a list of the side panel, wheeled into view, clicked."""
        for _ in range(200):
            row = listing.row_rect(index)
            if listing.rect.contains(row):
                self.click(row.center)
                return
            self.wheel(listing.rect.center, 1 if row.top < listing.rect.top else -1)
        raise AssertionError(f"row {index} never came into view: {listing.row_rect(index)} in "
                             f"{listing.rect}, scrolled {listing.scroll} of {listing.max_scroll}")

    # --- what a player checks ---------------------------------------------------------------
    def check_position(self) -> None:
        """What the table shows is seat 0's view of a fresh fold of the log's prefix."""
        position = self.scene.cursor.position
        fresh = replay(self.deal.rules, self.deal.events[:position])
        expected = view_for(fresh, 0)
        table = self.scene.table
        assert table.view == expected
        assert sorted(table.hand.sprites) == sorted(expected.hand)
        shown = [(sprite.owner, sprite.card) for sprite in table.sprites.trick]
        assert shown == list(zip(expected.trick.seats(self.deal.players), expected.trick.cards,
                                 strict=True))

    def at_rest_as_the_engine_says(self) -> None:
        """The table shows seat 0's view of the cursor's state, and that hand."""
        table = self.scene.table
        assert table.view == view_for(self.scene.cursor.state, 0)
        assert sorted(table.hand.sprites) == sorted(table.view.hand)

