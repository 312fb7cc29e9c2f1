"""ExpertBot: determinised search over the cards it cannot see.

For every decision the bot samples deals consistent with its view (:mod:`engine.ai.sampling`:
hand sizes, voids, handfuls, misères, the dog and the discard, the called card), tries each
of its options on every sampled deal, plays the deal to the end with the fast policy of
:mod:`engine.ai.playout`, and scores it with the real scoring. The option with the best mean
score for its own seat wins.

* **cards** — each legal card (cards that are interchangeable, like touching low cards of a
  suit, are tried once). The same sampled deals serve every card, so the comparison is
  paired; a card is dropped once it is clearly behind the best, or so close to it that the
  difference does not matter, and the search stops when one card is left, the sample budget
  is spent or the time is up.
* **bidding** — the expected score of taking at each contract still open, against 0 for a
  pass (a hand far below SimpleBot's lowest threshold passes at once). Petite and Garde share
  their play-outs, as do Garde sans and Garde contre: only the count differs.
* **call** (five players), **discard** — a handful of candidates (the kings it lacks; discards
  that make different voids or keep different points), each played out on the same deals.
* **slam** — announced only when a hand already strong enough to be a candidate makes the
  slam in at least 95 % of the play-outs and gains by announcing.
* **handful** — shown when its camp wins the contract in most play-outs (the bonus goes to
  the winning camp); **misères** — always announced.

The time budget is per decision (``budget`` seconds, 1 s by default). Given
``budget_samples=N`` instead, the bot looks at a fixed number of sampled deals and no clock,
so that its play is reproducible from its seed.

Each kind of decision is also available as a :class:`Problem` (``bid_problem``,
``call_problem``, ``discard_problem``, ``slam_problem``, ``declare_problem``,
``play_problem``): the options the bot weighs, its source of sampled deals and the function
that scores one option on one deal. The bot's own decisions are searches over these problems;
:mod:`engine.ai.analysis` evaluates the same problems without pruning, to explain a choice.

:class:`OmniscientExpert` is the same search handed the true deal instead of samples: a
yardstick for measurements, never a player.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from engine import cards as C
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
from engine.ai import options as O
from engine.ai import playout as P
from engine.ai.base import PhaseBot
from engine.ai.sampling import NoConsistentDeal, Worlds
from engine.ai.simple_bot import BID_THRESHOLDS, SimpleBot, hand_strength
from engine.cards import Card, Mask
from engine.scoring import DealResult, score_deal
from engine.state import DealState
from engine.views import SeatView

T = TypeVar("T")
WorldSource = Callable[[], DealState]

#: A hand this far below SimpleBot's threshold for the lowest contract open passes without
#: simulating.
PASS_MARGIN = 12.0
#: Confidence (in standard errors) needed to drop an option that looks worse than the best.
Z_DROP = 2.0
MIN_WORLDS = 8
MAX_WORLDS = 600


@dataclass(frozen=True)
class Problem(Generic[T]):
    """One decision as the expert weighs it.

    ``options`` are the choices it compares (bids, called cards, discard masks, slam yes/no,
    declarations, cards), ``worlds`` gives a new sampled deal at the decision on each call and
    ``run(world, option)`` plays ``option`` out on ``world`` (which it does not change) and
    returns the deciding seat's score. ``indifference`` is the score difference below which
    two options count as equally good.
    """

    options: list[T]
    worlds: WorldSource
    run: Callable[[DealState, T], float]
    indifference: float


#: A declaration before the first card, or none.
Declaration = ShowHandful | AnnounceMisere | None


class Budget:
    """When a search stops: a number of sampled deals, or a deadline on the clock."""

    def __init__(self, seconds: float | None, samples: int | None,
                 stop: Callable[[], bool] | None = None) -> None:
        self.samples = samples
        self.stop = stop
        self.deadline = None if seconds is None or samples is not None else (
            time.perf_counter() + seconds)
        self.max_worlds = samples if samples is not None else MAX_WORLDS

    def scaled(self, fraction: float) -> Budget:
        """A smaller budget for a side question (e.g. whether to show a handful)."""
        out = Budget(None, None, self.stop)
        out.samples = self.samples
        out.max_worlds = max(1, int(self.max_worlds * fraction))
        if self.deadline is not None:
            now = time.perf_counter()
            out.deadline = now + (self.deadline - now) * fraction
        return out

    def expired(self, worlds: int) -> bool:
        if worlds >= self.max_worlds:
            return True
        if self.stop is not None and worlds > 0 and self.stop():
            return True
        return self.deadline is not None and worlds > 0 and time.perf_counter() >= self.deadline


def search(options: Sequence[T], worlds: WorldSource, run: Callable[[DealState, T], float],
           budget: Budget, indifference: float) -> tuple[T, list[float]]:
    """The option with the best mean of ``run(world, option)`` over sampled worlds, and the
    means. Every option sees the same worlds, so options are compared world by world; one
    that, with confidence, is not better than the leader by ``indifference`` or more stops
    being evaluated. The search ends with one option left or the budget spent."""
    count = len(options)
    values: list[list[float]] = [[] for _ in options]
    alive = list(range(count))
    done = 0
    while len(alive) > 1 and not budget.expired(done):
        world = worlds()
        for i in alive:
            values[i].append(run(world, options[i]))
        done += 1
        if done >= MIN_WORLDS and done % 4 == 0:
            alive = _prune(values, alive, done, indifference)
    means = [sum(v) / len(v) if v else -math.inf for v in values]
    best = max(alive, key=lambda i: (means[i], -i))
    return options[best], means


def _prune(values: list[list[float]], alive: list[int], done: int,
           indifference: float) -> list[int]:
    means = {i: sum(values[i][-done:]) / done for i in alive}
    best = max(alive, key=lambda i: (means[i], -i))
    keep = [best]
    top = values[best][-done:]
    for i in alive:
        if i == best:
            continue
        diffs = [a - b for a, b in zip(top, values[i][-done:], strict=True)]
        mean = sum(diffs) / done
        var = sum((d - mean) ** 2 for d in diffs) / (done - 1)
        margin = Z_DROP * math.sqrt(var / done)
        if mean - margin > -indifference:
            continue  # surely no better than the best by any amount that matters
        keep.append(i)
    return sorted(keep)


def card_groups(legal: Mask, hand: Mask, out: Mask) -> list[list[Card]]:
    """The legal cards in groups of interchangeable ones: touching low cards of a suit (no
    unseen card between them and the same points) share a group; each group lowest first."""
    groups: list[list[Card]] = []
    prev = -1
    for card in C.iter_cards(legal):
        if prev >= 0 and C.SUIT_OF[card] == C.SUIT_OF[prev] and C.SUIT_OF[card] < 5 and (
                C.HALF_POINTS[card] == C.HALF_POINTS[prev] == 1
                and card not in (C.PETIT, C.TWENTY_ONE) and prev not in (C.PETIT, C.TWENTY_ONE)):
            between = ((1 << card) - 1) & ~((1 << (prev + 1)) - 1)
            if not between & ~(hand | out):
                groups[-1].append(card)
                prev = card
                continue
        groups.append([card])
        prev = card
    return groups


def equivalent_cards(legal: Mask, hand: Mask, out: Mask) -> list[Card]:
    """One card of each group of interchangeable legal cards (:func:`card_groups`), the
    lowest of each group."""
    return [group[0] for group in card_groups(legal, hand, out)]


def unseen_out(view: SeatView) -> Mask:
    """The cards the seat knows are in no other hand: played, or set aside in a discard."""
    return view.played | C.mask_of(view.discard or ()) | C.mask_of(view.discard_shown)


class ExpertBot(PhaseBot):
    name = "expert"

    def __init__(self, seed: int = 0, budget: float = 1.0, budget_samples: int | None = None,
                 epsilon: float = 0.0) -> None:
        self.rng = random.Random(seed)
        self.budget_seconds = budget
        self.budget_samples = budget_samples
        self.epsilon = epsilon
        self._handful_asked: set[tuple[int, int, int]] = set()
        self._fallback = SimpleBot(seed)
        self._stop: Callable[[], bool] | None = None

    def stop_when(self, stop: Callable[[], bool] | None) -> None:
        """Give up the decision in progress (answering the best so far) when ``stop()`` turns
        true: the table no longer wants it."""
        self._stop = stop

    def decide(self, view: SeatView) -> Action:
        try:
            return super().decide(view)
        except NoConsistentDeal:
            # a view no deal fits (house rules the inference does not know): play safe
            return self._fallback.decide(view)

    # --- the deals to look at ----------------------------------------------------------------

    def world_source(self, view: SeatView, rng: random.Random) -> WorldSource:
        """A function returning a new sampled deal at the view's decision on each call."""
        worlds = Worlds(view)
        return lambda: worlds.sample(rng)

    def _budget(self, fraction: float = 1.0) -> Budget:
        budget = Budget(self.budget_seconds, self.budget_samples, self._stop)
        return budget if fraction == 1.0 else budget.scaled(fraction)

    def _decision_rng(self) -> random.Random:
        return random.Random(self.rng.getrandbits(64))

    def _rollout(self, s: DealState, rng: random.Random) -> None:
        P.rollout(s, rng if self.epsilon else None, self.epsilon)

    @staticmethod
    def _unit(view: SeatView) -> float:
        """What one card point of margin is worth to the seat, roughly (for indifference)."""
        contract = view.rules.contract(view.contract) if view.contract else None
        mult = contract.multiplier if contract is not None else 1
        share = view.players - 1 if view.seat == view.taker else 1
        if view.players == 5 and view.seat == view.taker:
            share = 2
        return float(mult * share)

    # --- bidding and the call ------------------------------------------------------------------

    def bid(self, view: SeatView) -> Bid:
        bids = O.legal_bids(view)
        contracts = [b for b in bids if b.contract is not None]
        if not contracts:
            return PASS
        rules = view.rules
        n = view.players
        strength = hand_strength(view.hand_mask, n, rules.setup(n).hand)
        thresholds = BID_THRESHOLDS.get(n, BID_THRESHOLDS[4])
        lowest = contracts[0].contract
        assert lowest is not None
        if strength < thresholds.get(lowest, thresholds["petite"]) - PASS_MARGIN:
            return PASS
        problem = self.bid_problem(view, self._decision_rng())
        choice, _ = search(problem.options, problem.worlds, problem.run, self._budget(),
                           problem.indifference)
        return choice

    def bid_problem(self, view: SeatView, rng: random.Random) -> Problem[Bid]:
        """Every legal bid: a contract is played out with the usual call and discard, a pass
        scores 0."""
        bids = O.legal_bids(view)
        rules = view.rules
        n = view.players
        worlds = self.world_source(view, rng)
        me = view.seat
        call_any = rules.five_player_call == "any"
        cache: dict[bool, DealState] = {}
        last: list[DealState | None] = [None]

        def run(world: DealState, bid: Bid) -> float:
            if bid.contract is None:
                return 0.0
            if last[0] is not world:
                last[0] = world
                cache.clear()
            contract = rules.contract(bid.contract)
            played = cache.get(contract.dog_shown)
            if played is None:
                played = world.copy()
                call = None
                if n == 5:
                    call = P.heuristic_call(P.callable_cards(call_any, view.hand_mask),
                                            view.hand_mask)
                P.take_contract(played, me, contract, call)
                self._rollout(played, rng)
                cache[contract.dog_shown] = played
            played.contract = contract
            return float(score_deal(played).scores[me])

        return Problem(bids, worlds, run, float(n))

    @staticmethod
    def call_candidates(view: SeatView) -> list[Card]:
        """The cards worth calling: those the hand lacks (kings, or with any card callable the
        21, the 20 and the kings), the usual call first."""
        callable_ = O.callable_cards(view)
        hand = view.hand_mask
        if view.rules.five_player_call == "any":
            heads = [c for c in C.cards_of(C.KING_MASK) if not hand >> c & 1]
            extra = [c for c in (C.TWENTY_ONE, C.TWENTY_ONE - 1) if not hand >> c & 1]
            candidates = extra + heads
        else:
            candidates = [c for c in callable_ if not hand >> c & 1]
        if not candidates:
            candidates = [P.heuristic_call(callable_, hand)]
        default = P.heuristic_call(callable_, hand)
        candidates.sort(key=lambda c: c != default)  # ties go to the usual choice
        return candidates

    def call(self, view: SeatView) -> Call:
        candidates = self.call_candidates(view)
        if len(candidates) == 1:
            return Call(candidates[0])
        problem = self.call_problem(view, self._decision_rng())
        choice, _ = search(problem.options, problem.worlds, problem.run, self._budget(),
                           problem.indifference)
        return Call(choice)

    def call_problem(self, view: SeatView, rng: random.Random) -> Problem[Card]:
        """The call candidates; ``run`` takes any card."""
        worlds = self.world_source(view, rng)
        me = view.seat
        assert view.contract is not None
        contract = view.rules.contract(view.contract)

        def run(world: DealState, card: Card) -> float:
            s = world.copy()
            P.set_call(s, me, card)
            if contract.dog_shown:
                s.hands[me] |= s.dog
                size = view.rules.setup(view.players).dog
                P.apply_discard(s, P.heuristic_discard(s.hands[me], size))
            P.start_play(s)
            self._rollout(s, rng)
            return float(score_deal(s).scores[me])

        return Problem(self.call_candidates(view), worlds, run, self._unit(view))

    # --- the discard and the slam --------------------------------------------------------------

    def discard(self, view: SeatView) -> Discard:
        options = O.discard_options(view)
        hand = view.hand_mask | C.mask_of(view.discard or ())
        candidates = discard_candidates(hand, options)
        if len(candidates) == 1:
            return Discard(tuple(C.cards_of(candidates[0])))
        problem = self.discard_problem(view, self._decision_rng())
        choice, _ = search(problem.options, problem.worlds, problem.run, self._budget(),
                           problem.indifference)
        return Discard(tuple(C.cards_of(choice)))

    def discard_problem(self, view: SeatView, rng: random.Random) -> Problem[Mask]:
        """The discard candidates (:func:`discard_candidates`); ``run`` takes any discard."""
        hand = view.hand_mask | C.mask_of(view.discard or ())
        candidates = discard_candidates(hand, O.discard_options(view))
        worlds = self.world_source(view, rng)

        def run(world: DealState, discard: Mask) -> float:
            s = world.copy()
            s.hands[view.seat] = hand
            P.apply_discard(s, discard)
            P.start_play(s)
            self._rollout(s, rng)
            return float(score_deal(s).scores[view.seat])

        return Problem(candidates, worlds, run, self._unit(view))

    def slam(self, view: SeatView) -> DecideSlam:
        n = view.players
        strength = hand_strength(view.hand_mask, n, view.rules.setup(n).hand)
        thresholds = BID_THRESHOLDS.get(n, BID_THRESHOLDS[4])
        if strength < thresholds["garde_contre"] + 15:
            return DecideSlam(False)
        rng = self._decision_rng()
        worlds = self.world_source(view, rng)
        budget = self._budget()
        made = total = 0
        gain = 0.0
        while not budget.expired(total):
            world = worlds()
            results = []
            for announce in (False, True):
                result = self.slam_deal(world, announce, rng)
                results.append(result.scores[view.seat])
                if announce:
                    made += result.slam == "announced_made"
            gain += results[1] - results[0]
            total += 1
            if total >= MIN_WORLDS and made < total:
                break  # a single failure is enough not to risk it
        return DecideSlam(total >= MIN_WORLDS and made >= 0.95 * total and gain > 0)

    def slam_deal(self, world: DealState, announce: bool, rng: random.Random) -> DealResult:
        """``world`` (at the slam decision) played out with or without a slam announced."""
        s = world.copy()
        P.start_play(s, slam=announce)
        self._rollout(s, rng)
        return score_deal(s)

    def slam_problem(self, view: SeatView, rng: random.Random) -> Problem[bool]:
        """Not announcing, then announcing the slam."""
        me = view.seat

        def run(world: DealState, announce: bool) -> float:
            return float(self.slam_deal(world, announce, rng).scores[me])

        return Problem([False, True], self.world_source(view, rng), run, self._unit(view))

    # --- declarations ----------------------------------------------------------------------------

    def declare(self, view: SeatView) -> ShowHandful | AnnounceMisere | None:
        miseres = O.misere_options(view)
        if miseres:
            return AnnounceMisere(miseres[0])
        handfuls = O.handful_options(view)
        if not handfuls:
            return None
        key = (view.seat, view.hand_mask, view.played)
        if key in self._handful_asked:
            return None
        self._handful_asked.add(key)
        best = handfuls[-1]
        if best.needs_excuse and len(handfuls) > 1 and not handfuls[-2].needs_excuse:
            best = handfuls[-2]
        if self._camp_wins(view) <= 0.5:
            return None
        return ShowHandful(O.handful_cards(best, keep=P.PETIT_BIT | P.TWENTY_ONE_BIT))

    def _camp_wins(self, view: SeatView) -> float:
        """How often the seat's camp wins the contract in play-outs from here."""
        rng = self._decision_rng()
        worlds = self.world_source(view, rng)
        budget = self._budget(0.25)
        attacking = view.seat == view.taker or (view.partner_known and view.partner == view.seat)
        wins = total = 0
        while not budget.expired(total) and total < 64:
            s = worlds()
            self._rollout(s, rng)
            wins += score_deal(s).made == attacking
            total += 1
        return wins / total if total else 0.5

    def declare_problem(self, view: SeatView, rng: random.Random) -> Problem[Declaration]:
        """Declaring nothing (``None``), each misère open, each handful level open (the
        trumps the bot would show); ``run`` takes any declaration, played out from the
        seat's first card like :meth:`_camp_wins`."""
        me = view.seat
        options: list[Declaration] = [None]
        options += [AnnounceMisere(m) for m in O.misere_options(view)]
        options += [ShowHandful(O.handful_cards(h, keep=P.PETIT_BIT | P.TWENTY_ONE_BIT))
                    for h in O.handful_options(view)]

        def run(world: DealState, declaration: Declaration) -> float:
            s = world.copy()
            if isinstance(declaration, ShowHandful):
                s.handfuls[me] = declaration.cards
            elif isinstance(declaration, AnnounceMisere):
                s.miseres[me] = (*s.miseres.get(me, ()), declaration.misere)
            self._rollout(s, rng)
            return float(score_deal(s).scores[me])

        return Problem(options, self.world_source(view, rng), run, self._unit(view))

    # --- the cards -------------------------------------------------------------------------------

    def play(self, view: SeatView) -> Play:
        legal = O.legal_plays(view)
        if not legal & (legal - 1):
            return Play(legal.bit_length() - 1)
        candidates = equivalent_cards(legal, view.hand_mask, unseen_out(view))
        if len(candidates) == 1:
            return Play(candidates[0])
        problem = self.play_problem(view, self._decision_rng())
        choice, _ = search(problem.options, problem.worlds, problem.run, self._budget(),
                           problem.indifference)
        return Play(choice)

    def play_problem(self, view: SeatView, rng: random.Random) -> Problem[Card]:
        """One legal card of each group of interchangeable ones; ``run`` takes any legal
        card."""
        legal = O.legal_plays(view)
        candidates = equivalent_cards(legal, view.hand_mask, unseen_out(view))
        worlds = self.world_source(view, rng)
        me = view.seat

        def run(world: DealState, card: Card) -> float:
            s = world.copy()
            s.play(card)
            self._rollout(s, rng)
            return float(score_deal(s).scores[me])

        return Problem(candidates, worlds, run, self._unit(view))


