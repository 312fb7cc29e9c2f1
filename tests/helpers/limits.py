"""The real program run as a player runs it, under the limits a player may meet.

``as_a_player(RLIMIT_NPROC=1)`` is a ``preexec_fn`` for :mod:`subprocess`: the child takes
the resource limits given. A player is never the superuser, who passes every limit on
processes and every file permission; where the tests run as the superuser (a container),
the child gives up those powers first: its real user becomes ``nobody`` (the limit on
processes counts a real user's processes, and never the superuser's) and it drops every
capability, so that it meets a folder's permissions as its owner does. It keeps its
effective user, so that it still reads the interpreter and writes the test's own folders.
"""

from __future__ import annotations

import ctypes
import os
import resource
import sys
from collections.abc import Callable

#: The real user of a child run as a player by the superuser.
NOBODY = 65534
_PR_CAPBSET_DROP = 24
_CAPABILITIES = 64  # more than any kernel has; those it lacks are refused, and skipped


def as_a_player(**limits: int) -> Callable[[], None]:
    """A ``preexec_fn`` that sets ``limits`` (``RLIMIT_NPROC=1``: soft and hard alike) in a
    child that has no more powers than a player's."""
    values = [(getattr(resource, name), value) for name, value in limits.items()]

    def start() -> None:
        if os.geteuid() == 0:
            _no_superuser()
        for which, value in values:
            resource.setrlimit(which, (value, value))

    return start


def _no_superuser() -> None:
    if sys.platform != "linux":  # the tests' containers are Linux
        raise OSError("the tests cannot run a player's process as the superuser here")
    libc = ctypes.CDLL(None, use_errno=True)
    for capability in range(_CAPABILITIES):  # gone from what the program may ever have
        libc.prctl(_PR_CAPBSET_DROP, capability, 0, 0, 0)
    os.setresuid(NOBODY, 0, 0)  # set before the limits: the count moves to that user


__all__ = ["as_a_player"]
