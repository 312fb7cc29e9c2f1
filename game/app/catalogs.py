"""Keeping the text catalogs (``game/locale``) in order: a tool for the people who add texts
or languages, and the checks the tests run.

    python -m game.app.catalogs check           # what is wrong with the catalogs, if anything
    python -m game.app.catalogs add KEY "English text" [--plural "English plural"]
                                    [--translation fr "Texte" ["Textes"]] [--comment "..."]
    python -m game.app.catalogs update          # every .po brought in line with the template
    python -m game.app.catalogs engine          # the engine's texts (a damaged file) added
    python -m game.app.catalogs new LANG        # a catalog for a new language, to translate
    python -m game.app.catalogs import FILE     # texts from a ``TEXTS = {key: (en, fr)}`` file

``check`` compares the template with the code and with each catalog: every key the code asks
for exists, every entry of the template is asked for by the code, every entry is translated
(not fuzzy) in every catalog with the same placeholders, a text with a count is a plural
entry and is asked for with ``trn``. The tests run the same checks.

Every command writes the files in one layout (polib's, the usual ``msgcat`` one), so a
catalog edited with a translator's tool (Poedit, Lokalize, Weblate...) and one written here
differ only where the texts do.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import polib

from game.app.i18n import DOMAIN, SOURCE_LANGUAGE, locale_dir, placeholders

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
#: Plural rules of some languages, for ``new`` (any other is filled in by the translator).
PLURAL_FORMS = {
    "fr": "nplurals=2; plural=(n > 1);",
    "de": "nplurals=2; plural=(n != 1);",
    "es": "nplurals=2; plural=(n != 1);",
    "it": "nplurals=2; plural=(n != 1);",
    "nl": "nplurals=2; plural=(n != 1);",
    "pt": "nplurals=2; plural=(n != 1);",
    "pl": ("nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20)"
           " ? 1 : 2);"),
}
WRAP = 78


# --- files ---------------------------------------------------------------------------------------


def template_path(folder: Path | None = None) -> Path:
    return (folder or locale_dir()) / f"{DOMAIN}.pot"


def catalog_path(lang: str, folder: Path | None = None) -> Path:
    return (folder or locale_dir()) / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def catalog_languages(folder: Path | None = None) -> list[str]:
    root = folder or locale_dir()
    return sorted(p.parent.parent.name for p in root.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def read(path: Path) -> polib.POFile:
    if not path.is_file():  # polib would take the name for the text of a catalog
        raise OSError(f"{path}: no such file")
    return polib.pofile(str(path), encoding="utf-8", wrapwidth=WRAP)


def write(catalog: polib.POFile, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    catalog.wrapwidth = WRAP
    catalog.save(str(path))


def _flags(entry: polib.POEntry) -> None:
    """``python-brace-format`` on exactly the entries with ``{fields}``, so that translators'
    tools check the placeholders of the translation."""
    texts = [entry.msgid, entry.msgid_plural or ""]
    wanted = any(placeholders(t) for t in texts)
    if wanted and "python-brace-format" not in entry.flags:
        entry.flags.append("python-brace-format")
    if not wanted and "python-brace-format" in entry.flags:
        entry.flags.remove("python-brace-format")


def new_template() -> polib.POFile:
    pot = polib.POFile(wrapwidth=WRAP)
    pot.header = ("The texts of the French Tarot game. The context (msgctxt) of each entry is "
                  "the key the code\nasks for; msgid is the English text. See README, "
                  "\"Languages\".")
    pot.metadata = {
        "Project-Id-Version": "tarot-table",
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
        "Plural-Forms": "nplurals=INTEGER; plural=EXPRESSION;",
    }
    return pot


def new_catalog(lang: str, pot: polib.POFile) -> polib.POFile:
    po = polib.POFile(wrapwidth=WRAP)
    po.header = pot.header
    po.metadata = dict(pot.metadata)
    po.metadata["Language"] = lang
    po.metadata["Plural-Forms"] = PLURAL_FORMS.get(lang, "nplurals=INTEGER; plural=EXPRESSION;")
    return po


def _nplurals(po: polib.POFile) -> int | None:
    found = re.search(r"nplurals\s*=\s*(\d+)", po.metadata.get("Plural-Forms", ""))
    return int(found.group(1)) if found else None


def _copy_source(entry: polib.POEntry) -> polib.POEntry:
    copy = polib.POEntry(msgctxt=entry.msgctxt, msgid=entry.msgid,
                         msgid_plural=entry.msgid_plural, comment=entry.comment,
                         flags=list(entry.flags))
    return copy


def synced(po: polib.POFile, pot: polib.POFile) -> polib.POFile:
    """``po`` with the entries of ``pot``, in its order: a translation is kept by key; one
    whose English changed since is kept but marked fuzzy (to be checked, shown in English
    meanwhile); entries the template no longer has are dropped."""
    nplurals = _nplurals(po) or 2
    old = {e.msgctxt: e for e in po if e.msgctxt}
    out = polib.POFile(wrapwidth=WRAP)
    out.header, out.metadata = po.header, dict(po.metadata)
    for source in pot:
        entry = _copy_source(source)
        before = old.get(source.msgctxt)
        if before is not None:
            entry.tcomment = before.tcomment
            entry.msgstr = before.msgstr
            entry.msgstr_plural = dict(before.msgstr_plural)
            if "fuzzy" in before.flags:
                entry.flags.append("fuzzy")
            if (before.msgid, before.msgid_plural) != (source.msgid, source.msgid_plural):
                if "fuzzy" not in entry.flags:
                    entry.flags.append("fuzzy")
                entry.previous_msgid = before.msgid
                if before.msgid_plural:
                    entry.previous_msgid_plural = before.msgid_plural
        if entry.msgid_plural:
            if entry.msgstr and not entry.msgstr_plural:
                entry.msgstr_plural = {0: entry.msgstr}
            entry.msgstr = ""
            entry.msgstr_plural = {i: entry.msgstr_plural.get(i, "") for i in range(nplurals)}
        else:
            if entry.msgstr_plural and not entry.msgstr:
                entry.msgstr = entry.msgstr_plural.get(0, "")
            entry.msgstr_plural = {}
        out.append(entry)
    return out


# --- adding texts --------------------------------------------------------------------------------


def _place(pot: polib.POFile, key: str) -> int:
    """Where a new key goes: after the last entry of its family (the keys that share its
    first word, ``table_`` say), else at the end."""
    family = key.split("_")[0] + "_"
    at = len(pot)
    for i, entry in enumerate(pot):
        if entry.msgctxt and entry.msgctxt.startswith(family):
            at = i + 1
    return at


def add_entry(key: str, english: str, plural: str | None = None,
              translations: Mapping[str, Sequence[str]] | None = None, comment: str = "",
              folder: Path | None = None, replace: bool = False) -> None:
    """Add ``key`` to the template and to every catalog (untranslated where no translation
    is given); ``replace``: change an entry that exists (its translations turn fuzzy unless
    given anew)."""
    pot = read(template_path(folder))
    found = pot.find(key, by="msgctxt")
    if found is not None and not replace:
        raise SystemExit(f"{key}: already in the template (use --replace to change it)")
    entry = polib.POEntry(msgctxt=key, msgid=english, msgid_plural=plural or "",
                          comment=comment or (found.comment if found is not None else ""))
    _flags(entry)
    if found is not None:
        pot[pot.index(found)] = entry
    else:
        pot.insert(_place(pot, key), entry)
    write(pot, template_path(folder))
    for lang in catalog_languages(folder):
        path = catalog_path(lang, folder)
        po = synced(read(path), pot)
        given = (translations or {}).get(lang)
        if given:
            target = po.find(key, by="msgctxt")
            assert target is not None
            if plural:
                target.msgstr_plural = {i: text for i, text in enumerate(given)}
            else:
                target.msgstr = given[0]
            if "fuzzy" in target.flags:
                target.flags.remove("fuzzy")
            target.previous_msgid = target.previous_msgid_plural = None
        write(po, path)


def legacy_texts(path: Path) -> Iterator[tuple[str, str, str, str]]:
    """``(key, English, French, section)`` for each entry of the ``TEXTS`` dictionary of a
    Python file in the game's former layout (``"key": ("English", "French")``), with the
    ``# comment`` line above a group of keys as its section."""
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    table: ast.Dict | None = None
    for node in ast.walk(tree):
        value: ast.expr | None
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign):
            targets, value = [node.target], node.value
        else:
            continue
        if isinstance(value, ast.Dict) and any(
                isinstance(t, ast.Name) and t.id == "TEXTS" for t in targets):
            table = value
    if table is None:
        raise SystemExit(f"{path}: no TEXTS = {{...}} found")
    lines = source.splitlines()
    previous_end = table.lineno
    for key_node, value_node in zip(table.keys, table.values, strict=True):
        assert key_node is not None
        key = ast.literal_eval(key_node)
        english, french = ast.literal_eval(value_node)
        comments = [line.strip()[1:].strip() for line in lines[previous_end:key_node.lineno - 1]
                    if line.strip().startswith("#")]
        previous_end = value_node.end_lineno or value_node.lineno
        yield key, english, french, "; ".join(comments)


