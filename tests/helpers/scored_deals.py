"""Whole deals frozen as records (hands, dog, bids, call, discard, slam, handfuls and every
trick in play order) and their replay through the engine, for the tests of scoring and of
the words a replay tells.

Most were found by the seeded searches of ``tests/helpers/deal_search.py`` (random legal play
under constraints until the result matched the case); the slams are designed deals played by
a fixed policy. :func:`replay` plays a record through :meth:`Deal.execute`, so every card is
checked against the rules.
"""

from __future__ import annotations

from engine.actions import Bid, Call, DecideSlam, Discard, Play, ShowHandful
from engine.cards import parse_card, parse_cards
from engine.deal import Deal
from engine.events import DealDealt, DealScored
from engine.rules import load_rules
from engine.state import Phase

FFT = load_rules()
TRICK_WINNER = load_rules(variant="excuse_to_trick_winner")


# --- replaying a record --------------------------------------------------------------------------


def replay(record: dict, rules=FFT) -> Deal:
    """Play a record through the engine and return the finished deal."""
    players = record["players"]
    hands = tuple(tuple(parse_cards(h.split())) for h in record["hands"])
    dealt = DealDealt(players, record["dealer"], hands, tuple(parse_cards(record["dog"].split())))
    deal = Deal.from_dealt(rules, dealt)
    for _ in range(players):
        seat = deal.state.turn
        deal.execute(seat, Bid(record["bids"].get(seat)))
    taker = deal.state.taker
    if record["call"] is not None:
        deal.execute(taker, Call(parse_card(record["call"])))
    if record["discard"] is not None:
        deal.execute(taker, Discard(tuple(parse_cards(record["discard"].split()))))
    deal.execute(taker, DecideSlam(record["slam"]))
    handfuls = {seat: tuple(parse_cards(t.split())) for seat, t in record["handfuls"].items()}
    for trick in record["tricks"]:
        assert not deal.state.trick
        for token in trick.split():
            seat = deal.state.turn
            if seat in handfuls and seat not in deal.state.handfuls:
                deal.execute(seat, ShowHandful(handfuls[seat]))
            deal.execute(seat, Play(parse_card(token)))
    assert deal.state.phase is Phase.FINISHED
    assert deal.state.handfuls.keys() == handfuls.keys()
    # The log replays to the same deal, and its DealScored event holds the scores.
    assert Deal.from_events(rules, deal.events).scores == deal.scores
    assert deal.events[-1] == DealScored(deal.result.scores)
    return deal


def summary(deal: Deal) -> dict:
    r = deal.result
    return {
        "contract": r.contract,
        "oudlers": r.oudlers,
        "points": r.points,
        "target": r.target,
        "made": r.made,
        "margin": r.margin,
        "petit_au_bout": r.petit_au_bout,
        "handful_bonus": r.handful_bonus,
        "slam": r.slam,
        "value": r.value,
        "scores": r.scores,
    }


# --- the frozen deals (printed by tests/helpers/deal_search.py) ----------------------------------

EXAMPLE_1 = {
    "players": 4,
    "dealer": 3,
    "hands": [
        "T20 T19 T11 9S 7S 5S 1S QH 6H KC 7C 5C 1C ND JD 9D 6D 1D",
        "T21 T17 T16 T15 T14 T10 T9 T7 T4 T3 T1 KS 8S JH 7H JC 9C 6C",
        "T12 T5 T2 QS NS 10S KH 10H 9H 4H 3H QC NC 8C 2C KD QD 3D",
        "T18 T13 T8 EX 6S 4S 3S 2S NH 8H 5H 2H 1H 10C 4C 8D 4D 2D",
    ],
    "dog": "T6 JS 3C 10D 7D 5D",
    "bids": {1: "garde"},
    "call": None,
    "discard": "8S JS 7D 3C 9C JC",
    "slam": False,
    "handfuls": {1: "T21 T17 T15 T14 T10 T9 T7 T6 T4 T3"},
    "tricks": [
        "6H 7H KH 8H",
        "QD EX JD 10D",
        "NC 10C KC 6C",
        "9S KS 10S 4S",
        "5D KD 8D ND",
        "10H 2H QH JH",
        "6D T15 3D 4D",
        "T10 T12 T13 T20",
        "T19 T21 T2 T8",
        "T16 T5 T18 T11",
        "3S 5S T14 NS",
        "T4 QS NH 5C",
        "T17 3H 2S 1S",
        "T7 4H 4C 7C",
        "T9 8C 2D 1C",
        "T3 2C 5H 1D",
        "T6 QC 1H 9D",
        "T1 9H 6S 7S",
    ],
}

