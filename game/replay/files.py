"""Opening a file for the replay viewer: a saved deal, a saved match or a deal record.

:func:`load_replay_file` reads one file and returns the deal to replay with the names to show:

* a saved deal (``tarot-deal`` JSON, as the game keeps every finished deal in its history);
* a saved match (``tarot-match`` JSON, such as the match in progress): its last deal played to
  the end;
* a deal record (DEAL_RECORD.md), recognised by its content whatever the file is called.

Anything else is refused with :class:`ReplayFileError`, whose message names the file and says
what is wrong in a line or two (missing, a folder, empty, binary data, too large, cut short,
another kind of file, a version this game cannot read, a log that breaks the rules, a deal that
is not over). Loading only ever reads: the file is never changed.

No pygame here: the command line checks a file before any window opens.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, NoReturn

from engine.deal import Deal
from engine.events import CardPlayed
from engine.inputs import LIMITS, DataError, InputError, load_json, read_bytes, size_text
from engine.record import FIELDS as RECORD_FIELDS
from engine.record import RecordError, parse_yaml, replay_record
from engine.rules import RulesError, load_rules
from engine.saves import (
    DEAL_FORMAT,
    MATCH_FORMAT,
    MATCH_VERSIONS,
    SAVE_VERSION,
    SaveError,
    load_deal,
    load_deal_file,
    load_match,
)
from engine.state import Phase
from engine.variations import Variation
from game.app.i18n import seat_name
from game.app.names import saved_names
from game.history.archive import place_in_match

MAX_FILE_BYTES = LIMITS["save"]
"""The largest file read at all: the limit of every saved game (the history's too)."""

MAX_RECORD_BYTES = LIMITS["record"]
"""The largest deal record read (a record is one or two kilobytes; YAML is slow to parse)."""

_WHAT = "a saved deal, a saved match or a deal record"


class ReplayFileError(DataError):
    """A file that cannot be replayed. The message names the file and what is wrong; the
    problem is data too (:class:`engine.inputs.DataError`), for the interface's words."""


@dataclass(frozen=True)
class ReplayFile:
    """One deal ready for the replay viewer."""

    deal: Deal
    """The deal, played to the end (or cancelled: everyone passed, a petit sec)."""
    names: list[str]
    """The name shown for each seat, seat 0 first."""
    title: str
    """The file's name; for a match, followed by ``#n``, the deal's number in the match."""
    path: Path
    meta: dict[str, Any] = field(default_factory=dict)
    """The file's ``meta`` data (names, variant, date...); empty for a deal record."""
    deal_number: int | None = None
    """The deal's number in its match (1 for the first); ``None`` for a deal on its own."""
    variations: list[Variation] = field(default_factory=list)
    """The variations kept with a saved deal (other ways it could have gone)."""
    problems: list[DataError] = field(default_factory=list)
    """Why stored variations could not be used (the deal itself was fine)."""

    kind: str = ""
    """The kind of file: ``DEAL_FORMAT``, ``MATCH_FORMAT`` or ``"record"``."""
    totals_before: tuple[int, ...] | None = None
    """Each seat's running total in the match before the deal, when the file tells."""

    @property
    def keeps_variations(self) -> bool:
        """Whether new variations can be kept in the file: a saved deal can; a match (whose
        deals are still its own) and a deal record (the player's own text) are left as
        they are."""
        return self.kind == DEAL_FORMAT


def load_replay_file(path: str | Path) -> ReplayFile:
    """Read and check ``path``; raises :class:`ReplayFileError` when it cannot be replayed."""
    file = Path(path).expanduser()
    raw = _read_bytes(file)
    text = _decode(file, raw)
    if not text.strip():
        raise ReplayFileError(f"{file}: the file is empty", "empty", str(file))
    if text.lstrip().startswith("{"):
        try:
            document: Any = load_json(text, str(file))
        except InputError:  # cut short, or a record in YAML's braces style
            document = _yaml_mapping(text) if len(raw) <= MAX_RECORD_BYTES else None
            if document is None or not _looks_like_record(document):
                _explain_bad_json(file)  # raises, in the saves' own words ("truncated"...)
        if "format" in document:
            return _from_save(file, document)
        if _looks_like_record(document):
            return _from_record(file, raw, document)
        raise ReplayFileError(f"{file}: JSON, but not {_WHAT} (it has no \"format\" field)",
                              "not_replayable", str(file))
    _check_record_size(file, raw)  # before parsing: YAML is slow to read
    try:
        mapping = parse_yaml(text)
    except RecordError as exc:
        reason = str(exc).removeprefix("record: ")
        problem = exc.problem
        if problem.at[:1] == ("record",):  # the file is the record: no need to say so
            problem = replace(problem, at=problem.at[1:])
        raise ReplayFileError(f"{file}: not {_WHAT} ({reason})", "not_replayable_because",
                              str(file), problem=problem) from None
    if "format" in mapping:
        found = mapping["format"]
        if found in (DEAL_FORMAT, MATCH_FORMAT):
            raise ReplayFileError(f"{file}: a {found!r} file must be JSON, as the game saves it",
                                  "save_not_json", str(file), found=repr(found))
        raise ReplayFileError(f"{file}: a {_short(found)} file, not {_WHAT}",
                              "not_replayable_kind", str(file), found=_short(found))
    if not _looks_like_record(mapping):
        raise ReplayFileError(
            f"{file}: not {_WHAT} (none of the fields of a deal record: players, dealer, hands...)",
            "not_replayable", str(file))
    return _from_record(file, raw, mapping)


# --- reading the bytes ---------------------------------------------------------------------------


def _read_bytes(file: Path) -> bytes:
    try:
        return read_bytes(file, "save")
    except InputError as exc:
        message = str(exc).replace("is a folder, not a file", f"is a folder, not {_WHAT}")
        if "may hold" in message:
            message = (f"{file}: too large to be {_WHAT} (at most {size_text(MAX_FILE_BYTES)})")
        raise exc.again(ReplayFileError, message) from None


def _decode(file: Path, raw: bytes) -> str:
    if b"\x00" in raw:
        raise ReplayFileError(f"{file}: binary data, not {_WHAT}", "not_replayable", str(file))
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ReplayFileError(
            f"{file}: binary data or not UTF-8 text (byte {exc.start}), not {_WHAT}",
            "not_replayable", str(file)) from None


def _short(value: object, limit: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


# --- saved games ---------------------------------------------------------------------------------


def _from_save(file: Path, document: dict[str, Any]) -> ReplayFile:
    found = document.get("format")
    if found not in (DEAL_FORMAT, MATCH_FORMAT):
        raise ReplayFileError(f"{file}: a {_short(found)} file, not {_WHAT}",
                              "not_replayable_kind", str(file), found=_short(found))
    version = document.get("version")
    reads = MATCH_VERSIONS[-1] if found == MATCH_FORMAT else SAVE_VERSION
    if type(version) is not int or not SAVE_VERSION <= version <= reads:  # true is not 1
        newer = type(version) is int and version > reads
        hint = "; it was saved by a newer version of the game" if newer else ""
        raise ReplayFileError(f"{file}: version {_short(version)} cannot be read by this game "
                              f"(it reads {reads}){hint}",
                              "newer_version" if newer else "wrong_version", str(file),
                              found=_short(version), reads=reads)
    variations: list[Variation] = []
    problems: list[DataError] = []
    try:
        if found == DEAL_FORMAT:
            loaded = load_deal_file(file)
            deal, meta = loaded.deal, loaded.meta
            variations = loaded.variations
            problems.extend(loaded.problems)
            number, totals = place_in_match(meta, deal.players)
        else:
            match, meta = load_match(file)
            finished = [match.first + i for i, d in enumerate(match.deals)
                        if d.state.phase is Phase.FINISHED]
            if not finished:
                raise ReplayFileError(
                    f"{file}: no deal of this match has been played to the end yet; "
                    "only a finished deal can be replayed", "match_unfinished", str(file))
            number = finished[-1] + 1
            deal = match.deal(number - 1)
            totals = tuple(match.totals_before(number - 1))
    except SaveError as exc:
        raise exc.again(ReplayFileError, _with_file(file, str(exc))) from None
    _check_over(file, deal)
    title = file.name if found == DEAL_FORMAT or number is None else f"{file.name} #{number}"
    names = saved_names(meta, deal.players, _seat_names(deal.players))
    return ReplayFile(deal, names, title, file, dict(meta), number, variations, problems,
                        str(found), totals)


def _explain_bad_json(file: Path) -> NoReturn:
    """Raise the error the saves give for a file that is not valid JSON (cut short, say)."""
    try:
        load_deal(file)
    except SaveError as exc:
        message = _with_file(file, str(exc))
        if "not valid JSON" in message:
            message += f"; not {_WHAT}"
        raise exc.again(ReplayFileError, message) from None
    raise ReplayFileError(f"{file}: not valid JSON, and not {_WHAT}",  # it changed meanwhile
                          "not_replayable", str(file))


def _with_file(file: Path, message: str) -> str:
    return message if message.startswith(f"{file}:") else f"{file}: {message}"


# --- deal records --------------------------------------------------------------------------------


def _yaml_mapping(text: str) -> dict[Any, Any] | None:
    try:
        return parse_yaml(text)
    except RecordError:
        return None


def _looks_like_record(document: dict[Any, Any]) -> bool:
    keys = {k for k in document if isinstance(k, str)}
    return "format" not in keys and bool(keys & {"players", "hands", "dealer", "play"}) and (
        len(keys & set(RECORD_FIELDS)) * 2 >= len(document))


def _check_record_size(file: Path, raw: bytes) -> None:
    if len(raw) > MAX_RECORD_BYTES:
        size, limit = size_text(len(raw)), size_text(MAX_RECORD_BYTES)
        raise ReplayFileError(f"{file}: too large for a deal record ({size}; at most {limit}), "
                              "and not a saved game", "record_too_large", str(file), size=size,
                              limit=limit)


def _from_record(file: Path, raw: bytes, document: dict[Any, Any]) -> ReplayFile:
    _check_record_size(file, raw)
    try:
        deal = replay_record(document, load_rules())
    except RecordError as exc:
        raise ReplayFileError(f"{file}: deal record: {exc}", "damaged_record", str(file),
                              problem=exc.problem) from None
    except RulesError as exc:
        raise ReplayFileError(f"{file}: the game's rules cannot be read ({exc})",
                              "rules_unreadable", str(file), problem=exc.problem) from None
    _check_over(file, deal)
    return ReplayFile(deal, _seat_names(deal.players), file.name, file, {}, None, kind="record")


# --- common checks -------------------------------------------------------------------------------


def _check_over(file: Path, deal: Deal) -> None:
    if deal.is_over:
        return
    phase = deal.state.phase
    played = sum(1 for e in deal.events if isinstance(e, CardPlayed))
    where = f"{played} cards played" if phase is Phase.PLAYING else f"in the {phase.value} phase"
    raise ReplayFileError(
        f"{file}: the deal is not finished ({where}); only a finished deal can be replayed",
        "replay_unfinished", str(file), cards=played)


def _seat_names(players: int) -> list[str]:
    return [seat_name(seat, players, "en") for seat in range(players)]


__all__ = [
    "MAX_FILE_BYTES",
    "MAX_RECORD_BYTES",
    "ReplayFile",
    "ReplayFileError",
    "load_replay_file",
]
