"""Saved matches and finished deals: versioned, human-readable JSON, written atomically.

A saved file is the event log plus what is needed to check it: the rules it was played under
and, for a match, its seed. Loading trusts nothing: the rules are validated like
``rules.yaml``, every command in the log is re-checked against the rules, every event the
engine writes itself is compared with what the engine would write, and a shuffle seed must give
the recorded hands. A file that fails any check is refused with :class:`SaveError` naming the
file and the place; the file itself is never changed by loading.

A match file may also list its *practised* deals (``"practised"``: the 0-based numbers of the
deals in which a decision was taken back). The key is optional: a file without it (written
before the key existed) loads with no practised deal, and a reader that does not know the key
ignores it, so the version stays 1. So may its *length* (``"length"``: ``{"deals": 8}`` or
``{"target": 500}``, :mod:`engine.length`): a file without it is a match with no end, and a
match over is never followed by another deal in its file.

A saved deal may keep *variations* (``"variations"``, :mod:`engine.variations`): other
ways the deal could have gone from one of its decisions. The key is optional too, and a
variation that cannot be used is reported by :func:`load_deal_file` without refusing the
deal.

Writing goes to a temporary file in the same folder, flushed to disk, then renamed over the
old file, so an interrupted save leaves the previous good file in place.

The pieces of a file's check (:func:`read_document`, :func:`rules_in`, :func:`deal_in`...)
and of its text (:func:`log_text`) serve the other saved files too: a challenge series
(:mod:`engine.challenge_saves`).
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.commands import deal_cards
from engine.deal import Deal, LogError
from engine.events import DealDealt, Event, EventFormatError, event_from_dict, event_to_dict
from engine.inputs import DataError, InputError, decode, excerpt, load_json, read_bytes
from engine.ledger import Earlier, LedgerError
from engine.length import LengthError, MatchLength
from engine.match import Match, deal_seed
from engine.problems import Problem
from engine.rules import Rules, RulesError, rules_from_dict, rules_to_dict
from engine.variations import (
    MAX_VARIATIONS,
    Variation,
    branches_from,
    variation_to_dict,
    variations_from_list,
)

MATCH_FORMAT = "tarot-match"
DEAL_FORMAT = "tarot-deal"
SAVE_VERSION = 1
#: A match whose earlier deals are folded (``"earlier"``, :mod:`engine.ledger`) is written as
#: version 2: a game that reads only version 1 would miss them and says it cannot read it.
FOLDED_MATCH_VERSION = 2
#: The versions of a saved match this game reads (the oldest first).
MATCH_VERSIONS = (SAVE_VERSION, FOLDED_MATCH_VERSION)
#: The longest name of a rules variant a saved file may hold.
MAX_VARIANT = 40


class SaveError(DataError):
    """A saved file that cannot be loaded; the message names the file and what is wrong
    (and, as data, ``key``, ``values`` and ``where``: see :class:`DataError`)."""


# --- writing ---------------------------------------------------------------------------------


def write_atomic(path: str | Path, text: str | bytes) -> None:
    """Replace ``path`` with ``text`` (or bytes) so that readers see either the old or the
    new file, never one cut short (a full disk)."""
    target = Path(path)
    data = text if isinstance(text, bytes) else text.encode("utf-8")
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_problem(exc: OSError) -> str:
    """Why a write failed, in one line that names the path: a file standing where a folder
    is needed is named as such (the system's own words, "File exists" or "Not a directory",
    point at the wrong path).

    >>> write_problem(OSError(28, "No space left on device", "/home/ana/match.json"))
    '/home/ana/match.json: No space left on device'
    """
    if isinstance(exc, FileExistsError | NotADirectoryError) and exc.filename:
        for folder in (Path(exc.filename), *Path(exc.filename).parents):
            if folder.exists() and not folder.is_dir():
                return f"{folder}: a file where the game needs a folder"
    return f"{exc.filename or ''}: {exc.strerror or exc}".strip(": ")


def remove_stale_temps(folder: str | Path, older_than: float = 60.0) -> int:
    """Delete the temporary files that :func:`write_atomic` left in ``folder`` when it was
    stopped mid-write (a killed process), once they are ``older_than`` seconds old (a younger
    one may belong to a save still under way). Returns how many were removed."""
    import time

    removed = 0
    limit = time.time() - older_than
    try:
        candidates = list(Path(folder).glob(".*.tmp"))
    except OSError:
        return 0
    for path in candidates:
        try:
            if path.is_file() and path.stat().st_mtime < limit:
                path.unlink()
                removed += 1
        except OSError:
            continue  # gone already, or not ours to remove
    return removed


def log_text(document: Mapping[str, Any], logs: Mapping[str, Sequence[Sequence[Event] | None]],
             nested: bool = True) -> str:
    """``document`` as JSON with one event per line, so the file reads (and diffs) like a log:
    its ``logs`` last, each key a list of logs (a log ``None`` is ``null``), or, not
    ``nested``, the events of its one log."""
    head = [
        f" {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}"
        for k, v in document.items() if k not in logs
    ]
    tails = []
    for key, entries in logs.items():
        lines = []
        for log in entries:
            if log is None:
                lines.append("  null")
                continue
            events = ",\n".join("  " + json.dumps(event_to_dict(e), ensure_ascii=False)
                                for e in log)
            lines.append(f" [\n{events}\n ]" if nested else events)
        inner = ",\n".join(lines)
        tails.append(f' {json.dumps(key)}: [\n{inner}\n ]')
    return "{\n" + ",\n".join(head + tails) + "\n}\n"


def match_to_text(match: Match, meta: Mapping[str, Any] | None = None) -> str:
    folded = match.earlier.count > 0
    document: dict[str, Any] = {
        "format": MATCH_FORMAT,
        "version": FOLDED_MATCH_VERSION if folded else SAVE_VERSION,
        "players": match.players,
        "seed": match.seed,
        "first_dealer": match.first_dealer,
        "variant": match.rules.variant,
        "rules": rules_to_dict(match.rules),
        "meta": dict(meta or {}),
        "practised": sorted(match.practised),
    }
    if not match.length.endless:  # optional: an older game plays the match on with no end
        document["length"] = match.length.saved()
    if folded:
        document["earlier"] = match.earlier.to_dict()
    return log_text(document, {"deals": [d.events for d in match.deals]})


def deal_to_text(deal: Deal, meta: Mapping[str, Any] | None = None,
                 variations: Sequence[Variation] = (), unread: Sequence[object] = ()) -> str:
    """The text of a saved deal; ``unread``: what was stored as variations and could not be
    read, written back as it was after them."""
    document: dict[str, Any] = {
        "format": DEAL_FORMAT,
        "version": SAVE_VERSION,
        "players": deal.players,
        "variant": deal.rules.variant,
        "rules": rules_to_dict(deal.rules),
        "meta": dict(meta or {}),
    }
    if variations or unread:  # optional: a reader that does not know the key ignores it
        document["variations"] = [*(variation_to_dict(v) for v in variations), *unread]
    return log_text(document, {"events": [deal.events]}, nested=False)


def save_match(match: Match, path: str | Path, meta: Mapping[str, Any] | None = None) -> None:
    write_atomic(path, match_to_text(match, meta))


def save_deal(deal: Deal, path: str | Path, meta: Mapping[str, Any] | None = None,
              variations: Sequence[Variation] = (), unread: Sequence[object] = ()) -> None:
    write_atomic(path, deal_to_text(deal, meta, variations, unread))


# --- reading -----------------------------------------------------------------------------------


def read_document(path: str | Path, expected_format: str,
                  versions: tuple[int, ...] = (SAVE_VERSION,), kind: str = "save"
                  ) -> dict[str, Any]:
    """The JSON object of a saved file of ``expected_format`` (at most ``LIMITS[kind]``
    bytes), in one of the ``versions`` this game reads: nothing inside it checked yet."""
    file = Path(path)
    try:
        raw = read_bytes(file, kind)
        if not raw.strip():
            raise SaveError(f"{file}: the file is empty", "empty", str(file))
        document = load_json(decode(raw, str(file)), str(file))
    except InputError as exc:
        message = str(exc).replace("not UTF-8 text", "not a saved game (not UTF-8 text)")
        raise exc.again(SaveError, message) from None
    if not isinstance(document, dict):
        raise SaveError(f"{file}: not a saved game (expected a JSON object)", "not_a_save",
                        str(file))
    found = document.get("format")
    if found != expected_format:  # what was found is quoted short: a file may hold anything
        raise SaveError(f"{file}: format {excerpt(found)} is not a {expected_format!r} file",
                        "wrong_format", str(file), found=excerpt(found), expected=expected_format)
    version = document.get("version")
    if version not in versions or type(version) is not int:
        newest = max(versions)
        newer = type(version) is int and version > newest
        raise SaveError(
            f"{file}: version {excerpt(version)} cannot be read by this game (it reads {newest})",
            "newer_version" if newer else "wrong_version", str(file), found=excerpt(version),
            reads=newest)
    return document


def damaged(file: Path, problem: Problem | str, at: str = "", **values: Any) -> SaveError:
    """A problem found inside the file ``file``: a :class:`Problem`, or the key of one with
    where it is and its values."""
    if isinstance(problem, str):
        problem = Problem.of(problem, at, **values)
    return SaveError(f"{file}: {problem.text()}", "damaged", str(file), problem=problem)


def rules_in(file: Path, document: Mapping[str, Any]) -> Rules:
    """The rules a saved file was played under (its ``variant`` and ``rules``), checked."""
    variant = document.get("variant", "fft")
    if not isinstance(variant, str):
        raise damaged(file, "expected_text", "variant")
    if len(variant) > MAX_VARIANT:  # a name the lists show: no file of the game holds more
        raise damaged(file, "text_too_long", "variant", limit=MAX_VARIANT, length=len(variant))
    try:
        return rules_from_dict(document.get("rules"), "rules", variant)  # type: ignore[arg-type]
    except RulesError as exc:
        raise damaged(file, exc.problem) from None


def number_in(file: Path, document: Mapping[str, Any], key: str, low: int, high: int) -> int:
    """``document[key]``, a whole number from ``low`` to ``high``."""
    value = document.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise damaged(file, "expected_number_between", key, low=low, high=high)
    return value


def meta_in(file: Path, document: Mapping[str, Any]) -> dict[str, Any]:
    """The game's own data kept in a saved file (an object, its content unchecked)."""
    meta = document.get("meta", {})
    if not isinstance(meta, dict):
        raise damaged(file, "expected_object", "meta")
    return meta


