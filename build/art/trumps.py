"""The 21 trumps and the Excuse, in the manner of the French "Tarot Nouveau".

Every trump has a tall corner box with its number (top left, and turned over at bottom
right) big enough to read in a fanned hand, a banded blue frame that no plain-suit card has,
and a picture of its own built from shapes: the sun, the moon, boats, a windmill, musicians'
instruments and so on. The two trump oudlers, the Petit (1) and the 21, have a gold frame and
a star badge under the number; the Excuse shows a jester holding a star, with stars for
corner marks.

The same images go to both decks (``sprites/cards`` and ``sprites/cards-4colour``): the
four-colour deck only changes the plain suits.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from pathlib import Path

import pygame

from build.art.canvas import (
    CARD_H,
    CARD_W,
    CORNER_RADIUS,
    GOLD,
    INK,
    RED,
    WHITE,
    Canvas,
    Color,
    Point,
    font,
    petal_points,
    round_corners,
    save_png,
)

DECKS = ("cards", "cards-4colour")

# Trump paper, a warmer tint than the plain suits, and the frame colours.
TRUMP_PAPER = (246, 238, 216)
FRAME_BLUE = (40, 54, 124)
FRAME_BLUE_DARK = (24, 32, 82)
GOLD_DARK = (150, 108, 28)
GOLD_LIGHT = (246, 214, 120)
OUDLER_RED = (170, 26, 36)

# Layout, in card pixels.
FRAME = (8, 8, CARD_W - 16, CARD_H - 16)
BAND = 12  # width of the coloured band of the frame
PIC_X, PIC_Y = FRAME[0] + BAND, FRAME[1] + BAND
PW, PH = CARD_W - 2 * PIC_X, CARD_H - 2 * PIC_Y  # the picture: 200 x 408
CARTOUCHE = (4, 5, 56, 80)  # the corner box: it ends 60 px in, a quarter of the width
NUMERAL_BOX = (8, 14, 48, 62)
BADGE_CENTER = (32, 104)
BADGE_RADIUS = 15


# --- small drawing helpers ------------------------------------------------------------------


def mix(a: Color, b: Color, t: float) -> tuple[int, int, int]:
    """The colour a fraction ``t`` of the way from ``a`` to ``b``."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


def vgradient(c: Canvas, rect: tuple[float, float, float, float], top: Color,
              bottom: Color) -> None:
    """Fill ``rect`` with a vertical gradient, one supersampled row at a time."""
    x, y, w, h = c.r(rect)
    for row in range(h):
        t = row / max(1, h - 1)
        pygame.draw.line(c.surface, mix(top, bottom, t), (x, y + row), (x + w - 1, y + row))


def star_points(center: Point, r_out: float, r_in: float, points: int = 5,
                rotation: float = -90) -> list[Point]:
    cx, cy = center
    out = []
    for i in range(points * 2):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(rotation + i * 180 / points)
        out.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return out


def star(c: Canvas, color: Color, center: Point, r_out: float, r_in: float | None = None,
         points: int = 5, rotation: float = -90) -> None:
    c.polygon(color, star_points(center, r_out, r_out * 0.42 if r_in is None else r_in,
                                 points, rotation))


def sparkle(c: Canvas, color: Color, center: Point, r: float) -> None:
    """A small four-pointed twinkle."""
    star(c, color, center, r, r * 0.3, 4)


def rotate_about(points: Sequence[Point], center: Point, deg: float) -> list[Point]:
    a = math.radians(deg)
    ca, sa = math.cos(a), math.sin(a)
    cx, cy = center
    return [(cx + (x - cx) * ca - (y - cy) * sa, cy + (x - cx) * sa + (y - cy) * ca)
            for x, y in points]


def leaf(c: Canvas, color: Color, base: Point, angle: float, length: float,
         width: float) -> None:
    c.polygon(color, petal_points(base, angle, length, width, steps=10))


def cloud(c: Canvas, color: Color, center: Point, size: float) -> None:
    cx, cy = center
    s = size
    c.circle(color, (cx - 0.55 * s, cy + 0.05 * s), 0.38 * s)
    c.circle(color, (cx - 0.1 * s, cy - 0.2 * s), 0.5 * s)
    c.circle(color, (cx + 0.45 * s, cy - 0.02 * s), 0.4 * s)
    c.circle(color, (cx + 0.85 * s, cy + 0.15 * s), 0.25 * s)
    c.rect(color, (cx - 0.9 * s, cy + 0.05 * s, 1.95 * s, 0.38 * s), radius=0.19 * s)


def bird(c: Canvas, color: Color, center: Point, size: float, width: float = 1.6) -> None:
    """A gull seen from afar: two little arcs."""
    cx, cy = center
    c.arc(color, (cx - size / 2, cy + size * 0.3), size / 2, 40, 140, width, 10)
    c.arc(color, (cx + size / 2, cy + size * 0.3), size / 2, 40, 140, width, 10)


def wave_points(x0: float, x1: float, y: float, amp: float, length: float,
                phase: float = 0, step: float = 2) -> list[Point]:
    pts = []
    x = x0
    while x <= x1 + step:
        pts.append((x, y + amp * math.sin((x / length) * 2 * math.pi + phase)))
        x += step
    return pts


def hill(c: Canvas, color: Color, y: float, amp: float, length: float, phase: float = 0,
         bottom: float = PH) -> None:
    """A band of rolling ground from a wavy top edge down to ``bottom``."""
    pts = wave_points(-4, PW + 4, y, amp, length, phase)
    c.polygon(color, [*pts, (PW + 4, bottom), (-4, bottom)])


def mound(c: Canvas, color: Color, cx: float, top: float, half_w: float,
          bottom: float = PH) -> None:
    """A rounded hill: the upper half of an ellipse continued to ``bottom``."""
    pts = []
    for i in range(41):
        a = math.pi * i / 40
        pts.append((cx - half_w * math.cos(a), bottom - (bottom - top) * math.sin(a)))
    c.polygon(color, pts)


def layer(c: Canvas) -> Canvas:
    return Canvas(c.width, c.height, c.scale)


def put(c: Canvas, other: Canvas, alpha: int = 255) -> None:
    """Blend ``other`` (same size) over ``c``, optionally translucent."""
    surf = other.surface
    if alpha < 255:
        surf = surf.copy()
        surf.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    c.surface.blit(surf, (0, 0))


def put_rotated(c: Canvas, other: Canvas, center: Point, deg: float) -> None:
    """Turn ``other`` by ``deg`` (counter-clockwise) about its middle and centre it at
    ``center``."""
    surf = pygame.transform.rotate(other.surface, deg)
    c.surface.blit(surf, surf.get_rect(center=c.p(center)))


def crescent(c: Canvas, color: Color, center: Point, r: float, dx: float,
             dy: float = 0) -> None:
    """A crescent: a disc with an offset disc cut away."""
    size = math.ceil(2 * r + 2)
    moon = Canvas(size, size, c.scale)
    mid = size / 2
    moon.circle(color, (mid, mid), r)
    moon.circle((0, 0, 0, 0), (mid + dx, mid + dy), r * 0.92)
    c.blit(moon, (center[0] - mid, center[1] - mid))


def fitted_text(c: Canvas, text: str, color: Color, box: tuple[float, float, float, float],
                angle: float = 0) -> None:
    """Bold text whose inked part fills ``box``'s height, narrowed if it would be too wide."""
    s = c.scale
    glyphs = font(round(box[3] * s * 1.45)).render(text, True, color)
    glyphs = glyphs.subsurface(glyphs.get_bounding_rect()).copy()
    gw, gh = glyphs.get_size()
    h = box[3] * s
    w = min(gw * h / gh, box[2] * s)
    glyphs = pygame.transform.smoothscale(glyphs, (round(w), round(h)))
    if angle:
        glyphs = pygame.transform.rotate(glyphs, angle)
    cx, cy = box[0] + box[2] / 2, box[1] + box[3] / 2
    c.surface.blit(glyphs, glyphs.get_rect(center=c.p((cx, cy))))


