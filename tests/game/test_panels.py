"""The table's dialogs and the end-of-deal score, driven by real mouse clicks and keys posted
to pygame's event queue, on the dummy video driver, with files kept in a temporary TAROT_HOME.

The first tests check which dialog the table opens for views built from engine states; the
others play on the real table scene.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from engine import cards as C
from engine import choices as O
from engine.actions import PASS, AnnounceMisere, Bid, Call, DecideSlam, Discard, Play
from engine.ai import make_bot
from engine.ai.random_bot import RandomBot
from engine.deal import Deal
from engine.events import (
    BidMade,
    DealDealt,
    HandfulShown,
    KingCalled,
    MisereAnnounced,
    SlamAnnounced,
    SlamDeclined,
)
from engine.match import Match
from engine.randomplay import random_discard
from engine.rules import load_rules
from engine.views import view_for
from game import driving
from game.app.settings import Settings
from game.app.window import App
from game.table import dialogs as P
from game.table.dialogs.base import signed
from game.table.score.panel import ScorePanel
from game.table.score.sheet import ScoreSheet, sheet_rows
from game.table.source import Scoreboard
from tests.helpers.apps import shut
from tests.helpers.table import Table

FFT = load_rules()
MISERES = load_rules(variant="miseres")
CALL_ANY = load_rules(variant="call_any_card")

#: Seat 0 with twelve trumps and the Excuse: every handful of four players up to the double.
TRUMPY = "T1 T3 T4 T6 T8 T9 T10 T12 T14 T17 T20 T21 EX KS QS 3H 4H 5C"
#: Seat 0 with neither trumps nor heads nor oudlers (both misères).
BARE = "1S 2S 3S 4S 5S 6S 7S 8S 9S 10S 1H 2H 3H 4H 5H 6H 7H 8H"
#: Five players, seat 0 holds all four kings: queens may be called too.
KINGS = "KS KH KD KC QS 3S 4H 5H T5 T7 T9 T11 T12 2D 3D"


# --- building deals and matches ------------------------------------------------------------------


def score_panel(scene: Any) -> ScorePanel:
    """The score panel the scene shows at the end of its deal."""
    return ScorePanel(scene, scene.source.scoreboard(), scene.options.score_label,
                      scene.score_done)


def crafted_deal(rules: Any, players: int, hand: str, dealer: int = 0, seed: int = 1) -> Deal:
    """A deal in which seat 0 holds ``hand`` and the other cards are shuffled."""
    rng = random.Random(seed)
    mine = C.parse_cards(hand.split())
    setup = rules.setup(players)
    rest = [c for c in range(C.DECK_SIZE) if c not in mine]
    rng.shuffle(rest)
    hands = [tuple(mine)]
    for _ in range(1, players):
        hands.append(tuple(rest[: setup.hand]))
        del rest[: setup.hand]
    return Deal.from_dealt(rules, DealDealt(players, dealer, tuple(hands), tuple(rest)))


def live_match(rules: Any, players: int) -> Match:
    """A new match whose first deal is not cancelled by a petit sec."""
    for seed in range(200):
        match = Match.new(rules, players, seed)
        if not match.current.is_over:
            return match
    raise AssertionError("no live deal")


class PassingBot(RandomBot):
    """Passes at the bidding, plays at random: the human gets the contract."""

    name = "passing"

    def bid(self, view: Any) -> Bid:
        return PASS

    def declare(self, view: Any) -> None:
        return None


def bots(players: int, passing: bool = False) -> dict[int, Any]:
    return {s: PassingBot(s) if passing else make_bot("random", s) for s in range(1, players)}


# --- panel_for, on views built from engine states ------------------------------------------------


class StillSource:
    """A match whose every move the test makes itself (no bots): the table's source and
    player, telling the table nothing until the test says so."""

    human_seat = 0
    seat = 0

    def __init__(self, match: Match) -> None:
        self.match = match
        self.submitted: list[Any] = []

    def view(self) -> Any:
        return view_for(self.match.current.state, 0)

    def poll(self) -> list[Any]:
        return []

    def revealed(self) -> None:
        return None

    def scoreboard(self) -> Scoreboard:
        return Scoreboard(len(self.match.deals), (0,) * self.match.players, self.match.current,
                          self.match)

    def submit(self, action: Any) -> None:
        self.submitted.append(action)
        self.match.current.execute(0, action)

    def hold(self, held: bool) -> None:
        pass

    def update(self) -> None:
        pass

    def is_thinking(self) -> bool:
        return False

    def whose_turn(self) -> int | None:
        return self.match.current.state.turn

    def next_deal(self) -> None:
        self.match.next_deal()

    def undoable(self, seat: int | None = None, past: tuple[type, ...] = ()) -> Any:
        return None

    def undo(self, seat: int | None = None, past: tuple[type, ...] = ()) -> bool:
        return False

    def practised(self) -> bool:
        return False

    def save_problem(self) -> None:
        return None

    def bot_trouble(self) -> None:
        return None

    def shutdown(self) -> None:
        pass


class ViewTable:
    """A real table over a :class:`StillSource`: the panels read its view and answer
    through it."""

    def __init__(self, app: App, match: Match) -> None:
        from game.table.scene import TableScene

        self.source = StillSource(match)
        self.scene = TableScene(app, self.source)
        self.scene.update(0.0)  # at rest on the view

    @property
    def view(self) -> Any:
        return self.scene.view

    @property
    def submitted(self) -> list[Any]:
        return self.source.submitted

    def submit(self, action: Any) -> bool:
        ok = self.scene.submit(action)
        self.refresh()
        return ok

    def refresh(self) -> None:
        self.scene.view = self.source.view()


def panel_for(table: ViewTable) -> Any:
    """The dialog the table opens for its view, asked as at rest."""
    table.refresh()
    table.scene.dialogs.refresh()
    return table.scene.dialogs.open_panel()


def pending_panel(table: ViewTable) -> Any:
    table.refresh()
    return table.scene.dialogs.pending()


def table_for(app: App, deal: Deal) -> ViewTable:
    return ViewTable(app, Match(deal.rules, deal.players, 1, deals=[deal]))


def advance(deal: Deal, until: Callable[[Deal], bool], bid: dict[int, str | None] | None = None,
            seed: int = 0) -> None:
    """Play every seat but what ``until`` waits for: bids from ``bid`` (default pass), random
    legal choices otherwise, no declarations."""
    rng = random.Random(seed)
    bid = bid or {}
    while not until(deal):
        state = deal.state
        seat = state.turn
        assert seat is not None, "the deal ended before the wanted state"
        view = view_for(state, seat)
        if state.phase.value == "bidding":
            action: Any = Bid(bid.get(seat))
        elif state.phase.value == "calling":
            action = Call(O.callable_cards(view)[0])
        elif state.phase.value == "discarding":
            action = random_discard(state, rng)
        elif state.phase.value == "slam":
            action = DecideSlam(False)
        else:
            action = Play(rng.choice(view.legal_plays))
        deal.execute(seat, action)


def human_turn(deal: Deal) -> bool:
    return deal.state.turn == 0


def test_panel_for_bidding_only_on_the_humans_turn(app: App) -> None:
    deal = crafted_deal(FFT, 4, TRUMPY, dealer=0)
    table = table_for(app, deal)
    assert panel_for(table) is None  # seat 1 speaks first
    advance(deal, human_turn, bid={2: "garde"})
    table.refresh()
    panel = panel_for(table)
    assert isinstance(panel, P.BiddingPanel)
    assert panel_for(table) is panel  # asked again, the same panel
    labels = [b.label for b in panel.buttons]
    assert labels == ["Pass", "Garde sans", "Garde contre"]


def test_panel_for_call_slam_handful_then_nothing(app: App) -> None:
    deal = crafted_deal(FFT, 5, KINGS, dealer=0)
    table = table_for(app, deal)
    advance(deal, human_turn)
    deal.execute(0, Bid("garde_sans"))
    table.refresh()
    panel = panel_for(table)
    assert isinstance(panel, P.CallPanel)
    assert sorted(panel.cards) == sorted(O.callable_cards(table.view))
    assert len(panel.cards) == 8  # all four kings held: the queens too
    deal.execute(0, Call(C.parse_card("QH")))
    table.refresh()
    assert isinstance(panel_for(table), P.SlamPanel)
    deal.execute(0, DecideSlam(False))
    advance(deal, human_turn)
    table.refresh()
    assert table.view.phase.value == "playing"
    assert panel_for(table) is None  # five players: a handful is 8 trumps, seat 0 has 5


def test_panel_for_handful_is_not_offered_again_once_declined(app: App) -> None:
    deal = crafted_deal(FFT, 4, TRUMPY, dealer=0)
    table = table_for(app, deal)
    advance(deal, human_turn)
    deal.execute(0, Bid("garde_sans"))
    deal.execute(0, DecideSlam(False))  # an announced slam would not change the leader here
    table.refresh()
    assert table.view.turn == 1
    advance(deal, human_turn)
    table.refresh()
    panel = panel_for(table)
    assert isinstance(panel, P.HandfulPanel)
    assert [o.level for o in panel.options] == ["simple", "double"]
    panel.decline()
    assert panel_for(table) is None
    assert pending_panel(table) is None
    # once the first card is played, nothing either
    table.submit(Play(table.view.legal_plays[0]))
    assert panel_for(table) is None


def test_panel_for_misere_with_the_variant_only(app: App) -> None:
    for rules, expected in ((FFT, None), (MISERES, P.MiserePanel)):
        deal = crafted_deal(rules, 4, BARE, dealer=0)
        table = table_for(app, deal)
        advance(deal, human_turn, bid={1: "garde_sans"})
        table.refresh()
        assert table.view.phase.value == "bidding"
        table.submit(PASS)
        advance(deal, human_turn)
        table.refresh()
        panel = panel_for(table)
        assert (panel is None) if expected is None else isinstance(panel, expected)
    assert isinstance(panel, P.MiserePanel)
    assert panel.kinds == ["trump", "heads"]
    panel.layout(pygame.Rect(200, 120, 880, 320), 1.0)
    panel.buttons[0].on_click()  # misère d'atout
    assert table.submitted[-1] == AnnounceMisere("trump")
    follow = panel_for(table)  # the other misère is still open
    assert isinstance(follow, P.MiserePanel) and follow.kinds == ["heads"]


def test_panel_for_nothing_while_discarding_or_after_the_deal(app: App) -> None:
    deal = crafted_deal(FFT, 4, TRUMPY, dealer=0)
    table = table_for(app, deal)
    advance(deal, human_turn)
    deal.execute(0, Bid("garde"))
    table.refresh()
    assert table.view.phase.value == "discarding"
    assert panel_for(table) is None


# --- the real table ------------------------------------------------------------------------------


def table_scene() -> Any:
    try:
        from game.table.scene import TableScene
    except ImportError as exc:  # pragma: no cover - until the table exists
        pytest.skip(f"the table scene is not available yet ({exc})")
    return TableScene


class Game(Table):
    """The table harness over a match with the tests' bots, and the dialog it shows."""

    def __init__(self, match: Match, bots: dict[int, Any]) -> None:
        super().__init__(match=match, bot_players=bots)

    def run_until(self, condition: Callable[[], bool]) -> None:
        """Frames until ``condition``, then one more (the table draws what it became)."""
        self.until(condition)
        self.step()

    @property
    def panel(self) -> Any:
        panel = self.scene.dialogs.open_panel()
        return panel if panel is not None and not panel.done else None

    def wait_panel(self, cls: type) -> Any:
        self.run_until(lambda: isinstance(self.panel, cls))
        return self.panel

    def key(self, code: int) -> None:
        driving.key(code, self.step)

    def click_button(self, panel: Any, label: str) -> None:
        """Clicks the button ``label`` of ``panel`` (a dialog, or the score panel)."""
        found = [b for b in panel.buttons if b.label == label]
        assert found, f"no button {label!r} in {[b.label for b in panel.buttons]}"
        self.click(found[0].rect.center)

    def hand_point(self, card: int) -> tuple[int, int]:
        """A point of the screen where the hand shows ``card`` on top."""
        hand = self.scene.hand
        rect = self.scene.layout.hand_rect
        for y in range(rect.top, rect.bottom, 4):
            for x in range(rect.left, rect.right, 3):
                if hand.card_at((x, y)) == card:
                    return x, y
        raise AssertionError(f"{C.format_card(card)} is not visible in the hand")

    def events(self) -> list[Any]:
        return list(self.match.current.events)


