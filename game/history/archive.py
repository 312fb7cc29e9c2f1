"""The finished deals kept in the history folder, read for the list, the statistics and export.

Every deal the player finishes is saved on its own as ``<timestamp>-<n>p.json`` (see
``game.match.autosave.Autosave``). This module reads that folder without pygame:
:func:`list_deals` gives one :class:`DealEntry` per file, newest first. A file that does not
load (unreadable, cut short, edited by hand, written by another version, a deal that is not
over) still gives an entry, whose ``problem`` names the file and says what is wrong, so that
the list can show it and offer to delete it; the other files load as usual. Reading never
changes a file.

:func:`export_entry` writes a deal as a deal record (DEAL_RECORD.md) that
``python -m engine score`` accepts; :func:`delete_entry` removes a file from the history.
What the expert's review of a deal found is read with it (:mod:`game.history.reviews`).
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import hashlib
import os
import re
import threading
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.deal import Deal
from engine.inputs import DataError
from engine.record import RecordError
from engine.record_export import export_record
from engine.saves import SaveError, load_deal, write_atomic
from engine.state import Phase
from game.app import paths
from game.app.names import saved_names
from game.history.reviews import REVIEW, Review, plain_int

FILE_PLAYERS = re.compile(r"-([345])p\.json$")
"""The player count in a history file name, for files whose content cannot be read."""

FILE_STAMP = re.compile(r"^(\d{8}-\d{6})[.-]")
"""The time a history file was written, at the start of its name (``20240501-201500-4p``)."""

MAX_EXPORT_NAMES = 10_000


class HistoryError(ValueError):
    """A deal that cannot be exported; the message names the file and says why."""


@dataclass(frozen=True)
class DealEntry:
    """What the history knows about one saved deal.

    ``scores``, ``taker`` and the contract are empty for a cancelled deal (``cancelled`` says
    why: ``"all_passed"`` or ``"petit_sec"``) and for a file with a ``problem``.
    """

    path: Path
    players: int  # 3, 4 or 5; from the file name when the file cannot be read (0 if unknown)
    date: _dt.datetime | None = None
    names: list[str] = field(default_factory=list)
    variant: str = ""
    dealer: int | None = None
    taker: str = ""  # the taker's name
    taker_seat: int | None = None
    contract: str = ""
    made: bool = False
    margin: int = 0
    scores: list[int] = field(default_factory=list)
    cancelled: str = ""
    practised: bool = False  # the player used undo during the deal
    autoplay: bool = False  # a bot played the player's seat (``--autoplay``)
    challenge: str = ""  # a challenge's deal: "yours" or "expert" (the expert's run)
    challenge_deal: str = ""  # the series and the deal's number: the same in both runs
    problem: str = ""
    error: DataError | None = field(default=None, compare=False)  # the problem as data
    modified: float = 0.0  # the file's modification time, for files without a date
    deal_key: str = ""  # the match and the deal's number in it; the file's name when unknown
    review: Review | None = None  # what the expert's review found, once one finished

    def __post_init__(self) -> None:
        if not self.deal_key:
            object.__setattr__(self, "deal_key", f"file:{self.path.name}")

    @property
    def ok(self) -> bool:
        """The file loaded and holds a deal that is over (scored or cancelled)."""
        return not self.problem

    @property
    def scored(self) -> bool:
        """A deal played to the last trick and scored (not cancelled, no problem)."""
        return not self.problem and not self.cancelled and bool(self.scores)

    @property
    def seat0(self) -> int | None:
        """The score of seat 0 (the player) in this deal; ``None`` when there is none."""
        return self.scores[0] if self.scores and not self.problem else None

    @property
    def kind(self) -> str:
        """What the statistics make of the deal: ``"scored"`` (a deal of the player's that
        counts), or why it is left out or counted apart: ``"problems"``, ``"expert"`` (the
        expert's game of a challenge: not the player's at all), ``"challenge"``,
        ``"autoplay"``, ``"practised"``, ``"cancelled"``."""
        if self.problem:
            return "problems"
        if self.challenge == "expert":
            return "expert"
        if self.challenge:
            return "challenge"
        if self.autoplay:
            return "autoplay"
        if self.practised:
            return "practised"
        if self.cancelled:
            return "cancelled"
        return "scored" if self.scored and self.seat0 is not None else "other"

    @property
    def sort_key(self) -> tuple[float, str]:
        when = self.date.timestamp() if self.date else self.modified
        return (when, self.path.name)


_cache: dict[str, tuple[tuple[int, ...], DealEntry]] = {}
#: The cache is filled by the history's reader thread (game.history.reader) and emptied of a
#: file the player deletes: one at a time.
_cache_lock = threading.Lock()


def _stamp(path: Path) -> tuple[int, ...] | None:
    """What tells whether a file changed since it was read (``None``: it cannot be seen)."""
    try:
        info = path.stat()
    except OSError:
        return None
    return (info.st_mtime_ns, info.st_ctime_ns, info.st_size, info.st_ino)


def _problem(path: Path, message: str) -> str:
    """``message`` with the file named by its name (not the whole folder path) in front."""
    text = message.replace(str(path), path.name)
    return text if text.startswith(path.name) else f"{path.name}: {text}"


def usable_date(value: _dt.datetime | None) -> _dt.datetime | None:
    """``value`` when the screens can sort and show it, else ``None``: a date a file claims
    (``0001-01-01``, a clock far in the future) must not stop the list; the local time of a
    date before 1971 or after 9998 cannot be worked out everywhere."""
    if value is None or not 1971 <= value.year <= 9998:
        return None
    try:
        value.timestamp()
    except (OverflowError, OSError, ValueError):
        return None
    return value


def _date(meta: Mapping[str, Any]) -> _dt.datetime | None:
    value = meta.get("date")
    if not isinstance(value, str):
        return None
    try:
        return usable_date(_dt.datetime.fromisoformat(value))
    except ValueError:
        return None


def _fallback_date(path: Path, modified: float) -> _dt.datetime | None:
    """When a deal without a readable date was played: the time in its file name, else the
    file's modification time (either only when usable)."""
    found = FILE_STAMP.match(path.name)
    if found:
        try:
            return usable_date(_dt.datetime.strptime(found.group(1), "%Y%m%d-%H%M%S"))
        except ValueError:
            pass
    if not modified:
        return None
    try:
        return usable_date(_dt.datetime.fromtimestamp(modified))
    except (OverflowError, OSError, ValueError):
        return None