def note(c: Canvas, color: Color, at: Point, size: float, double: bool = False) -> None:
    """A music note: head, stem and flag (or two heads joined by a beam)."""
    x, y = at
    heads = [(x, y)] + ([(x + size * 1.1, y - size * 0.25)] if double else [])
    for hx, hy in heads:
        c.ellipse(color, (hx - size * 0.38, hy - size * 0.27, size * 0.76, size * 0.54))
        c.line(color, (hx + size * 0.33, hy), (hx + size * 0.33, hy - size * 1.5), size * 0.12)
    if double:
        x2 = heads[1][0] + size * 0.33
        c.polygon(color, [(x + size * 0.28, y - size * 1.5), (x2 + size * 0.05, y - size * 1.75),
                          (x2 + size * 0.05, y - size * 1.5), (x + size * 0.28, y - size * 1.25)])
    else:
        c.polyline(color, [(x + size * 0.33, y - size * 1.5), (x + size * 0.75, y - size * 1.0),
                           (x + size * 0.65, y - size * 0.7)], size * 0.12)


def night_stars(c: Canvas, rng: random.Random, count: int, top: float, bottom: float,
                color: Color = (250, 244, 210)) -> None:
    for _ in range(count):
        x, y = rng.uniform(6, PW - 6), rng.uniform(top, bottom)
        if x < 50 and y < 100:  # under the corner box
            continue
        r = rng.choice((0.9, 1.1, 1.4, 2.2))
        if r > 2:
            sparkle(c, color, (x, y), r * 2.2)
        else:
            c.circle(color, (x, y), r)


# --- the pictures ---------------------------------------------------------------------------
# Each draws on a PW x PH canvas. The top-left and bottom-right corners lie under the number
# boxes, so the subjects keep to the middle.

DAY_TOP, DAY_BOTTOM = (116, 168, 222), (214, 232, 242)
NIGHT_TOP, NIGHT_BOTTOM = (14, 20, 58), (52, 62, 124)
GRASS = (108, 164, 74)
GRASS_DARK = (70, 126, 56)
GRASS_LIGHT = (150, 196, 96)
WOOD = (122, 78, 44)
WOOD_DARK = (84, 52, 30)
STONE = (196, 184, 160)
STONE_DARK = (140, 128, 110)
ROOF = (182, 70, 48)
SEA = (44, 104, 160)
SEA_DARK = (26, 66, 116)
WINDOW = (252, 214, 96)


def scene_petit(c: Canvas, rng: random.Random) -> None:
    """1: a little bird on a blossoming branch at dawn."""
    vgradient(c, (0, 0, PW, PH), (250, 196, 170), (252, 238, 206))
    c.circle((255, 236, 170), (140, 150), 40)
    c.circle((255, 246, 204), (140, 150), 30)
    hill(c, (150, 186, 120), 330, 8, 260, 1)
    hill(c, (112, 156, 92), 356, 6, 180, 3)
    # The branch, from the left edge across the middle.
    branch = [(-6, 286), (40, 272), (90, 258), (140, 240), (206, 214)]
    c.polyline(WOOD_DARK, branch, 9)
    c.polyline(WOOD_DARK, [(90, 258), (118, 282), (150, 292)], 5)
    c.polyline(WOOD_DARK, [(40, 272), (30, 240)], 4)
    for base, ang in (((60, 268), 200), ((110, 252), -60), ((150, 292), 10), ((30, 240), -110),
                      ((175, 226), -40), ((128, 280), 100), ((75, 265), 120)):
        leaf(c, (86, 140, 64), base, ang, 26, 11)
    for x, y in ((30, 238), (160, 226), (154, 290), (118, 250)):
        for k in range(5):
            a = math.radians(k * 72 - 90)
            c.circle((248, 208, 216), (x + 5 * math.cos(a), y + 5 * math.sin(a)), 4.2)
        c.circle((236, 180, 70), (x, y), 2.6)
    # The bird: a round robin sitting on the branch.
    bx, by = 98, 222
    c.polygon((96, 70, 50), [(bx - 24, by + 2), (bx - 50, by - 14), (bx - 46, by + 4)])
    c.ellipse((122, 90, 62), (bx - 30, by - 24, 56, 44))
    c.ellipse((232, 122, 62), (bx - 6, by - 14, 30, 30))
    c.circle((122, 90, 62), (bx + 16, by - 26), 15)
    c.circle((232, 122, 62), (bx + 20, by - 20), 9)
    c.polygon((240, 180, 60), [(bx + 29, by - 31), (bx + 42, by - 26), (bx + 29, by - 22)])
    c.circle(INK, (bx + 21, by - 30), 3)
    c.circle(WHITE, (bx + 22, by - 31), 1)
    c.ellipse((96, 68, 46), (bx - 22, by - 14, 32, 18))
    c.line((200, 150, 60), (bx - 4, by + 18), (bx - 6, by + 30), 2)
    c.line((200, 150, 60), (bx + 8, by + 18), (bx + 8, by + 28), 2)
    note(c, (120, 80, 70), (150, 190), 11)
    note(c, (120, 80, 70), (168, 168), 9)


def scene_sun(c: Canvas, rng: random.Random) -> None:
    """2: the sun over rolling hills."""
    vgradient(c, (0, 0, PW, PH), (96, 160, 222), (226, 238, 236))
    cx, cy = 104, 150
    rays = []
    for i in range(32):
        r = 86 if i % 4 == 0 else (70 if i % 2 == 0 else 54)
        a = math.radians(i * 360 / 32)
        rays.append((cx + r * math.cos(a), cy + r * math.sin(a)))
        a2 = math.radians((i + 0.5) * 360 / 32)
        rays.append((cx + 44 * math.cos(a2), cy + 44 * math.sin(a2)))
    c.polygon((252, 200, 60), rays)
    c.circle((250, 184, 40), (cx, cy), 46)
    c.circle((254, 214, 84), (cx, cy), 38)
    # A calm face, as on old almanacs.
    c.arc((214, 130, 30), (cx - 13, cy - 2), 7, 20, 160, 2.4, 10)
    c.arc((214, 130, 30), (cx + 13, cy - 2), 7, 20, 160, 2.4, 10)
    c.arc((214, 130, 30), (cx, cy + 6), 14, 210, 330, 2.6, 14)
    c.circle((250, 170, 90), (cx - 22, cy + 12), 6)
    c.circle((250, 170, 90), (cx + 22, cy + 12), 6)
    cloud(c, WHITE, (170, 262), 26)
    hill(c, GRASS_LIGHT, 300, 14, 240, 0.5)
    hill(c, GRASS, 330, 12, 170, 2.2)
    hill(c, GRASS_DARK, 362, 10, 210, 4.1)
    # A winding path and a few poppies.
    c.polygon((222, 200, 150), [(96, 330), (110, 330), (138, 408), (80, 408)])
    for _ in range(16):
        x, y = rng.uniform(8, 150), rng.uniform(340, 400)
        c.circle((214, 40, 40), (x, y), 2.5)


def scene_moon(c: Canvas, rng: random.Random) -> None:
    """3: the moon and stars over a sleeping village."""
    vgradient(c, (0, 0, PW, PH), NIGHT_TOP, NIGHT_BOTTOM)
    night_stars(c, rng, 46, 10, 270)
    c.circle((64, 74, 130), (124, 136), 56)
    crescent(c, (250, 236, 170), (124, 136), 44, 20, -8)
    mound(c, (30, 40, 86), 60, 286, 140)
    mound(c, (22, 30, 66), 170, 306, 110)
    # A cottage with lit windows.
    hx, hy = 92, 300
    c.rect((48, 52, 86), (hx - 30, hy, 60, 44))
    c.polygon((70, 40, 56), [(hx - 38, hy + 2), (hx, hy - 30), (hx + 38, hy + 2)])
    c.rect((48, 52, 86), (hx + 14, hy - 30, 9, 20))
    c.rect(WINDOW, (hx - 20, hy + 12, 12, 12))
    c.rect(WINDOW, (hx + 8, hy + 12, 12, 12))
    c.rect((36, 40, 70), (hx - 4, hy + 24, 9, 20))
    # Smoke from the chimney, and a pine.
    for i, r in enumerate((4, 5.5, 7)):
        c.circle((120, 128, 170), (hx + 22 + i * 8, hy - 40 - i * 12), r)
    for k in range(3):
        c.polygon((18, 44, 46), [(150 - 22 + k * 4, 330 - k * 20), (150, 296 - k * 20),
                                 (150 + 22 - k * 4, 330 - k * 20)])
    c.rect((40, 30, 30), (147, 330, 6, 12))
    hill(c, (16, 24, 52), 356, 4, 200, 1.5)


