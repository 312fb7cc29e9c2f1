"""A damaged rules file or deal record names its problem as data (:class:`engine.problems.Problem`):
the engine's English is that problem's text, and the game says the same problem in French."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from engine.problems import Problem, ProblemError
from engine.record import RecordError, score_record
from engine.rules import RulesError, default_rules_path, load_rules, rules_from_document
from game.app.i18n import detail_words, has_text
from tests.helpers.paths import RECORDS

RULES_TEXT = default_rules_path().read_text(encoding="utf-8")
GARDE = yaml.safe_load((RECORDS / "four_players_garde.yaml").read_text(encoding="utf-8"))
FIVE = yaml.safe_load((RECORDS / "five_players_call.yaml").read_text(encoding="utf-8"))

Edit = Callable[[dict[str, Any]], object]


def _said_in_french(exc: ProblemError) -> str:
    """The French of the error's problem, checked against its English."""
    problem = exc.problem
    assert isinstance(problem, Problem)
    assert problem.text() == str(exc)
    french = detail_words(problem, "fr")
    assert french != str(exc)
    assert "{" not in french and "}" not in french
    # what is wrong, without where: the catalog's own words, not the engine's English
    what = detail_words(Problem(problem.key, problem.values, (), problem.refusal), "fr")
    assert has_text(f"detail_{problem.key}")
    assert what != problem.what() and "{" not in what
    for english in ("the number ", "the text ", "a list", "a mapping", "nothing", "a value of"):
        assert english not in what, what  # what was found instead is said in French too
    if problem.at:  # where in the file comes first
        assert french.endswith(what) and french.startswith(" : ".join(problem.at) + " : ")
    else:
        assert french == what
    return french


# --- rules files -------------------------------------------------------------------------------


def _rules(edit: Edit) -> dict[str, Any]:
    document: dict[str, Any] = yaml.safe_load(RULES_TEXT)
    edit(document)
    return document


def _set(*path: Any, value: Any) -> Edit:
    def edit(document: dict[str, Any]) -> None:
        node = document
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
    return edit


def _drop(*path: Any) -> Edit:
    def edit(document: dict[str, Any]) -> None:
        node = document
        for key in path[:-1]:
            node = node[key]
        del node[path[-1]]
    return edit


# (what is changed in the bundled file, the problem's key, where it is)
BAD_RULES: list[tuple[Edit, str, str]] = [
    (_set("extra", value=1), "unknown_key", "extra"),
    (_set("rules", "contract_base", value="25"), "expected_number_between_got",
     "rules.contract_base"),
    (_set("rules", "targets", value=[56, 51, 41]), "expected_numbers_between", "rules.targets"),
    (_set("rules", "excuse_last_trick", value="owner"), "expected_choice",
     "rules.excuse_last_trick"),
    (_set("variants", "miseres", "rules", "miseres", "enabled", value="yes"),
     "expected_true_or_false", "variants.miseres.rules.miseres.enabled"),
    (_set("rules", "players", 4, "dog", value=3), "not_78_cards", "rules.players.4"),
    (_set("rules", "players", 3, "packet", value=5), "packet_not_dividing",
     "rules.players.3.packet"),
    (_set("rules", "players", 3, "packet", value=24), "dog_between_packets",
     "rules.players.3.dog"),
    (_set("rules", "contracts", "garde_sans", value=1), "multiplier_below",
     "rules.contracts.garde_sans"),
    (_set("rules", "targets", value=[56, 51, 41, 46]), "targets_rise", "rules.targets"),
    (_set("rules", "handfuls", 3, value=[13, 13, 18]), "handfuls_not_increasing",
     "rules.handfuls.3"),
    (_set("rules", "handfuls", 5, value=[8, 10, 16]), "triple_too_large", "rules.handfuls.5"),
    (_set("rules", "five_player_split", value=[2, 2]), "split_not_3",
     "rules.five_player_split"),
    (_set("format", value="tarot-match"), "expected_format", "format"),
    (_set("version", value=2), "version_not_read", "version"),
    (_set("rules", "players", 6, value={"hand": 12, "dog": 6, "packet": 3}),
     "unknown_player_count", "rules.players.6"),
    (_set("rules", "players", value=[3, 4, 5]), "expected_player_counts", "rules.players"),
    (_drop("rules", "players", 5), "missing_player_count", "rules.players"),
    (_set("rules", "players", 4, value=18), "expected_player_setup", "rules.players.4"),
    (_set("rules", "contracts", value=2), "expected_contracts", "rules.contracts"),
    (_set("rules", "slam", value=400), "expected_slam", "rules.slam"),
    (_set("rules", "miseres", value=True), "expected_miseres", "rules.miseres"),
    (_set("rules", value=[1, 2]), "expected_rule_options", "rules"),
    (_set("variants", value=["fft"]), "expected_variants", "variants"),
    (_set("variants", "house", value=3), "expected_variant", "variants.house"),
    (_set("variants", "house rules", value={"rules": {}}), "variant_name_not_a_word",
     "variants"),
]


