"""The text catalogs (game/locale): complete, consistent with the code, with real plurals,
and never fatal when one is missing or damaged."""

from __future__ import annotations

import logging
import shutil
import tomllib
from collections.abc import Iterator
from pathlib import Path

import polib
import pytest

from engine.saves import SaveError, load_deal
from game.app import i18n
from game.app.catalog_checks import check, scan_code
from game.app.catalog_files import catalog_languages, catalog_path, read, template_path
from game.app.i18n import (
    catalog_problem,
    languages,
    placeholders,
    problem_text,
    shown_name,
    tr,
    trn,
    use_catalogs,
)
from tests.helpers.apps import open_app, shut
from tests.helpers.paths import RECORDS, ROOT


@pytest.fixture
def locale(tmp_path: Path) -> Iterator[Path]:
    """A copy of the catalogs the game reads from during the test."""
    folder = tmp_path / "locale"
    shutil.copytree(i18n.locale_dir(), folder)
    previous = use_catalogs(folder)
    yield folder
    i18n._catalogs = previous


def test_the_catalogs_have_no_problem() -> None:
    """Every key the code asks for is in the template and in each catalog, translated, with
    the placeholders of its English text; every entry is used; a count is a plural."""
    assert check() == []


def test_french_is_a_catalog() -> None:
    assert "fr" in catalog_languages()
    assert languages()[:1] == ["en"] and "fr" in languages()


def test_every_key_the_code_names_is_in_the_template_and_each_catalog() -> None:
    pot = {e.msgctxt for e in read(template_path())}
    named = {key for key, uses in scan_code().named.items()
             if any(plural is not None for _, plural in uses)}
    assert len(named) > 250
    assert named <= pot
    for lang in catalog_languages():
        po = {e.msgctxt: e for e in read(catalog_path(lang))}
        assert pot == set(po)
        for key in named:
            entry = po[key]
            assert entry.msgstr or all(entry.msgstr_plural.values()), (lang, key)


def test_placeholders_match_between_english_and_each_translation() -> None:
    pot = {e.msgctxt: e for e in read(template_path())}
    for lang in catalog_languages():
        for entry in read(catalog_path(lang)):
            source = pot[entry.msgctxt]
            fields = placeholders(source.msgid) | placeholders(source.msgid_plural or "")
            if entry.msgid_plural:
                for form in entry.msgstr_plural.values():
                    assert placeholders(form) <= fields, (lang, entry.msgctxt, form)
            else:
                assert placeholders(entry.msgstr) == fields, (lang, entry.msgctxt)


def test_no_text_says_s_in_brackets() -> None:
    """"1 card", "2 cards": never "card(s)"."""
    for path in [template_path(), *(catalog_path(lang) for lang in catalog_languages())]:
        for entry in read(path):
            texts = [entry.msgid, entry.msgid_plural or "", entry.msgstr,
                     *entry.msgstr_plural.values()]
            assert not any("(s)" in text for text in texts), (path.name, entry.msgctxt)


@pytest.mark.parametrize(("lang", "one", "two"), [
    ("en", "Drag 1 card into the discard, then confirm",
     "Drag 2 cards into the discard, then confirm"),
    ("fr", "Glissez 1 carte dans l'écart, puis validez",
     "Glissez 2 cartes dans l'écart, puis validez"),
])
def test_a_count_takes_the_form_of_its_language(lang: str, one: str, two: str) -> None:
    assert trn("table_discard_help", 1, lang) == one
    assert trn("table_discard_help", 2, lang) == two


def test_french_keeps_the_singular_for_zero_and_english_does_not() -> None:
    assert trn("table_tricks", 0, "en") == "0 tricks"
    assert trn("table_tricks", 0, "fr") == "0 pli"
    assert trn("table_tricks", 1, "en") == "1 trick"
    assert trn("table_tricks", 3, "fr") == "3 plis"


def test_half_points_take_the_form_of_their_whole_part() -> None:
    from game.replay.narrate import _points

    assert _points(3, "en") == "1.5 points" and _points(3, "fr") == "1,5 point"
    assert _points(2, "en") == "1 point" and _points(2, "fr") == "1 point"
    assert _points(9, "en") == "4.5 points" and _points(9, "fr") == "4,5 points"


