"""Nothing drawn over the table hides what the player must see.

At every phase with a dialog, a hint or a toast open — the bid (with its hint), the call
with five players, the discard (with its hint), the slam, the handful with the player to
lead and beside a trick the others began, the expert's line in the replay — at 1024 x 600,
1280 x 720 and 1920 x 1080, for 3, 4 and 5 players, in English and French: the dialog, the
hint panel and the toast cover no dialog's button, no seat's plate, none of the player's
hand and none of any seat's cards (the others' fans, the trick where it is drawn, the cards
shown), nor the running scores. The hint is drawn clear of the dialog as a whole.

What is drawn is measured as drawn: the dialog's and the hint's rectangles as the table
keeps them, the toast's as it is painted; what must stay in sight is worked out here from
the sprites and the layout.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager

import pygame
import pytest
from pygame import Rect

from engine import choices as O
from engine.actions import Bid, Call, DecideSlam
from engine.deal import Deal
from engine.match import Match
from engine.rules import load_rules
from engine.state import Phase
from game.app import widgets
from game.app.assets import card_height
from game.table import assist
from game.table.hints import explain
from game.table.layout import TableLayout
from tests.helpers.deal_kinds import Plan, PlanBot
from tests.helpers.stacked_deals import stacked_dealt
from tests.helpers.table import Table, make_discard

SIZES = ((1024, 600), (1280, 720), (1920, 1080))
LANGS = ("en", "fr")


# --- what is drawn, what must stay in sight ---------------------------------------------------


def card_rect(x: float, y: float, width: float) -> Rect:
    rect = Rect(0, 0, round(width), card_height(round(width)))
    rect.center = (round(x), round(y))
    return rect


def trick_cards(scene) -> list[Rect]:
    """The trick's cards where the table draws them: in the middle, smaller beside a
    declaration's dialog, or in a row above the discard zone."""
    lay: TableLayout = scene.layout
    played = [s for s in scene.sprites.trick if s.card is not None]
    if scene.editor.open and played:
        width, spots = lay.trick_aside(len(played))
        return [card_rect(x, y, width) for x, y in spots]
    if scene.dialogs.beside_trick() and not scene.editor.open:
        scale, (cx, cy), _ = lay.trick_beside()
        ox, oy = lay.trick_rect.center
        out = []
        for sprite in played:
            x, y = lay.seats[sprite.owner].trick
            out.append(card_rect(cx + (x - ox) * scale, cy + (y - oy) * scale,
                                 lay.trick_w * scale))
        return out
    return [card_rect(s.x, s.y, s.width) for s in played]


def in_sight(scene) -> dict[str, Rect]:
    """What nothing drawn over the table may cover."""
    lay: TableLayout = scene.layout
    out: dict[str, Rect] = {}
    open_hands = scene.source.revealed() is not None  # a replay's: face up on the plates
    if lay.score_rect.width:  # not drawn beside a replay's open hands
        out["scores"] = Rect(lay.score_rect)
    for place in lay.seats:
        out[f"plate {place.seat}"] = Rect(place.box)
        count = scene.fan_count(place.seat)
        if place.seat == scene.me:
            continue
        if open_hands:
            width = lay.open_width(place.seat)
            for i, (x, y) in enumerate(lay.open_hand_slots(place.seat, count, width)):
                out[f"hand of {place.seat}.{i}"] = card_rect(x, y, width)
        else:
            for i, slot in enumerate(lay.fan_slots(place.seat, count)):
                out[f"fan {place.seat}.{i}"] = card_rect(slot.x, slot.y, lay.small_w)
    for card, sprite in scene.hand.sprites.items():
        out[f"hand {card}"] = card_rect(sprite.x, sprite.y - sprite.lift, sprite.width)
    for i, rect in enumerate(trick_cards(scene)):
        out[f"trick {i}"] = rect
    for show in scene.sprites.shows:
        for sprite in show.sprites:
            out[f"shown {sprite.card}"] = card_rect(sprite.x, sprite.y, sprite.width)
    panel = scene.dialogs.open_panel()
    if panel is not None and not scene.editor.open:
        for button in panel.buttons:
            out[f"dialog button {button.label}"] = Rect(button.rect)
        for card, rect in getattr(panel, "card_rects", {}).items():  # the cards to call
            out[f"dialog button {card}"] = Rect(rect)
    if scene.editor.open:
        out["confirm the discard"] = Rect(scene.editor.confirm_button.rect)
    return out


