"""The 56 plain-suit cards: pip cards 1 to 10 and the four heads of each suit.

    make(out) writes out/sprites/cards/{TOKEN}.png (two colours: spades and clubs black,
    hearts and diamonds red) and out/sprites/cards-4colour/{TOKEN}.png (spades black, hearts
    red, diamonds blue, clubs green). TOKEN is the rank then the suit: 1S .. 10S, JS, NS, QS, KS.

Every card carries a large corner index (rank over a suit pip) at the top left and, turned
round, at the bottom right, kept inside the left strip that shows in a fanned hand. The heads
of those two decks use the French letters: R (Roi), D (Dame), C (Cavalier), V (Valet).

The English interface may show English letters instead: K, Q, C, J. Only the heads whose
letter changes are drawn again, into out/sprites/cards-en/ and out/sprites/cards-4colour-en/
(the king, queen and jack of each suit, 12 cards per deck); the game takes every other card
from the French deck. The knight keeps its C: English players of this game call it the
cavalier as often as the knight, K is the king's, and a two-letter Kn would be squeezed to
the width of a 10 and read as a K in the narrow strip a fanned hand leaves showing.

The heads are two-headed half figures in a framed picture, drawn from polygons, curves and
ellipses. The figures do not depend on the deck's colours (only the pips and indices do), so
each of the 16 is drawn once and shared by both decks.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import pygame

from build.art import canvas as cv
from build.art.canvas import (
    CARD_H,
    CARD_W,
    FOUR_COLOURS,
    GOLD,
    SUITS,
    TWO_COLOURS,
    Canvas,
    Color,
    Point,
    card_blank,
    draw_pip,
    round_corners,
    save_png,
)

RANKS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "N", "Q", "K")
HEADS = ("J", "N", "Q", "K")
#: The French index letters: Valet, Cavalier, Dame, Roi.
INDEX_LETTER = {"J": "V", "N": "C", "Q": "D", "K": "R"}
#: The English ones: Jack, Cavalier (the knight), Queen, King.
ENGLISH_LETTER = {"J": "J", "N": "C", "Q": "Q", "K": "K"}
DECKS = (("cards", TWO_COLOURS), ("cards-4colour", FOUR_COLOURS))
#: The folder of a deck's English heads, beside the deck's own.
ENGLISH_SUFFIX = "-en"

# --- colours of the figures -------------------------------------------------------------------

LINE = (42, 32, 30)  # the outline ink: a warm near-black, as printed cards use
LW = 1.1  # outline width, final pixels
SKIN = (247, 214, 180)
SKIN_SHADE = (226, 176, 140)
LIPS = (196, 64, 66)
EYE_WHITE = (252, 250, 244)
GOLD_D = (158, 112, 30)
GOLD_L = (246, 214, 118)
ERMINE = (251, 249, 242)
STEEL = (176, 184, 194)
STEEL_D = (112, 120, 134)
STEEL_L = (226, 231, 236)
PEARL = (246, 242, 232)
BACKDROP = (246, 238, 216)


def mix(a: Color, b: Color, t: float) -> tuple[int, int, int]:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


def dark(c: Color, t: float = 0.35) -> tuple[int, int, int]:
    return mix(c, (0, 0, 0), t)


def light(c: Color, t: float = 0.4) -> tuple[int, int, int]:
    return mix(c, (255, 255, 255), t)


@dataclass(frozen=True)
class Palette:
    """The colour scheme of one suit's heads."""

    main: Color  # mantles, gowns, tabards
    alt: Color  # tunics, sleeves, linings
    hair: Color  # the king's hair and beard
    young_hair: Color  # the queen's, knight's and jack's hair
    horse: Color
    mane: Color
    veil: Color
    eyes: Color


PALETTES = {
    "S": Palette(main=(36, 58, 128), alt=(176, 38, 46), hair=(218, 216, 210),
                 young_hair=(92, 62, 40), horse=(52, 48, 54), mane=(24, 22, 26),
                 veil=(250, 250, 246), eyes=(54, 86, 140)),
    "H": Palette(main=(176, 32, 44), alt=(46, 84, 162), hair=(116, 74, 42),
                 young_hair=(214, 168, 74), horse=(236, 232, 224), mane=(196, 190, 180),
                 veil=(252, 236, 238), eyes=(70, 110, 60)),
    "D": Palette(main=(28, 110, 78), alt=(220, 142, 40), hair=(46, 38, 36),
                 young_hair=(40, 32, 30), horse=(150, 86, 44), mane=(40, 28, 22),
                 veil=(206, 232, 214), eyes=(90, 60, 40)),
    "C": Palette(main=(98, 52, 132), alt=(30, 122, 124), hair=(168, 82, 38),
                 young_hair=(176, 96, 44), horse=(196, 198, 204), mane=(92, 94, 104),
                 veil=(228, 214, 240), eyes=(60, 90, 130)),
}

# --- paths and strokes ------------------------------------------------------------------------


def _cubic(p0: Point, p1: Point, p2: Point, p3: Point, n: int) -> list[Point]:
    out = []
    for i in range(1, n + 1):
        t = i / n
        u = 1 - t
        a, b, c, d = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
        out.append((a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0],
                    a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]))
    return out


class Pen:
    """Builds a point list from straight and curved segments."""

    def __init__(self, x: float, y: float) -> None:
        self.pts: list[Point] = [(x, y)]

    def to(self, x: float, y: float) -> Pen:
        self.pts.append((x, y))
        return self

    def curve(self, c1: Point, c2: Point, end: Point, n: int = 14) -> Pen:
        self.pts += _cubic(self.pts[-1], c1, c2, end, n)
        return self

    def quad(self, ctrl: Point, end: Point, n: int = 12) -> Pen:
        p0 = self.pts[-1]
        c1 = (p0[0] + 2 / 3 * (ctrl[0] - p0[0]), p0[1] + 2 / 3 * (ctrl[1] - p0[1]))
        c2 = (end[0] + 2 / 3 * (ctrl[0] - end[0]), end[1] + 2 / 3 * (ctrl[1] - end[1]))
        return self.curve(c1, c2, end, n)


def sym(half: Sequence[Point], cx: float) -> list[Point]:
    """A closed outline symmetric about x = cx, from its right half drawn top to bottom."""
    return list(half) + [(2 * cx - x, y) for x, y in reversed(half)]


def oval_pts(cx: float, cy: float, rx: float, ry: float, n: int = 40) -> list[Point]:
    return [(cx + rx * math.cos(2 * math.pi * i / n), cy + ry * math.sin(2 * math.pi * i / n))
            for i in range(n)]


def stroke(c: Canvas, color: Color, pts: Sequence[Point], width: float = LW,
           closed: bool = False) -> None:
    """A polyline with round joins and ends."""
    if len(pts) < 2:
        return
    w = max(1, round(width * c.scale))
    seq = [c.p(q) for q in pts]
    if closed:
        seq.append(seq[0])
    for a, b in itertools.pairwise(seq):
        pygame.draw.line(c.surface, color, a, b, w)
    if w > 2:
        for q in seq:
            pygame.draw.circle(c.surface, color, q, w / 2)


def shape(c: Canvas, fill: Color | None, pts: Sequence[Point], width: float = LW,
          ink: Color = LINE) -> None:
    """A filled outline, inked."""
    if fill is not None:
        c.polygon(fill, pts)
    if width > 0:
        stroke(c, ink, pts, width, closed=True)


def oval(c: Canvas, fill: Color | None, cx: float, cy: float, rx: float, ry: float,
         width: float = LW, ink: Color = LINE) -> None:
    shape(c, fill, oval_pts(cx, cy, rx, ry), width, ink)


def curve_line(c: Canvas, color: Color, p0: Point, ctrl: Point, p1: Point,
               width: float = LW) -> None:
    stroke(c, color, Pen(*p0).quad(ctrl, p1).pts, width)


class Zoomed(Canvas):
    """A canvas whose drawing is enlarged by ``zoom`` about ``origin`` (final pixels)."""

    def __init__(self, width: int, height: int, zoom: float, origin: Point) -> None:
        super().__init__(width, height)
        self.base = self.scale
        self.zoom = zoom
        self.origin = origin
        self.scale = self.base * zoom  # type: ignore[assignment]  # widths and radii grow too

    def p(self, point: Point) -> tuple[int, int]:
        (ox, oy), z, b = self.origin, self.zoom, self.base
        return round(((point[0] - ox) * z + ox) * b), round(((point[1] - oy) * z + oy) * b)

    def r(self, rect: tuple[float, float, float, float]) -> pygame.Rect:
        x, y, w, h = rect
        x0, y0 = self.p((x, y))
        x1, y1 = self.p((x + w, y + h))
        return pygame.Rect(x0, y0, x1 - x0, y1 - y0)


# --- card layout ------------------------------------------------------------------------------

#: The head cards' picture frame, with notches at two corners for the indices.
FRAME_L, FRAME_T, FRAME_R, FRAME_B = 12, 12, 228, 436
NOTCH_W, NOTCH_H = 48, 100
MID_Y = CARD_H / 2
PANEL_W, PANEL_H = FRAME_R - FRAME_L, round(MID_Y - FRAME_T)  # 216 x 212: one half figure

#: The corner index: rank letters over a pip, in the strip a fanned hand leaves showing.
INDEX_CX = 31
RANK_TOP, RANK_CAP, RANK_MAX_W = 14, 38, 44
INDEX_PIP_Y, INDEX_PIP = 77, 30

#: Pip positions of the number cards.
PIP = 46
XL, XC, XR = 80, 120, 160
Y_TOP, Y_BOT = 92, CARD_H - 92


