"""Deal records (DEAL_RECORD.md): one deal written down as a small YAML document.

:func:`load_record` reads a record, checks every field and replays the deal through the rules
engine; :func:`score_record` turns it into the JSON object that ``python -m engine score``
prints; writing a :class:`~engine.deal.Deal` back as a record is :mod:`engine.record_export`.

Anything wrong raises :class:`RecordError` with one line that names the field, the 0-based
position and the reason: ``play[37]: seat 2 must follow hearts (holds 9H); got T4``; the error
carries the same problem as data (:class:`~engine.problems.Problem`), for the game to word it.
A record is plain data read with ``yaml.safe_load``; YAML tags that would build objects are
refused.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from typing import Any

from engine import cards as C
from engine.actions import AnnounceMisere, Bid, Call, DecideSlam, Discard, Play, ShowHandful
from engine.cards import Card, CardError
from engine.choices import legal_actions
from engine.deal import Deal, LogError
from engine.events import DealDealt
from engine.inputs import InputError, load_yaml
from engine.legal import MISERES, IllegalAction
from engine.problems import Described, Problem, ProblemError
from engine.rules import CONTRACT_NAMES, PLAYER_COUNTS, Rules, RulesError, load_rules
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


class RecordError(ProblemError):
    """A deal record that is not valid: its :class:`~engine.problems.Problem` says where and
    why; the message is its English, a single line: ``where: why``.

    A problem whose English would not be one short line (a hostile key of a thousand
    characters, a line break inside a name) is kept as that line, cut short.
    """

    def __init__(self, problem: Problem) -> None:
        said = problem.text()
        line = " ".join(said.split())
        if len(line) > _MAX_MESSAGE:
            line = line[:_MAX_MESSAGE - 3] + "..."
        super().__init__(problem if line == said else Problem.of("as_said", text=line))


def _wrapped(exc: Exception) -> RecordError:
    """Another part of the engine's error, as a record's: its problem when it carries one."""
    problem = getattr(exc, "problem", None)
    if isinstance(problem, Problem):
        return RecordError(problem)
    return RecordError.of("as_said", text=str(exc))


# --- describing values in messages ------------------------------------------------------------


def _short(value: object, limit: int = 40) -> str:
    """``repr(value)``, cut short so that a hostile value cannot flood the message."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _describe(value: object) -> Described:
    """What a value is, in words: ``a list``, ``the text 'KH QH'``, ``nothing``."""
    if value is None:
        return Described("nothing")
    if isinstance(value, bool):
        return Described("true" if value else "false")
    if isinstance(value, int | float):
        return Described("number", _short(value))
    if isinstance(value, str):
        return Described("text", _short(value))
    if isinstance(value, list):
        return Described("list")
    if isinstance(value, dict):
        return Described("mapping")
    return Described("other", type(value).__name__)


def _counted(key: str, where: str, count: int, **values: Any) -> RecordError:
    """A wrong number of things: ``key`` (``17 cards, ...``), or ``key_one`` for one thing
    (``1 card, ...``)."""
    return RecordError.of(f"{key}_one" if count == 1 else key, where, count=count, **values)


# --- reading the YAML -------------------------------------------------------------------------


def parse_yaml(text: str) -> dict[Any, Any]:
    """The record's top-level mapping, read on the guarded path: the safe loader, no
    duplicate keys, bounded aliases and size."""
    try:
        document = load_yaml(text, "record")
    except InputError as exc:
        raise RecordError.of("as_said", text=str(exc)) from None
    if document is None:
        raise RecordError.of("record_empty", "record")
    if not isinstance(document, dict):
        raise RecordError.of("expected_record", "record", got=_describe(document))
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
            raise RecordError.of("record_too_large", "record", limit=MAX_NODES)
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
        # the name on one line, where it stays even when empty (a key of spaces)
        name = re.sub(r"\s+", " ", key[:60]).lstrip() if isinstance(key, str) else _short(key)
        close = difflib.get_close_matches(str(key), FIELDS, n=1)
        if close:
            raise RecordError(Problem("unknown_field_like", {"name": repr(close[0])}, (name,)))
        raise RecordError(Problem("unknown_field", {"fields": ", ".join(FIELDS)}, (name,)))


def _required(document: Mapping[Any, Any], field: str, **values: Any) -> object:
    """The value of ``field``; when it is missing, ``missing_<field>`` says what it holds."""
    value = document.get(field)
    if value is None:
        raise RecordError.of(f"missing_{field}", field, **values)
    return value


