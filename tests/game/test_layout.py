"""The table layout: every area inside the window and no two areas on top of each other, for
3, 4 and 5 players and window sizes from the smallest allowed to 4K."""

from __future__ import annotations

import itertools
import math

import pytest
from pygame import Rect

from game.table.layout import SIDES, TableLayout, card_h

SIZES = [(1024, 600), (1024, 768), (1280, 720), (1366, 768), (1440, 900), (1600, 900),
         (1920, 1080), (1920, 1200), (2560, 1080), (2560, 1440), (3840, 2160)]
PLAYERS = (3, 4, 5)


def make(size: tuple[int, int], players: int) -> TableLayout:
    unit = min(size[0] / 1280, size[1] / 720)
    return TableLayout(size, players, unit)


def inside(rect: Rect, size: tuple[int, int]) -> bool:
    return Rect(0, 0, *size).contains(rect)


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("size", SIZES)
def test_everything_is_inside_the_window(size, players):
    layout = make(size, players)
    areas = dict(layout.solid_rects())
    areas.update(dog=layout.dog_rect, discard=layout.discard_rect, panel=layout.panel_rect,
                 confirm=layout.confirm_rect, last_trick=layout.last_trick_rect())
    for seat in layout.seats:
        areas[f"box{seat.seat}"] = seat.box
        areas[f"fan{seat.seat}"] = seat.fan
    for name, rect in areas.items():
        assert rect.width > 0 and rect.height > 0, name
        assert inside(rect, size), (name, rect, size)


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("size", SIZES)
def test_no_two_areas_overlap(size, players):
    layout = make(size, players)
    rects = layout.solid_rects()
    for (a, ra), (b, rb) in itertools.combinations(rects.items(), 2):
        assert not ra.colliderect(rb), (a, ra, b, rb, size, players)


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("size", SIZES)
def test_discard_zone_and_dialogs_leave_the_seats_and_hand_free(size, players):
    layout = make(size, players)
    for name in ("discard", "confirm", "panel", "dog"):
        rect = {"discard": layout.discard_rect, "confirm": layout.confirm_rect,
                "panel": layout.panel_rect, "dog": layout.dog_rect}[name]
        assert not rect.colliderect(layout.hand_rect), (name, size, players)
        for seat in layout.seats:
            assert not rect.colliderect(seat.group), (name, seat.seat, size, players)
    assert layout.panel_rect.contains(layout.dog_rect)


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("size", SIZES)
def test_trick_cards_lie_in_the_trick_area_without_hiding_each_other(size, players):
    layout = make(size, players)
    tw, th = layout.trick_w, layout.trick_h
    for seat in layout.seats:
        card = Rect(0, 0, tw, th)
        card.center = (round(seat.trick[0]), round(seat.trick[1]))
        assert layout.trick_rect.contains(card), (seat.seat, size)
    # each card keeps at least its corner index visible: centres stay well apart
    for a, b in itertools.combinations(layout.seats, 2):
        dx, dy = abs(a.trick[0] - b.trick[0]), abs(a.trick[1] - b.trick[1])
        assert dx > tw * 0.3 or dy > th * 0.3, (a.seat, b.seat, size)


@pytest.mark.parametrize("players", PLAYERS)
def test_seats_go_counter_clockwise_from_the_bottom(players):
    layout = make((1280, 720), players)
    assert [p.side for p in layout.seats] == list(SIDES[players])
    cx, cy = layout.centre
    # the angle seen from the centre turns the same way from seat to seat
    angles = [math.atan2(p.trick[1] - cy, p.trick[0] - cx) for p in layout.seats]
    turns = [(angles[(i + 1) % players] - angles[i]) % (2 * math.pi) for i in range(players)]
    assert all(t > math.pi for t in turns)  # counter-clockwise on screen (y down)
    assert layout.seats[1].box.centerx > layout.centre[0]  # seat 1 on the right
    assert layout.seats[-1].box.centerx < layout.centre[0]  # the last seat on the left


@pytest.mark.parametrize("count", [1, 6, 15, 18, 24, 30])
@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (3840, 2160)])
def test_a_hand_of_up_to_thirty_cards_fits_and_shows_every_index(size, count):
    layout = make(size, 3)
    slots = layout.hand_slots(count)
    assert len(slots) == count
    w, h = layout.hand_w, layout.hand_h
    for slot in slots:
        assert layout.hand_rect.left <= slot.x - w / 2 - 2
        assert slot.x + w / 2 + 2 <= layout.hand_rect.right
        assert slot.y + h / 2 <= size[1]
        assert layout.hand_rect.top <= slot.y - h / 2 - layout.select_lift + 2
    if count > 1:
        # the corner index is about a quarter of the card's width
        assert layout.hand_step(count) >= w * 0.3
    assert card_h(w) == layout.hand_h