def notched(d: float = 0) -> list[Point]:
    """The frame outline (inset by d), clockwise from the top-left notch."""
    left, top, right, bottom = FRAME_L + d, FRAME_T + d, FRAME_R - d, FRAME_B - d
    nx, ny = FRAME_L + NOTCH_W + d, FRAME_T + NOTCH_H + d
    bx, by = FRAME_R - NOTCH_W - d, FRAME_B - NOTCH_H - d
    return [(nx, top), (right, top), (right, by), (bx, by), (bx, bottom), (left, bottom),
            (left, ny), (nx, ny)]


def _rank_glyphs(text: str, color: Color, scale: int) -> pygame.Surface:
    """The rank in the bundled bold font, cropped to the ink, RANK_CAP tall, kerned tight."""
    f = cv.font(52 * scale)
    parts = []
    for ch in text:
        g = f.render(ch, True, color)
        parts.append(g.subsurface(g.get_bounding_rect()).copy())
    gap = round(1.5 * scale)
    w = sum(p.get_width() for p in parts) + gap * (len(parts) - 1)
    h = max(p.get_height() for p in parts)
    joined = pygame.Surface((w, h), pygame.SRCALPHA)
    x = 0
    for p in parts:
        joined.blit(p, (x, h - p.get_height()))
        x += p.get_width() + gap
    th = RANK_CAP * scale
    tw = min(round(w * th / h), RANK_MAX_W * scale)
    return pygame.transform.smoothscale(joined, (tw, th))


def draw_index(c: Canvas, rank: str, suit: str, color: Color,
               letters: dict[str, str] = INDEX_LETTER) -> None:
    """Both corner indices: top left, and the same turned round at the bottom right."""
    corner = Canvas(60, 100, c.scale)
    text = letters.get(rank, rank)
    glyphs = _rank_glyphs(text, color, c.scale)
    box = glyphs.get_rect(midtop=corner.p((INDEX_CX, RANK_TOP)))
    corner.surface.blit(glyphs, box)
    draw_pip(corner, suit, (INDEX_CX, INDEX_PIP_Y), INDEX_PIP, color)
    c.blit(corner, (0, 0))
    c.blit(corner.rotated_copy(), (CARD_W - 60, CARD_H - 100))


def pip_positions(n: int) -> list[Point]:
    ymid = CARD_H / 2
    rows4 = [Y_TOP + (Y_BOT - Y_TOP) * i / 3 for i in range(4)]
    upper, lower = (Y_TOP + ymid) / 2, (ymid + Y_BOT) / 2
    sides3 = [(x, y) for y in (Y_TOP, ymid, Y_BOT) for x in (XL, XR)]
    sides4 = [(x, y) for y in rows4 for x in (XL, XR)]
    corners = [(XL, Y_TOP), (XR, Y_TOP), (XL, Y_BOT), (XR, Y_BOT)]
    layouts: dict[int, list[Point]] = {
        2: [(XC, Y_TOP), (XC, Y_BOT)],
        3: [(XC, Y_TOP), (XC, ymid), (XC, Y_BOT)],
        4: corners,
        5: [*corners, (XC, ymid)],
        6: sides3,
        7: [*sides3, (XC, upper)],
        8: [*sides3, (XC, upper), (XC, lower)],
        9: [*sides4, (XC, ymid)],
        10: [*sides4, (XC, (rows4[0] + rows4[1]) / 2), (XC, (rows4[2] + rows4[3]) / 2)],
    }
    return layouts[n]


def draw_pips(c: Canvas, n: int, suit: str, color: Color) -> None:
    for x, y in pip_positions(n):
        draw_pip(c, suit, (x, y), PIP, color, upside_down=y > CARD_H / 2 + 0.5)


def draw_ace(c: Canvas, suit: str, color: Color) -> None:
    cx, cy = CARD_W / 2, CARD_H / 2
    c.circle(GOLD, (cx, cy), 78, 2.2)
    c.circle(dark(GOLD, 0.25), (cx, cy), 72.5, 0.9)
    c.circle(dark(GOLD, 0.25), (cx, cy), 83.5, 0.9)
    for i in range(16):
        a = 2 * math.pi * i / 16
        r = 78
        c.circle(GOLD if i % 2 else dark(GOLD, 0.25), (cx + r * math.cos(a), cy + r * math.sin(a)),
                 3.2 if i % 2 == 0 else 2.2)
    draw_pip(c, suit, (cx, cy), 112, color)


# --- figure parts -----------------------------------------------------------------------------


def neck(c: Canvas, cx: float, cy: float, w: float = 7.5) -> None:
    shape(c, SKIN_SHADE, [(cx - w, cy + 12), (cx + w, cy + 12), (cx + w + 1, cy + 40),
                          (cx - w - 1, cy + 40)])


def face(c: Canvas, cx: float, cy: float, eyes: Color, *, female: bool = False,
         young: bool = False, look: float = 0.0, brow: Color = LINE) -> None:
    """A frontal face about 34 x 50, centred on (cx, cy)."""
    side = 16 if female else 17
    jaw = 11 if female else 12.5
    half = (Pen(cx, cy - 24).curve((cx + 11, cy - 24), (cx + side, cy - 15), (cx + side, cy - 3))
            .curve((cx + side, cy + 9), (cx + jaw, cy + 19), (cx + 5, cy + 23))
            .curve((cx + 3, cy + 24.5), (cx + 1, cy + 25), (cx, cy + 25)).pts)
    shape(c, SKIN, sym(half, cx))
    blush = mix(SKIN, (236, 118, 112), 0.28 if female or young else 0.18)
    for s in (-1, 1):
        oval(c, blush, cx + s * 10.5, cy + 8, 4.6, 3.0, width=0)
    for s in (-1, 1):
        ex, ey = cx + s * 7.6, cy - 2
        almond = (Pen(ex - 4.6, ey).quad((ex, ey - 3.6), (ex + 4.6, ey), 8)
                  .quad((ex, ey + 2.6), (ex - 4.6, ey), 8).pts)
        shape(c, EYE_WHITE, almond, width=0)
        c.circle(eyes, (ex + look, ey - 0.1), 2.0)
        c.circle(LINE, (ex + look, ey - 0.1), 0.95)
        c.circle(EYE_WHITE, (ex + look + 0.6, ey - 0.8), 0.45)
        lid = Pen(ex - 4.8, ey + 0.3).quad((ex, ey - 3.8), (ex + 4.8, ey + 0.3), 8).pts
        stroke(c, LINE, lid, 1.25 if female else 1.05)
        stroke(c, SKIN_SHADE, Pen(ex - 3.5, ey + 1.6).quad((ex, ey + 3.2), (ex + 3.5, ey + 1.6),
                                                           6).pts, 0.6)
        inner, outer = cx + s * 3.4, cx + s * 12.4
        curve_line(c, brow, (inner, cy - 8.4), (cx + s * 8, cy - 12.2), (outer, cy - 8.6),
                   1.0 if female else 1.35)
    nose = (Pen(cx - 1.0, cy - 5).quad((cx - 2.6, cy + 3), (cx - 2.4, cy + 7), 6)
            .quad((cx - 0.5, cy + 9.4), (cx + 2.4, cy + 7.2), 6).pts)
    stroke(c, dark(SKIN_SHADE, 0.25), nose, 0.9)
    my = cy + 14.2
    mw = 4.4 if female else 5.2
    upper = [(cx - mw, my), (cx - 2.2, my - 1.8), (cx, my - 1.0), (cx + 2.2, my - 1.8),
             (cx + mw, my)]
    lower = Pen(cx + mw, my).quad((cx, my + 4.6), (cx - mw, my), 8).pts
    shape(c, LIPS if female else mix(LIPS, SKIN_SHADE, 0.35), upper + lower, width=0)
    stroke(c, dark(LIPS, 0.45), Pen(cx - mw, my).quad((cx, my + 1.0), (cx + mw, my), 6).pts, 0.8)
    if not young and not female:
        stroke(c, SKIN_SHADE, Pen(cx - 5, my + 6).quad((cx, my + 7.2), (cx + 5, my + 6), 6).pts,
               0.6)
    stroke(c, LINE, sym(half, cx), LW, closed=True)


def beard(c: Canvas, cx: float, cy: float, color: Color, pointed: bool = True,
          length: float = 0) -> None:
    """A full beard and moustache over the lower face; ``length`` from the eyes to its tip."""
    length = length or (46 if pointed else 40)
    tip = cy + length
    k = length / 46
    half = (Pen(cx, cy + 10).to(cx + 6, cy + 9.5).quad((cx + 13, cy + 8), (cx + 16.5, cy - 5))
            .to(cx + 18.5, cy - 5).curve((cx + 19.5, cy + 14 * k), (cx + 16, cy + 30 * k),
                                         (cx + (6 if pointed else 12), tip - 4))
            .quad((cx + 3, tip), (cx, tip)).pts)
    shape(c, color, sym(half, cx))
    strand = dark(color, 0.3)
    for dx in (-10, -5, 0, 5, 10):
        curve_line(c, strand, (cx + dx * 1.1, cy + 20), (cx + dx * 0.9, cy + 30),
                   (cx + dx * 0.4, tip - 6), 0.8)
    # moustache over the upper lip, the lower lip showing beneath it
    my = cy + 12.5
    for s in (-1, 1):
        m = (Pen(cx, my - 2).quad((cx + s * 6, my - 3.6), (cx + s * 12, my + 2.5), 8)
             .quad((cx + s * 6, my + 0.4), (cx, my + 0.6), 8).pts)
        shape(c, color, m, 0.8)
    shape(c, mix(LIPS, SKIN_SHADE, 0.3), Pen(cx - 3.6, my + 2.0).quad((cx, my + 5.6),
                                                                       (cx + 3.6, my + 2.0)).pts,
          0.7)


