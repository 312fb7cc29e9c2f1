"""ExpertBot: a search over the cards it cannot see that gets better with the time it is given.

For every decision the bot samples deals consistent with its view (:mod:`engine.ai.sampling`:
hand sizes, voids, handfuls, misères, the dog and the discard, the called card), weighs each
by how likely the other seats' bids and cards are in it (:mod:`engine.ai.inference`), tries
each of its options on every sampled deal, plays the deal to the end with every seat playing
like a club player from what it knows (:mod:`engine.ai.playout`), and scores it with the
real scoring. The option with the best weighted mean score for its own seat wins; options
confidently behind are dropped on the way (:func:`engine.ai.search.race`), and the search
goes on until the budget is spent, so that more time means more deals and smaller errors.

* **cards** — each legal card (cards that are interchangeable, like touching low cards of a
  suit, are tried once), on the same deals;
* **bidding** — every legal bid, each followed on each deal by the rest of the auction as
  club players would bid it (:mod:`engine.ai.auction`), then the contract played out: a pass
  is worth what the deal is worth as a defender when another seat takes (0 when all pass), a
  contract what it is worth as the taker (or as a defender when it is overcalled);
* **call** (five players), **discard** — a set of candidates (the heads the hand lacks;
  discards that make different voids or put different points aside), each played out;
* **slam** — announcing against not announcing, played out;
* **handful** — shown when its camp wins the contract in most play-outs (the bonus goes to
  the winning camp); **misères** — always announced.

The time budget is per decision (``budget`` seconds; by default :data:`DEFAULT_BUDGET`, and
:data:`DEFAULT_BUDGETS` for five players), the same for every kind of decision. Given
``budget_samples=N`` instead, the bot looks at a fixed number of sampled deals and no clock,
so that its play is reproducible from its seed.

Each kind of decision is also available as a :class:`~engine.ai.search.Problem`
(``bid_problem``, ``call_problem``, ``discard_problem``, ``slam_problem``,
``declare_problem``, ``play_problem``): the options the bot weighs, its source of weighted
sampled deals and the function that scores one option on one deal. The bot's own decisions
are searches over these problems; :mod:`engine.ai.analysis` evaluates the same problems
without pruning, to explain a choice.

:class:`OmniscientExpert` is the same search handed the true deal instead of samples: a
yardstick for measurements, never a player.
"""

from __future__ import annotations

import random
from collections.abc import Callable

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
from engine.ai import auction, club, endgame, tree
from engine.ai import options as O
from engine.ai import playout as P
from engine.ai.base import PhaseBot
from engine.ai.candidates import card_groups, discard_candidates, equivalent_cards, unseen_out
from engine.ai.club import Tracker
from engine.ai.club_contract import call_choice, discard_choice, hand_strength, thresholds_for
from engine.ai.inference import Inference
from engine.ai.sampling import NoConsistentDeal, Worlds
from engine.ai.search import Budget, Problem, WorldSource, race
from engine.ai.simple_bot import SimpleBot
from engine.cards import Card, Mask
from engine.rules import Contract
from engine.scoring import DealResult, score_deal
from engine.state import DealState
from engine.views import SeatView

