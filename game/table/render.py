"""Drawing the table. It only reads: the view the table shows, its sprites and its widgets.

Everything drawn face up is a card the seat's view knows (its hand, the cards played, the
dog once shown, its own discard, what was shown to all) — or, in a replay with open hands,
a card the source reveals. :func:`faces_on_show` lists those cards, for the tests that check
it.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from engine import cards as C
from engine.cards import Card
from engine.state import Phase
from game.app.assets import card_height
from game.app.widgets import GOLD, HIGHLIGHT, TEXT, TEXT_DIM, WARNING, draw_panel
from game.table.overlays import draw_shown, shown_faces
from game.table.paint import (
    BAD,
    GOOD,
    draw_badge,
    draw_bubble,
    draw_tag,
    draw_thinking,
    seat_plate,
    signed,
)
from game.table.sprites import CardSprite

if TYPE_CHECKING:
    from game.table.hosts import Parts
    from game.table.layers import Show
    from game.table.stage import Stage

WIN_GLOW = (255, 208, 80)
DOG_GLOW = (120, 196, 255)
FOCUS_GLOW = (255, 255, 255)


def draw(table: Stage, parts: Parts, surface: pygame.Surface) -> None:
    lay = table.layout
    surface.blit(table.app.assets.felt(lay.size), (0, 0))
    _table_marks(table, surface)
    totals, lit = table.totals(), table.turn_lit()
    for seat in range(table.players):
        _seat(table, surface, seat, totals[seat], lit == seat)
    dog = table.sprites.dog
    for sprite in dog:
        sprite.draw(surface, table.art)
    if dog and all(s.face >= 1.0 and not s.moving for s in dog):
        top = min(s.y for s in dog) - lay.trick_h / 2
        draw_tag(surface, table.ink, lay.u, table.dog_label, (lay.centre[0], top - lay.u(6)),
                 "midbottom")
    if parts.editor.open:
        _zone(table, parts, surface)
    if parts.editor.open and table.sprites.trick:
        _trick_aside(table, surface)
    elif parts.dialogs.beside_trick() and not parts.editor.open:
        _trick_beside(table, surface)
    else:
        _trick(table, surface)
    for show in table.sprites.shows:
        _show(table, surface, show)
    for sprite in table.sprites.flying:
        sprite.draw(surface, table.art)
    _scores(table, parts, surface, totals)
    parts.assist.draw_badge(surface)
    for button in parts.buttons.values():
        button.draw(surface, table.app)
    panel = parts.dialogs.open_panel()
    # under the bubbles: what the others say stays in sight
    parts.assist.draw_hint(surface)
    toast = parts.toasts.place(parts.assist.box) if table.toast.visible else None
    for bubble in table.bubbles:
        place = lay.seats[bubble.seat]
        draw_bubble(surface, table.ink, lay.u, bubble, place.bubble, place.bubble_dir)
    # over a bubble it reaches: the line being read comes first; a toast may take its place
    if not table.toast.visible or (toast is not None
                                   and not toast[0].colliderect(lay.status_rect)):
        _status(table, parts, surface)
    if panel is not None and not parts.editor.open:
        panel.draw(surface)
    table.hand.draw(surface, table.art)
    parts.editor.draw_buttons(surface)
    for sprite in table.sprites.pending:
        sprite.draw(surface, table.art)
    drag = parts.input.drag
    if drag is not None:
        drag.sprite.draw(surface, table.art)
    if parts.score_panel is not None:
        parts.score_panel.draw(surface)
        parts.assist.draw_over_score(surface)
    if table.last_trick.visible and table.view.last_trick:
        _last_trick(table, surface)
    if table.shown.visible:
        draw_shown(table, surface)
    _tooltip(table, parts, surface)
    if table.toast.visible:  # where there is room for it, else where the status line is
        table.toast.draw(surface, table.app.assets, table.app.unit,
                         (round(lay.toast_pos[0]), round(lay.toast_pos[1])), toast)


def faces_on_show(table: Stage, parts: Parts) -> set[Card]:
    """Every card the table draws face up now (sprites past half their flip, and the open
    hands of a replay)."""
    out = {s.card for s in table.sprites if s.card is not None and s.is_shown()
           and s.alpha > 0 and s.face >= 0.5}
    out |= {card for card, sprite in table.hand.sprites.items()
            if sprite.is_shown() and sprite.face >= 0.5}
    drag = parts.input.drag
    if drag is not None and drag.sprite.card is not None:
        out.add(drag.sprite.card)
    out |= shown_faces(table)
    if table.last_trick.visible and table.view.last_trick is not None:
        out |= set(table.view.last_trick.cards)
    revealed = table.source.revealed()
    if revealed is not None:
        for seat in range(table.players):
            if seat != table.me:
                out |= set(_open_hand(table, seat))
    return out


def _open_hand(table: Stage, seat: int) -> list[Card]:
    """The cards an opponent's fan shows face up: only with open hands in a replay."""
    revealed = table.source.revealed()
    if revealed is None:
        return []
    count = table.fan_count(seat)
    return C.sort_for_hand(revealed.hands[seat])[:count]


