"""The window among the desktop's others: the name a task bar and Alt-Tab know it by, and
full screen.

An X11 desktop groups and labels a window by its ``WM_CLASS``, a name and a class. SDL
writes one word in both, read from ``SDL_VIDEO_X11_WMCLASS`` when the display starts —
which pygame sets to the script's file name (``__main__.py`` under ``python -m game``) — so
the game names itself there before any display starts (:func:`name_the_window`, which a
Wayland desktop's application id follows too), then gives the window its class,
``Tarot``, through Xlib (:func:`set_window_class`), as window managers and desktop files
expect of a program called ``tarot``.

Full screen covers the desktop at its own resolution (no change of video mode), and leaving
it gives the window back the size it had (:class:`FullScreen`).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
import os

import pygame

log = logging.getLogger(__name__)

#: The window's ``WM_CLASS``: its name (the program's) and its class.
WINDOW_NAME = "tarot"
WINDOW_CLASS = "Tarot"
#: The variable SDL reads the window's name from when the display starts.
WMCLASS_VARIABLE = "SDL_VIDEO_X11_WMCLASS"


def name_the_window() -> None:
    """Before the display starts: the name SDL gives the window, whatever pygame set at its
    import (the script's file name)."""
    os.environ[WMCLASS_VARIABLE] = WINDOW_NAME


class _ClassHint(ctypes.Structure):
    _fields_ = [("res_name", ctypes.c_char_p), ("res_class", ctypes.c_char_p)]


def set_window_class(window: pygame.Window) -> bool:
    """Give an X11 window the class :data:`WINDOW_CLASS` beside its name (SDL wrote the name
    in both); call it once the window has its surface (SDL may make the window anew then)
    and before it is shown. Whether it was set: elsewhere than on X11, or without Xlib, the
    window keeps what SDL gave it, and the game goes on."""
    if pygame.display.get_driver() != "x11" or not window.handle:
        return False
    try:
        xlib = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
        xlib.XOpenDisplay.restype = ctypes.c_void_p
        xlib.XOpenDisplay.argtypes = [ctypes.c_char_p]
        xlib.XSetClassHint.argtypes = [ctypes.c_void_p, ctypes.c_ulong,
                                       ctypes.POINTER(_ClassHint)]
        xlib.XFlush.argtypes = [ctypes.c_void_p]
        xlib.XCloseDisplay.argtypes = [ctypes.c_void_p]
    except (OSError, AttributeError) as exc:
        log.info("the window keeps SDL's class: %s", exc)
        return False
    display = xlib.XOpenDisplay(None)  # the DISPLAY SDL opened: a connection of our own
    if not display:
        log.info("the window keeps SDL's class: the X display could not be opened")
        return False
    try:
        hint = _ClassHint(WINDOW_NAME.encode(), WINDOW_CLASS.encode())
        xlib.XSetClassHint(display, window.handle, ctypes.byref(hint))
        xlib.XFlush(display)
    finally:
        xlib.XCloseDisplay(display)
    return True


class FullScreen:
    """Whether a window covers the desktop, and the size to give it back when it leaves."""

    def __init__(self, window: pygame.Window) -> None:
        self.window = window
        self.on = False
        #: the window's size before it went full screen: what leaving it gives back, and
        #: what the settings keep for the next start
        self.windowed_size = window.size

    def set(self, on: bool) -> bool:
        """Go full screen, or back to a window of the size it had; whether the window is
        now as asked (a system that refuses full screen leaves it a window)."""
        if on == self.on:
            return True
        try:
            if on:
                self.windowed_size = self.window.size
                self.window.set_fullscreen(desktop=True)
            else:
                self.window.set_windowed()
                self.window.size = self.windowed_size
        except pygame.error as exc:
            log.warning("could not %s full screen: %s", "go" if on else "leave", exc)
            return False
        self.on = on
        return True


__all__ = ["WINDOW_CLASS", "WINDOW_NAME", "FullScreen", "name_the_window", "set_window_class"]
