"""Files for the replay viewer: saved deals, saved matches and deal records are opened; every
other file is refused with a short message naming it, and no file is ever changed by loading."""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from engine.actions import PASS
from engine.deal import Deal
from engine.match import Match
from engine.randomplay import random_action
from engine.rules import load_rules
from engine.saves import save_deal, save_match
from engine.state import Phase
from game.replay import files as replay_files
from game.replay.files import ReplayFile, ReplayFileError, load_replay_file
from tests.helpers.paths import RECORDS, ROOT

RULES = load_rules()
NAMES = ["Ana", "Léa", "Hugo", "Chloé"]
SEATS = ["South", "East", "North", "West"]


def play_out(deal: Deal, rng: random.Random, stop_after: int | None = None) -> None:
    while not deal.is_over and (stop_after is None or len(deal.events) < stop_after):
        state = deal.state
        assert state.turn is not None
        deal.execute(state.turn, random_action(state, rng))


def build_match(seed: int = 5, finished: int = 2, current: int | None = 30) -> Match:
    """``finished`` deals played to the end (cancelled ones do not count), then the current
    deal stopped after ``current`` events (``None``: no deal after the last finished one)."""
    rng = random.Random(seed)
    match = Match.new(RULES, 4, seed)
    done = 0
    while True:
        play_out(match.current, rng)
        if match.current.state.phase is Phase.FINISHED:
            done += 1
        if done == finished:
            break
        match.next_deal()
    if current is not None:
        while True:
            match.next_deal()
            play_out(match.current, rng, stop_after=current)
            if not match.current.is_over:
                break
    return match


@pytest.fixture(scope="module")
def match() -> Match:
    return build_match()


def finished_deal(match: Match) -> Deal:
    return next(d for d in reversed(match.deals) if d.state.phase is Phase.FINISHED)


