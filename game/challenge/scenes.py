"""The duplicate challenge on screen: the series' board between deals, and the table.

:class:`ChallengeScene` lists the deals of the series with the player's score, the expert's
on the same cards and the difference, and their totals; from it the player plays the next
deal (Enter), reviews either game of the chosen deal in the replay viewer (R: yours, E: the
expert's) or leaves (Esc). The table of one deal (:func:`open_challenge_table`) leads back
to the board from its score panel.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

import pygame

from engine.challenge import Challenge, DealComparison
from engine.deal import Deal
from game.app.screens import draw_keys_hint, draw_screen, fit_size, screen_panel
from game.app.widgets import (
    GOLD,
    HIGHLIGHT,
    TEXT,
    TEXT_DIM,
    WARNING,
    Button,
    blit_text,
)
from game.app.window import App, Scene
from game.challenge.run import EXPERT, YOURS, ChallengeRun
from game.challenge.series import SeriesPast, make_room, player_name
from game.match.session import open_table
from game.table.options import TableOptions

if TYPE_CHECKING:
    from game.match.controller import MatchController

GOOD = (140, 220, 140)


#: The series each window plays: one at a time (the series' file is one).
_runs: weakref.WeakKeyDictionary[App, ChallengeRun] = weakref.WeakKeyDictionary()


def _end_the_series_played(app: App) -> None:
    """The series the window played so far stops before another starts or is taken up: it
    writes no more (its board, under a replay say, closes when uncovered)."""
    previous = _runs.pop(app, None)
    if previous is not None:
        previous.stop()


def _open_board(app: App, run: ChallengeRun) -> ChallengeScene:
    _runs[app] = run
    board = ChallengeScene(app, run)
    app.push(board)
    return board


def start_challenge(app: App, challenge: Challenge, names: list[str]) -> ChallengeScene:
    """Open the board of a new challenge and sit the player at its first deal; the saved
    series is put aside first unless it was finished (the player was asked)."""
    _end_the_series_played(app)
    if not app.spectator:
        make_room(app)
    run = ChallengeRun(challenge, names, app.tr("challenge_expert"), save=not app.spectator)
    board = _open_board(app, run)
    board.play_next()
    return board


def resume_challenge(app: App, past: SeriesPast) -> ChallengeScene:
    """The board of the saved series, where it was left: its first button takes the deal
    under way up at its move, or deals the next."""
    _end_the_series_played(app)
    return _open_board(app, ChallengeRun.taken_up(past))


def start_new_challenge(app: App, players: int, bots: str, first: Deal | None = None
                        ) -> ChallengeScene:
    """Start a series of ``players`` against ``bots`` under the settings' rules, opened by
    ``first`` (a finished deal, played again on the same cards: its player count and rules)
    when given. Raises :class:`~engine.rules.RulesError` when the rules cannot be read."""
    import random

    from engine.rules import load_rules
    from game.match.session import table_names

    settings = app.settings
    rules = first.rules if first is not None else load_rules(variant=settings.variant)
    opening = None
    if first is not None:
        players = first.players
        if first.state.seed is not None:
            opening = (first.state.seed, first.state.dealer)
    challenge = Challenge.series(rules, players, bots, random.SystemRandom().getrandbits(48),
                                 first=opening)
    names = table_names(players, settings.language, player_name(app))
    return start_challenge(app, challenge, list(names))


def signed(value: int | None) -> str:
    if value is None:
        return "…"
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


def open_challenge_table(app: App, controller: MatchController, board: ChallengeScene,
                         index: int) -> None:
    """The player's table for deal ``index`` of the challenge: its score panel leads back to
    the board, and closing it stops its bots."""
    total = len(board.run.challenge)
    open_table(app, controller, options=TableOptions(
        names=board.run.names, score_label="challenge_to_board", on_score_done=app.pop,
        leave_label="challenge_to_board",
        greeting=(app.tr("challenge_deal_started", n=index + 1, total=total), 4.0),
        on_closed=controller.shutdown, assist_off="table_assist_challenge"))


class ChallengeScene(Scene):
    """The series' board: deal by deal, you against the expert on the same cards."""

    def __init__(self, app: App, run: ChallengeRun) -> None:
        super().__init__(app)
        self.run = run
        self.selected = min(run.next_index, len(run.challenge) - 1)  # the deal to play
        self.play_button = Button("", self.play_next)
        self.yours_button = Button("", lambda: self.review(YOURS))
        self.expert_button = Button("", lambda: self.review(EXPERT))
        self.back_button = Button("", self.close)
        self.buttons = [self.play_button, self.yours_button, self.expert_button,
                        self.back_button]
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.rows: list[pygame.Rect] = []

    # --- actions ---------------------------------------------------------------------------------
    def play_next(self) -> None:
        run = self.run
        if run.over:
            return
        index = run.next_index
        self.selected = index
        controller = run.start_deal(index)
        open_challenge_table(self.app, controller, self, index)

    def review(self, which: str) -> None:
        from game.replay.viewer import ReplayInfo, ReplayScene

        deal = self.run.deal_of(which, self.selected)
        if deal is None or not deal.is_over:
            return
        names = list(self.run.names)
        if which == EXPERT:
            names[0] = self.run.expert_name
        path = self.run.history_file(which, self.selected)
        title = self.app.tr("challenge_review_title", n=self.selected + 1,
                            who=names[0])
        self.app.push(ReplayScene(self.app, ReplayInfo(
            deal, names, title, {"bot_level": self.run.challenge.bots}, path,
            keeps_variations=path is not None, number=self.selected + 1)))

    def close(self) -> None:
        self.run.stop()
        self.app.pop()

    # --- the frame -------------------------------------------------------------------------------
    def enter(self) -> None:
        if self.run.stopped:  # another series took this one's place meanwhile
            self.app.pop()
            return
        self.layout()

    def update(self, dt: float) -> None:
        self.run.update()
        run = self.run
        self.play_button.enabled = not run.over
        if self.play_button.label != self.play_label():
            self.layout()  # its width follows its words
        self.yours_button.enabled = self._ready(YOURS)
        self.expert_button.enabled = self._ready(EXPERT)
        self.play_button.selected = self.play_button.enabled

    def _ready(self, which: str) -> bool:
        deal: Deal | None = self.run.deal_of(which, self.selected)
        return deal is not None and deal.is_over

    def on_resize(self, size: tuple[int, int]) -> None:
        self.layout()

    def layout(self) -> None:
        app = self.app
        u = app.unit
        w = app.size[0]
        self.panel, inner = screen_panel(app, 900, bottom=100)
        count = len(self.run.challenge)
        row_h = min(int(40 * u), (inner.height - int(90 * u)) // (count + 1))
        first = inner.top + int(44 * u)
        self.rows = [pygame.Rect(inner.left, first + i * row_h, inner.width, row_h)
                     for i in range(count)]
        labels = [self.play_label(), app.tr("challenge_review_yours"),
                  app.tr("challenge_review_expert"), app.tr("back")]
        bh, gap = int(54 * u), int(14 * u)
        font = app.assets.font(int(min(bh * 0.5, 26 * u)))  # the size a button writes at
        widths = [max(int(200 * u), font.size(label)[0] + int(36 * u)) for label in labels]
        x = (w - sum(widths) - (len(widths) - 1) * gap) // 2
        for button, label, bw in zip(self.buttons, labels, widths, strict=True):
            button.label = label
            button.rect = pygame.Rect(x, self.panel.bottom + int(18 * u), bw, bh)
            x += bw + gap

    def play_label(self) -> str:
        """The first button's words: the deal it plays, begun or not, or the series over."""
        run = self.run
        if run.over:
            return self.app.tr("challenge_over")
        key = "challenge_continue_deal" if run.under_way else "challenge_play_deal"
        return self.app.tr(key, n=run.next_index + 1)

    # --- events ----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        for button in self.buttons:
            if button.handle_event(event):
                return
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.close()
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.play_next()
            elif key == pygame.K_r:
                self.review(YOURS)
            elif key == pygame.K_e:
                self.review(EXPERT)
            elif key in (pygame.K_UP, pygame.K_DOWN):
                step = 1 if key == pygame.K_DOWN else -1
                self.selected = (self.selected + step) % len(self.rows)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, rect in enumerate(self.rows):
                if rect.collidepoint(event.pos):
                    self.selected = i

    def total_label(self) -> str:
        """The totals compare the deals both runs have finished: until all are, it says how
        many (the expert's column above may have more)."""
        both = sum(1 for row in self.run.comparison() if row.difference is not None)
        if both == len(self.run.challenge):
            return self.app.tr("challenge_total")
        return self.app.trn("challenge_total_both", both)

    # --- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        u = app.unit
        tr = app.tr
        inner = draw_screen(surface, app, tr("challenge_title"), self.panel)
        cols = [inner.left + int(12 * u), inner.left + int(inner.width * 0.52),
                inner.left + int(inner.width * 0.74), inner.right - int(12 * u)]
        header = [tr("challenge_deal"), self.run.names[0], self.run.expert_name,
                  tr("challenge_difference")]
        y = inner.top + int(18 * u)
        size = 22 * u
        for i, (text, x) in enumerate(zip(header, cols, strict=True)):
            blit_text(surface, app.assets, text, size, (x, y), GOLD,
                      anchor="midleft" if i == 0 else "midright", shadow=False)
        pygame.draw.line(surface, GOLD, (inner.left, y + int(18 * u)),
                         (inner.right, y + int(18 * u)), 1)
        for i, (rect, row) in enumerate(zip(self.rows, self.run.comparison(), strict=True)):
            if i == self.selected:
                band = pygame.Surface(rect.size, pygame.SRCALPHA)
                pygame.draw.rect(band, (255, 214, 90, 40), band.get_rect(),
                                 border_radius=int(6 * u))
                surface.blit(band, rect.topleft)
            cy = rect.centery
            diff = row.difference
            color = TEXT_DIM if diff is None else GOOD if diff > 0 else (
                WARNING if diff < 0 else TEXT)
            cells = self.row_cells(row)
            for j, (text, x) in enumerate(zip(cells, cols, strict=True)):
                blit_text(surface, app.assets, text, size, (x, cy),
                          color if j == 3 else TEXT, anchor="midleft" if j == 0 else "midright",
                          shadow=False)
        mine, theirs, diff = self.run.totals()
        y = self.rows[-1].bottom + int(26 * u)
        pygame.draw.line(surface, GOLD, (inner.left, y - int(14 * u)),
                         (inner.right, y - int(14 * u)), 1)
        cells = [self.total_label(), signed(mine), signed(theirs), signed(diff)]
        for j, (text, x) in enumerate(zip(cells, cols, strict=True)):
            blit_text(surface, app.assets, text, 24 * u, (x, y),
                      HIGHLIGHT if j == 3 else GOLD, anchor="midleft" if j == 0 else "midright")
        verdict = self._verdict(diff)
        blit_text(surface, app.assets, verdict, fit_size(app, verdict, 21 * u, inner.width),
                  (inner.centerx, inner.bottom - int(14 * u)), TEXT_DIM, shadow=False)
        for button in self.buttons:
            button.draw(surface, app.assets, u)
        draw_keys_hint(surface, app, tr("challenge_keys"))

    def row_cells(self, row: DealComparison) -> list[str]:
        """A deal's line on the board: its number, the player's score, the expert's and the
        difference (each "…" until both runs are there to be seen)."""
        tr = self.app.tr
        experts = signed(row.experts) if row.experts is not None else (
            tr("challenge_failed") if row.index in self.run.expert_errors else "…")
        return [tr("challenge_deal_n", n=row.index + 1), signed(row.yours), experts,
                signed(row.difference)]

    def _verdict(self, diff: int) -> str:
        both = sum(1 for c in self.run.comparison() if c.difference is not None)
        if not both:
            return self.app.trn("challenge_intro", len(self.run.challenge))
        key = ("challenge_ahead" if diff > 0 else "challenge_behind" if diff < 0
               else "challenge_level")
        return self.app.trn(key, both, points=abs(diff))


__all__ = ["ChallengeScene", "open_challenge_table", "resume_challenge", "start_challenge",
           "start_new_challenge"]
