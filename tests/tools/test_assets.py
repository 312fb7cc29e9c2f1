"""The generated card art: every card has a sprite of the right size, and the generator
reproduces the committed files exactly."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from engine.cards import DECK_SIZE, format_card
from tests.helpers.apps import shut
from tests.helpers.paths import ROOT

SPRITES = ROOT / "sprites"
CARD_SIZE = (240, 448)
DECKS = ("cards", "cards-4colour")
ICONS = ("dealer", "taker", "called_king", "partner", "sound_on", "sound_off",
         "last_trick", "hint", "undo", "settings")


def _load(path: Path) -> pygame.Surface:
    assert path.is_file(), f"missing {path.relative_to(ROOT)}"
    return pygame.image.load(str(path))


@pytest.mark.parametrize("deck", DECKS)
def test_every_card_has_a_sprite_of_the_right_size(deck):
    for card in range(DECK_SIZE):
        image = _load(SPRITES / deck / f"{format_card(card)}.png")
        assert image.get_size() == CARD_SIZE, format_card(card)


@pytest.mark.parametrize("deck", DECKS)
def test_cards_have_transparent_rounded_corners_and_opaque_faces(deck):
    for token in ("KH", "1S", "T21", "EX", "10D"):
        image = _load(SPRITES / deck / f"{token}.png")
        w, h = image.get_size()
        for corner in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
            assert image.get_at(corner).a == 0, (token, corner)
        assert image.get_at((w // 2, h // 2)).a == 255, token
        assert image.get_at((w // 2, 3)).a == 255, token


def test_the_four_colour_deck_differs_only_where_it_should():
    def pixels(deck: str, token: str) -> bytes:
        return pygame.image.tobytes(_load(SPRITES / deck / f"{token}.png"), "RGBA")

    assert pixels("cards", "5D") != pixels("cards-4colour", "5D")
    assert pixels("cards", "5C") != pixels("cards-4colour", "5C")
    assert pixels("cards", "5S") == pixels("cards-4colour", "5S")
    assert pixels("cards", "T7") == pixels("cards-4colour", "T7")


@pytest.mark.parametrize("deck", DECKS)
def test_the_english_heads_differ_from_the_french_only_in_their_corner_indices(deck):
    """cards-en/ holds the king, queen and jack of each suit, nothing else (the knight is a C
    in both sets); each differs from its French card inside the two corner indices only."""
    english = SPRITES / f"{deck}-en"
    assert sorted(p.name for p in english.glob("*.png")) == sorted(
        f"{rank}{suit}.png" for rank in "JQK" for suit in "SHDC")
    w, h = CARD_SIZE
    for path in english.glob("*.png"):
        en, fr = _load(path), _load(SPRITES / deck / path.name)
        assert en.get_size() == CARD_SIZE
        assert pygame.image.tobytes(en, "RGBA") != pygame.image.tobytes(fr, "RGBA"), path.name
        for image in (en, fr):  # blank the corner indices' boxes: the rest is the same
            image.fill((0, 0, 0, 0), (0, 0, 60, 100))
            image.fill((0, 0, 0, 0), (w - 60, h - 100, 60, 100))
        assert pygame.image.tobytes(en, "RGBA") == pygame.image.tobytes(fr, "RGBA"), path.name


def test_every_card_face_is_distinct():
    seen: dict[bytes, str] = {}
    for card in range(DECK_SIZE):
        token = format_card(card)
        data = pygame.image.tobytes(_load(SPRITES / "cards" / f"{token}.png"), "RGBA")
        assert data not in seen, f"{token} looks exactly like {seen.get(data)}"
        seen[data] = token


def test_backs_felt_icons_and_contact_sheet():
    backs = sorted((SPRITES / "backs").glob("*.png"))
    assert len(backs) >= 2
    for back in backs:
        assert _load(back).get_size() == CARD_SIZE
    felt = _load(SPRITES / "felt.png")
    assert felt.get_width() >= 128 and felt.get_height() >= 128
    for name in ICONS:
        assert _load(SPRITES / "icons" / f"{name}.png").get_size() == (128, 128)
    app = _load(SPRITES / "icons" / "app.png")
    assert app.get_size() == (256, 256)
    assert app.get_at((0, 0)).a == 0 and app.get_at((128, 128)).a == 255  # rounded, solid
    sheet = _load(ROOT / "docs" / "deck.png")
    assert sheet.get_width() >= 1000


@pytest.mark.slow
def test_the_generator_reproduces_the_committed_art(tmp_path):
    """Rerunning the script gives identical files (byte for byte between two runs here, and
    pixel for pixel against what is committed, whatever the PNG encoder's version)."""
    from build.art import backs, cards, sheet, table, trumps

    first, second = tmp_path / "one", tmp_path / "two"
    for root in (first, second):
        for module in (cards, trumps, backs, table, sheet):
            module.make(root)
    made = sorted(p.relative_to(first) for p in first.rglob("*.png"))
    assert len(made) >= 2 * DECK_SIZE + 2 + 1 + len(ICONS) + 1
    for rel in made:
        assert (first / rel).read_bytes() == (second / rel).read_bytes(), f"{rel} differs"
        committed = ROOT / rel
        assert committed.is_file(), f"{rel} is generated but not committed"
        assert pygame.image.tobytes(_load(committed), "RGBA") == pygame.image.tobytes(
            _load(first / rel), "RGBA"
        ), f"{rel}: the committed file is out of date; run python build/make_assets.py"


# --- the faces the game draws ----------------------------------------------------------------


def test_the_assets_give_each_index_set_its_own_heads_and_share_every_other_face(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """English letters change the king, queen and jack only; a number card, a knight, a trump
    and the Excuse are the very same image whatever the letters."""
    from engine import cards as C
    from game.app.settings import Settings
    from game.app.window import App

    monkeypatch.setenv("TAROT_HOME", str(tmp_path))
    app = App(Settings(sound=False), size=(640, 360))
    try:
        assets = app.assets
        for four in (False, True):
            for card in range(DECK_SIZE):
                en, fr = assets.card(card, 120, four, "en"), assets.card(card, 120, four, "fr")
                assert en.get_size() == fr.get_size() == (120, 224)
                head = not C.is_trump(card) and card != C.EXCUSE and C.rank_of(card) in (
                    C.JACK, C.QUEEN, C.KING)
                same = pygame.image.tobytes(en, "RGBA") == pygame.image.tobytes(fr, "RGBA")
                assert same is not head, format_card(card)
                if not head:
                    assert en is fr, format_card(card)  # one image, one cache entry
        # the English face is the file in the -en folder, the French one the deck's own
        king = C.make_card(1, C.KING)
        for letters, folder in (("en", "cards-en"), ("fr", "cards")):
            expected = pygame.transform.smoothscale(
                _load(SPRITES / folder / "KH.png").convert_alpha(), (120, 224))
            assert pygame.image.tobytes(assets.card(king, 120, False, letters), "RGBA") == \
                pygame.image.tobytes(expected, "RGBA"), letters
    finally:
        shut(app)


def test_the_package_carries_the_whole_sprite_folder() -> None:
    """The English heads are folders of their own under sprites/: the PyInstaller spec takes
    sprites/ whole, so they travel with it (and ``tarot --selftest`` loads them)."""
    spec = (ROOT / "build" / "tarot.spec").read_text(encoding="utf-8")
    assert '(str(ROOT / "sprites"), "sprites")' in spec
    for folder in ("cards-en", "cards-4colour-en"):
        assert (SPRITES / folder).is_dir()


def test_small_text_keeps_the_fonts_proportions():
    """Small text is drawn large and scaled down: its width follows the font's design (the
    hinted font spaced words unevenly at small sizes: "Quit ter", "Ent rée", "0tricks")."""
    import pygame

    from game.app.fonts import SmoothFont

    pygame.font.init()
    for word in ("Quitter", "Entrée", "0 tricks", "Nouvelle partie"):
        for size in range(14, 28):
            small, large = SmoothFont(size), SmoothFont(2 * size)
            assert abs(small.size(word)[0] - large.size(word)[0] / 2) <= 1, (word, size)
            image = small.render(word, True, (255, 255, 255))
            assert image.get_size() == small.size(word)


#: The pixel sizes of text at 1024 x 600 (design sizes 12 to 24 at a unit of 0.8): the key
#: help and the side panel of the replay, the plates, the hint, the dialogs' notes.
SMALL_SIZES = range(9, 20)
#: The words that came apart at 1024 x 600 ("PgUp/PgDn: t rick", "M/Shi ft+M",
#: "Gauche/Droi te", "onglet s"), and a few more of the key help.
SPACED_WORDS = ("PgUp/PgDn", "trick", "M/Shift+M", "Gauche/Droite", "onglets", "Quitter",
                "Entrée", "signalé", "précédent", "défi", "vitesse")


def _ink_width(image) -> int:
    """From the first column of ``image`` with ink to the last (its column profile)."""
    columns = [x for x in range(image.get_width())
               if any(image.get_at((x, y)).a >= 40 for y in range(image.get_height()))]
    return columns[-1] - columns[0]


@pytest.mark.parametrize("size", SMALL_SIZES)
def test_small_text_spaces_its_letters_as_the_font_means_them(size):
    """Each letter takes, on screen, the room the font's design gives it. Drawn at twice
    its size and scaled down, small text still carried the hinting's whole pixels: a narrow
    letter's advance rounded up by a pixel at 22 px is half a pixel at 11, and words came
    apart. Measured on the drawn surfaces: a run of thirty of a letter is wider than a run
    of ten by twenty advances, each within a quarter of a pixel of the design's (the font
    at 1000 px, scaled)."""
    import pygame

    from game.app.fonts import SmoothFont

    pygame.font.init()
    font, design = SmoothFont(size), pygame.font.Font(None, 1000)
    for letter in sorted(set("".join(SPACED_WORDS)) - {"/", "+"}):
        short, long = (font.render(letter * n, True, (255, 255, 255)) for n in (10, 30))
        advance = (_ink_width(long) - _ink_width(short)) / 20
        meant = design.size(letter * 30)[0] / 30 * size / 1000
        assert abs(advance - meant) <= 0.25, (letter, size, advance, meant)


def test_a_long_text_is_drawn_at_its_own_size_and_never_wider_than_a_window():
    """A text of thousands of letters is not drawn eight times larger before it is scaled
    down (a surface of hundreds of megabytes): the longer the text, the less large. And
    none is drawn wider than the widest window: a word of 5,000 letters from a damaged file
    made a surface 300,000 pixels wide, which smoothscale wrote past the end of."""
    import pygame

    from game.app.fonts import LONGEST, WIDEST, SmoothFont

    pygame.font.init()
    font = SmoothFont(12)
    assert font._scale("trick") == 8
    for length in (200, 2000, 5000):
        scale = font._scale("W" * length)
        assert scale * 12 * length <= WIDEST or scale == 1, length
    for size in (12, 60, 1000, 10 ** 6):
        font = SmoothFont(size)
        image = font.render("W" * 5000, True, (255, 255, 255))
        assert image.get_width() == font.size("W" * 5000)[0]
        assert LONGEST - size <= image.get_width() <= LONGEST, size
    assert font.cut("W" * 5000, 300).endswith("…") and font.cut("Quit", 10 ** 6) == "Quit"