class Untouched:
    """Remembers a folder's files (bytes and times) to check that loading changed nothing."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.before = self.snapshot()

    def snapshot(self) -> dict[str, tuple[bytes, int]]:
        return {p.name: (p.read_bytes(), p.stat().st_mtime_ns)
                for p in sorted(self.folder.iterdir()) if p.is_file()}

    def check(self) -> None:
        assert self.snapshot() == self.before, "loading changed a file or its folder"


def opened(path: Path) -> ReplayFile:
    untouched = Untouched(path.parent)
    source = load_replay_file(path)
    untouched.check()
    return source


def refused(path: Path, folder: Path | None = None) -> str:
    """Load ``path`` expecting a refusal: a short message naming the file, nothing changed."""
    untouched = Untouched(folder or path.parent)
    with pytest.raises(ReplayFileError) as info:
        load_replay_file(path)
    untouched.check()
    message = str(info.value)
    assert message.startswith(f"{path}: "), message
    assert len(message.splitlines()) <= 2 and "Traceback" not in message
    assert len(message) < 400, message
    return message


def write(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    return path


# --- what opens --------------------------------------------------------------------------------


def test_a_saved_deal_opens_with_its_names(match: Match, tmp_path: Path) -> None:
    deal = finished_deal(match)
    path = tmp_path / "20261129-214501-4p.json"
    save_deal(deal, path, {"names": NAMES, "variant": "fft", "date": "2026-11-29T21:45:01"})
    source = opened(path)
    assert source.deal.events == deal.events and source.deal.state == deal.state
    assert source.names == NAMES
    assert source.title == "20261129-214501-4p.json"
    assert source.path == path
    assert source.meta["date"] == "2026-11-29T21:45:01"
    assert source.deal_number is None


def test_a_cancelled_deal_opens(tmp_path: Path) -> None:
    deal = Match.new(RULES, 3, 21).current
    while not deal.is_over:  # everyone passes
        assert deal.state.turn is not None
        deal.execute(deal.state.turn, PASS)
    assert deal.state.phase is Phase.CANCELLED
    path = tmp_path / "passed.json"
    save_deal(deal, path)
    source = opened(path)
    assert source.deal.events == deal.events
    assert len(source.names) == 3


def test_a_saved_match_gives_its_last_finished_deal(match: Match, tmp_path: Path) -> None:
    assert not match.current.is_over  # a deal in progress comes after the finished ones
    path = tmp_path / "current-match.json"
    save_match(match, path, {"names": NAMES, "bot_level": "simple", "variant": "fft"})
    source = opened(path)
    number = max(i for i, d in enumerate(match.deals) if d.state.phase is Phase.FINISHED) + 1
    assert source.deal.events == match.deals[number - 1].events
    assert source.deal_number == number
    assert source.title == f"current-match.json #{number}"
    assert source.names == NAMES
    assert source.meta["bot_level"] == "simple"


def test_a_match_whose_last_deal_is_finished(tmp_path: Path) -> None:
    match = build_match(seed=8, finished=1, current=None)
    path = tmp_path / "m.json"
    save_match(match, path)
    assert opened(path).deal.events == match.deals[-1].events


def test_a_match_with_no_finished_deal_is_refused(tmp_path: Path) -> None:
    match = Match.new(RULES, 4, 3)
    play_out(match.current, random.Random(3), stop_after=12)
    path = save_to(tmp_path / "m.json", match)
    assert "no deal of this match has been played to the end" in refused(path)


def save_to(path: Path, match: Match) -> Path:
    save_match(match, path)
    return path


@pytest.mark.parametrize("name", ["deal.yaml", "deal.yml", "deal.txt", "deal", "deal.json"])
def test_a_deal_record_is_known_by_its_content(name: str, tmp_path: Path) -> None:
    path = tmp_path / name
    path.write_bytes((RECORDS / "four_players_garde.yaml").read_bytes())
    source = opened(path)
    assert source.deal.state.phase is Phase.FINISHED
    assert source.names == SEATS
    assert source.title == name
    assert source.meta == {} and source.deal_number is None


def test_a_deal_record_written_as_json(tmp_path: Path) -> None:
    record = yaml.safe_load((RECORDS / "five_players_call.yaml").read_text(encoding="utf-8"))
    path = write(tmp_path / "record.json", record)
    source = opened(path)
    assert source.deal.players == 5 and source.deal.is_over
    assert len(source.names) == 5


def test_a_cancelled_record_opens(tmp_path: Path) -> None:
    path = tmp_path / "all_passed.yaml"
    path.write_bytes((RECORDS / "all_passed.yaml").read_bytes())
    assert opened(path).deal.state.phase is Phase.CANCELLED


@pytest.mark.parametrize("names", [None, "Ana", ["Ana", "Léa"], ["Ana", "Léa", "Hugo", 4],
                                   ["Ana", "", "Hugo", "Chloé"]])
def test_unusable_names_fall_back_to_the_seats(match: Match, tmp_path: Path,
                                               names: object) -> None:
    path = tmp_path / "deal.json"
    save_deal(finished_deal(match), path, {} if names is None else {"names": names})
    assert opened(path).names == SEATS


def test_long_names_are_cut(match: Match, tmp_path: Path) -> None:
    path = tmp_path / "deal.json"
    save_deal(finished_deal(match), path, {"names": ["A  very   long name indeed", *NAMES[1:]]})
    assert opened(path).names[0] == "A very long name"


# --- what is refused -----------------------------------------------------------------------------


def test_a_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "gone.json"
    assert refused(path) == f"{path}: no such file"
    assert not path.exists()


def test_a_folder(tmp_path: Path) -> None:
    folder = tmp_path / "history"
    folder.mkdir()
    assert "is a folder" in refused(folder, tmp_path)


def test_an_unreadable_file(match: Match, tmp_path: Path,
                            monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "deal.json"
    save_deal(finished_deal(match), path)
    untouched = Untouched(tmp_path)
    real_open = os.open

    def forbidden(name: Any, *args: Any, **kwargs: Any) -> Any:
        if Path(name) == path:  # as for a file of another user, even when the tests run as root
            raise PermissionError(13, "Permission denied")
        return real_open(name, *args, **kwargs)

    with monkeypatch.context() as patch, pytest.raises(ReplayFileError) as info:
        patch.setattr(os, "open", forbidden)
        load_replay_file(path)
    assert str(info.value) == f"{path}: cannot be read (Permission denied)"
    untouched.check()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_named_pipe_is_not_waited_on(tmp_path: Path) -> None:
    path = tmp_path / "pipe"
    os.mkfifo(path)
    assert refused(path, tmp_path) == f"{path}: is a FIFO, not a regular file"


@pytest.mark.parametrize("content", [b"", b"   \n\n\t\n", b"\xef\xbb\xbf\n"])
def test_an_empty_file(content: bytes, tmp_path: Path) -> None:
    path = tmp_path / "empty.json"
    path.write_bytes(content)
    assert refused(path) == f"{path}: the file is empty"


@pytest.mark.parametrize(
    "content",
    [bytes(range(256)), b"\x89PNG\r\n\x1a\n" + bytes(64), b"PK\x03\x04" + os.urandom(200),
     b"\xff\xfe\xfd caf\xe9 na\xefve"],
)
def test_binary_junk(content: bytes, tmp_path: Path) -> None:
    path = tmp_path / "junk.json"
    path.write_bytes(content)
    message = refused(path)
    assert "binary data" in message
    assert "not a saved deal, a saved match or a deal record" in message


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("Just some words about tarot.\n", "expected a mapping of fields"),
        ("hello: [unclosed\n", "not valid YAML"),
        ("# Notes\n\nplayers: four\n: broken\n", "not valid YAML"),
        ("[1, 2, 3]\n", "got a list"),
        ("title: My holiday\nplace: Nice\n", "none of the fields of a deal record"),
        ("!!python/object/apply:os.system ['true']\n", "YAML tag"),
    ],
)
def test_text_that_is_neither_json_nor_a_record(content: str, expected: str,
                                                tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text(content, encoding="utf-8")
    message = refused(path)
    assert expected in message, message
    assert "not a saved deal, a saved match or a deal record" in message


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({"format": "tarot-rules", "version": 1}, "a 'tarot-rules' file, not a saved deal"),
        ({"format": 42}, "a 42 file, not a saved deal"),
        ({"name": "something else", "items": [1, 2]}, "JSON, but not a saved deal"),
        ({}, "JSON, but not a saved deal"),
    ],
)
def test_json_of_another_kind(data: object, expected: str, tmp_path: Path) -> None:
    path = write(tmp_path / "other.json", data)
    assert expected in refused(path)


def test_the_rules_file_is_not_a_deal(tmp_path: Path) -> None:
    path = tmp_path / "rules.yaml"
    path.write_bytes((ROOT / "rules.yaml").read_bytes())
    assert "a 'tarot-rules' file" in refused(path)


def test_a_save_written_as_yaml(tmp_path: Path) -> None:
    path = tmp_path / "deal.yaml"
    path.write_text("format: tarot-deal\nversion: 1\n", encoding="utf-8")
    assert "must be JSON" in refused(path)


@pytest.mark.parametrize(("version", "newer"), [(3, True), (99, True), (0, False), ("1", False),
                                                (None, False), (True, False)])
def test_other_versions(match: Match, tmp_path: Path, version: object, newer: bool) -> None:
    """A deal file is version 1; a match, 1 or 2 (2: its earlier deals folded)."""
    for kind, path in (("deal", tmp_path / "deal.json"), ("match", tmp_path / "match.json")):
        if kind == "deal":
            save_deal(finished_deal(match), path)
        else:
            save_match(match, path)
        data = json.loads(path.read_text(encoding="utf-8"))
        data["version"] = version
        write(path, data)
        message = refused(path)
        reads = 1 if kind == "deal" else 2
        assert f"version {version!r} cannot be read by this game (it reads {reads})" in message
        assert ("newer version of the game" in message) == newer, message


@pytest.mark.parametrize("keep", [0.05, 0.3, 0.5, 0.9, 0.999])
@pytest.mark.parametrize("kind", ["deal", "match"])
def test_a_truncated_save(match: Match, tmp_path: Path, keep: float, kind: str) -> None:
    path = tmp_path / f"{kind}.json"
    if kind == "deal":
        save_deal(finished_deal(match), path)
    else:
        save_match(match, path)
    data = path.read_bytes()
    path.write_bytes(data[:min(int(len(data) * keep), len(data) - 3)])
    assert "the file is truncated" in refused(path)


def test_a_truncated_record(tmp_path: Path) -> None:
    text = (RECORDS / "four_players_garde.yaml").read_text(encoding="utf-8")
    path = tmp_path / "record.yaml"
    path.write_text(text[: text.index("dog:")], encoding="utf-8")
    message = refused(path)
    assert "deal record:" in message and "dog" in message, message


def test_a_hand_edited_illegal_log(match: Match, tmp_path: Path) -> None:
    deal = finished_deal(match)
    path = tmp_path / "deal.json"
    save_deal(deal, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    log = data["events"]
    i = next(k for k, e in enumerate(log) if e["event"] == "card_played")
    seat = log[i]["seat"]
    log[i]["seat"] = (seat + 1) % 4
    write(path, data)
    message = refused(path)
    assert message == f"{path}: events[{i}]: it is seat {seat}'s turn, not seat {(seat + 1) % 4}'s"


def test_a_hand_edited_record(tmp_path: Path) -> None:
    text = (RECORDS / "four_players_garde.yaml").read_text(encoding="utf-8")
    path = tmp_path / "record.yaml"
    path.write_text(text.replace("players: 4", "players: 4\nhandful: {}"), encoding="utf-8")
    assert "handful" in refused(path)


def test_a_saved_deal_that_is_not_finished(match: Match, tmp_path: Path) -> None:
    path = tmp_path / "deal.json"
    save_deal(match.current, path)
    message = refused(path)
    assert "the deal is not finished" in message
    assert "only a finished deal can be replayed" in message


def test_a_record_that_is_not_finished(tmp_path: Path) -> None:
    path = tmp_path / "record.yaml"
    path.write_bytes((RECORDS / "three_players_unfinished.yaml").read_bytes())
    assert refused(path) == (f"{path}: the deal is not finished (29 cards played); "
                             "only a finished deal can be replayed")


def test_a_huge_file_is_not_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as handle:  # sparse: big on paper, nothing written
        handle.truncate(replay_files.MAX_FILE_BYTES + 1)
    size = path.stat().st_size
    reads: list[Any] = []
    real_open = os.open

    def spy(name: Any, *args: Any, **kwargs: Any) -> Any:
        reads.append(name)
        return real_open(name, *args, **kwargs)

    with monkeypatch.context() as patch, pytest.raises(ReplayFileError) as info:
        patch.setattr(os, "open", spy)
        load_replay_file(path)
    assert str(info.value) == (f"{path}: too large to be a saved deal, a saved match or a deal "
                               "record (at most 16.0 MB)")
    assert reads == []  # refused on its size alone
    assert path.stat().st_size == size


def test_a_huge_record_is_not_parsed(tmp_path: Path) -> None:
    text = (RECORDS / "four_players_garde.yaml").read_text(encoding="utf-8")
    path = tmp_path / "record.yaml"
    padding = "# " + "x" * 78 + "\n"
    path.write_text(text + padding * (replay_files.MAX_RECORD_BYTES // len(padding) + 1),
                    encoding="utf-8")
    assert "too large" in refused(path)


def test_a_yaml_bomb_is_refused(tmp_path: Path) -> None:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [*a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, "
              f"*a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}]" for i in range(1, 9)]
    path = tmp_path / "bomb.yaml"
    path.write_text("\n".join(lines) + "\nplayers: 4\n", encoding="utf-8")
    assert "too large once expanded" in refused(path)


def test_a_path_given_as_text(match: Match, tmp_path: Path) -> None:
    path = tmp_path / "deal.json"
    save_deal(finished_deal(match), path)
    assert load_replay_file(str(path)).path == path


@pytest.fixture
def many(tmp_path: Path, match: Match) -> Iterator[list[Path]]:
    files = []
    for number, deal in enumerate(d for d in match.deals if d.is_over):
        path = tmp_path / f"{number}.json"
        save_deal(deal, path)
        files.append(path)
    yield files


def test_every_finished_deal_of_a_match_opens(many: list[Path]) -> None:
    assert many
    for path in many:
        assert opened(path).deal.is_over


@pytest.mark.parametrize(("meta", "expected"), [
    ({"number": 3, "totals_before": [30, -10, -10, -10]}, (3, (30, -10, -10, -10))),
    ({"number": True, "totals_before": [1, -1, 0, 0]}, (None, (1, -1, 0, 0))),
    ({"number": 10**12, "totals_before": [1, 1, 1, 1]}, (None, None)),  # not a match's sum
    ({"number": 2, "totals_before": [0, 0, 0]}, (2, None)),  # three seats for four players
    ({"number": 2, "totals_before": [0, 0, 0, "0"]}, (2, None)),
    ({"number": 2, "totals_before": {"0": 1}}, (2, None)),
    ({}, (None, None)),
])
def test_the_place_of_a_deal_in_its_match_is_read_with_care(meta: dict, expected: tuple) -> None:
    from game.history.archive import place_in_match

    assert place_in_match(meta, 4) == expected
