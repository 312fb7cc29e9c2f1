"""Verdicts that say how sure they are, and the ``python -m engine review`` command."""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

from engine import cards as C
from engine.actions import Bid, Play
from engine.ai import verdict as V
from engine.ai.analysis import analyse
from engine.ai.review_command import KIND_OF, load, review
from engine.cli import main
from engine.deal import Deal
from engine.record import load_record
from engine.saves import save_deal
from tests.helpers.paths import ROOT
from tests.helpers.positions import position

RECORDS = Path(__file__).resolve().parent.parent / "records"


# --- the classes ------------------------------------------------------------------------------


@pytest.mark.parametrize(("low", "high", "kind"), [
    (60.0, 90.0, "blunder"),
    (50.0, 51.0, "blunder"),
    (49.9, 90.0, "mistake"),
    (20.0, 25.0, "mistake"),
    (5.0, 6.0, "inaccuracy"),
    (4.9, 30.0, "too_close"),
    (-10.0, 5.0, "too_close"),
    (-10.0, 4.9, "good"),
    (-30.0, -10.0, "good"),
])
def test_a_class_is_given_by_the_low_end_of_the_interval(low: float, high: float,
                                                         kind: str) -> None:
    assert V.classify((low + high) / 2, low, high) == kind


def test_the_bands_rise_and_every_kind_is_known() -> None:
    edges = [edge for _, edge in V.BANDS]
    assert edges == sorted(edges, reverse=True) and edges[-1] == V.INACCURACY
    assert {kind for kind, _ in V.BANDS} == V.FLAGGED < set(V.KINDS)


# --- verdicts on positions ------------------------------------------------------------------


def petit_wins() -> object:
    """Garde sans; the last seat has shown it has no trump: the Petit wins for certain."""
    return position(4, "garde_sans", taker=2, dealer=0,
                    hands={0: "T20 T19 T18 T1 NS JH 10H 9H 8H 7H 6H QD JD 10D 8D"},
                    tricks="2S KS 3S 4S  T15 3D T16 5D  1D 6D T5 7D  9C JS").view


def test_keeping_back_a_petit_that_surely_wins_is_a_blunder() -> None:
    view = petit_wins()
    found = V.judge(view, Play(C.parse_card("T20")), seed=1)  # type: ignore[arg-type]
    assert found.kind == "blunder" and found.flagged
    assert found.best == Play(C.PETIT)
    assert V.BLUNDER <= found.cost_low <= found.cost <= found.cost_high
    assert found.samples >= V.DEFAULT_SAMPLES


def test_the_analysis_own_choice_is_best_and_costs_nothing() -> None:
    found = V.judge(petit_wins(), Play(C.PETIT), seed=1)  # type: ignore[arg-type]
    assert (found.kind, found.cost, found.samples) == ("best", 0.0, 0)


def test_the_only_legal_card_is_forced() -> None:
    view = position(4, "garde", taker=2, dealer=0,
                    hands={0: "QH T14 T9 T4 T3 KS 8S 6S 3S JC 9C 7C 2C QD 9D 4D 3D 8D"},
                    tricks="10H 2H 3H").view
    assert V.judge(view, Play(C.parse_card("QH"))).kind == "forced"


def test_the_cost_is_measured_on_fresh_deals_not_those_that_chose() -> None:
    """The chosen option is compared with the analysis's best on other deals than those
    which made it the best: the cost is not the selection's margin."""
    view = petit_wins()
    action = Play(C.parse_card("T20"))
    chosen = analyse(view, V.DEFAULT_SAMPLES, 1, include=action)  # type: ignore[arg-type]
    margin, _ = chosen.paired(chosen.best.action, action)
    found = V.judge(view, action, seed=1)  # type: ignore[arg-type]
    assert found.cost != pytest.approx(margin)


