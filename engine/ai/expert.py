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

The time budget is per decision (``budget`` seconds; by default :data:`DEFAULT_BUDGET`, at
every player count: :mod:`engine.ai.expert_search`). Given ``budget_samples=N`` instead, the
bot looks at a fixed number of sampled deals and no clock, so that its play is reproducible
from its seed.

Each kind of decision is also available as a :class:`~engine.ai.search.SearchProblem`
(``bid_problem``, ``call_problem``, ``discard_problem``, ``slam_problem``,
``declare_problem``, ``play_problem``): the options the bot weighs, its source of weighted
sampled deals and the function that scores one option on one deal. The bot's own decisions
are searches over these problems; :mod:`engine.ai.analysis` evaluates the same problems
without pruning, to explain a choice.

:mod:`engine.ai.oracle` runs the same search on deals that know hidden cards: yardsticks of
what the hidden information is worth, for measurements, never players.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

from engine import cards as C
from engine import choices as O
from engine.actions import (
    PASS,
    AnnounceMisere,
    Bid,
    Call,
    DecideSlam,
    Discard,
    Play,
    ShowHandful,
)
from engine.ai import auction, club, discipline, endgame
from engine.ai import playout as P
from engine.ai.candidates import card_groups, discard_candidates, equivalent_cards, unseen_out
from engine.ai.certain import sure_gain
from engine.ai.club_contract import (
    call_choice,
    contract_ceiling,
    discard_choice,
    hand_strength,
    thresholds_for,
    within_ceiling,
)
from engine.ai.club_tracker import Tracker
from engine.ai.expert_search import (
    DEFAULT_BUDGET,
    EDGE,
    OPEN_DEFENCE,
    SearchingBot,
)
from engine.ai.search import Budget, SearchProblem, race
from engine.cards import Card, Mask
from engine.rules import Contract
from engine.scoring import DealResult, score_deal
from engine.state import DealState
from engine.views import SeatView

#: A contract is open to a hand whose point count is at most this far below the club
#: player's threshold for it: the floor a strong player recognises (a Garde sans needs the
#: hand of one), below which no sampled deal's dog is worth the ×4 and ×6 swings.
FLOOR_MARGIN = 2.0
#: Wider margins by player count and contract. With five players the partner brings a third
#: of the hand: six trumps with an oudler are a Garde there, and five with two oudlers a Garde sans,
#: which the four-player count undervalues (docs/bots.md, *Five players bid higher*).
FLOOR_MARGINS: dict[int, dict[str, float]] = {
    5: {"garde": 8.0, "garde_sans": 5.0, "garde_contre": 5.0},
}
#: Standard errors by which a contract's searched gain over a pass must stand clear of zero
#: for the expert to take it: a bound rather than a mean, against deals whose scores spread
#: wide (a lucky dog in a few sampled deals is not a hand).
BID_Z = 1.0
#: The floor counts each trump beyond five as this many more points (for 18 cards): the
#: club count values a long plain suit but not a long trump suit, which a strong player
#: counts first (seven or eight trumps with the Petit and a king are a Petite at least).
LONG_TRUMPS = 2.0
#: A bid is weighed on this many times the sampled deals of another decision when the budget
#: is a number of deals (on the clock it has its time: a bid's play-outs are quick, and
#: thousands fit): one decision a deal, whose ×4 and ×6 spread needs the deals for a bound
#: that does not throw away the marginal contracts worth taking.
BID_WORLDS = 8
#: A taker's hand this far below the club player's Garde contre threshold does not weigh a
#: slam.
SLAM_MARGIN = 10.0
#: Share of the play-outs its camp must win for a seat to show a handful.
HANDFUL_WINS = 0.5
#: A declaration before the first card, or none.
Declaration = ShowHandful | AnnounceMisere | None