#: Seconds per decision by default: quick at the table, and what the default is measured at.
DEFAULT_BUDGET = 0.25
#: The default by player count where it differs. With five players the partner is read from
#: the cards, and a longer think pays: 1 s against 0.25 s won +9.2 [+1.5, +16.9] points a
#: deal (200 duplicate deals, field simple), its contracts made 82.9 % instead of 74.8 %.
#: With four, 1 s changed few decisions (+1.6 [-2.1, +5.2]) and the table stays quick.
DEFAULT_BUDGETS: dict[int, float] = {5: 0.75}
#: A hand this far below the club player's threshold for the lowest contract open passes
#: without simulating.
PASS_MARGIN = 14.0
#: A taker's hand this far below the club player's Garde contre threshold does not weigh a
#: slam.
SLAM_MARGIN = 10.0
#: The scores of a deal, in units of :meth:`ExpertBot._unit` (a card point of margin): the
#: scale of the tree search's exploration.
SCORE_SCALE = 50.0
#: Player counts where the expert reads the other seats' cards (:mod:`engine.ai.inference`):
#: with five it tells who the partner is (measured: no gain with three or four, where the
#: bids and the voids say most of it and the reading costs time).
READ_PLAYS = frozenset({5})
#: Reading the cards makes the weights of sampled deals uneven: each deal kept is drawn from a
#: pool of deals, in proportion to their weights. The larger the pool, the closer the deals
#: kept come to what the cards played say: a longer think affords more, by budget (seconds of
#: at least the key; a budget in sampled deals takes the first).
POOL: tuple[tuple[float, int], ...] = ((0.0, 4), (0.75, 6), (2.0, 8))
#: Card points of margin the expert may add to its estimate of a contract it would take itself:
#: its play-outs play its own hand like a club player, while at the table it searches. Left at
#: zero: against club defenders a margin of 8 took 50 % more contracts but made 75 % of them
#: instead of 84 %, for no clear gain (+1.5 [-2.2, +5.3] a deal, four players, 200 deals), and
#: against defenders who search the estimate is not low (``python -m engine.ai.calibrate``).
EDGE = 0.0
#: Whether, as taker, the expert's card play-outs give the defenders every hand to read
#: (:meth:`engine.ai.club.Tracker.see_all`): defenders stronger than club players, as at a
#: table of experts. Off by default until measured at 200 deals.
OPEN_DEFENCE = False
#: Share of the play-outs its camp must win for a seat to show a handful.
HANDFUL_WINS = 0.5
#: Tricks left (the one being played included) from which the cards are valued by exact
#: search of the rest of each sampled deal, by player count, for budgets (seconds) of at
#: least the key: the search of one deal costs about 1-5 ms with three tricks left, 3-30 ms
#: with four (more players, more cards), and a decision wants dozens of deals.
EXACT_TRICKS: dict[int, tuple[tuple[float, int], ...]] = {
    3: ((0.0, 3), (0.5, 4), (3.0, 5)),
    4: ((0.0, 3), (1.0, 4)),
    5: ((0.0, 2), (0.75, 3), (4.0, 4)),
}
#: The same for a budget in sampled deals rather than seconds.
EXACT_TRICKS_SAMPLED = {3: 3, 4: 3, 5: 2}

#: A declaration before the first card, or none.
Declaration = ShowHandful | AnnounceMisere | None


