"""Bots thinking in worker processes: the same answers as in the table's process, jobs that can
be cancelled, workers that die and are replaced. No test here measures a speed: the waits
below only bound how long a broken thinker could hang the suite."""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import pathlib
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from engine.actions import Action
from engine.ai.analysis import analyse
from engine.ai.expert import ExpertBot
from engine.ai.local_thinker import BotThinker
from engine.ai.simple_bot import SimpleBot
from engine.ai.thinker import (
    SILENT,
    TOO_LONG,
    Analysed,
    Answer,
    BotSpec,
    Failed,
    Handle,
    Result,
    Thinker,
)
from engine.deal import Deal
from engine.rules import load_rules
from engine.views import SeatView, view_for
from tests.helpers.paths import ROOT

RULES = load_rules()
WAIT = 60.0  # seconds before a test gives up on an answer: a bound, not a measure


def wait(thinker: BotThinker | Thinker, handle: Handle) -> Result:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        result = thinker.poll(handle)
        if result is not None:
            return result
        time.sleep(0.01)
    raise AssertionError("no answer from the thinker")


def views(players: int, seed: int, count: int) -> list[SeatView]:
    """The views of the first ``count`` decisions of a deal played by simple bots."""
    deal = Deal.new(RULES, players, 0, seed)
    bots = [SimpleBot(s) for s in range(players)]
    out = []
    while not deal.is_over and len(out) < count:
        seat = deal.state.turn
        assert seat is not None
        view = view_for(deal.state, seat)
        out.append(view)
        deal.execute(seat, bots[seat].decide(view))
    return out


@pytest.fixture(scope="module")
def thinker() -> Thinker:
    with Thinker(workers=2) as running:
        yield running


def test_answers_are_those_of_the_same_bot_here(thinker: Thinker) -> None:
    sample = views(4, 5, 30)[::3]
    handles = [thinker.submit(v, BotSpec("simple", seed=v.seat)) for v in sample]
    for view, handle in zip(sample, handles, strict=True):
        result = wait(thinker, handle)
        assert isinstance(result, Answer)
        assert result.action == SimpleBot(view.seat).decide(view)
    view = sample[-1]
    handle = thinker.submit(view, BotSpec("expert", seed=3, options={"samples": 6}))
    assert wait(thinker, handle).action == ExpertBot(3, budget_samples=6).decide(view)


def test_a_bot_is_kept_between_decisions_of_its_key(thinker: Thinker) -> None:
    """The same key reaches the same bot (its random draws go on), another key a new one."""
    view = views(4, 9, 1)[0]
    spec = BotSpec("random", seed=1, key="seat 1")
    first = [wait(thinker, thinker.submit(view, spec)).action for _ in range(6)]
    again = [wait(thinker, thinker.submit(view, BotSpec("random", 1, key="seat 2"))).action
             for _ in range(6)]
    assert first == again  # a fresh bot with the same seed draws the same answers
    from engine.ai.random_bot import RandomBot
    here = RandomBot(1)
    assert first == [here.decide(view) for _ in range(6)]
    thinker.forget("seat 1")
    assert wait(thinker, thinker.submit(view, spec)).action == first[0]


def test_an_analysis_runs_there_too(thinker: Thinker) -> None:
    view = views(3, 2, 8)[-1]
    result = wait(thinker, thinker.submit_analysis(view, samples=6, seed=4))
    assert isinstance(result, Analysed)
    assert result.analysis == analyse(view, samples=6, seed=4)


def test_a_cancelled_job_is_dropped_and_stopped(thinker: Thinker) -> None:
    view = views(4, 5, 12)[-1]
    long_think = BotSpec("expert", seed=1, options={"budget": 600.0})
    handles = [thinker.submit(view, long_think) for _ in range(3)]  # more jobs than workers
    time.sleep(0.3)
    for handle in handles:
        thinker.cancel(handle)
    for handle in handles:
        assert wait(thinker, handle).error == "cancelled"
    quick = thinker.submit(view, BotSpec("simple"))
    assert wait(thinker, quick).action == SimpleBot(0).decide(view)
    deadline = time.monotonic() + WAIT
    while thinker.busy() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not thinker.busy()  # the long searches stopped: nothing runs any more


