"""The display, started before the window opens, so that a game with nowhere to show its
window says so on one line instead of playing on unseen.

SDL picks its video driver itself unless ``SDL_VIDEODRIVER`` names one. With no display to
reach — ``DISPLAY`` and ``WAYLAND_DISPLAY`` unset, as over ssh, or a display server that
does not answer — it falls back to a driver that draws nowhere (``offscreen``), and the
game would run invisibly until killed. A driver the environment names is honoured (the
tests and the build's checks ask for ``dummy``); one that cannot start is named with SDL's
reason. On macOS and Windows there is always a display: SDL picks the system's own.
"""

from __future__ import annotations

import contextlib
import logging
import os
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field

import pygame

from game.app.desktop import name_the_window

log = logging.getLogger(__name__)

#: The variable that names SDL's video driver.
DRIVER_VARIABLE = "SDL_VIDEODRIVER"
#: Where a Linux or BSD desktop is found: X11's display, Wayland's.
DISPLAY_VARIABLES = ("DISPLAY", "WAYLAND_DISPLAY")
#: The drivers that draw nowhere: SDL falls back to them when it finds no display.
NOWHERE = frozenset({"offscreen", "dummy"})
#: What the display libraries may print while SDL looks for a display, kept in the log.
SAID_KEPT = 4096


@dataclass(frozen=True)
class NoDisplay:
    """Why the window cannot be shown: a ``cli_<key>`` text of the catalogs and its values."""

    key: str
    values: dict[str, str] = field(default_factory=dict)


def start_display() -> NoDisplay | None:
    """Start SDL's video for the window to come; ``None`` when there is a display (or a
    driver the environment asked for), else why there is none."""
    name_the_window()  # read when the display starts
    named = os.environ.get(DRIVER_VARIABLE, "").strip()
    if named:
        try:
            pygame.display.init()
        except pygame.error as exc:
            return NoDisplay("video_driver", {"name": named, "reason": str(exc)})
        return None
    with _said_into_the_log():
        try:
            pygame.display.init()
        except pygame.error as exc:
            log.info("no display: %s", exc)
            return _nowhere()
    if pygame.display.get_driver() in NOWHERE:
        log.info("no display: SDL fell back to its %s driver", pygame.display.get_driver())
        pygame.display.quit()
        return _nowhere()
    return None


def _nowhere() -> NoDisplay:
    """No display was found: where SDL looked, or that nothing said where to look."""
    given = [f"{name}={os.environ[name]}" for name in DISPLAY_VARIABLES
             if os.environ.get(name)]
    if not given:
        return NoDisplay("no_display")
    return NoDisplay("display_silent", {"where": ", ".join(given)})


@contextlib.contextmanager
def _said_into_the_log() -> Iterator[None]:
    """What the display libraries print on standard error while SDL tries each display
    (libwayland's complaint of an unset ``XDG_RUNTIME_DIR``, say) goes to the log: the
    terminal gets the game's own one line."""
    try:
        kept = os.dup(2)
    except OSError:  # no standard error at all: nothing to keep clean
        yield
        return
    with tempfile.TemporaryFile() as said:
        os.dup2(said.fileno(), 2)
        try:
            yield
        finally:
            os.dup2(kept, 2)
            os.close(kept)
            said.seek(0)
            text = said.read(SAID_KEPT).decode("utf-8", "replace").strip()
            if text:
                log.info("while looking for a display: %s", " | ".join(text.splitlines()))


__all__ = ["DISPLAY_VARIABLES", "DRIVER_VARIABLE", "NOWHERE", "NoDisplay", "start_display"]
