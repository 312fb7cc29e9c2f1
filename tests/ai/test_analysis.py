"""The analysis of a seat's decision: every option the expert weighs, valued on the same
sampled deals with the expert's own play-outs, best first and reproducible from a seed."""

from __future__ import annotations

import pytest

from engine import cards as C
from engine import choices as O
from engine.actions import (
    PASS,
    Action,
    AnnounceMisere,
    Bid,
    Call,
    DecideSlam,
    Discard,
    Play,
    ShowHandful,
)
from engine.ai.analysis import (
    NO_DECLARATION,
    Analysis,
    AnalysisCancelled,
    analyse,
    analyse_decision,
    decisions,
)
from engine.ai.expert import ExpertBot, discard_candidates, equivalent_cards, unseen_out
from engine.cards import Card
from engine.deal import Deal, command_of
from engine.rules import load_rules
from engine.views import SeatView, view_for
from tests.helpers.analysis_positions import (
    bidding_view,
    call_view,
    discard_view,
    find_view,
    first_card_view,
    king_positions,
    other_discard,
    played_deal,
    slam_view,
)

SAMPLES = 8
FFT = load_rules()


def cards_of(action: Action) -> tuple[Card, ...]:
    """The cards an action names (a played or called card, a discard)."""
    if isinstance(action, Play | Call):
        return (action.card,)
    assert isinstance(action, Discard | ShowHandful)
    return action.cards


def check_sorted(analysis: Analysis) -> None:
    means = [o.mean for o in analysis.options]
    assert means == sorted(means, reverse=True)
    assert analysis.best is analysis.options[0]
    for option in analysis.options:
        assert option.samples == SAMPLES
        assert option.stderr >= 0 and 0 <= option.wins <= 1


def mid_game_view() -> SeatView:
    return find_view(range(50), 4, lambda v: v.phase.value == "playing" and len(v.tricks) >= 6
                     and len(equivalent_cards(O.legal_plays(v), v.hand_mask, unseen_out(v))) >= 3)


def test_bids_are_every_legal_bid_best_first() -> None:
    view = bidding_view()
    analysis = analyse(view, samples=SAMPLES, seed=1)
    assert {o.action for o in analysis.options} == set(O.legal_bids(view))
    assert len(analysis.options) == len(O.legal_bids(view))
    check_sorted(analysis)
    # the first to speak: a pass is worth what the deal is worth when a later seat takes
    passing = analysis.value_of(Bid(None))
    assert passing is not None and passing.samples == SAMPLES
    # the last to speak after three passes: nobody else may take, so a pass is worth 0
    deal = Deal.new(FFT, 4, 0, 3)
    for _ in range(3):
        deal.execute(deal.state.turn, PASS)
    last = view_for(deal.state, deal.state.turn)
    passing = analyse(last, samples=SAMPLES, seed=1).value_of(Bid(None))
    assert passing is not None and passing.mean == 0.0 and passing.stderr == 0.0


def test_cards_are_the_expert_candidates_and_equivalent_cards_share_a_value() -> None:
    view = mid_game_view()
    analysis = analyse(view, samples=SAMPLES, seed=2)
    candidates = equivalent_cards(O.legal_plays(view), view.hand_mask, unseen_out(view))
    assert sorted(cards_of(o.action)[0] for o in analysis.options) == candidates
    check_sorted(analysis)
    for card in view.legal_plays:
        assert analysis.value_of(Play(card)) is not None
    assert analysis.value_of(Play(next(c for c in range(78) if c not in view.legal_plays))) is None


def test_the_same_seed_gives_the_same_analysis() -> None:
    view = mid_game_view()
    first = analyse(view, samples=SAMPLES, seed=5)
    assert analyse(view, samples=SAMPLES, seed=5) == first
    assert analyse(view, samples=SAMPLES, seed=5, include=first.options[-1].action) == first


def test_seconds_stop_the_analysis_after_two_deals_at_least() -> None:
    analysis = analyse(mid_game_view(), samples=10_000, seconds=0.0)
    assert all(o.samples == 2 for o in analysis.options)


def test_a_stop_request_cancels() -> None:
    with pytest.raises(AnalysisCancelled):
        analyse(mid_game_view(), samples=SAMPLES, stop=lambda: True)


def test_discard_candidates_and_an_included_discard() -> None:
    view = discard_view()
    analysis = analyse(view, samples=SAMPLES, seed=3)
    hand = view.hand_mask | C.mask_of(view.discard or ())
    candidates = discard_candidates(hand, O.discard_options(view))
    assert {C.mask_of(cards_of(o.action)) for o in analysis.options} == set(candidates)
    check_sorted(analysis)
    expert = analysis.best.action
    assert isinstance(expert, Discard)
    mine = other_discard(view, expert)
    if C.mask_of(mine.cards) in candidates:
        pytest.skip("every cheap discard is a candidate")
    assert analysis.value_of(mine) is None
    with_mine = analyse(view, samples=SAMPLES, seed=3, include=mine)
    assert len(with_mine.options) == len(analysis.options) + 1
    shuffled = Discard(tuple(reversed(mine.cards)))
    value = with_mine.value_of(shuffled)
    assert value is not None and value.action == Discard(tuple(sorted(mine.cards)))
    # the other options saw the very same deals
    for option in analysis.options:
        again = with_mine.value_of(option.action)
        assert again is not None and again.mean == option.mean


