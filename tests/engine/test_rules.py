"""rules.yaml: the bundled defaults match RULES.md, variants change what they say, bad files are
refused with a message that names the key and the form expected."""

from __future__ import annotations

import dataclasses
import os
import subprocess
from pathlib import Path

import pytest

from engine import cards as C
from engine.actions import PASS, Bid, Call
from engine.choices import callable_cards
from engine.deal import Deal
from engine.events import DealDealt
from engine.rules import (
    CONTRACT_NAMES,
    Rules,
    RulesError,
    default_rules_path,
    list_variants,
    load_rules,
    rules_to_dict,
)
from tests.helpers.paths import ROOT

BUNDLED = default_rules_path().read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def fft() -> Rules:
    return load_rules()


# --- the bundled file ---------------------------------------------------------------------------


def test_bundled_file_is_the_project_rules_yaml() -> None:
    assert default_rules_path() == ROOT / "rules.yaml"


def test_hand_and_dog_sizes(fft: Rules) -> None:
    assert {n: (s.hand, s.dog) for n, s in fft.setups.items()} == {
        3: (24, 6), 4: (18, 6), 5: (15, 3)}
    for n in (3, 4, 5):
        setup = fft.setup(n)
        assert setup.players == n
        assert setup.hand * n + setup.dog == 78
        assert setup.hand % setup.packet == 0
    assert (fft.setup(3).packet, fft.setup(4).packet, fft.setup(5).packet) == (4, 3, 3)


@pytest.mark.parametrize("players", [2, 6, 0])
def test_unsupported_player_counts(fft: Rules, players: int) -> None:
    with pytest.raises(RulesError, match=rf"^players: {players} players is not supported"):
        fft.setup(players)


def test_contracts(fft: Rules) -> None:
    assert [c.name for c in fft.contracts] == list(CONTRACT_NAMES)
    assert [c.multiplier for c in fft.contracts] == [1, 2, 4, 6]
    assert [c.rank for c in fft.contracts] == [1, 2, 3, 4]
    # §3: Petite and Garde show and take the dog; Garde sans keeps it for the taker, Garde
    # contre gives it to the defence.
    assert [c.dog_shown for c in fft.contracts] == [True, True, False, False]
    assert [c.dog_to_taker for c in fft.contracts] == [True, True, True, False]
    assert fft.contract("prise") is fft.contract("petite")
    with pytest.raises(RulesError, match=r"^unknown contract 'garde_avec'$"):
        fft.contract("garde_avec")


def test_scoring_numbers(fft: Rules) -> None:
    assert fft.targets == (56, 51, 41, 36)
    assert fft.contract_base == 25
    assert fft.petit_au_bout == 10
    assert fft.handful_thresholds(3) == (13, 15, 18)
    assert fft.handful_thresholds(4) == (10, 13, 15)
    assert fft.handful_thresholds(5) == (8, 10, 13)
    assert fft.handful_bonus == (20, 30, 40)
    slam = fft.slam
    assert (slam.announced_made, slam.made, slam.announced_failed, slam.defence) == (
        400, 200, -200, -200)


def test_play_options(fft: Rules) -> None:
    assert fft.excuse_last_trick == "changes_camp"
    assert fft.petit_sec == "redeal"
    assert fft.five_player_split == (2, 1)
    assert fft.five_player_call == "king"
    assert fft.miseres is False
    assert fft.misere_value == 10
    assert fft.variant == "fft"


def test_list_variants() -> None:
    variants = list_variants()
    assert list(variants) == ["fft", "miseres", "excuse_to_trick_winner", "call_any_card"]
    assert all(isinstance(text, str) and text for text in variants.values())


def test_loading_is_repeatable(fft: Rules) -> None:
    assert load_rules() == fft
    assert load_rules(default_rules_path()) == fft
    assert load_rules(variant="fft") == fft


# --- variants -----------------------------------------------------------------------------------


