"""``docs/deck.png``: a contact sheet of the whole deck and the card backs.

It reads the finished faces from ``sprites/cards/`` (so it runs after every card is drawn):
one row per plain suit — spades, hearts, diamonds, clubs, from 1 to 10 then jack, knight,
queen and king — then the trumps 1 to 21 and the Excuse over two rows, with the backs at
the end of the last row. A missing image stops it with an error naming the file.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from build.art import backs
from build.art.canvas import init, save_png
from engine.cards import DECK_SIZE, format_card

THUMB_W, THUMB_H = 100, 187  # the card's 240 x 448, reduced
GAP = 8
MARGIN = 16
COLUMNS = 14
BACKGROUND = (112, 116, 120)


class MissingImageError(FileNotFoundError):
    """A card face or back the sheet needs has not been made."""


def card_files(out: Path) -> list[Path]:
    """The 78 faces in deck order (the order of the card numbers 0..77)."""
    folder = out / "sprites" / "cards"
    return [folder / f"{format_card(card)}.png" for card in range(DECK_SIZE)]


def back_files(out: Path) -> list[Path]:
    return [out / "sprites" / "backs" / f"{name}.png" for name in backs.BACKS]


def layout(n_backs: int) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """Grid cells (column, row) for the 78 faces and for the backs."""
    faces = [(i % COLUMNS, i // COLUMNS) for i in range(56)]
    faces += [(i % COLUMNS, 4 + i // COLUMNS) for i in range(22)]
    last_used = 22 - COLUMNS  # cells taken in the last trump row
    if n_backs <= COLUMNS - last_used - 1:  # room at the end of that row, after a gap
        cells = [(COLUMNS - n_backs + i, 5) for i in range(n_backs)]
    else:
        cells = [(i % COLUMNS, 6 + i // COLUMNS) for i in range(n_backs)]
    return faces, cells


def load(path: Path) -> pygame.Surface:
    if not path.is_file():
        raise MissingImageError(f"contact sheet: missing image {path} (make the cards first)")
    image = pygame.image.load(str(path))
    return pygame.transform.smoothscale(image, (THUMB_W, THUMB_H))


def sheet(out: Path) -> pygame.Surface:
    faces = card_files(out)
    back = back_files(out)
    missing = [p for p in [*faces, *back] if not p.is_file()]
    if missing:
        more = f" and {len(missing) - 1} more" if len(missing) > 1 else ""
        raise MissingImageError(
            f"contact sheet: missing image {missing[0]}{more} (make the cards first)")
    face_cells, back_cells = layout(len(back))
    rows = 1 + max(r for _, r in face_cells + back_cells)
    size = (2 * MARGIN + COLUMNS * THUMB_W + (COLUMNS - 1) * GAP,
            2 * MARGIN + rows * THUMB_H + (rows - 1) * GAP)
    surface = pygame.Surface(size)  # opaque RGB: a smaller file
    surface.fill(BACKGROUND)
    for path, (col, row) in zip([*faces, *back], face_cells + back_cells, strict=True):
        surface.blit(load(path), (MARGIN + col * (THUMB_W + GAP), MARGIN + row * (THUMB_H + GAP)))
    return surface


def make(out: Path) -> list[Path]:
    """Write ``docs/deck.png`` from the images under ``out/sprites``."""
    init()
    path = out / "docs" / "deck.png"
    save_png(sheet(out), path)
    return [path]