def _practised(file: Path, document: Mapping[str, Any], first: int, deals: int) -> set[int]:
    """The optional list of practised deal numbers (0-based, counted from the match's first
    deal), each a deal the file holds in full (numbers ``first`` to ``deals - 1``)."""
    listed = document.get("practised", [])
    if not isinstance(listed, list):
        raise damaged(file, "practised_list", "practised")
    found: set[int] = set()
    for i, number in enumerate(listed):
        where = f"practised[{i}]"
        if isinstance(number, bool) or not isinstance(number, int):
            raise damaged(file, "practised_number", where, got=excerpt(number))
        if not first <= number < deals:
            if deals > first:
                raise damaged(file, "practised_no_deal", where, number=number, last=deals - 1)
            raise damaged(file, "practised_no_deals", where, number=number)
        if number in found:
            raise damaged(file, "practised_twice", where, number=number)
        found.add(number)
    return found


def deal_in(file: Path, rules: Rules, players: int, log: object, where: str) -> Deal:
    """The deal of the event log ``log`` found at ``where``, every event checked against the
    rules, and the hands against its shuffle seed."""
    if not isinstance(log, list):
        raise damaged(file, "expected_events", where)
    try:
        events = [event_from_dict(item, f"{where}[{i}]") for i, item in enumerate(log)]
    except EventFormatError as exc:
        raise damaged(file, exc.problem) from None
    first = events[0] if events else None
    if not isinstance(first, DealDealt):
        raise damaged(file, "starts_with_deal", f"{where}[0]")
    if first.players != players:
        raise damaged(file, "players_in_file", f"{where}[0]", found=first.players, players=players)
    try:
        deal = Deal.from_events(rules, events)
    except LogError as exc:
        raise damaged(file, exc.problem.moved("events[", f"{where}[")) from None
    except ValueError as exc:  # no check foresaw it: said as it is, never a crash
        raise damaged(file, "as_said", where, text=str(exc)) from None
    if first.seed is not None:
        expected = deal_cards(rules, players, first.dealer, first.seed)
        if expected.hands != first.hands or expected.dog != first.dog:
            raise damaged(file, "not_the_seed", f"{where}[0]", seed=first.seed)
    return deal


