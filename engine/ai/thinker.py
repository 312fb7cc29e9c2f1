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
started is cancelled cooperatively: the worker hears it on its pipe and the bot's search reads
it between sampled deals (the ``stop`` handed to the bot's ``decide``, or to
:func:`engine.ai.analysis.analyse`), and a worker that does not come back within
:attr:`Thinker.grace` seconds while other jobs wait is ended and replaced.

A worker that dies (a crash, a kill) is replaced; the job it was running is tried once more on
a new worker, then reported as failed. A worker that lives but no longer answers (stopped by a
debugger or a signal: it is asked whether it is there once it has been quiet for
:attr:`Thinker.ping` seconds, and given :attr:`Thinker.stall` seconds to say so), or whose
decision runs far past its bot's clock (:meth:`BotSpec.clock`), is killed and replaced too: a
decision is then reported as failed at once (:data:`SILENT`, :data:`TOO_LONG`), for the caller
to play on without it; an analysis or a task is tried once more. A worker that cannot be
started (a limit on processes or open files, no memory, a full process table) is tried again
every :attr:`Thinker.retry` seconds; while not one runs, the jobs are answered in the caller's
own thread instead, one at each :meth:`Thinker.poll`: slower to the eye, but the game goes on
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
from collections import deque
from collections.abc import Hashable
from multiprocessing.connection import Connection
from multiprocessing.context import SpawnContext, SpawnProcess
from typing import Any

from engine.ai.jobs import (
    SILENT,
    STOPPED,
    TOO_LONG,
    Analysed,
    Answer,
    BotSpec,
    Done,
    Failed,
    Handle,
    Request,
    Result,
    done_value,
    failure,
)
from engine.ai.thinker_worker import (
    CANCEL,
    FORGET,
    PING,
    READY,
    TASKS,
    Jobs,
    interrupts_held,
    serve,
)
from engine.resources import project_root
from engine.views import SeatView


class _Worker:
    """One worker process, the job it runs, and when the thinker last heard from it."""

    def __init__(self, context: SpawnContext, nice: int = 0) -> None:
        _keep_a_working_folder()
        parent, child = context.Pipe()
        try:
            self.process: SpawnProcess = context.Process(
                target=serve, args=(child, nice), name="tarot-thinker", daemon=True)
            with interrupts_held():
                self.process.start()
        except BaseException:
            parent.close()
            raise
        finally:
            child.close()
        self.conn: Connection = parent
        self.born = self.heard = time.monotonic()
        self.ready = False  # it has loaded the engine and listens
        self.pinged: float | None = None  # when it was asked whether it is there, unanswered
        self.job: Request | None = None
        self.since: float | None = None  # when it began on its job (once it was ready)
        self.cancelled_at: float | None = None

    def alive(self) -> bool:
        return self.process.is_alive()

    def give(self, request: Request) -> bool:
        """Send it ``request``; ``False`` when the pipe is broken."""
        if not _send(self, request):
            return False
        self.job, self.cancelled_at = request, None
        self.since = time.monotonic() if self.ready else None
        return True

    def heard_from(self, message: object) -> None:
        self.heard, self.pinged = time.monotonic(), None
        if message == (READY,):
            self.ready = True
            if self.job is not None:
                self.since = self.heard

    def trouble(self, thinker: Thinker, now: float) -> str | None:
        """Why the worker must be replaced although it lives: it does not start, it no
        longer answers, or its decision runs far past the bot's clock."""
        if not self.ready:
            return SILENT if now - self.born > thinker.start_limit else None
        if self.pinged is not None and now - self.pinged > thinker.stall:
            return SILENT
        clock = self.job.clock() if self.job is not None else None
        if clock is not None and self.since is not None and self.cancelled_at is None and (
                now - self.since > thinker.clock_factor * clock + thinker.clock_margin):
            return TOO_LONG
        return None

    def ping_if_quiet(self, thinker: Thinker, now: float) -> None:
        """Ask a worker that is on a job and has been quiet a while whether it is there."""
        if (self.ready and self.job is not None and self.pinged is None
                and now - self.heard > thinker.ping):
            self.pinged = now
            _send(self, (PING,))

    def end(self) -> None:
        if self.process.is_alive():
            self.process.kill()  # a stopped process dies too
        self.process.join(timeout=1)
        self.conn.close()
        with contextlib.suppress(ValueError):  # still running: its files go when it does
            self.process.close()  # its files now, not when it is collected: they may be few


