"""Rule options: the frozen :class:`Rules` object, loaded and validated from ``rules.yaml``.

The file holds the FFT defaults under ``rules:`` and named house variants under ``variants:``;
a variant lists only the keys it changes. Everything is checked on load, and the first problem
found raises :class:`RulesError` with the dotted key and the form expected, for example
``rules.targets: expected a list of 4 whole numbers from 0 to 91, got 'x'``; the error carries
the same problem as data (:class:`~engine.problems.Problem`), for the game to word it.

>>> rules = load_rules()
>>> rules.setup(4).hand, rules.contract("garde").multiplier
(18, 2)
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from engine.inputs import InputError, excerpt, load_yaml, read_text, short
from engine.problems import Problem, ProblemError
from engine.resources import resource_path

RULES_FORMAT = "tarot-rules"
RULES_VERSION = 1
CONTRACT_NAMES = ("petite", "garde", "garde_sans", "garde_contre")
PLAYER_COUNTS = (3, 4, 5)


class RulesError(ProblemError):
    """A rules file or override that is not valid: its :class:`~engine.problems.Problem`
    names the key and what is wrong; the message is its English."""


K = TypeVar("K")
V = TypeVar("V")


class FrozenMap(Mapping[K, V]):
    """A read-only mapping, so that a shared :class:`Rules` cannot be changed in place.

    Unlike ``types.MappingProxyType`` it pickles, so rules can go to worker processes.
    """

    __slots__ = ("_items",)

    def __init__(self, items: Mapping[K, V]) -> None:
        self._items = dict(items)

    def __getitem__(self, key: K) -> V:
        return self._items[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __repr__(self) -> str:
        return f"FrozenMap({self._items!r})"

    def __reduce__(self) -> tuple[type, tuple[dict[K, V]]]:
        return (FrozenMap, (self._items,))


@dataclass(frozen=True)
class PlayerSetup:
    """How the cards are dealt for one player count."""

    players: int
    hand: int
    dog: int
    packet: int


@dataclass(frozen=True)
class Contract:
    """A contract from the bidding table (RULES.md §3).

    ``rank`` orders the contracts (Petite is 1); ``dog_shown`` says whether the dog is turned
    up and taken; ``dog_to_taker`` says which camp counts the dog (or the discard) at the end.
    """

    name: str
    rank: int
    multiplier: int
    dog_shown: bool
    dog_to_taker: bool

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class SlamBonuses:
    announced_made: int = 400
    made: int = 200
    announced_failed: int = -200
    defence: int = -200


@dataclass(frozen=True)
class Rules:
    """Every rule option of RULES.md, validated. Build one with :func:`load_rules`."""

    setups: Mapping[int, PlayerSetup]
    contracts: tuple[Contract, ...]
    targets: tuple[int, int, int, int]
    contract_base: int
    petit_au_bout: int
    handfuls: Mapping[int, tuple[int, int, int]]
    handful_bonus: tuple[int, int, int]
    slam: SlamBonuses
    excuse_last_trick: str
    petit_sec: str
    five_player_split: tuple[int, int]
    five_player_call: str
    miseres: bool
    misere_value: int
    variant: str = "fft"
    _by_name: Mapping[str, Contract] = field(default_factory=dict, compare=False, repr=False)

    def setup(self, players: int) -> PlayerSetup:
        try:
            return self.setups[players]
        except KeyError:
            raise RulesError.of("players_not_supported", "players", players=players) from None

    def contract(self, name: str) -> Contract:
        """The contract named ``name`` (``prise`` is accepted for ``petite``)."""
        key = "petite" if name == "prise" else name
        try:
            return self._by_name[key]
        except KeyError:
            raise RulesError.of("unknown_contract", name=excerpt(name)) from None

    def highest_bid(self, bids: Iterable[tuple[int, str | None]]) -> Contract | None:
        """The highest contract of ``bids`` ((seat, contract name or None for a pass), in
        the order spoken), or ``None`` when every seat passed so far."""
        best: Contract | None = None
        for _, name in bids:
            if name is not None:
                contract = self.contract(name)
                if best is None or contract.rank > best.rank:
                    best = contract
        return best

    def handful_thresholds(self, players: int) -> tuple[int, int, int]:
        return self.handfuls[players]

    def with_overrides(self, overrides: Mapping[str, Any], where: str = "rules") -> Rules:
        """A copy with some keys changed, validated like the file (used by deal records)."""
        return _build(_merge(_raw_of(self), overrides, where), where, self.variant)


# --- loading ------------------------------------------------------------------------------

def default_rules_path() -> Path:
    return resource_path("rules.yaml")


_cache: dict[tuple[str, str], Rules] = {}


def load_rules(path: str | Path | None = None, variant: str = "fft") -> Rules:
    """Load ``rules.yaml`` (the bundled one by default) and apply the named variant."""
    file = Path(path) if path is not None else default_rules_path()
    key = (str(file.resolve()), variant)
    if path is None and key in _cache:
        return _cache[key]
    document = read_rules_document(file)
    rules = rules_from_document(document, variant)
    if path is None:
        _cache[key] = rules
    return rules


def read_rules_document(file: Path) -> Mapping[str, Any]:
    """The rules file's document, read on the guarded path (size, regular file, safe YAML
    without duplicate keys or runaway aliases)."""
    try:
        document = load_yaml(read_text(file, "rules"), str(file))
    except InputError as exc:
        raise RulesError.of("as_said", text=str(exc)) from None
    if not isinstance(document, dict):
        raise RulesError(Problem("expected_rules_file", at=(str(file),)))
    return document


_variants_cache: dict[str, dict[str, str]] = {}


def list_variants(path: str | Path | None = None) -> dict[str, str]:
    """Variant name → description, in file order (the bundled file is read once, as by
    :func:`load_rules`: the settings and the command line both ask at start-up)."""
    file = Path(path) if path is not None else default_rules_path()
    key = str(file.resolve())
    if path is None and key in _variants_cache:
        return dict(_variants_cache[key])
    document = read_rules_document(file)
    rules_from_document(document, "fft")  # validates the whole file
    variants = document.get("variants") or {}
    found = {name: str(body.get("description", "")) for name, body in variants.items()}
    if path is None:
        _variants_cache[key] = found
    return dict(found)


def rules_from_document(document: Mapping[str, Any], variant: str = "fft") -> Rules:
    _check_keys(document, {"format", "version", "rules", "variants"}, "")
    if document.get("format", RULES_FORMAT) != RULES_FORMAT:
        raise RulesError.of("expected_format", "format", want=excerpt(RULES_FORMAT),
                            got=excerpt(document.get("format")))
    version = document.get("version", RULES_VERSION)
    if version != RULES_VERSION:
        raise RulesError.of("version_not_read", "version", version=RULES_VERSION,
                            got=excerpt(version))
    base = document.get("rules")
    if not isinstance(base, dict):
        raise RulesError.of("expected_rule_options", "rules")
    _build(base, "rules", "fft")
    variants = document.get("variants", {})
    if variants is None:
        variants = {}
    if not isinstance(variants, dict):
        raise RulesError.of("expected_variants", "variants", got=excerpt(variants))
    built: dict[str, Rules] = {}
    for name, body in variants.items():
        where = f"variants.{name}"
        if not isinstance(name, str) or not name.isidentifier():
            raise RulesError.of("variant_name_not_a_word", "variants", got=excerpt(name))
        if not isinstance(body, dict):
            raise RulesError.of("expected_variant", where)
        _check_keys(body, {"description", "rules"}, where)
        if "description" in body and not isinstance(body["description"], str):
            raise RulesError.of("expected_text", f"{where}.description")
        overrides = body.get("rules") or {}
        if not isinstance(overrides, dict):
            raise RulesError.of("expected_rule_options", f"{where}.rules")
        built[name] = _build(_merge(base, overrides, f"{where}.rules"), f"{where}.rules", name)
    if variant == "fft" and "fft" not in built:
        return _build(base, "rules", "fft")
    if variant not in built:
        if not built:
            raise RulesError.of("unknown_variant_none", variant=excerpt(variant))
        raise RulesError.of("unknown_variant", variant=excerpt(variant),
                            known=", ".join(sorted(built)))
    return built[variant]


def _check_keys(mapping: Mapping[Any, Any], allowed: set[str], where: str) -> None:
    for key in mapping:
        if key not in allowed:
            prefix = f"{where}." if where else ""
            expected = ", ".join(sorted(allowed))
            # the path stays even when empty (a key "" at the top of the file)
            raise RulesError(Problem("unknown_key", {"expected": expected},
                                     (f"{prefix}{short(str(key), 40)}",)))


_TOP_KEYS = {
    "players", "contracts", "targets", "contract_base", "petit_au_bout", "handfuls",
    "handful_bonus", "slam", "excuse_last_trick", "petit_sec", "five_player_split",
    "five_player_call", "miseres",
}


def _merge(base: Mapping[str, Any], overrides: Mapping[str, Any], where: str) -> dict[str, Any]:
    """Overrides replace whole top-level keys, except mappings, which merge one level down."""
    if not isinstance(overrides, Mapping):
        raise RulesError.of("expected_rule_options", where)
    _check_keys(overrides, _TOP_KEYS, where)
    merged = dict(base)
    for key, value in overrides.items():
        if isinstance(value, dict) and isinstance(base.get(key), dict):
            merged[key] = {**base[key], **value}
        else:
            merged[key] = value
    return merged


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int(value: object, where: str, low: int, high: int) -> int:
    if not _is_int(value) or not low <= value <= high:  # type: ignore[operator]
        raise RulesError.of("expected_number_between_got", where, low=low, high=high,
                            got=excerpt(value))
    return value  # type: ignore[return-value]


def _choice(value: object, where: str, choices: tuple[str, ...]) -> str:
    if value not in choices:
        raise RulesError.of("expected_choice", where,
                            options=", ".join(repr(c) for c in choices[:-1]),
                            last=repr(choices[-1]), got=excerpt(value))
    return str(value)


def _int_list(value: object, where: str, length: int, low: int, high: int) -> tuple[int, ...]:
    if (
        not isinstance(value, list)
        or len(value) != length
        or not all(_is_int(v) and low <= v <= high for v in value)
    ):
        raise RulesError.of("expected_numbers_between", where, length=length, low=low,
                            high=high, got=excerpt(value))
    return tuple(value)


def _per_player(value: object, where: str) -> dict[int, Any]:
    if not isinstance(value, dict):
        raise RulesError.of("expected_player_counts", where)
    out: dict[int, Any] = {}
    for key, body in value.items():
        if isinstance(key, str) and key.isdigit():
            key = int(key)  # JSON object keys are text
        if isinstance(key, bool) or not isinstance(key, int) or key not in PLAYER_COUNTS:
            raise RulesError.of("unknown_player_count", f"{where}.{key}")
        out[key] = body
    missing = [n for n in PLAYER_COUNTS if n not in out]
    if missing:
        raise RulesError.of("missing_player_count", where, count=missing[0])
    return out


def _build(raw: Mapping[str, Any], where: str, variant: str) -> Rules:
    _check_keys(raw, _TOP_KEYS, where)
    missing = sorted(_TOP_KEYS - set(raw))
    if missing:
        raise RulesError.of("missing", f"{where}.{missing[0]}")
    w = where + "."

    setups: dict[int, PlayerSetup] = {}
    for n, body in _per_player(raw["players"], w + "players").items():
        key = f"{w}players.{n}"
        if not isinstance(body, dict):
            raise RulesError.of("expected_player_setup", key)
        _check_keys(body, {"hand", "dog", "packet"}, key)
        for part in ("hand", "dog", "packet"):
            if part not in body:
                raise RulesError.of("missing", f"{key}.{part}")
        hand = _int(body["hand"], f"{key}.hand", 1, 78)
        dog = _int(body["dog"], f"{key}.dog", 0, 78)
        packet = _int(body["packet"], f"{key}.packet", 1, 78)
        if hand * n + dog != 78:
            raise RulesError.of("not_78_cards", key, players=n, hand=hand, dog=dog,
                                total=hand * n + dog)
        if hand % packet:
            raise RulesError.of("packet_not_dividing", f"{key}.packet", packet=packet, hand=hand)
        if dog > hand * n // packet - 1:
            raise RulesError.of("dog_between_packets", f"{key}.dog", dog=dog)
        setups[n] = PlayerSetup(n, hand, dog, packet)

    contracts_raw = raw["contracts"]
    key = w + "contracts"
    if not isinstance(contracts_raw, dict):
        raise RulesError.of("expected_contracts", key)
    _check_keys(contracts_raw, set(CONTRACT_NAMES), key)
    contracts = []
    for rank, name in enumerate(CONTRACT_NAMES, start=1):
        if name not in contracts_raw:
            raise RulesError.of("missing", f"{key}.{name}")
        multiplier = _int(contracts_raw[name], f"{key}.{name}", 1, 100)
        contracts.append(Contract(name, rank, multiplier, name in ("petite", "garde"),
                                  name != "garde_contre"))
    for lower, higher in itertools.pairwise(contracts):
        if higher.multiplier < lower.multiplier:
            raise RulesError.of("multiplier_below", f"{key}.{higher.name}",
                                multiplier=higher.multiplier, lower=lower.name,
                                lower_multiplier=lower.multiplier)

    targets = _int_list(raw["targets"], w + "targets", 4, 0, 91)
    if any(b > a for a, b in itertools.pairwise(targets)):
        raise RulesError.of("targets_rise", f"{w}targets", got=str(list(targets)))

    handfuls: dict[int, tuple[int, int, int]] = {}
    for n, body in _per_player(raw["handfuls"], w + "handfuls").items():
        hkey = f"{w}handfuls.{n}"
        values = _int_list(body, hkey, 3, 1, 22)
        if not values[0] < values[1] < values[2]:
            raise RulesError.of("handfuls_not_increasing", hkey, got=str(list(values)))
        if values[2] > setups[n].hand:
            raise RulesError.of("triple_too_large", hkey, triple=values[2])
        handfuls[n] = (values[0], values[1], values[2])

    slam_raw = raw["slam"]
    skey = w + "slam"
    if not isinstance(slam_raw, dict):
        raise RulesError.of("expected_slam", skey)
    _check_keys(slam_raw, {"announced_made", "made", "announced_failed", "defence"}, skey)
    for part in ("announced_made", "made", "announced_failed", "defence"):
        if part not in slam_raw:
            raise RulesError.of("missing", f"{skey}.{part}")
    slam = SlamBonuses(
        announced_made=_int(slam_raw["announced_made"], f"{skey}.announced_made", 0, 10000),
        made=_int(slam_raw["made"], f"{skey}.made", 0, 10000),
        announced_failed=_int(slam_raw["announced_failed"], f"{skey}.announced_failed", -10000, 0),
        defence=_int(slam_raw["defence"], f"{skey}.defence", -10000, 0),
    )

    split = _int_list(raw["five_player_split"], w + "five_player_split", 2, 0, 3)
    if sum(split) != 3:
        raise RulesError.of("split_not_3", f"{w}five_player_split", got=str(list(split)))

    miseres_raw = raw["miseres"]
    mkey = w + "miseres"
    if not isinstance(miseres_raw, dict):
        raise RulesError.of("expected_miseres", mkey)
    _check_keys(miseres_raw, {"enabled", "value"}, mkey)
    enabled = miseres_raw.get("enabled", False)
    if not isinstance(enabled, bool):
        raise RulesError.of("expected_true_or_false", f"{mkey}.enabled", got=excerpt(enabled))

    contracts_t = tuple(contracts)
    return Rules(
        setups=FrozenMap(setups),
        contracts=contracts_t,
        targets=(targets[0], targets[1], targets[2], targets[3]),
        contract_base=_int(raw["contract_base"], w + "contract_base", 0, 1000),
        petit_au_bout=_int(raw["petit_au_bout"], w + "petit_au_bout", 0, 1000),
        handfuls=FrozenMap(handfuls),
        handful_bonus=tuple(_int_list(raw["handful_bonus"], w + "handful_bonus", 3, 0, 1000)),  # type: ignore[arg-type]
        slam=slam,
        excuse_last_trick=_choice(raw["excuse_last_trick"], w + "excuse_last_trick",
                                  ("changes_camp", "trick_winner")),
        petit_sec=_choice(raw["petit_sec"], w + "petit_sec", ("redeal", "play")),
        five_player_split=(split[0], split[1]),
        five_player_call=_choice(raw["five_player_call"], w + "five_player_call", ("king", "any")),
        miseres=enabled,
        misere_value=_int(miseres_raw.get("value", 10), f"{mkey}.value", 0, 1000),
        variant=variant,
        _by_name=FrozenMap({c.name: c for c in contracts_t}),
    )


def _raw_of(rules: Rules) -> dict[str, Any]:
    """The file form of a :class:`Rules` (so overrides can be validated like the file)."""
    return {
        "players": {n: {"hand": s.hand, "dog": s.dog, "packet": s.packet}
                    for n, s in rules.setups.items()},
        "contracts": {c.name: c.multiplier for c in rules.contracts},
        "targets": list(rules.targets),
        "contract_base": rules.contract_base,
        "petit_au_bout": rules.petit_au_bout,
        "handfuls": {n: list(t) for n, t in rules.handfuls.items()},
        "handful_bonus": list(rules.handful_bonus),
        "slam": {
            "announced_made": rules.slam.announced_made,
            "made": rules.slam.made,
            "announced_failed": rules.slam.announced_failed,
            "defence": rules.slam.defence,
        },
        "excuse_last_trick": rules.excuse_last_trick,
        "petit_sec": rules.petit_sec,
        "five_player_split": list(rules.five_player_split),
        "five_player_call": rules.five_player_call,
        "miseres": {"enabled": rules.miseres, "value": rules.misere_value},
    }


def rules_to_dict(rules: Rules) -> dict[str, Any]:
    """The rules as plain data, in the ``rules.yaml`` form (for saved files)."""
    return _raw_of(rules)


def rules_from_dict(raw: Mapping[str, Any], where: str = "rules", variant: str = "fft") -> Rules:
    if not isinstance(raw, Mapping):
        raise RulesError.of("expected_rule_options", where)
    return _build(raw, where, variant)


__all__ = [
    "CONTRACT_NAMES",
    "Contract",
    "PlayerSetup",
    "Rules",
    "RulesError",
    "SlamBonuses",
    "list_variants",
    "load_rules",
    "rules_from_dict",
    "rules_to_dict",
]
