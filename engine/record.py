"""Deal records (DEAL_RECORD.md): one deal written down as a small YAML document.

:func:`load_record` reads a record, checks every field and replays the deal through the rules
engine; :func:`score_record` turns it into the JSON object that ``python -m engine score``
prints; :func:`export_record` writes a :class:`~engine.deal.Deal` (finished, cancelled or in
progress) back as a record that loads again to the same deal.

Anything wrong raises :class:`RecordError` with one line that names the field, the 0-based
position and the reason: ``play[37]: seat 2 must follow hearts (holds 9H); got T4``. A record
is plain data read with ``yaml.safe_load``; YAML tags that would build objects are refused.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from typing import Any

import yaml

from engine import cards as C
from engine.actions import AnnounceMisere, Bid, Call, DecideSlam, Discard, Play, ShowHandful
from engine.cards import Card, CardError
from engine.deal import Deal, LogError
from engine.events import DealDealt
from engine.inputs import InputError, load_yaml
from engine.legal import MISERES, IllegalAction, legal_actions
from engine.rules import CONTRACT_NAMES, PLAYER_COUNTS, Rules, RulesError, load_rules, rules_to_dict
from engine.state import Phase

FIELDS = (
    "players", "dealer", "hands", "dog", "bids", "call", "discard", "slam", "handfuls",
    "miseres", "play", "rules",
)
"""Every field a record may hold, in the order :func:`export_record` writes them."""

MAX_NODES = 20_000
"""A real record has a few hundred values; anything far bigger is refused before it is walked
(YAML aliases can make a short file stand for an enormous structure)."""

_MAX_MESSAGE = 400


class RecordError(ValueError):
    """A deal record that is not valid. The message is a single line: ``where: why``."""

    def __init__(self, message: str) -> None:
        text = " ".join(message.split())
        if len(text) > _MAX_MESSAGE:
            text = text[:_MAX_MESSAGE - 3] + "..."
        super().__init__(text)


# --- describing values in messages ------------------------------------------------------------


def _short(value: object, limit: int = 40) -> str:
    """``repr(value)``, cut short so that a hostile value cannot flood the message."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _describe(value: object) -> str:
    """What a value is, in words: ``a list``, ``the text 'KH QH'``, ``nothing``."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return f"the number {_short(value)}"
    if isinstance(value, str):
        return f"the text {_short(value)}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return f"a value of type {type(value).__name__}"


def _count(number: int, noun: str) -> str:
    """``1 card``, ``17 cards``."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


# --- reading the YAML -------------------------------------------------------------------------


def parse_yaml(text: str) -> dict[Any, Any]:
    """The record's top-level mapping, read on the guarded path: the safe loader, no
    duplicate keys, bounded aliases and size."""
    try:
        document = load_yaml(text, "record")
    except InputError as exc:
        raise RecordError(str(exc)) from None
    if document is None:
        raise RecordError("record: empty; expected a mapping of fields (players, dealer, ...)")
    if not isinstance(document, dict):
        raise RecordError("record: expected a mapping of fields (players, dealer, ...), got "
                          f"{_describe(document)}")
    _check_size(document)
    return document


def _check_size(document: object) -> None:
    """Refuse structures with more than :data:`MAX_NODES` values (aliases counted each time)."""
    stack: list[object] = [document]
    seen = 0
    while stack:
        node = stack.pop()
        seen += 1
        if seen > MAX_NODES:
            raise RecordError(f"record: more than {MAX_NODES} values; too large for one deal")
        if isinstance(node, dict):
            stack.extend(node.keys())
            stack.extend(node.values())
        elif isinstance(node, list | tuple | set):
            stack.extend(node)


# --- checking fields --------------------------------------------------------------------------