def _tooltip(table: Stage, parts: Parts, surface: pygame.Surface) -> None:
    """The tooltip of the corner button under the mouse, over everything else (over a
    score panel only the undo button's, the one button usable there)."""
    if parts.input.drag is not None:
        return
    for name, button in parts.buttons.items():
        if not (button.hover and button.tooltip):
            continue
        if parts.score_panel is not None and not (name == "undo" and button.enabled):
            continue
        rect = button.rect
        draw_tag(surface, table.ink, table.layout.u, button.tip or table.tr(button.tooltip),
                 (rect.centerx, rect.bottom + table.layout.u(6)), "midtop")


def _table_marks(table: Stage, surface: pygame.Surface) -> None:
    """A faint oval where the tricks are played."""
    lay = table.layout
    rect = lay.trick_rect.inflate(lay.u(120), lay.u(24))

    def make() -> pygame.Surface:
        image = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.ellipse(image, (255, 255, 255, 14), image.get_rect())
        pygame.draw.ellipse(image, (255, 236, 180, 38), image.get_rect(), max(1, lay.u(2)))
        return image

    surface.blit(table.ink.plate(("oval", lay.size, table.players), make), rect.topleft)


def _seat(table: Stage, surface: pygame.Surface, seat: int, total: int, turn: bool
          ) -> None:
    lay = table.layout
    ink = table.ink
    view = table.view
    place = lay.seats[seat]
    u = lay.u
    count = table.fan_count(seat)
    if seat != table.me:
        _fan(table, surface, seat, count)
    box = place.box
    plate = seat_plate(ink, box.size, turn, u)
    surface.blit(plate, plate.get_rect(center=box.center))
    pad = u(12)
    line1 = box.top + round(box.height * 0.32)
    line2 = box.top + round(box.height * 0.72)
    icons = []
    if seat == view.dealer:
        icons.append("dealer")
    if seat == view.taker:
        icons.append("taker")
    if view.partner_known and view.partner is not None and seat == view.partner and (
            seat != view.taker):
        icons.append("partner")
    x = box.right - pad
    for name in icons:
        icon = table.app.assets.icon(name, u(24))
        rect = icon.get_rect(midright=(x, line1))
        surface.blit(icon, rect)
        x = rect.left - u(4)
    for word in reversed(declarations(table, seat)):  # there until the deal ends
        x = draw_tag(surface, ink, u, word, (x, line1), "midright", size=16,
                     color=GOLD).left - u(4)
    name = table.name(seat)
    ink.blit(surface, name, ink.fit(name, lay.font_name, x - box.left - pad - u(4)),
             (box.left + pad, line1), HIGHLIGHT if turn else TEXT, anchor="midleft")
    color = GOOD if total > 0 else BAD if total < 0 else TEXT_DIM
    ink.blit(surface, signed(total), lay.font_small, (box.left + pad, line2), color,
             anchor="midleft")
    note, note_color = _seat_note(table, seat)
    if note:
        ink.blit(surface, note, lay.font_small, (box.right - pad, line2), note_color,
                 anchor="midright")
    if seat != table.me and count and table.show_counts:
        draw_badge(surface, ink, u, str(count), (place.fan.right - u(4), place.fan.top + u(6)))
    if seat == table.thinking:
        draw_thinking(surface, u, box, table.time)


