"""The bid-estimate script: the deals it makes with the true dog, the bid rules it scores."""

from __future__ import annotations

import random

import pytest

from engine import cards as C
from engine.ai.calibrate import Row, _interval, main, measure, rule_values, summary, with_dog
from engine.ai.club_tracker import Tracker
from engine.ai.expert import ExpertBot
from engine.deal import Deal
from engine.rules import load_rules
from engine.views import view_for

RULES = load_rules()


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_sampled_deal_given_the_true_dog_keeps_every_hand_its_size_and_no_card_twice(
        players: int) -> None:
    for number in range(6):
        deal = Deal.new(RULES, players, 0, 500 + number)
        if deal.is_over:
            continue
        state = deal.state
        seat = state.turn
        assert seat is not None
        worlds = ExpertBot(number, budget_samples=4).world_source(view_for(state, seat),
                                                                   random.Random(number))
        rng = random.Random(number)
        for _ in range(4):
            world, _weight = worlds()
            swapped = with_dog(world, state.dog, rng)
            assert swapped.dog == state.dog
            assert swapped.hands[seat] == state.hands[seat], "the bidder's own hand is known"
            assert [h.bit_count() for h in swapped.hands] == [h.bit_count()
                                                             for h in world.hands]
            everything = swapped.dog
            for hand in swapped.hands:
                assert not everything & hand
                everything |= hand
            assert everything == C.FULL_DECK
            # only the cards that had to move did: the others stay with their holders
            for other in range(players):
                kept = world.hands[other] & ~state.dog
                assert swapped.hands[other] & kept == kept


def row(estimate: float, score: int, **others: float) -> Row:
    return Row(0, estimate, score, score > 0, dict(others))


def test_a_bid_rule_scores_the_result_where_it_takes_and_nothing_where_it_passes() -> None:
    rows = [row(10, 60), row(-5, 40), row(-50, -120), row(30, -80)]
    assert rule_values(rows, lambda r: r.estimate > 0) == [60.0, 0.0, 0.0, -80.0]
    assert rule_values(rows, lambda r: r.score > 0) == [60.0, 40.0, 0.0, 0.0]


def test_the_summary_compares_each_rule_with_the_experts_own_deal_by_deal() -> None:
    rows = [row(10, 60, dog=20), row(-5, 40, dog=15), row(-50, -120, dog=-90),
            row(30, -80, dog=-10)]
    lines = summary(rows)

    def line(start: str) -> list[str]:
        return next(text.split() for text in lines if text.strip().startswith(start))

    # the expert takes the first and last deals: (60 - 80) / 4 = -5 a deal
    assert "-5.00 a deal, 2 takes" in next(text for text in lines if text.startswith("bid rules"))
    # a margin of +10 takes the second deal too: +10 a deal more
    assert line("margin +10")[2:6] == ["+5.00", "a", "deal,", "3"]
    assert line("margin +10")[10] == "+10.00"
    assert line("margin -10")[2] == "-20.00"  # no longer the first deal
    # the estimate with the true dog takes the first two: +25 a deal, +30 more
    dog = line("estimate 'dog' ")
    assert dog[2] == "+25.00" and dog[10] == "+30.00"
    assert line("knowing the result")[3] == "+25.00"
    assert summary(rows[:1]) == ["too few deals"]


def test_one_deal_is_measured_end_to_end_with_every_estimate() -> None:
    measured = [measure(4, deal, "simple", 4, estimates=("dog", "open")) for deal in range(3)]
    rows = [r for r in measured if r is not None]
    assert rows
    for r in rows:
        assert set(r.others) == {"dog", "open"}
        assert isinstance(r.score, int) and isinstance(r.made, bool)
    # the true dog changes what the sampled deals are worth
    assert any(r.others["dog"] != r.estimate for r in rows)


@pytest.mark.parametrize("players", [3, 5])
def test_the_experts_own_estimate_and_result_do_not_depend_on_the_estimates_asked_for(
        players: int) -> None:
    for deal in range(3):
        alone = measure(players, deal, "simple", 4)
        beside = measure(players, deal, "simple", 4, estimates=("dog", "open"))
        assert (alone is None) == (beside is None)
        if alone is not None and beside is not None:
            assert (beside.estimate, beside.score) == (alone.estimate, alone.score)


def test_an_estimate_asked_for_twice_is_made_once_and_an_unknown_one_is_refused() -> None:
    deal = next(d for d in range(10) if not Deal.new(RULES, 4, d % 4, d).is_over)
    once = measure(4, deal, "simple", 3, estimates=("dog",))
    twice = measure(4, deal, "simple", 3, estimates=("dog", "dog"))
    assert once is not None and twice == once
    with pytest.raises(ValueError, match="unknown estimate 'club'"):
        measure(4, deal, "simple", 3, estimates=("club",))


def test_the_interval_is_the_mean_give_or_take_two_standard_errors() -> None:
    # sample standard deviation of 0, 2, 4 is 2; three values: 1.96 * 2 / sqrt(3)
    mean, half = _interval([0.0, 2.0, 4.0])
    assert mean == 2.0
    assert half == pytest.approx(1.96 * 2 / 3 ** 0.5)


def test_the_command_prints_the_rules_compared(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--players", "3", "--deals", "3", "--samples", "2", "--estimates", "dog"]) == 0
    out = capsys.readouterr().out
    assert "bid rules" in out
    assert "estimate 'dog'" in out
    assert "knowing the result" in out


def test_the_open_estimate_lets_only_the_taker_of_its_play_outs_read_every_hand(
        monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[int] = []
    original = Tracker.see_all

    def spy(self: Tracker, seats: int) -> None:
        opened.append(seats)
        original(self, seats)

    monkeypatch.setattr(Tracker, "see_all", spy)
    deal = next(d for d in range(10) if not Deal.new(RULES, 4, d % 4, d).is_over)
    first = Deal.new(RULES, 4, deal % 4, deal).state.turn
    assert first is not None
    assert measure(4, deal, "simple", 3, estimates=("open",)) is not None
    assert opened == [1 << first] * 3
    opened.clear()
    assert measure(4, deal, "simple", 3, estimates=("dog",)) is not None
    assert opened == []