@pytest.fixture
def games() -> Callable[..., Game]:
    """Tables over a match (closed with the test, as every harness table is)."""

    def make(match: Match, passing: bool = False) -> Game:
        return Game(match, bots(match.players, passing))

    return make


def test_a_bid_made_by_clicking(games: Callable[..., Game]) -> None:
    game = games(live_match(FFT, 4))
    panel = game.wait_panel(P.BiddingPanel)
    view = game.scene.view
    legal = O.legal_bids(view)
    assert [b.label for b in panel.buttons] == [
        game.app.tr(b.contract) if b.contract else game.app.tr("pass") for b in legal]
    # the bids so far are listed, in speaking order
    said = {game.scene.name(s): c for s, c in view.bids}
    cells = {name: text for _, name, text, _ in panel._cells}
    for name, contract in said.items():
        assert cells[name] == game.app.tr(contract or "pass")
    choice = legal[-1]
    game.click_button(panel, game.app.tr(choice.contract or "pass"))
    assert BidMade(0, choice.contract) in game.events()
    assert panel.done


def test_a_pass_by_key(games: Callable[..., Game]) -> None:
    game = games(live_match(FFT, 4))
    game.wait_panel(P.BiddingPanel)
    game.key(pygame.K_p)
    assert BidMade(0, None) in game.events()


