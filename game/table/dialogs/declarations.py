"""The declarations that come with the first card: a handful (choose the trumps in the
hand, then show them) and, with the misère variant, a misère."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from engine import cards as C
from engine import choices
from engine.actions import AnnounceMisere, ShowHandful
from engine.choices import HandfulOption
from game.app.assets import CARD_RATIO
from game.table.dialogs.base import DialogHost, Panel, Remembered
from game.table.dialogs.bidding import NUMBER_KEYS
from game.table.words import refusal_words


class HandfulPanel(Panel):
    """Before the first card: offer the handfuls the hand allows, then let the player choose
    the trumps to show by clicking hand cards (the table's selection mode)."""

    def __init__(self, host: DialogHost, remembered: Remembered) -> None:
        super().__init__(host)
        self.remembered = remembered
        self.options = choices.handful_options(self.view)
        self.option: HandfulOption | None = None
        self._preview: list[tuple[int, pygame.Rect]] = []
        self._shown: list[int] = []
        self._preview_w = 0
        self._offer()

    # the two steps
    def _offer(self) -> None:
        self.buttons, self.keys = [], {}
        rules = self.view.rules
        for i, option in enumerate(self.options):
            bonus = rules.handful_bonus[i]
            self.add_button(self.tr(f"panel_handful_show_{option.level}"), self._pick(option),
                            note=self.tr("panel_handful_note", count=option.size, bonus=bonus),
                            hint=str(i + 1), keys=NUMBER_KEYS.get(i + 1, ()),
                            action=option.size)
        self.add_button(self.tr("panel_no_thanks"), self.decline, hint="N",
                        keys=(pygame.K_n,), action="decline")

    def _pick(self, option: HandfulOption) -> Callable[[], None]:
        return lambda: self.choose_level(option)

    def choose_level(self, option: HandfulOption) -> None:
        """Start choosing the trumps of ``option``: the lowest are preselected, the Petit
        (then the 21) hidden where the hand holds more trumps than it must show."""
        self.option = option
        self.remembered.select_mode = True
        self.remembered.selection.clear()
        self.remembered.selection.update(choices.handful_cards(option))
        self.buttons, self.keys = [], {}
        self.add_button(self.tr("back"), self.back, keys=(pygame.K_BACKSPACE,))
        self.confirm_button = self.add_button(
            self.tr("panel_handful_confirm"), self.confirm, hint=self.tr("key_enter"),
            keys=(pygame.K_RETURN, pygame.K_KP_ENTER), primary=True, action=option.size)
        self._refresh()

    def back(self) -> None:
        self.option = None
        self._leave_selection()
        self._offer()
        self._refresh()

    def decline(self) -> None:
        self.remembered.declined.add("handful")
        self._leave_selection()
        self.close()

    def confirm(self) -> None:
        problem = self.problem()
        if problem:
            self.host.toast.show(problem)
            return
        cards = tuple(sorted(self.chosen()))
        if self.submit(ShowHandful(cards)):
            self._leave_selection()

    def _leave_selection(self) -> None:
        self.remembered.select_mode = False
        self.remembered.selection.clear()

    def _refresh(self) -> None:
        if self.option is not None:
            self.confirm_button.enabled = self.problem() is None
        if self.area.width or self.rect.width:
            self.relayout()

    # the choice
    def chosen(self) -> list[int]:
        return sorted(c for c in self.remembered.selection if self.view.hand_mask >> c & 1)

    def problem(self) -> str | None:
        """Why the current choice cannot be shown (the engine's reason, in words), or
        ``None``."""
        option = self.option
        if option is None:
            return None
        refusal = choices.handful_refusal(self.view, self.chosen(), size=option.size)
        if refusal is None:
            return None
        return refusal_words(refusal, self.view, self.app.settings.language)

    def update(self, dt: float) -> None:
        if self.option is not None:
            ok = self.problem() is None
            if ok != self.confirm_button.enabled or self._shown != self.chosen():
                self._refresh()

    # text and content
    def title(self) -> str:
        if self.option is None:
            return self.tr("panel_handful_title")
        return self.tr(f"panel_handful_{self.option.level}")

    def paragraphs(self) -> list[tuple[str, str]]:
        view = self.view
        if self.option is None:
            trumps = (view.hand_mask & C.TRUMP_MASK).bit_count()
            excuse = self.tr("panel_handful_and_excuse") if view.hand_mask & C.EXCUSE_BIT else ""
            return [(self.tr("panel_handful_help", trumps=trumps, excuse=excuse), "body"),
                    (self.tr("panel_handful_bonus_rule"), "dim")]
        problem = self.problem()
        count = self.tr("panel_handful_chosen", n=len(self.chosen()), total=self.option.size)
        status = f"{count} \u00b7 {problem or self.tr('panel_handful_ready')}"
        return [(self.tr("panel_handful_pick"), "dim"), (status, "warn" if problem else "good")]

    def content_size(self, width: int, height: int) -> tuple[int, int]:
        """A small preview of the chosen cards, when there is room for it."""
        self._preview_w = 0
        if self.option is None:
            return 0, 0
        card_w = int(min(self.px(46), height / CARD_RATIO))
        if card_w < self.px(26):
            return 0, 0
        self._preview_w = card_w
        n = max(len(self.chosen()), 1)
        step = min(int(card_w * 0.62), (width - card_w) // max(1, n - 1)) if n > 1 else 0
        return card_w + (n - 1) * step, int(card_w * CARD_RATIO)

    def place_content(self, rect: pygame.Rect) -> None:
        self._shown = self.chosen()
        self._preview = []
        card_w = self._preview_w
        if self.option is None or not self._shown or not card_w:
            return
        cards = sorted(self._shown, key=lambda c: (c != C.EXCUSE, -c))
        n = len(cards)
        step = (rect.width - card_w) // (n - 1) if n > 1 else 0
        for i, card in enumerate(cards):
            self._preview.append((card, pygame.Rect(rect.x + i * step, rect.y, card_w,
                                                    int(card_w * CARD_RATIO))))

    def draw_content(self, surface: pygame.Surface) -> None:
        four, indices = self.app.settings.four_colour, self.app.settings.indices
        for card, rect in self._preview:
            surface.blit(self.app.assets.card(card, rect.width, four, indices), rect.topleft)


# --- misères -------------------------------------------------------------------------------------


class MiserePanel(Panel):
    """The misère variant: before the first card, a hand without trumps or heads may say so."""

    width = 720

    def __init__(self, host: DialogHost, remembered: Remembered) -> None:
        super().__init__(host)
        self.remembered = remembered
        self.kinds = choices.misere_options(self.view)
        for i, kind in enumerate(self.kinds):
            self.add_button(self.tr(f"panel_misere_announce_{kind}"), self._announce(kind),
                            hint=str(i + 1), keys=NUMBER_KEYS.get(i + 1, ()),
                            action=AnnounceMisere(kind))
        self.add_button(self.tr("panel_no_thanks"), self.decline, hint="N",
                        keys=(pygame.K_n,), action="decline")

    def _announce(self, kind: str) -> Callable[[], object]:
        return lambda: self.submit(AnnounceMisere(kind), sound="bid")

    def decline(self) -> None:
        self.remembered.declined.add("misere")
        self.close()

    def title(self) -> str:
        return self.tr("panel_misere_title")

    def paragraphs(self) -> list[tuple[str, str]]:
        value = self.view.rules.misere_value
        return [(self.tr(f"panel_misere_help_{kind}", value=value), "body")
                for kind in self.kinds]