def _changed_keys(rules: Rules, base: Rules) -> dict[str, tuple[object, object]]:
    mine, theirs = rules_to_dict(rules), rules_to_dict(base)
    return {k: (theirs[k], mine[k]) for k in mine if mine[k] != theirs[k]}


@pytest.mark.parametrize(
    ("variant", "changes"),
    [
        ("fft", {}),
        ("miseres", {"miseres": ({"enabled": False, "value": 10}, {"enabled": True, "value": 10})}),
        ("excuse_to_trick_winner", {"excuse_last_trick": ("changes_camp", "trick_winner")}),
        ("call_any_card", {"five_player_call": ("king", "any")}),
    ],
)
def test_each_variant_changes_only_what_it_says(fft: Rules, variant: str,
                                                changes: dict[str, object]) -> None:
    rules = load_rules(variant=variant)
    assert rules.variant == variant
    assert _changed_keys(rules, fft) == changes


def test_miseres_variant_fields() -> None:
    rules = load_rules(variant="miseres")
    assert rules.miseres is True and rules.misere_value == 10


def _five_player_deal_at_the_call(rules: Rules) -> Deal:
    """A five-player deal in which seat 1, who holds no king, has taken a Garde."""
    kings = [C.parse_card(t) for t in ("KS", "KH", "KD", "KC")]
    others = [c for c in range(C.DECK_SIZE) if c not in kings]
    hands = {1: others[:15]}
    for i, (seat, king) in enumerate(zip((0, 2, 3, 4), kings, strict=True)):
        hands[seat] = [king, *others[15 + 14 * i: 29 + 14 * i]]
    dealt = DealDealt(5, 0, tuple(tuple(hands[s]) for s in range(5)), tuple(others[71:]), None)
    deal = Deal.from_dealt(rules, dealt)
    assert not deal.is_over
    deal.execute(1, Bid("garde"))
    for seat in (2, 3, 4, 0):
        deal.execute(seat, PASS)
    return deal


def test_call_any_card_variant_changes_the_call() -> None:
    king_only = _five_player_deal_at_the_call(load_rules())
    assert C.format_cards(callable_cards(king_only.state)) == ["KS", "KH", "KD", "KC"]
    any_card = _five_player_deal_at_the_call(load_rules(variant="call_any_card"))
    assert callable_cards(any_card.state) == list(range(C.DECK_SIZE))
    any_card.execute(1, Call(C.parse_card("7D")))
    with pytest.raises(ValueError, match="may not call 7D"):
        king_only.execute(1, Call(C.parse_card("7D")))


def test_unknown_variant_requested() -> None:
    with pytest.raises(RulesError) as info:
        load_rules(variant="nope")
    assert str(info.value) == (
        "variant 'nope' is not in the rules file "
        "(known: call_any_card, excuse_to_trick_winner, fft, miseres)"
    )


# --- the Rules object is frozen -------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "value"),
    [("targets", (0, 0, 0, 0)), ("contract_base", 0), ("miseres", True), ("variant", "x"),
     ("excuse_last_trick", "trick_winner"), ("setups", {}), ("contracts", ())],
)
def test_rules_are_frozen(fft: Rules, name: str, value: object) -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(fft, name, value)
    assert load_rules() == fft


def test_parts_are_frozen(fft: Rules) -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        fft.contracts[0].multiplier = 3  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        fft.setup(4).hand = 20  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        fft.slam.made = 0  # type: ignore[misc]
    assert isinstance(fft.targets, tuple) and isinstance(fft.contracts, tuple)
    assert isinstance(fft.handful_bonus, tuple) and isinstance(fft.handfuls[3], tuple)


def test_overrides_make_a_new_object(fft: Rules) -> None:
    changed = fft.with_overrides({"petit_au_bout": 20, "miseres": {"enabled": True}})
    assert (changed.petit_au_bout, changed.miseres, changed.misere_value) == (20, True, 10)
    assert (fft.petit_au_bout, fft.miseres) == (10, False)
    assert load_rules().petit_au_bout == 10
    with pytest.raises(RulesError, match=r"^rules\.targets: expected a list of 4 whole numbers"):
        fft.with_overrides({"targets": [1, 2]})
    with pytest.raises(RulesError, match=r"^rules\.colour: unknown key"):
        fft.with_overrides({"colour": "red"})


