"""The replay viewer as a review board, driven as a player drives it: the expected-score graph,
the mistakes and the keys that jump to them, the expert's line, and "play on from here" kept
as a variation beside the deal, in the file, after a restart."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest

from engine.actions import Play
from engine.ai import review
from engine.deal import Deal
from engine.saves import load_deal_file, save_deal
from engine.variations import EXPERT, TRY
from engine.views import view_for
from game.replay.files import load_replay_file
from game.replay.viewer import open_replay
from game.table.paint import signed
from game.table.scene import TableScene
from tests.helpers.apps import open_app
from tests.helpers.replay import GRAPH_SAMPLES, Replay, passed_out, played_deal, quick_analysis
from tests.helpers.table import play_the_seat


@pytest.fixture(autouse=True)
def _quick_analysis(monkeypatch):
    quick_analysis(monkeypatch)


def deal_with_mistakes(players: int, seed: int) -> Deal:
    """A deal played to its score where seat 0 plays at random (so that it makes mistakes)
    against club players."""
    return played_deal(players, seed, seat_0="random")


def play_out_practice(board: Replay, seed: int) -> TableScene:
    """Seat 0 plays the practice table to its score (with a random player's cards)."""
    table = board.app.scene
    assert isinstance(table, TableScene)
    play_the_seat(table, board.step, seed, bot="random")
    return table


# --- the graph -------------------------------------------------------------------------------


def test_the_graph_has_one_point_per_step_and_they_are_the_analysis_estimates():
    deal = deal_with_mistakes(4, 3)
    board = Replay.of(deal)
    board.finish_analysis()
    analysis = board.scene.analysis
    values = analysis.graph()
    assert len(values) == len(deal.events)
    assert all(v is not None for v in values)
    # what the bar draws is that list, one point per step of the timeline
    graph = board.scene.bar.graph
    assert graph is not None and graph.total == len(deal.events) == board.scene.cursor.total
    assert graph.values == values
    # each is the expert's estimate of the moment (the last decision settled), recomputed
    states = deal.states()
    for position in (1, len(deal.events) // 3, len(deal.events) // 2, len(deal.events) - 1):
        at = review.settled(deal.events, position)
        expected = review.estimate(view_for(states[at - 1], 0), GRAPH_SAMPLES, at)
        assert values[position - 1] == expected
    # at the end: the seat's score, exactly
    assert values[-1].mean == deal.scores[0]


def test_a_click_on_the_graph_moves_there_and_the_graph_redraws_at_every_size():
    deal = deal_with_mistakes(5, 9)
    board = Replay.of(deal, size=(1024, 600))
    board.finish_analysis()
    graph = board.scene.bar.graph
    for wanted in (len(deal.events) // 4, len(deal.events) // 2, 2):
        board.click((round(graph.x_of(wanted)), graph.rect.centery))
        assert board.scene.cursor.position == wanted
    for size in ((1280, 720), (1920, 1080), (1024, 600)):
        board.scene.on_resize(size)
        board.step(2)
        graph = board.scene.bar.graph
        bar = board.scene.bar_rect
        assert graph.rect.width > 100 and bar.top <= graph.rect.top
        assert graph.rect.bottom <= board.scene.bar.timeline.rect.top


# --- the mistakes ----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
def test_next_and_previous_mistake_land_on_the_marked_decisions(players):
    deal = deal_with_mistakes(players, 20 + players)
    board = Replay.of(deal)
    board.finish_analysis()
    scene = board.scene
    marked = scene.mistake_positions()
    analysis = scene.analysis
    assert marked == [d.index for d in analysis.decisions
                      if analysis.verdict(d.index) is not None
                      and analysis.verdict(d.index).flagged]
    assert marked, "a player at random makes mistakes"
    assert scene.bar.graph.mistakes == marked
    board.key(pygame.K_HOME)  # the first step: at the first bid already
    ahead = [p for p in marked if p > scene.cursor.position]
    visited = []
    for _ in ahead:
        board.key(pygame.K_m)
        visited.append(scene.cursor.position)
    assert visited == ahead
    board.key(pygame.K_m)  # no more: it stays, and says so
    assert scene.cursor.position == marked[-1]
    back = []
    board.key(pygame.K_END)
    for _ in marked:
        board.key(pygame.K_m, pygame.KMOD_SHIFT)
        back.append(scene.cursor.position)
    assert back == marked[::-1]
    board.key(pygame.K_RIGHTBRACKET)
    assert scene.cursor.position == marked[1 % len(marked)] or len(marked) == 1
    # at a mistake the analysis shows the move played, with its rank, and the best move
    scene.go(marked[0])
    board.step(2)
    lines = [text for text, _, _ in scene.side.choice_lines]
    decision = analysis.decision_at(marked[0])
    result = analysis.result(marked[0])
    rank = next(i for i, o in enumerate(result.options, 1) if o.action == decision.action)
    assert any(f"{rank}" in text and f"{len(result.options)}" in text for text in lines)


def test_the_summary_counts_the_mistakes_and_what_they_cost():
    deal = deal_with_mistakes(4, 41)
    board = Replay.of(deal)
    board.finish_analysis()
    scene = board.scene
    board.key(pygame.K_TAB)
    assert scene.tab == "analysis"
    board.step(2)
    summary = scene.side.analysis_list.rows[0]
    mistakes = scene.analysis.mistakes()
    assert str(len(mistakes)) in summary.text
    assert f"{sum(c for _, c in mistakes):.0f}" in summary.text
    # every row of a decision names it: a bid, a call, a discard, a card
    rows = scene.side.analysis_list.rows[1:]
    cards = [r for r in rows if r.value in {d.index for d in scene.analysis.decisions
                                            if isinstance(d.action, Play)}]
    assert cards and all("·" in r.text for r in rows)


# --- the expert's line -----------------------------------------------------------------------


def test_the_experts_line_is_a_variation_to_step_through_and_leave():
    deal = deal_with_mistakes(4, 52)
    board = Replay.of(deal)
    scene = board.scene
    start = scene.cursor.trick_starts()[9]
    scene.go(start)
    board.step(2)
    board.key(pygame.K_l)
    job = scene.expert_job
    assert job is not None and job.wait(240), job.error
    board.step(3)
    assert scene.showing is not None and scene.showing.kind == EXPERT
    # its result is told in a toast short enough to find room on the table, and what a
    # line is (one finish of this very deal, where the analysis is an average over the
    # deals the seat could not tell apart) under the variations, which the side panel shows
    note = scene.tr("replay_line_is_one_finish")
    assert scene.table.toast.text.startswith(scene.showing.name) and "could not" in note
    assert note not in scene.table.toast.text
    assert scene.tab == "lines" and scene.side.lines_list.rows[-1].text == note
    from game.replay.side import NOTE_ROW

    assert scene.side.lines_list.rows[-1].value == NOTE_ROW  # a click on it shows nothing
    line = scene.showing.deal
    assert line.is_over and line.events[:scene.showing.start] == deal.events[
        :scene.showing.start]
    assert scene.showing.start >= start
    assert scene.cursor.total == len(line.events)
    # step through it to its end: its score is the engine's
    board.key(pygame.K_END)
    assert scene.cursor.state_at(scene.cursor.position).scores == line.scores
    assert scene.tab == "lines"
    texts = [r.text + " " + r.note for r in scene.side.lines_list.rows]
    assert any(scene.showing.name in t and signed(line.scores[0]) in t for t in texts)
    # Esc leaves the variation, back where it left the deal, then the viewer
    board.key(pygame.K_ESCAPE)
    assert scene.showing is None and board.app.scene is scene
    assert scene.cursor.total == len(deal.events)


def test_the_options_box_leaves_the_variations_list_whole():
    """Analysis, a decision's row, L, then back from the line: the Variations tab stays, and
    the options box of the decision under it is not unfolded in its list."""
    deal = deal_with_mistakes(4, 52)
    board = Replay.of(deal)
    scene = board.scene
    board.finish_analysis()
    board.key(pygame.K_TAB)
    assert scene.tab == "analysis"
    mistakes = scene.analysis.mistakes()
    assert mistakes, "a random player makes mistakes"
    scene.go(mistakes[0][0])  # where the expert would have played otherwise
    board.step(3)
    assert scene.side.analysis_list.unfolded is not None
    board.key(pygame.K_l)
    assert scene.expert_job is None or scene.expert_job.wait(240)
    board.step(3)
    board.key(pygame.K_ESCAPE)  # back from the line, to the decision
    assert scene.showing is None and scene.tab == "lines"
    assert scene.side.choice_lines and scene.side.lines_list.unfolded is None
    listing = scene.side.lines_list.rect
    assert listing.top < scene.side.tab_buttons["lines"].rect.bottom + 40
    board.key(pygame.K_TAB)  # the analysis again: the box is back
    assert scene.side.listing.unfolded is not None


# --- play on from here, kept ----------------------------------------------------------------


def test_a_try_is_kept_in_the_file_and_comes_back_after_a_restart(tmp_path: Path):
    deal = deal_with_mistakes(4, 63)
    path = tmp_path / "deal.json"
    save_deal(deal, path, {"names": ["Ann", "Bob", "Cat", "Dan"]})
    app = open_app((1280, 720))
    board = Replay(open_replay(app, load_replay_file(path)), app)
    scene = board.scene
    scene.go(scene.cursor.trick_starts()[6] + 1)
    board.step(2)
    board.key(pygame.K_p)
    table = play_out_practice(board, 7)
    played = table.player.match.current
    table.score_panel.next_deal()  # back to the replay
    board.step(3)
    assert board.app.scene is scene
    [variation] = scene.branches.variations
    assert variation.kind == TRY and variation.deal.events == played.events
    assert scene.result_text(variation.deal) == signed(played.scores[0])
    # the file keeps the deal as it was, and the try beside it
    kept = load_deal_file(path)
    assert kept.deal.events == deal.events
    [stored] = kept.variations
    assert stored.deal.events == played.events and stored.name == variation.name
    assert stored.deal.scores == played.scores
    # the same line handed back again (the expert's, asked for twice) is not kept twice
    assert scene.branches.add(TRY, "Try", played) == (variation, "")
    assert len(scene.branches.variations) == 1 and len(load_deal_file(path).variations) == 1
    # a new window opens it with its try listed, the original's result beside the try's
    again = open_app((1024, 600))
    board = Replay(open_replay(again, load_replay_file(path)), again)
    scene = board.scene
    assert [v.name for v in scene.branches.variations] == [variation.name]
    scene.tab = "lines"
    board.step(2)
    rows = scene.side.lines_list.rows
    assert rows[0].note == signed(deal.scores[0])
    assert rows[1].note == signed(played.scores[0]) and variation.name in rows[1].text
    board.click(scene.side.lines_list.row_rect(1).center)
    assert scene.showing is not None and scene.showing.name == variation.name


def test_a_replayed_file_is_untouched_when_nothing_is_played_on(tmp_path: Path):
    deal = deal_with_mistakes(3, 71)
    path = tmp_path / "deal.json"
    save_deal(deal, path, {"names": ["Ann", "Bob", "Cat"]})
    before = path.read_bytes()
    app = open_app((1280, 720))
    board = Replay(open_replay(app, load_replay_file(path)), app)
    for key in (pygame.K_END, pygame.K_HOME, pygame.K_m, pygame.K_TAB, pygame.K_TAB,
                pygame.K_RIGHT, pygame.K_ESCAPE):
        board.key(key)
    assert path.read_bytes() == before


# --- declarations on the plates and the score sheet --------------------------------------------


@pytest.mark.slow
def test_declarations_stay_on_the_seat_plates_and_name_the_sheet_row():
    from engine.events import HandfulShown, MisereAnnounced, SlamAnnounced
    from engine.match import Match
    from game.table.render import declarations
    from game.table.score.sheet import sheet_rows
    from tests.helpers.deal_kinds import catalogue

    seen = set()
    for _plan, deal in catalogue():
        declared: dict[int, set[str]] = {}
        with Replay.of(deal, size=(1024, 600)) as board:
            scene = board.scene
            tr = scene.tr
            for position in range(1, len(deal.events) + 1):
                event = deal.events[position - 1]
                if isinstance(event, HandfulShown):
                    declared.setdefault(event.seat, set()).add(tr("table_plate_handful"))
                elif isinstance(event, MisereAnnounced):
                    declared.setdefault(event.seat, set()).add(tr("table_plate_misere"))
                elif isinstance(event, SlamAnnounced):
                    declared.setdefault(event.seat, set()).add(tr("table_plate_slam"))
                scene.go(position)
                board.step()
                for seat in range(deal.players):
                    assert set(declarations(scene.table, seat)) == declared.get(seat, set()), (
                        position, seat)
            for words in declared.values():
                seen |= words
            if deal.result is None:
                continue
            match = Match(deal.rules, deal.players, 0, deal.state.dealer, deals=[deal])
            [row] = sheet_rows(match, scene.info.names, tr)
            if deal.state.slam_announced:
                assert tr("sheet_slam_announced_made" if deal.result.slam == "announced_made"
                          else "sheet_slam_announced_failed") in row.bonuses
            handfuls = len(deal.state.handfuls)
            if handfuls:
                assert (tr("sheet_handful") if handfuls == 1
                        else tr("sheet_handfuls", n=handfuls)) in row.bonuses
            if deal.state.miseres:
                assert tr("sheet_misere" if len(deal.state.miseres) == 1 else "sheet_miseres",
                          n=len(deal.state.miseres)) in row.bonuses
    assert len(seen) == 3, seen


def test_a_deal_archived_again_keeps_the_variations_that_still_leave_it(tmp_path: Path):
    from engine.match import Match
    from engine.saves import add_variation
    from engine.variations import Variation
    from game.match.autosave import Autosave

    deal = deal_with_mistakes(4, 88)
    match = Match(deal.rules, 4, 0, deal.state.dealer, deals=[deal])
    save = Autosave({"names": ["A", "B", "C", "D"], "variant": "fft"})
    path = save.archive(deal, 0)
    line = review.expert_line(deal, deal.events.index(next(
        e for e in deal.events if type(e).__name__ == "TrickWon")) + 1, 0, "simple", 3)
    from game.replay.branches import first_difference

    start = first_difference(deal, line)
    assert start is not None
    add_variation(path, Variation("Line 1", EXPERT, start, line))
    # the same deal written again (a resume, an undo that changed nothing before it)
    assert save.archive(deal, 0, practised=True) == path
    kept = load_deal_file(path)
    assert [v.name for v in kept.variations] == ["Line 1"] and kept.meta["practised"] is True
    assert match.deals[0] is deal


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_verdict_kind_is_worded_in_both_languages(lang):
    from engine.ai.verdict import KINDS
    from game.app.i18n import tr
    from game.replay.choice import VERDICT_WORDS

    assert set(VERDICT_WORDS) == set(KINDS)
    words = {kind: tr(key, lang) for kind, (key, _) in VERDICT_WORDS.items()}
    assert all(word and "_" not in word for word in words.values())
    assert len(set(words.values())) == len(KINDS)  # no two classes read alike
    for word in words.values():
        plain = tr("replay_verdict_plain", lang, verdict=word)
        assert word in plain
    costed = tr("replay_verdict_cost", lang, best="KH", low="-30", high="-18")
    assert "KH" in costed and "-30" in costed and "-18" in costed


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_reason_is_worded_in_both_languages(lang):
    from engine.actions import Play
    from engine.ai.verdict import REASONS, SUITED, Verdict
    from engine.cards import parse_card
    from game.replay.choice import REASON_KEYS, reason_text

    assert set(REASON_KEYS) == set(REASONS)
    deal = deal_with_mistakes(4, 41)
    view = view_for(deal.state_at(deal.command_starts()[-1]), 0)
    king = Play(parse_card("KH"))
    texts = set()
    for reason in REASONS:
        verdict = Verdict("mistake", Play(parse_card("2H")), king, 30.0, 20.0, 40.0, 96,
                          reason, 1 if reason == "taker_void" or reason in SUITED else -1)
        text = reason_text(view, verdict, lang)
        assert text and "{" not in text and "_" not in text
        texts.add(text)
    assert len(texts) == len(REASONS)


# --- who holds what ---------------------------------------------------------------------------


def wait_for_beliefs(board, timeout: float = 60.0):
    scene = board.scene
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        board.step()
        key, _ = scene.beliefs_step()
        found = scene.beliefs.at(key)
        if found is not None:
            return found
        time.sleep(0.005)
    raise AssertionError("the beliefs never came")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_b_shows_who_holds_what_as_the_seat_saw_it_at_every_step(players):
    from engine.ai.beliefs import beliefs

    deal = played_deal(players, 60 + players)
    board = Replay.of(deal)
    scene = board.scene
    assert scene.open_hands  # the viewer opens on open hands: B turns to the seat's view
    board.key(pygame.K_b)
    assert scene.beliefs.visible and not scene.open_hands
    for _ in range(6):
        for _ in range(7):
            board.key(pygame.K_RIGHT)  # an impatient player: steps while it works
        found = wait_for_beliefs(board)
        key, view = scene.beliefs_step()
        assert view is not None and found == beliefs(view, scene.beliefs.samples, key[1])
        board.step(2)  # drawn over the table, frame after frame
    board.key(pygame.K_END)
    board.step(3)  # at the end everything is known: said, not computed
    board.key(pygame.K_o)  # open hands hide it; B again brings the seat's view back
    assert not scene.beliefs.visible
    board.key(pygame.K_b)
    assert scene.beliefs.visible and not scene.open_hands
    board.key(pygame.K_b)
    assert not scene.beliefs.visible
    board.key(pygame.K_ESCAPE)


def test_who_holds_what_on_a_cancelled_deal_and_at_every_size():
    board = Replay.of(passed_out())
    scene = board.scene
    board.key(pygame.K_b)
    for size in ((1024, 600), (1920, 1080), (1280, 720)):
        scene.on_resize(size)
        board.key(pygame.K_HOME)
        wait_for_beliefs(board)
        board.key(pygame.K_END)
        board.step(2)