def discard_candidates(hand: Mask, options: O.DiscardOptions) -> list[Mask]:
    """A few sensible discards: the usual one (short suits first, kings kept), one per suit
    that can be voided, one that puts the most points aside, one that keeps the heads."""
    size = options.size
    if options.trumps_needed:
        return [P.heuristic_discard(hand, size)]
    allowed = options.allowed
    out = [P.heuristic_discard(hand, size)]

    def length(suit: int) -> int:
        return (hand & C.SUIT_MASKS[suit]).bit_count()

    def fill(first: Mask, key: Callable[[Card], tuple[int, ...]]) -> Mask:
        chosen = first
        rest = sorted(C.cards_of(allowed & ~chosen), key=key)
        for card in rest[: size - chosen.bit_count()]:
            chosen |= 1 << card
        return chosen

    def short_rich(card: Card) -> tuple[int, ...]:
        return (length(C.SUIT_OF[card]), -C.HALF_POINTS[card], card)

    for suit in range(4):
        cards = allowed & C.SUIT_MASKS[suit]
        if cards and cards.bit_count() <= size:
            out.append(fill(cards, short_rich))
    out.append(fill(0, lambda c: (-C.HALF_POINTS[c], length(C.SUIT_OF[c]), c)))
    out.append(fill(0, lambda c: (C.HALF_POINTS[c], -length(C.SUIT_OF[c]), c)))
    unique: list[Mask] = []
    for mask in out:
        if mask not in unique and mask.bit_count() == size:
            unique.append(mask)
    return unique


