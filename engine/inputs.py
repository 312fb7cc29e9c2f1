"""Reading outside data with care: the one path every file, stream and document takes.

Settings, saved matches, finished deals, replay files, deal records and ``rules.yaml`` can
be edited by hand, damaged, or hostile. Each is read here:

* **files** — regular files only (a folder, a FIFO, a device or ``/dev/zero`` behind a link
  is refused before anything is read), at most :data:`LIMITS` bytes for their kind, checked
  before reading and again while reading; UTF-8 text;
* **streams** (standard input) — read up to the same limit, never to the end of an endless
  stream;
* **JSON** — every failure of the parser (bad syntax, nesting too deep, an integer of
  thousands of digits) is one message;
* **YAML** — the safe loader, which refuses duplicate keys, limits aliases and how large the
  document grows once they are expanded (a "billion laughs" is refused at once), allows tabs
  between the items of a flow list, and turns every failure into one message.

Every problem is an :class:`InputError` whose message is one line naming the file and what
is wrong; values quoted in messages are cut to a short excerpt (:func:`excerpt`). The same
problem is carried as data too (:class:`DataError`: a key, its values, the file), so that an
interface can say it in its own language.

>>> load_yaml("a: 1\\na: 2\\n", "x.yaml")
Traceback (most recent call last):
  ...
engine.inputs.InputError: x.yaml: duplicate key 'a' (line 2, column 1)
"""

from __future__ import annotations

import json
import os
import re
import reprlib
import stat
from pathlib import Path
from typing import IO, Any

import yaml

#: The most bytes each kind of input may hold: far more than any real one, few enough that
#: reading and checking it takes well under a second.
LIMITS: dict[str, int] = {
    "settings": 64 * 1024,
    "rules": 256 * 1024,
    "record": 1024 * 1024,
    "save": 16 * 1024 * 1024,  # a finished deal, a replay file
    # a saved match: now some kilobytes (engine.ledger), but one an older version saved
    # holds every deal of the match in full (16 MB for 3,000 deals) and must still be taken
    # up, then folded
    "match": 24 * 1024 * 1024,
    # a challenge series saved: its deals in full, the player's and the expert's (some
    # kilobytes each)
    "challenge": 4 * 1024 * 1024,
}
#: Aliases a YAML document may use, and the nodes it may hold once they are expanded.
MAX_ALIASES = 100
MAX_NODES = 200_000
MAX_DEPTH = 64

_SHORT = reprlib.Repr()
_SHORT.maxlevel = 2
_SHORT.maxstring = 40
_SHORT.maxother = 40
_SHORT.maxlist = _SHORT.maxtuple = _SHORT.maxdict = _SHORT.maxset = 4


class DataError(ValueError):
    """A file or a document that cannot be used. ``str()`` is one English line naming it;
    ``key`` says the problem as data (``"too_large"``, ``"truncated"``...), ``values`` its
    values (``{"line": 3}``) and ``where`` the file, for an interface that words it itself.
    ``key`` is ``"damaged"`` for a problem found deep inside the data (an event that does
    not follow the rules, say): ``values["detail"]`` is then the English line without the
    file's name.

    >>> e = DataError("a.json: the file is empty", "empty", "a.json")
    >>> (str(e), e.key, e.where, e.values)
    ('a.json: the file is empty', 'empty', 'a.json', {})
    >>> DataError("a.json: deals[0]: no such event").values
    {'detail': 'a.json: deals[0]: no such event'}
    """

    def __init__(self, message: str, key: str = "damaged", where: str = "",
                 **values: object) -> None:
        super().__init__(message)
        self.key = key
        self.where = where
        if key == "damaged" and "detail" not in values:
            prefix = f"{where}: "
            values["detail"] = message[len(prefix):] if where and message.startswith(
                prefix) else message
        self.values: dict[str, object] = values

    def again(self, cls: type[DataError], message: str | None = None) -> DataError:
        """The same problem as a ``cls`` (a :class:`SaveError`, say), with ``message``."""
        return cls(str(self) if message is None else message, self.key, self.where,
                   **self.values)


class InputError(DataError):
    """Outside data that cannot be used; the message is one line that names it."""


def excerpt(value: object, limit: int = 40) -> str:
    """A short, safe ``repr`` of ``value`` for a message: long text and large or shared
    structures are cut (never expanded)."""
    text = _SHORT.repr(value)
    return text if len(text) <= limit + 6 else text[:limit] + "…"