def test_a_flag_measured_again_on_more_deals_still_holds() -> None:
    view = petit_wins()
    found = V.judge(view, Play(C.parse_card("T20")), seed=1)  # type: ignore[arg-type]
    again = V.measure_again(view, found, 8 * V.DEFAULT_SAMPLES, seed=9)  # type: ignore[arg-type]
    assert again.flagged and (again.action, again.best) == (found.action, found.best)
    assert again.samples == 8 * V.DEFAULT_SAMPLES and again.cost_low >= V.INACCURACY
    best = V.judge(view, Play(C.PETIT), seed=1)  # type: ignore[arg-type]
    assert V.measure_again(view, best, 96, seed=9) is best  # type: ignore[arg-type]


def test_a_flag_judged_again_with_eight_times_the_budget_is_still_a_flag() -> None:
    view = petit_wins()
    action = Play(C.parse_card("T20"))
    found = V.judge(view, action, 12, seed=1, refine=4)  # type: ignore[arg-type]
    again = V.judge(view, action, 8 * 12, seed=2, refine=4)  # type: ignore[arg-type]
    assert found.flagged and again.flagged
    assert again.samples >= 8 * 12


def test_the_measure_plays_the_two_options_compared_on_the_same_deals() -> None:
    """``among`` leaves the other options out, not the deals: the two options get the
    values, and the paired difference, of the analysis of every option."""
    view = petit_wins()
    every = analyse(view, 24, 5)  # type: ignore[arg-type]
    pair = (every.best.action, every.options[-1].action)
    two = analyse(view, 24, 5, among=pair)  # type: ignore[arg-type]
    assert {option.action for option in two.options} == set(pair)
    for action in pair:
        assert two.value_of(action) == every.value_of(action)
    assert two.paired(*pair) == every.paired(*pair)


def test_the_same_seed_gives_the_same_verdict() -> None:
    view = petit_wins()
    action = Play(C.parse_card("T19"))
    assert V.judge(view, action, seed=4) == V.judge(view, action, seed=4)  # type: ignore[arg-type]


def test_a_close_call_is_refined_then_declared_close() -> None:
    """Two cards the deals cannot tell apart: more deals are tried, up to the limit, and the
    verdict is never a flag."""
    view = position(4, "garde", taker=2, dealer=0,
                    hands={0: "QH 5H T14 T9 T4 EX KS 8S 6S 3S JC 9C 7C 2C QD 9D 4D 3D"},
                    tricks="10H 2H 3H").view
    for seed in range(3):
        found = V.judge(view, Play(C.parse_card("QH")), samples=12, seed=seed, refine=4)
        assert not found.flagged
        if found.kind == "too_close":
            assert found.samples == 48


