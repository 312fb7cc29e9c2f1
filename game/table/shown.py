"""What the table shows that depends on the layout or the view but on no one part of the
scene: its sprites moved onto a new layout (a resized window), the discard a table may show,
the label over the cards in the middle."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.cards import Card
from engine.legal import HANDFUL_LEVELS
from engine.views import SeatView
from game.table.layout import TableLayout

if TYPE_CHECKING:
    from game.table.stage import Stage


def lay_sprites_out(table: Stage, lay: TableLayout) -> None:
    """Move every card on ``table`` onto the new layout ``lay``: running tweens jump to their
    end (the animations go on), the hand, the trick, the dog, shown cards, and a card on its
    way to the engine kept inside the window (the discard zone is the editor's to place)."""
    table.sprites.finish()  # running tweens jump to their end; the animations go on
    for sprite in table.hand.sprites.values():
        sprite.finish()
    table.hand.layout(lay, 0)
    for sprite in table.hand.sprites.values():
        sprite.width = lay.hand_w
    for sprite in table.sprites.trick:
        place = lay.seats[sprite.owner if sprite.owner is not None else 0]
        sprite.x, sprite.y = place.trick
        sprite.width, sprite.angle = lay.trick_w, place.trick_angle
    dog = table.sprites.dog
    for sprite, (x, y) in zip(dog, lay.dog_positions(len(dog)), strict=True):
        sprite.x, sprite.y, sprite.width = x, y, lay.dog_w
    for show in table.sprites.shows:
        width = round(lay.trick_w * 0.8)
        for sprite, (x, y) in zip(show.sprites, lay.show_positions(
                show.seat, len(show.sprites), width), strict=True):
            sprite.x, sprite.y, sprite.width = x, y, width
    for sprite in table.sprites.pending:
        sprite.x = min(max(sprite.x, 0), lay.size[0])
        sprite.y = min(max(sprite.y, 0), lay.size[1])


def discard_on_show(table: Stage, view: SeatView) -> tuple[Card, ...]:
    """The discard as ``table`` may show it: to a spectator the taker's discard when the view
    (or a replay's open hands) knows it; otherwise the trumps shown in it."""
    if table.human is None:
        revealed = table.source.revealed()
        if revealed is not None and revealed.discard:
            return revealed.discard
        if view.discard:
            return view.discard
    return view.discard_shown


def dog_label_for(tr: Callable[..., str], view: SeatView, end: bool) -> str:
    """"The dog", or at the end of a Garde sans or contre whose points it counts for."""
    contract = None if view.contract is None else view.rules.contract(view.contract)
    if end and contract is not None and not contract.dog_shown:
        camp = "taker" if contract.dog_to_taker else "defence"
        return tr("table_dog_at_end", camp=tr(f"table_camp_{camp}"))
    return tr("table_dog")


def handful_label(table: Stage, cards: tuple[int, ...]) -> str:
    """The name of a handful of ``cards``: simple, double or triple."""
    thresholds = table.view.rules.handful_thresholds(table.players)
    level = HANDFUL_LEVELS[thresholds.index(len(cards))] if len(cards) in thresholds else (
        "simple")
    return table.tr(f"table_handful_{level}")


__all__ = ["discard_on_show", "dog_label_for", "handful_label", "lay_sprites_out"]