def short(text: str, limit: int = 80) -> str:
    """``text`` cut to ``limit`` characters for a one-line message."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit] + "…"


def size_text(number: int) -> str:
    if number >= 1024 * 1024:
        return f"{number / (1024 * 1024):.1f} MB"
    if number >= 1024:
        return f"{number / 1024:.0f} KB"
    return f"{number} bytes"


# --- files and streams -------------------------------------------------------------------------


def read_bytes(path: str | Path, kind: str) -> bytes:
    """The bytes of the regular file ``path``, at most ``LIMITS[kind]``."""
    file = Path(path)
    limit = LIMITS[kind]
    try:
        info = os.stat(file)
    except FileNotFoundError:
        raise InputError(f"{file}: no such file", "no_such_file", str(file)) from None
    except OSError as exc:
        raise _unreadable(file, exc) from None
    _check_kind(file, info.st_mode)
    if info.st_size > limit:
        raise InputError(f"{file}: {size_text(info.st_size)}, more than the "
                         f"{size_text(limit)} such a file may hold", "too_large", str(file),
                         size=size_text(info.st_size), limit=size_text(limit))
    try:
        # O_NONBLOCK: should a FIFO take the file's place after the check, opening it does
        # not wait for a writer; the descriptor is checked again before reading
        fd = os.open(file, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as exc:
        raise _unreadable(file, exc) from None
    with os.fdopen(fd, "rb") as handle:
        _check_kind(file, os.fstat(fd).st_mode)
        try:
            data = handle.read(limit + 1)
        except OSError as exc:
            raise _unreadable(file, exc) from None
    if len(data) > limit:
        raise InputError(f"{file}: more than the {size_text(limit)} such a file may hold",
                         "too_large_read", str(file), limit=size_text(limit))
    return data


def _unreadable(file: Path | str, exc: OSError) -> InputError:
    reason = exc.strerror or str(exc)
    return InputError(f"{file}: cannot be read ({reason})", "unreadable", str(file),
                      reason=reason)


def _check_kind(file: Path, mode: int) -> None:
    if stat.S_ISREG(mode):
        return
    if stat.S_ISDIR(mode):
        raise InputError(f"{file}: is a folder, not a file", "folder", str(file))
    kind = ("fifo" if stat.S_ISFIFO(mode) else "device" if stat.S_ISCHR(mode)
            or stat.S_ISBLK(mode) else "socket" if stat.S_ISSOCK(mode) else "other")
    what = {"fifo": "a FIFO", "device": "a device", "socket": "a socket"}.get(kind, "not a file")
    raise InputError(f"{file}: is {what}, not a regular file", f"not_regular_{kind}", str(file))


def read_text(path: str | Path, kind: str) -> str:
    """The UTF-8 text of the regular file ``path`` (a byte-order mark is dropped)."""
    return decode(read_bytes(path, kind), str(path))


def read_stream(stream: IO[bytes] | IO[str], name: str, kind: str) -> str:
    """At most ``LIMITS[kind]`` of ``stream``'s text (standard input, say)."""
    limit = LIMITS[kind]
    try:
        data = stream.read(limit + 1)
    except OSError as exc:
        raise _unreadable(name, exc) from None
    if len(data) > limit:
        raise InputError(f"{name}: more than the {size_text(limit)} such input may hold",
                         "too_large_read", name, limit=size_text(limit))
    return data if isinstance(data, str) else decode(data, name)


def decode(data: bytes, name: str) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"{name}: not UTF-8 text (byte {exc.start})", "not_utf8", name,
                         byte=exc.start) from None


# --- JSON --------------------------------------------------------------------------------------


def load_json(text: str, name: str) -> Any:
    """The JSON document in ``text``; every way it can fail is one :class:`InputError`.

    A ``\\udcff`` escape stands for half a character (a lone surrogate), which no file can
    hold and no screen can draw: it is read as U+FFFD, the replacement character, so that
    whatever the game writes back is text.

    >>> load_json('{"variant": "fft\\\\udcff"}', "f")["variant"] == "fft" + chr(0xFFFD)
    True
    """
    try:
        document = json.loads(text)
    except json.JSONDecodeError as exc:
        if _cut_short(text, exc.pos):
            raise InputError(f"{name}: the file is truncated (it ends at line {exc.lineno})",
                             "truncated", name, line=exc.lineno) from None
        raise InputError(f"{name}: not valid JSON at line {exc.lineno}, column {exc.colno} "
                         f"({exc.msg})", "bad_json", name, line=exc.lineno, column=exc.colno,
                         reason=exc.msg) from None
    except RecursionError:
        raise InputError(f"{name}: nested too deeply to be read", "too_deep", name) from None
    except ValueError as exc:  # an integer of thousands of digits, say
        raise InputError(f"{name}: cannot be read ({short(str(exc), 60)})") from None
    if "\\ud" in text or "\\uD" in text:  # only an escape can give one
        document = _whole_characters(document)
    return document


def _whole_characters(value: Any) -> Any:
    """``value`` with every lone surrogate in its strings (keys too) made U+FFFD."""
    if isinstance(value, str):
        if any("\ud800" <= ch <= "\udfff" for ch in value):
            return "".join("\ufffd" if "\ud800" <= ch <= "\udfff" else ch for ch in value)
        return value
    if isinstance(value, list):
        return [_whole_characters(item) for item in value]
    if isinstance(value, dict):
        return {_whole_characters(k): _whole_characters(v) for k, v in value.items()}
    return value


# --- YAML --------------------------------------------------------------------------------------


class _TooLarge(yaml.YAMLError):
    pass