def scene_sailboat(c: Canvas, rng: random.Random) -> None:
    """4: a sailing boat on the open sea."""
    vgradient(c, (0, 0, PW, 260), (120, 178, 228), (228, 238, 240))
    cloud(c, WHITE, (150, 118), 30)
    cloud(c, (244, 248, 250), (76, 200), 20)
    vgradient(c, (0, 260, PW, PH - 260), (64, 134, 186), SEA_DARK)
    for i, y in enumerate(range(276, 400, 16)):
        c.polyline((150, 196, 226), wave_points(0, PW, y, 3, 36, i * 1.7), 2)
    bx, by = 100, 300
    c.line(WOOD_DARK, (bx, by - 178), (bx, by), 4)
    c.polygon((250, 248, 238), [(bx + 4, by - 172), (bx + 4, by - 14), (bx + 78, by - 14)])
    c.polygon((232, 226, 206), [(bx - 4, by - 150), (bx - 4, by - 14), (bx - 62, by - 14)])
    c.line((200, 190, 170), (bx + 4, by - 120), (bx + 46, by - 46), 1.5)
    c.polygon(RED, [(bx, by - 178), (bx + 26, by - 171), (bx, by - 164)])
    c.polygon((150, 44, 40), [(bx - 80, by - 10), (bx + 92, by - 10), (bx + 72, by + 18),
                              (bx - 64, by + 18)])
    c.rect((240, 220, 160), (bx - 76, by - 10, 164, 5))
    for k in range(4):
        c.circle((240, 220, 160), (bx - 44 + k * 30, by + 4), 3)
    c.polyline((150, 196, 226), wave_points(bx - 90, bx + 100, by + 20, 3, 30, 0.5), 2.5)
    bird(c, INK, (60, 120), 14)
    bird(c, INK, (84, 102), 10)
    bird(c, INK, (170, 190), 9)


def scene_windmill(c: Canvas, rng: random.Random) -> None:
    """5: a windmill on its hill above the fields."""
    vgradient(c, (0, 0, PW, PH), (140, 190, 230), (238, 236, 214))
    cloud(c, WHITE, (152, 80), 24)
    mound(c, (160, 196, 110), 100, 250, 150)
    # Fields in stripes.
    hill(c, (214, 186, 96), 330, 6, 300, 0)
    for i in range(6):
        c.line((190, 156, 70), (-10 + i * 44, 408), (60 + i * 26, 334), 2)
    hill(c, (126, 170, 86), 372, 5, 150, 2)
    mx, my = 110, 168
    c.polygon((236, 226, 200), [(mx - 30, 300), (mx + 30, 300), (mx + 20, my + 8),
                                (mx - 20, my + 8)])
    c.polygon(ROOF, [(mx - 28, my + 12), (mx + 28, my + 12), (mx + 14, my - 16),
                     (mx - 14, my - 16)])
    c.rect(WOOD, (mx - 8, 272, 16, 28), radius=6)
    c.rect((120, 150, 190), (mx - 6, 218, 12, 14))
    c.rect((120, 150, 190), (mx - 6, 244, 12, 12))
    # Four sails, built once upright and turned.
    sails = Canvas(164, 164, c.scale)
    m = 82
    for k in range(4):
        pts_frame = rotate_about([(m - 2, m - 76), (m + 17, m - 76), (m + 17, m - 14),
                                  (m - 2, m - 14)], (m, m), k * 90)
        sails.polygon((248, 244, 232), pts_frame)
        sails.polygon(WOOD_DARK, pts_frame, 1.5)
        for j in range(1, 5):
            y = m - 14 - j * 12.4
            sails.line(WOOD_DARK, *rotate_about([(m - 2, y), (m + 17, y)], (m, m), k * 90), 1)
        sails.line(WOOD_DARK, *rotate_about([(m, m), (m, m - 80)], (m, m), k * 90), 3)
    sails.circle(WOOD_DARK, (m, m), 6)
    put_rotated(c, sails, (mx, my + 2), 20)


def scene_tower(c: Canvas, rng: random.Random) -> None:
    """6: a castle tower with its flag."""
    vgradient(c, (0, 0, PW, PH), (104, 150, 214), (220, 232, 240))
    cloud(c, WHITE, (60, 148), 20)
    mound(c, (118, 166, 84), 100, 300, 160)
    tx = 112
    # Side walls with battlements.
    for x0, x1, top in ((30, tx - 20, 262), (tx + 20, 196, 270)):
        c.rect(STONE_DARK, (x0, top, x1 - x0, 340 - top))
        for x in range(x0, x1 - 6, 14):
            c.rect(STONE_DARK, (x, top - 10, 8, 12))
    c.rect(STONE, (tx - 32, 150, 64, 190))
    for x in range(tx - 36, tx + 30, 16):
        c.rect(STONE, (x, 134, 10, 18))
    c.rect(STONE_DARK, (tx - 36, 150, 72, 6))
    c.polygon((60, 80, 150), [(tx - 40, 134), (tx + 40, 134), (tx, 64)])
    c.line(WOOD_DARK, (tx, 64), (tx, 34), 2)
    c.polygon(RED, [(tx + 1, 34), (tx + 30, 40), (tx + 1, 48)])
    for row in range(170, 330, 14):  # courses of stone
        c.line(STONE_DARK, (tx - 32, row), (tx + 32, row), 1)
    c.ellipse((50, 40, 40), (tx - 7, 176, 14, 24))
    c.ellipse((50, 40, 40), (tx - 20, 230, 12, 20))
    c.ellipse((50, 40, 40), (tx + 8, 230, 12, 20))
    c.circle(WOOD_DARK, (tx, 312), 16)
    c.rect(WOOD_DARK, (tx - 16, 312, 32, 28))
    c.polygon((120, 110, 96), [(tx - 16, 340), (tx + 16, 340), (tx + 30, 408), (tx - 30, 408)])
    bird(c, INK, (160, 100), 12)
    bird(c, INK, (176, 118), 9)


def scene_lute(c: Canvas, rng: random.Random) -> None:
    """7: a lute and a flute, the musicians' corner."""
    vgradient(c, (0, 0, PW, PH), (110, 30, 42), (160, 62, 56))
    # Draped curtains at the sides.
    for side in (0, 1):
        for k in range(4):
            x = 6 + k * 9 if side == 0 else PW - 6 - k * 9
            c.line((130 + k * 14, 30, 40), (x, 0), (x, PH), 7)
    c.rect((90, 22, 34), (0, 0, PW, 14))
    for x in range(0, PW, 20):
        c.circle((90, 22, 34), (x + 10, 14), 10)
    c.rect((120, 80, 50), (0, 350, PW, 58))
    c.rect((92, 58, 36), (0, 350, PW, 5))
    # The lute, drawn upright then tilted.
    lute = Canvas(120, 300, c.scale)
    lx = 60
    lute.rect((90, 54, 30), (lx - 8, 20, 16, 150))
    lute.polygon((70, 40, 22), [(lx - 10, 22), (lx + 10, 22), (lx + 16, 0), (lx - 4, 0)])
    for k in range(3):
        lute.circle((220, 200, 150), (lx - 12, 6 + k * 7), 3)
        lute.circle((220, 200, 150), (lx + 14, 4 + k * 7), 3)
    lute.ellipse((200, 130, 60), (lx - 54, 150, 108, 140))
    lute.ellipse((168, 100, 44), (lx - 54, 150, 108, 140), 3)
    for k in range(1, 4):
        lute.line((176, 108, 50), (lx - 48 + k * 6, 196 + k * 8), (lx - 30 + k * 4, 280), 1)
    lute.circle((60, 34, 20), (lx, 200), 16)
    lute.circle((210, 170, 90), (lx, 200), 16, 2)
    lute.rect((70, 40, 22), (lx - 16, 250, 32, 7))
    for k in range(-2, 3):
        lute.line((240, 230, 200), (lx + k * 2.5, 22), (lx + k * 3, 252), 0.8)
    put_rotated(c, lute, (100, 210), -14)
    # The flute across it.
    flute = Canvas(200, 20, c.scale)
    flute.rect((220, 190, 120), (4, 6, 192, 9), radius=4)
    for k in range(6):
        flute.circle((90, 60, 30), (60 + k * 17, 10.5), 2.4)
    flute.rect((180, 140, 70), (4, 6, 10, 9), radius=3)
    put_rotated(c, flute, (104, 300), 28)
    for at, size, dbl in (((150, 86), 16, False), ((158, 140), 12, True), ((60, 120), 12, False)):
        note(c, (250, 220, 150), at, size, dbl)


