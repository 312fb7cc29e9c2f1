"""Deal records (DEAL_RECORD.md): reading, checking, scoring, exporting, and ``engine score``.

Full records are generated from random legal deals with :func:`export_record` rather than
typed by hand; each error test starts from such a record and corrupts one field.
"""

from __future__ import annotations

import copy
import json
import pathlib
import random
import subprocess
import sys
from typing import Any

import pytest
import yaml

from engine import cards as C
from engine.actions import AnnounceMisere, Bid, Call, DecideSlam
from engine.choices import callable_cards, handful_options, misere_options
from engine.cli import main
from engine.deal import Deal
from engine.randomplay import random_action, random_discard, random_handful
from engine.record import FIELDS, RecordError, load_record, score_record
from engine.record_export import export_record
from engine.rules import Rules, load_rules
from engine.state import Phase
from tests.helpers.paths import RECORDS, ROOT

RULES = load_rules()
SPEC_KEYS = [
    "players", "taker", "partner", "contract", "oudlers", "points", "target", "made", "margin",
    "petit_au_bout", "handful_bonus", "slam", "value", "scores",
]


# --- building deals and records ------------------------------------------------------------------


def play_out(deal: Deal, rng: random.Random, *, stop: int | None = None,
             handful_rate: float = 0.5, slam_rate: float = 0.0) -> Deal:
    """Random legal actions until the deal is over, or until ``stop`` cards have been played.

    Each seat may show a random handful (and, under the misère variant, announces every misère
    it can) just before its first card, as the table does.
    """
    while not deal.is_over:
        state = deal.state
        seat = state.turn
        assert seat is not None
        if state.phase is Phase.PLAYING:
            played = len(state.tricks) * state.n + len(state.trick)
            if stop is not None and played >= stop:
                break
            if not state.played_seats >> seat & 1:
                for kind in misere_options(state, seat):
                    deal.execute(seat, AnnounceMisere(kind))
                if rng.random() < handful_rate:
                    handful = random_handful(deal.state, seat, rng)
                    if handful is not None:
                        deal.execute(seat, handful)
        deal.execute(seat, random_action(deal.state, rng, slam_rate=slam_rate))
    return deal


def random_deal(players: int, seed: int, rules: Rules = RULES, **options: Any) -> Deal:
    """A random deal (it may be cancelled) played out from ``seed``."""
    deal = Deal.new(rules, players, seed % players, seed)
    return play_out(deal, random.Random(seed), **options)


def forced_deal(players: int, contract: str, seed: int = 0, *, slam: bool = False,
                stop: int | None = None, rules: Rules = RULES, handful_rate: float = 0.0,
                accept: Any = None) -> Deal:
    """A deal where the first speaker bids ``contract`` and everyone else passes.

    Seeds from ``seed`` on are tried until the deal is not a petit sec and ``accept(deal)``
    (called after the bidding, call and discard) holds.
    """
    for attempt in range(seed, seed + 2000):
        deal = Deal.new(rules, players, attempt % players, attempt)
        if deal.is_over:
            continue
        rng = random.Random(attempt)
        for i in range(players):
            deal.execute(deal.state.turn, Bid(contract if i == 0 else None))  # type: ignore[arg-type]
        taker = deal.state.taker
        assert taker is not None
        if deal.state.phase is Phase.CALLING:
            deal.execute(taker, Call(callable_cards(deal.state)[0]))
        if deal.state.phase is Phase.DISCARDING:
            deal.execute(taker, random_discard(deal.state, rng))
        deal.execute(taker, DecideSlam(slam))
        if accept is not None and not accept(deal):
            continue
        return play_out(deal, rng, stop=stop, handful_rate=handful_rate)
    raise AssertionError("no suitable seed")


def record_of(deal: Deal, *, flat: bool = False) -> dict[str, Any]:
    """The deal's record as plain data (``play`` as one flat list when ``flat``)."""
    record: dict[str, Any] = yaml.safe_load(export_record(deal))
    if flat and record.get("play"):
        record["play"] = [card for trick in record["play"] for card in trick]
    return record


