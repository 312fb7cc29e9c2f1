"""The dialogs of the bidding: the player's bid, the five-player call and the slam."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from engine import cards as C
from engine import choices
from engine.actions import Bid, Call, DecideSlam
from game.app.assets import CARD_RATIO
from game.app.i18n import card_name, suit_name
from game.app.widgets import GOLD, HIGHLIGHT, TEXT, TEXT_DIM, blit_text
from game.table.dialogs.base import HINT, SMALL_SIZE, DialogHost, Panel, signed

NUMBER_KEYS = {
    1: (pygame.K_1, pygame.K_KP1),
    2: (pygame.K_2, pygame.K_KP2),
    3: (pygame.K_3, pygame.K_KP3),
    4: (pygame.K_4, pygame.K_KP4),
}


class BiddingPanel(Panel):
    """The human's bid: who said what so far, then Pass and every contract above the best."""

    width = 640

    def __init__(self, host: DialogHost) -> None:
        super().__init__(host)
        view = self.view
        self.best = choices.highest_bid(view)
        for bid in choices.legal_bids(view):
            if bid.contract is None:
                self.add_button(self.tr("pass"), self._choose(bid), hint="P",
                                keys=(pygame.K_p,), action=bid)
            else:
                contract = view.rules.contract(bid.contract)
                self.add_button(self.tr(contract.name), self._choose(bid),
                                note=f"\u00d7{contract.multiplier}", hint=str(contract.rank),
                                keys=NUMBER_KEYS.get(contract.rank, ()), action=bid)
        self._cells: list[tuple[pygame.Rect, str, str, str]] = []

    def _choose(self, bid: Bid) -> Callable[[], object]:
        return lambda: self.submit(bid, sound="bid")

    def title(self) -> str:
        return self.tr("panel_bid_title")

    def paragraphs(self) -> list[tuple[str, str]]:
        if self.best is None:
            spoken = len(self.view.bids)
            if spoken == 0:
                return [(self.tr("panel_bid_open"), "dim")]
            if spoken == self.view.players - 1:  # the last to speak: a pass ends the deal
                return [(self.tr("panel_bid_all_passed"), "body")]
            if spoken == 1:  # one seat is not "everyone": say who
                return [(self.tr("panel_bid_one_passed", name=self.seat(self.view.bids[0][0])),
                         "dim")]
            return [(self.tr("panel_bid_passed_so_far"), "dim")]
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

    def __init__(self, host: DialogHost) -> None:
        super().__init__(host)
        view = self.view
        self.any_card = view.rules.five_player_call == "any"
        if self.any_card:
            self.width = 820
        self.cards = choices.callable_cards(view)
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
                out.append((self.tr("panel_call_card_note", card=name,
                                    note=self.tr("panel_call_own")), "gold"))
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
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
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

    def _key(self, key: int) -> bool:
        """The keyboard's way: arrows move among the cards (round past either end), Enter
        or Space calls the one lit, a digit calls that card of the row."""
        order = self._order
        if not order:
            return False
        step = {pygame.K_RIGHT: 1, pygame.K_DOWN: 1, pygame.K_LEFT: -1, pygame.K_UP: -1}
        if key in step:
            at = order.index(self.hover) if self.hover in order else (
                -1 if step[key] > 0 else len(order))
            self.hover = order[(at + step[key]) % len(order)]
            self.relayout()
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.hover is not None:
                self.submit(Call(self.hover), sound="bid")
            return True  # never to the hand behind the panel
        digit = next((n for n, keys in NUMBER_KEYS.items() if key in keys), None)
        if digit is not None and digit <= len(order) and not self.any_card:
            self.submit(Call(order[digit - 1]), sound="bid")
            return True
        return False

    def draw_content(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        deck = self.app.settings.four_colour, self.app.settings.indices
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
            self._draw_card(surface, card, self.card_rects[card], bool(hand >> card & 1), deck)
        if self.hover is not None:
            rect = self.card_rects[self.hover].move(0, -self.px(12))
            glow = rect.inflate(self.px(8), self.px(8))
            pygame.draw.rect(surface, HIGHLIGHT, glow, max(2, self.px(3)),
                             border_radius=self.px(8))
            self._draw_card(surface, self.hover, rect, bool(hand >> self.hover & 1), deck)

    def _draw_card(self, surface: pygame.Surface, card: int, rect: pygame.Rect, own: bool,
                   deck: tuple[bool, str]) -> None:
        image = self.app.assets.card(card, rect.width, *deck)
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

    def __init__(self, host: DialogHost) -> None:
        super().__init__(host)
        self.add_button(self.tr("panel_slam_no"), lambda: self.submit(DecideSlam(False)),
                        hint=self.tr("key_enter"),
                        keys=(pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_n),
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


