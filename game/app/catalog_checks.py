"""The checks of the text catalogs against the code and against each other, which
``python -m game.app.catalogs check`` prints and the tests run: every key the code asks for
exists, every entry of the template is asked for by the code, every entry is translated (not
fuzzy) in every catalog with the same placeholders, a text with a count is a plural entry and is
asked for with ``trn``, and the template holds the engine's own texts.
"""

from __future__ import annotations

import ast
import gettext
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import polib

from game.app.catalog_files import (
    catalog_languages,
    catalog_path,
    nplurals,
    read,
    template_path,
)
from game.app.i18n import SOURCE_LANGUAGE, locale_dir, placeholders

#: The code whose texts the catalogs hold.
CODE_DIR = Path(__file__).resolve().parent.parent
#: Where an entry's key comes from the code: the first argument of these calls...
TEXT_CALLS = {"tr": False, "trn": True}
#: ...or a keyword argument (or attribute) with one of these names.
KEY_NAMES = re.compile(r"^(key|\w+_key)$")
#: Constants that look like keys: a known prefix, then words joined by underscores.
KEY_PREFIXES = ("menu_", "table_", "refusal_", "panel_", "score_", "sheet_", "history_",
                "stats_", "narr_", "replay_", "hint_", "seat_", "card_", "suit_", "problem_",
                "rules_", "detail_", "cli_")
KEY_LIKE = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)+$")
#: The catalog tools themselves, whose strings name key prefixes without using them.
TOOLS = frozenset({"catalogs.py", "catalog_checks.py", "catalog_files.py"})


@dataclass(frozen=True)
class CodeUse:
    """What the code asks of the catalogs: keys by name (and whether with a count), the keys
    built from a prefix at run time (``f"narr_suit_{n}"``), and every constant string."""

    named: dict[str, set[tuple[str, bool | None]]]  # key -> {(file:line, plural?)}
    prefixes: set[str]
    constants: set[str]


def _python_files(folder: Path) -> Iterable[Path]:
    return sorted(p for p in folder.rglob("*.py") if "__pycache__" not in p.parts)


