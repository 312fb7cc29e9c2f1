"""What the screen shows of a hand card's corner index, for the tests that check which
letters (English K Q C J or French R D C V) the table draws on the heads."""

from __future__ import annotations

import math
from typing import Any

import pygame

from engine import cards as C


def is_head(card: int) -> bool:
    """A jack, queen or king: a card whose English letter is not the French one."""
    return not C.is_trump(card) and card != C.EXCUSE and C.RANK_OF[card] in (
        C.JACK, C.QUEEN, C.KING)


def is_plain(card: int) -> bool:
    """A trump, the Excuse or a number card: one face whatever the letters."""
    return C.is_trump(card) or card == C.EXCUSE or C.RANK_OF[card] < C.JACK


def corner(scene: Any, card: int) -> bytes:
    """The screen pixels over the top-left corner index of ``card`` in the table's hand."""
    sprite = scene.hand.sprites[card]
    w = sprite.width
    h = w * 448 / 240
    # the letter's centre on the card: 31 and 33 design pixels from its top-left corner
    lx, ly = -w * (0.5 - 31 / 240), -h * (0.5 - 33 / 448)
    a = math.radians(sprite.angle)
    x = sprite.x + lx * math.cos(a) + ly * math.sin(a)
    y = sprite.y - sprite.lift - lx * math.sin(a) + ly * math.cos(a)
    half = max(3, round(w * 0.06))
    area = pygame.Rect(round(x) - half, round(y) - half, 2 * half, 2 * half)
    return pygame.image.tobytes(scene.app.screen.subsurface(area), "RGB")
