"""The match controller: bots in worker processes (named bots) or on a thread (bot objects), the
human's commands, holds, stale answers, decisions cancelled by an undo or by leaving the table."""

from __future__ import annotations

import itertools
import logging
import pathlib
import threading
import time
from collections.abc import Callable, Iterator

import pytest

from engine.actions import PASS, Action, Bid, Play
from engine.ai import make_bot
from engine.ai.base import Bot, Stop
from engine.ai.thinker import BotSpec, Thinker
from engine.deal import Deal
from engine.events import BidMade, DealDealt
from engine.match import Match
from engine.rules import load_rules
from engine.views import SeatView, public_events, view_for
from game.match.controller import MatchController
from game.table.source import Redraw
from tests.helpers.apps import open_app
from tests.helpers.thinking_bots import notes

RULES = load_rules()


def wait_until(condition: Callable[[], bool], controller: MatchController | None = None,
               timeout: float = 10.0) -> None:
    """Call ``update()`` (when given a controller) until ``condition()`` holds."""
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            raise AssertionError("timed out")
        if controller is not None:
            controller.update()
        time.sleep(0.001)


def live_match(players: int = 4, first_dealer: int = 3) -> Match:
    """A match whose first deal is not cancelled at the deal (petit sec)."""
    for seed in range(100):
        match = Match.new(RULES, players, seed, first_dealer)
        if not match.current.is_over:
            return match
    raise AssertionError("no live deal")


class GateBot:
    """Answers a fixed action once ``gate`` is set; counts how often it was asked."""

    name = "gate"

    def __init__(self, answer: Action) -> None:
        self.answer = answer
        self.gate = threading.Event()
        self.asked = 0

    def decide(self, view: SeatView, stop: Stop = None) -> Action:
        self.asked += 1
        self.gate.wait(10)
        return self.answer


class SlowBot:
    name = "slow"

    def decide(self, view: SeatView, stop: Stop = None) -> Action:
        time.sleep(5)
        return PASS


class BrokenBot:
    """Answers nonsense, or raises."""

    name = "broken"

    def __init__(self) -> None:
        self.calls = 0

    def decide(self, view: SeatView, stop: Stop = None) -> Action:
        self.calls += 1
        if self.calls % 2:
            raise RuntimeError("bug")
        return Play(77) if view.phase.value == "bidding" else Bid("nonsense")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_bots_only_match_plays_through(players: int) -> None:
    match = Match.new(RULES, players, seed=players)
    bots: dict[int, Bot] = {
        s: make_bot("simple" if s % 2 else "random", s) for s in range(players)
    }
    changes: list[int] = []
    controller = MatchController(match, bots, human_seat=None,
                                 on_change=lambda m: changes.append(len(m.events())))
    polled = controller.poll()  # the first deal, dealt on screen
    try:
        for _ in range(4):
            wait_until(lambda: match.current.is_over, controller, timeout=30)
            assert controller.whose_turn() is None and not controller.is_thinking()
            polled += controller.poll()
            controller.next_deal()
        polled += controller.poll()
    finally:
        controller.shutdown()
    assert len(match.deals) == 5
    assert all(d.is_over for d in match.deals[:4])
    assert sum(match.totals) == 0
    # every event, one step each, in the form seat 0 may see it, with its views in order
    assert [step.event for step in polled] == public_events(match.events(), 0)
    for previous, step in itertools.pairwise(polled):
        if not isinstance(step.event, DealDealt):
            assert step.before == previous.after
    assert all(step.after.seat == 0 for step in polled)
    assert changes and changes == sorted(changes)
    assert controller.view().seat == 0


