"""The replay viewer: the cursor over a deal's log, and the viewer scene driven with keys and
the mouse like a player would, with instant animations."""

from __future__ import annotations

import itertools
import random
import time

import pygame
import pytest

from engine.deal import Deal
from engine.events import DealScored
from engine.randomplay import random_action
from engine.rules import load_rules
from engine.saves import save_deal
from engine.state import replay
from engine.views import public_events, view_for
from game import driving
from game.replay.choice import figure
from game.replay.cursor import ReplayCursor
from game.replay.narrate import narrate
from game.replay.source import ReplaySource
from game.table.scene import TableScene
from game.table.source import Redraw
from tests.helpers.apps import open_app
from tests.helpers.replay import DT, Replay, passed_out, played_deal, quick_analysis
from tests.helpers.table import play_the_seat


@pytest.fixture(autouse=True)
def _quick_analysis(monkeypatch):
    quick_analysis(monkeypatch)


def random_deal(players: int, seed: int) -> Deal:
    rng = random.Random(seed)
    deal = Deal.new(load_rules(), players, seed % players, seed)
    while not deal.is_over:
        deal.execute(deal.state.turn, random_action(deal.state, rng))
    return deal


# --- the cursor ------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
def test_cursor_walks_to_the_end_and_back_matching_a_fresh_fold(players):
    for seed in range(12):
        deal = random_deal(players, seed)
        cursor = ReplayCursor(deal)
        assert cursor.position == 1 and cursor.at_start
        positions = [1]
        while cursor.forward() is not None:
            positions.append(cursor.position)
        assert positions == list(range(1, len(deal.events) + 1))
        assert cursor.at_end and cursor.state == deal.state
        while True:
            fresh = replay(deal.rules, deal.events[:cursor.position])
            assert cursor.state == fresh
            if not cursor.back():
                break
        assert cursor.position == 1


def test_cursor_tricks_and_moves():
    deal = played_deal(4, 5)
    cursor = ReplayCursor(deal)
    starts = cursor.trick_starts()
    assert len(starts) == 18
    assert cursor.trick_number() is None
    assert cursor.go_to_trick(7)
    assert cursor.position == starts[6]
    assert cursor.next_move() is not None and cursor.trick_number() == 7
    cursor.go(starts[0] - 1)
    assert cursor.trick_number() is None
    assert not cursor.go_to_trick(19)
    moves = cursor.moves(seat=0)
    assert moves and all(m.seat == 0 for m in moves)
    # a card that completes a trick is followed by the trick gathered: play on from after it
    for i, event in enumerate(deal.events):
        if type(event).__name__ == "TrickWon":
            assert cursor.settled(i) == i + 1
            break


def test_the_source_never_changes_the_deal():
    deal = played_deal(3, 8)
    events = list(deal.events)
    source = ReplaySource(deal)
    [first] = source.poll()
    assert isinstance(first, Redraw) and first.view == view_for(deal.states()[0], 0)
    while source.forward():
        pass
    steps = source.poll()
    assert [step.event for step in steps] == public_events(events[1:], 0)
    source.go(5)
    [jump] = source.poll()
    assert isinstance(jump, Redraw) and jump.event is events[4]
    assert deal.events == events
    assert source.view().hand == view_for(replay(deal.rules, events[:5]), 0).hand
    assert source.revealed() is not None
    source.show_open_hands(False)
    assert source.revealed() is None and isinstance(source.poll()[0], Redraw)


# --- the viewer ------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
def test_stepping_forward_to_the_end_and_back_to_the_start(players):
    deal = played_deal(players, 21)
    viewer = Replay.of(deal)
    viewer.settle()
    viewer.check_position()
    for position in range(2, len(deal.events) + 1):
        viewer.key(pygame.K_RIGHT)
        assert viewer.scene.cursor.position == position
        viewer.check_position()
    assert isinstance(viewer.scene.cursor.event, DealScored)
    assert viewer.scene.score_panel is not None  # the score at the end
    viewer.key(pygame.K_RIGHT)  # nothing after the end
    assert viewer.scene.cursor.position == len(deal.events)
    for position in range(len(deal.events) - 1, 0, -1):
        viewer.key(pygame.K_LEFT)
        assert viewer.scene.cursor.position == position
        assert viewer.scene.score_panel is None
        viewer.check_position()