def load_match(path: str | Path) -> tuple[Match, dict[str, Any]]:
    """Load and check a saved match; returns it with the file's ``meta`` data."""
    file = Path(path)
    document = read_document(file, MATCH_FORMAT, MATCH_VERSIONS, "match")
    rules = rules_in(file, document)
    players = number_in(file, document, "players", 3, 5)
    seed = number_in(file, document, "seed", 0, 2**63)
    first_dealer = number_in(file, document, "first_dealer", 0, players - 1)
    earlier = Earlier.start(players)
    if document.get("version") == FOLDED_MATCH_VERSION:
        try:
            earlier = Earlier.from_dict(document.get("earlier"), players, "earlier")
        except LedgerError as exc:
            raise damaged(file, exc.problem) from None
    try:
        length = MatchLength.from_saved(document.get("length"), "length")
    except LengthError as exc:
        raise damaged(file, exc.problem) from None
    first = earlier.count
    logs = document.get("deals")
    if not isinstance(logs, list):
        raise damaged(file, "deals_list", "deals")
    if not logs:
        raise damaged(file, "deals_empty", "deals")
    deals: list[Deal] = []
    totals = list(earlier.totals)
    for index, log in enumerate(logs):
        where = f"deals[{index}]"
        number = first + index  # counted from the match's first deal
        deal = deal_in(file, rules, players, log, where)
        dealt = deal.events[0]
        assert isinstance(dealt, DealDealt)
        if dealt.dealer != (first_dealer + number) % players:
            raise damaged(file, "dealer_out_of_turn", f"{where}[0]", dealer=dealt.dealer)
        if dealt.seed != deal_seed(seed, number):
            raise damaged(file, "seed_out_of_turn", f"{where}[0]")
        if deals and not deals[-1].is_over:
            raise damaged(file, "follows_unfinished", where)
        if number and length.reached(number, totals):  # the deals before it ended the match
            raise damaged(file, "match_over", where)
        deals.append(deal)
        totals = [t + s for t, s in zip(totals, deal.scores or (0,) * players, strict=True)]
    practised = _practised(file, document, first, first + len(deals))
    match = Match(rules, players, seed, first_dealer, deals, practised, earlier, length)
    return match, meta_in(file, document)


