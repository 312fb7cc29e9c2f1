"""Where the game keeps the player's files: settings, the saved match, finished matches, the
challenge series in progress and finished deals.

Folders come from platformdirs (the platform's user folders), never next to the code. The
``TAROT_HOME`` environment variable puts everything under one folder instead, which tests
and portable installs use.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import platformdirs

APP_NAME = "tarot-table"


def _home() -> Path | None:
    value = os.environ.get("TAROT_HOME")
    return Path(value) if value else None


def config_dir() -> Path:
    home = _home()
    return home / "config" if home else Path(platformdirs.user_config_dir(APP_NAME, False))


def data_dir() -> Path:
    home = _home()
    return home / "data" if home else Path(platformdirs.user_data_dir(APP_NAME, False))


def settings_file() -> Path:
    return config_dir() / "settings.json"


def current_match_file() -> Path:
    return data_dir() / "current-match.json"


def current_challenge_file() -> Path:
    """The challenge series in progress: the player's deals so far, the expert's."""
    return data_dir() / "current-challenge.json"


def replaced_file(file: Path) -> Path:
    """Where ``file`` (a saved match or series, ``current-X.json``) goes when a new one
    replaces it: ``current-X.replaced.json``, or the first free one of
    ``current-X.replaced-2.json``, ``-3``…"""
    path = file.with_name(f"{file.stem}.replaced{file.suffix}")
    number = 1
    while os.path.lexists(path):
        number += 1
        path = file.with_name(f"{file.stem}.replaced-{number}{file.suffix}")
    return path


def finished_match_file(match_id: str) -> Path:
    """Where a match that has reached its end is kept, named after the match's id: it is no
    longer the match in progress, and its deals are in the history."""
    return data_dir() / "matches" / f"match-{match_id[:16]}.json"


def replaced_files(file: Path) -> list[Path]:
    """What was put aside in place of ``file`` (see :func:`replaced_file`) and is in its
    folder, in the order of their names' numbers."""
    folder = file.parent
    pattern = re.compile(re.escape(file.stem) + r"\.replaced(?:-([1-9][0-9]*))?"
                         + re.escape(file.suffix))
    try:
        names = os.listdir(folder)
    except OSError:  # no folder yet, or one that cannot be read: nothing put aside to offer
        return []
    found = [(int(m.group(1) or 1), name) for name in names
             if (m := pattern.fullmatch(name)) is not None]
    return [folder / name for _, name in sorted(found)]


def replaced_match_files() -> list[Path]:
    """The matches put aside (see :func:`replaced_file`): ``current-match.replaced.json``,
    ``-2``, ``-3``… — no match put aside is ever written over."""
    return replaced_files(current_match_file())


def replaced_challenge_files() -> list[Path]:
    """The challenge series put aside."""
    return replaced_files(current_challenge_file())


def history_dir() -> Path:
    return data_dir() / "history"


def log_dir() -> Path:
    home = _home()
    return home / "logs" if home else Path(platformdirs.user_log_dir(APP_NAME, False))


def log_file() -> Path:
    """The game's log: what went wrong and what the game chose to do about it (no sound
    device, a save that failed), and the self-test's verdict on builds that have no
    terminal to print it to (Windows and macOS)."""
    return log_dir() / "tarot.log"