def capsule(c: Canvas, a: Point, b: Point, w: float, fill: Color = SKIN,
            ink_w: float = 0.8) -> None:
    """A rounded bar with an outline: a finger, a strap, a rod."""
    stroke(c, LINE, [a, b], w + 2 * ink_w)
    stroke(c, fill, [a, b], w)


def taper(c: Canvas, path: Sequence[Point], w0: float, w1: float, fill: Color) -> list[
        tuple[Point, Point]]:
    """A band along a path, w0 wide at its start and w1 at its end; returns its edge pairs."""
    n = len(path)
    pairs = []
    for i, (x, y) in enumerate(path):
        a, b = path[max(i - 1, 0)], path[min(i + 1, n - 1)]
        dx, dy = b[0] - a[0], b[1] - a[1]
        d = math.hypot(dx, dy) or 1
        w = (w0 + (w1 - w0) * (i / (n - 1)) ** 1.6) / 2
        pairs.append(((x - dy / d * w, y + dx / d * w), (x + dy / d * w, y - dx / d * w)))
    shape(c, fill, [p for p, _ in pairs] + [q for _, q in reversed(pairs)])
    return pairs


def tube(c: Canvas, a: Point, b: Point, wa: float, wb: float, fill: Color,
         round_a: bool = True, round_b: bool = False) -> list[Point]:
    """A tapered limb from a to b, widths wa and wb, ends rounded or cut; returns its outline."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = math.hypot(dx, dy) or 1
    tx, ty = dx / d, dy / d
    nx, ny = -ty, tx

    def end(p: Point, w: float, rounded: bool, start: float) -> list[Point]:
        r = w / 2
        if not rounded:
            return [(p[0] + r * nx * math.cos(start), p[1] + r * ny * math.cos(start)),
                    (p[0] - r * nx * math.cos(start), p[1] - r * ny * math.cos(start))]
        out = []
        for k in range(13):
            t = start + math.pi * k / 12
            # from one side to the other, bulging away from the limb
            out.append((p[0] + r * (math.cos(t) * nx + math.sin(t) * tx),
                        p[1] + r * (math.cos(t) * ny + math.sin(t) * ty)))
        return out

    pts = end(b, wb, round_b, 0) + end(a, wa, round_a, math.pi)
    shape(c, fill, pts)
    return pts


def arm(c: Canvas, shoulder: Point, elbow: Point, wrist: Point, w0: float, w1: float,
        fill: Color, cuff: Color | None = None, cuff_w: float = 5) -> None:
    """An arm in its sleeve: the upper arm, then the forearm laid over it, bent at the elbow."""
    wm = (w0 + w1) / 2 + 1
    tube(c, shoulder, elbow, w0, wm, fill, True, True)
    tube(c, elbow, wrist, wm, w1, fill, True, False)
    if cuff is not None:
        dx, dy = wrist[0] - elbow[0], wrist[1] - elbow[1]
        d = math.hypot(dx, dy) or 1
        start = (wrist[0] - dx / d * cuff_w, wrist[1] - dy / d * cuff_w)
        tube(c, start, wrist, w1 + 1.5, w1 + 1.5, cuff, False, False)


def fist(c: Canvas, x: float, y: float, flip: bool = False, fill: Color = SKIN) -> None:
    """A hand closed round an upright shaft at (x, y), the wrist to the left (right if flip)."""
    s = -1 if flip else 1
    back = (Pen(x - s * 11, y - 5).quad((x - s * 6, y - 8), (x, y - 7))
            .to(x + s * 2, y + 7).quad((x - s * 6, y + 9), (x - s * 11, y + 6)).pts)
    shape(c, fill, back, 0.8)
    for dy in (4.9, 1.6, -1.7):
        capsule(c, (x - s * 3, y + dy), (x + s * 5.2, y + dy), 3.3, fill, 0.7)
    capsule(c, (x - s * 7, y - 5.5), (x + s * 3.6, y - 5.2), 3.6, fill, 0.7)


def flat_hand(c: Canvas, x: float, y: float, flip: bool = False, fill: Color = SKIN) -> None:
    """An open hand laid flat, the wrist at (x, y), the fingers pointing right (left if flip)."""
    s = -1 if flip else 1
    for dy, length in ((4.2, 7.5), (1.3, 9.5), (-1.6, 10), (-4.4, 9)):
        capsule(c, (x + s * 8, y + dy), (x + s * (8 + length), y + dy - 0.6), 2.9, fill, 0.7)
    palm = oval_pts(x + s * 6, y, 7, 6.4, 24)
    shape(c, fill, palm, 0.8)
    capsule(c, (x + s * 4, y - 5), (x + s * 11, y - 8.5), 3.2, fill, 0.7)


def ermine_spots(c: Canvas, spots: Sequence[Point]) -> None:
    for x, y in spots:
        c.polygon(LINE, [(x, y - 1.8), (x + 1.3, y + 2.2), (x - 1.3, y + 2.2)])
        c.circle(LINE, (x, y - 1.8), 0.9)


def jewel(c: Canvas, x: float, y: float, color: Color, r: float = 2.4) -> None:
    oval(c, color, x, y, r, r, 0.7)
    c.circle(light(color, 0.6), (x - r * 0.35, y - r * 0.35), r * 0.3)


def pearls(c: Canvas, pts: Sequence[Point], r: float = 1.5) -> None:
    for x, y in pts:
        oval(c, PEARL, x, y, r, r, 0.6)


def crown(c: Canvas, cx: float, by: float, w: float, style: str, velvet: Color) -> None:
    """A crown whose band's top edge is at y = by, half width w."""
    if style != "points":
        cap = Pen(cx - w + 3, by + 2).curve((cx - w + 2, by - 20), (cx + w - 2, by - 20),
                                            (cx + w - 3, by + 2)).pts
        shape(c, velvet, cap)
    if style == "lily":
        for dx, h in ((-w + 3, 9), (-w / 2, 12), (w / 2, 12), (w - 3, 9)):
            shape(c, GOLD, [(cx + dx - 3.5, by + 1), (cx + dx, by - h), (cx + dx + 3.5, by + 1)])
            oval(c, GOLD_L, cx + dx, by - h - 1.8, 2.2, 2.2, 0.7)
        fleur_de_lis(c, cx, by - 9, 11, GOLD)
    elif style == "points":
        n = 7
        for i in range(n):
            dx = -w + 2 * w * i / (n - 1)
            h = 15 - abs(i - 3) * 1.8
            shape(c, GOLD, [(cx + dx * 0.92 - 3.4, by + 1), (cx + dx * 0.92, by - h),
                            (cx + dx * 0.92 + 3.4, by + 1)])
            oval(c, PEARL, cx + dx * 0.92, by - h - 1.6, 1.9, 1.9, 0.7)
    elif style == "arched":
        for s in (-1, 1):
            arch = Pen(cx + s * (w - 2), by + 1).curve((cx + s * (w - 2), by - 14),
                                                       (cx + s * 6, by - 21), (cx, by - 21)).pts
            stroke(c, LINE, arch, 4.2)
            stroke(c, GOLD, arch, 2.4)
        pearls(c, [(cx + s * (w - 2.5), by - 5) for s in (-1, 1)], 1.3)
        oval(c, GOLD, cx, by - 25, 4.2, 4.2)
        shape(c, GOLD, [(cx - 1, by - 29), (cx - 1, by - 32), (cx - 3.5, by - 32),
                        (cx - 3.5, by - 34), (cx - 1, by - 34), (cx - 1, by - 37),
                        (cx + 1, by - 37), (cx + 1, by - 34), (cx + 3.5, by - 34),
                        (cx + 3.5, by - 32), (cx + 1, by - 32), (cx + 1, by - 29)], 0.6)
        for dx in (-w / 2 - 1, w / 2 + 1):
            shape(c, GOLD, [(cx + dx - 3, by + 1), (cx + dx, by - 7), (cx + dx + 3, by + 1)])
    elif style == "cross":
        for dx, kind in ((-w + 3, 0), (-w / 2, 1), (0, 2), (w / 2, 1), (w - 3, 0)):
            x = cx + dx
            if kind == 2:
                shape(c, GOLD, [(x - 1.8, by + 1), (x - 1.8, by - 10), (x - 5, by - 10),
                                (x - 5, by - 13.6), (x - 1.8, by - 13.6), (x - 1.8, by - 17),
                                (x + 1.8, by - 17), (x + 1.8, by - 13.6), (x + 5, by - 13.6),
                                (x + 5, by - 10), (x + 1.8, by - 10), (x + 1.8, by + 1)], 0.8)
            elif kind == 1:
                shape(c, GOLD, sym(Pen(x, by - 12).quad((x + 5, by - 8), (x + 3, by + 1)).pts, x))
            else:
                shape(c, GOLD, [(x - 3, by + 1), (x, by - 8), (x + 3, by + 1)])
                oval(c, PEARL, x, by - 9.5, 1.6, 1.6, 0.6)
    band = (Pen(cx - w, by).quad((cx, by + 3.5), (cx + w, by)).to(cx + w, by + 8)
            .quad((cx, by + 11.5), (cx - w, by + 8)).pts)
    shape(c, GOLD, band)
    stroke(c, GOLD_L, Pen(cx - w + 1.5, by + 1.6).quad((cx, by + 5), (cx + w - 1.5, by + 1.6)).pts,
           0.8)
    for i, dx in enumerate((-w * 0.66, -w * 0.33, 0, w * 0.33, w * 0.66)):
        color = ((178, 28, 40), (30, 80, 170), (26, 130, 70))[i % 3] if i != 2 else (178, 28, 40)
        jewel(c, cx + dx, by + 5.2 + 2.6 * (1 - (dx / w) ** 2), color, 1.9 if i != 2 else 2.5)


