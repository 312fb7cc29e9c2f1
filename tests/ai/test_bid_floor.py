"""The bids the expert weighs (``ExpertBot.open_bids``): the contract ceiling by trumps and the
floor by the point count, exactly, for hands a strong player reads at a glance."""

from __future__ import annotations

import random

import pytest

from engine import cards as C
from engine.actions import Bid
from engine.ai.club_contract import contract_ceiling, hand_strength
from engine.ai.expert import ExpertBot
from engine.deal import Deal
from engine.events import DealDealt
from engine.rules import load_rules
from engine.views import SeatView, view_for

RULES = load_rules()


def first_to_bid(players: int, hand: str, seed: int = 1) -> SeatView:
    """Seat 0's view as it bids first, holding ``hand``; the rest dealt at random."""
    mine = C.parse_cards(hand.split())
    setup = RULES.setup(players)
    assert len(mine) == setup.hand
    rest = [c for c in range(C.DECK_SIZE) if c not in mine]
    random.Random(seed).shuffle(rest)
    hands = [tuple(sorted(mine))]
    for seat in range(1, players):
        hands.append(tuple(sorted(rest[(seat - 1) * setup.hand:seat * setup.hand])))
    dog = tuple(sorted(rest[(players - 1) * setup.hand:]))
    deal = Deal.from_dealt(RULES, DealDealt(players, players - 1, tuple(hands), dog))
    assert deal.state.turn == 0
    return view_for(deal.state, 0)


def contracts(view: SeatView) -> list[str | None]:
    return [b.contract for b in ExpertBot.open_bids(view)]


def mask(hand: str) -> int:
    return C.mask_of(C.parse_cards(hand.split()))


@pytest.mark.parametrize(("players", "hand", "ceiling"), [
    # five players: five trumps with two oudlers (the Excuse counted) are a Garde sans
    (5, "T21 T19 T17 T15 T1 KH 10H 9H 8H 6H JC 5C 1C ND 3D", "garde_contre"),
    (5, "T21 T17 T13 T9 T2 EX JS 8S NC JC 10C 6C KD QD 9D", "garde_contre"),
    # ... but not with one oudler: a Garde at most
    (5, "T21 T20 T19 T8 T2 KS QS 2S 9H 8H 2H KD ND 8D 3D", "garde"),
    # four players: six trumps, whatever the oudlers
    (4, "T21 T19 T17 T15 T1 EX KH 10H 9H 8H 6H JC 5C 1C ND 3D 2D 4D", "garde"),
    (4, "T21 T19 T17 T15 T12 T1 EX KH 10H 9H 8H 6H JC 5C 1C ND 3D 2D", "garde_contre"),
])
def test_the_ceiling_by_trumps_and_oudlers(players: int, hand: str, ceiling: str) -> None:
    assert contract_ceiling(mask(hand), players) == ceiling


def test_five_players_open_a_garde_on_six_trumps_and_an_oudler() -> None:
    """A count of 40.8 (43.2 with the long trumps), below the Garde's threshold (48) by more
    than the usual margin: with five players the partner brings the rest, so the Garde is
    weighed; a Garde sans is not."""
    hand = "T21 T20 T15 T6 T5 T3 QS 4S 3S 8H NC 2C JD 10D 5D"
    assert hand_strength(mask(hand), 5, 15) == pytest.approx(40.8)
    assert contracts(first_to_bid(5, hand)) == [None, "petite", "garde"]


def test_four_players_keep_the_garde_floor() -> None:
    """The same kind of hand with four players (six trumps, one oudler, no king) is below the
    Petite's floor: a pass."""
    hand = "T21 T20 T15 T6 T5 T3 QS 4S 3S 8H 7H NC 2C JC JD 10D 5D 4D"
    assert hand_strength(mask(hand), 4, 18) + 2.0 < 45 - 2
    assert contracts(first_to_bid(4, hand)) == [None]


def test_five_players_open_a_garde_sans_on_five_trumps_and_three_oudlers() -> None:
    """Five trumps, the three oudlers and a king: a Garde sans (floor 52) but not a Garde
    contre (floor 60)."""
    hand = "T21 T15 T12 T11 T1 EX 9S JH 6H 10C 1C KD 5D 2D 1D"
    assert 52 <= hand_strength(mask(hand), 5, 15) < 60
    assert contracts(first_to_bid(5, hand)) == [None, "petite", "garde", "garde_sans"]


def test_every_open_bid_is_legal() -> None:
    for seed in range(50):
        for players in (3, 4, 5):
            deal = Deal.new(RULES, players, 0, seed)
            seat = deal.state.turn
            assert seat is not None
            view = view_for(deal.state, seat)
            legal = set(deal.legal_actions())
            opened = ExpertBot.open_bids(view)
            assert Bid(None) in opened and set(opened) <= legal