EXAMPLE_2 = {
    "players": 4,
    "dealer": 3,
    "hands": [
        "T20 T18 T14 T3 JS 10S 8S 5S 3S 5H QC 5C 2C 1C QD ND 8D 4D",
        "T21 T19 T16 T11 T10 T9 T6 T5 T2 8H 3H 2H 10C 9C KD 6D 3D 2D",
        "T17 T15 T13 T8 T7 T4 T1 KS 9S 4S 1S 9H 1H KC 7C JD 9D 5D",
        "T12 NS 7S 6S 2S KH QH NH JH 10H 4H JC 8C 6C 4C 3C 7D 1D",
    ],
    "dog": "EX QS 7H 6H NC 10D",
    "bids": {1: "garde_sans"},
    "call": None,
    "discard": None,
    "slam": False,
    "handfuls": {},
    "tricks": [
        "10S T19 1S 7S",
        "T2 T8 T12 T18",
        "4D 3D JD 1D",
        "T4 NS T14 T16",
        "9C 7C 3C QC",
        "5H 8H 1H QH",
        "4C 1C 10C KC",
        "4S 6S 5S T6",
        "6D 9D 7D ND",
        "8D KD 5D 6C",
        "2H 9H 10H T3",
        "JS T21 9S 2S",
        "T11 T17 NH T20",
        "QD 2D T15 4H",
        "KS KH 8S T5",
        "T9 T13 JC 5C",
        "T7 8C 2C T10",
        "3H T1 JH 3S",
    ],
}

EXAMPLE_3 = {
    "players": 4,
    "dealer": 3,
    "hands": [
        "T12 T3 T2 NS 5S KH NH 9H 8H 7H QC NC KD ND 9D 8D 3D 2D",
        "T19 T18 T16 T14 T11 T10 T8 T7 T6 T1 4S 1S 10H 4H 3H 6C 5C 6D",
        "T21 T13 T5 T4 10S 6S 2S JH 6H 5H 1H KC 8C 3C 2C 10D 5D 1D",
        "T20 T17 T15 EX KS QS JS 9S 8S 7S 3S QH JC 10C 9C 4C QD 7D",
    ],
    "dog": "T9 2H 7C 1C JD 4D",
    "bids": {1: "petite"},
    "call": None,
    "discard": "1S 2H 3H 10H JD 6C",
    "slam": False,
    "handfuls": {1: "T19 T18 T16 T14 T11 T10 T8 T7 T6 T1"},
    "tricks": [
        "NS 4S 6S QS",
        "9C NC 5C KC",
        "T5 T17 T12 T18",
        "7C 8C JC QC",
        "NH 4H 6H QH",
        "10C T3 1C 2C",
        "8H T19 1H EX",
        "T14 T21 T20 T2",
        "5D QD 3D 6D",
        "9S 5S T11 2S",
        "4D 10D 7D 2D",
        "T13 T15 8D T16",
        "T6 T4 8S KD",
        "T7 5H JS KH",
        "T9 1D 7S 9D",
        "T8 JH 3S 9H",
        "T10 3C 4C ND",
        "T1 10S KS 7H",
    ],
}