# --- bad files ----------------------------------------------------------------------------------


def _write(tmp_path: Path, text: str | bytes, name: str = "rules.yaml") -> Path:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def _edited(old: str, new: str) -> str:
    assert BUNDLED.count(old) == 1, f"{old!r} is not once in rules.yaml"
    return BUNDLED.replace(old, new)


def _refused(tmp_path: Path, text: str | bytes, variant: str = "fft") -> str:
    path = _write(tmp_path, text)
    with pytest.raises(RulesError) as info:
        load_rules(path, variant=variant)
    return str(info.value)


# (replace this, with that) in the bundled file → the message starts with ..., and contains ...
BAD_EDITS = [
    # unknown keys: at the top, in rules, in a variant's rules, in a variant
    ("version: 1\n", "version: 1\nextra: 1\n", "extra: unknown key",
     "expected one of: format, rules, variants, version"),
    ("  contract_base: 25\n", "  contract_base: 25\n  bonus_points: 5\n",
     "rules.bonus_points: unknown key", "contract_base"),
    ("      five_player_call: any\n", "      five_player_call: any\n      colour: red\n",
     "variants.call_any_card.rules.colour: unknown key", "five_player_call"),
    ("    description: With five", "    colour: red\n    description: With five",
     "variants.call_any_card.colour: unknown key", "expected one of: description, rules"),
    ("    5: {hand: 15, dog: 3, packet: 3}\n",
     "    5: {hand: 15, dog: 3, packet: 3}\n    6: {hand: 12, dog: 6, packet: 3}\n",
     "rules.players.6: unknown player count", "expected 3, 4 or 5"),
    ("    garde_contre: 6\n", "    garde_contre: 6\n    garde_avec: 3\n",
     "rules.contracts.garde_avec: unknown key", "garde_sans"),
    ("    defence: -200", "    defence: -200\n    petit: 1\n",
     "rules.slam.petit: unknown key", "announced_made"),
    # wrong types
    ("contract_base: 25", "contract_base: '25'", "rules.contract_base:",
     "expected a whole number from 0 to 1000, got '25'"),
    ("contract_base: 25", "contract_base: 25.5", "rules.contract_base:",
     "expected a whole number from 0 to 1000, got 25.5"),
    ("petit_au_bout: 10", "petit_au_bout: true", "rules.petit_au_bout:",
     "expected a whole number from 0 to 1000, got True"),
    ("    garde: 2\n", "    garde: yes\n", "rules.contracts.garde:",
     "expected a whole number from 1 to 100, got True"),
    ("3: {hand: 24, dog: 6, packet: 4}", "3: {hand: '24', dog: 6, packet: 4}",
     "rules.players.3.hand:", "expected a whole number from 1 to 78, got '24'"),
    ("targets: [56, 51, 41, 36]", "targets: [56, 51, 41]", "rules.targets:",
     "expected a list of 4 whole numbers from 0 to 91, got [56, 51, 41]"),
    ("targets: [56, 51, 41, 36]", "targets: 56", "rules.targets:",
     "expected a list of 4 whole numbers from 0 to 91, got 56"),
    ("handful_bonus: [20, 30, 40]", "handful_bonus: [20, 30, 40, 50]", "rules.handful_bonus:",
     "expected a list of 3 whole numbers from 0 to 1000"),
    ("    4: [10, 13, 15]", "    4: [10, 13]", "rules.handfuls.4:",
     "expected a list of 3 whole numbers from 1 to 22, got [10, 13]"),
    ("five_player_split: [2, 1]", "five_player_split: [3]", "rules.five_player_split:",
     "expected a list of 2 whole numbers from 0 to 3, got [3]"),
    ("five_player_split: [2, 1]", "five_player_split: [2, true]", "rules.five_player_split:",
     "expected a list of 2 whole numbers"),
    ("  slam:\n", "  slam: 400\n  old_slam:\n", "rules.old_slam: unknown key", "slam"),
    ("miseres: {enabled: true, value: 10}", "miseres: {enabled: 'yes', value: 10}",
     "variants.miseres.rules.miseres.enabled:", "expected true or false, got 'yes'"),
    # impossible values
    ("4: {hand: 18, dog: 6, packet: 3}", "4: {hand: 18, dog: 3, packet: 3}", "rules.players.4:",
     "4 hands of 18 and a dog of 3 make 75 cards, not 78"),
    ("3: {hand: 24, dog: 6, packet: 4}", "3: {hand: 24, dog: 6, packet: 5}",
     "rules.players.3.packet:", "5 does not divide a hand of 24"),
    ("    garde_sans: 4\n", "    garde_sans: 1\n", "rules.contracts.garde_sans:",
     "multiplier 1 is below garde's 2"),
    ("targets: [56, 51, 41, 36]", "targets: [56, 51, 41, 46]", "rules.targets:",
     "more oudlers may not need more points, got [56, 51, 41, 46]"),
    ("targets: [56, 51, 41, 36]", "targets: [56, 51, 41, 92]", "rules.targets:",
     "expected a list of 4 whole numbers from 0 to 91"),
    ("    3: [13, 15, 18]", "    3: [13, 13, 18]", "rules.handfuls.3:",
     "simple, double and triple must increase, got [13, 13, 18]"),
    ("    5: [8, 10, 13]", "    5: [8, 10, 16]", "rules.handfuls.5:",
     "a triple of 16 is more than a hand holds"),
    ("five_player_split: [2, 1]", "five_player_split: [2, 2]", "rules.five_player_split:",
     "must add up to 3"),
    ("announced_failed: -200", "announced_failed: 200", "rules.slam.announced_failed:",
     "expected a whole number from -10000 to 0, got 200"),
    ("excuse_last_trick: changes_camp", "excuse_last_trick: owner", "rules.excuse_last_trick:",
     "expected 'changes_camp' or 'trick_winner', got 'owner'"),
    ("petit_sec: redeal", "petit_sec: ignore", "rules.petit_sec:",
     "expected 'redeal' or 'play', got 'ignore'"),
    ("five_player_call: king", "five_player_call: queen", "rules.five_player_call:",
     "expected 'king' or 'any', got 'queen'"),
    ("  contract_base: 25\n", "", "rules.contract_base: missing", ""),
    # a bad variant spoils the file even when another variant is asked for
    ("      excuse_last_trick: trick_winner", "      excuse_last_trick: dog",
     "variants.excuse_to_trick_winner.rules.excuse_last_trick:",
     "expected 'changes_camp' or 'trick_winner', got 'dog'"),
    ("      five_player_call: any", "      five_player_call: [any]",
     "variants.call_any_card.rules.five_player_call:", "expected 'king' or 'any'"),
    # the head of the file
    ("format: tarot-rules", "format: tarot-match", "format:",
     "expected 'tarot-rules', got 'tarot-match'"),
    ("version: 1", "version: 2", "version:", "this game reads version 1, got 2"),
    ("version: 1", "version: '1'", "version:", "this game reads version 1, got '1'"),
    ("rules:\n  # Cards", "rules: 3\nold:\n  # Cards", "old: unknown key", ""),
]


