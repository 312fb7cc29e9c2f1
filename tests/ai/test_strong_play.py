"""Positions where a strong player's choice is clear, asked of the expert at its default clock.

Each position is asked five times (the clock makes the search's deals differ from one asking
to the next) and every answer must be the strong player's. The first ones are the errors a
strong player found in the expert's games (docs/bots.md, *Decisions checked by hand*): a
Petit that surely wins kept back, a head not charged onto the partner's trick, thin Gardes,
a king led into the taker's known void; the others are of the same kinds. The hands are in
the notation of RULES.md; :func:`tests.helpers.positions.position` deals the rest.
"""

from __future__ import annotations

import pytest

from engine import cards as C
from engine.actions import Action, Bid, Call, Play
from engine.ai.expert import ExpertBot
from engine.deal import Deal
from engine.rules import load_rules
from engine.state import Phase
from engine.views import SeatView, view_for
from tests.helpers.positions import position

pytestmark = pytest.mark.slow

ASKED = 5


def answers(view: SeatView) -> list[Action]:
    return [ExpertBot(seed).decide(view) for seed in range(ASKED)]


def cards(view: SeatView) -> set[str]:
    played = set()
    for action in answers(view):
        assert isinstance(action, Play)
        played.add(C.format_card(action.card))
    return played


# --- the errors found in the expert's games -------------------------------------------------


def test_a_petit_that_surely_wins_is_played() -> None:
    """Garde sans; the taker led 9C, the second seat threw a spade (no club, no trump), the
    last seat has shown it has no trump: the Petit wins for certain (seed 1002, trick 13)."""
    view = position(4, "garde_sans", taker=2, dealer=0,
                    hands={0: "T20 T19 T18 T1 NS JH 10H 9H 8H 7H 6H QD JD 10D 8D"},
                    tricks="2S KS 3S 4S  T15 3D T16 5D  1D 6D T5 7D  9C JS").view
    assert cards(view) == {"T1"}


def test_a_queen_is_charged_onto_the_partners_trick_by_the_last_seat() -> None:
    """Playing last on the partner's winning 10H with QH 5H: the queen (seed 1037, trick 5)."""
    view = position(4, "garde", taker=2, dealer=0,
                    hands={0: "QH 5H T14 T9 T4 EX KS 8S 6S 3S JC 9C 7C 2C QD 9D 4D 3D"},
                    tricks="10H 2H 3H").view
    assert cards(view) == {"QH"}


def test_the_master_queen_is_charged_onto_the_partners_king() -> None:
    """The taker played, the partner's KD wins, the seat plays last with QD 9D 6D 4D: the
    queen, though it is now the master of the suit (seed 1022, trick 1)."""
    view = position(4, "garde", taker=2, dealer=0, seed=3,
                    hands={0: "QD 9D 6D 4D T14 T9 T4 KS 8S 6S 3S JC 9C 7C 2C 9H 4H 3H"},
                    tricks="7D 8D KD").view
    assert cards(view) == {"QD"}


def test_a_king_is_not_led_into_the_takers_known_void() -> None:
    """The taker showed ten trumps and ruffed a diamond; the defender on lead holds the three
    top trumps and KD: anything but the king of diamonds (seed 1039, trick 15)."""
    view = position(4, "garde", taker=1, dealer=3,
                    handfuls={1: "T18 T17 T16 T15 T14 T13 T12 T10 T9 T8"},
                    hands={0: "T21 T20 T19 KD 9D 8D KS QS 3S 2S 4H 5H 6H 7H 8H 9C",
                           1: "T18 T17 T16 T15 T14 T13 T12 T8 KH QH JH KC QC JC 10C 9H"},
                    tricks="2D T9 3D 4D  T10 T2 T3 T11").view
    assert "KD" not in cards(view)


def bid_view(players: int, seed: int, seat: int) -> SeatView:
    """The view of ``seat`` when it bids in the deal of ``seed``, the seats before it having
    passed (the issue's deals: ``Deal.new(rules, n, dealer=seed % n, seed=seed)``)."""
    deal = Deal.new(load_rules(), players, dealer=seed % players, seed=seed)
    while deal.state.turn != seat:
        turn = deal.state.turn
        assert turn is not None and deal.state.phase is Phase.BIDDING
        deal.execute(turn, Bid(None))
    return view_for(deal.state, seat)


