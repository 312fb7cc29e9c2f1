"""The score sheet of a whole match.

:class:`ScoreSheet` is an ordinary opaque :class:`~game.app.window.Scene`: every deal of the
match with its dealer, taker, contract, result, each seat's score and the running totals; it
scrolls when the match is long, and Back or Escape returns to the table. Under its title, a
match with a length says how far it has got (the deals left, the score that ends it) or, once
over, who won.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from engine.ledger import DealSummary
from engine.match import Match
from game.app.i18n import seat_name
from game.app.screens import fit_size
from game.app.widgets import GOLD, HIGHLIGHT, TEXT, TEXT_DIM, WARNING, blit_text, draw_panel
from game.app.window import App, Scene
from game.table.dialogs.base import GOOD, ChoiceButton, signed
from game.table.score.length import progress_text

Color = tuple[int, int, int]
TRACK = (40, 62, 50)



@dataclass
class SheetRow:
    number: str  # the deal's number, or the span of earlier deals counted in one row
    dealer: str
    taker: str
    contract: str
    result: str
    result_color: Color
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    bonuses: str = ""  # every bonus the scoring counted, under the result


def bonuses(row: DealSummary, tr: Any) -> list[str]:
    """Every bonus the deal's scoring counted, in the order of its calculation: the Petit
    au bout, the handfuls, the slam (an announced one that failed, a defence's), the
    misères."""
    words = []
    if row.petit_au_bout is not None:
        words.append(tr(f"sheet_petit_au_bout_{row.petit_au_bout}"))
    if row.handfuls:
        words.append(tr("sheet_handful") if row.handfuls == 1
                     else tr("sheet_handfuls", n=row.handfuls))
    if row.slam == "defence" and row.slam_announced:  # the taker's announce is paid for too
        words.append(tr("sheet_slam_announced_failed"))
    if row.slam is not None:
        words.append(tr(f"sheet_slam_{row.slam}"))
    if row.miseres:
        words.append(tr("sheet_misere") if row.miseres == 1
                     else tr("sheet_miseres", n=row.miseres))
    return words


def sheet_rows(match: Match, names: Sequence[str], tr: Any) -> list[SheetRow]:
    """One row per deal that is over, with the running totals after it: the deals the match
    folded away by their summaries (the oldest of a long match in one row that carries
    their totals), then the deals it holds."""
    earlier = match.earlier
    rows: list[SheetRow] = []
    totals = list(earlier.carried_totals)
    if earlier.carried:
        rows.append(SheetRow(f"1\u2013{earlier.carried}", "", "", "",
                             tr("sheet_carried"), TEXT_DIM,
                             tuple(earlier.carried_totals), tuple(totals)))
    summaries = [*earlier.rows, *(DealSummary.of(d) for d in match.deals if d.is_over)]
    numbers = [*range(earlier.carried, earlier.count),
               *(match.first + i for i, d in enumerate(match.deals) if d.is_over)]
    for number, row in zip(numbers, summaries, strict=True):
        totals = [t + s for t, s in zip(totals, row.scores, strict=True)]
        taker = contract = ""
        if row.cancelled is not None:
            key = "sheet_petit_sec" if row.cancelled == "petit_sec" else "sheet_all_passed"
            result, color = tr(key), TEXT_DIM
        else:
            assert row.taker is not None and row.contract is not None
            taker = names[row.taker]
            if row.partner is not None and row.partner != row.taker:
                taker += f" + {names[row.partner]}"
            contract = tr(row.contract)
            result = tr("score_made_by" if row.made else "score_lost_by", n=row.margin)
            color = GOOD if row.made else WARNING
        rows.append(SheetRow(str(number + 1), names[row.dealer], taker, contract, result,
                             color, row.scores, tuple(totals),
                             " \u00b7 ".join(bonuses(row, tr))))
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
        #: how far the match has got against its length (empty: a match with no end)
        self.progress = progress_text(app.tr, app.trn, match, self.names)
        self.scroll = 0
        self.back = ChoiceButton(app.tr("back"), self.close, hint=app.tr("key_escape"))
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
        # the result has room for its bonuses ("Petit au bout · handful") on a line of their own
        fixed = [("#", 44, "center"), ("dealer", 110, "midleft"), ("taker", 180, "midleft"),
                 ("contract", 130, "midleft"), ("result", 230, "midleft")]
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
        title_y = int((36 if self.progress else 46) * u)
        blit_text(surface, assets, app.tr("score_sheet"), 50 * u,
                  (surface.get_width() // 2, title_y), GOLD)
        if self.progress:
            size = fit_size(app, self.progress, 21 * u, self.panel.width)
            blit_text(surface, assets, self.progress, size,
                      (surface.get_width() // 2, title_y + int(34 * u)), HIGHLIGHT)
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
                shade.fill((255, 214, 90, alpha) if i == len(self.rows) - 1
                           else (255, 255, 255, alpha))
                surface.blit(shade, band.topleft)
            cy = band.centery
            texts: list[tuple[str, Color]] = [
                (row.number, TEXT_DIM), (row.dealer, TEXT_DIM), (row.taker, TEXT),
                (row.contract, TEXT)]
            for (x, width, anchor), (text, color) in zip(self.columns, texts, strict=False):
                self._cell(surface, text, x, width, anchor, cy, 21 * u, color)
            x, width, anchor = self.columns[4]
            if row.bonuses:  # the result over the bonuses, as a score over its total
                self._cell(surface, row.result, x, width, anchor, cy - int(8 * u), 21 * u,
                           row.result_color)
                self._cell(surface, row.bonuses, x, width, anchor, cy + int(11 * u),
                           fit_size(app, row.bonuses, 16 * u, width - 12), TEXT)
            else:
                self._cell(surface, row.result, x, width, anchor, cy, 21 * u, row.result_color)
            for (x, width, _), score, total in zip(self.columns[5:], row.scores, row.totals,
                                                    strict=True):
                ink = GOOD if score > 0 else WARNING if score < 0 else TEXT_DIM
                blit_text(surface, assets, signed(score), 21 * u,
                          (x + width // 2, cy - int(8 * u)), ink)
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


__all__ = ["ScoreSheet", "SheetRow", "sheet_rows"]
