"""Pieces shared by the screens around the table: the backdrop, headings, option rows, a
text field, a form with keyboard focus and a yes/no dialog.

Everything is laid out in design pixels for 1280 x 720 and multiplied by ``app.unit``; texts
are looked up through ``app.tr`` when drawn, so a language switch shows at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

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
    wrap_text,
)
from game.app.window import App, Scene

FOCUS_BAR = (255, 255, 255, 22)
FIELD = (10, 24, 18)


def backdrop(surface: pygame.Surface, app: App) -> None:
    """The table felt over the whole window."""
    surface.blit(app.assets.felt(surface.get_size()), (0, 0))


def heading(surface: pygame.Surface, app: App, text: str, center: tuple[int, int],
            size: float = 64) -> pygame.Rect:
    """A gold title with a dark drop shadow and a thin underline flourish."""
    u = app.unit
    rect = blit_text(surface, app.assets, text, size * u, center, GOLD)
    y = rect.bottom + int(6 * u)
    half = rect.width // 2 + int(24 * u)
    pygame.draw.line(surface, GOLD, (center[0] - half, y), (center[0] + half, y),
                     max(1, int(2 * u)))
    pygame.draw.circle(surface, GOLD, (center[0], y), max(2, int(4 * u)))
    return rect


def draw_keys_hint(surface: pygame.Surface, app: App, text: str) -> None:
    """A dim one-line hint at the bottom of the window."""
    u = app.unit
    w, h = surface.get_size()
    blit_text(surface, app.assets, text, 19 * u, (w // 2, h - int(16 * u)), TEXT_DIM,
              shadow=False)


def fit_size(app: App, text: str, size: float, width: int) -> int:
    """The largest font size up to ``size`` at which ``text`` fits ``width`` pixels."""
    size = int(size)
    while size > 10 and app.assets.font(size).size(text)[0] > width:
        size -= 1
    return size


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
    """A label and a set of options side by side; one is selected."""

    key: str
    choices: Sequence[Choice]
    get: Callable[[], Any]
    set: Callable[[Any], None]
    height: int = 52  # design pixels
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    option_rects: list[pygame.Rect] = field(default_factory=list)
    _hover: int = -1

    def layout(self, app: App, rect: pygame.Rect, label_width: int) -> None:
        u = app.unit
        self.rect = rect
        x = rect.left + label_width
        gap = int(12 * u)
        pad_y = int(8 * u)
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
        if not self.choices:
            return
        index = self.index
        index = (max(index, 0) + delta) % len(self.choices)
        self.set(self.choices[index].value)

    def activate(self) -> None:
        """Enter on the row: the next option (a toggle for two options)."""
        self.step(1)

    def handle_event(self, event: pygame.event.Event) -> bool:
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
        self.layout()

    def on_resize(self, size: tuple[int, int]) -> None:
        self.layout()

    def layout(self) -> None:
        u = self.app.unit
        w, h = self.app.size
        title_h = int(104 * u)
        rows_h = sum(int(row.height * u) for row in self.rows)
        extra_h = int(self.extra_height() * u)
        buttons_h = int(84 * u)
        panel_h = rows_h + extra_h + buttons_h + int(32 * u)
        panel_w = min(int(self.panel_width * u), w - int(32 * u))
        hint_h = int(30 * u)
        top = max(title_h, (h - hint_h - panel_h) // 2 + title_h // 2)
        self.panel = pygame.Rect((w - panel_w) // 2, top, panel_w, panel_h)
        self.label_width = int(panel_w * 0.3)
        y = self.panel.top + int(16 * u)
        for row in self.rows:
            rect = pygame.Rect(self.panel.left + int(14 * u), y, panel_w - int(28 * u),
                               int(row.height * u))
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
        count = len(self.rows) + (1 if self.actions else 0)
        on_actions = self.focus == len(self.rows)
        if key == pygame.K_SPACE and not on_actions and isinstance(self.rows[self.focus], TextRow):
            return  # a space typed in a name (it arrives as text input too)
        if key == pygame.K_ESCAPE:
            self.back()
        elif key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            down = key == pygame.K_DOWN or (key == pygame.K_TAB
                                             and not event.mod & pygame.KMOD_SHIFT)
            self.focus = (self.focus + (1 if down else -1)) % max(1, count)
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


def draw_paragraph(surface: pygame.Surface, app: App, text: str, rect: pygame.Rect,
                   size: float, color: tuple[int, int, int] = TEXT_DIM) -> None:
    """Wrapped text inside ``rect`` (lines that do not fit are left out)."""
    lines = wrap_text(app.assets, text, int(size), rect.width)
    line_h = int(size * 1.15)
    y = rect.top
    for line in lines:
        if y + line_h > rect.bottom + line_h // 3:
            break
        blit_text(surface, app.assets, line, size, (rect.left, y), color, anchor="topleft",
                  shadow=False)
        y += line_h


# --- a yes/no question over the current screen ---------------------------------------------


class ConfirmDialog(Scene):
    """A modal question; Enter or Yes confirms, Esc or No cancels."""

    opaque = False

    def __init__(self, app: App, message: str, on_yes: Callable[[], None],
                 yes_key: str = "menu_yes", no_key: str = "menu_no") -> None:
        super().__init__(app)
        self.message = message
        self.on_yes = on_yes
        self.yes = Button(app.tr(yes_key), self.confirm)
        self.no = Button(app.tr(no_key), self.cancel)
        self.yes.selected = False
        self.no.selected = True
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.lines: list[str] = []
        self.text_top = 0

    def on_resize(self, size: tuple[int, int]) -> None:
        u = self.app.unit
        w, h = size
        width = min(int(620 * u), w - 40)
        self.lines = wrap_text(self.app.assets, self.message, int(27 * u), width - int(56 * u))[:5]
        line_h = int(32 * u)
        bw, bh = int(190 * u), int(54 * u)
        height = int(34 * u) + len(self.lines) * line_h + int(30 * u) + bh + int(26 * u)
        self.panel = pygame.Rect(0, 0, width, height)
        self.panel.center = (w // 2, h // 2)
        self.text_top = self.panel.top + int(34 * u)
        self.yes.rect = pygame.Rect(0, 0, bw, bh)
        self.no.rect = pygame.Rect(0, 0, bw, bh)
        self.yes.rect.bottomright = (self.panel.centerx - int(12 * u),
                                     self.panel.bottom - int(26 * u))
        self.no.rect.bottomleft = (self.panel.centerx + int(12 * u),
                                   self.panel.bottom - int(26 * u))

    def confirm(self) -> None:
        self.app.pop()
        self.on_yes()

    def cancel(self) -> None:
        self.app.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.cancel()
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
                self.yes.selected, self.no.selected = self.no.selected, self.yes.selected
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                (self.confirm if self.yes.selected else self.cancel)()
            return
        for button in (self.yes, self.no):
            if button.handle_event(event):
                return

    def draw(self, surface: pygame.Surface) -> None:
        u = self.app.unit
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 130))
        surface.blit(veil, (0, 0))
        draw_panel(surface, self.panel, u, (18, 40, 30, 245))
        y = self.text_top + int(16 * u)
        for line in self.lines:
            blit_text(surface, self.app.assets, line, 27 * u, (self.panel.centerx, y), TEXT)
            y += int(32 * u)
        self.yes.draw(surface, self.app.assets, u)
        self.no.draw(surface, self.app.assets, u)


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


# --- the player-count filter of the history screens ----------------------------------------------

#: The choices of the "Players: All 3 4 5" filter (None: every player count).
PLAYER_FILTERS: tuple[int | None, ...] = (None, 3, 4, 5)


def player_filter_label(app: App, value: int | None) -> str:
    return app.tr("menu_all") if value is None else str(value)


def place_player_filter(app: App, inner: pygame.Rect) -> list[pygame.Rect]:
    """The filter's chips, in a row at the top of ``inner`` after the "Players" label."""
    u = app.unit
    x = inner.left + int(150 * u)
    font = app.assets.font(int(22 * u))
    rects = []
    for value in PLAYER_FILTERS:
        label = player_filter_label(app, value)
        rect = pygame.Rect(x, inner.top, max(int(64 * u), font.size(label)[0] + int(28 * u)),
                           int(38 * u))
        rects.append(rect)
        x = rect.right + int(10 * u)
    return rects