def import_legacy(path: Path, lang: str = "fr", folder: Path | None = None) -> list[str]:
    """Add the texts of a legacy ``TEXTS`` file that the template lacks (the second text of
    each pair is the ``lang`` translation); returns the keys added."""
    added = []
    pot_path = template_path(folder)
    pot = read(pot_path) if pot_path.exists() else new_template()
    known = {e.msgctxt for e in pot}
    new: list[tuple[str, str]] = []
    for key, english, translated, section in legacy_texts(path):
        if key in known:
            continue
        entry = polib.POEntry(msgctxt=key, msgid=english, comment=section)
        _flags(entry)
        pot.insert(_place(pot, key), entry)
        known.add(key)
        added.append(key)
        new.append((key, translated))
    write(pot, pot_path)
    langs = catalog_languages(folder) or [lang]
    for code in langs:
        po_path = catalog_path(code, folder)
        po = read(po_path) if po_path.exists() else new_catalog(code, pot)
        po = synced(po, pot)
        if code == lang:
            for key, translated in new:
                target = po.find(key, by="msgctxt")
                if target is not None and translated:
                    target.msgstr = translated
        write(po, po_path)
    return added


# --- checks --------------------------------------------------------------------------------------


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
        if path.name == "catalogs.py":
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
    nplurals = _nplurals(po)
    try:
        import gettext

        gettext.c2py(po.metadata.get("Plural-Forms", "").split("plural=")[-1].rstrip(";"))
    except (ValueError, SyntaxError):
        nplurals = None
    if nplurals is None:
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
            forms = [entry.msgstr_plural.get(i, "") for i in range(nplurals or 2)]
            if len(entry.msgstr_plural) != (nplurals or 2):
                problems.append(f"{where}: {key}: {len(entry.msgstr_plural)} plural forms, "
                                f"the header says {nplurals}")
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