class ExpertBot(SearchingBot):
    name = "expert"

    # --- bidding and the call ------------------------------------------------------------------

    def bid(self, view: SeatView) -> Bid:
        bids = O.legal_bids(view)
        contracts = [b for b in bids if b.contract is not None]
        if not contracts:
            return PASS
        allowed = self.open_bids(view)
        if len(allowed) == 1:
            return allowed[0]
        problem = self.bid_problem(view, self._decision_rng())
        favour = allowed.index(PASS) if PASS in allowed else None
        samples = self.budget_samples * BID_WORLDS if self.budget_samples else None
        budget = Budget(self.seconds(), samples, self._stop)
        return race(replace(problem, options=allowed), budget, favour, z=BID_Z).best

    @staticmethod
    def open_bids(view: SeatView) -> list[Bid]:
        """The bids the expert weighs: a pass, and the legal contracts within the hand's
        trumps (:func:`engine.ai.club_contract.contract_ceiling`) whose point count (its long
        trumps counted, :data:`LONG_TRUMPS`) reaches the floor (:data:`FLOOR_MARGIN` below
        the club player's threshold, or the margin of :data:`FLOOR_MARGINS`)."""
        n = view.players
        size = view.rules.setup(n).hand
        strength = hand_strength(view.hand_mask, n, size)
        trumps = (view.hand_mask & C.TRUMP_MASK).bit_count()
        strength += LONG_TRUMPS * max(0, trumps - 5) * 18 / size
        thresholds = thresholds_for(n)
        ceiling = contract_ceiling(view.hand_mask, n)
        margins = FLOOR_MARGINS.get(n, {})
        return [b for b in O.legal_bids(view) if b.contract is None or (
            within_ceiling(b.contract, ceiling)
            and strength >= thresholds.get(b.contract, thresholds["petite"])
            - margins.get(b.contract, FLOOR_MARGIN))]

    def bid_problem(self, view: SeatView, rng: random.Random) -> SearchProblem[Bid]:
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

        return SearchProblem(bids, self.world_source(view, rng), run, float(view.players) / 2)

    @staticmethod
    def seat_score(s: DealState, seat: int) -> float:
        """``seat``'s score in the finished deal ``s``."""
        return float(score_deal(s).scores[seat])

    def played_contract(self, world: DealState, taker: int, contract: Contract,
                        rng: random.Random, open_taker: bool = False) -> DealState:
        """``world`` (a deal in its bidding) played out with ``taker`` holding ``contract``:
        the club player's call and discard, then every seat a club player; with
        ``open_taker``, a taker who reads every hand."""
        played = world.copy()
        call = None
        if world.n == 5:
            hand = played.hands[taker]
            call = call_choice(P.callable_cards(world.rules.five_player_call == "any", hand),
                               hand)
        P.take_contract(played, taker, contract, call)
        if open_taker:
            tracker = Tracker(played)
            tracker.see_all(1 << taker)
            P.rollout(played, rng if self.epsilon else None, self.epsilon, tracker)
        else:
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
            # a king is called where the hand holds cards of its suit: called in a void, it
            # is ruffed by its own camp or the partner stays hidden to no purpose
            backed = [c for c in candidates if hand & C.SUIT_MASKS[C.SUIT_OF[c]]]
            candidates = backed or candidates
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
        return Call(race(problem, self._budget()).best)

    def call_problem(self, view: SeatView, rng: random.Random) -> SearchProblem[Card]:
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

        return SearchProblem(self.call_candidates(view), self.world_source(view, rng), run,
                       self._unit(view))

    # --- the discard and the slam --------------------------------------------------------------

    def discard(self, view: SeatView) -> Discard:
        options = O.discard_options(view)
        hand = view.hand_mask | C.mask_of(view.discard or ())
        candidates = discard_candidates(hand, options)
        if len(candidates) == 1:
            return Discard(tuple(C.cards_of(candidates[0])))
        problem = self.discard_problem(view, self._decision_rng())
        return Discard(tuple(C.cards_of(race(problem, self._budget()).best)))

    def discard_problem(self, view: SeatView, rng: random.Random) -> SearchProblem[Mask]:
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

        return SearchProblem(candidates, self.world_source(view, rng), run, self._unit(view))

    def slam(self, view: SeatView) -> DecideSlam:
        n = view.players
        strength = hand_strength(view.hand_mask, n, view.rules.setup(n).hand)
        if strength < thresholds_for(n)["garde_contre"] - SLAM_MARGIN:
            return DecideSlam(False)
        problem = self.slam_problem(view, self._decision_rng())
        return DecideSlam(bool(race(problem, self._budget()).best))

    def slam_deal(self, world: DealState, announce: bool, rng: random.Random) -> DealResult:
        """``world`` (at the slam decision) played out with or without a slam announced."""
        s = world.copy()
        P.start_play(s, slam=announce)
        self._rollout(s, rng)
        return score_deal(s)

    def slam_problem(self, view: SeatView, rng: random.Random) -> SearchProblem[bool]:
        """Not announcing, then announcing the slam."""
        me = view.seat

        def run(world: DealState, announce: bool) -> float:
            return float(self.slam_deal(world, announce, rng).scores[me])

        return SearchProblem([False, True], self.world_source(view, rng), run, self._unit(view))

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
        return ShowHandful(O.handful_cards(best))

    def _camp_wins(self, view: SeatView) -> float:
        """How often (weighted) the seat's camp wins the contract in play-outs from here."""
        rng = self._decision_rng()
        worlds = self.world_source(view, rng)
        budget = self._budget(0.5)
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

    def declare_problem(self, view: SeatView, rng: random.Random) -> SearchProblem[Declaration]:
        """Declaring nothing (``None``), each misère open, each handful level open (the
        trumps the bot would show); ``run`` takes any declaration, played out from the
        seat's first card like :meth:`_camp_wins`."""
        me = view.seat
        options: list[Declaration] = [None]
        options += [AnnounceMisere(m) for m in O.misere_options(view)]
        options += [ShowHandful(O.handful_cards(h))
                    for h in O.handful_options(view)]

        def run(world: DealState, declaration: Declaration) -> float:
            s = world.copy()
            if isinstance(declaration, ShowHandful):
                s.handfuls[me] = declaration.cards
            elif isinstance(declaration, AnnounceMisere):
                s.miseres[me] = (*s.miseres.get(me, ()), declaration.misere)
            self._rollout(s, rng)
            return float(score_deal(s).scores[me])

        return SearchProblem(options, self.world_source(view, rng), run, self._unit(view))

    # --- the cards -------------------------------------------------------------------------------

    def play(self, view: SeatView) -> Play:
        legal = O.legal_plays(view)
        if not legal & (legal - 1):
            return Play(legal.bit_length() - 1)
        candidates = equivalent_cards(legal, view.hand_mask, unseen_out(view))
        if len(candidates) == 1:
            return Play(candidates[0])
        problem = self.play_problem(view, self._decision_rng())
        reading = club.reading_of_view(view)
        fouled = discipline.faults(view, reading)
        if fouled:
            kept = [card for card in problem.options if card not in fouled]
            if not kept:
                kept = [card for card in candidates if card not in fouled][:1]
            problem = replace(problem, options=kept)
            if len(kept) == 1:
                return Play(kept[0])
        sure = sure_gain(reading)
        if sure not in problem.options:
            return Play(race(problem, self._budget()).best)
        # a sure gain is given up only for a confident gain larger than itself
        margin = max(C.HALF_POINTS[sure], 2) * self._unit(view)
        return Play(race(problem, self._budget(), problem.options.index(sure), margin).best)

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

    def play_problem(self, view: SeatView, rng: random.Random) -> SearchProblem[Card]:
        """One legal card of each group of interchangeable ones (:meth:`card_candidates`);
        ``run`` takes any legal card."""
        candidates = self.card_candidates(view)
        me = view.seat
        if len(view.hand) <= self.exact_tricks(view.players):
            return SearchProblem(candidates, self.world_source(view, rng), _exact_run(me),
                           self._unit(view))
        public: list[Tracker] = []
        noise = rng if self.epsilon else None
        opened = ((1 << view.players) - 1) & ~(1 << me) if (
            self.open_defence and me == view.taker) else 0

        def run(world: DealState, card: Card) -> float:
            s = world.copy()
            if not public:  # what the tricks so far showed: the same in every sampled deal
                public.append(P.public_tracker(world))
            tracker = P.tracker_for(s, public[0])
            if opened:
                tracker.see_all(opened)
            tracker.play(card)
            return P.value(s, me, noise, self.epsilon, tracker)

        return SearchProblem(candidates, self.world_source(view, rng), run, self._unit(view))


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


def make(seed: int = 0, budget: float | None = None, samples: int | None = None,
         read_plays: bool | None = None, edge: float = EDGE,
         open_defence: bool = OPEN_DEFENCE) -> ExpertBot:
    """The registry's factory: an expert with ``budget`` seconds per decision (by default
    :data:`DEFAULT_BUDGET`), or a fixed number of sampled deals per decision (``samples``,
    which makes it reproducible)."""
    return ExpertBot(seed, budget=budget, budget_samples=samples, read_plays=read_plays,
                     edge=edge, open_defence=open_defence)


__all__ = [
    "DEFAULT_BUDGET",
    "Budget",
    "Declaration",
    "ExpertBot",
    "SearchProblem",
    "card_groups",
    "discard_candidates",
    "equivalent_cards",
    "make",
    "unseen_out",
]