class ExpertBot(PhaseBot):
    name = "expert"

    def __init__(self, seed: int = 0, budget: float | None = None,
                 budget_samples: int | None = None, epsilon: float = 0.0,
                 read_plays: bool | None = None, use_tree: bool = True,
                 pool: int | None = None, edge: float = EDGE,
                 open_defence: bool = OPEN_DEFENCE) -> None:
        self.rng = random.Random(seed)
        self.edge = edge
        self.open_defence = open_defence
        self.use_tree = use_tree
        self.pool_size = pool
        self.budget_seconds = budget
        self.budget_samples = budget_samples
        self.epsilon = epsilon
        self.read_plays = read_plays
        self._handful_asked: set[tuple[int, int, int]] = set()
        self._fallback = SimpleBot(seed)
        self._stop: Callable[[], bool] | None = None

    def seconds(self, players: int) -> float:
        """Seconds per decision at a table of ``players``: the ``budget`` given, or the
        default for that many players (:data:`DEFAULT_BUDGETS`)."""
        if self.budget_seconds is not None:
            return self.budget_seconds
        return DEFAULT_BUDGETS.get(players, DEFAULT_BUDGET)

    def pool(self, players: int) -> int:
        """Sampled deals drawn for each one kept when the cards played are read (:data:`POOL`)."""
        if self.pool_size is not None:
            return max(1, self.pool_size)
        size = POOL[0][1]
        if self.budget_samples is None:
            for seconds, count in POOL:
                if self.seconds(players) >= seconds:
                    size = count
        return size

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
        """A function returning a new sampled deal at the view's decision, with its weight,
        on each call."""
        worlds = Worlds(view)
        plays = self.read_plays
        if plays is None:
            plays = view.players in READ_PLAYS
        inference = Inference(view, worlds, plays=plays)
        pool = self.pool(view.players) if inference.plays else 1

        def draw() -> tuple[DealState, float]:
            if pool == 1:
                world = worlds.sample(rng)
                return world, inference.weight(world)
            # the cards played make weights uneven: keep one deal of a few, in proportion to
            # its weight, rather than many deals of which a few count
            candidates = [worlds.sample(rng) for _ in range(pool)]
            weights = [inference.weight(world) for world in candidates]
            total = sum(weights)
            pick = rng.random() * total
            for world, weight in zip(candidates, weights, strict=True):
                pick -= weight
                if pick <= 0:
                    return world, 1.0
            return candidates[-1], 1.0

        return draw

    def exact_tricks(self, players: int) -> int:
        """Tricks left from which a card is valued by exact search (:data:`EXACT_TRICKS`)."""
        if self.budget_samples is not None:
            return EXACT_TRICKS_SAMPLED.get(players, 2)
        tricks = 2
        for seconds, count in EXACT_TRICKS.get(players, ()):
            if self.seconds(players) >= seconds:
                tricks = count
        return tricks

    def _budget(self, view: SeatView, factor: float = 1.0) -> Budget:
        seconds = self.seconds(view.players) * factor
        return Budget(seconds, self.budget_samples, self._stop)

    def _decision_rng(self) -> random.Random:
        return random.Random(self.rng.getrandbits(64))

    def _rollout(self, s: DealState, rng: random.Random,
                 public: Tracker | None = None) -> None:
        tracker = P.tracker_for(s, public) if public is not None else None
        P.rollout(s, rng if self.epsilon else None, self.epsilon, tracker)

    @staticmethod
    def _unit(view: SeatView) -> float:
        """What one card point of margin is worth to the seat, roughly (for indifference)."""
        contract = view.rules.contract(view.contract) if view.contract else None
        mult = contract.multiplier if contract is not None else 1
        share = view.players - 1 if view.seat == view.taker else 1
        if view.players == 5 and view.seat == view.taker:
            share = 2
        return float(mult * share) / 2

    # --- bidding and the call ------------------------------------------------------------------

    def bid(self, view: SeatView) -> Bid:
        bids = O.legal_bids(view)
        contracts = [b for b in bids if b.contract is not None]
        if not contracts:
            return PASS
        n = view.players
        strength = hand_strength(view.hand_mask, n, view.rules.setup(n).hand)
        thresholds = thresholds_for(n)
        lowest = contracts[0].contract
        assert lowest is not None
        if strength < thresholds.get(lowest, thresholds["petite"]) - PASS_MARGIN:
            return PASS
        problem = self.bid_problem(view, self._decision_rng())
        choice = race(problem, self._budget(view)).best
        return choice

    def bid_problem(self, view: SeatView, rng: random.Random) -> Problem[Bid]:
        """Every legal bid, each followed by the rest of the auction and the play."""
        bids = O.legal_bids(view)
        me = view.seat
        share = 2 if view.players == 5 else view.players - 1  # the taker's shares of a point
        cache: dict[tuple[int, bool], DealState] = {}
        last: list[DealState | None] = [None]

        def run(world: DealState, bid: Bid) -> float:
            if last[0] is not world:
                last[0] = world
                cache.clear()
            outcome = auction.finish(world, me, bid.contract)
            if outcome is None:
                return 0.0
            taker, contract = outcome
            key = (taker, contract.dog_shown)
            played = cache.get(key)
            if played is None:
                played = cache[key] = self.played_contract(world, taker, contract, rng)
            played.contract = contract
            score = self.seat_score(played, me)
            if taker == me:
                score += self.edge * contract.multiplier * share
            return score

        return Problem(bids, self.world_source(view, rng), run, float(view.players) / 2)

    @staticmethod
    def seat_score(s: DealState, seat: int) -> float:
        """``seat``'s score in the finished deal ``s``."""
        return float(score_deal(s).scores[seat])

    def played_contract(self, world: DealState, taker: int, contract: Contract,
                        rng: random.Random) -> DealState:
        """``world`` (a deal in its bidding) played out with ``taker`` holding ``contract``:
        the club player's call and discard, then every seat a club player."""
        played = world.copy()
        call = None
        if world.n == 5:
            hand = played.hands[taker]
            call = call_choice(P.callable_cards(world.rules.five_player_call == "any", hand),
                               hand)
        P.take_contract(played, taker, contract, call)
        self._rollout(played, rng)
        return played

    @staticmethod
    def call_candidates(view: SeatView) -> list[Card]:
        """The cards worth calling: those the hand lacks (kings, or with any card callable the
        21, the 20 and the kings), the club player's call first."""
        callable_ = O.callable_cards(view)
        hand = view.hand_mask
        if view.rules.five_player_call == "any":
            heads = [c for c in C.cards_of(C.KING_MASK) if not hand >> c & 1]
            extra = [c for c in (C.TWENTY_ONE, C.TWENTY_ONE - 1) if not hand >> c & 1]
            candidates = extra + heads
        else:
            candidates = [c for c in callable_ if not hand >> c & 1]
        default = call_choice(callable_, hand)
        if not candidates:
            candidates = [default]
        candidates.sort(key=lambda c: c != default)  # ties go to the usual choice
        return candidates

    def call(self, view: SeatView) -> Call:
        candidates = self.call_candidates(view)
        if len(candidates) == 1:
            return Call(candidates[0])
        problem = self.call_problem(view, self._decision_rng())
        return Call(race(problem, self._budget(view)).best)

    def call_problem(self, view: SeatView, rng: random.Random) -> Problem[Card]:
        """The call candidates; ``run`` takes any card."""
        me = view.seat
        assert view.contract is not None
        contract = view.rules.contract(view.contract)
        size = view.rules.setup(view.players).dog

        def run(world: DealState, card: Card) -> float:
            s = world.copy()
            P.set_call(s, me, card)
            if contract.dog_shown:
                s.hands[me] |= s.dog
                P.apply_discard(s, discard_choice(s.hands[me], size))
            P.start_play(s)
            self._rollout(s, rng)
            return float(score_deal(s).scores[me])

        return Problem(self.call_candidates(view), self.world_source(view, rng), run,
                       self._unit(view))

    # --- the discard and the slam --------------------------------------------------------------

    def discard(self, view: SeatView) -> Discard:
        options = O.discard_options(view)
        hand = view.hand_mask | C.mask_of(view.discard or ())
        candidates = discard_candidates(hand, options)
        if len(candidates) == 1:
            return Discard(tuple(C.cards_of(candidates[0])))
        problem = self.discard_problem(view, self._decision_rng())
        return Discard(tuple(C.cards_of(race(problem, self._budget(view)).best)))

    def discard_problem(self, view: SeatView, rng: random.Random) -> Problem[Mask]:
        """The discard candidates (:func:`engine.ai.candidates.discard_candidates`); ``run``
        takes any discard."""
        hand = view.hand_mask | C.mask_of(view.discard or ())
        candidates = discard_candidates(hand, O.discard_options(view))
        me = view.seat

        def run(world: DealState, discard: Mask) -> float:
            s = world.copy()
            s.hands[me] = hand
            P.apply_discard(s, discard)
            P.start_play(s)
            self._rollout(s, rng)
            return float(score_deal(s).scores[me])

        return Problem(candidates, self.world_source(view, rng), run, self._unit(view))

    def slam(self, view: SeatView) -> DecideSlam:
        n = view.players
        strength = hand_strength(view.hand_mask, n, view.rules.setup(n).hand)
        if strength < thresholds_for(n)["garde_contre"] - SLAM_MARGIN:
            return DecideSlam(False)
        problem = self.slam_problem(view, self._decision_rng())
        return DecideSlam(bool(race(problem, self._budget(view)).best))

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
        if self._camp_wins(view) <= HANDFUL_WINS:
            return None
        return ShowHandful(O.handful_cards(best, keep=P.PETIT_BIT | P.TWENTY_ONE_BIT))

    def _camp_wins(self, view: SeatView) -> float:
        """How often (weighted) the seat's camp wins the contract in play-outs from here."""
        rng = self._decision_rng()
        worlds = self.world_source(view, rng)
        budget = self._budget(view, 0.5)
        attacking = view.seat == view.taker or (view.partner_known and view.partner == view.seat)
        wins = total = 0.0
        done = 0
        while not budget.expired(done) and done < 64:
            s, weight = worlds()
            self._rollout(s, rng)
            wins += weight * (score_deal(s).made == attacking)
            total += weight
            done += 1
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
        return Play(race(problem, self._budget(view)).best)

    @staticmethod
    def card_candidates(view: SeatView) -> list[Card]:
        """One legal card of each group of interchangeable ones, in the order of preference
        that settles a search's tie: the club player's card first, the oudlers and the
        Excuse last (a card worth the same in the samples is not worth giving up the Petit,
        the 21 or the Excuse for)."""
        groups = card_groups(O.legal_plays(view), view.hand_mask, unseen_out(view))
        usual = club.choose_card(club.reading_of_view(view))
        special = (C.PETIT, C.TWENTY_ONE, C.EXCUSE)
        groups.sort(key=lambda g: (usual not in g, g[0] in special))
        return [group[0] for group in groups]

    def play_problem(self, view: SeatView, rng: random.Random) -> Problem[Card]:
        """One legal card of each group of interchangeable ones (:meth:`card_candidates`);
        ``run`` takes any legal card."""
        candidates = self.card_candidates(view)
        me = view.seat
        if len(view.hand) <= self.exact_tricks(view.players):
            return Problem(candidates, self.world_source(view, rng), _exact_run(me),
                           self._unit(view))
        public: list[Tracker] = []
        trees = {card: tree.Node() for card in candidates}
        scale = SCORE_SCALE * self._unit(view)
        noise = rng if self.epsilon else None
        source = self.world_source(view, rng)
        weight = [1.0]
        opened = ((1 << view.players) - 1) & ~(1 << me) if (
            self.open_defence and me == view.taker) else 0

        def worlds() -> tuple[DealState, float]:
            world, weight[0] = source()
            return world, weight[0]

        def run(world: DealState, card: Card) -> float:
            s = world.copy()
            if not public:  # what the tricks so far showed: the same in every sampled deal
                public.append(P.public_tracker(world))
            tracker = P.tracker_for(s, public[0])
            if opened:
                tracker.see_all(opened)
            tracker.play(card)
            if self.use_tree:
                return tree.walk(s, tracker, trees[card], me, scale, weight[0], noise,
                                 self.epsilon)
            return P.value(s, me, noise, self.epsilon, tracker)

        return Problem(candidates, worlds, run, self._unit(view))