def dump(record: dict[str, Any]) -> str:
    return yaml.safe_dump(record, sort_keys=False)


def error_of(record: dict[str, Any] | str) -> str:
    text = record if isinstance(record, str) else dump(record)
    with pytest.raises(RecordError) as info:
        score_record(text)
    message = str(info.value)
    assert "\n" not in message
    return message


@pytest.fixture(scope="module")
def garde4() -> Deal:
    """A finished 4-player Garde whose taker holds a king (for the discard tests)."""
    def taker_has_king(deal: Deal) -> bool:
        taker = deal.state.taker
        assert taker is not None
        return bool(deal.state.hands[taker] & C.KING_MASK)

    return forced_deal(4, "garde", 1, accept=taker_has_king)


@pytest.fixture(scope="module")
def garde_sans4() -> Deal:
    return forced_deal(4, "garde_sans", 5)


@pytest.fixture(scope="module")
def five() -> Deal:
    return forced_deal(5, "petite", 3)


# --- success -------------------------------------------------------------------------------------


def test_a_finished_record_scores_with_the_spec_fields(garde4: Deal) -> None:
    out = score_record(dump(record_of(garde4, flat=True)))
    assert list(out) == SPEC_KEYS
    result = garde4.result
    assert result is not None
    assert out == result.to_json()
    assert out["players"] == 4 and out["contract"] == "garde" and out["partner"] is None
    assert isinstance(out["made"], bool) and out["margin"] >= 0
    assert out["slam"] in (None, "announced_made", "made", "announced_failed", "defence")
    assert out["petit_au_bout"] in (None, "taker", "defence")
    assert sum(out["scores"]) == 0 and len(out["scores"]) == 4
    assert out["scores"][out["taker"]] == 3 * out["value"]


def test_the_flat_and_the_list_of_tricks_forms_agree(garde4: Deal) -> None:
    tricks = record_of(garde4)
    flat = record_of(garde4, flat=True)
    assert all(len(trick) == 4 for trick in tricks["play"]) and len(tricks["play"]) == 18
    assert len(flat["play"]) == 72
    assert score_record(dump(tricks)) == score_record(dump(flat))


def test_the_spec_example_json_line_is_compact_json(garde4: Deal) -> None:
    line = json.dumps(score_record(export_record(garde4)))
    assert "\n" not in line and line.startswith('{"players": 4, "taker": ')


def test_tokens_and_bids_are_case_insensitive_and_prise_is_petite() -> None:
    deal = forced_deal(4, "petite", 11)
    record = record_of(deal, flat=True)
    record["bids"] = [("Prise" if bid == "petite" else bid.upper()) for bid in record["bids"]]
    record["hands"] = [[token.lower() for token in hand] for hand in record["hands"]]
    record["play"] = [token.lower() for token in record["play"]]
    out = score_record(dump(record))
    assert out["contract"] == "petite"
    result = deal.result
    assert result is not None and out == result.to_json()


def test_five_players_with_a_call(five: Deal) -> None:
    record = record_of(five)
    assert "call" in record and len(record["hands"]) == 5 and len(record["dog"]) == 3
    out = score_record(dump(record))
    assert out["players"] == 5 and len(out["scores"]) == 5 and sum(out["scores"]) == 0
    assert out["partner"] == five.state.partner


def test_an_announced_slam_makes_the_taker_lead() -> None:
    deal = forced_deal(4, "garde_sans", 2, slam=True)
    record = record_of(deal, flat=True)
    assert record["slam"] is True
    loaded = load_record(dump(record))
    assert loaded.state.tricks[0][0] == loaded.state.taker
    out = score_record(dump(record))
    assert out["slam"] in ("announced_made", "announced_failed", "defence")


