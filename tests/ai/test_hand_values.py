"""The learned values of contracts (engine.ai.hand_values) and the script that fits them."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from engine import cards as C
from engine.ai import hand_values as HV
from engine.ai import hand_values_fit as FIT
from engine.ai.club_contract import hand_strength
from engine.ai.hand_value_weights import FEATURE_NAMES, WEIGHTS
from engine.rules import CONTRACT_NAMES, load_rules

ALL = list(CONTRACT_NAMES)


def hand(text: str) -> int:
    return C.mask_of(C.parse_cards(text.split()))


def test_features_count_what_their_names_say() -> None:
    dealt = hand("T1 T21 EX T20 T16 T12 T5 KS QS 2S KH 3H 4H 5H 6H 7H NC JD")
    x = dict(zip(HV.FEATURES, HV.features(dealt, 4), strict=True))
    assert x["bias"] == 1 and x["twenty_one"] == x["excuse"] == x["petit"] == 1
    assert x["trumps"] == 6  # the Excuse is not a trump
    assert x["petit_guards"] == 5 and x["petit_short"] == 0
    assert x["trumps_over_5"] == 1 and x["trumps_over_8"] == 0
    assert x["majors"] == 2 and x["middles"] == 1  # T20 T16; T12
    assert x["kings"] == 2 and x["queens"] == 1 and x["queens_with_king"] == 1
    assert x["knights"] == 1 and x["jacks"] == 1
    assert x["voids"] == 0 and x["singletons"] == 2 and x["doubletons"] == 0  # NC, JD
    assert x["long_extra"] == 2  # six hearts
    assert x["oudlers_x_trumps"] == 18 and x["three_oudlers"] == 1 and x["two_oudlers"] == 0
    assert x["kings_x_trumps"] == 12 and x["singletons_x_trumps"] == 12
    count = hand_strength(dealt, 4, 18)
    assert x["count"] == count and x["count_over_30"] == count - 30 and x["count_over_75"] == 0


def test_every_player_count_and_contract_has_a_weight_per_feature() -> None:
    assert FEATURE_NAMES == HV.FEATURES
    for players in (3, 4, 5):
        assert set(WEIGHTS[players]) == set(CONTRACT_NAMES)
        assert all(len(w) == len(HV.FEATURES) for w in WEIGHTS[players].values())


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_weak_hand_passes_and_a_strong_one_takes_without_the_dog(players: int) -> None:
    size = load_rules().setup(players).hand
    weak = "T2 T5 T9 2S 3S 5S 8S 2H 4H 6H 9H 3C 5C 7C 2D 4D 6D 8D 4S 7S 8H 9C 9D 10D"
    assert HV.value_bid(hand(" ".join(weak.split()[:size])), players, ALL) is None
    strong = "T21 T20 T19 T18 T17 T16 T15 T14 T13 T1 EX KS KH KD KC T12 T11 T10 T9 T8 T7 T6 T5 T4"
    assert HV.value_bid(hand(" ".join(strong.split()[:size])), players, ALL) in (
        "garde_sans", "garde_contre")


def test_a_bid_is_among_the_open_contracts_and_the_multipliers_come_from_the_rules() -> None:
    garde_hand = hand("T21 T20 T18 T15 T13 T9 T7 T3 EX KS QS 4S KH 6H 3H 8C 2C 5D")
    values = HV.contract_values(garde_hand, 4)
    assert values["garde"] > 0
    assert HV.value_bid(garde_hand, 4, ["garde_contre"]) in (None, "garde_contre")
    assert HV.value_bid(garde_hand, 4, []) is None
    rules = load_rules()
    assert HV.contract_values(garde_hand, 4, rules) == values  # the FFT's multipliers
    assert values["garde"] == pytest.approx(2 * HV.unit_values(garde_hand, 4)["garde"])


def test_solve_finds_the_solution_of_a_small_system() -> None:
    x = FIT.solve([[2.0, 1.0], [1.0, 3.0]], [5.0, 10.0])
    assert x == pytest.approx([1.0, 3.0])
    with pytest.raises(ValueError, match="never occurs"):
        FIT.solve([[0.0, 0.0], [0.0, 1.0]], [0.0, 1.0])


def test_the_fit_script_writes_weights_that_load_and_judges_them(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "weights.py"
    assert FIT.main(["--players", "4", "--deals", str(FIT.CHUNK * FIT.HELD_OUT),
                     "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert f"4 players: {4 * FIT.CHUNK * FIT.HELD_OUT} hands" in printed
    assert "garde_sans    R²" in printed and "held out" in printed and "learned values" in printed
    spec = importlib.util.spec_from_file_location("fitted_weights", out)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.FEATURE_NAMES == HV.FEATURES
    assert module.WEIGHTS[3] == WEIGHTS[3]  # player counts not fitted are kept
    fitted = module.WEIGHTS[4]
    assert fitted != WEIGHTS[4] and set(fitted) == set(CONTRACT_NAMES)
    # the fit learns what a strong player knows: the 21 and a trump are worth something
    index = HV.FEATURES.index
    assert fitted["garde"][index("twenty_one")] > 0 and fitted["garde"][index("kings")] > 0


def test_the_fit_script_refuses_too_few_deals(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        FIT.main(["--deals", "10", "--dry-run"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "--deals: expected a whole number from 2500 to 10000000, got 10" in err


def test_weights_of_other_features_are_refused_with_the_command_to_refit(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(HV, "WEIGHTS_FIT", False)
    HV._unit_values.cache_clear()
    try:
        with pytest.raises(RuntimeError, match="hand_values_fit --players 3 4 5"):
            HV.value_bid(hand("T21 T20 EX"), 4, ALL)
    finally:
        HV._unit_values.cache_clear()
    with pytest.raises(SystemExit):
        FIT.main(["--players", "4", "--deals", str(FIT.CHUNK * FIT.HELD_OUT), "--dry-run"])
    assert "fit every player count" in capsys.readouterr().err
