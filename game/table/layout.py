"""Where everything on the table goes: pure geometry, no drawing.

:class:`TableLayout` is computed from the window size, the number of players and the layout
``unit`` (1.0 at 1280 x 720). Sizes follow the unit; positions follow the window, so a wide or
tall window spreads the seats out instead of stretching the cards.

Seats are placed counter-clockwise from the human at the bottom (RULES.md §2): seat 1 is on
the screen's right. With four players 2 sits at the top and 3 on the left; with three, 1 is
on the right and 2 on the left; with five, 1 right, 2 top-right, 3 top-left, 4 left.

Every seat has a *plate* (the info box: name, score, icons) and, for the opponents, a small
fan of card backs just above it; the two together are the seat's ``group``. The human's hand
fans out along the bottom edge.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from pygame import Rect

from game.app.assets import CARD_RATIO
from game.table.geometry import (
    Point,
    bubble_body,
    card_h,
    fit_open,
    open_block_h,
    open_slots,
)

#: Screen side of each seat, by player count.
SIDES: dict[int, tuple[str, ...]] = {
    3: ("bottom", "right", "left"),
    4: ("bottom", "right", "top", "left"),
    5: ("bottom", "right", "top_right", "top_left", "left"),
}

#: Direction (degrees, screen coordinates: 0 = right, 90 = down) of each side's trick card.
_TRICK_ANGLES = {
    3: (90.0, -28.0, 208.0),
    4: (90.0, 0.0, -90.0, 180.0),
    5: (90.0, 8.0, -56.0, -124.0, 172.0),
}
#: A small tilt of each seat's trick card, so that the trick looks laid down by hand.
_TRICK_TILTS = {
    3: (2.0, -5.0, 4.0),
    4: (2.0, -4.0, 3.0, -3.0),
    5: (2.0, -5.0, 4.0, -3.0, 5.0),
}


#: The trick's size beside a declaration dialog, against its size in the middle.
TRICK_BESIDE_SCALE = 0.62


@dataclass
class SeatPlace:
    """One seat's places on the table."""

    seat: int
    side: str
    box: Rect  # the info plate: name, score, icons
    fan: Rect  # the small card backs of an opponent (the hand itself for the human)
    group: Rect  # box and fan together: nothing else may overlap it
    anchor: Point  # where this seat's cards come from and go to
    trick: Point  # the centre of the card it plays to the trick
    trick_angle: float
    bubble: Point  # where a speech bubble (a bid, "partner!") points to
    bubble_dir: str  # the side of ``bubble`` the bubble body goes: "up", "down", "left", "right"
    show: Point  # the centre of shown cards (a handful, shown trumps), toward the table centre
    trick_dir: float = 90.0  # the direction of the trick card from the centre (degrees, y down)


#: Cards in a hand at the start of the play, by number of players (the open hands' room).
HAND_SIZES = {3: 24, 4: 18, 5: 15}


@dataclass
class HandSlot:
    """A card's resting place in the human's hand fan."""

    x: float
    y: float
    angle: float  # degrees, counter-clockwise as pygame rotates


