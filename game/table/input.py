"""The player's hands on the table: dragging and dropping cards, clicks and keys.

A drag is "a held card and where it came from" (the hand or the discard zone). The input
moves the card under the mouse; what a gesture *means* it hands back as an intent, which
the table applies: dropped on the middle of the table a hand card is to be played
(:class:`PlayCard`); dropped in the discard zone it joins the discard (:class:`ToDiscard`);
anywhere else it slides back. A click plays (or, while the discard is open, moves, or while
a handful is chosen, selects) a card; the arrow keys and Enter do the same. An intent the
table refuses sends its card back (:meth:`TableInput.put_back`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from engine.cards import Card
from game.table.sprites import CardSprite, ease_out_back

if TYPE_CHECKING:
    from game.table.stage import Stage


@dataclass
class Drag:
    card: Card
    sprite: CardSprite
    source: str  # "hand" or "zone"
    offset: tuple[float, float]
    start: tuple[int, int]
    moved: bool = False
    key_at: int | None = None  # chosen with Enter: the card's place in the hand


@dataclass(frozen=True)
class PlayCard:
    """Play ``drag``'s card (a click, a drop on the table, Enter)."""

    drag: Drag


@dataclass(frozen=True)
class ToDiscard:
    """Put ``drag``'s hand card into the discard being made."""

    drag: Drag


@dataclass(frozen=True)
class FromDiscard:
    """Take ``sprite`` out of the discard being made, back into the hand."""

    sprite: CardSprite


@dataclass(frozen=True)
class ToggleHandful:
    """Select or unselect ``drag``'s card for the handful being chosen."""

    drag: Drag


@dataclass(frozen=True)
class PutBack:
    """``drag``'s card goes back where it came from (dropped where it does nothing)."""

    drag: Drag


@dataclass(frozen=True)
class ConfirmDiscard:
    """The discard is complete: send it (Enter, as its button does)."""


Intent = PlayCard | ToDiscard | FromDiscard | ToggleHandful | PutBack | ConfirmDiscard


