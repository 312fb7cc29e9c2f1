"""The replay viewer: walk through a finished deal one event at a time.

The viewer is the card table (:class:`~game.table.scene.TableScene`) driven by a
:class:`~game.replay.ReplayController` instead of a live match, with a control bar under the
table and a side panel on its right:

* one step per event — each bid, the call, the dog, the discard, each handful, each card, each
  trick gathered, the score: ←/→ or the buttons; Home/End; PgUp/PgDn (or ↑/↓) a trick back
  or on; a click on the timeline or on a line of the side panel jumps there;
* a step forward is animated; every other move redraws the table at once;
* autoplay (Space) at a chosen speed (+/−);
* "open hands" (every hand face up) or "as I saw it" (seat 0's view only), key O;
* the events written out in words, and the expert's analysis of each of seat 0's decisions
  with its estimated score for every option (computed on a background thread);
* "play on from here" (P): seat 0 plays the rest of the deal against the bots, in a practice
  table that saves nothing; the replayed deal is never changed.
"""

from __future__ import annotations

import datetime as _dt
import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame

from engine import cards as C
from engine.actions import Play
from engine.deal import Deal
from engine.events import DealCancelled, DealScored, DogRevealed, HandfulShown
from engine.match import Match
from engine.state import Phase
from game.app import App
from game.hints import option_label
from game.i18n import seat_name
from game.replay import ReplayController
from game.scenes.replay_bar import SPEEDS, StepButton, Timeline, draw_tooltip
from game.scenes.replay_list import Row, ScrollList
from game.table.layout import TableLayout, card_h
from game.table.scene import TableScene
from game.widgets import GOLD, HIGHLIGHT, TEXT, TEXT_DIM, WARNING, Button, blit_text, wrap_text

log = logging.getLogger(__name__)

GOOD = (120, 220, 140)
BAD = (250, 130, 110)
SIDE_BG = (10, 27, 21)
BAR_BG = (8, 22, 17)


@dataclass
class ReplayInfo:
    """What the viewer shows about the deal besides its log."""

    deal: Deal
    names: list[str]
    title: str = ""
    meta: dict[str, Any] = field(default_factory=dict)
    path: Path | None = None


def open_replay(app: App, source: Any, replace: bool = False) -> ReplayScene:
    """Open the viewer on ``source`` (a :class:`game.replay_files.ReplaySource` or anything
    with ``deal``, ``names``, ``title``, ``meta``)."""
    info = ReplayInfo(source.deal, list(source.names), getattr(source, "title", ""),
                      dict(getattr(source, "meta", {}) or {}), getattr(source, "path", None))
    scene = ReplayScene(app, info)
    if replace:
        app.replace(scene)
    else:
        app.push(scene)
    return scene


