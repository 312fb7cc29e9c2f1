"""Verdicts on a seat's decisions that say how sure they are.

The analysis (:mod:`engine.ai.analysis`) values every option on the same sampled deals, each
with an error of ten points or more. Calling a decision a mistake because the best of those
noisy means beats the chosen one would flag the expert's own play every few cards: the best of
several noisy means is high by chance (the winner's curse), and a difference smaller than its
error says nothing. So a verdict is reached in two steps:

1. **Choose** the option to compare with: the analysis's best on one set of sampled deals.
   When it is the chosen action (or stands for it), the verdict is ``best``.
2. **Measure** the chosen action against it on *fresh* deals, deal by deal (a paired
   difference): the cost and its 99 % interval no longer carry the luck that made the option
   look best. While the interval straddles a band's edge, the deals are doubled, up to
   ``refine`` times the budget; what is still unsettled then is ``too_close``. Those deals
   play the two options compared, not every one, so the limit can be high. A flag is only
   given on the whole budget: a decision that looks flagged is measured again on more deals
   until the limit, then once more on as many other deals, and keeps the milder class of
   the two (the cost shown is their mean, its range spans both intervals).

The classes, by the seat's game points the chosen action gives up (:data:`BANDS`):

======================  =====================================================================
``forced``              the only legal choice
``best``                the analysis's own choice
``good``                costs less than :data:`INACCURACY` points, at 99 % confidence
``too_close``           may cost more or less than that: the deals cannot tell
``inaccuracy``          costs at least :data:`INACCURACY` points, at 99 % confidence
``mistake``             at least :data:`MISTAKE`
``blunder``             at least :data:`BLUNDER`
======================  =====================================================================

A class is given by the interval's low end, so a flag is never stronger than the figures
show; the reported ``cost`` is the interval's middle.

The option compared with is one the expert itself would choose (:func:`model_choice`): a
card its defence's technique rules out (:mod:`engine.ai.discipline`: a head before the taker
on a suit's first round, a head led into the taker's void…) or a contract above what the hand
bids (:meth:`engine.ai.expert.ExpertBot.open_bids`) is never what a choice is compared
with; and such a choice made is at least an ``inaccuracy``, whatever one set of play-outs
measures (:attr:`Verdict.technique`), with the rule as its reason: the play-outs, club
players all, follow where a strong taker has set a suit aside, and reward a Garde a strong
defence beats.

A card that surely gains on the trick in play (:func:`engine.ai.certain.sure_gain`: a Petit
that surely wins, a head onto the camp's sure trick, the cheapest card onto the other camp's)
is what the expert plays, and what another card is compared with. The play-outs behind the
cost play the rest of the deal like club players, who may win back later the head a strong
table would ruff: so the cost is never taken as less than what the sure card surely keeps on
this trick (:func:`engine.ai.certain.banked`, in the seat's game points), unless the deals
show with confidence that the choice did better by more than the sure card is worth (the
margin the expert itself asks before giving up a sure card). The verdict says when either
applies (:attr:`Verdict.sure`, :attr:`Verdict.floored`), for a board to tell why its cost
is not the gap between the analysis's estimates.

>>> classify(30.0, 22.0, 38.0)
'mistake'
>>> classify(8.0, -1.0, 17.0)
'too_close'
>>> classify(1.0, -2.0, 4.0)
'good'
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Final

from engine import cards as C
from engine.actions import Action, Bid, Play
from engine.ai import club, discipline
from engine.ai.analysis import Analysis, OptionValue, analyse, is_forced, normalised
from engine.ai.certain import SURE_REASONS, banked, sure_gain, sure_reason
from engine.ai.discipline import FAULTS
from engine.ai.expert import ExpertBot
from engine.ai.expert_search import card_point_value
from engine.cards import Card
from engine.state import Phase
from engine.views import SeatView

#: Game points of the seat's score a decision may give up before it is an inaccuracy: about a
#: card point of a Garde for a defender, less than the noise of any single deal.
INACCURACY: Final = 5.0
#: A mistake: a head given to the other camp, a trick lost in a Garde.
MISTAKE: Final = 20.0
#: A blunder: the Petit lost, a contract that was made turned into one that fails.
BLUNDER: Final = 50.0
#: The bands, highest first: the class whose edge the interval's low end clears.
BANDS: Final = (("blunder", BLUNDER), ("mistake", MISTAKE), ("inaccuracy", INACCURACY))
#: Normal quantile of the two-sided 99 % interval: with a review of hundreds of decisions a
#: deal, a 95 % interval would flag a decision of the edge's cost one time in forty by chance.
Z: Final = 2.58
#: Every verdict, from the mildest; ``flagged`` ones are those a learner is told to change.
KINDS: Final = ("forced", "best", "good", "too_close", "inaccuracy", "mistake", "blunder")
FLAGGED: Final = frozenset({"inaccuracy", "mistake", "blunder"})
#: The technique's reasons that name the suit of the card played.
SUITED: Final = frozenset({discipline.HEAD_BEFORE_TAKER, discipline.HEAD_INTO_VOID,
                           discipline.HEAD_FROM_LONG_SUIT})
#: A contract above what the hand bids (:meth:`engine.ai.expert.ExpertBot.open_bids`).
TOO_HIGH_BID: Final = "too_high_bid"
#: The reasons a flagged verdict may give: those of a card that surely gains
#: (:data:`engine.ai.certain.SURE_REASONS`), a card led into a suit the taker showed it
#: lacks (it is trumped: the taker's ruff), the defence's technique
#: (:data:`engine.ai.discipline.FAULTS`) and a contract too high for the hand.
REASONS: Final = (*SURE_REASONS, "taker_void", *FAULTS, TOO_HIGH_BID)
#: Default budget: sampled deals for each of the two steps.
DEFAULT_SAMPLES: Final = 48
#: Default limit of the refinement, in multiples of the budget.
DEFAULT_REFINE: Final = 32


@dataclass(frozen=True)
class Verdict:
    """What a decision is worth against the analysis's choice, and how sure that is."""

    kind: str  # one of KINDS
    action: Action  # what the seat did
    best: Action  # the analysis's choice (the action itself when it is the best or forced)
    cost: float = 0.0  # game points the action gives up against ``best``, on fresh deals
    cost_low: float = 0.0  # the 99 % interval of the cost
    cost_high: float = 0.0
    samples: int = 0  # sampled deals behind the cost (0 when nothing was measured)
    #: Why the option compared with is better, from what the seat knew, for a flagged
    #: verdict only (never on a close call): a key of :data:`REASONS`, or "".
    reason: str = ""
    #: The suit the reason names (``taker_void``), or -1.
    reason_suit: int = -1
    #: ``best`` is the card that surely gains on the trick in play: the expert plays it
    #: whatever the analysis's estimates, which may rank another option above it.
    sure: bool = False
    #: The interval's low end is what the sure card surely keeps on this trick (the cost
    #: is never counted lower): with ``cost_high`` there too, the cost is that bound itself.
    floored: bool = False
    #: The choice breaks a rule the expert holds to (``reason`` names it): it is flagged
    #: at least an ``inaccuracy`` whatever the cost the deals measure.
    technique: bool = False
    #: The analysis that chose the option to compare with (every option's estimate, for a
    #: board to list); ``None`` for a forced decision.
    analysis: Analysis | None = field(default=None, compare=False, repr=False)

    @property
    def flagged(self) -> bool:
        """Whether the verdict tells the player to do otherwise."""
        return self.kind in FLAGGED


