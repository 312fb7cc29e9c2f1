"""Drawing helpers shared by every asset script: a supersampled canvas, the card frame,
text from the font bundled with pygame, and the four suit pips drawn as shapes.

Everything is drawn at ``SCALE`` times the final size and smooth-scaled down once, which
gives clean anti-aliased edges from pygame's plain (aliased) drawing functions. Nothing here
is random unless a seeded ``random.Random`` is passed in, so every run gives the same pixels.

Coordinates are in final-size pixels (floats allowed); the canvas scales them.
"""

from __future__ import annotations

import itertools
import math
import os
from collections.abc import Sequence
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

SCALE = 4
CARD_W, CARD_H = 240, 448  # the Tarot proportion 60 x 112, four times over
CORNER_RADIUS = 16

Color = tuple[int, int, int] | tuple[int, int, int, int]
Point = tuple[float, float]

# The palette: traditional two colours, and the four-colour deck.
BLACK = (22, 22, 28)
RED = (200, 30, 40)
BLUE = (28, 78, 176)
GREEN = (22, 128, 60)
GOLD = (214, 168, 52)
PAPER = (252, 249, 240)
INK = (30, 30, 36)
WHITE = (255, 255, 255)

SUITS = "SHDC"  # spades, hearts, diamonds, clubs, as in the card notation
TWO_COLOURS = {"S": BLACK, "H": RED, "D": RED, "C": BLACK}
FOUR_COLOURS = {"S": BLACK, "H": RED, "D": BLUE, "C": GREEN}

_pygame_ready = False


def init() -> None:
    """Start the parts of pygame the scripts need (fonts), without a window."""
    global _pygame_ready
    if not _pygame_ready:
        pygame.init()
        pygame.font.init()
        _pygame_ready = True


def font_path() -> str:
    """The font bundled with pygame: always present where pygame is, so runs agree."""
    return str(Path(pygame.__file__).parent / "freesansbold.ttf")


_fonts: dict[int, pygame.font.Font] = {}


def font(size_px: int) -> pygame.font.Font:
    init()
    if size_px not in _fonts:
        _fonts[size_px] = pygame.font.Font(font_path(), size_px)
    return _fonts[size_px]