@pytest.mark.parametrize(("players", "seed", "seat", "hand"), [
    (4, 1021, 3, "T21 T16 T13 EX 9S 3S 2S QH JH 10H 6H 5H KC JC 9C 8C QD 10D"),
    (4, 1033, 2, "T21 T16 T1 KS QS 7S 3S 8H 6H 5H 2H KC JC 6C 5C KD JD 5D"),
])
def test_a_thin_hand_bids_a_petite_at_most(players: int, seed: int, seat: int, hand: str) -> None:
    """Three trumps (with the 21 and the Excuse; or a Petit with two guards and three kings):
    pass or a Petite, never a Garde."""
    view = bid_view(players, seed, seat)
    assert set(view.hand) == set(C.parse_cards(hand.split()))
    for action in answers(view):
        assert isinstance(action, Bid) and action.contract in (None, "petite")


def test_five_trumps_do_not_overcall_a_garde_with_a_garde_contre() -> None:
    """Five players, seed 5010: T21 T20 T19 T8 T2 and two kings over another seat's Garde."""
    deal = Deal.new(load_rules(), 5, dealer=0, seed=5010)
    for turn in (1, 2, 3, 4):
        deal.execute(turn, Bid("garde" if turn == 4 else None))
    view = view_for(deal.state, 0)
    assert C.format_cards(view.hand)[:5] == ["T21", "T20", "T19", "T8", "T2"]
    for action in answers(view):
        assert isinstance(action, Bid) and action.contract is None


def test_the_called_king_is_in_a_suit_the_taker_holds() -> None:
    """Five players, seed 5010: taking with no club, the taker calls a king of a suit it holds
    (spades, hearts or diamonds; it holds KS and KD, so the king of hearts)."""
    deal = Deal.new(load_rules(), 5, dealer=0, seed=5010)
    deal.execute(1, Bid("garde"))
    for turn in (2, 3, 4, 0):
        deal.execute(turn, Bid(None))
    view = view_for(deal.state, 1)
    clubs = view.hand_mask & C.SUIT_MASKS[3]
    for action in answers(view):
        assert isinstance(action, Call)
        suit = C.SUIT_OF[action.card]
        assert view.hand_mask & C.SUIT_MASKS[suit], (C.format_card(action.card), clubs)


# --- more positions of these kinds -----------------------------------------------------------


def test_the_last_seat_gives_nothing_to_the_takers_sure_trick() -> None:
    """The taker's trump tops a heart trick and the seat plays last with KH QH 3H: the 3, or
    the Excuse, which its camp keeps; never a head."""
    view = position(4, "garde", taker=2, dealer=0,
                    hands={0: "KH QH 3H T14 T9 T4 EX KS 8S 6S 3S JC 9C 7C 2C QD 9D 4D"},
                    tricks="2H T10 5H").view
    assert cards(view) <= {"3H", "EX"}


def test_the_petit_goes_under_the_partners_21() -> None:
    """The partner led the 21 and the taker played: the Petit is saved on it."""
    view = position(4, "garde", taker=2, dealer=0,
                    hands={0: "T1 T9 T4 KS 8S 6S 3S JC 9C 7C 2C QD 9D 4D 3D 2D 5H 6H"},
                    tricks="T21 T7 T8").view
    assert cards(view) == {"T1"}


def test_a_king_is_thrown_onto_the_partners_sure_trick() -> None:
    """No diamond and no trump, last to play on the partner's KD: a king goes on it."""
    view = position(4, "garde", taker=2, dealer=0,
                    hands={0: "KH 9H 8H 7H KS 8S 6S 3S JC 9C 7C QC 10C 9S 7S 5S 4S"},
                    tricks="T21 T7 T8 2C  KD 5D 6D").view
    assert cards(view) <= {"KH", "KS"}