def _entry(path: Path, modified: float) -> DealEntry:
    """One file's entry; the reasons it cannot be read are the saves' own (a folder or a
    FIFO in its place, too large, empty, cut short...), on the one guarded path."""
    found = FILE_PLAYERS.search(path.name)
    players = int(found.group(1)) if found else 0
    fallback = _fallback_date(path, modified)
    try:
        deal, meta = load_deal(path)
    except SaveError as exc:
        return DealEntry(path, players, fallback, modified=modified,
                         problem=_problem(path, str(exc)), error=exc)
    except Exception as exc:  # a file edited in a way no check foresaw: list it, do not crash
        return DealEntry(path, players, fallback, modified=modified,
                         problem=_problem(path, f"cannot be loaded ({exc})"))
    return _deal_entry(path, deal, meta, fallback, modified)


def _challenge_run(meta: Mapping[str, Any]) -> str:
    run = meta.get("challenge_run")
    return run if run in ("yours", "expert") and isinstance(meta.get("challenge"), str) else ""


def _deal_entry(path: Path, deal: Deal, meta: Mapping[str, Any],
                fallback: _dt.datetime | None, modified: float) -> DealEntry:
    state = deal.state
    numbers = [f"#{seat + 1}" for seat in range(deal.players)]
    names = saved_names(meta, deal.players, numbers)
    common: dict[str, Any] = {
        "path": path,
        "players": deal.players,
        "date": _date(meta) or fallback,
        "names": names,
        "variant": deal.rules.variant,
        "dealer": state.dealer,
        "practised": meta.get("practised") is True,
        "autoplay": meta.get("autoplay") is True,
        "challenge": _challenge_run(meta),
        "challenge_deal": (f"{str(meta.get('challenge'))[:32]}:{meta.get('number')}"
                           if _challenge_run(meta) else ""),
        "modified": modified,
        "deal_key": _deal_key(meta, deal, path),
        "review": Review.from_saved(meta.get(REVIEW)),
    }
    if state.phase is Phase.CANCELLED:
        return DealEntry(**common, cancelled=str(state.cancelled or "cancelled"),
                         scores=[0] * deal.players)
    result = deal.result
    if result is None:
        message = f"the deal is not finished (it stops in the {state.phase.value} phase)"
        return DealEntry(**common, problem=_problem(path, message),
                         error=DataError(f"{path}: {message}", "replay_unfinished", str(path)))
    return DealEntry(**common, taker=names[result.taker], taker_seat=result.taker,
                     contract=result.contract, made=result.made, margin=result.margin,
                     scores=list(result.scores))


