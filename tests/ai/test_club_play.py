"""The club player's card play in positions where a strong player's card is clear: the rules
added to the club player's follow and lead (docs/bots.md, *The club player's card play*)."""

from __future__ import annotations

from engine import cards as C
from engine.ai import club
from engine.views import SeatView
from tests.helpers.positions import position


def card_of(view: SeatView) -> str:
    return C.format_card(club.choose_card(club.reading_of_view(view)))


def test_the_petit_waits_for_the_last_trick_when_no_trump_is_out() -> None:
    """The taker drew every trump but T14 and the Petit: ruffing the spade, it keeps the
    Petit for the last trick (the Petit au bout) and ruffs with T14."""
    view = position(3, "garde", taker=1, dealer=0,
                    hands={1: "T14 T1 QH JH 10H 9H 8H 7H 6H 5H KD QD JD 10D 9D 8D"},
                    tricks="T21 T2 T3  T20 T4 T5  T19 T6 T7  T18 T8 T9  T17 T10 T11"
                           "  T16 T12 T13  T15 2C 3C  2H KH 3H  4S 5S").view
    assert view.seat == 1
    assert card_of(view) == "T14"


def test_a_defender_charges_ahead_of_a_partner_who_must_ruff() -> None:
    """The taker's QD tops the trick; the last defender to play showed it lacks diamonds and
    holds trumps: the seat gives the knight, not the five."""
    view = position(4, "garde", taker=1, dealer=0,
                    hands={2: "ND 5D 9S 8S 7S 6S 5S 9H 8H 7H 6H 5H 10C 9C 8C T4"},
                    tricks="KD 3D T5 4D  5C 6C KC 7C  QD").view
    assert view.seat == 2
    assert card_of(view) == "ND"


def test_no_charge_on_a_partners_king_the_taker_may_ruff() -> None:
    """A partner leads KH, the suit's first round, the taker still to play: the taker may have
    set hearts aside, so the seat keeps its queen and plays low."""
    view = position(4, "garde", taker=3, dealer=0,
                    hands={2: "QH 2H 9S 8S 7S 6S 5S 9D 8D 7D 6D 5D 10C 9C 8C T4 T3 T2"},
                    tricks="KH").view
    assert view.seat == 2
    assert card_of(view) == "2H"


def test_a_charge_on_a_partners_king_once_the_taker_followed_the_suit() -> None:
    """The same king on the suit's second round, the taker having followed the first: the
    seat gives its queen."""
    view = position(4, "garde", taker=3, dealer=0,
                    hands={1: "QH 2H 9S 8S 7S 6S 5S 9D 8D 7D 6D 5D 10C 9C 8C T4 T3"},
                    tricks="4H 3H 5H JH  KH").view
    assert view.seat == 1
    assert card_of(view) == "QH"


def test_a_defender_keeps_its_king_back_on_the_suits_first_round() -> None:
    """A defender on lead at the first trick: the taker may have set hearts aside, so KH is
    not cashed yet."""
    view = position(4, "garde", taker=3, dealer=0,
                    hands={1: "KH 5H 4H 9S 8S 7S 6S 5S 9D 8D 7D 6D 10C 9C 8C T4 T3 T2"},
                    tricks="").view
    assert view.seat == 1
    assert card_of(view) != "KH"


def test_a_defender_cashes_its_king_once_the_suit_went_round() -> None:
    """Hearts went round once, everyone following: KH is cashed."""
    view = position(4, "garde", taker=3, dealer=0,
                    hands={1: "KH 5H 4H 9S 8S 7S 6S 5S 9D 8D 7D 6D 10C 9C 8C T4 T3"},
                    tricks="9H 2H 3H 6H").view
    assert view.seat == 1
    assert card_of(view) == "KH"


def test_the_taker_ruffs_with_its_petit_in_danger_when_the_defence_follows() -> None:
    """The taker holds the Petit and two trumps against eighteen out: on the first spade,
    both defenders still to play most likely following, it ruffs with the Petit, which the
    hunt would catch later."""
    view = position(4, "garde", taker=1, dealer=0,
                    hands={1: "T1 T5 T6 QH JH 10H 9H KC QC NC JC 10C KD QD ND JD 10D"},
                    tricks="2H 3H 4H KH  5S").view
    assert view.seat == 1
    assert card_of(view) == "T1"


def test_the_takers_partner_charges_the_takers_king_at_the_first_round() -> None:
    """Five players: the taker cashes KH at the suit's first round, and the seat holding the
    called king charges its queen, though defenders are still to play: they set nothing aside,
    the taker did and has played."""
    view = position(5, "garde", taker=1, dealer=0, called="KS", partner=3,
                    hands={3: "QH 3H KS 9S 8S 7S 9D 8D 7D 6D 9C 8C 7C T4 T3"},
                    tricks="KH 2H").view
    assert view.seat == 3
    assert card_of(view) == "QH"
