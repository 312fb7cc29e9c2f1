"""Bots that think in other processes, so that the process drawing the table never waits.

A :class:`Thinker` owns a few worker processes (started with the ``spawn`` method, as on
Windows and macOS, which also works in a frozen executable that calls
``multiprocessing.freeze_support()``). The caller hands it a seat's view and the bot to ask;
it gets a :class:`Handle` back at once and polls it, typically once a frame::

    thinker = Thinker(workers=2)
    handle = thinker.submit(view, BotSpec("expert", seed=7, key=("match", 3)))
    ...
    result = thinker.poll(handle)      # None while the bot is thinking
    if isinstance(result, Answer):
        deal.execute(view.seat, result.action)
    ...
    thinker.cancel(handle)             # an undo, leaving the table: the answer is not wanted
    thinker.shutdown()

Nothing here blocks for long: :meth:`Thinker.submit`, :meth:`Thinker.poll` and
:meth:`Thinker.cancel` only look at pipes that are ready. Jobs wait in the caller's process
until a worker is free, so a cancelled job that has not started costs nothing. A job that has
started is cancelled cooperatively: the worker raises a flag the bot's search reads between
sampled deals (the ``stop`` handed to the bot's ``decide``, or to
:func:`engine.ai.analysis.analyse`), and a worker that does not come back within
:attr:`Thinker.grace` seconds while other jobs wait is ended and replaced. A worker that dies
(a crash, a kill) is replaced too; the job it was running is tried once more on a new worker,
then reported as failed. Where the system gives no process at all (a limit on a user's
processes, a full process table), the jobs are answered in the caller's own thread instead,
one at each :meth:`Thinker.poll`: slower to the eye, but the game goes on
(:attr:`Thinker.refused` says why).

Bots live in the workers between decisions: a :class:`BotSpec` with the same ``key`` (and the
same name, seed and options) reaches the same bot object, so a bot keeps what it learnt during
a deal, as it does in the table's own process. :meth:`Thinker.forget` drops them.

Besides bot decisions, :meth:`Thinker.submit_analysis` runs :func:`engine.ai.analysis.analyse`
(the hint and the replay's analysis) on the same terms, and :meth:`Thinker.submit_task` one of
the review's searches (:data:`TASKS`: the expected score of a moment, a decision's verdict,
what the expert believed of the hidden cards, the expert's line).
"""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import os
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field, replace
from multiprocessing.connection import Connection
from multiprocessing.context import SpawnContext, SpawnProcess
from typing import Any, Protocol, TypeVar

from engine import challenge
from engine.actions import Action
from engine.ai import beliefs, review, verdict
from engine.ai.analysis import Analysis, AnalysisCancelled, analyse
from engine.views import SeatView

#: The searches :meth:`Thinker.submit_task` may run, by name; each takes a ``stop`` callable.
TASKS: Mapping[str, Any] = {
    "estimate": review.estimate,
    "verdict": verdict.judge,
    "beliefs": beliefs.beliefs,
    "expert_line": review.expert_line,
    "challenge_game": challenge.expert_game,
}

#: Bots a worker keeps between decisions (the least recently used go first).
KEPT_BOTS = 32


@dataclass(frozen=True)
class BotSpec:
    """Which bot answers: a registry name or a ``module:factory`` path (as in the arena),
    its seed and its factory's options (``{"budget": 0.25}``). ``key`` says which bot object
    to reuse between decisions: the table gives each seat of each match its own key."""

    name: str
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    key: Hashable = None

    def identity(self) -> tuple[Any, ...]:
        return (self.key, self.name, self.seed, tuple(sorted(self.options.items())))


@dataclass(frozen=True)
class Answer:
    """A bot's answer to the decision it was asked, and the worker's seconds on it."""

    action: Action
    seconds: float = 0.0


@dataclass(frozen=True)
class Analysed:
    """What :meth:`Thinker.submit_analysis` asked for."""

    analysis: Analysis
    seconds: float = 0.0


