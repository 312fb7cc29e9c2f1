"""The table: seats, cards, animations, drag and drop, the discard and the dialogs.

The scene draws what the human's seat may know and animates the engine's events one after
the other. Its display follows the events as they are animated (``seen``), not the engine's
latest state: while an animation runs the controller is held, so bots wait, and when the
table is idle the display is checked against the seat's view (:meth:`TableScene._sync`).

Every event becomes a small generator (``_on_<event>``) that starts sprite tweens and yields
how long to wait, in seconds at normal speed; the runner scales the waits and durations by
``settings.animation_factor`` (0 = instant, everything happens within one frame).

The human plays by dragging a card from the hand to the middle of the table (or clicking it,
or with the arrow keys and Enter); a card the rules refuse goes back into the hand and a
toast says why in words built from the view. The taker's discard is made the same way, into
a marked zone above the hand.

Dialogs come from :mod:`game.table.panels` (``panel_for(scene)``) and the end of a deal from
:mod:`game.table.score`; both read ``scene.view`` and answer through ``scene.submit``.
"""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import pygame

from engine import cards as C
from engine.actions import Action, Discard, Play
from engine.ai import options as O
from engine.events import (
    BidMade,
    CardPlayed,
    DealCancelled,
    DealDealt,
    DealScored,
    Discarded,
    DogRevealed,
    Event,
    HandfulShown,
    KingCalled,
    MisereAnnounced,
    PartnerRevealed,
    SlamAnnounced,
    SlamDeclined,
    TrickWon,
)
from engine.state import Phase
from engine.views import SeatView
from game.app.i18n import card_name, seat_name, suit_name
from game.app.widgets import GOLD, HIGHLIGHT, TEXT, TEXT_DIM, WARNING, Button, Toast, draw_panel
from game.app.window import App, Scene
from game.table.assist import Assist
from game.table.layout import TableLayout, card_h
from game.table.sprites import (
    CardArt,
    CardSprite,
    HandFan,
    ease_in_cubic,
    ease_in_out_cubic,
    ease_out_back,
    ease_out_cubic,
)

WIN_GLOW = (255, 208, 80)
DOG_GLOW = (120, 196, 255)
FOCUS_GLOW = (255, 255, 255)
GOOD = (150, 226, 150)
BAD = (255, 150, 130)
PLATE = (10, 30, 23, 218)
PLATE_TURN = (24, 52, 38, 235)


def signed(value: int) -> str:
    if value > 0:
        return f"+{value}"
    if value < 0:
        return f"\u2212{-value}"
    return "0"


def winning_index(cards: list[int]) -> int | None:
    """Which card of a trick (in play order) wins it so far (the Excuse never does)."""
    best: int | None = None
    for i, card in enumerate(cards):
        if card == C.EXCUSE:
            continue
        if best is None:
            best = i
            continue
        top = cards[best]
        if C.is_trump(card):
            if not C.is_trump(top) or card > top:
                best = i
        elif not C.is_trump(top) and C.SUIT_OF[card] == C.SUIT_OF[top] and card > top:
            best = i
    return best


# --- what the table shows ------------------------------------------------------------------------


@dataclass
class Seen:
    """The deal as the animations have shown it so far."""

    players: int
    deal_no: int = 0
    dealer: int = 0
    turn: int | None = None
    phase: Phase = Phase.NEW
    counts: list[int] = field(default_factory=list)
    bids: dict[int, str | None] = field(default_factory=dict)
    taker: int | None = None
    contract: str | None = None
    called: int | None = None
    partner: int | None = None
    alone: bool = False
    discard_shown: tuple[int, ...] = ()
    slam: bool = False
    handfuls: dict[int, tuple[int, ...]] = field(default_factory=dict)
    miseres: dict[int, tuple[str, ...]] = field(default_factory=dict)
    trick: list[tuple[int, int]] = field(default_factory=list)  # (seat, card) in play order
    last_trick: tuple[int, tuple[int, ...], int] | None = None  # leader, cards, winner
    tricks_won: list[int] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    over: bool = False

    def reset(self, dealer: int) -> None:
        n = self.players
        self.dealer = dealer
        self.turn = (dealer + 1) % n
        self.phase = Phase.BIDDING
        self.counts = [0] * n
        self.bids = {}
        self.taker = self.contract = self.called = self.partner = None
        self.alone = False
        self.discard_shown = ()
        self.slam = False
        self.handfuls = {}
        self.miseres = {}
        self.trick = []
        self.last_trick = None
        self.tricks_won = [0] * n
        self.over = False


@dataclass
class Bubble:
    seat: int
    text: str
    left: float
    total: float
    tone: str = "normal"  # "normal", "gold", "dim", "warn"


@dataclass
class Show:
    """Cards shown face up near a seat for a moment (a handful, trumps in a discard)."""

    seat: int
    sprites: list[CardSprite]
    label: str


@dataclass
class Drag:
    card: int
    sprite: CardSprite
    source: str  # "hand" or "zone"
    offset: tuple[float, float]
    start: tuple[int, int]
    moved: bool = False


