"""The engine stays pure: no pygame, frozen events, safe YAML only."""

import ast
import dataclasses

import pytest

from engine import events
from tests.helpers.paths import ROOT


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


# --- the game reads views, the engine keeps the rules ---------------------------------------------

#: What of the bots the game may use: the registry and the bot interface, the analysis that
#: explains a decision, the review of a deal, its verdicts and the expert's beliefs, and the
#: thinker that runs them in worker processes. The bots' own workings (sampling, play-outs,
#: the expert's search, their option helpers) are theirs.
GAME_MAY_USE_OF_THE_BOTS = {"engine.ai", "engine.ai.analysis", "engine.ai.beliefs",
                            "engine.ai.review", "engine.ai.thinker", "engine.ai.verdict"}
#: The engine's fold: the game gets states and views from the engine, it never folds a log.
FOLD = {"apply_in_place", "apply", "replay"}


def _imported_names(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, None
        elif isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                yield node.module, alias.name


def test_the_game_never_folds_events_nor_reaches_into_the_bots():
    for path in (ROOT / "game").rglob("*.py"):
        where = path.relative_to(ROOT)
        for module, name in _imported_names(path):
            if module.startswith("engine.ai"):
                assert module in GAME_MAY_USE_OF_THE_BOTS, f"{where} imports {module}"
            if module == "engine.state":
                assert name not in FOLD, f"{where} imports the engine's fold ({name})"


def test_the_table_knows_nothing_of_the_full_deal_state():
    """The table is fed seat views: it imports neither the deal's state nor the fold, and no
    rule of its own (the rules come from engine.legal through engine.choices)."""
    for path in (ROOT / "game" / "table").rglob("*.py"):
        where = path.relative_to(ROOT)
        for module, name in _imported_names(path):
            if module == "engine.state":
                assert name == "Phase", f"{where} imports {name} from the engine's state"
            assert module not in ("engine.commands", "engine.deal") or name in (
                "Deal",), f"{where} imports {module}.{name}"