EXAMPLE_4 = {
    "players": 4,
    "dealer": 3,
    "hands": [
        "8S 7S 4S 10H 8H 6H 4H 3H 2H 1H 7C 5C 4C KD ND 10D 9D 4D",
        "T21 T20 T19 T14 T13 T12 T10 EX 9S 5S KH QC NC 10C 6C 2C JD 2D",
        "T18 T16 T11 T9 T8 T6 T5 T4 T3 T1 NS NH 5H JC 3C 8D 5D 3D",
        "T17 T7 QS JS 6S 3S 2S 1S QH JH 9H 7H KC 8C 1C QD 6D 1D",
    ],
    "dog": "T15 T2 KS 10S 9C 7D",
    "bids": {1: "garde"},
    "call": None,
    "discard": "10S 7D 2C 9C 10C NC",
    "slam": False,
    "handfuls": {2: "T18 T16 T11 T9 T8 T6 T5 T4 T3 T1"},
    "tricks": [
        "4H KH NH QH",
        "T15 T18 T7 1H",
        "5H 9H 6H T2",
        "T19 T3 T17 4S",
        "T21 T11 QS 8S",
        "EX 3C 1C 4C",
        "ND 2D 5D 1D",
        "10H T20 T4 7H",
        "JD 3D QD 9D",
        "3S 7S 5S NS",
        "T16 6S 5C T14",
        "T6 KC 10D T13",
        "QC JC 8C 7C",
        "T10 T8 JH 8H",
        "9S T9 JS KD",
        "T5 6D 2H T12",
        "6C T1 1S 4D",
        "8D 2S 3H KS",
    ],
}

EXAMPLE_5 = {
    "players": 4,
    "dealer": 0,
    "hands": [
        "KS NS 8S 7S QH 7H 5H 4H KC NC 8C 3C 1C QD ND 7D 6D 2D",
        "T3 T2 EX QS JS 10S KH 10H 8H 3H 2H JC 10C 7C 6C 5C 4C 8D",
        "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6 T5 T1",
        "T4 9S NH JH 9H 6H 1H QC 9C 2C KD JD 10D 9D 5D 4D 3D 1D",
    ],
    "dog": "6S 5S 4S 3S 2S 1S",
    "bids": {2: "garde"},
    "call": None,
    "discard": "1S 2S 3S 4S 5S 6S",
    "slam": True,
    "handfuls": {2: "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12"},
    "tricks": [
        "T21 T4 7S T2",
        "T20 9S 8S T3",
        "T19 1H NS EX",
        "T18 6H KS 10S",
        "T17 9H 4H JS",
        "T16 JH 5H QS",
        "T15 NH 7H 2H",
        "T14 1D QH 3H",
        "T13 3D 2D 8H",
        "T12 4D 6D 10H",
        "T11 5D 7D KH",
        "T10 9D ND 8D",
        "T9 10D QD 4C",
        "T8 JD 1C 5C",
        "T7 KD 3C 6C",
        "T6 2C 8C 7C",
        "T5 9C NC 10C",
        "T1 QC KC JC",
    ],
}

SLAM_UNANNOUNCED = {
    "players": 4,
    "dealer": 0,
    "hands": [
        "KS NS 8S 7S QH 7H 5H 4H KC NC 8C 3C 1C QD ND 7D 6D 2D",
        "T3 T2 EX QS JS 10S KH 10H 8H 3H 2H JC 10C 7C 6C 5C 4C 8D",
        "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6 T5 T1",
        "T4 9S NH JH 9H 6H 1H QC 9C 2C KD JD 10D 9D 5D 4D 3D 1D",
    ],
    "dog": "6S 5S 4S 3S 2S 1S",
    "bids": {2: "petite"},
    "call": None,
    "discard": "1S 2S 3S 4S 5S 6S",
    "slam": False,
    "handfuls": {},
    "tricks": [
        "10S T21 9S 7S",
        "T20 T4 8S T2",
        "T19 1H NS T3",
        "T18 6H KS JS",
        "T17 9H 4H QS",
        "T16 JH 5H 2H",
        "T15 NH 7H 3H",
        "T14 1D QH 8H",
        "T13 3D 2D 10H",
        "T12 4D 6D KH",
        "T11 5D 7D 8D",
        "T10 9D ND 4C",
        "T9 10D QD 5C",
        "T8 JD 1C 6C",
        "T7 KD 3C 7C",
        "T6 2C 8C 10C",
        "T5 9C NC JC",
        "T1 QC KC EX",
    ],
}

