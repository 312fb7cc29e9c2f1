"""Where the text catalogs (``game/locale``) are, and how they are read, written and kept in
line with the template: one layout for every file (polib's, the usual ``msgcat`` one), so that a
catalog edited with a translator's tool and one written by ``python -m game.app.catalogs``
differ only where the texts do.
"""

from __future__ import annotations

import re
from pathlib import Path

import polib

from game.app.i18n import DOMAIN, locale_dir, placeholders

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


def mark_format(entry: polib.POEntry) -> None:
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


def nplurals(po: polib.POFile) -> int | None:
    """The number of plural forms the catalog's Plural-Forms header gives, if it gives one."""
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
    forms = nplurals(po) or 2
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
            entry.msgstr_plural = {i: entry.msgstr_plural.get(i, "") for i in range(forms)}
        else:
            if entry.msgstr_plural and not entry.msgstr:
                entry.msgstr = entry.msgstr_plural.get(0, "")
            entry.msgstr_plural = {}
        out.append(entry)
    return out
