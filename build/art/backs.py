"""Card backs: a white margin around a coloured field with a fine repeating pattern, a
double rule, corner fans and a central medallion, symmetric about both axes like a printed
card back.

Three designs are written to ``sprites/backs/``: ``blue.png`` (a diagonal lattice and a
sixteen-petal rosette), ``red.png`` (quatrefoils and a compass star in a lozenge) and
``green.png`` (interlaced rings and a twelve-pointed star in a wreath).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pygame

from build.art.canvas import (
    CARD_H,
    CARD_W,
    PAPER,
    WHITE,
    Canvas,
    Color,
    Point,
    card_blank,
    petal_points,
    round_corners,
    save_png,
)

CX, CY = CARD_W / 2, CARD_H / 2
FIELD = (11, 11, CARD_W - 22, CARD_H - 22)
FIELD_RADIUS = 9


@dataclass(frozen=True)
class Palette:
    dark: Color  # the field
    mid: Color  # the pattern
    light: Color  # rules, dots and the medallion's lines
    accent: Color  # a second colour for the medallion


BLUE = Palette((26, 52, 124), (66, 104, 184), (214, 226, 248), (236, 200, 110))
RED = Palette((142, 22, 36), (190, 62, 72), (250, 226, 218), (236, 200, 110))
GREEN = Palette((20, 84, 56), (52, 134, 90), (222, 242, 226), (236, 200, 110))


def star_points(center: Point, r_out: float, r_in: float, points: int,
                rotation: float = -90) -> list[Point]:
    out = []
    for i in range(points * 2):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(rotation + i * 180 / points)
        out.append((center[0] + r * math.cos(a), center[1] + r * math.sin(a)))
    return out


def grid(pitch_x: float, pitch_y: float, offset_rows: bool = False) -> list[Point]:
    """Points of a lattice centred on the card, reaching past the field on every side."""
    pts = []
    nx = int(CARD_W / pitch_x) + 2
    ny = int(CARD_H / pitch_y) + 2
    for j in range(-ny, ny + 1):
        shift = pitch_x / 2 if offset_rows and j % 2 else 0
        for i in range(-nx, nx + 1):
            pts.append((CX + i * pitch_x + shift, CY + j * pitch_y))
    return pts


# --- patterns over the whole field --------------------------------------------------------


def lattice(c: Canvas, p: Palette) -> None:
    """Diagonal lattice with a dot at every crossing and a lozenge in every cell."""
    pitch = 20
    span = CARD_W + CARD_H
    for k in range(-span // pitch - 1, span // pitch + 2):
        off = k * pitch
        c.line(p.mid, (CX + off - span, CY - span), (CX + off + span, CY + span), 1.3)
        c.line(p.mid, (CX + off - span, CY + span), (CX + off + span, CY - span), 1.3)
    half = pitch / 2
    for x, y in grid(pitch, pitch):
        c.circle(p.light, (x, y), 1.6)
        mx, my = x + half, y
        c.polygon(p.mid, [(mx, my - 3.4), (mx + 3.4, my), (mx, my + 3.4), (mx - 3.4, my)])


def quatrefoils(c: Canvas, p: Palette) -> None:
    """Rows of four-lobed flowers, every other row shifted by half a step."""
    for x, y in grid(24, 22, offset_rows=True):
        for dx, dy in ((0, -4.6), (4.6, 0), (0, 4.6), (-4.6, 0)):
            c.circle(p.mid, (x + dx, y + dy), 4.4)
        c.circle(p.dark, (x, y), 2.6)
        c.circle(p.light, (x, y), 1.4)
    for x, y in grid(24, 22, offset_rows=True):
        c.circle(p.mid, (x + 12, y + 11), 1.2)


def rings(c: Canvas, p: Palette) -> None:
    """Interlaced circles (each through its neighbours' centres) and a dot at every centre."""
    pitch = 22
    for x, y in grid(pitch, pitch * math.sqrt(3) / 2, offset_rows=True):
        c.circle(p.mid, (x, y), pitch, 1.1)
    for x, y in grid(pitch, pitch * math.sqrt(3) / 2, offset_rows=True):
        c.circle(p.light, (x, y), 1.3)


# --- medallions in the middle -------------------------------------------------------------


def rosette(c: Canvas, p: Palette) -> None:
    """An oval cartouche holding a sixteen-petal rosette."""
    w, h = 128, 184
    c.ellipse(p.light, (CX - w / 2 - 6, CY - h / 2 - 6, w + 12, h + 12))
    c.ellipse(p.dark, (CX - w / 2 - 3, CY - h / 2 - 3, w + 6, h + 6))
    c.ellipse(p.accent, (CX - w / 2, CY - h / 2, w, h), 1.5)
    c.ellipse(p.light, (CX - w / 2 + 6, CY - h / 2 + 6, w - 12, h - 12), 1)
    for k in range(28):
        a = math.radians(k * 360 / 28)
        c.circle(p.mid, (CX + (w / 2 - 13) * math.cos(a), CY + (h / 2 - 13) * math.sin(a)), 2)
    for k in range(16):
        ang = k * 360 / 16 - 90
        length = 58 if k % 2 == 0 else 44
        c.polygon(p.mid if k % 2 else p.light,
                  petal_points((CX, CY), ang, length, 16 if k % 2 else 18))
    for k in range(16):
        c.polygon(p.dark, petal_points((CX, CY), k * 360 / 16 - 90, 30, 7))
    c.circle(p.accent, (CX, CY), 15)
    c.polygon(p.dark, star_points((CX, CY), 13, 5, 8))
    c.circle(p.light, (CX, CY), 3.5)
    # Little fleurons above and below the oval.
    for sign in (-1, 1):
        y = CY + sign * (h / 2 + 22)
        for k in range(4):
            c.polygon(p.light, petal_points((CX, y), k * 90 + 45, 10, 6))
        c.circle(p.accent, (CX, y), 3)


def compass(c: Canvas, p: Palette) -> None:
    """A lozenge framed by a double rule, holding an eight-pointed compass star."""
    w, h = 74, 118

    def diamond(dw: float, dh: float) -> list[Point]:
        return [(CX, CY - dh), (CX + dw, CY), (CX, CY + dh), (CX - dw, CY)]

    c.polygon(p.light, diamond(w + 9, h + 14))
    c.polygon(p.dark, diamond(w + 5, h + 8))
    c.polygon(p.accent, diamond(w, h), 1.5)
    c.polygon(p.light, diamond(w - 8, h - 13), 1)
    c.polygon(p.mid, star_points((CX, CY), 58, 14, 8, -90))
    c.polygon(p.light, star_points((CX, CY), 58, 10, 4, -90))
    c.polygon(p.accent, star_points((CX, CY), 36, 8, 4, -45))
    c.circle(p.dark, (CX, CY), 11)
    c.circle(p.light, (CX, CY), 11, 1.5)
    c.circle(p.accent, (CX, CY), 4)
    for sign in (-1, 1):
        y = CY + sign * (h + 28)
        c.polygon(p.light, [(CX, y - 8), (CX + 5, y), (CX, y + 8), (CX - 5, y)])
        c.circle(p.accent, (CX - 12, y), 2.5)
        c.circle(p.accent, (CX + 12, y), 2.5)


def wreath(c: Canvas, p: Palette) -> None:
    """A round wreath of leaves around a twelve-pointed star."""
    r = 62
    c.circle(p.light, (CX, CY), r + 8)
    c.circle(p.dark, (CX, CY), r + 5)
    c.circle(p.accent, (CX, CY), r + 1, 1.5)
    for k in range(24):
        a = k * 15
        ax = CX + (r - 10) * math.cos(math.radians(a))
        ay = CY + (r - 10) * math.sin(math.radians(a))
        c.polygon(p.light if k % 2 else p.mid, petal_points((ax, ay), a + 100, 17, 7))
    c.polygon(p.mid, star_points((CX, CY), 40, 20, 12, -90))
    c.polygon(p.light, star_points((CX, CY), 34, 14, 12, -75))
    c.circle(p.dark, (CX, CY), 12)
    c.circle(p.accent, (CX, CY), 8)
    c.circle(p.dark, (CX, CY), 3)
    for sign in (-1, 1):
        y = CY + sign * (r + 34)
        c.circle(p.light, (CX, y), 7)
        c.circle(p.dark, (CX, y), 4)
        c.circle(p.accent, (CX, y), 2)
        c.circle(p.light, (CX - 14, y), 3)
        c.circle(p.light, (CX + 14, y), 3)


# --- the whole back -------------------------------------------------------------------------


def corner_fans(c: Canvas, p: Palette) -> None:
    """Quarter rosettes in the four corners of the field, mirrored."""
    x, y, w, h = FIELD
    inset, r = 8, 38
    for sx, sy in ((1, 1), (-1, 1), (1, -1), (-1, -1)):
        ox = x + inset if sx == 1 else x + w - inset
        oy = y + inset if sy == 1 else y + h - inset
        base = math.degrees(math.atan2(sy, sx))
        c.circle(p.dark, (ox, oy), r)
        c.arc(p.light, (ox, oy), r, -base - 45, -base + 45, 1.4, 16)
        c.arc(p.accent, (ox, oy), r - 4, -base - 45, -base + 45, 0.8, 16)
        for k in range(5):
            ang = base - 36 + k * 18
            c.polygon(p.light if k % 2 == 0 else p.mid, petal_points((ox, oy), ang, 30, 9))
        for k in range(4):
            ang = math.radians(base - 27 + k * 18)
            c.circle(p.accent, (ox + 26 * math.cos(ang), oy + 26 * math.sin(ang)), 1.6)
        c.circle(p.accent, (ox, oy), 5)


def rules(c: Canvas, p: Palette) -> None:
    """A double rule just inside the field's edge."""
    x, y, w, h = FIELD
    c.rect(p.light, (x + 4, y + 4, w - 8, h - 8), radius=FIELD_RADIUS - 3, width=1.6)
    c.rect(p.light, (x + 8, y + 8, w - 16, h - 16), radius=FIELD_RADIUS - 5, width=0.8)


def draw_back(p: Palette, pattern: Callable[[Canvas, Palette], None],
              medallion: Callable[[Canvas, Palette], None]) -> pygame.Surface:
    card = card_blank(PAPER)
    field = Canvas(CARD_W, CARD_H)
    field.fill(p.dark)
    pattern(field, p)
    corner_fans(field, p)
    rules(field, p)
    for ox in (FIELD[0] + 8, FIELD[0] + FIELD[2] - 8):
        for oy in (FIELD[1] + 8, FIELD[1] + FIELD[3] - 8):
            field.circle(p.accent, (ox, oy), 5)
    medallion(field, p)
    mask = Canvas(CARD_W, CARD_H)
    mask.rect(WHITE, FIELD, radius=FIELD_RADIUS)
    field.surface.blit(mask.surface, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    card.surface.blit(field.surface, (0, 0))
    return round_corners(card.finish())


BACKS: dict[str, tuple[Palette, Callable[[Canvas, Palette], None],
                       Callable[[Canvas, Palette], None]]] = {
    "blue": (BLUE, lattice, rosette),
    "red": (RED, quatrefoils, compass),
    "green": (GREEN, rings, wreath),
}


def make(out: Path) -> list[Path]:
    """Write ``sprites/backs/blue.png``, ``red.png`` and ``green.png`` under ``out``."""
    written = []
    for name, (palette, pattern, medallion) in BACKS.items():
        path = out / "sprites" / "backs" / f"{name}.png"
        save_png(draw_back(palette, pattern, medallion), path)
        written.append(path)
    return written
