"""Driving the game the way a player does: mouse and keyboard events posted to pygame's queue.

The tests and ``build/screenshots.py`` both play through the real scenes with these: a click
is a motion, a press and a release at one point; a drag moves in small steps with the button
held, one frame after each, so the scene sees what it would see from a hand on a mouse.
``step`` is whatever advances the game by one frame.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame

from game.app.assets import card_height

Step = Callable[[], None]
Point = tuple[int, int]


def post(kind: int, **values: Any) -> None:
    pygame.event.post(pygame.event.Event(kind, **values))


def _point(pos: tuple[float, float]) -> Point:
    return round(pos[0]), round(pos[1])


def move(pos: tuple[float, float], step: Step) -> None:
    post(pygame.MOUSEMOTION, pos=_point(pos), rel=(0, 0), buttons=(0, 0, 0))
    step()


def click(pos: tuple[float, float], step: Step) -> None:
    at = _point(pos)
    post(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=at, button=1)
    post(pygame.MOUSEBUTTONUP, pos=at, button=1)
    step()


def drag(start: tuple[float, float], end: tuple[float, float], step: Step,
         steps: int = 6) -> None:
    begin, finish = _point(start), _point(end)
    post(pygame.MOUSEMOTION, pos=begin, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=begin, button=1)
    step()
    for i in range(1, steps + 1):
        pos = (round(begin[0] + (finish[0] - begin[0]) * i / steps),
               round(begin[1] + (finish[1] - begin[1]) * i / steps))
        post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        step()
    post(pygame.MOUSEBUTTONUP, pos=finish, button=1)
    step()


def key(code: int, step: Step, mod: int = 0) -> None:
    post(pygame.KEYDOWN, key=code, mod=mod, unicode="")
    post(pygame.KEYUP, key=code, mod=mod)
    step()


def card_point(table: Any, card: int, search: bool = True) -> Point | None:
    """A point where the table's hand shows ``card`` on top, near its corner index (where a
    player would take it); with ``search``, any visible point of it when the corner is
    covered. ``None`` if the card cannot be reached."""
    hand = table.hand
    sprite = hand.sprites[card]
    h = card_height(round(sprite.width))
    lx, ly = -sprite.width * 0.38, -h * 0.2
    a = math.radians(sprite.angle)
    x = sprite.x + lx * math.cos(a) + ly * math.sin(a)
    y = sprite.y - sprite.lift - lx * math.sin(a) + ly * math.cos(a)
    point = (round(x), round(y))
    if hand.card_at(point) == card:
        return point
    if search:
        rect = table.layout.hand_rect
        for py in range(rect.top, rect.bottom, 3):
            for px in range(rect.left, rect.right, 3):
                if hand.card_at((px, py)) == card:
                    return px, py
    return None
