"""Duplicate play: one deal played with A and then B in each seat, the field elsewhere.

Every bot is built afresh for each table with a seed derived from (seed, player count, deal,
seat, hero seat), and both tables of a hero seat use the same seeds, so a run is reproducible
and A against A gives exactly 0 on every deal. Every decision is asked through the seat's view
only (:func:`engine.views.view_for`) and checked by the engine
(:meth:`engine.deal.Deal.execute`); an illegal answer (or a bot that raises) is a bug: it is
counted and reported, and a random legal action is played instead.
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.actions import (
    Action,
    AnnounceMisere,
    Bid,
    Call,
    DecideSlam,
    Discard,
    Play,
    ShowHandful,
)
from engine.ai.arena.bots import TrueDeal, build_bot, release
from engine.ai.base import Bot
from engine.commands import deal_cards
from engine.deal import Deal
from engine.events import DealDealt
from engine.legal import IllegalAction
from engine.randomplay import random_action
from engine.rules import Rules, load_rules
from engine.state import Phase
from engine.views import view_for

ACTION_TYPES = (Bid, Call, Discard, DecideSlam, ShowHandful, AnnounceMisere, Play)
#: Answers after which the same seat decides again (a discard may be remade until the first
#: card); more of these in a row by one seat than this is treated as a bot stuck in a loop.
STALLS = (Discard, ShowHandful, AnnounceMisere)
MAX_STALLS = 5
#: Roles at a table: the bot under test in the hero seat (A or B) and the field elsewhere.
ROLES = ("a", "b", "field")
MAX_FAULTS_KEPT = 20


def _derive(*parts: object) -> random.Random:
    return random.Random(":".join(["tarot-arena", *map(str, parts)]))


def deal_seed(seed: int, players: int, number: int) -> int:
    """The shuffle seed of duplicate deal ``number`` for ``players`` players."""
    return _derive(seed, players, number, "deal").getrandbits(62)


def bot_seed(seed: int, players: int, number: int, seat: int, hero: int) -> int:
    """The seed of the bot in ``seat`` while the bots under test sit in seat ``hero``; the
    same for A's table and B's table of that hero seat."""
    return _derive(seed, players, number, seat, hero, "bot").getrandbits(32)


@dataclass(frozen=True)
class ArenaConfig:
    """What a worker process needs to play any deal of a run (plain, picklable data)."""

    a: str
    b: str
    field: str
    seed: int = 0
    budget: float | None = None
    variant: str = "fft"


@dataclass(frozen=True)
class TableResult:
    """One table seen from the hero seat."""

    score: int
    took: bool  # the hero seat was the taker
    made: bool | None  # the contract was made (None unless the hero took and it was played)
    contract: str | None
    cancelled: str | None  # "all_passed", "petit_sec" or None
    partner: bool = False  # five players: the hero seat was the taker's partner


@dataclass(frozen=True)
class SeatResult:
    """The two tables of one hero seat: A there, then B there."""

    seat: int
    a: TableResult
    b: TableResult

    @property
    def difference(self) -> int:
        return self.a.score - self.b.score


def _per_role_list() -> dict[str, list[float]]:
    return {role: [] for role in ROLES}


def _per_role_count() -> dict[str, int]:
    return dict.fromkeys(ROLES, 0)


def _per_role_kinds() -> dict[str, list[str]]:
    return {role: [] for role in ROLES}


#: The kind of decision a phase asks for, as the figures name it.
PHASE_KINDS = {Phase.BIDDING: "bid", Phase.CALLING: "call", Phase.DISCARDING: "discard",
               Phase.SLAM: "slam", Phase.PLAYING: "card"}
KINDS = ("bid", "call", "discard", "slam", "declare", "card")


def decision_kind(phase: Phase, answer: object) -> str:
    """``bid``, ``call``, ``discard``, ``slam``, ``declare`` (a handful or misère before the
    first card) or ``card``."""
    if isinstance(answer, ShowHandful | AnnounceMisere):
        return "declare"
    if isinstance(answer, Discard):
        return "discard"
    return PHASE_KINDS.get(phase, phase.value)


@dataclass
class DealRecord:
    """One duplicate deal: every hero seat, decision times (seconds) and faults per role."""

    players: int
    number: int
    deal_seed: int
    dealer: int
    petit_sec: bool
    seats: tuple[SeatResult, ...]
    times: dict[str, list[float]] = dataclasses.field(default_factory=_per_role_list)
    #: the kind of each decision timed in ``times`` (:data:`KINDS`), in the same order
    kinds: dict[str, list[str]] = dataclasses.field(default_factory=_per_role_kinds)
    illegal: dict[str, int] = dataclasses.field(default_factory=_per_role_count)
    errors: dict[str, int] = dataclasses.field(default_factory=_per_role_count)
    faults: list[str] = dataclasses.field(default_factory=list)

    @property
    def difference(self) -> float:
        """A's score minus B's, averaged over the seats."""
        return sum(s.difference for s in self.seats) / self.players

    def to_data(self) -> dict[str, Any]:
        """Plain data (for JSON); :meth:`from_data` reads it back."""
        return dataclasses.asdict(self)

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> DealRecord:
        seats = tuple(SeatResult(s["seat"], TableResult(**s["a"]), TableResult(**s["b"]))
                      for s in data["seats"])
        return cls(data["players"], data["number"], data["deal_seed"], data["dealer"],
                   data["petit_sec"], seats, data["times"], data.get("kinds") or _per_role_kinds(),
                   data["illegal"], data["errors"], list(data["faults"]))

    def outcome(self) -> tuple[object, ...]:
        """Everything but the timings: equal for equal runs, whatever the number of jobs."""
        return (self.players, self.number, self.deal_seed, self.dealer, self.petit_sec,
                self.seats, self.illegal, self.errors, tuple(self.faults))


def _fault(record: DealRecord, role: str, kind: str, message: str) -> None:
    (record.illegal if kind == "illegal" else record.errors)[role] += 1
    if len(record.faults) < MAX_FAULTS_KEPT:
        record.faults.append(message)


def play_table(rules: Rules, dealt: DealDealt, bots: Sequence[Bot], roles: Sequence[str],
               fallback: random.Random, record: DealRecord, where: str,
               table: TrueDeal | None = None) -> Deal:
    """Play one deal with ``bots`` (one per seat) through the seat views; illegal answers are
    counted in ``record`` under the seat's role and replaced by a random legal action."""
    deal = Deal.from_dealt(rules, dealt)
    if table is not None:
        table.deal = deal
    stalls = 0  # discards and declarations in a row by the seat to decide
    previous: int | None = None
    while not deal.is_over:
        state = deal.state
        seat = state.turn
        assert seat is not None
        if seat != previous:
            stalls = 0
        previous = seat
        role = roles[seat]
        context = f"{where}, seat {seat} ({role}, {state.phase.value})"
        view = view_for(state, seat)
        chosen: Action | None = None
        start = time.perf_counter()
        try:
            answer: object = bots[seat].decide(view)
        except Exception as exc:
            record.times[role].append(time.perf_counter() - start)
            record.kinds[role].append(decision_kind(state.phase, None))
            _fault(record, role, "error", f"{context}: raised {type(exc).__name__}: {exc}")
        else:
            record.times[role].append(time.perf_counter() - start)
            record.kinds[role].append(decision_kind(state.phase, answer))
            if not isinstance(answer, ACTION_TYPES):
                _fault(record, role, "illegal", f"{context}: not an action: {answer!r}")
            elif isinstance(answer, STALLS) and stalls >= MAX_STALLS:
                _fault(record, role, "illegal",
                       f"{context}: {answer} again, without moving the deal on")
            else:
                try:
                    deal.execute(seat, answer)
                    chosen = answer
                except IllegalAction as exc:
                    _fault(record, role, "illegal", f"{context}: {answer}: {exc}")
        if chosen is None:
            chosen = random_action(deal.state, fallback, slam_rate=0.0)
            deal.execute(seat, chosen)
        stalls = stalls + 1 if isinstance(chosen, STALLS) else 0
    return deal