def classify(cost: float, low: float, high: float) -> str:
    """The class of a decision whose cost lies in ``[low, high]`` with 99 % confidence."""
    for kind, edge in BANDS:
        if low >= edge:
            return kind
    if high < INACCURACY:
        return "good"
    return "too_close"


def _unsettled(low: float, high: float) -> bool:
    """Whether more deals could move the class: the interval straddles a band's edge."""
    return any(low < edge <= high for _, edge in BANDS)


def judge(view: SeatView, action: Action, samples: int = DEFAULT_SAMPLES, seed: int = 0,
          refine: int = DEFAULT_REFINE, stop: Callable[[], bool] | None = None) -> Verdict:
    """The verdict on ``action``, taken by ``view.seat`` at the decision ``view`` shows.

    ``samples`` sampled deals choose the option to compare with, as many fresh ones measure
    the cost, doubled while the class is unsettled up to ``refine`` times ``samples``. The
    same ``seed`` gives the same verdict. ``stop`` is polled between deals (raises
    :class:`engine.ai.analysis.AnalysisCancelled`).
    """
    if is_forced(view, action):
        return Verdict("forced", action, action)
    chosen = analyse(view, samples, seed, include=action, stop=stop)
    broken = broken_rules(view)
    best, technique = model_choice(view, chosen, action, broken)
    floor, margin = -math.inf, 0.0  # no card surely gains: nothing bounds the cost from below
    reason, suit = "", -1
    surely = False  # the option compared with is the card that surely gains
    if isinstance(action, Play):
        reading = club.reading_of_view(view)
        sure = sure_gain(reading)
        if sure >= 0 and broken(Play(sure)):
            sure = -1  # a head "sure" only if the taker follows a suit it may have set aside
        if sure >= 0:
            if chosen.value_of(Play(sure)) is chosen.value_of(action):
                return Verdict("best", action, action, sure=True, analysis=chosen)
            best, surely = Play(sure), True
            floor, margin = _sure_floor(view, best, action)
            reason = sure_reason(reading, sure)
        else:
            suit = _into_takers_void(reading, action.card)
            reason = "taker_void" if suit >= 0 else ""
    if technique and not surely and not reason:  # a lead into a shown void says so already
        reason = technique
        suit = C.SUIT_OF[action.card] if isinstance(action, Play) and technique in SUITED else -1
    if best is None:
        return Verdict("best", action, action, analysis=chosen)
    fresh_seed = random.Random(seed).getrandbits(32) ^ 0x5EED
    pair = (best, action)  # the fresh deals play these two options only
    count = samples
    while True:
        fresh = analyse(view, count, fresh_seed, include=action, stop=stop, among=pair)
        cost, stderr = fresh.paired(best, action)
        low, high = _floored(cost, stderr, floor, margin)
        kind = classify(cost, low, high)
        # a flag is only given on the whole budget: a learner is told to change a decision
        # on the most deals the review affords, not on the first that clear an edge
        if kind not in FLAGGED and not _unsettled(low, high):
            break
        if count * 2 > samples * max(1, refine):
            break
        count *= 2
    if kind in FLAGGED:
        # confirmed on as many deals again, drawn apart: the review judges hundreds of
        # decisions, and the few whose deals fell worst would otherwise be flagged by chance
        again = analyse(view, count, fresh_seed ^ 0xC0FFEE, include=action, stop=stop,
                        among=pair)
        second, second_err = again.paired(best, action)
        second_low, second_high = _floored(second, second_err, floor, margin)
        milder = classify(second, second_low, second_high)
        # the range shown spans both sets' intervals, so that it bears out the milder class
        # kept (a range wholly above an edge under a class below it would say otherwise)
        cost = (cost + second) / 2
        low, high = min(low, second_low), max(high, second_high)
        kind = min(kind, milder, classify(cost, low, high), key=KINDS.index)
        count *= 2
    ruled = bool(technique) and KINDS.index(kind) < KINDS.index("inaccuracy")
    if ruled:
        kind = "inaccuracy"  # the rule, not this set of play-outs, says what the choice is
    if kind not in FLAGGED:
        reason, suit = "", -1
    cost = min(max(cost, low), high)  # the floor moves the middle with the interval
    return Verdict(kind, action, best, cost, low, high, count, reason, suit,
                   sure=surely, floored=low == floor, technique=ruled, analysis=chosen)