def test_handfuls_are_shown_with_the_first_card_and_keyed_by_seat() -> None:
    def someone_has_a_handful(deal: Deal) -> bool:
        return any(
            (hand & C.TRUMP_MASK).bit_count() >= 10 for hand in deal.state.hands
        )

    deal = forced_deal(4, "garde", 0, handful_rate=1.0, accept=someone_has_a_handful)
    assert deal.state.handfuls
    record = record_of(deal)
    seat, shown = next(iter(record["handfuls"].items()))
    out = score_record(dump(record))
    assert out["handful_bonus"] == RULES.handful_bonus[(10, 13, 15).index(len(shown))]
    record["handfuls"] = {str(seat): shown}  # a seat written as text is a seat too
    assert score_record(dump(record)) == out
    assert load_record(dump(record)).state.handfuls[seat] == tuple(C.parse_cards(shown))


def test_rules_overrides_apply_to_the_deal(garde4: Deal) -> None:
    record = record_of(garde4)
    record["rules"] = {"excuse_last_trick": "trick_winner", "contracts": {"garde": 3}}
    deal = load_record(dump(record))
    assert deal.rules.excuse_last_trick == "trick_winner"
    assert deal.rules.contract("garde").multiplier == 3
    # |V| is at least (25 - 10) times the multiplier, so a new multiplier changes it
    assert score_record(dump(record))["value"] != score_record(export_record(garde4))["value"]


def test_misères_under_the_variant() -> None:
    rules = RULES.with_overrides({"miseres": {"enabled": True, "value": 10}})

    def someone_has_no_trump(deal: Deal) -> bool:
        return any(not hand & C.TRUMP_MASK for hand in deal.state.hands)

    deal = forced_deal(5, "garde", 0, rules=rules, accept=someone_has_no_trump)
    assert deal.state.miseres
    record = record_of(deal)
    assert record["rules"]["miseres"]["enabled"] is True
    out = score_record(dump(record))
    result = deal.result
    assert result is not None and out == result.to_json()
    seat = next(iter(record["miseres"]))
    holder = next(s for s in range(5) if s != deal.state.taker
                  and C.mask_of(deal.state.dealt[s]) & C.TRUMP_MASK)
    record["miseres"] = {holder: ["trump"]}
    assert error_of(record) == (
        f"miseres.{holder}[0]: seat {holder} may not announce misère of trump now"
    )
    record["miseres"] = {seat: ["none"]}
    assert error_of(record) == f"miseres.{seat}[0]: unknown misère 'none' (trump or heads)"


# --- unfinished and cancelled deals -------------------------------------------------------------


@pytest.mark.parametrize("stop", [0, 1, 7, 36, 71])
def test_a_record_that_stops_early_is_unfinished(stop: int) -> None:
    deal = forced_deal(4, "garde", 21, stop=stop)
    record = record_of(deal, flat=True)
    assert len(record["play"]) == stop
    out = score_record(dump(record))
    state = deal.state
    assert out["unfinished"] is True
    assert out["next_seat"] == state.turn
    assert out["legal"] == C.format_cards(C.cards_of(state.legal_plays()))
    assert out["players"] == 4 and out["taker"] == state.taker and out["contract"] == "garde"
    assert out["tricks_played"] == stop // 4
    assert out["trick"] == C.format_cards(state.trick)


def test_a_handful_shown_by_the_seat_about_to_play_survives_an_unfinished_record() -> None:
    def first_leader_has_a_handful(deal: Deal) -> bool:
        return bool(handful_options(deal.state, deal.state.turn))  # type: ignore[arg-type]

    deal = forced_deal(4, "garde", 0, stop=0, accept=first_leader_has_a_handful)
    seat = deal.state.turn
    assert seat is not None
    handful = random_handful(deal.state, seat, random.Random(0))
    assert handful is not None
    deal.execute(seat, handful)
    again = load_record(export_record(deal))
    assert again.state.handfuls == {seat: tuple(sorted(handful.cards, reverse=True))}
    assert export_record(again) == export_record(deal)