@pytest.mark.parametrize(("old", "new", "start", "detail"), BAD_EDITS,
                         ids=[f"{i}-{e[2].split(':')[0]}" for i, e in enumerate(BAD_EDITS)])
def test_bad_values_are_refused(tmp_path: Path, old: str, new: str, start: str,
                                detail: str) -> None:
    message = _refused(tmp_path, _edited(old, new))
    assert message.startswith(start), message
    assert detail in message, message


def test_rules_must_be_a_mapping(tmp_path: Path) -> None:
    text = "format: tarot-rules\nversion: 1\nrules: [1, 2]\n"
    assert _refused(tmp_path, text) == "rules: expected a mapping of rule options"
    text = "format: tarot-rules\nversion: 1\nrules:\n"
    assert _refused(tmp_path, text) == "rules: expected a mapping of rule options"


def test_variants_must_be_a_mapping(tmp_path: Path) -> None:
    head = BUNDLED.split("\nvariants:\n")[0] + "\n"
    message = _refused(tmp_path, head + "variants: [fft]\n")
    assert message == "variants: expected a mapping of variant names to variants, got ['fft']"
    message = _refused(tmp_path, head + "variants: []\n")  # empty, and still not a mapping
    assert message == "variants: expected a mapping of variant names to variants, got []"
    message = _refused(tmp_path, head + "variants:\n  house: 3\n")
    assert message == "variants.house: expected a mapping with 'description' and 'rules'"
    message = _refused(tmp_path, head + "variants:\n  house:\n    rules: [1]\n")
    assert message == "variants.house.rules: expected a mapping of rule options"
    message = _refused(tmp_path, head + "variants:\n  house rules:\n    rules: {}\n")
    assert message.startswith("variants: a variant name must be a word")