def test_home_end_and_trick_jumps():
    deal = played_deal(4, 33)
    viewer = Replay.of(deal)
    starts = viewer.scene.cursor.trick_starts()
    viewer.key(pygame.K_END)
    assert viewer.scene.cursor.at_end and viewer.scene.score_panel is not None
    viewer.check_position()
    viewer.key(pygame.K_HOME)
    assert viewer.scene.cursor.position == 1
    viewer.key(pygame.K_PAGEDOWN)
    assert viewer.scene.cursor.position == starts[0]
    viewer.check_position()
    viewer.key(pygame.K_PAGEDOWN)
    assert viewer.scene.cursor.position == starts[1]
    viewer.key(pygame.K_RIGHT)
    viewer.key(pygame.K_PAGEUP)  # back to the start of the trick under way
    assert viewer.scene.cursor.position == starts[1]
    viewer.key(pygame.K_PAGEUP)
    assert viewer.scene.cursor.position == starts[0]
    viewer.check_position()


def test_autoplay_runs_to_the_end_and_space_pauses():
    deal = played_deal(3, 40)
    viewer = Replay.of(deal)
    viewer.key(pygame.K_SPACE)
    assert viewer.scene.autoplay
    for _ in range(5):
        viewer.key(pygame.K_PLUS)  # the fastest speed comes round, then wraps to the slowest
    viewer.scene.set_speed(3)
    viewer.step(60)
    viewer.key(pygame.K_SPACE)
    paused = viewer.scene.cursor.position
    assert not viewer.scene.autoplay and paused > 1
    viewer.step(60)
    assert viewer.scene.cursor.position == paused
    viewer.key(pygame.K_SPACE)
    for _ in range(20_000):
        if viewer.scene.cursor.at_end:
            break
        viewer.step()
    assert viewer.scene.cursor.at_end
    viewer.settle()
    viewer.step(30)
    assert not viewer.scene.autoplay
    viewer.check_position()


def autoplay_steps(deal: Deal, faster: int, steps: int) -> list[tuple[str, float]]:
    """Autoplay from the start, ``faster`` presses of + above 1x, at the normal animation
    speed: each of the first ``steps`` steps' kind of event and the seconds, on the scene's
    clock, from its start to the next step's."""
    with Replay.of(deal, speed="normal") as viewer:
        scene = viewer.scene
        for _ in range(faster):
            viewer.key(pygame.K_PLUS)
        driving.key(pygame.K_SPACE, viewer.step)
        starts = [(scene.cursor.position, 0.0)]
        clock = 0.0
        while len(starts) <= steps:
            scene.update(DT)  # the scene's clock alone: nothing is drawn, nothing waits
            clock += DT
            if scene.cursor.position != starts[-1][0]:
                starts.append((scene.cursor.position, clock))
        return [(type(deal.events[position - 1]).__name__, end - start)
                for (position, start), (_, end) in itertools.pairwise(starts)]


def test_autoplay_speeds_mean_what_they_say():
    """4x takes a quarter of 1x's time over every step, its animation included (it took
    twelve seconds for nine steps, a card's flight and the trick's pause going at 1x's pace);
    1x leaves time to read each step's line."""
    deal = played_deal(4, 61)
    at_1x = autoplay_steps(deal, 0, 14)
    at_2x = autoplay_steps(deal, 1, 14)
    at_4x = autoplay_steps(deal, 2, 14)
    for (kind, one), (_, two), (_, four) in zip(at_1x, at_2x, at_4x, strict=True):
        assert abs(two - one / 2) <= 3 * DT, (kind, one, two)
        assert abs(four - one / 4) <= 3 * DT, (kind, one, four)
    cards = [seconds for kind, seconds in at_1x if kind == "CardPlayed"]
    assert cards and all(1.2 <= seconds <= 2.0 for seconds in cards), at_1x