class IconButton:
    """A round button with an icon (menu, last trick, sound, undo, hint)."""

    def __init__(self, icon: str, on_click: Callable[[], None], tooltip: str = "") -> None:
        """``tooltip`` is a text key, shown under the button while the mouse is on it."""
        self.icon = icon
        self.on_click = on_click
        self.tooltip = tooltip
        self.tip = ""  # a text shown instead of ``tooltip`` (already in words), if any
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.hover = False
        self.down = False
        self.active = False
        self.enabled = True  # drawn dimmed when not; a click still reaches ``on_click``
        self.pulse: float | None = None  # seconds, while the button shows it is working

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self.down = True
                return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was, self.down = self.down, False
            if was and self.rect.collidepoint(event.pos):
                self.on_click()
                return True
        return False

    def draw(self, surface: pygame.Surface, app: App) -> None:
        r = self.rect
        radius = r.width // 2
        body = pygame.Surface(r.size, pygame.SRCALPHA)
        lit = (self.hover or self.active) and self.enabled
        fill = (34, 78, 58, 235) if lit else (12, 34, 26, 215)
        if self.down and self.enabled:
            fill = (24, 58, 42, 240)
        pygame.draw.circle(body, fill, (radius, radius), radius)
        edge = HIGHLIGHT if self.active else GOLD if self.enabled else TEXT_DIM
        pygame.draw.circle(body, (*edge, 220 if self.enabled else 150), (radius, radius),
                           radius, max(1, r.width // 22))
        if self.pulse is not None:  # a bright arc going round
            start = self.pulse * 5.0
            arc = pygame.Rect(0, 0, r.width, r.height).inflate(-2, -2)
            pygame.draw.arc(body, (*HIGHLIGHT, 255), arc, start, start + 2.0,
                            max(2, r.width // 12))
        surface.blit(body, r.topleft)
        icon = app.assets.icon(self.icon, max(8, round(r.width * 0.62)))
        if not self.enabled:
            icon = icon.copy()
            icon.set_alpha(90)
        surface.blit(icon, icon.get_rect(center=r.center))


class _ResultPanel:
    """A plain end-of-deal panel, used when the score module is not available (and for a
    cancelled deal): the scores and a Next deal button."""

    def __init__(self, scene: TableScene, lines: list[tuple[str, tuple[int, int, int]]],
                 title: str) -> None:
        self.scene = scene
        self.app = scene.app
        self.lines = lines
        self.title = title
        self.done = False
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.unit = 1.0
        self.button = Button(scene.app.tr("table_next_deal"), self._next, hotkey=pygame.K_RETURN)

    def _next(self) -> None:
        self.done = True
        controller = self.scene.controller
        if controller.match.current.is_over:
            controller.next_deal()

    def layout(self, rect: pygame.Rect, unit: float) -> None:
        self.unit = unit
        width = round(460 * unit)
        height = round((150 + 30 * len(self.lines)) * unit)
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = rect.center
        self.button.rect = pygame.Rect(0, 0, round(200 * unit), round(50 * unit))
        self.button.rect.midbottom = (self.rect.centerx, self.rect.bottom - round(20 * unit))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.done:
            return False
        if self.button.handle_event(event):
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and bool(
            self.rect.collidepoint(event.pos))

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        if self.done:
            return
        u = self.unit
        draw_panel(surface, self.rect, u)
        scene = self.scene
        scene.blit_text(surface, self.title, round(34 * u),
                        (self.rect.centerx, self.rect.top + round(36 * u)), GOLD)
        y = self.rect.top + round(80 * u)
        for text, color in self.lines:
            scene.blit_text(surface, text, round(24 * u), (self.rect.centerx, y), color)
            y += round(30 * u)
        self.button.draw(surface, self.app.assets, u)


# --- the scene -----------------------------------------------------------------------------------


class TableScene(Scene):
    """The card table for one match, driven by a :class:`game.match.controller.MatchController`."""

    def __init__(self, app: App, controller: Any) -> None:
        super().__init__(app)
        self.controller = controller
        self.human: int | None = controller.human_seat
        self.me = self.human if self.human is not None else 0
        self.view: SeatView = controller.view()
        self.players = self.view.players
        self.layout = self.make_layout(app.size)
        self.toast = Toast()
        self.art = CardArt(app.assets, app.settings.four_colour, app.settings.card_back)
        self._set_art_widths()
        self.seen = Seen(self.players)
        self.seen.reset(self.view.dealer)

        # sprites
        self.hand = HandFan()
        self.trick_sprites: list[tuple[int, CardSprite]] = []
        self.dog_sprites: list[CardSprite] = []
        self.zone: list[CardSprite] = []  # the discard being made
        self.flyers: list[CardSprite] = []
        self.pending: dict[int, CardSprite] = {}  # my cards submitted, waiting for their event
        self.shows: list[Show] = []
        self.bubbles: list[Bubble] = []

        # what panels and the score module use
        self.hand_selection: set[int] = set()
        self.selection_mode = False
        self.panel: Any = None
        self.score_panel: Any = None

        # interaction
        self.drag: Drag | None = None
        self.editing_discard = False  # the discard zone is open
        self.rediscard = False  # the taker reopened a discard already made
        self.last_trick_shown = False  # sticky, from the button
        self.last_trick_held = False  # while L is held
        self.mouse = (0, 0)
        self.show_counts = True  # the number of cards on each opponent's fan

        # the event runner
        self.queue: deque[Event] = deque()
        self.step: Iterator[float] | None = None
        self.wait = 0.0
        self._log_len = 0
        self._dirty = True
        self._started = False
        self._held: bool | None = True
        controller.hold(True)  # no bot moves before the table has shown the deal
        self.time = 0.0
        self._texts: dict[tuple[object, ...], pygame.Surface] = {}
        self._plates: dict[tuple[object, ...], pygame.Surface] = {}
        self._sound_times: dict[str, float] = {}
        self._status = ""
        self._panel_module: Any = None
        self._panel_checked = False
        self._thinking: int | None = None
        self._thinking_for = 0.0

        self.buttons = {
            "menu": IconButton("settings", self.open_menu, "table_menu"),
            "last_trick": IconButton("last_trick", self.toggle_last_trick, "table_last_trick"),
            "sound": IconButton("sound_on", self.toggle_sound, "sound"),
            "undo": IconButton("undo", self.undo, "table_undo_nothing"),
            "hint": IconButton("hint", self.toggle_hint, "table_hint_tip"),
        }
        if self.human is None:  # bots in every seat: nothing to take back, nobody to advise
            del self.buttons["undo"], self.buttons["hint"]
        self.assist = Assist(self)  # undo, hints and the practised badge
        self.app.assets.card(0, self.layout.hand_w, app.settings.four_colour)  # load the deck
        self.confirm_button = Button(app.tr("table_confirm"), self.confirm_discard)
        self.change_button = Button(app.tr("table_change_discard"), self.start_rediscard)
        self.keep_button = Button(app.tr("table_keep_discard"), self.cancel_rediscard)
        self._place_buttons()

    # --- small helpers ---------------------------------------------------------------------------
    @property
    def factor(self) -> float:
        return self.app.settings.animation_factor

    def d(self, seconds: float) -> float:
        """A duration scaled by the animation speed."""
        return seconds * self.factor

    @property
    def lang(self) -> str:
        return self.app.settings.language

    def tr(self, key: str, **values: object) -> str:
        return self.app.tr(key, **values)

    def name(self, seat: int) -> str:
        if self.human is not None and seat == self.human:
            return self.app.settings.player_name or self.tr("table_you")
        return seat_name(seat, self.players, self.lang)

    def sound(self, name: str, volume: float = 1.0, gap: float = 0.06) -> None:
        now = time.perf_counter()
        if now - self._sound_times.get(name, -1.0) < gap:
            return
        self._sound_times[name] = now
        self.app.sounds.play(name, volume)

    def text(self, text: str, size: int, color: tuple[int, int, int] = TEXT,
             shadow: bool = True) -> pygame.Surface:
        key = (text, size, color, shadow)
        image = self._texts.get(key)
        if image is None:
            font = self.app.assets.font(size)
            face = font.render(text, True, color)
            if shadow:
                back = font.render(text, True, (0, 0, 0))
                back.set_alpha(150)
                off = max(1, size // 14)
                image = pygame.Surface((face.get_width() + off, face.get_height() + off),
                                       pygame.SRCALPHA)
                image.blit(back, (off, off))
                image.blit(face, (0, 0))
            else:
                image = face
            if len(self._texts) > 600:
                self._texts.clear()
            self._texts[key] = image
        return image

    def blit_text(self, surface: pygame.Surface, text: str, size: int,
                  pos: tuple[float, float], color: tuple[int, int, int] = TEXT,
                  anchor: str = "center", shadow: bool = True) -> pygame.Rect:
        image = self.text(text, size, color, shadow)
        rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
        surface.blit(image, rect)
        return rect

    def fit_text(self, text: str, size: int, width: int) -> int:
        """The largest font size up to ``size`` at which ``text`` fits ``width`` pixels."""
        while size > 10 and self.app.assets.font(size).size(text)[0] > width:
            size -= 1
        return size

    # --- scene hooks -----------------------------------------------------------------------------
    def enter(self) -> None:
        self.art.configure(self.app.settings.four_colour, self.app.settings.card_back)
        self._texts.clear()
        self.confirm_button.label = self.tr("table_confirm")
        self.change_button.label = self.tr("table_change_discard")
        self.keep_button.label = self.tr("table_keep_discard")
        self._dirty = True

    def leave(self) -> None:
        self.drag_cancel()
        self.assist.drop_hint()
        if self._held is not None:
            self.controller.hold(True)  # bots wait while the table is not on screen
            self._held = True

    def make_layout(self, size: tuple[int, int]) -> TableLayout:
        """The table's geometry for a window of ``size``: the table takes it all."""
        return TableLayout(size, self.players, self.app.unit)

    def on_resize(self, size: tuple[int, int]) -> None:
        self.layout = self.make_layout(size)
        self._set_art_widths()
        self._texts.clear()
        self._plates.clear()
        # running tweens jump to their end; the generators go on from there
        for sprite in self._all_sprites():
            sprite.finish()
        self._place_buttons()
        self._place_all()
        if self.panel is not None:
            self.panel.layout(self.layout.panel_rect, self.app.unit)
        if self.score_panel is not None:
            self.score_panel.layout(self._score_area(), self.app.unit)

    def _set_art_widths(self) -> None:
        lay = self.layout
        self.art.widths = (lay.small_w, lay.trick_w, lay.dog_w, lay.hand_w,
                           round(lay.trick_w * 0.8))

    def _score_area(self) -> pygame.Rect:
        """Where the score panel is centred: the whole table."""
        return pygame.Rect((0, 0), self.layout.size)

    def score_button_label(self) -> str:
        """The label of the score panel's main button."""
        return self.tr("score_next_deal")

    def score_done(self) -> None:
        """The score panel's main button: on to the next deal of the match."""
        if self.controller.match.current.is_over:
            self.controller.next_deal()

    def _place_buttons(self) -> None:
        for name, button in self.buttons.items():
            button.rect = pygame.Rect(self.layout.buttons[name])
        self.confirm_button.rect = pygame.Rect(self.layout.confirm_rect)
        keep = pygame.Rect(self.layout.confirm_rect)
        keep.top = self.layout.confirm_rect.bottom + self.layout.u(10)
        self.keep_button.rect = keep
        box = self.layout.seats[self.me].box
        change = pygame.Rect(0, 0, box.width, self.layout.u(38))
        change.midbottom = (box.centerx, box.top - self.layout.u(10))
        self.change_button.rect = change

    def _all_sprites(self) -> list[CardSprite]:
        out = list(self.hand.sprites.values())
        out += [s for _, s in self.trick_sprites]
        out += self.dog_sprites + self.zone + self.flyers + list(self.pending.values())
        for show in self.shows:
            out += show.sprites
        return out

    def _place_all(self) -> None:
        """Put every resting sprite where the current layout says (after a resize)."""
        lay = self.layout
        self.hand.layout(lay, 0)
        for sprite in self.hand.sprites.values():
            sprite.width = lay.hand_w
        for seat, sprite in self.trick_sprites:
            place = lay.seats[seat]
            sprite.x, sprite.y = place.trick
            sprite.width = lay.trick_w
            sprite.angle = place.trick_angle
        for sprite, (x, y) in zip(self.dog_sprites, lay.dog_positions(len(self.dog_sprites)),
                                  strict=True):
            sprite.x, sprite.y, sprite.width = x, y, lay.dog_w
        self._place_zone(0)
        for show in self.shows:
            width = round(lay.trick_w * 0.8)
            for sprite, (x, y) in zip(show.sprites, lay.show_positions(show.seat,
                                                                        len(show.sprites),
                                                                        width), strict=True):
                sprite.x, sprite.y, sprite.width = x, y, width
        for sprite in self.pending.values():
            sprite.x = min(max(sprite.x, 0), lay.size[0])
            sprite.y = min(max(sprite.y, 0), lay.size[1])
        if self.drag is not None:
            self.drag_cancel()

    def _place_zone(self, duration: float) -> None:
        positions = self.layout.discard_positions(self._discard_size())
        for sprite, (x, y) in zip(self.zone, positions, strict=False):
            if sprite is (self.drag.sprite if self.drag else None):
                continue
            sprite.move_to(x, y, angle=0.0, width=self.layout.trick_w, duration=duration)

    def _discard_size(self) -> int:
        return self.view.rules.setup(self.players).dog

    # --- the frame -------------------------------------------------------------------------------
    @property
    def idle(self) -> bool:
        """No event waiting to be shown and no animation the bots should wait for."""
        return (self._started and self.step is None and not self.queue
                and not self._blocked())

    def _blocked(self) -> bool:
        if self.wait > 0:
            return True
        for sprite in self.flyers:
            if sprite.moving:
                return True
        for _, sprite in self.trick_sprites:
            if sprite.moving:
                return True
        return any(s.moving for s in self.dog_sprites)

    def update(self, dt: float) -> None:
        self.time += dt
        settings = self.app.settings
        self.art.configure(settings.four_colour, settings.card_back)
        self.buttons["sound"].icon = "sound_on" if settings.sound else "sound_off"
        self.buttons["last_trick"].active = self.last_trick_shown
        if not self._started:
            self._started = True
            self._start()
        self.controller.update()
        events = self.controller.poll_events()
        if events:
            self.queue.extend(events)
        self._run(dt)
        if self.idle:
            self._catch_up()
            self._run(0.0)
        if self.idle:
            if self._dirty:
                self._sync()
            self._update_panel()
        held = not self.idle
        if held != self._held:
            self.controller.hold(held)
            self._held = held
        # sprites and timers
        for sprite in self._all_sprites():
            sprite.update(dt)
        self.flyers = [s for s in self.flyers if s.visible]
        for bubble in self.bubbles:
            bubble.left -= dt
        self.bubbles = [b for b in self.bubbles if b.left > 0]
        self.toast.update(dt)
        self.assist.update(dt)
        self._update_looks()
        if self.panel is not None:
            self.panel.update(dt)
        if self.score_panel is not None:
            self.score_panel.update(dt)
            if self.score_panel.done:
                self.score_panel = None
        self._status = self._status_text()
        # a bot that takes a moment shows three dots under its plate
        if self.idle and self.controller.is_thinking():
            self._thinking_for += dt
        else:
            self._thinking_for = 0.0
        self._thinking = self.controller.whose_turn() if self._thinking_for > 0.3 else None

    def _start(self) -> None:
        """The first frame: animate a fresh deal from its start, or show a deal in progress."""
        events = self.controller.poll_events()
        deal = self.controller.match.current
        if events and isinstance(events[0], DealDealt):
            self.queue.extend(events)
        elif not deal.command_starts():
            self.queue.extend(deal.events)
            self.queue.extend(events)
        else:
            self._sync(hard=True)
            if deal.is_over:
                self.show_score(deal.result)

    def _catch_up(self) -> None:
        """Resynchronise when the match moved without events we saw (an undo, a new deal)."""
        match = self.controller.match
        deal = match.current
        if len(match.deals) != self.seen.deal_no:
            if not deal.command_starts():
                self.queue.extend(deal.events)
            else:
                self._sync(hard=True)
        elif len(deal.events) != self._log_len:
            self._sync(hard=True)

    def _run(self, dt: float) -> None:
        """Advance the event animations; with instant animations everything runs now."""
        self.wait = max(0.0, self.wait - dt)
        for _ in range(10_000):
            if self.wait > 0 or self._blocked_by_sprites():
                return
            if self.step is None:
                if not self.queue:
                    return
                event = self.queue.popleft()
                if isinstance(event, DealDealt):
                    self._log_len = 0
                self._log_len += 1
                self._dirty = True
                self.step = self._animate(event)
            try:
                self.wait = max(0.0, next(self.step) * self.factor)
            except StopIteration:
                self.step = None

    def _blocked_by_sprites(self) -> bool:
        return any(s.moving for s in self.flyers) or any(
            s.moving for _, s in self.trick_sprites) or any(s.moving for s in self.dog_sprites)

    # --- keeping in step with the view ---------------------------------------------------------
    def _sync(self, hard: bool = False) -> None:
        """Take the seat's view as the truth: scores, bids, counts, hand and trick sprites."""
        self._dirty = False
        view = self.view = self.controller.view()
        match = self.controller.match
        seen = self.seen
        if hard:
            self.flyers.clear()
            self.shows.clear()
            self.pending.clear()
            self.drag_cancel()
            self._log_len = len(match.current.events)
        seen.deal_no = len(match.deals)
        seen.dealer = view.dealer
        seen.phase = view.phase
        seen.turn = view.turn
        seen.counts = list(view.hand_counts)
        seen.bids = dict(view.bids)
        seen.taker = view.taker
        seen.contract = view.contract
        seen.called = view.called
        seen.partner = view.partner if view.partner_known else None
        seen.alone = bool(self.players == 5 and view.partner_known and view.partner is None
                          and view.taker is not None and view.called is not None)
        seen.discard_shown = view.discard_shown
        seen.slam = view.slam_announced
        seen.handfuls = dict(view.handfuls)
        seen.miseres = dict(view.miseres)
        seen.trick = list(zip(view.trick.seats(self.players), view.trick.cards, strict=True))
        seen.tricks_won = [0] * self.players
        for trick in view.tricks:
            if trick.winner is not None:
                seen.tricks_won[trick.winner] += 1
        last = view.last_trick
        seen.last_trick = (last.leader, last.cards, last.winner or 0) if last else None
        seen.totals = list(match.totals)
        seen.over = view.phase in (Phase.FINISHED, Phase.CANCELLED)

        # the discard zone
        editing = self.human is not None and view.taker == self.me and (
            view.phase is Phase.DISCARDING or (self.rediscard and O.can_change_discard(view)))
        if not editing:
            self.rediscard = False
            if self.zone:
                self.zone.clear()
        if editing and not self.editing_discard:
            self.zone = []
            if view.phase is not Phase.DISCARDING and view.discard:
                self._fill_zone(view.discard)
        self.editing_discard = editing

        # the hand: the view's cards (with the discard being edited) less those on the table
        pool = list(view.hand)
        if editing and view.discard and view.phase is not Phase.DISCARDING:
            pool += list(view.discard)
        in_zone = {s.card for s in self.zone}
        wanted = [c for c in pool if c not in in_zone and c not in self.pending]
        self._set_hand(wanted, animate=not hard)

        # the trick on the table
        have = [(seat, s.card) for seat, s in self.trick_sprites]
        if have != seen.trick:
            self.trick_sprites = []
            for seat, card in seen.trick:
                place = self.layout.seats[seat]
                sprite = CardSprite(card, *place.trick, self.layout.trick_w,
                                    angle=place.trick_angle)
                self.trick_sprites.append((seat, sprite))
        # the face-down dog stays on the table during the bidding
        if view.phase in (Phase.BIDDING, Phase.CALLING) and not view.cancelled:
            count = view.rules.setup(self.players).dog
            if len(self.dog_sprites) != count:
                self.dog_sprites = [
                    CardSprite(None, x, y, self.layout.dog_w, face_up=False)
                    for x, y in self.layout.dog_positions(count)]
        elif not any(s.moving for s in self.dog_sprites):
            self.dog_sprites = []
        if view.phase is not Phase.DISCARDING and not editing:
            self.hand.marked.clear()

    def _set_hand(self, cards: list[int], animate: bool) -> None:
        current = set(self.hand.sprites)
        wanted = set(cards)
        for card in current - wanted:
            self.hand.take(card)
        new = wanted - current
        lay = self.layout
        for card in new:
            self.hand.add(CardSprite(card, lay.size[0] / 2, lay.hand_rect.bottom,
                                     lay.hand_w))
        slots = lay.hand_slots(len(self.hand.order))
        for card, slot in zip(self.hand.order, slots, strict=True):
            if card in new:
                sprite = self.hand.sprites[card]
                sprite.x, sprite.y, sprite.angle = slot.x, slot.y, slot.angle
        self.hand.layout(lay, self.d(0.25) if animate else 0)

    def _fill_zone(self, cards: tuple[int, ...]) -> None:
        positions = self.layout.discard_positions(self._discard_size())
        for card, (x, y) in zip(cards, positions, strict=False):
            sprite = self.hand.take(card) if card in self.hand else None
            if sprite is None:
                sprite = CardSprite(card, x, y, self.layout.trick_w)
            self.zone.append(sprite)
        self._place_zone(self.d(0.3))

    # --- dialogs ---------------------------------------------------------------------------------
    def _panels(self) -> Any:
        if not self._panel_checked:
            self._panel_checked = True
            try:
                from game.table import panels
            except ImportError:
                self._panel_module = None
            else:
                self._panel_module = panels
        return self._panel_module

    def _update_panel(self) -> None:
        panel = None
        panels = self._panels()
        if (panels is not None and self.human is not None and not self.rediscard
                and self.controller.waiting_for_human()):
            panel = panels.panel_for(self)
        if panel is not self.panel:
            self.panel = panel
            if panel is not None:
                panel.layout(self.layout.panel_rect, self.app.unit)
        if self.panel is None and self.selection_mode:
            self.selection_mode = False
            self.hand_selection.clear()

    def submit(self, action: Action) -> bool:
        """Send the human's ``action``; on refusal show why (in words) and return False."""
        problem = self.controller.submit(action)
        if problem is None:
            self.view = self.controller.view()
            return True
        self.toast.show(self._friendly(action, problem))
        return False

    def _friendly(self, action: Action, problem: str) -> str:
        view = self.controller.view()
        if isinstance(action, Play):
            reason = self.play_refusal(view, action.card)
            if reason:
                return reason
        if isinstance(action, Discard):
            for card in action.cards:
                reason = self.discard_refusal(view, card, [c for c in action.cards
                                                           if c != card])
                if reason:
                    return reason
        return problem[:1].upper() + problem[1:]

    def show_score(self, result: Any) -> None:
        """The end of a deal (``result`` None: it was cancelled): the score module's panel,
        or a plain one when that module is missing."""
        try:
            from game.table.score import ScorePanel
        except ImportError:
            panel: Any = self._fallback_result(result)
            if result is not None:
                if result.slam in ("announced_made", "made"):
                    self.sound("slam")
                self.sound("contract_made" if result.made else "contract_lost")
        else:
            panel = ScorePanel(self, result)
        if isinstance(panel, Scene):
            self.app.push(panel)
            return
        self.score_panel = panel
        panel.layout(self._score_area(), self.app.unit)

    def _fallback_result(self, result: Any) -> _ResultPanel:
        lines: list[tuple[str, tuple[int, int, int]]] = []
        if result is None:
            cancelled = self.controller.match.current.state.cancelled
            seat = getattr(self.controller.match.current.events[-1], "seat", None)
            if cancelled == "petit_sec" and seat is not None:
                lines.append((self.tr("table_petit_sec", name=self.name(seat)), TEXT))
            else:
                lines.append((self.tr("table_all_passed"), TEXT))
            return _ResultPanel(self, lines, self.tr("table_deal_cancelled"))
        title = self.tr("table_contract_made" if result.made else "table_contract_lost")
        lines.append((self.tr("table_contract_by", contract=self.tr(result.contract),
                              name=self.name(result.taker)), GOLD))
        for seat, score in enumerate(result.scores):
            total = self.seen.totals[seat] if seat < len(self.seen.totals) else score
            lines.append((f"{self.name(seat)}: {signed(score)}  ({signed(total)})",
                          GOOD if score > 0 else BAD if score < 0 else TEXT))
        return _ResultPanel(self, lines, title)

    # --- buttons ---------------------------------------------------------------------------------
    def open_menu(self) -> None:
        self.app.pop()

    def toggle_last_trick(self) -> None:
        if self.seen.last_trick is None:
            self.toast.show(self.tr("table_no_last_trick"), 2.0, warning=False)
            return
        self.last_trick_shown = not self.last_trick_shown

    def undo(self) -> None:
        """Take back the player's last decision in this deal (see :mod:`game.table.assist`)."""
        self.assist.undo()

    def toggle_hint(self) -> None:
        """Ask what the strongest bot would do now, or hide the hint shown."""
        self.assist.toggle_hint()

    def toggle_sound(self) -> None:
        settings = self.app.settings
        self.app.update_settings(settings.with_(sound=not settings.sound))

    def confirm_discard(self) -> None:
        cards = tuple(sorted(s.card for s in self.zone if s.card is not None))
        if self.submit(Discard(cards)):
            self.sound("card_slide")

    def start_rediscard(self) -> None:
        view = self.controller.view()
        if not O.can_change_discard(view) or not view.discard:
            return
        self.rediscard = True
        self._dirty = True
        self._sync()

    def cancel_rediscard(self) -> None:
        self.rediscard = False
        for sprite in self.zone:
            if sprite.card is not None:
                self.hand.add(sprite)
        self.zone = []
        self.editing_discard = False
        self._sync()

    # --- the discard -----------------------------------------------------------------------------
    def discard_refusal(self, view: SeatView, card: int, others: list[int]) -> str | None:
        """Why ``card`` may not join a discard that holds ``others`` (None: it may)."""
        options = O.discard_options(view)
        if card in C.cards_of(C.KING_MASK):
            return self.tr("table_no_kings")
        if C.is_oudler(card):
            return self.tr("table_no_oudlers")
        if C.is_trump(card):
            if not options.trumps_needed:
                return self.tr("table_no_trumps")
            if sum(1 for c in others if C.is_trump(c)) >= options.trumps_needed:
                return self.tr("table_trumps_limit", n=options.trumps_needed)
        if len(others) >= options.size:
            return self.tr("table_discard_full", n=options.size)
        return None

    def discard_complete(self) -> bool:
        if not self.editing_discard:
            return False
        cards = [s.card for s in self.zone if s.card is not None]
        if len(cards) != self._discard_size():
            return False
        view = self.controller.view()
        return all(self.discard_refusal(view, c, [o for o in cards if o != c]) is None
                   for c in cards)

    def to_zone(self, sprite: CardSprite) -> bool:
        """Put a hand card into the discard (refused with a toast when the rules say no)."""
        assert sprite.card is not None
        reason = self.discard_refusal(self.controller.view(), sprite.card,
                                      [s.card for s in self.zone if s.card is not None])
        if reason:
            self.toast.show(reason)
            return False
        self.hand.take(sprite.card)
        sprite.shadow = False
        self.zone.append(sprite)
        self._place_zone(self.d(0.22))
        self.hand.layout(self.layout, self.d(0.22))
        self.sound("card_slide", 0.6)
        return True

    def from_zone(self, sprite: CardSprite) -> None:
        if sprite in self.zone:
            self.zone.remove(sprite)
        sprite.shadow = False
        self.hand.add(sprite)
        self.hand.layout(self.layout, self.d(0.22))
        self._place_zone(self.d(0.22))
        self.sound("card_slide", 0.6)

    def zone_card_at(self, pos: tuple[int, int]) -> CardSprite | None:
        for sprite in reversed(self.zone):
            if sprite.contains(pos):
                return sprite
        return None

    # --- playing ---------------------------------------------------------------------------------
    def play_refusal(self, view: SeatView, card: int) -> str | None:
        """Why the human may not play ``card`` now, in a sentence (None: it may)."""
        if self.human is None:
            return self.tr("table_not_your_turn")
        phase = view.phase
        if phase in (Phase.FINISHED, Phase.CANCELLED):
            return self.tr("table_deal_over")
        if phase in (Phase.BIDDING, Phase.CALLING):
            return self.tr("table_wait_bidding")
        if phase is Phase.DISCARDING:
            if view.taker == self.me:
                return self.tr("table_discard_first", n=self._discard_size())
            return self.tr("table_not_your_turn")
        if phase is Phase.SLAM:
            return self.tr("table_answer_first" if view.taker == self.me
                           else "table_not_your_turn")
        if view.turn != self.me:
            return self.tr("table_not_your_turn")
        if card in view.legal_plays:
            return None
        hand = view.hand_mask
        trick = list(view.trick.cards)
        if not trick:
            called = view.called
            if called is not None:
                return self.tr("table_called_suit",
                               suit=suit_name(C.SUIT_OF[called], self.lang),
                               card=card_name(called, self.lang))
            return None
        lead = trick[1] if trick[0] == C.EXCUSE and len(trick) > 1 else trick[0]
        suit = C.SUIT_OF[lead]
        if suit < C.TRUMP and hand & C.SUIT_MASKS[suit]:
            return self.tr("table_must_follow", suit=suit_name(suit, self.lang))
        high = max((C.RANK_OF[c] for c in trick if C.is_trump(c)), default=0)
        trumps = hand & C.TRUMP_MASK
        if trumps:
            if high and trumps & C.TRUMPS_ABOVE[high]:
                return self.tr("table_must_overtrump", rank=high)
            if suit == C.TRUMP:
                return self.tr("table_must_play_trump")
            return self.tr("table_must_trump", suit=suit_name(suit, self.lang))
        return None

    def play(self, sprite: CardSprite) -> bool:
        """Play a hand card whose sprite is where the player left it."""
        card = sprite.card
        assert card is not None
        view = self.controller.view()
        reason = self.play_refusal(view, card)
        if reason:
            self.toast.show(reason)
            return False
        if not self.submit(Play(card)):
            return False
        self.hand.take(card)
        sprite.shadow = True
        self.pending[card] = sprite
        self.hand.layout(self.layout, self.d(0.25))
        return True

    # --- input -----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse = event.pos
        if self.assist.handle_event(event):  # U, Ctrl+Z, H; undo over a score panel
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                if self.last_trick_shown:
                    self.last_trick_shown = False
                elif self.drag is not None:
                    self.drag_cancel()
                else:
                    self.open_menu()
                return
            if event.key == pygame.K_l and not (event.mod & pygame.KMOD_CTRL):
                self.last_trick_held = True
                return
        if event.type == pygame.KEYUP and event.key == pygame.K_l:
            self.last_trick_held = False
            return
        if self.drag is not None and self._drag_event(event):
            return
        if self.score_panel is not None and self.score_panel.handle_event(event):
            return
        if self.last_trick_shown and event.type == pygame.MOUSEBUTTONDOWN:
            self.last_trick_shown = False
            return
        for button in self.buttons.values():
            if button.handle_event(event):
                return
        if self.editing_discard:
            if self.discard_complete() and self.confirm_button.handle_event(event):
                return
            if self.rediscard and self.keep_button.handle_event(event):
                return
        elif self._can_rediscard() and self.change_button.handle_event(event):
            return
        if self.panel is not None and not self.panel.done and self.panel.handle_event(event):
            return
        if event.type == pygame.MOUSEMOTION:
            self.hand.hover = self.hand.card_at(event.pos) if self.human is not None else None
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._press(event.pos)
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)

    def _can_rediscard(self) -> bool:
        view = self.view
        return (self.human is not None and self.idle and not self.editing_discard
                and view.taker == self.me and view.phase is Phase.PLAYING
                and view.turn == self.me and bool(view.discard)
                and O.can_change_discard(view))

    def _press(self, pos: tuple[int, int]) -> None:
        if self.human is None:
            return
        source = "hand"
        card = self.hand.card_at(pos)
        sprite: CardSprite | None = None
        if card is not None:
            sprite = self.hand.sprites[card]
        elif self.editing_discard:
            sprite = self.zone_card_at(pos)
            source = "zone"
            card = sprite.card if sprite is not None else None
        if sprite is None or card is None:
            return
        sprite.stop()
        sprite.y -= sprite.lift
        sprite.lift = sprite.lift_target = 0.0
        sprite.shadow = True
        if source == "hand":
            self.hand.held = card
        self.drag = Drag(card, sprite, source, (sprite.x - pos[0], sprite.y - pos[1]), pos)

    def _drag_event(self, event: pygame.event.Event) -> bool:
        drag = self.drag
        assert drag is not None
        if event.type == pygame.MOUSEMOTION:
            x, y = event.pos
            if not drag.moved and math.hypot(x - drag.start[0], y - drag.start[1]) > max(
                    4, self.layout.u(7)):
                drag.moved = True
                drag.sprite.move_to(angle=0.0, width=self.layout.hand_w * 1.06,
                                    duration=self.d(0.12))
            if drag.moved:
                drag.sprite.x = x + drag.offset[0]
                drag.sprite.y = y + drag.offset[1]
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.drag = None
            self.hand.held = None
            sprite = drag.sprite
            sprite.finish()
            if drag.moved:
                self._drop(drag, event.pos)
            else:
                self._click(drag)
            return True
        return event.type == pygame.MOUSEBUTTONDOWN

    def drag_cancel(self) -> None:
        drag = self.drag
        if drag is None:
            return
        self.drag = None
        self.hand.held = None
        self._return(drag)

    def _return(self, drag: Drag) -> None:
        """Send a dragged card back where it came from."""
        sprite = drag.sprite
        sprite.shadow = False
        if drag.source == "zone" and sprite in self.zone:
            self._place_zone(self.d(0.25))
            return
        slot = self.hand.slot(drag.card)
        if slot is not None and drag.card in self.hand:
            sprite.move_to(slot[0], slot[1], angle=slot[2], width=self.layout.hand_w,
                           duration=self.d(0.3), ease=ease_out_back)
        else:
            self.hand.layout(self.layout, self.d(0.3))

    def _click(self, drag: Drag) -> None:
        sprite = drag.sprite
        sprite.shadow = False
        card = drag.card
        if self.selection_mode and drag.source == "hand":
            if card in self.hand_selection:
                self.hand_selection.discard(card)
            else:
                self.hand_selection.add(card)
            self._return(drag)
            return
        if self.editing_discard:
            if drag.source == "zone":
                self.from_zone(sprite)
            elif not self.to_zone(sprite):
                self._return(drag)
            return
        if not self.play(sprite):
            self._return(drag)

    def _drop(self, drag: Drag, pos: tuple[int, int]) -> None:
        sprite = drag.sprite
        lay = self.layout
        if self.editing_discard:
            in_zone = lay.discard_rect.inflate(lay.u(40), lay.u(40)).collidepoint(pos)
            if drag.source == "hand" and in_zone:
                if not self.to_zone(sprite):
                    self._return(drag)
            elif drag.source == "zone" and not in_zone:
                self.from_zone(sprite)
            else:
                self._return(drag)
            return
        if self.selection_mode:
            self._return(drag)
            return
        on_table = (lay.panel_rect.collidepoint(pos) or lay.trick_rect.collidepoint(pos)) and (
            not lay.hand_rect.collidepoint(pos))
        if on_table:
            if not self.play(sprite):
                self._return(drag)
            return
        if not lay.hand_rect.collidepoint(pos):
            self.toast.show(self.tr("table_drop_on_table"), 2.5, warning=False)
        self._return(drag)

    def _key(self, key: int) -> None:
        order = self.hand.order
        if not order or self.human is None:
            return
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            if self.hand.focus not in order:
                self.hand.focus = order[0] if key == pygame.K_RIGHT else order[-1]
            else:
                i = order.index(self.hand.focus) + (1 if key == pygame.K_RIGHT else -1)
                self.hand.focus = order[max(0, min(len(order) - 1, i))]
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            card = self.hand.focus
            if card is None or card not in self.hand:
                return
            sprite = self.hand.sprites[card]
            sprite.y -= sprite.lift
            sprite.lift = sprite.lift_target = 0.0
            self._click(Drag(card, sprite, "hand", (0.0, 0.0), (0, 0)))
            if card not in self.hand:
                self.hand.focus = None

    def _update_looks(self) -> None:
        """Lifts, dimming and glows of the hand for the current situation."""
        hand = self.hand
        view = self.view
        dimmed: set[int] = set()
        if self.human is not None and self.idle:
            if self.selection_mode:
                dimmed = {c for c in hand.order if not (C.is_trump(c) or c == C.EXCUSE)}
            elif self.editing_discard:
                allowed = O.discard_options(view).allowed
                dimmed = {c for c in hand.order if not allowed >> c & 1}
            elif view.phase is Phase.PLAYING and view.turn == self.me:
                legal = set(view.legal_plays)
                dimmed = {c for c in hand.order if c not in legal}
        hand.dimmed = dimmed
        hand.selected = set(self.hand_selection) if self.selection_mode else set()
        if self.drag is None and self.human is not None:
            hand.hover = hand.card_at(self.mouse)
        else:
            hand.hover = None
        hand.update_looks(self.layout.hover_lift, self.layout.select_lift,
                          DOG_GLOW if hand.marked else FOCUS_GLOW)
        thin = max(3, self.layout.hand_w // 22)
        for sprite in hand.sprites.values():
            sprite.glow_grow = thin
        if hand.focus is not None and hand.focus in hand.sprites:
            hand.sprites[hand.focus].glow = FOCUS_GLOW
        for card in hand.marked:
            if card in hand.sprites and card != hand.focus:
                hand.sprites[card].glow = DOG_GLOW
        self.assist.decorate_hand()

    # --- the status line -------------------------------------------------------------------------
    def _status_text(self) -> str:
        if self.human is None:
            return self.tr("table_demo")
        seen = self.seen
        if seen.over:
            return self.tr("table_deal_over")
        if self.dog_sprites and any(s.face >= 0.5 for s in self.dog_sprites):
            return self.tr("table_dog")
        idle = self.idle
        # while events are being shown, the display's own idea of the phase and turn
        phase = self.view.phase if idle else seen.phase
        turn = self.view.turn if idle else seen.turn
        if turn is None:
            return ""
        mine = turn == self.me
        who = self.name(turn)
        if phase is Phase.BIDDING:
            return self.tr("table_your_bid") if mine else self.tr("table_to_bid", name=who)
        if phase is Phase.CALLING:
            return "" if mine else self.tr("table_to_call", name=who)
        if phase is Phase.DISCARDING:
            if mine:
                if not idle:
                    return ""
                if self.discard_complete():
                    return self.tr("table_discard_ready")
                return self.tr("table_discard_help", n=self._discard_size() - len(self.zone))
            return self.tr("table_to_discard", name=who)
        if phase is Phase.SLAM:
            return "" if mine else self.tr("table_to_decide", name=who)
        if phase is Phase.PLAYING:
            if self.editing_discard and idle:
                if self.discard_complete():
                    return self.tr("table_discard_ready")
                return self.tr("table_discard_help", n=self._discard_size() - len(self.zone))
            return self.tr("table_your_turn") if mine else self.tr("table_to_play", name=who)
        return ""

    # --- the animations --------------------------------------------------------------------------
    def _animate(self, event: Event) -> Iterator[float]:
        handlers: dict[type, Callable[[Any], Iterator[float]]] = {
            DealDealt: self._on_dealt,
            BidMade: self._on_bid,
            KingCalled: self._on_called,
            DogRevealed: self._on_dog,
            Discarded: self._on_discarded,
            SlamAnnounced: self._on_slam,
            SlamDeclined: self._on_slam_declined,
            HandfulShown: self._on_handful,
            MisereAnnounced: self._on_misere,
            CardPlayed: self._on_card,
            PartnerRevealed: self._on_partner,
            TrickWon: self._on_trick,
            DealScored: self._on_scored,
            DealCancelled: self._on_cancelled,
        }
        handler = handlers.get(type(event))
        if handler is None:
            return iter(())
        return handler(event)

    def bubble(self, seat: int, text: str, seconds: float = 2.2, tone: str = "normal") -> None:
        self.bubbles = [b for b in self.bubbles if b.seat != seat]
        seconds = max(seconds * max(self.factor, 0.6), 1.2)
        self.bubbles.append(Bubble(seat, text, seconds, seconds, tone))

    def _source(self, seat: int) -> tuple[float, float]:
        """Where a seat's cards leave from and arrive to."""
        if seat == self.me:
            box = self.layout.seats[seat].box
            return (box.centerx, box.centery)
        return self.layout.seats[seat].anchor

    def _on_dealt(self, e: DealDealt) -> Iterator[float]:
        lay = self.layout
        n = self.players
        self.score_panel = None
        self.panel = None
        self.hand.clear()
        self.trick_sprites = []
        self.dog_sprites = []
        self.zone = []
        self.flyers = []
        self.pending.clear()
        self.shows = []
        self.bubbles = []
        self.editing_discard = self.rediscard = False
        self.selection_mode = False
        self.hand_selection.clear()
        self.last_trick_shown = False
        self.drag = None
        seen = self.seen
        seen.reset(e.dealer)
        seen.turn = None  # nobody's turn while the cards go round
        seen.deal_no = len(self.controller.match.deals)
        seen.totals = list(self.controller.match.totals)
        rules = self.view.rules
        setup = rules.setup(n)
        mine = list(e.hands[self.me]) if len(e.hands) > self.me and e.hands[self.me] else list(
            self.controller.view(self.me).hand)
        packets = n * setup.hand // setup.packet
        dog_after = {min(packets - 1, max(1, round((i + 1) * packets / (setup.dog + 1))))
                     for i in range(setup.dog)}
        self.sound("shuffle")
        yield 0.25
        src = self._source(e.dealer)
        interval, flight = 0.075, 0.32
        slots = lay.hand_slots(setup.hand)
        my_sprites: list[CardSprite] = []
        dog_positions = lay.dog_positions(setup.dog)
        delay = 0.0
        taken = 0
        for k in range(packets):
            seat = (e.dealer + 1 + k) % n
            if seat == self.me:
                for j in range(setup.packet):
                    card = mine[taken] if taken < len(mine) else None
                    slot = slots[min(taken, len(slots) - 1)]
                    sprite = CardSprite(card, *src, lay.small_w, face_up=False)
                    sprite.hidden_until_start = True
                    sprite.move_to(slot.x, slot.y, angle=slot.angle, width=lay.hand_w,
                                   duration=self.d(flight), delay=self.d(delay + j * 0.02),
                                   ease=ease_out_cubic,
                                   on_done=lambda: self.sound("deal", 0.5))
                    self.flyers.append(sprite)
                    my_sprites.append(sprite)
                    taken += 1
            else:
                place = lay.seats[seat]
                sprite = CardSprite(None, *src, lay.small_w, face_up=False)
                sprite.hidden_until_start = True

                def landed(seat: int = seat, sprite: CardSprite = sprite) -> None:
                    self.seen.counts[seat] += setup.packet
                    sprite.visible = False
                    self.sound("deal", 0.5)

                sprite.move_to(*place.anchor, angle=-8.0, duration=self.d(flight),
                               delay=self.d(delay), ease=ease_out_cubic, on_done=landed)
                self.flyers.append(sprite)
            delay += interval
            if k + 1 in dog_after and len(self.dog_sprites) < setup.dog:
                x, y = dog_positions[len(self.dog_sprites)]
                sprite = CardSprite(None, *src, lay.small_w, face_up=False)
                sprite.hidden_until_start = True
                sprite.move_to(x, y, width=lay.dog_w, duration=self.d(flight),
                               delay=self.d(delay), ease=ease_out_cubic)
                self.dog_sprites.append(sprite)
                delay += interval * 0.6
        yield delay + flight
        # my cards turn over and sort themselves
        for sprite in my_sprites:
            sprite.finish()
            if sprite in self.flyers:
                self.flyers.remove(sprite)
            if sprite.card is not None:
                self.hand.add(sprite)
        seen.counts[self.me] = len(self.hand)
        for i, sprite in enumerate(my_sprites):
            sprite.move_to(face_up=True, duration=self.d(0.22), delay=self.d(i * 0.025))
        yield 0.25 + 0.025 * len(my_sprites)
        self.hand.layout(lay, self.d(0.4))  # then they sort themselves
        yield 0.4
        seen.turn = (e.dealer + 1) % n

    def _on_bid(self, e: BidMade) -> Iterator[float]:
        seen = self.seen
        seen.bids[e.seat] = e.contract
        self.sound("bid", 0.8)
        if e.contract is None:
            self.bubble(e.seat, self.tr("pass"), 1.8, "dim")
        else:
            self.bubble(e.seat, self.tr(e.contract), 2.4, "gold")
        seen.turn = (e.seat + 1) % self.players
        if len(seen.bids) == self.players:
            best = None
            for seat, name in seen.bids.items():
                if name is None:
                    continue
                rank = self.view.rules.contract(name).rank
                if best is None or rank > best[0]:
                    best = (rank, seat, name)
            if best is not None:
                seen.taker, seen.contract = best[1], best[2]
                seen.turn = seen.taker
                seen.phase = Phase.CALLING if self.players == 5 else self._after_contract()
                if self.players != 5:
                    yield 0.6
                    yield from self._dog_away()
        yield 0.55

    def _after_contract(self) -> Phase:
        contract = self.seen.contract
        if contract is not None and self.view.rules.contract(contract).dog_shown:
            return Phase.DISCARDING
        return Phase.SLAM

    def _dog_away(self) -> Iterator[float]:
        """Garde sans / contre: the dog stays hidden and leaves the table."""
        seen = self.seen
        if (seen.contract is None or seen.taker is None
                or self.view.rules.contract(seen.contract).dog_shown):
            return
        target = self._source(seen.taker) if seen.contract == "garde_sans" else (
            self.layout.centre[0], -self.layout.trick_h)
        for sprite in self.dog_sprites:
            sprite.move_to(*target, width=self.layout.small_w, duration=self.d(0.45),
                           ease=ease_in_cubic)
        yield 0.45
        self.dog_sprites = []

    def _on_called(self, e: KingCalled) -> Iterator[float]:
        self.seen.called = e.card
        self.seen.phase = self._after_contract()
        self.bubble(e.seat, self.tr("table_calls", card=card_name(e.card, self.lang)), 2.8,
                    "gold")
        self.sound("bid", 0.8)
        yield 1.0
        yield from self._dog_away()

    def _on_dog(self, e: DogRevealed) -> Iterator[float]:
        lay = self.layout
        cards = C.sort_for_hand(e.cards)
        positions = lay.dog_positions(len(cards))
        if len(self.dog_sprites) != len(cards):
            self.dog_sprites = [CardSprite(None, x, y, lay.dog_w, face_up=False)
                                for x, y in positions]
        for i, (sprite, card) in enumerate(zip(self.dog_sprites, cards, strict=True)):
            sprite.card = card
            sprite.move_to(*positions[i], face_up=True, duration=self.d(0.32),
                           delay=self.d(i * 0.08), ease=ease_in_out_cubic)
        self.sound("card_slide")
        yield 0.3 + 0.08 * len(cards)
        yield 1.9
        taker = self.seen.taker
        sprites, self.dog_sprites = self.dog_sprites, []
        if taker == self.me:
            for sprite in sprites:
                self.hand.add(sprite)
                if sprite.card is not None:
                    self.hand.marked.add(sprite.card)
            self.hand.layout(lay, self.d(0.55))
            self.seen.counts[self.me] = len(self.hand)
            self.sound("card_slide", 0.7)
            yield 0.6
        elif taker is not None:
            target = lay.seats[taker].anchor
            for i, sprite in enumerate(sprites):
                sprite.move_to(*target, width=lay.small_w, face_up=False,
                               duration=self.d(0.45), delay=self.d(i * 0.04),
                               ease=ease_in_out_cubic,
                               on_done=partial(setattr, sprite, "visible", False))
                self.flyers.append(sprite)
            self.sound("card_slide", 0.7)
            yield 0.5 + 0.04 * len(sprites)
            self.seen.counts[taker] += len(sprites)

    def _on_discarded(self, e: Discarded) -> Iterator[float]:
        lay = self.layout
        seat = e.seat
        target = self._source(seat)
        self.seen.discard_shown = tuple(e.shown)
        if self.seen.phase is Phase.DISCARDING:
            self.seen.phase = Phase.SLAM
        if seat == self.me:
            sprites = [s for s in self.zone if s.card in e.cards]
            done = {s.card for s in sprites}
            for card in e.cards:
                if card not in done and card in self.hand:
                    sprite = self.hand.take(card)
                    if sprite is not None:
                        sprites.append(sprite)
            self.zone = []
            self.editing_discard = self.rediscard = False
            self.hand.marked.clear()
            for i, sprite in enumerate(sprites):
                sprite.move_to(*target, width=lay.small_w, face_up=False, alpha=0,
                               duration=self.d(0.45), delay=self.d(i * 0.04),
                               ease=ease_in_cubic,
                               on_done=partial(setattr, sprite, "visible", False))
                self.flyers.append(sprite)
            self.hand.layout(lay, self.d(0.3))
            self.seen.counts[self.me] = len(self.hand)
        else:
            anchor = lay.seats[seat].anchor
            box = lay.seats[seat].box
            for i in range(len(e.cards)):
                sprite = CardSprite(None, *anchor, lay.small_w, face_up=False)
                sprite.move_to(box.centerx, box.centery, alpha=0, duration=self.d(0.4),
                               delay=self.d(i * 0.04),
                               on_done=partial(setattr, sprite, "visible", False))
                self.flyers.append(sprite)
            self.seen.counts[seat] = max(0, self.seen.counts[seat] - len(e.cards))
        self.sound("card_slide", 0.7)
        yield 0.5
        if e.shown:
            yield from self._show_cards(seat, e.shown, self.tr("table_discard_shown"), 2.6)

    def _show_cards(self, seat: int, cards: tuple[int, ...], label: str,
                    seconds: float) -> Iterator[float]:
        lay = self.layout
        width = round(lay.trick_w * 0.8)
        positions = lay.show_positions(seat, len(cards), width)
        src = self._source(seat)
        sprites = []
        for i, (card, (x, y)) in enumerate(zip(C.sort_for_hand(cards), positions, strict=True)):
            sprite = CardSprite(card, *src, lay.small_w, face_up=False)
            sprite.move_to(x, y, width=width, face_up=True, duration=self.d(0.4),
                           delay=self.d(i * 0.03), ease=ease_out_cubic)
            sprites.append(sprite)
        show = Show(seat, sprites, label)
        self.shows.append(show)
        self.sound("card_slide", 0.7)
        yield 0.45 + 0.03 * len(cards)
        yield seconds
        for sprite in sprites:
            sprite.move_to(*src, width=lay.small_w, face_up=False, alpha=0,
                           duration=self.d(0.35), ease=ease_in_cubic)
        yield 0.35
        for sprite in sprites:
            sprite.finish()
        if show in self.shows:
            self.shows.remove(show)

    def _on_slam(self, e: SlamAnnounced) -> Iterator[float]:
        self.seen.slam = True
        self._start_play()
        self.bubble(e.seat, self.tr("table_slam"), 2.6, "gold")
        self.sound("slam")
        yield 1.0

    def _on_slam_declined(self, e: SlamDeclined) -> Iterator[float]:
        self._start_play()
        yield 0.0

    def _start_play(self) -> None:
        seen = self.seen
        seen.phase = Phase.PLAYING
        if seen.slam and seen.taker is not None:
            seen.turn = seen.taker
        else:
            seen.turn = (seen.dealer + 1) % self.players

    def _on_handful(self, e: HandfulShown) -> Iterator[float]:
        self.seen.handfuls[e.seat] = e.cards
        thresholds = self.view.rules.handful_thresholds(self.players)
        levels = ("simple", "double", "triple")
        level = levels[thresholds.index(len(e.cards))] if len(e.cards) in thresholds else (
            "simple")
        label = self.tr(f"table_handful_{level}")
        self.selection_mode = False
        self.hand_selection.clear()
        yield from self._show_cards(e.seat, e.cards, label, 2.4)

    def _on_misere(self, e: MisereAnnounced) -> Iterator[float]:
        self.seen.miseres[e.seat] = (*self.seen.miseres.get(e.seat, ()), e.misere)
        self.bubble(e.seat, self.tr(f"table_misere_{e.misere}"), 2.6, "gold")
        self.sound("bid", 0.8)
        yield 1.0

    def _on_card(self, e: CardPlayed) -> Iterator[float]:
        lay = self.layout
        place = lay.seats[e.seat]
        seen = self.seen
        seen.phase = Phase.PLAYING
        sprite = self.pending.pop(e.card, None)
        if sprite is None and e.seat == self.me:
            sprite = self.hand.take(e.card)
            if sprite is not None:
                sprite.y -= sprite.lift
                self.hand.layout(lay, self.d(0.25))
        if sprite is None:
            sprite = CardSprite(e.card, *place.anchor, lay.small_w, face_up=False,
                                angle=-10.0)
        sprite.card = e.card
        sprite.shadow = False
        sprite.lift = sprite.lift_target = 0.0
        sprite.dim = False
        sprite.glow = None
        if e.seat == self.me:
            seen.counts[self.me] = len(self.hand)
        else:
            seen.counts[e.seat] = max(0, seen.counts[e.seat] - 1)
        seen.trick.append((e.seat, e.card))
        self.trick_sprites.append((e.seat, sprite))
        sprite.move_to(*place.trick, angle=place.trick_angle, width=lay.trick_w, face_up=True,
                       duration=self.d(0.36), ease=ease_out_cubic)
        self.sound("card_play")
        full = len(seen.trick) >= self.players
        seen.turn = None if full else (e.seat + 1) % self.players
        yield 0.38

    def _on_partner(self, e: PartnerRevealed) -> Iterator[float]:
        seen = self.seen
        if e.seat == seen.taker:
            seen.partner = None
            seen.alone = True
            self.bubble(e.seat, self.tr("table_alone"), 2.4, "gold")
        else:
            seen.partner = e.seat
            self.bubble(e.seat, self.tr("table_partner"), 2.4, "gold")
        yield 0.7

    def _on_trick(self, e: TrickWon) -> Iterator[float]:
        seen = self.seen
        yield 0.85  # time to see who won
        self.sound("trick", 0.8)
        target = self._source(e.seat)
        lay = self.layout
        cards = tuple(card for _, card in seen.trick)
        leader = seen.trick[0][0] if seen.trick else e.seat
        sprites = [s for _, s in self.trick_sprites]
        self.trick_sprites = []
        for i, sprite in enumerate(sprites):
            sprite.glow = None
            sprite.move_to(*target, width=lay.small_w, angle=0.0, face_up=False, alpha=40,
                           duration=self.d(0.42), delay=self.d(i * 0.03), ease=ease_in_cubic,
                           on_done=partial(setattr, sprite, "visible", False))
            self.flyers.append(sprite)
        seen.last_trick = (leader, cards, e.seat)
        seen.trick = []
        seen.tricks_won[e.seat] += 1
        seen.turn = e.seat
        yield 0.3

    def _on_scored(self, e: DealScored) -> Iterator[float]:
        seen = self.seen
        seen.over = True
        seen.phase = Phase.FINISHED
        seen.turn = None
        seen.totals = list(self.controller.match.totals)
        yield 0.4
        deal = self.controller.match.current
        result = deal.result if deal.scores == e.scores else None
        self.show_score(result if result is not None else self._result_for(e))

    def _result_for(self, e: DealScored) -> Any:
        for deal in reversed(self.controller.match.deals):
            if deal.scores == e.scores and deal.result is not None:
                return deal.result
        return None

    def _on_cancelled(self, e: DealCancelled) -> Iterator[float]:
        seen = self.seen
        seen.over = True
        seen.phase = Phase.CANCELLED
        seen.turn = None
        if e.reason == "petit_sec" and e.seat is not None:
            self.bubble(e.seat, self.tr("table_petit_sec", name=self.name(e.seat)), 3.0, "warn")
        yield 1.0
        for sprite in self.dog_sprites:
            sprite.move_to(*self.layout.centre, alpha=0, duration=self.d(0.3))
        yield 0.3
        self.dog_sprites = []
        self.show_score(None)

    # --- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        lay = self.layout
        surface.blit(self.app.assets.felt(lay.size), (0, 0))
        self._draw_table_marks(surface)
        for seat in range(self.players):
            self._draw_seat(surface, seat)
        for sprite in self.dog_sprites:
            sprite.draw(surface, self.art)
        if self.dog_sprites and all(s.face >= 1.0 and not s.moving for s in self.dog_sprites):
            top = min(s.y for s in self.dog_sprites) - lay.trick_h / 2
            self._draw_tag(surface, self.tr("table_dog"), (lay.centre[0], top - lay.u(6)),
                           "midbottom")
        if self.editing_discard:
            self._draw_zone(surface)
        self._draw_trick(surface)
        for show in self.shows:
            self._draw_show(surface, show)
        for sprite in self.flyers:
            sprite.draw(surface, self.art)
        self._draw_status(surface)
        self._draw_scores(surface)
        self.assist.draw_badge(surface)
        for button in self.buttons.values():
            button.draw(surface, self.app)
        self.assist.draw_hint(surface)  # under the bubbles: what the others say stays in sight
        for bubble in self.bubbles:
            self._draw_bubble(surface, bubble)
        if self.panel is not None and not self.panel.done and not self.editing_discard:
            self.panel.draw(surface)
        self.hand.draw(surface, self.art)
        if self.editing_discard:
            if self.discard_complete():
                self.confirm_button.draw(surface, self.app.assets, self.app.unit)
            if self.rediscard:
                self.keep_button.draw(surface, self.app.assets, self.app.unit)
        elif self._can_rediscard():
            self.change_button.draw(surface, self.app.assets, self.app.unit)
        for sprite in self.pending.values():
            sprite.draw(surface, self.art)
        if self.drag is not None:
            self.drag.sprite.draw(surface, self.art)
        if self.score_panel is not None:
            self.score_panel.draw(surface)
            self.assist.draw_over_score(surface)
        if (self.last_trick_shown or self.last_trick_held) and self.seen.last_trick:
            self._draw_last_trick(surface)
        self._draw_tooltip(surface)
        self.toast.draw(surface, self.app.assets, self.app.unit,
                        (round(lay.toast_pos[0]), round(lay.toast_pos[1])))

    def _draw_tooltip(self, surface: pygame.Surface) -> None:
        """The tooltip of the corner button under the mouse, over everything else (over a
        score panel only the undo button's, the one button usable there)."""
        if self.drag is not None:
            return
        for name, button in self.buttons.items():
            if not (button.hover and button.tooltip):
                continue
            if self.score_panel is not None and not (name == "undo" and button.enabled):
                continue
            rect = button.rect
            self._draw_tag(surface, button.tip or self.tr(button.tooltip),
                           (rect.centerx, rect.bottom + self.layout.u(6)), "midtop")

    def _draw_table_marks(self, surface: pygame.Surface) -> None:
        """A faint oval where the tricks are played."""
        lay = self.layout
        key = ("oval", lay.size, self.players)
        image = self._plates.get(key)
        rect = lay.trick_rect.inflate(lay.u(120), lay.u(24))
        if image is None:
            image = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.ellipse(image, (255, 255, 255, 14), image.get_rect())
            pygame.draw.ellipse(image, (255, 236, 180, 38), image.get_rect(),
                                max(1, lay.u(2)))
            self._plates[key] = image
        surface.blit(image, rect.topleft)

    def _plate(self, size: tuple[int, int], turn: bool) -> pygame.Surface:
        key = ("plate", size, turn)
        image = self._plates.get(key)
        if image is None:
            u = self.layout.u
            pad = u(8)
            image = pygame.Surface((size[0] + 2 * pad, size[1] + 2 * pad), pygame.SRCALPHA)
            inner = pygame.Rect(pad, pad, *size)
            radius = u(12)
            shadow = inner.move(0, u(3))
            pygame.draw.rect(image, (0, 0, 0, 80), shadow, border_radius=radius)
            if turn:
                for i in range(pad, 0, -2):
                    alpha = round(70 * (1 - i / pad) + 10)
                    pygame.draw.rect(image, (*HIGHLIGHT, alpha), inner.inflate(i * 2, i * 2),
                                     width=2, border_radius=radius + i)
            pygame.draw.rect(image, PLATE_TURN if turn else PLATE, inner, border_radius=radius)
            edge = (*HIGHLIGHT, 255) if turn else (*GOLD, 150)
            pygame.draw.rect(image, edge, inner, max(1, u(2)), border_radius=radius)
            self._plates[key] = image
        return image

    def _draw_seat(self, surface: pygame.Surface, seat: int) -> None:
        lay = self.layout
        place = lay.seats[seat]
        seen = self.seen
        u = lay.u
        count = seen.counts[seat] if seat < len(seen.counts) else 0
        if seat != self.me:
            self._draw_fan(surface, seat, count)
        turn = seen.turn == seat and not seen.over
        box = place.box
        plate = self._plate(box.size, turn)
        surface.blit(plate, plate.get_rect(center=box.center))
        pad = u(12)
        line1 = box.top + round(box.height * 0.32)
        line2 = box.top + round(box.height * 0.72)
        # icons, right to left on the first line
        icon_size = u(24)
        x = box.right - pad
        icons = []
        if seat == seen.dealer:
            icons.append("dealer")
        if seat == seen.taker:
            icons.append("taker")
        if seen.partner is not None and seat == seen.partner and seat != seen.taker:
            icons.append("partner")
        for name in icons:
            icon = self.app.assets.icon(name, icon_size)
            rect = icon.get_rect(midright=(x, line1))
            surface.blit(icon, rect)
            x = rect.left - u(4)
        name_size = self.fit_text(self.name(seat), lay.font_name, x - box.left - pad - u(4))
        self.blit_text(surface, self.name(seat), name_size, (box.left + pad, line1),
                       HIGHLIGHT if turn else TEXT, anchor="midleft")
        # the score on the second line, and the bid / contract / tricks on its right
        total = seen.totals[seat] if seat < len(seen.totals) else 0
        color = GOOD if total > 0 else BAD if total < 0 else TEXT_DIM
        self.blit_text(surface, signed(total), lay.font_small, (box.left + pad, line2), color,
                       anchor="midleft")
        note, note_color = self._seat_note(seat)
        if note:
            self.blit_text(surface, note, lay.font_small, (box.right - pad, line2), note_color,
                           anchor="midright")
        if seat != self.me and count and self.show_counts:
            self._draw_badge(surface, str(count), (place.fan.right - u(4), place.fan.top + u(6)))
        if seat == self._thinking:
            self._draw_thinking(surface, box)

    def _draw_fan(self, surface: pygame.Surface, seat: int, count: int) -> None:
        """An opponent's hand: ``count`` small backs above its plate."""
        lay = self.layout
        for slot in lay.fan_slots(seat, count):
            image = self.art.image(None, lay.small_w, 0.0, slot.angle)
            surface.blit(image, image.get_rect(center=(round(slot.x), round(slot.y))))

    def _seat_note(self, seat: int) -> tuple[str, tuple[int, int, int]]:
        seen = self.seen
        if seen.taker is None:
            if seat in seen.bids:
                bid = seen.bids[seat]
                return (self.tr(bid) if bid else self.tr("pass")), (GOLD if bid else TEXT_DIM)
            return "", TEXT
        parts = []
        color = TEXT_DIM
        if seat == seen.taker:
            parts.append(self.tr(seen.contract or ""))
            color = GOLD
            if seen.slam:
                parts.append(self.tr("table_slam").rstrip("!").strip())
        if seen.phase is Phase.PLAYING or seen.tricks_won[seat]:
            won = seen.tricks_won[seat]
            one = won == 1 or (won == 0 and self.lang == "fr")
            parts.append(self.tr("table_one_trick").replace("1", str(won)) if one else
                         self.tr("table_tricks", n=won))
        return " \u00b7 ".join(p for p in parts if p), color

    def _draw_badge(self, surface: pygame.Surface, text: str, pos: tuple[int, int]) -> None:
        u = self.layout.u
        image = self.text(text, u(17), TEXT, shadow=False)
        r = max(image.get_width(), image.get_height()) // 2 + u(4)
        pygame.draw.circle(surface, (0, 0, 0), (pos[0], pos[1] + u(1)), r + 1)
        pygame.draw.circle(surface, (150, 40, 36), pos, r)
        pygame.draw.circle(surface, GOLD, pos, r, max(1, u(1.5)))
        surface.blit(image, image.get_rect(center=pos))

    def _draw_thinking(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        u = self.layout.u
        pill = pygame.Rect(0, 0, u(54), u(20))
        pill.midtop = (box.centerx, box.bottom - u(6))
        pygame.draw.rect(surface, (12, 34, 26), pill, border_radius=pill.height // 2)
        pygame.draw.rect(surface, GOLD, pill, max(1, u(1.5)), border_radius=pill.height // 2)
        for i in range(3):
            phase = (self.time * 2.4 - i * 0.28) % 1.0
            bright = 0.35 + 0.65 * max(0.0, math.sin(phase * math.pi))
            color = tuple(round(c * bright) for c in HIGHLIGHT)
            pygame.draw.circle(surface, color, (pill.centerx + (i - 1) * u(13), pill.centery),
                               u(3.5))

    def _draw_zone(self, surface: pygame.Surface) -> None:
        lay = self.layout
        u = lay.u
        rect = lay.discard_rect
        key = ("zone", rect.size)
        image = self._plates.get(key)
        if image is None:
            image = pygame.Surface(rect.size, pygame.SRCALPHA)
            radius = u(16)
            pygame.draw.rect(image, (0, 0, 0, 70), image.get_rect(), border_radius=radius)
            # a dashed gold edge
            dash, gap = u(14), u(9)
            edge = image.get_rect().inflate(-u(4), -u(4))
            width = max(1, u(2))
            for x0 in range(edge.left + radius, edge.right - radius, dash + gap):
                x1 = min(x0 + dash, edge.right - radius)
                pygame.draw.line(image, (*GOLD, 200), (x0, edge.top), (x1, edge.top), width)
                pygame.draw.line(image, (*GOLD, 200), (x0, edge.bottom - 1),
                                 (x1, edge.bottom - 1), width)
            for y0 in range(edge.top + radius, edge.bottom - radius, dash + gap):
                y1 = min(y0 + dash, edge.bottom - radius)
                pygame.draw.line(image, (*GOLD, 200), (edge.left, y0), (edge.left, y1), width)
                pygame.draw.line(image, (*GOLD, 200), (edge.right - 1, y0),
                                 (edge.right - 1, y1), width)
            for cx, cy, start in ((edge.left + radius, edge.top + radius, 90),
                                  (edge.right - radius, edge.top + radius, 0),
                                  (edge.right - radius, edge.bottom - radius, 270),
                                  (edge.left + radius, edge.bottom - radius, 180)):
                arc = pygame.Rect(0, 0, 2 * radius, 2 * radius)
                arc.center = (cx, cy)
                pygame.draw.arc(image, (*GOLD, 200), arc, math.radians(start),
                                math.radians(start + 90), width)
            # faint places for the cards
            for x, y in lay.discard_positions(self._discard_size()):
                slot = pygame.Rect(0, 0, lay.trick_w, lay.trick_h)
                slot.center = (round(x - rect.left), round(y - rect.top))
                pygame.draw.rect(image, (255, 255, 255, 22), slot,
                                 border_radius=max(2, round(lay.trick_w * 0.075)))
            self._plates[key] = image
        surface.blit(image, rect.topleft)
        count = len(self.zone)
        n = self._discard_size()
        title = self.tr("table_discard_title", count=count, n=n)
        self.blit_text(surface, title, u(22), (rect.centerx, rect.top + u(20)),
                       HIGHLIGHT if count == n else GOLD)
        if not self.zone:
            positions = lay.discard_positions(n)
            drop_y = positions[0][1] if positions else float(rect.centery)
            self.blit_text(surface, self.tr("table_discard_drop"), u(22),
                           (rect.centerx, drop_y), TEXT_DIM)
        for sprite in self.zone:
            if self.drag is None or sprite is not self.drag.sprite:
                sprite.draw(surface, self.art)

    def _draw_trick(self, surface: pygame.Surface) -> None:
        lay = self.layout
        win = None
        if self.app.settings.highlight_winner and len(self.trick_sprites) > 1:
            cards = [s.card for _, s in self.trick_sprites if s.card is not None]
            if len(cards) == len(self.trick_sprites) and not any(
                    s.moving for _, s in self.trick_sprites):
                win = winning_index(cards)
        for i, (_seat, sprite) in enumerate(self.trick_sprites):
            sprite.glow = WIN_GLOW if i == win else None
        # drawn from the top of the table down, so that every card's corner index shows
        for _seat, sprite in sorted(self.trick_sprites,
                                   key=lambda item: (lay.seats[item[0]].trick[1],
                                                     lay.seats[item[0]].trick[0])):
            sprite.draw(surface, self.art)
        # who played what: a small name tag on the outer side of each card
        for seat, sprite in self.trick_sprites:
            if sprite.moving:
                continue
            place = lay.seats[seat]
            rad = math.radians(place.trick_dir)
            dx, dy = math.cos(rad), math.sin(rad)
            if abs(dx) > 0.75:
                pos = (sprite.x + math.copysign(lay.trick_w / 2 + lay.u(4), dx),
                       sprite.y + lay.trick_h * 0.30)
                anchor = "midleft" if dx > 0 else "midright"
            elif dy < 0:
                pos = (sprite.x, sprite.y - lay.trick_h / 2 - lay.u(3))
                anchor = "midbottom"
            else:
                pos = (sprite.x, sprite.y + lay.trick_h / 2 + lay.u(3))
                anchor = "midtop"
            self._draw_tag(surface, self.name(seat), pos, anchor)

    def _draw_tag(self, surface: pygame.Surface, text: str, pos: tuple[float, float],
                  anchor: str, size: int = 17, color: tuple[int, int, int] = TEXT) -> None:
        u = self.layout.u
        image = self.text(text, u(size), color, shadow=False)
        rect = image.get_rect().inflate(u(14), u(6))
        setattr(rect, anchor, (round(pos[0]), round(pos[1])))
        rect.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, (8, 24, 18), rect, border_radius=rect.height // 2)
        pygame.draw.rect(surface, (*GOLD,), rect, max(1, u(1)), border_radius=rect.height // 2)
        surface.blit(image, image.get_rect(center=rect.center))

    def _draw_show(self, surface: pygame.Surface, show: Show) -> None:
        for sprite in show.sprites:
            sprite.draw(surface, self.art)
        if show.sprites and not any(s.moving for s in show.sprites):
            top = min(s.y for s in show.sprites) - card_h(show.sprites[0].width) / 2
            x = sum(s.x for s in show.sprites) / len(show.sprites)
            self._draw_tag(surface, show.label, (x, top - self.layout.u(4)), "midbottom",
                           size=20, color=HIGHLIGHT)

    def _draw_bubble(self, surface: pygame.Surface, bubble: Bubble) -> None:
        lay = self.layout
        u = lay.u
        place = lay.seats[bubble.seat]
        color = {"gold": HIGHLIGHT, "dim": TEXT_DIM, "warn": WARNING}.get(bubble.tone, TEXT)
        image = self.text(bubble.text, u(24), color, shadow=False)
        body = image.get_rect().inflate(u(28), u(16))
        px, py = place.bubble
        tip = u(10)
        direction = place.bubble_dir
        if direction == "right":
            body.midleft = (round(px + tip), round(py))
        elif direction == "left":
            body.midright = (round(px - tip), round(py))
        elif direction == "down":
            body.midtop = (round(px), round(py + tip))
        else:
            body.midbottom = (round(px), round(py - tip))
        body.clamp_ip(surface.get_rect())
        age = bubble.total - bubble.left
        alpha = min(1.0, age / 0.15, bubble.left / 0.35)
        pop = 0.85 + 0.15 * min(1.0, age / 0.15)
        layer = pygame.Surface((body.width + 2 * tip, body.height + 2 * tip), pygame.SRCALPHA)
        inner = pygame.Rect(tip, tip, body.width, body.height)
        pygame.draw.rect(layer, (0, 0, 0, 90), inner.move(0, u(3)), border_radius=u(14))
        pygame.draw.rect(layer, (12, 32, 24, 240), inner, border_radius=u(14))
        pygame.draw.rect(layer, (*GOLD, 230), inner, max(1, u(2)), border_radius=u(14))
        # the pointer toward the seat
        if direction == "right":
            pts = [(tip + 1, inner.centery - u(7)), (0, inner.centery), (tip + 1,
                                                                           inner.centery + u(7))]
        elif direction == "left":
            pts = [(inner.right - 1, inner.centery - u(7)), (inner.right + tip, inner.centery),
                   (inner.right - 1, inner.centery + u(7))]
        elif direction == "down":
            pts = [(inner.centerx - u(7), tip + 1), (inner.centerx, 0),
                   (inner.centerx + u(7), tip + 1)]
        else:
            pts = [(inner.centerx - u(7), inner.bottom - 1), (inner.centerx, inner.bottom + tip),
                   (inner.centerx + u(7), inner.bottom - 1)]
        pygame.draw.polygon(layer, (12, 32, 24, 240), pts)
        pygame.draw.lines(layer, (*GOLD, 230), False, pts, max(1, u(2)))
        layer.blit(image, image.get_rect(center=inner.center))
        if pop < 0.999:
            layer = pygame.transform.smoothscale(
                layer, (max(1, round(layer.get_width() * pop)),
                        max(1, round(layer.get_height() * pop))))
        layer.set_alpha(round(255 * max(0.0, alpha)))
        surface.blit(layer, layer.get_rect(center=body.center))

    def _draw_status(self, surface: pygame.Surface) -> None:
        text = self._status
        if not text or self.toast.visible or self.score_panel is not None:
            return  # under the score panel it would only show through
        lay = self.layout
        size = self.fit_text(text, lay.font_status, lay.status_rect.width - lay.u(40))
        image = self.text(text, size, TEXT)
        pill = image.get_rect().inflate(lay.u(36), lay.u(10))
        pill.center = lay.status_rect.center
        key = ("pill", pill.size)
        bg = self._plates.get(key)
        if bg is None:
            bg = pygame.Surface(pill.size, pygame.SRCALPHA)
            pygame.draw.rect(bg, (0, 0, 0, 110), bg.get_rect(), border_radius=pill.height // 2)
            self._plates[key] = bg
        surface.blit(bg, pill.topleft)
        surface.blit(image, image.get_rect(center=pill.center))

    def _draw_scores(self, surface: pygame.Surface) -> None:
        lay = self.layout
        u = lay.u
        rect = lay.score_rect
        seen = self.seen
        key = ("scores", rect.size)
        bg = self._plates.get(key)
        if bg is None:
            bg = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(bg, PLATE, bg.get_rect(), border_radius=u(12))
            pygame.draw.rect(bg, (*GOLD, 150), bg.get_rect(), max(1, u(2)),
                             border_radius=u(12))
            self._plates[key] = bg
        surface.blit(bg, rect.topleft)
        pad = u(12)
        y = rect.top + u(18)
        self.blit_text(surface, self.tr("table_deal_no", n=max(1, seen.deal_no)), u(22),
                       (rect.left + pad, y), GOLD, anchor="midleft")
        if seen.contract and seen.taker is not None:
            info = self.tr("table_contract_by", contract=self.tr(seen.contract),
                           name=self.name(seen.taker))
            if seen.slam:
                info += " \u00b7 " + self.tr("table_slam").rstrip(" !")
            if seen.alone:
                info += " \u00b7 " + self.tr("table_alone")
        elif not seen.over:
            info = self.tr("table_bidding")
        else:
            info = ""
        y += u(22)
        if info:
            size = self.fit_text(info, u(18), rect.width - 2 * pad)
            self.blit_text(surface, info, size, (rect.left + pad, y), TEXT_DIM, anchor="midleft")
        if seen.called is not None:
            y_called = y
            text = card_name(seen.called, self.lang)
            text = text[:1].upper() + text[1:]
            icon = self.app.assets.icon("called_king", u(20))
            ix = rect.right - pad - icon.get_width()
            if info:
                y_called = rect.top + u(18)
            size = self.fit_text(text, u(18), rect.width // 2)
            t = self.blit_text(surface, text, size, (ix - u(4), y_called), HIGHLIGHT,
                               anchor="midright")
            surface.blit(icon, icon.get_rect(midleft=(t.right + u(4), y_called)))
        y += u(8)
        for seat in range(self.players):
            y += u(22)
            mine = seat == self.me and self.human is not None
            color = HIGHLIGHT if mine else TEXT
            self.blit_text(surface, self.name(seat), u(19), (rect.left + pad, y), color,
                           anchor="midleft")
            total = seen.totals[seat] if seat < len(seen.totals) else 0
            tcolor = GOOD if total > 0 else BAD if total < 0 else TEXT_DIM
            self.blit_text(surface, signed(total), u(19), (rect.right - pad, y), tcolor,
                           anchor="midright")

    def _draw_last_trick(self, surface: pygame.Surface) -> None:
        lay = self.layout
        u = lay.u
        last = self.seen.last_trick
        if last is None:
            return
        leader, cards, winner = last
        rect = lay.last_trick_rect()
        draw_panel(surface, rect, self.app.unit)
        title = f"{self.tr('table_last_trick')} \u2014 " + self.tr(
            "table_last_trick_won", name=self.name(winner))
        size = self.fit_text(title, u(24), rect.width - u(24))
        self.blit_text(surface, title, size, (rect.centerx, rect.top + u(24)), GOLD)
        positions = lay.last_trick_positions()
        for i, (card, (x, y)) in enumerate(zip(cards, positions, strict=False)):
            seat = (leader + i) % self.players
            if seat == winner:
                glow = self.art.glow(lay.trick_w, 0.0, WIN_GLOW, max(4, lay.trick_w // 11))
                surface.blit(glow, glow.get_rect(center=(round(x), round(y))))
            image = self.art.image(card, lay.trick_w, 1.0, 0.0)
            surface.blit(image, image.get_rect(center=(round(x), round(y))))
            self._draw_tag(surface, self.name(seat), (x, y + lay.trick_h / 2 + u(16)), "center")
        if self.last_trick_shown:
            self.blit_text(surface, self.tr("table_close_hint"), u(16),
                           (rect.centerx, rect.bottom - u(12)), TEXT_DIM, shadow=False)