def test_malformed_yaml_reports_line_and_column(tmp_path: Path) -> None:
    text = "format: tarot-rules\nversion: 1\nrules:\n  contract_base: 25\n petit_au_bout: 10\n"
    message = _refused(tmp_path, text)
    assert message.startswith(f"{tmp_path / 'rules.yaml'}: not valid YAML: ")
    assert message.endswith("(line 5, column 2)")
    message = _refused(tmp_path, "format: tarot-rules\n\tversion: 1\n")  # a tab indents
    assert "not valid YAML" in message and "(line 2, column 1)" in message
    message = _refused(tmp_path, _edited("targets: [56, 51, 41, 36]", "targets: [56, 51, 41, 36"))
    line = BUNDLED.split("  contract_base:")[0].count("\n") + 1  # the next key, found instead
    assert message.endswith(f"but got '?' (line {line}, column 3)"), message


@pytest.mark.parametrize(
    "hostile",
    [
        '!!python/object/apply:os.system ["touch {marker}"]\n',
        '!!python/object/apply:subprocess.call [["touch", "{marker}"]]\n',
        '!!python/object/new:os.system ["touch {marker}"]\n',
        "!!python/name:os.system\n",
        None,  # the tag hidden inside an otherwise good file
    ],
)
def test_hostile_yaml_tags_never_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                     hostile: str | None) -> None:
    calls: list[object] = []

    def record(*args: object, **kwargs: object) -> int:
        calls.append(args)
        return 0

    monkeypatch.setattr(os, "system", record)
    monkeypatch.setattr(subprocess, "call", record)
    monkeypatch.setattr(subprocess, "Popen", record)
    marker = tmp_path / "hacked"
    if hostile is None:
        text = _edited("contract_base: 25",
                       f'contract_base: !!python/object/apply:os.system ["touch {marker}"]')
    else:
        text = hostile.replace("{marker}", str(marker))
    message = _refused(tmp_path, text)
    assert "the YAML tag" in message and "is refused: plain data only" in message
    assert calls == []
    assert not marker.exists()


def test_empty_file(tmp_path: Path) -> None:
    path = tmp_path / "rules.yaml"
    for text in ("", "\n# only a comment\n", "---\n"):
        message = _refused(tmp_path, text)
        assert message == f"{path}: expected a mapping with 'rules' and 'variants'"


def test_file_that_is_a_list_or_a_scalar(tmp_path: Path) -> None:
    path = tmp_path / "rules.yaml"
    for text in ("- rules\n- variants\n", "hello\n", "42\n"):
        assert _refused(tmp_path, text) == f"{path}: expected a mapping with 'rules' and 'variants'"