def test_three_players_a_petit_that_surely_wins_is_played() -> None:
    """Three players, Garde: the taker led a club, the seat has none; the last seat has shown
    it holds no trump. The Petit wins for certain."""
    view = position(3, "garde", taker=1, dealer=0,
                    hands={2: "T20 T12 T7 T1 KH QH 8H 7H 5H 4H 3H NS JS 10S 9S 8S 7S 4S 1S "
                              "QD JD 10D"},
                    tricks="2S 3S 2H  5S 6H 6S  9C").view
    assert view.seat == 2
    assert cards(view) == {"T1"}


def test_the_taker_draws_the_last_trumps_with_its_masters() -> None:
    """Four rounds of trumps are gone; the taker holds the 21, the 20 and the 19 and two
    trumps are out, the Petit one of them: it leads a master trump."""
    view = position(4, "garde", taker=1, dealer=0,
                    hands={1: "T21 T20 T19 KH QH JH KS QS 2S KC QC 2C 3C 4C"},
                    tricks="T18 T2 T3 T4  T17 T5 T6 T7  T16 T8 T9 T10  T15 T11 T12 T13").view
    assert view.seat == 1
    assert cards(view) <= {"T19", "T20", "T21"}


def test_five_players_the_taker_charges_its_known_partners_trick() -> None:
    """Five players: the called KH has shown the partner; playing last on its winning king,
    the taker charges its knight of hearts (the queen is out: kept, the knight falls)."""
    view = position(5, "garde", taker=1, dealer=1, called="KH", partner=4,
                    hands={1: "NH 2H T12 T6 T3 KS 8S 3S JC 9C 7C 2C 9D 8D"},
                    tricks="QS 7S 4S 5S 6S  3H 4H KH 5H").view
    assert view.seat == 1
    assert cards(view) == {"NH"}


def test_a_defender_hunts_the_petit_when_it_is_the_takers_last_trump() -> None:
    """Garde: the taker drew four rounds of trumps with the 21, the 20, the 19 and the 18; the
    other two defenders have shown they hold no trump more, and every trump but the Petit is
    seen or in the seat's hand, so the Petit is the taker's only trump. On lead with seven
    trumps, the defender leads one: the taker must play the Petit under it (a plain card led
    would let the taker save it by trumping)."""
    view = position(4, "garde", taker=1, dealer=0,
                    hands={0: "T17 T16 T15 T14 T13 T12 T11 KS QS 4S KD 8D 3C"},
                    tricks="T21 T3 T2 T6  T20 T9 T4 T7  T19 2D T5 T8  T18 3D 2C T10  "
                           "5H 6H 7H KH").view
    assert view.seat == 0
    assert cards(view) <= {"T11", "T12", "T13", "T14", "T15", "T16", "T17"}


def test_three_players_a_master_king_is_not_led_into_the_takers_known_void() -> None:
    """Three players, Garde: the taker trumped the defender's spade lead; back on lead with
    KS QS 9S 8S, the defender leads anything but a spade head, which the taker would trump."""
    view = position(3, "garde", taker=1, dealer=0,
                    hands={0: "KS QS 9S 8S T12 T8 T4 QD 9D 6D 3D KC 10C 6C 5C 4C 3C 8H 7H 6H "
                              "2C"},
                    tricks="2H 3H 4H  5S T9 6S  7D 8D KD").view
    assert view.seat == 0
    assert not cards(view) & {"KS", "QS"}


def test_three_players_the_king_is_charged_onto_the_partners_ruff() -> None:
    """Three players, Garde: the taker led 5H, the other defender trumped it, the seat plays
    last with KH 9H 3H: the king, onto a trick its camp takes for certain."""
    view = position(3, "garde", taker=1, dealer=0,
                    hands={0: "KH 3H 9H T12 T8 T4 KD QD 9D 6D 3D KC 10C 6C 5C 4C 3C 8S 7S 6S "
                              "5S 4S 2S 2D"},
                    tricks="5H T10").view
    assert view.seat == 0
    assert cards(view) == {"KH"}


def test_five_players_the_secret_partner_saves_its_petit_on_the_takers_21() -> None:
    """Five players: the taker called KH, which the seat holds (the others do not know yet);
    the taker leads the 21 and the seat, with T7 T3 T1 and no trump above the 21, plays the
    Petit onto its partner's sure trick."""
    view = position(5, "garde", taker=2, dealer=4, called="KH", partner=4,
                    hands={4: "T1 T3 T7 KH 9H 4H QS 8S 5S 10D 6D 2C 3C 4C"},
                    tricks="4S 6S KS 2S 7S  T21 T9").view
    assert view.seat == 4
    assert cards(view) == {"T1"}