def test_the_buttons_and_the_timeline_move_the_cursor():
    deal = played_deal(5, 12)
    viewer = Replay.of(deal)
    scene = viewer.scene
    forward = next(b for b in scene.bar.steps if b.symbol == "forward")
    viewer.click(forward.rect.center)
    assert scene.cursor.position == 2
    last = next(b for b in scene.bar.steps if b.symbol == "last")
    viewer.click(last.rect.center)
    assert scene.cursor.at_end
    first = next(b for b in scene.bar.steps if b.symbol == "first")
    viewer.click(first.rect.center)
    assert scene.cursor.at_start
    timeline = scene.bar.timeline.rect
    viewer.click((timeline.centerx, timeline.centery))
    middle = scene.cursor.position
    assert abs(middle - (1 + (len(deal.events) - 1) / 2)) <= 2
    viewer.check_position()
    # a line of the side panel's list jumps to its event
    row = scene.side.moves_list.rows[3]
    rect = scene.side.moves_list.rect
    scene.side.moves_list.scroll = 0
    viewer.step()
    viewer.click((rect.left + 20, rect.top + scene.side.moves_list._tops[3] + 4))
    assert scene.cursor.position == row.value == 4


def test_open_hands_and_as_seen_draw_every_size():
    for players in (3, 4, 5):
        deal = played_deal(players, 50 + players)
        for size in ((1024, 600), (1280, 720), (1920, 1080)):
            with Replay.of(deal, size=size) as viewer:
                scene = viewer.scene
                scene.go(scene.cursor.trick_starts()[3])
                viewer.step(2)
                assert scene.open_hands
                lay = scene.table.layout
                for seat in range(1, players):
                    count = len(scene.cursor.state.hands and
                                [c for c in range(78) if scene.cursor.state.hands[seat] >> c & 1])
                    slots = lay.open_hand_slots(seat, count, lay.u(54))
                    assert len(slots) == count
                    for x, y in slots:  # every opponent card is on the table's part of the window
                        assert 0 <= x <= lay.size[0] and 0 <= y <= lay.size[1]
                viewer.key(pygame.K_o)
                assert not scene.open_hands
                viewer.check_position()
                names = scene.narration_names()
                assert scene.lines == narrate(deal, names, seat=0)  # told as seat 0 knew it
                viewer.key(pygame.K_o)
                assert scene.open_hands
                assert scene.lines == narrate(deal, names)


def test_play_on_from_here_leaves_the_replayed_deal_untouched(tmp_path):
    deal = played_deal(4, 61)
    events = list(deal.events)
    viewer = Replay.of(deal)
    scene = viewer.scene
    scene.go(scene.cursor.trick_starts()[4] + 2)  # mid-trick
    viewer.key(pygame.K_p)
    table = viewer.app.scene
    assert isinstance(table, TableScene)
    assert "your try is kept with this deal as a variation" in table.toast.text
    controller = table.player
    start = len(controller.match.current.events)
    assert controller.match.current.events == events[:start]
    rng = random.Random(99)  # not the bots' play: the try leaves the deal
    for _ in range(40_000):
        if controller.match.current.is_over and table.score_panel is not None:
            break
        if controller.waiting_for_human() and table.idle:
            state = controller.match.current.state
            assert controller.submit(random_action(state, rng)) is None
        viewer.step()
        if controller.is_thinking():
            time.sleep(0.0005)
    played = controller.match.current
    assert played.is_over and played.events[:start] == events[:start]
    assert deal.events == events  # the replayed deal is not changed
    table.score_panel.next_deal()  # "Back to the replay"
    viewer.step(2)
    assert viewer.app.scene is scene
    assert scene.cursor.position == scene.cursor.trick_starts()[4] + 2
    assert not list((tmp_path / "data").glob("**/*.json"))  # no match saved
    assert played.events != events
    assert [v.deal.events for v in scene.branches.variations] == [played.events]  # as told


