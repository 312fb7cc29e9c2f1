"""A readable, scrollable summary of the rules (RULES.md condensed), in English and French.

The text is laid out once per width and language into a tall surface; scrolling moves a
window over it. Mouse wheel, Up/Down, PageUp/PageDown, Home/End; Back or Esc returns.
"""

from __future__ import annotations

import pygame

from game.app.screens import backdrop, draw_keys_hint, heading
from game.app.widgets import GOLD, HIGHLIGHT, TEXT, Button, blit_text, draw_panel, wrap_text
from game.app.window import App, Scene
from game.menus.rules_text import RULES

BODY = 24
HEAD = 34
PAPER = (12, 30, 22)  # the panel behind the text (opaque, so the text stays crisp)
RULE_LINE = (111, 101, 45)
TABLE_HEAD = (61, 65, 33)
TABLE_STRIPE = (27, 44, 37)


class RulesScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.back_button = Button("", self.close)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.view = pygame.Rect(0, 0, 0, 0)
        self.scroll = 0.0  # pixels from the top, as drawn
        self.target = 0.0  # where the scroll is heading
        self._page: tuple[tuple[int, str, float], pygame.Surface] | None = None

    def close(self) -> None:
        self.app.pop()

    # --- layout --------------------------------------------------------------------------------
    def on_resize(self, size: tuple[int, int]) -> None:
        u = self.app.unit
        w, h = size
        top = int(112 * u)
        bottom = int(96 * u)
        width = min(int(980 * u), w - int(40 * u))
        self.panel = pygame.Rect((w - width) // 2, top, width, h - top - bottom)
        self.view = self.panel.inflate(-int(64 * u), -int(36 * u))
        self.back_button.rect = pygame.Rect(0, 0, int(220 * u), int(54 * u))
        self.back_button.rect.midtop = (w // 2, self.panel.bottom + int(16 * u))
        self.clamp()

    def page(self) -> pygame.Surface:
        """The whole text laid out at the view's width (cached per width and language)."""
        lang = self.app.settings.language
        key = (self.view.width, lang, self.app.unit)
        if self._page is None or self._page[0] != key:
            self._page = (key, render_rules(self.app, RULES.get(lang, RULES["en"]),
                                            self.view.width))
        return self._page[1]

    @property
    def max_scroll(self) -> float:
        return max(0.0, float(self.page().get_height() - self.view.height))

    def clamp(self) -> None:
        self.target = min(max(self.target, 0.0), self.max_scroll)
        self.scroll = min(max(self.scroll, 0.0), self.max_scroll)

    def scroll_by(self, pixels: float) -> None:
        self.target += pixels
        self.clamp()

    # --- events --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        u = self.app.unit
        self.back_button.label = self.app.tr("back")
        if self.back_button.handle_event(event):
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * 70 * u)
        elif event.type == pygame.KEYDOWN:
            page = self.view.height * 0.9
            steps = {
                pygame.K_DOWN: 50 * u, pygame.K_UP: -50 * u,
                pygame.K_PAGEDOWN: page, pygame.K_PAGEUP: -page,
                pygame.K_SPACE: page,
            }
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.app.pop()
            elif event.key in steps:
                self.scroll_by(steps[event.key])
            elif event.key == pygame.K_HOME:
                self.target = 0.0
            elif event.key == pygame.K_END:
                self.target = self.max_scroll

    def update(self, dt: float) -> None:
        gap = self.target - self.scroll
        if abs(gap) < 0.5 or self.app.settings.animation_speed == "instant":
            self.scroll = self.target
        else:
            self.scroll += gap * min(1.0, dt * 14)

    # --- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        u = app.unit
        backdrop(surface, app)
        heading(surface, app, app.tr("menu_rules_title"), (surface.get_width() // 2, int(54 * u)),
                58)
        draw_panel(surface, self.panel, u, (*PAPER, 255))
        page = self.page()
        surface.blit(page, self.view.topleft,
                     pygame.Rect(0, int(self.scroll), self.view.width, self.view.height))
        # fade the text out at the panel's top and bottom edges when there is more to see
        fade = int(18 * u)
        for edge, more in ((self.view.top, self.scroll > 1),
                           (self.view.bottom - fade, self.scroll < self.max_scroll - 1)):
            if more:
                shade = pygame.Surface((self.view.width, fade), pygame.SRCALPHA)
                for i in range(fade):
                    t = i / fade if edge != self.view.top else 1 - i / fade
                    pygame.draw.line(shade, (*PAPER, int(235 * t)), (0, i),
                                     (self.view.width, i))
                surface.blit(shade, (self.view.left, edge))
        self.draw_scrollbar(surface)
        self.back_button.label = app.tr("back")
        self.back_button.draw(surface, app.assets, u)
        draw_keys_hint(surface, app, app.tr("menu_rules_keys"))

    def draw_scrollbar(self, surface: pygame.Surface) -> None:
        u = self.app.unit
        total = self.page().get_height()
        if total <= self.view.height:
            return
        track = pygame.Rect(self.panel.right - int(22 * u), self.view.top, max(3, int(6 * u)),
                            self.view.height)
        pygame.draw.rect(surface, (40, 70, 55), track, border_radius=track.width)
        length = max(int(30 * u), int(track.height * self.view.height / total))
        ratio = self.scroll / self.max_scroll if self.max_scroll else 0
        thumb = pygame.Rect(track.left, track.top + int((track.height - length) * ratio),
                            track.width, length)
        pygame.draw.rect(surface, GOLD, thumb, border_radius=track.width)


def render_rules(app: App, text: str, width: int) -> pygame.Surface:
    """Lay the marked-up ``text`` out ``width`` pixels wide on a transparent surface."""
    u = app.unit
    body = int(BODY * u)
    head = int(HEAD * u)
    line_h = int(body * 1.28)
    blocks: list[str] = []
    for line in text.strip("\n").split("\n"):
        if line.startswith("  ") and blocks:
            blocks[-1] += " " + line.strip()
        else:
            blocks.append(line)
    # first pass: measure; second pass: draw
    items: list[tuple[str, object, int]] = []  # (kind, data, height)
    i = 0
    while i < len(blocks):
        block = blocks[i]
        if block.startswith("# "):
            gap = int(22 * u) if items else 0
            items.append(("head", block[2:], gap + int(head * 1.5)))
        elif block.startswith("| "):
            rows: list[list[str]] = []
            while i < len(blocks) and blocks[i].startswith("| "):
                rows.append([c.strip() for c in blocks[i].strip().strip("|").split("|")])
                i += 1
            items.append(("table", rows, len(rows) * int(body * 1.45) + int(14 * u)))
            continue
        elif block.startswith("- "):
            lines = wrap_text(app.assets, block[2:], body, width - int(34 * u))
            items.append(("bullet", lines, len(lines) * line_h + int(6 * u)))
        else:
            lines = wrap_text(app.assets, block, body, width)
            items.append(("para", lines, len(lines) * line_h + int(10 * u)))
        i += 1
    height = sum(h for _, _, h in items) + int(12 * u)
    page = pygame.Surface((width, max(1, height))).convert()
    page.fill(PAPER)
    y = 0
    for kind, data, h in items:
        if kind == "head":
            top = y + h - int(head * 1.5)
            rect = blit_text(page, app.assets, str(data), head, (0, top), GOLD, anchor="topleft")
            pygame.draw.line(page, RULE_LINE, (0, rect.bottom + int(4 * u)),
                             (width, rect.bottom + int(4 * u)), max(1, int(1 * u)))
        elif kind == "table":
            _draw_table(page, app, data, y, width, body)  # type: ignore[arg-type]
        elif kind == "bullet":
            assert isinstance(data, list)
            pygame.draw.circle(page, HIGHLIGHT, (int(12 * u), y + int(body * 0.45)),
                               max(2, int(4 * u)))
            for n, line in enumerate(data):
                blit_text(page, app.assets, line, body, (int(34 * u), y + n * line_h), TEXT,
                          anchor="topleft", shadow=False)
        else:
            assert isinstance(data, list)
            for n, line in enumerate(data):
                blit_text(page, app.assets, line, body, (0, y + n * line_h), TEXT,
                          anchor="topleft", shadow=False)
        y += h
    return page


def _draw_table(page: pygame.Surface, app: App, rows: list[list[str]], y: int, width: int,
                size: int) -> None:
    u = app.unit
    font = app.assets.font(size)
    columns = max(len(r) for r in rows)
    widths = [0] * columns
    for row in rows:
        for c, cell in enumerate(row):
            widths[c] = max(widths[c], font.size(cell)[0] + int(36 * u))
    total = sum(widths)
    if total > width:
        widths = [w * width // total for w in widths]
    row_h = int(size * 1.45)
    left = int(8 * u)
    for r, row in enumerate(rows):
        rect = pygame.Rect(left, y + r * row_h, sum(widths), row_h)
        tint = TABLE_HEAD if r == 0 else (TABLE_STRIPE if r % 2 else PAPER)
        pygame.draw.rect(page, tint, rect, border_radius=int(4 * u) if r == 0 else 0)
        x = left
        for c, cell in enumerate(row):
            colour = HIGHLIGHT if r == 0 else TEXT
            blit_text(page, app.assets, cell, size, (x + int(14 * u), rect.centery), colour,
                      anchor="midleft", shadow=False)
            x += widths[c]