def test_five_players_a_defender_charges_another_defenders_21() -> None:
    """Five players: the called KH has shown the taker's partner (seat 4), so seat 1, who won
    a diamond with KD, is a defender; it leads the 21 and the seat, last and out of trumps,
    throws its richest head, the queen of clubs, onto its camp's sure trick."""
    view = position(5, "garde", taker=2, dealer=4, called="KH", partner=4,
                    hands={0: "QC NC 9C 7C 8H 7H 3S 5D 6D 9D 10S 8S"},
                    tricks="4S 6S KS 2S 9S  3H 4H KH 5H 6H  2D 10D KD 3D 4D  T21 T6 T2 T3").view
    assert view.seat == 0
    assert cards(view) == {"QC"}


def test_the_excuse_is_played_before_the_last_trick() -> None:
    """Two tricks left, the seat (a defender) holds EX and 4D on a club trick it cannot
    follow: the Excuse now, which its camp keeps; kept for the last trick, it would change
    camp."""
    view = position(4, "garde", taker=1, dealer=0, hands={0: "4D EX"},
                    tricks="KS QS 1S 7S  KH 2H 3H 1H  KC 1C 3C 2C  8D QD KD ND  NS T3 8S T4  "
                           "QC 5C JC 10C  NC 4C T6 T9  JD 1D 5D 2D  10D 6D 9D 3D  9H T2 JH QH  "
                           "6C T7 T8 T12  9S T13 JS T20  7H NH T14 10H  7C T11 T10 T16  "
                           "T21 T15 2S 8H  T5 T18 10S 7D  9C 3S").view
    assert view.seat == 0
    assert cards(view) == {"EX"}


# --- sure by counting: kept to unless the search is confident of better (engine/ai/certain.py)


def test_the_21_is_kept_when_any_trump_takes_the_partners_trick() -> None:
    """The partner's KC tops the trick; the seat plays last with no club, so it must trump,
    and any trump takes the trick for its camp: a low one, the 21 kept."""
    view = position(4, "garde", taker=1, dealer=0,
                    hands={0: "T21 T5 T3 KS JS 8S 6S 3S QH 9H 7H 5H 2H QD 9D 4D 3D 2D"},
                    tricks="7C KC 8C").view
    assert view.seat == 0
    assert cards(view) == {"T3"}


def test_three_players_the_taker_draws_the_last_trump_before_cashing_kings() -> None:
    """Three players: the taker holds T18 to T9 with the Petit and four kings; one defender
    has shown no trump, so T8 is the defence's last. A master trump draws it, and every card
    the taker holds is then safe; a king first may be ruffed."""
    view = position(3, "garde", taker=1, dealer=0,
                    hands={1: "T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T1 KS QS NS KH QH KC KD QD"},
                    tricks="2S 9S T3  4D 10D 3D  T21 T2 T4  T20 T5 T6  T19 2C T7").view
    assert view.seat == 1
    assert cards(view) <= {"T9", "T10", "T11", "T12", "T13", "T14", "T15", "T16", "T17", "T18"}


def test_three_players_a_defender_hunts_a_petit_guarded_by_two_low_trumps() -> None:
    """Three players: the taker drew four rounds of trumps and holds T6 T2 T1 at most (the
    other defender has shown no trump); the defender on lead holds T17 to T11, every one above
    the taker's: three trump leads catch the Petit, where a king led could be ruffed by it."""
    view = position(3, "garde", taker=1, dealer=0,
                    hands={0: "T17 T16 T15 T14 T13 T12 T11 KS QS 9S 8S 3S KD 9D 6D KC 10C 6C "
                              "3C"},
                    tricks="T21 T3 T7  T20 T4 T8  T19 T5 T9  T18 2D T10  4H 5H KH").view
    assert view.seat == 0
    assert cards(view) <= {"T11", "T12", "T13", "T14", "T15", "T16", "T17"}
