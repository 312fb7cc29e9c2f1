"""The end of a match: the winner named and the final standings.

:class:`MatchOverScene` takes the table's place once the last deal of a match with a length
is scored and the player moves on from its score, or leaves the table. It names the winner
(or the seats that share the win), lists every seat by its final total — the match's own
totals, from the engine — with how many deals were played, and offers the score sheet (S),
a new game (Enter) and the menu (Esc). The match is no longer the saved match in progress:
the autosave put it with the finished matches when its last deal ended
(:class:`game.match.autosave.Autosave`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from engine.match import Match
from game.app.screens import backdrop, draw_keys_hint, fit_size, heading
from game.app.widgets import (
    GOLD,
    HIGHLIGHT,
    TEXT,
    TEXT_DIM,
    WARNING,
    Button,
    blit_text,
    draw_panel,
)
from game.app.window import App, Scene
from game.table.dialogs.base import GOOD, signed
from game.table.score.length import winner_text


@dataclass(frozen=True)
class Standing:
    """One line of the final standings: the seat's place (seats level share it), its name
    and its total."""

    place: int
    seat: int
    name: str
    total: int


def standings(match: Match, names: Sequence[str]) -> list[Standing]:
    """Every seat by its final total, highest first (level seats in seat order, one place)."""
    totals = match.totals
    order = sorted(range(match.players), key=lambda seat: (-totals[seat], seat))
    return [Standing(1 + sum(1 for other in totals if other > totals[seat]), seat, names[seat],
                     totals[seat]) for seat in order]


class MatchOverScene(Scene):
    """The winner and the final standings of a match that is over."""

    opaque = True

    def __init__(self, app: App, match: Match, names: Sequence[str], human: int | None = 0
                 ) -> None:
        super().__init__(app)
        self.match = match
        self.names = list(names)
        self.human = human
        self.lines = standings(match, self.names)
        self.winner = winner_text(app.tr, match, self.names, human)
        self.buttons = [Button("", self.open_sheet, hotkey=pygame.K_s),
                        Button("", self.new_game), Button("", self.to_menu)]
        self.keys = ("score_sheet", "new_game", "final_menu")
        self.focus = 1
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.row_h = 0

    # --- actions ---------------------------------------------------------------------------------
    def open_sheet(self) -> None:
        from game.table.score.sheet import ScoreSheet

        self.app.push(ScoreSheet(self.app, self.match, self.names))

    def new_game(self) -> None:
        self.app.navigator.open_new_game(self.app)

    def to_menu(self) -> None:
        self.app.pop()

    # --- layout ----------------------------------------------------------------------------------
    def on_resize(self, size: tuple[int, int]) -> None:
        u = self.app.unit
        w, h = size
        self.row_h = int(46 * u)
        panel_w = min(int(640 * u), w - int(40 * u))
        panel_h = int(58 * u) + self.row_h * len(self.lines) + int(58 * u)
        top = int(190 * u)
        self.panel = pygame.Rect((w - panel_w) // 2, top, panel_w, panel_h)
        bw, bh, gap = int(230 * u), int(56 * u), int(22 * u)
        x = w // 2 - (3 * bw + 2 * gap) // 2
        y = min(self.panel.bottom + int(30 * u), h - bh - int(44 * u))
        for i, (button, key) in enumerate(zip(self.buttons, self.keys, strict=True)):
            button.rect = pygame.Rect(x + i * (bw + gap), y, bw, bh)
            button.label = self.app.tr(key)
            button.selected = i == self.focus

    # --- events ----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.to_menu()
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
                step = -1 if event.key == pygame.K_LEFT else 1
                self.focus = (self.focus + step) % len(self.buttons)
                self.on_resize(self.app.size)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.buttons[self.focus].on_click()
            elif event.key == pygame.K_n:
                self.new_game()
            else:
                self.buttons[0].handle_event(event)  # S: the score sheet
            return
        for button in self.buttons:
            if button.handle_event(event):
                return

    # --- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        u = app.unit
        w = surface.get_width()
        backdrop(surface, app)
        heading(surface, app, app.tr("final_title"), (w // 2, int(60 * u)), 58)
        size = fit_size(app, self.winner, 40 * u, w - int(40 * u))
        blit_text(surface, app.assets, self.winner, size, (w // 2, int(136 * u)), HIGHLIGHT)
        panel = self.panel
        draw_panel(surface, panel, u)
        pad = int(26 * u)
        place_x, name_x, total_x = panel.left + pad, panel.left + int(90 * u), panel.right - pad
        header_y = panel.top + int(30 * u)
        for text, x, anchor in ((app.tr("final_place"), place_x, "midleft"),
                                (app.tr("score_player"), name_x, "midleft"),
                                (app.tr("score_total"), total_x, "midright")):
            blit_text(surface, app.assets, text, 19 * u, (x, header_y), TEXT_DIM, anchor=anchor,
                      shadow=False)
        line_y = panel.top + int(52 * u)
        pygame.draw.line(surface, GOLD, (panel.left + pad, line_y), (panel.right - pad, line_y),
                         max(1, int(u)))
        name_w = total_x - name_x - int(120 * u)
        for i, line in enumerate(self.lines):
            row = pygame.Rect(panel.left + pad // 2, line_y + int(4 * u) + i * self.row_h,
                              panel.width - pad, self.row_h)
            first = line.place == 1
            if first or line.seat == self.human:
                band = pygame.Surface(row.size, pygame.SRCALPHA)
                band.fill((255, 214, 90, 44) if first else (255, 255, 255, 16))
                surface.blit(band, row.topleft)
            ink = GOLD if first else TEXT
            blit_text(surface, app.assets, str(line.place), 26 * u, (place_x, row.centery), ink,
                      anchor="midleft")
            blit_text(surface, app.assets, line.name, fit_size(app, line.name, 26 * u, name_w),
                      (name_x, row.centery), ink, anchor="midleft")
            colour = GOOD if line.total > 0 else WARNING if line.total < 0 else TEXT_DIM
            blit_text(surface, app.assets, signed(line.total), 28 * u, (total_x, row.centery),
                      colour, anchor="midright")
        note = app.trn("final_played", self.match.count)
        blit_text(surface, app.assets, note, fit_size(app, note, 19 * u, panel.width - pad),
                  (panel.centerx, panel.bottom - int(24 * u)), TEXT_DIM, shadow=False)
        for button in self.buttons:
            button.draw(surface, app.assets, u)
        draw_keys_hint(surface, app, app.tr("final_keys"))


__all__ = ["MatchOverScene", "Standing", "standings"]
