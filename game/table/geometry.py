"""Shapes the table's layout is made of that depend on no layout: a card's height, how
face-up cards overlap in rows (the replay's open hands), a speech bubble's body."""

from __future__ import annotations

from collections.abc import Callable

from pygame import Rect

from game.app.assets import CARD_RATIO

Point = tuple[float, float]

#: Face-up cards of an opponent: the share of a card's width between two neighbours, and
#: of its height between two rows (enough for the corner index to show).
OPEN_STEP = 0.34
OPEN_ROW_GAP = 0.30
#: The size of a speech bubble's text, in design pixels.
BUBBLE_TEXT = 24


def card_h(width: float) -> int:
    return round(width * CARD_RATIO)


def fit_open(count: int, room_w: float, room_h: float, cap: int, least: int
             ) -> tuple[int, tuple[int, int]]:
    """The largest card width (at most ``cap``, at least ``least``) and its (rows, cards per
    row) at which ``count`` face-up cards, overlapping so that each corner index shows, fit
    ``room_w`` by ``room_h`` pixels."""
    best = (0, (1, count))
    for rows in range(1, 7):
        per_row = -(-count // rows)
        across = room_w / (1 + (per_row - 1) * OPEN_STEP)
        down = room_h / (CARD_RATIO * (1 + (rows - 1) * OPEN_ROW_GAP))
        width = min(cap, int(across), int(down))
        if width > best[0]:
            best = (width, (rows, per_row))
    return max(best[0], least), best[1]


def open_block_h(rows: tuple[int, int], width: int) -> float:
    """The height of rows of face-up cards ``width`` pixels wide."""
    height = card_h(width)
    return height + (rows[0] - 1) * height * OPEN_ROW_GAP


def open_slots(box: Rect, per_row: int, count: int, width: int, table_w: int,
               u: Callable[[float], int]) -> list[Point]:
    """Centres of ``count`` face-up cards ``width`` pixels wide in rows of ``per_row`` that
    overlap so that every card's corner index shows, standing on the plate ``box`` and kept
    inside a table ``table_w`` pixels wide."""
    if count <= 0:
        return []
    height = card_h(width)
    step = width * OPEN_STEP
    rows = -(-count // per_row)
    block_h = height + (rows - 1) * height * OPEN_ROW_GAP
    bottom = box.top - u(2)
    top = max(u(2) + 0.0, bottom - block_h)
    out = []
    for i in range(count):
        row, col = divmod(i, per_row)
        in_row = min(per_row, count - row * per_row)
        span = step * (in_row - 1)
        centre = min(max(box.centerx, span / 2 + width / 2 + u(4)),
                     table_w - span / 2 - width / 2 - u(4))
        out.append((centre - span / 2 + col * step,
                    top + height / 2 + row * height * OPEN_ROW_GAP))
    return out


def bubble_body(text_size: tuple[int, int], point: tuple[float, float], direction: str,
                u: Callable[[float], int]) -> Rect:
    """Where the body of a speech bubble whose text is ``text_size`` pixels goes, its tip at
    ``point`` from ``direction`` (before it is kept inside the window)."""
    body = Rect((0, 0), text_size).inflate(u(28), u(16))
    px, py = point
    tip = u(10)
    if direction == "right":
        body.midleft = (round(px + tip), round(py))
    elif direction == "left":
        body.midright = (round(px - tip), round(py))
    elif direction == "down":
        body.midtop = (round(px), round(py + tip))
    else:
        body.midbottom = (round(px), round(py - tip))
    return body


__all__ = ["BUBBLE_TEXT", "OPEN_ROW_GAP", "OPEN_STEP", "bubble_body", "card_h", "fit_open",
           "open_block_h", "open_slots"]
