"""One window at a time on the player's files.

Two windows playing from the same user folder would each save "the match in progress" over
the other's and archive every deal twice. The first window takes a lock on a file in the
data folder; a second one finds it taken and opens as a spectator: it may browse and replay
the finished deals, but it neither continues nor starts a match. The lock is the operating
system's (``flock`` on Unix, ``msvcrt.locking`` on Windows), so it goes with the process: a
game that was killed leaves no stale lock behind.

A file can be deleted while a game holds its lock (a cleaner, a sync tool; not on Windows,
where an open file stays): a second game would then make a new one and take that. So on
Unix the game also locks the data folder itself, through a descriptor of its own, which no
deletion of a file takes away. And before each save (:func:`profile_kept`) the game looks
that the lock file and the folder in their places are still the ones it holds: a lock file
deleted is made and taken again; if another game holds what is there now (the folder was
replaced, and another game took it), this one writes nothing more there and says so.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO

LOCK_NAME = "tarot.lock"
#: What a save says once another game holds the player's files (see :func:`profile_kept`);
#: the table puts it into words.
FILES_TAKEN = "another game holds the player's files now"

log = logging.getLogger(__name__)


class FolderLock:
    """This process's hold on a folder (:meth:`acquire`), kept until :meth:`release` or
    until the process ends."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / LOCK_NAME
        self._handle: IO[str] | None = None
        self._folder: int | None = None  # a descriptor of the folder, locked too (Unix)
        self._lost = False  # another game holds what is in its place now: see kept()
        self._guard = threading.Lock()  # the writer's thread asks kept() too
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
        taken, self._folder = _lock_folder(self.path.parent)
        if not taken:  # another game holds the folder (its lock file was deleted)
            _close(handle, None)
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
        folder, self._folder = self._folder, None
        if handle is not None:
            _close(handle, folder)

    def kept(self) -> bool:
        """Whether this game still holds the player's folder: the lock file and the folder
        in their places are those it locked. One that is not (a lock file deleted, a folder
        replaced) is taken anew; ``False`` when another game holds it, from then on: this
        game then writes nothing more there. ``True`` for a lock never taken (a folder that
        cannot be written: nothing is saved there anyway)."""
        with self._guard:
            if self._handle is None or self._lost:
                return not self._lost
            if _same(os.lstat, self.path, self._handle.fileno()) and (
                    self._folder is None or _same(os.stat, self.path.parent, self._folder)):
                return True
            handle, folder = self._handle, self._folder
            self._handle = self._folder = None
            _close(handle, folder)  # a lock of this game's own would stand in the way
            taken = self.acquire() and self.held
            if not taken:
                self._lost = True
                log.warning("%s: %s; this game saves nothing more there", self.path.parent,
                            FILES_TAKEN)
            return taken


#: The lock the game's window holds over the player's files while it runs (none in a test
#: or a script, whose saves are not checked).
_profile: list[FolderLock] = []


def hold_profile(lock: FolderLock | None) -> None:
    """Make ``lock`` the one :func:`profile_kept` checks (``None``: none, the window closed)."""
    _profile[:] = [] if lock is None else [lock]


def profile_kept() -> bool:
    """Whether the game may still write the player's files (see :meth:`FolderLock.kept`)."""
    return all(lock.kept() for lock in _profile)


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


def _lock_folder(folder: Path) -> tuple[bool, int | None]:
    """Lock ``folder`` itself (Unix): whether no other game holds it, and the descriptor
    that holds it (``None``: not locked, where folders cannot be — Windows, where the lock
    file cannot be deleted anyway, and a file system that refuses it)."""
    if sys.platform == "win32":
        return True, None
    import fcntl

    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return True, None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        os.close(fd)
        return not isinstance(exc, BlockingIOError), None
    return True, fd


def _same(stat: Callable[[Path], os.stat_result], path: Path, fd: int) -> bool:
    """Whether ``path``, looked at by ``stat`` (``os.lstat``: a link is not followed), is
    the file ``fd`` has open."""
    try:
        there, held = stat(path), os.fstat(fd)
    except OSError:
        return False
    return (there.st_dev, there.st_ino) == (held.st_dev, held.st_ino)


def _close(handle: IO[str], folder: int | None) -> None:
    """Let go of a lock file and of its folder's lock."""
    with contextlib.suppress(OSError):
        _unlock(handle)
    handle.close()
    if folder is not None:
        os.close(folder)  # its lock goes with its last descriptor


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
