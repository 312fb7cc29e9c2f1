"""Cards, card points and the RULES.md §1 notation."""

import pytest

from engine import cards as C


def test_deck_has_78_cards_and_91_points():
    assert C.FULL_DECK.bit_count() == 78
    assert sum(C.HALF_POINTS) == 182


@pytest.mark.parametrize(
    ("token", "half_points"),
    [("KH", 9), ("QS", 7), ("ND", 5), ("JC", 3), ("10D", 1), ("1S", 1),
     ("T21", 9), ("T1", 9), ("EX", 9), ("T20", 1), ("T2", 1)],
)
def test_card_points(token, half_points):
    assert C.card_points(C.parse_card(token)) == half_points


def test_every_card_round_trips_through_its_token():
    for card in range(78):
        token = C.format_card(card)
        assert C.parse_card(token) == card
        assert C.parse_card(token.lower()) == card


def test_notation_examples():
    assert C.parse_card("KH") == C.make_card(C.HEARTS, C.KING)
    assert C.parse_card("nc") == C.make_card(C.CLUBS, C.KNIGHT)
    assert C.parse_card("10D") == C.make_card(C.DIAMONDS, 10)
    assert C.parse_card("t21") == C.TWENTY_ONE
    assert C.parse_card(" ex ") == C.EXCUSE
    assert C.format_cards(C.parse_cards(["1s", "JH", "QD", "T7"])) == ["1S", "JH", "QD", "T7"]


@pytest.mark.parametrize("token", ["", "11H", "KX", "T0", "T22", "E", "Joker", "0S", None, 5, True])
def test_bad_tokens_name_the_token(token):
    with pytest.raises(C.CardError) as err:
        C.parse_card(token)
    assert repr(str(token)) in str(err.value) or repr(token) in str(err.value)


def test_suits_ranks_and_masks():
    assert C.suit_of(C.parse_card("KS")) == C.SPADES
    assert C.suit_of(C.parse_card("T5")) == C.TRUMP
    assert C.suit_of(C.EXCUSE) == C.EXCUSE_SUIT
    assert C.rank_of(C.parse_card("T14")) == 14
    assert C.rank_of(C.parse_card("JD")) == C.JACK
    assert C.cards_of(C.OUDLER_MASK) == C.parse_cards(["T1", "T21", "EX"])
    assert C.KING_MASK.bit_count() == 4
    assert C.HEAD_MASK.bit_count() == 16
    assert C.TRUMPS_ABOVE[14] == C.mask_of(C.parse_cards([f"T{n}" for n in range(15, 22)]))
    assert C.TRUMPS_ABOVE[0] == C.TRUMP_MASK
    assert C.TRUMPS_ABOVE[21] == 0
    for suit in range(4):
        assert C.SUIT_MASKS[suit].bit_count() == 14


def test_hand_sort_puts_trumps_first_and_alternates_colours():
    hand = C.parse_cards(["3H", "KS", "T2", "EX", "T21", "5D", "QC"])
    assert C.format_cards(C.sort_for_hand(hand)) == ["T21", "T2", "EX", "KS", "3H", "QC", "5D"]


def test_card_names():
    assert C.card_name(C.parse_card("KH")) == "king of hearts"
    assert C.card_name(C.PETIT) == "the Petit"
    assert C.card_name(C.parse_card("T14")) == "trump 14"
    assert C.card_name(C.EXCUSE) == "the Excuse"