def test_undo_over_a_finished_try_says_what_it_does_there():
    """A try from a replay is counted in no statistics: undo over its end says what it does
    to the try (play on from there, the try you finish is the one kept), and does it."""
    from game.app.screens import ConfirmDialog

    deal = played_deal(4, 61)
    viewer = Replay.of(deal)
    scene = viewer.scene
    scene.go(scene.cursor.trick_starts()[-1])  # the last trick
    viewer.key(pygame.K_p)
    table = viewer.app.scene
    assert isinstance(table, TableScene)
    controller = table.player
    played = list(play_the_seat(table, viewer.step, 7, bot="random").events)
    viewer.key(pygame.K_u)
    dialog = viewer.app.scene
    assert isinstance(dialog, ConfirmDialog)
    what = table.tr("table_undo_card")
    assert dialog.message == table.tr("replay_play_on_undo_question", what=what)
    assert "statistic" not in dialog.message
    viewer.click(dialog.yes.rect.center)
    assert viewer.app.scene is table and not controller.match.current.is_over
    assert len(controller.match.current.events) < len(played)


def test_esc_in_a_try_begun_asks_before_throwing_it_away():
    """Esc (or the table's menu) leaves a try nobody has played in at once, but asks once
    the player has played in it: only a try played to the end is kept."""
    from game.app.screens import ConfirmDialog

    deal = played_deal(4, 61)
    viewer = Replay.of(deal)
    scene = viewer.scene
    scene.go(scene.cursor.trick_starts()[4] + 2)
    viewer.key(pygame.K_p)
    table = viewer.app.scene
    assert isinstance(table, TableScene)
    viewer.key(pygame.K_ESCAPE)  # nothing played yet: straight back
    assert viewer.app.scene is scene
    viewer.key(pygame.K_p)
    table = viewer.app.scene
    controller = table.player
    rng = random.Random(5)
    for _ in range(20_000):  # the player's first card of the try
        if controller.waiting_for_human() and table.idle:
            assert controller.submit(random_action(controller.match.current.state, rng)) is None
            break
        viewer.step()
        time.sleep(0.0005)
    viewer.step(2)
    events = list(controller.match.current.events)
    viewer.key(pygame.K_ESCAPE)
    dialog = viewer.app.scene
    assert isinstance(dialog, ConfirmDialog)
    assert dialog.message == ("Leave this try? Only a try played to the end is kept with the "
                              "deal.")
    viewer.key(pygame.K_ESCAPE)  # "Play on": the try goes on where it was
    assert viewer.app.scene is table
    assert controller.match.current.events[:len(events)] == events
    table.open_menu()
    viewer.step()
    viewer.app.scene.choose(len(viewer.app.scene.entries) - 1)  # "Back to the replay"
    dialog = viewer.app.scene
    assert isinstance(dialog, ConfirmDialog)
    viewer.click(dialog.yes.rect.center)  # "Leave it"
    viewer.step(2)
    assert viewer.app.scene is scene and not scene.branches.variations


def test_replaying_a_saved_file_leaves_it_byte_for_byte(tmp_path):
    deal = played_deal(4, 70)
    path = tmp_path / "deal.json"
    save_deal(deal, path, {"names": ["Ann", "Bob", "Cat", "Dan"]})
    before = path.read_bytes()
    from game.replay.files import load_replay_file

    source = load_replay_file(path)
    app = open_app((1280, 720))
    from game.replay.viewer import open_replay

    scene = open_replay(app, source)
    for key in (pygame.K_END, pygame.K_HOME, pygame.K_RIGHT, pygame.K_p, pygame.K_ESCAPE):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
        for _ in range(5):
            app.step(DT)
    assert path.read_bytes() == before
    assert scene.name(1) == "Bob"


