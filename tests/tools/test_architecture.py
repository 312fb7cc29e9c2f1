"""The engine stays pure: no pygame, frozen events, safe YAML only."""

import ast
import dataclasses
import re

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
                            "engine.ai.local_thinker", "engine.ai.reasons", "engine.ai.review",
                            "engine.ai.thinker", "engine.ai.verdict"}
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


# --- the game's packages are layered --------------------------------------------------------------

#: The game's packages, each importing only those before it (and the engine); what a package
#: opens above it goes through the app's navigator (game/app/navigator.py). The modules at the
#: root of game/ (the entries: cli, selftest, the benchmarks, screens) may import any.
GAME_LAYERS = ("app", "history", "table", "match", "replay", "challenge", "menus")


def _game_package(module):
    parts = module.split(".")
    if parts[0] != "game" or len(parts) < 2:
        return None
    return parts[1] if (ROOT / "game" / parts[1]).is_dir() else ""


def _package_imports():
    """(importing package, imported package, where) for every import between two packages of
    game/, those inside functions included: "" is the root of game/."""
    for path in (ROOT / "game").rglob("*.py"):
        parts = path.relative_to(ROOT / "game").parts
        here = parts[0] if len(parts) > 1 else ""
        for module, _ in _imported_names(path):
            there = _game_package(module)
            if there is not None and there != here:
                yield here, there, path.relative_to(ROOT)


def test_no_import_circle_between_the_packages_of_the_game():
    edges = {}
    for here, there, where in _package_imports():
        edges.setdefault(here, {}).setdefault(there, where)

    def circle_from(start, node, seen):
        for nxt, where in edges.get(node, {}).items():
            if nxt == start:
                return [f"{where} imports game.{nxt}"]
            if nxt not in seen:
                seen.add(nxt)
                found = circle_from(start, nxt, seen)
                if found:
                    return [f"{where} imports game.{nxt}", *found]
        return None

    for package in edges:
        circle = circle_from(package, package, {package})
        assert circle is None, "an import circle: " + "; ".join(circle)


def test_each_package_of_the_game_imports_only_the_layers_before_it():
    assert set(GAME_LAYERS) == {p.name for p in (ROOT / "game").iterdir()
                                if p.is_dir() and (p / "__init__.py").exists()}
    for here, there, where in _package_imports():
        if here == "":
            continue  # the entries at the root of game/ put the parts together
        assert there != "", f"{where} imports an entry at the root of game/"
        assert GAME_LAYERS.index(there) < GAME_LAYERS.index(here), (
            f"{where} (game.{here}) imports game.{there}, a layer above it: "
            "open its screens through app.navigator")


#: The modules of game/ that may name the table scene: its own, and its two owners (the
#: match's table, opened by session.open_table for every live table, and the replay
#: viewer, which composes one). The parts of the table get the stage and a host protocol.
TABLE_SCENE_OWNERS = {"game/table/scene.py", "game/match/session.py", "game/replay/viewer.py"}


def test_only_the_owners_of_the_table_scene_name_it():
    naming = {str(path.relative_to(ROOT)) for path in (ROOT / "game").rglob("*.py")
              if re.search(r"\bTableScene\b", path.read_text(encoding="utf-8"))}
    assert naming == TABLE_SCENE_OWNERS


def test_the_parts_of_the_table_never_import_the_scene():
    for path in (ROOT / "game" / "table").rglob("*.py"):
        if path.name == "scene.py":
            continue
        modules = {module for module, _ in _imported_names(path)}
        assert "game.table.scene" not in modules, f"{path.relative_to(ROOT)} imports the scene"


def test_the_dead_code_whitelist_names_only_what_exists():
    """tests/vulture_whitelist.py lists names only the tests or a library use: each must still
    be defined or set in engine/ or game/, or the line is stale."""
    source = " ".join(path.read_text(encoding="utf-8")
                      for folder in ("engine", "game") for path in (ROOT / folder).rglob("*.py"))
    tree = ast.parse((ROOT / "tests" / "vulture_whitelist.py").read_text(encoding="utf-8"))
    names = [node.value.attr for node in tree.body
             if isinstance(node, ast.Expr) and isinstance(node.value, ast.Attribute)]
    assert len(names) > 20
    for name in names:
        assert re.search(rf"\b{name}\b", source), f"{name} is in the whitelist but not in the code"
