"""The game's words, read from gettext catalogs: every text the game shows goes through
:func:`tr` (or :func:`trn` when it holds a count).

The code names each text by a short key; the words live in ``game/locale``:

* ``tarot.pot``, the template: one entry per key (``msgctxt``), its English text the
  ``msgid`` (and ``msgid_plural`` for a text with a count). English is the source language,
  so it needs no catalog of its own;
* ``<lang>/LC_MESSAGES/tarot.po``, one per other language, ``msgstr`` the translation, with
  the language's own ``Plural-Forms`` rule.

A ``.po`` file is read with polib (it knows the format's escapes, multi-line strings and
plural entries) and turned, in memory, into the standard library's
:class:`gettext.GNUTranslations`, so lookups are ``pgettext``/``npgettext`` and plurals follow
the catalog's own rule. A language is one more folder: nothing here names a language.

Nothing is ever fatal: a text missing from a catalog is shown in English, an unknown key is
shown as the key itself (a gap is visible, never a crash), a damaged catalog leaves its
language in English, and a translation whose placeholders do not fit falls back to English.
"""

from __future__ import annotations

import errno
import gettext
import io
import logging
import string
import threading
from dataclasses import dataclass
from pathlib import Path

from engine import cards as C
from engine.problems import Described, Problem
from engine.resources import resource_path
from game.app.threads import start_thread

log = logging.getLogger(__name__)

DOMAIN = "tarot"
SOURCE_LANGUAGE = "en"


def locale_dir() -> Path:
    """``game/locale``: beside the code in a source checkout, in the unpack folder of a
    packaged game (the PyInstaller spec copies it there)."""
    return resource_path("game", "locale")


@dataclass(frozen=True)
class Source:
    """An entry of the template: the English singular and, for a text with a count, plural."""

    msgid: str
    plural: str | None = None