def broken_rules(view: SeatView) -> Callable[[Action], str]:
    """For the decision of ``view``: the rule the expert holds to that an action breaks (a
    key of :data:`REASONS`), or "" — a card of :func:`engine.ai.discipline.faults`, a bid
    outside :meth:`engine.ai.expert.ExpertBot.open_bids`. Worked out once a decision."""
    fouled = discipline.faults(view) if view.legal_plays else {}
    open_bids = ExpertBot.open_bids(view) if view.phase is Phase.BIDDING else None

    def broken(action: Action) -> str:
        if isinstance(action, Play):
            return fouled.get(action.card, "")
        if isinstance(action, Bid) and open_bids is not None and action not in open_bids:
            return TOO_HIGH_BID
        return ""

    return broken


def expert_options(view: SeatView, analysis: Analysis,
                   broken: Callable[[Action], str] | None = None) -> list[OptionValue]:
    """The analysis's options the expert would choose among, best first: those that break
    none of its rules (``broken``, by default :func:`broken_rules` of ``view``; every
    option, when all of them would). The first is its pick — what a hint proposes and what
    the review compares a choice with."""
    broken = broken if broken is not None else broken_rules(view)
    options = list(analysis.options)
    return [o for o in options if not broken(o.action)] or options


def model_choice(view: SeatView, analysis: Analysis, action: Action,
                 broken: Callable[[Action], str] | None = None) -> tuple[Action | None, str]:
    """The option to compare ``action`` with, as the expert would choose it (``None``: the
    action itself), and the rule the action breaks (``""``: none): the analysis's best among
    the options that break none of the expert's rules (:func:`expert_options`)."""
    if not isinstance(action, Play | Bid):
        return _best_of(analysis, action), ""
    if analysis.forced:
        return None, ""
    broken = broken if broken is not None else broken_rules(view)
    pick = expert_options(view, analysis, broken)[0]
    same = normalised(pick.action) == normalised(action) or analysis.value_of(action) is pick
    return (None if same else pick.action), broken(action)