@dataclass(frozen=True)
class Done:
    """What a task of :data:`TASKS` returned."""

    value: Any
    seconds: float = 0.0


@dataclass(frozen=True)
class Failed:
    """No answer, and why: ``"cancelled"``, a bot's error, a worker that stopped."""

    error: str
    seconds: float = 0.0


#: A finished job: one of four frozen kinds, each with only the fields it has.
Result = Answer | Analysed | Done | Failed
V = TypeVar("V")


def done_value(result: Result, kind: type[V]) -> V | None:
    """What a task returned, when it finished and returned a ``kind``; else ``None``."""
    return result.value if isinstance(result, Done) and isinstance(result.value, kind) else None


def failure(result: Result, wanted: str) -> str:
    """Why ``result`` brings no ``wanted``: a failed job's error, else "no ``wanted``"."""
    return result.error if isinstance(result, Failed) else f"no {wanted}"


@dataclass(frozen=True)
class Handle:
    """A job submitted to a :class:`Thinker`."""

    id: int


@dataclass(frozen=True)
class _Request:
    id: int
    view: SeatView | None  # None: a task
    bot: BotSpec | None  # None: an analysis or a task
    analysis: Mapping[str, Any]
    task: str = ""


class _Flag(Protocol):
    """A number shared with a worker: the id of the job it should give up."""

    value: int


class _Worker:
    """One worker process and the job it is running."""

    def __init__(self, context: SpawnContext, nice: int = 0) -> None:
        self.flag: _Flag = context.Value("q", -1, lock=False)
        parent, child = context.Pipe()
        self.conn: Connection = parent
        self.process: SpawnProcess = context.Process(
            target=_serve, args=(child, self.flag, nice), name="tarot-thinker", daemon=True)
        self.process.start()
        child.close()
        self.job: _Request | None = None
        self.cancelled_at: float | None = None

    def alive(self) -> bool:
        return self.process.is_alive()

    def end(self) -> None:
        if self.process.is_alive():
            self.process.kill()
        self.process.join(timeout=1)
        self.conn.close()