def test_everyone_passing_cancels_the_deal_and_ignores_the_rest(garde4: Deal) -> None:
    record = record_of(garde4)
    record["bids"] = ["pass", "PASS", "pass", "pass"]
    record["discard"] = "not even a list"
    record["play"] = [["XX"]]
    record["call"] = "KH"
    assert score_record(dump(record)) == {"cancelled": "all_passed", "scores": [0, 0, 0, 0]}


def test_a_petit_sec_cancels_the_deal() -> None:
    plain = [C.format_card(c) for c in range(C.FIRST_TRUMP)]
    rest = plain[17:] + [C.format_card(c) for c in range(C.FIRST_TRUMP + 1, C.DECK_SIZE)]
    random.Random(5).shuffle(rest)
    hands = [["T1", *plain[:17]], rest[0:18], rest[18:36], rest[36:54]]
    record: dict[str, Any] = {"players": 4, "dealer": 2, "hands": hands, "dog": rest[54:]}
    assert score_record(dump(record)) == {"cancelled": "petit_sec", "scores": [0, 0, 0, 0]}
    record["bids"] = "ignored after a petit sec"
    assert score_record(dump(record)) == {"cancelled": "petit_sec", "scores": [0, 0, 0, 0]}
    record["rules"] = {"petit_sec": "play"}
    record["bids"] = ["pass", "pass", "pass", "pass"]
    assert score_record(dump(record))["cancelled"] == "all_passed"


# --- export round trips -------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5])
def test_exported_finished_deals_score_like_the_engine(players: int) -> None:
    scored = 0
    for seed in range(40):
        deal = random_deal(players, seed, slam_rate=0.1)
        text = export_record(deal)
        out = score_record(text)
        if deal.state.phase is Phase.CANCELLED:
            assert out == {"cancelled": deal.state.cancelled, "scores": [0] * players}
            continue
        result = deal.result
        assert result is not None
        assert out == result.to_json()
        assert export_record(load_record(text)) == text
        scored += 1
    assert scored > 10


@pytest.mark.parametrize("players", [3, 4, 5])
def test_exported_deals_in_progress_load_back_to_the_same_state(players: int) -> None:
    for seed in range(15):
        total = RULES.setup(players).hand * players
        deal = random_deal(players, seed, stop=random.Random(seed).randrange(total))
        if deal.is_over:
            continue
        text = export_record(deal)
        again = load_record(text)
        assert again.state.turn == deal.state.turn
        assert again.state.trick == deal.state.trick
        assert again.state.tricks == deal.state.tricks
        assert export_record(again) == text


def test_export_needs_the_play_to_have_started() -> None:
    deal = Deal.new(RULES, 4, 0, 1)
    with pytest.raises(RecordError, match="bidding phase"):
        export_record(deal)


# --- bad input: one test per error class of DEAL_RECORD.md ------------------------------------


def test_malformed_yaml() -> None:
    assert error_of("players: 4\nhands: [KH, QH\n") == (
        "record: not valid YAML: expected ',' or ']', but got '<stream end>' (line 3, column 1)"
    )


def test_a_document_that_is_not_a_mapping() -> None:
    assert error_of("- players\n- 4\n") == (
        "record: expected a mapping of fields (players, dealer, ...), got a list"
    )
    assert error_of("") == "record: empty; expected a mapping of fields (players, dealer, ...)"


def test_hostile_yaml_tags_are_refused_not_run(tmp_path: pathlib.Path) -> None:
    marker = tmp_path / "ran"
    text = f"players: !!python/object/apply:os.system ['touch {marker}']\n"
    assert error_of(text) == (
        "record: the YAML tag '!!python/object/apply:os.system' is refused: plain data only "
        "(line 1, column 10)"
    )
    assert not marker.exists()
    assert error_of("!!python/object:engine.deal.Deal {}\n").startswith(
        "record: the YAML tag '!!python/object:engine.deal.Deal' is refused"
    )