@pytest.mark.parametrize("players", PLAYERS)
def test_discard_and_dog_rows_fit_their_areas(players):
    layout = make((1024, 600), players)
    for cx, cy in layout.discard_positions(6):
        card = Rect(0, 0, layout.trick_w, layout.trick_h)
        card.center = (round(cx), round(cy))
        assert layout.discard_rect.contains(card)
    for cx, cy in layout.dog_positions(6):
        card = Rect(0, 0, layout.dog_w, card_h(layout.dog_w))
        card.center = (round(cx), round(cy))
        assert layout.dog_rect.contains(card)


# --- a replay's open hands -------------------------------------------------------------------

#: The table's part of the replay viewer's window at 1024x600, 1280x720 and 1920x1080 (the
#: side panel on the right, the control bar and the graph at the bottom), and a few more.
REPLAY_TABLES = [(774, 514), (934, 598), (1450, 942), (1036, 682), (1250, 814), (2590, 1842)]


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("size", REPLAY_TABLES)
def test_open_hands_stand_clear_of_every_plate_and_of_one_another(size, players):
    from game.replay.viewer import OPEN_HANDS_ZOOM
    from game.table.layout import HAND_SIZES

    unit = min(size[0] / 1280, size[1] / 720) * OPEN_HANDS_ZOOM
    layout = TableLayout(size, players, unit, open_hands=True)
    # the replay has no hint, undo or menu button; its status line is a tag in the middle
    rects = {k: r for k, r in layout.solid_rects().items()
             if k not in ("scores", "status", "button_hint", "button_undo", "button_menu")}
    assert not layout.score_rect.width  # the running scores would cover a seat's cards
    for (a, ra), (b, rb) in itertools.combinations(rects.items(), 2):
        assert not ra.colliderect(rb), (a, ra, b, rb, size, players)
    for place in layout.seats[1:]:
        width = layout.open_width(place.seat)
        # the corner index stays readable: the side seats' cards grow into the room beside
        # the dog (three players' 24 cards used to stand in rows with indices 8 px tall)
        if place.side in ("left", "right"):
            assert width >= min(60, 0.08 * size[0]), (place.seat, width, size)
        for count in range(1, HAND_SIZES[players] + 1):
            for x, y in layout.open_hand_slots(place.seat, count, width):
                card = Rect(0, 0, width, card_h(width))
                card.center = (round(x), round(y))
                assert inside(card, size), (place.seat, count, card)
                assert not card.colliderect(place.box), (place.seat, count, card, place.box)
                assert not card.colliderect(layout.dog_rect), (place.seat, count, "dog")
                for name, rect in rects.items():
                    if name != f"seat{place.seat}":
                        assert not card.colliderect(rect), (place.seat, count, name)


# --- speech bubbles --------------------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("size", SIZES)
def test_a_seats_bid_bubble_stays_clear_of_the_dialogs_the_scores_and_the_seats(size, players):
    """The longest thing a seat says (a bid, "Partner!", a misère) in either language: its
    bubble never reaches the middle where the dialogs open, the score box, another seat or
    the hand."""
    import pygame

    from game.app.i18n import tr
    from game.table.geometry import BUBBLE_TEXT
    from game.table.room import LONGEST_WORDS

    pygame.font.init()
    layout = make(size, players)
    font = pygame.font.Font(None, layout.u(BUBBLE_TEXT))
    words = [tr(key, lang=lang) for lang in ("en", "fr") for key in LONGEST_WORDS]
    text = max((font.size(w) for w in words), key=lambda s: s[0])
    others = {name: rect for name, rect in layout.solid_rects().items()
              if name in ("hand", "scores") or name.startswith("seat")}
    for place in layout.seats[1:]:
        body = layout.bubble_area(place.seat, text)
        assert not body.colliderect(layout.panel_rect), (place.side, body, layout.panel_rect)
        for name, rect in others.items():
            if name != f"seat{place.seat}":
                assert not body.colliderect(rect), (place.side, name, body, rect)


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("size", SIZES)
def test_a_trick_laid_aside_for_a_changed_discard_clears_the_zone_and_the_seats(size, players):
    """The taker reopening the discard after the others have led sees their cards in a row
    above the zone: on screen, off the zone, the seats' plates and the buttons."""
    lay = make(size, players)
    width, spots = lay.trick_aside(players - 1)
    assert width >= lay.u(24)
    cards = []
    for x, y in spots:
        rect = Rect(0, 0, width, card_h(width))
        rect.center = (round(x), round(y))
        cards.append(rect)
    for rect in cards:
        assert inside(rect, size)
        assert not rect.colliderect(lay.discard_rect)
        assert rect.top >= lay.middle_top - lay.u(2)
        for place in lay.seats:
            assert not rect.colliderect(place.group), place.seat
    for a, b in itertools.combinations(cards, 2):
        assert not a.colliderect(b)
