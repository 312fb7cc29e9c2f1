"""The taker's discard, made by dragging cards into a marked zone above the hand.

The editor opens when the table comes to rest with the player as taker and the discard to
make (or when the player reopens a discard already made, until their first card or their
first declaration). Whether a card may join the discard is the engine's answer
(:func:`engine.choices.discard_refusal`), put into words by :mod:`game.table.words`; the
discard is sent as one command once complete and confirmed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from engine import choices
from engine.actions import Discard
from engine.cards import Card
from engine.state import Phase
from engine.views import SeatView
from game.app.widgets import Button
from game.table.sprites import CardSprite

if TYPE_CHECKING:
    from game.table.hosts import EditorHost
    from game.table.stage import Stage


class DiscardEditor:
    """The discard zone, its sprites (the table's ``zone`` layer) and its three buttons."""

    def __init__(self, table: Stage, host: EditorHost) -> None:
        self.table = table
        self.host = host
        self.active = False  # the zone is open
        self.reopened = False  # the player reopened a discard already made
        self.confirm_button = Button(table.tr("table_confirm"), self.confirm)
        self.change_button = Button(table.tr("table_change_discard"), self.reopen)
        self.keep_button = Button(table.tr("table_keep_discard"), self.keep)

    # --- what the view says -------------------------------------------------------------------
    @property
    def open(self) -> bool:
        return self.active

    @property
    def zone(self) -> list[CardSprite]:
        return self.table.sprites.zone

    def cards(self) -> list[Card]:
        return [s.card for s in self.zone if s.card is not None]

    def size(self) -> int:
        view = self.table.view
        return view.rules.setup(view.players).dog

    def wanted(self, view: SeatView) -> bool:
        """Whether the zone should be open for ``view``."""
        table = self.table
        if table.human is None or view.taker != table.me:
            return False
        return view.phase is Phase.DISCARDING or (self.reopened
                                                  and choices.can_change_discard(view))

    def may_reopen(self) -> bool:
        """Whether the "Change the discard" button is offered: the player's turn to play
        their first card, a discard made and still open to change."""
        view = self.table.view
        return (self.table.human is not None and self.table.idle and not self.active
                and view.taker == self.table.me and view.phase is Phase.PLAYING
                and view.turn == self.table.me and bool(view.discard)
                and choices.can_change_discard(view))

    def hand_pool(self, view: SeatView) -> list[Card]:
        """The cards the hand shows: the view's hand (and a reopened discard) less the zone."""
        pool = list(view.hand)
        if self.active and self.reopened and view.discard and view.phase is not Phase.DISCARDING:
            pool += list(view.discard)
        in_zone = set(self.cards())
        return [c for c in pool if c not in in_zone]

    def complete(self) -> bool:
        if not self.active:
            return False
        cards = self.cards()
        return len(cards) == self.size() and choices.discard_refusal(self.table.view,
                                                                     cards) is None

    def help_text(self) -> str:
        if self.complete():
            return self.table.tr("table_discard_ready")
        return self.table.trn("table_discard_help", self.size() - len(self.zone))

    # --- opening and closing --------------------------------------------------------------------
    def refresh(self) -> None:
        """At rest: open or close the zone as the view says."""
        view = self.table.view
        wanted = self.wanted(view)
        if wanted and not self.active and self.host.shows_pending():
            return  # the turned-over dog is still to be shown: the zone would cover it
        if wanted and not self.active:
            self.active = True
            self.table.sprites.zone = []
            if self.reopened and view.discard and view.phase is not Phase.DISCARDING:
                self._fill(view.discard)
        elif not wanted:
            self.active = False
            self.reopened = False
            self.table.sprites.zone = []

    def close(self) -> None:
        """The discard was made (its event is being shown) or the deal moved on."""
        self.active = self.reopened = False

    def _fill(self, cards: tuple[Card, ...]) -> None:
        table = self.table
        positions = table.layout.discard_positions(self.size())
        for card, (x, y) in zip(cards, positions, strict=False):
            sprite = table.hand.take(card) if card in table.hand else None
            if sprite is None:
                sprite = CardSprite(card, x, y, table.layout.trick_w)
            self.zone.append(sprite)
        self.place(table.d(0.3))

    def place(self, duration: float) -> None:
        table = self.table
        positions = table.layout.discard_positions(self.size())
        held = self.host.dragged()
        for sprite, (x, y) in zip(self.zone, positions, strict=False):
            if sprite is not held:
                sprite.move_to(x, y, angle=0.0, width=table.layout.trick_w, duration=duration)

    # --- moving cards -------------------------------------------------------------------------
    def add(self, sprite: CardSprite) -> bool:
        """Put a hand card into the discard (refused, with the reason, when the rules say no)."""
        table = self.table
        assert sprite.card is not None
        refusal = choices.discard_refusal(table.view, [*self.cards(), sprite.card],
                                          complete=False)
        if refusal is not None:
            table.tell_refusal(refusal)
            return False
        table.hand.take(sprite.card)
        sprite.shadow = False
        self.zone.append(sprite)
        self.place(table.d(0.22))
        table.hand.layout(table.layout, table.d(0.22))
        table.sound("card_slide", 0.6)
        return True

    def remove(self, sprite: CardSprite) -> None:
        table = self.table
        if sprite in self.zone:
            self.zone.remove(sprite)
        sprite.shadow = False
        table.hand.add(sprite)
        table.hand.layout(table.layout, table.d(0.22))
        self.place(table.d(0.22))
        table.sound("card_slide", 0.6)

    def choose(self, cards: tuple[Card, ...]) -> None:
        """Make the zone hold ``cards`` (the hint's discard), to be confirmed by the player:
        the zone's other cards go back to the hand first."""
        table = self.table
        for sprite in [s for s in self.zone if s.card not in cards]:
            self.remove(sprite)
        for card in cards:
            held = table.hand.sprites.get(card)
            if held is not None and not self.add(held):
                return

    # --- the buttons ----------------------------------------------------------------------------
    def confirm(self) -> None:
        cards = tuple(sorted(self.cards()))
        if self.host.submit(Discard(cards)):
            self.table.sound("card_slide")

    def reopen(self) -> None:
        if not self.may_reopen():
            return
        self.reopened = True
        self.refresh()

    def keep(self) -> None:
        """Keep the discard as it was: the zone's cards go back where the view has them."""
        self.reopened = False
        self.active = False
        for sprite in self.zone:
            if sprite.card is not None:
                self.table.hand.add(sprite)
        self.table.sprites.zone = []
        self.host.rest()

    def place_buttons(self) -> None:
        lay = self.table.layout
        self.confirm_button.rect = pygame.Rect(lay.confirm_rect)
        keep = pygame.Rect(lay.confirm_rect)
        keep.top = lay.confirm_rect.bottom + lay.u(10)
        self.keep_button.rect = keep
        box = lay.seats[self.table.me].box
        change = pygame.Rect(0, 0, box.width, lay.u(38))
        change.midbottom = (box.centerx, box.top - lay.u(10))
        self.change_button.rect = change

    def relabel(self) -> None:
        self.confirm_button.label = self.table.tr("table_confirm")
        self.change_button.label = self.table.tr("table_change_discard")
        self.keep_button.label = self.table.tr("table_keep_discard")

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.active:
            if self.complete() and self.confirm_button.handle_event(event):
                return True
            return self.reopened and self.keep_button.handle_event(event)
        return self.may_reopen() and self.change_button.handle_event(event)

    def draw_buttons(self, surface: pygame.Surface) -> None:
        assets, unit = self.table.app.assets, self.table.app.unit
        if self.active:
            if self.complete():
                self.confirm_button.draw(surface, assets, unit)
            if self.reopened:
                self.keep_button.draw(surface, assets, unit)
        elif self.may_reopen():
            self.change_button.draw(surface, assets, unit)
