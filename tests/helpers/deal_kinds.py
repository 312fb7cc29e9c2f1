"""A catalogue of finished deals of every kind, for the tests that walk them through the
table and the replay viewer: 3, 4 and 5 players, every variant, every contract, handfuls
(the Excuse among the trumps shown), misères, announced slams, petit sec and all passed.

Each deal is played by :class:`PlanBot` players that follow a plan (who takes, at which
contract, who declares what) and otherwise play legal cards at random, seeded. The same
plan replays a deal's commands exactly at a live table (:class:`LogBot`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from engine import cards as C
from engine import choices
from engine.actions import (
    PASS,
    Action,
    AnnounceMisere,
    Bid,
    Call,
    DecideSlam,
    Discard,
    Play,
    ShowHandful,
)
from engine.ai.base import Stop
from engine.deal import Deal, command_of
from engine.events import DealDealt
from engine.rules import Rules, load_rules
from engine.views import SeatView, view_for
from tests.helpers.stacked_deals import stacked_dealt

VARIANTS = ("fft", "miseres", "excuse_to_trick_winner", "call_any_card")
CONTRACTS = ("petite", "garde", "garde_sans", "garde_contre")


@dataclass
class Plan:
    """How a deal is to go."""

    name: str
    players: int
    variant: str
    taker: int | None  # the seat that takes (None: all pass)
    contract: str = "garde"
    stack: str | None = None  # the taker's (or declarer's) hand: "trumps", "no_trump"...
    declarer: int | None = None  # the stacked seat, when it is not the taker
    slam: bool = False
    petit_sec: bool = False
    seed: int = 0
    rules: Rules = field(init=False)

    def __post_init__(self) -> None:
        self.rules = load_rules(variant=self.variant)


class PlanBot:
    """Bids, calls, discards and declares as the plan says; plays legal cards at random."""

    name = "plan"

    def __init__(self, plan: Plan, seat: int) -> None:
        self.plan = plan
        self.seat = seat
        self.rng = random.Random(f"{plan.seed}:{seat}")

    def decide(self, view: SeatView, stop: Stop = None) -> Action:
        plan = self.plan
        decision = choices.pending(view)
        if decision is choices.Decision.BID:
            return Bid(plan.contract) if view.seat == plan.taker else PASS
        if decision is choices.Decision.CALL:
            return Call(self.rng.choice(choices.callable_cards(view)))
        if decision is choices.Decision.DISCARD:
            options = choices.discard_options(view)
            pool = C.cards_of(options.allowed)
            if options.trumps_needed:
                trumps = C.cards_of(options.allowed & ~options.plain)
                return Discard(tuple(sorted(C.cards_of(options.plain)
                                            + self.rng.sample(trumps, options.trumps_needed))))
            return Discard(tuple(sorted(self.rng.sample(pool, options.size))))
        if decision is choices.Decision.SLAM:
            return DecideSlam(plan.slam)
        for misere in choices.misere_options(view):
            return AnnounceMisere(misere)
        handfuls = choices.handful_options(view)
        if handfuls:
            return ShowHandful(_with_excuse(handfuls[-1], view))
        return Play(self.rng.choice(view.legal_plays))


def _with_excuse(option: choices.HandfulOption, view: SeatView) -> tuple[int, ...]:
    """The handful, with the Excuse standing for a trump whenever the rule allows it (every
    trump shown, none hidden)."""
    trumps = C.cards_of(option.trumps)
    if view.hand_mask & C.EXCUSE_BIT and len(trumps) == option.size - 1:
        return (*trumps, C.EXCUSE)
    return choices.handful_cards(option)


class LogBot:
    """Answers with the commands a recorded deal holds for its seat, in order."""

    name = "log"

    def __init__(self, deal: Deal, seat: int) -> None:
        self.actions = [action for event in deal.events
                        if (command := command_of(event)) is not None and command[0] == seat
                        for action in (command[1],)]

    def decide(self, view: SeatView, stop: Stop = None) -> Action:
        return self.actions.pop(0)


def dealt_for(plan: Plan) -> DealDealt:
    rng = random.Random(plan.seed)
    n = plan.players
    dealer = (n - 1) if plan.taker is None else (plan.taker - 1) % n
    seat = plan.declarer if plan.declarer is not None else plan.taker
    if plan.petit_sec:
        return _petit_sec(plan.rules, n, dealer, rng)
    if plan.stack is not None and seat is not None:
        return stacked_dealt(plan.rules, n, dealer, rng, seat, plan.stack, with_excuse=True)
    from engine.commands import deal_cards

    return deal_cards(plan.rules, n, dealer, rng.getrandbits(48))


def _petit_sec(rules: Rules, n: int, dealer: int, rng: random.Random) -> DealDealt:
    setup = rules.setup(n)
    plain = [c for c in range(C.FIRST_TRUMP)]
    rng.shuffle(plain)
    mine = [C.PETIT, *plain[: setup.hand - 1]]
    rest = [c for c in range(C.DECK_SIZE) if c not in set(mine)]
    rng.shuffle(rest)
    hands = [tuple(mine)]
    for _ in range(1, n):
        hands.append(tuple(rest[: setup.hand]))
        rest = rest[setup.hand:]
    return DealDealt(n, dealer, tuple(hands), tuple(rest), None)


def play(plan: Plan) -> Deal:
    deal = Deal.from_dealt(plan.rules, dealt_for(plan))
    bots = [PlanBot(plan, seat) for seat in range(plan.players)]
    for _ in range(500):
        if deal.is_over:
            return deal
        state = deal.state
        seat = state.turn
        assert seat is not None
        deal.execute(seat, bots[seat].decide(view_for(state, seat)))
    raise AssertionError(f"{plan.name}: the deal did not end")


def plans() -> list[Plan]:
    """Every kind of deal, each once."""
    out: list[Plan] = []
    seed = 1
    for players in (3, 4, 5):
        variants = [v for v in VARIANTS if v != "call_any_card" or players == 5]
        for i, contract in enumerate(CONTRACTS):
            variant = variants[i % len(variants)]
            out.append(Plan(f"{players}p-{contract}-handful-{variant}", players, variant,
                            taker=1 % players, contract=contract, stack="trumps",
                            slam=contract == "garde", seed=seed))
            seed += 1
        out.append(Plan(f"{players}p-misere-trump", players, "miseres", taker=0,
                        contract="petite", stack="no_trump", declarer=2 % players, seed=seed))
        out.append(Plan(f"{players}p-misere-heads", players, "miseres", taker=2 % players,
                        contract="garde", stack="no_heads", declarer=1, seed=seed + 1))
        out.append(Plan(f"{players}p-all-passed", players, "fft", taker=None, seed=seed + 2))
        out.append(Plan(f"{players}p-petit-sec", players, "fft", taker=0, petit_sec=True,
                        seed=seed + 3))
        out.append(Plan(f"{players}p-defence-handful", players, "fft", taker=0,
                        contract="garde", stack="trumps", declarer=1, seed=seed + 4))
        seed += 5
    return out


def catalogue() -> list[tuple[Plan, Deal]]:
    return [(plan, play(plan)) for plan in plans()]


def describe(deal: Deal) -> dict[str, Any]:
    """What kinds of thing happened in a deal (for the test to check its catalogue)."""
    state = deal.state
    handful_excuse = any(C.EXCUSE in cards for cards in state.handfuls.values())
    return {"players": state.n, "contract": state.contract.name if state.contract else None,
            "handfuls": bool(state.handfuls), "handful_excuse": handful_excuse,
            "miseres": bool(state.miseres), "slam": state.slam_announced,
            "cancelled": state.cancelled}