def scene_tree(c: Canvas, rng: random.Random) -> None:
    """8: an apple tree with birds."""
    vgradient(c, (0, 0, PW, PH), (150, 198, 232), (232, 240, 226))
    hill(c, GRASS_LIGHT, 318, 6, 260, 0)
    c.polygon(WOOD, [(88, 330), (112, 330), (108, 250), (124, 200), (110, 196), (100, 232),
                     (84, 196), (72, 202), (92, 250)])
    for (x, y, r), col in zip(
        ((100, 150, 54), (60, 186, 40), (142, 184, 42), (76, 120, 38), (128, 116, 40),
         (100, 196, 40), (100, 100, 34)),
        ((74, 136, 60), (64, 124, 54), (64, 124, 54), (86, 150, 66), (86, 150, 66),
         (80, 142, 62), (96, 160, 70)), strict=True):
        c.circle(col, (x, y), r)
    for _ in range(18):
        a = rng.uniform(0, 2 * math.pi)
        d = rng.uniform(0, 60)
        x, y = 100 + d * math.cos(a), 156 + d * 0.85 * math.sin(a)
        c.circle((210, 40, 36), (x, y), 4.5)
        c.circle((240, 120, 110), (x - 1.4, y - 1.4), 1.4)
    # A fence and grass.
    for x in range(-4, PW, 22):
        c.rect((236, 226, 200), (x, 328, 7, 36), radius=2)
    c.rect((236, 226, 200), (0, 336, PW, 5))
    c.rect((236, 226, 200), (0, 352, PW, 5))
    hill(c, GRASS, 364, 4, 90, 1)
    for _ in range(30):
        x = rng.uniform(0, 150)
        y = rng.uniform(370, 404)
        c.line(GRASS_DARK, (x, y), (x + rng.uniform(-3, 3), y - 7), 1.2)
    for at, s in (((154, 56), 14), ((176, 76), 10), ((56, 254), 9)):
        bird(c, (60, 50, 60), at, s)
    # A blackbird on the ground.
    c.ellipse((40, 36, 40), (140, 300, 24, 14))
    c.circle((40, 36, 40), (162, 300), 6)
    c.polygon((240, 180, 50), [(166, 298), (174, 301), (166, 303)])


def scene_lighthouse(c: Canvas, rng: random.Random) -> None:
    """9: a lighthouse on the rocks at dusk."""
    vgradient(c, (0, 0, PW, 270), (70, 60, 130), (246, 170, 120))
    night_stars(c, rng, 14, 10, 120)
    lx, top = 118, 116
    beams = layer(c)
    beams.polygon((255, 240, 170), [(lx, top + 14), (-10, top - 30), (-10, top + 40)])
    beams.polygon((255, 240, 170), [(lx, top + 14), (PW + 10, top + 50), (PW + 10, top - 4)])
    put(c, beams, 110)
    vgradient(c, (0, 270, PW, PH - 270), (82, 90, 150), (30, 40, 90))
    for i, y in enumerate(range(284, 400, 14)):
        c.polyline((120, 130, 190), wave_points(0, PW, y, 2, 30, i * 2.1), 1.5)
    c.polygon((60, 52, 60), [(40, 300), (70, 262), (110, 250), (160, 256), (196, 290),
                             (200, 320), (30, 320)])
    c.polygon((84, 72, 78), [(60, 296), (84, 270), (120, 262), (150, 274), (130, 300)])
    # The tower, red and white bands.
    base_w, top_w, y0, y1 = 26, 16, 262, top + 30
    def at_y(y: float) -> float:
        return base_w + (top_w - base_w) * (y0 - y) / (y0 - y1)
    bands = 6
    for k in range(bands):
        ya = y0 - (y0 - y1) * k / bands
        yb = y0 - (y0 - y1) * (k + 1) / bands
        col = (236, 232, 224) if k % 2 == 0 else (200, 40, 44)
        c.polygon(col, [(lx - at_y(ya), ya), (lx + at_y(ya), ya), (lx + at_y(yb), yb),
                        (lx - at_y(yb), yb)])
    c.rect((40, 40, 48), (lx - 20, top + 26, 40, 6))
    c.rect((255, 236, 140), (lx - 12, top + 6, 24, 20))
    c.rect((40, 40, 48), (lx - 12, top + 6, 24, 20), width=2)
    c.polygon((40, 40, 48), [(lx - 16, top + 6), (lx + 16, top + 6), (lx, top - 12)])
    c.circle((255, 250, 200), (lx, top + 16), 5)
    c.rect((40, 40, 48), (lx - 5, 240, 10, 22), radius=4)


def scene_balloon(c: Canvas, rng: random.Random) -> None:
    """10: a striped balloon above the clouds."""
    vgradient(c, (0, 0, PW, PH), (84, 150, 220), (200, 226, 244))
    cloud(c, WHITE, (50, 330), 34)
    cloud(c, WHITE, (150, 352), 40)
    cloud(c, (240, 246, 252), (164, 110), 20)
    bx, by, r = 104, 150, 66
    cols = ((210, 44, 52), (250, 210, 80))
    for k in range(5):
        w = r * (1 - k / 5)
        col = cols[k % 2]
        c.ellipse(col, (bx - w, by - r, 2 * w, 2 * r))
        c.polygon(col, [(bx - w * 0.96, by + 18), (bx + w * 0.96, by + 18),
                        (bx + w * 0.2 + 2, by + 100), (bx - w * 0.2 - 2, by + 100)])
    c.line((120, 30, 40), (bx - r, by), (bx + r, by), 1.5)
    c.arc((120, 30, 40), (bx, by - 190), 210, 250, 290, 1.5)
    for dx in (-14, -5, 5, 14):
        c.line((90, 70, 50), (bx + dx * 0.9, by + 100), (bx + dx * 0.7, by + 128), 1.5)
    c.rect((150, 100, 56), (bx - 14, by + 126, 28, 22), radius=3)
    for k in range(3):
        c.line((110, 70, 40), (bx - 14, by + 132 + k * 6), (bx + 14, by + 132 + k * 6), 1)
    bird(c, INK, (60, 270), 10)
    bird(c, INK, (78, 256), 8)


def scene_bridge(c: Canvas, rng: random.Random) -> None:
    """11: a stone bridge over the river."""
    vgradient(c, (0, 0, PW, 240), (132, 182, 228), (236, 238, 222))
    cloud(c, WHITE, (136, 96), 26)
    hill(c, (146, 180, 110), 222, 8, 240, 1)
    for x, y, r in ((30, 214, 20), (172, 206, 22), (150, 220, 14)):
        c.circle((80, 130, 70), (x, y), r)
    vgradient(c, (0, 236, PW, PH - 236), (130, 176, 210), (50, 100, 150))
    water = 272
    arches = (36, 100, 164)
    refl = layer(c)
    refl.rect((90, 84, 80), (0, water, PW, 34))
    for cx in arches:
        refl.circle((0, 0, 0, 0), (cx, water), 24)
    put(c, refl, 70)
    bridge = layer(c)
    bridge.rect(STONE, (0, 204, PW, water - 204))
    bridge.rect(STONE_DARK, (0, 198, PW, 8))
    for x in range(2, PW, 14):
        bridge.rect(STONE_DARK, (x, 190, 8, 10))
    for cx in arches:
        bridge.circle((0, 0, 0, 0), (cx, water), 24)
    put(c, bridge)
    for cx in arches:
        c.arc(STONE_DARK, (cx, water), 25, 0, 180, 2.5)
        for a in (30, 60, 90, 120, 150):  # the arch stones
            ang = math.radians(a)
            c.line(STONE_DARK, (cx + 25 * math.cos(ang), water - 25 * math.sin(ang)),
                   (cx + 31 * math.cos(ang), water - 31 * math.sin(ang)), 1)
    for row in (220, 236, 252):
        c.line(STONE_DARK, (0, row), (PW, row), 0.8)
    # Grassy banks in front, and ripples.
    c.polygon(GRASS, [(0, 318), (30, 326), (44, 360), (36, 408), (0, 408)])
    c.polygon(GRASS, [(PW, 310), (170, 318), (150, 360), (162, 408), (PW, 408)])
    for x in (10, 22, 34, 176, 186):
        c.line(GRASS_DARK, (x, 340), (x + 2, 318), 2)
        c.ellipse(WOOD, (x - 1, 316, 5, 12))
    for i, y in enumerate(range(316, 404, 12)):
        c.polyline((170, 206, 232), wave_points(50, 150, y, 1.5, 24, i), 1.2)
    c.polygon((240, 230, 200), [(84, 350), (120, 350), (112, 360), (92, 360)])
    c.line(WOOD_DARK, (102, 350), (102, 322), 1.5)
    c.polygon(WHITE, [(103, 324), (116, 346), (103, 346)])