class OmniscientExpert(ExpertBot):
    """The expert's search run on the true deal rather than on samples (measurement only).

    ``provider`` returns the true :class:`DealState` at the decision being asked. The
    play-outs vary through ``epsilon`` (random cards now and then), since every "sample" is
    the same deal.
    """

    name = "omniscient"

    def __init__(self, provider: Callable[[], DealState], seed: int = 0, budget: float = 1.0,
                 budget_samples: int | None = None, epsilon: float = 0.1) -> None:
        super().__init__(seed, budget, budget_samples, epsilon)
        self.provider = provider

    def world_source(self, view: SeatView, rng: random.Random) -> WorldSource:
        true = self.provider()
        if true.phase is not view.phase or true.turn != view.turn:
            raise ValueError("the provided deal is not at the decision the view shows")
        return true.copy


def make(seed: int = 0, budget: float = 1.0, samples: int | None = None) -> ExpertBot:
    """The registry's factory: an expert with ``budget`` seconds per decision, or a fixed
    number of sampled deals per decision (``samples``, which makes it reproducible)."""
    return ExpertBot(seed, budget=budget, budget_samples=samples)


def make_omniscient(seed: int, provider: Callable[[], DealState],
                    budget: float = 1.0) -> OmniscientExpert:
    """The measurement registry's factory: needs the true deal's ``provider``."""
    return OmniscientExpert(provider, seed, budget=budget)


__all__ = [
    "Budget",
    "Declaration",
    "ExpertBot",
    "OmniscientExpert",
    "Problem",
    "card_groups",
    "discard_candidates",
    "equivalent_cards",
    "make",
    "make_omniscient",
    "search",
    "unseen_out",
]
