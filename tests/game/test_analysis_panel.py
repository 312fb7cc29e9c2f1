"""The replay viewer's analysis, decision by decision, read as a player reads it.

Each decision's box speaks of that decision alone: the choice its header names is the option
marked as the player's, with its rank; the option marked as the expert's is the one the
verdict measured against; the verdict's cost is the gap between the two listed figures, or
the box says why not; a range is a range. And the side panel draws nothing outside its
place, whatever the window's size and language, with each decision unfolded in turn.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace

import pygame
import pytest

from engine.actions import Discard
from engine.ai.analysis import Decision
from engine.deal import Deal
from game.app.i18n import tr
from game.table.hints import option_label
from tests.helpers.apps import open_app
from tests.helpers.history_deals import play_deal
from tests.helpers.replay import Replay, played_deal, quick_analysis

SIZES = ((1024, 600), (1280, 720), (1920, 1080))
#: A figure as the box writes it: signed, a true minus, a decimal point or comma.
FIGURE = r"[-+\u2212]?\d+(?:[.,]\d+)?"


@pytest.fixture(autouse=True)
def _quick_analysis(monkeypatch):
    quick_analysis(monkeypatch)


def pattern(key: str, lang: str, **groups: str) -> re.Pattern[str]:
    """The text of ``key`` with each field a named group matching ``groups[field]``."""
    marks = {name: f"@@{name}@@" for name in groups}
    text = re.escape(tr(key, lang, **marks))
    for name, group in groups.items():
        text = text.replace(re.escape(marks[name]), f"(?P<{name}>{group})")
    return re.compile(text + "$")


def number(text: str) -> float:
    return float(text.replace("\u2212", "-").replace(",", "."))


def plain(text: str) -> str:
    return " ".join(text.split())


def seen_deals() -> list[tuple[Deal, str]]:
    """A three-player deal where seat 0 plays at random against club players; deals of four
    and five where it takes a Garde and plays at random (a discard, a call, flags)."""
    return [(played_deal(3, 5, seat_0="random"), "en"),
            (play_deal(4, 7, taker=0, contract="garde"), "fr"),
            (play_deal(5, 7, taker=0, contract="garde"), "en")]


def reach(board: Replay, decision: Decision) -> None:
    """To ``decision`` as a player does in the Analysis tab: a click on its row, or, for a
    forced one (it has none), the arrow key from the decision before it."""
    scene = board.scene
    listing = scene.side.analysis_list
    rows = [i for i, row in enumerate(listing.rows) if i and row.value == decision.index]
    if rows:
        board.click_row(listing, rows[0])
    else:
        assert scene.cursor.position < decision.index
        while scene.cursor.position < decision.index:
            board.key(pygame.K_RIGHT)
    board.step(2)
    assert scene.cursor.position == decision.index


def check_box(board: Replay, decision: Decision, lang: str, seen: Counter[str]) -> None:
    """The box at ``decision`` (the Analysis tab) against the review of that decision and
    against its own figures."""
    scene = board.scene
    side = scene.side
    listing = side.analysis_list
    choice = option_label(decision.view, decision.action, lang)
    lines = [plain(text) for text, _, _ in side.choice_lines]
    figures = [figure for _, _, figure in side.choice_lines]
    # the header names the choice made, and so does the decision's own row
    assert lines[0] == plain(tr("replay_your_choice", lang, what=choice))
    if decision.forced:
        assert lines[1:] == [tr("replay_forced", lang)]
        seen["forced"] += 1
        return
    assert listing.current is not None and listing.rows[listing.current].text.endswith(choice)
    verdict = board.scene.analysis.verdict(decision.index)
    assert verdict is not None and verdict.action == decision.action  # this decision's
    result = verdict.analysis
    # the verdict: its class, and the cost it measured
    word = tr("replay_best" if verdict.kind == "best" else f"replay_verdict_{verdict.kind}",
              lang)
    assert lines[1] == tr("replay_verdict_plain", lang, verdict=word)
    assert bool(figures[1]) == bool(verdict.samples)
    cost = -number(figures[1]) if figures[1] else 0.0
    assert abs(cost - verdict.cost) <= 0.05
    notes = set(lines)
    # the options: figures from best to worst, the player's choice and the expert's marked
    you = pattern("replay_you_ranked", lang, rank=r"\d+", n=r"\d+")
    expert = tr("replay_expert_pick", lang)
    options = []
    for i, (line, value) in enumerate(zip(lines, figures, strict=True)):
        if i < 2 or not value:
            continue
        label, _, marks = line.partition(" (")
        parts = marks.rstrip(")").split(", ") if marks else []
        ranked = [you.match(", ".join(parts[j:])) for j in range(len(parts))]
        mine = next((m for m in ranked if m is not None), None)
        options.append((label, number(value), expert in parts, mine))
    values = [value for _, value, _, _ in options]
    assert values == sorted(values, reverse=True)
    [(label, my_value, _, mark)] = [o for o in options if o[3] is not None]
    assert label == choice  # the option marked as the player's is the header's choice
    rank, count = int(mark["rank"]), int(mark["n"])
    assert count == len(result.options)
    place = [o[3] for o in options].index(mark)
    assert rank == 1 + result.options.index(result.value_of(decision.action))
    assert place <= rank - 1 and len(options) - place <= count - rank + 1
    if result.value_of(decision.action).action != decision.action:
        seen["interchangeable"] += 1  # the option stands for another card too
    [(best_label, best_value, _, _)] = [o for o in options if o[2]]
    gap = round(best_value - my_value, 1)
    if not verdict.samples:  # best: the expert's pick is the choice itself
        assert best_label == choice and gap == 0
    else:
        cost_line = lines[2]
        between = pattern("replay_verdict_cost", lang, best=".+", low=FIGURE, high=FIGURE)
        point = pattern("replay_verdict_cost_point", lang, best=".+", value=FIGURE)
        every = pattern("replay_verdict_cost_every", lang, best=".+", value=FIGURE)
        found = between.match(cost_line) or point.match(cost_line) or every.match(cost_line)
        assert found is not None, cost_line
        assert found["best"] == best_label  # measured against the option marked expert's
        if "low" in found.groupdict():
            low, high = number(found["low"]), number(found["high"])
            assert found["low"] != found["high"] and low < high
            places = len(found["low"].partition(",")[2] or found["low"].partition(".")[2])
            slack = 0.5 * 10 ** -places + 0.05
            assert low - slack <= -cost <= high + slack
            seen["range"] += 1
        else:  # a single figure: the choice's own, and the box says why it is one
            assert number(found["value"]) == pytest.approx(-cost, abs=0.05)
            assert every.match(cost_line) or any(
                line.startswith(plain(tr("replay_note_sure_floor", lang, best=best_label,
                                         value="@")).partition("@")[0]) for line in lines)
            seen["point"] += 1
        if abs(gap - cost) > 0.1 + 1e-9:  # the list's gap is not the cost: the box says why
            assert plain(tr("replay_note_other_deals", lang, n=verdict.samples)) in notes
            seen["measured apart"] += 1
    if options.index(next(o for o in options if o[2])) > 0:
        # the expert's pick is not the best estimate: the sure play, or the best option that
        # breaks no rule the expert holds to, said so
        sure = plain(tr("replay_note_sure_pick", lang, best=best_label))
        ruled = plain(tr("replay_note_rule_pick", lang, best=best_label))
        assert (sure if verdict.sure else ruled) in notes
        seen["sure pick" if verdict.sure else "rule pick"] += 1
    # and it is what is drawn, under the decision's row
    assert listing.unfolded is not None and listing.unfolded.after == listing.current
    assert list(listing.unfolded.lines) == side.choice_lines[1:]


@pytest.mark.slow
def test_every_box_speaks_of_one_decision_and_its_figures_agree():
    """Every decision of seat 0 in deals of three, four and five players, reached in the
    Analysis tab by a click on its row (or the arrow key, for a forced one)."""
    seen: Counter[str] = Counter()
    for deal, lang in seen_deals():
        app = open_app((1280, 720), animation_speed="instant", language=lang)
        with Replay.of(deal, app=app) as board:
            board.finish_analysis()
            board.key(pygame.K_TAB)
            assert board.scene.tab == "analysis"
            for decision in board.scene.analysis.decisions:
                reach(board, decision)
                check_box(board, decision, lang, seen)
    # the cases the box must explain all came up
    assert all(seen[case] for case in ("forced", "interchangeable", "range", "point",
                                       "measured apart", "sure pick")), seen


# --- the side panel's layout -------------------------------------------------------------------


def check_layout(board: Replay) -> None:
    """Nothing of the side panel outside its frame or over another part of it; the list's
    rows and the unfolded box apart, the selected decision whole in view, no line cut."""
    side = board.scene.side
    listing = side.listing
    frame = side.rect
    parts = [side.keys_rect, listing.rect, side.back_button.rect,
             *(button.rect for button in side.tab_buttons.values())]
    for part in parts:
        assert frame.contains(part), (part, frame)
    assert listing.rect.top >= max(b.rect.bottom for b in side.tab_buttons.values())
    assert listing.rect.bottom <= side.keys_rect.top <= side.keys_rect.bottom \
        <= side.back_button.rect.top
    drawn = [rect.clip(listing.rect) for _, rect in listing.shown()]
    assert drawn and all(listing.rect.contains(rect) for rect in drawn)
    for i, rect in enumerate(drawn):
        assert not any(rect.colliderect(other) for other in drawn[i + 1:]), drawn
    # the decision selected, with its box, is whole in view (its head when it is taller)
    box = listing.box_rect()
    if box is not None:
        row = listing.row_rect(listing.current) if listing.current is not None else box
        selected = row.union(box)
        if selected.height <= listing.rect.height:
            assert listing.rect.contains(selected), (selected, listing.rect)
        else:
            assert selected.top == listing.rect.top
    # every line of the box is written whole: wrapped, never cut
    wrapped = listing.box_lines()
    width = listing.box_rect_width()
    font = board.app.assets.font(listing.size)
    for line, place in wrapped:
        assert box is not None and box.contains(place)
        used = font.size(line.text)[0] + (font.size(line.figure)[0] if line.figure else 0)
        assert used <= width
    if wrapped:
        assert plain(" ".join(line.text for line, _ in wrapped)) == plain(" ".join(
            text for text, _, _ in listing.unfolded.lines))


@pytest.mark.slow
def test_the_side_panel_keeps_every_unfolded_decision_inside_its_frame():
    """At each size, in English and in French, every decision of seat 0 unfolded in turn in
    the Analysis tab (a click on its row); in the Moves too (the arrow keys) at the smallest
    size, where the box crowds the list most."""
    deal = play_deal(4, 7, taker=0, contract="garde")  # a discard of six cards: long options
    wrapped_options = 0
    with Replay.of(deal, size=SIZES[0]) as board:
        scene = board.scene
        board.finish_analysis()
        decisions = scene.analysis.decisions
        for size in SIZES:
            board.app.window.size = size  # the window resized, as a player does
            pygame.event.post(pygame.event.Event(pygame.WINDOWRESIZED, x=size[0], y=size[1]))
            board.step(2)
            assert scene.side.rect.bottom == size[1]
            for lang in ("en", "fr"):
                board.app.update_settings(replace(board.app.settings, language=lang),
                                          save=False)
                board.key(pygame.K_HOME)
                if scene.tab != "analysis":
                    board.key(pygame.K_TAB)
                assert scene.tab == "analysis"
                for decision in decisions:
                    reach(board, decision)
                    check_layout(board)
                    listing = scene.side.listing
                    if isinstance(decision.action, Discard) and listing.unfolded is not None:
                        wrapped_options += len(listing.box_lines()) > len(
                            listing.unfolded.lines)
                if size != SIZES[0]:
                    continue
                board.key(pygame.K_TAB)
                board.key(pygame.K_TAB)  # past the variations, the moves
                assert scene.tab == "moves"
                board.key(pygame.K_HOME)
                for decision in decisions:
                    while scene.cursor.position < decision.index:
                        board.key(pygame.K_RIGHT)
                    board.step()
                    check_layout(board)
                    assert scene.side.listing.unfolded.after == scene.cursor.position - 1
                board.key(pygame.K_TAB)  # back to the analysis
    assert wrapped_options, "a discard's options are long enough to wrap"
