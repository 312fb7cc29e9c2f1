"""Undo and hints at the table, driven like a player would (see :mod:`tests.test_table`), and
practised deals in the saved match and the history.

Hints come from a stand-in job the tests control (when it answers, what it answers); one test
asks the real :mod:`game.table.hints` when it is there.
"""

from __future__ import annotations

import json
import random
import threading
import time
from dataclasses import dataclass
from typing import Any

import pygame
import pytest

from engine import cards as C
from engine import choices as O
from engine.actions import Action, Bid, DecideSlam, Discard, Play, ShowHandful
from engine.ai.base import Stop
from engine.events import CardPlayed
from engine.match import Match
from engine.randomplay import random_action
from engine.rules import load_rules
from engine.saves import load_deal, load_match
from engine.state import Phase
from game.app import paths
from game.app.i18n import tr
from game.match.autosave import MATCH_ID, Autosave
from game.match.session import read_saved_match
from game.table import assist
from game.table.dialogs.base import HINT
from tests.helpers.table import Table, become_taker

META = {"names": ["Ana", "Léa", "Hugo", "Chloé"], "bot_level": "simple", "variant": "fft"}


# --- a hint job the tests control ----------------------------------------------------------------


@dataclass(frozen=True)
class FakeHint:
    action: Action
    text: str
    options: list[str]


class FakeJob:
    """Answers once ``ready`` is set: the last legal card (or a garde, or a discard)."""

    def __init__(self, view: Any, lang: str, seed: int = 0) -> None:
        self.view = view
        self.lang = lang
        self.ready = False
        self.cancelled = False
        self.problem: str | None = None
        self.declarations = False
        if view.phase is Phase.PLAYING:
            card = view.legal_plays[-1]
            action: Action = Play(card)
            text = f"Play card {card}: it should win the trick (expected score +23)."
        elif view.phase is Phase.BIDDING:
            action = Bid("garde")
            text = "Bid a garde (expected score +48)."
        else:
            action = Discard(tuple(C.cards_of(O.discard_options(view).plain)[:6]))
            text = "Discard your short suits (expected score +35)."
        self.hint = FakeHint(action, text, ["best  +23", "second  +11", "third  \u22125"])

    def result(self) -> FakeHint | None:
        return self.hint if self.ready and not self.cancelled else None

    @property
    def failed(self) -> str | None:
        return self.problem

    def cancel(self) -> None:
        self.cancelled = True


@pytest.fixture
def jobs(monkeypatch: pytest.MonkeyPatch) -> list[FakeJob]:
    made: list[FakeJob] = []

    def start(view: Any, lang: str, seed: int, declarations: bool = False) -> FakeJob:
        job = FakeJob(view, lang, seed)
        job.declarations = declarations
        made.append(job)
        return job

    monkeypatch.setattr(assist, "hint_job", start)
    return made


def key(table: Table, code: int, mod: int = 0, char: str = "") -> None:
    table.post(pygame.KEYDOWN, key=code, mod=mod, unicode=char)
    table.step()


def ask_hint(table: Table, jobs: list) -> None:
    """Press H and let the (fake) search answer at once."""
    key(table, pygame.K_h, char="h")
    jobs[-1].ready = True
    table.step(2)


def to_first_card(table: Table) -> None:
    """Seed 4: the human passes, East takes; until the human's first card."""
    table.settle()
    table.answer(Bid(None))
    table.settle()
    table.decline_offers()
    assert table.scene.view.phase is Phase.PLAYING and table.scene.view.turn == 0


# --- undo --------------------------------------------------------------------------------------


def test_undo_is_off_at_the_start_of_a_deal():
    with Table(seed=4) as table:
        table.settle()
        scene = table.scene
        button = scene.buttons["undo"]
        assert not button.enabled
        assert button.tip == tr("table_undo_nothing")
        events = len(table.match.current.events)
        table.click(button.rect.center)  # says why, changes nothing
        assert scene.toast.text == tr("table_undo_nothing")
        key(table, pygame.K_u, char="u")
        assert len(table.match.current.events) == events
        assert table.match.practised == set()