def test_non_utf8_bytes(tmp_path: Path) -> None:
    path = tmp_path / "rules.yaml"
    data = BUNDLED.encode("utf-8").replace(b"# French Tarot rules", b"# Tarot \xe9\xff r\xe8gles")
    assert _refused(tmp_path, data) == f"{path}: not UTF-8 text (byte 8)"
    assert _refused(tmp_path, BUNDLED.encode("utf-16")) == f"{path}: not UTF-8 text (byte 0)"


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.yaml"
    with pytest.raises(RulesError, match="no such file") as info:
        load_rules(path)
    assert str(info.value).startswith(str(path))


def test_a_good_copy_loads_and_comments_do_not_matter(tmp_path: Path, fft: Rules) -> None:
    text = "\n".join(line.split(" #")[0] for line in BUNDLED.splitlines()
                     if not line.lstrip().startswith("#"))
    path = _write(tmp_path, text)
    assert load_rules(path) == fft
    for variant in ("miseres", "excuse_to_trick_winner", "call_any_card"):
        assert load_rules(path, variant=variant) == load_rules(variant=variant)


def test_a_house_file_with_its_own_numbers(tmp_path: Path) -> None:
    text = _edited("contract_base: 25", "contract_base: 20")
    text = text.replace("petit_au_bout: 10", "petit_au_bout: 20")
    rules = load_rules(_write(tmp_path, text))
    assert (rules.contract_base, rules.petit_au_bout) == (20, 20)
    assert load_rules(_write(tmp_path, text), variant="miseres").contract_base == 20
    assert load_rules().contract_base == 25


def test_shared_rules_cannot_be_changed_in_place_and_still_pickle():
    import pickle

    rules = load_rules()
    with pytest.raises(TypeError):
        rules.setups[4] = rules.setups[3]  # type: ignore[index]
    with pytest.raises(TypeError):
        rules.handfuls[4] = (1, 2, 3)  # type: ignore[index]
    assert load_rules().setup(4).hand == 18
    assert pickle.loads(pickle.dumps(rules)) == rules


# --- the guarded path: duplicates, aliases, size, what is not a file --------------------------


def test_a_duplicate_key_is_refused_not_silently_replaced(tmp_path: Path) -> None:
    text = _edited("targets: [56, 51, 41, 36]",
                   "targets: [56, 51, 41, 36]\n  targets: [1, 2, 3, 4]")
    message = _refused(tmp_path, text)
    assert "duplicate key 'targets'" in message and "(line " in message


def test_a_billion_laughs_is_refused_at_once(tmp_path: Path) -> None:
    levels = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"]
    levels += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 9)]
    text = BUNDLED + "\n".join(levels) + "\n"
    message = _refused(tmp_path, text)
    assert "too large once expanded" in message
    assert len(message) < 300


def test_a_huge_unknown_key_is_named_in_a_short_message(tmp_path: Path) -> None:
    text = BUNDLED.replace("rules:\n", "rules:\n  ? " + "k" * 100_000 + "\n  : 1\n", 1)
    message = _refused(tmp_path, text)
    assert "unknown key" in message and len(message) < 300


def test_a_rules_file_far_too_large_is_refused_before_it_is_read(tmp_path: Path) -> None:
    padded = BUNDLED + ("# a comment\n" * 40_000)
    message = _refused(tmp_path, padded)
    assert "more than the 256 KB such a file may hold" in message


def test_a_rules_file_that_is_not_a_file_is_refused(tmp_path: Path) -> None:
    import os

    folder = tmp_path / "rules.yaml"
    folder.mkdir()
    with pytest.raises(RulesError, match="is a folder"):
        load_rules(folder)
    fifo = tmp_path / "fifo.yaml"
    os.mkfifo(fifo)
    with pytest.raises(RulesError, match="is a FIFO"):
        load_rules(fifo)


def test_a_number_of_thousands_of_digits_is_refused_in_one_line(tmp_path: Path) -> None:
    message = _refused(tmp_path, _edited("contract_base: 25", "contract_base: " + "9" * 5000))
    assert "cannot be read" in message and len(message) < 300
