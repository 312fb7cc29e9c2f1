"""Properties of thousands of random legal deals, for 3, 4 and 5 players.

Every contract is forced in turn through the bidding, with random handfuls, the occasional slam
announcement, changed discards, misères (``miseres`` variant), the other reading of the Excuse in
the last trick (``excuse_to_trick_winner``) and any-card calls (``call_any_card``). Some deals are
stacked so that one camp wins every trick and the Excuse is led to the last trick.

What is checked, against references written here from RULES.md rather than from the engine:

* the 78 cards are all somewhere exactly once at every step;
* legal plays (§4, §8) and trick winners;
* the two camps' card points, each counted on its own, add up to 91 (§9);
* the scores of every deal add up to zero;
* ``replay`` of the log equals the live state, any prefix folds, and ``apply`` is pure;
* each seat's view hides what it must and offers the engine's legal plays;
* the fast path (``DealState.play``) agrees with the event fold;
* ``Deal.from_events`` accepts every generated log;
* saved matches and deals load back to the same thing.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import cards as C
from engine.actions import PASS, Action, AnnounceMisere, Bid, DecideSlam, Play
from engine.choices import (
    callable_cards,
    can_change_discard,
    legal_actions,
    legal_bids,
    misere_options,
)
from engine.commands import deal_cards, petit_sec_seat
from engine.deal import Deal
from engine.events import (
    BidMade,
    CardPlayed,
    DealDealt,
    DealScored,
    Discarded,
    DogRevealed,
    Event,
    HandfulShown,
    KingCalled,
    MisereAnnounced,
    PartnerRevealed,
    SlamAnnounced,
    SlamDeclined,
    TrickWon,
)
from engine.match import Match
from engine.randomplay import random_action, random_discard, random_handful
from engine.rules import Rules, load_rules
from engine.saves import load_deal, load_match, save_deal, save_match
from engine.scoring import count_cards, score_deal
from engine.state import DealState, Phase, apply, apply_in_place, replay
from engine.views import public_events, view_for

VARIANTS = ("fft", "miseres", "excuse_to_trick_winner", "call_any_card")
RULES: dict[str, Rules] = {name: load_rules(variant=name) for name in VARIANTS}
CONTRACTS = ("petite", "garde", "garde_sans", "garde_contre")
EX = C.EXCUSE
HALF_DECK = 182


# --- references, from RULES.md ----------------------------------------------------------------


def ref_legal(hand: set[int], trick: list[int], first_trick: bool, called: int | None) -> set[int]:
    """The cards the seat to play may play (RULES.md §4 and §8)."""
    if not trick:
        if first_trick and called is not None and called != EX:
            suit = C.SUIT_OF[called]
            allowed = {c for c in hand if C.SUIT_OF[c] != suit or c == called}
            return allowed or set(hand)
        return set(hand)
    real = [c for c in trick if c != EX]
    if not real:
        return set(hand)
    led = C.SUIT_OF[real[0]]
    excuse = {EX} & hand
    if led != C.TRUMP:
        follow = {c for c in hand if C.SUIT_OF[c] == led}
        if follow:
            return follow | excuse
    trumps = {c for c in hand if C.is_trump(c)}
    if not trumps:
        return set(hand)
    high = max((c for c in real if C.is_trump(c)), default=-1)
    over = {c for c in trumps if c > high}
    return (over or trumps) | excuse


def ref_trick_winner(cards: tuple[int, ...], leader: int, n: int, slam_excuse: bool) -> int:
    """Highest trump, else highest card of the suit led; the slam Excuse wins the last trick."""
    if slam_excuse and cards[0] == EX:
        return leader
    trumps = [c for c in cards if C.is_trump(c)]
    if trumps:
        best = max(trumps)
    else:
        led = C.SUIT_OF[next(c for c in cards if c != EX)]
        best = max(c for c in cards if C.SUIT_OF[c] == led)
    return (leader + cards.index(best)) % n


def ref_partner(state: DealState) -> int | None:
    """Five players: whoever was dealt the called card, unless the taker or the dog has it."""
    if state.n != 5 or state.called is None:
        return None
    for seat, hand in enumerate(state.dealt):
        if seat != state.taker and state.called in hand:
            return seat
    return None


def ref_count(state: DealState) -> tuple[list[int], list[int]]:
    """Half points and oudlers of [taker's camp, defence], each camp counted on its own."""
    n, taker = state.n, state.taker
    assert taker is not None and state.contract is not None
    partner = ref_partner(state)

    def camp(seat: int) -> int:
        return 0 if seat in (taker, partner) else 1

    points, oudlers, tricks_won = [0, 0], [0, 0], [0, 0]
    last = state.tricks_total - 1
    assert len(state.tricks) == last + 1
    for index, (leader, cards, winner) in enumerate(state.tricks):
        assert len(cards) == n
        slam_excuse = index == last and index > 0 and tricks_won[1 - camp(leader)] == 0
        expected = ref_trick_winner(cards, leader, n, slam_excuse)
        assert winner == expected, f"trick {index} {C.format_cards(cards)} led by {leader}"
        tricks_won[camp(winner)] += 1
        for pos, card in enumerate(cards):
            if card != EX:
                points[camp(winner)] += C.card_points(card)
                oudlers[camp(winner)] += C.is_oudler(card)
                continue
            owner = camp((leader + pos) % n)
            if index == last and winner == (leader + pos) % n:
                keeper = owner  # the slam Excuse won the last trick
            elif index == last:
                changes = state.rules.excuse_last_trick == "changes_camp"
                keeper = 1 - owner if changes else camp(winner)
            else:
                points[owner] += 8  # kept: 4 points, less the 0.5 card given in exchange
                points[camp(winner)] += 1
                oudlers[owner] += 1
                continue
            points[keeper] += 9
            oudlers[keeper] += 1
    name = state.contract.name
    if name in ("petite", "garde"):
        aside, to = state.discard, 0
    else:
        aside, to = state.dog, 0 if name == "garde_sans" else 1
    for card in C.cards_of(aside):
        points[to] += C.card_points(card)
        oudlers[to] += C.is_oudler(card)
    return points, oudlers


# --- checks ------------------------------------------------------------------------------------


def check_conservation(state: DealState) -> None:
    """Hands, dog or discard, finished tricks and the trick on the table hold all 78 cards."""
    contract = state.contract
    if contract is None or not contract.dog_shown or state.phase is Phase.CALLING:
        aside = [state.dog]
    elif state.phase is Phase.DISCARDING:
        aside = []  # the dog is in the taker's hand
    else:
        aside = [state.discard]
    parts = [*state.hands, *aside, C.mask_of(state.trick)]
    parts += [C.mask_of(cards) for _, cards, _ in state.tricks]
    total = sum(len(cards) for _, cards, _ in state.tricks) + len(state.trick)
    total += sum(m.bit_count() for m in [*state.hands, *aside])
    union = 0
    for part in parts:
        assert not union & part, f"cards twice: {C.format_cards(C.cards_of(union & part))}"
        union |= part
    assert union == C.FULL_DECK, f"missing {C.format_cards(C.cards_of(C.FULL_DECK & ~union))}"
    assert total == C.DECK_SIZE


def check_legal(state: DealState) -> None:
    seat = state.turn
    assert seat is not None
    engine = set(C.cards_of(state.legal_plays()))
    hand = set(C.cards_of(state.hands[seat]))
    first = state.trick_index == 0 and not state.trick
    assert engine == ref_legal(hand, state.trick, first, state.called), (
        f"seat {seat} holds {C.format_cards(sorted(hand))} on {C.format_cards(state.trick)}"
    )


def check_finished(state: DealState) -> None:
    """Trick winners, both camps' points (independently), scores adding up to zero."""
    assert state.phase is Phase.FINISHED
    assert not any(state.hands), "cards left in a hand at the end"
    assert state.partner == ref_partner(state)
    points, oudlers = ref_count(state)
    assert points[0] + points[1] == HALF_DECK, points
    assert oudlers[0] + oudlers[1] == 3, oudlers
    count = count_cards(state)
    assert (count.taker_half, count.oudlers) == (points[0], oudlers[0])
    result = score_deal(state)
    assert result.defence_points * 2 == points[1]
    assert sum(result.scores) == 0, result.scores
    if state.scores is not None:
        assert state.scores == result.scores


def deep_fields(state: DealState) -> tuple[object, ...]:
    """Every field by value (lists and dicts copied), to detect any mutation."""
    out: list[object] = []
    for name in DealState.__slots__:
        value = getattr(state, name)
        if isinstance(value, list):
            value = tuple(value)
        elif isinstance(value, dict):
            value = tuple(sorted(value.items()))
        out.append(value)
    return tuple(out)


def public_cards(events: list[Event]) -> int:
    """Every card named in a log, the called card aside (a call names a card, not a place)."""
    seen = 0
    for event in events:
        if isinstance(event, DealDealt):
            seen |= C.mask_of(event.dog)
            for hand in event.hands:
                seen |= C.mask_of(hand)
        elif isinstance(event, DogRevealed | Discarded | HandfulShown):
            seen |= C.mask_of(event.cards)
        elif isinstance(event, CardPlayed):
            seen |= 1 << event.card
    return seen


def check_views(state: DealState, events: list[Event] | None = None) -> None:
    """Nothing a seat may not know reaches its view (or its copy of the log); what it should
    know does."""
    n = state.n
    contract = state.contract
    finished = state.phase is Phase.FINISHED
    dog_public = (
        contract is not None
        and contract.dog_shown
        and state.phase not in (Phase.BIDDING, Phase.CALLING, Phase.CANCELLED)
    )
    discard_secret = state.discard & ~state.discard_shown & ~(state.dog if dog_public else 0)
    for seat in range(n):
        view = view_for(state, seat)
        assert view.hand_mask == state.hands[seat]
        assert sorted(view.hand) == C.cards_of(state.hands[seat])
        assert view.hand_counts == tuple(h.bit_count() for h in state.hands)

        if dog_public or finished:
            assert view.dog is not None and C.mask_of(view.dog) == state.dog
        else:
            assert view.dog is None, f"seat {seat} sees the dog in {state.phase}"
        if view.discard is not None:
            assert seat == state.taker or finished, f"seat {seat} sees the discard"
            assert C.mask_of(view.discard) == state.discard
        elif seat == state.taker:
            assert not state.discard
        assert C.mask_of(view.discard_shown) == state.discard_shown
        assert not state.discard_shown & ~(state.discard & C.TRUMP_MASK)

        if n == 5 and state.called is not None and not (state.partner_revealed or finished):
            if seat != state.partner:
                assert view.partner is None, f"seat {seat} is told the hidden partner"
            called_in_shown_dog = dog_public and state.dog >> state.called & 1
            if seat not in (state.partner, state.taker) and not called_in_shown_dog:
                assert not view.partner_known
        if n == 5 and seat == state.partner and state.partner is not None:
            assert view.partner == seat and view.partner_known

        if state.phase is Phase.PLAYING and state.turn == seat:
            assert set(view.legal_plays) == set(C.cards_of(state.legal_plays()))
            assert {a.card for a in legal_actions(state) if isinstance(a, Play)} == set(
                view.legal_plays
            )
        else:
            assert view.legal_plays == ()

        seen = view.hand_mask | view.played | C.mask_of(view.legal_plays)
        seen |= C.mask_of(view.dog or ()) | C.mask_of(view.discard or ())
        seen |= C.mask_of(view.discard_shown) | C.mask_of(view.trick.cards)
        for cards in view.handfuls.values():
            seen |= C.mask_of(cards)
        for trick in view.tricks:
            seen |= C.mask_of(trick.cards)
        if events is not None:
            log = public_events(events, seat)
            assert [e.kind for e in log] == [e.kind for e in events]
            assert isinstance(log[0], DealDealt) and log[0].hands[seat] == state.dealt[seat]
            seen |= public_cards(log)
        for other in range(n):
            if other == seat:
                continue
            public = C.mask_of(state.handfuls.get(other, ()))
            if dog_public:
                public |= state.dog
            secret = state.hands[other] & ~public
            leak = seen & secret
            assert not leak, f"seat {seat} sees {C.format_cards(C.cards_of(leak))} of {other}"
        if not (dog_public or finished):
            assert not seen & state.dog & ~state.hands[seat], f"seat {seat} sees the hidden dog"
        if seat != state.taker and not finished:
            assert not seen & discard_secret, f"seat {seat} sees the discard"


# --- driving deals -------------------------------------------------------------------------------


def choose_bid(state: DealState, rng: random.Random, contract: str | None,
               taker_index: int) -> Bid:
    """Random bids; with ``contract`` set, the seat speaking ``taker_index``-th takes it."""
    bids = legal_bids(state)
    if contract is None:
        return PASS if rng.random() < 0.5 else rng.choice(bids)
    index = len(state.bids)
    if index == taker_index:
        return Bid(contract)
    if index > taker_index:
        return PASS
    rank = state.rules.contract(contract).rank
    lower = [b for b in bids if b.contract is None or state.rules.contract(b.contract).rank < rank]
    return PASS if rng.random() < 0.5 else rng.choice(lower)


def choose_card(state: DealState, rng: random.Random, greedy: set[int]) -> int:
    """Random, except for ``greedy`` seats: strongest card first, the Excuse kept to the end."""
    legal = C.cards_of(state.legal_plays())
    if state.turn not in greedy:
        return rng.choice(legal)
    last = state.trick_index == state.tricks_total - 1
    if last and not state.trick and EX in legal:
        return EX
    strong = [c for c in legal if c != EX]
    return max(strong) if strong else EX


def stacked_dealt(rules: Rules, n: int, dealer: int, rng: random.Random,
                  strong_seat: int) -> DealDealt:
    """A deal where ``strong_seat`` holds the Excuse and a run of the highest trumps."""
    setup = rules.setup(n)
    top = rng.randint(setup.hand // 2, min(21, setup.hand - 1))
    strong = [EX, *range(C.TWENTY_ONE, C.TWENTY_ONE - top, -1)]
    rest = [c for c in range(C.DECK_SIZE) if c not in strong]
    rng.shuffle(rest)
    hands: list[list[int]] = [[] for _ in range(n)]
    hands[strong_seat] = strong + rest[: setup.hand - len(strong)]
    rest = rest[setup.hand - len(strong):]
    for seat in range(n):
        if seat != strong_seat:
            hands[seat], rest = rest[: setup.hand], rest[setup.hand:]
    for hand in hands:
        rng.shuffle(hand)
    return DealDealt(n, dealer, tuple(tuple(h) for h in hands), tuple(rest), None)


def misere_dealt(rules: Rules, n: int, dealer: int, rng: random.Random, seat: int,
                 heads: bool) -> DealDealt:
    """A deal where ``seat`` holds no trump (and, with ``heads``, no head and no oudler)."""
    setup = rules.setup(n)
    pool = [c for c in range(C.FIRST_TRUMP) if not heads or C.RANK_OF[c] <= 10]
    mine = rng.sample(pool, setup.hand)
    rest = [c for c in range(C.DECK_SIZE) if c not in set(mine)]
    rng.shuffle(rest)
    hands: list[list[int]] = []
    for other in range(n):
        if other == seat:
            hands.append(mine)
        else:
            hands.append(rest[: setup.hand])
            rest = rest[setup.hand:]
    return DealDealt(n, dealer, tuple(tuple(h) for h in hands), tuple(rest), None)


class Driver:
    """Plays one deal through :class:`Deal` with random legal decisions, checking as it goes."""

    def __init__(self, deal: Deal, rng: random.Random, *, contract: str | None = None,
                 taker_index: int = 0, full: bool = False, greedy_taker: bool = False,
                 slam_rate: float = 0.08) -> None:
        self.deal = deal
        self.rng = rng
        self.contract = contract
        self.taker_index = taker_index
        self.full = full
        self.greedy_taker = greedy_taker
        self.slam_rate = slam_rate
        self.folded = deal.state_at(len(deal.events))
        self.states: list[DealState] = [replay(deal.rules, deal.events[:k + 1])
                                        for k in range(len(deal.events))] if full else []

    def run(self) -> Deal:
        deal, rng = self.deal, self.rng
        if self.full:
            self.after(())
        while not deal.is_over:
            state = deal.state
            seat = state.turn
            assert seat is not None, state
            phase = state.phase
            if phase is Phase.BIDDING:
                self.execute(seat, choose_bid(state, rng, self.contract, self.taker_index))
            elif phase is Phase.SLAM:
                if state.contract and state.contract.dog_shown and rng.random() < 0.1:
                    self.execute(seat, random_discard(state, rng))  # a changed discard
                rate = 0.5 if self.greedy_taker else self.slam_rate
                self.execute(seat, DecideSlam(rng.random() < rate))
            elif phase is Phase.PLAYING:
                if not state.played_seats >> seat & 1:
                    self.first_card_extras(seat)
                    state = deal.state
                check_legal(state)
                camp = (state.taker, state.partner) if self.greedy_taker else ()
                greedy = {s for s in camp if s is not None}
                self.execute(seat, Play(choose_card(state, rng, greedy)))
            else:
                self.execute(seat, random_action(state, rng))
        return deal

    def first_card_extras(self, seat: int) -> None:
        rng = self.rng
        state = self.deal.state
        # the discard may be remade until the first card, but not after a declaration
        if can_change_discard(state, seat) and rng.random() < 0.1:
            self.execute(seat, random_discard(state, rng))
            state = self.deal.state
        for misere in misere_options(state, seat):
            if rng.random() < 0.7:
                self.execute(seat, AnnounceMisere(misere))
        if rng.random() < 0.6:
            handful = random_handful(self.deal.state, seat, rng)
            if handful is not None:
                self.execute(seat, handful)
        state = self.deal.state
        assert not (seat == state.taker and (seat in state.handfuls or state.miseres.get(seat))
                    and can_change_discard(state, seat)), "a declaration makes the discard final"

    def execute(self, seat: int, action: Action) -> None:
        events = self.deal.execute(seat, action)
        if self.full:
            self.after(events)
        else:
            check_conservation(self.deal.state)

    def after(self, events: tuple[Event, ...]) -> None:
        """Full checks after one command: purity of ``apply``, replay, cards, views."""
        state = self.deal.state
        for event in events:
            before = deep_fields(self.folded)
            nxt = apply(self.folded, event)
            assert deep_fields(self.folded) == before, f"apply mutated its input ({event})"
            self.folded = nxt
            self.states.append(nxt)
        assert self.folded == state
        check_conservation(state)
        check_views(state, self.deal.events)


def finish_checks(deal: Deal, rng: random.Random, states: list[DealState] | None = None) -> None:
    """Checks made once a deal is over, for every generated deal."""
    rules, events, state = deal.rules, deal.events, deal.state
    assert state.is_over
    check_conservation(state)
    assert state.scores is not None and sum(state.scores) == 0, state.scores
    assert replay(rules, events) == state
    for k in sorted({rng.randrange(1, len(events) + 1) for _ in range(3)}):
        prefix = replay(rules, events[:k])
        if states:
            assert prefix == states[k - 1]
    rebuilt = Deal.from_events(rules, events)
    assert rebuilt.events == events and rebuilt.state == state
    if state.phase is Phase.FINISHED:
        check_finished(state)
        check_fast_path(deal)
        assert isinstance(events[-1], DealScored)
    else:
        assert state.cancelled in ("all_passed", "petit_sec")
        assert state.scores == (0,) * state.n


def check_fast_path(deal: Deal) -> None:
    """Play the log's cards through ``DealState.play``: same tricks, same count, same scores."""
    fast: DealState | None = None
    for event in deal.events:
        if fast is None:
            fast = DealState(deal.rules, deal.players)
        if isinstance(event, CardPlayed):
            assert fast.turn == event.seat
            fast.play(event.card)
        elif not isinstance(event, PartnerRevealed | TrickWon | DealScored):
            apply_in_place(fast, event)
    assert fast is not None and fast.phase is Phase.FINISHED
    live = deal.state
    for name in ("tricks", "camp_won", "camp_tricks", "excuse_player", "excuse_trick",
                 "excuse_winner", "hands", "partner", "handfuls", "miseres"):
        assert getattr(fast, name) == getattr(live, name), name
    assert score_deal(fast).scores == live.scores


# --- event-sourced deals, every contract ---------------------------------------------------------

CASES = [(n, variant) for n in (3, 4, 5) for variant in VARIANTS
         if variant != "call_any_card" or n == 5]


@pytest.mark.slow
@pytest.mark.parametrize(("players", "variant"), CASES)
def test_every_contract_fully_checked(players: int, variant: str) -> None:
    """Each contract forced in turn (and free bidding), with every check after every command."""
    rules = RULES[variant]
    rng = random.Random(f"full:{players}:{variant}")
    played = {name: 0 for name in CONTRACTS}
    deals = 0
    for round_ in range(12):
        for contract in (*CONTRACTS, None):
            dealer = rng.randrange(players)
            deal = Deal.new(rules, players, dealer, rng.getrandbits(48))
            driver = Driver(deal, rng, contract=contract, taker_index=rng.randrange(players),
                            full=True, slam_rate=0.15 if round_ % 3 == 0 else 0.03)
            driver.run()
            finish_checks(deal, rng, driver.states)
            deals += 1
            if deal.state.phase is Phase.FINISHED:
                played[deal.state.contract.name] += 1  # type: ignore[union-attr]
    assert all(played.values()), played


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5])
def test_many_deals_event_sourced(players: int) -> None:
    """Many more deals through the commands, checked at the end of each (the cheaper checks)."""
    rng = random.Random(f"many:{players}")
    seen: dict[str, int] = {}
    variants = [v for v in VARIANTS if v != "call_any_card" or players == 5]
    for i in range(400):
        rules = RULES[variants[i % len(variants)]]
        contract = (*CONTRACTS, None)[i % 5]
        deal = Deal.new(rules, players, i % players, rng.getrandbits(48))
        Driver(deal, rng, contract=contract, taker_index=rng.randrange(players)).run()
        finish_checks(deal, rng)
        key = deal.state.contract.name if deal.state.contract else str(deal.state.cancelled)
        seen[key] = seen.get(key, 0) + 1
    assert all(seen.get(name) for name in CONTRACTS), seen
    assert seen.get("all_passed"), seen


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5])
def test_slams_and_the_excuse_led_last(players: int) -> None:
    """Stacked deals: one camp takes every trick, often leading the Excuse to the last one."""
    rng = random.Random(f"slam:{players}")
    outcomes: dict[str | None, int] = {}
    excuse_wins = 0
    for i in range(90):
        variant = ("fft", "excuse_to_trick_winner")[i % 2]
        rules = RULES[variant]
        dealer = rng.randrange(players)
        taker_index = rng.randrange(players)
        strong = (dealer + 1 + taker_index) % players
        deal = Deal.from_dealt(rules, stacked_dealt(rules, players, dealer, rng, strong))
        driver = Driver(deal, rng, contract=CONTRACTS[i % 4], taker_index=taker_index,
                        full=i % 3 == 0, greedy_taker=True)
        driver.run()
        finish_checks(deal, rng, driver.states)
        state = deal.state
        if state.phase is Phase.FINISHED:
            result = score_deal(state)
            outcomes[result.slam] = outcomes.get(result.slam, 0) + 1
            leader, cards, winner = state.tricks[-1]
            excuse_wins += cards[0] == EX and winner == leader
    assert outcomes.get("announced_made") and outcomes.get("made"), outcomes
    assert outcomes.get("announced_failed"), outcomes
    assert excuse_wins, "no slam won by the Excuse"


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5])
def test_miseres(players: int) -> None:
    """Misère hands, announced or not, fully checked; each misère is 10 from every other seat."""
    rules = RULES["miseres"]
    rng = random.Random(f"misere:{players}")
    announced = 0
    for i in range(24):
        dealer = rng.randrange(players)
        seat = rng.randrange(players)
        deal = Deal.from_dealt(rules, misere_dealt(rules, players, dealer, rng, seat, i % 2 == 1))
        driver = Driver(deal, rng, contract=CONTRACTS[i % 4], taker_index=rng.randrange(players),
                        full=True)
        driver.run()
        finish_checks(deal, rng, driver.states)
        state = deal.state
        if state.phase is not Phase.FINISHED:
            continue
        result = score_deal(state)
        expected = [0] * players
        for who, kinds in state.miseres.items():
            announced += len(kinds)
            for other in range(players):
                expected[other] += len(kinds) * (10 * (players - 1) if other == who else -10)
        assert list(result.misere_scores) == expected
        assert result.scores == tuple(a + b for a, b in zip(result.contract_scores, expected,
                                                            strict=True))
    assert announced >= 10


