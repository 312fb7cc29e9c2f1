"""A challenge series kept between sessions: it comes back exactly (the player's deals, the one
under way at its move, the expert's deals worked out), and a damaged or foreign file is refused
with a message naming the file and the place, without loading ever changing it."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine.challenge import Challenge
from engine.challenge_saves import load_series, series_to_text
from engine.deal import Deal
from engine.randomplay import random_action
from engine.rules import load_rules
from engine.saves import SaveError

PLAYERS = 4


def play_out(deal: Deal, seed: int, stop_after: int | None = None) -> Deal:
    rng = random.Random(seed)
    while not deal.is_over and (stop_after is None or len(deal.events) < stop_after):
        state = deal.state
        assert state.turn is not None
        deal.execute(state.turn, random_action(state, rng))
    return deal


@pytest.fixture(scope="module")
def series() -> tuple[Challenge, list[Deal], list[Deal | None]]:
    """Two deals of the player's over and a third under way; the expert's first three worked
    out, the rest not yet."""
    challenge = Challenge.series(load_rules(variant="miseres"), PLAYERS, "simple", seed=31,
                                 length=5)
    yours = [play_out(challenge.deal(0), 1), play_out(challenge.deal(1), 2),
             play_out(challenge.deal(2), 3, stop_after=12)]
    experts: list[Deal | None] = [play_out(challenge.deal(i), 10 + i) for i in range(3)]
    return challenge, yours, [*experts, None, None]


@pytest.fixture
def saved(series, tmp_path: Path) -> Path:
    challenge, yours, experts = series
    path = tmp_path / "current-challenge.json"
    path.write_text(series_to_text(challenge, [d.events for d in yours],
                                   [d.events if d else None for d in experts],
                                   {"names": ["Ana", "Bob", "Cléo", "Dev"]}), encoding="utf-8")
    return path


def test_a_series_comes_back_as_it_was_left(series, saved: Path) -> None:
    challenge, yours, experts = series
    loaded = load_series(saved)
    assert loaded.challenge == challenge and loaded.challenge.rules == challenge.rules
    assert [d.events for d in loaded.yours] == [d.events for d in yours]
    assert not loaded.yours[-1].is_over  # the deal under way, at its move
    assert [d.events if d else None for d in loaded.experts] == [
        d.events if d else None for d in experts]
    assert loaded.meta == {"names": ["Ana", "Bob", "Cléo", "Dev"]}


def test_a_series_not_begun_and_one_over_load_too(series, tmp_path: Path) -> None:
    challenge, _, _ = series
    path = tmp_path / "series.json"
    path.write_text(series_to_text(challenge, [], [None] * 5), encoding="utf-8")
    assert load_series(path).yours == []
    done = [play_out(challenge.deal(i), i) for i in range(5)]
    path.write_text(series_to_text(challenge, [d.events for d in done],
                                   [d.events for d in done]), encoding="utf-8")
    assert len(load_series(path).yours) == 5


def document(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


Edit = Callable[[dict[str, Any]], str]
"""Damages a saved series in place; returns what the message must say after the file's name."""


def unknown_bots(data: dict[str, Any]) -> str:
    data["bots"] = "cheater"
    return "bots: expected "


def no_deals(data: dict[str, Any]) -> str:
    data["deals"] = []
    return "deals: expected a list of 1 to 64 deals"


def dealer_not_a_seat(data: dict[str, Any]) -> str:
    data["deals"][1][1] = 7
    return "deals[1]: expected [shuffle seed, dealer]"


def another_shuffle(data: dict[str, Any]) -> str:
    data["deals"][1][0] += 1
    return "yours[1][0]: not deal 2 of the series"


def another_series_seed(data: dict[str, Any]) -> str:
    data["deals"][0] = [12345, 0]
    return "yours[0][0]: not deal 1 of the series"


def a_card_not_held(data: dict[str, Any]) -> str:
    log = data["yours"][0]
    i = next(n for n, e in enumerate(log) if e["event"] == "card_played")
    seat = log[i]["seat"]
    log[i]["card"] = log[0]["hands"][(seat + 1) % PLAYERS][0]
    return f"yours[0][{i}]: seat {seat} does not hold"


