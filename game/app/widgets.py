"""Small interface pieces drawn with pygame: buttons, panels, text and passing messages.

Sizes are given in "design pixels" for a 1280 x 720 window and multiplied by the app's
``unit`` so that the interface scales with the window.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.app.assets import Assets
from game.app.fonts import SmoothFont
from game.app.kept import Kept, image_bytes

GOLD = (222, 180, 70)
PANEL = (14, 34, 26, 225)
BUTTON = (34, 78, 58)
BUTTON_HOVER = (48, 106, 78)
BUTTON_DOWN = (24, 58, 42)
BUTTON_OFF = (60, 66, 62)
TEXT = (246, 240, 222)
TEXT_DIM = (150, 156, 150)
HIGHLIGHT = (255, 214, 90)
WARNING = (255, 140, 110)


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, unit: float,
               color: tuple[int, int, int, int] = PANEL, border: tuple[int, int, int] = GOLD
               ) -> None:
    """A translucent rounded panel with a thin gold edge and a soft shadow."""
    radius = max(4, int(14 * unit))
    shadow = pygame.Surface(rect.inflate(int(16 * unit), int(16 * unit)).size, pygame.SRCALPHA)
    pygame.draw.rect(shadow, (0, 0, 0, 70), shadow.get_rect(), border_radius=radius + 6)
    surface.blit(shadow, rect.move(-int(4 * unit), int(2 * unit)).topleft)
    body = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(body, color, body.get_rect(), border_radius=radius)
    pygame.draw.rect(body, (*border, 200), body.get_rect(), max(1, int(2 * unit)),
                     border_radius=radius)
    surface.blit(body, rect.topleft)


def blit_text(surface: pygame.Surface, assets: Assets, text: str, size: float,
              pos: tuple[float, float], color: tuple[int, int, int] = TEXT,
              anchor: str = "center", shadow: bool = True, width: int | None = None
              ) -> pygame.Rect:
    """Draw ``text`` anchored at ``pos`` (``center``, ``midleft``, ``topleft``…); at most
    ``width`` pixels wide when given (cut with an ellipsis: text a file said may be long)."""
    if width is not None:
        text = ellipsize(assets, text, int(size), width)
    image = assets.text(text, int(size), color)
    rect = image.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
    if shadow:
        surface.blit(assets.text(text, int(size), (0, 0, 0)), rect.move(1, 2))
    surface.blit(image, rect)
    return rect


def wrap_text(assets: Assets, text: str, size: int, width: int, most: int | None = None
              ) -> list[str]:
    """Split ``text`` into lines that fit ``width`` pixels; a word wider than that (a long
    file name, a damaged file's value) is broken where the line is full. At most ``most``
    lines when given, the last one ending with an ellipsis if the text goes on."""
    lines = _wrapped(assets, text, size, width)
    if most is not None and len(lines) > most:
        lines = [*lines[:most - 1], ellipsize(assets, lines[most - 1] + " …", size, width)]
    return lines


def _wrapped(assets: Assets, text: str, size: int, width: int) -> list[str]:
    font = assets.font(size)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = paragraph.split(" ")
        line = ""
        for word in words:
            trial = f"{line} {word}".strip()
            if font.size(trial)[0] <= width:
                line = trial
                continue
            if line:
                lines.append(line)
            line = word
            while len(line) > 1 and font.size(line)[0] > width:
                head = _fitting(font, line, width)
                lines.append(line[:head])
                line = line[head:]
        lines.append(line)
    return lines


def _fitting(font: SmoothFont, text: str, width: int) -> int:
    """How many of ``text``'s first letters fit ``width`` pixels (one at least), ``text``
    being wider than that."""
    # the first ``low`` fit (or are one letter), ``high`` do not: a letter takes a pixel at
    # least, so no more than ``width`` of them ever fit, however long the text
    low, high = 1, min(len(text), max(1, width) + 1)
    while high - low > 1:
        middle = (low + high) // 2
        if font.size(text[:middle])[0] <= width:
            low = middle
        else:
            high = middle
    return low


@dataclass
class Button:
    """A clickable button; ``rect`` is set by the owner's layout."""

    label: str
    on_click: Callable[[], object]
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    enabled: bool = True
    selected: bool = False
    hotkey: int | None = None
    tooltip: str = ""
    _hover: bool = False
    _down: bool = False

    @property
    def hover(self) -> bool:
        """Whether the mouse is over the button."""
        return self._hover

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to ``event``; True when the button used it."""
        if event.type == pygame.MOUSEMOTION:
            self._hover = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos) and self.enabled:
                self._down = True
                return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was_down, self._down = self._down, False
            if was_down and self.rect.collidepoint(event.pos) and self.enabled:
                self.on_click()
                return True
        elif (event.type == pygame.KEYDOWN and self.hotkey is not None
              and event.key == self.hotkey and self.enabled):
            self.on_click()
            return True
        return False

    def draw(self, surface: pygame.Surface, assets: Assets, unit: float) -> None:
        if not self.enabled:
            color = BUTTON_OFF
        elif self._down:
            color = BUTTON_DOWN
        elif self._hover or self.selected:
            color = BUTTON_HOVER
        else:
            color = BUTTON
        edge = HIGHLIGHT if self.selected else GOLD
        surface.blit(button_face(self.rect.size, color, edge if self.enabled else TEXT_DIM,
                                 max(1, int((3 if self.selected else 2) * unit)),
                                 max(3, int(10 * unit)), max(1, int(3 * unit))),
                     self.rect.topleft)
        size = min(self.rect.height * 0.5, 26 * unit)
        blit_text(surface, assets, self.label, size, self.rect.center,
                  TEXT if self.enabled else TEXT_DIM)


#: Button faces kept drawn: a screen redraws the same few every frame (the memory they may
#: take bounds them too: a face is large in a large window).
KEPT_FACES = 64
FACES_BUDGET = 32 * 1024 * 1024
_FACES: Kept[pygame.Surface] = Kept(KEPT_FACES, FACES_BUDGET, image_bytes)


def button_face(size: tuple[int, int], fill: tuple[int, int, int],
                edge: tuple[int, int, int], edge_width: int, radius: int, drop: int
                ) -> pygame.Surface:
    """A button's rounded body, border and shadow ``drop`` pixels below, drawn once."""
    key = (size, fill, edge, edge_width, radius, drop)
    face = _FACES.get(key)
    if face is None:
        w, h = size
        face = pygame.Surface((max(1, w), max(1, h + drop)), pygame.SRCALPHA)
        body = pygame.Rect(0, 0, w, h)
        pygame.draw.rect(face, (0, 0, 0), body.move(0, drop), border_radius=radius)
        pygame.draw.rect(face, fill, body, border_radius=radius)
        pygame.draw.rect(face, edge, body, edge_width, border_radius=radius)
        _FACES.put(key, face)
    return face


class Toast:
    """A message that shows for a few seconds, then fades (e.g. why a card was refused)."""

    def __init__(self) -> None:
        self.text = ""
        self.left = 0.0
        self.warning = False

    def show(self, text: str, seconds: float = 3.5, warning: bool = True) -> None:
        self.text, self.left, self.warning = text, seconds, warning

    def update(self, dt: float) -> None:
        self.left = max(0.0, self.left - dt)

    @property
    def visible(self) -> bool:
        return self.left > 0 and bool(self.text)

    def draw(self, surface: pygame.Surface, assets: Assets, unit: float,
             center: tuple[int, int],
             placed: tuple[pygame.Rect, list[str], int] | None = None) -> None:
        """Where ``placed`` says (its rectangle, lines and text size: see :meth:`shape`),
        else centred on ``center``, its text at most six tenths of the window wide and
        high."""
        if not self.visible:
            return
        if placed is None:
            size = int(24 * unit)
            width = int(surface.get_width() * 0.6) + 2 * int(20 * unit)
            (wide, high), lines = self.shape(assets, size, width, unit,
                                             int(surface.get_height() * 0.6))
            rect = pygame.Rect(0, 0, wide, high)
            rect.center = center
            rect.clamp_ip(surface.get_rect())
            placed = rect, lines, size
        rect, lines, size = placed
        alpha = int(min(1.0, self.left / 0.4) * 235)
        tint = (60, 18, 14, alpha) if self.warning else (14, 34, 26, alpha)
        draw_panel(surface, rect, unit, tint)
        y = rect.top + int(12 * unit) + size // 2
        for line in lines:
            blit_text(surface, assets, line, size, (rect.centerx, y),
                      WARNING if self.warning else TEXT)
            y += int(size * 1.2)

    def shape(self, assets: Assets, size: int, width: int, unit: float,
              height: int | None = None) -> tuple[tuple[int, int], list[str]]:
        """The toast's size and lines with its text at ``size`` pixels wrapped to ``width``
        (less its margins), cut with an ellipsis where more than ``height`` would be."""
        pad = int(20 * unit)
        fit = None  # a long message keeps to its part of the window
        if height is not None:
            fit = max(1, int((height - 24 * unit) // int(size * 1.2)))
        lines = wrap_text(assets, self.text, size, max(1, width - 2 * pad), fit)
        wide = max(assets.font(size).size(line)[0] for line in lines) + 2 * pad
        return (wide, len(lines) * int(size * 1.2) + int(24 * unit)), lines


def ellipsize(assets: Assets, text: str, size: int, width: int) -> str:
    """``text`` cut with an ellipsis so that it fits ``width`` pixels at ``size``."""
    return assets.font(size).cut(text, width)