def test_a_worker_that_dies_is_replaced(tmp_path: pathlib.Path) -> None:
    module = tmp_path / "dying_bots.py"
    module.write_text(textwrap.dedent("""
        import os

        class Dying:
            name = "dying"

            def __init__(self, seed):
                pass

            def decide(self, view, stop=None):
                os._exit(3)
    """))
    view = views(4, 5, 1)[0]
    with Thinker(workers=1) as thinker:
        dead = thinker.submit(view, BotSpec(f"{module}:Dying"))
        after = thinker.submit(view, BotSpec("simple"))
        result = wait(thinker, dead)
        assert result == Failed("the thinking process stopped", result.seconds)
        answer: Action | None = wait(thinker, after).action
        assert answer == SimpleBot(0).decide(view)


def test_a_bot_error_is_reported_not_fatal(thinker: Thinker) -> None:
    view = views(4, 5, 1)[0]
    result = wait(thinker, thinker.submit(view, BotSpec("grandmaster")))
    assert isinstance(result, Failed)
    assert "unknown bot 'grandmaster'" in result.error
    assert isinstance(wait(thinker, thinker.submit(view, BotSpec("simple"))), Answer)


def test_a_thinker_refuses_work_once_shut_down() -> None:
    thinker = Thinker()
    thinker.shutdown()
    with pytest.raises(RuntimeError):
        thinker.submit(views(3, 1, 1)[0], BotSpec("simple"))


def test_the_local_twin_answers_a_bot_object_through_the_same_calls() -> None:
    """A bot that cannot travel to a worker (an object) is asked in LocalThinker, with the
    thinker's calls: submit, poll, cancel, and a failure for a bot's error."""
    from engine.ai.local_thinker import LocalThinker

    view = views(4, 3, 1)[0]

    class Broken:
        name = "broken"

        def decide(self, view: object, stop: object = None) -> object:
            raise RuntimeError("no idea")

    with LocalThinker() as local:
        simple = SimpleBot(view.seat)
        spec = local.adopt(simple)
        assert local.adopt(simple) == spec and spec.name.startswith("local:")
        result = wait(local, local.submit(view, spec))
        assert isinstance(result, Answer) and result.action == SimpleBot(view.seat).decide(view)
        failed = wait(local, local.submit(view, local.adopt(Broken())))  # type: ignore[arg-type]
        assert failed == Failed("RuntimeError: no idea", failed.seconds)
        with pytest.raises(ValueError, match="no bot adopted here"):
            local.submit(view, BotSpec("simple"))
    assert local.closed
    with pytest.raises(RuntimeError, match="shut down"):
        local.submit(view, spec)


def test_the_local_twin_stops_a_bot_thinking_when_its_job_is_cancelled(tmp_path) -> None:
    """The stop a bot is handed turns true when its job is cancelled: the search ends, as
    it does in a worker process."""
    from engine.ai.local_thinker import LocalThinker
    from tests.helpers.thinking_bots import Pondering, notes

    view = views(4, 3, 1)[0]
    mark = tmp_path / "mark"
    with LocalThinker() as local:
        handle = local.submit(view, local.adopt(Pondering(mark=str(mark))))
        for _ in range(2000):
            if notes(mark):
                break
            time.sleep(0.005)
        assert notes(mark) == ["start"]
        local.cancel(handle)
        for _ in range(2000):
            if len(notes(mark)) == 2:
                break
            time.sleep(0.005)
        assert notes(mark) == ["start", "stop"]
        assert local.poll(handle) is None  # the answer of a cancelled job is dropped


# --- workers that stop answering, or cannot be started -------------------------------------------

PONDERING = "tests/helpers/thinking_bots.py:Pondering"


def worker_processes() -> set[int]:
    return {p.pid for p in multiprocessing.active_children()
            if p.name == "tarot-thinker" and p.pid is not None}


def the_worker(others: set[int]) -> int:
    """The one worker process of a one-worker thinker: the one not among ``others``."""
    workers = worker_processes() - others
    assert len(workers) == 1, workers
    return workers.pop()


