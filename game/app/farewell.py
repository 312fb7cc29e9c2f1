"""The window's last picture when a limit of the system stops the game (see
:mod:`game.app.limits`): why, on a panel, until the player has seen it."""

from __future__ import annotations

import gc
import logging
import time

import pygame

from game.app.i18n import tr
from game.app.limits import limit_words, room_to_draw
from game.app.screens import draw_paragraph
from game.app.widgets import TEXT, draw_panel, wrap_text
from game.app.window import App

log = logging.getLogger(__name__)


#: Seconds the window shows why the game stopped, unless a key, a click or its close button
#: ends it sooner.
FAREWELL_SECONDS = 60.0
#: SDL's drivers with no window anyone can see: nothing is waited for there.
UNSEEN_DRIVERS = ("dummy", "offscreen")


def farewell(app: App, kind: str) -> None:
    """The window's last picture when a limit stops the game: why, on a panel, until a key,
    a click or the close button (or :data:`FAREWELL_SECONDS`). Drawing may need what ran out
    (a font to open, memory for the panel): then the line on the terminal and in the log is
    all there is. Where memory is short it is not even tried: the fonts measure and draw
    without checking all that they allocate, and would crash the process."""
    gc.collect()  # what the closed screens held
    if not room_to_draw():
        log.info("why the game stopped is not drawn: too little memory is left")
        return
    try:
        surface = app.window.get_surface()
        width, height = surface.get_size()
        lang = app.settings.language
        text = tr("limit_stop_screen", lang, problem=limit_words(kind, lang))
        size = max(14, round(28 * app.unit))
        margin = round(30 * app.unit)
        inner = int(width * 0.62)
        lines = wrap_text(app.assets, text, size, inner)
        rect = pygame.Rect(0, 0, inner + 2 * margin,
                           len(lines) * int(size * 1.15) + 2 * margin)  # as draw_paragraph
        rect.center = (width // 2, height // 2)
        surface.fill((0, 0, 0))
        draw_panel(surface, rect, app.unit)
        draw_paragraph(surface, app, text, rect.inflate(-2 * margin, -2 * margin), size, TEXT)
        app.window.flip()
    except Exception:
        log.info("why the game stopped could not be drawn", exc_info=True)
        return
    if pygame.display.get_driver() in UNSEEN_DRIVERS:
        return
    deadline = time.monotonic() + FAREWELL_SECONDS
    while time.monotonic() < deadline:
        if any(e.type in (pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN)
               for e in pygame.event.get()):
            return
        time.sleep(0.05)