def fleur_de_lis(c: Canvas, x: float, y: float, size: float, color: Color) -> None:
    s = size / 10
    centre = sym(Pen(x, y - 10 * s).quad((x + 4 * s, y - 5 * s), (x + 2.2 * s, y + 2 * s))
                 .to(x + 1.5 * s, y + 7 * s).pts, x)
    shape(c, color, centre, 0.8)
    for side in (-1, 1):
        petal = (Pen(x + side * 1.5 * s, y + 2 * s)
                 .quad((x + side * 9 * s, y - 4 * s), (x + side * 6.5 * s, y - 6 * s))
                 .quad((x + side * 8 * s, y + 1 * s), (x + side * 1.5 * s, y + 5 * s)).pts)
        shape(c, color, petal, 0.8)
    shape(c, color, [(x - 4.5 * s, y + 2 * s), (x + 4.5 * s, y + 2 * s), (x + 4.5 * s, y + 4 * s),
                     (x - 4.5 * s, y + 4 * s)], 0.8)


def folds(c: Canvas, color: Color, lines: Sequence[tuple[Point, Point, Point]],
          width: float = 0.9) -> None:
    for p0, ctrl, p1 in lines:
        curve_line(c, color, p0, ctrl, p1, width)


# --- the four heads ---------------------------------------------------------------------------

KING_STYLE = {  # crown, sceptre top, left hand, pointed beard
    "S": ("lily", "fleur", "hand", True),
    "H": ("points", "sword", "orb", False),
    "D": ("arched", "orb", "hand", False),
    "C": ("cross", "justice", "orb", True),
}


def sceptre_top(c: Canvas, x: float, y: float, kind: str) -> None:
    """The finial of a sceptre whose rod ends at (x, y)."""
    if kind == "fleur":
        fleur_de_lis(c, x, y - 7, 16, GOLD)
    elif kind == "orb":
        oval(c, GOLD, x, y - 6, 7, 7)
        stroke(c, GOLD_D, Pen(x - 7, y - 6).quad((x, y - 3), (x + 7, y - 6)).pts, 1.0)
        c.circle(GOLD_L, (x - 2.5, y - 8.5), 2)
        shape(c, GOLD, [(x - 1.3, y - 12.5), (x - 1.3, y - 24), (x + 1.3, y - 24),
                        (x + 1.3, y - 12.5)], 0.7)
        shape(c, GOLD, [(x - 5, y - 20.5), (x + 5, y - 20.5), (x + 5, y - 17.8),
                        (x - 5, y - 17.8)], 0.7)
    else:  # the hand of justice: two fingers raised
        yy = y - 6
        oval(c, GOLD, x, yy + 4, 5, 3, 0.8)
        for dx, h in ((-3.6, 9), (-1.2, 15), (1.2, 15), (3.6, 9)):
            capsule(c, (x + dx, yy), (x + dx, yy - h), 2.4, GOLD_L, 0.6)
        capsule(c, (x - 5, yy - 1), (x - 8, yy - 6), 2.4, GOLD_L, 0.6)
        shape(c, GOLD, oval_pts(x, yy + 1, 5.5, 4, 20), 0.8)


def king(c: Canvas, suit: str) -> None:
    pal = PALETTES[suit]
    crown_style, held, left, pointed = KING_STYLE[suit]
    cx, cy = 108, 70
    sleeve = light(pal.alt, 0.12)
    mantle = sym(Pen(cx, 100).to(134, 101).curve((166, 104), (186, 120), (192, 148))
                 .to(204, 212).to(cx, 212).pts, cx)
    shape(c, pal.main, mantle)
    folds(c, dark(pal.main), [((38, 150), (32, 176), (30, 200)), ((178, 150), (184, 176),
                                                                  (186, 200))])
    tunic = sym([(cx, 106), (121, 108), (130, 212), (cx, 212)], cx)
    shape(c, pal.alt, tunic)
    for s in (-1, 1):
        stroke(c, GOLD, [(cx + s * 16, 140), (cx + s * 20, 212)], 2.4)
    for y in (160, 178):
        jewel(c, cx, y, GOLD, 2.6)
    hair = sym(Pen(cx, cy - 30).curve((cx + 16, cy - 30), (cx + 24, cy - 20), (cx + 24, cy - 4))
               .curve((cx + 25, cy + 10), (cx + 28, cy + 22), (cx + 22, cy + 30))
               .to(cx, cy + 30).pts, cx)
    shape(c, pal.hair, hair)
    neck(c, cx, cy)
    # the sceptre (or sword) held upright in the right hand, the viewer's right
    fx, fy = 148, 150
    bottom, top = (144, 212), (153.5, 50)
    if held == "sword":
        hilt_y = fy - 10
        blade = [(fx - 3, hilt_y), (fx + 4.5, hilt_y), (top[0] + 3.2, top[1] + 12),
                 top, (top[0] - 3.2, top[1] + 12)]
        shape(c, STEEL_L, blade)
        stroke(c, STEEL_D, [(fx + 0.8, hilt_y - 2), (top[0], top[1] + 6)], 0.8)
        capsule(c, (fx - 12, hilt_y), (fx + 14, hilt_y - 1), 3.6, GOLD, 0.8)
        for q in ((fx - 13, hilt_y), (fx + 15, hilt_y - 1)):
            oval(c, GOLD, q[0], q[1], 2.8, 2.8, 0.8)
        capsule(c, (fx - 0.5, hilt_y + 2), bottom, 3.2, (110, 58, 36), 1.0)
    else:
        capsule(c, bottom, top, 3.2, GOLD, 1.0)
        for t in (0.35, 0.75):
            x, y = bottom[0] + (top[0] - bottom[0]) * t, bottom[1] + (top[1] - bottom[1]) * t
            oval(c, GOLD_L, x, y, 3.4, 2.2, 0.7)
        sceptre_top(c, top[0], top[1], held)
    arm(c, (164, 118), (182, 172), (157, 154), 24, 15, sleeve, ERMINE, 6)
    fist(c, fx, fy, flip=True)
    # the left hand: laid on the chest, or holding the orb up
    if left == "orb":
        arm(c, (52, 118), (36, 172), (54, 158), 24, 15, sleeve, ERMINE, 6)
    else:
        arm(c, (52, 118), (38, 176), (62, 162), 24, 15, sleeve, ERMINE, 6)
        flat_hand(c, 62, 160)
    cape = sym(Pen(cx, 100).to(126, 99).curve((150, 100), (172, 108), (178, 124))
               .curve((164, 138), (136, 142), (cx, 138)).pts, cx)
    shape(c, ERMINE, cape)
    ermine_spots(c, [(56, 118), (72, 114), (88, 130), (68, 128), (144, 114), (160, 118),
                     (128, 130), (148, 128), (80, 122), (136, 122)])
    if left == "orb":
        ox, oy = 68, 143
        oval(c, GOLD, ox, oy, 11, 11)
        stroke(c, GOLD_D, Pen(ox - 11, oy).quad((ox, oy + 4), (ox + 11, oy)).pts, 1.6)
        stroke(c, GOLD_D, [(ox, oy + 2), (ox, oy - 11)], 1.6)
        jewel(c, ox - 5, oy + 5.5, (178, 28, 40), 1.7)
        jewel(c, ox + 5, oy + 5.5, (30, 80, 170), 1.7)
        c.circle(GOLD_L, (ox - 4.5, oy - 4.5), 2.4)
        shape(c, GOLD, [(ox - 1.4, oy - 10), (ox - 1.4, oy - 22), (ox + 1.4, oy - 22),
                        (ox + 1.4, oy - 10)], 0.7)
        shape(c, GOLD, [(ox - 5.5, oy - 18.5), (ox + 5.5, oy - 18.5), (ox + 5.5, oy - 15.5),
                        (ox - 5.5, oy - 15.5)], 0.7)
        flat_hand(c, 55, 156)
    face(c, cx, cy, pal.eyes, brow=dark(pal.hair, 0.4))
    beard(c, cx, cy, pal.hair, pointed)
    crown(c, cx, cy - 30, 22, crown_style, pal.alt)


QUEEN_STYLE = {  # coronet, what she holds
    "S": ("points", "lily"),
    "H": ("lily", "rose"),
    "D": ("cross", "fan"),
    "C": ("pearls", "tulip"),
}


