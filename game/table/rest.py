"""The table at rest: its cards laid out from the view it shows.

When a step's animation ends, or when a view must be shown at once (an undo, a jump in a
replay, the mode switched), the resting cards are laid out from the view alone: the hand,
the trick, the dog face down during the bidding. A picture shown at once is the one just
after its event: the dog face up when it was just turned over, a handful on show, the
discard, and at the end of a deal the dog of a Garde sans or contre (or the discard).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine import cards as C
from engine.cards import Card
from engine.events import Discarded, DogRevealed, Event, HandfulShown
from engine.state import Phase
from engine.views import SeatView
from game.table.layers import Show
from game.table.shown import discard_on_show, handful_label
from game.table.sprites import CardSprite

if TYPE_CHECKING:
    from game.table.stage import Stage


def rest_on(table: Stage, hand: list[Card], animate: bool = False) -> None:
    """Lay the resting cards out as the view has them: ``hand`` (the cards the hand shows),
    the trick, the dog on the table during the bidding."""
    view = table.view
    _set_hand(table, hand, animate)
    lay = table.layout
    trick = table.sprites.trick
    wanted = list(zip(view.trick.seats(table.players), view.trick.cards, strict=True))
    if [(s.owner, s.card) for s in trick] != wanted:
        table.sprites.trick = []
        for seat, card in wanted:
            place = lay.seats[seat]
            sprite = CardSprite(card, *place.trick, lay.trick_w, angle=place.trick_angle)
            sprite.owner = seat
            table.sprites.trick.append(sprite)
    _rest_dog(table, view)
    if not (view.phase is Phase.DISCARDING and view.taker == table.me):
        table.hand.marked.clear()


def _rest_dog(table: Stage, view: SeatView) -> None:
    dog = table.sprites.dog
    if any(s.moving for s in dog) or table.still_life in ("dog", "end"):
        return
    if view.phase in (Phase.BIDDING, Phase.CALLING):
        count = view.rules.setup(table.players).dog
        revealed = table.source.revealed()
        faces: Sequence[Card | None] = (C.sort_for_hand(revealed.dog) if revealed
                                        else [None] * count)
        if [s.card for s in dog] != list(faces):
            table.sprites.dog = [CardSprite(card, x, y, table.layout.dog_w,
                                              face_up=card is not None)
                                   for card, (x, y) in zip(faces, table.layout.dog_positions(
                                       count), strict=False)]
    else:
        table.sprites.dog = []


def _set_hand(table: Stage, cards: list[Card], animate: bool) -> None:
    hand = table.hand
    for card in set(hand.sprites) - set(cards):
        hand.take(card)
    new = set(cards) - set(hand.sprites)
    lay = table.layout
    for card in new:
        hand.add(CardSprite(card, lay.size[0] / 2, lay.hand_rect.bottom, lay.hand_w))
    for card, slot in zip(hand.order, lay.hand_slots(len(hand.order)), strict=True):
        if card in new:
            sprite = hand.sprites[card]
            sprite.x, sprite.y, sprite.angle = slot.x, slot.y, slot.angle
    hand.layout(lay, table.d(0.25) if animate else 0)


def clear_deal(table: Stage) -> None:
    """A new deal is dealt: no card, bubble or picture of the last one stays on the table."""
    table.hand.clear()
    table.sprites.clear()
    table.bubbles = []
    table.close_overlays()
    table.still_life = None


def wipe(table: Stage) -> None:
    """Before a view is shown at once: every animation ends and the table is bare."""
    table.sprites.finish()
    for sprite in table.hand.sprites.values():
        sprite.finish()
    table.sprites.clear()
    table.bubbles.clear()
    table.close_overlays()
    table.still_life = None


def picture_after(table: Stage, view: SeatView, event: Event | None, discarding: bool) -> None:
    """The picture ``event`` leaves, over the table at rest on ``view``: the dog face up
    when it was just turned over, a handful on show, the discard, and at the end of the
    deal the dog of a Garde sans or contre (or the discard)."""
    # the player's own discard to make (a resumed match, an undone discard): the dog is in
    # their hand and the zone (``discarding``) takes the middle, so the turned-over dog is
    # not held up there
    if (isinstance(event, DogRevealed) and view.dog and view.phase is Phase.DISCARDING
            and not discarding):
        _lay_middle(table, C.sort_for_hand(view.dog), "dog")
    elif isinstance(event, HandfulShown):
        _show_at(table, event.seat, event.cards, handful_label(table, event.cards))
    elif isinstance(event, Discarded):
        shown = discard_on_show(table, view)
        if shown:
            label = "table_discard_shown" if shown == view.discard_shown else "table_discard"
            _show_at(table, event.seat, shown, table.tr(label))
    if view.phase is Phase.FINISHED:
        lay_end(table, view)


def leave_still_life(table: Stage) -> None:
    """A step follows a redrawn picture: what the picture held up goes."""
    if table.still_life is not None:
        table.still_life = None
        table.sprites.dog = []
        table.sprites.shows = []


def _lay_middle(table: Stage, cards: Sequence[Card], still_life: str) -> None:
    lay = table.layout
    table.sprites.dog = [CardSprite(card, x, y, lay.dog_w) for card, (x, y) in
                           zip(cards, lay.dog_positions(len(cards)), strict=True)]
    table.still_life = still_life


def lay_end(table: Stage, view: SeatView) -> None:
    """At the end of a deal: the dog of a Garde sans or contre, or the taker's discard,
    face up in the middle (both are known to all once the deal is over)."""
    contract = view.rules.contract(view.contract) if view.contract else None
    cards = view.dog if contract is not None and not contract.dog_shown else view.discard
    if cards:
        _lay_middle(table, C.sort_for_hand(cards), "end")


def _show_at(table: Stage, seat: int, cards: Sequence[Card], label: str) -> None:
    table.still_life = table.still_life or "show"
    lay = table.layout
    width = round(lay.trick_w * 0.8)
    sprites = [CardSprite(card, x, y, width) for card, (x, y) in
               zip(C.sort_for_hand(cards), lay.show_positions(seat, len(cards), width),
                   strict=True)]
    table.sprites.shows.append(Show(seat, sprites, label))
