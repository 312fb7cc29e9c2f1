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


@dataclass
class Show:
    """Cards shown face up near a seat, with a label (a handful, trumps in a discard)."""

    seat: int
    sprites: list[CardSprite]
    label: str


@dataclass
class SpriteSet:
    """Every card sprite on the table but the hand, by layer, bottom first."""

    dog: list[CardSprite] = field(default_factory=list)
    zone: list[CardSprite] = field(default_factory=list)  # the discard being made
    trick: list[CardSprite] = field(default_factory=list)
    shows: list[Show] = field(default_factory=list)  # drawn between the trick and flights
    flying: list[CardSprite] = field(default_factory=list)
    #: the player's cards sent to the engine, on their way to the trick: the step of their
    #: event takes them from here
    pending: list[CardSprite] = field(default_factory=list)

    def __iter__(self) -> Iterator[CardSprite]:
        """Every sprite, bottom layer first (the shows between the trick and the flights)."""
        yield from self.dog
        yield from self.zone
        yield from self.trick
        for show in self.shows:
            yield from show.sprites
        yield from self.flying
        yield from self.pending

    def clear(self) -> None:
        """Empty every layer, and the shows."""
        self.dog, self.zone, self.trick, self.flying, self.pending = [], [], [], [], []
        self.shows = []

    def moving(self, *layers: list[CardSprite]) -> bool:
        """Whether a sprite of these layers (of any, when none is given) is moving."""
        return any(s.moving for layer in layers or (self,) for s in layer)

    def update(self, dt: float) -> None:
        for sprite in self:
            sprite.update(dt)
        self.flying[:] = [s for s in self.flying if s.visible]  # in place: animations hold it

    def finish(self) -> None:
        """Every tween jumps to its end."""
        for sprite in list(self):
            sprite.finish()
