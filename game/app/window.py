"""The window, the frame loop and the scene stack.

One loop, as in the pygame-ce examples: events → the top scene's ``handle_event`` →
``update(dt)`` → ``draw`` (scenes below an overlay are drawn first) → flip → tick(60).
``draw`` never changes game state. Scenes are pushed and popped; a scene that is not
``opaque`` (a dialog) lets the one below show through.

The window may be given any size from outside (a window manager, a tiling desktop, a
script): the scenes are laid out for sizes from :data:`SMALLEST` to :data:`LARGEST`, the
sizes ``--size`` opens. A window smaller than that shows a card that asks for a larger
one, the game going on behind it, and the scenes come back as they were once it has grown;
a larger one is asked back to the largest size, and only that much of it is drawn.
"""

from __future__ import annotations

import gc
import io
import logging
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from engine.resources import resource_path
from engine.saves import write_atomic, write_problem
from game.app.assets import Assets, Sounds
from game.app.desktop import FullScreen, name_the_window, set_window_class
from game.app.i18n import preload, tr, trn
from game.app.limits import memory_limit
from game.app.navigator import NAVIGATOR
from game.app.settings import LARGEST, SMALLEST, Settings, save_changes
from game.app.threads import refused, threads_to_be_had
from game.app.widgets import TEXT, blit_text, wrap_text

log = logging.getLogger(__name__)

MIN_SIZE = (1024, 600)
FPS = 60
#: The threads the window's drawing may want: a GL driver that draws in software starts one
#: per processor, and SDL a few of its own.
GL_THREADS = min(64, (os.cpu_count() or 1) + 4)
#: What the window shows while it is smaller than :data:`SMALLEST`.
TOO_SMALL_BACKGROUND = (12, 40, 28)