def scene_church(c: Canvas, rng: random.Random) -> None:
    """12: the village church and its houses."""
    vgradient(c, (0, 0, PW, PH), (150, 190, 230), (244, 234, 212))
    mound(c, (150, 190, 110), 100, 270, 180)
    sx = 120
    c.rect((232, 220, 196), (sx - 18, 150, 36, 170))
    c.polygon((90, 100, 130), [(sx - 22, 152), (sx + 22, 152), (sx, 70)])
    c.line(GOLD, (sx, 70), (sx, 46), 2.5)
    c.line(GOLD, (sx - 8, 56), (sx + 8, 56), 2.5)
    c.circle((80, 70, 60), (sx, 180), 8)
    c.circle(GOLD, (sx, 180), 8, 1.5)
    c.ellipse((80, 70, 60), (sx - 5, 210, 10, 22))
    c.rect((232, 220, 196), (sx - 90, 236, 74, 84))
    c.polygon(ROOF, [(sx - 96, 240), (sx - 12, 240), (sx - 30, 206), (sx - 78, 206)])
    for k in range(3):
        c.ellipse((80, 70, 60), (sx - 80 + k * 22, 258, 10, 22))
    c.ellipse(WOOD_DARK, (sx - 10, 288, 20, 40))
    c.rect(WOOD_DARK, (sx - 10, 300, 20, 20))
    # Houses.
    for hx, hy, w, col in ((170, 270, 40, (240, 210, 170)), (40, 300, 44, (236, 200, 160)),
                           (150, 310, 48, (244, 226, 190))):
        c.rect(col, (hx - w / 2, hy, w, 40))
        c.polygon((160, 60, 44), [(hx - w / 2 - 4, hy + 2), (hx + w / 2 + 4, hy + 2),
                                  (hx, hy - 22)])
        c.rect((110, 150, 190), (hx - 12, hy + 10, 8, 9))
        c.rect((110, 150, 190), (hx + 4, hy + 10, 8, 9))
        c.rect(WOOD, (hx - 4, hy + 24, 8, 16))
    c.polygon((200, 184, 150), [(90, 408), (130, 408), (118, 330), (104, 330)])
    bird(c, INK, (60, 100), 12)
    bird(c, INK, (74, 84), 9)


def scene_flowers(c: Canvas, rng: random.Random) -> None:
    """13: a vase of flowers on a table."""
    vgradient(c, (0, 0, PW, 300), (240, 226, 196), (226, 206, 170))
    for x in range(10, PW, 26):
        c.line((226, 204, 168), (x, 0), (x, 300), 6)
        for y in range(20, 300, 40):
            c.circle((210, 184, 144), (x + 13, y), 2.5)
    c.rect((150, 96, 56), (0, 300, PW, 108))
    c.rect((120, 74, 42), (0, 300, PW, 8))
    vx, vy = 100, 230
    stems = [((vx, vy), (40, 100)), ((vx, vy), (72, 70)), ((vx, vy), (110, 54)),
             ((vx, vy), (150, 84)), ((vx, vy), (166, 134)), ((vx, vy), (52, 150)),
             ((vx, vy), (128, 118))]
    for a, b in stems:
        c.line((70, 120, 50), a, b, 2.5)
    for base, ang in (((86, 170), 200), ((116, 160), -20), ((96, 130), -120), ((130, 190), 20),
                      ((70, 190), 160)):
        leaf(c, (80, 140, 56), base, ang, 28, 12)
    palette = ((214, 52, 70), (246, 196, 60), (150, 80, 170), (240, 130, 160), (250, 250, 244),
               (232, 100, 50), (90, 110, 200))
    for (_, (x, y)), col in zip(stems, palette, strict=True):
        for k in range(6):
            a = math.radians(k * 60 + x)
            c.circle(col, (x + 9 * math.cos(a), y + 9 * math.sin(a)), 7.5)
        c.circle((250, 220, 90) if col != (246, 196, 60) else (150, 90, 30), (x, y), 5.5)
    # The vase.
    pts = []
    for i in range(21):
        t = i / 20
        y = vy - 6 + t * 80
        w = 16 + 24 * math.sin(math.pi * (0.15 + 0.8 * t))
        pts.append((vx + w, y))
    c.polygon((40, 90, 160), [*pts, *[(2 * vx - x, y) for x, y in pts[::-1]]])
    c.rect((40, 90, 160), (vx - 18, vy - 12, 36, 8), radius=3)
    c.rect((240, 220, 150), (vx - 30, vy + 30, 60, 5))
    c.polyline((240, 220, 150), wave_points(vx - 36, vx + 36, vy + 46, 3, 18), 2)
    c.ellipse((120, 74, 42), (vx - 44, vy + 70, 88, 12))
    for x, y in ((150, 330), (48, 356)):
        for k in range(5):
            a = math.radians(k * 72)
            c.circle((214, 52, 70), (x + 5 * math.cos(a), y + 5 * math.sin(a)), 4)


def scene_mountains(c: Canvas, rng: random.Random) -> None:
    """14: snowy mountains above a lake and pines."""
    vgradient(c, (0, 0, PW, PH), (90, 140, 210), (226, 236, 242))
    peaks = (((-20, 250), (50, 120), (120, 250)), ((50, 250), (130, 92), (220, 250)),
             ((120, 250), (190, 150), (240, 250)))
    for (lo, t, r), col in zip(peaks, ((120, 130, 170), (100, 110, 150), (130, 140, 176)),
                               strict=True):
        c.polygon(col, [lo, t, r])
        # A jagged snow cap over the top third.
        f = 0.34
        left = (t[0] + (lo[0] - t[0]) * f, t[1] + (lo[1] - t[1]) * f)
        right = (t[0] + (r[0] - t[0]) * f, t[1] + (r[1] - t[1]) * f)
        cap = [t, right]
        for k in range(1, 5):
            x = right[0] + (left[0] - right[0]) * k / 5
            cap.append((x, right[1] + (8 if k % 2 else -6)))
        cap.append(left)
        c.polygon((250, 250, 252), cap)
    cloud(c, WHITE, (150, 60), 22)
    vgradient(c, (0, 250, PW, 60), (140, 180, 220), (90, 140, 190))
    refl = layer(c)
    for lo, t, r in peaks:
        refl.polygon((100, 110, 150), [(lo[0], 250), (t[0], 250 + (250 - t[1]) * 0.35),
                                      (r[0], 250)])
    put(c, refl, 80)
    hill(c, (70, 120, 70), 300, 5, 200, 1)
    for x, h in ((40, 70), (70, 54), (150, 80), (176, 60), (116, 46)):
        base = 340
        for k in range(3):
            w = h * (0.42 - k * 0.09)
            y = base - k * h * 0.28
            c.polygon((34, 84, 56), [(x - w, y), (x + w, y), (x, y - h * 0.5)])
        c.rect((70, 50, 40), (x - 3, base, 6, 10))
    hill(c, (88, 138, 70), 356, 6, 160, 2)


def scene_harbour(c: Canvas, rng: random.Random) -> None:
    """15: fishing boats in the harbour at sunset."""
    vgradient(c, (0, 0, PW, 250), (120, 70, 130), (252, 170, 90))
    c.circle((255, 216, 120), (100, 250), 46)
    cloud(c, (200, 120, 140), (150, 110), 22)
    cloud(c, (210, 140, 150), (60, 160), 16)
    vgradient(c, (0, 250, PW, PH - 250), (220, 130, 100), (70, 50, 100))
    for k, y in enumerate(range(258, 330, 9)):
        w = 44 - k * 4
        c.line((255, 220, 150), (100 - w, y), (100 + w, y), 2.5)
    for bx, by, s in ((60, 320, 1.0), (150, 296, 0.7)):
        c.polygon((50, 30, 50), [(bx - 50 * s, by), (bx + 50 * s, by), (bx + 36 * s, by + 20 * s),
                                 (bx - 40 * s, by + 20 * s)])
        c.line((50, 30, 50), (bx, by), (bx, by - 110 * s), 3 * s)
        c.line((50, 30, 50), (bx, by - 100 * s), (bx + 44 * s, by - 6 * s), 1.5)
        c.line((50, 30, 50), (bx, by - 100 * s), (bx - 46 * s, by - 4 * s), 1.5)
        c.polygon((160, 60, 50), [(bx + 3 * s, by - 92 * s), (bx + 3 * s, by - 20 * s),
                                  (bx + 40 * s, by - 20 * s)])
        c.rect((50, 30, 50), (bx - 20 * s, by - 16 * s, 22 * s, 16 * s))
    # The jetty.
    c.rect((60, 40, 40), (120, 360, 90, 8))
    for x in range(126, 200, 18):
        c.rect((60, 40, 40), (x, 360, 6, 48))
    bird(c, (80, 40, 70), (150, 170), 12)
    bird(c, (80, 40, 70), (130, 184), 9)