class Thinker:
    """Worker processes that answer bot decisions and analyses; see the module's notes."""

    #: Seconds a cancelled job may go on while other jobs wait, before its worker is replaced.
    grace = 1.0

    def __init__(self, workers: int = 1, nice: int = 0) -> None:
        """``workers`` processes; ``nice`` lowers their priority where the system allows it
        (a window's frames then come before the bots' thinking on a busy machine)."""
        if workers < 1:
            raise ValueError("a thinker needs at least one worker")
        self._context = multiprocessing.get_context("spawn")
        self._nice = nice
        #: why the system gave no worker process (``None``: it gave each one asked for)
        self.refused: str | None = None
        self._workers: list[_Worker] = []
        while len(self._workers) < workers and (worker := self._start()) is not None:
            self._workers.append(worker)
        self._here = _Jobs()  # answers in the caller's thread while there is no worker
        self._homes: dict[tuple[Any, ...], int] = {}  # the worker that last answered a bot
        self._queue: deque[_Request] = deque()
        self._done: dict[int, Result] = {}
        self._dropped: set[int] = set()  # cancelled jobs whose worker may still answer
        self._tries: dict[int, int] = {}
        self._ids = itertools.count(1)
        self._closed = False

    # --- the caller's side ----------------------------------------------------------------

    def submit(self, view: SeatView, bot: BotSpec) -> Handle:
        """Ask ``bot`` for the decision of ``view``; returns at once."""
        return self._submit(_Request(next(self._ids), view, bot, {}))

    def submit_analysis(self, view: SeatView, **options: Any) -> Handle:
        """Run :func:`engine.ai.analysis.analyse` on ``view`` with ``options`` (``samples``,
        ``seed``, ``seconds``, ``include``, ``declarations``); returns at once."""
        return self._submit(_Request(next(self._ids), view, None, dict(options)))

    def submit_task(self, task: str, **arguments: Any) -> Handle:
        """Run the search named ``task`` (a key of :data:`TASKS`) with ``arguments``; the
        result's ``value`` is what it returned. Returns at once."""
        if task not in TASKS:
            raise ValueError(f"no task named {task!r}: the tasks are {', '.join(TASKS)}")
        return self._submit(_Request(next(self._ids), None, None, dict(arguments), task))

    def poll(self, handle: Handle) -> Result | None:
        """The job's result once it is there (then forgotten), ``None`` while it runs. A
        cancelled job's result is an error saying so."""
        self._pump()
        if not self._workers and self._queue:  # none to be had: the next job, answered now
            request = self._queue.popleft()
            self._tries.pop(request.id, None)
            self._done[request.id] = self._here.answer(request, lambda: False)
        return self._done.pop(handle.id, None)

    def cancel(self, handle: Handle) -> None:
        """The job's answer is no longer wanted: it is dropped, and stopped if it runs."""
        for request in self._queue:
            if request.id == handle.id:
                self._queue.remove(request)
                break
        for worker in self._workers:
            if worker.job is not None and worker.job.id == handle.id:
                worker.flag.value = handle.id
                worker.cancelled_at = time.monotonic()
                self._dropped.add(handle.id)
        self._done[handle.id] = Failed("cancelled")
        self._tries.pop(handle.id, None)
        self._pump()

    def busy(self) -> bool:
        """Whether any job is waiting or running."""
        self._pump()
        return bool(self._queue) or any(w.job is not None for w in self._workers)

    def forget(self, key: Hashable) -> None:
        """Drop the bots kept for ``key`` in every worker (a match is over)."""
        for identity in [i for i in self._homes if i[0] == key]:
            del self._homes[identity]
        self._here.forget(key)
        for worker in self._workers:
            if worker.alive():
                _send(worker, ("forget", key))

    def shutdown(self) -> None:
        """Stop every worker; jobs still running are abandoned."""
        if self._closed:
            return
        self._closed = True
        for worker in self._workers:
            if worker.alive():
                _send(worker, None)
        deadline = time.monotonic() + 1.0
        for worker in self._workers:
            worker.process.join(timeout=max(0.0, deadline - time.monotonic()))
            worker.end()
        self._queue.clear()

    @property
    def closed(self) -> bool:
        """Whether :meth:`shutdown` was called."""
        return self._closed

    def __enter__(self) -> Thinker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.shutdown()

    # --- keeping the workers busy ---------------------------------------------------------

    def _submit(self, request: _Request) -> Handle:
        if self._closed:
            raise RuntimeError("the thinker was shut down")
        self._queue.append(request)
        self._pump()
        return Handle(request.id)

    def _pump(self) -> None:
        """Collect finished jobs, replace dead or stuck workers, hand out waiting jobs."""
        if self._closed:
            return
        for index, worker in enumerate(self._workers):
            self._collect(worker)
            if not worker.alive():
                self._replace(index, "the thinking process stopped")
            elif (worker.cancelled_at is not None and self._queue
                  and time.monotonic() - worker.cancelled_at > self.grace):
                self._replace(index, "cancelled")
        while self._queue:
            free = [i for i, w in enumerate(self._workers) if w.job is None and w.alive()]
            if not free:
                return
            request = self._queue.popleft()
            # a bot lives in the worker that answered it last: go there when it is free
            key = request.bot.identity() if request.bot is not None else None
            home = self._homes.get(key) if key is not None else None
            index = home if home in free else free[0]
            worker = self._workers[index]
            worker.job = request
            worker.cancelled_at = None
            worker.flag.value = -1
            if not _send(worker, request):
                worker.job = None
                self._queue.appendleft(request)
                return
            if key is not None:
                self._homes[key] = index

    def _collect(self, worker: _Worker) -> None:
        try:
            while worker.conn.poll():
                job_id, result = worker.conn.recv()
                if worker.job is not None and worker.job.id == job_id:
                    worker.job = None
                    worker.cancelled_at = None
                if job_id in self._dropped:
                    self._dropped.discard(job_id)
                    continue
                self._tries.pop(job_id, None)
                self._done[job_id] = result
        except (EOFError, OSError):
            pass  # the worker died: seen by alive() right after

    def _start(self) -> _Worker | None:
        """A new worker; ``None`` where the system gives no process (:attr:`refused`)."""
        try:
            return _Worker(self._context, self._nice)
        except OSError as exc:  # a limit on processes or open files, a full process table
            self.refused = str(exc)
            return None

    def _replace(self, index: int, reason: str) -> None:
        worker = self._workers[index]
        job = worker.job
        worker.end()
        new = self._start()
        if new is None:  # one worker fewer (none: the jobs are answered in poll)
            del self._workers[index]
            self._homes.clear()
        else:
            self._workers[index] = new
            for key in [k for k, home in self._homes.items() if home == index]:
                del self._homes[key]  # its bots died with it
        if job is None:
            return
        if job.id in self._dropped:
            self._dropped.discard(job.id)
            return
        tries = self._tries.get(job.id, 0) + 1
        if tries < 2:
            self._tries[job.id] = tries
            self._queue.appendleft(job)  # once more, on a new worker
        else:
            self._tries.pop(job.id, None)
            self._done[job.id] = Failed(reason)