def test_the_human_seat() -> None:
    match = live_match(first_dealer=3)  # seat 0 speaks first
    bots: dict[int, Bot] = {s: make_bot("simple", s) for s in (1, 2, 3)}
    changes: list[Match] = []
    controller = MatchController(match, bots, human_seat=0, on_change=changes.append)
    try:
        assert controller.waiting_for_human() and controller.whose_turn() == 0
        controller.update()
        assert not controller.is_thinking()  # nobody but the human is to act
        before = list(match.current.events)
        controller.poll()  # the deal, dealt on screen
        refusal = controller.submit(Play(0))
        assert refusal is not None and refusal.reason == "no_play_now"
        assert refusal.name == "bidding"
        refusal = controller.submit(Bid("nonsense"))
        assert refusal is not None and refusal.reason == "unknown_contract"
        assert "nonsense" in refusal.text()
        assert match.current.events == before and not changes
        assert controller.poll() == []
        assert controller.submit(PASS) is None
        assert len(changes) == 1
        [step] = controller.poll()
        assert step.event == BidMade(0, None) and step.after.bids == ((0, None),)
        assert not controller.waiting_for_human()
        wait_until(lambda: len(match.current.state.bids) == 4 or match.current.is_over,
                   controller)
        assert controller.view().seat == 0 and controller.view(2).seat == 2
        assert len(changes) >= 4
    finally:
        controller.shutdown()


def test_demo_mode_has_no_human() -> None:
    match = live_match()
    controller = MatchController(match, {s: make_bot("random", s) for s in range(4)},
                                 human_seat=None)
    try:
        assert controller.submit(PASS) is not None
        assert not controller.waiting_for_human()
    finally:
        controller.shutdown()
    with pytest.raises(ValueError, match="no bot for seat"):
        MatchController(match, {0: make_bot("random", 0)}, human_seat=1)


def test_hold_stops_bot_moves() -> None:
    match = live_match()
    controller = MatchController(match, {s: make_bot("simple", s) for s in range(4)},
                                 human_seat=None)
    try:
        controller.hold(True)
        count = len(match.current.events)
        end = time.monotonic() + 0.3
        while time.monotonic() < end:
            controller.update()
            time.sleep(0.002)
        assert len(match.current.events) == count
        assert not controller.is_thinking()  # the answer is ready, held back
        controller.hold(False)
        controller.update()
        assert len(match.current.events) == count + 1
    finally:
        controller.shutdown()


def test_a_stale_answer_is_dropped_after_an_undo() -> None:
    match = live_match(first_dealer=3)  # seat 0 (human) speaks first, then seat 1
    gate = GateBot(Bid("garde"))
    bots: dict[int, Bot] = {1: gate, 2: make_bot("simple", 2), 3: make_bot("simple", 3)}
    controller = MatchController(match, bots, human_seat=0)
    try:
        assert controller.submit(PASS) is None
        controller.update()
        wait_until(lambda: gate.asked == 1)
        assert controller.is_thinking()
        assert match.undo(0)  # the human takes the pass back while seat 1 thinks
        gate.gate.set()
        wait_until(lambda: not controller.is_thinking())
        controller.update()
        assert [type(e) for e in match.current.events] == [DealDealt]
        assert controller.waiting_for_human()
        # the same number of events again, but a different state: the bot is asked anew
        assert controller.submit(Bid("petite")) is None
        controller.update()
        wait_until(lambda: len(match.current.events) == 3, controller)
        assert gate.asked == 2
        assert match.current.events[2] == BidMade(1, "garde")
    finally:
        controller.shutdown()


def test_controller_undo_drops_the_pending_answer() -> None:
    match = live_match(first_dealer=3)
    gate = GateBot(PASS)
    bots: dict[int, Bot] = {1: gate, 2: make_bot("simple", 2), 3: make_bot("simple", 3)}
    controller = MatchController(match, bots, human_seat=0)
    try:
        assert controller.submit(PASS) is None
        controller.update()
        wait_until(lambda: gate.asked == 1)
        assert controller.undo()
        assert not controller.is_thinking()
        [redraw] = [c for c in controller.poll() if isinstance(c, Redraw)]
        assert redraw.view.bids == () and redraw.event is match.current.events[-1]
        gate.gate.set()
        for _ in range(50):
            controller.update()
            time.sleep(0.001)
        assert len(match.current.events) == 1 and controller.waiting_for_human()
        assert not controller.undo()  # nothing of the human's left to take back
    finally:
        controller.shutdown()