class Catalogs:
    """The template and the translations of one locale folder, each read once, when first
    needed (the game starts without parsing a catalog it may never show)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._lock = threading.RLock()  # the hint and analysis threads put cards into words too
        self._template: dict[str, Source] | None = None
        self._translations: dict[str, gettext.NullTranslations] = {}
        self._languages: list[str] | None = None
        #: What went wrong reading a catalog, by language ("" for the template), in English:
        #: the catalog that cannot be read is the one that would have said it in its language.
        self.problems: dict[str, str] = {}

    def template(self) -> dict[str, Source]:
        if self._template is None:
            with self._lock:
                if self._template is None:
                    self._template = self._read_template()
        return self._template

    def _read_template(self) -> dict[str, Source]:
        import polib

        path = self.folder / f"{DOMAIN}.pot"
        try:
            if not path.is_file():  # polib would take the name for the text of a catalog
                raise OSError("no such file")
            entries = polib.pofile(str(path), encoding="utf-8")
        except (OSError, ValueError) as exc:
            log.error("the texts cannot be read (%s): %s; keys are shown instead", path, exc)
            self.problems[""] = f"The game's texts cannot be read ({path.name}: {exc})."
            return {}
        return {e.msgctxt: Source(e.msgid, e.msgid_plural or None)
                for e in entries if e.msgctxt and not e.obsolete}

    def languages(self) -> list[str]:
        """English, then every language with a catalog, by code (the folder is looked at
        once: a saved name is put into words in every frame, in every language)."""
        if self._languages is None:
            try:
                found = sorted(p.parent.parent.name for p in
                               self.folder.glob(f"*/LC_MESSAGES/{DOMAIN}.po") if p.is_file())
            except OSError:
                found = []
            self._languages = [SOURCE_LANGUAGE,
                               *(code for code in found if code != SOURCE_LANGUAGE)]
        return list(self._languages)

    def preload(self) -> threading.Thread | None:
        """Read every catalog on a thread of its own, so that no frame waits for one (a
        catalog takes some 60 ms to read, and a saved name is compared with its words in
        every language). ``None`` where no thread is to be had: each is read when first
        needed."""
        def read() -> None:
            self.template()
            for lang in self.languages():
                self.translation(lang)

        return start_thread(read, "catalogs")

    def translation(self, lang: str) -> gettext.NullTranslations:
        found = self._translations.get(lang)
        if found is None:
            with self._lock:
                found = self._translations.get(lang)
                if found is None:
                    found = self._translations[lang] = self._read_translation(lang)
        return found

    def _read_translation(self, lang: str) -> gettext.NullTranslations:
        if lang == SOURCE_LANGUAGE or lang not in self.languages():
            return gettext.NullTranslations()  # English: the msgids themselves
        import polib

        path = self.folder / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
        try:
            if not path.is_file():
                raise OSError("no such file")
            catalog = polib.pofile(str(path))
            template = self.template()
            if template and not any(  # polib reads what it can of a torn file
                    e.msgctxt in template and template[e.msgctxt].msgid == e.msgid
                    for e in catalog.translated_entries()):
                raise ValueError("no translated text in it")
            # polib leaves out untranslated and fuzzy entries: they fall back to English
            return gettext.GNUTranslations(io.BytesIO(catalog.to_binary()))
        except (OSError, ValueError, KeyError, SyntaxError) as exc:
            log.error("the %s texts cannot be read (%s): %s; English is shown", lang, path, exc)
            self.problems[lang] = (f"The texts of the language {lang!r} cannot be read "
                                   f"({path.name}: {_short(exc)}): they are shown in English.")
            return gettext.NullTranslations()


def _short(exc: BaseException, limit: int = 120) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= limit else text[:limit - 1] + "…"


_catalogs = Catalogs(locale_dir())


def catalogs() -> Catalogs:
    return _catalogs


def use_catalogs(folder: Path) -> Catalogs:
    """Read the texts from ``folder`` from now on (tests, and the self-test of a bundle)."""
    global _catalogs
    previous, _catalogs = _catalogs, Catalogs(folder)
    return previous


def catalog_problem(lang: str) -> str | None:
    """Why the texts of ``lang`` are not shown as they should be (a damaged or missing
    catalog), in English; ``None`` when they are."""
    _catalogs.template()
    _catalogs.translation(lang)
    return _catalogs.problems.get("") or _catalogs.problems.get(lang)


def languages() -> list[str]:
    """The languages the interface can be shown in: English and one per catalog."""
    return _catalogs.languages()


def preload() -> threading.Thread | None:
    """Read every catalog now, on a thread (see :meth:`Catalogs.preload`)."""
    return _catalogs.preload()


def has_text(key: str) -> bool:
    return key in _catalogs.template()


def is_plural(key: str) -> bool:
    source = _catalogs.template().get(key)
    return source is not None and source.plural is not None


def _format(text: str, source: str, key: str, values: dict[str, object]) -> str:
    if not values:
        return text
    try:
        return text.format(**values)
    except (KeyError, IndexError, ValueError, AttributeError) as exc:
        if text is not source:  # a translation that does not fit its placeholders
            log.warning("text %r does not fit its values (%s): English is shown", key, exc)
            return _format(source, source, key, values)
        log.warning("text %r does not fit its values: %s", key, exc)
        return text


def tr(key: str, lang: str = SOURCE_LANGUAGE, /, **values: object) -> str:
    """The text for ``key`` in ``lang``, formatted with ``values`` (``str.format`` fields)."""
    source = _catalogs.template().get(key)
    if source is None:
        return key
    if source.plural is not None:  # a text with a count asked for without one: its {n}, or 1
        count = values.get("n")
        count = count if isinstance(count, int) else 1
        text = _catalogs.translation(lang).npgettext(key, source.msgid, source.plural, count)
        return _format(text, source.msgid if count == 1 else source.plural, key, values)
    text = _catalogs.translation(lang).pgettext(key, source.msgid)
    return _format(text, source.msgid, key, values)


def trn(key: str, count: int, lang: str = SOURCE_LANGUAGE, /, **values: object) -> str:
    """The form of ``key`` for ``count`` in ``lang`` (``Drag 1 card`` / ``Drag 2 cards``), by
    the catalog's plural rule; ``{n}`` is ``count`` unless ``values`` give another ``n`` (the
    count written as ``4,5``, say)."""
    source = _catalogs.template().get(key)
    if source is None:
        return key
    values.setdefault("n", count)
    if source.plural is None:
        text = _catalogs.translation(lang).pgettext(key, source.msgid)
        return _format(text, source.msgid, key, values)
    text = _catalogs.translation(lang).npgettext(key, source.msgid, source.plural, count)
    english = source.msgid if count == 1 else source.plural
    return _format(text, english, key, values)


def placeholders(text: str) -> set[str]:
    """The ``{fields}`` of a text (``{n}``, ``{name!r}`` and ``{x:>3}`` give n, name, x)."""
    try:
        return {name.split(".")[0].split("[")[0]
                for _, name, _, _ in string.Formatter().parse(text) if name is not None}
    except ValueError:
        return {"<unbalanced braces>"}


# --- numbers, seats and cards --------------------------------------------------------------------

#: Seat names by player count, seat 0 (the human, at the bottom) first, counter-clockwise.
SEAT_KEYS = {
    3: ("seat_south", "seat_east", "seat_west"),
    4: ("seat_south", "seat_east", "seat_north", "seat_west"),
    5: ("seat_south", "seat_east", "seat_north_east", "seat_north_west", "seat_west"),
}

#: Card ranks above 10 by name (the rest are numbers), as the ``card_rank_…`` keys end.
RANK_KEYS = {11: "jack", 12: "knight", 13: "queen", 14: "king"}


def decimal(text: str, lang: str = SOURCE_LANGUAGE) -> str:
    """A number written with a point (``4.5``) in the language's way (``4,5`` in French)."""
    return text.replace(".", tr("decimal_point", lang)) if "." in text else text