def _fan(table: Stage, surface: pygame.Surface, seat: int, count: int) -> None:
    """An opponent's hand: ``count`` small backs above its plate, or its cards face up when a
    replay shows open hands."""
    lay = table.layout
    cards = _open_hand(table, seat)
    if cards:
        width = lay.open_width(seat)
        for card, (x, y) in zip(cards, lay.open_hand_slots(seat, len(cards), width),
                                strict=True):
            image = table.art.image(card, width, 1.0, 0.0)
            surface.blit(image, image.get_rect(center=(round(x), round(y))))
        return
    for slot in lay.fan_slots(seat, count):
        image = table.art.image(None, lay.small_w, 0.0, slot.angle)
        surface.blit(image, image.get_rect(center=(round(slot.x), round(slot.y))))


def declarations(table: Stage, seat: int) -> list[str]:
    """What ``seat`` declared this deal, as its plate shows it: a handful shown, a misère,
    a slam announced."""
    view = table.view
    words = []
    if seat in view.handfuls:
        words.append(table.tr("table_plate_handful"))
    if seat in view.miseres:
        words.append(table.tr("table_plate_misere"))
    if view.slam_announced and seat == view.taker:
        words.append(table.tr("table_plate_slam"))
    return words


def _seat_note(table: Stage, seat: int) -> tuple[str, tuple[int, int, int]]:
    """Under a seat's name: its bid during the bidding, then the contract and its tricks."""
    view = table.view
    if view.taker is None:
        for who, bid in view.bids:
            if who == seat:
                return (table.tr(bid) if bid else table.tr("pass")), (GOLD if bid else TEXT_DIM)
        return "", TEXT
    parts = []
    color = TEXT_DIM
    if seat == view.taker:
        parts.append(table.tr(view.contract or ""))
        color = GOLD
    won = sum(1 for trick in view.tricks if trick.winner == seat)
    if view.phase is Phase.PLAYING or won:
        parts.append(table.trn("table_tricks", won))
    return " \u00b7 ".join(p for p in parts if p), color


def _zone(table: Stage, parts: Parts, surface: pygame.Surface) -> None:
    lay = table.layout
    u = lay.u
    rect = lay.discard_rect
    size = parts.editor.size()

    def make() -> pygame.Surface:
        image = pygame.Surface(rect.size, pygame.SRCALPHA)
        radius = u(16)
        pygame.draw.rect(image, (0, 0, 0, 70), image.get_rect(), border_radius=radius)
        dash, gap = u(14), u(9)
        edge = image.get_rect().inflate(-u(4), -u(4))
        width = max(1, u(2))
        gold = (*GOLD, 200)
        for x0 in range(edge.left + radius, edge.right - radius, dash + gap):
            x1 = min(x0 + dash, edge.right - radius)
            pygame.draw.line(image, gold, (x0, edge.top), (x1, edge.top), width)
            pygame.draw.line(image, gold, (x0, edge.bottom - 1), (x1, edge.bottom - 1), width)
        for y0 in range(edge.top + radius, edge.bottom - radius, dash + gap):
            y1 = min(y0 + dash, edge.bottom - radius)
            pygame.draw.line(image, gold, (edge.left, y0), (edge.left, y1), width)
            pygame.draw.line(image, gold, (edge.right - 1, y0), (edge.right - 1, y1), width)
        for cx, cy, start in ((edge.left + radius, edge.top + radius, 90),
                              (edge.right - radius, edge.top + radius, 0),
                              (edge.right - radius, edge.bottom - radius, 270),
                              (edge.left + radius, edge.bottom - radius, 180)):
            arc = pygame.Rect(0, 0, 2 * radius, 2 * radius)
            arc.center = (cx, cy)
            pygame.draw.arc(image, gold, arc, math.radians(start), math.radians(start + 90),
                            width)
        for x, y in lay.discard_positions(size):
            slot = pygame.Rect(0, 0, lay.trick_w, lay.trick_h)
            slot.center = (round(x - rect.left), round(y - rect.top))
            pygame.draw.rect(image, (255, 255, 255, 22), slot,
                             border_radius=max(2, round(lay.trick_w * 0.075)))
        return image

    surface.blit(table.ink.plate(("zone", rect.size, size), make), rect.topleft)
    zone = parts.editor.zone
    title = table.tr("table_discard_title", count=len(zone), n=size)
    table.ink.blit(surface, title, u(22), (rect.centerx, rect.top + u(20)),
                   HIGHLIGHT if len(zone) == size else GOLD)
    if not zone:
        positions = lay.discard_positions(size)
        drop_y = positions[0][1] if positions else float(rect.centery)
        table.ink.blit(surface, table.tr("table_discard_drop"), u(22), (rect.centerx, drop_y),
                       TEXT_DIM)
    held = parts.input.drag.sprite if parts.input.drag is not None else None
    for sprite in zone:
        if sprite is not held:
            sprite.draw(surface, table.art)


