"""The saved match read on a thread of its own, for the menu.

The menu shows the saved match beside Continue, and it is the game's first screen. A match
saved by an older version holds every deal in full, and checking thousands of deals takes
seconds (tens on a busy machine): read in the frame, it kept the window from showing. So
the menu asks a :class:`MatchReader` for it (:meth:`MatchReader.request`) and shows it once
read (:meth:`MatchReader.latest`), Continue waiting meanwhile, and saying so.

A reading is kept for the file as it was read (its size, time and inode): the menu shown
again reads nothing while the file is unchanged, and a file changed since is read again.
The match read is handed to one table only (:meth:`MatchReader.take`): the table plays it
on, so the next look reads the file, the one source of the saved match, again.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from engine.saves import SaveError
from game.app.threads import start_thread
from game.match.session import SavedMatch, read_saved_match

log = logging.getLogger(__name__)

#: What tells a file changed: its inode, size and time of change (``None``: no file).
Stamp = tuple[int, int, int] | None
#: A saved match smaller than this is read at once, the screen waiting for it (a match
#: saved now is some kilobytes, read in milliseconds); a larger one, an older version's
#: long match, is read behind.
AT_ONCE = 512 * 1024


def stamp(path: Path) -> Stamp:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_ino, info.st_size, info.st_mtime_ns


@dataclass(frozen=True)
class Reading:
    """The saved match as read from the file as it was (``stamp``): the match, or why it
    cannot be used (neither: there was no file)."""

    stamp: Stamp
    saved: SavedMatch | None = None
    error: SaveError | None = None


class MatchReader:
    """Reads the saved match at ``path`` on a daemon thread whenever asked."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._latest: Reading | None = None
        self._wanted: tuple[str, str] | None = None  # the defaults a reading is asked with

    def request(self, default_level: str, default_name: str) -> None:
        """Read the file unless the last reading is of the file as it is now;
        ``default_level`` and ``default_name`` stand in for what its ``meta`` lacks. Returns
        at once, or once read for a file of less than :data:`AT_ONCE` bytes."""
        with self._lock:
            self._wanted = (default_level, default_name)
            now = stamp(self.path)
            reading = self._thread is not None and self._thread.is_alive()
            # (under way, the thread reads once more if the file changed meanwhile)
            start = not reading and (self._latest is None or self._latest.stamp != now)
        if start:
            thread = start_thread(self._run, "match-reader")
            with self._lock:  # (a reading already over leaves no thread alive: not busy)
                self._thread = thread
            if thread is None:  # no thread to be had: read here, the frame waiting
                self._run()
        if now is None or now[1] < AT_ONCE:
            self.wait()

    def long(self) -> bool:
        """Whether the file as it is now is yet to be read and will take a while (it holds
        :data:`AT_ONCE` bytes or more)."""
        now = stamp(self.path)
        with self._lock:
            read = self._latest is not None and self._latest.stamp == now
        return not read and now is not None and now[1] >= AT_ONCE

    def latest(self) -> Reading | None:
        """The reading of the file as it is now; ``None`` while it is still to be read."""
        with self._lock:
            latest = self._latest
        return latest if latest is not None and latest.stamp == stamp(self.path) else None

    def take(self) -> Reading | None:
        """:meth:`latest`, given up: the match read is to be played on."""
        with self._lock:
            latest, self._latest = self._latest, None
        return latest if latest is not None and latest.stamp == stamp(self.path) else None

    @property
    def busy(self) -> bool:
        with self._lock:
            return self._thread is not None and self._thread.is_alive()

    def wait(self, timeout: float = 60.0) -> Reading | None:
        """Wait for the reading under way, and return the last one (scripts and tests)."""
        deadline = time.monotonic() + timeout
        while self.busy and time.monotonic() < deadline:
            time.sleep(0.005)
        return self.latest()

    def _run(self) -> None:
        while True:
            with self._lock:
                wanted = self._wanted
            assert wanted is not None
            before = stamp(self.path)
            reading = Reading(before)
            if before is not None:
                try:
                    reading = Reading(before, saved=read_saved_match(self.path, *wanted))
                except SaveError as exc:
                    reading = Reading(before, error=exc)
                except Exception as exc:  # no check foresaw it: told as damage, not a crash
                    log.warning("the saved match could not be read", exc_info=True)
                    reading = Reading(before, error=SaveError(f"{self.path}: {exc}"))
            with self._lock:
                if stamp(self.path) == before:
                    self._latest = reading
                    self._thread = None
                    return
            # written meanwhile (a table saving behind): read the file as it is now


_readers: dict[str, MatchReader] = {}
_readers_lock = threading.Lock()


def match_reader(path: Path) -> MatchReader:
    """The reader of the saved match at ``path``."""
    with _readers_lock:
        reader = _readers.get(str(path))
        if reader is None:
            reader = _readers[str(path)] = MatchReader(path)
        return reader


__all__ = ["MatchReader", "Reading", "match_reader", "stamp"]
