"""The end of a deal: the score panel, and the score sheet of the whole match.

:class:`ScorePanel` is a :class:`~game.table.panels.Panel` like the other dialogs of the
table: the table creates it in ``show_score(result)``, hands it the events first and draws it
on top of everything (it dims the whole table and takes every click). It shows the whole
calculation of :class:`~engine.scoring.DealResult`, line by line as RULES.md §10 writes it
(points against the target, margin, contract base, multiplier, Petit au bout, handfuls, slam,
the deal value V), then each seat's score and the new running totals. A cancelled deal shows
its reason instead. "Next deal" (Enter, Space) deals the next hand through the controller
and closes the panel; "Score sheet" (S) pushes :class:`ScoreSheet`.

:class:`ScoreSheet` is an ordinary opaque :class:`~game.app.window.Scene`: every deal of the match
with its dealer, taker, contract, result, each seat's score and the running totals; it
scrolls when the match is long, and Back or Escape returns to the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from engine.deal import Deal
from engine.events import DealCancelled
from engine.match import Match
from engine.scoring import DealResult
from engine.state import Phase
from game.app.i18n import card_name, seat_name
from game.app.widgets import GOLD, HIGHLIGHT, TEXT, TEXT_DIM, WARNING, blit_text, draw_panel
from game.app.window import App, Scene
from game.table.panels import GOOD, ChoiceButton, Panel, seat_names, signed

Color = tuple[int, int, int]
RULE = (128, 106, 52)  # a dim gold line
TRACK = (40, 62, 50)


def number(value: float, lang: str = "en") -> str:
    """Card points: ``49``, ``40.5`` (``40,5`` in French)."""
    text = f"{value:g}"
    return text.replace(".", ",") if lang == "fr" else text


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

    def __init__(self, scene: Any, deal: DealResult | Deal | None = None) -> None:
        super().__init__(scene)
        self.match: Match = scene.controller.match
        self.deal, self.result = self._find(deal)
        self.number = self._number()
        self.cancelled = self.deal.state.cancelled if self.result is None else None
        self.names = seat_names(scene)
        self.lines = self._calculation()
        self.add_button(self.tr("score_sheet"), self.open_sheet, hint="S", keys=(pygame.K_s,))
        self.add_button(scene.score_button_label(), self.next_deal, hint="Enter",
                        keys=(pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE),
                        primary=True, selected=True)
        self._table: list[tuple[pygame.Rect, list[tuple[str, Color]], bool]] = []
        self._columns: list[tuple[int, str]] = []  # x, anchor
        self._left = pygame.Rect(0, 0, 0, 0)
        self._right = pygame.Rect(0, 0, 0, 0)
        self._split = ""
        self._play_sound()

    # --- what is shown ---------------------------------------------------------------------------
    def _find(self, given: DealResult | Deal | None) -> tuple[Deal, DealResult | None]:
        if isinstance(given, Deal):
            return given, given.result
        deals = [d for d in self.match.deals if d.is_over]
        deal = deals[-1] if deals else self.match.current
        if isinstance(given, DealResult):
            for candidate in reversed(deals):
                if candidate.result == given:
                    return candidate, given
            return deal, given
        return deal, deal.result

    def _number(self) -> int:
        for i, deal in enumerate(self.match.deals):
            if deal is self.deal:
                return i + 1
        return len(self.match.deals)

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
        deal = self.tr("score_deal_number", n=self.number)
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
        lines.append(Line(tr("score_oudlers"), str(r.oudlers),
                          detail=tr("score_target", target=r.target)))
        margin_key = "score_made_by" if r.made else "score_lost_by"
        lines.append(Line(tr("score_margin"), tr(margin_key, n=r.margin),
                          GOOD if r.made else WARNING))
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

    def _handful_level(self, size: int) -> str:
        thresholds = self.match.rules.handful_thresholds(self.match.players)
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
        self.scene.score_done()

    def open_sheet(self) -> None:
        self.app.push(ScoreSheet(self.app, self.match, self.names))

    # --- layout ----------------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect, unit: float) -> None:
        """The score panel takes the middle of ``rect``: the whole table."""
        self.unit = unit
        w = rect.width
        self.area = pygame.Rect(rect)
        self.width = min(1080, int((w - 40 * unit) / unit))
        self.relayout()

    def _column_sizes(self, width: int) -> tuple[int, int]:
        gap = self.px(36)
        left = int((width - gap) * 0.5)
        return left, width - gap - left

    def content_size(self, width: int, height: int) -> tuple[int, int]:
        row = self.px(31)
        left_h = sum(row + (self.px(10) if line.rule else 0) for line in self.lines)
        left_h += sum(self.px(2) for line in self.lines if line.detail)
        right_h = self.px(34) + row * self.match.players + self.px(40)
        return width, max(left_h, right_h) + self.px(8)

    def place_content(self, rect: pygame.Rect) -> None:
        left_w, right_w = self._column_sizes(rect.width)
        self._left = pygame.Rect(rect.x, rect.y, left_w, rect.height)
        self._right = pygame.Rect(rect.right - right_w, rect.y, right_w, rect.height)
        self._place_scores()

    def _place_scores(self) -> None:
        r = self.result
        rect = self._right
        players = self.match.players
        totals = self.match.totals
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
        human = self.view.seat if self.view is not None else 0
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
        rules = self.match.rules
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
            if line.detail:
                blit_text(surface, assets, line.detail, self.px(18),
                          (label_rect.right + self.px(10), cy + self.px(1)), TEXT_DIM,
                          anchor="midleft", shadow=False)
            if line.value:
                blit_text(surface, assets, line.value, self.px(27) if line.strong else size,
                          (x1, cy), line.color, anchor="midright")
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


# --- the score sheet -----------------------------------------------------------------------------


@dataclass
class SheetRow:
    number: int
    dealer: str
    taker: str
    contract: str
    result: str
    result_color: Color
    scores: tuple[int, ...]
    totals: tuple[int, ...]


def sheet_rows(match: Match, names: Sequence[str], tr: Any) -> list[SheetRow]:
    """One row per deal that is over, with the running totals after it."""
    rows: list[SheetRow] = []
    totals = [0] * match.players
    for i, deal in enumerate(match.deals):
        if not deal.is_over:
            continue
        state = deal.state
        scores = tuple(deal.scores or (0,) * match.players)
        totals = [t + s for t, s in zip(totals, scores, strict=True)]
        taker = contract = ""
        if state.phase is Phase.CANCELLED:
            key = "sheet_petit_sec" if state.cancelled == "petit_sec" else "sheet_all_passed"
            result, color = tr(key), TEXT_DIM
        else:
            r = deal.result
            assert r is not None
            taker = names[r.taker]
            if r.partner is not None and r.partner != r.taker:
                taker += f" + {names[r.partner]}"
            contract = tr(r.contract)
            result = tr("score_made_by" if r.made else "score_lost_by", n=r.margin)
            if r.slam in ("announced_made", "made"):
                result += " \u00b7 " + tr("score_slam")
            color = GOOD if r.made else WARNING
        rows.append(SheetRow(i + 1, names[state.dealer], taker, contract, result, color,
                             scores, tuple(totals)))
    return rows


class ScoreSheet(Scene):
    """Every deal of the match so far, with the running totals; Back (Esc) to return."""

    opaque = True

    def __init__(self, app: App, match: Match, names: Sequence[str] | None = None) -> None:
        super().__init__(app)
        self.match = match
        players = match.players
        if names is None or len(names) != players:
            names = [seat_name(s, players, app.settings.language) for s in range(players)]
        self.names = list(names)
        self.rows = sheet_rows(match, self.names, app.tr)
        self.scroll = 0
        self.back = ChoiceButton(app.tr("back"), self.close, hint="Esc")
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.body = pygame.Rect(0, 0, 0, 0)
        self.columns: list[tuple[int, int, str]] = []  # x, width, anchor
        self.row_h = 40
        self.closed = False

    def close(self) -> None:
        if not self.closed and self.app.scene is self:
            self.closed = True
            self.app.pop()

    # --- layout ----------------------------------------------------------------------------------
    def on_resize(self, size: tuple[int, int]) -> None:
        w, h = size
        u = self.app.unit
        self.unit = u
        margin = int(24 * u)
        self.panel = pygame.Rect(margin, int(86 * u), w - 2 * margin, h - int(86 * u) - margin)
        pad = int(18 * u)
        header_h = int(46 * u)
        footer_h = int(44 * u)
        buttons_h = int(64 * u)
        self.header = pygame.Rect(self.panel.x + pad, self.panel.y + pad,
                                  self.panel.width - 2 * pad, header_h)
        self.body = pygame.Rect(self.header.x, self.header.bottom, self.header.width,
                                self.panel.height - 2 * pad - header_h - footer_h - buttons_h)
        self.footer = pygame.Rect(self.header.x, self.body.bottom, self.header.width, footer_h)
        self.back.rect = pygame.Rect(0, 0, int(170 * u), int(48 * u))
        self.back.rect.midbottom = (self.panel.centerx, self.panel.bottom - pad)
        self.row_h = int(44 * u)
        # columns: number, dealer, taker, contract, result, then one per seat
        fixed = [("#", 44, "center"), ("dealer", 120, "midleft"), ("taker", 190, "midleft"),
                 ("contract", 140, "midleft"), ("result", 170, "midleft")]
        total_design = sum(width for _, width, _ in fixed)
        seat_w = max(70, (self.header.width / u - total_design) / self.match.players)
        scale = min(1.0, self.header.width / ((total_design + seat_w * self.match.players) * u))
        x = self.header.x
        self.columns = []
        for _, width, anchor in fixed:
            pixels = int(width * u * scale)
            self.columns.append((x, pixels, anchor))
            x += pixels
        for _ in range(self.match.players):
            pixels = int(seat_w * u * scale)
            self.columns.append((x, pixels, "center"))
            x += pixels
        self.clamp_scroll()

    @property
    def content_h(self) -> int:
        return len(self.rows) * self.row_h

    def clamp_scroll(self) -> None:
        self.scroll = max(0, min(self.scroll, self.content_h - self.body.height))

    def scroll_to_end(self) -> None:
        self.scroll = max(0, self.content_h - self.body.height)

    def enter(self) -> None:
        self.scroll_to_end()

    # --- events ----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if self.back.handle_event(event):
            return
        if event.type == pygame.KEYDOWN:
            step = self.row_h
            page = max(step, self.body.height - step)
            moves = {pygame.K_UP: -step, pygame.K_DOWN: step, pygame.K_PAGEUP: -page,
                     pygame.K_PAGEDOWN: page}
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_s, pygame.K_RETURN,
                             pygame.K_KP_ENTER):
                self.close()
            elif event.key in moves:
                self.scroll += moves[event.key]
            elif event.key == pygame.K_HOME:
                self.scroll = 0
            elif event.key == pygame.K_END:
                self.scroll_to_end()
            self.clamp_scroll()
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll -= int(event.y * self.row_h)
            self.clamp_scroll()

    # --- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        u = self.unit
        assets = app.assets
        surface.blit(app.assets.felt(surface.get_size()), (0, 0))
        blit_text(surface, assets, app.tr("score_sheet"), 50 * u,
                  (surface.get_width() // 2, int(46 * u)), GOLD)
        draw_panel(surface, self.panel, u)
        # header
        labels = [app.tr("sheet_number"), app.tr("sheet_dealer"), app.tr("sheet_taker"),
                  app.tr("sheet_contract"), app.tr("sheet_result"), *self.names]
        for (x, width, anchor), label in zip(self.columns, labels, strict=True):
            self._cell(surface, label, x, width, anchor, self.header.centery - int(6 * u),
                       19 * u, TEXT_DIM)
        seat_hint = app.tr("sheet_seat_hint")
        for x, width, _ in self.columns[5:]:
            blit_text(surface, assets, seat_hint, 15 * u,
                      (x + width // 2, self.header.centery + int(13 * u)), TEXT_DIM,
                      shadow=False)
        pygame.draw.line(surface, GOLD, (self.header.x, self.header.bottom - 1),
                         (self.header.right, self.header.bottom - 1), 1)
        # rows
        if not self.rows:
            blit_text(surface, assets, app.tr("sheet_empty"), 24 * u, self.body.center,
                      TEXT_DIM)
        clip = surface.get_clip()
        surface.set_clip(self.body)
        for i, row in enumerate(self.rows):
            top = self.body.y + i * self.row_h - self.scroll
            if top + self.row_h < self.body.y or top > self.body.bottom:
                continue
            band = pygame.Rect(self.body.x, top, self.body.width, self.row_h)
            if i % 2 == 0 or i == len(self.rows) - 1:
                shade = pygame.Surface(band.size, pygame.SRCALPHA)
                alpha = 40 if i == len(self.rows) - 1 else 14
                color = (255, 214, 90, alpha) if i == len(self.rows) - 1 else (255, 255, 255,
                                                                               alpha)
                shade.fill(color)
                surface.blit(shade, band.topleft)
            cy = band.centery
            texts: list[tuple[str, Color]] = [
                (str(row.number), TEXT_DIM), (row.dealer, TEXT_DIM), (row.taker, TEXT),
                (row.contract, TEXT), (row.result, row.result_color)]
            for (x, width, anchor), (text, color) in zip(self.columns, texts, strict=False):
                self._cell(surface, text, x, width, anchor, cy, 21 * u, color)
            for (x, width, _), score, total in zip(self.columns[5:], row.scores, row.totals,
                                                    strict=True):
                color = GOOD if score > 0 else WARNING if score < 0 else TEXT_DIM
                blit_text(surface, assets, signed(score), 21 * u,
                          (x + width // 2, cy - int(8 * u)), color)
                blit_text(surface, assets, signed(total), 16 * u,
                          (x + width // 2, cy + int(11 * u)), TEXT_DIM, shadow=False)
        surface.set_clip(clip)
        self._scrollbar(surface)
        # totals
        pygame.draw.line(surface, GOLD, (self.footer.x, self.footer.y + 1),
                         (self.footer.right, self.footer.y + 1), 1)
        x, width, _ = self.columns[4]
        self._cell(surface, app.tr("sheet_totals"), x, width, "midleft", self.footer.centery,
                   23 * u, GOLD)
        for (x, width, _), total in zip(self.columns[5:], self.match.totals, strict=True):
            blit_text(surface, assets, signed(total), 25 * u,
                      (x + width // 2, self.footer.centery), HIGHLIGHT)
        self.back.draw(surface, assets, u)

    def _cell(self, surface: pygame.Surface, text: str, x: int, width: int, anchor: str,
              cy: int, size: float, color: Color) -> None:
        font = self.app.assets.font(int(size))
        while text and font.size(text)[0] > width - 8 and len(text) > 2:
            text = text[:-2] + "\u2026"
        pos = {"center": (x + width // 2, cy), "midleft": (x + 6, cy),
               "midright": (x + width - 6, cy)}[anchor]
        blit_text(surface, self.app.assets, text, size, pos, color, anchor=anchor)

    def _scrollbar(self, surface: pygame.Surface) -> None:
        total = self.content_h
        if total <= self.body.height:
            return
        u = self.unit
        track = pygame.Rect(self.body.right + int(4 * u), self.body.y, max(3, int(5 * u)),
                            self.body.height)
        pygame.draw.rect(surface, TRACK, track, border_radius=3)
        knob_h = max(int(24 * u), self.body.height * self.body.height // total)
        knob_y = track.y + (self.body.height - knob_h) * self.scroll // max(
            1, total - self.body.height)
        pygame.draw.rect(surface, GOLD, (track.x, knob_y, track.width, knob_h), border_radius=3)


__all__ = ["Line", "ScorePanel", "ScoreSheet", "SheetRow", "number", "sheet_rows"]
