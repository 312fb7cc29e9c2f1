"""The end of a deal: the score panel.

:class:`ScorePanel` is a :class:`~game.table.dialogs.base.Panel` like the other dialogs of
the table: the table opens it when a deal ends, hands it the events first and draws it on
top of everything (it dims the whole table and takes every click). It shows the whole
calculation of :class:`~engine.scoring.DealResult`, line by line as RULES.md §10 writes it
(points against the target, margin, contract base, multiplier, Petit au bout, handfuls, slam,
the deal value V), then each seat's score and the new running totals. A cancelled deal shows
its reason instead. The main button (Enter, Space) is the table's: the next deal at a live
table, back to the replay elsewhere; "Score sheet" (S) opens
:class:`~game.table.score.sheet.ScoreSheet` when the table belongs to a match.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from engine import cards as C
from engine.events import DealCancelled
from engine.scoring import excuse_fate, oudlers_counted
from game.app.i18n import card_name, decimal
from game.app.widgets import GOLD, HIGHLIGHT, TEXT, TEXT_DIM, WARNING, blit_text, ellipsize
from game.table.dialogs.base import GOOD, DialogHost, Panel, signed
from game.table.score.length import deal_caption

if TYPE_CHECKING:
    from game.table.source import Scoreboard

Color = tuple[int, int, int]
RULE = (128, 106, 52)  # a dim gold line
TRACK = (40, 62, 50)


def number(value: float, lang: str = "en") -> str:
    """Card points: ``49``, ``40.5`` (``40,5`` in French)."""
    return decimal(f"{value:g}", lang)


def _first_upper(text: str) -> str:
    return text[:1].upper() + text[1:]


@dataclass
class Line:
    """One row of the calculation: a label, its value and an optional dim detail."""

    label: str
    value: str = ""
    color: Color = TEXT
    detail: str = ""
    rule: bool = False  # a separator line above the row
    strong: bool = False
    term: int | None = None  # for the rows that add up to the deal value V


# --- the panel -----------------------------------------------------------------------------------


class ScorePanel(Panel):
    """The result of a deal that just ended (or why it was cancelled)."""

    color = (12, 30, 23, 250)

    def __init__(self, host: DialogHost, board: Scoreboard, button_label: str,
                 on_done: Callable[[], object]) -> None:
        """``board``: the deal and the match's totals; ``button_label`` and ``on_done``: the
        main button's words (a text key) and what it does (the next deal, back to the
        replay...)."""
        super().__init__(host)
        self.on_done = on_done
        self.match = board.match
        self.deal = board.deal
        self.result = self.deal.result
        self.number = board.number
        scores = self.deal.scores or (0,) * self.deal.players
        self.totals = [t + s for t, s in zip(board.totals_before, scores, strict=True)]
        self.cancelled = self.deal.state.cancelled if self.result is None else None
        self.names = [host.name(seat) for seat in range(self.deal.players)]
        self.lines = self._calculation()
        if self.match is not None:
            self.add_button(self.tr("score_sheet"), self.open_sheet, hint="S",
                            keys=(pygame.K_s,))
            if self.match.over:  # no next deal: the table's owner shows the match's end
                button_label = "score_final_standings"
        self.add_button(self.tr(button_label), self.next_deal,
                        hint=self.tr("key_enter"),
                        keys=(pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE),
                        primary=True, selected=True)
        self._table: list[tuple[pygame.Rect, list[tuple[str, Color]], bool]] = []
        self._columns: list[tuple[int, str]] = []  # x, anchor
        self._left = pygame.Rect(0, 0, 0, 0)
        self._right = pygame.Rect(0, 0, 0, 0)
        self._split = ""
        self._play_sound()

    @property
    def lang(self) -> str:
        return str(self.app.settings.language)

    def _play_sound(self) -> None:
        result = self.result
        if result is None:
            return
        if result.slam in ("announced_made", "made"):
            self.play_sound("slam")
        self.play_sound("contract_made" if result.made else "contract_lost")

    def title(self) -> str:
        if self.result is None:
            return self.tr("score_cancelled_title")
        key = "score_title_made" if self.result.made else "score_title_lost"
        return self.tr(key, contract=self.tr(self.result.contract), margin=self.result.margin)

    def paragraphs(self) -> list[tuple[str, str]]:
        deal = deal_caption(self.tr, self.number, self.match)
        if self.result is None:
            return [(deal, "dim")]
        who = self.tr("score_taker_is", name=self.names[self.result.taker])
        return [(f"{deal} \u00b7 {who}", "dim")]

    def _calculation(self) -> list[Line]:
        r = self.result
        tr = self.tr
        if r is None:
            return self._cancelled_lines()
        sign = 1 if r.made else -1
        state = self.deal.state
        lines = [Line(tr("score_contract"),
                      f"{tr(r.contract)}  \u00d7{r.multiplier}")]
        if r.players == 5:
            called = state.called
            if called is not None:
                lines.append(Line(tr("score_called"),
                                  _first_upper(card_name(called, self.lang))))
            partner = (tr("score_alone") if r.partner is None or r.partner == r.taker
                       else self.names[r.partner])
            lines.append(Line(tr("score_partner"), partner))
        lines.append(Line(tr("score_points"), number(r.points, self.lang),
                          detail=tr("score_defence_points",
                                    points=number(r.defence_points, self.lang))))
        named = [self._oudler_name(card) for card in oudlers_counted(state)]
        lines.append(Line(tr("score_oudlers"), str(r.oudlers), detail=tr(
            "score_oudlers_named", names=", ".join(named), target=r.target) if named
            else tr("score_oudlers_none", target=r.target)))
        lines.append(self._excuse_line())
        margin_key = "score_made_by" if r.made else "score_lost_by"
        exact = abs(r.points_half - 2 * r.target)
        lines.append(Line(tr("score_margin"), tr(margin_key, n=r.margin),
                          GOOD if r.made else WARNING,
                          # a half point goes to the winning camp: say what was rounded
                          detail=tr("score_margin_exact", points=number(exact / 2, self.lang))
                          if exact % 2 else ""))
        base = r.contract_base + r.margin
        lines.append(Line(tr("score_base"), f"{r.contract_base} + {r.margin} = {base}",
                          rule=True))
        contract_term = sign * base * r.multiplier
        lines.append(Line(tr("score_multiplied", m=r.multiplier), signed(contract_term),
                          detail=tr("score_sign_made" if r.made else "score_sign_lost"),
                          term=contract_term))
        if r.petit_au_bout is not None:
            pab = r.petit_au_bout_bonus if r.petit_au_bout == "taker" else -r.petit_au_bout_bonus
            camp = tr("score_camp_taker" if r.petit_au_bout == "taker" else "score_camp_defence")
            lines.append(Line(tr("score_petit_au_bout"), signed(pab), detail=camp, term=pab))
        if r.handful_bonus:
            shown = ", ".join(
                f"{self.names[seat]} ({tr(self._handful_level(len(cards)))})"
                for seat, cards in sorted(state.handfuls.items()))
            lines.append(Line(tr("score_handfuls"), signed(sign * r.handful_bonus),
                              detail=shown, term=sign * r.handful_bonus))
        if r.slam is not None or r.slam_bonus:
            lines.append(Line(tr("score_slam"), signed(r.slam_bonus),
                              detail=tr(f"score_slam_{r.slam}") if r.slam else "",
                              term=r.slam_bonus))
        lines.append(Line(tr("score_value"), signed(r.value), HIGHLIGHT, rule=True,
                          strong=True))
        if any(r.misere_scores):
            told = ", ".join(
                f"{self.names[seat]} ({', '.join(tr('panel_misere_announce_' + k) for k in kinds)})"
                for seat, kinds in sorted(state.miseres.items()))
            lines.append(Line(tr("score_miseres"), "", detail=told))
        return lines

    @staticmethod
    def _oudler_name(card: int) -> str:
        """The oudlers' names, the same in French and English."""
        return {C.TWENTY_ONE: "21", C.PETIT: "Petit", C.EXCUSE: "Excuse"}[card]

    def _excuse_line(self) -> Line:
        """Which camp counts the Excuse, and why (kept, the last trick, the slam, the dog)."""
        tr = self.tr
        fate = excuse_fate(self.deal.state)
        name = self.names[fate.owner] if fate.owner is not None else ""
        how = fate.how
        if how == "last_trick":
            how = ("changed_camp" if self.deal.rules.excuse_last_trick == "changes_camp"
                   else "to_winner")
        camp = tr("score_camp_taker" if fate.for_taker else "score_camp_defence")
        return Line(tr("score_excuse"), _first_upper(camp), TEXT_DIM,
                    detail=tr(f"score_excuse_{how}", name=name))

    def _handful_level(self, size: int) -> str:
        thresholds = self.deal.rules.handful_thresholds(self.deal.players)
        levels = ("simple", "double", "triple")
        level = levels[thresholds.index(size)] if size in thresholds else "simple"
        return f"score_handful_{level}"

    def _cancelled_lines(self) -> list[Line]:
        reason = self.cancelled or ""
        seat = None
        for event in self.deal.events:
            if isinstance(event, DealCancelled):
                reason, seat = event.reason, event.seat
        if reason == "petit_sec":
            name = self.names[seat] if seat is not None else "?"
            text = self.tr("score_cancel_petit_sec", name=name)
        else:
            text = self.tr("score_cancel_all_passed")
        return [Line(text, "", TEXT), Line(self.tr("score_cancel_redeal"), "", TEXT_DIM)]

    # --- actions ---------------------------------------------------------------------------------
    def next_deal(self) -> None:
        if self.done:
            return
        self.close()
        self.on_done()

    def open_sheet(self) -> None:
        from game.table.score.sheet import ScoreSheet

        if self.match is not None:
            self.app.push(ScoreSheet(self.app, self.match, self.names))

    # --- layout ----------------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect, unit: float) -> None:
        """The score panel takes the middle of ``rect``: the whole table."""
        self.width = min(1080, int((rect.width - 40 * unit) / unit))
        super().layout(rect, unit)

    def _column_sizes(self, width: int) -> tuple[int, int]:
        gap = self.px(36)
        left = int((width - gap) * 0.5)
        return left, width - gap - left

    def content_size(self, width: int, height: int) -> tuple[int, int]:
        row = self.px(31)
        left_h = sum(row + (self.px(10) if line.rule else 0) for line in self.lines)
        left_h += sum(self.px(2) for line in self.lines if line.detail)
        right_h = self.px(34) + row * self.deal.players + self.px(40)
        return width, max(left_h, right_h) + self.px(8)

    def place_content(self, rect: pygame.Rect) -> None:
        left_w, right_w = self._column_sizes(rect.width)
        self._left = pygame.Rect(rect.x, rect.y, left_w, rect.height)
        self._right = pygame.Rect(rect.right - right_w, rect.y, right_w, rect.height)
        self._place_scores()

    def _place_scores(self) -> None:
        r = self.result
        rect = self._right
        players = self.deal.players
        totals = self.totals
        scores = list(self.deal.scores or (0,) * players)
        miseres = r is not None and any(r.misere_scores)
        # columns: name, role, [misère], deal, total
        x = rect.x + self.px(12)
        cols = [(x, "midleft"), (rect.x + int(rect.width * 0.40), "midleft")]
        if miseres:
            cols.append((rect.x + int(rect.width * 0.70), "midright"))
        cols.append((rect.x + int(rect.width * (0.84 if miseres else 0.78)), "midright"))
        cols.append((rect.right - self.px(12), "midright"))
        self._columns = cols
        row_h = self.px(31)
        header = [self.tr("score_player"), self.tr("score_role")]
        if miseres:
            header.append(self.tr("score_misere_column"))
        header += [self.tr("score_this_deal"), self.tr("score_total")]
        self._table = [(pygame.Rect(rect.x, rect.y, rect.width, self.px(34)),
                        [(text, TEXT_DIM) for text in header], False)]
        y = rect.y + self.px(34)
        human = self.view.seat
        for seat in range(players):
            role, role_color = self._role(seat)
            cells: list[tuple[str, Color]] = [(self.names[seat], TEXT), (role, role_color)]
            if miseres and r is not None:
                cells.append((signed(r.misere_scores[seat]), TEXT_DIM))
            score = scores[seat]
            cells.append((signed(score), GOOD if score > 0 else WARNING if score < 0 else TEXT))
            cells.append((signed(totals[seat]), HIGHLIGHT))
            self._table.append((pygame.Rect(rect.x, y, rect.width, row_h), cells,
                                seat == human))
            y += row_h
        self._split = self._split_rule()
        self._split_y = y + self.px(22)

    def _role(self, seat: int) -> tuple[str, Color]:
        r = self.result
        if r is None:
            return "", TEXT_DIM
        if seat == r.taker:
            return self.tr("score_role_taker"), GOLD
        if r.partner is not None and seat == r.partner:
            return self.tr("score_role_partner"), GOLD
        return self.tr("score_role_defence"), TEXT_DIM

    def _split_rule(self) -> str:
        r = self.result
        if r is None:
            return ""
        rules = self.deal.rules
        parts = []
        if r.players == 5 and r.partner is not None and r.partner != r.taker:
            taker, partner = rules.five_player_split
            parts = [self.tr("score_split_taker", k=taker),
                     self.tr("score_split_partner", k=partner)]
        else:
            parts = [self.tr("score_split_taker", k=r.players - 1)]
        parts.append(self.tr("score_split_defence"))
        return " \u00b7 ".join(parts)

    # --- events and drawing ------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.done:
            return False
        if super().handle_event(event):
            return True
        # Modal: the table underneath takes no click while the result is shown.
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL)

    def draw(self, surface: pygame.Surface) -> None:
        if self.done:
            return
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 110))
        surface.blit(veil, (0, 0))
        super().draw(surface)

    def draw_content(self, surface: pygame.Surface) -> None:
        self._draw_calculation(surface)
        self._draw_scores(surface)

    def _draw_calculation(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        rect = self._left
        x0, x1 = rect.x + self.px(12), rect.right - self.px(12)
        y = rect.y
        row = self.px(31)
        size = self.px(23)
        # a quiet backing for the column
        back = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(back, (255, 255, 255, 12), back.get_rect(), border_radius=self.px(10))
        surface.blit(back, rect.topleft)
        for line in self.lines:
            if line.rule:
                y += self.px(5)
                pygame.draw.line(surface, RULE, (x0, y), (x1, y), 1)
                y += self.px(5)
            cy = y + row // 2
            label_size = self.px(25) if line.strong else size
            label_rect = blit_text(surface, assets, line.label, label_size, (x0, cy),
                                   GOLD if line.strong else TEXT, anchor="midleft")
            value_left = x1
            if line.value:
                value_left = blit_text(surface, assets, line.value,
                                       self.px(27) if line.strong else size, (x1, cy),
                                       line.color, anchor="midright").left
            if line.detail:  # between the label and the value, cut short rather than over it
                left = label_rect.right + self.px(10)
                detail = ellipsize(assets, line.detail, self.px(18),
                                   value_left - self.px(10) - left)
                blit_text(surface, assets, detail, self.px(18), (left, cy + self.px(1)),
                          TEXT_DIM, anchor="midleft", shadow=False)
            y += row + (self.px(2) if line.detail else 0)

    def _draw_scores(self, surface: pygame.Surface) -> None:
        assets = self.app.assets
        size = self.px(23)
        for i, (row, cells, human) in enumerate(self._table):
            if i == 0:
                pygame.draw.line(surface, GOLD, (row.x, row.bottom - self.px(4)),
                                 (row.right, row.bottom - self.px(4)), 1)
            elif human:
                band = pygame.Surface(row.size, pygame.SRCALPHA)
                pygame.draw.rect(band, (255, 214, 90, 34), band.get_rect(),
                                 border_radius=self.px(6))
                surface.blit(band, row.topleft)
            for (text, color), (x, anchor) in zip(cells, self._columns, strict=True):
                cy = row.centery - (self.px(3) if i == 0 else 0)
                blit_text(surface, assets, text, self.px(19) if i == 0 else size, (x, cy),
                          color, anchor=anchor, shadow=i != 0)
        if self._split:
            blit_text(surface, assets, self._split, self.px(18),
                      (self._right.centerx, self._split_y), TEXT_DIM, shadow=False)



__all__ = ["Line", "ScorePanel", "number"]