class TableInput:
    """The drag in progress and the mouse position. ``discarding`` says whether the discard
    zone is open, ``selecting`` whether a handful is being chosen, ``complete`` whether
    the discard may be sent."""

    def __init__(self, table: Stage, discarding: Callable[[], bool],
                 selecting: Callable[[], bool], complete: Callable[[], bool]) -> None:
        self.table = table
        self.discarding = discarding
        self.selecting = selecting
        self.complete = complete
        self.drag: Drag | None = None
        self.mouse = (0, 0)

    # --- events ----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool | Intent:
        """Whether ``event`` was the input's, or what it means the table should do."""
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse = event.pos
        if self.drag is not None:
            return self._drag_event(event)
        table = self.table
        if event.type == pygame.MOUSEMOTION:
            table.hand.hover = table.hand.card_at(event.pos) if table.human is not None else None
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._press(event.pos)
        elif event.type == pygame.KEYDOWN:
            return self._key(event.key)
        return False

    def _press(self, pos: tuple[int, int]) -> bool:
        table = self.table
        if table.human is None:
            return False
        source = "hand"
        card = table.hand.card_at(pos)
        sprite: CardSprite | None = table.hand.sprites[card] if card is not None else None
        if sprite is None and self.discarding():
            sprite = next((s for s in reversed(table.sprites.zone) if s.contains(pos)), None)
            source = "zone"
            card = sprite.card if sprite is not None else None
        if sprite is None or card is None:
            return False
        sprite.stop()
        sprite.y -= sprite.lift
        sprite.lift = sprite.lift_target = 0.0
        sprite.shadow = True
        if source == "hand":
            table.hand.held = card
        self.drag = Drag(card, sprite, source, (sprite.x - pos[0], sprite.y - pos[1]), pos)
        return True

    def _drag_event(self, event: pygame.event.Event) -> bool | Intent:
        drag = self.drag
        assert drag is not None
        lay = self.table.layout
        if event.type == pygame.MOUSEMOTION:
            x, y = event.pos
            if not drag.moved and math.hypot(x - drag.start[0], y - drag.start[1]) > max(
                    4, lay.u(7)):
                drag.moved = True
                drag.sprite.move_to(angle=0.0, width=lay.hand_w * 1.06,
                                    duration=self.table.d(0.12))
            if drag.moved:
                drag.sprite.x = x + drag.offset[0]
                drag.sprite.y = y + drag.offset[1]
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.drag = None
            self.table.hand.held = None
            drag.sprite.finish()
            return self._drop(drag, event.pos) if drag.moved else self._click(drag)
        return event.type == pygame.MOUSEBUTTONDOWN

    def forget(self) -> None:
        """A new picture: no drag (its sprite is gone)."""
        self.drag = None

    def cancel(self) -> Drag | None:
        """Let go of the card being dragged; the drag, for the table to send the card back
        (:meth:`put_back`, or the discard zone's place for a card of the zone)."""
        drag = self.drag
        if drag is None:
            return None
        self.drag = None
        self.table.hand.held = None
        return drag

    def put_back(self, drag: Drag) -> None:
        """Send a dragged hand card back to its place in the hand."""
        table = self.table
        sprite = drag.sprite
        sprite.shadow = False
        slot = table.hand.slot(drag.card)
        if slot is not None and drag.card in table.hand:
            sprite.move_to(slot[0], slot[1], angle=slot[2], width=table.layout.hand_w,
                           duration=table.d(0.3), ease=ease_out_back)
        else:
            table.hand.layout(table.layout, table.d(0.3))

    def _click(self, drag: Drag) -> Intent:
        drag.sprite.shadow = False
        if self.selecting() and drag.source == "hand":
            return ToggleHandful(drag)
        if self.discarding():
            return FromDiscard(drag.sprite) if drag.source == "zone" else ToDiscard(drag)
        return PlayCard(drag)

    def _drop(self, drag: Drag, pos: tuple[int, int]) -> Intent:
        """What a card dropped at ``pos`` is to do."""
        table = self.table
        lay = table.layout
        if self.discarding():
            in_zone = lay.discard_rect.inflate(lay.u(40), lay.u(40)).collidepoint(pos)
            if drag.source == "hand" and in_zone:
                return ToDiscard(drag)
            if drag.source == "zone" and not in_zone:
                return FromDiscard(drag.sprite)
            return PutBack(drag)
        if self.selecting():
            return PutBack(drag)
        on_table = (lay.panel_rect.collidepoint(pos) or lay.trick_rect.collidepoint(pos)) and (
            not lay.hand_rect.collidepoint(pos))
        if on_table:
            return PlayCard(drag)
        if not lay.hand_rect.collidepoint(pos):
            table.toast.show(table.tr("table_drop_on_table"), 2.5, warning=False)
        return PutBack(drag)

    def after(self, intent: Intent) -> None:
        """An intent chosen with Enter has been applied: the keyboard's focus moves on. In
        the discard, to the next card to choose from; a card played ends the turn, and the
        next one starts from the hand's end."""
        if isinstance(intent, FromDiscard | ConfirmDiscard):
            return
        drag = intent.drag
        if drag.key_at is None:
            return
        hand = self.table.hand
        if drag.card not in hand:
            left = hand.order
            hand.focus = (left[min(drag.key_at, len(left) - 1)]
                          if self.discarding() and left else None)

    def _key(self, key: int) -> bool | Intent:
        table = self.table
        hand = table.hand
        order = hand.order
        if not order or table.human is None:
            return False
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            # round the hand, past either end to the other, over the cards that are dimmed
            # (not to be played or discarded now) while any other may be chosen
            live = [c for c in order if c not in hand.dimmed] or list(order)
            step = 1 if key == pygame.K_RIGHT else -1
            if hand.focus not in order:
                hand.focus = live[0] if step == 1 else live[-1]
            else:
                i = order.index(hand.focus)
                for _ in range(len(order)):
                    i = (i + step) % len(order)
                    if order[i] in live:
                        break
                hand.focus = order[i]
            return True
        zone = table.sprites.zone
        if self.discarding() and key in (pygame.K_RETURN, pygame.K_KP_ENTER) and (
                self.complete()):
            return ConfirmDiscard()  # the discard is made: Enter sends it, as the button does
        if self.discarding() and key in (pygame.K_BACKSPACE, pygame.K_DELETE) and zone:
            return FromDiscard(zone[-1])  # the last card chosen goes back to the hand
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            card = hand.focus
            if card is None or card not in hand:
                return False
            at = order.index(card)
            sprite = hand.sprites[card]
            sprite.y -= sprite.lift
            sprite.lift = sprite.lift_target = 0.0
            return self._click(Drag(card, sprite, "hand", (0.0, 0.0), (0, 0), key_at=at))
        return False


__all__ = ["ConfirmDiscard", "Drag", "FromDiscard", "Intent", "PlayCard", "PutBack",
           "TableInput", "ToDiscard", "ToggleHandful"]
