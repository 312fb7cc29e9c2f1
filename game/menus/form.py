"""A form of the screens around the table: rows of options and a text field above a line of
buttons, driven by mouse or keyboard (the new game and the settings).

Laid out in design pixels for 1280 x 720 and multiplied by ``app.unit``, like the pieces of
:mod:`game.menus.common` it draws with.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.app.i18n import has_text
from game.app.screens import backdrop, fit_size, heading
from game.app.widgets import (
    BUTTON,
    BUTTON_HOVER,
    GOLD,
    HIGHLIGHT,
    TEXT,
    TEXT_DIM,
    Button,
    Toast,
    blit_text,
    draw_panel,
)
from game.app.window import App, Scene

FOCUS_BAR = (255, 255, 255, 22)
FIELD = (10, 24, 18)
#: The lowest a form's rows are made, as a share of their height, for the form to fit the
#: window above the keys line (the settings' ten rows are made three quarters as high at 16:9);
#: the space around an option shrinks with its row, so an option keeps the height of its text.
MIN_SQUEEZE = 0.7


# --- option rows ---------------------------------------------------------------------------


@dataclass
class Choice:
    """One option of a row: a text key, a literal text, or a picture drawn at a height."""

    value: Any
    key: str = ""
    text: str = ""
    picture: Callable[[int], pygame.Surface] | None = None
    caption_key: str = ""

    def label(self, app: App) -> str:
        return app.tr(self.key) if self.key else self.text


@dataclass
class ChoiceRow:
    """A label and a set of options side by side; one is selected. A row that is not
    ``enabled`` shows its one option dimmed (what cannot be chosen here, and why), takes no
    click and no key, and the keyboard's focus passes over it."""

    key: str
    choices: Sequence[Choice]
    get: Callable[[], Any]
    set: Callable[[Any], None]
    height: int = 52  # design pixels
    enabled: bool = True
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    option_rects: list[pygame.Rect] = field(default_factory=list)
    _hover: int = -1

    def layout(self, app: App, rect: pygame.Rect, label_width: int) -> None:
        u = app.unit
        self.rect = rect
        x = rect.left + label_width
        gap = int(12 * u)
        pad_y = int(8 * u * min(1.0, rect.height / (self.height * u)))  # as the row is squeezed
        self.option_rects = []
        for choice in self.choices:
            if choice.picture is not None:
                image_h = rect.height - 2 * pad_y - (int(24 * u) if choice.caption_key else 0)
                width = choice.picture(max(8, image_h)).get_width() + int(20 * u)
                caption = app.tr(choice.caption_key) if choice.caption_key else ""
                width = max(width, app.assets.font(int(20 * u)).size(caption)[0] + int(16 * u))
                option = pygame.Rect(x, rect.top + pad_y // 2, width, rect.height - pad_y)
            else:
                text_w = app.assets.font(int(24 * u)).size(choice.label(app))[0]
                width = max(int(96 * u), text_w + int(34 * u))
                option = pygame.Rect(x, rect.top + pad_y, width, rect.height - 2 * pad_y)
            self.option_rects.append(option)
            x += width + gap

    @property
    def index(self) -> int:
        current = self.get()
        for i, choice in enumerate(self.choices):
            if choice.value == current:
                return i
        return -1

    def step(self, delta: int) -> None:
        if not self.choices or not self.enabled:
            return
        index = self.index
        index = (max(index, 0) + delta) % len(self.choices)
        self.set(self.choices[index].value)

    def activate(self) -> None:
        """Enter on the row: the next option (a toggle for two options)."""
        self.step(1)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEMOTION:
            self._hover = next((i for i, r in enumerate(self.option_rects)
                                if r.collidepoint(event.pos)), -1)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, r in enumerate(self.option_rects):
                if r.collidepoint(event.pos):
                    self.set(self.choices[i].value)
                    return True
        return False

    def draw(self, surface: pygame.Surface, app: App, focused: bool, label_width: int) -> None:
        u = app.unit
        draw_row_label(surface, app, self.rect, app.tr(self.key), focused, label_width)
        if not self.enabled:
            for choice, r in zip(self.choices, self.option_rects, strict=True):
                blit_text(surface, app.assets, choice.label(app), 24 * u,
                          (r.left + int(17 * u), r.centery), TEXT_DIM, anchor="midleft")
            return
        selected = self.index
        radius = max(3, int(9 * u))
        for i, (choice, r) in enumerate(zip(self.choices, self.option_rects, strict=True)):
            on = i == selected
            color = BUTTON_HOVER if (on or i == self._hover) else BUTTON
            if choice.picture is None or on or i == self._hover:
                pygame.draw.rect(surface, (0, 0, 0), r.move(0, max(1, int(3 * u))),
                                 border_radius=radius)
                pygame.draw.rect(surface, color, r, border_radius=radius)
            if on:
                pygame.draw.rect(surface, HIGHLIGHT, r, max(2, int(3 * u)), border_radius=radius)
            elif choice.picture is None:
                pygame.draw.rect(surface, GOLD, r, max(1, int(1.5 * u)),
                                 border_radius=radius)
            if choice.picture is not None:
                caption_h = int(24 * u) if choice.caption_key else 0
                image = choice.picture(max(8, r.height - int(8 * u) - caption_h))
                surface.blit(image, image.get_rect(midtop=(r.centerx, r.top + int(4 * u))))
                if choice.caption_key:
                    blit_text(surface, app.assets, app.tr(choice.caption_key), 20 * u,
                              (r.centerx, r.bottom - caption_h // 2 - int(2 * u)),
                              HIGHLIGHT if on else TEXT)
            else:
                blit_text(surface, app.assets, choice.label(app), 24 * u, r.center,
                          HIGHLIGHT if on else TEXT)


@dataclass
class TextRow:
    """A label and a one-line text field (typing, Backspace, a length limit)."""

    key: str
    get: Callable[[], str]
    set: Callable[[str], None]
    max_length: int = 16
    height: int = 52
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    field_rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    clock: float = 0.0

    def layout(self, app: App, rect: pygame.Rect, label_width: int) -> None:
        u = app.unit
        self.rect = rect
        self.field_rect = pygame.Rect(rect.left + label_width, rect.top + int(8 * u),
                                      int(360 * u), rect.height - int(16 * u))

    enabled = True

    def step(self, delta: int) -> None:
        pass

    def activate(self) -> None:
        pass

    def type_text(self, text: str) -> None:
        text = "".join(ch for ch in text if ch.isprintable())
        value = (self.get() + text)[: self.max_length]
        self.set(value)

    def backspace(self) -> None:
        self.set(self.get()[:-1])

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return bool(self.field_rect.collidepoint(event.pos))
        return False

    def handle_focused(self, event: pygame.event.Event) -> bool:
        """Typing, for the row that has the keyboard focus."""
        if event.type == pygame.TEXTINPUT:
            self.type_text(event.text)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
            self.backspace()
            return True
        return False

    def draw(self, surface: pygame.Surface, app: App, focused: bool, label_width: int) -> None:
        u = app.unit
        draw_row_label(surface, app, self.rect, app.tr(self.key), focused, label_width)
        r = self.field_rect
        radius = max(3, int(8 * u))
        pygame.draw.rect(surface, FIELD, r, border_radius=radius)
        pygame.draw.rect(surface, HIGHLIGHT if focused else GOLD, r,
                         max(1, int((3 if focused else 1.5) * u)), border_radius=radius)
        text = self.get()
        shown = blit_text(surface, app.assets, text, 26 * u, (r.left + int(14 * u), r.centery),
                          TEXT, anchor="midleft", shadow=False)
        if focused and (self.clock % 1.0) < 0.6:
            x = shown.right + int(3 * u) if text else r.left + int(14 * u)
            pygame.draw.line(surface, HIGHLIGHT, (x, r.top + int(9 * u)),
                             (x, r.bottom - int(9 * u)), max(1, int(2 * u)))
        counter = f"{len(text)}/{self.max_length}"
        blit_text(surface, app.assets, counter, 18 * u, (r.right + int(12 * u), r.centery),
                  TEXT_DIM, anchor="midleft", shadow=False)


Row = ChoiceRow | TextRow


def named_choice(prefix: str, name: str) -> Choice:
    """An option shown as ``tr(prefix + name)`` when that text exists, else the name made
    readable (``call_any_card`` → ``Call any card``)."""
    key = f"{prefix}{name}"
    if has_text(key):
        return Choice(name, key=key)
    return Choice(name, text=name.replace("_", " ").capitalize())


def bot_levels(preferred: str) -> tuple[list[str], str]:
    """The opponents' levels a player may choose, and the one a form shows first:
    ``preferred`` when it is one of them, else ``simple``, else the first."""
    from engine.ai import BOTS

    levels = list(BOTS)
    if preferred in levels:
        return levels, preferred
    return levels, "simple" if "simple" in levels else levels[0]


# --- a form: rows of options above a line of buttons ------------------------------------------


class FormScene(Scene):
    """A titled panel of option rows and action buttons, driven by mouse or keyboard.

    Up/Down move the focus between the rows and the buttons, Left/Right change the focused
    row's option (or move between the buttons), Enter activates, Esc goes back.
    """

    title_key = ""
    panel_width = 960

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.rows: list[Row] = []
        self.actions: list[Button] = []
        self.action_keys: list[str] = []
        self.focus = 0
        self.action_focus = 0
        self.toast = Toast()
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.label_width = 0

    # subclasses fill these -------------------------------------------------------------------
    def extra_height(self) -> int:
        """Design pixels the subclass draws below the rows (e.g. a description)."""
        return 0

    def draw_extra(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        pass

    def back(self) -> None:
        self.app.pop()

    def default_action(self) -> None:
        """Enter on a row: by default, change its option."""
        if self.focus < len(self.rows):
            self.rows[self.focus].activate()

    # layout ----------------------------------------------------------------------------------
    def enter(self) -> None:
        if self.focus < len(self.rows) and not self.rows[self.focus].enabled:
            self.move_focus(1)
        self.layout()

    def on_resize(self, size: tuple[int, int]) -> None:
        self.layout()

    def layout(self) -> None:
        u = self.app.unit
        w, h = self.app.size
        title_h = int(104 * u)
        extra_h = int(self.extra_height() * u)
        buttons_h = int(84 * u)
        hint_h = math.ceil(30 * u)  # never a pixel into the keys line
        # rows that would push the buttons onto the keys line are made lower, all alike
        room = h - title_h - hint_h - extra_h - buttons_h - int(32 * u)
        natural = sum(row.height for row in self.rows) * u
        squeeze = min(1.0, max(MIN_SQUEEZE, room / natural)) if natural else 1.0
        heights = [int(row.height * u * squeeze) for row in self.rows]
        panel_h = sum(heights) + extra_h + buttons_h + int(32 * u)
        panel_w = min(int(self.panel_width * u), w - int(32 * u))
        top = max(title_h, (h - hint_h - panel_h) // 2 + title_h // 2)
        self.panel = pygame.Rect((w - panel_w) // 2, top, panel_w, panel_h)
        self.label_width = int(panel_w * 0.3)
        y = self.panel.top + int(16 * u)
        for row, height in zip(self.rows, heights, strict=True):
            rect = pygame.Rect(self.panel.left + int(14 * u), y, panel_w - int(28 * u), height)
            row.layout(self.app, rect, self.label_width)
            y += rect.height
        # the extra area spans the rows' width; the label column starts at its left
        self.extra_rect = pygame.Rect(self.panel.left + int(14 * u), y, panel_w - int(28 * u),
                                      extra_h)
        bw, bh, gap = int(220 * u), int(56 * u), int(24 * u)
        total = len(self.actions) * bw + (len(self.actions) - 1) * gap
        x = self.panel.centerx - total // 2
        by = self.panel.bottom - buttons_h + int(16 * u)
        for button in self.actions:
            button.rect = pygame.Rect(x, by, bw, bh)
            x += bw + gap
        for i, button in enumerate(self.actions):
            button.selected = self.focus == len(self.rows) and i == self.action_focus
            if i < len(self.action_keys):
                button.label = self.app.tr(self.action_keys[i])

    # events ----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        focused = self.rows[self.focus] if self.focus < len(self.rows) else None
        if isinstance(focused, TextRow) and focused.handle_focused(event):
            self.changed()
            return
        if event.type == pygame.KEYDOWN:
            self.handle_key(event)
            return
        for button in self.actions:
            if button.handle_event(event):
                return
        for i, row in enumerate(self.rows):
            if row.handle_event(event):
                self.focus = i
                self.changed()
                return

    def handle_key(self, event: pygame.event.Event) -> None:
        key = event.key
        on_actions = self.focus == len(self.rows)
        if key == pygame.K_SPACE and not on_actions and isinstance(self.rows[self.focus], TextRow):
            return  # a space typed in a name (it arrives as text input too)
        if key == pygame.K_ESCAPE:
            self.back()
        elif key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            down = key == pygame.K_DOWN or (key == pygame.K_TAB
                                             and not event.mod & pygame.KMOD_SHIFT)
            self.move_focus(1 if down else -1)
            self.layout()
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            delta = 1 if key == pygame.K_RIGHT else -1
            if on_actions:
                self.action_focus = (self.action_focus + delta) % len(self.actions)
                self.layout()
            elif self.rows:
                self.rows[self.focus].step(delta)
                self.changed()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if on_actions:
                button = self.actions[self.action_focus]
                if button.enabled:
                    button.on_click()
            else:
                self.default_action()
                self.changed()

    def move_focus(self, delta: int) -> None:
        """The focus to the next row (or the buttons) that can take it, ``delta`` ahead."""
        count = max(1, len(self.rows) + (1 if self.actions else 0))
        for _ in range(count):
            self.focus = (self.focus + delta) % count
            if self.focus >= len(self.rows) or self.rows[self.focus].enabled:
                return

    def changed(self) -> None:
        """After any change of an option: lay out again (labels may have new widths)."""
        self.layout()

    def update(self, dt: float) -> None:
        self.toast.update(dt)
        for row in self.rows:
            if isinstance(row, TextRow):
                row.clock += dt

    # drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        u = app.unit
        backdrop(surface, app)
        heading(surface, app, app.tr(self.title_key),
                (surface.get_width() // 2, self.panel.top - int(58 * u)), 60)
        draw_panel(surface, self.panel, u)
        for i, row in enumerate(self.rows):
            row.draw(surface, app, i == self.focus, self.label_width)
        if self.extra_rect.height:
            self.draw_extra(surface, self.extra_rect)
        for button in self.actions:
            button.draw(surface, app.assets, u)
        self.toast.draw(surface, app.assets, u,
                        (surface.get_width() // 2, surface.get_height() - int(80 * u)))


def draw_row_label(surface: pygame.Surface, app: App, rect: pygame.Rect, label: str,
                   focused: bool, label_width: int) -> None:
    """A form row's label on the left, over a soft bar when the row has the keyboard focus."""
    u = app.unit
    if focused:
        bar = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(bar, FOCUS_BAR, bar.get_rect(), border_radius=int(8 * u))
        surface.blit(bar, rect.topleft)
    size = fit_size(app, label, 26 * u, label_width - int(28 * u))
    blit_text(surface, app.assets, label, size, (rect.left + int(16 * u), rect.centery),
              HIGHLIGHT if focused else TEXT, anchor="midleft")


__all__ = ["Choice", "ChoiceRow", "FormScene", "Row", "TextRow", "bot_levels",
           "draw_row_label", "named_choice"]