@contextmanager
def toast_rects() -> Iterator[list[Rect]]:
    """The rectangles the toast is painted in, frame after frame."""
    painted: list[Rect] = []
    panel, draw = widgets.draw_panel, widgets.Toast.draw
    inside = []

    def record(surface, rect, *args, **kwargs):
        if inside:
            painted.append(Rect(rect))
        return panel(surface, rect, *args, **kwargs)

    def toast(self, *args, **kwargs):
        inside.append(1)
        try:
            return draw(self, *args, **kwargs)
        finally:
            inside.clear()

    widgets.draw_panel = record
    widgets.Toast.draw = toast
    try:
        yield painted
    finally:
        widgets.draw_panel = panel
        widgets.Toast.draw = draw


def drawn_over(scene, painted: list[Rect]) -> dict[str, Rect]:
    """What is drawn over the table now: the dialog, the hint panel, the toast."""
    out: dict[str, Rect] = {}
    panel = scene.dialogs.open_panel()
    if panel is not None and not scene.editor.open:
        out["dialog"] = Rect(panel.rect)
    if scene.assist.box is not None:
        out["hint"] = Rect(scene.assist.box)
    if scene.toast.visible and painted:
        out["toast"] = painted[-1]
    return out


def check(table: Table, where: str) -> None:
    """At every size: what is drawn over the table leaves in sight what must be seen."""
    scene = table.scene
    for size in SIZES:
        table.app.window.size = size
        table.app.dispatch(pygame.event.Event(pygame.WINDOWSIZECHANGED))
        with toast_rects() as painted:
            table.step()
        over = drawn_over(scene, painted)
        assert over, (where, "nothing drawn over the table")
        for name, rect in over.items():
            for seen, other in in_sight(scene).items():
                if name == "dialog" and seen.startswith("dialog button"):
                    continue  # its own buttons
                assert not rect.colliderect(other), (where, size, name, rect, seen, other)
        if "hint" in over and "dialog" in over:
            assert not over["hint"].colliderect(over["dialog"]), (where, size)


# --- the player's path ----------------------------------------------------------------------


class Hinting:
    """The hint, worked out at once from a quick analysis (the real sentence, in the
    player's language, with every option)."""

    def __init__(self, view, lang: str, seed: int, declarations: bool = False) -> None:
        from engine.ai.analysis import analyse

        self.hint = explain(view, analyse(view, samples=2, seed=seed,
                                          declarations=declarations), lang)
        self.failed = None

    def result(self):
        return self.hint

    def cancel(self) -> None:
        pass


@pytest.fixture(autouse=True)
def quick_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(assist, "hint_job", Hinting)


def press(table: Table, code: int, char: str = "") -> None:
    table.post(pygame.KEYDOWN, key=code, mod=0, unicode=char)
    table.step(2)


def toast_then_hint(table: Table, where: str) -> None:
    """B without a hint says so in a toast; then H: each checked at every size."""
    press(table, pygame.K_b, "b")
    assert table.scene.toast.visible, where
    check(table, f"{where}, toast")
    press(table, pygame.K_h, "h")
    assert table.scene.assist.hint is not None, where
    check(table, f"{where}, hint")
    press(table, pygame.K_ESCAPE)
    table.scene.toast.show("", 0.0)


def click_action(table: Table, action: object) -> None:
    """A click on the dialog's button that makes ``action`` (or on the card to call)."""
    panel = table.scene.dialogs.open_panel()
    assert panel is not None
    if isinstance(action, Call):
        table.click(panel.card_rects[action.card].center)
    else:
        button = next(b for b in panel.buttons if b.extra.get("action") == action)
        table.click(button.rect.center)
    table.settle()


