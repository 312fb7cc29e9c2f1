"""The threads the game starts so that no frame waits, and what it does where it gets none.

A save is written behind, the catalogs are read while the window opens, the history is
listed and a review kept on threads of their own, and the bots think in worker processes.
Where the system gives no more threads or processes (a limit on a user's processes,
``ulimit -u``; a full process table), that work is done in the caller's own thread instead:
a frame then waits for it, but nothing is lost and the game goes on. The player is told
once, on the terminal and in the log; the log keeps every refusal.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

log = logging.getLogger(__name__)

_told: set[str] = set()  # what was refused a thread or a process, said once each


def start_thread(target: Callable[[], object], name: str) -> threading.Thread | None:
    """``target`` started on a daemon thread called ``name``, or ``None`` where the system
    gives no thread (then said, see :func:`refused`): the caller does the work itself."""
    thread = threading.Thread(target=target, name=name, daemon=True)
    try:
        thread.start()
    except RuntimeError as exc:  # "can't start new thread"
        refused(name, exc)
        return None
    return thread


def threads_to_be_had(count: int) -> bool:
    """Whether the system gives ``count`` threads at once now (they are started, and end
    at once)."""
    go = threading.Event()
    started: list[threading.Thread] = []
    try:
        for _ in range(count):
            started.append(threading.Thread(target=go.wait, name="a probe", daemon=True))
            started[-1].start()
    except RuntimeError as exc:
        log.info("%d threads asked, %d given: %s", count, len(started) - 1, exc)
        return False
    finally:
        go.set()
        for thread in started:
            if thread.is_alive():
                thread.join()
    return True


def refused(what: str, why: object) -> None:
    """The system gave no thread or process for ``what`` (``why``): said on the terminal
    the first time, in the log once for each ``what``."""
    if what in _told:
        return
    if _told:
        log.info("no thread or process for %s either (%s)", what, why)
    else:
        log.warning("the system gives the game no more threads or processes (%s): it works "
                    "in its window's thread, which may pause while a bot thinks", why)
    _told.add(what)


__all__ = ["refused", "start_thread", "threads_to_be_had"]
