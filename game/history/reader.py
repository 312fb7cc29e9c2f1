"""The history read on a thread of its own, for the screens that show it.

A long history (thousands of finished deals) takes seconds to read, and even once every file
is known, looking at each one again to see whether it changed takes longer than a frame.
So the finished deals and the statistics never list the folder themselves: they ask the
:class:`HistoryReader` of the history folder for a listing (:meth:`HistoryReader.request`)
and show the last one it finished (:meth:`HistoryReader.latest`), with how far the reading
has got while the first one is still to come. The reader is started at the game's start-up,
so that the list is usually there before the player asks for it.

No pygame here.
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from game.app import paths
from game.app.threads import start_thread
from game.history.archive import DealEntry, folder_problem, list_deals
from game.history.stats import Statistics, compute_stats

log = logging.getLogger(__name__)

#: The reader's pause every few files (list_deals says how far it got every 10 files).
YIELD_SECONDS = 0.001


@dataclass
class Listing:
    """A finished read of the history: its entries (newest first), their statistics, what is
    wrong with the folder itself (``None``: nothing)."""

    entries: list[DealEntry] = field(default_factory=list)
    problem: str | None = None
    stats: Statistics = field(default_factory=lambda: compute_stats([]))


class HistoryReader:
    """Reads one history folder on a daemon thread whenever asked, one listing at a time
    (where no thread is to be had, in the frame that asks)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._lock = threading.Lock()
        self._wanted = threading.Event()
        self._thread: threading.Thread | None = None
        self._latest: Listing | None = None
        self._reading = False
        #: how far the listing under way has got: files read, files to read
        self.progress = (0, 0)

    def request(self) -> None:
        """Ask for a fresh listing (the folder changed, or a screen opens); returns at once."""
        with self._lock:
            self._wanted.set()
            if self._thread is None or not self._thread.is_alive():
                self._thread = start_thread(self._run, "history-reader")
            behind = self._thread is not None
        if not behind:  # no thread to be had: read now, in this frame
            self._read()

    def latest(self) -> Listing | None:
        """The last listing finished (``None`` before the first)."""
        with self._lock:
            return self._latest

    @property
    def busy(self) -> bool:
        """A listing is asked for or under way."""
        with self._lock:
            return self._reading or self._wanted.is_set()

    def wait(self, timeout: float = 60.0) -> Listing | None:
        """Wait until no listing is asked for or under way, and return the last one (scripts
        and tests)."""
        deadline = time.monotonic() + timeout
        while self.busy and time.monotonic() < deadline:
            time.sleep(0.005)
        return self.latest()

    def _run(self) -> None:
        while self._wanted.wait(timeout=30.0):
            self._read()
        with self._lock:
            self._thread = None
            again = self._wanted.is_set()  # asked again as the thread was ending
        if again:
            self.request()

    def _read(self) -> None:
        """One listing, of the folder as it is now."""
        with self._lock:
            self._reading = True
            self._wanted.clear()
        self.progress = (0, 0)
        try:
            entries = list_deals(self.folder, progress=self._progressed)
            problem = folder_problem(self.folder)
            stats = compute_stats(entries)  # thousands of entries: not in a frame either
        except Exception:  # a screen says the history is empty rather than stopping
            log.warning("the history could not be read", exc_info=True)
            entries, problem, stats = [], f"{self.folder}: cannot be read", compute_stats([])
        with self._lock:
            self._latest = Listing(entries, problem, stats)
            self._reading = False

    def _progressed(self, done: int, total: int) -> None:
        self.progress = (done, total)
        # the frame loop shares the interpreter with this thread: a short pause now and then
        # lets a frame that is being drawn finish first, rather than at half speed
        time.sleep(YIELD_SECONDS)


_readers: dict[str, HistoryReader] = {}
_readers_lock = threading.Lock()


def history_reader(folder: Path | None = None) -> HistoryReader:
    """The reader of ``folder`` (the player's history folder by default)."""
    folder = folder if folder is not None else paths.history_dir()
    with _readers_lock:
        reader = _readers.get(str(folder))
        if reader is None:
            reader = _readers[str(folder)] = HistoryReader(folder)
        return reader


__all__ = ["HistoryReader", "Listing", "history_reader"]
