"""Turning a picture without the crash pygame's own smooth turn has when memory runs out.

``pygame.transform.rotozoom`` (smooth, unlike ``rotate``) draws into the surface it makes
without checking that the surface could be made: when memory runs out (under ``ulimit -v``,
say) it writes through a null pointer and the whole game dies of a segmentation fault in the
middle of a frame, a card of the hand turned. :func:`turned` first makes, the way pygame
checks, a surface as large as the turned one will be, which raises ``pygame.error: Out of
memory`` where the turn would crash, and lets it go just before the turn, which then finds
the room it needs (the game stops on that error in one line, see :mod:`game.app.limits`).
"""

from __future__ import annotations

import math

import pygame


def turned(image: pygame.Surface, angle: float) -> pygame.Surface:
    """``image`` turned ``angle`` degrees counter-clockwise, smoothly (as ``rotozoom`` at
    zoom 1); ``pygame.error`` when there is no memory for it."""
    if image.get_bitsize() != 32:  # rotozoom would make itself a 32-bit copy, unchecked too
        image = image.convert_alpha()
    room = pygame.Surface(turned_size(image.get_size(), angle), pygame.SRCALPHA, 32)
    del room  # freed: the turn's own surface takes its place
    return pygame.transform.rotozoom(image, angle, 1.0)


def turned_size(size: tuple[int, int], angle: float) -> tuple[int, int]:
    """The size of a ``size`` surface turned ``angle`` degrees by ``rotozoom``, as it counts
    it (each half rounded up, a pixel of room on each side).

    >>> turned_size((100, 50), 0.0)
    (102, 52)
    """
    radians = math.radians(angle)
    cos, sin = math.cos(radians), math.sin(radians)
    half_w, half_h = size[0] / 2, size[1] / 2
    corners_x = [abs(cos * x + sin * y) for x in (half_w, -half_w) for y in (half_h, -half_h)]
    corners_y = [abs(sin * x + cos * y) for x in (half_w, -half_w) for y in (half_h, -half_h)]
    return (2 * max(1, math.ceil(max(corners_x))) + 2, 2 * max(1, math.ceil(max(corners_y))) + 2)
