"""The replay viewer's analysis, decision by decision, read as a player reads it.

The side panel draws nothing outside its place, whatever the window's size and language,
with each decision unfolded in turn.
"""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from engine.actions import Discard
from engine.ai.analysis import Decision
from tests.helpers.history_deals import play_deal
from tests.helpers.replay import Replay, quick_analysis

SIZES = ((1024, 600), (1280, 720), (1920, 1080))


@pytest.fixture(autouse=True)
def _quick_analysis(monkeypatch):
    quick_analysis(monkeypatch)


def plain(text: str) -> str:
    return " ".join(text.split())


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