SLAM_FAILED = {
    "players": 4,
    "dealer": 0,
    "hands": [
        "KS NS 8S 7S KH 8H 6H 5H KC QC 9C 4C 2C KD QD 8D 7D 3D",
        "T3 T2 EX QS JS 10S JH 9H 4H 3H NC JC 8C 7C 6C 5C 9D 1D",
        "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6 T1 2H",
        "T5 T4 9S QH NH 10H 7H 1H 10C 3C 1C ND JD 10D 6D 5D 4D 2D",
    ],
    "dog": "6S 5S 4S 3S 2S 1S",
    "bids": {2: "garde"},
    "call": None,
    "discard": "1S 2S 3S 4S 5S 6S",
    "slam": True,
    "handfuls": {},
    "tricks": [
        "2H 1H 5H 3H",
        "7S 10S T21 9S",
        "T20 T4 8S T2",
        "T19 T5 NS EX",
        "T18 7H KS T3",
        "T17 10H 6H JS",
        "T16 NH 8H QS",
        "T15 QH KH 4H",
        "T14 2D 3D 9H",
        "T13 4D 7D JH",
        "T12 5D 8D 1D",
        "T11 6D QD 9D",
        "T10 10D KD 5C",
        "T9 JD 2C 6C",
        "T8 ND 4C 7C",
        "T7 1C 9C 8C",
        "T6 3C QC JC",
        "T1 10C KC NC",
    ],
}

DEFENCE_SLAM = {
    "players": 4,
    "dealer": 3,
    "hands": [
        "5S 4S 3S 2S 1S 5H 4H 3H 2H 1H 4C 3C 2C 1C 4D 3D 2D 1D",
        "T21 T19 T12 T11 T10 T8 T6 T3 KS NS JS 8S 7S QH JH KC 10C 10D",
        "T18 T17 T15 T14 T13 T9 T4 T2 10S KH 10H 9H 8H 9C 8C QD JD 7D",
        "T20 T16 T7 T5 QS 9S NH 7H QC NC JC 7C 6C KD ND 9D 8D 6D",
    ],
    "dog": "T1 EX 6S 6H 5C 5D",
    "bids": {0: "garde_contre"},
    "call": None,
    "discard": None,
    "slam": False,
    "handfuls": {},
    "tricks": [
        "4C 10C 8C 6C",
        "7S 10S 9S 5S",
        "8H 7H 5H JH",
        "8S T2 QS 4S",
        "9H NH 4H QH",
        "JS T4 T5 3S",
        "6D 4D 10D 7D",
        "NS T9 T16 2S",
        "8D 3D T3 JD",
        "KS T13 T20 1S",
        "9D 2D T6 QD",
        "KC 9C 7C 3C",
        "T8 T14 T7 2C",
        "10H ND 3H T10",
        "T11 T15 KD 1C",
        "KH JC 2H T12",
        "T19 T17 NC 1D",
        "T21 T18 QC 1H",
    ],
}

SLAM_EXCUSE_LED = {
    "players": 4,
    "dealer": 0,
    "hands": [
        "KS NS 8S 7S QH 7H 5H 4H KC NC 8C 3C 1C QD ND 7D 6D 2D",
        "T3 T2 QS JS 10S KH 10H 8H 3H 2H JC 10C 7C 6C 5C 4C KD 8D",
        "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6 T1 EX",
        "T5 T4 9S NH JH 9H 6H 1H QC 9C 2C JD 10D 9D 5D 4D 3D 1D",
    ],
    "dog": "6S 5S 4S 3S 2S 1S",
    "bids": {2: "garde"},
    "call": None,
    "discard": "1S 2S 3S 4S 5S 6S",
    "slam": True,
    "handfuls": {},
    "tricks": [
        "T21 T4 7S T2",
        "T20 T5 8S T3",
        "T19 9S NS 10S",
        "T18 1H KS JS",
        "T17 6H 4H QS",
        "T16 9H 5H 2H",
        "T15 JH 7H 3H",
        "T14 NH QH 8H",
        "T13 1D 2D 10H",
        "T12 3D 6D KH",
        "T11 4D 7D 8D",
        "T10 5D ND KD",
        "T9 9D QD 4C",
        "T8 10D 1C 5C",
        "T7 JD 3C 6C",
        "T6 2C 8C 7C",
        "T1 9C NC 10C",
        "EX QC KC JC",
    ],
}

