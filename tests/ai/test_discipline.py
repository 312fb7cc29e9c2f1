"""The defence's technique (engine/ai/discipline.py) on hand-built positions: each fault is
found where a strong defender would not play the card, and not where one condition fails."""

from __future__ import annotations

from engine import cards as C
from engine.ai import discipline as D
from engine.ai.expert import ExpertBot
from engine.views import SeatView
from tests.helpers.positions import position

#: Four players, the dealer seat 0: seat 1 leads the first trick, the taker is seat 3 (it
#: plays after seats 1 and 2).
SPADES_FIRST = "5S"
#: A first round of spades the taker followed (won by seat 1's king): the taker has shown.
SPADES_SHOWN = "KS 2S 3S 4S"


def faults(hands: dict[int, str], tricks: str, taker: int = 3, players: int = 4,
           called: str | None = None, partner: int | None = None) -> dict[str, str]:
    view = position(players, "garde", taker=taker, dealer=0, hands=hands, tricks=tricks,
                    called=called, partner=partner).view
    return {C.format_card(card): fault for card, fault in D.faults(view).items()}


def view_of(hands: dict[int, str], tricks: str, taker: int = 3) -> SeatView:
    return position(4, "garde", taker=taker, dealer=0, hands=hands, tricks=tricks).view


def test_no_head_before_the_taker_on_a_suits_first_round() -> None:
    hand = "KS JS 6S T5 T4 KH 9H 8H 7H 6D 5D 4D 3D 2D 7C 6C 5C 4C"
    assert faults({2: hand}, SPADES_FIRST) == {"KS": D.HEAD_BEFORE_TAKER,
                                               "JS": D.HEAD_BEFORE_TAKER}


def test_heads_are_free_once_the_taker_has_followed_the_suit() -> None:
    hand = "QS JS 6S T5 T4 KH 9H 8H 7H 6D 5D 4D 3D 2D 7C 6C 5C"
    # seat 1 won the spade round the taker followed, and leads spades again
    assert faults({2: hand}, SPADES_SHOWN + " 7S") == {}


def test_heads_are_free_once_the_taker_has_played_to_the_trick() -> None:
    hand = "KS JS 6S T5 T4 KH 9H 8H 7H 6D 5D 4D 3D 2D 7C 6C 5C"
    # the taker, seat 3, trumps the first trick and leads a spade: seat 0 plays after it
    assert faults({0: hand}, "2H 3H T2 4H  5S", taker=3) == {}


def test_a_seat_with_nothing_but_heads_in_the_suit_plays_one() -> None:
    hand = "KS QS T5 T4 KH 9H 8H 7H 6D 5D 4D 3D 2D 7C 6C 5C 4C 3C"
    assert faults({2: hand}, SPADES_FIRST) == {}


def test_the_partners_master_is_not_covered_before_the_taker() -> None:
    hand = "KD 4D T5 T4 KH 9H 8H 7H 6S 5S 4S 3S 2S 7C 6C 5C 4C"
    # diamonds were led once, the taker followed and seat 1 won; seat 1 leads the queen,
    # master but for seat 2's own king
    tricks = "8D 3D 5D 6D  QD"
    assert faults({2: hand}, tricks) == {"KD": D.OVER_PARTNER_MASTER}


def test_no_head_led_into_the_takers_void() -> None:
    hand = "KH QH NH JH 2H T5 T4 9S 8S 7S 6D 5D 4D 3D 7C 6C"
    # the taker trumped the first heart (won by it) and led a spade seat 1 won
    view = view_of({1: hand}, "3H 4H T10 5H  6S 2S 10S 3S")
    assert view.seat == 1 and not view.trick.cards
    found = {C.format_card(c): f for c, f in D.faults(view).items()}
    assert found == {"KH": D.HEAD_INTO_VOID, "QH": D.HEAD_INTO_VOID,
                     "NH": D.HEAD_INTO_VOID}


