"""Card sprites: cards that move, turn and flip with easing, and the human's fanned hand.

A :class:`CardSprite` is drawn centred on ``(x, y)`` at ``angle`` degrees (counter-clockwise,
as pygame rotates) and ``width`` pixels. :meth:`CardSprite.move_to` starts a tween of any of
these, of the face (0 = back, 1 = face up; a flip squeezes the card through its edge) and
of the opacity. A duration of 0 jumps at once, which is how the "instant" animation speed
works.

:class:`CardArt` renders and caches the images (scaled by :class:`~game.app.assets.Assets`,
rotated, dimmed, squeezed), so a still table costs a few blits per card.

:class:`HandFan` keeps the human's hand in the order of :func:`engine.cards.sort_for_hand`,
laid out by :meth:`~game.table.layout.TableLayout.hand_slots`, with the hovered card lifted,
the selected ones lifted further and the cards that may not be played dimmed.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable

import pygame

from engine.cards import Card, sort_for_hand
from game.app.assets import Assets, card_height
from game.app.kept import Kept, image_bytes
from game.app.surfaces import turned

Ease = Callable[[float], float]


# --- easing --------------------------------------------------------------------------------------


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    c1 = 1.4
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_in_cubic(t: float) -> float:
    return t * t * t


# --- images --------------------------------------------------------------------------------------


class CardArt:
    """Card images for the table: faces, backs, rotations, dimming and shadows, cached.

    The cache is least-recently-used with a memory budget, so that long games and large
    windows keep a bounded footprint.
    """

    BUDGET = 64 * 1024 * 1024  # bytes of cached pixels
    KEPT = 10_000  # images, whatever their size: the budget is what bounds them

    def __init__(self, assets: Assets, four_colour: bool = False, back: str = "blue",
                 indices: str = "en") -> None:
        self.assets = assets
        self.four_colour = four_colour
        self.back_design = back
        self.indices = indices  # the heads' corner letters, "en" or "fr"
        self._cache: Kept[pygame.Surface] = Kept(self.KEPT, self.BUDGET, image_bytes)
        self._widths: tuple[int, ...] = ()

    @property
    def widths(self) -> tuple[int, ...]:
        """The widths the table uses at rest (set from the layout). A card drawn at another
        width (growing or shrinking in flight) is scaled from the nearest of these each
        frame instead of filling the caches with sizes seen once; the images of the widths
        the table used before (another window size) are let go."""
        return self._widths

    @widths.setter
    def widths(self, widths: tuple[int, ...]) -> None:
        if widths != self._widths:
            self._widths = widths
            self._cache.clear()

    def configure(self, four_colour: bool, back: str, indices: str) -> None:
        if (four_colour, back, indices) != (self.four_colour, self.back_design, self.indices):
            self.four_colour, self.back_design, self.indices = four_colour, back, indices
            self._cache.clear()

    def base(self, card: Card | None, width: int, face_up: bool, dim: bool = False
             ) -> pygame.Surface:
        """The upright card (its face, or its back when ``card`` is None or face down)."""
        if card is None or not face_up:
            image = self.assets.back(width, self.back_design)
            key: tuple[object, ...] = ("back", width, dim)
        else:
            image = self.assets.card(card, width, self.four_colour, self.indices)
            key = ("face", card, width, dim)
        if not dim:
            return image
        cached = self._cache.get(key)
        if cached is None:
            cached = image.copy()
            cached.fill((118, 118, 128, 255), special_flags=pygame.BLEND_RGBA_MULT)
            cached = self._cache.put(key, cached)
        return cached

    def image(self, card: Card | None, width: int, face: float, angle: float,
              dim: bool = False, coarse: bool = False) -> pygame.Surface:
        """The card as drawn: flipped ``face`` of the way and rotated by ``angle`` degrees
        (in half-degree steps, or whole degrees when ``coarse``, for cards in motion)."""
        face_up = face >= 0.5
        squeeze = abs(math.cos(math.pi * face)) if 0.0 < face < 1.0 else 1.0
        angle_key = float(round(angle)) if coarse else round(angle * 2) / 2
        if self.widths and width not in self.widths:
            near = min((w for w in self.widths if w >= width), default=max(self.widths))
            base = self.base(card, near, face_up, dim)
            height = max(1, round(base.get_height() * width / near))
            image = pygame.transform.smoothscale(base, (max(1, round(width * squeeze)), height))
            return pygame.transform.rotate(image, angle_key) if angle_key else image
        if squeeze < 0.999:
            # a flip in progress: drawn fresh each frame (few cards flip at once)
            base = self.base(card, width, face_up, dim)
            w = max(1, round(base.get_width() * squeeze))
            image = pygame.transform.smoothscale(base, (w, base.get_height()))
            return pygame.transform.rotate(image, angle_key) if angle_key else image
        if not angle_key:
            return self.base(card, width, face_up, dim)
        key = ("rot", card if face_up else None, width, angle_key, dim)
        cached = self._cache.get(key)
        if cached is None:
            base = self.base(card, width, face_up, dim)
            cached = self._cache.put(key, turned(base, angle_key))
        return cached

    def outline(self, width: int, angle: float, color: tuple[int, int, int, int],
                grow: int, radius_ratio: float = 0.075) -> pygame.Surface:
        """A rounded, filled card-shaped patch (for shadows and glows), rotated like a card."""
        angle_key = round(angle * 2) / 2
        key = ("outline", width, angle_key, color, grow)
        cached = self._cache.get(key)
        if cached is None:
            w, h = width + 2 * grow, card_height(width) + 2 * grow
            patch = pygame.Surface((w, h), pygame.SRCALPHA)
            radius = max(2, round(width * radius_ratio) + grow)
            pygame.draw.rect(patch, color, patch.get_rect(), border_radius=radius)
            if angle_key:
                patch = turned(patch, angle_key)
            cached = self._cache.put(key, patch)
        return cached

    def glow(self, width: int, angle: float, color: tuple[int, int, int], grow: int
             ) -> pygame.Surface:
        """A soft halo around a card: a few nested translucent outlines."""
        angle_key = round(angle * 2) / 2
        key = ("glow", width, angle_key, color, grow)
        cached = self._cache.get(key)
        if cached is None:
            w, h = width + 2 * grow, card_height(width) + 2 * grow
            patch = pygame.Surface((w, h), pygame.SRCALPHA)
            steps = max(2, grow // 2)
            for i in range(steps):
                inset = round(i * grow / steps)
                alpha = round(30 + 170 * (i + 1) / steps)
                rect = patch.get_rect().inflate(-2 * inset, -2 * inset)
                pygame.draw.rect(patch, (*color, alpha), rect,
                                 width=max(1, round(grow / steps)) + 1,
                                 border_radius=max(2, round(width * 0.075) + grow - inset))
            if angle_key:
                patch = turned(patch, angle_key)
            cached = self._cache.put(key, patch)
        return cached


# --- a moving card -------------------------------------------------------------------------------


_PROPS = ("x", "y", "angle", "width", "face", "alpha")


class Tween:
    """From the values at the start to ``end`` over ``duration`` seconds after ``delay``."""

    __slots__ = ("delay", "duration", "ease", "elapsed", "end", "on_done", "start", "started")

    def __init__(self, end: dict[str, float], duration: float, delay: float, ease: Ease,
                 on_done: Callable[[], None] | None) -> None:
        self.end = end
        self.duration = duration
        self.delay = delay
        self.ease = ease
        self.on_done = on_done
        self.elapsed = 0.0
        self.start: dict[str, float] = {}
        self.started = False


class CardSprite:
    """One card on the table. ``card`` None is a card whose face this seat may not know."""

    def __init__(self, card: Card | None, x: float, y: float, width: float,
                 angle: float = 0.0, face_up: bool = True) -> None:
        self.card = card
        self.x = float(x)
        self.y = float(y)
        self.width = float(width)
        self.angle = float(angle)
        self.face = 1.0 if face_up else 0.0
        self.alpha = 255.0
        self.lift = 0.0  # drawn this many pixels up (hover/selection in the hand)
        self.lift_target = 0.0
        self.dim = False
        self.glow: tuple[int, int, int] | None = None
        self.glow_grow: int | None = None  # the halo's width in pixels (default: a tenth)
        self.shadow = False
        self.visible = True
        self.hidden_until_start = False  # stays invisible while its tween waits its delay
        self.tween: Tween | None = None
        self.owner: int | None = None  # the seat the card belongs to (who played it)

    def __repr__(self) -> str:
        return f"<CardSprite {self.card} at {self.x:.0f},{self.y:.0f}>"

    # --- motion ------------------------------------------------------------------------------
    def move_to(self, x: float | None = None, y: float | None = None, *,
                angle: float | None = None, width: float | None = None,
                face_up: bool | None = None, alpha: float | None = None,
                duration: float = 0.3, delay: float = 0.0, ease: Ease = ease_out_cubic,
                on_done: Callable[[], None] | None = None) -> None:
        """Tween to the given values (those left out keep their value). A pending tween is
        finished first (its end values apply, its ``on_done`` runs)."""
        if self.tween is not None:
            self.finish()
        end: dict[str, float] = {}
        for name, value in (("x", x), ("y", y), ("angle", angle), ("width", width),
                            ("alpha", alpha)):
            if value is not None:
                end[name] = float(value)
        if face_up is not None:
            end["face"] = 1.0 if face_up else 0.0
        if duration <= 0 and delay <= 0:
            for name, value in end.items():
                setattr(self, name, value)
            if on_done is not None:
                on_done()
            return
        self.tween = Tween(end, max(0.0, duration), max(0.0, delay), ease, on_done)

    def finish(self) -> None:
        """Jump to the end of the running tween."""
        tween = self.tween
        if tween is None:
            return
        self.tween = None
        for name, value in tween.end.items():
            setattr(self, name, value)
        if tween.on_done is not None:
            tween.on_done()

    def stop(self) -> None:
        """Stop where it is (no ``on_done``)."""
        self.tween = None

    @property
    def moving(self) -> bool:
        return self.tween is not None

    @property
    def waiting(self) -> bool:
        tween = self.tween
        return tween is not None and not tween.started

    def update(self, dt: float) -> None:
        if self.lift != self.lift_target:
            step = max(1.0, abs(self.lift_target - self.lift)) * min(1.0, dt * 16)
            if abs(self.lift_target - self.lift) <= step:
                self.lift = self.lift_target
            else:
                self.lift += step if self.lift_target > self.lift else -step
        tween = self.tween
        if tween is None:
            return
        tween.elapsed += dt
        if tween.elapsed < tween.delay:
            return
        if not tween.started:
            tween.started = True
            tween.start = {name: getattr(self, name) for name in tween.end}
        t = 1.0 if tween.duration <= 0 else min(1.0, (tween.elapsed - tween.delay)
                                                / tween.duration)
        k = tween.ease(t)
        for name, end in tween.end.items():
            start = tween.start[name]
            if name == "face":
                setattr(self, name, start + (end - start) * t)  # a flip turns evenly
            else:
                setattr(self, name, start + (end - start) * k)
        if t >= 1.0:
            self.finish()

    # --- drawing -------------------------------------------------------------------------------
    def is_shown(self) -> bool:
        return self.visible and not (self.hidden_until_start and self.waiting)

    def draw(self, surface: pygame.Surface, art: CardArt) -> pygame.Rect | None:
        if not self.is_shown() or self.alpha <= 0:
            return None
        width = max(8, round(self.width))
        image = art.image(self.card, width, self.face, self.angle, self.dim,
                          coarse=self.tween is not None)
        cx, cy = self.x, self.y - self.lift
        if self.shadow:
            shadow = art.outline(width, self.angle, (0, 0, 0, 90), max(2, width // 14))
            offset = max(3, width // 10)
            surface.blit(shadow, shadow.get_rect(center=(cx + offset * 0.6, cy + offset)))
        if self.glow is not None:
            glow = art.glow(width, self.angle, self.glow, self.glow_grow or max(4, width // 11))
            surface.blit(glow, glow.get_rect(center=(round(cx), round(cy))))
        rect = image.get_rect(center=(round(cx), round(cy)))
        if self.alpha < 255:
            image = image.copy()
            image.set_alpha(round(self.alpha))
        surface.blit(image, rect)
        return rect

    def contains(self, pos: tuple[float, float]) -> bool:
        """Whether ``pos`` is on the card (its rotation and lift taken into account)."""
        if not self.is_shown():
            return False
        dx, dy = pos[0] - self.x, pos[1] - (self.y - self.lift)
        a = math.radians(self.angle)
        lx = dx * math.cos(a) - dy * math.sin(a)
        ly = dx * math.sin(a) + dy * math.cos(a)
        w = self.width
        return abs(lx) <= w / 2 and abs(ly) <= card_height(max(8, round(w))) / 2


# --- the human's hand ----------------------------------------------------------------------------


class HandFan:
    """The cards of the bottom seat, sorted and fanned. The scene owns the interaction; this
    keeps the sprites, their order and their resting places."""

    def __init__(self) -> None:
        self.order: list[Card] = []
        self.sprites: dict[Card, CardSprite] = {}
        self.hover: Card | None = None
        self.focus: Card | None = None  # the keyboard's card
        self.selected: set[Card] = set()
        self.dimmed: set[Card] = set()
        self.marked: set[Card] = set()  # cards just taken from the dog, shown with a glow
        self.held: Card | None = None  # the card being dragged (drawn by the scene)
        self._slots: dict[Card, tuple[float, float, float]] = {}

    def __len__(self) -> int:
        return len(self.order)

    def __contains__(self, card: object) -> bool:
        return card in self.sprites

    def cards(self) -> list[Card]:
        return list(self.order)

    def clear(self) -> None:
        self.order.clear()
        self.sprites.clear()
        self._slots.clear()
        self.hover = self.focus = self.held = None
        self.selected.clear()
        self.dimmed.clear()
        self.marked.clear()

    def add(self, sprite: CardSprite) -> None:
        assert sprite.card is not None
        self.sprites[sprite.card] = sprite
        self.order = sort_for_hand(self.sprites)

    def take(self, card: Card) -> CardSprite | None:
        """Remove ``card`` from the hand and return its sprite."""
        sprite = self.sprites.pop(card, None)
        if sprite is None:
            return None
        self.order = [c for c in self.order if c != card]
        self._slots.pop(card, None)
        for group in (self.selected, self.dimmed, self.marked):
            group.discard(card)
        if self.hover == card:
            self.hover = None
        if self.focus == card:
            self.focus = None
        if self.held == card:
            self.held = None
        sprite.lift = sprite.lift_target = 0.0
        sprite.dim = False
        sprite.glow = None
        sprite.glow_grow = None
        return sprite

    def slot(self, card: Card) -> tuple[float, float, float] | None:
        """Where ``card`` rests: x, y, angle (after the last :meth:`layout`)."""
        return self._slots.get(card)

    def layout(self, layout: object, duration: float, width: int | None = None,
               keep: Iterable[Card] = ()) -> None:
        """Send every card to its resting place (``keep``: cards left where they are)."""
        from game.table.layout import TableLayout

        assert isinstance(layout, TableLayout)
        slots = layout.hand_slots(len(self.order))
        width = width or layout.hand_w
        kept = set(keep)
        self._slots = {}
        for card, slot in zip(self.order, slots, strict=True):
            self._slots[card] = (slot.x, slot.y, slot.angle)
            if card in kept or card == self.held:
                continue
            sprite = self.sprites[card]
            if (sprite.x, sprite.y, sprite.angle, sprite.width) == (slot.x, slot.y, slot.angle,
                                                                     width):
                continue
            sprite.move_to(slot.x, slot.y, angle=slot.angle, width=width, duration=duration,
                           ease=ease_out_cubic)

    def update_looks(self, lift_hover: float, lift_selected: float, glow: tuple[int, int, int]
                     ) -> None:
        """Lift and dim the cards as the hover, focus and selection say."""
        for card, sprite in self.sprites.items():
            if card == self.held:
                continue
            lift = 0.0
            if card in self.selected:
                lift = lift_selected
            elif card == self.hover or card == self.focus:
                lift = lift_hover
            sprite.lift_target = lift
            sprite.dim = card in self.dimmed
            sprite.glow = glow if card in self.marked or card == self.focus else None

    def card_at(self, pos: tuple[float, float]) -> Card | None:
        """The topmost hand card under ``pos`` (the rightmost of overlapping cards)."""
        for card in reversed(self.order):
            if card == self.held:
                continue
            sprite = self.sprites[card]
            if sprite.contains(pos):
                return card
            # a lifted card also answers for the gap it leaves below itself
            if sprite.lift > 0 and sprite.contains((pos[0], pos[1] - sprite.lift)):
                return card
        return None

    def moving(self) -> bool:
        return any(s.moving for s in self.sprites.values())

    def update(self, dt: float) -> None:
        for sprite in self.sprites.values():
            sprite.update(dt)

    def draw(self, surface: pygame.Surface, art: CardArt) -> None:
        for card in self.order:
            if card != self.held:
                self.sprites[card].draw(surface, art)
