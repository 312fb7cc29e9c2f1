"""Where the tests find the project's files, wherever a test file sits in ``tests/``."""

from __future__ import annotations

from pathlib import Path

#: the project's root folder (beside ``pyproject.toml``)
ROOT = Path(__file__).resolve().parents[2]
#: the deal records of DEAL_RECORD.md the tests score, replay and damage
RECORDS = ROOT / "tests" / "records"
#: the helper modules some tests name by path (bots given as ``file.py:Class``)
HELPERS = ROOT / "tests" / "helpers"
