"""Looking back over the table: the last trick, and the cards shown to all this deal.

Each overlay opens from a corner button or the table's menu, or from its key (``L``, ``D``):
a tap of the key opens or closes it as the button does, holding the key shows it only while
held. The cards shown are what the seat's view says was put face up for everyone: the dog
of a Petite or a Garde, the trumps set aside in a discard, each handful (and, to the taker,
their own discard); nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from engine import cards as C
from engine.cards import Card
from engine.legal import HANDFUL_LEVELS
from engine.views import SeatView
from game.app.widgets import GOLD, TEXT_DIM, draw_panel
from game.table.geometry import card_h
from game.table.shown import dog_label_for

if TYPE_CHECKING:
    from game.table.stage import Stage

#: The panel over the table: nearly opaque, so that the cards under it do not show through.
SOLID = (14, 34, 26, 248)
#: Held longer than this (seconds), the key shows its overlay only while held.
HOLD_SECONDS = 0.35


class Overlay:
    """Whether an overlay is on screen: opened (by a click, a tap) or held (by its key)."""

    def __init__(self) -> None:
        self.open = False
        self.held = False
        self._down_at: float | None = None

    @property
    def visible(self) -> bool:
        return self.open or self.held

    def toggle(self) -> None:
        self.open = not self.open

    def close(self) -> None:
        self.open = self.held = False
        self._down_at = None

    def key_down(self, now: float) -> None:
        if self._down_at is None:  # not the key's repeat
            self._down_at = now
            self.held = True

    def key_up(self, now: float) -> None:
        """A tap toggles the overlay; a hold let go hides it again."""
        tapped = self._down_at is not None and now - self._down_at < HOLD_SECONDS
        self.held = False
        self._down_at = None
        if tapped:
            self.toggle()


@dataclass(frozen=True)
class ShownGroup:
    """Cards shown to all, under a label: the dog, a handful, a discard's trumps."""

    label: str
    cards: tuple[Card, ...]


def shown_groups(table: Stage, view: SeatView) -> list[ShownGroup]:
    """What was shown face up to the table so far this deal, as ``view``'s seat knows it."""
    groups: list[ShownGroup] = []
    contract = view.rules.contract(view.contract) if view.contract else None
    if view.dog and contract is not None:
        groups.append(ShownGroup(dog_label_for(table.tr, view, end=not contract.dog_shown),
                                 tuple(C.sort_for_hand(view.dog))))
    if view.discard and view.taker == table.me and table.human is not None:
        groups.append(ShownGroup(table.tr("table_shown_your_discard"),
                                 tuple(C.sort_for_hand(view.discard))))
    elif view.discard_shown and view.taker is not None:
        groups.append(ShownGroup(table.tr("table_shown_discard", name=table.name(view.taker)),
                                 tuple(C.sort_for_hand(view.discard_shown))))
    thresholds = view.rules.handful_thresholds(view.players)
    for seat in sorted(view.handfuls):
        cards = view.handfuls[seat]
        level = (HANDFUL_LEVELS[thresholds.index(len(cards))] if len(cards) in thresholds
                 else "simple")
        label = table.tr("table_shown_handful", name=table.name(seat),
                         handful=table.tr(f"table_handful_{level}"))
        groups.append(ShownGroup(label, tuple(C.sort_for_hand(cards))))
    return groups


def shown_layout(table: Stage, groups: list[ShownGroup]
                 ) -> tuple[pygame.Rect, int, list[tuple[str, int, list[tuple[float, float]]]]]:
    """The panel, the card width, and for each group its label's height (y) and the centres
    of its cards: every row fits the table above the hand."""
    lay = table.layout
    u = lay.u
    area = lay.hint_area()
    label_h = u(30)
    pad = u(18)
    rows = max(1, len(groups))
    room = area.height - 2 * pad - u(52) - rows * (label_h + u(8))
    width = max(u(24), min(round(lay.trick_w * 0.8), int(room / rows / (card_h(1.0) or 1))))
    height = card_h(width)
    most = max((len(g.cards) for g in groups), default=1)
    step_x = min(width * 1.06, (area.width - 2 * pad - width) / max(1, most - 1))
    panel_w = max(u(420), round(width + step_x * (most - 1)) + 2 * pad)
    panel_h = u(40) + rows * (label_h + height + u(8)) + pad + u(12)
    panel = pygame.Rect(0, 0, min(panel_w, area.width), min(panel_h, area.height))
    panel.center = (round(lay.centre[0]), area.centery)
    panel.clamp_ip(area)
    out = []
    y = panel.top + u(40)
    for group in groups:
        n = len(group.cards)
        left = panel.centerx - step_x * (n - 1) / 2
        centres = [(left + i * step_x, y + label_h + height / 2) for i in range(n)]
        out.append((group.label, y + label_h // 2, centres))
        y += label_h + height + u(8)
    return panel, width, out


def draw_shown(table: Stage, surface: pygame.Surface) -> None:
    """The cards shown this deal, in a panel over the table."""
    groups = shown_groups(table, table.view)
    lay = table.layout
    u = lay.u
    panel, width, rows = shown_layout(table, groups)
    draw_panel(surface, panel, table.app.unit, SOLID)
    title = table.tr("table_shown_title")
    table.ink.blit(surface, title, table.ink.fit(title, u(24), panel.width - u(24)),
                   (panel.centerx, panel.top + u(22)), GOLD)
    if not groups:
        table.ink.blit(surface, table.tr("table_shown_nothing"), u(18), panel.center, TEXT_DIM,
                       shadow=False)
    for group, (label, label_y, centres) in zip(groups, rows, strict=True):
        table.ink.blit(surface, label, table.ink.fit(label, u(18), panel.width - u(24)),
                       (panel.centerx, label_y), GOLD, shadow=False)
        for card, (x, y) in zip(group.cards, centres, strict=True):
            image = table.art.image(card, width, 1.0, 0.0)
            surface.blit(image, image.get_rect(center=(round(x), round(y))))
    if table.shown.open:
        table.ink.blit(surface, table.tr("table_close_hint"), u(16),
                       (panel.centerx, panel.bottom - u(10)), TEXT_DIM, shadow=False)


def shown_faces(table: Stage) -> set[Card]:
    """The cards the overlay draws face up now (for the tests that check what is shown)."""
    if not table.shown.visible:
        return set()
    return {card for group in shown_groups(table, table.view) for card in group.cards}


__all__ = ["HOLD_SECONDS", "Overlay", "ShownGroup", "draw_shown", "shown_faces",
           "shown_groups"]
