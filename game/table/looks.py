"""The looks of the player's hand for the moment: the cards it may not choose now dimmed, the
cards selected for a handful raised, the card under the mouse lifted, the glows of the dog's
cards and of the keyboard's focus."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import cards as C
from engine.cards import Card
from engine.state import Phase
from game.table.render import DOG_GLOW, FOCUS_GLOW

if TYPE_CHECKING:
    from game.table.stage import Stage


def hand_looks(table: Stage, selection: set[Card] | None, discarding: bool,
               mouse: tuple[int, int] | None) -> None:
    """Lifts, dimming and glows of ``table``'s hand for the moment: the cards the player may
    not choose now dimmed, the selection raised, the card under the mouse lifted.
    ``selection`` is the handful being chosen (None when none is), ``discarding`` whether
    the discard zone is open, ``mouse`` where the pointer is (None while a card is
    dragged)."""
    hand = table.hand
    view = table.view
    dimmed: set[int] = set()
    if table.human is not None and table.idle:
        if selection is not None:
            dimmed = {c for c in hand.order if not (C.is_trump(c) or c == C.EXCUSE)}
        elif discarding:
            from engine import choices

            allowed = choices.discard_options(view).allowed
            dimmed = {c for c in hand.order if not allowed >> c & 1}
        elif view.phase is Phase.PLAYING and view.turn == table.me:
            legal = set(view.legal_plays)
            dimmed = {c for c in hand.order if c not in legal}
    hand.dimmed = dimmed
    hand.selected = selection or set()
    hand.hover = (hand.card_at(mouse) if mouse is not None and table.human is not None
                  else None)
    lay = table.layout
    hand.update_looks(lay.hover_lift, lay.select_lift, DOG_GLOW if hand.marked else FOCUS_GLOW)
    thin = max(3, lay.hand_w // 22)
    for sprite in hand.sprites.values():
        sprite.glow_grow = thin
    if hand.focus is not None and hand.focus in hand.sprites:
        hand.sprites[hand.focus].glow = FOCUS_GLOW
    for card in hand.marked:
        if card in hand.sprites and card != hand.focus:
            hand.sprites[card].glow = DOG_GLOW



__all__ = ["hand_looks"]
