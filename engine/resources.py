"""Finding the project's data files, from a source checkout or from a PyInstaller bundle."""

from __future__ import annotations

import sys
from pathlib import Path


def project_root() -> Path:
    """The folder holding ``rules.yaml``, ``sprites/`` and ``sounds/``.

    In a PyInstaller bundle that is the unpack folder (``sys._MEIPASS``); from source it is
    the folder above this package.
    """
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle)
    return Path(__file__).resolve().parent.parent


def resource_path(*parts: str) -> Path:
    return project_root().joinpath(*parts)
