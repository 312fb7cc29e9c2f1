"""Images, fonts and sounds, loaded once after the window exists and scaled on demand.

Card images are kept at full size (240 x 448) and smooth-scaled to the width the layout asks
for; each scaled size is cached, so a resize costs one scaling per card and size. Sounds go
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

log = logging.getLogger(__name__)

CARD_W, CARD_H = 240, 448
CARD_RATIO = CARD_H / CARD_W
#: Rendered texts kept at once (a few screens' worth of words).
TEXT_CACHE = 3000
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
        self._scaled: dict[tuple[str, int, int], pygame.Surface] = {}
        self._icons: dict[str, pygame.Surface] = {}
        self._fonts: dict[int, SmoothFont] = {}
        self._texts: dict[tuple[str, int, tuple[int, ...]], pygame.Surface] = {}
        self._felt_tile = pygame.image.load(str(resource_path("sprites", "felt.png"))).convert()
        self._felt: tuple[tuple[int, int], pygame.Surface] | None = None

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
            image = _scale(self._face(folder, card), width)
            self._scaled[key] = image
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
            image = _scale(self._backs[design], width)
            self._scaled[key] = image
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
        key = f"{name}@{size}"
        if key not in self._icons:
            if name not in self._icons:
                path = resource_path("sprites", "icons", f"{name}.png")
                self._icons[name] = pygame.image.load(str(path)).convert_alpha()
            self._icons[key] = pygame.transform.smoothscale(self._icons[name], (size, size))
        return self._icons[key]

    # --- text ---------------------------------------------------------------------------------
    def font(self, size: int) -> SmoothFont:
        size = max(8, int(size))
        if size not in self._fonts:
            self._fonts[size] = SmoothFont(size)
        return self._fonts[size]

    def text(self, text: str, size: int, color: tuple[int, int, int] = (255, 255, 255)
             ) -> pygame.Surface:
        """``text`` rendered once and kept: screens redraw the same words every frame.
        The surface is shared, so callers blit it and never draw on it."""
        text = drawable(text)
        key = (text, max(8, int(size)), tuple(color))
        image = self._texts.get(key)
        if image is None:
            image = self.font(size).render(text, True, color)
            if len(self._texts) >= TEXT_CACHE:
                self._texts.pop(next(iter(self._texts)))  # the oldest goes
            self._texts[key] = image
        return image


#: Text is drawn this many pixels high or more, then scaled down to its size: the font's
#: hinting rounds each letter's advance to whole pixels at the size it is drawn at, a pixel
#: that is a large share of a small letter ("t rick", "Shi ft", "onglet s" at 1024 x 600,
#: even drawn at twice the size); at 128 px it is a tenth of a pixel or less once scaled.
DRAWN_AT = 128
#: ... but at most this many times larger than its size.
MOST_SCALE = 8
#: The widest a text is drawn before it is scaled down (pixels, counting a letter as wide
#: as the font's size, which none of its letters is): a long text is drawn less large, down
#: to its own size, never on a surface of hundreds of megabytes.
WIDEST = 16384


def drawable(text: str) -> str:
    """``text`` as the font can draw it: a NUL dropped, a lone surrogate (a file name with a
    byte that is not UTF-8, a JSON escape of half a character) shown as "?"."""
    if text.isascii() and "\0" not in text:
        return text  # nearly every text, every frame: no need to look at each character
    text = text.replace("\0", "")
    if any("\ud800" <= ch <= "\udfff" for ch in text):
        text = "".join("?" if "\ud800" <= ch <= "\udfff" else ch for ch in text)
    return text


class SmoothFont:
    """The game's font at one pixel size: ``size`` and ``render`` as ``pygame.font.Font``'s,
    with text drawn large and scaled down (see :data:`DRAWN_AT`), so that its letters are
    spaced as the font's design spaces them.

    It is the one way text reaches the screen, so it takes any string the game may hold:
    what :func:`drawable` changes, text of any length (see :data:`WIDEST`), and text of no
    width (only combining marks, a variation selector), which the font refuses to render,
    drawn as nothing."""

    def __init__(self, size: int) -> None:
        self.pixels = size
        self.most = max(1, min(MOST_SCALE, -(-DRAWN_AT // size)))
        self._fonts: dict[int, pygame.font.Font] = {}

    def _scale(self, text: str) -> int:
        """How many times larger than its size ``text`` is drawn."""
        return max(1, min(self.most, WIDEST // max(1, len(text) * self.pixels)))

    def _font(self, scale: int) -> pygame.font.Font:
        font = self._fonts.get(scale)
        if font is None:
            font = self._fonts[scale] = pygame.font.Font(None, self.pixels * scale)
        return font

    def size(self, text: str) -> tuple[int, int]:
        text = drawable(text)
        scale = self._scale(text)
        return _brought_down(self._font(scale).size(text), scale)

    def render(self, text: str, antialias: bool, color: tuple[int, ...]) -> pygame.Surface:
        text = drawable(text)
        scale = self._scale(text)
        font = self._font(scale)
        large = font.size(text)
        size = _brought_down(large, scale)  # what the layout measured
        if large[0] == 0:  # nothing to see: the font would raise "Text has zero width"
            return pygame.Surface((0, size[1]), pygame.SRCALPHA)
        image = font.render(text, antialias, color)
        if scale == 1:
            return image
        if image.get_bitsize() < 24:  # not antialiased: no smoothing to keep
            return pygame.transform.scale(image, size)
        return pygame.transform.smoothscale(image, size)


def _brought_down(size: tuple[int, int], scale: int) -> tuple[int, int]:
    """A size measured ``scale`` times larger, brought down (rounded up)."""
    return -(-size[0] // scale), -(-size[1] // scale)


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