@dataclass
class TableLayout:
    size: tuple[int, int]
    players: int
    unit: float
    margin: int = 0
    hand_w: int = 0
    trick_w: int = 0
    small_w: int = 0
    dog_w: int = 0
    centre: Point = (0.0, 0.0)
    middle_top: int = 0  # where the table's middle starts, under the top seats
    hand_rect: Rect = field(default_factory=Rect)
    trick_rect: Rect = field(default_factory=Rect)
    dog_rect: Rect = field(default_factory=Rect)
    discard_rect: Rect = field(default_factory=Rect)
    panel_rect: Rect = field(default_factory=Rect)
    status_rect: Rect = field(default_factory=Rect)
    score_rect: Rect = field(default_factory=Rect)
    confirm_rect: Rect = field(default_factory=Rect)
    buttons: dict[str, Rect] = field(default_factory=dict)
    seats: list[SeatPlace] = field(default_factory=list)
    toast_pos: Point = (0.0, 0.0)
    hover_lift: int = 0
    select_lift: int = 0
    #: A replay with every hand face up: each opponent's cards stand above its plate (the
    #: plate covers none of them) and the running scores are not drawn (they would cover the
    #: cards of the seats beside them; the replay's side panel says what the deal was).
    open_hands: bool = False
    open_w: int = 0  # the width of a face-up card of an opponent at the top
    open_side_w: int = 0  # ... and of one at the side, fitted to the room there
    open_side_rows: tuple[int, int] = (1, 1)  # (rows, cards per row) of a side's open hand
    open_top_rows: tuple[int, int] = (1, 1)  # ... and of a top seat's

    def __post_init__(self) -> None:
        if self.players not in SIDES:
            raise ValueError(f"no table for {self.players} players")
        self._compute()

    # --- sizes ---------------------------------------------------------------------------------
    def u(self, value: float) -> int:
        """``value`` design pixels (at 1280 x 720) in window pixels."""
        return max(1, round(value * self.unit))

    @property
    def hand_h(self) -> int:
        return card_h(self.hand_w)

    @property
    def trick_h(self) -> int:
        return card_h(self.trick_w)

    @property
    def small_h(self) -> int:
        return card_h(self.small_w)

    @property
    def font_name(self) -> int:
        return self.u(22)

    @property
    def font_small(self) -> int:
        return self.u(18)

    @property
    def font_status(self) -> int:
        return self.u(24)

    # --- the computation -------------------------------------------------------------------------
    def _compute(self) -> None:
        w, h = self.size
        u = self.u
        self.margin = m = u(14)
        self.hand_w = u(100)
        self.trick_w = u(84)
        self.small_w = u(36)
        self.dog_w = u(84)
        self.hover_lift = round(self.hand_h * 0.12)
        self.select_lift = round(self.hand_h * 0.17)

        # The hand: the middle card's top edge; the fan's ends dip a little (see hand_slots).
        hand_top = h - m - self.hand_h - u(4)
        self.hand_rect = Rect(m, hand_top - self.select_lift, w - 2 * m,
                              h - m // 2 - (hand_top - self.select_lift))

        # The status line sits just above the hand.
        line_h = u(30)
        self.status_rect = Rect(0, 0, min(w - 2 * m, u(760)), line_h)
        self.status_rect.midbottom = (w // 2, self.hand_rect.top - u(4))

        plate_w, plate_h = u(200), u(58)
        fan_h = self.small_h
        fan_w = plate_w - u(16)
        fan_show = round(fan_h * 0.62)  # the part of the backs above the plate
        self.open_w = self.open_side_w = u(54)
        above = {"top": fan_show, "side": fan_show}  # what stands above a plate, by side
        hand = HAND_SIZES[self.players]
        if self.open_hands:
            # a seat at the top keeps its cards low (the middle of the table is under them)
            # and spreads them wider than its plate
            room = min(w * (0.46 if self.players == 4 else 0.34), plate_w * 2.4)
            self.open_w, self.open_top_rows = fit_open(hand, room, card_h(u(70)), u(70),
                                                       u(24))
            above["top"] = round(open_block_h(self.open_top_rows, self.open_w)) + u(3)
        group_h = above["top"] + plate_h

        # The human's plate: above the hand, on the left.
        bottom_box = Rect(m, 0, plate_w, plate_h)
        bottom_box.bottom = self.hand_rect.top - u(6)

        # Side seats sit around 40% down, between the top seats over them and
        # the human's plate under them; with open hands, the cards stand in rows above the
        # plate, as large as that room and the room beside the dog allow.
        side_cy = round(h * 0.40)
        side_space = (m + (group_h if self.players > 3 else u(46)) + u(6),  # or the buttons
                      bottom_box.top - u(10))
        if self.open_hands:
            dog_half = (self.dog_w * (1 + 5 * 0.66)) / 2 + u(6)
            room_w = w / 2 - dog_half - m - u(12)
            room_h = side_space[1] - side_space[0] - plate_h - u(3)
            self.open_side_w, self.open_side_rows = fit_open(
                hand, max(plate_w, room_w), room_h, round(self.trick_w * 1.5), u(24))
            above["side"] = round(open_block_h(self.open_side_rows,
                                                     self.open_side_w)) + u(3)
        side_group_h = above["side"] + plate_h

        # Opponent groups. Top seats hang from the top edge.
        top_y = m
        places: dict[str, tuple[int, int]] = {}  # side -> centre x, group top
        places["top"] = (w // 2, top_y)
        places["top_left"] = (round(w * 0.31), top_y)
        places["top_right"] = (round(w * 0.69), top_y)
        side_top = min(max(side_space[0], side_cy - side_group_h // 2),
                       max(side_space[0], side_space[1] - side_group_h))
        places["left"] = (m + plate_w // 2, side_top)
        places["right"] = (w - m - plate_w // 2, side_top)

        # Everything at the top: where the table's middle may start.
        top_limit = top_y + group_h + u(10)
        bottom_limit = self.status_rect.top - u(4)
        self.centre = (w / 2, (top_limit + bottom_limit) / 2)
        self.middle_top = top_limit
        cx, cy = self.centre

        # The trick: each seat's card around the centre, in the direction of its seat.
        tw, th = self.trick_w, self.trick_h
        rx, ry = tw * 1.0, th * 0.34
        if self.players == 3:
            rx, ry = tw * 0.70, th * 0.30
        elif self.players == 5:
            rx, ry = tw * 1.06, th * 0.46
        spots = []
        for angle in _TRICK_ANGLES[self.players]:
            rad = math.radians(angle)
            spots.append((cx + math.cos(rad) * rx, cy + math.sin(rad) * ry))
        # Shift the trick so that its bounding box is centred on the centre.
        xs = [x for x, _ in spots]
        ys = [y for _, y in spots]
        dx = cx - (min(xs) + max(xs)) / 2
        dy = cy - (min(ys) + max(ys)) / 2
        spots = [(x + dx, y + dy) for x, y in spots]
        xs = [x for x, _ in spots]
        ys = [y for _, y in spots]
        pad = u(6)
        self.trick_rect = Rect(
            round(min(xs) - tw / 2 - pad), round(min(ys) - th / 2 - pad),
            round(max(xs) - min(xs) + tw + 2 * pad), round(max(ys) - min(ys) + th + 2 * pad),
        )

        self.seats = []
        for seat, side in enumerate(SIDES[self.players]):
            tilt = _TRICK_TILTS[self.players][seat]
            if side == "bottom":
                box = bottom_box
                fan = Rect(self.hand_rect)
                group = Rect(box)
                anchor = (w / 2, h - m - self.hand_h / 2)
                bubble = (box.right + u(8), box.centery)
                bubble_dir = "right"
                show = (w / 2, self.status_rect.top - u(70))
            else:
                x, top = places[side]
                show_h = above["side" if side in ("left", "right") else "top"]
                fan = Rect(0, 0, fan_w, max(fan_h, show_h))
                fan.midtop = (x, top)
                box = Rect(0, 0, plate_w, plate_h)
                box.midtop = (x, top + (show_h if self.open_hands else fan_show))
                group = fan.union(box)
                anchor = (fan.centerx, fan.centery)
                if side in ("top", "top_left", "top_right"):
                    bubble, bubble_dir = (box.right + u(8), box.centery), "right"
                    show = (box.centerx, box.bottom + u(80))
                else:
                    # under the plate: beside it a bubble would reach into the middle, where
                    # the dialogs open
                    bubble, bubble_dir = (box.centerx, box.bottom + u(2)), "down"
                    toward = 1 if side == "left" else -1
                    show = (box.centerx + toward * (plate_w // 2 + u(150)), box.centery)
            self.seats.append(SeatPlace(seat, side, box, fan, group, anchor, spots[seat], tilt,
                                        bubble, bubble_dir, show,
                                        _TRICK_ANGLES[self.players][seat]))

        # The dog, face up in the middle.
        dw = self.dog_w
        self.dog_rect = Rect(0, 0, round(dw * (1 + 5 * 0.66)) + 2 * pad, card_h(dw) + 2 * pad)
        self.dog_rect.center = (round(cx), round(cy))

        # The discard zone: above the hand, below the middle, wide enough for a dog's cards.
        dz_w = round(tw * (1 + 5 * 0.72)) + u(36)
        dz_h = th + u(50)
        self.discard_rect = Rect(0, 0, dz_w, dz_h)
        self.discard_rect.midbottom = (w // 2, bottom_limit - u(2))
        if self.discard_rect.top < top_limit:
            self.discard_rect.top = top_limit
        self.confirm_rect = Rect(0, 0, u(170), u(48))
        self.confirm_rect.midleft = (self.discard_rect.right + u(16), self.discard_rect.centery)

        # Dialogs: the middle of the table, between the side seats.
        side_w = plate_w + u(12)
        self.panel_rect = Rect(m + side_w, top_limit, w - 2 * (m + side_w),
                               bottom_limit - top_limit)

        # Corner: the running scores (top-left) and the buttons (top-right): menu, last trick
        # and sound, then, a little apart, undo and hint.
        self.score_rect = (Rect(m, m, 0, 0) if self.open_hands
                           else Rect(m, m, u(224), u(70) + self.players * u(22)))
        bsize = u(46)
        gap = u(10)
        apart = u(14)  # between the two groups
        self.buttons = {
            "menu": Rect(w - m - bsize, m, bsize, bsize),
            "last_trick": Rect(w - m - 2 * bsize - gap, m, bsize, bsize),
            "sound": Rect(w - m - 3 * bsize - 2 * gap, m, bsize, bsize),
            "undo": Rect(w - m - 4 * bsize - 2 * gap - apart, m, bsize, bsize),
            "hint": Rect(w - m - 5 * bsize - 3 * gap - apart, m, bsize, bsize),
        }
        self.toast_pos = (w / 2, self.status_rect.centery + u(4))

    # --- positions -------------------------------------------------------------------------------
    def seat(self, seat: int) -> SeatPlace:
        return self.seats[seat]

    def hand_step(self, count: int) -> float:
        """The distance between two neighbouring cards of a hand of ``count`` cards."""
        if count <= 1:
            return 0.0
        room = self.hand_rect.width - self.hand_w - self.u(8)
        return min(self.hand_w * 0.56, room / (count - 1))

    def hand_slots(self, count: int) -> list[HandSlot]:
        """Resting places of a hand of ``count`` cards: a gentle arc along the bottom."""
        if count <= 0:
            return []
        step = self.hand_step(count)
        width = step * (count - 1)
        cx = self.size[0] / 2
        base_y = self.hand_rect.bottom - self.u(4) - self.hand_h / 2 - self.u(6)
        spread = min(1.0, width / (self.size[0] * 0.8))
        max_angle = 5.0 * spread
        dip = self.u(12) * spread
        slots = []
        for i in range(count):
            t = 0.0 if count == 1 else (i / (count - 1)) * 2 - 1
            x = cx - width / 2 + i * step
            slots.append(HandSlot(x, base_y + dip * t * t, -max_angle * t))
        return slots

    def fan_slots(self, seat: int, count: int) -> list[HandSlot]:
        """The small backs of an opponent's hand, fanned inside its ``fan`` rect."""
        if count <= 0:
            return []
        fan = self.seats[seat].fan
        sw = self.small_w
        step = min(sw * 0.30, (fan.width - sw) / max(1, count - 1))
        width = step * (count - 1)
        spread = min(1.0, count / 18)
        slots = []
        for i in range(count):
            t = 0.0 if count == 1 else (i / (count - 1)) * 2 - 1
            x = fan.centerx - width / 2 + i * step
            y = fan.centery + self.u(5) * t * t * spread
            slots.append(HandSlot(x, y, -12.0 * t * spread))
        return slots

    def open_width(self, seat: int) -> int:
        """The width of ``seat``'s face-up cards in a replay with open hands."""
        return self.open_side_w if self.seats[seat].side in ("left", "right") else self.open_w

    def open_hand_slots(self, seat: int, count: int, width: int) -> list[Point]:
        """Centres of an opponent's ``count`` face-up cards (the replay's open hands),
        ``width`` pixels wide, standing on the seat's plate (:func:`geometry.open_slots`)."""
        place = self.seats[seat]
        side = place.side in ("left", "right")
        per_row = (self.open_side_rows if side else self.open_top_rows)[1]
        return open_slots(place.box, per_row, count, width, self.size[0], self.u)

    def row_positions(self, rect: Rect, count: int, card_w: int, overlap: float = 0.66
                      ) -> list[Point]:
        """Centres of ``count`` cards of width ``card_w`` in one row centred in ``rect``."""
        if count <= 0:
            return []
        step = min(card_w * overlap, (rect.width - card_w) / max(1, count - 1))
        width = step * (count - 1)
        return [(rect.centerx - width / 2 + i * step, rect.centery) for i in range(count)]

    def dog_positions(self, count: int) -> list[Point]:
        return self.row_positions(self.dog_rect, count, self.dog_w)

    def discard_positions(self, count: int) -> list[Point]:
        inner = self.discard_rect.inflate(-self.u(24), 0)
        inner.height = self.trick_h
        inner.bottom = self.discard_rect.bottom - self.u(12)
        return self.row_positions(inner, count, self.trick_w, 0.72)

    def trick_tag(self, seat: int, x: float, y: float) -> tuple[Point, str]:
        """Where the name of the seat that played the trick card centred at ``x``, ``y``
        goes, and the side of its label that point is: beside the card on the seat's side,
        or above or below it."""
        rad = math.radians(self.seats[seat].trick_dir)
        dx, dy = math.cos(rad), math.sin(rad)
        if abs(dx) > 0.75:
            return ((x + math.copysign(self.trick_w / 2 + self.u(4), dx),
                     y + self.trick_h * 0.30), "midleft" if dx > 0 else "midright")
        if dy < 0:
            return (x, y - self.trick_h / 2 - self.u(3)), "midbottom"
        return (x, y + self.trick_h / 2 + self.u(3)), "midtop"

    def trick_beside(self) -> tuple[float, Point, Rect]:
        """While a declaration is asked and the others have begun the trick: the trick drawn
        smaller at the left of the middle (the scale and where its centre goes) and the area
        left beside it for the dialog, so that neither covers the other."""
        scale = TRICK_BESIDE_SCALE
        panel = self.panel_rect
        band = round(self.trick_rect.width * scale) + self.u(110)  # the names beside the cards
        centre = (panel.left + band / 2, float(panel.centery))
        area = Rect(panel.left + band, panel.top, panel.width - band, panel.height)
        return scale, centre, area

    def trick_aside(self, count: int) -> tuple[int, list[Point]]:
        """The card width and centres of a trick laid in a row above the discard zone, out
        of its way (the taker changing the discard after the others have led)."""
        room = self.discard_rect.top - self.middle_top - self.u(12)
        width = max(self.u(24), min(round(self.trick_w * 0.62), round(room / CARD_RATIO)))
        y = self.discard_rect.top - self.u(6) - card_h(width) / 2
        step = width + self.u(8)
        left = self.size[0] / 2 - step * (count - 1) / 2
        return width, [(left + i * step, y) for i in range(count)]

    def show_positions(self, seat: int, count: int, card_w: int) -> list[Point]:
        """Centres of ``count`` face-up cards shown by ``seat`` (a handful), beside its plate
        on the table's side and kept on screen."""
        place = self.seats[seat]
        w, h = self.size
        m = self.margin
        step = min(card_w * 0.34, (w * 0.45 - card_w) / max(1, count - 1))
        width = step * (count - 1) + card_w
        gap = self.u(14)
        left: float
        y: float
        if place.side == "left":
            left = place.box.right + gap
            y = place.box.centery
        elif place.side == "right":
            left = place.box.left - gap - width
            y = place.box.centery
        else:
            left = place.show[0] - width / 2
            y = place.show[1]
        left = min(max(m, left), w - m - width)
        y = min(max(m + card_h(card_w) / 2, y), h - m - card_h(card_w) / 2)
        return [(left + card_w / 2 + i * step, y) for i in range(count)]

    def last_trick_rect(self) -> Rect:
        """The overlay that shows the previous trick: its cards in a row, in play order."""
        gap = self.u(14)
        width = self.players * self.trick_w + (self.players - 1) * gap + 2 * self.u(24)
        height = self.trick_h + self.u(104)
        rect = Rect(0, 0, width, height)
        rect.center = (round(self.centre[0]), round(self.centre[1]))
        return rect.clamp(Rect(0, 0, *self.size))

    def last_trick_positions(self) -> list[Point]:
        rect = self.last_trick_rect()
        gap = self.u(14)
        width = self.players * self.trick_w + (self.players - 1) * gap
        left = rect.centerx - width / 2 + self.trick_w / 2
        y = rect.top + self.u(48) + self.trick_h / 2
        return [(left + i * (self.trick_w + gap), y) for i in range(self.players)]

    def hint_area(self) -> Rect:
        """Where the hint panel may go: the whole table above the hand (the table keeps it
        clear of the seats, the middle and whatever else is shown)."""
        w = self.size[0]
        m = self.margin
        return Rect(m, m, w - 2 * m, max(0, self.hand_rect.top - self.u(6) - m))

    def bubble_area(self, seat: int, text_size: tuple[int, int]) -> Rect:
        """Where ``seat``'s speech bubble goes for a text of ``text_size`` pixels."""
        place = self.seats[seat]
        body = bubble_body(text_size, place.bubble, place.bubble_dir, self.u)
        return body.clamp(Rect((0, 0), self.size))

    def solid_rects(self) -> dict[str, Rect]:
        """The named areas that must never overlap one another (tests check this)."""
        out = {f"seat{p.seat}": p.group for p in self.seats}
        out["hand"] = self.hand_rect
        out["trick"] = self.trick_rect
        out["scores"] = self.score_rect
        out["status"] = self.status_rect
        for name, rect in self.buttons.items():
            out[f"button_{name}"] = rect
        return out