def test_controller_undo_names_the_decision_and_marks_the_deal_practised() -> None:
    match = live_match(first_dealer=3)
    saved: list[set[int]] = []
    bots: dict[int, Bot] = {s: make_bot("simple", s) for s in (1, 2, 3)}
    controller = MatchController(match, bots, human_seat=0,
                                 on_change=lambda m: saved.append(set(m.practised)))
    try:
        assert controller.undoable() is None
        assert not controller.undo()
        assert match.practised == set() and saved == []
        assert controller.submit(Bid("garde")) is None
        assert controller.undoable() == Bid("garde")
        assert controller.undoable(1) is None
        assert controller.undo()
        assert match.practised == {0}
        assert saved[-1] == {0}  # the autosave sees the deal practised at once
        assert controller.waiting_for_human() and controller.undoable() is None
    finally:
        controller.shutdown()


def test_a_broken_bot_is_replaced_by_a_random_legal_action(
        caplog: pytest.LogCaptureFixture) -> None:
    match = live_match()
    bots: dict[int, Bot] = {s: make_bot("simple", s) for s in range(4)}
    bots[2] = BrokenBot()
    controller = MatchController(match, bots, human_seat=None)
    try:
        with caplog.at_level(logging.WARNING, logger="game.match.controller"):
            wait_until(lambda: match.current.is_over, controller, timeout=30)
    finally:
        controller.shutdown()
    assert match.current.is_over
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert warnings and "broken" in warnings[0].getMessage()


def test_shutdown_does_not_wait_for_a_thinking_bot() -> None:
    match = live_match(first_dealer=3)
    bots: dict[int, Bot] = {s: SlowBot() for s in range(4)}
    controller = MatchController(match, bots, human_seat=None)
    controller.update()
    assert controller.is_thinking()
    start = time.monotonic()
    controller.shutdown()
    assert time.monotonic() - start < 0.5
    count = len(match.current.events)
    controller.update()  # a no-op once shut down
    assert len(match.current.events) == count and not controller.is_thinking()


# --- bots in worker processes: what the game uses ------------------------------------------------

PONDERING = "tests/helpers/thinking_bots.py:Pondering"


@pytest.fixture(scope="module")
def thinker() -> Iterator[Thinker]:
    with Thinker(workers=1) as running:
        yield running


def settle(thinker: Thinker) -> None:
    """Wait (bounded) until the thinker runs nothing: every search asked has ended."""
    wait_until(lambda: not thinker.busy(), timeout=60)


def test_named_bots_play_a_match_in_the_worker_process(thinker: Thinker) -> None:
    match = live_match()
    bots = {s: BotSpec("simple", seed=s) for s in range(4)}
    controller = MatchController(match, bots, human_seat=None, thinker=thinker)
    try:
        wait_until(lambda: match.current.is_over, controller, timeout=60)
    finally:
        controller.shutdown()
    # the same bots here, asked in this process, play the same deal
    here = {s: make_bot("simple", s) for s in range(4)}
    deal = Deal.from_dealt(RULES, match.current.events[0])
    while not deal.is_over:
        seat = deal.state.turn
        assert seat is not None
        deal.execute(seat, here[seat].decide(view_for(deal.state, seat)))
    assert deal.events == match.current.events


