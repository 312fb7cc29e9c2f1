"""The screens around the table, driven as a player drives them: frames, keys and clicks
dispatched to an app (the ``app`` fixture of ``tests/conftest.py`` opens one and closes it).
"""

from __future__ import annotations

import pygame

from game.app.window import App, Scene
from game.menus.menu import MenuScene


def step(app: App, frames: int = 1) -> None:
    """Frames; on the history's screens, each once their listing (read on a thread, shown
    "Reading…" until then) is there, as a player who waits a moment sees it."""
    for _ in range(frames):
        reader = getattr(app.scene, "reader", None)
        if reader is not None:
            reader.wait(60)
        app.step(1 / 60)


def key(app: App, code: int, mod: int = 0) -> None:
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=""))
    step(app)


def click(app: App, pos: tuple[int, int]) -> None:
    app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    step(app)


def top(app: App) -> Scene | None:
    return app.scene


def open_menu(app: App, seed: int | None = None) -> MenuScene:
    menu = MenuScene(app, seed)
    app.push(menu)
    step(app)
    return menu