@pytest.mark.parametrize(("edit", "key", "where"), BAD_RULES,
                         ids=[f"{i}-{case[1]}" for i, case in enumerate(BAD_RULES)])
def test_a_damaged_rules_file_is_said_in_french(edit: Edit, key: str, where: str) -> None:
    with pytest.raises(RulesError) as info:
        rules_from_document(_rules(edit))
    assert (info.value.problem.key, info.value.problem.at) == (key, (where,))
    _said_in_french(info.value)


def test_rules_problems_found_outside_the_options(tmp_path: Path) -> None:
    fft = load_rules()
    with pytest.raises(RulesError) as info:
        fft.setup(6)
    assert info.value.problem.at == ("players",)
    _said_in_french(info.value)
    with pytest.raises(RulesError) as info:
        fft.contract("garde_avec")
    assert "garde_avec" in _said_in_french(info.value)
    with pytest.raises(RulesError) as info:
        load_rules(variant="nope")
    assert "call_any_card, excuse_to_trick_winner, fft, miseres" in _said_in_french(info.value)
    path = tmp_path / "rules.yaml"
    path.write_text("- rules\n- variants\n", encoding="utf-8")
    with pytest.raises(RulesError) as info:
        load_rules(path)
    assert info.value.problem.at == (str(path),)
    _said_in_french(info.value)


def test_a_rules_file_that_cannot_be_read_keeps_the_readers_words(tmp_path: Path) -> None:
    path = tmp_path / "rules.yaml"
    path.write_text("format: tarot-rules\n\tversion: 1\n", encoding="utf-8")
    with pytest.raises(RulesError) as info:
        load_rules(path)
    problem = info.value.problem
    assert problem.key == "as_said" and problem.at == ()
    assert problem.text() == str(info.value) and "not valid YAML" in str(info.value)


def test_enough_kinds_of_damaged_rules_files() -> None:
    assert len({key for _, key, _ in BAD_RULES}) >= 15


# --- deal records ------------------------------------------------------------------------------


def _edited(record: dict[str, Any], edit: Edit) -> str:
    changed = copy.deepcopy(record)
    edit(changed)
    return yaml.safe_dump(changed, sort_keys=False)


def _tricks(record: dict[str, Any]) -> dict[str, Any]:
    """The record with its play as a list of tricks of four cards."""
    play = record["play"]
    return dict(record, play=[play[i:i + 4] for i in range(0, len(play), 4)])


def _append(*path: Any, value: Any) -> Edit:
    def edit(record: dict[str, Any]) -> None:
        node = record
        for key in path:
            node = node[key]
        node.append(value)
    return edit


def _move_card(record: dict[str, Any]) -> None:
    record["hands"][2].append(record["hands"][1].pop())


def _both(*edits: Edit) -> Edit:
    def edit(record: dict[str, Any]) -> None:
        for one in edits:
            one(record)
    return edit


GARDE_TRICKS = _tricks(GARDE)

# (the record, what is changed, the problem's key, where it is)
BAD_RECORDS: list[tuple[dict[str, Any], Edit, str, str]] = [
    (GARDE, _set("players", value=6), "expected_players", "players"),
    (GARDE, _drop("players"), "missing_players", "players"),
    (GARDE, _set("dealer", value=4), "expected_dealer", "dealer"),
    (GARDE, _set("hands", value="KH QH"), "expected_hands", "hands"),
    (GARDE, _drop("hands", 3), "hands_count", "hands"),
    (GARDE, _set("hands", 1, 0, value="T15"), "dealt_twice_also", "hands[1][0]"),
    (GARDE, _set("hands", 1, 2, value=["KH"]), "expected_card", "hands[1][2]"),
    (GARDE, _set("dog", value="KH"), "expected_cards", "dog"),
    (GARDE, _drop("dog"), "missing_dog", "dog"),
    (GARDE, _append("bids", value="pass"), "bid_out_of_turn", "bids[4]"),
    (GARDE, _drop("bids", 3), "bids_count", "bids"),
    (GARDE, _set("bids", value=["garde"]), "bids_count_one", "bids"),
    (GARDE, _set("bids", 0, value=3), "expected_bid", "bids[0]"),
    (GARDE, _set("bids", 1, value="gard"), "unknown_bid", "bids[1]"),
    (GARDE, _drop("discard"), "missing_discard", "discard"),
    (GARDE, _set("call", value="KH"), "call_not_five", "call"),
    (GARDE, _set("slam", value="maybe"), "expected_true_or_false", "slam"),
    (GARDE, _set("handfuls", value=["T21"]), "expected_handfuls", "handfuls"),
    (GARDE, _set("handfuls", value={7: ["T1"]}), "no_such_seat", "handfuls.7"),
    (GARDE, _set("handfuls", value={"one": ["T1"]}), "expected_seat_keys", "handfuls"),
    (GARDE, _set("miseres", value={0: ["trump"]}), "miseres_not_played", "miseres"),
    (GARDE, _set("play", value="KH QH"), "expected_play", "play"),
    (GARDE, _append("play", value="EX"), "deal_over", "play[72]"),
    (GARDE, _set("handful", value=["T1"]), "unknown_field_like", "handful"),
    (GARDE, _set("seed", value=3), "unknown_field", "seed"),
    (GARDE, _set("rules", value={"excuse_last_trick": "nobody"}), "expected_choice",
     "rules.excuse_last_trick"),
    (GARDE, _set("rules", value=["excuse_last_trick"]), "expected_rule_options", "rules"),
    (GARDE_TRICKS, _append("play", value=["EX"]), "tricks_over", "play[18]"),
    (GARDE_TRICKS, _set("play", 3, value=["T15", "T7", "T13"]), "trick_incomplete", "play[3]"),
    (GARDE_TRICKS, _set("play", 3, value=["T15"]), "trick_incomplete_one", "play[3]"),
    (GARDE_TRICKS, _append("play", 2, value="EX"), "trick_too_long", "play[2][4]"),
    (GARDE_TRICKS, _set("play", 5, value="KH"), "expected_trick", "play[5]"),
    (GARDE_TRICKS, _set("play", 5, value=[]), "empty_trick", "play[5]"),
    (FIVE, _drop("call"), "missing_call", "call"),
    (FIVE, _both(_set("rules", value={"miseres": {"enabled": True}}),
                 _set("miseres", value={0: "trump"})), "expected_misere_list", "miseres.0"),
    (FIVE, _both(_set("rules", value={"miseres": {"enabled": True}}),
                 _set("miseres", value={0: ["none"]})), "unknown_misere", "miseres.0[0]"),
    (FIVE, _both(_set("rules", value={"miseres": {"enabled": True}}),
                 _set("miseres", value=["trump"])), "expected_miseres_by_seat", "miseres"),
    (GARDE, _set("handfuls", value={1: ["T1"], "1": ["T2"]}), "listed_twice", "handfuls.1"),
]


