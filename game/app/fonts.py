"""The game's font: text drawn large and scaled down, never larger than a window can show.

:class:`SmoothFont` is the one way text reaches the screen. It draws small text at a large
size and scales it down, so that letters keep the spacing the font's design gives them
(:data:`DRAWN_AT`), and it takes any string the game may hold, whatever a file said: a NUL
or half a character (:func:`drawable`), text of no width, and text of any length — a text
wider than any window (a word of thousands of letters in a damaged file) is cut with an
ellipsis before anything is rendered (:data:`LONGEST`).

The pygame fonts behind it come from a :class:`FontShelf`, one per app: one font per pixel
size, shared by every size of text that draws at it, read from the font's bytes in memory
(no font holds a file open) and at most :data:`KEPT_FONTS` of them, so that a window
resized through hundreds of sizes does not keep a font for each.
"""

from __future__ import annotations

import io

import pygame
import pygame.pkgdata

from game.app.kept import Kept

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
#: The widest a text is on screen, in pixels: as wide as the widest window the game opens
#: (``--size``). Longer text is cut to it, with an ellipsis, before it is drawn.
LONGEST = 8192
#: The largest pixel size text is drawn at (a heading in the largest window is some 600).
LARGEST = 1024
#: The pygame fonts an app keeps (one per pixel size drawn at, each with the glyphs it drew,
#: some half a megabyte): a screen draws at four to a dozen.
KEPT_FONTS = 24
#: How large pygame opens its own font for a size (``pygame.font.Font(None, size)``): the
#: game's sizes were chosen with it.
DEFAULT_FONT_SCALE = 0.6875
ELLIPSIS = "…"


def drawable(text: str) -> str:
    """``text`` as the font can draw it: a NUL dropped, a lone surrogate (a file name with a
    byte that is not UTF-8, a JSON escape of half a character) shown as "?"."""
    if text.isascii() and "\0" not in text:
        return text  # nearly every text, every frame: no need to look at each character
    text = text.replace("\0", "")
    if any("\ud800" <= ch <= "\udfff" for ch in text):
        text = "".join("?" if "\ud800" <= ch <= "\udfff" else ch for ch in text)
    return text


class FontShelf:
    """The pygame fonts an app draws its text with, one per pixel size, kept while used."""

    def __init__(self) -> None:
        # where ``pygame.font.Font(None, ...)`` finds its font, frozen in the executable too
        resource = pygame.pkgdata.getResource(  # type: ignore[no-untyped-call]
            pygame.font.get_default_font())
        try:
            self._data = resource.read()
        finally:
            resource.close()
        self._fonts: Kept[pygame.font.Font] = Kept(KEPT_FONTS)

    def __len__(self) -> int:
        return len(self._fonts)

    def font(self, pixels: int) -> pygame.font.Font:
        """The font at ``pixels`` (the least recently used one goes past :data:`KEPT_FONTS`)."""
        font = self._fonts.get(pixels)
        if font is None:
            font = self._fonts.put(pixels, pygame.font.Font(
                io.BytesIO(self._data), max(1, int(pixels * DEFAULT_FONT_SCALE))))
        return font


class SmoothFont:
    """The game's font at one pixel size: ``size`` and ``render`` as ``pygame.font.Font``'s,
    with text drawn large and scaled down (see :data:`DRAWN_AT`), so that its letters are
    spaced as the font's design spaces them.

    It is the one way text reaches the screen, so it takes any string the game may hold:
    what :func:`drawable` changes, text of any length (see :data:`WIDEST`; wider than
    :data:`LONGEST`, it is cut), and text of no width (only combining marks, a variation
    selector), which the font refuses to render, drawn as nothing."""

    def __init__(self, size: int, shelf: FontShelf | None = None) -> None:
        self.pixels = max(1, min(LARGEST, size))
        self.most = max(1, min(MOST_SCALE, -(-DRAWN_AT // self.pixels)))
        self._shelf = shelf if shelf is not None else FontShelf()

    def _scale(self, text: str) -> int:
        """How many times larger than its size ``text`` is drawn."""
        return max(1, min(self.most, WIDEST // max(1, len(text) * self.pixels)))

    def _font(self, scale: int) -> pygame.font.Font:
        return self._shelf.font(self.pixels * scale)

    def _measure(self, text: str) -> tuple[int, int]:
        """The size of ``text`` (already :func:`drawable`) as :meth:`render` draws it."""
        scale = self._scale(text)
        return _brought_down(self._font(scale).size(text), scale)

    def cut(self, text: str, width: int) -> str:
        """``text`` as it fits ``width`` pixels: whole, or its longest start that fits with
        an ellipsis after it (the ellipsis alone where none does)."""
        text = drawable(text)
        if self._measure(text)[0] <= width:
            return text
        # the start of ``low`` letters fits, of ``high`` does not: a letter takes a pixel at
        # least, so no more than ``width`` of them ever fit, however long the text
        low, high = 0, min(len(text), max(0, width) + 1)
        while high - low > 1:
            middle = (low + high) // 2
            if self._measure(text[:middle] + ELLIPSIS)[0] <= width:
                low = middle
            else:
                high = middle
        return text[:low] + ELLIPSIS

    def _bounded(self, text: str) -> str:
        """``text`` as it may be drawn: cut to :data:`LONGEST` (a letter is narrower than the
        font's size, so only a text of that many letters or more is measured)."""
        text = drawable(text)
        if len(text) * self.pixels <= LONGEST:
            return text
        return self.cut(text, LONGEST)

    def size(self, text: str) -> tuple[int, int]:
        return self._measure(self._bounded(text))

    def render(self, text: str, antialias: bool, color: tuple[int, ...]) -> pygame.Surface:
        text = self._bounded(text)
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


__all__ = ["DRAWN_AT", "LARGEST", "LONGEST", "FontShelf", "SmoothFont", "drawable"]
