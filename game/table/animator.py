"""The animator: each step the source hands the table becomes a small animation.

Changes are queued and shown one at a time. A :class:`~game.table.source.Redraw` is drawn at
once. A :class:`~game.table.source.Step` makes its view the table's view and runs the
animation of its event: a generator (one function per kind of event, below) that starts
sprite tweens and yields how long to wait, in seconds at normal speed; the waits and
durations are scaled by ``settings.animation_factor`` (0 = instant, a step shows within one
frame). When a step's animation ends the table comes to rest on its view (the host's
:meth:`~StepHost.rest`).

The animations read the step (its event and its two views) and move sprites; they keep no
record of the game. The one thing held for a while is how many cards each opponent's fan
shows while the cards go round (the stage's ``fan_counts``), since packets land one after
the other.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator
from functools import partial
from typing import TYPE_CHECKING, Any

from engine import cards as C
from engine.events import (
    BidMade,
    CardPlayed,
    DealCancelled,
    DealDealt,
    DealScored,
    Discarded,
    DogRevealed,
    HandfulShown,
    KingCalled,
    MisereAnnounced,
    PartnerRevealed,
    SlamAnnounced,
    TrickWon,
)
from game.table.layers import Show
from game.table.pauses import dog_pause, trick_pause, until_click
from game.table.rest import lay_end, leave_still_life
from game.table.shown import discard_on_show, handful_label
from game.table.source import Change, Redraw, Step
from game.table.sprites import (
    CardSprite,
    ease_in_cubic,
    ease_in_out_cubic,
    ease_out_cubic,
)

if TYPE_CHECKING:
    from game.table.hosts import StepHost
    from game.table.stage import Stage

Animation = Iterator[float]


class Animator:
    """The queue of changes to show; the one being shown is the stage's ``step``."""

    def __init__(self, table: Stage, host: StepHost) -> None:
        self.table = table
        self.host = host
        self.queue: deque[Change] = deque()
        self._steps: Animation | None = None
        self.wait = 0.0

    @property
    def busy(self) -> bool:
        """A change is being shown or waits to be, or cards are still in flight."""
        sprites = self.table.sprites
        return (self._steps is not None or bool(self.queue) or self.wait > 0
                or sprites.moving(sprites.flying, sprites.trick, sprites.dog))

    def add(self, changes: list[Change]) -> None:
        self.queue.extend(changes)

    def drop(self) -> None:
        """Forget what was queued and stop the animation under way (its sprites jump to
        their ends)."""
        self.queue.clear()
        self._steps = None
        self.table.step = None
        self.wait = 0.0
        self.table.fan_counts = None

    def run(self, dt: float) -> None:
        """Advance the animations; with instant animations every queued change runs now."""
        table = self.table
        # what a frame overshoots a wait by is carried into the next wait (up to a frame), so
        # that a pause made of many short waits lasts what they add up to
        self.wait = max(self.wait - dt, -dt)
        for _ in range(10_000):
            sprites = table.sprites
            if self.wait > 1e-9 or sprites.moving(sprites.flying, sprites.trick, sprites.dog):
                return
            if self._steps is None:
                if not self.queue:
                    return
                change = self.queue.popleft()
                if isinstance(change, Redraw):
                    self.host.redraw(change.view, change.event)
                    continue
                leave_still_life(table)
                table.step = change
                table.view = change.after
                self.host.step_starts(change)
                self._steps = animation(table, change)
            try:
                self.wait = min(self.wait, 0.0) + max(0.0, next(self._steps) * table.factor)
            except StopIteration:
                step = table.step
                self._steps = None
                table.step = None
                table.fan_counts = None
                if step is not None:
                    self.host.step_ends(step)
                self.host.rest(animate=True)


# --- one animation per kind of event ------------------------------------------------------------


def animation(table: Stage, step: Step) -> Animation:
    handler = HANDLERS.get(type(step.event))
    if handler is None:
        return iter(())
    return handler(table, step)


def _source(table: Stage, seat: int) -> tuple[float, float]:
    """Where a seat's cards leave from and arrive to."""
    if seat == table.me:
        box = table.layout.seats[seat].box
        return (box.centerx, box.centery)
    return table.layout.seats[seat].anchor