def test_the_undo_button_takes_back_the_last_card():
    with Table(seed=4) as table:
        to_first_card(table)
        scene = table.scene
        card = scene.view.legal_plays[0]
        before = len(table.match.current.events)
        hand = sorted(scene.hand.order)
        table.click(table.card_point(card))
        table.settle()
        assert card not in scene.hand
        assert len(table.match.current.events) > before + 1  # the others played after it
        button = scene.buttons["undo"]
        assert button.enabled
        assert button.tip == tr("table_undo_tip", what=tr("table_undo_card"))
        table.click(button.rect.center)
        assert len(table.match.current.events) == before
        assert card in scene.hand and sorted(scene.hand.order) == hand
        assert not scene.sprites.trick and scene.view.trick.cards == ()
        assert scene.toast.text == tr("table_undo_done", what=tr("table_undo_card"))
        assert table.match.practised == {0}
        # the table goes on: the card may be played again
        table.settle()
        assert scene.view.turn == 0 and scene.idle
        table.drag_to_table(card)
        table.settle()
        assert card not in scene.hand
        assert any(isinstance(e, CardPlayed) and e.card == card and e.seat == 0
                   for e in table.match.current.events)


def test_undo_keys_and_the_bidding_comes_back():
    with Table(seed=3) as table:
        become_taker(table)  # garde, then the discard zone is open
        scene = table.scene
        zone = scene.layout.discard_rect.center
        card = C.cards_of(O.discard_options(scene.view).allowed)[0]
        table.drag(table.card_point(card), zone)
        assert len(scene.editor.zone) == 1
        key(table, pygame.K_z, pygame.KMOD_LCTRL, "z")  # Ctrl+Z takes the bid back
        table.settle()
        assert scene.view.phase is Phase.BIDDING and scene.view.turn == 0
        assert not scene.editor.open and not scene.editor.zone
        assert len(scene.hand) == 18 and card in scene.hand
        assert len(scene.sprites.dog) == 6 and all(s.face == 0 for s in scene.sprites.dog)
        panel = scene.dialogs.open_panel()
        assert type(panel).__name__ == "BiddingPanel" and not panel.done
        assert scene.toast.text == tr("table_undo_done", what=tr("table_undo_bid"))
        table.answer(Bid("garde"))  # bid again through the rebuilt dialog
        table.settle()
        contract = table.match.current.state.contract
        assert contract is not None and contract.name == "garde"
        assert table.match.practised == {0}
        key(table, pygame.K_u, char="u")  # U too
        table.settle()
        assert scene.view.phase is Phase.BIDDING


def test_undo_waits_while_the_cards_move():
    with Table(seed=4, speed="normal") as table:
        table.settle()
        scene = table.scene
        table.answer(Bid(None))
        table.step()
        assert not scene.idle  # the bid's bubble and the others' bids are being shown
        assert not scene.buttons["undo"].enabled
        assert scene.buttons["undo"].tip == tr("table_undo_wait")
        events = len(table.match.current.events)
        key(table, pygame.K_u, char="u")
        assert len(table.match.current.events) >= events
        assert table.match.practised == set()
        table.settle()
        assert scene.buttons["undo"].enabled


class GateBot:
    """Passes or plays its first legal card once ``gate`` is set."""

    name = "gate"

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.asked = 0

    def decide(self, view: Any, stop: Stop = None) -> Action:
        self.asked += 1
        self.gate.wait(10)
        return Bid(None) if view.phase is Phase.BIDDING else Play(view.legal_plays[0])


def test_undo_while_a_bot_thinks_drops_its_answer():
    with Table(seed=4, speed="normal") as table:
        gate = GateBot()
        table.controller.bots[1] = gate
        table.settle()
        scene = table.scene
        table.answer(Bid(None))
        table.until(lambda: gate.asked == 1 and scene.idle)
        table.step(30)  # the table has been still for a moment: undo is offered
        assert table.controller.is_thinking() and scene.buttons["undo"].enabled
        table.click(scene.buttons["undo"].rect.center)
        assert len(table.match.current.events) == 1
        assert type(scene.dialogs.open_panel()).__name__ == "BiddingPanel"
        gate.gate.set()
        table.step(30)
        assert len(table.match.current.events) == 1  # its answer came too late
        assert table.controller.waiting_for_human()