def scene_drum(c: Canvas, rng: random.Random) -> None:
    """16: a drum and a trumpet under bunting, for the village fête."""
    vgradient(c, (0, 0, PW, PH), (250, 232, 178), (240, 200, 150))
    for k, y in enumerate((40, 96)):
        pts = [(x, y + 14 * math.sin(math.pi * x / PW)) for x in range(-4, PW + 8, 4)]
        c.polyline((120, 80, 60), pts, 1.5)
        for i, x in enumerate(range(8 + k * 10, PW, 22)):
            yy = y + 14 * math.sin(math.pi * x / PW)
            col = (RED, (40, 100, 190), (40, 150, 80), (250, 190, 40))[(i + k) % 4]
            c.polygon(col, [(x - 8, yy), (x + 8, yy), (x, yy + 20)])
    dx, dy = 86, 256
    c.rect((180, 40, 50), (dx - 56, dy - 56, 112, 96))
    c.ellipse((150, 30, 40), (dx - 56, dy + 20, 112, 36))
    c.rect((180, 40, 50), (dx - 56, dy + 10, 112, 30))
    for k in range(7):
        x0 = dx - 56 + k * 112 / 6
        c.line((250, 220, 130), (x0, dy - 46), (x0 + (18 if k < 6 else -18) * 0.5, dy + 30), 2)
    for k in range(6):
        xa = dx - 56 + k * 112 / 6
        xb = xa + 112 / 6
        c.line((250, 220, 130), (xa, dy - 46), ((xa + xb) / 2, dy + 36), 2)
        c.line((250, 220, 130), (xb, dy - 46), ((xa + xb) / 2, dy + 36), 2)
    c.ellipse((230, 220, 200), (dx - 56, dy - 74, 112, 36))
    c.ellipse((150, 30, 40), (dx - 56, dy - 74, 112, 36), 3)
    c.rect((250, 220, 130), (dx - 57, dy - 58, 114, 6))
    c.rect((250, 220, 130), (dx - 57, dy + 28, 114, 6))
    c.line(WOOD, (dx - 30, dy - 60), (dx + 40, dy - 120), 4)
    c.circle(WOOD_DARK, (dx + 40, dy - 120), 5)
    c.line(WOOD, (dx + 20, dy - 60), (dx - 38, dy - 130), 4)
    c.circle(WOOD_DARK, (dx - 38, dy - 130), 5)
    # The trumpet, drawn level then tilted.
    tr = Canvas(150, 40, c.scale)
    brass, brass_dark = (230, 180, 60), (170, 120, 30)
    tr.rect(brass, (8, 17, 110, 6))
    tr.polygon(brass, [(100, 20), (146, 2), (146, 38)])
    tr.ellipse(brass_dark, (140, 2, 8, 36))
    tr.rect(brass, (30, 25, 60, 10), width=3, radius=5)
    for k in range(3):
        tr.rect(brass_dark, (48 + k * 10, 8, 5, 12))
    tr.rect(brass_dark, (2, 15, 10, 10), radius=3)
    put_rotated(c, tr, (140, 170), 30)
    note(c, (120, 60, 40), (150, 240), 14, True)
    note(c, (120, 60, 40), (168, 300), 12)
    c.rect((150, 110, 70), (0, 340, PW, 68))


def scene_star(c: Canvas, rng: random.Random) -> None:
    """17: the great star and a shooting star over the hills."""
    vgradient(c, (0, 0, PW, PH), (30, 20, 70), (110, 70, 140))
    night_stars(c, rng, 60, 10, 330)
    glow = layer(c)
    for r, a in ((70, 50), (54, 70), (40, 110)):
        layer_c = layer(c)
        layer_c.circle((255, 230, 160), (104, 170), r)
        put(glow, layer_c, a)
    put(c, glow)
    star(c, (250, 210, 90), (104, 170), 62, 16, 8, -90)
    star(c, (255, 240, 180), (104, 170), 40, 12, 8, -67.5)
    c.circle((255, 252, 230), (104, 170), 10)
    tail = layer(c)
    tail.polygon((255, 250, 220), [(180, 60), (150, 48), (110, 24), (176, 52)])
    put(c, tail, 150)
    sparkle(c, (255, 255, 240), (182, 62), 8)
    mound(c, (40, 28, 70), 50, 320, 120)
    mound(c, (26, 18, 52), 170, 340, 100)
    # Three little travellers following the star.
    for k, x in enumerate((80, 104, 128)):
        y = 346 - k * 4
        c.polygon((12, 8, 28), [(x - 8, y + 24), (x + 8, y + 24), (x + 3, y), (x - 3, y)])
        c.circle((12, 8, 28), (x, y - 3), 5)
        c.line((12, 8, 28), (x + 7, y + 4), (x + 10, y + 24), 1.5)
    hill(c, (18, 12, 40), 372, 4, 160, 0)


def scene_rainbow(c: Canvas, rng: random.Random) -> None:
    """18: a rainbow over the fields after the rain."""
    vgradient(c, (0, 0, PW, PH), (120, 150, 190), (230, 236, 236))
    bow = layer(c)
    cx, cy = 100, 300
    for k, col in enumerate(((220, 50, 50), (244, 140, 40), (250, 220, 60), (80, 170, 80),
                             (60, 110, 210), (120, 70, 170))):
        bow.circle(col, (cx, cy), 150 - k * 12)
    bow.circle((0, 0, 0, 0), (cx, cy), 150 - 6 * 12)
    put(c, bow, 220)
    cloud(c, (250, 250, 252), (40, 140), 34)
    cloud(c, (236, 240, 246), (150, 70), 24)
    hill(c, (160, 200, 100), 290, 8, 240, 0.6)
    hill(c, (120, 170, 80), 320, 10, 180, 2)
    hill(c, GRASS_DARK, 356, 8, 220, 4)
    for _ in range(40):
        x, y = rng.uniform(4, PW - 4), rng.uniform(330, 400)
        if x > 150 and y > 334:
            continue
        col = rng.choice(((250, 250, 240), (250, 220, 60), (230, 110, 160)))
        c.circle(col, (x, y), 2.2)


def scene_kite(c: Canvas, rng: random.Random) -> None:
    """19: a kite on a windy day."""
    vgradient(c, (0, 0, PW, PH), (100, 170, 230), (214, 236, 246))
    cloud(c, WHITE, (60, 250), 24)
    cloud(c, WHITE, (160, 300), 18)
    for y in (140, 200, 230):
        c.polyline((240, 248, 252), wave_points(20, 110, y, 3, 40, y), 1.5)
    kx, ky = 128, 110
    top, left, right, bottom = (kx, ky - 52), (kx - 36, ky - 6), (kx + 36, ky - 6), (kx, ky + 66)
    c.polygon((220, 50, 60), [top, right, (kx, ky - 6)])
    c.polygon((250, 200, 60), [top, left, (kx, ky - 6)])
    c.polygon((40, 100, 200), [left, bottom, (kx, ky - 6)])
    c.polygon((60, 160, 90), [right, bottom, (kx, ky - 6)])
    c.line(WOOD_DARK, top, bottom, 2)
    c.line(WOOD_DARK, left, right, 2)
    tail = [(bottom[0] + 10 * math.sin(t / 3), bottom[1] + t * 3) for t in range(0, 40)]
    c.polyline(INK, tail, 1.5)
    for k in range(3):
        x, y = tail[10 + k * 12]
        col = ((220, 50, 60), (250, 200, 60), (40, 100, 200))[k]
        c.polygon(col, [(x - 9, y - 6), (x + 9, y + 6), (x + 9, y - 6), (x - 9, y + 6)])
    # The string down to the child on the hill.
    mound(c, (120, 180, 84), 110, 330, 150)
    hill(c, GRASS, 376, 5, 200, 1)
    fx, fy = 68, 312
    pts = [(kx + (fx + 8 - kx) * t, ky + 6 + (fy - ky - 6) * t + 40 * math.sin(math.pi * t))
           for t in [i / 20 for i in range(21)]]
    c.polyline((80, 80, 90), pts, 1)
    c.polygon((40, 90, 170), [(fx - 9, fy + 22), (fx + 9, fy + 22), (fx + 6, fy), (fx - 6, fy)])
    c.circle((240, 200, 170), (fx, fy - 7), 7)
    c.arc((120, 70, 40), (fx, fy - 8), 7, 10, 170, 3, 10)
    c.line((240, 200, 170), (fx + 5, fy + 3), (fx + 10, fy - 4), 3)
    c.line(INK, (fx - 4, fy + 22), (fx - 6, fy + 34), 3)
    c.line(INK, (fx + 4, fy + 22), (fx + 6, fy + 34), 3)
    for _ in range(16):
        x, y = rng.uniform(20, 150), rng.uniform(340, 372)
        c.line(GRASS_DARK, (x, y), (x + 5, y - 8), 1.3)