def deal_under_way_then_another(data: dict[str, Any]) -> str:
    log = data["yours"][0]
    data["yours"][0] = log[:next(i for i, e in enumerate(log) if e["event"] == "card_played")]
    return "yours[1]: follows a deal that is not over"


def too_many_of_yours(data: dict[str, Any]) -> str:
    data["yours"] = data["yours"] * 2
    return "yours: expected a list of at most 5 event lists"


def a_hole_in_yours(data: dict[str, Any]) -> str:
    data["yours"][1] = None
    return "yours: expected a list of at most 5 event lists"


def expert_unfinished(data: dict[str, Any]) -> str:
    log = data["expert"][1]
    data["expert"][1] = log[:next(i for i, e in enumerate(log) if e["event"] == "card_played")]
    return "expert[1]: the expert's deal stops before its end"


def experts_short(data: dict[str, Any]) -> str:
    del data["expert"][-1]
    return "expert: expected a list of 5 entries"


def experts_not_a_list(data: dict[str, Any]) -> str:
    data["expert"] = {"0": None}
    return "expert: expected a list of 5 entries"


def expert_of_another_deal(data: dict[str, Any]) -> str:
    data["expert"][2], data["expert"][1] = data["expert"][1], data["expert"][2]
    return "expert[1][0]: not deal 2 of the series"


def bad_rules(data: dict[str, Any]) -> str:
    data["rules"]["targets"] = [56, 51, 41]
    return "rules.targets: expected a list of 4 whole numbers"


def bad_seed(data: dict[str, Any]) -> str:
    data["seed"] = -1
    return "seed: expected a whole number from 0 to"


def bad_meta(data: dict[str, Any]) -> str:
    data["meta"] = "me"
    return "meta: expected an object"


DAMAGE: list[Edit] = [
    unknown_bots, no_deals, dealer_not_a_seat, another_shuffle, another_series_seed,
    a_card_not_held, deal_under_way_then_another, too_many_of_yours, a_hole_in_yours,
    expert_unfinished, experts_short, experts_not_a_list, expert_of_another_deal, bad_rules,
    bad_seed, bad_meta,
]


@pytest.mark.parametrize("damage", DAMAGE, ids=[d.__name__ for d in DAMAGE])
def test_a_damaged_series_is_refused_where_it_is_damaged(saved: Path, damage: Edit) -> None:
    from engine.problems import Problem
    from game.app.i18n import detail_words, has_text

    data = document(saved)
    expected = damage(data)
    saved.write_text(json.dumps(data), encoding="utf-8")
    before = saved.read_bytes()
    with pytest.raises(SaveError) as info:
        load_series(saved)
    assert str(info.value).startswith(f"{saved}: {expected}"), str(info.value)
    assert saved.read_bytes() == before  # loading never writes
    problem = info.value.values["problem"]
    assert isinstance(problem, Problem) and problem.key != "as_said"
    assert problem.refusal is not None or has_text(f"detail_{problem.key}")
    french = detail_words(problem, "fr")  # the player's language has words for it
    assert french != detail_words(problem, "en") and "{" not in french


@pytest.mark.parametrize(("content", "key"), [
    (b"", "empty"), (b'{"format": "tarot-challenge", "version": 1, "pla', "truncated"),
    (b'{"format": "tarot-match", "version": 1}', "wrong_format"),
    (b'{"format": "tarot-challenge", "version": 2}', "newer_version"),
    (b"\xff\xfe garbage", "not_utf8"), (b"[1, 2]", "not_a_save")])
def test_a_foreign_or_cut_file_is_refused(tmp_path: Path, content: bytes, key: str) -> None:
    path = tmp_path / "current-challenge.json"
    path.write_bytes(content)
    with pytest.raises(SaveError) as info:
        load_series(path)
    assert info.value.key == key and str(info.value).startswith(str(path))


def test_a_folder_or_a_huge_file_in_its_place_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "current-challenge.json"
    folder.mkdir()
    with pytest.raises(SaveError):
        load_series(folder)
    huge = tmp_path / "huge.json"
    with huge.open("wb") as handle:
        handle.truncate(5 * 1024 * 1024)
    with pytest.raises(SaveError) as info:
        load_series(huge)
    assert info.value.key == "too_large"