# The clear errors a strong player found in the expert's games (issue examples, and positions
# of tests/ai/test_strong_play.py), each played: the review flags every one.
CLEAR_ERRORS = [
    # a Petit that surely wins kept back (seed 1002, trick 13)
    (dict(players=4, contract="garde_sans", taker=2, dealer=0,
          hands={0: "T20 T19 T18 T1 NS JH 10H 9H 8H 7H 6H QD JD 10D 8D"},
          tricks="2S KS 3S 4S  T15 3D T16 5D  1D 6D T5 7D  9C JS"), "T20", "mistake", "petit_wins"),
    # the queen kept off the partner's trick by the last seat (seed 1037, trick 5)
    (dict(players=4, contract="garde", taker=2, dealer=0,
          hands={0: "QH 5H T14 T9 T4 EX KS 8S 6S 3S JC 9C 7C 2C QD 9D 4D 3D"},
          tricks="10H 2H 3H"), "5H", "inaccuracy", "charge"),
    # the master queen kept off the partner's king (seed 1022, trick 1)
    (dict(players=4, contract="garde", taker=2, dealer=0, seed=3,
          hands={0: "QD 9D 6D 4D T14 T9 T4 KS 8S 6S 3S JC 9C 7C 2C 9H 4H 3H"},
          tricks="7D 8D KD"), "4D", "inaccuracy", "charge"),
    # a king led into the taker's known void (seed 1039, trick 15)
    (dict(players=4, contract="garde", taker=1, dealer=3,
          handfuls={1: "T18 T17 T16 T15 T14 T13 T12 T10 T9 T8"},
          hands={0: "T21 T20 T19 KD 9D 8D KS QS 3S 2S 4H 5H 6H 7H 8H 9C",
                 1: "T18 T17 T16 T15 T14 T13 T12 T8 KH QH JH KC QC JC 10C 9H"},
          tricks="2D T9 3D 4D  T10 T2 T3 T11"), "KD", "inaccuracy", "taker_void"),
    # the Petit kept off the partner's 21
    (dict(players=4, contract="garde", taker=2, dealer=0,
          hands={0: "T1 T9 T4 KS 8S 6S 3S JC 9C 7C 2C QD 9D 4D 3D 2D 5H 6H"},
          tricks="T21 T7 T8"), "T4", "inaccuracy", "petit_saved"),
    # five players: the secret partner keeps its Petit under the taker's 21
    (dict(players=5, contract="garde", taker=2, dealer=4, called="KH", partner=4,
          hands={4: "T1 T3 T7 KH 9H 4H QS 8S 5S 10D 6D 2C 3C 4C"},
          tricks="4S 6S KS 2S 7S  T21 T9"), "T3", "mistake", "petit_saved"),
    # the taker's Petit is its last trump: a defender with seven trumps above it leads a king
    # rather than a trump, and the taker may save the Petit by ruffing
    (dict(players=4, contract="garde", taker=1, dealer=0,
          hands={0: "T17 T16 T15 T14 T13 T12 T11 KS QS 4S KD 8D 3C"},
          tricks="T21 T3 T2 T6  T20 T9 T4 T7  T19 2D T5 T8  T18 3D 2C T10  5H 6H 7H KH"),
     "KS", "inaccuracy", "hunt"),
    # three players: the taker cashes a king before drawing the last trump
    (dict(players=3, contract="garde", taker=1, dealer=0,
          hands={1: "T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T1 KS QS NS KH QH KC KD QD"},
          tricks="2S 9S T3  4D 10D 3D  T21 T2 T4  T20 T5 T6  T19 2C T7"), "KS", "mistake", "draw"),
]


@pytest.mark.parametrize(("where", "card", "at_least", "reason"), CLEAR_ERRORS)
def test_the_clear_errors_of_the_experts_games_are_flagged_with_their_reason(
        where: dict[str, object], card: str, at_least: str, reason: str) -> None:
    where = dict(where)
    view = position(where.pop("players"), where.pop("contract"), **where).view  # type: ignore[arg-type]
    found = V.judge(view, Play(C.parse_card(card)), seed=0)
    assert found.flagged, found
    assert V.KINDS.index(found.kind) >= V.KINDS.index(at_least), found
    # the range shown bears the class out
    assert V.classify(found.cost, found.cost_low, found.cost_high) == found.kind, found
    assert found.reason == reason and reason in V.REASONS
    assert found.sure == (reason != "taker_void")  # the other reasons are a sure card's
    assert (found.reason_suit >= 0) == (reason == "taker_void")
    if reason == "taker_void":
        assert found.reason_suit == C.SUIT_OF[C.parse_card(card)]



def test_a_verdict_says_when_the_sure_card_is_compared_with_and_bounds_the_cost() -> None:
    """Where a card surely gains on the trick, it is what the choice is measured against,
    whatever the estimates, and the verdict says so; where the cost is raised to what that
    card surely keeps, the verdict says so too, and the range starts there."""
    from engine.ai import club
    from engine.ai.analysis import decisions
    from engine.ai.certain import sure_gain

    deal = load_record((RECORDS / "four_players_garde.yaml").read_text())
    seen = {"sure": 0, "floored": 0, "point": 0}
    for seat in range(deal.players):
        for decision in decisions(deal, seat):
            found = V.judge(decision.view, decision.action, 4, seed=decision.index, refine=2)
            sure = -1
            if isinstance(decision.action, Play) and not decision.forced:
                sure = sure_gain(club.reading_of_view(decision.view))
            assert found.sure == (sure >= 0), (decision.index, found)
            if found.sure:  # the sure card, or the choice when it stands for it
                assert found.best == (decision.action if found.kind == "best" else Play(sure))
                seen["sure"] += 1
            if found.floored:
                floor, _ = V._sure_floor(decision.view, found.best, found.action)
                assert found.sure and found.cost_low == floor <= found.cost
                seen["floored"] += 1
                seen["point"] += found.cost_low == found.cost_high
            elif found.samples:
                assert found.cost_low < found.cost_high or found.cost == found.cost_low
    assert all(seen.values()), seen