def _list(value: object, where: str, key: str, **values: Any) -> list[Any]:
    """``value``, a list; ``key`` (``expected_cards``...) says what list was expected."""
    if not isinstance(value, list):
        raise RecordError.of(key, where, got=_describe(value), **values)
    return value


def _card(value: object, where: str) -> Card:
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise RecordError.of("expected_card", where, got=_describe(value))
    try:
        return C.parse_card(value)
    except CardError:
        raise RecordError.of("unknown_card", where, got=_short(str(value))) from None


def _cards(value: object, where: str) -> list[Card]:
    items = _list(value, where, "expected_cards")
    return [_card(item, f"{where}[{i}]") for i, item in enumerate(items)]


def _bid(value: object, where: str) -> str | None:
    """A bid's contract name (``None`` for a pass); case, spaces and hyphens do not matter."""
    if not isinstance(value, str):
        raise RecordError.of("expected_bid", where, got=_describe(value))
    name = "_".join(value.strip().lower().replace("-", " ").split())
    if name == "pass":
        return None
    if name == "prise":
        return "petite"
    if name not in CONTRACT_NAMES:
        raise RecordError.of("unknown_bid", where, got=_short(value))
    return name


def _seat_key(key: object, field: str, players: int) -> int:
    """A seat used as a mapping key: a whole number, or digits as text (``"2"``)."""
    if isinstance(key, str) and key.strip().isascii() and key.strip().isdigit():
        seat = int(key.strip())
    elif isinstance(key, int) and not isinstance(key, bool):
        seat = key
    else:
        raise RecordError.of("expected_seat_keys", field, got=_describe(key))
    if not 0 <= seat < players:
        raise RecordError.of("no_such_seat", f"{field}.{seat}", last=players - 1)
    return seat


def _handfuls(value: object, players: int) -> dict[int, tuple[Card, ...]]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise RecordError.of("expected_handfuls", "handfuls", got=_describe(value))
    out: dict[int, tuple[Card, ...]] = {}
    for key, cards in value.items():
        seat = _seat_key(key, "handfuls", players)
        if seat in out:
            raise RecordError.of("listed_twice", f"handfuls.{seat}")
        out[seat] = tuple(_cards(cards, f"handfuls.{seat}"))
    return out


def _miseres(value: object, players: int, rules: Rules) -> dict[int, list[str]]:
    if value is None or value == {}:
        return {}
    if not rules.miseres:
        raise RecordError.of("miseres_not_played", "miseres")
    if not isinstance(value, dict):
        raise RecordError.of("expected_miseres_by_seat", "miseres", got=_describe(value))
    out: dict[int, list[str]] = {}
    for key, kinds in value.items():
        seat = _seat_key(key, "miseres", players)
        where = f"miseres.{seat}"
        if seat in out:
            raise RecordError.of("listed_twice", where)
        names = []
        for i, kind in enumerate(_list(kinds, where, "expected_misere_list")):
            if not isinstance(kind, str) or kind.strip().lower() not in MISERES:
                raise RecordError.of("unknown_misere", f"{where}[{i}]", got=_short(kind))
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
    items = _list(value, "play", "expected_play")
    if not items or not isinstance(items[0], list):
        return [(f"play[{i}]", card) for i, card in enumerate(items)]
    out: list[tuple[str, object]] = []
    for t, trick in enumerate(items):
        where = f"play[{t}]"
        cards = _list(trick, where, "expected_trick")
        if t >= tricks:
            raise RecordError.of("tricks_over", where, tricks=tricks)
        if not cards:
            raise RecordError.of("empty_trick", where)
        if len(cards) > players:
            raise RecordError.of("trick_too_long", f"{where}[{players}]", players=players,
                                 count=len(cards))
        if len(cards) < players and t < len(items) - 1:
            raise _counted("trick_incomplete", where, len(cards), players=players)
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
    players = _required(document, "players")
    if isinstance(players, bool) or not isinstance(players, int) or players not in PLAYER_COUNTS:
        raise RecordError.of("expected_players", "players", got=_describe(players))
    rules = _rules(document.get("rules"), base)

    dealer = _required(document, "dealer")
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
        raise RecordError.of("expected_dealer", "dealer", last=players - 1,
                             got=_describe(dealer))
    deal = _deal(document, rules, players, dealer)
    if _cancelled(deal):
        return deal  # petit sec: the remaining fields are ignored

    _bidding(document, deal)
    if _cancelled(deal):
        return deal  # everyone passed
    _call_and_discard(document, deal)

    slam = document.get("slam")
    if slam is not None and not isinstance(slam, bool):
        raise RecordError.of("expected_true_or_false", "slam", got=_describe(slam))
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
        raise RecordError(exc.problem) from None
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        raise RecordError.of("not_rule_options", "rules", text=str(exc)) from None


