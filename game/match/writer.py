"""Files written on a thread of their own, so that no frame waits for the disk.

A save is written atomically and flushed to the disk (:func:`engine.saves.write_atomic`),
which may take tens of milliseconds on a slow or busy disk: in the frame loop, after a card
dropped on the table, that is a stutter the player sees. :class:`Writer` takes the text to
write at once and writes it behind: in the order given, and of a file given again before it
was written, only the newest text (the match is saved after every move; the last save is the
one that counts). What a write did is told back on the writer's thread (``done``), and
:meth:`Writer.flush` waits until everything given is on the disk. A text that takes long to
make (a challenge series, both runs' deals) may be given as what makes it, which the
writer's thread calls: made from a copy, never from what the game goes on changing. Where
the system gives no thread (:mod:`game.app.threads`), each text is written at once, in the
thread that gives it.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> writer = Writer(lambda path, problem: None)
>>> writer.put(folder / "a.txt", "one")
>>> writer.put(folder / "a.txt", "two")
>>> writer.flush()
True
>>> (folder / "a.txt").read_text()
'two'
"""

from __future__ import annotations

import atexit
import threading
import weakref
from collections.abc import Callable
from pathlib import Path

from engine.saves import write_atomic
from game.app.threads import start_thread

#: Seconds :meth:`Writer.flush` waits at most by default (at the game's exit, say).
FLUSH_SECONDS = 10.0

_writers: weakref.WeakSet[Writer] = weakref.WeakSet()


class Writer:
    """Writes the texts it is given, in order, on a daemon thread (started at the first)."""

    def __init__(self, done: Callable[[Path, Exception | None], object]) -> None:
        """``done(path, problem)`` is called on the writer's thread after each write (on the
        caller's, where no thread is to be had), with the exception it raised (``None``:
        written)."""
        self._done = done
        #: in the order given; a newer text replaces
        self._pending: dict[Path, str | Callable[[], str]] = {}
        self._busy = False
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None
        _writers.add(self)

    def put(self, path: Path, text: str | Callable[[], str]) -> None:
        """Write ``text`` (or what ``text()`` makes, on the writer's thread) to ``path`` after
        what was given before (the newest text only, when ``path`` is still waiting: it then
        takes its place at the end)."""
        with self._cond:
            self._pending.pop(path, None)
            self._pending[path] = text
            if self._thread is None:
                self._thread = start_thread(self._run, "tarot-writer")
            behind = self._thread is not None
            self._cond.notify_all()
        while not behind and self._write_next(wait=False):
            pass  # no thread to be had: written now (the next put tries for one again)

    def flush(self, seconds: float = FLUSH_SECONDS) -> bool:
        """Wait until everything given is written (or failed); False when ``seconds`` ran
        out first."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._pending and not self._busy, seconds)

    def _run(self) -> None:
        while True:
            self._write_next(wait=True)

    def _write_next(self, wait: bool) -> bool:
        """Write the first text waiting (``wait``: for one to come); ``False`` when none
        was."""
        with self._cond:
            if wait:
                self._cond.wait_for(lambda: bool(self._pending))
            elif not self._pending:
                return False
            path = next(iter(self._pending))
            text = self._pending.pop(path)
            self._busy = True
        problem: Exception | None = None
        try:
            write_atomic(path, text if isinstance(text, str) else text())
        except Exception as exc:  # a full disk, a read-only folder: told, never fatal
            problem = exc
        try:
            self._done(path, problem)
        finally:
            with self._cond:
                self._busy = False
                self._cond.notify_all()
        return True


@atexit.register
def flush_all() -> None:
    """Wait for every writer of this process: at the game's exit (the last saves reach the
    disk before the process ends), and before a save is read back."""
    for writer in list(_writers):
        writer.flush()


__all__ = ["FLUSH_SECONDS", "Writer", "flush_all"]
