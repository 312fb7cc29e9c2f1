"""The main menu's ornaments, drawn rather than loaded: the fanned cards' placing and the
four suit pips on the title's underline."""

from __future__ import annotations

import math

import pygame

from engine.cards import parse_card
from game.app.surfaces import turned
from game.app.window import App

#: The cards fanned on the title screen, left to right.
FAN = ("QD", "T1", "EX", "T21", "KH")


def placed(image: pygame.Surface, angle: float, pivot: tuple[int, int], radius: int
            ) -> tuple[pygame.Surface, pygame.Rect]:
    """``image`` turned by ``angle`` degrees (clockwise) on a circle around ``pivot``."""
    image = turned(image, -angle)
    rad = math.radians(angle)
    center = (pivot[0] + radius * math.sin(rad), pivot[1] - radius * math.cos(rad))
    return image, image.get_rect(center=(int(center[0]), int(center[1])))


def fanned_cards(app: App, center: tuple[int, int], width: int
                 ) -> list[tuple[pygame.Surface, pygame.Rect]]:
    """The title screen's fan of cards ``width`` pixels wide around ``center``: two backs
    peeking out behind the faces, each turned around a point below them."""
    settings = app.settings
    u = app.unit
    pivot = (center[0], center[1] + int(300 * u))
    radius = int(330 * u)
    pieces = [placed(app.assets.back(width, settings.card_back), angle, pivot, radius)
              for angle in (-30.0, 30.0)]
    for i, token in enumerate(FAN):
        angle = -20.0 + 40.0 * i / (len(FAN) - 1)
        image = app.assets.card(parse_card(token), width, settings.four_colour,
                                settings.indices)
        pieces.append(placed(image, angle, pivot, radius))
    return pieces


def draw_suits(surface: pygame.Surface, app: App, center: tuple[int, int], u: float) -> None:
    """Four small suit pips on the title's underline: spade, heart, diamond, club."""
    colours = ((24, 24, 28), (196, 30, 42), (196, 30, 42), (24, 24, 28))
    step = int(26 * u)
    r = max(3, int(7 * u))
    for i, colour in enumerate(colours):
        x = center[0] + int((i - 1.5) * step)
        y = center[1]
        pygame.draw.circle(surface, (244, 238, 220), (x, y), r + max(2, int(3 * u)))
        if i == 2:  # diamond
            pygame.draw.polygon(surface, colour, [(x, y - r), (x + r * 0.75, y), (x, y + r),
                                                  (x - r * 0.75, y)])
        elif i == 1:  # heart
            q = r * 0.5
            pygame.draw.circle(surface, colour, (int(x - q), int(y - q * 0.6)), int(q + 1))
            pygame.draw.circle(surface, colour, (int(x + q), int(y - q * 0.6)), int(q + 1))
            pygame.draw.polygon(surface, colour, [(x - r, y - q * 0.4), (x + r, y - q * 0.4),
                                                  (x, y + r)])
        elif i == 0:  # spade
            q = r * 0.5
            pygame.draw.polygon(surface, colour, [(x - r, y + q * 0.3), (x + r, y + q * 0.3),
                                                  (x, y - r)])
            pygame.draw.circle(surface, colour, (int(x - q), int(y + q * 0.4)), int(q + 1))
            pygame.draw.circle(surface, colour, (int(x + q), int(y + q * 0.4)), int(q + 1))
            pygame.draw.polygon(surface, colour, [(x, y), (x - q, y + r), (x + q, y + r)])
        else:  # club
            q = r * 0.48
            for dx, dy in ((0, -q * 1.1), (-q * 1.05, q * 0.4), (q * 1.05, q * 0.4)):
                pygame.draw.circle(surface, colour, (int(x + dx), int(y + dy)), int(q + 1))
            pygame.draw.polygon(surface, colour, [(x, y), (x - q, y + r), (x + q, y + r)])
