"""The cards that surely gain (engine/ai/certain.py), read from hand-built positions: each
rule fires where the count makes the card sure, and not where one condition fails."""

from __future__ import annotations

from engine import cards as C
from engine.ai import club
from engine.ai.certain import banked, sure_gain, sure_lead
from engine.cards import Card
from tests.helpers.positions import position

HUNTER = "T17 T16 T15 T14 T13 T12 T11 KS QS 9S 8S 3S KD 9D 6D KC 10C 6C 3C"
DRAWN = "T21 T3 T7  T20 T4 T8  T19 T5 T9  T18 2D T10  4H 5H KH"
TAKER = "T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T1 KS QS NS KH QH KC KD QD"
TAKER_TRICKS = "2S 9S T3  4D 10D 3D  T21 T2 T4  T20 T5 T6  T19 2C T7"


def card(text: str) -> Card:
    return C.parse_card(text)


def lead(players: int, hands: dict[int, str], tricks: str, taker: int = 1) -> Card:
    view = position(players, "garde", taker=taker, dealer=0, hands=hands, tricks=tricks).view
    return sure_lead(club.reading_of_view(view))


def test_a_defender_hunts_with_the_lowest_trump_that_tops_the_takers() -> None:
    # the taker may hold T6 T2 T1 and the Excuse: seven masters outnumber them
    assert lead(3, {0: HUNTER}, DRAWN) == card("T11")


def test_no_hunt_when_another_seat_may_still_hold_trumps() -> None:
    # the other defender followed every trump lead: it may hold more
    tricks = "T21 T3 T7  T20 T4 T8  T19 T5 T9  T18 T2 T10  4H 5H KH"
    assert lead(3, {0: HUNTER}, tricks) == -1


def test_no_hunt_when_the_defenders_masters_are_too_few() -> None:
    hand = "T17 T16 T6 KS QS 9S 8S 3S KD 9D 6D KC 10C 6C 3C 2S 4S 5S 7S"
    # the taker may hold T15 to T11 besides the Petit: two masters cannot draw them
    tricks = "T21 T3 T7  T20 T4 T8  T19 T5 T9  T18 2D T10  4H 5H KH"
    assert lead(3, {0: hand}, tricks) == -1


def test_the_taker_draws_the_last_trump_with_its_lowest_master() -> None:
    assert lead(3, {1: TAKER}, TAKER_TRICKS) == card("T9")


def test_the_taker_draws_nothing_when_no_foe_can_hold_a_trump() -> None:
    tricks = TAKER_TRICKS + "  T18 2H T8"
    hand = TAKER.replace("T18 ", "")
    view = position(3, "garde", taker=1, dealer=0, hands={1: hand}, tricks=tricks).view
    assert view.seat == 1
    assert sure_lead(club.reading_of_view(view)) == -1


def test_a_low_trump_rather_than_the_21_onto_the_partners_sure_trick() -> None:
    view = position(4, "garde", taker=1, dealer=0,
                    hands={0: "T21 T5 T3 KS JS 8S 6S 3S QH 9H 7H 5H 2H QD 9D 4D 3D 2D"},
                    tricks="7C KC 8C").view
    assert sure_gain(club.reading_of_view(view)) == card("T3")


def test_what_a_sure_card_banks_on_the_trick_in_play() -> None:
    """On the partner's sure trick the queen banks 3 card points more than the 5; on the
    taker's sure trick the 3 gives 4 less than the king; a lead banks nothing by itself."""
    charge = club.reading_of_view(position(
        4, "garde", taker=2, dealer=0,
        hands={0: "QH 5H T14 T9 T4 EX KS 8S 6S 3S JC 9C 7C 2C QD 9D 4D 3D"},
        tricks="10H 2H 3H").view)
    assert sure_gain(charge) == card("QH")
    assert banked(charge, card("QH"), card("5H")) == 3.0
    assert banked(charge, card("QH"), card("EX")) == 0.0
    duck = club.reading_of_view(position(
        4, "garde", taker=2, dealer=0,
        hands={0: "KH QH 3H T14 T9 T4 EX KS 8S 6S 3S JC 9C 7C 2C QD 9D 4D"},
        tricks="2H T10 5H").view)
    assert sure_gain(duck) == card("3H")
    assert banked(duck, card("3H"), card("KH")) == 4.0
    opening = club.reading_of_view(position(
        4, "garde", taker=2, dealer=0,
        hands={0: "KH QH 3H T14 T9 T4 EX KS 8S 6S 3S JC 9C 7C 2C QD 9D 4D"}, tricks="").view)
    assert banked(opening, card("3H"), card("KH")) == 0.0
