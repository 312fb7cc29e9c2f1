"""The replay viewer's side panel: what the deal was, the view mode, "play on from here" and
the expert's line, the events in words (*Moves*), the expert's analysis of seat 0's
decisions with its mistakes (*Analysis*) and the deal's variations (*Variations*).

At one of seat 0's decisions a box unfolds in the list, under the last move shown (*Moves*)
or the decision's own row (*Analysis*): the verdict on the choice, its options and their
estimates (:mod:`game.replay.choice`). The list keeps it whole in view, and nothing of the
list is drawn outside its place between the tabs and the keys. The panel acts on its scene
(the replay viewer) and reads the scene's cursor and analysis.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable
from typing import Any

import pygame

from engine.actions import Play
from engine.variations import EXPERT
from game.app.widgets import GOLD, TEXT, TEXT_DIM, Button, blit_text, wrap_text
from game.app.widgets import ellipsize as fit
from game.replay.choice import BAD, GOOD, VERDICT_WORDS, choice_lines, figure
from game.replay.lines import LIST_BG, Line, Row, ScrollList, Unfolded
from game.table.hints import decision_label

#: The value of the Variations tab's closing note (a click on it shows nothing else).
NOTE_ROW = -2


def _setter(scene: Any, tab: str) -> Callable[[], None]:
    return lambda: scene.set_tab(tab)


class ReplaySide:
    def __init__(self, scene: Any) -> None:
        self.scene = scene
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.unit = 1.0
        self.open_button = Button("", scene.show_open_hands)
        self.seen_button = Button("", scene.show_as_seen)
        self.play_on_button = Button("", scene.play_on)
        self.line_button = Button("", scene.ask_expert_line)
        self.back_button = Button("", scene.close)
        self.tab_buttons = {tab: Button("", _setter(scene, tab))
                            for tab in ("moves", "analysis", "lines")}
        self.moves_list = ScrollList()
        self.analysis_list = ScrollList()
        self.lines_list = ScrollList()
        self.choice_lines: list[Line] = []
        self._inner = pygame.Rect(0, 0, 0, 0)
        self._text_size = 16
        self._list_top = 0
        self._keys_y = 0
        self.keys_rect = pygame.Rect(0, 0, 0, 0)  # the keys reminder, above the back button
        self._content_key: tuple[object, ...] = ()
        self._summary: tuple[tuple[object, ...], str] | None = None
        self._keys_cache: tuple[object, tuple[list[str], int, int]] = ((), ([], 12, 14))

    @property
    def listing(self) -> ScrollList:
        return {"moves": self.moves_list, "analysis": self.analysis_list,
                "lines": self.lines_list}.get(self.scene.tab, self.moves_list)

    @property
    def buttons(self) -> tuple[Button, ...]:
        return (self.open_button, self.seen_button, self.play_on_button, self.line_button,
                *self.tab_buttons.values(), self.back_button)

    # --- layout ----------------------------------------------------------------------------------
    def place(self, rect: pygame.Rect, unit: float) -> None:
        self.rect = pygame.Rect(rect)
        self.unit = unit
        pad = max(6, round(10 * unit))
        inner = rect.inflate(-2 * pad, -2 * pad)
        row_h = max(30, round(40 * unit))
        self._text_size = max(14, round(19 * unit))
        y = inner.top + round(self._text_size * 2.9)
        half = (inner.width - pad) // 2
        self.open_button.rect = pygame.Rect(inner.left, y, half, row_h)
        self.seen_button.rect = pygame.Rect(inner.left + half + pad, y, inner.width - half - pad,
                                            row_h)
        y += row_h + pad
        self.play_on_button.rect = pygame.Rect(inner.left, y, half, row_h)
        self.line_button.rect = pygame.Rect(inner.left + half + pad, y, inner.width - half - pad,
                                            row_h)
        y += row_h + pad * 2
        third = (inner.width - 2 * pad) // 3
        for i, button in enumerate(self.tab_buttons.values()):
            left = inner.left + i * (third + pad)
            width = third if i < 2 else inner.right - left
            button.rect = pygame.Rect(left, y, width, row_h)
        self._list_top = y + row_h + pad
        self.back_button.rect = pygame.Rect(inner.left, inner.bottom - row_h, inner.width, row_h)
        self._keys_y = self.back_button.rect.top - pad
        for listing in (self.moves_list, self.analysis_list, self.lines_list):
            listing.size = self._text_size
        self._inner = inner

    def _keys_lines(self) -> tuple[list[str], int, int]:
        """The keys reminder wrapped to the panel: its lines, their size and line height."""
        small = max(12, round(self._text_size * 0.8))
        text = self.scene.tr("replay_keys")
        key = (text, small, self._inner.width)
        if self._keys_cache[0] != key:
            lines = wrap_text(self.scene.app.assets, text, small, self._inner.width)
            self._keys_cache = (key, (lines, small, round(small * 1.15)))
        return self._keys_cache[1]

    def _place_lists(self) -> None:
        """The lists between the tabs and the keys reminder, which sits on the back button."""
        inner = self._inner
        lines, _, line_h = self._keys_lines()
        self.keys_rect = pygame.Rect(inner.left, self._keys_y - len(lines) * line_h,
                                     inner.width, len(lines) * line_h)
        top = self._list_top
        bottom = self.keys_rect.top - max(6, round(10 * self.unit))
        rect = pygame.Rect(inner.left, top, inner.width, max(0, bottom - top))
        for listing in (self.moves_list, self.analysis_list, self.lines_list):
            listing.place(rect)

    # --- content ---------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Labels, states and lists for where the scene stands now (every frame)."""
        scene = self.scene
        tr = scene.tr
        cursor = scene.cursor
        analysis = scene.analysis
        self.open_button.label = tr("replay_open_hands")
        self.seen_button.label = tr("replay_as_seen")
        self.play_on_button.label = tr("replay_play_on")
        working = scene.expert_job is not None
        self.line_button.label = tr("replay_line_working_short" if working else "replay_line")
        self.back_button.label = tr("replay_back_to_deal" if scene.showing else "back")
        self.open_button.selected = scene.open_hands
        self.seen_button.selected = not scene.open_hands
        open_here = not cursor.state_at(cursor.settled()).is_over
        self.play_on_button.enabled = open_here
        self.line_button.enabled = open_here and not working
        for name, button in self.tab_buttons.items():
            button.selected = name == scene.tab
        self.tab_buttons["moves"].label = tr("replay_tab_moves")
        busy = analysis is not None and analysis.done < analysis.total
        self.tab_buttons["analysis"].label = (
            tr("replay_tab_analysis_progress", done=analysis.done, total=analysis.total)
            if busy else tr("replay_tab_analysis"))
        self.tab_buttons["lines"].label = tr("replay_tab_lines", n=len(scene.branches.variations))
        self._place_lists()
        # the lists and the box change only with the position, the language, the analysis,
        # the variations or the lists' place
        key = (cursor.position, scene.lang, analysis.done if analysis is not None else -1,
               self.moves_list.rect.size, self._text_size, id(scene.showing),
               len(scene.branches.variations))
        if key == self._content_key:
            return
        self._content_key = key
        assets = scene.app.assets
        self.choice_lines = self._choice_box()
        box = tuple(self.choice_lines)
        # the box unfolds under the last move shown: the decision that comes next
        self.moves_list.set_rows([Row(line, TEXT, i + 1) for i, line in enumerate(scene.lines)],
                                 assets, Unfolded(cursor.position - 1, box) if box else None)
        self.moves_list.set_current(cursor.position - 1)
        rows = self._analysis_rows()
        current = None
        if scene.showing is None:
            for i, row in enumerate(rows):
                if row.value == cursor.position:
                    current = i  # the decision's own row, not the summary that leads to it
        # under its own row, which names the choice already; a forced decision, which has
        # none, where it comes in the order, with its header
        if current is not None:
            unfolded = Unfolded(current, box[1:]) if box else None
        else:
            after = max((i for i, row in enumerate(rows[1:], 1) if row.value < cursor.position),
                        default=0)
            unfolded = Unfolded(after, box) if box else None
        self.analysis_list.set_rows(rows, assets, unfolded)
        self.analysis_list.set_current(current)
        self.lines_list.set_rows(self._line_rows(), assets)
        self.lines_list.set_current(next(
            (i for i, v in enumerate([None, *scene.branches.variations]) if v is scene.showing),
            None))

    def _analysis_rows(self) -> list[Row]:
        """One row per decision of seat 0 that had a choice: where, what, and how far it was
        from the expert's estimate of the best option."""
        scene = self.scene
        tr = scene.tr
        analysis = scene.analysis
        if analysis is None:
            return [Row(tr("replay_no_analysis", problem=scene.analysis_failed), TEXT_DIM,
                        scene.cursor.position)]
        rows = []
        starts = [p for p in scene.analysis_trick_starts()]
        for decision in analysis.decisions:
            if decision.forced:
                continue
            what = decision_label(decision.view, decision.action, scene.lang)
            trick = sum(1 for s in starts if s <= decision.index)
            where = (tr("replay_trick_n", n=trick) if isinstance(decision.action, Play)
                     else tr("replay_before_play"))
            verdict = analysis.verdict(decision.index)
            if verdict is None:
                note, color = ("!" if analysis.error(decision.index) else "…"), TEXT_DIM
            else:
                key, color = VERDICT_WORDS[verdict.kind]
                note = tr(key)
                if verdict.flagged:  # a rule's flag may cost nothing the deals can show
                    note = figure(-verdict.cost, 0, scene.lang) + " · " + note
            rows.append(Row(f"{where} · {what}", TEXT, decision.index, note, color))
        if not rows:
            return [Row(tr("replay_no_choices"), TEXT_DIM, scene.cursor.position)]
        return [self._mistakes_row(), *rows]

    def _mistakes_row(self) -> Row:
        """The count of mistakes and their cost, at the head of the analysis."""
        scene = self.scene
        analysis = scene.analysis
        mistakes = analysis.mistakes()
        lost = f"{sum(cost for _, cost in mistakes):.0f}"
        key = "replay_mistakes_so_far" if analysis.done < analysis.total else "replay_mistakes"
        if lost == "0":  # flags of the expert's rules the deals show no cost for: no "−0"
            key = "replay_flags_so_far" if analysis.done < analysis.total else "replay_flags"
        text = scene.trn(key, len(mistakes), points=lost) if mistakes else scene.tr(
            "replay_no_mistake_so_far" if analysis.done < analysis.total else "replay_clean")
        first = mistakes[0][0] if mistakes else scene.cursor.position
        return Row(text, BAD if mistakes else GOOD, first)

    def _line_rows(self) -> list[Row]:
        """The deal itself, then each variation: where it leaves the deal and its result."""
        scene = self.scene
        tr = scene.tr
        rows = [Row(tr("replay_the_deal"), GOLD, -1, scene.result_text(scene.info.deal), GOLD)]
        starts = scene.analysis_trick_starts()
        for i, variation in enumerate(scene.branches.variations):
            trick = sum(1 for s in starts if s <= variation.start)
            where = tr("replay_from_trick", n=trick) if trick else tr("replay_from_start")
            rows.append(Row(f"{variation.name} · {where}", TEXT, i,
                            scene.result_text(variation.deal), TEXT))
        if len(rows) == 1:
            rows.append(Row(tr("replay_no_variations"), TEXT_DIM, -1))
        if any(v.kind == EXPERT for v in scene.branches.variations):
            # why a line can score less than a choice the analysis rates below the expert's
            rows.append(Row(tr("replay_line_is_one_finish"), TEXT_DIM, NOTE_ROW))
        return rows

    def _choice_box(self) -> list[Line]:
        """At one of seat 0's decisions of the deal: the choice, its verdict and options."""
        scene = self.scene
        analysis = scene.analysis
        move = scene.cursor.next_move()
        if move is None or move.seat != scene.source.seat or analysis is None \
                or scene.showing is not None:
            return []
        decision = analysis.decision_at(move.position)
        if decision is None:
            return []
        return choice_lines(decision, analysis.verdict(decision.index),
                            analysis.error(decision.index), scene.lang)

    # --- events ----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        used = False
        for button in self.buttons:
            used = button.handle_event(event) or used
        picked = self.listing.handle_event(event)
        if picked is None:
            return used
        scene = self.scene
        scene.autoplay = False
        if scene.tab == "lines":
            if picked == NOTE_ROW:
                return True
            variations = scene.branches.variations
            scene.show_line(variations[picked] if 0 <= picked < len(variations) else None)
        elif scene.tab == "analysis" and scene.showing is not None:
            scene.show_line(None, picked)  # the analysis is the deal's own
        else:
            scene.go(picked)
        return True

    # --- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        scene = self.scene
        u = self.unit
        pygame.draw.rect(surface, LIST_BG, self.rect)
        pygame.draw.line(surface, GOLD, self.rect.topleft, self.rect.bottomleft,
                         max(1, round(2 * u)))
        assets = scene.app.assets
        inner = self._inner
        size = self._text_size
        big = round(size * 1.15)
        blit_text(surface, assets, fit(assets, self.title(), big, inner.width), big,
                  inner.topleft, GOLD, anchor="topleft")
        blit_text(surface, assets, fit(assets, self.summary(), size, inner.width), size,
                  (inner.left, inner.top + round(size * 1.45)), TEXT_DIM, anchor="topleft")
        for button in self.buttons:
            button.draw(surface, assets, u)
        self.listing.draw(surface, assets)
        lines, small, line_h = self._keys_lines()
        y = self.keys_rect.top
        for line in lines:
            blit_text(surface, assets, line, small, (inner.left, y), TEXT_DIM, anchor="topleft",
                      shadow=False)
            y += line_h

    def title(self) -> str:
        """When the deal was played and by how many, else the file's own title; in a
        variation, its name."""
        scene = self.scene
        if scene.showing is not None:
            return str(scene.tr("replay_variation_title", name=scene.showing.name))
        info = scene.info
        players = scene.tr("replay_players", n=scene.players)
        date = info.meta.get("date")
        if isinstance(date, str):
            try:
                when = _dt.datetime.fromisoformat(date)
            except ValueError:
                pass
            else:
                return f"{when:%Y-%m-%d %H:%M} · {players}"
        return info.title or f"{scene.tr('replay_title')} · {players}"

    def summary(self) -> str:
        """The deal (or the variation shown) in one line; worked out once per language."""
        scene = self.scene
        key = (scene.lang, id(scene.showing))
        if self._summary is None or self._summary[0] != key:
            self._summary = (key, self._summary_text())
        return self._summary[1]

    def _summary_text(self) -> str:
        scene = self.scene
        if scene.showing is not None:
            return str(scene.tr("replay_variation_summary", result=scene.result_text(
                scene.showing.deal), original=scene.result_text(scene.info.deal)))
        result = scene.info.deal.result
        if result is None:
            return str(scene.tr("replay_cancelled"))
        key = "replay_summary_made" if result.made else "replay_summary_lost"
        return str(scene.tr(key, contract=scene.tr(result.contract),
                            name=scene.name(result.taker), margin=result.margin))