def test_alias_bombs_are_refused() -> None:
    lines = ["a: &a [x, x, x, x, x, x, x, x, x, x]"]
    for i in range(8):
        prev, name = chr(ord("a") + i), chr(ord("b") + i)
        lines.append(f"{name}: &{name} [{', '.join(['*' + prev] * 10)}]")
    assert error_of("\n".join(lines)) == (
        "record: too large once expanded (more than 200000 values once its aliases are "
        "expanded)"
    )


def test_an_unknown_field(garde4: Deal) -> None:
    record = record_of(garde4)
    record["handful"] = {1: ["T21"]}
    assert error_of(record) == "handful: unknown field; did you mean 'handfuls'?"
    record.pop("handful")
    record["seed"] = 3
    assert error_of(record) == f"seed: unknown field (fields: {', '.join(FIELDS)})"


def test_an_unknown_card(garde4: Deal) -> None:
    record = record_of(garde4)
    record["hands"][2][5] = "ZZ"
    assert error_of(record) == "hands[2][5]: unknown card 'ZZ'"
    record = record_of(garde4, flat=True)
    record["play"][37] = "T22"
    assert error_of(record) == "play[37]: unknown card 'T22'"


def test_a_card_dealt_twice(garde4: Deal) -> None:
    record = record_of(garde4)
    card = record["hands"][0][3]
    record["hands"][1][0] = card
    assert error_of(record) == f"hands[1][0]: {card} dealt twice (also hands[0][3])"
    record = record_of(garde4)
    record["dog"][2] = record["hands"][3][7]
    assert error_of(record) == f"dog[2]: {record['dog'][2]} dealt twice (also hands[3][7])"


def test_a_hand_of_the_wrong_size(garde4: Deal) -> None:
    record = record_of(garde4)
    record["hands"][2].append(record["hands"][1].pop())
    assert error_of(record) == "hands[1]: 17 cards, 18 expected"
    record = record_of(garde4)
    record["hands"].pop()
    assert error_of(record) == "hands: 3 hands, 4 expected (one per seat, seat 0 first)"
    record = record_of(garde4)
    record["hands"][0].append(record["dog"].pop())
    assert error_of(record) == "hands[0]: 19 cards, 18 expected"


def test_a_dog_of_the_wrong_size(five: Deal) -> None:
    record = record_of(five)
    record["dog"] = record["dog"][:2]
    assert error_of(record) == "dog: 2 cards, 3 expected"


def test_a_bid_out_of_turn(garde4: Deal) -> None:
    record = record_of(garde4)
    first = (record["dealer"] + 1) % 4
    record["bids"].append("pass")
    assert error_of(record) == (
        "bids[4]: out of turn; every seat has already spoken "
        f"(one per seat in speaking order, from seat {first})"
    )
    record["bids"] = record["bids"][:3]
    assert error_of(record) == (
        f"bids: 3 bids, 4 expected (one per seat in speaking order, from seat {first})"
    )


def test_a_bid_not_higher_than_the_last(garde4: Deal) -> None:
    record = record_of(garde4)
    record["bids"] = ["garde", "prise", "pass", "pass"]
    seat = (record["dealer"] + 2) % 4
    assert error_of(record) == f"bids[1]: seat {seat} bid petite, not higher than garde"
    record["bids"] = ["garde", "gard", "pass", "pass"]
    assert error_of(record) == (
        "bids[1]: unknown bid 'gard' (pass, petite, garde, garde_sans or garde_contre)"
    )


def test_a_discard_of_a_king(garde4: Deal) -> None:
    record = record_of(garde4)
    taker = garde4.state.taker
    assert taker is not None
    king = C.format_card(C.cards_of(garde4.state.hands[taker] & C.KING_MASK
                                    | C.mask_of(garde4.state.dealt[taker]) & C.KING_MASK)[0])
    record["discard"][0] = king
    assert error_of(record) == f"discard: kings may not be discarded ({king})"
    record = record_of(garde4)
    record["discard"] = record["discard"][:5]
    assert error_of(record) == "discard: 5 cards, 6 expected"


