"""Saved matches and deals: atomic writes, and every damaged or foreign file refused with a
message naming the file and the place, without the file ever being changed by loading."""

from __future__ import annotations

import copy
import json
import os
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine import saves
from engine.actions import PASS
from engine.cards import format_card, parse_card
from engine.deal import Deal
from engine.length import MatchLength
from engine.match import Match, deal_seed
from engine.randomplay import random_action
from engine.rules import load_rules
from engine.saves import SaveError, load_deal, load_match, save_deal, save_match

RULES = load_rules()
PLAYERS = 4


def play_out(deal: Deal, rng: random.Random, stop_after: int | None = None) -> None:
    while not deal.is_over and (stop_after is None or len(deal.events) < stop_after):
        state = deal.state
        assert state.turn is not None
        deal.execute(state.turn, random_action(state, rng))


def build_match(seed: int = 2024, finished: int = 3) -> Match:
    """``finished`` deals played out, then a fresh deal just dealt."""
    rng = random.Random(seed)
    match = Match.new(RULES, PLAYERS, seed)
    for number in range(finished):
        if number:
            match.next_deal()
        play_out(match.current, rng)
    match.next_deal()
    return match


@pytest.fixture(scope="module")
def match() -> Match:
    built = build_match()
    first = built.deals[0]
    assert first.state.phase.value == "finished" and first.scores and any(first.scores)
    return built


@pytest.fixture
def saved(match: Match, tmp_path: Path) -> Path:
    path = tmp_path / "match.json"
    save_match(match, path, {"names": ["Ana", "Bob", "Cléo", "Dev"]})
    return path


def document(path: Path) -> dict[str, Any]:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def index_of(log: list[dict[str, Any]], kind: str, last: bool = False) -> int:
    found = [i for i, event in enumerate(log) if event["event"] == kind]
    return found[-1] if last else found[0]


def refused(path: Path, loader: Callable[[Path], object] = load_match) -> str:
    """Load ``path`` expecting a refusal; also check that loading left the file alone."""
    before = (path.read_bytes(), path.stat().st_mtime_ns, sorted(os.listdir(path.parent)))
    with pytest.raises(SaveError) as info:
        loader(path)
    after = (path.read_bytes(), path.stat().st_mtime_ns, sorted(os.listdir(path.parent)))
    assert after == before, "loading changed the file or its folder"
    message = str(info.value)
    assert message.startswith(f"{path}: "), message
    return message