def _trick(table: Stage, surface: pygame.Surface) -> None:
    lay = table.layout
    sprites = table.sprites.trick
    win = None
    if table.app.settings.highlight_winner and len(sprites) > 1 and not any(
            s.moving for s in sprites) and all(s.card is not None for s in sprites):
        win = C.winning_position([s.card for s in sprites if s.card is not None])
    for i, sprite in enumerate(sprites):
        sprite.glow = WIN_GLOW if i == win else None

    def place_of(sprite: object) -> tuple[float, float]:
        seat = getattr(sprite, "owner", None) or 0
        return lay.seats[seat].trick[1], lay.seats[seat].trick[0]

    # from the top of the table down, so that every card's corner index shows
    for sprite in sorted(sprites, key=place_of):
        sprite.draw(surface, table.art)
    for sprite in sprites:
        if sprite.moving or sprite.owner is None:
            continue
        pos, anchor = lay.trick_tag(sprite.owner, sprite.x, sprite.y)
        draw_tag(surface, table.ink, lay.u, table.name(sprite.owner), pos, anchor)


def _trick_aside(table: Stage, surface: pygame.Surface) -> None:
    """The trick the others have begun, in a row above the zone while the taker changes the
    discard (the rules allow it until their first card): in sight, out of the zone's way."""
    lay = table.layout
    cards = [(s.owner, s.card) for s in table.sprites.trick if s.card is not None]
    width, spots = lay.trick_aside(len(cards))
    height = card_height(width)
    for (seat, card), (x, y) in zip(cards, spots, strict=True):
        CardSprite(card, x, y, width).draw(surface, table.art)
        if seat is not None:
            draw_tag(surface, table.ink, lay.u, table.name(seat), (x, y + height / 2 - lay.u(2)),
                     "midbottom", size=14)


def _trick_beside(table: Stage, surface: pygame.Surface) -> None:
    """The trick the others have begun, smaller and at the left of the middle, while a
    handful or misère is asked beside it: each card where its seat played it, named."""
    lay = table.layout
    scale, (cx, cy), _ = lay.trick_beside()
    ox, oy = lay.trick_rect.center
    width = round(lay.trick_w * scale)

    def moved(point: tuple[float, float]) -> tuple[float, float]:
        return cx + (point[0] - ox) * scale, cy + (point[1] - oy) * scale

    played = [(s.owner, s.card) for s in table.sprites.trick
              if s.card is not None and s.owner is not None]
    for seat, card in played:
        place = lay.seats[seat]
        CardSprite(card, *moved(place.trick), width, angle=place.trick_angle).draw(
            surface, table.art)
    for seat, _ in played:  # the names over every card, where the middle puts them
        pos, anchor = lay.trick_tag(seat, *lay.seats[seat].trick)
        draw_tag(surface, table.ink, lay.u, table.name(seat), moved(pos), anchor, size=14)


def _show(table: Stage, surface: pygame.Surface, show: Show) -> None:
    for sprite in show.sprites:
        sprite.draw(surface, table.art)
    if show.sprites and not any(s.moving for s in show.sprites):
        top = min(s.y for s in show.sprites) - card_height(round(show.sprites[0].width)) / 2
        x = sum(s.x for s in show.sprites) / len(show.sprites)
        draw_tag(surface, table.ink, table.layout.u, show.label, (x, top - table.layout.u(4)),
                 "midbottom", size=20, color=HIGHLIGHT)