def dealt(table: Stage, step: Step) -> Animation:
    event = step.event
    assert isinstance(event, DealDealt)
    lay = table.layout
    n = table.players
    counts = {seat: 0 for seat in range(n)}
    table.fan_counts = counts
    setup = table.view.rules.setup(n)
    mine = list(event.hands[table.me]) if len(event.hands) > table.me else []
    packets = n * setup.hand // setup.packet
    dog_after = {min(packets - 1, max(1, round((i + 1) * packets / (setup.dog + 1))))
                 for i in range(setup.dog)}
    table.sound("shuffle")
    yield 0.25
    src = _source(table, event.dealer)
    interval, flight = 0.075, 0.32
    slots = lay.hand_slots(setup.hand)
    flying, dog = table.sprites.flying, table.sprites.dog
    my_sprites: list[CardSprite] = []
    dog_positions = lay.dog_positions(setup.dog)
    delay = 0.0
    taken = 0
    for k in range(packets):
        seat = (event.dealer + 1 + k) % n
        if seat == table.me:
            for j in range(setup.packet):
                card = mine[taken] if taken < len(mine) else None
                slot = slots[min(taken, len(slots) - 1)]
                sprite = CardSprite(card, *src, lay.small_w, face_up=False)
                sprite.hidden_until_start = True
                sprite.move_to(slot.x, slot.y, angle=slot.angle, width=lay.hand_w,
                               duration=table.d(flight), delay=table.d(delay + j * 0.02),
                               ease=ease_out_cubic, on_done=lambda: table.sound("deal", 0.5))
                flying.append(sprite)
                my_sprites.append(sprite)
                taken += 1
        else:
            sprite = CardSprite(None, *src, lay.small_w, face_up=False)
            sprite.hidden_until_start = True
            sprite.move_to(*lay.seats[seat].anchor, angle=-8.0, duration=table.d(flight),
                           delay=table.d(delay), ease=ease_out_cubic,
                           on_done=partial(_landed, table, counts, seat, setup.packet, sprite))
            flying.append(sprite)
        delay += interval
        if k + 1 in dog_after and len(dog) < setup.dog:
            x, y = dog_positions[len(dog)]
            sprite = CardSprite(None, *src, lay.small_w, face_up=False)
            sprite.hidden_until_start = True
            sprite.move_to(x, y, width=lay.dog_w, duration=table.d(flight), delay=table.d(delay),
                           ease=ease_out_cubic)
            dog.append(sprite)
            delay += interval * 0.6
    yield delay + flight
    # my cards turn over and sort themselves
    flying = table.sprites.flying
    for sprite in my_sprites:
        sprite.finish()
        if sprite in flying:
            flying.remove(sprite)
        if sprite.card is not None:
            table.hand.add(sprite)
    counts[table.me] = len(table.hand)
    for i, sprite in enumerate(my_sprites):
        sprite.move_to(face_up=True, duration=table.d(0.22), delay=table.d(i * 0.025))
    yield 0.25 + 0.025 * len(my_sprites)
    table.hand.layout(lay, table.d(0.4))
    yield 0.4


def _landed(table: Stage, counts: dict[int, int], seat: int, packet: int,
            sprite: CardSprite) -> None:
    counts[seat] = counts.get(seat, 0) + packet
    sprite.visible = False
    table.sound("deal", 0.5)


def bid(table: Stage, step: Step) -> Animation:
    event = step.event
    assert isinstance(event, BidMade)
    table.sound("bid", 0.8)
    if event.contract is None:
        table.bubble(event.seat, table.tr("pass"), 1.8, "dim")
    else:
        table.bubble(event.seat, table.tr(event.contract), 2.4, "gold")
    after = step.after
    if len(after.bids) == table.players and after.taker is not None and table.players != 5:
        yield 0.6
        yield from _dog_away(table, step)
    yield 0.55


def _dog_away(table: Stage, step: Step) -> Animation:
    """Garde sans / contre: the dog stays hidden and leaves the table."""
    view = step.after
    if view.contract is None or view.taker is None:
        return
    contract = view.rules.contract(view.contract)
    if contract.dog_shown:
        return
    # the dog goes to the camp whose points it counts for: the taker's, or off the table
    target = _source(table, view.taker) if contract.dog_to_taker else (
        table.layout.centre[0], -table.layout.trick_h)
    for sprite in table.sprites.dog:
        sprite.move_to(*target, width=table.layout.small_w, duration=table.d(0.45),
                       ease=ease_in_cubic)
    yield 0.45
    table.sprites.dog = []


def called(table: Stage, step: Step) -> Animation:
    event = step.event
    assert isinstance(event, KingCalled)
    table.bubble(event.seat, table.tr("table_calls", card=table.card_name(event.card)), 2.8,
                 "gold")
    table.sound("bid", 0.8)
    yield 1.0
    yield from _dog_away(table, step)