def scan_code(folder: Path = CODE_DIR) -> CodeUse:
    named: dict[str, set[tuple[str, bool | None]]] = {}
    prefixes: set[str] = set()
    constants: set[str] = set()

    def note(node: ast.AST, where: str, plural: bool | None) -> None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            named.setdefault(node.value, set()).add((where, plural))
        elif isinstance(node, ast.JoinedStr) and node.values:
            head = node.values[0]
            if isinstance(head, ast.Constant) and isinstance(head.value, str):
                prefixes.add(head.value)

    for path in _python_files(folder):
        if path.name in TOOLS:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        rel = path.relative_to(folder.parent)
        for node in ast.walk(tree):
            where = f"{rel}:{getattr(node, 'lineno', 0)}"
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                constants.add(node.value)
                if node.value.startswith(KEY_PREFIXES) and KEY_LIKE.match(node.value):
                    named.setdefault(node.value, set()).add((where, None))
                elif node.value.startswith(KEY_PREFIXES) and KEY_LIKE.match(node.value + "x"):
                    prefixes.add(node.value)  # a prefix completed at run time: "menu_bot_"
            elif isinstance(node, ast.JoinedStr) and node.values:
                head = node.values[0]
                if isinstance(head, ast.Constant) and isinstance(head.value, str) and (
                        head.value.startswith(KEY_PREFIXES)):
                    prefixes.add(head.value)
            elif isinstance(node, ast.Call):
                func = node.func
                name = (func.id if isinstance(func, ast.Name) else
                        func.attr if isinstance(func, ast.Attribute) else "")
                if name in TEXT_CALLS and node.args:
                    note(node.args[0], where, TEXT_CALLS[name])
                for keyword in node.keywords:
                    if keyword.arg and KEY_NAMES.match(keyword.arg):
                        note(keyword.value, where, None)
            elif isinstance(node, ast.Assign | ast.AnnAssign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    label = (target.id if isinstance(target, ast.Name) else
                             target.attr if isinstance(target, ast.Attribute) else "")
                    if KEY_NAMES.match(label) and node.value is not None:
                        note(node.value, where, None)
    return CodeUse(named, prefixes, constants)


def _is_plural(entry: polib.POEntry) -> bool:
    return bool(entry.msgid_plural)


def check_template(pot: polib.POFile, code: CodeUse) -> list[str]:
    problems: list[str] = []
    keys: dict[str, polib.POEntry] = {}
    for entry in pot:
        key = entry.msgctxt
        if not key:
            problems.append(f"template: {entry.msgid!r} has no key (msgctxt)")
            continue
        if key in keys:
            problems.append(f"template: {key} twice")
        keys[key] = entry
        if not entry.msgid.strip():
            problems.append(f"template: {key} has no English text")
        wanted = any(placeholders(t) for t in (entry.msgid, entry.msgid_plural or ""))
        if wanted != ("python-brace-format" in entry.flags):
            problems.append(f"template: {key}: the python-brace-format flag should be "
                            f"{'set' if wanted else 'left off'}")
        if entry.msgid_plural and "n" not in placeholders(entry.msgid_plural) and (
                "{n}" not in entry.comment):  # a count the text does not show is explained
            problems.append(f"template: {key}: a plural entry shows its count as {{n}}")
    for key, uses in sorted(code.named.items()):
        used = keys.get(key)
        if used is None:
            if any(plural is not None for _, plural in uses):  # asked for by tr/trn by name
                where = sorted(w for w, _ in uses)[0]
                problems.append(f"{where}: {key} is not in the template")
            continue
        for where, plural in sorted(uses, key=lambda use: (use[0], str(use[1]))):
            if plural is True and not _is_plural(used):
                problems.append(f"{where}: trn({key!r}) but the entry has no plural")
            if plural is False and _is_plural(used):
                problems.append(f"{where}: tr({key!r}) but the entry is plural: use trn")
    for prefix in sorted(code.prefixes):
        if not any(key.startswith(prefix) for key in keys):
            problems.append(f"code: no key starts with {prefix!r}")
    for key in keys:
        if key not in code.constants and not any(key.startswith(p) for p in code.prefixes):
            problems.append(f"template: {key} is not used by the code")
    return problems


def check_catalog(lang: str, po: polib.POFile, pot: polib.POFile) -> list[str]:
    problems: list[str] = []
    where = f"{lang}.po"
    if po.metadata.get("Language") != lang:
        problems.append(f"{where}: the Language header should be {lang!r}")
    count = nplurals(po)
    try:
        gettext.c2py(po.metadata.get("Plural-Forms", "").split("plural=")[-1].rstrip(";"))
    except (ValueError, SyntaxError):
        count = None
    if count is None:
        problems.append(f"{where}: no valid Plural-Forms header")
    mine = {e.msgctxt: e for e in po if e.msgctxt and not e.obsolete}
    for source in pot:
        key = source.msgctxt
        entry = mine.pop(key, None)
        if entry is None:
            problems.append(f"{where}: {key} is missing (run: python -m game.app.catalogs update)")
            continue
        if (entry.msgid, entry.msgid_plural) != (source.msgid, source.msgid_plural):
            problems.append(f"{where}: {key}: the English text differs from the template's")
        if "fuzzy" in entry.flags:
            problems.append(f"{where}: {key} is fuzzy (the English changed): check it")
        fields = placeholders(source.msgid) | placeholders(source.msgid_plural or "")
        if source.msgid_plural:
            forms = [entry.msgstr_plural.get(i, "") for i in range(count or 2)]
            if len(entry.msgstr_plural) != (count or 2):
                problems.append(f"{where}: {key}: {len(entry.msgstr_plural)} plural forms, "
                                f"the header says {count}")
            for i, form in enumerate(forms):
                if not form:
                    problems.append(f"{where}: {key}[{i}] is not translated")
                elif not placeholders(form) <= fields or fields - {"n"} - placeholders(form):
                    problems.append(f"{where}: {key}[{i}]: placeholders "
                                    f"{sorted(placeholders(form))}, expected {sorted(fields)}")
        else:
            if not entry.msgstr:
                problems.append(f"{where}: {key} is not translated")
            elif placeholders(entry.msgstr) != fields:
                problems.append(f"{where}: {key}: placeholders "
                                f"{sorted(placeholders(entry.msgstr))}, expected {sorted(fields)}")
    for key in sorted(mine):
        problems.append(f"{where}: {key} is not in the template")
    return problems


def engine_texts() -> dict[str, str]:
    """The engine's English for what is wrong inside a document (:mod:`engine.problems`) and
    for an event the rules refuse (:mod:`engine.refusals`), by the key of its entry: the
    template mirrors them, so a problem the engine can name is one a translator sees."""
    from engine import problems, refusals

    texts = {f"detail_{key}": text for key, text in problems.TEMPLATES.items() if key != "refused"}
    texts.update({f"detail_refusal_{key}": text for key, text in refusals.TEMPLATES.items()})
    texts.update({f"detail_value_{key}": text for key, text in problems.DESCRIPTIONS.items()})
    return texts


def check_engine_texts(pot: polib.POFile) -> list[str]:
    found = {e.msgctxt: e for e in pot if e.msgctxt}
    problems: list[str] = []
    for key, english in engine_texts().items():
        entry = found.get(key)
        if entry is None:
            problems.append(f"template: {key} is missing (run: python -m game.app.catalogs engine)")
        elif entry.msgid != english:
            problems.append(f"template: {key}: the engine now says {english!r} "
                            "(run: python -m game.app.catalogs engine)")
    return problems


def check(folder: Path | None = None, code_dir: Path = CODE_DIR) -> list[str]:
    """Every problem of the catalogs in ``folder`` against the code in ``code_dir``."""
    try:
        pot = read(template_path(folder))
    except (OSError, ValueError) as exc:
        return [f"template: cannot be read: {exc}"]
    problems = check_template(pot, scan_code(code_dir))
    if folder is None or folder == locale_dir():
        problems += check_engine_texts(pot)
    for lang in catalog_languages(folder):
        if lang == SOURCE_LANGUAGE:
            problems.append(f"{lang}.po: English is the template's own language")
            continue
        try:
            po = read(catalog_path(lang, folder))
        except (OSError, ValueError) as exc:
            problems.append(f"{lang}.po: cannot be read: {exc}")
            continue
        problems += check_catalog(lang, po, pot)
    return problems