def _deal(document: Mapping[Any, Any], rules: Rules, n: int, dealer: int) -> Deal:
    setup = rules.setup(n)
    hands_raw = _list(_required(document, "hands"), "hands", "expected_hands")
    if len(hands_raw) != n:
        raise _counted("hands_count", "hands", len(hands_raw), players=n)
    seen: dict[Card, str] = {}

    def add(card: Card, where: str) -> None:
        if card in seen:
            raise RecordError.of("dealt_twice_also", where, card=C.format_card(card),
                                 other=seen[card])
        seen[card] = where

    hands: list[tuple[Card, ...]] = []
    for seat, raw in enumerate(hands_raw):
        where = f"hands[{seat}]"
        hand = _cards(raw, where)
        for i, card in enumerate(hand):
            add(card, f"{where}[{i}]")
        if len(hand) != setup.hand:
            raise _counted("card_count", where, len(hand), expected=setup.hand)
        hands.append(tuple(hand))
    dog = _cards(_required(document, "dog", count=setup.dog), "dog")
    for i, card in enumerate(dog):
        add(card, f"dog[{i}]")
    if len(dog) != setup.dog:
        raise _counted("card_count", "dog", len(dog), expected=setup.dog)
    try:
        return Deal.from_dealt(rules, DealDealt(n, dealer, tuple(hands), tuple(dog)))
    except LogError as exc:  # pragma: no cover - the checks above come first
        raise _wrapped(exc) from None


def _execute(deal: Deal, action: Any, where: str, seat: int | None = None) -> None:
    who = deal.state.turn if seat is None else seat
    assert who is not None
    try:
        deal.execute(who, action)
    except IllegalAction as exc:
        raise RecordError.of("refused", where, refusal=exc.refusal) from None


def _bidding(document: Mapping[Any, Any], deal: Deal) -> None:
    state = deal.state
    n = state.n
    first = (state.dealer + 1) % n
    bids = _list(_required(document, "bids", first=first), "bids", "expected_bids", first=first)
    if len(bids) > n:
        raise RecordError.of("bid_out_of_turn", f"bids[{n}]", first=first)
    if len(bids) < n:
        raise _counted("bids_count", "bids", len(bids), players=n, first=first)
    for i, raw in enumerate(bids):
        where = f"bids[{i}]"
        _execute(deal, Bid(_bid(raw, where)), where)


def _call_and_discard(document: Mapping[Any, Any], deal: Deal) -> None:
    state = deal.state
    contract = state.contract
    assert contract is not None
    if state.phase is Phase.CALLING:
        raw = _required(document, "call")
        _execute(deal, Call(_card(raw, "call")), "call")
    elif document.get("call") is not None:
        raise RecordError.of("call_not_five", "call", players=state.n)
    if deal.state.phase is Phase.DISCARDING:
        size = deal.rules.setup(state.n).dog
        raw = _required(document, "discard", contract=contract.name, count=size)
        _execute(deal, Discard(tuple(_cards(raw, "discard"))), "discard")
    elif document.get("discard") is not None:
        raise RecordError.of("no_discard", "discard", contract=contract.name)


def _play(
    document: Mapping[Any, Any],
    deal: Deal,
    handfuls: dict[int, tuple[Card, ...]],
    miseres: dict[int, list[str]],
) -> None:
    """Play the cards in order, showing each seat's handful and misères with its first card."""
    n = deal.state.n
    items = _play_items(document.get("play"), n, deal.state.tricks_total)

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
            raise RecordError.of("deal_over", where, tricks=state.tricks_total)
        card = _card(token, where)
        announce(state.turn)
        _execute(deal, Play(card), where)
    if deal.state.phase is Phase.PLAYING and deal.state.turn is not None:
        announce(deal.state.turn)  # shown already, the first card not played yet
    for field, key, pending in (("miseres", "misere_never_played", miseres),
                                ("handfuls", "handful_never_played", handfuls)):
        for seat in sorted(pending):
            raise RecordError.of(key, f"{field}.{seat}", seat=seat)


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


__all__ = [
    "FIELDS",
    "RecordError",
    "load_record",
    "outcome",
    "replay_record",
    "score_record",
]
