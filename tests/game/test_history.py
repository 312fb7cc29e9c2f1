"""The history folder read without pygame: entries, order, filter, damaged files, deletion and
export as deal records that score the same as the saved deal."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.actions import Bid
from engine.deal import Deal
from engine.record import score_record
from engine.rules import load_rules
from engine.saves import load_deal, save_deal
from engine.state import Phase
from game.app import paths
from game.history import archive as history
from game.history.archive import (
    HistoryError,
    delete_entry,
    export_entry,
    filter_entries,
    list_deals,
    read_entry,
)
from tests.helpers.history_deals import NAMES, archive, day, play_deal
from tests.helpers.paths import ROOT


def snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in sorted(folder.iterdir())}


# --- entries -------------------------------------------------------------------------------------


def test_entries_hold_the_deal_newest_first(home: Path) -> None:
    deals = [
        (play_deal(3, 1, taker=0, made=True), {}),
        (play_deal(4, 2, taker=2, contract="garde_sans"), {"practised": True}),
        (play_deal(5, 3, taker=0, bots=True), {}),
        (play_deal(4, 4, taker=1, variant="miseres"), {"practised": "yes"}),  # not True
    ]
    files = [archive(deal, day(i), **meta) for i, (deal, meta) in enumerate(deals)]
    entries = list_deals()
    assert [e.path for e in entries] == files[::-1]
    for entry, (deal, meta) in zip(entries[::-1], deals, strict=True):
        result = deal.result
        assert result is not None
        assert entry.ok and entry.scored and not entry.problem
        assert entry.players == deal.players
        assert entry.names == list(NAMES[:deal.players])
        assert entry.variant == deal.rules.variant
        assert entry.dealer == deal.state.dealer
        assert entry.taker_seat == result.taker
        assert entry.taker == NAMES[result.taker]
        assert entry.contract == result.contract
        assert (entry.made, entry.margin) == (result.made, result.margin)
        assert entry.scores == list(result.scores)
        assert entry.seat0 == result.scores[0]
        assert entry.practised is (meta.get("practised") is True)
        assert entry.date is not None and entry.date.tzinfo is None
    assert entries[-1].made and entries[-1].taker_seat == 0
    assert entries[0].variant == "miseres"
    assert entries[1].contract == "garde"  # the bots' deal: seat 0 steered to a garde


def test_the_history_is_read_ahead_on_a_thread_of_its_own(home: Path) -> None:
    files = [archive(play_deal(4, seed, taker=0), day(seed)) for seed in (1, 2, 3)]
    from game.history.reader import history_reader

    history._cache.clear()
    reader = history_reader()
    reader.request()
    listing = reader.wait(60)
    assert listing is not None and [e.path for e in listing.entries] == files[::-1]
    assert {str(f) for f in files} <= set(history._cache)
    assert [e.path for e in list_deals()] == files[::-1]  # the list reads from it as before


def test_the_filter_keeps_one_player_count_in_order(home: Path) -> None:
    files = [archive(play_deal(n, i), day(i)) for i, n in enumerate((3, 4, 5, 4, 3))]
    assert [e.path for e in list_deals(players=4)] == [files[3], files[1]]
    assert [e.path for e in list_deals(players=3)] == [files[4], files[0]]
    everything = list_deals()
    assert filter_entries(everything, None) == everything
    assert [e.path for e in filter_entries(everything, 5)] == [files[2]]
    assert list_deals(players=5, folder=home / "nowhere") == []


def test_a_file_without_a_date_takes_it_from_its_name_or_its_modification_time(
        home: Path) -> None:
    dated = archive(play_deal(4, 1), day(0))
    named = archive(play_deal(4, 2), day(1, hour=9), date=None)  # 20240502-090000-4p.json
    renamed = paths.history_dir() / "kept-4p.json"
    archive(play_deal(4, 3), day(2), date="yesterday").rename(renamed)
    os.utime(renamed, (1_600_000_000, 1_600_000_000))  # 2020: older than the others
    entries = list_deals()
    assert [e.path for e in entries] == [named, dated, renamed]
    assert entries[0].date == day(1, hour=9)
    assert entries[2].date is not None and entries[2].date.year == 2020


def test_names_that_do_not_fit_the_table_are_replaced_by_seat_numbers(home: Path) -> None:
    archive(play_deal(3, 5), day(0), names=["Ana", 3])
    assert list_deals()[0].names == ["#1", "#2", "#3"]


def test_a_cancelled_deal_is_an_entry_without_scores_to_show(home: Path) -> None:
    path = archive(play_deal(4, 6, taker=None), day(0))
    entry = list_deals()[0]
    assert entry.path == path
    assert entry.ok and not entry.scored
    assert entry.cancelled == "all_passed"
    assert entry.scores == [0, 0, 0, 0]
    assert entry.taker_seat is None and entry.contract == ""


# --- damaged files -------------------------------------------------------------------------------


def damaged_history(folder: Path) -> dict[str, str]:
    """A history with one good deal and files damaged in every way; file name -> a word the
    problem must contain."""
    good = archive(play_deal(4, 1), day(0))
    text = good.read_text(encoding="utf-8")
    expected: dict[str, str] = {}

    def write(name: str, content: str | bytes, word: str) -> None:
        path = folder / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
        expected[name] = word

    write("20240102-120000-4p.json", text[: len(text) * 2 // 3], "truncated")
    write("20240103-120000-3p.json", text.replace('"meta": {', '"meta": {{', 1),
          "not valid JSON")
    document = json.loads(text)
    write("20240104-120000-4p.json", json.dumps({**document, "version": 2}), "version 2")
    edited = json.loads(text)
    for event in edited["events"]:
        if event["event"] == "card_played":  # the first card now comes from another hand
            hands = edited["events"][0]["hands"]
            other = hands[(event["seat"] + 1) % 4]
            event["card"] = next(c for c in other if c != event["card"])
            break
    write("20240105-120000-4p.json", json.dumps(edited), "events[")
    write("20240106-120000-5p.json", b"\x89PNG\r\n\x1a\n\x00\x00", "not UTF-8")
    write("20240107-120000-4p.json", "", "empty")
    write("20240108-120000-4p.json", json.dumps({**document, "format": "tarot-match"}),
          "format")
    unfinished = Deal.new(load_rules(), 3, 0, 5)
    while unfinished.state.phase is Phase.BIDDING:  # seat 1 takes a garde, then it stops
        seat = unfinished.state.turn
        unfinished.execute(seat, Bid("garde" if seat == 1 else None))
    save_deal(unfinished, folder / "20240109-120000-3p.json", {"date": "2024-01-09T12:00:00"})
    expected["20240109-120000-3p.json"] = "not finished"
    expected[good.name] = ""
    return expected


def test_damaged_files_are_listed_with_their_problem_and_left_as_they_are(home: Path) -> None:
    folder = paths.history_dir()
    expected = damaged_history(folder)
    before = snapshot(folder)
    entries = list_deals()
    assert sorted(e.path.name for e in entries) == sorted(expected)
    for entry in entries:
        word = expected[entry.path.name]
        if entry.path.name.startswith("20240501"):
            assert entry.ok and entry.scores, entry.problem  # the good deal still loads
            continue
        assert entry.problem.startswith(entry.path.name), entry.problem
        assert word in entry.problem, entry.problem
        assert str(folder) not in entry.problem  # the name, not the whole path
        assert entry.seat0 is None and not entry.scored
        assert entry.players == int(entry.path.name[-7])  # from the file name
        assert entry.date is not None
        assert entry.date.strftime("%Y%m%d") == entry.path.name[:8]
    assert list_deals() == entries  # read again: the same
    assert snapshot(folder) == before  # not one byte changed, not even the dates


def test_a_file_damaged_after_it_was_listed_is_read_again(home: Path) -> None:
    path = archive(play_deal(4, 1), day(0))
    assert list_deals()[0].ok
    data = path.read_bytes()
    path.write_bytes(data[:-50])
    entry = list_deals()[0]
    assert "truncated" in entry.problem
    path.write_bytes(data)
    assert read_entry(path).ok


def test_files_the_game_does_not_own_are_not_listed(home: Path) -> None:
    folder = paths.history_dir()
    path = archive(play_deal(4, 1), day(0))
    (folder / ".20240501-120000-4p.json.abc.tmp").write_text("{", encoding="utf-8")
    (folder / "notes.txt").write_text("hello", encoding="utf-8")
    assert [e.path for e in list_deals()] == [path]


def test_a_folder_or_fifo_in_place_of_a_deal_is_listed_with_what_it_is(home: Path) -> None:
    import os

    folder = paths.history_dir()
    path = archive(play_deal(4, 1), day(0))
    (folder / "folder.json").mkdir()
    os.mkfifo(folder / "20240101-120000-4p.json")
    entries = {e.path.name: e for e in list_deals()}
    assert entries[path.name].ok
    assert "is a folder" in entries["folder.json"].problem
    assert "is a FIFO, not a regular file" in entries["20240101-120000-4p.json"].problem


def test_a_huge_file_is_not_read(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from engine import inputs

    path = archive(play_deal(4, 1), day(0))
    monkeypatch.setitem(inputs.LIMITS, "save", 100)
    history._cache.clear()
    entry = list_deals()[0]
    assert entry.path == path and "more than the 100 bytes" in entry.problem


def test_the_history_and_the_replay_share_one_size_limit(home: Path) -> None:
    from engine import inputs
    from game.replay import files

    assert inputs.LIMITS["save"] == files.MAX_FILE_BYTES


def test_a_history_folder_that_cannot_be_read_is_named(home: Path, monkeypatch) -> None:
    import os

    from game.history.archive import folder_problem

    folder = paths.history_dir()
    folder.mkdir(parents=True)
    real = os.scandir

    def refuse(path: object = ".") -> object:
        if str(path) == str(folder):
            raise PermissionError(13, "Permission denied")
        return real(path)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "scandir", refuse)
    assert folder_problem() == f"{folder}: cannot be read (Permission denied)"


# --- delete --------------------------------------------------------------------------------------


def test_delete_removes_the_file_and_the_list_follows(home: Path) -> None:
    files = [archive(play_deal(4, i), day(i)) for i in range(3)]
    broken = paths.history_dir() / "20240110-120000-4p.json"
    broken.write_text("{", encoding="utf-8")
    entries = list_deals()
    delete_entry(next(e for e in entries if e.path == files[1]))
    delete_entry(next(e for e in entries if e.path == broken))  # damaged files too
    assert not files[1].exists() and not broken.exists()
    assert [e.path for e in list_deals()] == [files[2], files[0]]
    delete_entry(next(e for e in entries if e.path == files[1]))  # gone: no error
    assert files[0].exists() and files[2].exists()


# --- export --------------------------------------------------------------------------------------


def scores_of(path: Path) -> list[int]:
    deal, _ = load_deal(path)
    result = deal.result
    return list(result.scores) if result is not None else [0] * deal.players


@pytest.mark.parametrize(("players", "variant", "bots", "taker"), [
    (3, "fft", False, 0),
    (4, "fft", True, 0),
    (5, "fft", False, 2),
    (5, "call_any_card", False, 0),
    (4, "miseres", False, 1),
    (4, "excuse_to_trick_winner", False, 3),
    (3, "fft", False, None),  # cancelled
])
def test_an_export_scores_like_the_saved_deal(home: Path, players: int, variant: str,
                                              bots: bool, taker: int | None) -> None:
    deal = play_deal(players, 20 + players, taker=taker, variant=variant, bots=bots)
    path = archive(deal, day(0), practised=True)
    entry = read_entry(path)
    before = path.read_bytes()
    target = export_entry(entry)
    assert target == paths.data_dir() / "exports" / f"{path.stem}.yaml"
    text = target.read_text(encoding="utf-8")
    assert text.startswith(f"# French Tarot deal record, exported from {path.name}")
    assert "practised" in text.splitlines()[1]
    outcome = score_record(text)
    assert outcome["scores"] == scores_of(path) == entry.scores
    if taker is None:
        assert outcome["cancelled"] == "all_passed"
    else:
        assert (outcome["taker"], outcome["made"]) == (taker, entry.made)
    assert path.read_bytes() == before


def test_the_exported_file_scores_with_the_command_line(home: Path) -> None:
    path = archive(play_deal(4, 31, taker=0), day(0))
    target = export_entry(read_entry(path))
    run = subprocess.run([sys.executable, "-m", "engine", "score", str(target)],
                         capture_output=True, text=True, cwd=ROOT, check=False, timeout=60)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["scores"] == scores_of(path)


def test_an_export_never_replaces_an_earlier_one(home: Path, tmp_path: Path) -> None:
    path = archive(play_deal(4, 1), day(0))
    entry = read_entry(path)
    first = export_entry(entry)
    first.write_text("# kept\n", encoding="utf-8")  # the player's own notes, say
    second = export_entry(entry)
    third = export_entry(entry)
    assert [first.name, second.name, third.name] == [
        f"{path.stem}.yaml", f"{path.stem}-2.yaml", f"{path.stem}-3.yaml"]
    assert first.read_text(encoding="utf-8") == "# kept\n"
    assert second.read_text(encoding="utf-8") == third.read_text(encoding="utf-8")
    elsewhere = export_entry(entry, tmp_path / "out")
    assert elsewhere == tmp_path / "out" / f"{path.stem}.yaml"
    assert not [p for p in first.parent.iterdir() if p.name.startswith(".")]  # no temp left


def test_a_damaged_deal_is_not_exported(home: Path) -> None:
    path = archive(play_deal(4, 1), day(0))
    entry = read_entry(path)
    path.write_bytes(path.read_bytes()[:-30])  # damaged after the list was read
    with pytest.raises(HistoryError, match=f"^{path.name}: .*truncated"):
        export_entry(entry)
    with pytest.raises(HistoryError, match=path.name):
        export_entry(read_entry(path))
    exports = paths.data_dir() / "exports"
    assert not exports.exists() or not list(exports.iterdir())


def test_an_export_into_a_folder_that_cannot_be_written_says_so(home: Path) -> None:
    path = archive(play_deal(4, 1), day(0))
    blocker = home / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    with pytest.raises(HistoryError, match="cannot write"):
        export_entry(read_entry(path), blocker / "exports")