def _into_takers_void(r: club.Reading, card: Card) -> int:
    """The suit of ``card`` when a defender leads it into a suit the taker showed it lacks
    while it may still trump, else -1."""
    suit = C.SUIT_OF[card]
    if r.trick or r.attacking or suit == C.TRUMP or card == C.EXCUSE:
        return -1
    if r.void[r.taker] >> suit & 1 and not r.no_trumps >> r.taker & 1:
        return suit
    return -1


def measure_again(view: SeatView, verdict: Verdict, samples: int, seed: int) -> Verdict:
    """The verdict's own comparison (its action against its ``best``) measured once more on
    ``samples`` fresh deals drawn from ``seed``, without refinement or confirmation: how a
    flag is checked on more deals. A verdict measured against nothing is returned as it is."""
    if not verdict.samples:
        return verdict
    floor, margin = _sure_floor(view, verdict.best, verdict.action)
    fresh = analyse(view, samples, seed, include=verdict.action,
                    among=(verdict.best, verdict.action))
    cost, stderr = fresh.paired(verdict.best, verdict.action)
    low, high = _floored(cost, stderr, floor, margin)
    return replace(verdict, kind=classify(cost, low, high), cost=min(max(cost, low), high),
                   cost_low=low, cost_high=high, samples=samples, floored=low == floor,
                   analysis=fresh)


def _sure_floor(view: SeatView, best: Action, action: Action) -> tuple[float, float]:
    """When ``best`` is the card that surely gains on the trick: the least ``action`` costs
    against it (what it surely banks there), and the gain that would lift that bound (what
    the sure card is worth, a card point at least: the expert's own margin for giving it
    up), both in the seat's game points. Else no bound: (-inf, 0)."""
    if not isinstance(best, Play) or not isinstance(action, Play):
        return -math.inf, 0.0
    reading = club.reading_of_view(view)
    if sure_gain(reading) != best.card:
        return -math.inf, 0.0
    value = card_point_value(view)
    return (banked(reading, best.card, action.card) * value,
            max(C.HALF_POINTS[best.card], 2) / 2 * value)


def _floored(cost: float, stderr: float, floor: float, margin: float) -> tuple[float, float]:
    """The interval of ``cost``, no lower than the points a sure card surely keeps, unless
    the deals show with confidence that the choice beat the sure card by more than it is
    worth, as the expert gives up a sure card (a Petit kept for the last trick, say). The
    play-outs are club players', who let a head kept back win a trick a strong table would
    ruff: a small edge of theirs, however many deals confirm it, is not a gain."""
    low, high = cost - Z * stderr, cost + Z * stderr
    if high < -margin:
        return low, high
    return max(low, floor), max(high, floor)


def _best_of(analysis: Analysis, action: Action) -> Action | None:
    """The analysis's choice when it is not ``action`` (nor an option standing for it)."""
    if analysis.forced:
        return None
    best = analysis.best
    mine = analysis.value_of(action)
    if mine is None or mine is best or normalised(best.action) == normalised(action):
        return None
    return best.action


__all__ = [
    "BANDS",
    "BLUNDER",
    "DEFAULT_REFINE",
    "DEFAULT_SAMPLES",
    "FLAGGED",
    "INACCURACY",
    "KINDS",
    "MISTAKE",
    "REASONS",
    "SUITED",
    "TOO_HIGH_BID",
    "Verdict",
    "broken_rules",
    "classify",
    "expert_options",
    "judge",
    "measure_again",
    "model_choice",
]