def draw_player_filter(surface: pygame.Surface, app: App, inner: pygame.Rect,
                       rects: Sequence[pygame.Rect], selected: int | None) -> None:
    u = app.unit
    blit_text(surface, app.assets, app.tr("players"), 24 * u,
              (inner.left + int(8 * u), rects[0].centery), TEXT, anchor="midleft")
    radius = max(3, int(8 * u))
    for value, rect in zip(PLAYER_FILTERS, rects, strict=True):
        on = value == selected
        pygame.draw.rect(surface, BUTTON_HOVER if on else BUTTON, rect, border_radius=radius)
        pygame.draw.rect(surface, HIGHLIGHT if on else GOLD, rect,
                         max(1, int((3 if on else 1.5) * u)), border_radius=radius)
        blit_text(surface, app.assets, player_filter_label(app, value), 22 * u, rect.center,
                  HIGHLIGHT if on else TEXT)


def screen_panel(app: App, width: float, top: float = 112, bottom: float = 96
                 ) -> tuple[pygame.Rect, pygame.Rect]:
    """The panel of a menu screen under its heading, ``width`` design pixels wide at most,
    ``top`` and ``bottom`` design pixels from the window's edges; and its inner area."""
    u = app.unit
    w, h = app.size
    top_px, bottom_px = int(top * u), int(bottom * u)
    inner_w = min(int(width * u), w - int(32 * u))
    panel = pygame.Rect((w - inner_w) // 2, top_px, inner_w, h - top_px - bottom_px)
    return panel, panel.inflate(-int(36 * u), -int(28 * u))


def draw_screen(surface: pygame.Surface, app: App, title: str, panel: pygame.Rect
                ) -> pygame.Rect:
    """A menu screen's frame: the felt, the gold ``title``, the ``panel``; returns the panel's
    inner area (as :func:`screen_panel` gives it)."""
    u = app.unit
    backdrop(surface, app)
    heading(surface, app, title, (surface.get_width() // 2, int(54 * u)), 58)
    draw_panel(surface, panel, u)
    return panel.inflate(-int(36 * u), -int(28 * u))