def _keep_a_working_folder() -> None:
    """Starting a process names the working folder (``os.getcwd``), which fails once that
    folder has been removed: the program's own folder is taken then. A folder that no longer
    exists holds nothing the game could use, and the game's files have paths of their own."""
    try:
        os.getcwd()
    except FileNotFoundError:
        os.chdir(project_root())


class Thinker:
    """Worker processes that answer bot decisions and analyses; see the module's notes."""

    #: Seconds a cancelled job may go on while other jobs wait, before its worker is replaced.
    grace = 1.0
    #: Seconds a worker on a job may stay quiet before it is asked whether it is there, and
    #: seconds it may then take to answer before it is taken for stopped and replaced.
    ping = 1.0
    stall = 3.0
    #: Seconds a new worker may take to load the engine (some 0.3 s; far more on a machine
    #: kept busy).
    start_limit = 10.0
    #: A decision still running after ``clock_factor`` times its bot's clock plus
    #: ``clock_margin`` seconds is abandoned: the bot is not asked again.
    clock_factor = 4.0
    clock_margin = 10.0
    #: Seconds before a worker that could not be started is tried again.
    retry = 5.0

    def __init__(self, workers: int = 1, nice: int = 0) -> None:
        """``workers`` processes; ``nice`` lowers their priority where the system allows it
        (a window's frames then come before the bots' thinking on a busy machine). Where the
        system gives none, :attr:`refused` says why and the jobs are answered at the polls."""
        if workers < 1:
            raise ValueError("a thinker needs at least one worker")
        self._context = multiprocessing.get_context("spawn")
        self._nice = nice
        self._workers: list[_Worker | None] = [None] * workers
        #: why the system gave no worker process (``None``: it gave each one asked for)
        self.refused: str | None = None
        self._retry_at = 0.0
        for index in range(workers):
            self._start(index)
        self._here = Jobs()  # answers in the caller's thread while there is no worker
        self._homes: dict[tuple[Any, ...], int] = {}  # the worker that last answered a bot
        self._queue: deque[Request] = deque()
        self._done: dict[int, Result] = {}
        self._dropped: set[int] = set()  # cancelled jobs whose worker may still answer
        self._tries: dict[int, int] = {}
        self._ids = itertools.count(1)
        self._closed = False

    # --- the caller's side ----------------------------------------------------------------

    def submit(self, view: SeatView, bot: BotSpec) -> Handle:
        """Ask ``bot`` for the decision of ``view``; returns at once."""
        return self._submit(Request(next(self._ids), view, bot, {}))

    def submit_analysis(self, view: SeatView, **options: Any) -> Handle:
        """Run :func:`engine.ai.analysis.analyse` on ``view`` with ``options`` (``samples``,
        ``seed``, ``seconds``, ``include``, ``declarations``); returns at once."""
        return self._submit(Request(next(self._ids), view, None, dict(options)))

    def submit_task(self, task: str, **arguments: Any) -> Handle:
        """Run the search named ``task`` (a key of :data:`TASKS`) with ``arguments``; the
        result's ``value`` is what it returned. Returns at once."""
        if task not in TASKS:
            raise ValueError(f"no task named {task!r}: the tasks are {', '.join(TASKS)}")
        return self._submit(Request(next(self._ids), None, None, dict(arguments), task))

    def poll(self, handle: Handle) -> Result | None:
        """The job's result once it is there (then forgotten), ``None`` while it runs. A
        cancelled job's result is an error saying so."""
        self._pump()
        if not self._running() and self._queue:  # none to be had: the next job, answered now
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
        for worker in self._running():
            if worker.job is not None and worker.job.id == handle.id:
                _send(worker, (CANCEL, handle.id))
                worker.cancelled_at = time.monotonic()
                self._dropped.add(handle.id)
        self._done[handle.id] = Failed("cancelled")
        self._tries.pop(handle.id, None)
        self._pump()

    def busy(self) -> bool:
        """Whether any job is waiting or running."""
        self._pump()
        return bool(self._queue) or any(w.job is not None for w in self._running())

    def forget(self, key: Hashable) -> None:
        """Drop the bots kept for ``key`` in every worker (a match is over)."""
        for identity in [i for i in self._homes if i[0] == key]:
            del self._homes[identity]
        self._here.forget(key)
        for worker in self._running():
            if worker.alive():
                _send(worker, (FORGET, key))

    def shutdown(self) -> None:
        """Stop every worker; jobs still running are abandoned."""
        if self._closed:
            return
        self._closed = True
        for worker in self._running():
            if worker.alive():
                _send(worker, None)
        deadline = time.monotonic() + 1.0
        for worker in self._running():
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

    def _running(self) -> list[_Worker]:
        return [w for w in self._workers if w is not None]

    def _submit(self, request: Request) -> Handle:
        if self._closed:
            raise RuntimeError("the thinker was shut down")
        self._queue.append(request)
        self._pump()
        return Handle(request.id)

    def _pump(self) -> None:
        """Collect finished jobs, replace dead or stuck workers, hand out waiting jobs."""
        if self._closed:
            return
        now = time.monotonic()
        for index, worker in enumerate(self._workers):
            if worker is None:
                if now >= self._retry_at:
                    self._start(index)
                continue
            self._collect(worker)
            trouble = worker.trouble(self, now) if worker.alive() else STOPPED
            if trouble is not None:
                self._replace(index, trouble)
            elif (worker.cancelled_at is not None and self._queue
                  and now - worker.cancelled_at > self.grace):
                self._replace(index, "cancelled")
            else:
                worker.ping_if_quiet(self, now)
        while self._queue:
            free = [i for i, w in enumerate(self._workers)
                    if w is not None and w.job is None and w.alive()]
            if not free:
                return
            request = self._queue.popleft()
            # a bot lives in the worker that answered it last: go there when it is free
            key = request.bot.identity() if request.bot is not None else None
            home = self._homes.get(key) if key is not None else None
            index = home if home in free else free[0]
            worker = self._workers[index]
            assert worker is not None
            if not worker.give(request):
                self._queue.appendleft(request)
                return
            if key is not None:
                self._homes[key] = index

    def _collect(self, worker: _Worker) -> None:
        try:
            while worker.conn.poll():
                message = worker.conn.recv()
                worker.heard_from(message)
                if isinstance(message[0], str):
                    continue  # the worker is ready, or still there
                job_id, result = message
                if worker.job is not None and worker.job.id == job_id:
                    worker.job = worker.since = worker.cancelled_at = None
                if job_id in self._dropped:
                    self._dropped.discard(job_id)
                    continue
                self._tries.pop(job_id, None)
                self._done[job_id] = result
        except (EOFError, OSError):
            pass  # the worker died: seen by alive() right after

    def _start(self, index: int) -> None:
        try:
            self._workers[index] = _Worker(self._context, self._nice)
        except (OSError, MemoryError) as exc:  # processes, open files or memory run out
            self.refused = str(exc)
            self._vacate(index)

    def _vacate(self, index: int) -> None:
        """No worker in slot ``index`` for now: it is started again in a while."""
        self._workers[index] = None
        self._retry_at = time.monotonic() + self.retry

    def _replace(self, index: int, reason: str) -> None:
        worker = self._workers[index]
        assert worker is not None
        job = worker.job
        worker.end()
        for key in [k for k, home in self._homes.items() if home == index]:
            del self._homes[key]  # its bots died with it
        if worker.ready:
            self._start(index)
        else:  # it died or hung while starting: starting another at once would do the same
            self._vacate(index)
        if job is None:
            return
        if job.id in self._dropped:
            self._dropped.discard(job.id)
            return
        if reason in (SILENT, TOO_LONG) and job.bot is not None:
            # the table has waited long enough: no second try, the caller plays on without
            self._done[job.id] = Failed(reason)
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


__all__ = ["SILENT", "STOPPED", "TASKS", "TOO_LONG", "Analysed", "Answer",
           "BotSpec", "Done", "Failed", "Handle", "Result", "Thinker", "done_value", "failure"]