def stacked_table(players: int, lang: str, dealer: int, plan: Plan) -> Table:
    """Seat 0 holds most trumps and the four kings: a handful to show."""
    rules = load_rules()
    dealt = stacked_dealt(rules, players, dealer, random.Random(players), 0, "trumps")
    deal = Deal.from_dealt(rules, dealt)
    bots = {s: PlanBot(plan, s) for s in range(1, players)}
    table = Table(players=players, match=Match(rules, players, 1, deals=[deal]),
                  bot_players=bots, size=SIZES[0])
    table.app.update_settings(table.app.settings.with_(language=lang), save=False)
    return table


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_taker_s_dialogs_hints_and_toasts_hide_nothing(players: int, lang: str) -> None:
    plan = Plan("taker", players, "fft", taker=0, contract="garde", seed=players)
    with stacked_table(players, lang, players - 1, plan) as table:
        scene = table.scene
        table.settle()
        toast_then_hint(table, "bid")
        click_action(table, Bid("garde"))
        if scene.view.phase is Phase.CALLING:
            toast_then_hint(table, "call")
            click_action(table, O.legal_actions(scene.view)[0])
        assert scene.view.phase is Phase.DISCARDING and scene.editor.open
        toast_then_hint(table, "discard")
        make_discard(table)
        if scene.view.phase is Phase.SLAM:
            toast_then_hint(table, "slam")
            click_action(table, DecideSlam(False))
        assert type(scene.dialogs.open_panel()).__name__ == "HandfulPanel"
        assert not scene.view.trick.cards  # the player leads
        toast_then_hint(table, "handful")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_handful_beside_a_trick_hides_nothing(players: int, lang: str) -> None:
    plan = Plan("beside", players, "fft", taker=2, contract="garde_sans", seed=players)
    with stacked_table(players, lang, 1, plan) as table:  # seat 2 speaks and leads first
        scene = table.scene
        table.settle()
        click_action(table, Bid(None))
        assert type(scene.dialogs.open_panel()).__name__ == "HandfulPanel"
        assert scene.view.trick.cards and scene.dialogs.beside_trick()
        toast_then_hint(table, "handful beside the trick")


def test_a_toast_too_long_for_the_room_is_cut_short_not_drawn_over() -> None:
    """A message longer than any room the table has (a file's problem told in full, say)
    is cut to the largest room there is, its last line ending with an ellipsis."""
    plan = Plan("taker", 4, "fft", taker=0, contract="garde", seed=4)
    with stacked_table(4, "en", 3, plan) as table:
        table.settle()
        table.scene.toast.show(" ".join(["The deal could not be read:"] * 60), 6.0)
        check(table, "a long toast at the bid")
        placed = table.scene.toasts.place(table.scene.assist.box)
        assert placed is not None and placed[1][-1].endswith("\u2026")


# --- the replay's toast -------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_expert_s_line_toast_hides_nothing(players: int) -> None:
    """L in the replay, two tricks from the end: the toast that says the expert is at work,
    then the one that gives its line's result, in both languages, at every size: on the
    table (not over the side panel), clear of the hand, the plates and the cards."""
    from tests.helpers.replay import Replay, played_deal

    deal = played_deal(players, 100 + players, seat_0="random")  # the expert plays otherwise
    for lang in LANGS:
        with Replay.of(deal, size=SIZES[0]) as board:
            board.app.update_settings(board.app.settings.with_(language=lang), save=False)
            scene = board.scene
            scene.go(scene.cursor.trick_starts()[-3])
            board.step(2)
            board.key(pygame.K_l)
            job = scene.expert_job
            assert job is not None
            check_replay(board, f"{players} players, {lang}, the expert at work")
            assert job.wait(120), job.error
            board.step(3)
            assert scene.showing is not None
            check_replay(board, f"{players} players, {lang}, the expert's line")


def check_replay(board, where: str) -> None:
    for size in SIZES:
        board.app.window.size = size
        board.app.dispatch(pygame.event.Event(pygame.WINDOWSIZECHANGED))
        with toast_rects() as painted:
            board.step()
        table = board.scene.table  # a new one when the expert's line comes
        assert table.toast.visible and painted, where
        toast = painted[-1]
        assert Rect((0, 0), table.layout.size).contains(toast), (where, size, toast)
        for seen, other in in_sight(table).items():
            assert not toast.colliderect(other), (where, size, toast, seen, other)