# --- the review command -----------------------------------------------------------------------


def test_review_judges_every_decision_of_the_seat_in_order() -> None:
    deal = load_record((RECORDS / "four_players_garde.yaml").read_text())
    rows = review(deal, 1, samples=8, seed=0, refine=1)
    kinds = [row["kind"] for row, _ in rows]
    assert kinds[0] == "bid" and kinds.count("card") == 18
    tricks = [row["trick"] for row, _ in rows if row["kind"] == "card"]
    assert tricks == list(range(1, 19))
    assert all(verdict.kind in V.KINDS for _, verdict in rows)
    # a reason only comes with a flag: never on a close call
    assert all(verdict.flagged or not verdict.reason for _, verdict in rows)


def test_the_json_form_has_every_field(capsys: pytest.CaptureFixture[str]) -> None:
    path = RECORDS / "five_players_call.yaml"
    assert main(["review", str(path), "--seat", "0", "--json", "--samples", "6",
                 "--seed", "3", "--refine", "1"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert (document["seat"], document["samples"], document["seed"]) == (0, 6, 3)
    decisions = document["decisions"]
    assert decisions and decisions[0]["kind"] == "bid"
    for row in decisions:
        assert row["kind"] in set(KIND_OF.values())
        assert row["verdict"] in V.KINDS
        assert row["cost_low"] <= row["cost"] <= row["cost_high"]
        assert row["action"].split()[0] in {"bid", "call", "discard", "play", "handful",
                                            "misere", "announce", "no"}
        assert ("trick" in row) == (row["kind"] == "card")


def test_the_text_form_is_a_line_a_decision_and_repeatable(
        capsys: pytest.CaptureFixture[str]) -> None:
    path = str(RECORDS / "four_players_garde.yaml")
    args = ["review", path, "--seat", "2", "--samples", "6", "--refine", "1"]
    assert main(args) == 0
    first = capsys.readouterr().out
    assert main(args) == 0
    assert capsys.readouterr().out == first
    lines = first.splitlines()
    deal = load_record(Path(path).read_text())
    assert len(lines) == len(review(deal, 2, samples=2, refine=1))
    assert lines[-1].startswith("trick 18")


def test_a_deal_the_game_kept_is_reviewed_like_a_record(tmp_path: Path) -> None:
    deal = load_record((RECORDS / "four_players_garde.yaml").read_text())
    path = tmp_path / "deal.json"
    save_deal(deal, path)
    kept = load(str(path))
    assert isinstance(kept, Deal) and kept.events == deal.events
    assert main(["review", str(path), "--seat", "0", "--samples", "4", "--refine", "1"]) == 0


@pytest.mark.parametrize(("args", "words"), [
    (["missing.yaml", "--seat", "0"], "no such file"),
    (["{records}/four_players_garde.yaml", "--seat", "4"], "seat 4 is not at this table"),
    (["{records}/four_players_garde.yaml", "--seat", "0", "--samples", "1"],
     "argument --samples: expected a whole number from 2 to 4096, got 1"),
    (["{records}/four_players_garde.yaml", "--seat", "0", "--refine", "0"],
     "argument --refine: expected a whole number from 1 to 64, got 0"),
    (["{bad}", "--seat", "0"], "players"),
    (["{bad_json}", "--seat", "0"], "bad.json"),
    (["{records}/four_players_garde.yaml"], "--seat"),
])
def test_bad_input_gets_one_line_and_exit_2(args: list[str], words: str, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("players: 9\n")
    bad_json = tmp_path / "bad.json"
    bad_json.write_text('{"format": "tarot-deal", "version": 1, "players": 4, "events": 7}')
    args = [a.format(records=RECORDS, bad=bad, bad_json=bad_json) for a in args]
    assert main(["review", *args]) == 2
    err = capsys.readouterr().err.strip()
    assert words in err
    assert len(err.splitlines()) == 1


REVIEW = [sys.executable, "-m", "engine", "review", str(RECORDS / "four_players_garde.yaml"),
          "--seat", "1", "--samples", "2", "--refine", "1"]


def test_a_review_says_on_stderr_which_decision_it_is_at() -> None:
    """A review at a large budget takes hours: ``--progress`` tells each decision on
    standard error, a line each where it is not a terminal; standard output holds the
    review alone."""
    result = subprocess.run([*REVIEW, "--json", "--progress"], cwd=ROOT, capture_output=True,
                            text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    decisions = json.loads(result.stdout)["decisions"]
    assert result.stderr.splitlines() == [
        f"python -m engine review: decision {n} of {len(decisions)}"
        for n in range(1, len(decisions) + 1)]


@pytest.mark.skipif(not hasattr(pty, "openpty"), reason="no terminals here")
def test_on_a_terminal_a_review_rewrites_one_line_and_wipes_it() -> None:
    """Where standard error is a terminal, the progress is shown unasked, on one line
    rewritten in place and wiped at the end; what a pipe reads is the review alone."""
    leader, follower = pty.openpty()
    try:
        result = subprocess.run(REVIEW, cwd=ROOT, stdout=subprocess.PIPE, stderr=follower,
                                text=True, timeout=60, check=False)
        os.close(follower)
        shown = b""
        while chunk := _read(leader):
            shown += chunk
    finally:
        os.close(leader)
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert lines[0].startswith("bid") and len(lines) > 10
    text = shown.decode()
    assert "\n" not in text.replace("\r\n", "")
    assert text.count("\r") == len(lines) + 1
    assert f"\rpython -m engine review: decision {len(lines)} of {len(lines)}\x1b[K" in text
    assert text.endswith("\r\x1b[K")


def _read(descriptor: int) -> bytes:
    """What a terminal has to give, or nothing once its other end is closed."""
    try:
        return os.read(descriptor, 65536)
    except OSError:  # Linux: EIO once every writer is gone
        return b""


def test_a_pass_when_nobody_could_bid_otherwise_is_forced() -> None:
    deal = load_record((RECORDS / "all_passed.yaml").read_text())
    rows = review(deal, 0, samples=4, refine=1)
    assert [row["kind"] for row, _ in rows] == ["bid"]
    assert rows[0][1].action == Bid(None)


def test_a_card_the_defences_technique_rules_out_is_flagged_with_the_rule() -> None:
    """A king put on before the taker on a suit's first round: the review compares it with
    the low card the expert plays, flags it at least an inaccuracy whatever the play-outs
    measure, and names the rule and the suit."""
    view = position(4, "garde", taker=3, dealer=0,
                    hands={2: "KS JS 6S T5 T4 KH 9H 8H 7H 6D 5D 4D 3D 2D 7C 6C 5C 4C"},
                    tricks="5S").view
    found = V.judge(view, Play(C.parse_card("KS")), samples=24, refine=1)
    assert found.flagged and found.reason == "head_before_taker"
    assert found.reason_suit == C.SUIT_OF[C.parse_card("KS")]
    assert found.best == Play(C.parse_card("6S"))
    assert found.technique == (V.classify(found.cost, found.cost_low, found.cost_high)
                               not in V.FLAGGED)
    # the low card itself is the expert's: nothing to say
    assert V.judge(view, Play(C.parse_card("6S")), samples=24, refine=1).kind == "best"