def take(game: Game, contract: str) -> None:
    panel = game.wait_panel(P.BiddingPanel)
    game.click_button(panel, game.app.tr(contract))
    assert BidMade(0, contract) in game.events()


def test_the_slam_panel_no_by_default_and_announce_by_click(
        games: Callable[..., Game]) -> None:
    deal = crafted_deal(FFT, 4, TRUMPY)
    game = games(Match(FFT, 4, 1, deals=[deal]), passing=True)
    take(game, "garde_sans")
    panel = game.wait_panel(P.SlamPanel)
    assert panel.buttons[0].selected  # No is the default
    game.click_button(panel, game.app.tr("panel_slam_yes"))
    assert SlamAnnounced(0) in game.events()

    deal = crafted_deal(FFT, 4, TRUMPY, seed=2)
    game = games(Match(FFT, 4, 2, deals=[deal]), passing=True)
    take(game, "garde_contre")
    game.wait_panel(P.SlamPanel)
    game.key(pygame.K_RETURN)
    assert SlamDeclined(0) in game.events()


def test_the_call_panel_with_five_players(games: Callable[..., Game]) -> None:
    game = games(live_match(FFT, 5), passing=True)
    take(game, "garde")
    panel = game.wait_panel(P.CallPanel)
    assert sorted(panel.cards) == sorted(O.callable_cards(game.scene.view))
    king = next(c for c in panel.cards if not game.scene.view.hand_mask >> c & 1)
    game.click(panel.card_rects[king].center)
    assert KingCalled(0, king) in game.events()