def ended(pid: int) -> bool:
    """Whether the process is gone (reaped by the thinker), bounded by a wait."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        if pid not in worker_processes():
            return True
        time.sleep(0.01)
    return False


@pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="no SIGSTOP here")
def test_a_worker_stopped_mid_thought_is_replaced_and_the_decision_given_up(
        tmp_path: pathlib.Path) -> None:
    """SIGSTOP, as a debugger or a swapped-out process would: the decision comes back as
    failed (the table plays on without it) within the ping and the stall, the stopped
    process is ended, and the next decision is answered by a new worker."""
    from tests.helpers.thinking_bots import notes

    view = views(4, 5, 1)[0]
    mark = tmp_path / "mark"
    others = worker_processes()
    with Thinker(workers=1) as thinker:
        thinker.ping, thinker.stall = 0.2, 1.0
        handle = thinker.submit(view, BotSpec(PONDERING, options={"mark": str(mark)}))
        deadline = time.monotonic() + WAIT
        while notes(mark) != ["start"] and time.monotonic() < deadline:
            assert thinker.poll(handle) is None
            time.sleep(0.01)
        stopped = the_worker(others)
        os.kill(stopped, signal.SIGSTOP)
        try:
            result = wait(thinker, handle)
            assert result == Failed(SILENT, result.seconds)
            assert ended(stopped)  # killed, not left stopped
            answer = wait(thinker, thinker.submit(view, BotSpec("simple")))
            assert isinstance(answer, Answer) and answer.action == SimpleBot(0).decide(view)
            assert the_worker(others) != stopped
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.kill(stopped, signal.SIGKILL)


@pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="no SIGSTOP here")
def test_an_analysis_on_a_stopped_worker_is_worked_out_again_on_a_new_one() -> None:
    view = views(3, 2, 8)[-1]
    others = worker_processes()
    with Thinker(workers=1) as thinker:
        thinker.ping, thinker.stall = 0.2, 1.0
        wait(thinker, thinker.submit(view, BotSpec("simple")))  # the worker is up
        stopped = the_worker(others)
        os.kill(stopped, signal.SIGSTOP)
        try:
            result = wait(thinker, thinker.submit_analysis(view, samples=6, seed=4))
            assert isinstance(result, Analysed)
            assert result.analysis == analyse(view, samples=6, seed=4)
            assert ended(stopped)
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.kill(stopped, signal.SIGKILL)


def test_a_decision_far_past_its_clock_is_given_up(tmp_path: pathlib.Path) -> None:
    """A bot that ignores both its budget and its stop (it sleeps, so its worker still
    answers): abandoned at clock_factor times its clock plus the margin."""
    module = tmp_path / "deaf_bots.py"
    module.write_text(textwrap.dedent("""
        import time

        def make(seed=0, budget=0.25):
            return Deaf()

        class Deaf:
            name = "deaf"

            def decide(self, view, stop=None):
                time.sleep(600)
    """))
    view = views(4, 5, 1)[0]
    spec = BotSpec(f"{module}:make", options={"budget": 0.1})
    assert spec.clock() == 0.1
    with Thinker(workers=1) as thinker:
        thinker.clock_margin = 1.0
        start = time.monotonic()
        result = wait(thinker, thinker.submit(view, spec))
        assert result == Failed(TOO_LONG, result.seconds)
        assert time.monotonic() - start < 1.4 + WAIT / 4  # its start-up, then 4 × 0.1 + 1
        assert isinstance(wait(thinker, thinker.submit(view, BotSpec("simple"))), Answer)


NO_FILES_LEFT = """
import multiprocessing, os, resource, signal, time
from engine.ai.thinker import BotSpec, Thinker
from tests.ai.test_thinker import views

view = views(4, 5, 1)[0]


def results(thinker, count):
    handles = [thinker.submit(view, BotSpec("simple")) for _ in range(count)]
    done, deadline = {}, time.monotonic() + 60
    while len(done) < count and time.monotonic() < deadline:
        done.update((h.id, r) for h in handles if (r := thinker.poll(h)) is not None)
        time.sleep(0.01)
    return sorted({type(r).__name__ for r in done.values()})


def workers():
    return sum(p.name == "tarot-thinker" for p in multiprocessing.active_children())


soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
thinker = Thinker(workers=2)
thinker.retry = 0.5
print(results(thinker, 2), workers(), thinker.refused)
resource.setrlimit(resource.RLIMIT_NOFILE, (3, hard))  # not one file more may be opened
other = Thinker(workers=2)
print(results(other, 2), other.refused)
for worker in multiprocessing.active_children():
    if worker.name == "tarot-thinker":
        os.kill(worker.pid, signal.SIGKILL)
print(results(thinker, 2), workers(), thinker.refused)
resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
time.sleep(0.6)
print(results(thinker, 2), workers())
thinker.shutdown()
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="no SIGKILL here")
def test_workers_that_cannot_be_started_leave_the_jobs_here_and_come_back_later() -> None:
    """No file may be opened: a new thinker says why and answers in its caller's thread; a
    running one whose workers die cannot replace them, and answers there too, never leaving
    a job waiting; once files may be opened again, its workers are started again."""
    result = subprocess.run([sys.executable, "-c", NO_FILES_LEFT], cwd=ROOT, text=True,
                            capture_output=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "['Answer'] 2 None", "['Answer'] [Errno 24] Too many open files",
        "['Answer'] 0 [Errno 24] Too many open files", "['Answer'] 2"]
    assert "Traceback" not in result.stderr