#: The history file's ``meta`` key for each seat's running total before the deal.
TOTALS_BEFORE = "totals_before"
#: Larger than any match can reach: a total beyond it is a damaged file, not a score.
_MAX_TOTAL = 10_000_000


def place_in_match(meta: Mapping[str, Any], players: int
                   ) -> tuple[int | None, tuple[int, ...] | None]:
    """The deal's number in its match and each seat's total before it, as the file's
    ``meta`` says; ``None`` for what it does not say or says wrongly (totals that do not
    add up to zero, a count of seats that is not the deal's)."""
    number = meta.get("number")
    if not plain_int(number) or not 1 <= number <= _MAX_TOTAL:
        number = None
    totals = meta.get(TOTALS_BEFORE)
    if not (isinstance(totals, list) and len(totals) == players
            and all(plain_int(t) and abs(t) <= _MAX_TOTAL for t in totals)
            and sum(totals) == 0):
        return number, None
    return number, tuple(totals)


def _deal_key(meta: Mapping[str, Any], deal: Deal, path: Path) -> str:
    """Which deal of which match a file holds: from its ``meta`` when it says; else the whole
    log (a deal an older version wrote twice is the same log in two files)."""
    match, number = meta.get("match"), meta.get("number")
    if isinstance(match, str) and match and isinstance(number, int) and not isinstance(
            number, bool):
        return f"{match[:32]}:{number}"
    return "log:" + hashlib.sha256(repr(deal.events).encode()).hexdigest()[:32]


def read_entry(path: Path) -> DealEntry:
    """What the history shows about one saved deal (kept while the file is unchanged)."""
    stamp = _stamp(path)
    key = str(path)
    with _cache_lock:
        cached = _cache.get(key)
    if cached is not None and stamp is not None and cached[0] == stamp:
        return cached[1]
    modified = stamp[0] / 1e9 if stamp else 0.0
    entry = _entry(path, modified)
    if stamp is not None:
        with _cache_lock:
            _cache[key] = (stamp, entry)
    return entry


def deal_files(folder: Path | None = None) -> list[Path]:
    """The saved deal files in ``folder`` (the history folder by default), in no order:
    every ``*.json`` entry, a folder or a FIFO of that name too (the list says what it is).
    A folder that cannot be read gives none (:func:`folder_problem` says why)."""
    folder = folder if folder is not None else paths.history_dir()
    try:
        return [p for p in folder.glob("*.json") if not p.name.startswith(".")]
    except OSError:
        return []


def folder_problem(folder: Path | None = None) -> str | None:
    """Why the history folder cannot be listed, or ``None`` (a folder not made yet is fine)."""
    folder = folder if folder is not None else paths.history_dir()
    try:
        if not os.path.lexists(folder):
            return None
        with os.scandir(folder) as entries:
            next(entries, None)
    except NotADirectoryError:
        return f"{folder}: is not a folder"
    except OSError as exc:
        return f"{folder}: cannot be read ({exc.strerror or exc})"
    return None


