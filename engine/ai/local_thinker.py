"""The thinker's twin in this process, for bots that cannot travel to a worker.

A :class:`~engine.ai.thinker.Thinker` builds its bots in worker processes from a
:class:`~engine.ai.thinker.BotSpec` (a name, a seed, options). A bot handed in as an object
(a test's scripted bot, one built by the caller) cannot be sent there. :class:`LocalThinker`
answers such bots with the same calls — ``submit``, ``poll``, ``cancel``, ``forget``,
``shutdown``, ``closed`` — on one daemon thread of this process: :meth:`LocalThinker.adopt`
gives a bot object a spec, which is then submitted like any other. The caller has one way
to ask, whichever thinker answers (:class:`BotThinker`).

>>> from engine.ai import make_bot
>>> from engine.deal import Deal
>>> from engine.rules import load_rules
>>> from engine.views import view_for
>>> deal = Deal.new(load_rules(), 4, dealer=0, seed=1)
>>> with LocalThinker() as thinker:
...     handle = thinker.submit(view_for(deal.state, 1), thinker.adopt(make_bot("simple", 1)))
...     while (result := thinker.poll(handle)) is None:
...         pass
>>> type(result).__name__
'Answer'
"""

from __future__ import annotations

import itertools
import queue
import threading
import time
from collections.abc import Hashable
from dataclasses import dataclass, replace
from functools import partial
from typing import Protocol

from engine.ai.base import Bot
from engine.ai.thinker import Answer, BotSpec, Failed, Handle, Result
from engine.views import SeatView

#: The name of an adopted bot's spec starts so; the rest is its number here.
ADOPTED = "local:"


class BotThinker(Protocol):
    """What asks a bot without waiting: a :class:`~engine.ai.thinker.Thinker`, or a
    :class:`LocalThinker`."""

    @property
    def closed(self) -> bool: ...

    def submit(self, view: SeatView, bot: BotSpec) -> Handle: ...

    def poll(self, handle: Handle) -> Result | None: ...

    def cancel(self, handle: Handle) -> None: ...

    def forget(self, key: Hashable) -> None: ...

    def shutdown(self) -> None: ...


@dataclass(eq=False)
class _Job:
    handle: Handle
    bot: Bot
    view: SeatView
    cancelled: bool = False


class LocalThinker:
    """Bot objects asked in turn on one daemon thread (started at the first question)."""

    def __init__(self) -> None:
        self._bots: dict[str, Bot] = {}
        self._ids = itertools.count(1)
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._done: dict[int, Result] = {}
        self._queued: dict[int, _Job] = {}
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._closed = False

    def adopt(self, bot: Bot) -> BotSpec:
        """A spec that stands for ``bot`` here (the same spec each time for the same bot)."""
        for name, known in self._bots.items():
            if known is bot:
                return BotSpec(name)
        name = f"{ADOPTED}{len(self._bots) + 1}"
        self._bots[name] = bot
        return BotSpec(name)

    @property
    def closed(self) -> bool:
        return self._closed

    def submit(self, view: SeatView, bot: BotSpec) -> Handle:
        if self._closed:
            raise RuntimeError("the local thinker is shut down")
        try:
            found = self._bots[bot.name]
        except KeyError:
            raise ValueError(f"{bot.name!r} is no bot adopted here") from None
        job = _Job(Handle(next(self._ids)), found, view)
        with self._lock:
            self._queued[job.handle.id] = job
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="bot-thread", daemon=True)
            self._thread.start()
        self._jobs.put(job)
        return job.handle

    def poll(self, handle: Handle) -> Result | None:
        with self._lock:
            return self._done.pop(handle.id, None)

    def cancel(self, handle: Handle) -> None:
        """A job not yet started is skipped; one already thinking is told to stop (a search
        answers at its next sampled deal), and its answer dropped."""
        with self._lock:
            job = self._queued.pop(handle.id, None)
            if job is not None:
                job.cancelled = True
            self._done.pop(handle.id, None)

    def forget(self, key: Hashable) -> None:
        """Nothing is kept between decisions here but the bot objects themselves."""

    def shutdown(self) -> None:
        self._closed = True
        self._jobs.put(None)

    def __enter__(self) -> LocalThinker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.shutdown()

    def _stopped(self, job: _Job) -> bool:
        return job.cancelled or self._closed

    def _run(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None or self._closed:
                return
            if job.cancelled:
                continue
            start = time.perf_counter()
            result: Result
            try:
                result = Answer(job.bot.decide(job.view, stop=partial(self._stopped, job)))
            except Exception as exc:  # a bot's bug is reported by the caller, not fatal here
                result = Failed(f"{type(exc).__name__}: {exc}")
            with self._lock:
                if self._queued.pop(job.handle.id, None) is not None:
                    self._done[job.handle.id] = replace(
                        result, seconds=time.perf_counter() - start)


__all__ = ["ADOPTED", "BotThinker", "LocalThinker"]
