"""The base of the table's dialogs: a panel with a title, text, some content and buttons.

A panel only *offers*: every choice goes through the table's ``submit(action)``, so the
engine decides, and a refusal shows in the table's toast in words. A hint
(``panel.hinted``, an action set by the table's hint) draws a halo around the button that
would make that choice (for a card to play, or no declaration, while an offer is open: the
button that declines it).

Every size is a design size for a 1280 x 720 window, multiplied by the ``unit`` given to
:meth:`Panel.layout`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from engine.actions import Action, Play, ShowHandful
from engine.views import SeatView
from game.app.widgets import (
    BUTTON,
    BUTTON_DOWN,
    BUTTON_HOVER,
    BUTTON_OFF,
    GOLD,
    HIGHLIGHT,
    TEXT,
    TEXT_DIM,
    WARNING,
    Button,
    blit_text,
    draw_panel,
    wrap_text,
)

if TYPE_CHECKING:
    from engine.cards import Card
    from game.app.widgets import Toast
    from game.app.window import App


class DialogHost(Protocol):
    """What a decision panel needs of its table, and nothing more: the app, the seat's view,
    the seats' names, a way to send the answer, a sound, and the toast for a refusal."""

    @property
    def app(self) -> App: ...

    @property
    def view(self) -> SeatView: ...

    @property
    def toast(self) -> Toast: ...

    def name(self, seat: int) -> str: ...

    def submit(self, action: Action) -> bool: ...

    def sound(self, name: str) -> None: ...


class Remembered(Protocol):
    """What the dialogs remember within a deal (:class:`game.table.dialogs.Dialogs`): the
    offers declined, and the hand cards being chosen for a handful."""

    declined: set[str]
    selection: set[Card]
    select_mode: bool

GOOD = (140, 220, 140)
HINT = (120, 240, 150)  # the halo of a hinted choice (the hand's hinted card glows the same)
PANEL_COLOR = (14, 34, 26, 236)  # a little more solid than the default: cards show beneath
PAD = 26  # inner margin of a panel
GAP = 14  # between blocks
TITLE_SIZE = 36
BODY_SIZE = 24
SMALL_SIZE = 19
BUTTON_H = 50
BUTTON_MIN_W = 130
WIDTH = 600  # preferred panel width
SMALLEST = 0.6  # the least share of the table's unit a panel is made smaller to, to fit


def signed(value: int | float) -> str:
    """``+20``, ``−20`` (a true minus sign), ``0``."""
    text = f"{abs(value):g}"
    if value > 0:
        return "+" + text
    if value < 0:
        return "\u2212" + text
    return text


# --- buttons ----------------------------------------------------------------------------------