# --- the fast path ------------------------------------------------------------------------------


def fast_deal(rules: Rules, players: int, seed: int, contract: str) -> DealState | None:
    """Set a deal up through the fold, then play it with ``legal_plays``/``play`` only."""
    rng = random.Random(seed)
    dealt = deal_cards(rules, players, seed % players, seed)
    if petit_sec_seat(rules, dealt) is not None:
        return None
    state = DealState(rules, players)
    apply_in_place(state, dealt)
    taker_index = rng.randrange(players)
    for _ in range(players):
        bid = choose_bid(state, rng, contract, taker_index)
        apply_in_place(state, BidMade(state.turn, bid.contract))  # type: ignore[arg-type]
    taker = state.taker
    assert taker is not None and state.contract is not None
    if players == 5:
        apply_in_place(state, KingCalled(taker, rng.choice(callable_cards(state))))
    if state.phase is Phase.DISCARDING:
        apply_in_place(state, DogRevealed(tuple(C.cards_of(state.dog))))
        apply_in_place(state, Discarded(taker, random_discard(state, rng).cards))
    announce = rng.random() < 0.05
    apply_in_place(state, SlamAnnounced(taker) if announce else SlamDeclined(taker))
    while state.phase is Phase.PLAYING:
        seat = state.turn
        assert seat is not None
        if not state.played_seats >> seat & 1:
            handful = random_handful(state, seat, rng)
            if handful is not None and rng.random() < 0.5:
                apply_in_place(state, HandfulShown(seat, handful.cards))
            for misere in misere_options(state, seat):
                apply_in_place(state, MisereAnnounced(seat, misere))
        check_legal(state)
        state.play(rng.choice(C.cards_of(state.legal_plays())))
        check_conservation(state)
    return state


