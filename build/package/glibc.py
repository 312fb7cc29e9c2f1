"""Which glibc a Linux build needs: the newest ``GLIBC_x.y`` symbol version that any of its
ELF files asks for.

A program linked on a newer system runs on an older one only if the older C library has
every symbol version the program needs. Those are listed in each ELF file's version-needs
section (``SHT_GNU_verneed``); reading it is exact where scanning for strings is not.

    >>> glibc_needed({"a": {"GLIBC_2.17", "GLIBC_2.34"}, "b": {"GLIBC_2.2.5"}})
    (2, 34)
"""

from __future__ import annotations

import re
import struct
from collections.abc import Iterable, Mapping

SHT_GNU_VERNEED = 0x6FFFFFFE
_GLIBC = re.compile(r"GLIBC_(\d+(?:\.\d+)+)$")


def needed_versions(data: bytes) -> set[str]:
    """The symbol versions an ELF image needs (``{"GLIBC_2.34", "GCC_3.0", ...}``);
    an empty set for anything that is not ELF or has no version needs."""
    if data[:4] != b"\x7fELF" or len(data) < 64:
        return set()
    wide = data[4] == 2
    order = "<" if data[5] == 1 else ">"
    if wide:
        shoff, = struct.unpack_from(order + "Q", data, 0x28)
        shentsize, shnum = struct.unpack_from(order + "HH", data, 0x3A)
        section = order + "IIQQQQIIQQ"
    else:
        shoff, = struct.unpack_from(order + "I", data, 0x20)
        shentsize, shnum = struct.unpack_from(order + "HH", data, 0x2E)
        section = order + "IIIIIIIIII"
    if shoff == 0 or shoff + shnum * shentsize > len(data):
        return set()
    headers = [struct.unpack_from(section, data, shoff + i * shentsize) for i in range(shnum)]
    out: set[str] = set()
    for header in headers:
        kind, offset, link, count = header[1], header[4], header[6], header[7]
        if kind != SHT_GNU_VERNEED or link >= len(headers):
            continue
        strings = headers[link][4]
        entry = offset
        for _ in range(count):
            _version, aux_count, _file, aux, following = struct.unpack_from(
                order + "HHIII", data, entry)
            at = entry + aux
            for _ in range(aux_count):
                _hash, _flags, _other, name, aux_next = struct.unpack_from(
                    order + "IHHII", data, at)
                out.add(_string(data, strings + name))
                if not aux_next:
                    break
                at += aux_next
            if not following:
                break
            entry += following
    return out


def _string(data: bytes, start: int) -> str:
    end = data.index(b"\0", start)
    return data[start:end].decode("ascii", "replace")


def glibc_version(name: str) -> tuple[int, ...] | None:
    match = _GLIBC.match(name)
    return tuple(int(part) for part in match.group(1).split(".")) if match else None


def glibc_needed(versions: Mapping[str, Iterable[str]]) -> tuple[int, ...] | None:
    """The newest glibc version asked for by any of the files (``{file: versions}``)."""
    found = [v for names in versions.values() for v in map(glibc_version, names) if v]
    return max(found) if found else None


def neediest(versions: Mapping[str, Iterable[str]]) -> str | None:
    """The file that asks for the newest glibc (to name it in a report)."""
    best: tuple[tuple[int, ...], str] | None = None
    for file, names in versions.items():
        for found in filter(None, map(glibc_version, names)):
            if best is None or found > best[0]:
                best = (found, file)
    return best[1] if best else None