def test_the_call_panel_with_any_card(games: Callable[..., Game]) -> None:
    game = games(live_match(CALL_ANY, 5), passing=True)
    take(game, "garde_sans")
    panel = game.wait_panel(P.CallPanel)
    assert len(panel.cards) == C.DECK_SIZE
    rects = panel.card_rects
    assert all(game.app.screen.get_rect().contains(r) for r in rects.values())
    card = C.parse_card("T21")
    corner = (rects[card].x + 3, rects[card].y + 3)  # the corner index is never covered
    assert panel.card_at(corner) == card
    game.click(corner)
    assert KingCalled(0, card) in game.events()


def test_a_handful_chosen_in_the_hand_and_shown(games: Callable[..., Game]) -> None:
    deal = crafted_deal(FFT, 4, TRUMPY)
    game = games(Match(FFT, 4, 1, deals=[deal]), passing=True)
    take(game, "garde_sans")
    game.key(pygame.K_RETURN)  # no slam
    panel = game.wait_panel(P.HandfulPanel)
    assert [b.label for b in panel.buttons][:2] == [
        game.app.tr("panel_handful_show_simple"), game.app.tr("panel_handful_show_double")]
    game.click_button(panel, game.app.tr("panel_handful_show_simple"))
    scene = game.scene
    trumps = sorted(c for c in scene.view.hand if C.is_trump(c))
    assert scene.dialogs.select_mode
    petit, top = C.parse_card("T1"), C.parse_card("T21")
    # the lowest trumps first, but the Petit and the 21 hidden (more trumps than ten)
    assert sorted(scene.dialogs.selection) == [c for c in trumps if c not in (petit, top)][:10]
    assert panel is game.panel
    confirm = game.button(game.app.tr("panel_handful_confirm"))
    # swap the lowest shown for the 21, by clicking hand cards
    low = min(scene.dialogs.selection)
    game.click(game.hand_point(low))
    assert low not in scene.dialogs.selection
    game.step()
    assert not confirm.enabled
    assert any("9 / 10" in line[0] for line in panel._lines)
    game.click(game.hand_point(top))
    game.step()
    assert top in scene.dialogs.selection and confirm.enabled
    shown = tuple(sorted(scene.dialogs.selection))
    game.click(confirm.rect.center)
    handfuls = [e for e in game.events() if isinstance(e, HandfulShown)]
    assert len(handfuls) == 1 and handfuls[0].seat == 0
    assert sorted(handfuls[0].cards) == list(shown)  # shown high to low by the engine
    assert top in shown and petit not in shown
    # then the table lets the player play the first card
    game.run_until(lambda: game.controller.waiting_for_human() and game.panel is None)
    assert not scene.dialogs.select_mode
    assert scene.view.legal_plays