def _table_result(deal: Deal, hero: int) -> TableResult:
    state = deal.state
    scores = deal.scores
    took = state.taker == hero
    result = deal.result if took else None
    return TableResult(
        score=scores[hero] if scores is not None else 0,
        took=took,
        made=result.made if result is not None else None,
        contract=state.contract.name if state.contract is not None else None,
        cancelled=state.cancelled,
        partner=state.partner == hero and state.taker is not None and state.taker != hero,
    )


def play_duplicate_deal(config: ArenaConfig, players: int, number: int,
                        rules: Rules | None = None) -> DealRecord:
    """Play duplicate deal ``number``: for every seat, once with A there and once with B."""
    rules = rules if rules is not None else load_rules(variant=config.variant)
    dealer = number % players
    shuffle = deal_seed(config.seed, players, number)
    dealt = deal_cards(rules, players, dealer, shuffle)
    record = DealRecord(players, number, shuffle, dealer, False, ())
    seats: list[SeatResult] = []
    for hero in range(players):
        seeds = [bot_seed(config.seed, players, number, seat, hero) for seat in range(players)]
        tables: list[TableResult] = []
        for side, spec in (("a", config.a), ("b", config.b)):
            roles = [side if seat == hero else "field" for seat in range(players)]
            table = TrueDeal()
            bots = [build_bot(spec if seat == hero else config.field, seeds[seat],
                              config.budget, table) for seat in range(players)]
            fallback = _derive(config.seed, players, number, hero, "fallback")
            where = f"{players} players, deal {number}, {side.upper()} in seat {hero}"
            try:
                deal = play_table(rules, dealt, bots, roles, fallback, record, where, table)
            finally:
                for bot in bots:
                    release(bot)
            tables.append(_table_result(deal, hero))
            record.petit_sec = deal.state.cancelled == "petit_sec"
        seats.append(SeatResult(hero, tables[0], tables[1]))
    record.seats = tuple(seats)
    return record