SLAM_PETIT_UNDER_EXCUSE = {
    "players": 4,
    "dealer": 0,
    "hands": [
        "JS 9S 7S 5S 4S 10H 9H 6H 4H KC NC 9C 7C JD 10D 9D 7D 5D",
        "T9 T8 T7 T6 T5 T4 T3 T2 T1 3S 2S 1S 3H 2H 1H 3D 2D 1D",
        "T21 T20 T19 T18 T17 T16 T15 T14 EX KS QS NS KH QH NH KD QD ND",
        "10S 8S 6S JH 8H 7H 5H QC JC 10C 8C 6C 5C 4C 3C 8D 6D 4D",
    ],
    "dog": "T13 T12 T11 T10 2C 1C",
    "bids": {2: "garde_sans"},
    "call": None,
    "discard": None,
    "slam": True,
    "handfuls": {},
    "tricks": [
        "T21 6S 4S T2",
        "T20 8S 5S T3",
        "T19 10S 7S T4",
        "T18 5H 9S T5",
        "T17 7H JS T6",
        "T16 8H 4H T7",
        "T15 JH 6H T8",
        "T14 4D 9H T9",
        "KD 6D 5D 1D",
        "QD 8D 7D 2D",
        "ND 3C 9D 3D",
        "KH 4C 10H 1H",
        "QH 5C 10D 2H",
        "NH 6C JD 3H",
        "KS 8C 7C 1S",
        "QS 10C 9C 2S",
        "NS JC NC 3S",
        "EX QC KC T1",
    ],
}

THREE_LOST_BY_HALF = {
    "players": 3,
    "dealer": 2,
    "hands": [
        "T21 T18 T14 T12 T10 T4 T3 T1 5S 2S QH JH 10H 9H 7H 1H QC JC 10C 9C 8C 1C 6D 4D",
        "T19 T17 T15 T11 T9 T2 KS QS JS 9S 8S 7S 6S KH NH 8H 4H NC 6C 3C QD 10D 9D 5D",
        "T20 T13 T7 T6 T5 EX NS 10S 3S 1S 6H 5H 3H 2H KC 7C 2C KD ND JD 8D 7D 3D 1D",
    ],
    "dog": "T16 T8 4S 5C 4C 2D",
    "bids": {0: "petite"},
    "call": None,
    "discard": "7H 10H 2D 6D 5C 9C",
    "slam": False,
    "handfuls": {},
    "tricks": [
        "4C 3C EX",
        "8C 6C 2C",
        "5S 7S 1S",
        "10D KD 4D",
        "T20 T21 T11",
        "T4 T15 T13",
        "9D 8D T14",
        "QH 8H 2H",
        "4S KS 10S",
        "4H 5H 9H",
        "JH KH 3H",
        "T19 T7 T12",
        "QS NS 2S",
        "9S 3S T8",
        "1H NH 6H",
        "6S T6 T18",
        "T16 T17 T5",
        "T9 JD T10",
        "QC NC KC",
        "7D T3 QD",
        "JC T2 7C",
        "JS 3D T1",
        "10C 8S ND",
        "1C 5D 1D",
    ],
}

THREE_WON_BY_HALF = {
    "players": 3,
    "dealer": 2,
    "hands": [
        "T21 T20 T18 T11 T6 T1 9S 8S 7S 6S 1S KH NH JH 10H 8H 7H 5H 4H NC 9C 5C KD 2D",
        "T15 T10 T9 T7 T2 EX KS NS JS 10S 4S 3S 2S 6H 2H 1H KC 8C 7C 1C QD 10D 9D 7D",
        "T19 T17 T16 T14 T13 T12 T8 T4 T3 QS 5S QH 9H JC 10C 6C 4C 3C 2C ND 8D 6D 5D 4D",
    ],
    "dog": "T5 3H QC JD 3D 1D",
    "bids": {0: "petite"},
    "call": None,
    "discard": "8S 9S 7H 8H JH NC",
    "slam": False,
    "handfuls": {},
    "tricks": [
        "1S NS QS",
        "T17 T18 T10",
        "5C 1C 6C",
        "T16 T20 T7",
        "T21 T9 T13",
        "9C KC 4C",
        "QD ND 3D",
        "10S 5S 6S",
        "6H 9H KH",
        "JD EX 4D",
        "T11 T15 T19",
        "QH 10H 1H",
        "T14 T5 T2",
        "2C QC 8C",
        "NH 2H T12",
        "T4 T6 JS",
        "KD 7D 6D",
        "7S 4S T3",
        "JC T1 7C",
        "1D 9D 5D",
        "KS T8 3H",
        "10C 4H 3S",
        "3C 2D 10D",
        "8D 5H 2S",
    ],
}

