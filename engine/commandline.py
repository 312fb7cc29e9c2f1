"""What every command line of the project shares (``tarot``, ``python -m engine``, the
benchmarks, the arena, the build scripts), so that none of them answers a mistake with a
traceback or a computation without end:

* :class:`Parser` — an ``argparse`` parser whose usage errors are one line
  (``prog: error: argument --samples: …``) with exit status 2, no usage block;
* :func:`whole`, :func:`decimal`, :func:`player_count` and :func:`seed_number` — option
  types that take a number within its range and refuse any other (huge, negative, zero,
  NaN, infinite), naming the value and the range; :func:`folder`, a folder to write in;
* :func:`guarded` (and :func:`command`, its decorator for a ``main``) — runs a command and
  turns standard output that cannot be written (a full
  disk, ``>/dev/full``) into one line and exit status 1; a reader that stopped early
  (``| head``) is no error.

>>> whole(2, 4096)("48")
48
>>> whole(2, 4096)("99999999999999999999")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: expected a whole number from 2 to 4096, got 99999999999999999999
>>> decimal(0, 3600, above=True)("nan")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: expected a number above 0 and at most 3600, got nan
"""

from __future__ import annotations

import argparse
import errno
import functools
import math
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any, NoReturn, ParamSpec

P = ParamSpec("P")

#: A command line that cannot be followed: a bad option or value.
EXIT_USAGE = 2
#: What a command wrote could not be written (its output is lost, not its input).
EXIT_UNWRITTEN = 1
#: The longest excerpt of a value quoted in a message: a value of thousands of characters
#: is refused in one short line.
SHOWN = 40
#: The seeds every command takes: those the game's own ``--seed`` takes.
SEEDS = (0, 2**62 - 1)
#: Worker processes a command may start (``--jobs``): more than a desktop has cores.
JOBS = (1, 64)


class Parser(argparse.ArgumentParser):
    """Usage errors on one line (``prog: error: message``), exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


def shown(text: str) -> str:
    """``text`` quoted, cut to :data:`SHOWN` characters."""
    return repr(text if len(text) <= SHOWN else text[:SHOWN] + "…")


def whole(low: int, high: int) -> Callable[[str], int]:
    """An option type: a whole number from ``low`` to ``high``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:  # a word, a fraction, or more digits than Python converts
            value = None
        if value is None or not low <= value <= high:
            got = text if value is not None and len(text) <= SHOWN else shown(text)
            raise argparse.ArgumentTypeError(
                f"expected a whole number from {low} to {high}, got {got}")
        return value

    return parse


def decimal(low: float, high: float, above: bool = False) -> Callable[[str], float]:
    """An option type: a finite number from ``low`` (or ``above`` it) to ``high``."""
    span = f"above {low:g} and at most {high:g}" if above else f"from {low:g} to {high:g}"

    def parse(text: str) -> float:
        try:
            value: float | None = float(text)
        except ValueError:
            value = None
        if value is None or not (math.isfinite(value) and value <= high
                                 and (low < value if above else low <= value)):
            got = text if value is not None and len(text) <= SHOWN else shown(text)
            raise argparse.ArgumentTypeError(f"expected a number {span}, got {got}")
        return value

    return parse


def player_count(text: str) -> int:
    """An option type: a player count, 3, 4 or 5."""
    try:
        return whole(3, 5)(text)
    except argparse.ArgumentTypeError:
        got = text if len(text) <= SHOWN else shown(text)
        raise argparse.ArgumentTypeError(f"expected 3, 4 or 5 players, got {got}") from None


def folder(text: str) -> Path:
    """An option type: a folder to write in, made when missing."""
    path = Path(text)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise argparse.ArgumentTypeError(
            f"cannot make the folder {shown(text)}: {exc.strerror or exc}") from None
    if not os.access(path, os.W_OK):
        raise argparse.ArgumentTypeError(f"the folder {shown(text)} cannot be written")
    return path


def seed_number(text: str) -> int:
    """An option type: a seed, as the game takes it (:data:`SEEDS`)."""
    return whole(*SEEDS)(text)


# --- standard output ------------------------------------------------------------------------------


class OutputError(Exception):
    """Standard output refused what a command wrote; ``reason`` says why."""

    def __init__(self, error: OSError) -> None:
        super().__init__(error.strerror or str(error))
        self.reason = error.strerror or str(error)
        self.closed = isinstance(error, BrokenPipeError) or error.errno == errno.EPIPE


class _Output:
    """Standard output as a command writes it: a write that fails raises
    :class:`OutputError`, told apart from every other error the command may meet."""

    def __init__(self, stream: IO[str]) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        try:
            return self.stream.write(text)
        except OSError as error:
            raise OutputError(error) from None

    def flush(self) -> None:
        try:
            self.stream.flush()
        except OSError as error:
            raise OutputError(error) from None

    def __getattr__(self, name: str) -> Any:  # isatty, fileno, encoding, buffer…
        return getattr(self.stream, name)


def cannot_write(prog: str, path: object, error: OSError) -> str:
    """The line that tells a file the command writes could not be written: the file the
    error names, else ``path``, and the system's reason."""
    return f"{prog}: error: cannot write {error.filename or path}: {error.strerror or error}"


def unwritten_words(prog: str) -> Callable[[str], str]:
    """The line that tells standard output could not be written, in the engine's English."""
    return lambda reason: f"{prog}: error: cannot write the output: {reason}"


def guarded(prog: str, command: Callable[[], int],
            words: Callable[[str], str] | None = None) -> int:
    """Run ``command`` (its exit status is returned) with standard output watched: output
    that cannot be written is told on one line of standard error (``words(reason)``, by
    default :func:`unwritten_words`) with exit status 1, never a traceback; a reader that
    stopped reading is no error (status 0)."""
    stream = sys.stdout
    if stream is None or isinstance(stream, _Output):  # no output, or watched already
        return command()
    watched = _Output(stream)
    sys.stdout = watched
    try:
        try:
            status = command()
        finally:  # what is buffered is written now, while a failure can still be told
            watched.flush()
    except OutputError as error:
        _discard_output(stream)
        if error.closed:
            return 0
        print((words or unwritten_words(prog))(error.reason), file=sys.stderr)
        return EXIT_UNWRITTEN
    finally:
        sys.stdout = stream
    return status


def command(prog: str) -> Callable[[Callable[P, int]], Callable[P, int]]:
    """A decorator: the command's ``main`` runs :func:`guarded` under the name ``prog``."""

    def wrap(body: Callable[P, int]) -> Callable[P, int]:
        @functools.wraps(body)
        def main(*args: P.args, **kwargs: P.kwargs) -> int:
            return guarded(prog, lambda: body(*args, **kwargs))

        return main

    return wrap


def _discard_output(stream: IO[str]) -> None:
    """Point standard output at the null device: what is left in its buffer goes there at
    exit, instead of a second failure the interpreter would print."""
    try:
        descriptor = stream.fileno()
    except (OSError, ValueError, AttributeError):  # not a file (a test's capture)
        return
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, descriptor)
    finally:
        os.close(null)


__all__ = ["EXIT_UNWRITTEN", "EXIT_USAGE", "JOBS", "SEEDS", "OutputError", "Parser", "cannot_write",
           "command", "decimal",
           "folder", "guarded", "player_count", "seed_number", "shown", "unwritten_words", "whole"]