class _Loader(yaml.SafeLoader):
    """The safe loader, stricter where a person's mistake would pass unseen and bounded where
    a hostile file would run away."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._aliases = 0
        self._nodes = 0
        self._depth = 0
        self._weights: dict[int, int] = {}

    # -- tabs: allowed as spacing between the items of a flow list or mapping
    def scan_to_next_token(self) -> None:
        if self.index == 0 and self.peek() == "\ufeff":
            self.forward()
        found = False
        while not found:
            while self.peek() == " " or (self.peek() == "\t" and self.flow_level):
                self.forward()
            if self.peek() == "#":
                while self.peek() not in "\0\r\n\x85\u2028\u2029":
                    self.forward()
            if self.scan_line_break():  # type: ignore[no-untyped-call]
                if not self.flow_level:
                    self.allow_simple_key = True
            else:
                found = True

    # -- aliases and size: counted as the document is composed, before anything is built
    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):
            node = super().compose_node(parent, index)
            self._aliases += 1
            if self._aliases > MAX_ALIASES:
                raise _TooLarge(f"more than {MAX_ALIASES} aliases")
            self._grow(self._weights.get(id(node), 1))
            return node
        self._depth += 1
        if self._depth > MAX_DEPTH:
            raise _TooLarge(f"nested more than {MAX_DEPTH} deep")
        start = self._nodes
        try:
            node = super().compose_node(parent, index)
        finally:
            self._depth -= 1
        self._grow(1)
        self._weights[id(node)] = self._nodes - start
        return node

    def _grow(self, count: int) -> None:
        self._nodes += count
        if self._nodes > MAX_NODES:
            raise _TooLarge(f"more than {MAX_NODES} values once its aliases are expanded")

    # -- duplicate keys: refused (the last one would silently win)
    def construct_mapping(self, node: Any, deep: bool = False) -> Any:
        if isinstance(node, yaml.MappingNode):
            seen: set[tuple[str, str]] = set()
            for key_node, _ in node.value:
                if not isinstance(key_node, yaml.ScalarNode) or key_node.tag.endswith(":merge"):
                    continue
                key = (key_node.tag, key_node.value)
                if key in seen:
                    raise yaml.constructor.ConstructorError(
                        None, None, f"duplicate key {excerpt(key_node.value)}",
                        key_node.start_mark)
                seen.add(key)
        return super().construct_mapping(node, deep)


def _cut_short(text: str, error_at: int) -> bool:
    """Whether a JSON error reads as a file cut short rather than one written wrong: the
    error is where the text ends, or on its last line when that line does not close the
    document (a file all on one line, wrong in the middle, is not cut short)."""
    kept = text.rstrip()
    if not kept.lstrip().startswith(("{", "[")):
        return False  # not the start of a document at all: no cut made it so
    if error_at >= len(kept):
        return True
    return "\n" not in kept[error_at:] and not kept.endswith(("}", "]"))


def load_yaml(text: str, name: str) -> Any:
    """The YAML document in ``text``, plain data only; every way it can fail is one
    :class:`InputError` naming the line."""
    loader: _Loader | None = None
    try:
        loader = _Loader(text)  # it refuses a control character here, before any parsing
        return loader.get_single_data()
    except _TooLarge as exc:
        raise InputError(f"{name}: too large once expanded ({exc})") from None
    except yaml.reader.ReaderError as exc:
        raise InputError(f"{name}: {_unreadable_character(text, exc)}") from None
    except yaml.YAMLError as exc:
        raise InputError(f"{name}: {_yaml_problem(exc)}") from None
    except RecursionError:
        raise InputError(f"{name}: nested too deeply to be read") from None
    except ValueError as exc:  # an integer of thousands of digits, say
        raise InputError(f"{name}: cannot be read ({short(str(exc), 60)})") from None
    finally:
        if loader is not None:
            loader.dispose()


def _unreadable_character(text: str, exc: yaml.reader.ReaderError) -> str:
    """YAML allows no control character but tab and line ends: which one, and where."""
    before = text[:exc.position]
    line = before.count("\n") + 1
    column = exc.position - (before.rfind("\n") + 1) + 1
    code = exc.character if isinstance(exc.character, int) else ord(str(exc.character)[:1] or " ")
    return (f"not valid YAML: the control character U+{code:04X} is not allowed "
            f"(line {line}, column {column})")


def _yaml_problem(exc: yaml.YAMLError) -> str:
    mark = getattr(exc, "problem_mark", None)
    problem = str(getattr(exc, "problem", None) or str(exc).splitlines()[0])
    where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark is not None else ""
    tag = re.search(r"could not determine a constructor for the tag '([^']*)'", problem)
    if tag is not None:
        name = tag.group(1).replace("tag:yaml.org,2002:", "!!")
        return f"the YAML tag {excerpt(name, 60)} is refused: plain data only{where}"
    if problem.startswith("duplicate key"):
        return f"{short(problem)}{where}"
    return f"not valid YAML: {short(problem)}{where}"


__all__ = ["LIMITS", "InputError", "decode", "excerpt", "load_json", "load_yaml", "read_bytes",
           "read_stream", "read_text", "short", "size_text"]
