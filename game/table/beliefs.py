""""Who holds what": where the expert in the seat believed each card it could not see was, at
the moment shown (:func:`engine.ai.beliefs.beliefs`, worked out in the game's thinker so that
the window never waits).

Shown on demand (the B key): in the replay, at any step in "as I saw it"; at the table, with a
hint. One row per other seat and one for the cards aside (the dog, or the discard: the
taker's own, known for certain), each with the cards the expert's likeliest picture gives
that holder (:meth:`engine.ai.beliefs.Beliefs.picture`), the likeliest first, and the chance
in percent under each; a sentence in words says how sure the picture is. Each step's table
is kept once worked out.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from engine.ai.beliefs import CERTAIN, DEFAULT_SAMPLES, Beliefs
from engine.ai.thinker import Handle, Thinker, done_value, failure
from engine.state import Phase
from engine.views import SeatView
from game.app.assets import CARD_RATIO
from game.app.i18n import seat_name, tr
from game.app.widgets import GOLD, TEXT, TEXT_DIM, blit_text, draw_panel, wrap_text

#: How sure a picture is, in words: from a mean chance of its unsure cards on (see
#: :meth:`engine.ai.beliefs.Beliefs.sureness`).
SURENESS = ((0.85, "replay_beliefs_clear"), (0.65, "replay_beliefs_fair"),
            (0.45, "replay_beliefs_rough"), (0.0, "replay_beliefs_vague"))
#: Fewer deals than this fit what the seat saw (weighed, counted as equal deals): the
#: chances rest on a few deals, and the panel says so.
FEW_DEALS = 8
#: The narrowest a card of the panel gets (pixels) for every row to be in sight.
LEAST_CARD = 20
#: The panel's fill: nearly opaque, so that the table under it does not show through.
OPAQUE = (10, 27, 21, 252)
#: Steps kept: a long replay browsed back and forth keeps the recent ones.
KEPT = 64

Key = tuple[int, int]  # (which deal is shown, the step)
Held = tuple[int, float]  # a card and the chance of the holder


class BeliefsPanel:
    """The table of beliefs at the step shown, asked of the thinker when it is visible."""

    def __init__(self, thinker: Callable[[], Thinker], samples: int = DEFAULT_SAMPLES) -> None:
        self._thinker = thinker
        self.samples = samples
        self.visible = False
        self._kept: dict[Key, Beliefs] = {}
        self._failed: dict[Key, str] = {}
        self._pending: tuple[Key, Handle, Thinker] | None = None
        self._shown: tuple[Key, SeatView | None] | None = None  # as of the last update

    def toggle(self) -> None:
        self.visible = not self.visible

    @property
    def wanted(self) -> bool:
        """Whether :meth:`update` has anything to do: shown, or a table on the way."""
        return self.visible or self._pending is not None

    def at(self, key: Key) -> Beliefs | None:
        return self._kept.get(key)

    def update(self, key: Key, view: SeatView | None) -> None:
        """Collect the table worked out, and ask for the moment shown when it is missing;
        never waits. The thinker is only reached for while the panel is wanted: a table
        that never shows it never starts one."""
        self._shown = (key, view)
        if self._pending is not None:
            asked, handle, thinker = self._pending
            result = None if thinker.closed else thinker.poll(handle)
            if thinker.closed or result is not None:
                self._pending = None
            if result is not None:
                found = done_value(result, Beliefs)
                if found is not None:
                    if len(self._kept) >= KEPT:
                        self._kept.pop(next(iter(self._kept)))
                    self._kept[asked] = found
                else:
                    self._failed[asked] = failure(result, "beliefs")
        if not self.visible or view is None or key in self._kept or key in self._failed:
            return
        if self._pending is not None:
            if self._pending[0] == key:
                return
            self.cancel()  # the player moved on: the moment shown comes first
        thinker = self._thinker()
        if thinker.closed:
            return
        handle = thinker.submit_task("beliefs", view=view, samples=self.samples, seed=key[1])
        self._pending = (key, handle, thinker)

    def cancel(self) -> None:
        if self._pending is not None:
            _, handle, thinker = self._pending
            if not thinker.closed:
                thinker.cancel(handle)
            self._pending = None

    def draw(self, surface: pygame.Surface, app: Any, area: pygame.Rect, unit: float,
             lang: str, beside: pygame.Rect | None = None) -> None:
        """The panel over the table ``area`` (beside ``beside``, the hint, when it lies in
        the area) for the moment of the last :meth:`update`, when visible and the seat's
        view is shown (its view is ``None`` with the hands open)."""
        if not self.visible or self._shown is None:
            return
        key, view = self._shown
        if view is None:
            return
        assets = app.assets
        deck = app.settings.four_colour, app.settings.indices
        pad = round(14 * unit)
        size = max(11, round(15 * unit))
        small = max(11, round(14 * unit))
        room = _beside(area, beside, pad)
        width = round(room.width * 0.94)
        beliefs = self._kept.get(key)
        lines: list[str] = []
        rows: list[tuple[str, list[Held]]] = []
        if view.phase in (Phase.FINISHED, Phase.CANCELLED):
            lines = [tr("replay_beliefs_over", lang)]
        elif key in self._failed:
            lines = [tr("replay_beliefs_failed", lang, problem=self._failed[key])]
        elif beliefs is None:
            lines = [tr("replay_beliefs_working", lang)]
        else:
            lines = [sureness_words(beliefs, lang)]
            rows = self._rows(beliefs, view, lang)
        inner = width - 2 * pad
        title = wrap_text(assets, tr("replay_beliefs_title", lang), size, inner)
        said = [line for text in lines for line in wrap_text(assets, text, size, inner)]
        height = pad * 2 + len(title) * round(size * 1.3) + len(said) * round(size * 1.4)
        card_w = max(22, round(40 * unit))
        if rows:  # every row in the room: the cards as large as it leaves them
            fit = (room.height - 2 * pad - height) // len(rows) - small - pad
            card_w = max(LEAST_CARD, min(card_w, round(fit / CARD_RATIO)))
        card_h = assets.card(0, card_w, *deck).get_height()
        step = max(12, round(card_w * 0.62),
                   assets.font(small).size(tr("hint_percent", lang, n=100))[0] + round(4 * unit))
        height += len(rows) * (card_h + small + pad)
        rect = pygame.Rect(0, 0, width, min(height, room.height - 2 * pad))
        rect.midtop = (room.centerx, room.top + pad)
        draw_panel(surface, rect, unit, OPAQUE)
        y = rect.top + pad
        for line in title:
            blit_text(surface, assets, line, size, (rect.left + pad, y), GOLD, "topleft")
            y += round(size * 1.3)
        for line in said:
            blit_text(surface, assets, line, size, (rect.left + pad, y), TEXT_DIM, "topleft")
            y += round(size * 1.4)
        label_w = round(width * 0.16)
        for label, cards in rows:
            if y + card_h > rect.bottom:
                break
            blit_text(surface, assets, label, size, (rect.left + pad, y + card_h // 2), TEXT,
                      "midleft")
            x = rect.left + pad + label_w
            space = rect.right - pad - card_w - x
            shown = cards[: max(1, space // step + 1)]
            if len(shown) < len(cards):  # room for how many more at the end of the row
                more = assets.font(small).size(f"+{len(cards)}")[0] + pad // 2
                shown = cards[: max(1, (space - more) // step + 1)]
            for card, chance in shown:
                surface.blit(assets.card(card, card_w, *deck), (x, y))
                sure = chance >= CERTAIN
                figure = tr("hint_percent", lang, n=100 if sure else round(100 * chance))
                blit_text(surface, assets, figure, small,
                          (x + step // 2, y + card_h + small // 2 + 3),
                          GOLD if sure else TEXT_DIM, "center", shadow=False)
                x += step
            if len(shown) < len(cards):
                blit_text(surface, assets, f"+{len(cards) - len(shown)}", small,
                          (x - step + card_w + pad // 2, y + card_h // 2), TEXT_DIM, "midleft")
            y += card_h + small + pad

    @staticmethod
    def _rows(beliefs: Beliefs, view: SeatView, lang: str) -> list[tuple[str, list[Held]]]:
        """One row per other seat, then the cards aside: what the expert's likeliest picture
        gives each."""
        n = beliefs.players
        picture = beliefs.picture()
        rows = []
        for offset in range(1, n):
            seat = (view.seat + offset) % n
            rows.append((seat_name(seat, n, lang), picture[seat]))
        aside = picture[n]
        if aside or view.rules.setup(n).dog:
            discarded = view.phase in (Phase.SLAM, Phase.PLAYING) and view.contract is not None \
                and view.rules.contract(view.contract).dog_shown
            word = "replay_beliefs_discard" if discarded else "replay_beliefs_dog"
            rows.append((tr(word, lang), aside))
        return rows


def sureness_words(beliefs: Beliefs, lang: str) -> str:
    """How sure the expert's picture is, in words: from every card known to a vague picture,
    and, when few of the deals fit what the seat saw, that its chances are rough."""
    sureness = beliefs.sureness()
    if sureness is None:
        return tr("replay_beliefs_certain", lang)
    text = tr(next(key for least, key in SURENESS if sureness >= least), lang)
    if beliefs.effective < FEW_DEALS:
        text += " " + tr("replay_beliefs_few_deals", lang)
    return text


def _beside(area: pygame.Rect, other: pygame.Rect | None, gap: int) -> pygame.Rect:
    """The largest part of ``area`` on one side of ``other`` (all of it when ``other`` is
    not in it)."""
    if other is None or not area.colliderect(other):
        return pygame.Rect(area)
    parts = [pygame.Rect(area.left, area.top, other.left - gap - area.left, area.height),
             pygame.Rect(other.right + gap, area.top, area.right - other.right - gap,
                         area.height),
             pygame.Rect(area.left, area.top, area.width, other.top - gap - area.top),
             pygame.Rect(area.left, other.bottom + gap, area.width,
                         area.bottom - other.bottom - gap)]
    return max(parts, key=lambda r: max(0, r.width) * max(0, r.height))


__all__ = ["BeliefsPanel"]
