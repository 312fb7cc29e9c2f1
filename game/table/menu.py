"""The table's menu: a short list under the corner's menu button.

It gathers what a player may want in the middle of a deal and that has no button of its
own: the cards shown this deal, the settings that matter while playing (sound, speed, the
pace of tricks, the slam question…), the rules, and leaving the table — for the menu, the
challenge's board or the replay, as the table's owner says. It is a scene over the table
(the table waits under it, its bots too); Up/Down and Enter, the mouse, or the keys shown
beside each line; Esc or a click elsewhere closes it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.app.widgets import GOLD, HIGHLIGHT, TEXT, TEXT_DIM, blit_text, draw_panel, ellipsize
from game.app.window import App, Scene

ROW_H = 46
WIDTH = 330


@dataclass
class MenuEntry:
    label: str
    key_hint: str
    action: Callable[[], object]
    enabled: bool = True
    icon: str = ""  # an icon before the label (the table's corner icons)


class TableMenu(Scene):
    """The list of :class:`MenuEntry` under the table's menu button."""

    opaque = False

    def __init__(self, app: App, *, anything_shown: bool, toggle_shown: Callable[[], object],
                 leave_label: str, leave: Callable[[], object],
                 anchor: Callable[[], pygame.Rect | None]) -> None:
        """``anything_shown``: whether the cards shown to all this deal can be looked at
        (``toggle_shown`` shows them); ``leave_label`` and ``leave``: the last line's words (a
        text key) and what it does; ``anchor``: where the menu's corner button is now."""
        super().__init__(app)
        self.anything_shown, self.on_shown = anything_shown, toggle_shown
        self.leave_label, self.on_leave = leave_label, leave
        self.anchor = anchor
        self.entries = self._entries()
        self.focus = next((i for i, e in enumerate(self.entries) if e.enabled), 0)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.rows: list[pygame.Rect] = []

    def _entries(self) -> list[MenuEntry]:
        tr = self.app.tr
        return [
            MenuEntry(tr("table_shown_title"), "D", self._then(self.on_shown),
                      self.anything_shown, icon="last_trick"),
            MenuEntry(tr("settings"), "", self._open_settings, icon="settings"),
            MenuEntry(tr("rules_summary"), "", self._open_rules),
            MenuEntry(tr(self.leave_label), "Esc", self._then(self.on_leave)),
        ]

    def _then(self, action: Callable[[], object]) -> Callable[[], None]:
        def run() -> None:
            self.app.pop()
            action()
        return run

    def _open_settings(self) -> None:
        self.app.navigator.open_settings(self.app)

    def _open_rules(self) -> None:
        self.app.navigator.open_rules(self.app)

    # --- layout and events ---------------------------------------------------------------------
    def on_resize(self, size: tuple[int, int]) -> None:
        u = self.app.unit
        anchor = self.anchor() or pygame.Rect(size[0] - 20, 20, 0, 0)
        width = int(WIDTH * u)
        row_h = int(ROW_H * u)
        pad = int(10 * u)
        self.panel = pygame.Rect(0, 0, width, len(self.entries) * row_h + 2 * pad)
        self.panel.topright = (anchor.right, anchor.bottom + int(8 * u))
        self.panel.clamp_ip(pygame.Rect((0, 0), size))
        self.rows = [pygame.Rect(self.panel.left + pad, self.panel.top + pad + i * row_h,
                                 width - 2 * pad, row_h) for i in range(len(self.entries))]

    def choose(self, index: int) -> None:
        entry = self.entries[index]
        if entry.enabled:
            entry.action()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key == pygame.K_ESCAPE:
                self.app.pop()
            elif key in (pygame.K_UP, pygame.K_DOWN):
                self._move(1 if key == pygame.K_DOWN else -1)
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.choose(self.focus)
            elif key == pygame.K_d:
                self.choose(0)
        elif event.type == pygame.MOUSEMOTION:
            hit = self._row_at(event.pos)
            if hit is not None:
                self.focus = hit
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self._row_at(event.pos)
            if hit is not None:
                self.choose(hit)
            elif not self.panel.collidepoint(event.pos):
                self.app.pop()  # a click elsewhere closes the menu

    def _row_at(self, pos: tuple[int, int]) -> int | None:
        return next((i for i, r in enumerate(self.rows) if r.collidepoint(pos)), None)

    def _move(self, step: int) -> None:
        count = len(self.entries)
        for k in range(1, count + 1):
            i = (self.focus + step * k) % count
            if self.entries[i].enabled:
                self.focus = i
                return

    def draw(self, surface: pygame.Surface) -> None:
        u = self.app.unit
        assets = self.app.assets
        draw_panel(surface, self.panel, u, (14, 34, 26, 245))
        radius = max(3, int(8 * u))
        for i, (entry, rect) in enumerate(zip(self.entries, self.rows, strict=True)):
            if i == self.focus and entry.enabled:
                band = pygame.Surface(rect.size, pygame.SRCALPHA)
                pygame.draw.rect(band, (255, 214, 90, 46), band.get_rect(),
                                 border_radius=radius)
                surface.blit(band, rect.topleft)
            color = (HIGHLIGHT if i == self.focus else TEXT) if entry.enabled else TEXT_DIM
            left = rect.left + int(12 * u)
            right = rect.right - int(10 * u)
            if entry.key_hint:
                right = blit_text(surface, assets, entry.key_hint, 18 * u,
                                  (right, rect.centery), GOLD if entry.enabled else TEXT_DIM,
                                  anchor="midright", shadow=False).left - int(10 * u)
            if entry.icon:  # the labels line up whether a line has an icon or not
                icon = assets.icon(entry.icon, int(24 * u))
                surface.blit(icon, icon.get_rect(midleft=(left, rect.centery)))
            left += int(34 * u)
            label = ellipsize(assets, entry.label, int(22 * u), right - left)
            blit_text(surface, assets, label, 22 * u, (left, rect.centery), color,
                      anchor="midleft", shadow=False)


__all__ = ["MenuEntry", "TableMenu"]