@dataclass
class ChoiceButton(Button):
    """A panel button with an optional note under the label and a key hint in the corner."""

    note: str = ""
    hint: str = ""
    primary: bool = False
    extra: dict[str, Any] = field(default_factory=dict)

    def draw(self, surface: pygame.Surface, assets: Any, unit: float) -> None:
        if not self.enabled:
            color = BUTTON_OFF
        elif self._down:
            color = BUTTON_DOWN
        elif self._hover or self.selected:
            color = BUTTON_HOVER
        else:
            color = BUTTON
        if self.primary and self.enabled and not self._down:
            color = tuple(min(255, c + 14) for c in color)  # type: ignore[assignment]
        radius = max(3, int(10 * unit))
        pygame.draw.rect(surface, (0, 0, 0), self.rect.move(0, max(1, int(3 * unit))),
                         border_radius=radius)
        pygame.draw.rect(surface, color, self.rect, border_radius=radius)
        edge = HIGHLIGHT if (self.selected or self._hover) and self.enabled else GOLD
        pygame.draw.rect(surface, edge if self.enabled else TEXT_DIM, self.rect,
                         max(1, int((3 if self.selected else 2) * unit)), border_radius=radius)
        ink = TEXT if self.enabled else TEXT_DIM
        size = min(self.rect.height * 0.46, 25 * unit)
        if self.note:
            note_size = size * 0.72
            blit_text(surface, assets, self.label, size,
                      (self.rect.centerx, self.rect.centery - note_size * 0.45), ink)
            blit_text(surface, assets, self.note, note_size,
                      (self.rect.centerx, self.rect.centery + size * 0.55),
                      GOLD if self.enabled else TEXT_DIM, shadow=False)
        else:
            blit_text(surface, assets, self.label, size, self.rect.center, ink)
        if self.hint:
            pad = int(6 * unit)
            blit_text(surface, assets, self.hint, 16 * unit,
                      (self.rect.right - pad, self.rect.top + pad), TEXT_DIM,
                      anchor="topright", shadow=False)

    def natural_width(self, assets: Any, unit: float) -> int:
        """Wide enough for the label (and note) with the key hint clear of it."""
        size = int(25 * unit)
        width = assets.font(size).size(self.label)[0]
        if self.note:
            width = max(width, assets.font(int(size * 0.72)).size(self.note)[0])
        hint = assets.font(int(16 * unit)).size(self.hint)[0] + 8 * unit if self.hint else 0
        return int(width + 2 * hint + 36 * unit)


# --- the base panel ------------------------------------------------------------------------------