class Scene:
    """A screen of the game. Subclasses override what they need."""

    opaque = True

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack (again)."""

    def leave(self) -> None:
        """Called when the scene is popped or replaced."""

    def handle_event(self, event: pygame.event.Event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def on_resize(self, size: tuple[int, int]) -> None:
        pass


def fit_to_desktop(size: tuple[int, int], desktop: tuple[int, int] | None) -> tuple[int, int]:
    """The window size kept in the settings, made to fit the screen it opens on (the file
    may come from a larger screen, or be edited by hand): the same shape, at most nine
    tenths of the screen, never under :data:`MIN_SIZE` unless the screen is.

    >>> fit_to_desktop((8192, 8192), (1920, 1080))
    (1024, 972)
    >>> fit_to_desktop((1280, 720), (1920, 1080))
    (1280, 720)
    """
    if desktop is None:
        return size
    room = (desktop[0] * 9 // 10, desktop[1] * 9 // 10)
    if size[0] <= room[0] and size[1] <= room[1]:
        return size
    scale = min(room[0] / size[0], room[1] / size[1])
    fitted = (max(min(MIN_SIZE[0], room[0]), round(size[0] * scale)),
              max(min(MIN_SIZE[1], room[1]), round(size[1] * scale)))
    log.info("the window of the settings (%dx%d) is made %dx%d to fit the screen",
             *size, *fitted)
    return fitted


def _desktop() -> tuple[int, int] | None:
    """The size of the first screen; ``None`` with no screen to fit (the dummy driver)."""
    if pygame.display.get_driver() in ("dummy", "offscreen"):
        return None
    sizes = pygame.display.get_desktop_sizes()
    return tuple(sizes[0]) if sizes else None  # type: ignore[return-value]


class App:
    """The game window and everything shared by its scenes."""

    def __init__(self, settings: Settings, size: tuple[int, int] | None = None) -> None:
        name_the_window()  # read when the display starts: what a task bar calls the window
        # Only what the window needs: the sound is started by :class:`Sounds`, which keeps a
        # missing audio device quiet (``pygame.init`` would try the mixer out loud).
        pygame.display.init()
        pygame.font.init()
        # The bots think in worker processes, but some work shares this process's interpreter
        # on threads (the history's reader, the catalogs read at start-up, a bot handed in as
        # an object); a short switch interval (1 ms instead of 5) hands it back to the frame
        # loop sooner, which keeps frames smooth meanwhile.
        sys.setswitchinterval(0.001)
        self.settings = settings
        self._settings_problem: str | None = None  # why the last save of the settings failed
        self._unsaved: dict[str, Any] = {}  # the player's changes not saved yet (a full disk)
        #: another window of the game holds the player's folders: browse and replay only
        self.spectator = False
        #: opens the screens of the parts above the one asking (game.app.navigator)
        self.navigator = NAVIGATOR
        width, height = size or fit_to_desktop(settings.window_size, _desktop())
        #: the size the window opened at, kept at the close when the player changed it (a
        #: size asked for on the command line is this run's alone: ``None``)
        self._opened: tuple[int, int] | None = None if size else (width, height)
        if not threads_to_be_had(GL_THREADS) or memory_limit() is not None:
            # a GL driver drawing in software (llvmpipe) waits for ever for threads it could
            # not have, and under a memory limit cannot map itself, when the X server's error
            # ends the process: the window's pixels go without GL
            os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        # hidden until it has its class: a window manager reads it as the window appears
        self.window = pygame.Window(tr("window_title", settings.language),
                                    (max(SMALLEST[0], width), max(SMALLEST[1], height)),
                                    resizable=True, hidden=True)
        self.window.minimum_size = MIN_SIZE if size is None or (
            width >= MIN_SIZE[0] and height >= MIN_SIZE[1]) else SMALLEST
        self.screen = self.window.get_surface()
        #: the window's size when its surface was last taken, and the size drawn of it
        self._window_size = self._drawn = self._laid_out = self.screen.get_size()
        #: the size the window was given when it was last asked back to :data:`LARGEST`
        self._asked: tuple[int, int] | None = None
        #: why the window's surface could not be had (said once in the log), or None
        self._no_surface: str | None = None
        set_window_class(self.window)
        self._set_icon()
        #: full screen (F11, or the settings); a size asked for on the command line opens a
        #: window of that size whatever the settings say
        self.full_screen = FullScreen(self.window)
        if settings.full_screen and size is None:
            self.full_screen.set(True)
        self.window.show()
        self._take_surface()
        self._laid_out = self._drawn
        preload()  # the catalogs, read on a thread while the window opens
        self.assets = Assets()
        self.assets.resized(self._laid_out)
        self.sounds = Sounds(settings.sound)
        self.scenes: list[Scene] = []
        self.clock = _frame_clock()
        self.running = True
        self.frame_times: list[float] = []  # seconds per frame, for the frame-time benchmark
        self.frames = 0
        #: set by the game's own start (game.cli): only its window sets memory aside from the
        #: collector; a window built by a test or a script frees what it made like any object
        self.settles_memory = False
        self.after_frame: list[Callable[[App], None]] = []

    def _set_icon(self) -> None:
        """The window's icon (taskbar, title bar); a missing file is no reason to stop."""
        try:
            self.window.set_icon(pygame.image.load(str(resource_path("sprites", "icons",
                                                                     "app.png"))))
        except (pygame.error, FileNotFoundError) as exc:
            log.info("no window icon: %s", exc)

    # --- texts and settings ---------------------------------------------------------------------
    def tr(self, key: str, **values: object) -> str:
        return tr(key, self.settings.language, **values)

    def trn(self, key: str, count: int, **values: object) -> str:
        """A text with a count, in the form the count takes (``1 trick``, ``2 tricks``)."""
        return trn(key, count, self.settings.language, **values)

    def update_settings(self, settings: Settings, save: bool = True) -> str | None:
        """Use ``settings`` from now on and save what the player changed in them (only
        that: see :func:`~game.app.settings.save_changes`; a change that could not be saved
        is saved with the next); returns why they could not be saved (a full disk, a
        read-only profile: they still apply until the game closes). ``save=False``: this
        run only."""
        before = self.settings
        if settings.language != self.settings.language:
            self.window.title = tr("window_title", settings.language)  # the title speaks it too
        switched = settings.full_screen != self.full_screen.on
        if switched and not self.full_screen.set(settings.full_screen):
            settings = settings.with_(full_screen=self.full_screen.on)  # it stayed as it was
        self.settings = settings
        self.sounds.enabled = settings.sound
        if switched:
            self._resized()  # at once: the window's own events of it come a frame later
        if not save:
            return None
        self._unsaved.update(settings.changes_from(before))
        if not self._unsaved:
            return None
        try:
            save_changes(self._unsaved)
        except OSError as exc:
            problem = write_problem(exc)
            if problem != self._settings_problem:  # said once per reason, not at each click
                log.warning("could not save the settings: %s", problem)
            self._settings_problem = problem
            return problem
        self._settings_problem = None
        self._unsaved.clear()
        return None

    @property
    def size(self) -> tuple[int, int]:
        """The size the scenes are laid out for: the window's, from :data:`SMALLEST` to
        :data:`LARGEST` (while the window is smaller, the size it had last)."""
        return self._laid_out

    @property
    def too_small(self) -> bool:
        """The window is smaller than any screen is laid out for: it shows a card that asks
        for a larger one instead."""
        return self._drawn[0] < SMALLEST[0] or self._drawn[1] < SMALLEST[1]

    @property
    def unit(self) -> float:
        """Layout scale: 1.0 at 1280 x 720, following the window's smaller ratio."""
        w, h = self.size
        return min(w / 1280, h / 720)

    # --- scenes ---------------------------------------------------------------------------------
    @property
    def scene(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        scene.on_resize(self.size)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.leave()
        if self.scenes:
            self.scenes[-1].enter()
        else:
            self.running = False
        return scene

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().leave()
        self.push(scene)

    def quit(self) -> None:
        self.running = False

    # --- the loop -------------------------------------------------------------------------------
    def run(self, max_frames: int | None = None) -> None:
        """Run until quit (or ``max_frames``). Shuts the scenes down on the way out."""
        try:
            while self.running and (max_frames is None or self.frames < max_frames):
                dt = self.clock.tick(FPS) / 1000.0
                self.step(dt)
        finally:
            self.close()

    def step(self, dt: float) -> None:
        """One frame: events, update, draw, flip."""
        start = time.perf_counter()
        for event in pygame.event.get():
            self.dispatch(event)
        scene = self.scene
        if scene is not None:
            scene.update(min(dt, 0.1))
        self.draw()
        self.window.flip()
        self.frames += 1
        self.frame_times.append(time.perf_counter() - start)
        if len(self.frame_times) > 100_000:
            del self.frame_times[:50_000]
        for hook in list(self.after_frame):
            hook(self)

    def toggle_full_screen(self) -> None:
        """F11, on every screen: full screen or back to the window, kept in the settings
        (for the next start, and so that the settings screen shows it)."""
        self.update_settings(self.settings.with_(full_screen=not self.full_screen.on))

    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type in (pygame.WINDOWSIZECHANGED, pygame.WINDOWRESIZED, pygame.VIDEORESIZE):
            self._resized()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_full_screen()
            return
        if self.too_small and event.type in _POINTING:
            return  # nothing the pointer could be over is on screen
        top = self.scene
        if top is not None:
            top.handle_event(event)

    def _take_surface(self) -> bool:
        """Draw on the window's surface from now on (:attr:`screen`), at most :data:`LARGEST`:
        a window made larger from outside is asked back to that size (once per size it is
        given), and only that much of it is drawn should it stay larger. Whether a surface
        could be had: the system gives none for a window too large for it ("Texture
        dimensions are limited"), which is said once in the log, and the frames draw
        nothing until the window is given a size it can draw."""
        given = self.window.size
        if (given[0] > LARGEST[0] or given[1] > LARGEST[1]) and given != self._asked:
            self._asked = given
            self.window.size = _within(given)
        self._window_size = self.window.size
        try:
            surface = self.window.get_surface()
        except pygame.error as exc:
            if str(exc) != self._no_surface:
                log.warning("the window (%dx%d) cannot be drawn: %s", *self._window_size, exc)
            self._no_surface = str(exc)
            return False
        self._no_surface = None
        area = surface.get_rect().clip(pygame.Rect((0, 0), LARGEST))
        self.screen = surface if area.size == surface.get_size() else surface.subsurface(area)
        self._drawn = self.screen.get_size()
        return True

    def _resized(self) -> None:
        """The window has a new size: every scene lays itself out for it (once it is a size
        a scene can be laid out for)."""
        if not self._take_surface() or self.too_small or self._drawn == self._laid_out:
            return  # nothing to draw on, too small, or the same size told again
        self._laid_out = self._drawn
        self.assets.resized(self._drawn)
        for each in self.scenes:
            each.on_resize(self._drawn)

    def draw(self) -> None:
        if self.window.size != self._window_size:  # resized, its events still to come
            self._resized()
        if self._no_surface is not None:
            return
        if self.too_small:
            self._draw_too_small()
            return
        first = len(self.scenes) - 1
        while first > 0 and not self.scenes[first].opaque:
            first -= 1
        if first < 0:
            self.screen.fill((0, 0, 0))
        for scene in self.scenes[max(first, 0):]:
            scene.draw(self.screen)

    def _draw_too_small(self) -> None:
        """The card that asks for a larger window, on as many lines as the window holds."""
        self.screen.fill(TOO_SMALL_BACKGROUND)
        w, h = self.screen.get_size()
        size = max(8, min(22, h // 3))
        line = int(size * 1.25)
        if w <= 16 or h < size:
            return  # not a word would show
        lines = wrap_text(self.assets, self.tr("window_too_small"), size, w - 8,
                          max(1, h // line))
        top = (h - len(lines) * line) // 2 + line // 2
        for number, text in enumerate(lines):
            blit_text(self.screen, self.assets, text, size, (w // 2, top + number * line),
                      TEXT, shadow=False, width=w - 8)

    def close(self) -> None:
        while self.scenes:
            self.scenes.pop().leave()
        if self.window is not None:
            # full screen is a setting of its own: the size kept is the window's
            w, h = self.full_screen.windowed_size if self.full_screen.on else self.size
            if (self._opened not in (None, (w, h)) and (w, h) != self.settings.window_size
                    and w >= MIN_SIZE[0] and h >= MIN_SIZE[1]):
                self.update_settings(self.settings.with_(window_size=(w, h)))

    def settle_memory(self) -> None:
        """Collect what is garbage now and set what lives on (the assets, a replay's states)
        aside from the cyclic collector, so that its full passes, which would otherwise walk
        them again and again, stay short enough not to cost a frame. Called where a screen
        has just been built, never in the middle of one; only in the game's own window."""
        if self.settles_memory:
            gc.collect()
            gc.freeze()

    def release_memory(self) -> None:
        """A screen that held much (a replay and its states) has closed: after this frame,
        when nothing holds it any more, what :meth:`settle_memory` set aside is looked at
        again, so that the screen is freed, and what lives on is set aside anew."""
        if self.settles_memory:
            self.after_frame.append(_resettle)

    def screenshot(self, path: str | Path) -> None:
        """What the window shows, as a PNG at ``path``: whole or not at all (a full disk
        leaves no file cut short). :class:`OSError` when it cannot be written."""
        picture = io.BytesIO()
        try:
            pygame.image.save(self.screen, picture, "screenshot.png")
        except pygame.error as exc:  # out of memory to encode it
            raise OSError(f"the picture could not be made: {exc}") from exc
        write_atomic(path, picture.getvalue())


class _SleepClock:
    """The frame clock where SDL gets no thread for its own (a limit on a user's processes):
    the same pacing, on Python's clock."""

    def __init__(self) -> None:
        self._last = time.perf_counter()

    def tick(self, framerate: int) -> int:
        """Wait for the rest of the frame at ``framerate``; the milliseconds since the last
        tick, as :meth:`pygame.time.Clock.tick` says them."""
        wait = 1 / framerate - (time.perf_counter() - self._last)
        if wait > 0:
            time.sleep(wait)
        now = time.perf_counter()
        elapsed, self._last = now - self._last, now
        return round(elapsed * 1000)


def _frame_clock() -> pygame.time.Clock | _SleepClock:
    try:
        return pygame.time.Clock()
    except pygame.error as exc:  # "Not enough resources to create thread"
        refused("the frame clock", exc)
        return _SleepClock()


def _within(size: tuple[int, int]) -> tuple[int, int]:
    """``size`` made no larger than :data:`LARGEST`."""
    return min(size[0], LARGEST[0]), min(size[1], LARGEST[1])


#: The events of the pointer: where it is means nothing while the window is too small.
_POINTING = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL,
             pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION)


def _resettle(app: App) -> None:
    app.after_frame.remove(_resettle)
    gc.unfreeze()
    app.settle_memory()
