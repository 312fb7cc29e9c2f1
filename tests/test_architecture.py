"""The engine stays pure: no pygame, frozen events, safe YAML only."""

import ast
import dataclasses
import pathlib

import pytest

from engine import events

ROOT = pathlib.Path(__file__).resolve().parent.parent


def _imports(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield node.module


def test_engine_never_imports_pygame():
    for path in (ROOT / "engine").rglob("*.py"):
        for name in _imports(path):
            assert not name.startswith("pygame"), f"{path.name} imports {name}"


def test_yaml_is_only_read_with_the_safe_loader():
    for folder in ("engine", "game"):
        for path in (ROOT / folder).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            for unsafe in ("load(", "load_all(", "unsafe_load", "FullLoader", "UnsafeLoader"):
                assert f"yaml.{unsafe}" not in text, f"{path.name} uses yaml.{unsafe}"


@pytest.mark.parametrize("cls", list(events.EVENT_TYPES.values()))
def test_events_are_frozen_and_named_in_the_past_tense(cls):
    params = cls.__dataclass_params__
    assert params.frozen
    field = dataclasses.fields(cls)[0]
    instance_args = {f.name: None for f in dataclasses.fields(cls)}
    event = cls(**instance_args)
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(event, field.name, 1)
    assert cls.__name__.endswith(("ed", "Dealt", "Won", "Shown", "Made"))
