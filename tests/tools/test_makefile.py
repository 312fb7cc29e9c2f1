"""The Makefile's comments say what each install brings: they must name what pyproject.toml
installs, no more and no fewer, so that a reader of the Makefile is never told a number or a
list that has stopped being true."""

from __future__ import annotations

import re
import tomllib

from tests.helpers.paths import ROOT


def _requirement_names(requirements: list[str]) -> set[str]:
    return {re.split(r"[<>=!~;\[ ]", line, maxsplit=1)[0].strip().lower()
            for line in requirements}


def _named_in_comment(target: str, lead: str) -> set[str]:
    """The names listed after ``lead`` in the comment just above ``target``'s rule."""
    lines = (ROOT / "Makefile").read_text(encoding="utf-8").splitlines()
    rule = next(i for i, line in enumerate(lines) if line.startswith(f"{target}:"))
    start = rule
    while start > 0 and lines[start - 1].startswith("#"):
        start -= 1
    comment = " ".join(line.lstrip("# ") for line in lines[start:rule])
    listed = re.search(re.escape(lead) + r"\s*([^)]*)\)", comment)
    assert listed is not None, f"the comment above {target} lists nothing after {lead!r}"
    return {name.strip().lower() for name in listed.group(1).split(",") if name.strip()}


def test_the_makefile_names_the_libraries_a_player_gets() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert _named_in_comment("$(VENV)/.player", "dependencies:") == _requirement_names(
        project["dependencies"])


def test_the_makefile_names_the_developer_tools() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert _named_in_comment("$(VENV)/.developer", "dev extra:") == _requirement_names(
        project["optional-dependencies"]["dev"])
