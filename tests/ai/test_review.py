"""The review of a finished deal: the expected-score estimates behind the graph, the cost of
each decision, the expert's line, and variations kept with a saved deal."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine.actions import Bid
from engine.ai import review
from engine.deal import Deal, command_of
from engine.match import Match
from engine.randomplay import random_action
from engine.rules import load_rules
from engine.saves import SaveError, add_variation, load_deal, load_deal_file, save_deal
from engine.variations import (
    EXPERT,
    TRY,
    Variation,
    next_name,
    still_valid,
    variation_to_dict,
    variations_from_list,
)
from engine.views import view_for
from tests.helpers.deal_kinds import Plan, play


def played(players: int = 4, seed: int = 5) -> Deal:
    """A deal with a taker, played to the end by random legal moves."""
    rng = random.Random(seed)
    while True:
        deal = Match.new(load_rules(), players, seed).current
        while not deal.is_over:
            state = deal.state
            action = random_action(state, rng)
            if state.phase.value == "bidding":
                action = Bid("garde" if not state.bids else None)
            deal.execute(state.turn, action)  # type: ignore[arg-type]
        if deal.result is not None:
            return deal
        seed += 1


def other_way(deal: Deal, start: int, seed: int = 1) -> Deal:
    rng = random.Random(seed)
    for _ in range(50):
        line = Deal.from_events(deal.rules, deal.events[:start])
        while not line.is_over:
            line.execute(line.state.turn, random_action(line.state, rng))  # type: ignore[arg-type]
        if line.events != deal.events:
            return line
    raise AssertionError("no other way found")


# --- the estimates behind the graph -------------------------------------------------------------


def test_graph_positions_are_the_decisions_and_the_end() -> None:
    deal = played()
    positions = review.graph_positions(deal)
    assert positions[-1] == len(deal.events)
    assert positions[:-1] == [p for p in range(1, len(deal.events))
                              if command_of(deal.events[p]) is not None]
    for position in range(1, len(deal.events) + 1):  # every step has one of them for value
        assert review.settled(deal.events, position) in positions


def test_an_estimate_is_repeatable_and_exact_at_the_end() -> None:
    deal = played(4, 7)
    states = deal.states()
    middle = review.graph_positions(deal)[30]
    view = view_for(states[middle - 1], 0)
    first = review.estimate(view, samples=6, seed=3)
    assert first == review.estimate(view, samples=6, seed=3)
    assert first.samples == 6 and first.stderr >= 0
    end = review.estimate(view_for(states[-1], 0))
    assert end == review.Estimate(float(deal.scores[0]), 0.0, 0)  # type: ignore[index]


def test_a_cancelled_deal_is_worth_nothing() -> None:
    deal = play(Plan("all-passed", 4, "fft", taker=None, seed=2))
    assert review.estimate(view_for(deal.state, 0)).mean == 0.0


def test_an_estimate_can_be_stopped() -> None:
    deal = played()
    view = view_for(deal.states()[5], 0)
    with pytest.raises(review.ReviewCancelled):
        review.estimate(view, samples=50, stop=lambda: True)


# --- what a decision cost ---------------------------------------------------------------------


# --- the expert's line --------------------------------------------------------------------------


def test_the_expert_line_leaves_the_deal_at_the_moment_and_plays_to_the_end() -> None:
    deal = played(4, 11)
    before = list(deal.events)
    start = deal.command_starts()[-12]
    line = review.expert_line(deal, start, seat=0, seed=2)
    assert deal.events == before  # the deal itself is not touched
    assert line.is_over and line.events[:start] == deal.events[:start]
    again = review.expert_line(deal, start, seat=0, seed=2)
    assert again.events == line.events  # seeded: the same line every time
    with pytest.raises(ValueError, match="over"):
        review.expert_line(deal, len(deal.events), seat=0)


# --- variations -------------------------------------------------------------------------------


def test_variations_round_trip_through_a_saved_deal(tmp_path: Path) -> None:
    deal = played(3, 4)
    starts = deal.command_starts()
    mine = Variation("Your try 1", TRY, starts[20], other_way(deal, starts[20]))
    expert = Variation("Expert's line", EXPERT, starts[30], other_way(deal, starts[30], 2))
    file = tmp_path / "deal.json"
    save_deal(deal, file, {"names": ["A", "B", "C"]}, [mine, expert])
    loaded = load_deal_file(file)
    assert loaded.variations == [mine, expert] and not loaded.problems
    assert loaded.deal.events == deal.events and loaded.meta == {"names": ["A", "B", "C"]}
    assert load_deal(file)[0].events == deal.events  # the plain reader ignores them


def test_a_damaged_variation_is_reported_and_the_deal_still_loads(tmp_path: Path) -> None:
    deal = played(4, 9)
    start = deal.command_starts()[25]
    good = variation_to_dict(Variation("Try", TRY, start, other_way(deal, start)))
    cut_short = dict(good, events=good["events"][:-3])
    bad_start = dict(good, start=len(deal.events) + 4)
    not_a_move = dict(good, start=start + 1) if command_of(deal.events[start + 1]) is None \
        else dict(good, start=0)
    same = variation_to_dict(Variation("Same", TRY, start, deal))
    stored = [good, cut_short, bad_start, not_a_move, same, "text", dict(good, kind="mine")]
    found, problems, unread = variations_from_list(stored, deal)
    assert [v.name for v in found] == ["Try"] and unread == stored[1:]
    assert len(problems) == 6 and all(str(p).startswith("variations[") for p in problems)
    assert "stops before the end" in str(problems[0])
    assert "not another way" in str(problems[3])
    from game.app.i18n import detail_words, problem_text

    for problem in problems:  # each said in French too, where it is first
        french = detail_words(problem.problem, "fr")
        assert french.startswith("variations[") and french != str(problem) and "{" not in french
    file = tmp_path / "deal.json"
    save_deal(deal, file)
    document = json.loads(file.read_text(encoding="utf-8"))
    document["variations"] = [cut_short, good]
    file.write_text(json.dumps(document), encoding="utf-8")
    loaded = load_deal_file(file)
    assert [v.name for v in loaded.variations] == ["Try"]
    assert len(loaded.problems) == 1
    assert str(loaded.problems[0]).startswith(f"{file}: variations[0]")
    assert problem_text(loaded.problems[0], "fr", name_only=True) == (
        "deal.json : fichier endommagé : variations[0] : la variante s'arrête avant la fin de "
        "la donne")


def test_adding_a_variation_keeps_the_deal_and_the_others(tmp_path: Path) -> None:
    deal = played(5, 2)
    starts = deal.command_starts()
    file = tmp_path / "deal.json"
    save_deal(deal, file, {"date": "2026-12-01T10:00:00"})
    first = Variation("Your try 1", TRY, starts[10], other_way(deal, starts[10]))
    add_variation(file, first)
    second = Variation(next_name([first], "Your try"), TRY, starts[40],
                       other_way(deal, starts[40]))
    assert second.name == "Your try 2"
    loaded = add_variation(file, second)
    assert loaded.variations == [first, second]
    again = load_deal_file(file)
    assert again.variations == [first, second] and again.meta["date"] == "2026-12-01T10:00:00"
    with pytest.raises(SaveError, match="does not leave"):
        add_variation(file, Variation("Same", TRY, starts[10], deal))


def test_after_an_undo_only_variations_before_the_change_still_fit() -> None:
    deal = played(4, 3)
    starts = deal.command_starts()
    early = Variation("early", TRY, starts[5], other_way(deal, starts[5]))
    late = Variation("late", TRY, starts[-12], other_way(deal, starts[-12]))
    replayed = other_way(deal, starts[-30], seed=9)  # the deal played again from an undo
    assert replayed.events[:starts[-12]] != deal.events[:starts[-12]]
    kept = still_valid(replayed, [early, late])
    assert early in kept
    assert late not in kept