def test_a_missing_call_or_discard(garde4: Deal, five: Deal) -> None:
    record = record_of(five)
    del record["call"]
    assert error_of(record) == "call: missing; the taker of a five-player deal calls a card"
    record = record_of(garde4)
    del record["discard"]
    assert error_of(record) == "discard: missing; the taker of a garde discards 6 cards"


def test_a_field_that_does_not_apply(garde4: Deal, garde_sans4: Deal) -> None:
    record = record_of(garde4)
    record["call"] = "KH"
    assert error_of(record) == "call: only five-player deals have a call (this one has 4 players)"
    record = record_of(garde_sans4)
    record["discard"] = ["1S", "2S", "3S", "4S", "5S", "6S"]
    assert error_of(record) == "discard: a garde_sans has no discard (the dog is not taken)"
    record = record_of(garde_sans4)
    record["miseres"] = {0: ["trump"]}
    assert error_of(record) == (
        "miseres: misères are not played under these rules (rules: miseres: enabled is false)"
    )


def _illegal_play(deal: Deal) -> tuple[int, int, str, str]:
    """The first position where the seat to play held a card of the suit led and another card
    it may not play: (position, seat, the other card, what the seat had to do)."""
    record = record_of(deal, flat=True)
    for position in range(len(record["play"])):
        partial = dict(record, play=record["play"][:position])
        state = load_record(dump(partial)).state
        trick = state.trick
        if not trick or trick[0] == C.EXCUSE:
            continue
        suit = C.suit_of(trick[0])
        seat = state.turn
        assert seat is not None
        hand = state.hands[seat]
        if suit == C.TRUMP or not hand & C.SUIT_MASKS[suit]:
            continue
        others = hand & ~C.SUIT_MASKS[suit] & ~C.EXCUSE_BIT
        if others:
            held = C.format_cards(sorted(C.cards_of(hand & C.SUIT_MASKS[suit]), reverse=True))
            must = f"must follow {C.SUIT_NAMES[suit]} (holds {', '.join(held)})"
            return position, seat, C.format_card(C.cards_of(others)[0]), must
    raise AssertionError("no position found")


def test_an_illegal_card_in_play(garde4: Deal) -> None:
    position, seat, card, must = _illegal_play(garde4)
    record = record_of(garde4, flat=True)
    record["play"][position] = card
    assert error_of(record) == f"play[{position}]: seat {seat} {must}; got {card}"


def test_an_illegal_card_in_the_list_of_tricks_form(garde4: Deal) -> None:
    position, seat, card, must = _illegal_play(garde4)
    record = record_of(garde4)
    trick, index = divmod(position, 4)
    record["play"][trick][index] = card
    assert error_of(record) == f"play[{trick}][{index}]: seat {seat} {must}; got {card}"


def test_a_card_not_in_the_players_hand(garde4: Deal) -> None:
    record = record_of(garde4, flat=True)
    leader = garde4.state.tricks[0][0]
    card = record["hands"][(leader + 1) % 4][0]
    record["play"][0] = card
    assert error_of(record) == f"play[0]: seat {leader} does not hold {card}"


def test_cards_after_the_end_or_misshapen_tricks(garde4: Deal) -> None:
    record = record_of(garde4, flat=True)
    record["play"].append("EX")
    assert error_of(record) == "play[72]: the deal is over; all 18 tricks have been played"
    record = record_of(garde4)
    record["play"].append(["EX"])
    assert error_of(record) == "play[18]: the deal is over; it has only 18 tricks"
    record = record_of(garde4)
    record["play"][3].pop()
    assert error_of(record) == (
        "play[3]: 3 cards, 4 expected (only the last trick may be incomplete)"
    )
    record = record_of(garde4)
    record["play"][2].append("EX")
    assert error_of(record) == "play[2][4]: a trick has 4 cards, this one 5"
    record = record_of(garde4)
    record["play"][5] = "KH"
    assert error_of(record) == (
        "play[5]: expected a trick (a list of cards) like the first one, got the text 'KH'"
    )


