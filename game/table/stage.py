"""The stage: what a card table shows, and the means its parts share to show it.

A part of the table (the animator, the hand's drags, the discard zone, the drawing, the
hints) is handed the :class:`Stage`, not the scene: the view being shown, the layout, the
card art and the text ink, the sprites, the bubbles and the toast, and the words of the
table (its seats' names, the player's language). What a part needs of another part comes
to it by name, in its constructor or as a small protocol of its own module.

The table scene (:mod:`game.table.scene`) is a stage that also wires the parts together
and takes the window's events; the stage keeps no record of the game: its view is the
latest the source handed over.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from engine.cards import Card
from engine.refusals import Refusal
from engine.state import Phase
from engine.views import SeatView
from game.app.i18n import card_name, seat_name, shown_name
from game.app.widgets import Toast
from game.app.window import App
from game.table.layers import SpriteSet
from game.table.layout import TableLayout
from game.table.overlays import Overlay
from game.table.paint import Bubble, Ink
from game.table.score.length import deal_caption
from game.table.shown import dog_label_for
from game.table.source import Step, StepSource
from game.table.sprites import CardArt, HandFan
from game.table.words import refusal_words


class Stage:
    """One seat's table as it looks now: fed by ``source``, played by ``human`` (None at a
    table that is only watched), its seats named ``names`` (or the game's own names)."""

    def __init__(self, app: App, source: StepSource, human: int | None,
                 names: Sequence[str] | None) -> None:
        self.app = app
        self.source = source
        self.human = human
        self.names = names
        self.me = source.seat
        self.view: SeatView = source.view()
        self.players = self.view.players
        self.layout = TableLayout(app.size, self.players, app.unit)
        self.toast = Toast()
        self.art = CardArt(app.assets, app.settings.four_colour, app.settings.card_back,
                           app.settings.indices)
        self.ink = Ink(app.assets)
        self.hand = HandFan()
        self.sprites = SpriteSet()
        self.bubbles: list[Bubble] = []
        self.last_trick = Overlay()  # the previous trick, from its button or L
        self.shown = Overlay()  # the cards shown this deal (the dog, handfuls), from D
        self.show_counts = True  # the number of cards on each opponent's fan
        self.open_hands_layout = False  # a replay's open hands: see TableLayout
        #: what the table holds until a click or Space ("trick": a finished trick waits to be
        #: gathered, "dog": the turned-over dog), else None
        self.click_wait: str | None = None
        self.clicked = False  # the player clicked to go on
        self.still_life: str | None = None  # a picture a redraw holds: "dog", "end"
        #: the step being animated, and while the cards go round how many each fan shows
        self.step: Step | None = None
        self.fan_counts: dict[int, int] | None = None
        self.status = ""
        self.time = 0.0
        self.thinking: int | None = None  # the seat shown thinking
        self.started = False  # the first frame has run
        #: how many times faster than the settings' pace the table goes (a replay's autoplay)
        self.pace = 1.0
        self._sound_times: dict[str, float] = {}

    # --- time ----------------------------------------------------------------------------------
    @property
    def factor(self) -> float:
        """What a duration at the normal speed is multiplied by: the settings' animation
        speed, quickened by the table's :attr:`pace`."""
        return float(self.app.settings.animation_factor) / self.pace

    def d(self, seconds: float) -> float:
        """A duration scaled by the animation speed."""
        return seconds * self.factor

    def busy(self) -> bool:
        """Something is still being shown (the scene's animator says)."""
        return False

    @property
    def idle(self) -> bool:
        """Nothing waiting to be shown and nothing in flight: the player may act."""
        return self.started and not self.busy()

    # --- words ---------------------------------------------------------------------------------
    @property
    def lang(self) -> str:
        return str(self.app.settings.language)

    def tr(self, key: str, **values: object) -> str:
        return str(self.app.tr(key, **values))

    def trn(self, key: str, count: int, **values: object) -> str:
        return str(self.app.trn(key, count, **values))

    def name(self, seat: int) -> str:
        names = self.names
        if names is not None and 0 <= seat < len(names):
            return shown_name(names[seat], seat, self.players, self.lang)
        if self.human is not None and seat == self.human:
            own = str(self.app.settings.player_name)
            return shown_name(own, seat, self.players, self.lang) if own else self.tr("table_you")
        return seat_name(seat, self.players, self.lang)

    def card_name(self, card: Card) -> str:
        return card_name(card, self.lang)

    def tell_refusal(self, refusal: Refusal) -> None:
        """Say in a toast, in the player's words, why the engine refused their move."""
        self.toast.show(refusal_words(refusal, self.view, self.lang))

    # --- sound and speech -----------------------------------------------------------------------
    def sound(self, name: str, volume: float = 1.0, gap: float = 0.06) -> None:
        now = time.perf_counter()
        if now - self._sound_times.get(name, -1.0) < gap:
            return
        self._sound_times[name] = now
        self.app.sounds.play(name, volume)

    def bubble(self, seat: int, text: str, seconds: float = 2.2, tone: str = "normal") -> None:
        self.bubbles = [b for b in self.bubbles if b.seat != seat]
        seconds = max(seconds * max(self.factor, 0.6), 1.2)
        self.bubbles.append(Bubble(seat, text, seconds, seconds, tone))

    # --- what is shown ---------------------------------------------------------------------------
    def totals(self) -> list[int]:
        """Each seat's running total as the table shows it: the match's before this deal,
        plus this deal's scores once the view has them."""
        board = self.source.scoreboard()
        scores = self.view.scores or (0,) * self.players
        return [t + s for t, s in zip(board.totals_before, scores, strict=True)]

    def deal_number(self) -> int:
        return self.source.scoreboard().number

    def deal_caption(self) -> str:
        """"Deal 3", or against the match's length: "Deal 3 of 8"."""
        board = self.source.scoreboard()
        return deal_caption(self.tr, board.number, board.match)

    def fan_count(self, seat: int) -> int:
        counts = self.fan_counts
        if counts is not None:
            return counts.get(seat, 0)
        return self.view.hand_counts[seat]

    def turn_lit(self) -> int | None:
        """The seat whose plate is lit: the seat to act in the view; the player's own only
        once the table is still (their turn is not announced while cards still move)."""
        view = self.view
        if view.phase in (Phase.FINISHED, Phase.CANCELLED):
            return None
        if view.turn == self.me and self.human is not None and not self.idle:
            return None
        step = self.step
        if awaiting_trick(step.after if step is not None else view):
            return None
        return view.turn

    @property
    def dog_label(self) -> str:
        """The label over the cards in the middle: the dog, or at the end of the deal the
        dog of a Garde sans or contre (and whose it is) or the discard."""
        view = self.view
        if self.still_life == "end" and view.contract is not None and view.rules.contract(
                view.contract).dog_shown:
            return self.tr("table_discard")
        return dog_label_for(self.tr, view, end=self.still_life == "end")

    def close_overlays(self) -> bool:
        """Close the last trick or the cards shown, if one is open; whether one was."""
        was = self.last_trick.visible or self.shown.visible
        self.last_trick.close()
        self.shown.close()
        return was


def awaiting_trick(view: SeatView) -> bool:
    """The last card of a trick is down and the trick not yet won: nobody is to play until
    its winner leads (the engine's turn then still points past the last card)."""
    return view.phase is Phase.PLAYING and len(view.trick.cards) == view.players


__all__ = ["Stage", "awaiting_trick"]