def test_a_declined_handful_is_not_offered_again(games: Callable[..., Game]) -> None:
    deal = crafted_deal(FFT, 4, TRUMPY)
    game = games(Match(FFT, 4, 1, deals=[deal]), passing=True)
    take(game, "garde_sans")
    game.key(pygame.K_RETURN)
    panel = game.wait_panel(P.HandfulPanel)
    game.click_button(panel, game.app.tr("panel_no_thanks"))
    game.step(5)
    assert game.panel is None
    assert not any(isinstance(e, HandfulShown) for e in game.events())
    assert game.controller.waiting_for_human()


def play_out(game: Game) -> None:
    """The human takes when it can, declines every declaration and plays legal cards."""
    rng = random.Random(5)

    def over() -> bool:
        return game.scene.score_panel is not None

    end = time.monotonic() + 30
    while not over():
        assert time.monotonic() < end, "the deal did not end"
        game.step()
        time.sleep(0.001)
        if not game.controller.waiting_for_human() or not game.scene.idle:
            continue
        view = game.scene.view
        panel = game.panel
        if isinstance(panel, P.BiddingPanel):
            game.click(panel.buttons[-1].rect.center)
        elif isinstance(panel, P.SlamPanel):
            game.key(pygame.K_RETURN)
        elif isinstance(panel, P.HandfulPanel | P.MiserePanel):
            game.click_button(panel, game.app.tr("panel_no_thanks"))
        elif isinstance(panel, P.CallPanel):
            game.click(panel.card_rects[panel.cards[0]].center)
        elif view.phase.value == "discarding":
            assert game.scene.submit(random_discard(game.match.current.state, rng))
        elif view.phase.value == "playing" and view.legal_plays:
            assert game.scene.submit(Play(rng.choice(view.legal_plays)))


def test_the_score_panel_at_the_end_of_a_deal_and_next_deal(games: Callable[..., Game]) -> None:
    game = games(live_match(FFT, 4))
    play_out(game)
    panel = game.scene.score_panel
    assert isinstance(panel, ScorePanel)
    deal = game.match.current
    result = deal.result
    assert result is not None and panel.result == result
    # the calculation: its terms add up to V, and the table holds each seat's score and total
    assert sum(line.term for line in panel.lines if line.term is not None) == result.value
    values = [line.value for line in panel.lines]
    assert signed(result.value) in values
    assert str(result.oudlers) in values
    margin = game.app.tr("score_made_by" if result.made else "score_lost_by", n=result.margin)
    assert margin in values
    rows = panel._table[1:]
    totals = game.match.totals
    for seat, (_, cells, _) in enumerate(rows):
        texts = [text for text, _ in cells]
        assert texts[0] == game.scene.name(seat)
        assert texts[-2] == signed(result.scores[seat])
        assert texts[-1] == signed(totals[seat])
    assert panel.rect.width > 0 and game.app.screen.get_rect().contains(panel.rect)
    # Next deal, by a click
    game.click_button(panel, game.app.tr("score_next_deal"))
    assert len(game.match.deals) == 2
    game.run_until(lambda: game.scene.score_panel is None)
    assert not game.match.current.is_over or game.match.current.state.cancelled