def _send(worker: _Worker, message: object) -> bool:
    try:
        worker.conn.send(message)
        return True
    except (BrokenPipeError, OSError):
        return False


# --- the worker's side -----------------------------------------------------------------------


def _serve(conn: Connection, flag: _Flag, nice: int = 0) -> None:
    """A worker process: answer requests until told to stop (``None``) or the pipe closes."""
    if nice and hasattr(os, "nice"):
        with contextlib.suppress(OSError):  # not allowed here: think at the usual priority
            os.nice(nice)

    jobs = _Jobs()
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        if isinstance(message, tuple) and message[0] == "forget":
            jobs.forget(message[1])
            continue
        request: _Request = message

        def stop(job_id: int = request.id) -> bool:
            return flag.value == job_id

        result = jobs.answer(request, stop)
        try:
            conn.send((request.id, result))
        except (BrokenPipeError, OSError):
            return


class _Jobs:
    """What answers the requests, in a worker (or in the caller's thread where there is
    none): the bots kept between decisions, the least recently asked going first."""

    def __init__(self) -> None:
        self.bots: OrderedDict[tuple[Any, ...], Any] = OrderedDict()

    def forget(self, key: Hashable) -> None:
        for identity in [i for i in self.bots if i[0] == key]:
            del self.bots[identity]

    def answer(self, request: _Request, stop: Callable[[], bool]) -> Result:
        from engine.ai.arena.bots import bot_of  # the same bots as the arena, options as values

        start = time.perf_counter()
        result: Result
        try:
            if request.task:
                result = Done(TASKS[request.task](stop=stop, **request.analysis))
            elif request.bot is None:
                assert request.view is not None
                result = Analysed(analyse(request.view, stop=stop, **request.analysis))
            else:
                spec = request.bot
                identity = spec.identity()
                bot = self.bots.get(identity)
                if bot is None:
                    bot = bot_of(spec.name, spec.seed, spec.options)
                    self.bots[identity] = bot
                    while len(self.bots) > KEPT_BOTS:
                        self.bots.popitem(last=False)
                self.bots.move_to_end(identity)
                assert request.view is not None
                result = Answer(bot.decide(request.view, stop=stop))
        except (AnalysisCancelled, review.ReviewCancelled, challenge.ChallengeCancelled):
            result = Failed("cancelled")
        except Exception as exc:  # a bot's bug is the caller's to report, not the worker's end
            result = Failed(f"{type(exc).__name__}: {exc}")
        result = replace(result, seconds=time.perf_counter() - start)
        if stop():
            result = Failed("cancelled", result.seconds)
        return result


__all__ = ["Analysed", "Answer", "BotSpec", "Done", "Failed", "Handle", "Result", "Thinker",
           "done_value", "failure"]
