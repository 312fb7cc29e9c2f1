"""Where the game's messages go: warnings to the terminal, everything from INFO up to a log
file in the user's log folder (:func:`game.app.paths.log_file`).

The file matters most where there is no terminal: the Windows and macOS builds open a window
of their own, so ``tarot --selftest`` and ``tarot --version`` also leave their line in the
file. A log that cannot be written (a read-only or full disk) is given up quietly: the game
plays on, and logging never prints tracebacks of its own.
"""

from __future__ import annotations

import logging
import logging.handlers
import sys
from pathlib import Path
from types import TracebackType

PROG = "tarot"
#: The log file rolls over at this size, keeping one older file beside it.
MAX_BYTES = 512 * 1024
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class _QuietFileHandler(logging.handlers.RotatingFileHandler):
    """A log file that closes itself for good at the first failure to write."""

    def handleError(self, record: logging.LogRecord) -> None:
        self.close()
        logging.getLogger().removeHandler(self)


class _QuietTerminalHandler(logging.StreamHandler):  # type: ignore[type-arg]
    """The terminal's lines; one that cannot be written (no memory left to format it, a
    closed terminal) is dropped rather than followed by the logging's own traceback."""

    def handleError(self, record: logging.LogRecord) -> None:
        pass


def configure(file: Path | None) -> Path | None:
    """Warnings to standard error as ``tarot: WARNING: …``; INFO and up to ``file`` when it
    can be opened. Returns the file in use, or ``None``."""
    root = logging.getLogger()
    root.setLevel(logging.INFO)
    for handler in list(root.handlers):
        if getattr(handler, "_tarot", False):
            root.removeHandler(handler)
            handler.close()
    terminal = _QuietTerminalHandler()
    terminal.setLevel(logging.WARNING)
    terminal.setFormatter(logging.Formatter(f"{PROG}: %(levelname)s: %(message)s"))
    _mark(terminal)
    if sys.stderr is not None:
        root.addHandler(terminal)
    if file is None:
        return None
    if file.is_symlink():  # it may lead out of the game's folders: never written through
        logging.getLogger(PROG).warning("no log file: %s is a link", file)
        return None
    if file.exists() and not file.is_file():  # a pipe or a device would block or swallow it
        logging.getLogger(PROG).warning("no log file: %s is not a regular file", file)
        return None
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        # a path with a byte that is not UTF-8 (a surrogate in Python) is written escaped
        # rather than costing the log
        handler = _QuietFileHandler(file, maxBytes=MAX_BYTES, backupCount=1, encoding="utf-8",
                                    errors="backslashreplace")
    except OSError:
        return None
    handler.setFormatter(logging.Formatter(FORMAT))
    _mark(handler)
    root.addHandler(handler)
    return file


def log_uncaught() -> None:
    """Let an error that stops the game leave its traceback in the log file too, where a
    player without a terminal (the Windows and macOS builds) can find it and send it."""
    previous = sys.excepthook
    if getattr(previous, "_tarot", False):  # the game's hook is in place already
        return

    def hook(kind: type[BaseException], error: BaseException, trace: TracebackType | None
             ) -> None:
        if not issubclass(kind, KeyboardInterrupt):
            for handler in logging.getLogger().handlers:
                if isinstance(handler, logging.FileHandler):
                    handler.handle(logging.LogRecord(
                        PROG, logging.CRITICAL, __file__, 0, "the game stopped on an error",
                        None, (kind, error, trace)))
        previous(kind, error, trace)

    hook._tarot = True  # type: ignore[attr-defined]
    sys.excepthook = hook


def _mark(handler: logging.Handler) -> None:
    handler._tarot = True  # type: ignore[attr-defined]


def report(line: str) -> None:
    """A result the player asked for (``--selftest``, ``--version``): printed when there is
    a terminal, and always written to the log file."""
    if sys.stdout is not None:
        print(line, flush=True)
    logging.getLogger(PROG).info("%s", line)


def attach_console() -> None:
    """On Windows, a program built without a console has no standard streams: borrow the
    console of the terminal it was started from, if any, so that what it prints shows."""
    if sys.platform != "win32" or sys.stdout is not None:
        return
    import ctypes

    attach_parent_process = -1
    if not ctypes.windll.kernel32.AttachConsole(attach_parent_process):
        return
    try:
        sys.stdout = open("CONOUT$", "w", encoding="utf-8")  # noqa: SIM115 - kept for the run
        sys.stderr = open("CONOUT$", "w", encoding="utf-8")  # noqa: SIM115
    except OSError:
        sys.stdout = sys.stderr = None
