"""A challenge series kept between sessions: the series, the player's deals so far (the last
one perhaps under way) and the expert's deals worked out, in one versioned JSON file.

It is read as strictly as a saved match (:mod:`engine.saves`): the rules are validated, the
bots' level must be one the game has, every deal's log is checked against the rules, each
deal must be the series' own (its shuffle and dealer), each of the player's deals but the
last must be over, and each of the expert's is over. A file that fails any check is refused
with :class:`~engine.saves.SaveError` naming the file and the place; loading never changes
it.

>>> import tempfile, pathlib
>>> from engine.challenge import Challenge
>>> from engine.rules import load_rules
>>> series = Challenge.series(load_rules(), players=3, bots="simple", seed=4, length=2)
>>> file = pathlib.Path(tempfile.mkdtemp()) / "series.json"
>>> _ = file.write_text(series_to_text(series, [series.deal(0).events], [None, None], {}))
>>> saved = load_series(file)
>>> saved.challenge == series, len(saved.yours), saved.experts
(True, 1, [None, None])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.ai import BOTS
from engine.challenge import Challenge
from engine.deal import Deal
from engine.events import Event
from engine.inputs import excerpt
from engine.rules import Rules, rules_to_dict
from engine.saves import damaged, deal_in, log_text, meta_in, number_in, read_document, rules_in

SERIES_FORMAT = "tarot-challenge"
SERIES_VERSION = 1
#: The most deals a saved series may hold (a series has :data:`engine.challenge.SERIES_LENGTH`).
MAX_DEALS = 64
#: The largest shuffle seed a series may name.
MAX_SEED = 2**63


@dataclass
class SavedSeries:
    """A series as its file keeps it: the player's deals in order (the last one may be under
    way), the expert's by deal (``None``: not worked out yet), and the game's own ``meta``."""

    challenge: Challenge
    yours: list[Deal]
    experts: list[Deal | None]
    meta: dict[str, Any]


def series_to_text(challenge: Challenge, yours: Sequence[Sequence[Event]],
                   experts: Sequence[Sequence[Event] | None],
                   meta: dict[str, Any] | None = None) -> str:
    """The file of a series: ``yours``, the logs of the player's deals so far; ``experts``,
    one entry per deal of the series, its log or ``None``."""
    if len(experts) != len(challenge):
        raise ValueError(f"{len(experts)} expert's deals for a series of {len(challenge)}")
    rules = challenge.rules
    document: dict[str, Any] = {
        "format": SERIES_FORMAT,
        "version": SERIES_VERSION,
        "players": challenge.players,
        "variant": rules.variant,
        "rules": rules_to_dict(rules),
        "bots": challenge.bots,
        "seed": challenge.seed,
        "deals": [list(pair) for pair in challenge.deals],
        "meta": dict(meta or {}),
    }
    return log_text(document, {"yours": list(yours), "expert": list(experts)})


def load_series(path: str | Path) -> SavedSeries:
    """Load and check a saved series. Raises :class:`~engine.saves.SaveError`."""
    file = Path(path)
    document = read_document(file, SERIES_FORMAT, (SERIES_VERSION,), "challenge")
    rules = rules_in(file, document)
    players = number_in(file, document, "players", 3, 5)
    bots = document.get("bots")
    if not isinstance(bots, str) or bots not in BOTS:
        levels = list(BOTS)
        raise damaged(file, "expected_choice", "bots", options=", ".join(levels[:-1]),
                      last=levels[-1], got=excerpt(bots))
    seed = number_in(file, document, "seed", 0, MAX_SEED)
    challenge = Challenge(rules, players, bots, seed, _deals(file, document, players))
    yours = _logs(file, document.get("yours"), "yours", rules, challenge)
    if any(deal is None for deal in yours):
        raise damaged(file, "series_yours", "yours", count=len(challenge))
    for index, deal in enumerate(yours[:-1]):
        if deal is not None and not deal.is_over:
            raise damaged(file, "follows_unfinished", f"yours[{index + 1}]")
    experts = _logs(file, document.get("expert"), "expert", rules, challenge)
    if len(experts) != len(challenge):
        raise damaged(file, "series_expert", "expert", count=len(challenge))
    for index, expert in enumerate(experts):
        if expert is not None and not expert.is_over:
            raise damaged(file, "expert_unfinished", f"expert[{index}]")
    return SavedSeries(challenge, [d for d in yours if d is not None], experts,
                       meta_in(file, document))


def _deals(file: Path, document: dict[str, Any], players: int) -> tuple[tuple[int, int], ...]:
    """The series' (shuffle seed, dealer) pairs."""
    listed = document.get("deals")
    if not isinstance(listed, list) or not 1 <= len(listed) <= MAX_DEALS:
        raise damaged(file, "series_deals", "deals", limit=MAX_DEALS)
    deals = []
    for index, pair in enumerate(listed):
        if not (isinstance(pair, list) and len(pair) == 2
                and all(type(n) is int for n in pair)
                and 0 <= pair[0] <= MAX_SEED and 0 <= pair[1] < players):
            raise damaged(file, "series_deal", f"deals[{index}]", high=MAX_SEED,
                          last=players - 1)
        deals.append((pair[0], pair[1]))
    return tuple(deals)


def _logs(file: Path, listed: object, key: str, rules: Rules, challenge: Challenge
          ) -> list[Deal | None]:
    """The deals of the list ``key`` (``null`` entries as ``None``), each checked to be the
    series' deal of its place."""
    if not isinstance(listed, list) or len(listed) > len(challenge):
        problem = "series_yours" if key == "yours" else "series_expert"
        raise damaged(file, problem, key, count=len(challenge))
    deals: list[Deal | None] = []
    for index, log in enumerate(listed):
        if log is None:
            deals.append(None)
            continue
        where = f"{key}[{index}]"
        deal = deal_in(file, rules, challenge.players, log, where)
        if deal.events[0] != challenge.deal(index).events[0]:
            raise damaged(file, "not_the_series_deal", f"{where}[0]", number=index + 1)
        deals.append(deal)
    return deals


__all__ = ["MAX_DEALS", "SERIES_FORMAT", "SERIES_VERSION", "SavedSeries", "load_series",
           "series_to_text"]