def test_one_trump_in_the_discard_is_said_in_the_singular() -> None:
    assert tr("refusal_too_many_trumps", "en", n=1) == "Only 1 trump may go to the discard."
    assert trn("refusal_too_many_trumps", 2, "fr") == (
        "Seulement 2 atouts peuvent aller à l'écart.")


def test_french_words_for_the_margin_and_a_lost_contract() -> None:
    assert tr("score_margin", "fr") == "Marge"
    assert "écart" not in tr("score_base", "fr").lower()
    lost = [tr(key, "fr", contract="Garde", margin="3", name="Est", n=3, points="", oudlers="",
               target="") for key in ("score_title_lost", "score_lost_by", "menu_lost_by",
                                      "narr_failed", "replay_summary_lost")]
    assert all("chutée de 3" in text.lower() for text in lost), lost
    english = [tr(key, "en", contract="Garde", margin="3", name="East", n=3, points="",
                  oudlers="", target="") for key in ("score_title_lost", "score_lost_by",
                                                     "menu_lost_by", "narr_failed",
                                                     "replay_summary_lost")]
    assert all("lost by 3" in text.lower() for text in english), english


def test_unknown_key_is_shown_as_itself() -> None:
    assert tr("no_such_key_here", "fr") == "no_such_key_here"


def test_a_damaged_catalog_leaves_its_language_in_english(locale: Path, caplog) -> None:
    (locale / "fr" / "LC_MESSAGES" / "tarot.po").write_text(
        'msgctxt "quit"\nmsgid "Quit"\nmsgstr "Quitter"\nmsgstr "twice"\n', encoding="utf-8")
    with caplog.at_level(logging.ERROR):
        assert tr("quit", "fr") == tr("quit", "en") == "Quit"
        assert trn("table_tricks", 2, "fr") == "2 tricks"
    problem = catalog_problem("fr")
    assert problem is not None and "'fr'" in problem and "English" in problem
    assert any("fr texts cannot be read" in r.getMessage() for r in caplog.records)
    assert catalog_problem("en") is None


def test_a_catalog_torn_to_nothing_is_damaged(locale: Path) -> None:
    (locale / "fr" / "LC_MESSAGES" / "tarot.po").write_text(
        'msgctxt "new_game"\nmsgid "New game\nmsgstr broken\n', encoding="utf-8")
    assert tr("new_game", "fr") == "New game"
    problem = catalog_problem("fr")
    assert problem is not None and "no translated text" in problem


def test_a_catalog_that_is_not_text_is_damaged_too(locale: Path) -> None:
    (locale / "fr" / "LC_MESSAGES" / "tarot.po").write_bytes(b"\xff\xfe\x00garbage\x00" * 50)
    assert tr("quit", "fr") == "Quit"
    assert catalog_problem("fr") is not None


def test_a_missing_catalog_is_not_a_language(locale: Path) -> None:
    (locale / "fr" / "LC_MESSAGES" / "tarot.po").unlink()
    assert languages() == ["en"]
    assert tr("quit", "fr") == "Quit"


def test_a_missing_template_shows_the_keys(locale: Path) -> None:
    (locale / "tarot.pot").unlink()
    assert tr("quit", "fr") == "quit"
    assert trn("table_tricks", 2) == "table_tricks"
    assert catalog_problem("en") is not None


def test_an_untranslated_or_fuzzy_entry_is_shown_in_english(locale: Path) -> None:
    path = locale / "fr" / "LC_MESSAGES" / "tarot.po"
    po = polib.pofile(str(path))
    quit_entry = po.find("quit", by="msgctxt")
    assert quit_entry is not None
    quit_entry.msgstr = ""
    fuzzy = po.find("continue", by="msgctxt")
    assert fuzzy is not None
    fuzzy.flags.append("fuzzy")
    po.save(str(path))
    assert tr("quit", "fr") == "Quit"
    assert tr("continue", "fr") == tr("continue", "en")


