"""The dialogs of the table: the decisions the human answers in a panel.

The table asks :func:`panel_for` which dialog, if any, the human (``scene.view.seat``) must
answer now, lays it out in its centre area and hands it the events first:

* :class:`BiddingPanel` — the human's bid: the bids so far and one button per legal bid;
* :class:`CallPanel` — five players, the taker calls a card, shown as card images;
* :class:`SlamPanel` — the taker may announce a slam;
* :class:`HandfulPanel` — before the first card, a handful may be shown: pick a level, then
  choose the trumps by clicking hand cards (the table's ``selection_mode``);
* :class:`MiserePanel` — with the misère variant, before the first card.

A hint (``panel.hinted``, an action set by the table's hint) draws a halo around the button
that would make that choice (for a card to play, or no declaration, while an offer is open:
the button that declines it), or around the card to call.

A panel only *offers*: every choice goes through ``scene.submit(action)``, so the engine
decides, and a refusal shows in the table's toast. ``panel_for`` returns the same panel while
the same decision is pending, so a panel keeps its state (a handful being chosen) however
often the table asks. A handful or misère the player declined is not offered again in the
same deal.

Every size is a design size for a 1280 x 720 window, multiplied by the ``unit`` given to
:meth:`Panel.layout`.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from engine import cards as C
from engine.actions import AnnounceMisere, Bid, Call, DecideSlam, Play, ShowHandful
from engine.ai import options as O
from engine.state import Phase
from game.app.assets import CARD_RATIO
from game.app.i18n import card_name, seat_name, suit_name
from game.app.widgets import (
    BUTTON,
    BUTTON_DOWN,
    BUTTON_HOVER,
    BUTTON_OFF,
    GOLD,
    HIGHLIGHT,
    TEXT,
    TEXT_DIM,
    WARNING,
    Button,
    blit_text,
    draw_panel,
    wrap_text,
)

GOOD = (140, 220, 140)
HINT = (120, 240, 150)  # the halo of a hinted choice (the hand's hinted card glows the same)
PANEL_COLOR = (14, 34, 26, 236)  # a little more solid than the default: cards show beneath
PAD = 26  # inner margin of a panel
GAP = 14  # between blocks
TITLE_SIZE = 36
BODY_SIZE = 24
SMALL_SIZE = 19
BUTTON_H = 50
BUTTON_MIN_W = 130
WIDTH = 600  # preferred panel width


def signed(value: int | float) -> str:
    """``+20``, ``−20`` (a true minus sign), ``0``."""
    text = f"{abs(value):g}"
    if value > 0:
        return "+" + text
    if value < 0:
        return "\u2212" + text
    return text


def seat_names(scene: Any) -> list[str]:
    """The seats' names as the table shows them: the table's own ``name(seat)`` when it has
    one, else the players' names of the table or its controller, else the seats' directions
    (South, East…)."""
    app = scene.app
    view = getattr(scene, "view", None)
    players = view.players if view is not None else scene.controller.match.players
    namer = getattr(scene, "name", None)
    if callable(namer):
        return [str(namer(s)) for s in range(players)]
    for owner in (scene, getattr(scene, "controller", None)):
        names = getattr(owner, "names", None)
        if isinstance(names, list | tuple) and len(names) == players and all(
                isinstance(n, str) and n for n in names):
            return list(names)
    return [seat_name(s, players, app.settings.language) for s in range(players)]


# --- buttons ----------------------------------------------------------------------------------


@dataclass
class ChoiceButton(Button):
    """A panel button with an optional note under the label and a key hint in the corner."""

    note: str = ""
    hint: str = ""
    primary: bool = False
    extra: dict[str, Any] = field(default_factory=dict)

    def draw(self, surface: pygame.Surface, assets: Any, unit: float) -> None:
        if not self.enabled:
            color = BUTTON_OFF
        elif self._down:
            color = BUTTON_DOWN
        elif self._hover or self.selected:
            color = BUTTON_HOVER
        else:
            color = BUTTON
        if self.primary and self.enabled and not self._down:
            color = tuple(min(255, c + 14) for c in color)  # type: ignore[assignment]
        radius = max(3, int(10 * unit))
        pygame.draw.rect(surface, (0, 0, 0), self.rect.move(0, max(1, int(3 * unit))),
                         border_radius=radius)
        pygame.draw.rect(surface, color, self.rect, border_radius=radius)
        edge = HIGHLIGHT if (self.selected or self._hover) and self.enabled else GOLD
        pygame.draw.rect(surface, edge if self.enabled else TEXT_DIM, self.rect,
                         max(1, int((3 if self.selected else 2) * unit)), border_radius=radius)
        ink = TEXT if self.enabled else TEXT_DIM
        size = min(self.rect.height * 0.46, 25 * unit)
        if self.note:
            note_size = size * 0.72
            blit_text(surface, assets, self.label, size,
                      (self.rect.centerx, self.rect.centery - note_size * 0.45), ink)
            blit_text(surface, assets, self.note, note_size,
                      (self.rect.centerx, self.rect.centery + size * 0.55),
                      GOLD if self.enabled else TEXT_DIM, shadow=False)
        else:
            blit_text(surface, assets, self.label, size, self.rect.center, ink)
        if self.hint:
            pad = int(6 * unit)
            blit_text(surface, assets, self.hint, 16 * unit,
                      (self.rect.right - pad, self.rect.top + pad), TEXT_DIM,
                      anchor="topright", shadow=False)

    def natural_width(self, assets: Any, unit: float) -> int:
        """Wide enough for the label (and note) with the key hint clear of it."""
        size = int(25 * unit)
        width = assets.font(size).size(self.label)[0]
        if self.note:
            width = max(width, assets.font(int(size * 0.72)).size(self.note)[0])
        hint = assets.font(int(16 * unit)).size(self.hint)[0] + 8 * unit if self.hint else 0
        return int(width + 2 * hint + 36 * unit)


# --- the base panel ------------------------------------------------------------------------------


class Panel:
    """A dialog drawn over the table: a title, a few lines of text, some content, buttons.

    Subclasses fill :meth:`title`, :meth:`paragraphs`, the buttons and, when they show more
    than text (cards, a list of bids), :meth:`content_size`, :meth:`place_content` and
    :meth:`draw_content`.
    """

    width = WIDTH
    color = PANEL_COLOR

    def __init__(self, scene: Any) -> None:
        self.scene = scene
        self.app = scene.app
        self.done = False
        self.unit = 1.0
        self.area = pygame.Rect(0, 0, 0, 0)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[ChoiceButton] = []
        self.keys: dict[int, Callable[[], None]] = {}
        self.hinted: Any = None  # the action a hint suggests (see hinted_buttons)
        self._lines: list[tuple[str, int, tuple[int, int, int], int]] = []  # text, size, color, y
        self._title_y = 0
        self._content = pygame.Rect(0, 0, 0, 0)

    # --- to override -------------------------------------------------------------------------
    def title(self) -> str:
        return ""

    def paragraphs(self) -> list[tuple[str, str]]:
        """Text under the title: ``(text, style)`` with style ``body``, ``dim``, ``warn``,
        ``good`` or ``small``."""
        return []

    def content_size(self, width: int, height: int) -> tuple[int, int]:
        """The size of the area between the text and the buttons (0 x 0: none), given at most
        ``width`` and, if it can, ``height`` pixels."""
        return 0, 0

    def place_content(self, rect: pygame.Rect) -> None:
        """Lay out what :meth:`draw_content` draws in ``rect``."""

    def draw_content(self, surface: pygame.Surface) -> None:
        pass

    def content_event(self, event: pygame.event.Event) -> bool:
        return False

    # --- helpers -------------------------------------------------------------------------------
    @property
    def view(self) -> Any:
        return self.scene.view

    def tr(self, key: str, **values: object) -> str:
        return str(self.app.tr(key, **values))

    def px(self, design: float) -> int:
        return max(1, round(design * self.unit))

    def seat(self, seat: int) -> str:
        names = seat_names(self.scene)
        return names[seat] if 0 <= seat < len(names) else str(seat)

    def add_button(self, label: str, on_click: Callable[[], None], *, note: str = "",
                   hint: str = "", keys: Sequence[int] = (), primary: bool = False,
                   selected: bool = False, action: Any = None) -> ChoiceButton:
        """``action``: what the button chooses (an engine action, or ``"decline"`` for a
        button that turns an offer down), so that a hint can point at it."""
        button = ChoiceButton(label, on_click, note=note, hint=hint, primary=primary,
                              selected=selected)
        if action is not None:
            button.extra["action"] = action
        self.buttons.append(button)
        for key in keys:
            self.keys[key] = on_click
        return button

    def submit(self, action: Any, sound: str | None = None) -> bool:
        """Send ``action`` through the table; the panel closes when the engine accepts it."""
        if self.done:
            return False
        ok = bool(self.scene.submit(action))
        if ok:
            if sound:
                self.play_sound(sound)
            self.close()
        return ok

    def play_sound(self, name: str) -> None:
        """Through the table when it has its own (it keeps one sound from playing twice)."""
        table_sound = getattr(self.scene, "sound", None)
        if callable(table_sound):
            table_sound(name)
        else:
            self.app.sounds.play(name)

    def close(self) -> None:
        self.done = True

    def hinted_buttons(self) -> list[ChoiceButton]:
        """The buttons that carry out the hinted action (a card to play, with an offer open:
        the buttons that decline the offer)."""
        hinted = self.hinted
        if hinted is None:
            return []
        out = []
        for button in self.buttons:
            action = button.extra.get("action")
            if action is None:
                continue
            declines = isinstance(hinted, Play) or (isinstance(hinted, ShowHandful)
                                                    and not hinted.cards)
            if action == hinted or (action == "decline" and declines) or (
                    isinstance(hinted, ShowHandful) and isinstance(action, int)
                    and action == len(hinted.cards)):
                out.append(button)
        return out

    def draw_hint(self, surface: pygame.Surface) -> None:
        """A halo around the hinted buttons."""
        for button in self.hinted_buttons():
            if not button.rect.width:
                continue
            radius = max(3, int(10 * self.unit))
            for grow, alpha in ((self.px(12), 60), (self.px(7), 120)):
                halo = button.rect.inflate(grow, grow)
                layer = pygame.Surface(halo.size, pygame.SRCALPHA)
                pygame.draw.rect(layer, (*HINT, alpha), layer.get_rect(),
                                 max(2, self.px(4)), border_radius=radius + grow // 2)
                surface.blit(layer, halo.topleft)
            pygame.draw.rect(surface, HINT, button.rect.inflate(self.px(4), self.px(4)),
                             max(2, self.px(3)), border_radius=radius + self.px(2))

    # --- layout ----------------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect, unit: float) -> None:
        """Size the panel to its content and centre it on ``rect`` (kept inside the window)."""
        self.area = pygame.Rect(rect)
        self.unit = unit
        self.relayout()

    def relayout(self) -> None:
        screen_w, screen_h = self.app.size
        margin = self.px(10)
        screen = pygame.Rect(margin, margin, screen_w - 2 * margin, screen_h - 2 * margin)
        area = pygame.Rect(self.area) if self.area.width and self.area.height else screen
        pad, gap = self.px(PAD), self.px(GAP)
        widths = [max(b.natural_width(self.app.assets, self.unit), self.px(BUTTON_MIN_W))
                  for b in self.buttons]
        row_w = sum(widths) + gap * max(0, len(widths) - 1)
        max_w = max(area.width, min(screen.width, self.px(self.width)))
        content_w, _ = self.content_size(self.px(self.width) - 2 * pad, screen.height)
        width = min(max_w, max(self.px(self.width), row_w + 2 * pad, content_w + 2 * pad))
        inner = width - 2 * pad
        # the title and the text
        lines: list[tuple[str, int, tuple[int, int, int], int]] = []
        y = pad
        title_size = self.px(TITLE_SIZE)
        if self.title():
            self._title_y = y + title_size // 2
            y += title_size + gap // 2
        colors = {"body": TEXT, "dim": TEXT_DIM, "warn": WARNING, "good": GOOD,
                  "small": TEXT_DIM, "gold": GOLD}
        for text, style in self.paragraphs():
            size = self.px(SMALL_SIZE if style == "small" else BODY_SIZE)
            for line in wrap_text(self.app.assets, text, size, inner):
                lines.append((line, size, colors.get(style, TEXT), y + size // 2))
                y += int(size * 1.18)
            y += self.px(4)
        # the buttons, in one row when squeezing them a little is enough, else in rows
        gaps = gap * max(0, len(widths) - 1)
        if widths and sum(widths) + gaps > inner:
            factor = (inner - gaps) / sum(widths)
            if factor >= 0.8:
                widths = [int(w * factor) for w in widths]
        rows: list[list[int]] = [[]]
        used = 0
        for i, w in enumerate(widths):
            if rows[-1] and used + gap + w > inner:
                rows.append([])
                used = 0
            used += (gap if rows[-1] else 0) + w
            rows[-1].append(i)
        rows = [row for row in rows if row]
        button_h = self.px(BUTTON_H) + (self.px(10) if any(b.note for b in self.buttons) else 0)
        buttons_h = len(rows) * button_h + max(0, len(rows) - 1) * gap
        # the content gets what is left of the area (at least a little)
        fixed = y + (gap + self.px(4) + buttons_h if rows else 0) + pad
        room = max(area.height, screen.height if self.area.height == 0 else 0) - fixed - gap
        content_w, content_h = self.content_size(inner, max(self.px(40), room))
        if content_h:
            y += gap // 2
            self._content = pygame.Rect(pad + (inner - content_w) // 2, y, content_w, content_h)
            y += content_h
        else:
            self._content = pygame.Rect(pad, y, inner, 0)
        placed: list[tuple[int, pygame.Rect]] = []
        if rows:
            y += gap + self.px(4)
            for row in rows:
                total = sum(widths[i] for i in row) + gap * (len(row) - 1)
                x = pad + (inner - total) // 2
                for i in row:
                    placed.append((i, pygame.Rect(x, y, widths[i], button_h)))
                    x += widths[i] + gap
                y += button_h + gap
            y -= gap
        height = y + pad
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = area.center
        if self.rect.height <= area.height and self.rect.width <= area.width:
            self.rect.clamp_ip(area)
        elif self.rect.height > area.height:
            self.rect.bottom = area.bottom  # grow upward: the hand below stays in sight
        self.rect.clamp_ip(screen)
        ox, oy = self.rect.topleft
        for i, r in placed:
            self.buttons[i].rect = r.move(ox, oy)
        self._title_y += oy
        self._lines = [(t, s, c, ly + oy) for t, s, c, ly in lines]
        self._content = self._content.move(ox, oy)
        self.place_content(self._content)

    # --- events and drawing ------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """True when the panel used ``event`` (the table then ignores it)."""
        if self.done:
            return False
        for button in list(self.buttons):
            if button.handle_event(event):
                return True
            if self.done:
                return True
        if self.content_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key in self.keys:
            self.keys[event.key]()
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return bool(self.rect.collidepoint(event.pos))
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        if self.done:
            return
        assets = self.app.assets
        draw_panel(surface, self.rect, self.unit, self.color)
        title = self.title()
        if title:
            blit_text(surface, assets, title, self.px(TITLE_SIZE),
                      (self.rect.centerx, self._title_y), GOLD)
        for text, size, color, y in self._lines:
            blit_text(surface, assets, text, size, (self.rect.centerx, y), color,
                      shadow=color is not TEXT_DIM)
        self.draw_content(surface)
        self.draw_hint(surface)
        for button in self.buttons:
            button.draw(surface, assets, self.unit)


# --- bidding -------------------------------------------------------------------------------------

_NUMBER_KEYS = {
    1: (pygame.K_1, pygame.K_KP1),
    2: (pygame.K_2, pygame.K_KP2),
    3: (pygame.K_3, pygame.K_KP3),
    4: (pygame.K_4, pygame.K_KP4),
}


class BiddingPanel(Panel):
    """The human's bid: who said what so far, then Pass and every contract above the best."""

    width = 640

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        view = self.view
        self.best = O.highest_bid(view)
        for bid in O.legal_bids(view):
            if bid.contract is None:
                self.add_button(self.tr("pass"), self._choose(bid), hint="P",
                                keys=(pygame.K_p,), action=bid)
            else:
                contract = view.rules.contract(bid.contract)
                self.add_button(self.tr(contract.name), self._choose(bid),
                                note=f"\u00d7{contract.multiplier}", hint=str(contract.rank),
                                keys=_NUMBER_KEYS.get(contract.rank, ()), action=bid)
        self._cells: list[tuple[pygame.Rect, str, str, str]] = []

    def _choose(self, bid: Bid) -> Callable[[], None]:
        return lambda: self.submit(bid, sound="bid")

    def title(self) -> str:
        return self.tr("panel_bid_title")

    def paragraphs(self) -> list[tuple[str, str]]:
        if self.best is None:
            return [(self.tr("panel_bid_open"), "dim")]
        return [(self.tr("panel_bid_to_beat", contract=self.tr(self.best.name)), "body")]

    def content_size(self, width: int, height: int) -> tuple[int, int]:
        n = self.view.players
        return min(width, n * self.px(112) + (n - 1) * self.px(8)), self.px(62)

    def place_content(self, rect: pygame.Rect) -> None:
        view = self.view
        n = view.players
        said = dict(view.bids)
        best_seat = None
        if self.best is not None:
            best_seat = next(s for s, c in view.bids if c == self.best.name)
        gap = self.px(8)
        cell_w = (rect.width - gap * (n - 1)) // n
        self._cells = []
        for i in range(n):
            seat = (view.dealer + 1 + i) % n
            cell = pygame.Rect(rect.x + i * (cell_w + gap), rect.y, cell_w, rect.height)
            if seat in said:
                contract = said[seat]
                text = self.tr(contract) if contract else self.tr("pass")
                style = "best" if seat == best_seat else ("pass" if contract is None else "bid")
            elif seat == view.seat:
                text, style = self.tr("panel_bid_you"), "you"
            else:
                text, style = "\u2026", "later"
            self._cells.append((cell, self.seat(seat), text, style))

    def draw_content(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        radius = self.px(8)
        for cell, name, text, style in self._cells:
            fill = (255, 255, 255, 18) if style != "you" else (255, 214, 90, 40)
            chip = pygame.Surface(cell.size, pygame.SRCALPHA)
            pygame.draw.rect(chip, fill, chip.get_rect(), border_radius=radius)
            surface.blit(chip, cell.topleft)
            if style in ("you", "best"):
                pygame.draw.rect(surface, HIGHLIGHT if style == "you" else GOLD, cell,
                                 max(1, self.px(2)), border_radius=radius)
            blit_text(surface, assets, name, self.px(SMALL_SIZE),
                      (cell.centerx, cell.top + cell.height * 0.3), TEXT_DIM, shadow=False)
            color = {"best": HIGHLIGHT, "bid": TEXT, "pass": TEXT_DIM, "you": HIGHLIGHT,
                     "later": TEXT_DIM}[style]
            blit_text(surface, assets, text, self.px(23),
                      (cell.centerx, cell.top + cell.height * 0.68), color)


# --- the five-player call ------------------------------------------------------------------------


class CallPanel(Panel):
    """Five players: the taker calls a card, clicked among card images."""

    width = 640

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        view = self.view
        self.any_card = view.rules.five_player_call == "any"
        if self.any_card:
            self.width = 820
        self.cards = O.callable_cards(view)
        self.hover: int | None = None
        self.pressed: int | None = None
        self.card_rects: dict[int, pygame.Rect] = {}
        self._order: list[int] = []  # drawing order
        self._rows: list[tuple[str, int]] = []  # row label and its y
        self._geometry = (80, 92, 0, 0, 0)

    def title(self) -> str:
        if self.any_card:
            return self.tr("panel_call_any")
        lowest = min(C.rank_of(c) for c in self.cards)
        key = {C.KING: "panel_call_king", C.QUEEN: "panel_call_queen",
               C.KNIGHT: "panel_call_knight", C.JACK: "panel_call_jack"}[lowest]
        return self.tr(key)

    def paragraphs(self) -> list[tuple[str, str]]:
        out = [(self.tr("panel_call_help"), "body")]
        if not self.any_card and len(self.cards) > 4:
            out.append((self.tr("panel_call_lower"), "dim"))
        hovered = self.hover
        if hovered is not None:
            name = card_name(hovered, self.app.settings.language)
            name = name[:1].upper() + name[1:]
            if self.view.hand_mask >> hovered & 1:
                out.append((f"{name}: {self.tr('panel_call_own')}", "gold"))
            else:
                out.append((name, "gold"))
        else:
            out.append((self.tr("panel_call_click"), "dim"))
        return out

    # rows of cards: one row of heads, or one row per suit when any card may be called
    def _groups(self) -> list[tuple[str, list[int]]]:
        lang = self.app.settings.language
        if self.any_card:
            groups = [(suit_name(s, lang).capitalize(),
                       [c for c in self.cards if C.suit_of(c) == s]) for s in range(4)]
            trumps = [c for c in self.cards if C.suit_of(c) in (C.TRUMP, C.EXCUSE_SUIT)]
            groups.append((suit_name(C.TRUMP, lang).capitalize(), trumps))
            return [g for g in groups if g[1]]
        return [("", sorted(self.cards, key=lambda c: (-C.rank_of(c), C.suit_of(c))))]

    def content_size(self, width: int, height: int) -> tuple[int, int]:
        """Card width, steps and label width that fit ``width`` x ``height`` (kept in
        ``_geometry``); the cards never get smaller than a readable size."""
        groups = self._groups()
        lift = self.px(12)
        longest = max(len(cards) for _, cards in groups)
        if self.any_card:
            label_w = self.px(100)
            overlap = 0.44  # of a card's height: the corner index stays visible
            fit_h = (height - lift) / (1 + overlap * (len(groups) - 1)) / CARD_RATIO
            card_w = int(max(self.px(50), min(self.px(60), fit_h)))
            step = int(card_w * 0.62)  # narrowed per row in place_content when needed
            row_step = int(card_w * CARD_RATIO * overlap)
            group_gap = 0
        else:
            label_w, row_step = 0, 0
            fit_h = (height - lift - self.px(4)) / CARD_RATIO
            card_w = int(max(self.px(64), min(self.px(96), fit_h)))
            group_gap = self.px(16) if longest > 4 else 0
            groups_n = (longest + 3) // 4
            step = card_w + self.px(12)
            room = width - card_w - group_gap * (groups_n - 1)
            if step * (longest - 1) > room:
                step = room // max(1, longest - 1)
        self._geometry = (card_w, step, row_step, label_w, group_gap)
        w = label_w + (longest - 1) * step + card_w + group_gap * ((longest - 1) // 4)
        h = (len(groups) - 1) * row_step + int(card_w * CARD_RATIO) + lift
        return min(w, width), h

    def place_content(self, rect: pygame.Rect) -> None:
        card_w, step, row_step, label_w, group_gap = self._geometry
        self.card_rects = {}
        self._order = []
        self._rows = []
        card_h = int(card_w * CARD_RATIO)
        lift = self.px(12)
        for row, (label, cards) in enumerate(self._groups()):
            y = rect.y + lift + row * row_step
            x = rect.x + label_w
            self._rows.append((label, y + int(card_h * 0.12)))
            if self.any_card and len(cards) > 1:
                step = min(self._geometry[1], (rect.right - x - card_w) // (len(cards) - 1))
            for i, card in enumerate(cards):
                if i and i % 4 == 0 and not self.any_card:
                    x += group_gap
                self.card_rects[card] = pygame.Rect(x, y, card_w, card_h)
                self._order.append(card)
                x += step

    def card_at(self, pos: tuple[int, int]) -> int | None:
        for card in reversed(self._order):
            if self.card_rects[card].collidepoint(pos):
                return card
        return None

    def content_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            card = self.card_at(event.pos)
            if card != self.hover:
                self.hover = card
                self.relayout()
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = self.card_at(event.pos)
            return self.pressed is not None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            card, self.pressed = self.card_at(event.pos), None
            if card is not None:
                self.submit(Call(card), sound="bid")
                return True
        return False

    def draw_content(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        four = self.app.settings.four_colour
        for label, y in self._rows:
            if label:
                blit_text(surface, assets, label, self.px(SMALL_SIZE + 1),
                          (self._content.x, y), TEXT_DIM, anchor="midleft", shadow=False)
        hand = self.view.hand_mask
        if isinstance(self.hinted, Call) and self.hinted.card in self.card_rects:
            rect = self.card_rects[self.hinted.card]
            if self.hinted.card == self.hover:
                rect = rect.move(0, -self.px(12))
            pygame.draw.rect(surface, HINT, rect.inflate(self.px(10), self.px(10)),
                             max(2, self.px(4)), border_radius=self.px(9))
        for card in self._order:
            if card == self.hover:
                continue
            self._draw_card(surface, card, self.card_rects[card], bool(hand >> card & 1), four)
        if self.hover is not None:
            rect = self.card_rects[self.hover].move(0, -self.px(12))
            glow = rect.inflate(self.px(8), self.px(8))
            pygame.draw.rect(surface, HIGHLIGHT, glow, max(2, self.px(3)),
                             border_radius=self.px(8))
            self._draw_card(surface, self.hover, rect, bool(hand >> self.hover & 1), four)

    def _draw_card(self, surface: pygame.Surface, card: int, rect: pygame.Rect, own: bool,
                   four: bool) -> None:
        image = self.app.assets.card(card, rect.width, four)
        surface.blit(image, rect.topleft)
        if own:
            shade = pygame.Surface(image.get_size(), pygame.SRCALPHA)
            shade.fill((0, 0, 0, 70 if self.any_card else 90))
            surface.blit(shade, rect.topleft)
            if not self.any_card:
                tag = pygame.Rect(0, 0, rect.width - self.px(8), self.px(24))
                tag.midbottom = (rect.centerx, rect.bottom - self.px(8))
                pygame.draw.rect(surface, (14, 34, 26), tag, border_radius=self.px(6))
                pygame.draw.rect(surface, GOLD, tag, 1, border_radius=self.px(6))
                blit_text(surface, self.app.assets, self.tr("panel_call_yours"),
                          self.px(17), tag.center, GOLD, shadow=False)


# --- the slam ------------------------------------------------------------------------------------


class SlamPanel(Panel):
    """The taker may announce a slam; No is the default (Enter)."""

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.add_button(self.tr("panel_slam_no"), lambda: self.submit(DecideSlam(False)),
                        hint="Enter", keys=(pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_n),
                        selected=True, primary=True, action=DecideSlam(False))
        self.add_button(self.tr("panel_slam_yes"), lambda: self.submit(DecideSlam(True)),
                        keys=(pygame.K_a,), hint="A", action=DecideSlam(True))

    def title(self) -> str:
        return self.tr("panel_slam_title")

    def paragraphs(self) -> list[tuple[str, str]]:
        slam = self.view.rules.slam
        return [
            (self.tr("panel_slam_help"), "body"),
            (self.tr("panel_slam_values", made=signed(slam.announced_made),
                     failed=signed(slam.announced_failed)), "dim"),
        ]


# --- the handful ---------------------------------------------------------------------------------


class HandfulPanel(Panel):
    """Before the first card: offer the handfuls the hand allows, then let the player choose
    the trumps to show by clicking hand cards (the table's selection mode)."""

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.options = O.handful_options(self.view)
        self.option: O.HandfulOption | None = None
        self._preview: list[tuple[int, pygame.Rect]] = []
        self._shown: list[int] = []
        self._preview_w = 0
        self._offer()

    # the two steps
    def _offer(self) -> None:
        self.buttons, self.keys = [], {}
        rules = self.view.rules
        for i, option in enumerate(self.options):
            bonus = rules.handful_bonus[i]
            self.add_button(self.tr(f"panel_handful_show_{option.level}"), self._pick(option),
                            note=self.tr("panel_handful_note", count=option.size, bonus=bonus),
                            hint=str(i + 1), keys=_NUMBER_KEYS.get(i + 1, ()),
                            action=option.size)
        self.add_button(self.tr("panel_no_thanks"), self.decline, hint="N",
                        keys=(pygame.K_n,), action="decline")

    def _pick(self, option: O.HandfulOption) -> Callable[[], None]:
        return lambda: self.choose_level(option)

    def choose_level(self, option: O.HandfulOption) -> None:
        """Start choosing the trumps of ``option``: the lowest are preselected."""
        self.option = option
        self.scene.selection_mode = True
        self.scene.hand_selection.clear()
        self.scene.hand_selection.update(O.handful_cards(option))
        self.buttons, self.keys = [], {}
        self.add_button(self.tr("back"), self.back, keys=(pygame.K_BACKSPACE,))
        self.confirm_button = self.add_button(
            self.tr("panel_handful_confirm"), self.confirm, hint="Enter",
            keys=(pygame.K_RETURN, pygame.K_KP_ENTER), primary=True, action=option.size)
        self._refresh()

    def back(self) -> None:
        self.option = None
        self._leave_selection()
        self._offer()
        self._refresh()

    def decline(self) -> None:
        _memory(self.scene).declined.add("handful")
        self._leave_selection()
        self.close()

    def confirm(self) -> None:
        problem = self.problem()
        if problem:
            self.scene.toast.show(problem)
            return
        cards = tuple(sorted(self.chosen()))
        if self.submit(ShowHandful(cards)):
            self._leave_selection()

    def _leave_selection(self) -> None:
        self.scene.selection_mode = False
        self.scene.hand_selection.clear()

    def _refresh(self) -> None:
        if self.option is not None:
            self.confirm_button.enabled = self.problem() is None
        if self.area.width or self.rect.width:
            self.relayout()

    # the choice
    def chosen(self) -> list[int]:
        return sorted(c for c in self.scene.hand_selection if self.view.hand_mask >> c & 1)

    def problem(self) -> str | None:
        """Why the current choice cannot be shown, or ``None``."""
        option = self.option
        if option is None:
            return None
        chosen = self.chosen()
        if any(not (C.is_trump(c) or c == C.EXCUSE) for c in chosen):
            return self.tr("panel_handful_only_trumps")
        hidden = self.view.hand_mask & C.TRUMP_MASK & ~C.mask_of(chosen)
        if C.EXCUSE in chosen and hidden:
            return self.tr("panel_handful_excuse")
        if len(chosen) < option.size:
            return self.tr("panel_handful_more", n=option.size - len(chosen))
        if len(chosen) > option.size:
            return self.tr("panel_handful_fewer", n=len(chosen) - option.size)
        return None

    def update(self, dt: float) -> None:
        if self.option is not None:
            ok = self.problem() is None
            if ok != self.confirm_button.enabled or self._shown != self.chosen():
                self._refresh()

    # text and content
    def title(self) -> str:
        if self.option is None:
            return self.tr("panel_handful_title")
        return self.tr(f"panel_handful_{self.option.level}")

    def paragraphs(self) -> list[tuple[str, str]]:
        view = self.view
        if self.option is None:
            trumps = (view.hand_mask & C.TRUMP_MASK).bit_count()
            excuse = self.tr("panel_handful_and_excuse") if view.hand_mask & C.EXCUSE_BIT else ""
            return [(self.tr("panel_handful_help", trumps=trumps, excuse=excuse), "body"),
                    (self.tr("panel_handful_bonus_rule"), "dim")]
        problem = self.problem()
        count = self.tr("panel_handful_chosen", n=len(self.chosen()), total=self.option.size)
        status = f"{count} \u00b7 {problem or self.tr('panel_handful_ready')}"
        return [(self.tr("panel_handful_pick"), "dim"), (status, "warn" if problem else "good")]

    def content_size(self, width: int, height: int) -> tuple[int, int]:
        """A small preview of the chosen cards, when there is room for it."""
        self._preview_w = 0
        if self.option is None:
            return 0, 0
        card_w = int(min(self.px(46), height / CARD_RATIO))
        if card_w < self.px(26):
            return 0, 0
        self._preview_w = card_w
        n = max(len(self.chosen()), 1)
        step = min(int(card_w * 0.62), (width - card_w) // max(1, n - 1)) if n > 1 else 0
        return card_w + (n - 1) * step, int(card_w * CARD_RATIO)

    def place_content(self, rect: pygame.Rect) -> None:
        self._shown = self.chosen()
        self._preview = []
        card_w = self._preview_w
        if self.option is None or not self._shown or not card_w:
            return
        cards = sorted(self._shown, key=lambda c: (c != C.EXCUSE, -c))
        n = len(cards)
        step = (rect.width - card_w) // (n - 1) if n > 1 else 0
        for i, card in enumerate(cards):
            self._preview.append((card, pygame.Rect(rect.x + i * step, rect.y, card_w,
                                                    int(card_w * CARD_RATIO))))

    def draw_content(self, surface: pygame.Surface) -> None:
        four = self.app.settings.four_colour
        for card, rect in self._preview:
            surface.blit(self.app.assets.card(card, rect.width, four), rect.topleft)


# --- misères -------------------------------------------------------------------------------------


class MiserePanel(Panel):
    """The misère variant: before the first card, a hand without trumps or heads may say so."""

    width = 720

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.kinds = O.misere_options(self.view)
        for i, kind in enumerate(self.kinds):
            self.add_button(self.tr(f"panel_misere_announce_{kind}"), self._announce(kind),
                            hint=str(i + 1), keys=_NUMBER_KEYS.get(i + 1, ()),
                            action=AnnounceMisere(kind))
        self.add_button(self.tr("panel_no_thanks"), self.decline, hint="N",
                        keys=(pygame.K_n,), action="decline")

    def _announce(self, kind: str) -> Callable[[], None]:
        return lambda: self.submit(AnnounceMisere(kind), sound="bid")

    def decline(self) -> None:
        _memory(self.scene).declined.add("misere")
        self.close()

    def title(self) -> str:
        return self.tr("panel_misere_title")

    def paragraphs(self) -> list[tuple[str, str]]:
        value = self.view.rules.misere_value
        return [(self.tr(f"panel_misere_help_{kind}", value=value), "body")
                for kind in self.kinds]


# --- which panel now -----------------------------------------------------------------------------


@dataclass
class _Memory:
    """What the panels remember per table: the deal, what was declined, the open panel."""

    deal: object = None
    declined: set[str] = field(default_factory=set)
    key: tuple[Any, ...] | None = None
    panel: Panel | None = None


_MEMORIES: weakref.WeakKeyDictionary[Any, _Memory] = weakref.WeakKeyDictionary()


def _deal_key(scene: Any) -> object:
    """Something that changes from one deal to the next."""
    try:
        match = scene.controller.match
        return (len(match.deals), match.current.state.dealer)
    except (AttributeError, ValueError, IndexError):
        view = scene.view
        return (view.dealer, view.players)


def _memory(scene: Any) -> _Memory:
    memory = _MEMORIES.get(scene)
    if memory is None:
        memory = _Memory()
        _MEMORIES[scene] = memory
    deal = _deal_key(scene)
    if memory.deal != deal:
        memory.deal = deal
        memory.declined.clear()
        memory.key, memory.panel = None, None
    return memory


def forget(scene: Any) -> None:
    """Forget the table's open panel and the offers declined in this deal: after an undo the
    dialogs are built again for the restored state (a handful offer comes back when the first
    card is taken back)."""
    memory = _MEMORIES.get(scene)
    if memory is not None:
        memory.declined.clear()
        memory.key, memory.panel = None, None


def pending_panel(scene: Any) -> tuple[tuple[Any, ...], type[Panel]] | None:
    """The decision the human must answer in a panel now, as (key, panel class)."""
    view = scene.view
    if view is None or view.turn != view.seat:
        return None
    memory = _memory(scene)
    seat = view.seat
    if view.phase is Phase.BIDDING and len(view.bids) < view.players:
        return ("bid", len(view.bids)), BiddingPanel
    if view.phase is Phase.CALLING and view.taker == seat:
        return ("call",), CallPanel
    if view.phase is Phase.SLAM and view.taker == seat:
        return ("slam",), SlamPanel
    if view.phase is Phase.PLAYING and O.before_first_card(view):
        if "handful" not in memory.declined and O.handful_options(view):
            return ("handful",), HandfulPanel
        miseres = O.misere_options(view)
        if "misere" not in memory.declined and miseres:
            return ("misere", *miseres), MiserePanel
    return None


def panel_for(scene: Any) -> Panel | None:
    """The dialog the human must answer now, or ``None``.

    While the same decision is pending the same panel is returned, so the table may ask every
    frame; a panel that is done (answered, declined) is not returned again.
    """
    memory = _memory(scene)
    found = pending_panel(scene)
    if found is None:
        memory.key, memory.panel = None, None
        return None
    key, cls = found
    if memory.key == key and memory.panel is not None:
        return None if memory.panel.done else memory.panel
    memory.key, memory.panel = key, cls(scene)
    return memory.panel


__all__ = [
    "BiddingPanel",
    "CallPanel",
    "ChoiceButton",
    "HandfulPanel",
    "MiserePanel",
    "Panel",
    "SlamPanel",
    "forget",
    "panel_for",
    "pending_panel",
    "seat_names",
    "signed",
]