def test_bad_handfuls(garde4: Deal) -> None:
    record = record_of(garde4)
    defender = next(s for s in range(4) if s != garde4.state.taker)
    hand = C.mask_of(garde4.state.dealt[defender])
    missing = next(t for t in range(C.FIRST_TRUMP + 20, C.FIRST_TRUMP - 1, -1)
                   if not hand >> t & 1)
    shown = [C.format_card(missing), *(f"T{k}" for k in range(1, 10))]
    record["handfuls"] = {defender: shown}
    assert error_of(record) == (
        f"handfuls.{defender}: seat {defender} does not hold {C.format_card(missing)}"
    )
    record["handfuls"] = {defender: ["T1", "T2"]}
    assert error_of(record) == f"handfuls.{defender}: a handful is 10, 13, 15 trumps, got 2"
    record["handfuls"] = {7: ["T1"]}
    assert error_of(record) == "handfuls.7: no such seat (seats are 0 to 3)"
    record["handfuls"] = {1: ["T1"], "1": ["T2"]}
    assert error_of(record) == "handfuls.1: listed twice"
    record["handfuls"] = {"one": ["T1"]}
    assert error_of(record) == "handfuls: expected seat numbers as keys, got the text 'one'"


def test_a_handful_for_a_seat_that_never_plays() -> None:
    deal = forced_deal(4, "garde", 21, stop=1)
    record = record_of(deal, flat=True)
    seat = (deal.state.leader + 2) % 4  # the leader has played, the next seat is to play
    record["handfuls"] = {seat: ["T1"] * 10}
    assert error_of(record) == (
        f"handfuls.{seat}: seat {seat} plays no card in this record; handfuls are "
        "announced with the first card"
    )


def test_bad_rule_overrides(garde4: Deal) -> None:
    record = record_of(garde4)
    record["rules"] = {"excuse_last_trick": "nobody"}
    assert error_of(record) == (
        "rules.excuse_last_trick: expected 'changes_camp' or 'trick_winner', got 'nobody'"
    )
    record["rules"] = {"excuse_to_winner": True}
    assert error_of(record).startswith("rules.excuse_to_winner: unknown key (expected one of:")
    record["rules"] = ["excuse_last_trick"]
    assert error_of(record) == "rules: expected a mapping of rule options"


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("players", 6, "players: expected 3, 4 or 5, got the number 6"),
        ("players", "four", "players: expected 3, 4 or 5, got the text 'four'"),
        ("players", None, "players: missing; 3, 4 or 5"),
        ("dealer", 4, "dealer: expected a seat from 0 to 3, got the number 4"),
        ("dealer", True, "dealer: expected a seat from 0 to 3, got true"),
        ("hands", "KH QH", "hands: expected a list of hands, one per seat, got the text 'KH QH'"),
        ("hands", {0: ["KH"]}, "hands: expected a list of hands, one per seat, got a mapping"),
        ("dog", "KH", "dog: expected a list of cards, got the text 'KH'"),
        ("bids", "pass garde pass pass",
         "bids: expected a list of bids, one per seat in speaking order, from seat 1, got the "
         "text 'pass garde pass pass'"),
        ("discard", 3, "discard: expected a list of cards, got the number 3"),
        ("slam", "maybe", "slam: expected true or false, got the text 'maybe'"),
        ("handfuls", ["T21"],
         "handfuls: expected a mapping of seats to the trumps shown, got a list"),
        ("play", "KH QH", "play: expected a list of cards (or of tricks), got the text 'KH QH'"),
    ],
)
def test_wrong_types_are_refused(field: str, value: object, message: str) -> None:
    deal = forced_deal(4, "garde", 40, accept=lambda d: d.state.dealer == 0)
    record = record_of(deal)
    record[field] = value
    assert error_of(record) == message