def test_an_undo_while_a_bot_thinks_stops_its_search(thinker: Thinker,
                                                       tmp_path: pathlib.Path) -> None:
    mark = tmp_path / "pondering"
    match = live_match(first_dealer=3)  # seat 0 (human) speaks first, then seat 1
    bots = {1: BotSpec(PONDERING, options={"mark": str(mark)}),
            2: BotSpec("simple", 2), 3: BotSpec("simple", 3)}
    controller = MatchController(match, bots, human_seat=0, thinker=thinker)
    try:
        assert controller.submit(PASS) is None
        controller.update()
        assert controller.is_thinking()
        wait_until(lambda: notes(mark) == ["start"], timeout=60)  # the search has begun
        assert controller.undo()  # the human takes the pass back while seat 1 thinks
        assert not controller.is_thinking() and controller.waiting_for_human()
        settle(thinker)  # the search came back although it thinks "forever" unless stopped
        assert notes(mark) == ["start", "stop"]
        controller.update()
        assert [type(e) for e in match.current.events] == [DealDealt]
        # asked anew about the new state
        assert controller.submit(Bid("petite")) is None
        controller.update()
        assert controller.is_thinking()
        wait_until(lambda: notes(mark) == ["start", "stop", "start"], timeout=60)
    finally:
        controller.shutdown()
    settle(thinker)  # leaving for good stops it too
    assert notes(mark) == ["start", "stop", "start", "stop"]
    assert len(match.current.events) == 2  # its cancelled answer was never carried out


def test_leaving_the_table_while_a_bot_thinks_stops_its_search(thinker: Thinker,
                                                              tmp_path: pathlib.Path) -> None:
    from game.table.scene import TableScene

    mark = tmp_path / "pondering"
    match = live_match(first_dealer=0)  # seat 1 speaks first
    bots = {1: BotSpec(PONDERING, options={"mark": str(mark)}),
            2: BotSpec("simple", 2), 3: BotSpec("simple", 3)}
    controller = MatchController(match, bots, human_seat=0, thinker=thinker)
    app = open_app((1280, 720))
    try:
        app.push(TableScene(app, controller))
        for _ in range(10_000):
            app.step(1 / 60)
            if notes(mark):
                break
        assert notes(mark) == ["start"] and controller.is_thinking()
        app.pop()  # back to the menu: the table leaves the screen
        assert not controller.is_thinking()
        settle(thinker)
        assert notes(mark) == ["start", "stop"]
        assert len(match.current.events) == 1  # nothing was played while away
        app.push(TableScene(app, controller))  # the match goes on: the bot is asked again
        for _ in range(10_000):
            app.step(1 / 60)
            if len(notes(mark)) == 3:
                break
        assert notes(mark) == ["start", "stop", "start"]
    finally:
        controller.shutdown()
        app.close()
    settle(thinker)
    assert notes(mark)[-1] == "stop"


def test_a_table_of_named_bots_starts_the_game_thinker_in_the_background(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Spawning worker processes holds the caller, so a table of named bots starts the
    game's thinker on a thread as it is set up, not in the frame of its first question;
    a table of bot objects, or one given its own thinker, starts none."""
    import game.app.thinking as thinking

    started: list[str] = []

    class Recording:
        closed = False
        refused = None  # every worker started

        def __init__(self, workers: int, nice: int) -> None:
            started.append(threading.current_thread().name)

        def shutdown(self) -> None:
            self.closed = True

    monkeypatch.setattr(thinking, "Thinker", Recording)
    monkeypatch.setattr(thinking, "_thinker", None)
    thinking.TableBots({s: make_bot("simple", s) for s in range(4)})
    given = Recording(1, 0)
    started.clear()
    thinking.TableBots({s: BotSpec("simple", seed=s) for s in range(4)},
                       thinker=given)  # type: ignore[arg-type]
    time.sleep(0.05)
    assert started == []
    thinking.TableBots({s: BotSpec("simple", seed=s) for s in range(4)})
    wait_until(lambda: bool(started), timeout=10)
    assert started == ["tarot-thinker-start"]
    assert thinking.game_thinker() is thinking._thinker  # the question finds it started
    thinking.TableBots({0: BotSpec("simple", seed=0)})  # already running: nothing new
    time.sleep(0.05)
    assert started == ["tarot-thinker-start"]
    thinking.close_game_thinker()
