"""The player's card on its way to the engine.

A card offered while the table still moves, or while a declaration is still open — the
handful or misère the player may announce with their first card — is not played at once:
the card waits (lit in the hand) and is played when the table is still and the question
answered. A handful is never lost to a quick hand.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine import choices
from engine.actions import Action, Play
from engine.cards import Card
from game.table.sprites import CardSprite

if TYPE_CHECKING:
    from game.table.stage import Stage


class CardPlays:
    """The card waiting to be played. ``submit`` sends an action (False when refused, said
    why), ``declaring`` says whether a declaration is still to be answered."""

    def __init__(self, table: Stage, submit: Callable[[Action], bool],
                 declaring: Callable[[], bool]) -> None:
        self.table = table
        self.submit = submit
        self.declaring = declaring
        self.waiting: Card | None = None

    def play(self, sprite: CardSprite) -> bool:
        """Offer a hand card as the player's card; True when it has left the hand."""
        table = self.table
        card = sprite.card
        assert card is not None
        if table.human is None:
            table.toast.show(table.tr("refusal_not_your_turn"))
            return False
        if not table.idle:  # the last moves are still being shown: the card waits for them
            self._wait(card)
            return False
        refusal = choices.play_refusal(table.view, card)
        if refusal is not None:
            table.tell_refusal(refusal)
            return False
        if self.declaring():
            self._wait(card)  # the question is asked first; the card follows the answer
            table.toast.show(table.tr("refusal_declare_first"), 3.0, warning=False)
            return False
        return self.send(card, sprite)

    def forget(self) -> None:
        """A new picture: no card waits (its sprite is gone)."""
        self.waiting = None

    def _wait(self, card: Card) -> None:
        self.waiting = card
        self.table.hand.focus = card  # lit, so that the player sees which card will go

    def send(self, card: Card, sprite: CardSprite | None = None) -> bool:
        table = self.table
        if not self.submit(Play(card)):
            return False
        self.waiting = None
        sprite = sprite or table.hand.sprites.get(card)
        if sprite is not None:
            table.hand.take(card)
            sprite.shadow = True
            table.sprites.pending.append(sprite)  # the CardPlayed step takes it from here
        table.hand.layout(table.layout, table.d(0.25))
        return True

    def play_waiting(self) -> None:
        """At rest: a card offered too soon is played now, once any declaration is answered
        (or refused, with the reason, if it may not be played after all)."""
        table = self.table
        card = self.waiting
        if card is None or self.declaring():
            return
        self.waiting = None
        if card not in table.hand:
            return
        refusal = choices.play_refusal(table.view, card)
        if refusal is not None:
            table.tell_refusal(refusal)
            return
        self.send(card)


__all__ = ["CardPlays"]