def queen(c: Canvas, suit: str) -> None:
    pal = PALETTES[suit]
    coronet, holds = QUEEN_STYLE[suit]
    cx, cy = 108, 72
    sleeve = light(pal.main, 0.16)
    veil = sym(Pen(cx, cy - 36).curve((128, cy - 36), (140, cy - 22), (142, cy))
               .curve((144, cy + 26), (156, cy + 44), (174, cy + 56)).to(cx, cy + 60).pts, cx)
    shape(c, pal.veil, veil)
    folds(c, dark(pal.veil, 0.18), [((136, cy + 4), (140, cy + 30), (156, cy + 50)),
                                    ((80, cy + 4), (76, cy + 30), (60, cy + 50))])
    skin = sym([(cx, 100), (118, 100), (138, 118), (130, 146), (cx, 146)], cx)
    shape(c, SKIN, skin, width=0)
    gown = sym(Pen(cx, 142).to(122, 141).quad((127, 128), (134, 116)).to(146, 114)
               .curve((166, 116), (178, 126), (182, 144)).to(194, 212).to(cx, 212).pts, cx)
    shape(c, pal.main, gown)
    stroke(c, GOLD, Pen(82, 114).quad((89, 128), (94, 141)).to(122, 141).quad((127, 128),
                                                                             (134, 114)).pts, 2.6)
    stomacher = sym([(cx, 146), (117, 146), (113, 212), (cx, 212)], cx)
    shape(c, pal.alt, stomacher)
    for y in (158, 174, 190):
        stroke(c, GOLD, [(cx - 6.5, y - 4), (cx, y + 2), (cx + 6.5, y - 4)], 1.4)
    hair = sym(Pen(cx, cy - 28).curve((cx + 16, cy - 28), (cx + 23, cy - 18), (cx + 22, cy))
               .curve((cx + 22, cy + 14), (cx + 26, cy + 28), (cx + 20, cy + 36))
               .to(cx, cy + 30).pts, cx)
    shape(c, pal.young_hair, hair)
    neck(c, cx, cy, 7)
    face(c, cx, cy, pal.eyes, female=True, brow=dark(pal.young_hair, 0.3))
    for s in (-1, 1):
        lock = (Pen(cx, cy - 25).curve((cx + s * 10, cy - 24), (cx + s * 17, cy - 16),
                                       (cx + s * 18, cy - 4))
                .quad((cx + s * 14, cy - 18), (cx, cy - 22)).pts)
        shape(c, pal.young_hair, lock, 0.9)
    pearls(c, [(cx + 15 * t, 111 + 10 * (1 - t * t)) for t in (-1, -0.75, -0.5, -0.25, 0, 0.25,
                                                                  0.5, 0.75, 1)], 1.4)
    jewel(c, cx, 126, pal.alt, 3)
    if coronet == "pearls":
        band = (Pen(cx - 20, cy - 22).quad((cx, cy - 28), (cx + 20, cy - 22)).to(cx + 20, cy - 17)
                .quad((cx, cy - 23), (cx - 20, cy - 17)).pts)
        shape(c, GOLD, band)
        pearls(c, [(cx + dx, cy - 27 - 4 * (1 - (dx / 16) ** 2)) for dx in (-16, -8, 0, 8, 16)],
               2.0)
        jewel(c, cx, cy - 21, pal.alt, 2.2)
    else:
        crown(c, cx, cy - 30, 18, coronet, pal.alt)
    # her emblem, held up in the right hand (the viewer's right)
    fx, fy = 146, 154
    if holds == "fan":
        ox, oy = fx + 2, fy - 4
        ribs = [math.radians(a) for a in range(28, 153, 12)]
        rim = [(ox, oy)] + [(ox + 40 * math.cos(a), oy - 40 * math.sin(a))
                            for a in (math.radians(d) for d in range(26, 156, 4))]
        shape(c, pal.alt, rim)
        for k, a in enumerate(ribs):
            p = (ox + 39 * math.cos(a), oy - 39 * math.sin(a))
            stroke(c, dark(pal.alt, 0.35) if k % 2 else GOLD, [(ox, oy), p], 0.9)
        stroke(c, GOLD, [(ox + 30 * math.cos(a), oy - 30 * math.sin(a))
                         for a in (math.radians(d) for d in range(26, 156, 4))], 1.6)
        oval(c, GOLD, ox, oy, 3, 3, 0.7)
    else:
        top = (fx + 3, 104)
        stroke(c, LINE, Pen(fx, fy + 6).quad((fx + 6, 124), top).pts, 3.4)
        stroke(c, (60, 120, 52), Pen(fx, fy + 6).quad((fx + 6, 124), top).pts, 1.8)
        leaf = Pen(fx + 4, 130).quad((fx + 16, 124), (fx + 21, 114)).quad((fx + 10, 118),
                                                                          (fx + 4, 130)).pts
        shape(c, (70, 146, 70), leaf, 0.8)
        x, y = top
        if holds == "rose":
            red = (204, 36, 54)
            oval(c, red, x, y - 5, 9.5, 8.5)
            for r in (6.5, 3.6):
                stroke(c, dark(red, 0.4), Pen(x - r, y - 5).quad((x, y - 5 - r * 1.1),
                                                                  (x + r, y - 5)).pts, 0.9)
                stroke(c, dark(red, 0.4), Pen(x - r, y - 5).quad((x, y - 5 + r), (x + r, y - 6))
                       .pts, 0.8)
            shape(c, (70, 146, 70), [(x - 6, y + 2), (x, y - 1), (x + 6, y + 2), (x, y + 4)], 0.7)
        elif holds == "tulip":
            petals = (Pen(x - 7, y - 13).quad((x - 9, y + 2), (x, y + 3))
                      .quad((x + 9, y + 2), (x + 7, y - 13)).to(x + 3.5, y - 8)
                      .to(x, y - 15).to(x - 3.5, y - 8).pts)
            shape(c, (240, 176, 44), petals)
            stroke(c, (196, 112, 24), [(x, y - 10), (x, y + 1)], 0.8)
        else:  # a white lily
            for s in (-1, 1, 0):
                petal = (Pen(x, y + 3).quad((x + s * 14 - 4, y - 6), (x + s * 15, y - 20))
                         .quad((x + s * 13 + 5, y - 6), (x, y + 3)).pts)
                shape(c, (252, 252, 246), petal, 0.9)
                stroke(c, (196, 204, 214), Pen(x, y).quad((x + s * 12, y - 6),
                                                          (x + s * 13, y - 15)).pts, 0.7)
            for s in (-1, 1):
                stroke(c, (120, 140, 60), [(x, y), (x + s * 5, y - 13)], 0.8)
                oval(c, (214, 150, 40), x + s * 5, y - 14, 1.6, 1.2, 0.5)
    arm(c, (158, 120), (176, 174), (156, 158), 22, 14, sleeve, GOLD, 5)
    fist(c, fx, fy, flip=True)
    # the other arm hangs in a long sleeve, lined with the second colour
    tube(c, (58, 120), (44, 214), 22, 40, sleeve, True, False)
    lining = [(29, 214), (36, 196), (48, 190), (62, 198), (64, 214)]
    shape(c, pal.alt, lining)
    stroke(c, GOLD, [(30, 212), (37, 196), (48, 190), (62, 197), (63, 212)], 1.6)
    folds(c, dark(sleeve, 0.2), [((54, 140), (50, 160), (48, 186))])


def horse(c: Canvas, pal: Palette) -> None:
    """A horse's head and neck in profile, facing right, with its bridle."""
    body, mane = pal.horse, pal.mane
    pale = sum(body) > 400
    shadow = dark(body, 0.22) if sum(body) > 200 else light(body, 0.22)
    outline = (Pen(96, 212).curve((98, 160), (120, 112), (146, 94))
               .curve((164, 92), (178, 104), (190, 122)).curve((196, 134), (202, 148), (207, 158))
               .curve((213, 168), (208, 180), (197, 180)).quad((190, 180), (184, 176))
               .curve((178, 172), (172, 164), (166, 158)).curve((160, 152), (158, 146), (160, 140))
               .curve((170, 164), (190, 186), (206, 212)).pts)
    shape(c, body, outline)
    if pale:  # a grey's dapples
        for x, y, r in ((120, 170, 4), (132, 160, 3.2), (112, 190, 3.6), (140, 176, 2.8),
                        (150, 160, 2.4), (128, 184, 2.6)):
            oval(c, light(body, 0.5), x, y, r, r * 0.8, 0)
    stroke(c, shadow, Pen(160, 140).curve((162, 124), (176, 120), (182, 132)).pts, 1.1)
    stroke(c, shadow, Pen(182, 132).quad((182, 146), (170, 156)).pts, 1.1)
    stroke(c, shadow, Pen(180, 110).quad((196, 130), (202, 152)).pts, 0.9)
    oval(c, dark(body, 0.5) if pale else light(body, 0.25), 200, 162, 3.2, 2.1, 0.7)
    stroke(c, LINE, Pen(199, 176).quad((194, 172), (189, 176)).pts, 0.9)
    # the eye, ringed so that it shows on a dark coat
    oval(c, light(body, 0.45) if not pale else dark(body, 0.15), 168, 110, 4.6, 3.6, 0)
    oval(c, (34, 24, 20), 168, 110, 3.3, 2.6, 0.8)
    c.circle(EYE_WHITE, (169.2, 109), 0.9)
    stroke(c, LINE, Pen(162.5, 107.5).quad((168, 104), (173.5, 108)).pts, 1.0)
    for ex, ey, tip in ((140, 96, (133, 68)), (152, 94, (150, 68))):
        ear = (Pen(ex - 6, ey).quad((ex - 7, ey - 16), tip).quad((ex + 5, ey - 14), (ex + 5, ey))
               .pts)
        shape(c, body, ear)
        stroke(c, shadow, [(ex - 1, ey - 3), ((ex + tip[0]) / 2, (ey + tip[1]) / 2 + 2)], 1.0)
    crest = Pen(96, 212).curve((98, 160), (120, 112), (146, 94)).pts
    inner = [(x + 12 - (212 - y) * 0.02, y + 4) for x, y in crest]
    tufts = [(x + (-8 if i % 3 == 1 else -3), y - 2) for i, (x, y) in enumerate(crest)]
    shape(c, mane, tufts + list(reversed(inner)))
    for i in range(2, len(crest) - 2, 3):
        x, y = crest[i]
        stroke(c, light(mane, 0.25) if sum(mane) < 300 else dark(mane, 0.2),
               [(x - 2, y), (x + 7, y + 3)], 0.8)
    forelock = Pen(146, 92).quad((158, 98), (155, 114)).quad((150, 104), (140, 100)).pts
    shape(c, mane, forelock, 0.9)
    strap = dark(pal.main, 0.1)
    for a, ctrl, b in (((154, 96), (166, 132), (186, 170)), ((190, 134), (197, 141), (204, 148)),
                       ((186, 170), (150, 186), (118, 172))):
        stroke(c, LINE, Pen(*a).quad(ctrl, b).pts, 3.6)
        stroke(c, strap, Pen(*a).quad(ctrl, b).pts, 2.0)
    stroke(c, LINE, [(150, 99), (172, 104)], 3.6)
    stroke(c, GOLD, [(150, 99), (172, 104)], 2.0)
    for x, y in ((186, 170), (166, 136), (197, 141)):
        oval(c, GOLD, x, y, 2.5, 2.5, 0.7)
    cloth = Pen(100, 188).quad((150, 176), (196, 198)).to(203, 212).to(98, 212).pts
    shape(c, pal.main, cloth)
    stroke(c, GOLD, Pen(100, 191).quad((150, 179), (197, 201)).pts, 2.2)