class ReplayScene(TableScene):
    """The table showing a finished deal, with the viewer's controls around it."""

    def __init__(self, app: App, info: ReplayInfo, seat: int = 0) -> None:
        self.info = info
        self.replay = ReplayController(info.deal, seat)
        self.cursor = self.replay.cursor
        self.side_rect = pygame.Rect(0, 0, 0, 0)
        self.bar_rect = pygame.Rect(0, 0, 0, 0)
        super().__init__(app, self.replay)
        self.open_hands = True
        self.autoplay = False
        self.speed = 1
        self._autoplay_left = 0.0
        self.tab = "moves"
        self.lines = self._narration()
        self.analysis: Any = None
        self._analysis_failed = ""
        # the table's corner buttons, less those that make no sense in a replay
        self.buttons = {k: b for k, b in self.buttons.items() if k in ("last_trick", "sound")}
        self.steps = [
            StepButton("first", self.first, "replay_key_first"),
            StepButton("trick_back", self.trick_back, "replay_key_trick_back"),
            StepButton("back", self.back, "replay_key_back"),
            StepButton("play", self.toggle_autoplay, "replay_key_play"),
            StepButton("forward", self.forward, "replay_key_forward"),
            StepButton("trick_forward", self.trick_forward, "replay_key_trick_forward"),
            StepButton("last", self.last, "replay_key_last"),
        ]
        self.speed_button = Button(SPEEDS[self.speed][0], self.faster)
        self.timeline = Timeline(self.cursor.total, self.cursor.trick_starts(), self.seek)
        self.open_button = Button("", self.show_open_hands)
        self.seen_button = Button("", self.show_as_seen)
        self.play_on_button = Button("", self.play_on)
        self.back_button = Button("", self.close)
        self.tab_buttons = {"moves": Button("", lambda: self.set_tab("moves")),
                            "analysis": Button("", lambda: self.set_tab("analysis"))}
        self.moves_list = ScrollList()
        self.analysis_list = ScrollList()
        self._choice_lines: list[tuple[str, tuple[int, int, int], str]] = []
        self._choice_rect = pygame.Rect(0, 0, 0, 0)
        self._start_analysis()

    # --- the table's hooks -----------------------------------------------------------------------
    def make_layout(self, size: tuple[int, int]) -> TableLayout:
        """The table takes the window less the side panel and the control bar."""
        w, h = size
        unit = min(w / 1280, h / 720)
        side = max(250, min(round(w * 0.27), round(470 * unit)))
        bar = max(52, round(70 * unit))
        self.side_rect = pygame.Rect(w - side, 0, side, h)
        self.bar_rect = pygame.Rect(0, h - bar, w - side, bar)
        table = (w - side, h - bar)
        return TableLayout(table, self.players, min(table[0] / 1280, table[1] / 720) * 1.12)

    def name(self, seat: int) -> str:
        names = self.info.names
        return names[seat] if seat < len(names) else seat_name(seat, self.players, self.lang)

    def score_button_label(self) -> str:
        return self.tr("replay_close_score")

    def score_done(self) -> None:
        """Closing the score panel leaves the viewer at the end of the deal."""

    def open_menu(self) -> None:
        self.close()

    def _status_text(self) -> str:
        """Under the trick: the last event shown, in words."""
        index = self.cursor.position - 1
        return self.lines[index] if 0 <= index < len(self.lines) else ""

    def _draw_fan(self, surface: pygame.Surface, seat: int, count: int) -> None:
        if not self.open_hands:
            super()._draw_fan(surface, seat, count)
            return
        cards = C.sort_for_hand(C.cards_of(self.cursor.state.hands[seat]))[:count]
        lay = self.layout
        width = lay.u(54)
        for card, (x, y) in zip(cards, open_hand_slots(lay, seat, len(cards), width),
                                strict=True):
            image = self.art.image(card, width, 1.0, 0.0)
            surface.blit(image, image.get_rect(center=(round(x), round(y))))

    def _sync(self, hard: bool = False) -> None:
        super()._sync(hard)
        if self.open_hands and self.dog_sprites and self.view.phase in (Phase.BIDDING,
                                                                          Phase.CALLING):
            for sprite, card in zip(self.dog_sprites, C.cards_of(self.cursor.state.dog),
                                    strict=False):
                if not sprite.moving:
                    sprite.card, sprite.face = card, 1.0

    # --- moving ----------------------------------------------------------------------------------
    def forward(self) -> None:
        if self.cursor.at_end:
            self.autoplay = False
            return
        if not self.idle or self.score_panel is not None:
            self._redraw()  # finish what is on screen at once, then animate the new step
        self.replay.forward()

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
        self.replay.go(position)
        self._redraw()

    def _redraw(self) -> None:
        """Drop every animation and draw the table as it stands at the cursor."""
        self.queue.clear()
        self.step = None
        self.wait = 0.0
        for sprite in self._all_sprites():
            sprite.finish()
        self.flyers.clear()
        self.shows.clear()
        self.bubbles.clear()
        self.score_panel = None
        self.last_trick_shown = False
        self._started = True
        self._sync(hard=True)
        event = self.cursor.event
        if isinstance(event, DogRevealed) and event.cards:
            self._lay_dog(event.cards)
        elif isinstance(event, HandfulShown):
            self._show_cards(event.seat, event.cards, self.tr("replay_handful_shown"))
        if isinstance(event, DealScored | DealCancelled):
            self.show_score(self.cursor.deal.result if isinstance(event, DealScored) else None)

    def _lay_dog(self, cards: tuple[int, ...]) -> None:
        """The dog face up in the middle, as it is just after being shown."""
        from game.table.sprites import CardSprite

        lay = self.layout
        self.dog_sprites = [CardSprite(card, x, y, lay.dog_w) for card, (x, y) in
                            zip(cards, lay.dog_positions(len(cards)), strict=True)]

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
        self.speed_button.label = SPEEDS[self.speed][0]

    # --- view modes, play on, back ---------------------------------------------------------------
    @property
    def open_hands(self) -> bool:
        return self._open_hands

    @open_hands.setter
    def open_hands(self, value: bool) -> None:
        self._open_hands = value
        self.show_counts = not value  # the cards themselves show how many

    def show_open_hands(self) -> None:
        self.open_hands = True
        self._redraw()

    def show_as_seen(self) -> None:
        self.open_hands = False
        self._redraw()

    def close(self) -> None:
        if self.analysis is not None:
            self.analysis.cancel()
        self.app.pop()

    def play_on(self) -> None:
        """Seat 0 plays the rest of the deal from here against the bots (saved nowhere)."""
        position = self.cursor.settled()
        state = self.cursor.state_at(position)
        if state.is_over:
            self.toast.show(self.tr("replay_play_on_over"))
            return
        self.autoplay = False
        from game.scenes.session import make_controller

        deal = self.cursor.deal
        cut = Deal(deal.rules, self.cursor.events[:position], state.copy())
        match = Match(deal.rules, deal.players, seed=state.seed, first_dealer=state.dealer,
                      deals=[cut])
        level = self.info.meta.get("bot_level")
        from engine.ai import BOTS

        if not isinstance(level, str) or level not in BOTS:
            level = self.app.settings.bot_level
        controller = make_controller(match, level, state.seed ^ position, 0, None)
        self.app.push(PlayOnScene(self.app, controller, self.info.names, position,
                                  self.cursor.total))

    # --- analysis --------------------------------------------------------------------------------
    def _start_analysis(self) -> None:
        try:
            from game.deal_analysis import DealAnalysis

            self.analysis = DealAnalysis(self.info.deal, seat=self.replay.seat)
        except Exception as exc:  # analysis is a bonus: the replay works without it
            log.warning("no analysis for this deal: %r", exc)
            self._analysis_failed = str(exc) or exc.__class__.__name__

    def set_tab(self, tab: str) -> None:
        self.tab = tab

    def _narration(self) -> list[str]:
        try:
            from game.narrate import narrate

            return narrate(self.info.deal, self.narration_names(), self.lang)
        except Exception as exc:  # never lose the replay over a sentence
            log.warning("narration failed: %r", exc)
            return [type(e).__name__ for e in self.info.deal.events]

    def narration_names(self) -> list[str]:
        """The names as the side panel writes them: a seat named "You" (the default name)
        becomes "South (you)", since "You follows with…" would not read."""
        names = []
        for seat in range(self.players):
            name = self.name(seat)
            if name.strip().casefold() in ("you", "vous", self.tr("table_you").casefold()):
                name = f"{seat_name(seat, self.players, self.lang)} ({self.tr('replay_you')})"
            names.append(name)
        return names

    # --- events ----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and self._replay_key(event):
            return
        mouse = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                 pygame.MOUSEWHEEL)
        if event.type in mouse and self._replay_mouse(event):
            return
        super().handle_event(event)

    def _replay_key(self, event: pygame.event.Event) -> bool:
        key = event.key
        actions = {
            pygame.K_RIGHT: self.forward,
            pygame.K_LEFT: self.back,
            pygame.K_HOME: self.first,
            pygame.K_END: self.last,
            pygame.K_PAGEUP: self.trick_back,
            pygame.K_UP: self.trick_back,
            pygame.K_PAGEDOWN: self.trick_forward,
            pygame.K_DOWN: self.trick_forward,
            pygame.K_SPACE: self.toggle_autoplay,
            pygame.K_p: self.play_on,
            pygame.K_ESCAPE: self.close,
            pygame.K_TAB: lambda: self.set_tab("analysis" if self.tab == "moves" else "moves"),
            pygame.K_o: lambda: (self.show_as_seen if self.open_hands
                                 else self.show_open_hands)(),
            pygame.K_PLUS: self.faster,
            pygame.K_KP_PLUS: self.faster,
            pygame.K_EQUALS: self.faster,
            pygame.K_MINUS: lambda: self.set_speed(self.speed - 1),
            pygame.K_KP_MINUS: lambda: self.set_speed(self.speed - 1),
        }
        action = actions.get(key)
        if action is None:
            return False
        if key == pygame.K_ESCAPE and self.last_trick_shown:
            return False  # the table closes the last trick first
        action()
        return True

    def _replay_mouse(self, event: pygame.event.Event) -> bool:
        used = False
        for button in self.steps:
            used = button.handle_event(event) or used
        for widget in (self.speed_button, self.open_button, self.seen_button,
                       self.play_on_button, self.back_button, *self.tab_buttons.values()):
            used = widget.handle_event(event) or used
        used = self.timeline.handle_event(event) or used
        listing = self.moves_list if self.tab == "moves" else self.analysis_list
        picked = listing.handle_event(event)
        if picked is not None:
            self.autoplay = False
            self.go(picked)
            return True
        pos = getattr(event, "pos", None)
        if pos is not None and (self.side_rect.collidepoint(pos)
                                or self.bar_rect.collidepoint(pos)):
            return event.type != pygame.MOUSEMOTION or used
        return used

    # --- the frame -------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if self.autoplay and self.cursor.at_end:
            self.autoplay = False
        if self.autoplay and self.idle and self.score_panel is None:
            self._autoplay_left -= dt
            if self._autoplay_left <= 0:
                self._autoplay_left = SPEEDS[self.speed][1]
                self.forward()
        self.steps[3].symbol = "pause" if self.autoplay else "play"
        at_start, at_end = self.cursor.at_start, self.cursor.at_end
        for button, enabled in zip(self.steps, (not at_start, not at_start, not at_start, True,
                                                not at_end, not at_end, not at_end), strict=True):
            button.enabled = enabled
        self.play_on_button.enabled = not self.cursor.state_at(self.cursor.settled()).is_over
        self.open_button.selected = self.open_hands
        self.seen_button.selected = not self.open_hands
        for name, button in self.tab_buttons.items():
            button.selected = name == self.tab
        if self.analysis is not None:
            move = self.cursor.next_move()
            self.analysis.prefer(move.position if move is not None else None)
        self._refresh_side()

    # --- the side panel's content ----------------------------------------------------------------
    def _refresh_side(self) -> None:
        lang = self.lang
        tr = self.tr
        self.open_button.label = tr("replay_open_hands")
        self.seen_button.label = tr("replay_as_seen")
        self.play_on_button.label = tr("replay_play_on")
        self.back_button.label = tr("back")
        done = self.analysis.done if self.analysis is not None else 0
        total = self.analysis.total if self.analysis is not None else 0
        self.tab_buttons["moves"].label = tr("replay_tab_moves")
        self.tab_buttons["analysis"].label = (tr("replay_tab_analysis_progress", done=done,
                                                 total=total)
                                              if self.analysis is not None and done < total
                                              else tr("replay_tab_analysis"))
        rows = [Row(line, TEXT, i + 1) for i, line in enumerate(self.lines)]
        self.moves_list.set_rows(rows, self.app.assets)
        self.moves_list.set_current(self.cursor.position - 1)
        self.analysis_list.set_rows(self._analysis_rows(lang), self.app.assets)
        current = None
        for i, row in enumerate(self.analysis_list.rows):
            if row.value == self.cursor.position:
                current = i
        self.analysis_list.set_current(current)
        self._choice_lines = self._choice_box(lang)

    def _analysis_rows(self, lang: str) -> list[Row]:
        if self.analysis is None:
            return [Row(self.tr("replay_no_analysis", problem=self._analysis_failed), TEXT_DIM,
                        self.cursor.position)]
        rows = []
        starts = self.cursor.trick_starts()
        for decision in self.analysis.decisions:
            if decision.forced:
                continue
            what = option_label(decision.view, decision.action, lang)
            trick = sum(1 for s in starts if s <= decision.index)
            where = self.tr("replay_trick_n", n=trick) if isinstance(decision.action, Play) \
                else self.tr("replay_before_play")
            text = f"{where} · {what}"
            result = self.analysis.result(decision.index)
            if result is None:
                problem = self.analysis.error(decision.index)
                note, color = ("!" if problem else "…"), TEXT_DIM
            else:
                mine = result.value_of(decision.action)
                best = result.best
                loss = best.mean - mine.mean if mine is not None else 0.0
                if mine is None or loss < 0.5:
                    note, color = self.tr("replay_best"), GOOD
                else:
                    note, color = f"−{loss:.1f}", BAD if loss >= 5 else WARNING
            rows.append(Row(text, TEXT, decision.index, note, color))
        if not rows:
            rows.append(Row(self.tr("replay_no_choices"), TEXT_DIM, self.cursor.position))
        return rows

    def _choice_box(self, lang: str) -> list[tuple[str, tuple[int, int, int], str]]:
        """At one of seat 0's decisions: every option with the expert's estimate."""
        move = self.cursor.next_move()
        if move is None or move.seat != self.replay.seat or self.analysis is None:
            return []
        decision = self.analysis.decision_at(move.position)
        if decision is None:
            return []
        title = self.tr("replay_your_choice",
                        what=option_label(decision.view, decision.action, lang))
        out: list[tuple[str, tuple[int, int, int], str]] = [(title, GOLD, "")]
        if decision.forced:
            out.append((self.tr("replay_forced"), TEXT_DIM, ""))
            return out
        result = self.analysis.result(decision.index)
        if result is None:
            problem = self.analysis.error(decision.index)
            out.append((self.tr("replay_analysis_failed", problem=problem) if problem
                        else self.tr("replay_thinking"), TEXT_DIM, ""))
            return out
        mine = result.value_of(decision.action)
        for i, option in enumerate(result.options[:6]):
            label = option_label(decision.view, option.action, lang)
            taken = mine is not None and option is mine
            color = HIGHLIGHT if taken else GOOD if i == 0 else TEXT
            marks = []
            if i == 0:
                marks.append(self.tr("replay_expert_pick"))
            if taken:
                marks.append(self.tr("replay_you"))
            text = f"{label}" + (f"  ({', '.join(marks)})" if marks else "")
            out.append((text, color, f"{option.mean:+.1f}"))
        hidden = len(result.options) - 6
        if hidden > 0:
            out.append((self.tr("replay_more_options", n=hidden), TEXT_DIM, ""))
        if result.options and result.options[0].samples:
            out.append((self.tr("replay_estimate_note", n=result.options[0].samples), TEXT_DIM,
                        ""))
        return out

    # --- layout of the panel and the bar ---------------------------------------------------------
    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        self._place_controls()

    def _place_controls(self) -> None:
        u = min(self.app.size[0] / 1280, self.app.size[1] / 720)
        bar = self.bar_rect
        pad = max(6, round(10 * u))
        side = max(30, bar.height - 2 * pad)
        x = bar.left + pad
        for button in self.steps:
            button.rect = pygame.Rect(x, bar.top + pad, side, side)
            x += side + max(3, round(6 * u))
        speed_w = max(48, round(64 * u))
        self.speed_button.rect = pygame.Rect(bar.right - pad - speed_w, bar.top + pad, speed_w,
                                             side)
        count_w = max(70, round(110 * u))
        self.timeline.rect = pygame.Rect(x + pad, bar.top + pad, max(20, self.speed_button.rect
                                                                     .left - count_w - x - pad * 2),
                                         side)
        self._count_pos = (self.speed_button.rect.left - pad, bar.centery)

        s = self.side_rect
        inner = s.inflate(-2 * pad, -2 * pad)
        row_h = max(30, round(40 * u))
        self._text_size = max(14, round(19 * u))
        self._title_y = inner.top
        y = inner.top + round(self._text_size * 2.9)
        half = (inner.width - pad) // 2
        self.open_button.rect = pygame.Rect(inner.left, y, half, row_h)
        self.seen_button.rect = pygame.Rect(inner.left + half + pad, y, inner.width - half - pad,
                                            row_h)
        y += row_h + pad
        self.play_on_button.rect = pygame.Rect(inner.left, y, inner.width, row_h)
        y += row_h + pad * 2
        self.tab_buttons["moves"].rect = pygame.Rect(inner.left, y, half, row_h)
        self.tab_buttons["analysis"].rect = pygame.Rect(inner.left + half + pad, y,
                                                        inner.width - half - pad, row_h)
        y += row_h + pad
        self._list_top = y
        self.back_button.rect = pygame.Rect(inner.left, inner.bottom - row_h, inner.width, row_h)
        self._keys_y = self.back_button.rect.top - pad
        for listing in (self.moves_list, self.analysis_list):
            listing.size = self._text_size
        self._inner = inner

    def _keys_lines(self) -> tuple[list[str], int, int]:
        """The keys reminder wrapped to the panel: its lines, their size and line height."""
        small = max(12, round(self._text_size * 0.8))
        lines = wrap_text(self.app.assets, self.tr("replay_keys"), small, self._inner.width)
        return lines, small, round(small * 1.15)

    def _place_lists(self, choice_h: int) -> None:
        inner = self._inner
        lines, _, line_h = self._keys_lines()
        keys_h = len(lines) * line_h + 6
        top = self._list_top + choice_h
        rect = pygame.Rect(inner.left, top, inner.width, max(20, self._keys_y - keys_h - top))
        self.moves_list.place(rect)
        self.analysis_list.place(rect)

    # --- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self._draw_bar(surface)
        self._draw_side(surface)
        mouse = pygame.mouse.get_pos()
        for button in self.steps:
            if button.hover and button.rect.collidepoint(mouse):
                draw_tooltip(surface, self.app, self.tr(button.tooltip),
                             (button.rect.centerx, button.rect.top - 4))

    def _draw_bar(self, surface: pygame.Surface) -> None:
        u = min(self.app.size[0] / 1280, self.app.size[1] / 720)
        pygame.draw.rect(surface, BAR_BG, self.bar_rect)
        pygame.draw.line(surface, GOLD, self.bar_rect.topleft, self.bar_rect.topright,
                         max(1, round(2 * u)))
        for button in self.steps:
            button.draw(surface, u)
        self.timeline.draw(surface, self.cursor.position, u)
        text = self.tr("replay_step", n=self.cursor.position, total=self.cursor.total)
        trick = self.cursor.trick_number()
        size = max(12, round(17 * u))
        blit_text(surface, self.app.assets, text, size,
                  (self._count_pos[0], self._count_pos[1] - size * 0.55), TEXT, anchor="midright")
        if trick is not None:
            blit_text(surface, self.app.assets, self.tr("replay_trick_n", n=trick), size,
                      (self._count_pos[0], self._count_pos[1] + size * 0.55), TEXT_DIM,
                      anchor="midright")
        self.speed_button.draw(surface, self.app.assets, u)
        if self.timeline.hover is not None and not self.timeline.dragging:
            hover = self.timeline.hover
            line = self.lines[hover - 1] if 0 < hover <= len(self.lines) else ""
            draw_tooltip(surface, self.app, line,
                         (round(self.timeline.x_of(hover)), self.timeline.rect.top - 2))

    def _draw_side(self, surface: pygame.Surface) -> None:
        u = min(self.app.size[0] / 1280, self.app.size[1] / 720)
        s = self.side_rect
        pygame.draw.rect(surface, SIDE_BG, s)
        pygame.draw.line(surface, GOLD, s.topleft, s.bottomleft, max(1, round(2 * u)))
        assets = self.app.assets
        inner = self._inner
        size = self._text_size
        title = self._title()
        blit_text(surface, assets, _fit(assets, title, round(size * 1.15), inner.width),
                  round(size * 1.15), (inner.left, self._title_y), GOLD, anchor="topleft")
        blit_text(surface, assets, _fit(assets, self._summary(), size, inner.width), size,
                  (inner.left, self._title_y + round(size * 1.45)), TEXT_DIM, anchor="topleft")
        for button in (self.open_button, self.seen_button, self.play_on_button,
                       *self.tab_buttons.values(), self.back_button):
            button.draw(surface, assets, u)

        choice_h = 0
        if self._choice_lines:
            choice_h = self._draw_choice(surface, size)
        self._place_lists(choice_h)
        listing = self.moves_list if self.tab == "moves" else self.analysis_list
        listing.draw(surface, assets)
        lines, small, line_h = self._keys_lines()
        y = self._keys_y - len(lines) * line_h
        for line in lines:
            blit_text(surface, assets, line, small, (inner.left, y), TEXT_DIM, anchor="topleft",
                      shadow=False)
            y += line_h

    def _draw_choice(self, surface: pygame.Surface, size: int) -> int:
        """The options box at one of seat 0's decisions; returns the height it took."""
        inner = self._inner
        assets = self.app.assets
        line_h = round(size * 1.25)
        pad = max(4, size // 2)
        lines: list[tuple[str, tuple[int, int, int], str]] = []
        for text, color, value in self._choice_lines:
            if value:  # an option and its figure: one line
                lines.append((text, color, value))
            else:  # a title or a note: wrapped
                lines += [(part, color, "") for part in
                          wrap_text(assets, text, size, inner.width - 2 * pad)]
        height = len(lines) * line_h + 2 * pad
        box = pygame.Rect(inner.left, self._list_top, inner.width, height)
        pygame.draw.rect(surface, (22, 48, 36), box, border_radius=pad)
        pygame.draw.rect(surface, GOLD, box, 1, border_radius=pad)
        y = box.top + pad
        for text, color, value in lines:
            note_w = assets.font(size).size(value)[0] + pad if value else 0
            shown = _fit(assets, text, size, box.width - 2 * pad - note_w)
            blit_text(surface, assets, shown, size, (box.left + pad, y + line_h // 2), color,
                      anchor="midleft", shadow=False)
            if value:
                blit_text(surface, assets, value, size, (box.right - pad, y + line_h // 2),
                          color, anchor="midright", shadow=False)
            y += line_h
        return height + pad

    def _title(self) -> str:
        """When the deal was played and by how many, else the file's own title."""
        date = self.info.meta.get("date")
        players = self.tr("replay_players", n=self.players)
        if isinstance(date, str):
            try:
                when = _dt.datetime.fromisoformat(date)
            except ValueError:
                pass
            else:
                return f"{when:%Y-%m-%d %H:%M} · {players}"
        return self.info.title or f"{self.tr('replay_title')} · {players}"

    def _summary(self) -> str:
        result = self.info.deal.result
        if result is None:
            return self.tr("replay_cancelled")
        key = "replay_summary_made" if result.made else "replay_summary_lost"
        return self.tr(key, contract=self.tr(result.contract), name=self.name(result.taker),
                       margin=result.margin)


def open_hand_slots(lay: TableLayout, seat: int, count: int, width: int
                    ) -> list[tuple[float, float]]:
    """Centres of an opponent's ``count`` face-up cards, ``width`` pixels wide: rows that
    overlap so that every card's corner index shows, over the seat's plate. Seats at the
    sides keep to their plate's width (several rows); seats at the top spread wider, in one
    row when they can, since there is no room above them."""
    if count <= 0:
        return []
    place = lay.seats[seat]
    table_w = lay.size[0]
    height = card_h(width)
    step = width * 0.34
    if place.side in ("left", "right"):
        room = max(place.box.width, place.fan.width)
    else:
        room = min(table_w * (0.46 if place.side == "top" else 0.34), place.box.width * 2.4)
    per_row = max(1, int((room - width) // step) + 1)
    rows = -(-count // per_row)
    per_row = -(-count // rows)  # balance the rows
    row_gap = height * 0.30
    block_h = height + (rows - 1) * row_gap
    bottom = place.box.top + height * 0.35  # the plate covers the lower part of the cards
    top = max(lay.u(2) + 0.0, bottom - block_h)
    out = []
    for i in range(count):
        row, col = divmod(i, per_row)
        in_row = min(per_row, count - row * per_row)
        span = step * (in_row - 1)
        centre = min(max(place.box.centerx, span / 2 + width / 2 + lay.u(4)),
                     table_w - span / 2 - width / 2 - lay.u(4))
        x = centre - span / 2 + col * step
        y = top + height / 2 + row * row_gap
        out.append((x, y))
    return out


def _fit(assets: Any, text: str, size: int, width: int) -> str:
    """``text`` cut with an ellipsis so that it fits ``width`` pixels."""
    font = assets.font(size)
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…"


class PlayOnScene(TableScene):
    """A practice table that carries a replayed deal on from one of its steps: seat 0 is the
    player, the other seats are bots; nothing is saved, and the end of the deal leads back to
    the replay."""

    def __init__(self, app: App, controller: Any, names: list[str], position: int,
                 total: int) -> None:
        super().__init__(app, controller)
        self.names = names
        self.toast.show(self.tr("replay_play_on_started", n=position, total=total), 4.0,
                        warning=False)

    def name(self, seat: int) -> str:
        return self.names[seat] if seat < len(self.names) else super().name(seat)

    def score_button_label(self) -> str:
        return self.tr("replay_back_to_replay")

    def score_done(self) -> None:
        self.app.pop()

    def leave(self) -> None:
        super().leave()
        if self.app.scene is not self:
            self.controller.shutdown()