def test_the_last_card_is_taken_back_from_the_score_panel(tmp_path):
    with Table(seed=4) as table:
        save = Autosave(META, table.match)
        table.controller.on_change = save
        to_first_card(table)
        scene = table.scene
        while not table.match.current.is_over:
            table.decline_offers()
            table.drag_to_table(scene.view.legal_plays[0])
            table.settle()
        table.until(lambda: scene.score_panel is not None)
        table.step(2)
        history = sorted(paths.history_dir().glob("*.json"))
        assert len(history) == 1
        assert "practised" not in load_deal(history[0])[1]
        last = max(i for i, e in enumerate(table.match.current.events)
                   if isinstance(e, CardPlayed) and e.seat == 0)
        card = table.match.current.events[last].card  # type: ignore[attr-defined]
        button = scene.buttons["undo"]
        assert button.enabled  # over the result, the deal still being the current one
        # a stray U over the result asks first; "Keep the result" (or Esc) changes nothing
        from game.app.screens import ConfirmDialog

        for answer in ("no", "escape"):
            key(table, pygame.K_u, char="u")
            dialog = table.app.scene
            assert isinstance(dialog, ConfirmDialog)
            assert dialog.message.startswith("The deal is over. Take back your last card?")
            assert "practised" in dialog.message
            if answer == "no":
                table.click(dialog.no.rect.center)
            else:
                key(table, pygame.K_ESCAPE, char="\x1b")
            assert table.app.scene is scene and table.match.current.is_over
            assert scene.score_panel is not None and table.match.practised == set()
        table.click(button.rect.center)  # the button asks too: "Take it back"
        dialog = table.app.scene
        assert isinstance(dialog, ConfirmDialog)
        table.click(dialog.yes.rect.center)
        assert table.app.scene is scene
        assert scene.score_panel is None
        deal = table.match.current
        assert not deal.is_over and len(deal.events) == last
        assert table.match.totals == [0, 0, 0, 0]
        assert scene.totals() == [0, 0, 0, 0] and scene.view.phase is not Phase.FINISHED
        assert list(scene.hand.order) == [card] or card in scene.hand
        # the saved match knows the deal is practised
        assert json.loads(paths.current_match_file().read_text("utf-8"))["practised"] == [0]
        # played again to the end: its history file is replaced, and says it was practised
        table.settle()
        while not table.match.current.is_over:
            table.decline_offers()
            table.drag_to_table(scene.view.legal_plays[0])
            table.settle()
        table.until(lambda: scene.score_panel is not None)
        assert not scene.toast.visible  # "took back your card" leaves the result in sight
        assert sorted(paths.history_dir().glob("*.json")) == history
        _, meta = load_deal(history[0])
        assert meta["practised"] is True
        # then the next deal: the previous one is out of reach
        table.post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
        table.step(3)
        table.until(lambda: len(table.match.deals) == 2 and scene.idle)
        table.settle()
        assert not scene.buttons["undo"].enabled
        assert scene.assist.badge is None  # the new deal is not practised


def test_the_practised_badge_shows_for_the_deal():
    with Table(seed=4) as table:
        to_first_card(table)
        scene = table.scene
        assert scene.assist.badge is None
        key(table, pygame.K_u, char="u")
        table.step(2)
        badge = scene.assist.badge
        assert badge is not None
        assert badge.top >= scene.layout.score_rect.bottom
        for place in scene.layout.seats:
            assert not badge.colliderect(place.group)


# --- practised deals in the saved match and the history ------------------------------------------


