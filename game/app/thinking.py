"""Where the table's bots think: in worker processes, so that the window's frames never wait.

A bot named by the registry (a :class:`~engine.ai.thinker.BotSpec`: ``"expert"``, its seed,
its options) is asked through the game's one :class:`~engine.ai.thinker.Thinker`, whose
worker processes do the searching while the frame loop only polls. A process of its own,
not a thread: a search is pure Python and a thread would hold the interpreter's lock against
the drawing. The same thinker works out the hints and the replay's analysis
(:func:`game_thinker`).

A bot handed in as an object (a test's scripted bot, a bot built by the caller) cannot travel
to another process; it is asked in the thinker's twin in this process
(:class:`~engine.ai.local_thinker.LocalThinker`, one daemon thread), through the same
calls, so :class:`TableBots` asks both one way and the controller does not tell them apart.

Either way nothing here blocks: :meth:`TableBots.ask` returns a ticket at once,
:meth:`TableBots.answer` is ``None`` until the answer is there, and :meth:`TableBots.cancel`
drops a decision no longer wanted (an undo, the table left); a search in a worker process is
stopped at its next sampled deal.
"""

from __future__ import annotations

import atexit
import itertools
import logging
import threading
from collections.abc import Hashable, Mapping
from dataclasses import dataclass

from engine.ai import Bot
from engine.ai.local_thinker import BotThinker, LocalThinker
from engine.ai.thinker import BotSpec, Handle, Result, Thinker
from engine.views import SeatView
from game.app.threads import refused, start_thread

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
    the first answer comes once they have loaded the engine; where the system gives no
    process, it thinks in the frame's thread, and the player is told once)."""
    global _thinker
    with _lock:
        if _thinker is None or _thinker.closed:
            _thinker = Thinker(workers=WORKERS, nice=NICE)
        thinker = _thinker
    if thinker.refused is not None:
        refused("the bots' worker processes", thinker.refused)
    return thinker


def warm_game_thinker() -> None:
    """Start the game's thinker on a daemon thread unless it runs: spawning a worker holds its
    caller some 15 ms, so that starting two at the first question made the slowest frame of a
    game. A question asked meanwhile waits for the start, as before."""
    with _lock:
        if _thinker is not None and not _thinker.closed:
            return
    start_thread(_start_quietly, "tarot-thinker-start")  # none to be had: the first question


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


@dataclass(frozen=True)
class Ticket:
    """A question asked of a table's bot: the thinker that answers it, and its handle."""

    thinker: BotThinker
    handle: Handle


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
        self._local: LocalThinker | None = None  # for the bots handed in as objects
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
        """Ask ``seat``'s bot for the decision of ``view``; returns at once. A spec is asked in
        the game's thinker (or the one given); a bot object, which cannot travel to a worker
        process, in this table's :class:`~engine.ai.local_thinker.LocalThinker`."""
        bot = self.bots[seat]
        if isinstance(bot, BotSpec):
            key = (self._key, seat)
            self._asked.add(key)
            thinker: BotThinker = self._thinker()
            spec = BotSpec(bot.name, bot.seed, bot.options, key)
        else:
            if self._local is None:
                self._local = LocalThinker()
            thinker, spec = self._local, self._local.adopt(bot)
        return Ticket(thinker, thinker.submit(view, spec))

    def answer(self, ticket: Ticket) -> Result | None:
        """The answer once it is there (a failure when the bot failed), else ``None``."""
        return None if ticket.thinker.closed else ticket.thinker.poll(ticket.handle)

    def cancel(self, ticket: Ticket) -> None:
        """The answer is no longer wanted: a search stops at its next sampled deal, in a
        worker or, for a bot object, in the in-process thinker; a job not yet started is
        skipped. The answer, if any, is not heard."""
        if not ticket.thinker.closed:
            ticket.thinker.cancel(ticket.handle)

    def close(self) -> None:
        """The table is over: its bots are dropped from the workers, its thread stopped."""
        if self._closed:
            return
        self._closed = True
        if self._local is not None:
            self._local.shutdown()
        thinker = self._given if self._given is not None else _thinker
        if thinker is not None and not thinker.closed:
            for key in self._asked:
                thinker.forget(key)


__all__ = ["NICE", "WORKERS", "TableBots", "Ticket", "close_game_thinker", "game_thinker"]
