"""Images, fonts and sounds, loaded once after the window exists and scaled on demand.

Card images are kept at full size (240 x 448) and smooth-scaled to the width the layout asks
for; each scaled size is kept (:class:`~game.app.kept.Kept`, within a budget, so that a
window resized through many sizes keeps those it uses now, not all it ever had), so a resize
costs one scaling per card and size. Text goes through :mod:`game.app.fonts`. Sounds go
through :class:`Sounds`, which stays silent when there is no audio device.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
from collections.abc import Iterator

import pygame

from engine.cards import DECK_SIZE, JACK, KING, QUEEN, SUIT_LETTERS, format_card, make_card
from engine.resources import resource_path
from game.app.fonts import LARGEST, FontShelf, SmoothFont, drawable
from game.app.kept import Kept, image_bytes

log = logging.getLogger(__name__)

CARD_W, CARD_H = 240, 448
CARD_RATIO = CARD_H / CARD_W
#: Rendered texts kept at once (a few screens' worth of words), and the memory they may take:
#: as much as this many windows' pixels (at least the budget), the words of the few last
#: sizes a resized window had.
TEXT_CACHE = 3000
TEXT_BUDGET = 8 * 1024 * 1024
TEXT_SCREENS = 3
#: The memory the scaled card faces and backs may take: a table's few widths of a deck or
#: two (a deck some 1.5 windows' pixels at the hand's width), not every width a resized
#: window ever had.
CARD_BUDGET = 24 * 1024 * 1024
CARD_SCREENS = 8
#: ... and the scaled icons.
ICON_BUDGET = 2 * 1024 * 1024
ICON_SCREENS = 1
#: ... but none of them more than this, whatever the window (at 8192 x 8192, eight
#: windows' pixels are two gigabytes).
MOST_KEPT = 384 * 1024 * 1024
#: The text sizes kept ready (each a light :class:`SmoothFont`; the fonts are the shelf's).
KEPT_SIZES = 128
#: The most scaled cards or icons kept, whatever their size (four decks' worth).
KEPT_IMAGES = 4 * DECK_SIZE * 4
#: The heads whose English letter is not the French one: the jack (J, not V), the queen (Q, not
#: D) and the king (K, not R) of each suit. Their English faces are in the ``-en`` folders
#: beside each deck; the knight is a C in both, like every other card it has one face.
ENGLISH_HEADS: tuple[int, ...] = tuple(make_card(suit, rank) for suit in range(len(SUIT_LETTERS))
                                       for rank in (JACK, QUEEN, KING))
_ENGLISH_SET = frozenset(ENGLISH_HEADS)
SOUND_NAMES = ("card_play", "card_slide", "deal", "shuffle", "trick", "bid",
               "contract_made", "contract_lost", "slam")


class Assets:
    """Every image the game draws. Create it after the display mode is set."""

    def __init__(self) -> None:
        self._faces: dict[str, dict[int, pygame.Surface]] = {}
        self._backs: dict[str, pygame.Surface] = {}
        self._scaled: Kept[pygame.Surface] = Kept(KEPT_IMAGES, CARD_BUDGET, image_bytes)
        self._icons: dict[str, pygame.Surface] = {}
        self._icon_sizes: Kept[pygame.Surface] = Kept(KEPT_IMAGES, ICON_BUDGET, image_bytes)
        self.shelf = FontShelf()
        self._fonts: Kept[SmoothFont] = Kept(KEPT_SIZES)
        self._texts: Kept[pygame.Surface] = Kept(TEXT_CACHE, TEXT_BUDGET, image_bytes)
        self._felt_tile = pygame.image.load(str(resource_path("sprites", "felt.png"))).convert()
        self._felt: tuple[tuple[int, int], pygame.Surface] | None = None

    def resized(self, size: tuple[int, int]) -> None:
        """The window has a new ``size``: what is kept of the cards, icons and words drawn
        at its sizes is bounded by what a few windows of it hold, the sizes of the windows
        before going first (a window dragged through hundreds of sizes kept them all)."""
        screen = size[0] * size[1] * 4
        for kept, least, screens in ((self._scaled, CARD_BUDGET, CARD_SCREENS),
                                     (self._icon_sizes, ICON_BUDGET, ICON_SCREENS),
                                     (self._texts, TEXT_BUDGET, TEXT_SCREENS)):
            kept.limit(min(MOST_KEPT, max(least, screens * screen)))

    # --- cards ---------------------------------------------------------------------------------
    def _folder(self, card: int, four_colour: bool, indices: str) -> str:
        """The sprite folder that holds ``card``'s face for this deck and index set."""
        folder = "cards-4colour" if four_colour else "cards"
        if indices == "en" and card in _ENGLISH_SET:
            folder += "-en"
        return folder

    def _face(self, folder: str, card: int) -> pygame.Surface:
        faces = self._faces.get(folder)
        if faces is None:
            # a whole folder at once: the table asks for its deck before the first deal
            wanted = ENGLISH_HEADS if folder.endswith("-en") else range(DECK_SIZE)
            faces = self._faces[folder] = {
                c: pygame.image.load(str(resource_path("sprites", folder,
                                                       f"{format_card(c)}.png"))).convert_alpha()
                for c in wanted
            }
        return faces[card]

    def card(self, card: int, width: int, four_colour: bool, indices: str) -> pygame.Surface:
        """The face of ``card`` scaled to ``width`` pixels (height keeps the Tarot ratio), from
        the four-colour deck or the two-colour one, with ``indices`` letters on its corner
        (``"en"``: K Q C J, otherwise the French R D C V; see ``Settings.indices``)."""
        folder = self._folder(card, four_colour, indices)
        # keyed by folder: a number card or a trump is one image whatever the letters
        key = (folder, card, width)
        image = self._scaled.get(key)
        if image is None:
            image = self._scaled.put(key, _scale(self._face(folder, card), width))
        return image

    def load_faces(self, four_colour: bool, indices: str) -> None:
        """Read a deck's files now rather than at its first card."""
        self._face(self._folder(0, four_colour, indices), 0)
        if indices == "en":
            self._face(self._folder(ENGLISH_HEADS[0], four_colour, indices), ENGLISH_HEADS[0])

    def back(self, width: int, design: str = "blue") -> pygame.Surface:
        key = ("back-" + design, 0, width)
        image = self._scaled.get(key)
        if image is None:
            if design not in self._backs:
                path = resource_path("sprites", "backs", f"{design}.png")
                if not path.exists():
                    path = resource_path("sprites", "backs", "blue.png")
                self._backs[design] = pygame.image.load(str(path)).convert_alpha()
            image = self._scaled.put(key, _scale(self._backs[design], width))
        return image

    # --- table and icons ----------------------------------------------------------------------
    def felt(self, size: tuple[int, int]) -> pygame.Surface:
        """The felt tiled over ``size``, with a soft darker edge (cached per size)."""
        if self._felt is None or self._felt[0] != size:
            surface = pygame.Surface(size).convert()
            tw, th = self._felt_tile.get_size()
            for x in range(0, size[0], tw):
                for y in range(0, size[1], th):
                    surface.blit(self._felt_tile, (x, y))
            shade = pygame.Surface(size, pygame.SRCALPHA)
            steps = 24
            for i in range(steps):
                alpha = int(70 * (1 - i / steps) ** 2)
                inset = int(i * min(size) / (2.5 * steps))
                pygame.draw.rect(shade, (0, 0, 0, alpha),
                                 (inset, inset, size[0] - 2 * inset, size[1] - 2 * inset),
                                 width=max(1, int(min(size) / (2.5 * steps)) + 1))
            surface.blit(shade, (0, 0))
            self._felt = (size, surface)
        return self._felt[1]

    def icon(self, name: str, size: int) -> pygame.Surface:
        image = self._icon_sizes.get((name, size))
        if image is None:
            if name not in self._icons:
                path = resource_path("sprites", "icons", f"{name}.png")
                self._icons[name] = pygame.image.load(str(path)).convert_alpha()
            image = self._icon_sizes.put((name, size), pygame.transform.smoothscale(
                self._icons[name], (max(1, size), max(1, size))))
        return image

    # --- text ---------------------------------------------------------------------------------
    def font(self, size: float) -> SmoothFont:
        """The font at ``size`` pixels (from 8 to :data:`~game.app.fonts.LARGEST`)."""
        size = max(8, min(LARGEST, int(size)))
        font = self._fonts.get(size)
        if font is None:
            font = self._fonts.put(size, SmoothFont(size, self.shelf))
        return font

    def text(self, text: str, size: float, color: tuple[int, int, int] = (255, 255, 255)
             ) -> pygame.Surface:
        """``text`` rendered once and kept: screens redraw the same words every frame.
        The surface is shared, so callers blit it and never draw on it."""
        text = drawable(text)
        key = (text, max(8, min(LARGEST, int(size))), tuple(color))
        image = self._texts.get(key)
        if image is None:
            image = self._texts.put(key, self.font(size).render(text, True, color))
        return image