def test_a_practised_deal_survives_a_resume_and_keeps_its_history_file():
    with Table(seed=4) as table:
        table.controller.on_change = Autosave(META, table.match)
        to_first_card(table)
        scene = table.scene
        while not table.match.current.is_over:
            table.decline_offers()
            table.drag_to_table(scene.view.legal_plays[0])
            table.settle()
    history = sorted(paths.history_dir().glob("*.json"))
    assert len(history) == 1
    saved = read_saved_match()
    assert history[0].name.startswith(f"deal-{saved.meta[MATCH_ID][:16]}-001-")
    match = saved.match
    assert match.practised == set() and match.current.is_over
    # resumed on the score screen: the last card is taken back and played again
    save = Autosave({**META, MATCH_ID: saved.meta[MATCH_ID]}, match)
    events = list(match.current.events)
    last = max(i for i, e in enumerate(events) if isinstance(e, CardPlayed) and e.seat == 0)
    assert match.undo(0)
    save(match)
    assert load_match(paths.current_match_file())[0].practised == {0}
    for event in events[last:]:
        if isinstance(event, CardPlayed):
            match.execute(event.seat, Play(event.card))
    assert match.current.is_over
    save(match)
    assert sorted(paths.history_dir().glob("*.json")) == history
    assert load_deal(history[0])[1]["practised"] is True


def test_a_cancelled_deal_taken_back_and_played_out_is_archived():
    match = Match.new(load_rules(), 4, seed=5, first_dealer=3)
    save = Autosave(META, match)
    while not match.current.is_over:
        match.execute(match.current.state.turn, Bid(None))  # type: ignore[arg-type]
        save(match)
    assert match.current.state.cancelled == "all_passed"
    assert list(paths.history_dir().glob("*.json")) == []
    assert match.undo(3)  # the last to pass takes a garde instead
    save(match)
    match.execute(3, Bid("garde"))
    rng = random.Random(5)
    while not match.current.is_over:
        state = match.current.state
        match.execute(state.turn, random_action(state, rng, slam_rate=0.0))  # type: ignore[arg-type]
        save(match)
    history = list(paths.history_dir().glob("*.json"))
    assert len(history) == 1
    assert load_deal(history[0])[1]["practised"] is True


# --- hints ---------------------------------------------------------------------------------------


def test_a_hint_is_shown_and_its_card_glows(jobs):
    with Table(seed=4) as table:
        to_first_card(table)
        scene = table.scene
        button = scene.buttons["hint"]
        assert button.enabled and button.pulse is None
        table.click(button.rect.center)
        assert len(jobs) == 1 and jobs[0].view.seat == 0
        table.step(3)
        assert button.pulse is not None  # thinking
        assert scene.assist.hint is None and scene.assist.box is None
        jobs[0].ready = True
        table.step(3)
        hint = scene.assist.hint
        assert hint is not None and button.active
        card = hint.action.card
        sprite = scene.hand.sprites[card]
        assert sprite.glow == HINT and sprite.lift > 0
        box = scene.assist.box
        assert box is not None
        lay = scene.layout
        assert not box.colliderect(lay.hand_rect) and not box.colliderect(lay.trick_rect)
        assert pygame.Rect(0, 0, *lay.size).contains(box)
        # playing the card takes the hint away; a hint never makes the deal practised
        table.click(table.card_point(card))
        table.step(2)
        assert scene.assist.hint is None and scene.assist.box is None
        assert sprite.glow != HINT
        assert table.match.practised == set()


def test_the_hint_key_escape_and_a_stale_job(jobs):
    with Table(seed=4) as table:
        to_first_card(table)
        scene = table.scene
        ask_hint(table, jobs)
        assert scene.assist.hint is not None
        key(table, pygame.K_ESCAPE, char="\x1b")  # hides the hint, stays at the table
        assert scene.assist.hint is None and scene in table.app.scenes
        key(table, pygame.K_h, char="h")
        key(table, pygame.K_h, char="h")  # twice while thinking: the search stops
        assert jobs[-1].cancelled and scene.assist.job is None
        # a job whose state is gone is cancelled and its answer ignored
        key(table, pygame.K_h, char="h")
        job = jobs[-1]
        table.click(table.card_point(scene.view.legal_plays[0]))
        job.ready = True
        table.step(3)
        assert job.cancelled and scene.assist.hint is None