def test_the_analysis_tab_lists_seat_0_decisions_with_the_experts_estimates():
    deal = played_deal(4, 80)
    viewer = Replay.of(deal)
    scene = viewer.scene
    analysis = scene.analysis
    assert analysis is not None
    assert analysis.wait(120)
    viewer.key(pygame.K_TAB)
    assert scene.tab == "analysis"
    choices = [d for d in analysis.decisions if not d.forced]
    summary, *rows = scene.side.analysis_list.rows
    assert [r.value for r in rows] == [d.index for d in choices]
    assert all(r.note for r in rows)
    mistakes = analysis.mistakes()
    if mistakes:  # the summary leads to the first mistake and counts what they cost
        assert summary.value == mistakes[0][0]
        assert str(len(mistakes)) in summary.text
        assert f"{sum(c for _, c in mistakes):.0f}" in summary.text
    # standing at one of them shows every option with its estimate
    decision = choices[-1]
    scene.go(decision.index)
    viewer.step(2)
    lines = scene.side.choice_lines
    result = analysis.result(decision.index)
    assert len(lines) >= 2 + min(6, len(result.options))
    verdict = analysis.verdict(decision.index)
    assert lines[1][0].startswith("Verdict: ")  # the verdict first, then the options
    assert scene.tr(f"replay_verdict_{verdict.kind}" if verdict.kind != "best"
                    else "replay_best") in lines[1][0]
    if verdict.samples:
        assert lines[1][2] == figure(-verdict.cost, 1, "en")
    listed = [value for _, _, value in lines[2:] if value]  # the options, best first
    assert listed[0] == figure(result.options[0].mean, 1, "en")


def test_a_cancelled_deal_replays_to_its_cancellation_and_survives_a_resize():
    viewer = Replay.of(passed_out())
    scene = viewer.scene
    viewer.key(pygame.K_END)
    assert scene.cursor.at_end and scene.score_panel is not None
    assert not scene.side.play_on_button.enabled  # nothing left to play
    viewer.key(pygame.K_p)
    assert viewer.app.scene is scene
    for size in ((1024, 600), (1920, 1080), (1280, 720)):
        scene.on_resize(size)
        viewer.step(2)
        assert scene.bar_rect.bottom == size[1] and scene.side_rect.right == size[0]
    viewer.key(pygame.K_HOME)
    viewer.check_position()


# --- a deal of a match: its number and the totals around it ------------------------------------


def test_a_deal_from_the_history_shows_its_number_and_the_match_totals(tmp_path) -> None:
    """Deal 3 of a match, opened from the finished deals or from the match file, says
    "Deal 3" and carries on the running totals of deals 1 and 2, to the totals after it."""
    from engine.match import Match
    from game.app import paths
    from game.match.autosave import Autosave
    from game.replay.files import load_replay_file
    from game.replay.viewer import open_replay

    rng = random.Random(4)
    match = Match.new(load_rules(), 4, 4)
    save = Autosave({"names": ["Ann", "Bob", "Cat", "Dan"], "variant": "fft"})
    while match.played_to_the_end < 3:
        if match.current.is_over:
            match.next_deal()
        while not match.current.is_over:
            state = match.current.state
            match.execute(state.turn, random_action(state, rng))
        save(match)  # the deals the history holds are folded out of the match
    number = match.count
    before = match.totals_before(number - 1)
    assert number >= 3 and any(before)
    history = sorted(paths.history_dir().glob("*.json"))
    assert len(history) == number == match.played_to_the_end
    app = open_app((1280, 720))
    try:
        for file in (history[-1], paths.current_match_file()):
            scene = open_replay(app, load_replay_file(file))
            for _ in range(3):
                app.step(DT)
            assert scene.table.deal_number() == number
            assert scene.table.totals() == before
            assert scene.lines[0].startswith(f"Deal {number}")
            scene.last()
            for _ in range(30):
                app.step(DT)
            assert scene.table.totals() == match.totals
            scene.close()
            app.step(DT)
    finally:
        app.close()