KNIGHT_STYLE = {  # headgear, pennant, plume colours
    "S": ("sallet", "swallowtail", ((176, 38, 46), (250, 250, 246))),
    "H": ("circlet", "streamer", ((250, 250, 246), (46, 84, 162))),
    "D": ("kettle", "banner", ((220, 142, 40), (250, 250, 246))),
    "C": ("morion", "stripes", ((30, 122, 124), (246, 214, 118))),
}


def plume(c: Canvas, x: float, y: float, colours: Sequence[Color], reach: float = 32) -> None:
    """Three feathers rising from (x, y) and falling back to the left."""
    for i, color in enumerate(colours):
        o = i * 5
        feather = (Pen(x - 1, y).curve((x - 3, y - 19 + o), (x - 19 - o, y - 27 + o),
                                       (x - reach - o * 0.4, y - 15 + o * 1.4))
                   .curve((x - reach + 8 - o * 0.5, y - 17 + o), (x - 7, y - 13 + o * 0.6),
                          (x + 4, y)).pts)
        shape(c, color, feather, 0.9)


def knight_head(c: Canvas, cx: float, cy: float, pal: Palette, helm: str,
                plumes: Sequence[Color]) -> None:
    hair_c = pal.young_hair
    if helm == "circlet":  # bare-headed, curly hair held by a gold circlet, a short beard
        hair = sym(Pen(cx, cy - 30).curve((cx + 18, cy - 30), (cx + 25, cy - 16), (cx + 24, cy))
                   .quad((cx + 28, cy + 8), (cx + 24, cy + 14)).quad((cx + 26, cy + 20),
                                                                    (cx + 19, cy + 22))
                   .to(cx, cy + 18).pts, cx)
    else:
        hair = sym(Pen(cx, cy - 26).curve((cx + 16, cy - 26), (cx + 23, cy - 12),
                                          (cx + 22, cy + 4))
                   .to(cx + 18, cy + 12).to(cx, cy + 12).pts, cx)
    shape(c, hair_c, hair)
    face(c, cx, cy, pal.eyes, young=True, look=1.2, brow=dark(hair_c, 0.3))
    if helm == "circlet":
        for s in (-1, 1):
            curl = (Pen(cx, cy - 25).curve((cx + s * 10, cy - 25), (cx + s * 18, cy - 18),
                                           (cx + s * 19, cy - 6))
                    .quad((cx + s * 12, cy - 16), (cx + s * 2, cy - 19)).pts)
            shape(c, hair_c, curl, 0.9)
        beard(c, cx, cy, hair_c, True, 33)
        band = (Pen(cx - 21, cy - 20).quad((cx, cy - 29), (cx + 21, cy - 20)).to(cx + 21, cy - 15)
                .quad((cx, cy - 24), (cx - 21, cy - 15)).pts)
        shape(c, GOLD, band)
        for dx in (-14, -7, 7, 14):
            shape(c, GOLD, [(cx + dx - 2.5, cy - 22 - 3.5 * (1 - (dx / 21) ** 2)),
                            (cx + dx, cy - 28 - 3.5 * (1 - (dx / 21) ** 2)),
                            (cx + dx + 2.5, cy - 22 - 3.5 * (1 - (dx / 21) ** 2))], 0.7)
        jewel(c, cx, cy - 21.5, pal.alt, 2.6)
        return
    if helm == "sallet":  # a rounded helmet, open face, visor raised
        helmet = sym(Pen(cx, cy - 44).curve((cx + 16, cy - 44), (cx + 24, cy - 30),
                                            (cx + 24, cy - 12))
                     .to(cx + 24, cy + 14).to(cx + 18, cy + 18).to(cx + 17, cy - 6)
                     .quad((cx + 12, cy - 13), (cx, cy - 14)).pts, cx)
        shape(c, STEEL, helmet)
        stroke(c, STEEL_L, Pen(cx - 10, cy - 38).quad((cx - 4, cy - 42), (cx + 4, cy - 41)).pts,
               2.0)
        stroke(c, STEEL_D, [(cx, cy - 44), (cx, cy - 15)], 0.9)
        visor = (Pen(cx - 23, cy - 22).quad((cx, cy - 32), (cx + 23, cy - 22))
                 .to(cx + 21, cy - 16).quad((cx, cy - 25), (cx - 21, cy - 16)).pts)
        shape(c, STEEL_D, visor)
        for x in (cx - 12, cx - 4, cx + 4, cx + 12):
            c.circle(STEEL_L, (x, cy - 22 + abs(x - cx) * 0.12), 1.0)
        plume(c, cx - 1, cy - 43, plumes)
        oval(c, GOLD, cx, cy - 44, 4, 3)
    elif helm == "kettle":  # a broad-brimmed iron hat
        plume(c, cx + 12, cy - 36, plumes, 36)
        dome = sym(Pen(cx, cy - 46).curve((cx + 14, cy - 46), (cx + 20, cy - 36),
                                          (cx + 20, cy - 22)).to(cx, cy - 22).pts, cx)
        shape(c, STEEL, dome)
        stroke(c, STEEL_L, Pen(cx - 12, cy - 32).quad((cx - 8, cy - 42), (cx, cy - 44)).pts, 2.0)
        brim = (Pen(cx - 34, cy - 18).quad((cx, cy - 32), (cx + 34, cy - 18))
                .to(cx + 32, cy - 13).quad((cx, cy - 25), (cx - 32, cy - 13)).pts)
        shape(c, STEEL_D, brim)
        stroke(c, STEEL_L, Pen(cx - 30, cy - 18).quad((cx, cy - 30), (cx + 30, cy - 18)).pts, 0.9)
        stroke(c, pal.main, Pen(cx - 19, cy - 25).quad((cx, cy - 29), (cx + 19, cy - 25)).pts,
               3.0)
        oval(c, GOLD, cx + 12, cy - 29, 3, 3, 0.7)
    else:  # morion: a crested helmet with a boat-shaped brim
        comb = sym(Pen(cx, cy - 64).curve((cx + 12, cy - 64), (cx + 17, cy - 52),
                                          (cx + 16, cy - 40)).to(cx, cy - 40).pts, cx)
        shape(c, STEEL, comb)
        stroke(c, STEEL_D, Pen(cx - 8, cy - 58).quad((cx, cy - 62), (cx + 8, cy - 58)).pts, 0.8)
        dome = sym(Pen(cx, cy - 46).curve((cx + 15, cy - 46), (cx + 21, cy - 36),
                                          (cx + 21, cy - 22)).to(cx, cy - 22).pts, cx)
        shape(c, STEEL, dome)
        stroke(c, STEEL_L, Pen(cx - 13, cy - 30).quad((cx - 9, cy - 40), (cx - 2, cy - 43)).pts,
               2.0)
        brim = (Pen(cx - 36, cy - 36).quad((cx - 26, cy - 18), (cx, cy - 19))
                .quad((cx + 26, cy - 18), (cx + 36, cy - 36)).quad((cx + 30, cy - 22),
                                                                   (cx + 20, cy - 24))
                .quad((cx, cy - 27), (cx - 20, cy - 24)).quad((cx - 30, cy - 22),
                                                              (cx - 36, cy - 36)).pts)
        shape(c, STEEL_D, brim)
        pearls(c, [(cx + dx, cy - 24.5 - abs(dx) * 0.08) for dx in (-14, -7, 0, 7, 14)], 1.1)
        feathers = (Pen(cx + 16, cy - 42).curve((cx + 20, cy - 58), (cx + 6, cy - 72),
                                                 (cx - 10, cy - 74))
                    .curve((cx - 2, cy - 66), (cx + 12, cy - 60), (cx + 18, cy - 40)).pts)
        shape(c, plumes[0], feathers, 0.9)
        oval(c, GOLD, cx + 17, cy - 41, 3, 3, 0.7)