def test_a_hint_for_the_bid_lights_its_button(jobs):
    with Table(seed=4) as table:
        table.settle()
        scene = table.scene
        panel = scene.dialogs.open_panel()
        assert type(panel).__name__ == "BiddingPanel"
        ask_hint(table, jobs)
        assert [b.label for b in panel.hinted_buttons()] == [tr("garde")]
        box = scene.assist.box
        assert box is not None and not box.colliderect(panel.rect)
        assert not box.colliderect(scene.layout.hand_rect)
        table.answer(Bid(None))
        table.step(2)
        assert scene.assist.hint is None and panel.hinted is None


@pytest.mark.parametrize(("players", "size"), [
    (3, (1024, 600)), (4, (1280, 720)), (5, (1024, 600)), (4, (1920, 1080)), (5, (1366, 768)),
])
def test_a_hint_in_play_leaves_every_name_beside_the_trick_in_sight(jobs, players, size):
    from game.table.paint import tag_rect

    for seed in range(1, 40):  # a deal where the human does not take and plays a card
        with Table(players=players, seed=seed, size=size) as table:
            table.settle()
            view = table.scene.view
            if view.phase is not Phase.BIDDING or view.turn != 0:
                continue
            table.answer(Bid(None))
            table.settle()
            table.decline_offers()
            view = table.scene.view
            if view.phase is not Phase.PLAYING or view.turn != 0:
                continue
            jobs.clear()
            ask_hint(table, jobs)
            scene = table.scene
            box, lay = scene.assist.box, scene.layout
            assert box is not None
            for place in lay.seats[1:]:
                pos, anchor = lay.trick_tag(place.seat, *place.trick)
                name = tag_rect(scene.ink, lay.u, scene.name(place.seat), pos, anchor)
                assert not box.colliderect(name), (place.seat, box, name)
            return
    raise AssertionError("no deal to try")


def test_a_discard_hint_lights_six_cards(jobs):
    with Table(seed=3) as table:
        become_taker(table)
        scene = table.scene
        ask_hint(table, jobs)
        cards = scene.assist.hint.action.cards
        assert len(cards) == 6
        assert all(scene.hand.sprites[c].glow == HINT for c in cards)
        box = scene.assist.box
        assert box is not None
        for rect in (scene.layout.discard_rect, scene.editor.confirm_button.rect,
                     scene.layout.hand_rect):
            assert not box.colliderect(rect)


def test_a_hint_on_a_handful_offer_is_about_the_declaration(jobs):
    table = Table(seed=482)  # the human holds ten trumps
    try:
        table.settle()
        scene = table.scene
        assert scene.submit(Bid("garde_sans"))
        table.settle()
        table.answer(DecideSlam(False))
        table.settle()
        panel = scene.dialogs.open_panel()
        assert type(panel).__name__ == "HandfulPanel"
        key(table, pygame.K_h, char="h")
        job = jobs[-1]
        assert job.declarations
        job.hint = FakeHint(ShowHandful(()), "Show nothing.", ["Nothing  +1"])  # no declaration
        job.ready = True
        table.step(2)
        assert [b.label for b in panel.hinted_buttons()] == [tr("panel_no_thanks")]
        # declining the offer is an answer: the hint goes
        table.click(table.button(tr("panel_no_thanks")).rect.center)
        table.step(2)
        assert scene.assist.hint is None
        key(table, pygame.K_h, char="h")
        assert not jobs[-1].declarations  # now about the card
    finally:
        table.close()


def test_a_failed_hint_says_why(jobs):
    with Table(seed=4) as table:
        to_first_card(table)
        scene = table.scene
        key(table, pygame.K_h, char="h")
        jobs[-1].problem = "no time"
        table.step(2)
        assert scene.assist.job is None and scene.assist.hint is None
        assert scene.toast.text == tr("table_hint_failed", problem="no time")
        assert scene.buttons["hint"].enabled and scene.buttons["hint"].pulse is None


def test_no_hint_when_it_is_not_the_players_turn(jobs):
    with Table(seed=4, speed="normal") as table:
        table.settle()
        table.answer(Bid(None))
        table.step()
        scene = table.scene
        assert not table.controller.waiting_for_human()
        assert not scene.buttons["hint"].enabled
        key(table, pygame.K_h, char="h")
        assert jobs == [] and scene.toast.text == tr("table_hint_not_your_turn")


