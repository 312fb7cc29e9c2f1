"""Saves written behind (game/match/writer.py): the frame that gives a save never waits for
the disk, the newest text of a file wins, a failure is told, and nothing is lost at the end."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

import game.match.writer as writer
from engine.match import Match
from engine.rules import load_rules
from engine.saves import load_match
from game.app import paths
from game.match.autosave import Autosave
from game.match.writer import Writer, flush_all

META = {"names": ["A", "B", "C", "D"], "variant": "fft"}


def test_files_are_written_in_order_and_a_file_given_again_only_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    written: list[tuple[str, str]] = []
    gate = threading.Event()

    def slow(path: Path, text: str) -> None:
        gate.wait(5)  # the first write holds the writer while the others are given
        written.append((path.name, text))

    monkeypatch.setattr(writer, "write_atomic", slow)
    told: list[tuple[str, object]] = []
    files = Writer(lambda path, problem: told.append((path.name, problem)))
    files.put(tmp_path / "a", "a1")
    files.put(tmp_path / "b", "b1")
    files.put(tmp_path / "c", "c1")
    files.put(tmp_path / "b", "b2")  # b still waits: its newest text takes the end
    gate.set()
    assert files.flush()
    assert written == [("a", "a1"), ("c", "c1"), ("b", "b2")]  # b1 was never written
    assert [name for name, _ in told] == ["a", "c", "b"]


def test_a_failed_write_is_told_and_the_writer_goes_on(tmp_path: Path) -> None:
    told: list[tuple[str, object]] = []
    files = Writer(lambda path, problem: told.append((path.name, problem)))
    (tmp_path / "file").write_text("a file where a folder should be", encoding="utf-8")
    files.put(tmp_path / "file" / "save.json", "{}")
    files.put(tmp_path / "good.json", "{}")
    assert files.flush()
    assert isinstance(told[0][1], OSError) and told[1] == ("good.json", None)
    assert (tmp_path / "good.json").read_text(encoding="utf-8") == "{}"


def test_a_background_autosave_returns_before_the_disk_has_the_match(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The call made after a move returns while the match file is still being written; the
    file holds the match once the writer is done, and a read of the save waits for it."""
    entered, release = threading.Event(), threading.Event()
    real = writer.write_atomic

    def held(path: Path, text: str) -> None:
        entered.set()
        release.wait(5)
        real(path, text)

    monkeypatch.setattr(writer, "write_atomic", held)
    match = Match.new(load_rules(), 4, 7)
    save = Autosave(META, match, background=True)
    save(match)  # returns at once: the write is held
    assert entered.wait(5) and not paths.current_match_file().exists()
    release.set()
    flush_all()
    saved, _ = load_match(paths.current_match_file())
    assert saved.events() == match.events()


def test_a_background_save_that_fails_is_told_until_one_works(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def full(path: Path, text: str) -> None:
        raise OSError(28, "No space left on device", str(path))

    real = writer.write_atomic
    match = Match.new(load_rules(), 4, 7)
    save = Autosave(META, match, background=True)
    monkeypatch.setattr(writer, "write_atomic", full)
    save(match)
    flush_all()
    assert save.error is not None and "No space left on device" in save.error
    save(match)  # still failing: still told
    flush_all()
    assert save.error is not None
    monkeypatch.setattr(writer, "write_atomic", real)  # room on the disk again
    save(match)
    flush_all()
    assert save.error is None and paths.current_match_file().exists()