def _status(table: Stage, parts: Parts, surface: pygame.Surface) -> None:
    text = table.status
    if not text or parts.score_panel is not None:
        return  # under the score panel it would only show through
    lay = table.layout
    size = table.ink.fit(text, lay.font_status, lay.status_rect.width - lay.u(40))
    image = table.ink.text(text, size, TEXT)
    pill = image.get_rect().inflate(lay.u(36), lay.u(10))
    pill.center = lay.status_rect.center

    def make() -> pygame.Surface:
        bg = pygame.Surface(pill.size, pygame.SRCALPHA)
        pygame.draw.rect(bg, (0, 0, 0, 110), bg.get_rect(), border_radius=pill.height // 2)
        return bg

    surface.blit(table.ink.plate(("pill", pill.size), make), pill.topleft)
    surface.blit(image, image.get_rect(center=pill.center))


def _scores(table: Stage, parts: Parts, surface: pygame.Surface, totals: list[int]) -> None:
    lay = table.layout
    u = lay.u
    ink = table.ink
    view = table.view
    rect = lay.score_rect
    if not rect.width:  # not shown (a replay's open hands)
        return

    def make() -> pygame.Surface:
        bg = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(bg, (10, 30, 23, 218), bg.get_rect(), border_radius=u(12))
        pygame.draw.rect(bg, (*GOLD, 150), bg.get_rect(), max(1, u(2)), border_radius=u(12))
        return bg

    surface.blit(ink.plate(("scores", rect.size), make), rect.topleft)
    pad = u(12)
    y = rect.top + u(18)
    ink.blit(surface, table.deal_caption(), u(22), (rect.left + pad, y), GOLD, anchor="midleft")
    if parts.save_failing:  # told once in words; this stays until a save works again
        ink.blit(surface, table.tr("table_not_saved"), u(16), (rect.right - pad, y), WARNING,
                 anchor="midright")
    over = view.phase in (Phase.FINISHED, Phase.CANCELLED)
    if view.contract and view.taker is not None:
        info = table.tr("table_contract_by", contract=table.tr(view.contract),
                        name=table.name(view.taker))
        if view.slam_announced:
            info += " \u00b7 " + table.tr("table_slam").rstrip(" !")
        if table.players == 5 and view.partner_known and view.partner is None and (
                view.called is not None):
            info += " \u00b7 " + table.tr("table_alone")
    else:
        info = "" if over else table.tr("table_bidding")
    y += u(22)
    if info:
        ink.blit(surface, info, ink.fit(info, u(18), rect.width - 2 * pad),
                 (rect.left + pad, y), TEXT_DIM, anchor="midleft")
    if view.called is not None:
        y_called = rect.top + u(18) if info else y
        text = table.card_name(view.called)
        text = text[:1].upper() + text[1:]
        icon = table.app.assets.icon("called_king", u(20))
        ix = rect.right - pad - icon.get_width()
        t = ink.blit(surface, text, ink.fit(text, u(18), rect.width // 2), (ix - u(4), y_called),
                     HIGHLIGHT, anchor="midright")
        surface.blit(icon, icon.get_rect(midleft=(t.right + u(4), y_called)))
    y += u(8)
    for seat in range(table.players):
        y += u(22)
        color = HIGHLIGHT if seat == table.me and table.human is not None else TEXT
        ink.blit(surface, table.name(seat), u(19), (rect.left + pad, y), color, anchor="midleft")
        total = totals[seat]
        tcolor = GOOD if total > 0 else BAD if total < 0 else TEXT_DIM
        ink.blit(surface, signed(total), u(19), (rect.right - pad, y), tcolor, anchor="midright")


def _last_trick(table: Stage, surface: pygame.Surface) -> None:
    lay = table.layout
    u = lay.u
    last = table.view.last_trick
    if last is None:
        return
    winner = last.winner if last.winner is not None else last.leader
    rect = lay.last_trick_rect()
    draw_panel(surface, rect, table.app.unit)
    title = f"{table.tr('table_last_trick')} \u2014 " + table.tr(
        "table_last_trick_won", name=table.name(winner))
    table.ink.blit(surface, title, table.ink.fit(title, u(24), rect.width - u(24)),
                   (rect.centerx, rect.top + u(24)), GOLD)
    for i, (card, (x, y)) in enumerate(zip(last.cards, lay.last_trick_positions(),
                                           strict=False)):
        seat = (last.leader + i) % table.players
        if seat == winner:
            glow = table.art.glow(lay.trick_w, 0.0, WIN_GLOW, max(4, lay.trick_w // 11))
            surface.blit(glow, glow.get_rect(center=(round(x), round(y))))
        image = table.art.image(card, lay.trick_w, 1.0, 0.0)
        surface.blit(image, image.get_rect(center=(round(x), round(y))))
        draw_tag(surface, table.ink, u, table.name(seat), (x, y + lay.trick_h / 2 + u(16)),
                 "center")
    if table.last_trick.open:
        table.ink.blit(surface, table.tr("table_close_hint"), u(16),
                       (rect.centerx, rect.bottom - u(12)), TEXT_DIM, shadow=False)