def pennant(c: Canvas, tip: Point, kind: str, pal: Palette) -> None:
    """The flag below a lance head at ``tip``, streaming back to the left."""
    x, y = tip[0] - 1, tip[1] + 8
    if kind == "swallowtail":
        pts = (Pen(x, y).quad((x - 14, y + 2), (x - 32, y + 10)).to(x - 20, y + 14)
               .to(x - 34, y + 22).quad((x - 18, y + 20), (x - 3, y + 13)).pts)
        shape(c, pal.main, pts)
        stroke(c, GOLD, Pen(x - 3, y + 6).quad((x - 14, y + 8), (x - 24, y + 13)).pts, 1.0)
    elif kind == "streamer":
        pts = (Pen(x, y).curve((x - 14, y - 4), (x - 22, y + 14), (x - 44, y + 10))
               .to(x - 38, y + 16).curve((x - 22, y + 22), (x - 14, y + 6), (x - 3, y + 12)).pts)
        shape(c, pal.alt, pts)
        stroke(c, GOLD, Pen(x - 4, y + 5).curve((x - 14, y + 2), (x - 22, y + 16),
                                                (x - 38, y + 13)).pts, 1.0)
    elif kind == "banner":
        pts = [(x, y), (x - 30, y + 7), (x - 29, y + 32), (x - 22, y + 28), (x - 16, y + 34),
               (x - 10, y + 28), (x - 5, y + 32)]
        shape(c, pal.alt, pts)
        cx, cy = x - 16, y + 18
        shape(c, GOLD, [(cx - 1.5, cy - 8), (cx + 1.5, cy - 8), (cx + 1.5, cy - 1.5),
                        (cx + 7, cy - 1.5), (cx + 7, cy + 1.5), (cx + 1.5, cy + 1.5),
                        (cx + 1.5, cy + 8), (cx - 1.5, cy + 8), (cx - 1.5, cy + 1.5),
                        (cx - 7, cy + 1.5), (cx - 7, cy - 1.5), (cx - 1.5, cy - 1.5)], 0.6)
    else:  # a striped triangle
        pts = [(x, y), (x - 40, y + 13), (x - 4, y + 20)]
        shape(c, pal.main, pts)
        band = [(x - 1, y + 6.5), (x - 27, y + 12), (x - 3, y + 14)]
        shape(c, pal.alt, band, 0.6)


def knight(c: Canvas, suit: str) -> None:
    pal = PALETTES[suit]
    helm, flag, plumes = KNIGHT_STYLE[suit]
    cx, cy = 84, 76
    fx, fy = 64, 160
    base, tip = (54, 212), (128, 16)
    capsule(c, base, tip, 3.4, (156, 104, 62), 1.0)
    shape(c, STEEL_L, [(tip[0] - 3, tip[1] + 4), (tip[0] + 1.5, tip[1] - 14),
                       (tip[0] + 3.2, tip[1] + 6)], 0.9)
    pennant(c, tip, flag, pal)
    # armour and tabard
    pauldrons = sym(Pen(cx, 106).to(106, 108).curve((128, 108), (142, 118), (146, 144))
                    .to(150, 212).to(cx, 212).pts, cx)
    shape(c, STEEL, pauldrons)
    for s in (-1, 1):
        for k in range(3):
            y = 124 + k * 9
            stroke(c, STEEL_D, Pen(cx + s * 30, y).quad((cx + s * 46, y - 6), (cx + s * 58, y + 6))
                   .pts, 1.0)
    tabard = sym([(cx, 122), (cx + 22, 124), (cx + 28, 212), (cx, 212)], cx)
    shape(c, pal.main, tabard)
    cross = [(cx - 3, 138), (cx + 3, 138), (cx + 3, 148), (cx + 11, 148), (cx + 11, 154),
             (cx + 3, 154), (cx + 3, 174), (cx - 3, 174), (cx - 3, 154), (cx - 11, 154),
             (cx - 11, 148), (cx - 3, 148)]
    shape(c, GOLD, cross, 0.8)
    gorget = sym(Pen(cx, 98).to(cx + 14, 98).quad((cx + 22, 110), (cx + 20, 120))
                 .quad((cx + 10, 126), (cx, 126)).pts, cx)
    shape(c, STEEL_L, gorget)
    stroke(c, STEEL_D, Pen(cx - 16, 110).quad((cx, 116), (cx + 16, 110)).pts, 0.9)
    knight_head(c, cx, cy, pal, helm, plumes)
    # the arm holding the lance, in armour
    arm(c, (54, 118), (38, 176), (fx - 8, fy + 4), 22, 15, STEEL, STEEL_D, 4)
    fist(c, fx, fy, fill=STEEL_L)
    horse(c, pal)
    fist(c, 122, 170, flip=True, fill=STEEL_L)


JACK_STYLE = {  # weapon, feather colour
    "S": ("halberd", (176, 38, 46)),
    "H": ("sword", (250, 250, 246)),
    "D": ("horn", (246, 214, 118)),
    "C": ("bow", (220, 90, 60)),
}


def beret(c: Canvas, cx: float, cy: float, pal: Palette, feather_colour: Color) -> None:
    """A flat cap with a turned-up brim, tilted, and a long feather sweeping back."""
    cap = (Pen(cx - 28, cy - 20).curve((cx - 28, cy - 46), (cx + 26, cy - 48), (cx + 30, cy - 26))
           .quad((cx, cy - 16), (cx - 28, cy - 20)).pts)
    shape(c, pal.alt, cap)
    brim = (Pen(cx - 30, cy - 20).quad((cx, cy - 30), (cx + 31, cy - 25)).to(cx + 30, cy - 19)
            .quad((cx, cy - 22), (cx - 29, cy - 14)).pts)
    shape(c, pal.main, brim)
    stroke(c, GOLD, Pen(cx - 27, cy - 19).quad((cx, cy - 27), (cx + 28, cy - 23)).pts, 1.2)
    quill = Pen(cx + 22, cy - 28).curve((cx + 30, cy - 56), (cx - 6, cy - 72), (cx - 38, cy - 58))
    feather = (Pen(cx + 22, cy - 28).curve((cx + 24, cy - 60), (cx - 10, cy - 78),
                                          (cx - 38, cy - 58))
               .curve((cx - 12, cy - 64), (cx + 16, cy - 52), (cx + 22, cy - 28)).pts)
    shape(c, feather_colour, feather)
    stroke(c, dark(feather_colour, 0.3), quill.pts, 0.8)
    jewel(c, cx + 22, cy - 28, GOLD, 3)


def toque(c: Canvas, cx: float, cy: float, pal: Palette, feather_colour: Color) -> None:
    """A puffed soft cap over a slashed band, a white plume curling over it."""
    crown_ = (Pen(cx - 25, cy - 28).curve((cx - 36, cy - 46), (cx - 8, cy - 62), (cx + 18, cy - 52))
              .curve((cx + 34, cy - 46), (cx + 36, cy - 34), (cx + 25, cy - 28)).pts)
    shape(c, pal.alt, crown_)
    for dx in (-14, 0, 14):
        stroke(c, dark(pal.alt, 0.3), Pen(cx + dx * 0.6, cy - 54).quad((cx + dx * 1.1, cy - 44),
                                                                       (cx + dx * 1.4, cy - 32))
               .pts, 0.8)
    brim = (Pen(cx - 26, cy - 33).quad((cx, cy - 38), (cx + 26, cy - 33)).to(cx + 25, cy - 18)
            .quad((cx, cy - 23), (cx - 25, cy - 18)).pts)
    shape(c, pal.main, brim)
    for dx in (-18, -9, 0, 9, 18):
        y0 = cy - 35.5 + abs(dx) * 0.1
        stroke(c, GOLD, [(cx + dx, y0 + 2.5), (cx + dx, y0 + 13)], 1.6)
    plume = (Pen(cx - 16, cy - 34).curve((cx - 24, cy - 60), (cx + 20, cy - 74), (cx + 36, cy - 50))
             .curve((cx + 42, cy - 40), (cx + 36, cy - 30), (cx + 32, cy - 34))
             .curve((cx + 30, cy - 54), (cx, cy - 62), (cx - 10, cy - 34)).pts)
    shape(c, feather_colour, plume)
    for t in (0.25, 0.45, 0.65):
        stroke(c, dark(feather_colour, 0.15), Pen(cx - 20 + 60 * t, cy - 64 + 20 * t * t)
               .quad((cx - 16 + 60 * t, cy - 56), (cx - 12 + 56 * t, cy - 50 + 10 * t)).pts, 0.7)
    jewel(c, cx - 13, cy - 30, GOLD, 2.8)