def test_a_translation_whose_placeholders_do_not_fit_falls_back_to_english(
        locale: Path) -> None:
    path = locale / "fr" / "LC_MESSAGES" / "tarot.po"
    po = polib.pofile(str(path))
    entry = po.find("table_to_play", by="msgctxt")
    assert entry is not None
    entry.msgstr = "À {nom} de jouer"
    po.save(str(path))
    assert tr("table_to_play", "fr", name="Est") == "Est to play"
    assert check(locale) and any("table_to_play" in p for p in check(locale))


def test_a_new_language_is_one_more_folder(locale: Path) -> None:
    from game.app.catalogs import main

    assert main(["--folder", str(locale), "new", "de"]) == 0
    assert "de" in languages()
    assert tr("quit", "de") == "Quit"  # untranslated yet: English
    path = locale / "de" / "LC_MESSAGES" / "tarot.po"
    po = polib.pofile(str(path))
    entry = po.find("quit", by="msgctxt")
    assert entry is not None
    entry.msgstr = "Beenden"
    po.save(str(path))
    use_catalogs(locale)
    assert tr("quit", "de") == "Beenden"
    assert any("de.po" in p and "not translated" in p for p in check(locale))


def test_the_settings_accept_every_catalog_language(locale: Path) -> None:
    from game.app.settings import _valid

    assert _valid("language", "fr", "en")
    assert not _valid("language", "xx", "en")


# --- names and the engine's problems -----------------------------------------------------------


def test_names_the_game_gives_are_shown_in_the_readers_language() -> None:
    assert shown_name("East", 1, 4, "fr") == "Est"
    assert shown_name("Nord-Ouest", 3, 5, "en") == "North-West"
    assert shown_name("You", 0, 3, "fr") == "Vous"
    assert shown_name("Alice", 0, 4, "fr") == "Alice"
    assert shown_name("East", 2, 4, "fr") == "East"  # not that seat's name: a chosen name


def test_a_replayed_deal_record_names_the_seats_in_french(tmp_path: Path) -> None:
    from game.replay.files import load_replay_file
    from game.replay.narrate import narrate

    records = sorted(RECORDS.glob("*.yaml"))
    assert records
    source = load_replay_file(records[0])
    names = [shown_name(n, s, source.deal.players, "fr") for s, n in enumerate(source.names)]
    text = "\n".join(narrate(source.deal, names, "fr"))
    assert "Est" in text and " East" not in text and "South" not in text


def test_a_damaged_save_is_told_in_french(tmp_path: Path) -> None:
    cases = {
        b"": "le fichier est vide",
        b'{"format": "tarot-deal", "version": 1, "players"': "tronqué",
        b"[1, 2]": "ce n'est pas une partie enregistrée",
        b'{"format": "tarot-deal", "version": 99}': "version plus récente",
        b'{"format": "tarot-match", "version": 1}': "le format 'tarot-match'",
        b'{"format": "tarot-deal", "version": 1, "rules": 3}': "fichier endommagé : rules",
    }
    for i, (content, words) in enumerate(cases.items()):
        path = tmp_path / f"deal-{i}.json"
        path.write_bytes(content)
        with pytest.raises(SaveError) as caught:
            load_deal(path)
        text = problem_text(caught.value, "fr", name_only=True)
        assert text.startswith(f"deal-{i}.json : "), text
        assert words in text, text
        assert str(tmp_path) not in text
        assert problem_text(caught.value, "en") == str(caught.value) or caught.value.key != (
            "damaged")


def test_a_folder_in_place_of_a_save_is_told_in_french(tmp_path: Path) -> None:
    with pytest.raises(SaveError) as caught:
        load_deal(tmp_path)
    assert problem_text(caught.value, "fr") == f"{tmp_path} : c'est un dossier, pas un fichier"
    assert problem_text(caught.value, "en") == f"{tmp_path}: is a folder, not a file"


def test_any_other_error_keeps_its_own_words() -> None:
    assert problem_text(ValueError("odd"), "fr") == "odd"


# --- packaging ---------------------------------------------------------------------------------


def test_polib_is_a_dependency_and_the_bundle_holds_the_catalogs() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert any(d.startswith("polib") for d in project["project"]["dependencies"])
    spec = (ROOT / "build" / "tarot.spec").read_text(encoding="utf-8")
    assert '"game" / "locale"' in spec and '"game/locale"' in spec


