"""One window at a time on the player's files.

Two windows playing from the same user folder would each save "the match in progress" over
the other's and archive every deal twice. The first window takes a lock on a file in the
data folder; a second one finds it taken and opens as a spectator: it may browse and replay
the finished deals, but it neither continues nor starts a match. The lock is the operating
system's (``flock`` on Unix, ``msvcrt.locking`` on Windows), so it goes with the process: a
game that was killed leaves no stale lock behind.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO

LOCK_NAME = "tarot.lock"


class FolderLock:
    """This process's hold on a folder (:meth:`acquire`), kept until :meth:`release` or
    until the process ends."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / LOCK_NAME
        self._handle: IO[str] | None = None
        #: set when something that is not a file stands where the lock goes (a folder, a
        #: pipe, a link): no window can hold the lock then, so none may write the player's
        #: files
        self.in_the_way = False
        self.is_link = False  # what is in the way is a link: never followed, never written

    @property
    def held(self) -> bool:
        return self._handle is not None

    def acquire(self) -> bool:
        """Take the lock; ``False`` when another running game holds it. A folder that cannot
        be written at all gives ``True``: nothing could be saved there by anyone anyway."""
        if self._handle is not None:
            return True
        if os.path.islink(self.path):  # it may lead out of the profile: never written through
            self.in_the_way = self.is_link = True
            return False
        if os.path.lexists(self.path) and not self.path.is_file():
            self.in_the_way = True  # opening a pipe would wait; a folder cannot be locked
            return False
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            handle = _open_no_link(self.path)
        except OSError:
            return True
        if not _lock(handle):
            handle.close()
            return False
        with contextlib.suppress(OSError):
            handle.seek(0)
            handle.truncate()
            handle.write(f"{os.getpid()}\n")
            handle.flush()
        self._handle = handle
        return True

    def release(self) -> None:
        handle, self._handle = self._handle, None
        if handle is not None:
            with contextlib.suppress(OSError):
                _unlock(handle)
            handle.close()


@contextlib.contextmanager
def exclusive(path: Path, timeout: float = 10.0) -> Iterator[None]:
    """Hold the lock of ``path`` (a small file kept beside what it guards) while a read,
    change and write of that thing runs: another window doing the same waits its turn, so
    neither writes over what the other just kept. ``OSError`` when it cannot be had within
    ``timeout`` seconds (or the lock is a link)."""
    if os.path.islink(path):
        raise OSError(f"{path}: is a link; the game writes nothing through a link")
    path.parent.mkdir(parents=True, exist_ok=True)
    handle = _open_no_link(path)
    try:
        deadline = time.monotonic() + timeout
        while not _lock(handle):
            if time.monotonic() > deadline:
                raise OSError(f"{path}: held by another window for {timeout:g} s")
            time.sleep(0.01)
        try:
            yield
        finally:
            with contextlib.suppress(OSError):
                _unlock(handle)
    finally:
        handle.close()


def _open_no_link(path: Path) -> IO[str]:
    """``path`` opened to read and append, never through a link (one made between the look
    and the open is refused by the system where it can: ``O_NOFOLLOW``)."""
    flags = os.O_RDWR | os.O_CREAT | os.O_APPEND | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(path, flags, 0o644)
    return os.fdopen(fd, "a+", encoding="utf-8")


def _lock(handle: IO[str]) -> bool:
    try:
        if sys.platform == "win32":
            import msvcrt

            handle.seek(0)
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def _unlock(handle: IO[str]) -> None:
    if sys.platform == "win32":
        import msvcrt

        handle.seek(0)
        msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)
    else:
        import fcntl

        fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
