"""Players' names: how long they may be, and reading them back from a saved file's ``meta``.

Saved files can be edited by hand, so the names in them are trusted only when there is one
usable name per seat; otherwise the caller's defaults are shown instead.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

NAME_LENGTH = 16


def clean_name(name: str, fallback: str = "You") -> str:
    """``name`` on one line, spaces collapsed, without control or format characters (a NUL
    cannot be drawn), at most :data:`NAME_LENGTH` characters; ``fallback`` when nothing of
    it would show (a name made only of combining marks or a variation selector).

    >>> clean_name("  Léa   Marie ") , clean_name(chr(0xFE0F), "West")
    ('Léa Marie', 'West')
    """
    kept = "".join(ch for ch in name if ch.isspace() or unicodedata.category(ch) not in (
        "Cc", "Cf", "Cs", "Co", "Cn"))
    kept = " ".join(kept.split())[:NAME_LENGTH]
    if not any(not unicodedata.category(ch).startswith("M") for ch in kept if ch != " "):
        return fallback
    return kept


def saved_names(meta: Mapping[str, Any], players: int, defaults: Sequence[str]) -> list[str]:
    """The meta's ``names``, cleaned, when it holds a non-blank name for each of the
    ``players`` seats; else ``defaults``."""
    names = meta.get("names")
    if isinstance(names, list) and len(names) == players and all(
            isinstance(n, str) and n.strip() for n in names):
        return [clean_name(n) for n in names]
    return list(defaults)
