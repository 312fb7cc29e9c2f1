"""The player's hands on the table: dragging and dropping cards, clicks and keys.

A drag is "a held card and where it came from" (the hand or the discard zone). Dropped on
the middle of the table a hand card is offered to the engine as the player's card; dropped
in the discard zone it joins the discard; anywhere else it slides back. A click plays (or,
while the discard is open, moves) a card; the arrow keys and Enter do the same.

A card offered while a declaration is still open — the handful or misère the player may
announce with their first card — is not played at once: the question is asked first and
the card waits, then is played with the answer. A handful is never lost to a quick hand.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from engine import choices
from engine.actions import Play
from engine.cards import Card
from game.table.sprites import CardSprite, ease_out_back
from game.table.words import refusal_words

if TYPE_CHECKING:
    from game.table.scene import TableScene


@dataclass
class Drag:
    card: Card
    sprite: CardSprite
    source: str  # "hand" or "zone"
    offset: tuple[float, float]
    start: tuple[int, int]
    moved: bool = False


class TableInput:
    """The drag in progress, the card waiting for a declaration, the mouse position."""

    def __init__(self, table: TableScene) -> None:
        self.table = table
        self.drag: Drag | None = None
        self.waiting: Card | None = None  # offered while a declaration was open
        self.mouse = (0, 0)

    # --- playing a card -----------------------------------------------------------------------
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
            table.toast.show(refusal_words(refusal, table.view, table.lang))
            return False
        if table.dialogs.declaration_open():
            self._wait(card)  # the question is asked first; the card follows the answer
            table.toast.show(table.tr("refusal_declare_first"), 3.0, warning=False)
            return False
        return self.send(card, sprite)

    def _wait(self, card: Card) -> None:
        self.waiting = card
        self.table.hand.focus = card  # lit, so that the player sees which card will go

    def send(self, card: Card, sprite: CardSprite | None = None) -> bool:
        table = self.table
        if not table.submit(Play(card)):
            return False
        self.waiting = None
        sprite = sprite or table.hand.sprites.get(card)
        if sprite is not None:
            table.hand.take(card)
            sprite.shadow = True
            table.sprites.pending.append(sprite)
        table.hand.layout(table.layout, table.d(0.25))
        return True

    def play_waiting(self) -> None:
        """At rest: a card offered too soon is played now, once any declaration is answered
        (or refused, with the reason, if it may not be played after all)."""
        table = self.table
        card = self.waiting
        if card is None or table.dialogs.declaration_open():
            return
        self.waiting = None
        if card not in table.hand:
            return
        refusal = choices.play_refusal(table.view, card)
        if refusal is not None:
            table.toast.show(refusal_words(refusal, table.view, table.lang))
            return
        self.send(card)

    # --- events ----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
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
        if sprite is None and table.editor.open:
            sprite = table.editor.card_at(pos)
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

    def _drag_event(self, event: pygame.event.Event) -> bool:
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
            if drag.moved:
                self._drop(drag, event.pos)
            else:
                self._click(drag)
            return True
        return event.type == pygame.MOUSEBUTTONDOWN

    def cancel(self) -> None:
        drag = self.drag
        if drag is None:
            return
        self.drag = None
        self.table.hand.held = None
        self._return(drag)

    def _return(self, drag: Drag) -> None:
        """Send a dragged card back where it came from."""
        table = self.table
        sprite = drag.sprite
        sprite.shadow = False
        if drag.source == "zone" and sprite in table.editor.zone:
            table.editor.place(table.d(0.25))
            return
        slot = table.hand.slot(drag.card)
        if slot is not None and drag.card in table.hand:
            sprite.move_to(slot[0], slot[1], angle=slot[2], width=table.layout.hand_w,
                           duration=table.d(0.3), ease=ease_out_back)
        else:
            table.hand.layout(table.layout, table.d(0.3))

    def _click(self, drag: Drag) -> None:
        table = self.table
        drag.sprite.shadow = False
        card = drag.card
        if table.dialogs.selecting() and drag.source == "hand":
            table.dialogs.toggle_selected(card)
            self._return(drag)
            return
        if table.editor.open:
            if drag.source == "zone":
                table.editor.remove(drag.sprite)
            elif not table.editor.add(drag.sprite):
                self._return(drag)
            return
        if not self.play(drag.sprite):
            self._return(drag)

    def _drop(self, drag: Drag, pos: tuple[int, int]) -> None:
        table = self.table
        lay = table.layout
        if table.editor.open:
            in_zone = lay.discard_rect.inflate(lay.u(40), lay.u(40)).collidepoint(pos)
            if drag.source == "hand" and in_zone:
                if not table.editor.add(drag.sprite):
                    self._return(drag)
            elif drag.source == "zone" and not in_zone:
                table.editor.remove(drag.sprite)
            else:
                self._return(drag)
            return
        if table.dialogs.selecting():
            self._return(drag)
            return
        on_table = (lay.panel_rect.collidepoint(pos) or lay.trick_rect.collidepoint(pos)) and (
            not lay.hand_rect.collidepoint(pos))
        if on_table:
            if not self.play(drag.sprite):
                self._return(drag)
            return
        if not lay.hand_rect.collidepoint(pos):
            table.toast.show(table.tr("table_drop_on_table"), 2.5, warning=False)
        self._return(drag)

    def _key(self, key: int) -> bool:
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
        editor = table.editor
        if editor.open and key in (pygame.K_RETURN, pygame.K_KP_ENTER) and editor.complete():
            editor.confirm()  # the discard is made: Enter sends it, as the button does
            return True
        if editor.open and key in (pygame.K_BACKSPACE, pygame.K_DELETE) and editor.zone:
            editor.remove(editor.zone[-1])  # the last card chosen goes back to the hand
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            card = hand.focus
            if card is None or card not in hand:
                return False
            at = order.index(card)
            sprite = hand.sprites[card]
            sprite.y -= sprite.lift
            sprite.lift = sprite.lift_target = 0.0
            self._click(Drag(card, sprite, "hand", (0.0, 0.0), (0, 0)))
            if card not in hand:
                left = hand.order
                # making the discard, the next card is the next to choose from; a card
                # played ends the turn, and the next one starts from the hand's end
                hand.focus = (left[min(at, len(left) - 1)] if table.editor.open and left
                              else None)
            return True
        return False