def card_height(width: int) -> int:
    return round(width * CARD_RATIO)


def _scale(image: pygame.Surface, width: int) -> pygame.Surface:
    width = max(8, int(width))
    return pygame.transform.smoothscale(image, (width, card_height(width)))


class Sounds:
    """Sound effects that fall silent, without error, when no audio device exists.

    Without a sound card the audio libraries under SDL (ALSA above all) print a screenful of
    complaints straight to the process's standard error while SDL looks for a device; those
    are kept off the terminal, and the game says once, in its log, that it plays silently.
    """

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self.available = False
        try:
            if not pygame.mixer.get_init():
                with native_stderr_silenced():
                    pygame.mixer.init(frequency=22050, size=-16, channels=2, buffer=512)
            for name in SOUND_NAMES:
                path = resource_path("sounds", f"{name}.wav")
                self._sounds[name] = pygame.mixer.Sound(str(path))
            self.available = True
        except (pygame.error, FileNotFoundError) as exc:
            log.info("sound is off, the game plays silently: %s", exc)
            self._sounds.clear()

    def play(self, name: str, volume: float = 1.0) -> None:
        if not (self.enabled and self.available):
            return
        sound = self._sounds.get(name)
        if sound is not None:
            sound.set_volume(volume)
            sound.play()


@contextlib.contextmanager
def native_stderr_silenced() -> Iterator[None]:
    """File descriptor 2 pointed at the null device for the duration: C libraries write
    there directly, past Python's ``sys.stderr``."""
    try:
        fd = sys.__stderr__.fileno() if sys.__stderr__ is not None else -1
    except (OSError, ValueError):
        fd = -1
    if fd < 0:
        yield
        return
    sys.__stderr__.flush()  # type: ignore[union-attr]
    saved = os.dup(fd)
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, fd)
        finally:
            os.close(null)
        yield
    finally:
        os.dup2(saved, fd)
        os.close(saved)