def test_a_real_hint():
    hints = pytest.importorskip("game.table.hints")
    assert hasattr(hints, "HintJob")
    with Table(seed=4) as table:
        to_first_card(table)
        scene = table.scene
        key(table, pygame.K_h, char="h")
        assert scene.assist.job is not None
        end = time.monotonic() + 60
        while scene.assist.hint is None:
            assert scene.assist.job is not None, scene.toast.text
            assert time.monotonic() < end, "no hint within a minute"
            table.step()
            time.sleep(0.01)
        hint = scene.assist.hint
        assert hint.text and hint.options
        assert isinstance(hint.action, Play) and hint.action.card in scene.view.legal_plays
        assert scene.hand.sprites[hint.action.card].glow == HINT
        assert table.match.practised == set()


#: A hint as long as the French for a Garde contre's.
LONG_HINT = ("Annoncez Garde contre : prendre vaut 1308 de plus que passer, et vous gagnez le "
             "contrat dans 100 % des simulations (espérance +1308 pour vous, 342 de plus que "
             "le choix suivant).")


def test_a_hint_with_no_room_beside_the_dialog_has_the_dialog_step_aside(jobs):
    """A long hint beside a wide dialog may find no room clear of it: the dialog steps
    aside (laid out narrower, its buttons all there) until the hint has room beside it,
    never under or over it; when the hint goes, the dialog comes back (the hint was drawn
    over the dialog's buttons, "Garde contre" half hidden)."""
    with Table(seed=4, size=(1024, 600)) as table:
        table.settle()
        scene = table.scene
        panel = scene.dialogs.open_panel()
        assert panel is not None
        alone = pygame.Rect(panel.rect)
        labels = [b.label for b in panel.buttons]
        key(table, pygame.K_h, char="h")
        jobs[-1].hint = FakeHint(jobs[-1].hint.action, LONG_HINT, jobs[-1].hint.options)
        jobs[-1].ready = True
        table.step(2)
        box = scene.assist.box
        assert box is not None and scene.dialogs.room > 0
        assert scene.dialogs.open_panel() is panel and panel.rect.width < alone.width
        assert [b.label for b in panel.buttons] == labels
        assert not box.colliderect(panel.rect)
        for button in panel.buttons:
            assert panel.rect.contains(button.rect)
        key(table, pygame.K_ESCAPE)  # the hint goes: the dialog comes back
        assert scene.assist.hint is None and scene.dialogs.room == 0
        assert panel.rect == alone


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
def test_the_hint_leaves_every_seat_its_plate_its_bubble_and_the_dialog(jobs, players, size):
    """At the bid, with a dialog open: the hint panel is shown and covers no seat's plate,
    no dialog and no score box, nor, where there is room (five players leave none at the
    top), the others' bubbles (which are drawn over it anyway); no bubble goes under the
    dialog."""
    from game.table.geometry import BUBBLE_TEXT
    from game.table.room import LONGEST_WORDS

    with Table(players=players, seed=4, size=size) as table:
        table.settle()
        scene = table.scene
        ask_hint(table, jobs)
        box = scene.assist.box
        assert box is not None
        lay = scene.layout
        panel = scene.dialogs.open_panel()
        assert panel is not None and not box.colliderect(panel.rect)
        assert not box.colliderect(lay.score_rect) and not box.colliderect(lay.hand_rect)
        font = scene.app.assets.font(lay.u(BUBBLE_TEXT))
        said = max((font.size(tr(k)) for k in LONGEST_WORDS), key=lambda s: s[0])
        for place in lay.seats:
            assert not box.colliderect(place.group), (place.side, box)
            if place.seat != scene.me:
                bubble = lay.bubble_area(place.seat, said)
                assert players == 5 or not box.colliderect(bubble), (place.side, box, bubble)
                assert not panel.rect.colliderect(bubble), (place.side, panel.rect, bubble)


