"""The replay viewer: walk through a finished deal one event at a time.

The viewer composes a card table (:class:`~game.table.scene.TableScene`) fed by a
:class:`~game.replay.source.ReplaySource` instead of a live match, with a control bar under
the table and a side panel on its right:

* one step per event — each bid, the call, the dog, the discard, each handful, each card, each
  trick gathered, the score: ←/→ or the buttons; Home/End; PgUp/PgDn (or ↑/↓) a trick back
  or on; a click on the timeline or on a line of the side panel jumps there;
* a step forward is animated; every other move redraws the table at once;
* autoplay (Space) at a chosen speed (+/−);
* "open hands" (every hand face up) or "as I saw it" (seat 0's view only), key O;
* the events written out in words, and the expert's analysis of each of seat 0's decisions
  with its estimated score for every option (computed in a worker process);
* the review: a graph of seat 0's expected score after every step under the timeline, its
  mistakes marked (M / Shift+M jump to the next and previous one), and the expert's line
  from any step (L), shown as a variation;
* "play on from here" (P): seat 0 plays the rest of the deal against the bots; what it
  played is kept as a variation beside the deal (in the file, for a saved deal) with its
  result next to the deal's. The deal itself is never changed.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame

from engine.deal import Deal
from engine.variations import EXPERT, TRY, Variation
from engine.views import SeatView, view_for
from game.app.i18n import problem_text
from game.app.thinking import game_thinker
from game.app.window import App, Scene
from game.replay.bar import SPEEDS, STEP_PAUSE, ReplayBar
from game.replay.branches import Branches, ExpertLineJob
from game.replay.keys import replay_key
from game.replay.narrate import narrate, spoken_names
from game.replay.play_on import open_play_on, practice_match
from game.replay.side import ReplaySide
from game.replay.source import ReplaySource
from game.table.beliefs import BeliefsPanel
from game.table.options import TableOptions
from game.table.paint import signed
from game.table.scene import TableScene

log = logging.getLogger(__name__)

#: The table's scale beside the side panel: a little larger than in a game, the table having
#: less room; with every hand face up a little less, so that five hands and the trick fit.
ZOOM = 1.12
OPEN_HANDS_ZOOM = 1.0


@dataclass
class ReplayInfo:
    """What the viewer shows about the deal besides its log."""

    deal: Deal
    names: list[str]
    title: str = ""
    meta: dict[str, Any] = field(default_factory=dict)
    path: Path | None = None
    variations: list[Variation] = field(default_factory=list)
    problems: list[Any] = field(default_factory=list)  # stored variations that were refused
    keeps_variations: bool = False  # whether new variations are written to ``path``
    number: int | None = None  # the deal's number in its match, when known
    totals_before: tuple[int, ...] | None = None  # each seat's match total before the deal


def open_replay(app: App, source: Any, replace: bool = False) -> ReplayScene:
    """Open the viewer on ``source`` (a :class:`game.replay.files.ReplayFile` or anything
    with ``deal``, ``names``, ``title``, ``meta``)."""
    info = ReplayInfo(source.deal, list(source.names), getattr(source, "title", ""),
                      dict(getattr(source, "meta", {}) or {}), getattr(source, "path", None),
                      list(getattr(source, "variations", []) or []),
                      list(getattr(source, "problems", []) or []),
                      bool(getattr(source, "keeps_variations", False)),
                      getattr(source, "deal_number", None),
                      getattr(source, "totals_before", None))
    scene = ReplayScene(app, info)
    if replace:
        app.replace(scene)
    else:
        app.push(scene)
    return scene


class ReplayScene(Scene):
    """A finished deal on a table, with the viewer's controls around it."""

    def __init__(self, app: App, info: ReplayInfo, seat: int = 0) -> None:
        super().__init__(app)
        self.info = info
        self.seat = seat
        self.players = info.deal.players
        self.branches = Branches(info.deal, info.variations,
                                 info.path if info.keeps_variations else None)
        self.showing: Variation | None = None  # None: the deal itself
        self.expert_job: ExpertLineJob | None = None
        self.side_rect = pygame.Rect(0, 0, 0, 0)
        self.bar_rect = pygame.Rect(0, 0, 0, 0)
        self.speed = 1
        self.autoplay = False
        self._autoplay_left = 0.0
        self.tab = "moves"
        self._open_hands = True
        self._show(info.deal, 1)
        self._deal_tricks = self.cursor.trick_starts()
        self.analysis: Any = None
        self.analysis_failed = ""
        self.bar = ReplayBar(self)
        self.side = ReplaySide(self)
        self.beliefs = BeliefsPanel(game_thinker)
        self._start_analysis()
        self.on_resize(app.size)
        app.settle_memory()  # the deal's states and the analysis' views live as the viewer does
        if info.problems:
            self.table.toast.show(self.trn("replay_variations_refused", len(info.problems),
                                           problem=problem_text(info.problems[0], self.lang,
                                                                name_only=True)), 8.0)

    def _show(self, deal: Deal, position: int) -> None:
        """Put ``deal`` (the deal itself or a variation) on the table at ``position``."""
        old: TableScene | None = getattr(self, "table", None)
        self.source = ReplaySource(deal, self.seat, self._open_hands, self.info.number,
                                   self.info.totals_before)
        self.cursor = self.source.cursor
        if position != 1:
            self.source.go(position)
        self.table = TableScene(self.app, self.source, options=TableOptions(
            names=self.info.names, buttons=("last_trick", "sound"), status=self._status_line,
            score_label="replay_close_score", on_score_done=self._score_closed,
            on_menu=self.close))
        self.table.show_counts = not self._open_hands
        self.table.open_hands_layout = self._open_hands
        self.lines = self._narration(deal)
        if old is not None:
            old.leave()
            self.table.enter()
            self.bar.follow(self.cursor, graph=self.showing is None)
            self.on_resize(self.app.size)

    # --- what the table is told --------------------------------------------------------------
    def name(self, seat: int) -> str:
        return self.table.name(seat)

    def tr(self, key: str, **values: object) -> str:
        return str(self.app.tr(key, **values))

    def trn(self, key: str, count: int, **values: object) -> str:
        return str(self.app.trn(key, count, **values))

    @property
    def lang(self) -> str:
        return str(self.app.settings.language)

    @property
    def idle(self) -> bool:
        return self.table.idle

    @property
    def score_panel(self) -> Any:
        return self.table.score_panel

    def _status_line(self) -> str:
        """Under the trick: the last event shown, in words."""
        index = self.cursor.position - 1
        return self.lines[index] if 0 <= index < len(self.lines) else ""

    def _score_closed(self) -> None:
        """Closing the score panel leaves the viewer at the end of the deal."""

    # --- moving ----------------------------------------------------------------------------------
    def forward(self) -> None:
        if self.cursor.at_end:
            self.autoplay = False
            return
        if not self.table.idle or self.table.score_panel is not None:
            self.source.go(self.cursor.position)  # what is on screen ends at once
        self.source.forward()
        self.table.take(self.source.poll())

    def back(self) -> None:
        self.autoplay = False
        self.go(self.cursor.position - 1)

    def first(self) -> None:
        self.autoplay = False
        self.go(1)

    def last(self) -> None:
        self.autoplay = False
        self.go(self.cursor.total)

    def trick_back(self) -> None:
        """To the start of the current trick, or of the one before when already there."""
        self.autoplay = False
        earlier = [s for s in self.cursor.trick_starts() if s < self.cursor.position]
        self.go(earlier[-1] if earlier else 1)

    def trick_forward(self) -> None:
        self.autoplay = False
        later = [s for s in self.cursor.trick_starts() if s > self.cursor.position]
        self.go(later[0] if later else self.cursor.total)

    def seek(self, position: int) -> None:
        self.autoplay = False
        if position != self.cursor.position:
            self.go(position)

    def go(self, position: int) -> None:
        """Stand at ``position`` at once, without animation."""
        self.source.go(position)
        self.table.take(self.source.poll())

    # --- autoplay --------------------------------------------------------------------------------
    def toggle_autoplay(self) -> None:
        if self.cursor.at_end and not self.autoplay:
            self.go(1)
        self.autoplay = not self.autoplay
        self._autoplay_left = 0.0

    def faster(self) -> None:
        self.set_speed((self.speed + 1) % len(SPEEDS))

    def set_speed(self, speed: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, speed))

    # --- view modes, play on, back ---------------------------------------------------------------
    @property
    def open_hands(self) -> bool:
        return self.source.open_hands

    def show_open_hands(self) -> None:
        self.beliefs.visible = False  # every card shows: nothing left to believe
        self._open_hands = True
        self.source.show_open_hands(True)
        self.table.show_counts = False  # the cards themselves show how many
        self._lay_out_hands()

    def _lay_out_hands(self) -> None:
        self.lines = self._narration(self.cursor.deal)  # told as the mode shows the deal
        self.table.open_hands_layout = self._open_hands
        self.on_resize(self.app.size)
        self.table.take(self.source.poll())

    def show_as_seen(self) -> None:
        self._open_hands = False
        self.source.show_open_hands(False)
        self.table.show_counts = True
        self._lay_out_hands()

    def close(self) -> None:
        """Esc: out of a variation first, then out of the viewer."""
        if self.showing is not None:
            self.show_line(None)
            return
        if self.analysis is not None:
            self.analysis.cancel()
        if self.expert_job is not None:
            self.expert_job.cancel()
        self.beliefs.cancel()
        self.app.pop()

    # --- variations, mistakes, the expert's line --------------------------------------------------
    def show_line(self, variation: Variation | None, position: int | None = None) -> None:
        """Show ``variation`` (``None``: the deal itself) from ``position`` (by default where
        the variation leaves the deal, or, back to the deal, where it left it)."""
        self.autoplay = False
        if position is None:
            here = self.showing.start if self.showing is not None else self.cursor.position
            position = variation.start if variation is not None else here
        self.showing = variation
        self._show(variation.deal if variation is not None else self.info.deal, position)

    def analysis_trick_starts(self) -> list[int]:
        """Where each trick of the deal itself starts (the analysis is the deal's)."""
        return list(self._deal_tricks)

    def mistake_positions(self) -> list[int]:
        return [index for index, _ in self.analysis.mistakes()] if self.analysis else []

    def next_mistake(self, step: int = 1) -> None:
        """To the next (``step`` 1) or previous (-1) of seat 0's mistakes in the deal."""
        if self.showing is not None:
            self.show_line(None)
        marks = self.mistake_positions()
        here = self.cursor.position
        later = [p for p in marks if (p > here if step > 0 else p < here)]
        if not later:
            key = "replay_no_more_mistakes" if marks else "replay_no_mistakes_yet" if (
                self.analysis is not None and self.analysis.done < self.analysis.total
            ) else "replay_no_mistakes"
            self.table.toast.show(self.tr(key), 3.0, warning=False)
            return
        self.seek(later[0] if step > 0 else later[-1])

    def ask_expert_line(self) -> None:
        """The expert's line from the step on screen, worked out in the background."""
        if self.expert_job is not None and not self.expert_job.done:
            return
        deal = self.showing.deal if self.showing is not None else self.info.deal
        position = self.cursor.settled()
        if self.cursor.state_at(position).is_over:
            self.table.toast.show(self.tr("replay_line_over"), 4.0)
            return
        from engine.ai import BOTS

        others = self.info.meta.get("bot_level")
        if not isinstance(others, str) or others not in BOTS:
            others = "simple"
        self.expert_job = ExpertLineJob(deal, position, self.seat, others,
                                        (deal.state.seed or 0) ^ position)
        self.table.toast.show(self.tr("replay_line_working"), 30.0, warning=False)

    def _expert_line_done(self) -> None:
        job = self.expert_job
        if job is None or not job.done:
            return
        self.expert_job = None
        if job.line is None:
            if job.error:
                self.table.toast.show(self.tr("replay_line_failed", problem=job.error), 6.0)
            return
        variation, problem = self.branches.add(EXPERT, self.tr("replay_line_name"), job.line)
        if variation is None:
            self.table.toast.show(self.tr("replay_line_same"), 5.0, warning=False)
            return
        self.show_line(variation)
        self.tab = "lines"  # where what a line is, one finish of this very deal, is said
        self._told_result(variation, problem)

    def challenge(self) -> None:
        """C: this deal's cards again, as the first deal of a challenge against the expert."""
        if self.info.deal.state.seed is None or self.app.spectator:
            return
        self.app.navigator.open_challenge(self.app, first=self.info.deal)

    def _tried(self, played: Deal) -> None:
        """The end of a "play on from here": keep what was played as a variation."""
        variation, problem = self.branches.add(TRY, self.tr("replay_try_name"), played)
        if variation is None:
            return
        self.tab = "lines"
        self._told_result(variation, problem)

    def _told_result(self, variation: Variation, problem: str) -> None:
        text = self.tr("replay_line_result", name=variation.name,
                       original=self.result_text(self.info.deal),
                       result=self.result_text(variation.deal))
        if problem:
            text += " " + self.tr("replay_variation_not_kept", problem=problem)
        self.table.toast.show(text, 7.0, warning=bool(problem))

    def result_text(self, deal: Deal) -> str:
        """Seat 0's score for ``deal``, signed as the score panel signs it; a cancelled deal
        says so."""
        scores = deal.scores
        if deal.is_over and deal.result is None:
            return self.tr("history_cancelled")
        return signed(scores[self.seat]) if scores is not None else "0"

    def play_on(self) -> None:
        """Seat 0 plays the rest of the deal from here against the bots: no match is saved;
        played to the end, the try becomes a variation of the deal."""
        practice = practice_match(self.cursor)
        if practice is None:
            self.table.toast.show(self.tr("replay_play_on_over"))
            return
        match, position = practice
        self.autoplay = False
        from engine.ai import BOTS
        from game.match.session import make_controller

        level = self.info.meta.get("bot_level")
        if not isinstance(level, str) or level not in BOTS:
            level = self.app.settings.bot_level
        seed = (match.current.state.seed or 0) ^ position
        controller = make_controller(match, level, seed, 0, None)
        open_play_on(self.app, controller, self.info.names, position, self.cursor.total,
                     on_done=self._tried)

    # --- analysis --------------------------------------------------------------------------------
    def _start_analysis(self) -> None:
        try:
            from game.replay.analysis import DealAnalysis

            self.analysis = DealAnalysis(self.info.deal, seat=self.source.seat, file=(
                self.info.path if self.info.keeps_variations else None))
        except Exception as exc:  # analysis is a bonus: the replay works without it
            log.warning("no analysis for this deal: %r", exc)
            self.analysis_failed = str(exc) or exc.__class__.__name__

    def set_tab(self, tab: str) -> None:
        self.tab = tab

    def next_tab(self) -> None:
        order = ("moves", "analysis", "lines")
        self.tab = order[(order.index(self.tab) + 1) % len(order)]

    def _narration(self, deal: Deal) -> list[str]:
        try:
            return narrate(deal, self.narration_names(), self.lang,
                           deal_number=self.info.number,
                           seat=None if self._open_hands else self.seat)
        except Exception as exc:  # never lose the replay over a sentence
            log.warning("narration failed: %r", exc)
            return [type(e).__name__ for e in deal.events]

    def narration_names(self) -> list[str]:
        return spoken_names([self.name(seat) for seat in range(self.players)], self.lang)

    # --- events ----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and replay_key(self, event):
            return
        mouse = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                 pygame.MOUSEWHEEL)
        if event.type in mouse and self._replay_mouse(event):
            return
        self.table.handle_event(event)

    def _replay_mouse(self, event: pygame.event.Event) -> bool:
        used = self.bar.handle_event(event)
        used = self.side.handle_event(event) or used
        pos = getattr(event, "pos", None)
        if pos is not None and (self.side_rect.collidepoint(pos)
                                or self.bar_rect.collidepoint(pos)):
            return event.type != pygame.MOUSEMOTION or used  # the table is not under there
        return used

    # --- the frame -------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        # autoplay at 4x runs each step four times as fast as at 1x, its animation too
        pace = SPEEDS[self.speed][1] if self.autoplay else 1.0
        self.table.pace = pace
        self.table.update(dt)
        if self.autoplay and self.cursor.at_end:
            self.autoplay = False
        if self.autoplay and self.idle and self.score_panel is None:
            self._autoplay_left -= dt
            if self._autoplay_left <= 1e-9:
                self._autoplay_left += STEP_PAUSE / pace
                self.forward()
        if self.analysis is not None:
            if self.showing is None:
                move = self.cursor.next_move()
                self.analysis.prefer(move.position if move is not None else None)
            self.analysis.update()  # polls the worker process: never waits
        self._expert_line_done()
        if self.beliefs.wanted:
            self.beliefs.update(*self.beliefs_step())
        self.bar.update()
        self.side.refresh()

    def toggle_beliefs(self) -> None:  # B: who held what, as the seat saw the deal
        if self._open_hands:
            self.show_as_seen()
        self.beliefs.toggle()

    def beliefs_step(self) -> tuple[tuple[int, int], SeatView | None]:  # step and seat view
        c = self.cursor
        view = None if self._open_hands else view_for(c.state_at(c.position), self.source.seat)
        return (id(c.deal), c.position), view

    # --- layout and drawing ---------------------------------------------------------------------
    def on_resize(self, size: tuple[int, int]) -> None:
        """The table takes the window less the side panel and the control bar."""
        w, h = size
        unit = min(w / 1280, h / 720)
        side = max(250, min(round(w * 0.27), round(470 * unit)))
        bar = self.bar.height(unit)
        self.side_rect = pygame.Rect(w - side, 0, side, h)
        self.bar_rect = pygame.Rect(0, h - bar, w - side, bar)
        table = (w - side, h - bar)
        zoom = OPEN_HANDS_ZOOM if self._open_hands else ZOOM
        self.table.place(table, min(table[0] / 1280, table[1] / 720) * zoom)
        self.bar.place(self.bar_rect, unit)
        self.side.place(self.side_rect, unit)

    def enter(self) -> None:
        self.table.enter()

    def leave(self) -> None:
        self.table.leave()
        if self not in self.app.scenes:  # closed, not covered: its states may go
            self.app.release_memory()

    def draw(self, surface: pygame.Surface) -> None:
        self.table.draw(surface)
        self.beliefs.draw(surface, self.app, pygame.Rect(0, 0, *self.bar_rect.topright),
                          self.side.unit, self.lang)
        self.bar.draw(surface)
        self.side.draw(surface)
        self.bar.draw_tooltips(surface)