@dataclass
class DealFile:
    """A saved deal with what is kept beside it: its ``meta`` data, its variations and,
    for stored variations that cannot be used, why (they never cost the deal) and what
    they were (``unread``: the file written again keeps them as they were)."""

    deal: Deal
    meta: dict[str, Any]
    variations: list[Variation] = field(default_factory=list)
    problems: list[SaveError] = field(default_factory=list)
    unread: list[object] = field(default_factory=list)


def load_deal(path: str | Path) -> tuple[Deal, dict[str, Any]]:
    """Load and check a saved deal; returns it with the file's ``meta`` data."""
    loaded = load_deal_file(path, variations=False)
    return loaded.deal, loaded.meta


def load_deal_file(path: str | Path, variations: bool = True) -> DealFile:
    """Load and check a saved deal and, when ``variations``, the variations kept with it."""
    file = Path(path)
    document = read_document(file, DEAL_FORMAT)
    rules = rules_in(file, document)
    players = number_in(file, document, "players", 3, 5)
    deal = deal_in(file, rules, players, document.get("events"), "events")
    loaded = DealFile(deal, meta_in(file, document))
    if variations:
        found, problems, unread = variations_from_list(document.get("variations"), deal)
        loaded.variations = found
        loaded.problems = [damaged(file, problem.problem) for problem in problems]
        loaded.unread = unread
    return loaded


def update_deal_meta(path: str | Path, changes: Mapping[str, Any]) -> DealFile:
    """Set keys of the ``meta`` kept with the saved deal at ``path`` (rewritten atomically;
    the deal and its variations, those that load and those that do not, are unchanged).
    Raises :class:`SaveError` when the file cannot be read, ``OSError`` when it cannot be
    written."""
    loaded = load_deal_file(path)
    loaded.meta.update(changes)
    save_deal(loaded.deal, path, loaded.meta, loaded.variations, loaded.unread)
    return loaded


def add_variation(path: str | Path, variation: Variation) -> DealFile:
    """Keep ``variation`` with the saved deal at ``path`` (rewritten atomically; the deal
    and the variations already there, readable or not, are unchanged). Raises
    :class:`SaveError` when the file cannot be read or the variation does not leave its
    deal, ``OSError`` when it cannot be written."""
    loaded = load_deal_file(path)
    if not branches_from(loaded.deal, variation):
        raise damaged(Path(path), "variation_no_branch")
    if len(loaded.variations) >= MAX_VARIATIONS:
        raise damaged(Path(path), "too_many_variations", limit=MAX_VARIATIONS)
    loaded.variations.append(variation)
    save_deal(loaded.deal, path, loaded.meta, loaded.variations, loaded.unread)
    return loaded
