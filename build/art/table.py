"""The table: a tileable green baize texture and the interface icons.

``sprites/felt.png`` (256 x 256) is periodic value noise in a few octaves plus a fine grain,
every lattice wrapping around the tile's edges so that copies placed side by side show no
seam. The icons in ``sprites/icons/`` are 128 x 128 on a transparent background, flat
shapes with a dark outline all round so that they read on the felt and at 32 px.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from pathlib import Path

import pygame

from build.art.canvas import INK, Canvas, Color, Point, save_png
from build.art.trumps import fitted_text, star

FELT_SIZE = 256
FELT_BASE = (36, 104, 62)
ICON = 128
OUTLINE = (26, 30, 40)
OUTLINE_WIDTH = 5.5


# --- the felt -------------------------------------------------------------------------------


def periodic_noise(rng: random.Random, size: int, cells: int) -> list[float]:
    """Smooth value noise in [-1, 1] over a ``size`` square, ``cells`` lattice cells across,
    with the lattice wrapping at the edges so that the result tiles."""
    lattice = [[rng.uniform(-1, 1) for _ in range(cells)] for _ in range(cells)]
    step = size / cells
    out = [0.0] * (size * size)
    for y in range(size):
        gy = y / step
        j0 = int(gy)
        ty = gy - j0
        ty = ty * ty * (3 - 2 * ty)
        row0, row1 = lattice[j0 % cells], lattice[(j0 + 1) % cells]
        base = y * size
        for x in range(size):
            gx = x / step
            i0 = int(gx)
            tx = gx - i0
            tx = tx * tx * (3 - 2 * tx)
            i1 = (i0 + 1) % cells
            i0 %= cells
            top = row0[i0] + (row0[i1] - row0[i0]) * tx
            bottom = row1[i0] + (row1[i1] - row1[i0]) * tx
            out[base + x] = top + (bottom - top) * ty
    return out


def felt() -> pygame.Surface:
    """A seamless 256 x 256 baize: soft mottling plus a fine, slightly streaky nap."""
    rng = random.Random(5150)
    n = FELT_SIZE
    mottle = [0.0] * (n * n)
    for cells, weight in ((4, 0.45), (8, 0.3), (16, 0.18), (32, 0.1)):
        layer = periodic_noise(rng, n, cells)
        mottle = [m + weight * v for m, v in zip(mottle, layer, strict=True)]
    grain = [rng.uniform(-1, 1) for _ in range(n * n)]
    # The nap: average each grain with its neighbours along a diagonal, wrapping round.
    nap = [0.0] * (n * n)
    for y in range(n):
        for x in range(n):
            s = 0.0
            for d in (-2, -1, 0, 1, 2):
                s += grain[((y + d) % n) * n + (x + d) % n]
            nap[y * n + x] = s / 5
    data = bytearray()
    r0, g0, b0 = FELT_BASE
    for i in range(n * n):
        light = 7.0 * mottle[i] + 5.0 * nap[i] + 2.5 * grain[i]
        data += bytes((max(0, min(255, round(r0 + light * 0.55))),
                       max(0, min(255, round(g0 + light))),
                       max(0, min(255, round(b0 + light * 0.7)))))
    return pygame.image.frombuffer(bytes(data), (n, n), "RGB").copy()


# --- icons ----------------------------------------------------------------------------------


def outlined(art: Canvas, color: Color = OUTLINE, width: float = OUTLINE_WIDTH) -> Canvas:
    """The drawing with a ``width`` outline all round its shape (a dilated silhouette)."""
    s = art.scale
    shadow = art.surface.copy()
    shadow.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MULT)
    shadow.fill((*color[:3], 0), special_flags=pygame.BLEND_RGBA_ADD)
    out = Canvas(art.width, art.height, s)
    for radius in (width, width * 0.66, width * 0.33):
        steps = max(8, round(radius * s * 0.8))
        for k in range(steps):
            a = 2 * math.pi * k / steps
            out.surface.blit(shadow, (round(radius * s * math.cos(a)),
                                      round(radius * s * math.sin(a))))
    out.surface.blit(art.surface, (0, 0))
    return out


def thick_arc(c: Canvas, color: Color, center: Point, radius: float, start: float, end: float,
              width: float, steps: int = 48) -> None:
    """A band between two arcs (angles in degrees, counter-clockwise from east)."""
    outer, inner = [], []
    for i in range(steps + 1):
        a = math.radians(start + (end - start) * i / steps)
        outer.append((center[0] + (radius + width / 2) * math.cos(a),
                      center[1] - (radius + width / 2) * math.sin(a)))
        inner.append((center[0] + (radius - width / 2) * math.cos(a),
                      center[1] - (radius - width / 2) * math.sin(a)))
    c.polygon(color, outer + inner[::-1])


def rotated_rect(center: Point, w: float, h: float, deg: float) -> list[Point]:
    a = math.radians(deg)
    ca, sa = math.cos(a), math.sin(a)
    pts = [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)]
    return [(center[0] + x * ca - y * sa, center[1] + x * sa + y * ca) for x, y in pts]


GOLD_FILL = (246, 196, 58)
GOLD_SHADE = (212, 150, 36)
ROYAL = (64, 96, 200)
PAPER_WHITE = (250, 250, 246)
SOFT_GREY = (188, 194, 204)
ACCENT_RED = (214, 52, 52)
SKY = (70, 150, 230)


def icon_dealer() -> Canvas:
    c = Canvas(ICON, ICON)
    c.circle(PAPER_WHITE, (64, 64), 54)
    c.circle(SOFT_GREY, (64, 64), 45, 2.5)
    for k in range(8):
        a = math.radians(k * 45 + 22.5)
        c.circle(SOFT_GREY, (64 + 50 * math.cos(a), 64 + 50 * math.sin(a)), 3)
    fitted_text(c, "D", INK, (40, 38, 50, 52))
    return c


def crown(c: Canvas, cx: float, cy: float, scale: float, body: Color, band: Color) -> None:
    """A three-pointed crown, ``scale`` 1 being 92 px wide, centred on (cx, cy)."""
    def at(x: float, y: float) -> Point:
        return cx + x * scale, cy + y * scale

    c.polygon(body, [at(-42, 22), at(-48, -26), at(-20, 0), at(0, -38), at(20, 0), at(48, -26),
                     at(42, 22)])
    for x, y in ((-48, -28), (0, -40), (48, -28)):
        c.circle(body, at(x, y), 8 * scale)
    c.rect(band, (cx - 44 * scale, cy + 12 * scale, 88 * scale, 20 * scale),
           radius=4 * scale)


def icon_taker() -> Canvas:
    c = Canvas(ICON, ICON)
    crown(c, 64, 62, 1.0, GOLD_FILL, GOLD_SHADE)
    for x, col in ((-26, ACCENT_RED), (0, ROYAL), (26, ACCENT_RED)):
        c.circle(col, (64 + x, 84), 5.5)
    c.polygon(GOLD_SHADE, [(64, 46), (70, 58), (64, 70), (58, 58)])
    return c


def icon_called_king() -> Canvas:
    c = Canvas(ICON, ICON)
    # A king's bust: shoulders, head, and a little crown.
    c.rect(ROYAL, (14, 82, 88, 38), radius=18)
    c.rect(ROYAL, (14, 100, 88, 20), radius=5)
    c.circle((238, 204, 170), (58, 62), 21)
    crown(c, 58, 34, 0.42, GOLD_FILL, GOLD_SHADE)
    c.polygon(PAPER_WHITE, [(50, 82), (66, 82), (58, 100)])
    # The question mark in a badge.
    c.circle(GOLD_FILL, (96, 36), 26)
    fitted_text(c, "?", INK, (86, 20, 20, 34))
    return c


def person(c: Canvas, cx: float, top: float, scale: float, color: Color) -> None:
    c.circle(color, (cx, top + 16 * scale), 16 * scale)
    c.ellipse(color, (cx - 30 * scale, top + 38 * scale, 60 * scale, 64 * scale))


def icon_partner() -> Canvas:
    back = Canvas(ICON, ICON)
    person(back, 82, 14, 1.0, SKY)
    front = Canvas(ICON, ICON)
    person(front, 46, 28, 1.0, (244, 150, 60))
    c = outlined(back, OUTLINE, OUTLINE_WIDTH)
    front = outlined(front, OUTLINE, OUTLINE_WIDTH)
    c.surface.blit(front.surface, (0, 0))
    # Trim both figures level at the bottom.
    c.rect((0, 0, 0, 0), (0, 112, ICON, 16))
    c.rect(OUTLINE, (14, 106, 100, OUTLINE_WIDTH + 1), radius=2)
    return c


def speaker(c: Canvas) -> None:
    c.rect(PAPER_WHITE, (14, 46, 26, 36), radius=4)
    c.polygon(PAPER_WHITE, [(34, 48), (66, 20), (66, 108), (34, 80)])


def icon_sound_on() -> Canvas:
    c = Canvas(ICON, ICON)
    speaker(c)
    thick_arc(c, PAPER_WHITE, (70, 64), 20, -48, 48, 9)
    thick_arc(c, PAPER_WHITE, (70, 64), 40, -50, 50, 9)
    return c


def icon_sound_off() -> Canvas:
    c = Canvas(ICON, ICON)
    speaker(c)
    for a, b in (((80, 44), (114, 84)), ((80, 84), (114, 44))):
        c.line(ACCENT_RED, a, b, 11)
    return c


def small_card(c: Canvas, center: Point, deg: float, face: bool) -> None:
    c.polygon(OUTLINE, rotated_rect(center, 52, 74, deg))
    c.polygon(PAPER_WHITE if face else ROYAL, rotated_rect(center, 44, 66, deg))
    if face:
        star(c, ACCENT_RED, center, 14, 6, 5, -90 + deg)


def icon_last_trick() -> Canvas:
    cards = Canvas(ICON, ICON)
    small_card(cards, (70, 58), -18, False)
    small_card(cards, (80, 54), 0, False)
    small_card(cards, (90, 58), 18, True)
    arrow = Canvas(ICON, ICON)
    thick_arc(arrow, GOLD_FILL, (42, 84), 24, 200, 20, 10)
    # The head at the arc's lower-left end, pointing back down.
    end = (42 - 24 * math.cos(math.radians(20)), 84 + 24 * math.sin(math.radians(20)))
    arrow.polygon(GOLD_FILL, [(end[0] - 15, end[1] - 4), (end[0] + 13, end[1] - 4),
                              (end[0] - 2, end[1] + 18)])
    c = outlined(cards)
    c.surface.blit(outlined(arrow).surface, (0, 0))
    return c


def icon_hint() -> Canvas:
    c = Canvas(ICON, ICON)
    for k in range(7):
        a = math.radians(180 + k * 30)
        c.line((255, 226, 110), (64 + 44 * math.cos(a), 52 + 44 * math.sin(a)),
               (64 + 58 * math.cos(a), 52 + 58 * math.sin(a)), 6)
    c.circle((252, 220, 80), (64, 52), 32)
    c.polygon((252, 220, 80), [(42, 70), (86, 70), (78, 90), (50, 90)])
    c.rect(SOFT_GREY, (48, 90, 32, 20), radius=4)
    c.rect((140, 146, 158), (48, 96, 32, 3))
    c.rect((140, 146, 158), (48, 103, 32, 3))
    c.rect((120, 126, 138), (56, 110, 16, 8), radius=4)
    c.line((220, 140, 40), (56, 88), (58, 64), 3)
    c.line((220, 140, 40), (72, 88), (70, 64), 3)
    c.arc((220, 140, 40), (64, 64), 6, 0, 180, 3, 12)
    c.circle((255, 248, 214), (52, 40), 8)
    return c


def icon_undo() -> Canvas:
    c = Canvas(ICON, ICON)
    cx, cy, r, w = 72, 70, 30, 14
    thick_arc(c, SKY, (cx, cy), r, 90, -90, w)
    c.rect(SKY, (44, cy - r - w / 2, cx - 44 + 1, w))
    c.rect(SKY, (40, cy + r - w / 2, cx - 40 + 1, w))
    c.polygon(SKY, [(12, cy - r), (48, cy - r - 26), (48, cy - r + 26)])
    return c


def icon_settings() -> Canvas:
    c = Canvas(ICON, ICON)
    cx, cy = 64, 64
    teeth = 8
    pts = []
    for k in range(teeth):
        base = 360 / teeth * k
        for da, r in ((-15, 40), (-9, 54), (9, 54), (15, 40)):
            a = math.radians(base + da)
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
        for da in (20, 25):
            a = math.radians(base + 360 / teeth / 2 - 22.5 + da)
            pts.append((cx + 40 * math.cos(a), cy + 40 * math.sin(a)))
    c.polygon(SOFT_GREY, pts)
    c.circle(SOFT_GREY, (cx, cy), 41)
    c.circle((150, 158, 170), (cx, cy), 30, 4)
    c.circle((0, 0, 0, 0), (cx, cy), 16)
    return c


def icon_menu() -> Canvas:
    """Three bars: the table's menu (the cards shown, settings, rules, leaving)."""
    c = Canvas(ICON, ICON)
    for y in (34, 64, 94):
        c.rect(SOFT_GREY, (22, y - 8, 84, 16), radius=8)
    return c


ICONS: dict[str, Callable[[], Canvas]] = {
    "dealer": icon_dealer,
    "taker": icon_taker,
    "called_king": icon_called_king,
    "partner": icon_partner,
    "sound_on": icon_sound_on,
    "sound_off": icon_sound_off,
    "last_trick": icon_last_trick,
    "hint": icon_hint,
    "undo": icon_undo,
    "settings": icon_settings,
    "menu": icon_menu,
}
#: Icons that draw their own outlines (several overlapping parts, each outlined).
SELF_OUTLINED = {"partner", "last_trick"}


def icon(name: str) -> pygame.Surface:
    art = ICONS[name]()
    if name not in SELF_OUTLINED:
        art = outlined(art)
    return art.finish()


def make(out: Path) -> list[Path]:
    """Write ``sprites/felt.png`` and ``sprites/icons/*.png`` under ``out``."""
    written = []
    path = out / "sprites" / "felt.png"
    save_png(felt(), path)
    written.append(path)
    for name in ICONS:
        path = out / "sprites" / "icons" / f"{name}.png"
        save_png(icon(name), path)
        written.append(path)
    return written
