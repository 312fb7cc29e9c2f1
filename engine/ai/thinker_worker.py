"""A worker process of the :class:`~engine.ai.thinker.Thinker`: it answers jobs one at a time.

Two threads share the pipe to the thinker. The main thread answers the jobs; a listener reads
whatever the thinker sends while a search runs, so that the search still hears that its job is
no longer wanted (it reads the ``stop`` it was handed between sampled deals), and so that the
thinker's "still there?" is answered at once: a worker that does not answer (stopped by a
debugger or a signal, stuck in native code) is told apart from one that is thinking long.
Nothing but the pipe is shared: shared memory needs a file, which a file size limit of 0
refuses, and which a killed process may leave behind.

The worker ignores Ctrl+C. A terminal sends it to every process of the game; the window stops
as its close button does and ends its workers itself, which a worker interrupted in the middle
of loading the engine or of a search would only clutter with its traceback. The thinker holds
the signal back while it starts a worker (:func:`interrupts_held`), so that it is not heard
either while the new process loads the engine, before :func:`serve` runs.
"""

from __future__ import annotations

import contextlib
import os
import queue
import signal
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator, Mapping
from dataclasses import replace
from multiprocessing import resource_tracker
from multiprocessing.connection import Connection
from typing import Any

from engine import challenge
from engine.ai import beliefs, review, verdict
from engine.ai.analysis import AnalysisCancelled, analyse
from engine.ai.jobs import Analysed, Answer, BotSpec, Done, Failed, Request, Result

#: The searches :meth:`~engine.ai.thinker.Thinker.submit_task` may run, by name; each takes a
#: ``stop`` callable.
TASKS: Mapping[str, Any] = {
    "estimate": review.estimate,
    "verdict": verdict.judge,
    "beliefs": beliefs.beliefs,
    "expert_line": review.expert_line,
    "challenge_game": challenge.expert_game,
}

#: Bots a worker keeps between decisions (the least recently used go first).
KEPT_BOTS = 32

#: What a worker says, besides its results: once, when it has loaded the engine and listens;
#: and in answer to each "still there?" (:data:`PING`).
READY = "ready"
PONG = "pong"
#: What the thinker sends, besides jobs and ``None`` (stop): ``(CANCEL, job id)``,
#: ``(FORGET, key)`` and ``(PING,)``.
CANCEL = "cancel"
FORGET = "forget"
PING = "ping"


@contextlib.contextmanager
def interrupts_held() -> Iterator[None]:
    """Ctrl+C held back in the calling thread while it starts a worker: the new process
    inherits the signal held, and :func:`serve` ignores it before letting it through. A
    Ctrl+C meanwhile reaches the window's process a moment later, or through another thread."""
    if not hasattr(signal, "pthread_sigmask"):  # Windows: the worker ignores it once it runs
        yield
        return
    # the first start also starts multiprocessing's resource tracker, which lets the signal
    # through again once it has started itself: it is started first
    resource_tracker.ensure_running()
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


class _Line:
    """The worker's end of the pipe: jobs for the main thread, the rest answered here."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self.jobs: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self.given_up = -1  # the id of the job to stop
        self.running = -1  # the id of the job the main thread answers
        self._sending = threading.Lock()  # a result and a pong never interleave on the pipe
        threading.Thread(target=self._listen, name="tarot-thinker-listener", daemon=True).start()

    def send(self, message: object) -> bool:
        with self._sending:
            try:
                self.conn.send(message)
                return True
            except (BrokenPipeError, OSError):
                return False

    def stop_for(self, job_id: int) -> Callable[[], bool]:
        return lambda: self.given_up == job_id

    def _listen(self) -> None:
        while True:
            try:
                message = self.conn.recv()
            except (EOFError, OSError):
                message = None  # the thinker is gone: nobody wants the search under way
            if message is None:
                self.given_up = self.running
                self.jobs.put(None)
                return
            kind = message[0] if isinstance(message, tuple) else None
            if kind == CANCEL:
                self.given_up = message[1]
            elif kind == PING:
                self.send((PONG,))
            else:
                self.jobs.put(message)


def serve(conn: Connection, nice: int = 0) -> None:
    """A worker process: answer jobs until told to stop (``None``) or the pipe closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    if nice and hasattr(os, "nice"):
        with contextlib.suppress(OSError):  # not allowed here: think at the usual priority
            os.nice(nice)
    try:
        jobs = Jobs()
        line = _Line(conn)
    except (RuntimeError, OSError, MemoryError):  # no thread or memory to be had: the
        return  # thinker sees this worker end before it is ready, and says why
    if not line.send((READY,)):
        return
    while True:
        message = line.jobs.get()
        if message is None:
            return
        if isinstance(message, tuple) and message[0] == FORGET:
            jobs.forget(message[1])
            continue
        request: Request = message
        line.running = request.id
        if not line.send((request.id, jobs.answer(request, line.stop_for(request.id)))):
            return


class Jobs:
    """What answers the jobs, in a worker, or in the thinker's caller's thread where the
    system gives no process: the bots kept between decisions (the least recently asked go
    first), built as the arena builds them, options as values."""

    def __init__(self) -> None:
        from engine.ai.arena.bots import bot_of

        self._bot_of = bot_of
        self.bots: OrderedDict[tuple[Any, ...], Any] = OrderedDict()

    def forget(self, key: Hashable) -> None:
        for identity in [i for i in self.bots if i[0] == key]:
            del self.bots[identity]

    def answer(self, request: Request, stop: Callable[[], bool]) -> Result:
        """The result of one job; a bot's error is the caller's to report, not the end of
        what answers."""
        start = time.perf_counter()
        result: Result
        try:
            if request.task:
                result = Done(TASKS[request.task](stop=stop, **request.analysis))
            elif request.bot is None:
                assert request.view is not None
                result = Analysed(analyse(request.view, stop=stop, **request.analysis))
            else:
                assert request.view is not None
                result = Answer(self._bot(request.bot).decide(request.view, stop=stop))
        except (AnalysisCancelled, review.ReviewCancelled, challenge.ChallengeCancelled):
            result = Failed("cancelled")
        except Exception as exc:
            result = Failed(f"{type(exc).__name__}: {exc}")
        result = replace(result, seconds=time.perf_counter() - start)
        if stop():
            result = Failed("cancelled", result.seconds)
        return result

    def _bot(self, spec: BotSpec) -> Any:
        identity = spec.identity()
        bot = self.bots.get(identity)
        if bot is None:
            bot = self.bots[identity] = self._bot_of(spec.name, spec.seed, spec.options)
            while len(self.bots) > KEPT_BOTS:
                self.bots.popitem(last=False)
        self.bots.move_to_end(identity)
        return bot
