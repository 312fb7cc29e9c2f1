"""A thinker where the system gives no process (a limit on a user's processes, a full
process table): the jobs are answered in the caller's thread, at its polls, with the same
answers a worker gives; workers that die and cannot be replaced leave their jobs to it.
The real program under such a limit is run in ``tests/game/test_profile_safety.py``."""

from __future__ import annotations

import threading

import pytest

from engine.ai import thinker as thinking
from engine.ai.simple_bot import SimpleBot
from engine.ai.thinker import Answer, BotSpec, Thinker
from tests.ai.test_thinker import views, wait


class Refused(thinking._Worker):
    """A worker the system refuses, as ``fork`` does at the limit on processes."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        raise BlockingIOError(11, "Resource temporarily unavailable")


def test_no_worker_to_be_had_answers_in_the_callers_thread(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(thinking, "_Worker", Refused)
    asked: list[str] = []
    real = SimpleBot.decide

    def decide(self: SimpleBot, view: object, stop: object = None) -> object:
        asked.append(threading.current_thread().name)
        return real(self, view, stop)  # type: ignore[arg-type]

    sample = views(4, 5, 6)
    monkeypatch.setattr(SimpleBot, "decide", decide)
    with Thinker(workers=2) as here:
        assert here.refused == "[Errno 11] Resource temporarily unavailable"
        handles = [here.submit(v, BotSpec("simple", seed=v.seat)) for v in sample]
        assert not asked  # asking waits for nothing: the answer comes at a poll
        for view, handle in zip(sample, handles, strict=True):
            result = wait(here, handle)
            assert isinstance(result, Answer)
            assert result.action == real(SimpleBot(view.seat), view)
    assert asked == [threading.current_thread().name] * len(sample)


def test_workers_that_die_and_cannot_be_replaced_leave_their_jobs_here(
        monkeypatch: pytest.MonkeyPatch) -> None:
    with Thinker(workers=1) as thinker:
        sample = views(3, 8, 2)
        first = wait(thinker, thinker.submit(sample[0], BotSpec("simple", seed=1)))
        assert isinstance(first, Answer)
        monkeypatch.setattr(thinking, "_Worker", Refused)
        for worker in thinker._workers:
            worker.process.kill()
            worker.process.join(5)
        result = wait(thinker, thinker.submit(sample[1], BotSpec("simple", seed=2)))
        assert isinstance(result, Answer) and thinker.refused is not None