def test_enter_or_a_click_on_the_hint_does_what_it_says(jobs):
    """After H, Enter plays the suggested card (the focus moved to it), answers the bid, or
    lays the suggested discard in the zone to be confirmed; a click on the hint does the
    same, and a click on its × only hides it."""
    with Table(seed=4) as table:
        table.settle()
        scene = table.scene
        ask_hint(table, jobs)  # the bid: a garde
        key(table, pygame.K_RETURN, char="\r")
        assert (0, "garde") in table.match.current.state.bids
        assert scene.assist.hint is None
    with Table(seed=4) as table:
        to_first_card(table)
        scene = table.scene
        ask_hint(table, jobs)
        card = scene.assist.hint.action.card
        assert scene.hand.focus == card
        key(table, pygame.K_RETURN, char="\r")
        table.step(2)
        assert any(isinstance(e, CardPlayed) and e.seat == 0 and e.card == card
                   for e in table.match.current.events)
        table.settle()
        table.decline_offers()
        ask_hint(table, jobs)
        box, close = scene.assist.box, scene.assist.close_box
        table.click(close.center)  # the ×: hidden, nothing played
        assert scene.assist.hint is None and scene.view.turn == 0
        ask_hint(table, jobs)
        card = scene.assist.hint.action.card
        box = scene.assist.box
        table.click((box.left + 8, box.bottom - 8))  # the hint itself: played
        table.step(2)
        assert any(isinstance(e, CardPlayed) and e.seat == 0 and e.card == card
                   for e in table.match.current.events)
    with Table(seed=3) as table:
        become_taker(table)
        scene = table.scene
        ask_hint(table, jobs)
        cards = set(scene.assist.hint.action.cards)
        key(table, pygame.K_RETURN, char="\r")  # the discard goes into the zone...
        table.step(3)
        assert set(scene.editor.cards()) == cards and scene.view.phase is Phase.DISCARDING
        key(table, pygame.K_RETURN, char="\r")  # ...and Enter confirms it, as ever
        table.settle()
        assert set(C.cards_of(table.match.current.state.discard)) == cards


def test_the_arrow_keys_go_over_the_cards_that_may_not_be_played():
    with Table(seed=4) as table:
        to_first_card(table)
        scene = table.scene
        for _ in range(4):  # a trick where some cards may not be played
            if set(scene.view.hand) - set(scene.view.legal_plays):
                break
            table.drag_to_table(scene.view.legal_plays[0])
            table.settle()
            table.decline_offers()
        legal = set(scene.view.legal_plays)
        assert set(scene.view.hand) - legal, "a trick with cards that may not be played"
        seen = []
        for arrow in [pygame.K_RIGHT] * (len(scene.hand.order) + 2) + [pygame.K_LEFT] * 5:
            key(table, arrow)
            seen.append(scene.hand.focus)
        assert set(seen) == legal  # only the playable cards, round and round


def test_b_shows_who_holds_what_with_a_hint_and_goes_with_it(jobs):
    import time as _time

    from engine.ai.beliefs import beliefs

    with Table(seed=4) as table:
        to_first_card(table)
        scene = table.scene
        assist_ = scene.assist
        key(table, pygame.K_b, char="b")  # no hint yet: said how to get there
        assert not assist_.beliefs.visible
        assert "(H)" in scene.toast.text
        ask_hint(table, jobs)
        key(table, pygame.K_b, char="b")
        assert assist_.beliefs.visible
        step, view = assist_.beliefs_step()
        assert view is not None and view.seat == 0
        end = _time.monotonic() + 60
        while assist_.beliefs.at(step) is None and _time.monotonic() < end:
            table.step()
            _time.sleep(0.005)
        found = assist_.beliefs.at(step)
        assert found == beliefs(view, assist_.beliefs.samples, step[1])
        table.step(3)  # drawn under the hint, frame after frame
        # playing a card takes the hint away, and the beliefs with it
        table.click(table.card_point(scene.view.legal_plays[0]))
        table.step(2)
        assert assist_.hint is None and not assist_.beliefs.visible


