"""What each option of a decision is worth, by the expert's own reckoning.

:func:`analyse` takes one seat's view at a decision and values every option the expert bot
would weigh there, with the expert's own evaluation (:class:`engine.ai.search.SearchProblem`): the
same sampled deals, the same play-outs, the same scoring. Unlike the bot, which drops options
as soon as they are clearly behind, the analysis plays every option on every sampled deal, so
each one gets a mean score and a standard error, and the options can be shown side by side.

The options per kind of decision:

* **bid** — every legal bid (a pass is worth 0);
* **call** — the expert's candidates (the heads, or with any card callable the 21 and the 20,
  that the hand lacks);
* **discard** — the expert's candidate discards (:func:`engine.ai.expert.discard_candidates`);
* **slam** — not announcing and announcing;
* **card** — every legal card, interchangeable cards (touching low cards of a suit) counted
  once: :meth:`Analysis.value_of` maps any card of a group to the group's value;
* **declarations** — before the seat's first card a view may offer a handful or a misère as
  well as a card. :func:`analyse` then values the *card*; the declarations are valued when
  asked with ``declarations=True`` (or ``include`` a declaration): declaring nothing
  (:data:`NO_DECLARATION`), each misère open and each handful level open, with the trumps the
  expert would show. A declaration does not change the cards played, so the difference is
  the score the declaration brings, weighted by how often the seat's camp wins.

``include`` adds an action that is not among the candidates (a discard or a call the expert
would not consider, the trumps a player chose for a handful) so that it is valued on the same
deals. A decision with a single legal choice is not simulated at all.

:func:`decisions` lists the decisions a seat took in a deal, with the view it had for each.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final, TypeVar

from engine import cards as C
from engine import choices as O
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
from engine.ai import search
from engine.ai.candidates import card_groups, unseen_out
from engine.ai.expert import Declaration, ExpertBot
from engine.ai.search import SearchProblem
from engine.cards import Card, Mask
from engine.deal import Deal, command_of
from engine.state import DealState
from engine.views import SeatView, view_for

T = TypeVar("T")

#: The "declare nothing" option of a declaration analysis (no real handful is empty).
NO_DECLARATION: Final[ShowHandful] = ShowHandful(())


class AnalysisCancelled(Exception):
    """The ``stop`` callback of :func:`analyse` asked it to give up."""


@dataclass(frozen=True)
class OptionValue:
    action: Action  # a legal action of the view's seat
    mean: float  # estimated score of the seat for the deal if it takes this action
    stderr: float
    samples: int
    #: The share of the sampled deals where the option succeeds: the seat ends with a
    #: positive score, i.e. (but for misères) its camp wins the contract; for an announced
    #: slam, the slam is made.
    wins: float = 0.0


@dataclass(frozen=True)
class Analysis:
    seat: int
    options: tuple[OptionValue, ...]  # best first
    #: (card played, card standing for its group) for the cards valued through another one.
    equivalents: tuple[tuple[Action, Action], ...] = field(default=(), repr=False)
    #: Each option's score on every sampled deal (in the order of ``options``) and the deals'
    #: weights: the same deals for every option, so that two options compare deal by deal.
    scores: tuple[tuple[float, ...], ...] = field(default=(), repr=False)
    weights: tuple[float, ...] = field(default=(), repr=False)

    @property
    def best(self) -> OptionValue:
        return self.options[0]

    @property
    def forced(self) -> bool:
        """A single option valued without simulation: the only legal choice."""
        return len(self.options) == 1 and self.options[0].samples == 0

    def value_of(self, action: Action) -> OptionValue | None:
        """The value of ``action``, or of the option standing for it (an interchangeable card,
        the same discard or handful in another order); ``None`` when it was not valued."""
        key = normalised(action)
        for alias, standing in self.equivalents:
            if alias == key:
                key = standing
                break
        for option in self.options:
            if normalised(option.action) == key:
                return option
        return None

    def paired(self, a: Action, b: Action) -> tuple[float, float]:
        """How much more ``a`` scores than ``b`` on the same sampled deals: the weighted mean
        of the deal-by-deal difference and its standard error (``(0, 0)`` when they stand for
        the same option). Raises ``ValueError`` for an action that was not valued."""
        first, second = self._index(a), self._index(b)
        if first == second:
            return 0.0, 0.0
        return search.paired(self.scores[first], self.scores[second], self.weights)

    def _index(self, action: Action) -> int:
        option = self.value_of(action)
        if option is None or not self.scores:
            raise ValueError(f"{action} was not valued on sampled deals")
        return self.options.index(option)


@dataclass(frozen=True)
class Decision:
    index: int  # index in deal.events of the first event the decision produced
    seat: int
    action: Action  # what was done
    view: SeatView  # the seat's view just before it (view_for(deal.state_at(index), seat))
    forced: bool  # only one legal choice


def normalised(action: Action) -> Action:
    """The same action with its cards in order (discards and handfuls are sets of cards)."""
    if isinstance(action, Discard):
        return Discard(tuple(sorted(set(action.cards))))
    if isinstance(action, ShowHandful):
        return ShowHandful(tuple(sorted(set(action.cards))))
    return action


def is_forced(view: SeatView, action: Action) -> bool:
    """Whether ``action`` was the seat's only legal choice of its kind (a declaration never
    is: the seat may always declare nothing)."""
    if isinstance(action, Play):
        return len(view.legal_plays) == 1
    if isinstance(action, Bid):
        return len(O.legal_bids(view)) == 1
    if isinstance(action, Call):
        return len(O.callable_cards(view)) == 1
    if isinstance(action, Discard):
        options = O.discard_options(view)
        return options.allowed.bit_count() == options.size
    return False


def decisions(deal: Deal, seat: int) -> list[Decision]:
    """Every decision ``seat`` took in ``deal``, in order, with the view it had."""
    out: list[Decision] = []
    for index in deal.command_starts():
        command = command_of(deal.events[index])
        assert command is not None
        who, action = command
        if who != seat:
            continue
        view = view_for(deal.state_at(index), seat)
        out.append(Decision(index, seat, action, view, is_forced(view, action)))
    return out


# --- the analysis --------------------------------------------------------------------------------


def analyse(view: SeatView, samples: int = 48, seed: int = 0, seconds: float | None = None,
            include: Action | None = None, declarations: bool = False,
            stop: Callable[[], bool] | None = None,
            among: Sequence[Action] = ()) -> Analysis:
    """Value every option of the decision pending for ``view.seat`` on the same sampled deals.

    Stops after ``samples`` deals, or once ``seconds`` have passed (two deals at least);
    with ``samples`` alone the result depends only on ``seed``. ``include`` adds an action of
    the decision to the options if it is not among them (raises ``ValueError`` when it is not
    legal); a declaration there, or ``declarations=True``, values the handful and misère
    declarations instead of the card. ``stop`` is polled between deals: when it returns true
    the analysis raises :class:`AnalysisCancelled`. A view no deal fits raises
    :class:`engine.ai.dealer.NoConsistentDeal`.
    """
    if isinstance(include, ShowHandful | AnnounceMisere):
        declarations = True
    bot = ExpertBot(seed)
    rng = random.Random(seed)
    run = _Runner(samples, seconds, stop, tuple(normalised(a) for a in among))
    decision = O.pending(view)
    if isinstance(include, Discard) or decision is O.Decision.DISCARD:
        # the taker may remake the discard until its first card, even out of turn
        return _discard(view, bot, rng, run, include)
    if decision is None:
        raise ValueError(f"seat {view.seat} has nothing to decide")
    if declarations:
        return _declarations(view, bot, rng, run, include)
    if decision is O.Decision.BID:
        return _bid(view, bot, rng, run, include)
    if decision is O.Decision.CALL:
        return _call(view, bot, rng, run, include)
    if decision is O.Decision.SLAM:
        return _slam(view, bot, rng, run, include)
    return _play(view, bot, rng, run, include)


def analyse_decision(decision: Decision, samples: int = 48, seed: int = 0,
                     seconds: float | None = None) -> Analysis:
    """:func:`analyse` of a past decision, the action taken among the options."""
    return analyse(decision.view, samples, seed, seconds, include=decision.action)


class _Runner:
    """Plays every option of a problem on the same sampled deals, no pruning."""

    def __init__(self, samples: int, seconds: float | None,
                 stop: Callable[[], bool] | None, among: tuple[Action, ...] = ()) -> None:
        self.samples = max(1, samples)
        self.seconds = seconds
        self.stop = stop
        self.among = among  # normalised actions; empty: every option

    def values(self, seat: int, problem: SearchProblem[T], action: Callable[[T], Action],
               extra: Sequence[T] = (), equivalents: tuple[tuple[Action, Action], ...] = (),
               outcome: Callable[[DealState, T], tuple[float, bool]] | None = None,
               ) -> Analysis:
        """The analysis of ``problem`` (plus the ``extra`` options). ``outcome`` replaces
        ``problem.run`` when success is not simply a positive score: it returns the score
        and whether the option succeeded."""
        options = list(problem.options)
        if self.among:
            standing = dict(equivalents)
            keys = {standing.get(wanted, wanted) for wanted in self.among}
            options = [option for option in options if normalised(action(option)) in keys]
        options += [option for option in extra if option not in options]
        scores: list[list[float]] = [[] for _ in options]
        succeeded: list[float] = [0.0 for _ in options]
        weights: list[float] = []
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while done < self.samples:
            if self.stop is not None and self.stop():
                raise AnalysisCancelled
            if deadline is not None and done >= 2 and time.perf_counter() >= deadline:
                break
            world, weight = problem.worlds()
            weights.append(weight)
            for i, option in enumerate(options):
                if outcome is None:
                    score = problem.run(world, option)
                    success = score > 0
                else:
                    score, success = outcome(world, option)
                scores[i].append(score)
                succeeded[i] += weight * success
            done += 1
        valued = [_summary(action(option), values, weights, wins) for option, values, wins in
                  zip(options, scores, succeeded, strict=True)]
        order = sorted(range(len(valued)), key=lambda i: (-valued[i].mean, i))
        return Analysis(seat, tuple(valued[i] for i in order), equivalents,
                        tuple(tuple(scores[i]) for i in order), tuple(weights))


def _summary(action: Action, values: list[float], weights: list[float],
             wins: float) -> OptionValue:
    """An option's weighted mean, its standard error (the deals counted by their effective
    number, given their weights) and its weighted share of successes."""
    count = len(values)
    total = sum(weights)
    if total <= 0:
        weights, total, wins = [1.0] * count, float(count), 0.0
    mean = sum(w * v for w, v in zip(weights, values, strict=True)) / total
    squares = sum(w * w for w in weights)
    effective = total * total / squares
    if count > 1 and effective > 1:
        var = sum(w * (v - mean) ** 2 for w, v in zip(weights, values, strict=True)) / total
        stderr = math.sqrt(var / (effective - 1))
    else:
        stderr = 0.0
    return OptionValue(action, mean, stderr, count, wins / total)


def _only(seat: int, action: Action) -> Analysis:
    return Analysis(seat, (OptionValue(action, 0.0, 0.0, 0),))


def _expect(include: Action | None, kind: type) -> None:
    if include is not None and not isinstance(include, kind):
        raise ValueError(f"{include} is not an answer to this decision")


def _bid(view: SeatView, bot: ExpertBot, rng: random.Random, run: _Runner,
         include: Action | None) -> Analysis:
    _expect(include, Bid)
    bids = O.legal_bids(view)
    if include is not None and include not in bids:
        raise ValueError(f"{include} is not a legal bid")
    if len(bids) == 1:
        return _only(view.seat, bids[0])
    return run.values(view.seat, bot.bid_problem(view, rng), _same_bid)


def _same_bid(bid: Bid) -> Action:
    return bid


def _call(view: SeatView, bot: ExpertBot, rng: random.Random, run: _Runner,
          include: Action | None) -> Analysis:
    _expect(include, Call)
    callable_ = O.callable_cards(view)
    extra: list[Card] = []
    if isinstance(include, Call):
        if include.card not in callable_:
            raise ValueError(f"{include} is not a legal call")
        extra.append(include.card)
    if len(callable_) == 1:
        return _only(view.seat, Call(callable_[0]))
    return run.values(view.seat, bot.call_problem(view, rng), Call, extra)


def _discard(view: SeatView, bot: ExpertBot, rng: random.Random, run: _Runner,
             include: Action | None) -> Analysis:
    _expect(include, Discard)
    if view.trick.cards or view.tricks or not O.can_change_discard(view):
        raise ValueError(f"seat {view.seat} may not discard now")
    options = O.discard_options(view)
    extra: list[Mask] = []
    if isinstance(include, Discard):
        mask = C.mask_of(include.cards)
        if (len(include.cards) != options.size or mask.bit_count() != options.size
                or mask & ~options.allowed or (options.plain & ~mask and options.trumps_needed)):
            raise ValueError(f"{include} is not a legal discard")
        extra.append(mask)
    if options.allowed.bit_count() == options.size:
        return _only(view.seat, _discard_action(options.allowed))
    return run.values(view.seat, bot.discard_problem(view, rng), _discard_action, extra)


def _slam(view: SeatView, bot: ExpertBot, rng: random.Random, run: _Runner,
          include: Action | None) -> Analysis:
    """Success is the slam made when announced, the contract made when not."""
    _expect(include, DecideSlam)
    seat = view.seat

    def outcome(world: DealState, announce: bool) -> tuple[float, bool]:
        result = bot.slam_deal(world, announce, rng)
        made = result.slam == "announced_made" if announce else result.made
        return float(result.scores[seat]), made

    return run.values(seat, bot.slam_problem(view, rng), DecideSlam, outcome=outcome)


def _discard_action(mask: Mask) -> Action:
    return Discard(tuple(C.cards_of(mask)))


def _declarations(view: SeatView, bot: ExpertBot, rng: random.Random, run: _Runner,
                  include: Action | None) -> Analysis:
    if not O.before_first_card(view):
        raise ValueError(f"seat {view.seat} may not declare anything now")
    problem = bot.declare_problem(view, rng)
    extra: list[Declaration] = []
    if include is not None and include != NO_DECLARATION:
        if isinstance(include, AnnounceMisere):
            if include not in problem.options:
                raise ValueError(f"{include} may not be announced now")
        elif isinstance(include, ShowHandful):
            extra.append(_checked_handful(view, include))
        else:
            raise ValueError(f"{include} is not a declaration")
    if len(problem.options) == 1 and not extra:
        raise ValueError(f"seat {view.seat} has nothing to declare")
    return run.values(view.seat, problem, _declaration_action, extra)


def _checked_handful(view: SeatView, handful: ShowHandful) -> ShowHandful:
    shown = normalised(handful)
    assert isinstance(shown, ShowHandful)
    cards = C.mask_of(shown.cards)
    for option in O.handful_options(view):
        if len(shown.cards) != option.size:
            continue
        if option.needs_excuse and cards == option.trumps | C.EXCUSE_BIT:
            return shown
        if not option.needs_excuse and not cards & ~option.trumps:
            return shown
    raise ValueError(f"{handful} is not a handful the seat may show")


def _declaration_action(declaration: Declaration) -> Action:
    return NO_DECLARATION if declaration is None else declaration


def _play(view: SeatView, bot: ExpertBot, rng: random.Random, run: _Runner,
          include: Action | None) -> Analysis:
    _expect(include, Play)
    legal = O.legal_plays(view)
    if isinstance(include, Play) and not legal >> include.card & 1:
        raise ValueError(f"{include} is not a legal card")
    if legal.bit_count() == 1:
        return _only(view.seat, Play(legal.bit_length() - 1))
    equivalents: list[tuple[Action, Action]] = []
    for group in card_groups(legal, view.hand_mask, unseen_out(view)):
        equivalents += [(Play(card), Play(group[0])) for card in group[1:]]
    return run.values(view.seat, bot.play_problem(view, rng), Play,
                      equivalents=tuple(equivalents))


__all__ = [
    "NO_DECLARATION",
    "Analysis",
    "AnalysisCancelled",
    "Decision",
    "OptionValue",
    "analyse",
    "analyse_decision",
    "decisions",
    "is_forced",
    "normalised",
]