def add_engine_texts(folder: Path | None = None) -> list[str]:
    """Bring the engine's texts into the template (and every catalog, to translate); the
    keys added or changed."""
    pot = read(template_path(folder))
    found = {e.msgctxt: e for e in pot if e.msgctxt}
    changed = []
    for key, english in engine_texts().items():
        entry = found.get(key)
        if entry is None or entry.msgid != english:
            add_entry(key, english, comment="What is wrong inside a file, as the engine names "
                      "it; after where in the file it is.", folder=folder,
                      replace=entry is not None)
            changed.append(key)
    return changed


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


# --- the command ---------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.app.catalogs",
                                     description="Check and update the game's text catalogs.")
    parser.add_argument("--folder", type=Path, default=None,
                        help="the locale folder (default: game/locale)")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("check", help="list what is wrong; exit status 1 if anything is")
    add = commands.add_parser("add", help="add an entry to the template and every catalog")
    add.add_argument("key")
    add.add_argument("english")
    add.add_argument("--plural", help="the English plural, for a text with a count {n}")
    add.add_argument("--translation", nargs="+", action="append", default=[],
                     metavar=("LANG", "TEXT"),
                     help="a translation: the language, then its text (one per plural form)")
    add.add_argument("--comment", default="", help="a note for translators")
    add.add_argument("--replace", action="store_true", help="change an existing entry")
    commands.add_parser("update", help="bring every catalog in line with the template")
    commands.add_parser("engine", help="add the engine's texts (what is wrong in a file) that "
                                       "the template lacks")
    new = commands.add_parser("new", help="start the catalog of a new language")
    new.add_argument("lang", help="its code: de, es, pt_BR...")
    imp = commands.add_parser("import", help="add the texts of a TEXTS = {key: (en, fr)} file")
    imp.add_argument("file", type=Path)
    imp.add_argument("--lang", default="fr", help="the language of the second texts")
    args = parser.parse_args(argv)
    folder: Path | None = args.folder

    if args.command == "check":
        problems = check(folder)
        for problem in problems:
            print(problem)
        print(f"{len(problems)} problem(s)" if problems else "catalogs ok")
        return 1 if problems else 0
    if args.command == "add":
        translations: dict[str, list[str]] = {}
        for given in args.translation:
            if len(given) < 2:
                parser.error("--translation LANG TEXT [TEXT...]")
            translations[given[0]] = given[1:]
        add_entry(args.key, args.english, args.plural, translations, args.comment, folder,
                  args.replace)
        print(f"added {args.key}")
        return 0
    if args.command == "engine":
        changed = add_engine_texts(folder)
        print(f"{len(changed)} engine text(s) added or changed" +
              (": " + ", ".join(changed) if changed else ""))
        return 0
    if args.command == "import":
        added = import_legacy(args.file, args.lang, folder)
        print(f"added {len(added)} entries" + (": " + ", ".join(added) if added else ""))
        return 0
    pot = read(template_path(folder))
    if args.command == "update":
        for lang in catalog_languages(folder):
            write(synced(read(catalog_path(lang, folder)), pot), catalog_path(lang, folder))
        print("catalogs updated: " + ", ".join(catalog_languages(folder)))
        return 0
    if args.command == "new":
        path = catalog_path(args.lang, folder)
        if path.exists():
            parser.error(f"{path} exists already")
        write(synced(new_catalog(args.lang, pot), pot), path)
        print(f"wrote {path}: translate its msgstr lines (and check its Plural-Forms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