def dog_revealed(table: Stage, step: Step) -> Animation:
    event = step.event
    assert isinstance(event, DogRevealed)
    lay = table.layout
    cards = C.sort_for_hand(event.cards)
    positions = lay.dog_positions(len(cards))
    dog = table.sprites.dog
    if len(dog) != len(cards):
        dog = table.sprites.dog = [CardSprite(None, x, y, lay.dog_w, face_up=False)
                                      for x, y in positions]
    for i, (sprite, card) in enumerate(zip(dog, cards, strict=True)):
        sprite.card = card
        sprite.move_to(*positions[i], face_up=True, duration=table.d(0.32),
                       delay=table.d(i * 0.08), ease=ease_in_out_cubic)
    table.sound("card_slide")
    yield 0.3 + 0.08 * len(cards)
    # the dog's own moment: face up, nothing over it, until a click or a few seconds
    yield from until_click(table, "dog", dog_pause(table))
    taker = step.after.taker
    sprites, table.sprites.dog = dog, []
    if taker == table.me:
        for sprite in sprites:
            table.hand.add(sprite)
            if sprite.card is not None:
                table.hand.marked.add(sprite.card)
        table.hand.layout(lay, table.d(0.55))
        table.sound("card_slide", 0.7)
        yield 0.6
    elif taker is not None:
        target = lay.seats[taker].anchor
        for i, sprite in enumerate(sprites):
            sprite.move_to(*target, width=lay.small_w, face_up=False, duration=table.d(0.45),
                           delay=table.d(i * 0.04), ease=ease_in_out_cubic,
                           on_done=partial(setattr, sprite, "visible", False))
            table.sprites.flying.append(sprite)
        table.sound("card_slide", 0.7)
        yield 0.5 + 0.04 * len(sprites)


def discarded(table: Stage, step: Step) -> Animation:
    event = step.event
    assert isinstance(event, Discarded)
    lay = table.layout
    seat = event.seat
    target = _source(table, seat)
    flying = table.sprites.flying
    if seat == table.me and table.hand.sprites:
        zone = table.sprites.zone
        sprites = [s for s in zone if s.card in event.cards]
        done = {s.card for s in sprites}
        for card in event.cards:
            if card not in done and card in table.hand:
                taken = table.hand.take(card)
                if taken is not None:
                    sprites.append(taken)
        table.sprites.zone = []  # the discard editor is closed as the step starts
        table.hand.marked.clear()
        for i, sprite in enumerate(sprites):
            sprite.move_to(*target, width=lay.small_w, face_up=False, alpha=0,
                           duration=table.d(0.45), delay=table.d(i * 0.04), ease=ease_in_cubic,
                           on_done=partial(setattr, sprite, "visible", False))
            flying.append(sprite)
        table.hand.layout(lay, table.d(0.3))
    else:
        anchor = lay.seats[seat].anchor
        box = lay.seats[seat].box
        for i in range(step.after.rules.setup(table.players).dog):
            sprite = CardSprite(None, *anchor, lay.small_w, face_up=False)
            sprite.move_to(box.centerx, box.centery, alpha=0, duration=table.d(0.4),
                           delay=table.d(i * 0.04),
                           on_done=partial(setattr, sprite, "visible", False))
            flying.append(sprite)
    table.sound("card_slide", 0.7)
    yield 0.5
    shown = discard_on_show(table, step.after)
    if shown:
        label = table.tr("table_discard_shown" if shown == tuple(event.shown)
                         else "table_discard")
        yield from show_cards(table, seat, shown, label, 2.6)


def show_cards(table: Stage, seat: int, cards: tuple[int, ...], label: str,
               seconds: float) -> Animation:
    """Cards shown face up near ``seat`` for a moment, then taken back."""
    lay = table.layout
    width = round(lay.trick_w * 0.8)
    positions = lay.show_positions(seat, len(cards), width)
    src = _source(table, seat)
    sprites = []
    for i, (card, (x, y)) in enumerate(zip(C.sort_for_hand(cards), positions, strict=True)):
        sprite = CardSprite(card, *src, lay.small_w, face_up=False)
        sprite.move_to(x, y, width=width, face_up=True, duration=table.d(0.4),
                       delay=table.d(i * 0.03), ease=ease_out_cubic)
        sprites.append(sprite)
    show = Show(seat, sprites, label)
    table.sprites.shows.append(show)
    table.sound("card_slide", 0.7)
    yield 0.45 + 0.03 * len(cards)
    yield seconds
    for sprite in sprites:
        sprite.move_to(*src, width=lay.small_w, face_up=False, alpha=0, duration=table.d(0.35),
                       ease=ease_in_cubic)
    yield 0.35
    for sprite in sprites:
        sprite.finish()
    if show in table.sprites.shows:
        table.sprites.shows.remove(show)


