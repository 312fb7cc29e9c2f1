"""Positions for the analysis and hint tests: a seat's view at each kind of decision, built by
playing real deals (SimpleBot for the seats whose choices do not matter)."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine import cards as C
from engine.actions import PASS, Bid, Discard
from engine.ai.random_bot import RandomBot
from engine.ai.simple_bot import SimpleBot
from engine.cards import Card
from engine.choices import pending
from engine.deal import Deal
from engine.rules import Rules, load_rules
from engine.state import Phase
from engine.views import SeatView, view_for
from tests.helpers.stacked_deals import stacked_dealt

FFT = load_rules()
MISERES = load_rules(variant="miseres")


def played_deal(players: int, seed: int, rules: Rules = FFT) -> Deal:
    """A finished (not cancelled) deal played by SimpleBots, from the first seed that gives
    one at or after ``seed``."""
    while True:
        deal = Deal.new(rules, players, seed % players, seed)
        bots = [SimpleBot(s + seed) for s in range(players)]
        while not deal.is_over:
            seat = deal.state.turn
            assert seat is not None
            deal.execute(seat, bots[seat].decide(view_for(deal.state, seat)))
        if deal.state.phase is Phase.FINISHED:
            return deal
        seed += 1000


def bidding_view(players: int = 4, seed: int = 3) -> SeatView:
    deal = Deal.new(FFT, players, 0, seed)
    seat = deal.state.turn
    assert seat is not None
    return view_for(deal.state, seat)


def taken(players: int, seed: int, contract: str = "garde") -> tuple[Deal, int]:
    """A deal whose first speaker takes ``contract`` (and, with five, calls the usual
    card): the deal is at the taker's discard (or slam decision)."""
    deal = Deal.new(FFT, players, 0, seed)
    taker = deal.state.turn
    assert taker is not None
    for _ in range(players):
        seat = deal.state.turn
        assert seat is not None
        deal.execute(seat, Bid(contract) if seat == taker else PASS)
    if deal.state.phase is Phase.CALLING:
        deal.execute(taker, SimpleBot(0).decide(view_for(deal.state, taker)))
    return deal, taker


def discard_view(players: int = 4, seed: int = 5) -> SeatView:
    deal, taker = taken(players, seed)
    assert deal.state.phase is Phase.DISCARDING
    return view_for(deal.state, taker)


def call_view(seed: int = 5) -> SeatView:
    deal = Deal.new(FFT, 5, 0, seed)
    taker = deal.state.turn
    for _ in range(5):
        seat = deal.state.turn
        assert seat is not None
        deal.execute(seat, Bid("garde") if seat == taker else PASS)
    assert deal.state.phase is Phase.CALLING and taker is not None
    return view_for(deal.state, taker)


def slam_view(seed: int = 5) -> SeatView:
    deal, taker = taken(4, seed)
    deal.execute(taker, SimpleBot(0).decide(view_for(deal.state, taker)))
    assert deal.state.phase is Phase.SLAM
    return view_for(deal.state, taker)


def first_card_view(kind: str, seed: int = 1) -> SeatView:
    """Four players, misères on: seat 1 holds a stacked hand (``"no_trump"`` or
    ``"trumps"``); the view is seat 1's at its first card, nothing declared yet."""
    rng = random.Random(seed)
    while True:
        dealt = stacked_dealt(MISERES, 4, 0, rng, 1, kind, with_excuse=False)
        deal = Deal.from_dealt(MISERES, dealt)
        if deal.is_over:
            continue
        bots = [SimpleBot(s) for s in range(4)]
        for _ in range(4):
            seat = deal.state.turn
            assert seat is not None
            deal.execute(seat, Bid("garde") if seat == 0 else PASS)
        while deal.state.phase is not Phase.PLAYING:
            deal.execute(0, bots[0].decide(view_for(deal.state, 0)))
        while deal.state.turn != 1:
            seat = deal.state.turn
            assert seat is not None
            view = view_for(deal.state, seat)
            action = bots[seat].decide(view)
            deal.execute(seat, action)
        return view_for(deal.state, 1)


def find_view(deal_seeds: range, players: int,
              wanted: Callable[[SeatView], bool]) -> SeatView:
    """The first view of seat 0, over deals played by SimpleBots, that ``wanted`` accepts."""
    for seed in deal_seeds:
        deal = played_deal(players, seed)
        for index in deal.command_starts():
            view = view_for(deal.state_at(index), 0)
            if pending(view) is not None and wanted(view):
                return view
    raise LookupError("no such position")


def beats_everything(view: SeatView) -> tuple[Card, Card] | None:
    """Late in a deal, seat 0 plays last to a plain-suit trick an opponent is winning, with
    points in it and no trump; it may win it with a card of the suit worth points, or play a
    low card that loses it: (winning card, low card), else ``None``."""
    trick = view.trick
    n = view.players
    if len(view.hand) > 8 or len(trick.cards) != n - 1 or view.phase is not Phase.PLAYING:
        return None
    if any(C.is_trump(c) or c == C.EXCUSE for c in trick.cards):
        return None
    led = C.SUIT_OF[trick.cards[0]]
    best = max(c for c in trick.cards if C.SUIT_OF[c] == led)
    winner = trick.seats(n)[trick.cards.index(best)]
    if (winner == view.taker) == (view.seat == view.taker):
        return None  # a friend is winning
    if sum(C.HALF_POINTS[c] for c in trick.cards) < 4:
        return None
    wins = [c for c in view.legal_plays if C.SUIT_OF[c] == led and c > best
            and C.HALF_POINTS[c] > 1]
    lows = [c for c in view.legal_plays if C.SUIT_OF[c] == led and c < best
            and C.HALF_POINTS[c] == 1]
    if not wins or not lows:
        return None
    return wins[-1], lows[0]


def king_positions(count: int = 1) -> list[tuple[SeatView, Card, Card]]:
    """Positions where one card obviously wins a rich trick (:func:`beats_everything`), from
    deals played at random: (view, winning card, low card)."""
    out: list[tuple[SeatView, Card, Card]] = []
    for seed in range(500):
        deal = Deal.new(FFT, 4, 0, seed)
        bots = [RandomBot(seed * 7 + s) for s in range(4)]
        while not deal.is_over:
            seat = deal.state.turn
            assert seat is not None
            view = view_for(deal.state, seat)
            found = beats_everything(view) if seat == 0 else None
            if found is not None:
                out.append((view, *found))
                if len(out) == count:
                    return out
                break
            deal.execute(seat, bots[seat].decide(view))
    raise LookupError("no such position")


def other_discard(view: SeatView, taken_: Discard) -> Discard:
    """A legal discard different from ``taken_`` (the lowest plain cards allowed)."""
    from engine.choices import discard_options

    options = discard_options(view)
    cards = [c for c in C.cards_of(options.allowed)]
    for start in range(len(cards) - options.size + 1):
        choice = Discard(tuple(cards[start:start + options.size]))
        if set(choice.cards) != set(taken_.cards) and not options.trumps_needed:
            return choice
    raise LookupError("no other discard")


__all__ = [
    "beats_everything",
    "bidding_view",
    "call_view",
    "discard_view",
    "find_view",
    "first_card_view",
    "king_positions",
    "other_discard",
    "played_deal",
    "slam_view",
]
