"""Drawing helpers of the table: cached text and plates, name tags, badges, speech bubbles.

Text and translucent plates are rendered once and kept (:class:`Ink`), so a still table
costs a few blits. Nothing here reads or changes the game.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.app.assets import Assets
from game.app.fonts import drawable
from game.app.widgets import GOLD, HIGHLIGHT, TEXT, TEXT_DIM, WARNING
from game.table.geometry import BUBBLE_TEXT, bubble_body

Color = tuple[int, int, int]
PLATE = (10, 30, 23, 255)  # opaque: the fan beneath must not show through the name
PLATE_TURN = (24, 52, 38, 255)
GOOD = (150, 226, 150)
BAD = (255, 150, 130)


def signed(value: int) -> str:
    """``+20``, ``−20`` (a true minus sign), ``0``."""
    if value > 0:
        return f"+{value}"
    if value < 0:
        return f"\u2212{-value}"
    return "0"


@dataclass
class Bubble:
    """What a seat says (its bid, "Slam!"), for a moment beside its place."""

    seat: int
    text: str
    left: float
    total: float
    tone: str = "normal"  # "normal", "gold", "dim", "warn"


class Ink:
    """Text and plates, rendered once and kept until the window changes size."""

    def __init__(self, assets: Assets) -> None:
        self.assets = assets
        self._texts: dict[tuple[object, ...], pygame.Surface] = {}
        self._fits: dict[tuple[object, ...], int] = {}
        self.plates: dict[tuple[object, ...], pygame.Surface] = {}

    def clear(self) -> None:
        self._texts.clear()
        self._fits.clear()
        self.plates.clear()

    def text(self, text: str, size: int, color: Color = TEXT, shadow: bool = True
             ) -> pygame.Surface:
        text = drawable(text)
        key = (text, size, color, shadow)
        image = self._texts.get(key)
        if image is None:
            font = self.assets.font(size)
            face = font.render(text, True, color)
            if shadow:
                back = font.render(text, True, (0, 0, 0))
                back.set_alpha(150)
                off = max(1, size // 14)
                image = pygame.Surface((face.get_width() + off, face.get_height() + off),
                                       pygame.SRCALPHA)
                image.blit(back, (off, off))
                image.blit(face, (0, 0))
            else:
                image = face
            if len(self._texts) > 600:
                self._texts.clear()
            self._texts[key] = image
        return image

    def blit(self, surface: pygame.Surface, text: str, size: int, pos: tuple[float, float],
             color: Color = TEXT, anchor: str = "center", shadow: bool = True) -> pygame.Rect:
        image = self.text(text, size, color, shadow)
        rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
        surface.blit(image, rect)
        return rect

    def fit(self, text: str, size: int, width: int) -> int:
        """The largest font size up to ``size`` at which ``text`` fits ``width`` pixels."""
        key = ("fit", text, size, width)
        fitted = self._fits.get(key)
        if fitted is None:
            fitted = size
            while fitted > 10 and self.assets.font(fitted).size(text)[0] > width:
                fitted -= 1
            if len(self._fits) > 600:
                self._fits.clear()
            self._fits[key] = fitted
        return fitted

    def plate(self, key: tuple[object, ...], make: Callable[[], pygame.Surface]
              ) -> pygame.Surface:
        image = self.plates.get(key)
        if image is None:
            image = make()
            self.plates[key] = image
        return image


def seat_plate(ink: Ink, size: tuple[int, int], turn: bool, u: Callable[[float], int]
               ) -> pygame.Surface:
    """A seat's name plate; lit when it is the seat's turn."""

    def make() -> pygame.Surface:
        pad = u(8)
        image = pygame.Surface((size[0] + 2 * pad, size[1] + 2 * pad), pygame.SRCALPHA)
        inner = pygame.Rect(pad, pad, *size)
        radius = u(12)
        pygame.draw.rect(image, (0, 0, 0, 80), inner.move(0, u(3)), border_radius=radius)
        if turn:
            for i in range(pad, 0, -2):
                alpha = round(70 * (1 - i / pad) + 10)
                pygame.draw.rect(image, (*HIGHLIGHT, alpha), inner.inflate(i * 2, i * 2),
                                 width=2, border_radius=radius + i)
        pygame.draw.rect(image, PLATE_TURN if turn else PLATE, inner, border_radius=radius)
        edge = (*HIGHLIGHT, 255) if turn else (*GOLD, 150)
        pygame.draw.rect(image, edge, inner, max(1, u(2)), border_radius=radius)
        return image

    return ink.plate(("plate", size, turn), make)


def draw_tag(surface: pygame.Surface, ink: Ink, u: Callable[[float], int], text: str,
             pos: tuple[float, float], anchor: str, size: int = 17, color: Color = TEXT
             ) -> pygame.Rect:
    """A small rounded label (who played a card, a tooltip)."""
    image = ink.text(text, u(size), color, shadow=False)
    rect = tag_rect(ink, u, text, pos, anchor, size)
    rect.clamp_ip(surface.get_rect())
    pygame.draw.rect(surface, (8, 24, 18), rect, border_radius=rect.height // 2)
    pygame.draw.rect(surface, GOLD, rect, max(1, u(1)), border_radius=rect.height // 2)
    surface.blit(image, image.get_rect(center=rect.center))
    return rect


def tag_rect(ink: Ink, u: Callable[[float], int], text: str, pos: tuple[float, float],
             anchor: str, size: int = 17) -> pygame.Rect:
    """Where :func:`draw_tag` puts the label (before keeping it on screen)."""
    rect = ink.text(text, u(size), TEXT, shadow=False).get_rect().inflate(u(14), u(6))
    setattr(rect, anchor, (round(pos[0]), round(pos[1])))
    return rect


def draw_badge(surface: pygame.Surface, ink: Ink, u: Callable[[float], int], text: str,
               pos: tuple[int, int]) -> None:
    """A round red badge with a number (the cards left in an opponent's hand)."""
    image = ink.text(text, u(17), TEXT, shadow=False)
    r = max(image.get_width(), image.get_height()) // 2 + u(4)
    pygame.draw.circle(surface, (0, 0, 0), (pos[0], pos[1] + u(1)), r + 1)
    pygame.draw.circle(surface, (150, 40, 36), pos, r)
    pygame.draw.circle(surface, GOLD, pos, r, max(1, u(1.5)))
    surface.blit(image, image.get_rect(center=pos))


def draw_thinking(surface: pygame.Surface, u: Callable[[float], int], box: pygame.Rect,
                  time: float) -> None:
    """Three dots going round under a seat's plate while its bot thinks."""
    pill = pygame.Rect(0, 0, u(54), u(20))
    pill.midtop = (box.centerx, box.bottom - u(6))
    pygame.draw.rect(surface, (12, 34, 26), pill, border_radius=pill.height // 2)
    pygame.draw.rect(surface, GOLD, pill, max(1, u(1.5)), border_radius=pill.height // 2)
    for i in range(3):
        phase = (time * 2.4 - i * 0.28) % 1.0
        bright = 0.35 + 0.65 * max(0.0, math.sin(phase * math.pi))
        color = (round(HIGHLIGHT[0] * bright), round(HIGHLIGHT[1] * bright),
                 round(HIGHLIGHT[2] * bright))
        pygame.draw.circle(surface, color, (pill.centerx + (i - 1) * u(13), pill.centery),
                           u(3.5))


def draw_bubble(surface: pygame.Surface, ink: Ink, u: Callable[[float], int],
                bubble: Bubble, point: tuple[float, float], direction: str) -> None:
    """A speech bubble whose tip points at ``point`` from ``direction`` (right, left, down,
    up); it pops in and fades out."""
    color = {"gold": HIGHLIGHT, "dim": TEXT_DIM, "warn": WARNING}.get(bubble.tone, TEXT)
    image = ink.text(bubble.text, u(BUBBLE_TEXT), color, shadow=False)
    body = bubble_body(image.get_size(), point, direction, u)
    tip = u(10)
    body.clamp_ip(surface.get_rect())
    age = bubble.total - bubble.left
    alpha = min(1.0, age / 0.15, bubble.left / 0.35)
    pop = 0.85 + 0.15 * min(1.0, age / 0.15)
    layer = pygame.Surface((body.width + 2 * tip, body.height + 2 * tip), pygame.SRCALPHA)
    inner = pygame.Rect(tip, tip, body.width, body.height)
    pygame.draw.rect(layer, (0, 0, 0, 90), inner.move(0, u(3)), border_radius=u(14))
    pygame.draw.rect(layer, (12, 32, 24, 240), inner, border_radius=u(14))
    pygame.draw.rect(layer, (*GOLD, 230), inner, max(1, u(2)), border_radius=u(14))
    cx, cy = inner.centerx, inner.centery
    if direction == "right":
        pts = [(tip + 1, cy - u(7)), (0, cy), (tip + 1, cy + u(7))]
    elif direction == "left":
        pts = [(inner.right - 1, cy - u(7)), (inner.right + tip, cy), (inner.right - 1, cy + u(7))]
    elif direction == "down":
        pts = [(cx - u(7), tip + 1), (cx, 0), (cx + u(7), tip + 1)]
    else:
        pts = [(cx - u(7), inner.bottom - 1), (cx, inner.bottom + tip),
               (cx + u(7), inner.bottom - 1)]
    pygame.draw.polygon(layer, (12, 32, 24, 240), pts)
    pygame.draw.lines(layer, (*GOLD, 230), False, pts, max(1, u(2)))
    layer.blit(image, image.get_rect(center=inner.center))
    if pop < 0.999:
        layer = pygame.transform.smoothscale(
            layer, (max(1, round(layer.get_width() * pop)),
                    max(1, round(layer.get_height() * pop))))
    layer.set_alpha(round(255 * max(0.0, alpha)))
    surface.blit(layer, layer.get_rect(center=body.center))
