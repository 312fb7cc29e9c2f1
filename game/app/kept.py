"""What is made once and kept for the frames that follow, within bounds.

Screens redraw the same cards, words and button faces every frame, so each is drawn once and
kept, and the fonts that draw the words are opened once. What is kept depends on the
window's size (a card's width, a word's pixel size), and a window resized many times, or
dragged through hundreds of sizes, would keep the images and fonts of every size it ever
had: a :class:`Kept` holds at most a number of them, and of images a budget of bytes, those
used least recently going first. No pygame here: an image is anything with ``get_width``,
``get_height`` and ``get_bytesize``.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, Protocol, TypeVar


class Image(Protocol):
    def get_width(self) -> int: ...

    def get_height(self) -> int: ...

    def get_bytesize(self) -> int: ...


V = TypeVar("V")


def image_bytes(image: Image) -> int:
    """The memory an image's pixels take."""
    return image.get_width() * image.get_height() * image.get_bytesize()


def _nothing(_: object) -> int:
    return 0


class Kept(Generic[V]):
    """Values by key, the least recently used going first once there are more than
    ``entries`` of them or they weigh more than ``budget`` (by ``weigh``: an image's bytes,
    say); the last one put is always kept.

    >>> class Picture:
    ...     def __init__(self, w): self.w = w
    ...     def get_width(self): return self.w
    ...     def get_height(self): return 10
    ...     def get_bytesize(self): return 4
    >>> kept = Kept(100, budget=1000, weigh=image_bytes)
    >>> _ = kept.put("a", Picture(10)), kept.put("b", Picture(10))
    >>> kept.get("a").w               # "a" used: "b" is now the oldest
    10
    >>> _ = kept.put("c", Picture(10))  # 1,200 bytes: "b" goes
    >>> sorted(kept.keys()), kept.weight
    (['a', 'c'], 800)
    """

    def __init__(self, entries: int, budget: int = 0,
                 weigh: Callable[[V], int] = _nothing) -> None:
        self.entries = entries
        self.budget = budget
        self._weigh = weigh
        self._values: OrderedDict[Hashable, V] = OrderedDict()
        self.weight = 0

    def __len__(self) -> int:
        return len(self._values)

    def keys(self) -> list[Hashable]:
        return list(self._values)

    def get(self, key: Hashable) -> V | None:
        value = self._values.get(key)
        if value is not None:
            self._values.move_to_end(key)
        return value

    def put(self, key: Hashable, value: V) -> V:
        old = self._values.pop(key, None)
        if old is not None:
            self.weight -= self._weigh(old)
        self._values[key] = value
        self.weight += self._weigh(value)
        self._trim()
        return value

    def limit(self, budget: int) -> None:
        """Keep no more than ``budget`` from now on (the oldest go at once)."""
        self.budget = budget
        self._trim()

    def _trim(self) -> None:
        while len(self._values) > 1 and (len(self._values) > self.entries
                                         or (self.budget and self.weight > self.budget)):
            _, gone = self._values.popitem(last=False)
            self.weight -= self._weigh(gone)

    def clear(self) -> None:
        self._values.clear()
        self.weight = 0


__all__ = ["Image", "Kept", "image_bytes"]
