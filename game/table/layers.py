"""The card sprites on the table, by layer.

Every card the table draws is a :class:`~game.table.sprites.CardSprite` in one layer of a
:class:`SpriteSet` (the player's own hand is a :class:`~game.table.sprites.HandFan` beside
it): the dog, the discard being made, the trick, cards on show near a seat (a handful, the
trumps of a discard), cards in flight and the player's cards waiting for their event. Layers
are drawn bottom to top in that order, so one loop draws the table and one loop moves it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from game.table.sprites import CardSprite

#: The layers, bottom first.
LAYERS = ("dog", "zone", "trick", "flying", "pending")


@dataclass
class Show:
    """Cards shown face up near a seat, with a label (a handful, trumps in a discard)."""

    seat: int
    sprites: list[CardSprite]
    label: str


@dataclass
class SpriteSet:
    """Every card sprite on the table but the hand."""

    layers: dict[str, list[CardSprite]] = field(
        default_factory=lambda: {name: [] for name in LAYERS})
    shows: list[Show] = field(default_factory=list)

    def __getitem__(self, layer: str) -> list[CardSprite]:
        return self.layers[layer]

    def __setitem__(self, layer: str, sprites: list[CardSprite]) -> None:
        if layer not in self.layers:
            raise KeyError(layer)
        self.layers[layer] = sprites

    def __iter__(self) -> Iterator[CardSprite]:
        """Every sprite, bottom layer first (the shows between the trick and the flights)."""
        for name in LAYERS:
            yield from self.layers[name]
            if name == "trick":
                for show in self.shows:
                    yield from show.sprites

    def clear(self, *layers: str) -> None:
        """Empty the given layers (all of them, and the shows, when none is named)."""
        for name in layers or LAYERS:
            self.layers[name] = []
        if not layers:
            self.shows = []

    def moving(self, *layers: str) -> bool:
        """Whether a sprite of these layers (of any, when none is named) is moving."""
        names = layers or LAYERS
        return any(s.moving for name in names for s in self.layers[name])

    def update(self, dt: float) -> None:
        for sprite in self:
            sprite.update(dt)
        flying = self.layers["flying"]
        flying[:] = [s for s in flying if s.visible]  # in place: animations hold the list

    def finish(self) -> None:
        """Every tween jumps to its end."""
        for sprite in list(self):
            sprite.finish()