def _check_fields(document: Mapping[Any, Any]) -> None:
    for key in document:
        if key in FIELDS:
            continue
        name = key[:60] if isinstance(key, str) else _short(key)
        close = difflib.get_close_matches(str(key), FIELDS, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else f" (fields: {', '.join(FIELDS)})"
        raise RecordError(f"{name}: unknown field{hint}")


def _required(document: Mapping[Any, Any], field: str, why: str) -> object:
    value = document.get(field)
    if value is None:
        raise RecordError(f"{field}: missing; {why}")
    return value


def _list(value: object, where: str, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise RecordError(f"{where}: expected {what}, got {_describe(value)}")
    return value


def _card(value: object, where: str) -> Card:
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise RecordError(f"{where}: expected a card, got {_describe(value)}")
    try:
        return C.parse_card(value)
    except CardError:
        raise RecordError(f"{where}: unknown card {_short(str(value))}") from None


def _cards(value: object, where: str) -> list[Card]:
    items = _list(value, where, "a list of cards")
    return [_card(item, f"{where}[{i}]") for i, item in enumerate(items)]


def _bid(value: object, where: str) -> str | None:
    """A bid's contract name (``None`` for a pass); case, spaces and hyphens do not matter."""
    choices = "pass, petite, garde, garde_sans or garde_contre"
    if not isinstance(value, str):
        raise RecordError(f"{where}: expected a bid ({choices}), got {_describe(value)}")
    name = "_".join(value.strip().lower().replace("-", " ").split())
    if name == "pass":
        return None
    if name == "prise":
        return "petite"
    if name not in CONTRACT_NAMES:
        raise RecordError(f"{where}: unknown bid {_short(value)} ({choices})")
    return name


def _seat_key(key: object, field: str, players: int) -> int:
    """A seat used as a mapping key: a whole number, or digits as text (``"2"``)."""
    if isinstance(key, str) and key.strip().isascii() and key.strip().isdigit():
        seat = int(key.strip())
    elif isinstance(key, int) and not isinstance(key, bool):
        seat = key
    else:
        raise RecordError(f"{field}: expected seat numbers as keys, got {_describe(key)}")
    if not 0 <= seat < players:
        raise RecordError(f"{field}.{seat}: no such seat (seats are 0 to {players - 1})")
    return seat


def _handfuls(value: object, players: int) -> dict[int, tuple[Card, ...]]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise RecordError(
            f"handfuls: expected a mapping of seats to the trumps shown, got {_describe(value)}"
        )
    out: dict[int, tuple[Card, ...]] = {}
    for key, cards in value.items():
        seat = _seat_key(key, "handfuls", players)
        if seat in out:
            raise RecordError(f"handfuls.{seat}: listed twice")
        out[seat] = tuple(_cards(cards, f"handfuls.{seat}"))
    return out


def _miseres(value: object, players: int, rules: Rules) -> dict[int, list[str]]:
    if value is None or value == {}:
        return {}
    if not rules.miseres:
        raise RecordError("miseres: misères are not played under these rules "
                          "(rules: miseres: enabled is false)")
    if not isinstance(value, dict):
        raise RecordError(
            f"miseres: expected a mapping of seats to misères (trump, heads), got "
            f"{_describe(value)}"
        )
    out: dict[int, list[str]] = {}
    for key, kinds in value.items():
        seat = _seat_key(key, "miseres", players)
        where = f"miseres.{seat}"
        if seat in out:
            raise RecordError(f"{where}: listed twice")
        names = []
        for i, kind in enumerate(_list(kinds, where, "a list of misères (trump, heads)")):
            if not isinstance(kind, str) or kind.strip().lower() not in MISERES:
                raise RecordError(f"{where}[{i}]: unknown misère {_short(kind)} (trump or heads)")
            names.append(kind.strip().lower())
        out[seat] = names
    return out


def _play_items(value: object, players: int, tricks: int) -> list[tuple[str, object]]:
    """Each card of ``play`` with its position, from a flat list or a list of tricks.

    In the list-of-tricks form every trick but the last must be complete, so that a missing
    card is reported where it is missing rather than as a wrong card further on.
    """
    if value is None:
        return []
    items = _list(value, "play", "a list of cards (or of tricks)")
    if not items or not isinstance(items[0], list):
        return [(f"play[{i}]", card) for i, card in enumerate(items)]
    out: list[tuple[str, object]] = []
    for t, trick in enumerate(items):
        where = f"play[{t}]"
        cards = _list(trick, where, "a trick (a list of cards) like the first one")
        if t >= tricks:
            raise RecordError(f"{where}: the deal is over; it has only {tricks} tricks")
        if not cards:
            raise RecordError(f"{where}: an empty trick")
        if len(cards) > players:
            raise RecordError(f"{where}[{players}]: a trick has {players} cards, this one "
                              f"{len(cards)}")
        if len(cards) < players and t < len(items) - 1:
            raise RecordError(f"{where}: {_count(len(cards), 'card')}, {players} expected "
                              "(only the last trick may be incomplete)")
        out.extend((f"{where}[{i}]", card) for i, card in enumerate(cards))
    return out


# --- replaying -------------------------------------------------------------------------------


def load_record(text: str, rules: Rules | None = None) -> Deal:
    """Read, check and replay a record; the deal is finished, cancelled or in progress.

    ``rules`` are the rules the record's own ``rules:`` overrides apply to (the bundled FFT
    rules by default). Raises :class:`RecordError`.
    """
    document = parse_yaml(text)
    return replay_record(document, rules if rules is not None else load_rules())


def replay_record(document: Mapping[Any, Any], base: Rules) -> Deal:
    """Replay an already parsed record (see :func:`load_record`)."""
    _check_fields(document)
    players = _required(document, "players", "3, 4 or 5")
    if isinstance(players, bool) or not isinstance(players, int) or players not in PLAYER_COUNTS:
        raise RecordError(f"players: expected 3, 4 or 5, got {_describe(players)}")
    rules = _rules(document.get("rules"), base)

    dealer = _required(document, "dealer", "the seat that dealt")
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
        raise RecordError(
            f"dealer: expected a seat from 0 to {players - 1}, got {_describe(dealer)}"
        )
    deal = _deal(document, rules, players, dealer)
    if _cancelled(deal):
        return deal  # petit sec: the remaining fields are ignored

    _bidding(document, deal)
    if _cancelled(deal):
        return deal  # everyone passed
    _call_and_discard(document, deal)

    slam = document.get("slam")
    if slam is not None and not isinstance(slam, bool):
        raise RecordError(f"slam: expected true or false, got {_describe(slam)}")
    _execute(deal, DecideSlam(bool(slam)), "slam")

    handfuls = _handfuls(document.get("handfuls"), players)
    miseres = _miseres(document.get("miseres"), players, rules)
    _play(document, deal, handfuls, miseres)
    return deal


def _cancelled(deal: Deal) -> bool:
    return deal.state.phase is Phase.CANCELLED


def _rules(overrides: object, base: Rules) -> Rules:
    if overrides is None:
        return base
    try:
        return base.with_overrides(overrides, "rules")  # type: ignore[arg-type]
    except RulesError as exc:
        raise RecordError(str(exc)) from None
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        raise RecordError(f"rules: not valid rule options ({exc})") from None


def _deal(document: Mapping[Any, Any], rules: Rules, n: int, dealer: int) -> Deal:
    setup = rules.setup(n)
    hands_raw = _list(_required(document, "hands", "one list of cards per seat"), "hands",
                      "a list of hands, one per seat")
    if len(hands_raw) != n:
        raise RecordError(f"hands: {_count(len(hands_raw), 'hand')}, {n} expected "
                          "(one per seat, seat 0 first)")
    seen: dict[Card, str] = {}

    def add(card: Card, where: str) -> None:
        if card in seen:
            raise RecordError(f"{where}: {C.format_card(card)} dealt twice (also {seen[card]})")
        seen[card] = where

    hands: list[tuple[Card, ...]] = []
    for seat, raw in enumerate(hands_raw):
        where = f"hands[{seat}]"
        hand = _cards(raw, where)
        for i, card in enumerate(hand):
            add(card, f"{where}[{i}]")
        if len(hand) != setup.hand:
            raise RecordError(f"{where}: {_count(len(hand), 'card')}, {setup.hand} expected")
        hands.append(tuple(hand))
    dog = _cards(_required(document, "dog", f"the {setup.dog} cards of the dog"), "dog")
    for i, card in enumerate(dog):
        add(card, f"dog[{i}]")
    if len(dog) != setup.dog:
        raise RecordError(f"dog: {_count(len(dog), 'card')}, {setup.dog} expected")
    try:
        return Deal.from_dealt(rules, DealDealt(n, dealer, tuple(hands), tuple(dog)))
    except LogError as exc:  # pragma: no cover - the checks above come first
        raise RecordError(str(exc)) from None


def _execute(deal: Deal, action: Any, where: str, seat: int | None = None) -> None:
    who = deal.state.turn if seat is None else seat
    assert who is not None
    try:
        deal.execute(who, action)
    except IllegalAction as exc:
        raise RecordError(f"{where}: {exc}") from None


def _bidding(document: Mapping[Any, Any], deal: Deal) -> None:
    state = deal.state
    n = state.n
    first = (state.dealer + 1) % n
    order = f"one per seat in speaking order, from seat {first}"
    bids = _list(_required(document, "bids", order), "bids", f"a list of bids, {order}")
    if len(bids) > n:
        raise RecordError(f"bids[{n}]: out of turn; every seat has already spoken ({order})")
    if len(bids) < n:
        raise RecordError(f"bids: {_count(len(bids), 'bid')}, {n} expected ({order})")
    for i, raw in enumerate(bids):
        where = f"bids[{i}]"
        _execute(deal, Bid(_bid(raw, where)), where)


def _call_and_discard(document: Mapping[Any, Any], deal: Deal) -> None:
    state = deal.state
    contract = state.contract
    assert contract is not None
    if state.phase is Phase.CALLING:
        raw = _required(document, "call", "the taker of a five-player deal calls a card")
        _execute(deal, Call(_card(raw, "call")), "call")
    elif document.get("call") is not None:
        raise RecordError(f"call: only five-player deals have a call (this one has {state.n} "
                          "players)")
    if deal.state.phase is Phase.DISCARDING:
        size = deal.rules.setup(state.n).dog
        raw = _required(document, "discard",
                        f"the taker of a {contract.name} discards {size} cards")
        _execute(deal, Discard(tuple(_cards(raw, "discard"))), "discard")
    elif document.get("discard") is not None:
        raise RecordError(f"discard: a {contract.name} has no discard (the dog is not taken)")


def _play(
    document: Mapping[Any, Any],
    deal: Deal,
    handfuls: dict[int, tuple[Card, ...]],
    miseres: dict[int, list[str]],
) -> None:
    """Play the cards in order, showing each seat's handful and misères with its first card."""
    n = deal.state.n
    items = _play_items(document.get("play"), n, deal.state.total_tricks)

    def announce(seat: int) -> None:
        if deal.state.played_seats >> seat & 1:
            return
        for i, kind in enumerate(miseres.pop(seat, [])):
            _execute(deal, AnnounceMisere(kind), f"miseres.{seat}[{i}]", seat)
        if seat in handfuls:
            _execute(deal, ShowHandful(handfuls.pop(seat)), f"handfuls.{seat}", seat)

    for where, token in items:
        state = deal.state
        if state.phase is not Phase.PLAYING or state.turn is None:
            raise RecordError(f"{where}: the deal is over; all {state.total_tricks} tricks have "
                              "been played")
        card = _card(token, where)
        announce(state.turn)
        _execute(deal, Play(card), where)
    if deal.state.phase is Phase.PLAYING and deal.state.turn is not None:
        announce(deal.state.turn)  # shown already, the first card not played yet
    for field, pending in (("miseres", miseres), ("handfuls", handfuls)):
        for seat in sorted(pending):
            raise RecordError(f"{field}.{seat}: seat {seat} plays no card in this record; "
                              f"{field} are announced with the first card")


# --- results ---------------------------------------------------------------------------------


def outcome(deal: Deal) -> dict[str, Any]:
    """The JSON object of DEAL_RECORD.md for a deal: scored, cancelled or unfinished."""
    state = deal.state
    if state.phase is Phase.CANCELLED:
        return {"cancelled": state.cancelled, "scores": [0] * state.n}
    result = deal.result
    if result is not None:
        return result.to_json()
    legal = [
        C.format_card(action.card) if isinstance(action, Play) else str(action)
        for action in legal_actions(state)
    ]
    return {
        "unfinished": True,
        "next_seat": state.turn,
        "legal": legal,
        "players": state.n,
        "dealer": state.dealer,
        "taker": state.taker,
        "contract": state.contract.name if state.contract is not None else None,
        "called": C.format_card(state.called) if state.called is not None else None,
        "slam_announced": state.slam_announced,
        "tricks_played": state.trick_index,
        "trick": C.format_cards(state.trick),
    }


def score_record(text: str, rules: Rules | None = None) -> dict[str, Any]:
    """What ``python -m engine score`` prints for a record. Raises :class:`RecordError`."""
    return outcome(load_record(text, rules))


# --- writing -----------------------------------------------------------------------------------


def _flow(cards: list[Card]) -> str:
    return "[" + ", ".join(C.format_cards(cards)) + "]"


def _sorted(cards: Any) -> list[Card]:
    return C.sort_for_hand(cards)


def export_record(deal: Deal, base: Rules | None = None) -> str:
    """The deal as a record: it loads back (with :func:`load_record`) to the same deal.

    A record holds everything up to the first card, so the deal must be in play, finished or
    cancelled. Rule options that differ from ``base`` (the bundled FFT rules by default) are
    written under ``rules:``. Hands are written sorted; the play as a list of tricks.
    """
    state = deal.state
    if state.phase not in (Phase.PLAYING, Phase.FINISHED, Phase.CANCELLED):
        raise RecordError(f"record: a deal can be written once its play has started; this one "
                          f"is in its {state.phase.value} phase")
    lines = [f"players: {state.n}", f"dealer: {state.dealer}", "hands:"]
    lines += [f"  - {_flow(_sorted(hand))}" for hand in state.dealt]
    lines.append(f"dog: {_flow(_sorted(C.cards_of(state.dog)))}")
    if state.bids:
        lines.append("bids: [" + ", ".join(name or "pass" for _, name in state.bids) + "]")
    if state.phase is not Phase.CANCELLED:
        contract = state.contract
        assert contract is not None
        if state.called is not None:
            lines.append(f"call: {C.format_card(state.called)}")
        if contract.dog_shown:
            lines.append(f"discard: {_flow(_sorted(C.cards_of(state.discard)))}")
        lines.append(f"slam: {'true' if state.slam_announced else 'false'}")
        if state.handfuls:
            lines.append("handfuls:")
            lines += [f"  {seat}: {_flow(sorted(cards, reverse=True))}"
                      for seat, cards in sorted(state.handfuls.items())]
        if state.miseres:
            lines.append("miseres:")
            lines += [f"  {seat}: [{', '.join(kinds)}]"
                      for seat, kinds in sorted(state.miseres.items())]
        tricks = [list(cards) for _, cards, _ in state.tricks]
        if state.trick:
            tricks.append(list(state.trick))
        if tricks:
            lines.append("play:")
            lines += [f"  - {_flow(trick)}" for trick in tricks]
        else:
            lines.append("play: []")
    overrides = rule_overrides(deal.rules, base if base is not None else load_rules())
    if overrides:
        dumped = yaml.safe_dump({"rules": overrides}, default_flow_style=None, sort_keys=False)
        lines += dumped.rstrip("\n").splitlines()
    return "\n".join(lines) + "\n"


def rule_overrides(rules: Rules, base: Rules) -> dict[str, Any]:
    """The top-level rule options of ``rules`` that differ from ``base``, in file form."""
    mine, theirs = rules_to_dict(rules), rules_to_dict(base)
    return {key: value for key, value in mine.items() if theirs.get(key) != value}


__all__ = [
    "FIELDS",
    "RecordError",
    "export_record",
    "load_record",
    "outcome",
    "replay_record",
    "rule_overrides",
    "score_record",
]