@pytest.mark.parametrize(("record", "edit", "key", "where"), BAD_RECORDS,
                         ids=[f"{i}-{case[2]}" for i, case in enumerate(BAD_RECORDS)])
def test_a_damaged_deal_record_is_said_in_french(record: dict[str, Any], edit: Edit, key: str,
                                                 where: str) -> None:
    with pytest.raises(RecordError) as info:
        score_record(_edited(record, edit))
    assert (info.value.problem.key, info.value.problem.at) == (key, (where,))
    _said_in_french(info.value)


@pytest.mark.parametrize(("text", "key"),
                         [("", "record_empty"), ("- players\n", "expected_record")])
def test_a_record_that_is_not_a_mapping_is_said_in_french(text: str, key: str) -> None:
    with pytest.raises(RecordError) as info:
        score_record(text)
    assert (info.value.problem.key, info.value.problem.at) == (key, ("record",))
    _said_in_french(info.value)


def test_a_move_the_rules_refuse_carries_the_refusal() -> None:
    with pytest.raises(RecordError) as info:
        score_record(_edited(GARDE, _set("bids", value=["garde", "prise", "pass", "pass"])))
    problem = info.value.problem
    assert problem.key == "refused" and problem.at == ("bids[1]",)
    assert problem.refusal is not None and problem.refusal.reason
    assert problem.text() == str(info.value) == f"bids[1]: {problem.refusal.text()}"


def test_a_record_problem_is_one_short_line() -> None:
    with pytest.raises(RecordError) as info:
        score_record(_edited(GARDE, _set("sé\ned  ", value=1)))
    assert info.value.problem.at == ("sé ed ",)
    assert str(info.value).startswith("sé ed : unknown field")
    long_key = "k" * 1000
    with pytest.raises(RecordError) as info:
        score_record(_edited(GARDE, _set("rules", value={"players": {long_key: 1}})))
    assert len(str(info.value)) == 400 and str(info.value).endswith("...")
    assert info.value.problem.text() == str(info.value)


def test_a_hand_of_the_wrong_size_keeps_its_count() -> None:
    with pytest.raises(RecordError) as info:
        score_record(_edited(GARDE, _move_card))
    assert str(info.value) == "hands[1]: 17 cards, 18 expected"
    assert info.value.problem.key == "card_count"


def test_enough_kinds_of_damaged_records() -> None:
    assert len({key for _, _, key, _ in BAD_RECORDS}) >= 15


def test_a_problem_error_survives_a_copy_and_a_trip_between_processes() -> None:
    """Workers send errors back pickled: the problem comes back whole."""
    import pickle

    from engine.cards import CardError, parse_card

    with pytest.raises(CardError) as info:
        parse_card("ZZ")
    for again in (pickle.loads(pickle.dumps(info.value)), copy.copy(info.value)):
        assert type(again) is CardError and again.problem == info.value.problem
        assert str(again) == str(info.value)


def test_a_value_quoted_from_the_file_is_not_translated() -> None:
    """An unknown contract named like a phase or a misère is the file's own text."""
    from engine.refusals import Refusal

    for reason, name in (("unknown_contract", "bidding"), ("unknown_misere", "a handful")):
        problem = Problem.of("refused", "events[3]", Refusal(reason, seat=1, name=name))
        assert repr(name) in detail_words(problem, "fr")
