"""Where the table's bots think: in worker processes, so that the window's frames never wait.

A bot named by the registry (a :class:`~engine.ai.thinker.BotSpec`: ``"expert"``, its seed,
its options) is asked through the game's one :class:`~engine.ai.thinker.Thinker`, whose
worker processes do the searching while the frame loop only polls. A process of its own,
not a thread: a search is pure Python and a thread would hold the interpreter's lock against
the drawing. The same thinker works out the hints and the replay's analysis
(:func:`game_thinker`).

A bot handed in as an object (a test's scripted bot, a bot built by the caller) cannot travel
to another process; it is asked on a daemon thread of this process instead, with the same
calls (:class:`TableBots`), so the controller does not tell the two apart.

Either way nothing here blocks: :meth:`TableBots.ask` returns a ticket at once,
:meth:`TableBots.answer` is ``None`` until the answer is there, and :meth:`TableBots.cancel`
drops a decision no longer wanted (an undo, the table left); a search in a worker process is
stopped at its next sampled deal.
"""

from __future__ import annotations

import atexit
import itertools
import logging
import queue
import threading
import time
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field

from engine.ai import Bot
from engine.ai.thinker import BotSpec, Handle, Result, Thinker
from engine.views import SeatView

#: Worker processes of the game's thinker: one answers the bots while the other may work out
#: a hint or a replay's analysis.
WORKERS = 2
#: How much lower than the window the workers run, where the system allows it.
NICE = 5

log = logging.getLogger(__name__)
_thinker: Thinker | None = None
_lock = threading.Lock()


def game_thinker() -> Thinker:
    """The game's thinker, started at the first call (its workers start in the background:
    the first answer comes once they have loaded the engine)."""
    global _thinker
    with _lock:
        if _thinker is None or _thinker.closed:
            _thinker = Thinker(workers=WORKERS, nice=NICE)
        return _thinker


def warm_game_thinker() -> None:
    """Start the game's thinker on a daemon thread unless it runs: spawning a worker holds its
    caller some 15 ms, so that starting two at the first question made the slowest frame of a
    game. A question asked meanwhile waits for the start, as before."""
    with _lock:
        if _thinker is not None and not _thinker.closed:
            return
    threading.Thread(target=_start_quietly, name="tarot-thinker-start", daemon=True).start()


def _start_quietly() -> None:
    try:
        game_thinker()
    except Exception as exc:  # the first question starts it again, and fails saying why
        log.info("the bots' worker processes did not start in the background: %s", exc)


def close_game_thinker() -> None:
    """Stop the game's thinker (at the window's close; harmless when it never started)."""
    global _thinker
    with _lock:
        thinker, _thinker = _thinker, None
    if thinker is not None:
        thinker.shutdown()


atexit.register(close_game_thinker)


@dataclass(eq=False)
class _Local:
    """A decision asked of a bot object on the table's thread."""

    bot: Bot
    view: SeatView
    cancelled: bool = False
    result: Result | None = None


@dataclass(eq=False)
class _Thread:
    """One daemon thread answering the bot objects' decisions in order."""

    jobs: queue.SimpleQueue[_Local | None] = field(default_factory=queue.SimpleQueue)
    stopped: threading.Event = field(default_factory=threading.Event)

    def __post_init__(self) -> None:
        self.thread = threading.Thread(target=self._run, name="bot-thread", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while True:
            job = self.jobs.get()
            if job is None or self.stopped.is_set():
                return
            if job.cancelled:
                continue
            start = time.perf_counter()
            try:
                result = Result(action=job.bot.decide(job.view))
            except Exception as exc:  # a bot's bug is reported by the table, not fatal here
                result = Result(error=f"{type(exc).__name__}: {exc}")
            job.result = Result(result.action, error=result.error,
                                seconds=time.perf_counter() - start)

    def stop(self) -> None:
        self.stopped.set()
        self.jobs.put(None)


Ticket = Handle | _Local
_keys = itertools.count(1)


class TableBots:
    """The bots of one table, asked without waiting.

    ``bots`` maps seats to a :class:`~engine.ai.thinker.BotSpec` (asked in the game's
    thinker, or in ``thinker`` when given) or to a bot object (asked on a thread here); it is
    read at each question, so a seat's bot may be replaced between decisions. A spec's ``key``
    is made this table's own, so that each seat keeps its bot in the worker from one decision
    to the next, and the bots are dropped when the table closes.
    """

    def __init__(self, bots: Mapping[int, Bot | BotSpec], thinker: Thinker | None = None) -> None:
        self.bots = bots
        self._key = ("table", next(_keys))
        self._asked: set[Hashable] = set()  # the keys given to the thinker
        self._given = thinker
        self._thread: _Thread | None = None
        self._closed = False
        if thinker is None and any(isinstance(bot, BotSpec) for bot in bots.values()):
            warm_game_thinker()

    def name(self, seat: int) -> str:
        """The bot's name, for the log."""
        bot = self.bots[seat]
        return str(getattr(bot, "name", bot))

    def _thinker(self) -> Thinker:
        return self._given if self._given is not None else game_thinker()

    def ask(self, seat: int, view: SeatView) -> Ticket:
        """Ask ``seat``'s bot for the decision of ``view``; returns at once."""
        bot = self.bots[seat]
        if isinstance(bot, BotSpec):
            key = (self._key, seat)
            self._asked.add(key)
            return self._thinker().submit(view, BotSpec(bot.name, bot.seed, bot.options, key))
        if self._thread is None:
            self._thread = _Thread()
        job = _Local(bot, view)
        self._thread.jobs.put(job)
        return job

    def answer(self, ticket: Ticket) -> Result | None:
        """The answer once it is there (an error when the bot failed), else ``None``."""
        if isinstance(ticket, _Local):
            return ticket.result
        return self._thinker().poll(ticket)

    def cancel(self, ticket: Ticket) -> None:
        """The answer is no longer wanted: a search in a worker stops at its next deal; a bot
        object not yet started is skipped (one already thinking is left to finish, unheard)."""
        if isinstance(ticket, _Local):
            ticket.cancelled = True
            return
        thinker = self._thinker()
        if not thinker.closed:
            thinker.cancel(ticket)

    def close(self) -> None:
        """The table is over: its bots are dropped from the workers, its thread stopped."""
        if self._closed:
            return
        self._closed = True
        if self._thread is not None:
            self._thread.stop()
        thinker = self._given if self._given is not None else _thinker
        if thinker is not None and not thinker.closed:
            for key in self._asked:
                thinker.forget(key)


__all__ = ["NICE", "WORKERS", "TableBots", "Ticket", "close_game_thinker", "game_thinker"]
