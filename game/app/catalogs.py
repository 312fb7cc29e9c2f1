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

import ast
import sys
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

import polib

from engine.commandline import Parser, command
from game.app.catalog_checks import check, engine_texts
from game.app.catalog_files import (
    catalog_languages,
    catalog_path,
    mark_format,
    new_catalog,
    new_template,
    read,
    synced,
    template_path,
    write,
)

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
    mark_format(entry)
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
        mark_format(entry)
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


# --- the engine's texts --------------------------------------------------------------------------


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


# --- the command ---------------------------------------------------------------------------------


PROG = "python -m game.app.catalogs"


@command(PROG)
def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _catalogs(argv)
    except OSError as exc:  # a catalog that cannot be read or written: named on one line
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"{PROG}: error: {where}{exc.strerror or exc}", file=sys.stderr)
        return 1


def _catalogs(argv: Sequence[str] | None) -> int:
    parser = Parser(prog=PROG, description="Check and update the game's text catalogs.")
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