def scene_fireworks(c: Canvas, rng: random.Random) -> None:
    """20: fireworks over the town."""
    vgradient(c, (0, 0, PW, PH), (10, 12, 40), (50, 40, 90))
    night_stars(c, rng, 24, 10, 300, (200, 200, 230))
    for (x, y, r), col in zip(((120, 110, 54), (60, 196, 38), (152, 230, 34)),
                              ((250, 200, 80), (240, 90, 120), (120, 210, 240)), strict=True):
        n = 16
        for k in range(n):
            a = 2 * math.pi * k / n
            c.line(col, (x + r * 0.25 * math.cos(a), y + r * 0.25 * math.sin(a)),
                   (x + r * 0.85 * math.cos(a), y + r * 0.85 * math.sin(a)), 2)
            c.circle(WHITE, (x + r * math.cos(a), y + r * math.sin(a)), 2.4)
            c.circle(col, (x + r * 0.6 * math.cos(a + 0.2), y + r * 0.6 * math.sin(a + 0.2)), 1.5)
        c.circle(WHITE, (x, y), 3)
    c.polyline((250, 200, 80), [(120, 170), (118, 230), (114, 290)], 1.2)
    # The skyline, with lit windows.
    skyline = ((0, 300, 30), (30, 320, 26), (56, 280, 24), (80, 310, 36), (116, 290, 28),
               (144, 316, 24), (168, 296, 36))
    for x, top, w in skyline:
        c.rect((20, 18, 36), (x, top, w, PH - top))
        for wy in range(top + 8, PH - 40, 14):
            for wx in range(x + 5, x + w - 6, 9):
                if rng.random() < 0.45:
                    c.rect(WINDOW, (wx, wy, 4, 6))
    c.polygon((20, 18, 36), [(116, 290), (130, 266), (144, 290)])
    c.line((20, 18, 36), (130, 266), (130, 250), 2)
    c.rect((30, 30, 60), (0, 380, PW, 28))
    for k, y in enumerate(range(386, 406, 6)):
        c.line((250, 200, 80), (100 - 30 + k * 6, y), (120 - k * 4, y), 1.5)