def test_the_score_sheet_lists_every_deal(games: Callable[..., Game]) -> None:
    match = live_match(FFT, 4)
    players = {s: make_bot("random", 40 + s) for s in range(4)}
    for number in range(12):
        while not match.current.is_over:
            state = match.current.state
            match.execute(state.turn, players[state.turn].decide(view_for(state, state.turn)))
        if number < 11:
            match.next_deal()
    game = games(match)
    game.run_until(lambda: game.scene.score_panel is not None)
    panel = game.scene.score_panel
    game.key(pygame.K_s)
    sheet = game.app.scene
    assert isinstance(sheet, ScoreSheet)
    assert [row.number for row in sheet.rows] == [str(n) for n in range(1, 13)]
    assert sheet.rows[-1].totals == tuple(match.totals)
    for row, deal in zip(sheet.rows, match.deals, strict=True):
        assert row.scores == tuple(deal.scores)
        assert row.dealer == game.scene.name(deal.state.dealer)
    # a long sheet scrolls: it opens on the last deals, the wheel goes back up
    assert sheet.content_h > sheet.body.height
    bottom = sheet.scroll
    assert bottom > 0
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False,
                                         precise_x=0.0, precise_y=2.0))
    game.step()
    assert sheet.scroll < bottom
    game.key(pygame.K_HOME)
    assert sheet.scroll == 0
    # Back returns to the table and its score panel
    game.click(sheet.back.rect.center)
    assert game.app.scene is game.scene
    assert game.scene.score_panel is panel


# --- the score panel's content -------------------------------------------------------------------


class ScoreTable(ViewTable):
    """A table for the score panel: a match whose current deal is over; the panel's main
    button deals the next hand."""

    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app, match)
        self.match = match

    @property
    def dealt(self) -> int:
        return len(self.match.deals) - 1


def finished(players: int, seed: int, rules: Any = FFT) -> Match:
    match = live_match(rules, players)
    bots = {s: RandomBot(seed + s, handful_rate=0.6, slam_rate=0.2) for s in range(players)}
    while not match.current.is_over:
        state = match.current.state
        match.execute(state.turn, bots[state.turn].decide(view_for(state, state.turn)))
    return match


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("seed", range(6))
def test_the_calculation_adds_up_to_the_deal_value(app: App, players: int, seed: int) -> None:
    match = finished(players, seed, MISERES if seed % 2 else FFT)
    deal = match.current
    table = ScoreTable(app, match)
    panel = score_panel(table.scene)
    panel.layout(pygame.Rect(0, 0, 1280, 720), 1.0)
    result = deal.result
    if result is None:
        assert panel.result is None and panel.lines
        return
    assert sum(line.term for line in panel.lines if line.term is not None) == result.value
    labels = [line.label for line in panel.lines]
    if result.petit_au_bout:
        assert app.tr("score_petit_au_bout") in labels
    if result.handful_bonus:
        assert app.tr("score_handfuls") in labels
    if result.slam:
        assert app.tr("score_slam") in labels
    if players == 5:
        assert app.tr("score_partner") in labels
    # the oudlers counted are named, the Excuse's camp told, a rounded margin explained
    from engine.scoring import excuse_fate, oudlers_counted

    lines = {line.label: line for line in panel.lines}
    oudlers = lines[app.tr("score_oudlers")]
    named = oudlers_counted(deal.state)
    assert len(named) == result.oudlers
    for card in named:
        assert ScorePanel._oudler_name(card) in oudlers.detail
    assert f"{result.target}" in oudlers.detail
    excuse = lines[app.tr("score_excuse")]
    camp = app.tr("score_camp_taker" if excuse_fate(deal.state).camp == 0
                  else "score_camp_defence")
    assert excuse.value.lower() == camp.lower() and excuse.detail
    margin = lines[app.tr("score_margin")]
    exact = abs(result.points_half - 2 * result.target)
    if exact % 2:
        assert margin.detail == f"exactly {exact / 2:g}" and result.margin == (exact + 1) // 2
    else:
        assert margin.detail == ""
    for size in ((1280, 720), (1024, 600)):
        unit = min(size[0] / 1280, size[1] / 720)
        panel.layout(pygame.Rect(0, 0, *size), unit)
        assert pygame.Rect(0, 0, *size).contains(panel.rect), (size, panel.rect)
        for button in panel.buttons:
            assert panel.rect.contains(button.rect)
        panel.draw(app.screen)


