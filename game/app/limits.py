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
import sys
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
    if isinstance(exc, OSError):
        return _ERRNOS.get(exc.errno or 0)
    pygame = sys.modules.get("pygame")  # not loaded yet: no pygame error can have come
    if pygame is not None and isinstance(exc, pygame.error) and (
            "out of memory" in str(exc).lower()):
        return "memory"  # SDL says it in words of its own
    if isinstance(exc, RuntimeError) and "can't start new thread" in str(exc):
        return "processes"
    return None


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