FIVE_PARTNER = {
    "players": 5,
    "dealer": 4,
    "hands": [
        "T13 T12 T4 QS KH QH 7H 5H 4H 1H 6C 4C 3C 2C 5D",
        "T15 T9 T6 T2 NS 6S 3S NH 6H QC 5C 1C KD 10D 6D",
        "T21 T20 T19 T5 T3 T1 9H 3H 2H NC 8C 8D 4D 3D 2D",
        "T10 T8 10S 7S 5S 2S 1S 10H KC JC 7C QD ND 9D 7D",
        "T16 T14 T11 T7 EX KS JS 9S 8S 4S JH 8H 10C JD 1D",
    ],
    "dog": "T18 T17 9C",
    "bids": {2: "garde"},
    "call": "KH",
    "discard": "2D 9C NC",
    "slam": False,
    "handfuls": {},
    "tricks": [
        "6C QC 8C 7C EX",
        "6D 8D 7D 1D 5D",
        "T17 T10 T11 T13 T9",
        "T18 T8 T14 T4 T2",
        "3H 10H JH 4H NH",
        "6H 9H KC 8H QH",
        "2C 1C T3 JC 10C",
        "T5 5S T16 T12 T6",
        "T7 3C T15 T20 10S",
        "2H QD 8S 5H 6S",
        "QS 3S T21 7S 9S",
        "T19 ND KS 7H 10D",
        "3D 9D JD 4C KD",
        "5C T1 1S 4S 1H",
        "4D 2S JS KH NS",
    ],
}

FIVE_ALONE = {
    "players": 5,
    "dealer": 4,
    "hands": [
        "T19 T16 T15 T13 T8 T5 T4 2S KH 8H 4H 7C 4C 2C ND",
        "T12 NS 3S QH 7H 6H 5H 3H NC 8C QD 8D 7D 6D 4D",
        "T21 T20 T17 T14 T3 EX KS QS 4S 1S 1H 9C KD JD 2D",
        "T11 T10 T7 T6 9S 6S 10H KC QC 6C 5C 1C 10D 9D 5D",
        "T9 T2 T1 JS 10S 8S 7S NH JH 2H JC 10C 3C 3D 1D",
    ],
    "dog": "T18 5S 9H",
    "bids": {2: "petite"},
    "call": "KD",
    "discard": "4S 1H 9C",
    "slam": False,
    "handfuls": {},
    "tricks": [
        "7C NC EX 6C JC",
        "6H 9H 10H NH 4H",
        "JS 2S NS KS 9S",
        "2D 9D 3D ND QD",
        "4D KD 10D 1D T13",
        "T16 T12 T20 T7 T2",
        "T18 T11 T9 T19 3H",
        "T4 6D T17 T10 T1",
        "QS 6S 7S T8 3S",
        "KH QH T21 T6 2H",
        "5S KC 8S T15 8D",
        "8H 5H T14 5D JH",
        "T3 5C 10S T5 7H",
        "2C 8C 1S 1C 10C",
        "3C 4C 7D JD QC",
    ],
}