def _exact_run(me: int) -> Callable[[DealState, Card], float]:
    """Cards valued by exact search of the rest of each deal (one table per deal)."""
    last: list[tuple[DealState, endgame.Solver]] = []

    def run(world: DealState, card: Card) -> float:
        if not last or last[0][0] is not world:
            last[:] = [(world, endgame.Solver())]
        solver = last[0][1]
        s = world.copy()
        s.play(card)
        return endgame.seat_value(s, me, solver.value(s))

    return run


class OmniscientExpert(ExpertBot):
    """The expert's search run on the true deal rather than on samples (measurement only).

    ``provider`` returns the true :class:`DealState` at the decision being asked. The
    play-outs vary through ``epsilon`` (random cards now and then), since every "sample" is
    the same deal.
    """

    name = "omniscient"

    def __init__(self, provider: Callable[[], DealState], seed: int = 0,
                 budget: float | None = None, budget_samples: int | None = None,
                 epsilon: float = 0.1) -> None:
        super().__init__(seed, budget, budget_samples, epsilon)
        self.provider = provider

    def world_source(self, view: SeatView, rng: random.Random) -> WorldSource:
        true = self.provider()
        if true.phase is not view.phase or true.turn != view.turn:
            raise ValueError("the provided deal is not at the decision the view shows")
        return lambda: (true.copy(), 1.0)


def make(seed: int = 0, budget: float | None = None, samples: int | None = None,
         read_plays: bool | None = None, edge: float = EDGE,
         open_defence: bool = OPEN_DEFENCE) -> ExpertBot:
    """The registry's factory: an expert with ``budget`` seconds per decision (by default
    :data:`DEFAULT_BUDGETS`, else :data:`DEFAULT_BUDGET`), or a fixed number of sampled deals
    per decision (``samples``, which makes it reproducible)."""
    return ExpertBot(seed, budget=budget, budget_samples=samples, read_plays=read_plays,
                     edge=edge, open_defence=open_defence)


def make_omniscient(seed: int, provider: Callable[[], DealState],
                    budget: float | None = None, samples: int | None = None) -> OmniscientExpert:
    """The measurement registry's factory: needs the true deal's ``provider``."""
    return OmniscientExpert(provider, seed, budget=budget, budget_samples=samples)


__all__ = [
    "DEFAULT_BUDGET",
    "DEFAULT_BUDGETS",
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
    "unseen_out",
]