def test_more_wrong_types_inside_lists(garde4: Deal) -> None:
    record = record_of(garde4)
    record["hands"][1] = "KH"
    assert error_of(record) == "hands[1]: expected a list of cards, got the text 'KH'"
    record = record_of(garde4)
    record["hands"][1][2] = ["KH"]
    assert error_of(record) == "hands[1][2]: expected a card, got a list"
    record = record_of(garde4)
    record["bids"][0] = 3
    assert error_of(record) == (
        "bids[0]: expected a bid (pass, petite, garde, garde_sans or garde_contre), got the "
        "number 3"
    )


# --- the command line ----------------------------------------------------------------------------


def run_cli(*args: str, stdin: str | bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    data = stdin.encode() if isinstance(stdin, str) else stdin
    return subprocess.run(
        [sys.executable, "-m", "engine", *args], input=data, capture_output=True,
        cwd=ROOT, timeout=120, check=False,
    )


def test_cli_scores_a_record_from_standard_input(garde4: Deal) -> None:
    done = run_cli("score", "-", stdin=export_record(garde4))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.decode().splitlines()
    assert len(lines) == 1
    assert json.loads(lines[0]) == score_record(export_record(garde4))
    assert done.stderr == b""


def test_cli_bad_input_is_exit_2_with_one_line(garde4: Deal) -> None:
    record = record_of(garde4)
    record["hands"][2].append(record["hands"][1].pop())
    done = run_cli("score", "-", stdin=dump(record))
    assert done.returncode == 2
    assert done.stdout == b""
    assert done.stderr.decode() == "hands[1]: 17 cards, 18 expected\n"

    done = run_cli("score", "-", stdin="players: !!python/object/apply:os.system ['true']\n")
    assert done.returncode == 2
    assert len(done.stderr.decode().splitlines()) == 1

    done = run_cli("score", "-", stdin=b"players: \xff\xfe\n")
    assert (done.returncode, done.stderr.decode()) == (2, "standard input: not UTF-8 text "
                                                          "(byte 9)\n")


def test_cli_missing_file_is_exit_2_with_one_line(tmp_path: pathlib.Path) -> None:
    missing = tmp_path / "nope.yaml"
    done = run_cli("score", str(missing))
    assert done.returncode == 2
    assert done.stderr.decode() == f"{missing}: no such file\n"


@pytest.mark.parametrize("name", sorted(p.stem for p in RECORDS.glob("*.yaml")))
def test_fixture_records_score_as_recorded(name: str) -> None:
    expected = json.loads((RECORDS / f"{name}.json").read_text(encoding="utf-8"))
    assert score_record((RECORDS / f"{name}.yaml").read_text(encoding="utf-8")) == expected


def test_cli_reads_a_file(capsys: pytest.CaptureFixture[str]) -> None:
    path = RECORDS / "four_players_garde.yaml"
    assert main(["score", str(path)]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out) == json.loads((RECORDS / "four_players_garde.json").read_text())
    assert err == ""


def test_cli_rules_variant_option(capsys: pytest.CaptureFixture[str]) -> None:
    path = RECORDS / "four_players_garde.yaml"
    assert main(["score", "--variant", "no_such_variant", str(path)]) == 2
    _, err = capsys.readouterr()
    assert err.startswith("variant 'no_such_variant' is not in the rules file")
    assert len(err.splitlines()) == 1


def test_cli_bench_delegates_every_argument(monkeypatch: pytest.MonkeyPatch) -> None:
    import engine.bench

    seen: list[list[str]] = []

    def fake_main(argv: list[str] | None = None) -> int:
        seen.append(list(argv or []))
        return 0

    monkeypatch.setattr(engine.bench, "main", fake_main)
    assert main(["bench", "--seconds", "0.1", "--players", "3"]) == 0
    assert seen == [["--seconds", "0.1", "--players", "3"]]


def test_cli_without_a_command_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert "usage" in capsys.readouterr().err


def test_records_never_change_a_deal_twice(garde4: Deal) -> None:
    """Loading is pure: the same text gives the same deal, and the record is not modified."""
    text = export_record(garde4)
    record = yaml.safe_load(text)
    before = copy.deepcopy(record)
    assert score_record(text) == score_record(text)
    assert record == before