def jack(c: Canvas, suit: str) -> None:
    pal = PALETTES[suit]
    weapon, feather_colour = JACK_STYLE[suit]
    cx, cy = 100, 76
    px = 156  # the pole of the weapon
    fx, fy = 155, 150
    if weapon == "halberd":
        capsule(c, (px - 3, 212), (px, 30), 3.2, (146, 96, 54), 1.0)
        shape(c, STEEL_L, [(px - 2.4, 42), (px, 14), (px + 2.4, 42)])
        blade = (Pen(px + 1, 42).to(px + 14, 38).quad((px + 23, 54), (px + 17, 74))
                 .to(px + 1, 64).pts)
        shape(c, STEEL_L, blade)
        stroke(c, STEEL_D, Pen(px + 11, 44).quad((px + 16, 56), (px + 12, 68)).pts, 0.8)
        shape(c, STEEL_L, [(px - 1, 46), (px - 15, 58), (px - 1, 56)])
        capsule(c, (px - 3, 64), (px + 3, 64), 2.4, GOLD, 0.7)
    elif weapon == "sword":
        fx, fy = 152, 152
    elif weapon == "bow":
        bow = Pen(150, 26).curve((180, 60), (180, 150), (150, 196), 24).pts
        stroke(c, LINE, bow, 4.4)
        stroke(c, (156, 100, 50), bow, 2.6)
        stroke(c, (96, 88, 80), [(150, 26), (150, 196)], 0.7)
    body = sym(Pen(cx, 106).to(cx + 18, 108).curve((cx + 40, 108), (cx + 54, 118), (cx + 58, 138))
               .to(cx + 64, 212).to(cx, 212).pts, cx)
    shape(c, pal.main, body)
    for dx in (-40, -26, 26, 40):
        stroke(c, pal.alt, Pen(cx + dx, 124).quad((cx + dx * 1.1, 168), (cx + dx * 1.2, 212)).pts,
               3.2)
    placket = sym([(cx, 112), (cx + 10, 114), (cx + 12, 212), (cx, 212)], cx)
    shape(c, pal.alt, placket)
    for y in (132, 148, 164):
        oval(c, GOLD, cx, y, 2.2, 2.2, 0.7)
    belt = [(cx - 62, 172), (cx + 62, 172), (cx + 63, 180), (cx - 63, 180)]
    shape(c, (96, 58, 34), belt)
    shape(c, GOLD, [(cx - 6, 170), (cx + 6, 170), (cx + 6, 182), (cx - 6, 182)], 0.9)
    shape(c, (96, 58, 34), [(cx - 3, 173), (cx + 3, 173), (cx + 3, 179), (cx - 3, 179)], 0.6)
    hair = sym(Pen(cx, cy - 28).curve((cx + 16, cy - 28), (cx + 23, cy - 16), (cx + 23, cy))
               .curve((cx + 23, cy + 12), (cx + 24, cy + 20), (cx + 18, cy + 22))
               .to(cx, cy + 20).pts, cx)
    shape(c, pal.young_hair, hair)
    neck(c, cx, cy, 7)
    # arms before the ruff, so that it covers the shoulders' seams
    if weapon in ("halberd", "sword"):
        arm(c, (146, 118), (170, 172), (fx + 8, fy + 4), 22, 14, pal.alt, GOLD, 5)
    elif weapon == "bow":
        arm(c, (146, 118), (178, 160), (178, 120), 22, 14, pal.alt, GOLD, 5)
    else:
        arm(c, (146, 118), (172, 176), (150, 164), 22, 14, pal.alt, GOLD, 5)
    if weapon == "horn":
        arm(c, (54, 118), (40, 174), (60, 156), 22, 14, pal.alt, GOLD, 5)
    else:  # the other hand on the hip, elbow out
        arm(c, (54, 118), (26, 156), (54, 178), 22, 14, pal.alt, GOLD, 5)
        flat_hand(c, 54, 177)
    ruff = oval_pts(cx, 108, 26, 8, 48)
    shape(c, ERMINE, ruff)
    for i in range(12):
        x = cx - 22 + i * 4
        stroke(c, (200, 196, 186), [(x, 104), (x + 1, 113)], 0.7)
    face(c, cx, cy, pal.eyes, young=True, look=-0.8, brow=dark(pal.young_hair, 0.3))
    fringe = sym(Pen(cx, cy - 26).curve((cx + 12, cy - 26), (cx + 20, cy - 20), (cx + 20, cy - 10))
                 .to(cx + 14, cy - 13).to(cx + 9, cy - 11).to(cx + 3, cy - 13).to(cx, cy - 11).pts,
                 cx)
    shape(c, pal.young_hair, fringe, 0.9)
    if weapon == "sword":
        toque(c, cx, cy, pal, feather_colour)
    else:
        beret(c, cx, cy, pal, feather_colour)
    if weapon == "horn":
        strap = Pen(60, 116).quad((100, 150), (140, 128)).pts
        stroke(c, LINE, strap, 3.8)
        stroke(c, (130, 84, 44), strap, 2.2)
        path = Pen(58, 136).quad((82, 192), (152, 146), 24).pts
        edges = taper(c, path, 4, 22, (242, 230, 200))
        for i in (8, 16):
            p, q = edges[i]
            stroke(c, LINE, [p, q], 3.6)
            stroke(c, GOLD, [p, q], 2.0)
        p, q = edges[-1]
        mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
        bell = Pen(p[0], p[1]).quad((mx + 5, my + 5), (q[0], q[1])).quad((mx + 1, my + 1),
                                                                          (p[0], p[1])).pts
        shape(c, GOLD, bell)
        shape(c, GOLD, [(path[0][0] - 2.5, path[0][1] - 3), (path[0][0] + 2.5, path[0][1] - 3),
                        (path[0][0] + 2, path[0][1] + 3), (path[0][0] - 2, path[0][1] + 3)], 0.7)
        flat_hand(c, 150, 164, flip=True)
        flat_hand(c, 60, 154)
    else:
        if weapon == "sword":  # held up before the shoulder
            blade = [(fx - 3.6, fy - 10), (fx + 3.6, fy - 10), (fx + 3.2, 44), (fx, 32),
                     (fx - 3.2, 44)]
            shape(c, STEEL_L, blade)
            stroke(c, STEEL_D, [(fx, fy - 12), (fx, 42)], 0.8)
            capsule(c, (fx - 13, fy - 10), (fx + 13, fy - 10), 3.4, GOLD, 0.8)
            for s in (-1, 1):
                oval(c, GOLD, fx + s * 14, fy - 10, 2.6, 2.6, 0.7)
            oval(c, GOLD, fx, fy + 12, 3.2, 3.2, 0.8)
        fist(c, fx if weapon != "bow" else 172, fy if weapon != "bow" else 109, flip=True)


FIGURES: dict[str, Callable[[Canvas, str], None]] = {"K": king, "Q": queen, "N": knight,
                                                     "J": jack}
#: Heads drawn facing the other way, so that the suits' figures differ at a glance.
MIRRORED = {("K", "H"), ("K", "C"), ("Q", "H"), ("Q", "D"), ("N", "H"), ("N", "C"), ("J", "H"),
            ("J", "D")}


# --- cards ------------------------------------------------------------------------------------

#: How much each head is enlarged from its drawing coordinates (the knight needs the room).
ZOOM = {"K": 1.15, "Q": 1.15, "N": 1.07, "J": 1.15}

_panel_mask: pygame.Surface | None = None


def panel_mask(scale: int) -> pygame.Surface:
    """The top half of the picture frame (notch cut out), white on transparent."""
    global _panel_mask
    if _panel_mask is None:
        m = Canvas(PANEL_W, PANEL_H, scale)
        m.polygon((255, 255, 255), [(NOTCH_W, 0), (PANEL_W, 0), (PANEL_W, PANEL_H),
                                    (0, PANEL_H), (0, NOTCH_H), (NOTCH_W, NOTCH_H)])
        _panel_mask = m.surface
    return _panel_mask


def figure_panel(rank: str, suit: str) -> Canvas:
    """One half of a head card's picture, without the deck-coloured pip."""
    panel = Canvas(PANEL_W, PANEL_H)
    panel.fill(BACKDROP)
    lattice = dark(BACKDROP, 0.06)
    for k in range(-PANEL_H, PANEL_W + PANEL_H, 14):
        stroke(panel, lattice, [(k, 0), (k + PANEL_H, PANEL_H)], 0.7)
        stroke(panel, lattice, [(k, 0), (k - PANEL_H, PANEL_H)], 0.7)
    art = Zoomed(PANEL_W, PANEL_H, ZOOM[rank], (PANEL_W / 2, 0))
    FIGURES[rank](art, suit)
    if (rank, suit) in MIRRORED:
        art.surface = pygame.transform.flip(art.surface, True, False)
    panel.surface.blit(art.surface, (0, 0))
    panel.surface.blit(panel_mask(panel.scale), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return panel


def head_card(panel: Canvas, suit: str, color: Color) -> Canvas:
    c = card_blank()
    half = Canvas(PANEL_W, PANEL_H)
    half.surface = panel.surface.copy()
    draw_pip(half, suit, (PANEL_W - 22, 24), 28, color)
    c.blit(half, (FRAME_L, FRAME_T))
    c.blit(half.rotated_copy(), (FRAME_L, MID_Y))
    # the frame: an ink line and a gold one inside it; the band between the two halves
    c.rect(GOLD, (FRAME_L, MID_Y - 2.5, PANEL_W, 5))
    stroke(c, LINE, [(FRAME_L, MID_Y - 2.5), (FRAME_R, MID_Y - 2.5)], 0.9)
    stroke(c, LINE, [(FRAME_L, MID_Y + 2.5), (FRAME_R, MID_Y + 2.5)], 0.9)
    stroke(c, GOLD, notched(2.2), 1.4, closed=True)
    stroke(c, LINE, notched(0), 1.6, closed=True)
    return c


def pip_card(rank: str, suit: str, color: Color) -> Canvas:
    c = card_blank()
    if rank == "1":
        draw_ace(c, suit, color)
    else:
        draw_pips(c, int(rank), suit, color)
    return c


def make(out: Path) -> list[Path]:
    """Write both decks' 56 plain-suit cards, and their 12 English heads, under ``out``;
    return the paths written."""
    cv.init()
    panels = {(r, s): figure_panel(r, s) for s in SUITS for r in HEADS}
    written: list[Path] = []
    for folder, colours in DECKS:
        for suit in SUITS:
            color = colours[suit]
            for rank in RANKS:
                if rank in HEADS:
                    c = head_card(panels[rank, suit], suit, color)
                else:
                    c = pip_card(rank, suit, color)
                draw_index(c, rank, suit, color)
                path = out / "sprites" / folder / f"{rank}{suit}.png"
                save_png(round_corners(c.finish()), path)
                written.append(path)
        # the English heads: only those whose letter is not the French one
        for suit in SUITS:
            for rank in HEADS:
                if ENGLISH_LETTER[rank] == INDEX_LETTER[rank]:
                    continue
                c = head_card(panels[rank, suit], suit, colours[suit])
                draw_index(c, rank, suit, colours[suit], ENGLISH_LETTER)
                path = out / "sprites" / (folder + ENGLISH_SUFFIX) / f"{rank}{suit}.png"
                save_png(round_corners(c.finish()), path)
                written.append(path)
    return written
