"""The game's version: the one ``pyproject.toml`` gives, however the game was installed."""

from __future__ import annotations

import tomllib
from importlib import metadata

from engine.resources import resource_path

DISTRIBUTION = "tarot-table"


def version() -> str:
    """From the installed package's metadata (also copied into the packaged executable), else
    from ``pyproject.toml`` beside the code, else ``"unknown"``."""
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        pass
    try:
        with resource_path("pyproject.toml").open("rb") as handle:
            return str(tomllib.load(handle)["project"]["version"])
    except (OSError, KeyError, tomllib.TOMLDecodeError):
        return "unknown"