class Panel:
    """A dialog drawn over the table: a title, a few lines of text, some content, buttons.

    Subclasses fill :meth:`title`, :meth:`paragraphs`, the buttons and, when they show more
    than text (cards, a list of bids), :meth:`content_size`, :meth:`place_content` and
    :meth:`draw_content`.
    """

    width = WIDTH
    color = PANEL_COLOR

    def __init__(self, host: DialogHost) -> None:
        self.host = host
        self.app = host.app
        self.done = False
        self.unit = 1.0  # the unit it is laid out at: the table's, or less where it must fit
        self.given_unit = 1.0
        self.area = pygame.Rect(0, 0, 0, 0)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[ChoiceButton] = []
        self.keys: dict[int, Callable[[], object]] = {}
        self.hinted: Any = None  # the action a hint suggests (see hinted_buttons)
        self._lines: list[tuple[str, int, tuple[int, int, int], int]] = []  # text, size, color, y
        self._title_y = 0
        self._content = pygame.Rect(0, 0, 0, 0)

    # --- to override -------------------------------------------------------------------------
    def title(self) -> str:
        return ""

    def paragraphs(self) -> list[tuple[str, str]]:
        """Text under the title: ``(text, style)`` with style ``body``, ``dim``, ``warn``,
        ``good`` or ``small``."""
        return []

    def content_size(self, width: int, height: int) -> tuple[int, int]:
        """The size of the area between the text and the buttons (0 x 0: none), given at most
        ``width`` and, if it can, ``height`` pixels."""
        return 0, 0

    def place_content(self, rect: pygame.Rect) -> None:
        """Lay out what :meth:`draw_content` draws in ``rect``."""

    def draw_content(self, surface: pygame.Surface) -> None:
        pass

    def content_event(self, event: pygame.event.Event) -> bool:
        return False

    # --- helpers -------------------------------------------------------------------------------
    @property
    def view(self) -> SeatView:
        return self.host.view

    def tr(self, key: str, **values: object) -> str:
        return str(self.app.tr(key, **values))

    def px(self, design: float) -> int:
        return max(1, round(design * self.unit))

    def seat(self, seat: int) -> str:
        return self.host.name(seat)

    def add_button(self, label: str, on_click: Callable[[], object], *, note: str = "",
                   hint: str = "", keys: Sequence[int] = (), primary: bool = False,
                   selected: bool = False, action: Any = None) -> ChoiceButton:
        """``action``: what the button chooses (an engine action, or ``"decline"`` for a
        button that turns an offer down), so that a hint can point at it."""
        button = ChoiceButton(label, on_click, note=note, hint=hint, primary=primary,
                              selected=selected)
        if action is not None:
            button.extra["action"] = action
        self.buttons.append(button)
        for key in keys:
            self.keys[key] = on_click
        return button

    def submit(self, action: Action, sound: str | None = None) -> bool:
        """Send ``action`` through the table; the panel closes when the engine accepts it."""
        if self.done:
            return False
        ok = self.host.submit(action)
        if ok:
            if sound:
                self.play_sound(sound)
            self.close()
        return ok

    def play_sound(self, name: str) -> None:
        """Through the table, which keeps one sound from playing twice."""
        self.host.sound(name)

    def close(self) -> None:
        self.done = True

    def hinted_buttons(self) -> list[ChoiceButton]:
        """The buttons that carry out the hinted action (a card to play, with an offer open:
        the buttons that decline the offer)."""
        hinted = self.hinted
        if hinted is None:
            return []
        out = []
        for button in self.buttons:
            action = button.extra.get("action")
            if action is None:
                continue
            declines = isinstance(hinted, Play) or (isinstance(hinted, ShowHandful)
                                                    and not hinted.cards)
            if action == hinted or (action == "decline" and declines) or (
                    isinstance(hinted, ShowHandful) and isinstance(action, int)
                    and action == len(hinted.cards)):
                out.append(button)
        return out

    def draw_hint(self, surface: pygame.Surface) -> None:
        """A halo around the hinted buttons."""
        for button in self.hinted_buttons():
            if not button.rect.width:
                continue
            radius = max(3, int(10 * self.unit))
            for grow, alpha in ((self.px(12), 60), (self.px(7), 120)):
                halo = button.rect.inflate(grow, grow)
                layer = pygame.Surface(halo.size, pygame.SRCALPHA)
                pygame.draw.rect(layer, (*HINT, alpha), layer.get_rect(),
                                 max(2, self.px(4)), border_radius=radius + grow // 2)
                surface.blit(layer, halo.topleft)
            pygame.draw.rect(surface, HINT, button.rect.inflate(self.px(4), self.px(4)),
                             max(2, self.px(3)), border_radius=radius + self.px(2))

    # --- layout ----------------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect, unit: float) -> None:
        """Size the panel to its content and centre it on ``rect`` (kept inside the window)."""
        self.area = pygame.Rect(rect)
        self.given_unit = unit
        self.relayout()

    def relayout(self) -> None:
        """Lay the panel out in its area at the table's unit, or smaller when it would not
        fit there (a narrow area beside a trick, a tall dialog in a small window): the
        area keeps clear of the seats, and so does the panel."""
        unit = self.given_unit
        while True:
            self.unit = unit
            self._lay_out()
            fits = self.rect.width <= self.area.width and self.rect.height <= self.area.height
            if fits or not self.area.width or unit <= self.given_unit * SMALLEST:
                return
            unit = max(unit * 0.92, self.given_unit * SMALLEST)

    def _lay_out(self) -> None:
        screen_w, screen_h = self.app.size
        margin = self.px(10)
        screen = pygame.Rect(margin, margin, screen_w - 2 * margin, screen_h - 2 * margin)
        area = pygame.Rect(self.area) if self.area.width and self.area.height else screen
        pad, gap = self.px(PAD), self.px(GAP)
        widths = [max(b.natural_width(self.app.assets, self.unit), self.px(BUTTON_MIN_W))
                  for b in self.buttons]
        row_w = sum(widths) + gap * max(0, len(widths) - 1)
        content_w, _ = self.content_size(self.px(self.width) - 2 * pad, screen.height)
        width = min(area.width, max(self.px(self.width), row_w + 2 * pad, content_w + 2 * pad))
        inner = width - 2 * pad
        # the title and the text
        lines: list[tuple[str, int, tuple[int, int, int], int]] = []
        y = pad
        title_size = self.px(TITLE_SIZE)
        if self.title():
            self._title_y = y + title_size // 2
            y += title_size + gap // 2
        colors = {"body": TEXT, "dim": TEXT_DIM, "warn": WARNING, "good": GOOD,
                  "small": TEXT_DIM, "gold": GOLD}
        for text, style in self.paragraphs():
            size = self.px(SMALL_SIZE if style == "small" else BODY_SIZE)
            for line in wrap_text(self.app.assets, text, size, inner):
                lines.append((line, size, colors.get(style, TEXT), y + size // 2))
                y += int(size * 1.18)
            y += self.px(4)
        # the buttons, in one row when squeezing them a little is enough, else in rows
        gaps = gap * max(0, len(widths) - 1)
        if widths and sum(widths) + gaps > inner:
            factor = (inner - gaps) / sum(widths)
            if factor >= 0.8:
                widths = [int(w * factor) for w in widths]
        rows: list[list[int]] = [[]]
        used = 0
        for i, w in enumerate(widths):
            if rows[-1] and used + gap + w > inner:
                rows.append([])
                used = 0
            used += (gap if rows[-1] else 0) + w
            rows[-1].append(i)
        rows = [row for row in rows if row]
        button_h = self.px(BUTTON_H) + (self.px(10) if any(b.note for b in self.buttons) else 0)
        buttons_h = len(rows) * button_h + max(0, len(rows) - 1) * gap
        # the content gets what is left of the area (at least a little)
        fixed = y + (gap + self.px(4) + buttons_h if rows else 0) + pad
        room = max(area.height, screen.height if self.area.height == 0 else 0) - fixed - gap
        content_w, content_h = self.content_size(inner, max(self.px(40), room))
        if content_h:
            y += gap // 2
            self._content = pygame.Rect(pad + (inner - content_w) // 2, y, content_w, content_h)
            y += content_h
        else:
            self._content = pygame.Rect(pad, y, inner, 0)
        placed: list[tuple[int, pygame.Rect]] = []
        if rows:
            y += gap + self.px(4)
            for row in rows:
                total = sum(widths[i] for i in row) + gap * (len(row) - 1)
                x = pad + (inner - total) // 2
                for i in row:
                    placed.append((i, pygame.Rect(x, y, widths[i], button_h)))
                    x += widths[i] + gap
                y += button_h + gap
            y -= gap
        height = y + pad
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = area.center
        if self.rect.height <= area.height and self.rect.width <= area.width:
            self.rect.clamp_ip(area)
        elif self.rect.height > area.height:
            self.rect.bottom = area.bottom  # grow upward: the hand below stays in sight
        self.rect.clamp_ip(screen)
        ox, oy = self.rect.topleft
        for i, r in placed:
            self.buttons[i].rect = r.move(ox, oy)
        self._title_y += oy
        self._lines = [(t, s, c, ly + oy) for t, s, c, ly in lines]
        self._content = self._content.move(ox, oy)
        self.place_content(self._content)

    # --- events and drawing ------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """True when the panel used ``event`` (the table then ignores it)."""
        if self.done:
            return False
        for button in list(self.buttons):
            if button.handle_event(event):
                return True
            if self.done:
                return True
        if self.content_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key in self.keys:
            self.keys[event.key]()
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return bool(self.rect.collidepoint(event.pos))
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        if self.done:
            return
        assets = self.app.assets
        draw_panel(surface, self.rect, self.unit, self.color)
        title = self.title()
        if title:
            blit_text(surface, assets, title, self.px(TITLE_SIZE),
                      (self.rect.centerx, self._title_y), GOLD)
        for text, size, color, y in self._lines:
            blit_text(surface, assets, text, size, (self.rect.centerx, y), color,
                      shadow=color is not TEXT_DIM)
        self.draw_content(surface)
        self.draw_hint(surface)
        for button in self.buttons:
            button.draw(surface, assets, self.unit)