@settings(max_examples=500, deadline=None)
@given(seed=st.integers(0, 2**48), players=st.sampled_from([3, 4, 5]),
       contract=st.sampled_from(CONTRACTS), variant=st.sampled_from(VARIANTS))
def test_fast_path_deals(seed: int, players: int, contract: str, variant: str) -> None:
    state = fast_deal(RULES[variant], players, seed, contract)
    if state is not None:
        check_finished(state)


@pytest.mark.slow
def test_fast_path_many_seeded() -> None:
    """A fixed, larger batch of fast-path deals (every contract, every player count)."""
    finished = 0
    for i in range(1800):
        state = fast_deal(RULES[VARIANTS[i % 4]], 3 + i % 3, 10_000 + i, CONTRACTS[i // 3 % 4])
        if state is not None:
            check_finished(state)
            finished += 1
    assert finished > 1700


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**48), players=st.sampled_from([3, 4, 5]),
       variant=st.sampled_from(VARIANTS))
@pytest.mark.slow
def test_event_sourced_hypothesis(seed: int, players: int, variant: str) -> None:
    """Free bidding from any seed, every check after every command."""
    rng = random.Random(seed)
    deal = Deal.new(RULES[variant], players, seed % players, seed)
    contract = rng.choice((*CONTRACTS, None))
    driver = Driver(deal, rng, contract=contract, taker_index=rng.randrange(players), full=True)
    driver.run()
    finish_checks(deal, rng, driver.states)