def test_who_holds_what_early_in_a_deal_as_taker_shows_every_hand(jobs, monkeypatch):
    """1024 x 600 in French: the player takes a Garde, makes the discard and plays two
    tricks; then H and B. Every other seat's row and the discard's hold cards, the
    discard's the player's own, known for certain (100 %); every chance has its % sign, and
    a sentence says in words how sure the picture is, with no simulated deals in it (rows
    were empty: only cards more likely than not in one place were listed, and the taker's
    own discard was left out)."""
    import time as _time

    from game.table import beliefs as panel_module
    from game.table.beliefs import BeliefsPanel
    from tests.helpers.table import make_discard, taken_by_the_player

    with Table(players=4, match=taken_by_the_player(4, 3), size=(1024, 600)) as table:
        app, scene = table.app, table.scene
        app.update_settings(app.settings.with_(language="fr"), save=False)
        table.settle()
        make_discard(table)
        discard = set(scene.view.discard)
        while len(scene.view.tricks) < 2 or scene.view.turn != 0:
            panel = scene.dialogs.open_panel()
            if panel is not None:  # the slam, a handful: no, thank you
                table.click(panel.buttons[-1].rect.center)
            elif scene.view.turn == 0:
                table.drag_to_table(scene.view.legal_plays[0])
            table.settle()
        assert scene.view.phase is Phase.PLAYING and len(scene.view.tricks) == 2
        ask_hint(table, jobs)
        key(table, pygame.K_b, char="b")
        assist_ = scene.assist
        end = _time.monotonic() + 60
        while assist_.beliefs.at(assist_.beliefs_step()[0]) is None and (
                _time.monotonic() < end):
            table.step()
            _time.sleep(0.005)
        drawn: list[tuple[str, object]] = []  # what the panel draws, in order
        drawing = []
        shown_card, shown_text = app.assets.card, panel_module.blit_text
        panel_draw = BeliefsPanel.draw

        def card(card, *args):
            if drawing:
                drawn.append(("card", card))
            return shown_card(card, *args)

        def text(surface, assets, words, *args, **kwargs):
            drawn.append(("text", words))
            return shown_text(surface, assets, words, *args, **kwargs)

        def draw(self, *args, **kwargs):
            drawing.append(1)
            try:
                panel_draw(self, *args, **kwargs)
            finally:
                drawing.clear()

        monkeypatch.setattr(app.assets, "card", card)
        monkeypatch.setattr(panel_module, "blit_text", text)
        monkeypatch.setattr(BeliefsPanel, "draw", draw)
        table.step()
        rows: dict[str, list[tuple[int, str]]] = {}
        labels = [tr("replay_beliefs_discard", "fr")] + [scene.name(s) for s in (1, 2, 3)]
        row = None
        for kind, what in drawn:
            if kind == "text" and what in labels:
                row = rows.setdefault(str(what), [])
            elif kind == "card" and row is not None:
                row.append((int(what), ""))  # type: ignore[call-overload]
            elif kind == "text" and row and not row[-1][1]:
                row[-1] = (row[-1][0], str(what))  # the chance under the card
        assert set(rows) == set(labels), rows
        for label, cards in rows.items():
            assert cards, f"the row of {label} is empty"
            assert all(figure.endswith("%") for _, figure in cards), (label, cards)
        aside = rows[tr("replay_beliefs_discard", "fr")]
        assert {c for c, _ in aside} == discard
        assert {figure for _, figure in aside} == {tr("hint_percent", "fr", n=100)}
        texts = [what for kind, what in drawn if kind == "text"]
        assert not any("simul" in t.lower() for t in texts), texts
        words = [tr(f"replay_beliefs_{how}", "fr") for how in ("clear", "fair", "rough",
                                                               "vague")]
        assert any(t.startswith(tuple(words)) for t in texts), texts


def test_a_table_that_never_shows_who_holds_what_never_reaches_for_the_thinker():
    """Starting the thinker spawns processes and holds a frame: the panel only reaches for
    it when the player asks (B with a hint)."""
    asked = []
    with Table(seed=4) as table:
        table.scene.assist.beliefs._thinker = lambda: asked.append(1)  # type: ignore[assignment]
        to_first_card(table)
        table.step(30)
        assert asked == []