def signed_number(value: float, lang: str = SOURCE_LANGUAGE, digits: int = 1) -> str:
    """``+23.4`` / ``−5.0`` (``+23,4`` in French); ``0`` for zero.

    >>> signed_number(23.44), signed_number(-5, digits=0), signed_number(0.04)
    ('+23.4', '−5', '0.0')
    """
    text = decimal(f"{abs(value):.{digits}f}", lang)
    if round(value, digits) == 0:
        return text
    return ("+" if value > 0 else "−") + text


def seat_name(seat: int, players: int, lang: str = SOURCE_LANGUAGE) -> str:
    return tr(SEAT_KEYS[players][seat], lang)


#: The keys of the names the game gives by itself to the player: "You".
OWN_NAME_KEYS = ("table_you",)


def shown_name(name: str, seat: int, players: int, lang: str = SOURCE_LANGUAGE) -> str:
    """A saved name as ``lang`` writes it. Files keep the names the game gives by itself in
    English (a seat's compass name, "You"), whatever the language they were played in; those
    are shown in ``lang`` (``East`` → ``Est``), and so is such a name saved in any language of
    the catalogs. A name the player chose is shown as it is."""
    wanted = name.strip().casefold()
    keys = SEAT_KEYS.get(players, ())
    if 0 <= seat < len(keys) and any(wanted == tr(keys[seat], code).casefold()
                                     for code in languages()):
        return tr(keys[seat], lang)
    for key in OWN_NAME_KEYS:
        if any(wanted == tr(key, code).casefold() for code in languages()):
            return tr(key, lang)
    return name


def card_class(card: int) -> str:
    """Which article a card takes in a sentence: its rank's (``king``, ``queen``, ``jack``,
    ``knight``), ``pip`` for 1 to 10 of a suit, ``trump``, ``petit`` or ``excuse`` — the
    ``…_the_<class>`` keys, so each language sets its own articles."""
    if card == C.EXCUSE:
        return "excuse"
    if C.is_trump(card):
        return "petit" if C.rank_of(card) == 1 else "trump"
    return RANK_KEYS.get(C.rank_of(card), "pip")


def card_name(card: int, lang: str = SOURCE_LANGUAGE, article: bool = False) -> str:
    """A card in words: ``king of hearts`` / ``roi de cœur``, ``trump 14`` / ``atout 14``,
    ``the Excuse`` / ``l'Excuse``; ``article``: as in a sentence (``the king of hearts``,
    ``la dame de pique``, ``l'atout 14``)."""
    if card == C.EXCUSE:
        return tr("card_excuse", lang)
    rank = C.rank_of(card)
    if C.is_trump(card):
        if rank == 1:
            return tr("card_petit", lang)
        bare = tr("card_trump", lang, n=rank)
    else:
        word = tr(f"card_rank_{RANK_KEYS[rank]}", lang) if rank in RANK_KEYS else str(rank)
        bare = tr("card_of_suit", lang, rank=word, suit=suit_name(C.suit_of(card), lang))
    return tr(f"card_the_{card_class(card)}", lang, card=bare) if article else bare


def suit_name(suit: int, lang: str = SOURCE_LANGUAGE) -> str:
    return tr(f"suit_{C.SUIT_NAMES[suit]}", lang)


# --- the engine's problems -----------------------------------------------------------------------