def test_the_score_panel_for_a_cancelled_deal(app: App) -> None:
    deal = Deal.new(FFT, 4, 0, 5)
    for seat in (1, 2, 3, 0):
        if not deal.is_over:
            deal.execute(seat, PASS)
    assert deal.state.cancelled == "all_passed"
    table = table_for(app, deal)
    panel = score_panel(table.scene)
    assert panel.result is None
    assert panel.title() == app.tr("score_cancelled_title")
    assert panel.lines[0].label == app.tr("score_cancel_all_passed")
    panel.layout(pygame.Rect(0, 0, 1280, 720), 1.0)
    panel.draw(app.screen)
    panel.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                          unicode=""))
    assert panel.done and len(table.source.match.deals) == 2

    petit_sec = crafted_deal(FFT, 4, "T1 " + " ".join(BARE.split()[1:]))
    assert petit_sec.state.cancelled == "petit_sec"
    table = table_for(app, petit_sec)
    panel = score_panel(table.scene)
    name = table.scene.name(0)
    assert panel.lines[0].label == app.tr("score_cancel_petit_sec", name=name)


def test_sheet_rows_running_totals(app: App) -> None:
    match = finished(4, 3)
    match.next_deal()
    deal = match.current
    while not deal.is_over:
        deal.execute(deal.state.turn, PASS)
    rows = sheet_rows(match, ["A", "B", "C", "D"], app.tr)
    assert len(rows) == 2
    assert rows[0].totals == tuple(match.deals[0].scores)
    assert rows[1].scores == (0, 0, 0, 0) and rows[1].totals == rows[0].totals
    key = "sheet_petit_sec" if deal.state.cancelled == "petit_sec" else "sheet_all_passed"
    assert rows[1].result == app.tr(key)
    assert rows[1].dealer == "B"


@pytest.mark.parametrize(("record", "counted"), [
    ("EXAMPLE_1", ["sheet_petit_au_bout_taker", "sheet_handful"]),
    ("SLAM_UNANNOUNCED", ["sheet_petit_au_bout_taker", "sheet_slam_made"]),
    ("SLAM_FAILED", ["sheet_petit_au_bout_taker", "sheet_slam_announced_failed"]),
    ("DEFENCE_SLAM", ["sheet_slam_defence"]),
])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_score_sheet_names_every_bonus_the_deal_counted(
        games: Callable[..., Game], monkeypatch: pytest.MonkeyPatch, record: str,
        counted: list[str], lang: str) -> None:
    """"made by 8 · handful" left the Petit au bout out: the sheet's row names every bonus
    of the engine's scoring, whole, under the result."""
    from game.table.score import sheet as drawn
    from tests.helpers import scored_deals

    deal = scored_deals.replay(getattr(scored_deals, record))
    game = games(Match(deal.rules, deal.players, 0, deal.state.dealer, deals=[deal]))
    game.app.update_settings(game.app.settings.with_(language=lang), save=False)
    game.run_until(lambda: game.scene.score_panel is not None)
    texts: list[str] = []
    blit = drawn.blit_text
    monkeypatch.setattr(drawn, "blit_text", lambda surface, assets, text, *rest, **kw: (
        texts.append(text), blit(surface, assets, text, *rest, **kw))[1])
    game.key(pygame.K_s)  # the score panel's Score sheet
    sheet = game.app.scene
    assert isinstance(sheet, ScoreSheet)
    [row] = sheet.rows
    tr = game.app.tr
    result = deal.result
    assert row.result == tr("score_made_by" if result.made else "score_lost_by",
                            n=result.margin)
    assert row.bonuses == " \u00b7 ".join(tr(key) for key in counted)
    assert row.result in texts and row.bonuses in texts  # drawn whole, nothing cut


