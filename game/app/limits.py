"""When the system refuses the game what it needs: open files, memory, file size, processes.

The game saves after every move, each save written whole or not at all, so stopping when
one of the system's limits is reached loses nothing already saved: what matters then is to
say so in one line that names the limit (``tarot: the game stopped: too many open files (the
limit is 16: ulimit -n)…``), in the player's language, rather than a traceback. Only these
errors are told so (:func:`limit_reached`); any other is a bug and keeps its traceback.
Where the window is up, it says so too before it closes (:mod:`game.app.farewell`).

This module is loaded with the command line, before any limit can be reached: what says
that a limit was reached must not need a file opened then.
"""

from __future__ import annotations

import errno
import logging
import os
import sys
import threading
from types import ModuleType

from game.app.i18n import tr

resource: ModuleType | None
try:
    import resource
except ImportError:  # Windows: no such limits to name
    resource = None

#: The kind of limit behind each of the system's error numbers.
_ERRNOS = {errno.EMFILE: "files", errno.ENFILE: "files", errno.ENOMEM: "memory",
           errno.EFBIG: "file_size", errno.EAGAIN: "processes"}
#: Each kind's resource limit (``resource.RLIMIT_*``), its ``ulimit`` option, and whether
#: it counts bytes.
_LIMITS = {"files": ("RLIMIT_NOFILE", "n", False), "memory": ("RLIMIT_AS", "v", True),
           "file_size": ("RLIMIT_FSIZE", "f", True), "processes": ("RLIMIT_NPROC", "u", False)}


def limit_reached(exc: BaseException) -> str | None:
    """Which of the system's limits ``exc``, or an error it arose from, ran into: ``"files"``,
    ``"memory"``, ``"file_size"`` or ``"processes"``; ``None`` for any other error.

    >>> limit_reached(OSError(errno.EMFILE, "Too many open files"))
    'files'
    >>> limit_reached(ValueError("a bug")) is None
    True
    """
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        kind = _kind(current)
        if kind is not None:
            return kind
        current = current.__cause__ or current.__context__
    return None


def _kind(exc: BaseException) -> str | None:
    if isinstance(exc, MemoryError):
        return "memory"
    if isinstance(exc, FileNotFoundError) and _no_file_left():
        return "files"  # pygame says a file is missing when it could not open it, whatever why
    if isinstance(exc, OSError):
        return _ERRNOS.get(exc.errno or 0)
    pygame = sys.modules.get("pygame")  # not loaded yet: no pygame error can have come
    if pygame is not None and isinstance(exc, pygame.error) and (
            "out of memory" in str(exc).lower() or not room_to_draw()):
        return "memory"  # in SDL's words, or in none: a font that cannot draw says another
    if isinstance(exc, RuntimeError) and "can't start new thread" in str(exc):
        return "processes"
    return None


#: Pixels a surface of which must still be possible for drawing to be safe (16 MB): the
#: fonts measure and draw without checking all that they allocate.
ROOM = (2048, 2048)


def room_to_draw() -> bool:
    """Whether there is memory enough left to draw a few words: a surface that large can
    be made, the way pygame checks (and is let go at once)."""
    import pygame

    try:
        pygame.Surface(ROOM, pygame.SRCALPHA, 32)
    except pygame.error:
        return False
    return True


def _no_file_left() -> bool:
    """Whether not one more file may be opened now: the limit on open files is reached."""
    try:
        os.close(os.open(os.devnull, os.O_RDONLY))
    except OSError as exc:
        return exc.errno in (errno.EMFILE, errno.ENFILE)
    return False


def limit_words(kind: str, lang: str) -> str:
    """The limit in words, with the value the system set for the game when it set one:
    "too many open files (the limit is 16: ulimit -n)"."""
    what = tr(f"limit_{kind}", lang)
    if resource is None:
        return what
    name, option, in_bytes = _LIMITS[kind]
    soft = resource.getrlimit(getattr(resource, name))[0]
    if soft == resource.RLIM_INFINITY:
        return what
    value = tr("limit_megabytes", lang, n=round(soft / 2**20)) if in_bytes else str(soft)
    return tr("limit_set", lang, what=what, value=value, option=option)


def stop_line(kind: str, lang: str, prog: str) -> str:
    """The one line the game leaves when a limit stopped it."""
    return tr("cli_limit_stop", lang, prog=prog, problem=limit_words(kind, lang))



def memory_limit() -> int | None:
    """The bytes of address space the system allows the game (``ulimit -v``), or ``None``
    where it sets no such limit."""
    if resource is None:
        return None
    soft = resource.getrlimit(resource.RLIMIT_AS)[0]
    return None if soft == resource.RLIM_INFINITY else int(soft)


#: Where Linux says how large the process is.
STATM = "/proc/self/statm"


def process_memory() -> tuple[int, int] | None:
    """This process's address space and resident memory, in bytes (Linux; ``None`` where
    the system does not say, or the file cannot be read)."""
    try:
        with open(STATM, "rb") as statm:
            size, resident = statm.read().split()[:2]
        return int(size) * os.sysconf("SC_PAGE_SIZE"), int(resident) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError):
        return None


#: Bytes of address space kept free under a memory limit (``ulimit -v``): the game stops
#: cleanly once it comes closer to the limit than that.
HEADROOM = 24 * 2**20


class MemoryWatch:
    """Under a memory limit, the game's address space looked at after each frame: once it is
    within :data:`HEADROOM` of the limit, the game stops (``MemoryError``), in one line, before
    it gets there. Some of the libraries under the window (the fonts' shaping and rasterising)
    do not check every allocation they make, and the process would die of a segmentation fault
    in the middle of a frame instead. Nothing is done where no limit is set, or where the
    system does not say how large the process is (Linux's ``/proc/self/statm`` does)."""

    def __init__(self) -> None:
        limit = memory_limit()
        self.limit = limit if limit is not None and os.path.exists(STATM) else None

    def __call__(self, *_: object) -> None:  # a frame hook: (the app)
        if self.limit is None:
            return
        sizes = process_memory()
        if sizes is None:  # no file to spare: the next frame looks
            return
        size = sizes[0]
        if size > self.limit - HEADROOM:
            raise MemoryError(f"{size // 2**20} MB of the {self.limit // 2**20} MB allowed")


def quiet_in_threads(log: logging.Logger) -> None:
    """A thread of the game (reading the catalogs, the history) that meets a limit of the
    system leaves its traceback in the log rather than on the terminal: the window meets the
    limit too, and says it in one line; any other error in a thread is shown as before."""
    previous = threading.excepthook

    def hook(args: threading.ExceptHookArgs) -> None:
        if args.exc_value is not None and limit_reached(args.exc_value) is not None:
            log.info("a limit of the system stopped the thread %s",
                     args.thread.name if args.thread is not None else "?",
                     exc_info=(args.exc_type, args.exc_value, args.exc_traceback))
            return
        previous(args)

    threading.excepthook = hook