def problem_text(error: object, lang: str = SOURCE_LANGUAGE,
                 name_only: bool = False) -> str:
    """What is wrong with a file, in ``lang``: an engine error (or a settings problem) that
    carries its problem as data (:class:`engine.inputs.DataError`: a key, values, the file) is
    put into the words of the ``problem_<key>`` text; any other error, or a key without a
    text, is its own (English) message. ``name_only``: the file by its name, not its whole path."""
    key = getattr(error, "key", None)
    values = getattr(error, "values", None)
    where = str(getattr(error, "where", "") or "")
    message = str(error)
    if isinstance(values, dict) and isinstance(values.get("problem"), Problem):
        # what is wrong inside the file, put into words too
        values = {**values, "detail": detail_words(values["problem"], lang)}
    if name_only and where:
        name = Path(where).name
        message = message.replace(where, name)
        if isinstance(values, dict) and isinstance(values.get("detail"), str):
            values = {**values, "detail": values["detail"].replace(where, name)}
        where = name
    if not isinstance(key, str) or not isinstance(values, dict) or not has_text(f"problem_{key}"):
        return message
    text = tr(f"problem_{key}", lang, **values)
    return tr("problem_in_file", lang, file=where, problem=text) if where else text


#: The operating system's reasons a file could not be written or removed, in the player's words
#: (its own are in the system's language, often English).
_OS_ERRORS = {errno.ENOENT: "os_error_missing", errno.EACCES: "os_error_denied",
              errno.EPERM: "os_error_denied", errno.EISDIR: "os_error_folder",
              errno.ENOTDIR: "os_error_not_folder", errno.ENOSPC: "os_error_full",
              errno.EROFS: "os_error_read_only"}


def os_error_words(error: OSError, lang: str = SOURCE_LANGUAGE) -> str:
    """Why ``error`` happened, in ``lang`` when it is a reason the game knows."""
    key = _OS_ERRORS.get(error.errno or 0)
    return tr(key, lang) if key is not None else (error.strerror or str(error))


#: The English words a refusal may name (``Refusal.name``), by the key of their text.
_REFUSAL_WORDS = {"a handful": "detail_word_handful", "a misère": "detail_word_misere",
                  "trump": "detail_word_trump", "heads": "detail_word_heads"}
_CONTRACTS = ("petite", "garde", "garde_sans", "garde_contre")


def _refusal_word(word: str, lang: str) -> str:
    if word in _REFUSAL_WORDS:
        return tr(_REFUSAL_WORDS[word], lang)
    if has_text(f"detail_phase_{word}"):
        return tr(f"detail_phase_{word}", lang)
    return tr(word, lang) if word in _CONTRACTS else word


def _value_words(name: str, value: object, lang: str) -> object:
    """A value of a problem in ``lang``: what was found (:class:`engine.problems.Described`),
    a phase, a contract; anything else (a number, text quoted from the file) as it is."""
    if isinstance(value, Described):
        return tr(f"detail_value_{value.kind}", lang, text=value.text)
    if name in ("phase", "contract") and isinstance(value, str):
        return _refusal_word(value, lang)
    return value


def detail_words(problem: Problem, lang: str = SOURCE_LANGUAGE) -> str:
    """What is wrong inside a document (:class:`engine.problems.Problem`), in ``lang``: the
    words of its ``detail_<key>`` text, after where in the document it is. A key with no
    text is the engine's English (a gap shows, nothing is lost)."""
    refusal = problem.refusal
    if refusal is not None:
        facts = refusal.facts()
        if refusal.suit is not None:
            facts["suit_name"] = suit_name(refusal.suit, lang)
        facts["whose"] = (tr("detail_whose_nobody", lang) if refusal.other is None
                          else tr("detail_whose_seat", lang, seat=refusal.other))
        quoted = refusal.reason in ("unknown_contract", "unknown_misere")  # the file's own
        for part in () if quoted else ("name", "other_name"):  # a phase, a contract: words
            word = facts[part]
            if isinstance(word, str) and word:
                facts[part] = _refusal_word(word, lang)
        key, values = f"detail_refusal_{refusal.reason}", facts
    else:
        key = f"detail_{problem.key}"
        values = {name: _value_words(name, value, lang) for name, value in problem.values.items()}
    what = tr(key, lang, **values) if has_text(key) else problem.what()
    for where in reversed(problem.at):
        what = tr("detail_at", lang, where=where, what=what)
    return what