# --- saves ------------------------------------------------------------------------------------


def play_match(rules: Rules, players: int, seed: int, deals: int,
               stop: Callable[[Deal], bool] | None = None) -> Match:
    rng = random.Random(seed)
    match = Match.new(rules, players, seed, first_dealer=seed % players)
    for number in range(deals):
        if number:
            match.next_deal()
        deal = match.current
        driver = Driver(deal, rng, contract=(*CONTRACTS, None)[number % 5],
                        taker_index=rng.randrange(players))
        if stop is not None and number == deals - 1:
            while not deal.is_over and not stop(deal):
                state = deal.state
                action = random_action(state, rng)
                deal.execute(state.turn, action)  # type: ignore[arg-type]
            break
        driver.run()
    return match


@pytest.mark.parametrize("players", [3, 4, 5])
def test_saved_matches_round_trip(players: int, tmp_path_factory: pytest.TempPathFactory) -> None:
    folder = tmp_path_factory.mktemp(f"saves{players}")
    for i, variant in enumerate(v for v in VARIANTS if v != "call_any_card" or players == 5):
        rules = RULES[variant]
        def halfway(deal: Deal, k: int = i) -> bool:
            return len(deal.events) > 20 + 7 * k

        for j, stop in enumerate((None, halfway)):
            match = play_match(rules, players, 1000 * players + 10 * i + j, 6, stop)
            path = folder / f"{variant}-{j}.json"
            meta = {"names": ["Ana", "Béa", "Chloé", "Dan", "Éric"][:players], "round": i}
            save_match(match, path, meta)
            loaded, loaded_meta = load_match(path)
            assert loaded_meta == meta
            assert (loaded.players, loaded.seed, loaded.first_dealer) == (
                match.players, match.seed, match.first_dealer)
            assert loaded.rules == match.rules and loaded.rules.variant == variant
            assert len(loaded.deals) == len(match.deals)
            for mine, theirs in zip(match.deals, loaded.deals, strict=True):
                assert theirs.events == mine.events
                assert theirs.state == mine.state
            assert loaded.totals == match.totals and sum(loaded.totals) == 0
            save_match(loaded, folder / "again.json", meta)
            assert (folder / "again.json").read_text("utf-8") == path.read_text("utf-8")

            for k, deal in enumerate(match.finished_deals):
                deal_path = folder / f"deal-{variant}-{j}-{k}.json"
                save_deal(deal, deal_path)
                back, back_meta = load_deal(deal_path)
                assert back_meta == {}
                assert back.events == deal.events and back.state == deal.state
                assert back.rules == deal.rules


def test_the_generators_exercise_every_decision() -> None:
    """Sanity of the generators: handfuls, calls, changed discards and slams all happen."""
    rng = random.Random(5)
    kinds: dict[str, int] = {}
    for i in range(150):
        players = 3 + i % 3
        variant = "miseres" if i % 2 else ("call_any_card" if players == 5 else "fft")
        deal = Deal.new(RULES[variant], players, 0, rng.getrandbits(40))
        Driver(deal, rng, contract=CONTRACTS[i % 2], taker_index=rng.randrange(players)).run()
        discards = 0
        for event in deal.events:
            kinds[event.kind] = kinds.get(event.kind, 0) + 1
            discards += isinstance(event, Discarded)
        if discards > 1:
            kinds["changed_discard"] = kinds.get("changed_discard", 0) + 1
    for kind in ("handful_shown", "king_called", "partner_revealed",
                 "changed_discard", "dog_revealed", "slam_announced"):
        assert kinds.get(kind), kinds