def scene_world(c: Canvas, rng: random.Random) -> None:
    """21: the world in a laurel wreath, with stars and gold rays."""
    vgradient(c, (0, 0, PW, PH), (28, 30, 90), (70, 50, 120))
    cx, cy, r = 100, 200, 58
    rays = layer(c)
    for k in range(24):
        a1 = math.radians(k * 15)
        a2 = math.radians(k * 15 + 6)
        rays.polygon((250, 210, 100), [(cx, cy), (cx + 240 * math.cos(a1), cy + 240 * math.sin(a1)),
                                       (cx + 240 * math.cos(a2), cy + 240 * math.sin(a2))])
    put(c, rays, 60)
    night_stars(c, rng, 40, 10, 398)
    # The globe: sea, land masses clipped to the disc, meridians.
    globe = layer(c)
    globe.circle((50, 120, 200), (cx, cy), r)
    land = layer(c)
    for x, y, rr in ((cx - 28, cy - 26, 20), (cx - 16, cy - 10, 16), (cx - 30, cy + 4, 12),
                     (cx - 14, cy + 26, 14), (cx - 8, cy + 40, 10), (cx + 22, cy - 30, 16),
                     (cx + 34, cy - 16, 14), (cx + 20, cy + 4, 12), (cx + 30, cy + 24, 9),
                     (cx + 40, cy + 36, 7)):
        land.circle((80, 160, 80), (x, y), rr)
    mask = layer(c)
    mask.circle(WHITE, (cx, cy), r)
    land.surface.blit(mask.surface, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    put(globe, land)
    put(c, globe)
    for w in (58, 36, 14):
        c.ellipse((200, 230, 250), (cx - w, cy - r, 2 * w, 2 * r), 1)
    for dy in (-36, 0, 36):
        half = math.sqrt(r * r - dy * dy)
        c.line((200, 230, 250), (cx - half, cy + dy), (cx + half, cy + dy), 1)
    c.circle((250, 220, 140), (cx, cy), r, 2)
    # The laurel wreath, two branches meeting at the foot.
    for side in (-1, 1):
        for k in range(13):
            a = math.radians(100 + k * 12) if side == 1 else math.radians(80 - k * 12)
            rr = r + 16
            x, y = cx + rr * math.cos(a), cy + rr * math.sin(a)
            tang = math.degrees(a) + (-90 if side == 1 else 90)
            leaf(c, (70, 140, 60), (x, y), tang + 40 * side, 20, 9)
            leaf(c, (96, 170, 76), (x, y), tang - 40 * side, 18, 8)
    c.polygon(OUDLER_RED, [(cx - 10, cy + r + 18), (cx + 10, cy + r + 18), (cx + 22, cy + r + 44),
                           (cx, cy + r + 32), (cx - 22, cy + r + 44)])
    c.circle(OUDLER_RED, (cx, cy + r + 18), 7)
    for x, y in ((170, 60), (40, 340), (100, 80), (100, 340)):
        star(c, GOLD_LIGHT, (x, y), 14)


SCENES: dict[int, Callable[[Canvas, random.Random], None]] = {
    1: scene_petit, 2: scene_sun, 3: scene_moon, 4: scene_sailboat, 5: scene_windmill,
    6: scene_tower, 7: scene_lute, 8: scene_tree, 9: scene_lighthouse, 10: scene_balloon,
    11: scene_bridge, 12: scene_church, 13: scene_flowers, 14: scene_mountains,
    15: scene_harbour, 16: scene_drum, 17: scene_star, 18: scene_rainbow, 19: scene_kite,
    20: scene_fireworks, 21: scene_world,
}


def scene_excuse(c: Canvas, rng: random.Random) -> None:
    """The Excuse: a jester in motley raising a star on his bauble stick."""
    vgradient(c, (0, 0, PW, PH), (236, 222, 246), (250, 238, 206))
    for _ in range(22):
        x, y = rng.uniform(10, PW - 10), rng.uniform(20, 390)
        if (x < 50 and y < 100) or (x > 150 and y > 320) or 50 < x < 150:
            continue
        sparkle(c, (214, 180, 90), (x, y), rng.uniform(3, 6))
    hill(c, (190, 200, 150), 370, 4, 200, 0)
    red, yellow, green = (200, 40, 56), (244, 192, 52), (50, 130, 90)
    cx = 96
    # Legs and pointed shoes.
    c.polygon(red, [(cx - 22, 250), (cx - 2, 250), (cx - 8, 336), (cx - 22, 336)])
    c.polygon(yellow, [(cx + 2, 250), (cx + 22, 250), (cx + 26, 336), (cx + 12, 336)])
    c.polygon(INK, [(cx - 24, 334), (cx - 6, 334), (cx - 6, 346), (cx - 44, 346), (cx - 48, 336)])
    c.polygon(INK, [(cx + 10, 334), (cx + 28, 334), (cx + 54, 334), (cx + 48, 346),
                    (cx + 10, 346)])
    c.circle(yellow, (cx - 48, 336), 4)
    c.circle(red, (cx + 54, 333), 4)
    # The tunic, half and half, with lozenges, and its pointed hem with bells.
    c.polygon(yellow, [(cx - 30, 166), (cx, 166), (cx, 262), (cx - 48, 262)])
    c.polygon(red, [(cx, 166), (cx + 30, 166), (cx + 48, 262), (cx, 262)])
    for row in range(4):
        y = 182 + row * 22
        for x in (cx - 16, cx + 16):
            col = red if x < cx else yellow
            c.polygon(col, [(x, y - 9), (x + 7, y), (x, y + 9), (x - 7, y)])
    hem = [(cx - 48, 260)]
    for k in range(6):
        x0 = cx - 48 + k * 16
        hem += [(x0 + 8, 280), (x0 + 16, 260)]
    c.polygon(green, [*hem, (cx + 48, 256), (cx - 48, 256)])
    for k in range(6):
        c.circle(GOLD, (cx - 40 + k * 16, 282), 3.5)
    c.rect(INK, (cx - 36, 232, 72, 6))
    # Arms: the left on the hip, the right raised with the bauble stick.
    c.polygon(red, [(cx - 30, 168), (cx - 44, 174), (cx - 60, 214), (cx - 46, 222), (cx - 32, 190)])
    c.polygon(red, [(cx - 60, 214), (cx - 46, 222), (cx - 34, 238), (cx - 44, 244)])
    c.circle((244, 208, 178), (cx - 36, 243), 6)
    c.polygon(yellow, [(cx + 28, 166), (cx + 42, 172), (cx + 70, 130), (cx + 58, 122)])
    c.line(WOOD_DARK, (cx + 58, 160), (cx + 78, 60), 4)
    c.circle((244, 208, 178), (cx + 64, 124), 8)
    star(c, GOLD, (cx + 80, 50), 24, 10)
    star(c, GOLD_LIGHT, (cx + 80, 51), 13, 6)
    for k in range(6):
        a = math.radians(k * 60 + 15)
        c.line((230, 190, 90), (cx + 80 + 30 * math.cos(a), 50 + 30 * math.sin(a)),
               (cx + 80 + 38 * math.cos(a), 50 + 38 * math.sin(a)), 1.5)
    # Collar, head and the three-horned cap with bells.
    ruff = [(cx - 38 + k * 76 / 12, 164 + (8 if k % 2 else 0)) for k in range(13)]
    c.polygon(WHITE, [(cx - 36, 156), (cx + 36, 156), *ruff[::-1]])
    c.polygon((200, 190, 170), [(cx - 36, 156), (cx + 36, 156), *ruff[::-1]], 1)
    hx, hy = cx, 130
    c.circle((244, 208, 178), (hx, hy), 24)
    c.circle(INK, (hx - 8, hy - 3), 2.6)
    c.circle(INK, (hx + 8, hy - 3), 2.6)
    c.arc(INK, (hx, hy + 2), 12, 200, 340, 2, 14)
    c.circle((240, 150, 140), (hx - 14, hy + 8), 4)
    c.circle((240, 150, 140), (hx + 14, hy + 8), 4)
    c.polygon(red, [(hx - 26, hy - 10), (hx - 8, hy - 26), (hx - 30, hy - 66), (hx - 66, hy - 44)])
    c.polygon(green, [(hx - 12, hy - 24), (hx + 12, hy - 24), (hx + 6, hy - 80), (hx - 6, hy - 80)])
    c.polygon(yellow, [(hx + 26, hy - 10), (hx + 8, hy - 26), (hx + 30, hy - 66),
                       (hx + 60, hy - 40)])
    c.rect(GOLD, (hx - 26, hy - 22, 52, 10), radius=4)
    for at in ((hx - 68, hy - 46), (hx, hy - 84), (hx + 62, hy - 42)):
        c.circle(GOLD, at, 7)
        c.circle(GOLD_DARK, at, 7, 1.5)
    # A little dog at his heels, as on the old Fool cards.
    dx, dy = 150, 330
    c.ellipse((150, 110, 80), (dx - 20, dy - 12, 36, 20))
    c.circle((150, 110, 80), (dx + 16, dy - 16), 9)
    c.polygon((110, 80, 60), [(dx + 12, dy - 24), (dx + 18, dy - 30), (dx + 20, dy - 20)])
    c.line((150, 110, 80), (dx - 14, dy + 4), (dx - 16, dy + 16), 4)
    c.line((150, 110, 80), (dx + 8, dy + 4), (dx + 10, dy + 16), 4)
    c.line((150, 110, 80), (dx - 20, dy - 6), (dx - 30, dy - 18), 3)
    c.circle(INK, (dx + 19, dy - 18), 1.5)


# --- the card -------------------------------------------------------------------------------


def picture(number: int) -> pygame.Surface:
    """The picture for trump ``number`` (0 for the Excuse), with rounded corners, at 4x."""
    c = Canvas(PW, PH)
    rng = random.Random(7100 + number)
    (SCENES[number] if number else scene_excuse)(c, rng)
    mask = Canvas(PW, PH)
    mask.rect(WHITE, (0, 0, PW, PH), radius=6)
    c.surface.blit(mask.surface, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return c.surface


def frame(c: Canvas, oudler: bool) -> None:
    """The banded frame around the picture: blue for a trump, gold for an oudler."""
    band, dark, dots = ((GOLD, GOLD_DARK, OUDLER_RED) if oudler
                        else (FRAME_BLUE, FRAME_BLUE_DARK, GOLD_LIGHT))
    x, y, w, h = FRAME
    c.rect(dark, FRAME, radius=12)
    c.rect(band, (x + 1.5, y + 1.5, w - 3, h - 3), radius=11)
    c.rect(GOLD_LIGHT if not oudler else (252, 236, 170), (x + 3.5, y + 3.5, w - 7, h - 7),
           radius=9, width=1.2)
    # Lozenges along the middle of the band.
    mid = BAND / 2
    step = 16
    xs = range(round(x + 40), round(x + w - 30), step)
    ys = range(round(y + 40), round(y + h - 30), step)
    for px in xs:
        for py in (y + mid, y + h - mid):
            c.polygon(dots, [(px, py - 2.6), (px + 2.6, py), (px, py + 2.6), (px - 2.6, py)])
    for py in ys:
        for px in (x + mid, x + w - mid):
            c.polygon(dots, [(px, py - 2.6), (px + 2.6, py), (px, py + 2.6), (px - 2.6, py)])


def corner(number: int, oudler: bool) -> Canvas:
    """The top-left corner box on a transparent card-sized layer (turned for bottom right)."""
    c = Canvas(CARD_W, CARD_H)
    edge = GOLD_DARK if oudler else FRAME_BLUE
    x, y, w, h = CARTOUCHE
    c.rect(edge, CARTOUCHE, radius=10)
    c.rect((255, 253, 246), (x + 3, y + 3, w - 6, h - 6), radius=8)
    c.rect(GOLD if oudler else GOLD_LIGHT, (x + 5, y + 5, w - 10, h - 10), radius=6, width=1)
    if number:
        fitted_text(c, str(number), INK, NUMERAL_BOX)
    else:
        star(c, INK, (x + w / 2, y + h / 2 + 2), 25, 10)
    if oudler and number:
        bx, by = BADGE_CENTER
        c.circle(GOLD_DARK, (bx, by), BADGE_RADIUS)
        c.circle(GOLD, (bx, by), BADGE_RADIUS - 2)
        star(c, OUDLER_RED, (bx, by + 0.8), BADGE_RADIUS - 3.5, (BADGE_RADIUS - 3.5) * 0.45)
    return c


def draw_trump(number: int) -> pygame.Surface:
    """Trump ``number`` (1..21), or the Excuse for 0, as a finished 240 x 448 card."""
    oudler = number in (0, 1, 21)
    c = Canvas(CARD_W, CARD_H)
    c.rect((150, 140, 120), (0, 0, CARD_W, CARD_H), radius=CORNER_RADIUS)
    c.rect(TRUMP_PAPER, (2, 2, CARD_W - 4, CARD_H - 4), radius=CORNER_RADIUS - 2)
    frame(c, oudler)
    c.surface.blit(picture(number), c.p((PIC_X, PIC_Y)))
    c.rect(GOLD_DARK if oudler else FRAME_BLUE_DARK, (PIC_X - 1, PIC_Y - 1, PW + 2, PH + 2),
           radius=7, width=1.5)
    top = corner(number, oudler)
    c.blit(top, (0, 0))
    c.blit(top.rotated_copy(), (0, 0))
    return round_corners(c.finish())


def card_name(number: int) -> str:
    return f"T{number}" if number else "EX"


def make(out: Path) -> list[Path]:
    """Write T1..T21 and EX into both decks under ``out/sprites``."""
    written: list[Path] = []
    for number in [*range(1, 22), 0]:
        image = draw_trump(number)
        for deck in DECKS:
            path = out / "sprites" / deck / f"{card_name(number)}.png"
            save_png(image, path)
            written.append(path)
    return written