def slam(table: Stage, step: Step) -> Animation:
    assert isinstance(step.event, SlamAnnounced)
    table.bubble(step.event.seat, table.tr("table_slam"), 2.6, "gold")
    table.sound("slam")
    yield 1.0


def handful(table: Stage, step: Step) -> Animation:
    event = step.event
    assert isinstance(event, HandfulShown)
    yield from show_cards(table, event.seat, event.cards, handful_label(table, event.cards), 2.4)


def misere(table: Stage, step: Step) -> Animation:
    event = step.event
    assert isinstance(event, MisereAnnounced)
    table.bubble(event.seat, table.tr(f"table_misere_{event.misere}"), 2.6, "gold")
    table.sound("bid", 0.8)
    yield 1.0


def card_played(table: Stage, step: Step) -> Animation:
    event = step.event
    assert isinstance(event, CardPlayed)
    lay = table.layout
    place = lay.seats[event.seat]
    pending = table.sprites.pending
    sprite = next((s for s in pending if s.card == event.card), None)
    if sprite is not None:
        pending.remove(sprite)
    elif event.seat == table.me:
        sprite = table.hand.take(event.card)
        if sprite is not None:
            sprite.y -= sprite.lift
            table.hand.layout(lay, table.d(0.25))
    if sprite is None:
        sprite = CardSprite(event.card, *place.anchor, lay.small_w, face_up=False, angle=-10.0)
    sprite.card = event.card
    sprite.owner = event.seat
    sprite.shadow = False
    sprite.lift = sprite.lift_target = 0.0
    sprite.dim = False
    sprite.glow = None
    table.sprites.trick.append(sprite)
    sprite.move_to(*place.trick, angle=place.trick_angle, width=lay.trick_w, face_up=True,
                   duration=table.d(0.36), ease=ease_out_cubic)
    table.sound("card_play")
    yield 0.38


def partner(table: Stage, step: Step) -> Animation:
    event = step.event
    assert isinstance(event, PartnerRevealed)
    alone = event.seat == step.after.taker
    table.bubble(event.seat, table.tr("table_alone" if alone else "table_partner"), 2.4, "gold")
    yield 0.7


def trick_won(table: Stage, step: Step) -> Animation:
    event = step.event
    assert isinstance(event, TrickWon)
    # time to see who won: the player's pace; a click or Space gathers it sooner
    yield from until_click(table, "trick", trick_pause(table))
    table.sound("trick", 0.8)
    target = _source(table, event.seat)
    lay = table.layout
    sprites, table.sprites.trick = table.sprites.trick, []
    for i, sprite in enumerate(sprites):
        sprite.glow = None
        sprite.move_to(*target, width=lay.small_w, angle=0.0, face_up=False, alpha=40,
                       duration=table.d(0.42), delay=table.d(i * 0.03), ease=ease_in_cubic,
                       on_done=partial(setattr, sprite, "visible", False))
        table.sprites.flying.append(sprite)
    yield 0.3


def scored(table: Stage, step: Step) -> Animation:
    assert isinstance(step.event, DealScored)
    yield 0.4
    lay_end(table, step.after)  # and the score opens as the step ends


def cancelled(table: Stage, step: Step) -> Animation:
    event = step.event
    assert isinstance(event, DealCancelled)
    if event.reason == "petit_sec" and event.seat is not None:
        table.bubble(event.seat, table.tr("table_petit_sec", name=table.name(event.seat)), 3.0,
                     "warn")
    yield 1.0
    for sprite in table.sprites.dog:
        sprite.move_to(*table.layout.centre, alpha=0, duration=table.d(0.3))
    yield 0.3
    table.sprites.dog = []  # and the score opens as the step ends


HANDLERS: dict[type, Callable[[Any, Step], Animation]] = {
    DealDealt: dealt,
    BidMade: bid,
    KingCalled: called,
    DogRevealed: dog_revealed,
    Discarded: discarded,
    SlamAnnounced: slam,
    HandfulShown: handful,
    MisereAnnounced: misere,
    CardPlayed: card_played,
    PartnerRevealed: partner,
    TrickWon: trick_won,
    DealScored: scored,
    DealCancelled: cancelled,
}
