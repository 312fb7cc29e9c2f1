"""How the program ends other than by its window's close: Ctrl+C, and a limit of the system
reached. Each leaves one line on standard error, in the player's language, and an exit status
of its own (0 is the window closed, 2 a command line or a file refused, see :mod:`game.cli`):

* Ctrl+C (SIGINT) while the window is up closes it as its close button does
  (:class:`CloseOnInterrupt`), then says so; a second Ctrl+C, or one before the window is up
  or once it is closing, stops at once with the same line. Exit status 130
  (:data:`INTERRUPTED`), as a shell counts a program Ctrl+C stopped (when Ctrl+C came while
  a module was being loaded, Python itself may end the process by the signal after the line,
  which a shell counts as 130 too). The bots' worker processes ignore it: the window ends
  them (:mod:`engine.ai.thinker_worker`).
* A limit of the system (open files, memory, file size, processes: :mod:`game.app.limits`)
  stops the game with a line that names it; exit status 1.

Kept apart from :mod:`game.cli` so that ``python -m game`` can say it even when Ctrl+C comes
while the command line itself is being loaded.
"""

from __future__ import annotations

import logging
import signal
import sys
import threading
from typing import Any

from game.app.i18n import languages, tr
from game.app.limits import stop_line
from game.app.logs import PROG


def language(chosen: str | None) -> str:
    """The language the command line speaks: ``--lang``, else the player's settings (English
    when they cannot be read)."""
    if chosen:
        return chosen
    from game.app.settings import Settings

    return Settings.load()[0].language


#: The exit status after Ctrl+C: 128 + SIGINT, as a shell counts a program it interrupted.
INTERRUPTED = 130


def interrupted(lang: str) -> int:
    """Ctrl+C: one line, exit status :data:`INTERRUPTED`."""
    print(tr("cli_interrupted", lang, prog=PROG), file=sys.stderr)
    return INTERRUPTED


def stopped(exc: Exception, kind: str, lang: str) -> int:
    """A limit of the system (``kind``, see :mod:`game.app.limits`) stopped the game: one
    line, the traceback in the log only, exit status 1."""
    logging.getLogger(PROG).info("a limit of the system stopped the game", exc_info=exc)
    print(stop_line(kind, lang, PROG), file=sys.stderr, flush=True)
    return 1


def speaking(arguments: list[str]) -> str:
    """The language of a line said on the way out: ``--lang``, else the settings' (English
    when they cannot be read, whatever the reason)."""
    for index, word in enumerate(arguments):
        value = word.partition("=")[2] if word.startswith("--lang=") else (
            arguments[index + 1] if word == "--lang" and index + 1 < len(arguments) else "")
        if value in languages():
            return value
    try:
        return language(None)
    except Exception:
        return "en"


class CloseOnInterrupt:
    """Ctrl+C while the window is up closes it as its close button does: the frame under way
    ends, the scenes are left (a match's last save is written), the bots' workers end. A
    second Ctrl+C, or one once the window is closing, stops at once (``KeyboardInterrupt``).
    Only where a handler can be set (the main thread), and only for the run."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.pressed = False
        self._previous: Any = None
        if threading.current_thread() is threading.main_thread():
            self._previous = signal.signal(signal.SIGINT, self._close)

    def _close(self, *_: object) -> None:  # a signal handler: (signal number, frame)
        if self.pressed or not self.app.running:
            raise KeyboardInterrupt
        self.pressed = True
        self.app.quit()

    def restore(self) -> None:
        if self._previous is not None:
            signal.signal(signal.SIGINT, self._previous)
            self._previous = None
