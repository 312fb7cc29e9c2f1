"""Apps for tests: opened with the settings a test wants (no sound, instant animations unless
it says otherwise) and always shut. ``conftest.py`` shuts at the end of each test any app the
test left open; a test that opens several in a loop shuts each as it goes, so that no more
than one set of card art is alive at a time."""

from __future__ import annotations

from typing import Any

import pygame

from game.app.settings import Settings
from game.app.window import App

_SHUT = "_shut_by_tests"


def open_app(size: tuple[int, int] | None = (1280, 720), **settings: Any) -> App:
    """An app of ``size`` (``None``: the size the settings keep), with ``settings`` over
    the tests' defaults: sound off, animations instant."""
    values: dict[str, Any] = {"sound": False, "animation_speed": "instant", **settings}
    app = App(Settings(**values), size=size)
    pygame.event.clear()
    return app


def shut(app: App) -> None:
    """Its scenes leave, its window goes: what it held is freed (once; again is nothing)."""
    if getattr(app, _SHUT, False):
        return
    setattr(app, _SHUT, True)
    app.close()
    app.window.destroy()