def test_panels_fit_every_window_size(home: Path) -> None:
    """Each panel stays on screen and inside the table's middle when it can."""
    from game.table.layout import TableLayout

    for size in ((1024, 600), (1280, 720), (1920, 1080)):
        app = App(Settings(sound=False), size=size)
        try:
            deal = crafted_deal(FFT, 4, TRUMPY)
            table = table_for(app, deal)
            advance(deal, human_turn)
            table.refresh()
            layout = TableLayout(size, 4, app.unit)
            for make in (P.BiddingPanel, P.SlamPanel):
                panel = make(table.scene)
                panel.layout(layout.panel_rect, app.unit)
                assert layout.panel_rect.contains(panel.rect), (size, make)
                for button in panel.buttons:
                    assert panel.rect.contains(button.rect)
                panel.draw(app.screen)
            deal.execute(0, Bid("garde_sans"))
            deal.execute(0, DecideSlam(False))
            advance(deal, human_turn)
            table.refresh()
            panel = P.HandfulPanel(table.scene, table.scene.dialogs)
            panel.layout(layout.panel_rect, app.unit)
            assert layout.panel_rect.contains(panel.rect)
            panel.choose_level(panel.options[-1])
            assert layout.panel_rect.contains(panel.rect)
            assert panel.rect.bottom <= layout.hand_rect.top
            panel.draw(app.screen)
        finally:
            shut(app)


def test_discard_then_no_dialog_until_the_slam(app: App) -> None:
    """With Petite the taker discards first (on the table): no dialog meanwhile."""
    deal = crafted_deal(FFT, 4, TRUMPY)
    table = table_for(app, deal)
    advance(deal, human_turn)
    table.submit(Bid("petite"))
    assert panel_for(table) is None
    table.submit(random_discard(deal.state, random.Random(1)))
    assert isinstance(panel_for(table), P.SlamPanel)
    assert isinstance(table.submitted[-1], Discard)


def test_misere_announced_by_click(games: Callable[..., Game]) -> None:
    deal = crafted_deal(MISERES, 4, BARE)
    game = games(Match(MISERES, 4, 1, deals=[deal]), passing=False)
    panel = game.wait_panel(P.BiddingPanel)
    game.click_button(panel, game.app.tr("pass"))
    if game.match.current.is_over:
        pytest.skip("everyone passed in this deal")
    panel = game.wait_panel(P.MiserePanel)
    game.click_button(panel, game.app.tr("panel_misere_announce_heads"))
    assert MisereAnnounced(0, "heads") in game.events()


def test_the_call_panel_draws_the_kings_with_the_chosen_letters(
        games: Callable[..., Game]) -> None:
    """The kings offered to call carry the letters of the setting (K or R) and change the
    moment it changes; the name said on hover stays in the interface's language."""
    game = games(live_match(FFT, 5), passing=True)
    app = game.app
    take(game, "garde")
    panel = game.wait_panel(P.CallPanel)
    kings = [c for c in panel.cards if C.RANK_OF[c] == C.KING]
    assert len(kings) == 4

    def corners() -> dict[int, bytes]:
        found = {}
        for card in kings:
            rect = panel.card_rects[card]
            x = rect.x + round(rect.width * 31 / 240)
            y = rect.y + round(rect.height * 33 / 448)
            half = max(3, round(rect.width * 0.06))
            area = pygame.Rect(x - half, y - half, 2 * half, 2 * half)
            found[card] = pygame.image.tobytes(app.screen.subsurface(area), "RGB")
        return found

    app.update_settings(app.settings.with_(card_indices="en"), save=False)
    game.step(2)
    english = corners()
    app.update_settings(app.settings.with_(card_indices="fr"), save=False)
    game.step(2)
    french = corners()
    assert all(english[c] != french[c] for c in kings)
    app.update_settings(app.settings.with_(card_indices="en"), save=False)
    game.step(2)
    assert corners() == english
    # French letters in the English interface: the hover still names the king in English
    app.update_settings(app.settings.with_(card_indices="fr"), save=False)
    pos = panel.card_rects[kings[0]].center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    game.step(2)
    assert panel.hover == kings[0]
    said = " ".join(text for text, _ in panel.paragraphs())
    assert "King of" in said and "Roi" not in said