def test_the_menu_says_when_the_texts_of_its_language_cannot_be_read(
        locale: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.helpers.screens import open_menu

    monkeypatch.setenv("TAROT_HOME", str(tmp_path / "home"))
    (locale / "fr" / "LC_MESSAGES" / "tarot.po").write_text("garbage line\n", encoding="utf-8")
    app = open_app((1280, 720), language="fr")
    try:
        menu = open_menu(app)
        assert menu.toast.visible
        assert "'fr'" in menu.toast.text and "English" in menu.toast.text
        assert menu.buttons[0].label == "New game"
    finally:
        shut(app)


def test_the_settings_files_problems_are_told_in_the_players_language(tmp_path) -> None:
    import json

    from game.app.i18n import problem_text
    from game.app.settings import Settings

    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": "fr", "card_indices": "de", "colour": 1}),
                    encoding="utf-8")
    settings, problems = Settings.load(path)
    assert settings.language == "fr" and settings.card_indices == "language"
    english = [problem_text(p, "en") for p in problems]
    assert english == [str(p) for p in problems] == [
        "settings.json: card_indices = 'de' ignored",
        "settings.json: unknown setting 'colour' ignored"]
    french = [problem_text(p, "fr") for p in problems]
    assert french == ["settings.json : card_indices = 'de' ignoré",
                      "settings.json : réglage inconnu 'colour' ignoré"]
    path.write_text("[1, 2]", encoding="utf-8")
    [problem] = Settings.load(path)[1]
    assert "réglages par défaut" in problem_text(problem, "fr")


def test_a_file_that_cannot_be_replayed_is_told_in_the_players_language(tmp_path) -> None:
    import pytest

    from engine.deal import Deal
    from engine.rules import load_rules
    from engine.saves import save_deal
    from game.app.i18n import problem_text
    from game.replay.files import ReplayFileError, load_replay_file

    cases = {}
    (tmp_path / "empty.json").write_bytes(b"")
    (tmp_path / "other.json").write_text('{"colour": 1}', encoding="utf-8")
    deal = Deal.new(load_rules(), 4, 0, 3)  # dealt, not played
    save_deal(deal, tmp_path / "unfinished.json")
    for name in ("empty.json", "other.json", "unfinished.json"):
        with pytest.raises(ReplayFileError) as caught:
            load_replay_file(tmp_path / name)
        cases[name] = caught.value
    english = problem_text(cases["empty.json"], "en", name_only=True)
    assert english == "empty.json: the file is empty"
    french = {n: problem_text(e, "fr", name_only=True) for n, e in cases.items()}
    assert french["other.json"].startswith("other.json : ce n'est ni une donne")
    assert "seule une donne finie" in french["unfinished.json"]
    assert all("the " not in text for text in french.values()), french


def test_every_character_of_every_text_has_a_glyph_in_the_games_font() -> None:
    """The game draws with pygame's own font: a character it lacks shows as an empty box
    (an arrow did, in the score panel)."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    pygame.font.init()
    font = pygame.font.Font(None, 24)

    def drawn(text: str) -> tuple[tuple[int, int], bytes]:
        surface = font.render(text, True, (255, 255, 255))
        return surface.get_size(), pygame.image.tobytes(surface, "RGBA")

    box = drawn("\ue000")  # a private-use character: no font has it
    characters: set[str] = set()
    for path in [template_path(), *(catalog_path(lang) for lang in catalog_languages())]:
        for entry in read(path):
            for text in (entry.msgid, entry.msgid_plural, entry.msgstr,
                         *entry.msgstr_plural.values()):
                characters.update(text or "")
    lacking = sorted(c for c in characters if ord(c) > 126 and drawn(c) == box)
    assert not lacking, [f"{c} U+{ord(c):04X}" for c in lacking]


def test_the_window_title_speaks_the_players_language():
    from game.app.settings import Settings
    from game.app.window import App

    app = App(Settings(language="fr", sound=False), size=(1024, 600))
    assert app.window.title == "Tarot"
    app.update_settings(app.settings.with_(language="en"), save=False)
    assert app.window.title == "French Tarot"
    app.close()