def test_call_candidates_and_an_included_call() -> None:
    view = call_view()
    analysis = analyse(view, samples=SAMPLES, seed=4)
    assert sorted(cards_of(o.action)[0] for o in analysis.options) == sorted(
        ExpertBot.call_candidates(view))
    check_sorted(analysis)
    own = next(c for c in O.callable_cards(view) if view.hand_mask >> c & 1
               or c not in ExpertBot.call_candidates(view))
    included = analyse(view, samples=SAMPLES, seed=4, include=Call(own))
    assert included.value_of(Call(own)) is not None
    with pytest.raises(ValueError):
        analyse(view, samples=SAMPLES, include=Call(C.PETIT))
    with pytest.raises(ValueError):
        analyse(view, samples=SAMPLES, include=Bid("garde"))


def test_slam_is_valued_both_ways() -> None:
    view = slam_view()
    analysis = analyse(view, samples=SAMPLES, seed=6)
    assert {o.action for o in analysis.options} == {DecideSlam(False), DecideSlam(True)}
    check_sorted(analysis)


def test_misere_and_handful_declarations_are_valued_against_declaring_nothing() -> None:
    view = first_card_view("no_trump")
    cards = analyse(view, samples=SAMPLES, seed=7)
    assert all(isinstance(o.action, Play) for o in cards.options)
    declared = analyse(view, samples=SAMPLES, seed=7, declarations=True)
    actions = {o.action for o in declared.options}
    assert NO_DECLARATION in actions and AnnounceMisere("trump") in actions
    misere = declared.value_of(AnnounceMisere("trump"))
    nothing = declared.value_of(NO_DECLARATION)
    assert misere is not None and nothing is not None
    # the misère changes nothing in the play: exactly its value from each other player
    assert misere.mean - nothing.mean == pytest.approx(view.rules.misere_value * 3)

    view = first_card_view("trumps")
    declared = analyse(view, samples=SAMPLES, seed=8, declarations=True)
    handfuls = [o.action for o in declared.options if isinstance(o.action, ShowHandful)
                and o.action != NO_DECLARATION]
    assert len(handfuls) == len(O.handful_options(view)) >= 1
    trumps = C.cards_of(view.hand_mask & C.TRUMP_MASK)
    size = O.handful_options(view)[0].size
    mine = ShowHandful(tuple(reversed(trumps[-size:])))  # the highest trumps, any order
    included = analyse(view, samples=SAMPLES, seed=8, include=mine)
    assert included.value_of(mine) is not None
    with pytest.raises(ValueError):
        analyse(view, samples=SAMPLES, include=ShowHandful(tuple(trumps[: size - 1])))


def test_a_forced_choice_is_not_simulated() -> None:
    view = find_view(range(50), 4, lambda v: len(v.legal_plays) == 1)
    analysis = analyse(view, samples=SAMPLES)
    assert analysis.forced and len(analysis.options) == 1
    assert analysis.best.samples == 0 and analysis.best.action == Play(view.legal_plays[0])


def test_nothing_to_decide_is_an_error() -> None:
    deal = played_deal(4, 0)
    state = deal.state_at(len(deal.events) // 2)
    other = next(s for s in range(4) if s != state.turn)
    with pytest.raises(ValueError):
        analyse(view_for(state, other), samples=SAMPLES)


def test_decisions_lists_every_decision_of_a_seat_with_its_view() -> None:
    deal = played_deal(4, 11)
    found = decisions(deal, 0)
    commands = {i: command_of(e) for i, e in enumerate(deal.events)}
    expected = [i for i, command in commands.items() if command is not None and command[0] == 0]
    assert [d.index for d in found] == expected
    assert any(isinstance(d.action, Bid) for d in found)
    assert sum(isinstance(d.action, Play) for d in found) == deal.state.tricks_total
    for decision in found:
        command = command_of(deal.events[decision.index])
        assert command == (0, decision.action) and decision.seat == 0
        assert decision.view == view_for(deal.state_at(decision.index), 0)
        if isinstance(decision.action, Play):
            assert decision.forced == (len(decision.view.legal_plays) == 1)
    # each past decision can be valued with the action taken among the options
    for decision in found[:: 4]:
        analysis = analyse_decision(decision, samples=4)
        assert analysis.value_of(decision.action) is not None


def test_an_obviously_winning_card_is_preferred() -> None:
    """Seat 0 plays last to a rich plain-suit trick an opponent is winning: a higher card
    of the suit takes it, a low one gives it away."""
    for view, winner, low in king_positions(3):
        analysis = analyse(view, samples=16, seed=1)
        best = analysis.best.action
        assert isinstance(best, Play)
        led = C.SUIT_OF[view.trick.cards[0]]
        top = max(c for c in view.trick.cards if C.SUIT_OF[c] == led)
        assert C.SUIT_OF[best.card] == led and best.card > top, C.format_card(best.card)
        losing = analysis.value_of(Play(low))
        winning = analysis.value_of(Play(winner))
        assert losing is not None and winning is not None and winning.mean > losing.mean