EXCUSE_LAST_TRICK = {
    "players": 4,
    "dealer": 3,
    "hands": [
        "T16 T14 T1 KS NH 8H 7H 6H 3H KC QC NC JC 10C 9C 7D 5D 2D",
        "T12 T7 T5 T3 QS NS 9S 3S 1S KH 10H 2H 1H 5C KD QD ND 3D",
        "T20 T18 T15 T13 T8 T4 EX JS 10S 4S JH 9H 7C 2C 1C JD 6D 4D",
        "T21 T19 T17 T11 T10 T9 T6 6S 5S 5H 4H 6C 4C 3C 10D 9D 8D 1D",
    ],
    "dog": "T2 8S 7S 2S QH 8C",
    "bids": {1: "garde"},
    "call": None,
    "discard": "2S 7S 8S QS QH 3D",
    "slam": False,
    "handfuls": {},
    "tricks": [
        "3H KH 9H 4H",
        "8C 1C 4C 10C",
        "QC 5C 2C 3C",
        "JC T12 7C 6C",
        "T2 T15 T19 T16",
        "6S KS 3S 4S",
        "KC T3 T4 T6",
        "5S T14 NS JS",
        "NC T7 T8 T9",
        "T10 T1 T5 T13",
        "6D 10D 7D ND",
        "2H JH 5H 6H",
        "JD 9D 2D KD",
        "9S 10S T11 7H",
        "1D 5D QD 4D",
        "10H T18 T21 8H",
        "8D 9C 1S T20",
        "EX T17 NH 1H",
    ],
}

TAKER_EXCUSE_EXCHANGED = {
    "players": 4,
    "dealer": 3,
    "hands": [
        "T17 T15 T13 T12 T11 T9 7S 6S 4S NH JC 9C 8C 3C 10D 7D 5D 4D",
        "T8 EX KS QS JS 8S 1S KH 8H 4H 1H NC 4C QD ND 9D 6D 3D",
        "T19 T10 T3 T2 T1 NS JH 9H 6H 5H 3H 10C 7C 5C 2C 1C 2D 1D",
        "T21 T20 T16 T14 T7 T5 T4 10S 9S 3S 10H 7H 2H KC 6C KD JD 8D",
    ],
    "dog": "T18 T6 5S 2S QH QC",
    "bids": {1: "petite"},
    "call": None,
    "discard": "2S 8S JS 6D 9D QD",
    "slam": False,
    "handfuls": {},
    "tricks": [
        "T12 T18 T19 T21",
        "T7 T15 T8 T2",
        "3C NC 10C 6C",
        "T6 T10 T16 T17",
        "4D 3D 1D 8D",
        "KD 7D EX 2D",
        "2H NH KH 3H",
        "4H 9H 7H T9",
        "10D ND T3 JD",
        "5C KC JC 4C",
        "T4 T13 QC T1",
        "4S 5S NS 10S",
        "1C T14 8C 1H",
        "T20 T11 QH 2C",
        "T5 7S 8H 5H",
        "9S 6S 1S JH",
        "3S 5D KS 6H",
        "QS 7C 10H 9C",
    ],
}

DEFENCE_EXCUSE_EXCHANGED = {
    "players": 4,
    "dealer": 3,
    "hands": [
        "T16 T11 T7 T5 T3 QS 4S 1S KH 10H 9H 6H KC 9C 3C 1C KD 2D",
        "T21 T20 T19 T18 T17 T13 T12 T10 T2 10S 8S 6S 8H QC 7C 2C 7D 1D",
        "T8 T1 NS 9S 5S 2S 5H 4H 1H 10C 5C QD ND 10D 9D 8D 6D 3D",
        "T14 T9 T4 EX KS JS 7S 3S QH 3H 2H NC JC 6C 4C JD 5D 4D",
    ],
    "dog": "T15 T6 NH JH 7H 8C",
    "bids": {1: "garde"},
    "call": None,
    "discard": "8S 10S JH 1D 7C QC",
    "slam": False,
    "handfuls": {},
    "tricks": [
        "4S 6S 9S JS",
        "KS QS T6 5S",
        "7H 4H 2H KH",
        "1C 2C 5C 4C",
        "NS EX 1S T15",
        "T12 T8 T14 T16",
        "KC 8C 10C NC",
        "T5 T10 T1 T9",
        "T21 1H T4 T3",
        "T2 5H 6C T11",
        "KD 7D 8D 5D",
        "9H 8H 10D 3H",
        "2D T19 ND 4D",
        "T17 9D QH T7",
        "T20 3D 7S 9C",
        "NH QD JD 6H",
        "T13 2S JC 3C",
        "T18 6D 3S 10H",
    ],
}