def test_no_king_or_queen_led_from_a_long_suit_on_its_first_round() -> None:
    hand = "KD QD 9D 8D 7D T5 T4 9S 8S 7S 6H 5H 4H 7C 6C 5C 4C 3C"
    assert faults({1: hand}, "") == {"KD": D.HEAD_FROM_LONG_SUIT, "QD": D.HEAD_FROM_LONG_SUIT}
    short = "KD QD 9D 8D T5 T4 9S 8S 7S 6H 5H 4H 2H 7C 6C 5C 4C 3C"
    assert faults({1: short}, "") == {}


def test_the_petit_is_kept_under_the_takers_trump() -> None:
    hand = "T1 T3 T4 KH 9H 8H 7H 6D 5D 4D 3D 2D 7C 6C 5C 4C 3C 2C"
    # seat 1 leads a trump, seat 2 follows, the taker tops it with T15: seat 0 plays last
    assert faults({0: hand}, "T6 T7 T15") == {"T1": D.PETIT_UNDER_TAKER}


def test_the_petit_may_go_where_a_partner_behind_may_still_win() -> None:
    hand = "T1 T3 T4 KH 9H 8H 7H 6D 5D 4D 3D 2D 7C 6C 5C 4C 3C 2C"
    # the taker (seat 2 this time) tops the trick with T15 and seat 0 is still to play
    assert faults({3: hand}, "T6 T15", taker=2) == {}


def test_the_takers_camp_plays_by_its_search_alone() -> None:
    hand = "KS JS 6S T5 T4 KH 9H 8H 7H 6D 5D 4D 3D 2D 7C 6C 5C 4C"
    # seat 2 is the taker here: nothing is a fault of the defence's technique
    assert faults({2: hand}, SPADES_FIRST, taker=2) == {}


def test_the_expert_leaves_the_faults_out_of_its_search() -> None:
    hand = "KS JS 6S T5 T4 KH 9H 8H 7H 6D 5D 4D 3D 2D 7C 6C 5C 4C"
    view = view_of({2: hand}, SPADES_FIRST)
    for seed in range(3):
        card = ExpertBot(seed, budget_samples=16).play(view).card
        assert C.format_card(card) == "6S"


def test_five_players_no_head_given_while_the_hidden_partner_may_play() -> None:
    hand = "KH QH 9H 8H 7H 6H 5D 4D 3D 2D 7C 6C 5C 4C 3C"
    # seat 1 leads a spade; seat 2 has neither spades nor trumps; seat 3, the called king's
    # holder, the taker (seat 4) and seat 0 play after it
    partner = "KC QC NC JC 10C T2 T3 T4 T5 T6 2H 3H 4H 5H 6S"
    found = faults({2: hand, 3: partner}, "5S", taker=4, players=5, called="KC", partner=3)
    assert found == {"KH": D.HEAD_GIVEN, "QH": D.HEAD_GIVEN}


def test_a_head_given_is_the_searchs_with_four_players() -> None:
    hand = "KH QH 9H 8H 7H 6H 5D 4D 3D 2D 7C 6C 5C 4C 3C 2C 9C 8C"
    assert faults({2: hand}, "5S") == {}


def test_the_partners_call_for_trumps_is_answered() -> None:
    hand = "T13 T14 T15 KS 9S 8S 7S 6D 5D 4D 3D 2D 7C 6C 5C 4C 3C"
    # seat 1 leads the odd T9, the call; seat 0 wins the trick and is on lead
    found = faults({0: hand}, "T9 T10 T11 T16", taker=2)
    plain = hand.split()[3:]
    assert found == dict.fromkeys(plain, D.CALL_IGNORED)
    # with the Petit in the seat's own hand there is nothing to hunt: a plain card is free
    assert faults({0: hand.replace("T13", "T1")}, "T9 T10 T11 T16", taker=2) == {}


def test_five_players_no_head_given_to_the_takers_trick() -> None:
    hand = "KH JH 9H 8H 7H 6H 5D 4D 3D 2D 7C 6C 5C 4C 3C"
    partner = "KC QC NC JC 10C T2 T3 T4 T5 T6 2H 3H 4H 5H 6S"
    # the taker, seat 1, leads a spade; seat 2 can neither follow nor trump
    found = faults({2: hand, 3: partner}, "5S", taker=1, players=5, called="KC", partner=3)
    assert found == {"KH": D.HEAD_GIVEN, "JH": D.HEAD_GIVEN}
