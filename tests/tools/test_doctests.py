"""The examples in the engine's docstrings are run, so that they stay true."""

from __future__ import annotations

import doctest
import importlib

import pytest

from tests.helpers.paths import ROOT

MODULES = sorted(
    ".".join(path.relative_to(ROOT).with_suffix("").parts)
    for folder in ("engine", "game") for path in (ROOT / folder).rglob("*.py")
    if ">>>" in path.read_text(encoding="utf-8")
)


def test_there_are_examples_to_run() -> None:
    assert "engine.cards" in MODULES and "engine.variations" in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0, result