def list_deals(folder: Path | None = None, players: int | None = None,
               progress: Callable[[int, int], None] | None = None) -> list[DealEntry]:
    """Every saved deal (with ``players`` players, when given), newest first; ``progress``
    is told how many files are read out of how many as it goes."""
    files = deal_files(folder)
    seen = {str(p) for p in files}
    parent = str(folder if folder is not None else paths.history_dir())
    with _cache_lock:
        for key in [k for k in _cache if k not in seen and str(Path(k).parent) == parent]:
            del _cache[key]  # files deleted or renamed since the last look
    read = []
    for done, path in enumerate(files):
        if progress is not None and done % 10 == 0:
            progress(done, len(files))
        read.append(read_entry(path))
    if progress is not None:
        progress(len(files), len(files))
    entries = filter_entries(read, players)
    return sorted(entries, key=lambda e: e.sort_key, reverse=True)


def filter_entries(entries: Iterable[DealEntry], players: int | None) -> list[DealEntry]:
    """The entries with ``players`` players (all of them for ``None``), in the same order."""
    return [e for e in entries if players is None or e.players == players]


def delete_entry(entry: DealEntry) -> None:
    """Remove the deal's file from the history. Raises :class:`OSError` when it cannot."""
    with _cache_lock:
        _cache.pop(str(entry.path), None)
    entry.path.unlink(missing_ok=True)


# --- export ------------------------------------------------------------------------------------


def exports_dir() -> Path:
    return paths.data_dir() / "exports"


def _reserve(folder: Path, stem: str) -> Path:
    """A new file ``<stem>.yaml`` (or ``<stem>-2.yaml``…) created empty, so that no other
    export can take the name between the choice and the write."""
    folder.mkdir(parents=True, exist_ok=True)
    for number in range(1, MAX_EXPORT_NAMES + 1):
        target = folder / (f"{stem}.yaml" if number == 1 else f"{stem}-{number}.yaml")
        try:
            fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            continue
        os.close(fd)
        return target
    raise HistoryError(f"{folder}: no free name for {stem}.yaml")


def _printable(text: str) -> str:
    return "".join(ch if ch.isprintable() else " " for ch in text)


def record_header(entry: DealEntry) -> str:
    """YAML comments that say where the record comes from and who sat where."""
    lines = [f"# French Tarot deal record, exported from {_printable(entry.path.name)}"]
    details = []
    if entry.date is not None:
        details.append(f"played {entry.date.strftime('%Y-%m-%d %H:%M')}")
    if entry.variant:
        details.append(f"rules: {_printable(entry.variant)}")
    if entry.practised:
        details.append("practised (undo used)")
    if entry.autoplay:
        details.append("played by the computer (--autoplay)")
    if entry.challenge:
        details.append("a challenge deal" + (", the expert's run" if entry.challenge == "expert"
                                             else ""))
    if details:
        lines.append("# " + ", ".join(details))
    if entry.names:
        seats = ", ".join(f"{seat} {_printable(name)}" for seat, name in enumerate(entry.names))
        lines.append(f"# seats: {seats}")
    return "\n".join(lines) + "\n"


def export_entry(entry: DealEntry, folder: Path | None = None) -> Path:
    """Write the deal as a deal record ``<same stem>.yaml`` in ``folder`` (the exports folder
    by default) and return its path. An existing export is never replaced: the new one takes
    the next free name. Raises :class:`HistoryError` naming the file when it cannot."""
    source = entry.path
    if entry.problem:
        raise HistoryError(entry.problem)
    try:
        deal, _ = load_deal(source)  # read again: the file may have changed since the list
        text = export_record(deal)
    except SaveError as exc:
        raise HistoryError(_problem(source, str(exc))) from None
    except RecordError as exc:
        raise HistoryError(_problem(source, str(exc))) from None
    folder = folder if folder is not None else exports_dir()
    try:
        target = _reserve(folder, source.stem)
    except OSError as exc:
        raise HistoryError(f"{folder}: cannot write there ({exc.strerror or exc})") from None
    try:
        write_atomic(target, record_header(entry) + text)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            target.unlink(missing_ok=True)  # the empty file that held the name
        if isinstance(exc, OSError):
            raise HistoryError(f"{target}: cannot write ({exc.strerror or exc})") from None
        raise
    return target


__all__ = [
    "DealEntry",
    "HistoryError",
    "delete_entry",
    "export_entry",
    "exports_dir",
    "filter_entries",
    "list_deals",
    "read_entry",
    "record_header",
]
