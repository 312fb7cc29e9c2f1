"""``sprites/icons/app.png``: the application's icon, 256 x 256.

Three cards fanned on a rounded square of the table's felt — the Excuse, the 21 and the
King of Hearts, read from the faces already drawn in ``sprites/cards/`` — with a gold edge.
The window uses it, and ``build/build.py`` turns it into the Windows and macOS icon files.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from build.art.canvas import GOLD, init, save_png
from build.art.sheet import MissingImageError

SIZE = 256
#: The cards of the fan, left to right, with their tilt in degrees.
FAN = (("EX", 20.0), ("KH", -20.0), ("T21", 0.0))
CARD_WIDTH = 88
#: The fan turns about a point this far below the icon's centre.
PIVOT_DROP = 170


def app_icon(out: Path) -> pygame.Surface:
    init()
    scale = 4  # drawn large, reduced once
    big = SIZE * scale
    icon = pygame.Surface((big, big), pygame.SRCALPHA)
    felt = pygame.image.load(str(out / "sprites" / "felt.png"))
    square = pygame.Surface((big, big), pygame.SRCALPHA)
    for x in range(0, big, felt.get_width()):
        for y in range(0, big, felt.get_height()):
            square.blit(felt, (x, y))
    mask = pygame.Surface((big, big), pygame.SRCALPHA)
    radius = 52 * scale
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    square.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    icon.blit(square, (0, 0))
    pygame.draw.rect(icon, GOLD, icon.get_rect(), 7 * scale, border_radius=radius)

    width = CARD_WIDTH * scale
    for name, angle in FAN:
        path = out / "sprites" / "cards" / f"{name}.png"
        if not path.exists():
            raise MissingImageError(f"{path} is needed for the icon: draw the cards first")
        face = pygame.image.load(str(path))
        height = round(face.get_height() * width / face.get_width())
        face = pygame.transform.smoothscale(face, (width, height))
        shadow = pygame.Surface(face.get_size(), pygame.SRCALPHA)
        shadow.fill((0, 0, 0, 90))
        shadow.blit(face, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        pivot = (big // 2, big // 2 + PIVOT_DROP * scale)
        for image, offset in ((shadow, (5 * scale, 6 * scale)), (face, (0, 0))):
            turned = pygame.transform.rotate(image, angle)
            centre = pygame.math.Vector2(0, -PIVOT_DROP * scale).rotate(-angle)
            rect = turned.get_rect(center=(pivot[0] + centre.x + offset[0],
                                           pivot[1] + centre.y + offset[1]))
            icon.blit(turned, rect)
    return pygame.transform.smoothscale(icon, (SIZE, SIZE))


def make(out: Path) -> list[Path]:
    path = out / "sprites" / "icons" / "app.png"
    save_png(app_icon(out), path)
    return [path]
