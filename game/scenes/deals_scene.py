"""The finished deals saved in the history folder: date, players, taker, contract, result and
scores, newest first, with a filter by player count and deletion after a confirmation.

Each file is checked by :func:`engine.saves.load_deal`; one that does not load is still
listed, with the problem, so that it can be deleted.
"""

from __future__ import annotations

import datetime as _dt
import re
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from engine.saves import SaveError, load_deal
from game import paths
from game.app import App, Scene
from game.scenes.common import ConfirmDialog, backdrop, draw_keys_hint, fit_size, heading
from game.widgets import (
    BUTTON,
    BUTTON_HOVER,
    GOLD,
    HIGHLIGHT,
    TEXT,
    TEXT_DIM,
    WARNING,
    Button,
    Toast,
    blit_text,
    draw_panel,
)

FILE_PLAYERS = re.compile(r"-([345])p\.json$")
ROW_H = 66
FILTERS: tuple[int | None, ...] = (None, 3, 4, 5)


@dataclass
class DealEntry:
    path: Path
    players: int
    date: _dt.datetime | None = None
    names: list[str] = field(default_factory=list)
    taker: str = ""
    contract: str = ""
    made: bool = False
    margin: int = 0
    scores: list[int] = field(default_factory=list)
    problem: str = ""

    @property
    def sort_key(self) -> tuple[float, str]:
        when = self.date.timestamp() if self.date else self.path.stat().st_mtime
        return (when, self.path.name)


_cache: dict[tuple[str, float], DealEntry] = {}


def read_entry(path: Path) -> DealEntry:
    """What the list shows about one saved deal (cached while the file is unchanged)."""
    try:
        stamp = path.stat().st_mtime
    except OSError:
        stamp = 0.0
    key = (str(path), stamp)
    if key in _cache:
        return _cache[key]
    found = FILE_PLAYERS.search(path.name)
    entry = DealEntry(path, int(found.group(1)) if found else 0)
    try:
        deal, meta = load_deal(path)
    except SaveError as exc:
        entry.problem = str(exc).replace(str(path), path.name)
    else:
        entry.players = deal.players
        names = meta.get("names")
        if isinstance(names, list) and len(names) == deal.players \
                and all(isinstance(n, str) for n in names):
            entry.names = list(names)
        else:
            entry.names = [f"#{seat + 1}" for seat in range(deal.players)]
        date = meta.get("date")
        if isinstance(date, str):
            try:
                entry.date = _dt.datetime.fromisoformat(date)
            except ValueError:
                entry.date = None
        result = deal.result
        if result is None:
            entry.problem = "not finished"
        else:
            entry.taker = entry.names[result.taker]
            entry.contract = result.contract
            entry.made = result.made
            entry.margin = result.margin
            entry.scores = list(result.scores)
    if entry.date is None:
        try:
            entry.date = _dt.datetime.fromtimestamp(path.stat().st_mtime)
        except OSError:
            entry.date = None
    _cache[key] = entry
    return entry


def list_deals(folder: Path | None = None) -> list[DealEntry]:
    """Every saved deal, newest first."""
    folder = folder or paths.history_dir()
    if not folder.is_dir():
        return []
    files = [p for p in folder.glob("*.json") if not p.name.startswith(".")]
    entries = [read_entry(p) for p in files]
    return sorted(entries, key=lambda e: e.sort_key, reverse=True)


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else (f"−{-value}" if value < 0 else "0")


class FinishedDealsScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.entries: list[DealEntry] = []
        self.filter: int | None = None
        self.selected = 0
        self.scroll = 0
        self.toast = Toast()
        self.back_button = Button("", self.close)
        self.delete_button = Button("", self.ask_delete)
        self.filter_rects: list[pygame.Rect] = []
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.columns: list[int] = []

    # --- data ----------------------------------------------------------------------------------
    def enter(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        self.entries = list_deals()
        self.selected = min(self.selected, max(0, len(self.shown) - 1))
        self.layout()

    @property
    def shown(self) -> list[DealEntry]:
        if self.filter is None:
            return self.entries
        return [e for e in self.entries if e.players == self.filter]

    def set_filter(self, value: int | None) -> None:
        self.filter = value
        self.selected = 0
        self.scroll = 0
        self.layout()

    def ask_delete(self) -> None:
        shown = self.shown
        if not shown:
            return
        entry = shown[self.selected]
        when = entry.date.strftime("%Y-%m-%d %H:%M") if entry.date else entry.path.name
        self.app.push(ConfirmDialog(self.app, self.app.tr("menu_delete_question", date=when),
                                    lambda: self.delete(entry)))

    def delete(self, entry: DealEntry) -> None:
        try:
            entry.path.unlink(missing_ok=True)
        except OSError as exc:
            self.toast.show(f"{entry.path.name}: {exc.strerror}", 6.0)
        else:
            self.toast.show(self.app.tr("menu_deal_deleted"), 2.5, warning=False)
        self.refresh()

    def close(self) -> None:
        self.app.pop()

    # --- layout --------------------------------------------------------------------------------
    def on_resize(self, size: tuple[int, int]) -> None:
        self.layout()

    @property
    def row_h(self) -> int:
        return int(ROW_H * self.app.unit)

    @property
    def visible_rows(self) -> int:
        return max(1, self.list_rect.height // max(1, self.row_h))

    def layout(self) -> None:
        app = self.app
        u = app.unit
        w, h = app.size
        top, bottom = int(112 * u), int(96 * u)
        width = min(int(1100 * u), w - int(32 * u))
        self.panel = pygame.Rect((w - width) // 2, top, width, h - top - bottom)
        inner = self.panel.inflate(-int(36 * u), -int(28 * u))
        # filter chips
        x = inner.left + int(150 * u)
        self.filter_rects = []
        font = app.assets.font(int(22 * u))
        for value in FILTERS:
            label = self.filter_label(value)
            rect = pygame.Rect(x, inner.top, max(int(64 * u), font.size(label)[0] + int(28 * u)),
                               int(38 * u))
            self.filter_rects.append(rect)
            x = rect.right + int(10 * u)
        header_top = inner.top + int(52 * u)
        self.header_y = header_top + int(14 * u)
        self.list_rect = pygame.Rect(inner.left, header_top + int(32 * u), inner.width,
                                     inner.bottom - header_top - int(32 * u))
        # date, players, taker, contract, result (fractions of the width)
        fractions = (0.0, 0.2, 0.33, 0.56, 0.76)
        self.columns = [self.list_rect.left + int(14 * u) + int(f * inner.width)
                        for f in fractions]
        count = len(self.shown)
        self.selected = min(self.selected, max(0, count - 1))
        top_limit = max(0, count - self.visible_rows)
        if self.selected < self.scroll:
            self.scroll = self.selected
        elif self.selected >= self.scroll + self.visible_rows:
            self.scroll = self.selected - self.visible_rows + 1
        self.scroll = min(max(0, self.scroll), top_limit)
        bw, bh = int(220 * u), int(54 * u)
        self.back_button.rect = pygame.Rect(0, 0, bw, bh)
        self.delete_button.rect = pygame.Rect(0, 0, bw, bh)
        by = self.panel.bottom + int(16 * u)
        self.back_button.rect.topright = (w // 2 - int(12 * u), by)
        self.delete_button.rect.topleft = (w // 2 + int(12 * u), by)
        self.back_button.label = app.tr("back")
        self.delete_button.label = app.tr("menu_delete")
        self.delete_button.enabled = count > 0

    def filter_label(self, value: int | None) -> str:
        return self.app.tr("menu_all") if value is None else str(value)

    # --- events --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if self.back_button.handle_event(event) or self.delete_button.handle_event(event):
            return
        count = len(self.shown)
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.app.pop()
            elif key in (pygame.K_DOWN, pygame.K_UP) and count:
                self.selected = (self.selected + (1 if key == pygame.K_DOWN else -1)) % count
                self.layout()
            elif key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP) and count:
                step = self.visible_rows * (1 if key == pygame.K_PAGEDOWN else -1)
                self.selected = min(max(0, self.selected + step), count - 1)
                self.layout()
            elif key in (pygame.K_LEFT, pygame.K_RIGHT):
                index = FILTERS.index(self.filter) + (1 if key == pygame.K_RIGHT else -1)
                self.set_filter(FILTERS[index % len(FILTERS)])
            elif key == pygame.K_DELETE:
                self.ask_delete()
        elif event.type == pygame.MOUSEWHEEL and count:
            limit = max(0, count - self.visible_rows)
            self.scroll = min(max(0, self.scroll - event.y), limit)
            self.selected = min(max(self.selected, self.scroll),
                                self.scroll + self.visible_rows - 1)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for value, rect in zip(FILTERS, self.filter_rects, strict=True):
                if rect.collidepoint(event.pos):
                    self.set_filter(value)
                    return
            if self.list_rect.collidepoint(event.pos):
                index = self.scroll + (event.pos[1] - self.list_rect.top) // self.row_h
                if 0 <= index < count:
                    self.selected = index
                    self.layout()

    def update(self, dt: float) -> None:
        self.toast.update(dt)

    # --- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        u = app.unit
        tr = app.tr
        w, h = surface.get_size()
        backdrop(surface, app)
        heading(surface, app, tr("finished_deals"), (w // 2, int(54 * u)), 58)
        draw_panel(surface, self.panel, u)
        # filter
        inner = self.panel.inflate(-int(36 * u), -int(28 * u))
        blit_text(surface, app.assets, tr("players"), 24 * u,
                  (inner.left + int(8 * u), self.filter_rects[0].centery), TEXT, anchor="midleft")
        radius = max(3, int(8 * u))
        for value, rect in zip(FILTERS, self.filter_rects, strict=True):
            on = value == self.filter
            pygame.draw.rect(surface, BUTTON_HOVER if on else BUTTON, rect, border_radius=radius)
            pygame.draw.rect(surface, HIGHLIGHT if on else GOLD, rect,
                             max(1, int((3 if on else 1.5) * u)), border_radius=radius)
            blit_text(surface, app.assets, self.filter_label(value), 22 * u, rect.center,
                      HIGHLIGHT if on else TEXT)
        shown = self.shown
        total = tr("menu_deal_count", count=len(shown))
        blit_text(surface, app.assets, total, 21 * u,
                  (inner.right - int(6 * u), self.filter_rects[0].centery), TEXT_DIM,
                  anchor="midright", shadow=False)
        # header
        headers = ("menu_date", "players", "menu_taker", "menu_contract", "menu_result")
        for x, key in zip(self.columns, headers, strict=True):
            blit_text(surface, app.assets, tr(key), 20 * u, (x, self.header_y), GOLD,
                      anchor="midleft", shadow=False)
        pygame.draw.line(surface, GOLD, (self.list_rect.left, self.list_rect.top - int(6 * u)),
                         (self.list_rect.right, self.list_rect.top - int(6 * u)),
                         max(1, int(1 * u)))
        if not shown:
            blit_text(surface, app.assets, tr("menu_no_deals"), 26 * u,
                      self.list_rect.center, TEXT_DIM)
        clip = surface.get_clip()
        surface.set_clip(self.list_rect)
        for row, entry in enumerate(shown[self.scroll:self.scroll + self.visible_rows]):
            index = self.scroll + row
            rect = pygame.Rect(self.list_rect.left, self.list_rect.top + row * self.row_h,
                               self.list_rect.width, self.row_h)
            self.draw_entry(surface, entry, rect, index == self.selected)
        surface.set_clip(clip)
        self.draw_scrollbar(surface, len(shown))
        self.back_button.draw(surface, app.assets, u)
        self.delete_button.draw(surface, app.assets, u)
        draw_keys_hint(surface, app, tr("menu_deals_keys"))
        self.toast.draw(surface, app.assets, u, (w // 2, h - int(140 * u)))

    def draw_entry(self, surface: pygame.Surface, entry: DealEntry, rect: pygame.Rect,
                   selected: bool) -> None:
        app = self.app
        u = app.unit
        tr = app.tr
        band = pygame.Surface(rect.size, pygame.SRCALPHA)
        if selected:
            pygame.draw.rect(band, (255, 214, 90, 46), band.get_rect(), border_radius=int(8 * u))
            pygame.draw.rect(band, (255, 214, 90, 160), band.get_rect(), max(1, int(2 * u)),
                             border_radius=int(8 * u))
        elif (rect.top - self.list_rect.top) // max(1, self.row_h) % 2:
            pygame.draw.rect(band, (255, 255, 255, 14), band.get_rect(), border_radius=int(8 * u))
        surface.blit(band, rect.topleft)
        y1 = rect.top + int(22 * u)
        y2 = rect.top + int(48 * u)
        size = 23 * u
        date = entry.date.strftime("%Y-%m-%d  %H:%M") if entry.date else "?"
        cols = self.columns
        blit_text(surface, app.assets, date, size, (cols[0], y1), TEXT, anchor="midleft",
                  shadow=False)
        blit_text(surface, app.assets, str(entry.players or "?"), size, (cols[1] + int(30 * u),
                  y1), TEXT, shadow=False)
        if entry.problem:
            problem = tr("menu_deal_unreadable", problem=entry.problem)
            text_size = fit_size(app, problem, 21 * u, rect.right - cols[2] - int(12 * u))
            blit_text(surface, app.assets, problem, text_size, (cols[2], y1), WARNING,
                      anchor="midleft", shadow=False)
            return
        width = cols[3] - cols[2] - int(12 * u)
        blit_text(surface, app.assets, entry.taker, fit_size(app, entry.taker, size, width),
                  (cols[2], y1), TEXT, anchor="midleft", shadow=False)
        blit_text(surface, app.assets, tr(entry.contract), size, (cols[3], y1), TEXT,
                  anchor="midleft", shadow=False)
        result = tr("menu_made_by" if entry.made else "menu_lost_by", margin=entry.margin)
        blit_text(surface, app.assets, result, size, (cols[4], y1),
                  (140, 220, 140) if entry.made else WARNING, anchor="midleft", shadow=False)
        scores = "     ".join(f"{name} {signed(score)}"
                              for name, score in zip(entry.names, entry.scores, strict=False))
        text_size = fit_size(app, scores, 20 * u, rect.right - cols[2] - int(12 * u))
        blit_text(surface, app.assets, scores, text_size, (cols[2], y2), TEXT_DIM,
                  anchor="midleft", shadow=False)

    def draw_scrollbar(self, surface: pygame.Surface, count: int) -> None:
        if count <= self.visible_rows:
            return
        u = self.app.unit
        track = pygame.Rect(self.panel.right - int(14 * u), self.list_rect.top,
                            max(3, int(5 * u)), self.list_rect.height)
        pygame.draw.rect(surface, (40, 70, 55), track, border_radius=track.width)
        length = max(int(24 * u), track.height * self.visible_rows // count)
        span = max(1, count - self.visible_rows)
        top = track.top + (track.height - length) * self.scroll // span
        pygame.draw.rect(surface, GOLD, (track.left, top, track.width, length),
                         border_radius=track.width)