def write_json(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    return path


# --- round trip and no side effects -------------------------------------------------------------


def test_round_trip(match: Match, saved: Path) -> None:
    before = (saved.read_bytes(), saved.stat().st_mtime_ns)
    loaded, meta = load_match(saved)
    assert (saved.read_bytes(), saved.stat().st_mtime_ns) == before
    assert meta == {"names": ["Ana", "Bob", "Cléo", "Dev"]}
    assert [d.events for d in loaded.deals] == [d.events for d in match.deals]
    assert all(a.state == b.state for a, b in zip(loaded.deals, match.deals, strict=True))
    assert loaded.totals == match.totals
    assert os.listdir(saved.parent) == ["match.json"]


def test_saved_file_is_readable_text(saved: Path) -> None:
    text = saved.read_text(encoding="utf-8")
    assert text.startswith('{\n "format": "tarot-match",\n "version": 1,')
    assert '{"event": "card_played", "seat": ' in text
    assert "Cléo" in text  # not escaped


def test_deal_round_trip(match: Match, tmp_path: Path) -> None:
    path = tmp_path / "deal.json"
    save_deal(match.deals[1], path, {"note": "a good one"})
    deal, meta = load_deal(path)
    assert meta == {"note": "a good one"}
    assert deal.events == match.deals[1].events and deal.state == match.deals[1].state
    assert document(path)["format"] == "tarot-deal"


# --- practised deals ---------------------------------------------------------------------------


def practised_match() -> Match:
    """Two deals over, a third in progress; a decision was taken back in deals 0 and 2."""
    built = build_match(seed=77, finished=2)
    built.practised = {0}
    deal = built.current
    seat = deal.state.turn
    assert seat is not None
    built.execute(seat, PASS)
    assert built.undo(seat)
    assert built.practised == {0, 2}
    return built


def test_practised_deals_are_saved_and_loaded(tmp_path: Path) -> None:
    built = practised_match()
    path = tmp_path / "match.json"
    save_match(built, path)
    assert document(path)["practised"] == [0, 2]
    loaded, _ = load_match(path)
    assert loaded.practised == {0, 2}
    assert [d.events for d in loaded.deals] == [d.events for d in built.deals]


def test_a_file_without_practised_deals_loads_with_none(saved: Path) -> None:
    data = document(saved)
    assert data.pop("practised") == []
    write_json(saved, data)
    loaded, _ = load_match(saved)
    assert loaded.practised == set()


@pytest.mark.parametrize(("value", "expected"), [
    ({"0": True}, "practised: expected a list of deal numbers"),
    ([0, "1"], "practised[1]: expected a deal number (a whole number), found '1'"),
    ([True], "practised[0]: expected a deal number (a whole number), found True"),
    ([1.0], "practised[0]: expected a deal number (a whole number), found 1.0"),
    ([4], "practised[0]: there is no deal 4 (the file holds deals 0 to 3)"),
    ([-1], "practised[0]: there is no deal -1 (the file holds deals 0 to 3)"),
    ([1, 2, 1], "practised[2]: deal 1 is listed twice"),
])
def test_malformed_practised_deals_are_refused(saved: Path, value: object, expected: str) -> None:
    data = document(saved)
    data["practised"] = value
    write_json(saved, data)
    assert refused(saved) == f"{saved}: {expected}"


# --- the match's length -----------------------------------------------------------------------


@pytest.mark.parametrize("length", [MatchLength(deals=8), MatchLength(target=50_000)])
def test_the_length_is_saved_and_loaded(tmp_path: Path, length: MatchLength) -> None:
    built = build_match(seed=5, finished=2)
    built.length = length
    path = tmp_path / "match.json"
    save_match(built, path)
    assert document(path)["length"] == length.saved()
    loaded, _ = load_match(path)
    assert loaded.length == length
    assert [d.events for d in loaded.deals] == [d.events for d in built.deals]


def test_a_file_without_a_length_is_a_match_with_no_end(saved: Path) -> None:
    """Matches saved before lengths existed have no key, as a match with no end has."""
    assert "length" not in document(saved)
    loaded, _ = load_match(saved)
    assert loaded.length.endless and not loaded.over


LENGTH_REFUSED = 'length: expected "deals": 1 to 1000, or "target": 100 to 100000'


@pytest.mark.parametrize("value", [
    8, "8", [8], {}, {"deals": 0}, {"deals": -3}, {"deals": 10**40}, {"deals": 2.5},
    {"deals": True}, {"deals": "8"}, {"target": 50}, {"target": 10**6}, {"rounds": 2},
    {"deals": 8, "target": 500}, {"deals": None},
])
def test_a_hostile_length_is_refused_with_what_is_expected(saved: Path, value: object) -> None:
    data = document(saved)
    data["length"] = value
    write_json(saved, data)
    assert refused(saved) == f"{saved}: {LENGTH_REFUSED}"


def test_a_deal_after_the_end_of_the_match_is_refused(saved: Path, match: Match) -> None:
    """The saved match has three deals over: a match of two deals cannot hold the third."""
    data = document(saved)
    data["length"] = {"deals": 2}
    write_json(saved, data)
    assert refused(saved) == f"{saved}: deals[2]: the match was over before this deal"
    data["length"] = {"deals": 3}  # the fourth deal, just dealt, follows the end
    write_json(saved, data)
    assert refused(saved) == f"{saved}: deals[3]: the match was over before this deal"
    data["length"] = {"deals": 4}
    write_json(saved, data)
    assert load_match(saved)[0].length == MatchLength(deals=4)


def test_a_hostile_length_is_told_in_french(saved: Path) -> None:
    from game.app.i18n import detail_words

    data = document(saved)
    data["length"] = {"deals": -1}
    write_json(saved, data)
    with pytest.raises(SaveError) as info:
        load_match(saved)
    problem = info.value.values["problem"]
    assert detail_words(problem, "en") == LENGTH_REFUSED
    french = detail_words(problem, "fr")
    assert "expected" not in french and "1000" in french and "{" not in french, french


# --- atomic writes -----------------------------------------------------------------------------


class Crash(Exception):
    pass


def crash(*args: object, **kwargs: object) -> None:
    raise Crash("the power went out")


def other_match() -> Match:
    return build_match(seed=99, finished=1)


@pytest.mark.parametrize("where", ["replace", "fsync", "write", "interrupt"])
def test_interrupted_save_keeps_the_previous_file(saved: Path, monkeypatch: pytest.MonkeyPatch,
                                                  where: str) -> None:
    good = saved.read_bytes()
    if where == "replace":
        monkeypatch.setattr(os, "replace", crash)
    elif where == "fsync":
        monkeypatch.setattr(os, "fsync", crash)
    elif where == "interrupt":
        def interrupt(*args: object) -> None:
            raise KeyboardInterrupt

        monkeypatch.setattr(os, "replace", interrupt)
    else:
        real_fdopen = os.fdopen

        class HalfWriter:
            """Writes half of what it is given, then fails: a full disk mid-write."""

            def __init__(self, *args: Any, **kwargs: Any) -> None:
                self.handle = real_fdopen(*args, **kwargs)

            def __enter__(self) -> HalfWriter:
                return self

            def __exit__(self, *exc: object) -> None:
                self.handle.close()

            def write(self, text: str) -> int:
                self.handle.write(text[: len(text) // 2])
                self.handle.flush()
                raise OSError(28, "No space left on device")

        monkeypatch.setattr(os, "fdopen", HalfWriter)

    expected: type[BaseException] = KeyboardInterrupt if where == "interrupt" else (
        OSError if where == "write" else Crash)
    with pytest.raises(expected):
        save_match(other_match(), saved)
    monkeypatch.undo()
    assert saved.read_bytes() == good
    assert os.listdir(saved.parent) == ["match.json"], "a temporary file was left behind"
    loaded, _ = load_match(saved)
    assert loaded.seed == 2024


def test_interrupted_first_save_leaves_nothing(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(Crash):
        save_deal(other_match().deals[0], tmp_path / "deal.json")
    monkeypatch.undo()
    assert os.listdir(tmp_path) == []


def test_save_replaces_and_creates_folders(saved: Path, tmp_path: Path) -> None:
    replacement = other_match()
    save_match(replacement, saved)
    assert load_match(saved)[0].seed == 99
    assert os.listdir(saved.parent) == ["match.json"]
    nested = tmp_path / "a" / "b" / "deal.json"
    save_deal(replacement.deals[0], nested)
    assert load_deal(nested)[0].events == replacement.deals[0].events


# --- truncated and foreign files -----------------------------------------------------------------


@pytest.mark.parametrize("keep", [0.0, 0.1, 0.5, 0.9, 0.999])
def test_truncated_file(saved: Path, keep: float) -> None:
    text = saved.read_text(encoding="utf-8")
    cut = min(int(len(text) * keep), len(text) - 3)
    saved.write_text(text[:cut], encoding="utf-8")
    message = refused(saved)
    expected = "the file is empty" if cut == 0 else "the file is truncated"
    assert message.startswith(f"{saved}: {expected}"), message


@pytest.mark.parametrize("keep", [0.3, 0.7, 0.999])
def test_a_file_on_one_line_is_truncated_only_when_cut(saved: Path, keep: float) -> None:
    """Saved without line breaks (by another tool, say): cut short it is truncated, but a
    wrong character in its middle is an error at its line and column, not a cut."""
    text = json.dumps(json.loads(saved.read_text(encoding="utf-8")))
    assert "\n" not in text
    cut = int(len(text) * keep)
    saved.write_text(text[:cut], encoding="utf-8")
    assert refused(saved).startswith(f"{saved}: the file is truncated")
    comma = text.index(", ", int(len(text) * 0.5))  # a doubled comma: a syntax error
    saved.write_text(text[:comma] + "," + text[comma:], encoding="utf-8")
    message = refused(saved)
    assert message.startswith(f"{saved}: not valid JSON at line 1, column "), message


@pytest.mark.parametrize("text", ["not json at all", "hello", "42 43"])
def test_text_that_never_was_json_is_not_called_truncated(text: str) -> None:
    from engine.inputs import InputError, load_json

    with pytest.raises(InputError) as refused_here:
        load_json(text, "f.json")
    assert refused_here.value.key == "bad_json", str(refused_here.value)


def test_deal_file_given_to_load_match(match: Match, tmp_path: Path) -> None:
    path = tmp_path / "deal.json"
    save_deal(match.deals[0], path)
    assert refused(path) == f"{path}: format 'tarot-deal' is not a 'tarot-match' file"
    assert load_deal(path)[0].events == match.deals[0].events


def test_match_file_given_to_load_deal(saved: Path) -> None:
    message = refused(saved, load_deal)
    assert message == f"{saved}: format 'tarot-match' is not a 'tarot-deal' file"


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"[1, 2, 3]", "not a saved game (expected a JSON object)"),
        (b'"tarot-match"', "not a saved game (expected a JSON object)"),
        (b"null", "not a saved game (expected a JSON object)"),
        (bytes(range(256)), "not a saved game (not UTF-8 text)"),
        (b"\x89PNG\r\n\x1a\n" + bytes(64), "not a saved game (not UTF-8 text)"),
        (b'{"format": "tarot-rules", "version": 1}', "format 'tarot-rules' is not a"),
        (b'{"version": 1}', "format None is not a 'tarot-match' file"),
        (b"format: tarot-rules\nversion: 1\n", "not valid JSON at line 1, column 1"),
    ],
)
def test_foreign_files(tmp_path: Path, content: bytes, expected: str) -> None:
    path = tmp_path / "foreign.json"
    path.write_bytes(content)
    message = refused(path)
    assert expected in message, message
    assert expected.replace("tarot-match", "tarot-deal") in refused(path, load_deal)


@pytest.mark.parametrize("version", [3, 0, "1", "2", None, True])
def test_other_versions(saved: Path, version: object) -> None:
    data = document(saved)
    data["version"] = version
    write_json(saved, data)
    assert refused(saved) == (
        f"{saved}: version {version!r} cannot be read by this game (it reads 2)")


def test_a_version_2_match_holds_its_earlier_deals(saved: Path) -> None:
    """Version 2 is a match whose earlier deals are folded: without them it is refused."""
    data = document(saved)
    data["version"] = 2
    write_json(saved, data)
    assert refused(saved) == f"{saved}: earlier: expected an object"


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "gone.json"
    with pytest.raises(SaveError, match="no such file") as info:
        load_match(path)
    assert str(info.value).startswith(str(path))
    assert not path.exists()


# --- damaged logs -------------------------------------------------------------------------------


Edit = Callable[[dict[str, Any]], str]
"""Damages a saved match document in place; returns what the message must contain."""


def _first_play(data: dict[str, Any]) -> tuple[list[dict[str, Any]], int]:
    log = data["deals"][0]
    return log, index_of(log, "card_played")


def card_not_held(data: dict[str, Any]) -> str:
    log, i = _first_play(data)
    seat = log[i]["seat"]
    other = log[0]["hands"][(seat + 1) % PLAYERS][0]
    log[i]["card"] = other
    return f"deals[0][{i}]: seat {seat} does not hold {format_card(parse_card(other))}"


def unknown_card(data: dict[str, Any]) -> str:
    log, i = _first_play(data)
    log[i]["card"] = "ZZ"
    return f"deals[0][{i}].card: unknown card 'ZZ'"


def out_of_turn(data: dict[str, Any]) -> str:
    log, i = _first_play(data)
    seat = log[i]["seat"]
    log[i]["seat"] = (seat + 1) % PLAYERS
    return f"deals[0][{i}]: it is seat {seat}'s turn, not seat {(seat + 1) % PLAYERS}'s"


def first_trick_winner(data: dict[str, Any]) -> str:
    log = data["deals"][0]
    i = index_of(log, "trick_won")
    log[i]["seat"] = (log[i]["seat"] + 1) % PLAYERS
    return f"deals[0][{i}]: the rules give trick_won seat="


def last_trick_winner(data: dict[str, Any]) -> str:
    log = data["deals"][0]
    i = index_of(log, "trick_won", last=True)
    assert log[i + 1]["event"] == "deal_scored"
    right = log[i]["seat"]
    log[i]["seat"] = (right + 1) % PLAYERS
    return (f"deals[0][{i}]: the rules give trick_won seat={right}, trick={log[i]['trick']}, "
            f"the log has trick_won seat={(right + 1) % PLAYERS}")


def score(data: dict[str, Any]) -> str:
    log = data["deals"][0]
    scores = log[-1]["scores"]
    scores[0] += 10
    scores[1] -= 10
    return f"deals[0][{len(log) - 1}]: the rules give deal_scored scores="


def dropped_trick_won(data: dict[str, Any]) -> str:
    log = data["deals"][0]
    i = index_of(log, "trick_won")
    del log[i]
    return f"deals[0][{i}]: the rules give trick_won"


def extra_event(data: dict[str, Any]) -> str:
    log = data["deals"][0]
    log.append({"event": "deal_scored", "scores": [0] * PLAYERS})
    return f"deals[0][{len(log) - 1}]: unexpected deal_scored"


def card_after_the_end(data: dict[str, Any]) -> str:
    log = data["deals"][0]
    log.append({"event": "card_played", "seat": 0, "card": "KH"})
    return f"deals[0][{len(log) - 1}]: the deal is finished; no more actions"


def unknown_field(data: dict[str, Any]) -> str:
    log, i = _first_play(data)
    log[i]["colour"] = "red"
    return f"deals[0][{i}]: unknown field 'colour' for card_played"


def unknown_event(data: dict[str, Any]) -> str:
    log, i = _first_play(data)
    log[i]["event"] = "card_stolen"
    return f"deals[0][{i}].event: unknown event 'card_stolen'"


def card_dealt_twice(data: dict[str, Any]) -> str:
    hands = data["deals"][0][0]["hands"]
    hands[1][0] = hands[0][0]
    return f"deals[0][0]: hands[1]: {format_card(parse_card(hands[0][0]))} dealt twice"


def hands_not_of_the_seed(data: dict[str, Any]) -> str:
    dealt = data["deals"][-1][0]  # the deal just dealt: nobody has played yet
    hands = dealt["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
    return f"deals[{len(data['deals']) - 1}][0]: the hands are not those of seed {dealt['seed']}"


def deal_seed_changed(data: dict[str, Any]) -> str:
    dealt = data["deals"][1][0]
    dealt["seed"] += 1
    return f"deals[1][0]: the hands are not those of seed {dealt['seed']}"


def match_seed_changed(data: dict[str, Any]) -> str:
    data["seed"] += 1
    return "deals[0][0]: the shuffle seed does not follow the match's"


def first_dealer_changed(data: dict[str, Any]) -> str:
    data["first_dealer"] = 1
    return "deals[0][0]: dealer 0 is out of turn"


def deal_not_over(data: dict[str, Any]) -> str:
    log = data["deals"][0]
    del log[index_of(log, "trick_won", last=True) - 1:]
    return "deals[1]: follows a deal that is not over"


def wrong_players(data: dict[str, Any]) -> str:
    data["players"] = 5
    return "deals[0][0]: 4 players in a 5-player file"


def bad_rules(data: dict[str, Any]) -> str:
    data["rules"]["targets"] = [56, 51, 41]
    return "rules.targets: expected a list of 4 whole numbers"


def not_a_log(data: dict[str, Any]) -> str:
    data["deals"][2] = {"event": "deal_dealt"}
    return "deals[2]: expected a list of events"


def empty_log(data: dict[str, Any]) -> str:
    data["deals"][1] = []
    return "deals[1][0]: a deal starts with deal_dealt"


def bad_meta(data: dict[str, Any]) -> str:
    data["meta"] = ["not", "a", "mapping"]
    return "meta: expected an object"


DAMAGE: list[Edit] = [
    card_not_held, unknown_card, out_of_turn, first_trick_winner, last_trick_winner, score,
    dropped_trick_won, extra_event, card_after_the_end, unknown_field, unknown_event,
    card_dealt_twice, hands_not_of_the_seed, deal_seed_changed, match_seed_changed,
    first_dealer_changed, deal_not_over, wrong_players, bad_rules, not_a_log, empty_log, bad_meta,
]


@pytest.mark.parametrize("damage", DAMAGE, ids=[d.__name__ for d in DAMAGE])
def test_damaged_match(saved: Path, damage: Edit) -> None:
    data = document(saved)
    expected = damage(data)
    write_json(saved, data)
    message = refused(saved)
    assert message.startswith(f"{saved}: {expected}"), message


def test_the_place_names_the_deal_and_the_event(saved: Path) -> None:
    """A damage in the third deal is reported in the third deal, at the damaged event."""
    data = document(saved)
    log = data["deals"][2]
    won = index_of(log, "trick_won")
    i = won + index_of(log[won:], "card_played")  # the first card of the second trick
    log[i]["seat"] = (log[i]["seat"] + 2) % PLAYERS
    write_json(saved, data)
    assert refused(saved).startswith(f"{saved}: deals[2][{i}]: it is seat ")


def test_a_dealer_out_of_turn_in_the_middle(tmp_path: Path) -> None:
    """A deal whose dealer did not move on (its hands do follow its seed) is refused."""
    rng = random.Random(8)
    first = Deal.new(RULES, PLAYERS, 0, deal_seed(5, 0))
    play_out(first, rng)
    second = Deal.new(RULES, PLAYERS, 0, deal_seed(5, 1))
    path = tmp_path / "match.json"
    save_match(Match(RULES, PLAYERS, 5, 0, [first, second]), path)
    assert refused(path) == f"{path}: deals[1][0]: dealer 0 is out of turn"


def test_a_cancelled_deal_still_moves_the_dealer(tmp_path: Path) -> None:
    first = Deal.new(RULES, PLAYERS, 0, deal_seed(6, 0))
    while not first.is_over:
        first.execute(first.state.turn, PASS)  # type: ignore[arg-type]
    assert first.state.phase.value == "cancelled"
    path = tmp_path / "match.json"
    save_match(Match(RULES, PLAYERS, 6, 0, [first, Deal.new(RULES, PLAYERS, 0, deal_seed(6, 1))]),
               path)
    assert refused(path) == f"{path}: deals[1][0]: dealer 0 is out of turn"
    good = Match(RULES, PLAYERS, 6, 0, [first, Deal.new(RULES, PLAYERS, 1, deal_seed(6, 1))])
    save_match(good, path)
    loaded, _ = load_match(path)
    assert [d.state.dealer for d in loaded.deals] == [0, 1]


# --- damaged deal files ----------------------------------------------------------------------


def test_damaged_deal_file(match: Match, tmp_path: Path) -> None:
    path = tmp_path / "deal.json"
    save_deal(match.deals[0], path)
    pristine = document(path)
    for damage, where in ((out_of_turn, "events"), (score, "events"), (card_not_held, "events")):
        data = copy.deepcopy(pristine)
        wrapper = {"deals": [data["events"]]}
        expected = damage(wrapper).replace("deals[0]", where)
        write_json(path, data)
        message = refused(path, load_deal)
        assert message.startswith(f"{path}: {expected}"), message
    data = copy.deepcopy(pristine)
    data["events"][0]["seed"] += 1
    write_json(path, data)
    assert refused(path, load_deal).startswith(f"{path}: events[0]: the hands are not those of")


def test_loading_never_writes(saved: Path, match: Match) -> None:
    """Neither a good nor a bad load touches the file or leaves anything beside it."""
    os.utime(saved, ns=(1_000_000_000, 1_000_000_000))
    stat = saved.stat()
    content = saved.read_bytes()
    for _ in range(2):
        load_match(saved)
    assert saved.read_bytes() == content and saved.stat().st_mtime_ns == stat.st_mtime_ns
    assert os.listdir(saved.parent) == ["match.json"]
    saved.chmod(0o444)
    try:
        assert load_match(saved)[0].totals == match.totals
    finally:
        saved.chmod(0o644)


def test_write_atomic_is_used_for_both_kinds(match: Match, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    written: list[Path] = []
    real = saves.write_atomic

    def spy(path: str | Path, text: str) -> None:
        written.append(Path(path))
        real(path, text)

    monkeypatch.setattr(saves, "write_atomic", spy)
    save_match(match, tmp_path / "m.json")
    save_deal(match.deals[0], tmp_path / "d.json")
    assert written == [tmp_path / "m.json", tmp_path / "d.json"]


def test_stale_temporary_files_are_removed_and_fresh_ones_kept(tmp_path: Path) -> None:
    import os
    import time

    from engine.saves import remove_stale_temps

    save = tmp_path / "current-match.json"
    save.write_text("{}", encoding="utf-8")
    stale = tmp_path / ".current-match.json.abc123.tmp"
    stale.write_text('{"half', encoding="utf-8")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    fresh = tmp_path / ".current-match.json.def456.tmp"  # a save under way elsewhere
    fresh.write_text('{"half', encoding="utf-8")
    assert remove_stale_temps(tmp_path) == 1
    assert not stale.exists() and fresh.exists() and save.read_text(encoding="utf-8") == "{}"
    assert remove_stale_temps(tmp_path / "missing") == 0


# --- the same problems, in the player's language -------------------------------------------------


@pytest.mark.parametrize("damage", DAMAGE, ids=[d.__name__ for d in DAMAGE])
def test_a_damaged_match_is_told_in_french(saved: Path, damage: Edit) -> None:
    """The problem comes with the error as data: the French says where and what, in French
    words (no English template, no placeholder left), and the engine's English is the same
    problem written out."""
    from engine.problems import Problem
    from game.app.i18n import detail_words, problem_text

    data = document(saved)
    damage(data)
    write_json(saved, data)
    with pytest.raises(SaveError) as info:
        load_match(saved)
    problem = info.value.values["problem"]
    assert isinstance(problem, Problem) and problem.key != "as_said"
    assert f"{saved}: {problem.text()}" == str(info.value)
    english, french = detail_words(problem, "en"), detail_words(problem, "fr")
    assert english == problem.text()
    assert french != english and "{" not in french
    assert french.startswith(" : ".join(problem.at) + " : ")
    said = problem_text(info.value, "fr", name_only=True)
    assert said.startswith(f"{saved.name} : fichier endommagé : ") and said.endswith(french)


# --- values no game wrote: quoted short, refused where they are read ---------------------------


LONG_WORD = "W" * 5000


def _long_words(log: list[dict[str, Any]]) -> list[tuple[str, list[dict[str, Any]]]]:
    """``log`` with a 5,000-letter word in one place at a time: each field of the first
    event of each kind (a field's name too)."""
    damaged = []
    for kind in dict.fromkeys(event["event"] for event in log):
        at = index_of(log, kind)
        for name in [*log[at], LONG_WORD]:
            copied = copy.deepcopy(log)
            copied[at][name] = LONG_WORD
            damaged.append((f"{kind}.{name[:20]}", copied))
    return damaged


def test_a_long_word_anywhere_in_a_deal_or_its_variations_is_named_in_a_short_line(
        match: Match, tmp_path: Path) -> None:
    """A kept deal whose events, or a variation's events, hold a word of 5,000 letters in
    any field: the deal is refused (a variation dropped) in a line that quotes it short. The
    whole word came into the message, which the game drew as one line and crashed on."""
    from engine.variations import TRY, Variation, variations_from_list

    deal = match.deals[0]
    start = deal.command_starts()[12]
    other = Deal.from_events(RULES, deal.events[:start])
    play_out(other, random.Random(9))
    path = tmp_path / "deal.json"
    save_deal(deal, path, {}, [Variation("Try", TRY, start, other)])
    pristine = document(path)
    for where, events in _long_words(pristine["events"]):
        write_json(path, {**pristine, "events": events})
        assert len(refused(path, load_deal)) < 300, where
    tried = pristine["variations"][0]["events"]
    for where, events in _long_words(tried):
        stored = [{**pristine["variations"][0], "events": events}]
        found, problems, unread = variations_from_list(stored, deal)
        assert unread == stored, where
        assert not found and len(problems) == 1, where
        assert len(str(problems[0])) < 200, where
    for key in ("variant", "format", "version"):
        write_json(path, {**pristine, key: LONG_WORD})
        assert len(refused(path, load_deal)) < 300, key


def test_a_long_word_in_a_saved_matchs_fields_is_named_in_a_short_line(saved: Path) -> None:
    pristine = document(saved)
    for key, value in (("version", LONG_WORD), ("format", LONG_WORD), ("variant", LONG_WORD),
                       ("practised", [LONG_WORD])):
        write_json(saved, {**pristine, key: value})
        assert len(refused(saved)) < 300, key
    write_json(saved, {**pristine, "version": LONG_WORD})
    assert "version 'WWWWWWWW" in refused(saved)