class Canvas:
    """A transparent surface drawn at ``SCALE`` x, finished to its final size."""

    def __init__(self, width: int, height: int, scale: int = SCALE) -> None:
        init()
        self.width = width
        self.height = height
        self.scale = scale
        self.surface = pygame.Surface((width * scale, height * scale), pygame.SRCALPHA)

    # -- coordinates --
    def p(self, point: Point) -> tuple[int, int]:
        return round(point[0] * self.scale), round(point[1] * self.scale)

    def r(self, rect: tuple[float, float, float, float]) -> pygame.Rect:
        x, y, w, h = rect
        s = self.scale
        return pygame.Rect(round(x * s), round(y * s), round(w * s), round(h * s))

    # -- shapes --
    def fill(self, color: Color) -> None:
        self.surface.fill(color)

    def rect(self, color: Color, rect: tuple[float, float, float, float], radius: float = 0,
             width: float = 0) -> None:
        pygame.draw.rect(self.surface, color, self.r(rect), round(width * self.scale),
                         border_radius=round(radius * self.scale))

    def circle(self, color: Color, center: Point, radius: float, width: float = 0) -> None:
        pygame.draw.circle(self.surface, color, self.p(center), round(radius * self.scale),
                           round(width * self.scale))

    def ellipse(self, color: Color, rect: tuple[float, float, float, float],
                width: float = 0) -> None:
        pygame.draw.ellipse(self.surface, color, self.r(rect), round(width * self.scale))

    def polygon(self, color: Color, points: Sequence[Point], width: float = 0) -> None:
        pygame.draw.polygon(self.surface, color, [self.p(q) for q in points],
                            round(width * self.scale))

    def line(self, color: Color, start: Point, end: Point, width: float = 1) -> None:
        """A line with round ends."""
        w = max(1, round(width * self.scale))
        pygame.draw.line(self.surface, color, self.p(start), self.p(end), w)
        if w > 2:
            for q in (start, end):
                pygame.draw.circle(self.surface, color, self.p(q), w // 2)

    def polyline(self, color: Color, points: Sequence[Point], width: float = 1) -> None:
        for a, b in itertools.pairwise(points):
            self.line(color, a, b, width)

    def arc(self, color: Color, center: Point, radius: float, start_deg: float, end_deg: float,
            width: float = 1, steps: int = 32) -> None:
        """An arc of a circle, angles in degrees counter-clockwise from east."""
        pts = []
        for i in range(steps + 1):
            a = math.radians(start_deg + (end_deg - start_deg) * i / steps)
            pts.append((center[0] + radius * math.cos(a), center[1] - radius * math.sin(a)))
        self.polyline(color, pts, width)

    # -- text --
    def text(self, text: str, size: float, color: Color, center: Point,
             angle: float = 0) -> pygame.Rect:
        """Text from the bundled font, centred on ``center``; returns its box (final px)."""
        glyphs = font(round(size * self.scale)).render(text, True, color)
        if angle:
            glyphs = pygame.transform.rotate(glyphs, angle)
        box = glyphs.get_rect(center=self.p(center))
        self.surface.blit(glyphs, box)
        s = self.scale
        return pygame.Rect(box.x // s, box.y // s, box.w // s, box.h // s)

    def text_size(self, text: str, size: float) -> tuple[float, float]:
        w, h = font(round(size * self.scale)).size(text)
        return w / self.scale, h / self.scale

    # -- composition --
    def blit(self, other: Canvas, at: Point) -> None:
        """Draw another canvas (same scale) with its top-left corner at ``at``."""
        self.surface.blit(other.surface, self.p(at))

    def rotated_copy(self) -> Canvas:
        """The canvas turned by 180 degrees (for the two-headed court figures)."""
        out = Canvas(self.width, self.height, self.scale)
        out.surface = pygame.transform.rotate(self.surface, 180)
        return out

    def finish(self) -> pygame.Surface:
        """The final-size surface, smooth-scaled from the supersampled drawing."""
        return pygame.transform.smoothscale(self.surface, (self.width, self.height))


def card_mask(width: int = CARD_W, height: int = CARD_H,
              radius: int = CORNER_RADIUS) -> pygame.Surface:
    """White rounded rectangle with an anti-aliased edge, for cutting the card corners."""
    canvas = Canvas(width, height)
    canvas.rect(WHITE, (0, 0, width, height), radius=radius)
    return canvas.finish()


def round_corners(surface: pygame.Surface, radius: int = CORNER_RADIUS) -> pygame.Surface:
    """Make everything outside the rounded card shape transparent."""
    w, h = surface.get_size()
    mask = card_mask(w, h, radius)
    out = surface.copy()
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return out


def card_blank(paper: Color = PAPER, border: Color = (150, 144, 130)) -> Canvas:
    """A card's paper with a thin border, before any design is drawn."""
    canvas = Canvas(CARD_W, CARD_H)
    canvas.rect(border, (0, 0, CARD_W, CARD_H), radius=CORNER_RADIUS)
    canvas.rect(paper, (2, 2, CARD_W - 4, CARD_H - 4), radius=CORNER_RADIUS - 2)
    return canvas


# --- suit pips --------------------------------------------------------------------------------


def draw_pip(canvas: Canvas, suit: str, center: Point, size: float, color: Color,
             upside_down: bool = False) -> None:
    """One suit sign, ``size`` tall, centred on ``center``. Shapes, never font glyphs."""
    cx, cy = center
    s = size / 2
    flip = -1 if upside_down else 1

    def at(dx: float, dy: float) -> Point:
        return cx + dx * s, cy + dy * s * flip

    if suit == "D":
        canvas.polygon(color, [at(0, -1), at(0.74, 0), at(0, 1), at(-0.74, 0)])
    elif suit == "H":
        r = 0.5
        canvas.circle(color, at(-0.47, -0.38), r * s)
        canvas.circle(color, at(0.47, -0.38), r * s)
        canvas.polygon(color, [at(-0.95, -0.22), at(0.95, -0.22), at(0, 0.98)])
        canvas.polygon(color, [at(-0.6, -0.62), at(0.6, -0.62), at(0, 0.1)])
    elif suit == "S":
        r = 0.5
        canvas.circle(color, at(-0.46, 0.22), r * s)
        canvas.circle(color, at(0.46, 0.22), r * s)
        canvas.polygon(color, [at(-0.94, 0.08), at(0.94, 0.08), at(0, -1.0)])
        canvas.polygon(color, [at(-0.6, 0.4), at(0.6, 0.4), at(0, -0.3)])
        canvas.polygon(color, [at(0, 0.3), at(0.32, 1.0), at(-0.32, 1.0)])
    elif suit == "C":
        r = 0.42
        canvas.circle(color, at(0, -0.52), r * s)
        canvas.circle(color, at(-0.5, 0.16), r * s)
        canvas.circle(color, at(0.5, 0.16), r * s)
        canvas.circle(color, at(0, 0.05), 0.25 * s)
        canvas.polygon(color, [at(0, -0.1), at(0.3, 1.0), at(-0.3, 1.0)])
    else:
        raise ValueError(f"no suit {suit!r}")


def petal_points(base: Point, angle: float, length: float, width: float,
                 steps: int = 12) -> list[Point]:
    """A pointed leaf or petal (two arcs) from ``base``, pointing ``angle`` degrees
    (0 = east), ``length`` long and ``width`` wide at its middle."""
    a = math.radians(angle)
    ux, uy = math.cos(a), math.sin(a)
    px, py = -uy, ux
    side1, side2 = [], []
    for i in range(steps + 1):
        t = i / steps
        d = width / 2 * math.sin(math.pi * t)
        bx, by = base[0] + ux * length * t, base[1] + uy * length * t
        side1.append((bx + px * d, by + py * d))
        side2.append((bx - px * d, by - py * d))
    return side1 + side2[::-1]


def save_png(surface: pygame.Surface, path: Path) -> None:
    """Save a PNG. pygame writes the same bytes for the same pixels on every run."""
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(path))
