"""Scenario tests, phase by phase: the exact legal choices after every step (RULES.md §2–§8).

Each scenario deals chosen hands with :meth:`Deal.from_dealt`; the seats a scenario does not
care about are filled with the remaining cards, round-robin in card order, so every deal is
fixed and the expected legal sets can be written out in full.
"""

from __future__ import annotations

import pytest

from engine import cards as C
from engine.actions import parse_action
from engine.cards import format_card, format_cards, parse_cards
from engine.choices import (
    can_change_discard,
    discard_options,
    handful_options,
    legal_actions,
    misere_options,
)
from engine.deal import Deal
from engine.events import (
    BidMade,
    DealCancelled,
    DealDealt,
    Discarded,
    DogRevealed,
    HandfulShown,
    KingCalled,
    MisereAnnounced,
    PartnerRevealed,
    SlamAnnounced,
    SlamDeclined,
)
from engine.legal import IllegalAction
from engine.rules import load_rules
from engine.state import Phase

FFT = load_rules()

ALL_BIDS = ["bid pass", "bid petite", "bid garde", "bid garde_sans", "bid garde_contre"]


# --- helpers -------------------------------------------------------------------------------------


def levels(state, seat):
    """The handfuls ``seat`` may show now, as (level, size)."""
    return [(o.level, o.size) for o in handful_options(state, seat)]


def cards(text: str) -> list[int]:
    return parse_cards(text.split())


def tokens(text: str) -> set[str]:
    """A set of card tokens, normalised through the parser (``"kh 10d"`` → ``{"KH", "10D"}``)."""
    return set(format_cards(cards(text)))


def make_deal(
    players: int,
    hands: dict[int, str],
    dog: str | None = None,
    dealer: int | None = None,
    rules=FFT,
) -> Deal:
    """A deal with the given hands (and dog); the others get the remaining cards round-robin.

    The dealer defaults to the last seat, so that seat 0 speaks and leads first.
    """
    setup = rules.setup(players)
    dealer = players - 1 if dealer is None else dealer
    fixed = {seat: cards(text) for seat, text in hands.items()}
    seats = {seat: list(fixed.get(seat, [])) for seat in range(players)}
    dog_cards = cards(dog) if dog is not None else []
    used = [c for hand in fixed.values() for c in hand] + dog_cards
    assert len(used) == len(set(used)), "a card is given twice"
    rest = [c for c in range(C.DECK_SIZE) if c not in set(used)]
    slots = [(seats[s], setup.hand) for s in range(players) if s not in fixed]
    if dog is None:
        slots.append((dog_cards, setup.dog))
    assert sum(size - len(held) for held, size in slots) == len(rest), "wrong card counts"
    i = 0
    for card in rest:
        while len(slots[i % len(slots)][0]) >= slots[i % len(slots)][1]:
            i += 1
        slots[i % len(slots)][0].append(card)
        i += 1
    dealt = DealDealt(
        players, dealer, tuple(tuple(seats[s]) for s in range(players)), tuple(dog_cards)
    )
    return Deal.from_dealt(rules, dealt)


def act(deal: Deal, seat: int, text: str) -> tuple:
    return deal.execute(seat, parse_action(text))


def legal(deal: Deal) -> list[str]:
    return [str(a) for a in legal_actions(deal.state)]


def playable(deal: Deal) -> set[str]:
    actions = legal_actions(deal.state)
    assert all(str(a).startswith("play ") for a in actions)
    return {format_card(a.card) for a in actions}


def hand(deal: Deal, seat: int) -> set[str]:
    return set(format_cards(C.cards_of(deal.state.hands[seat])))


def refused(deal: Deal, seat: int, text: str, message: str) -> None:
    """``text`` by ``seat`` is refused with exactly ``message`` and changes nothing."""
    before = list(deal.events)
    with pytest.raises(IllegalAction) as info:
        act(deal, seat, text)
    assert str(info.value) == message
    assert deal.events == before


def bid_round(deal: Deal, bids: dict[int, str]) -> tuple:
    """Every seat speaks once, in turn; seats not in ``bids`` pass. Returns the last events."""
    events: tuple = ()
    for _ in range(deal.players):
        seat = deal.state.turn
        events = act(deal, seat, f"bid {bids.get(seat, 'pass')}")
    return events


def to_play(
    deal: Deal,
    taker: int,
    contract: str = "garde_sans",
    call: str | None = None,
    discard: str | None = None,
    slam: bool = False,
) -> None:
    """Bid, call, discard and decide the slam: the deal is then at its first card."""
    bid_round(deal, {taker: contract})
    if call is not None:
        act(deal, taker, f"call {call}")
    if discard is not None:
        act(deal, taker, f"discard {discard}")
    act(deal, taker, "announce slam" if slam else "no slam")
    assert deal.state.phase is Phase.PLAYING


def play_first_legal(deal: Deal) -> None:
    """The seat to play plays its lowest legal card."""
    act(deal, deal.state.turn, legal(deal)[0])


# --- bidding (§3) --------------------------------------------------------------------------------


def test_bidding_each_seat_once_strictly_higher():
    deal = make_deal(4, {}, dealer=3)
    assert deal.state.phase is Phase.BIDDING
    assert deal.state.turn == 0
    assert legal(deal) == ALL_BIDS

    assert act(deal, 0, "bid petite") == (BidMade(0, "petite"),)
    assert deal.state.turn == 1
    assert legal(deal) == ["bid pass", "bid garde", "bid garde_sans", "bid garde_contre"]
    refused(deal, 1, "bid petite", "seat 1 bid petite, not higher than petite")
    refused(deal, 2, "bid garde", "it is seat 1's turn, not seat 2's")

    act(deal, 1, "bid garde_sans")
    assert deal.state.turn == 2
    assert legal(deal) == ["bid pass", "bid garde_contre"]
    refused(deal, 2, "bid garde", "seat 2 bid garde, not higher than garde_sans")
    refused(deal, 2, "bid garde_sans", "seat 2 bid garde_sans, not higher than garde_sans")
    act(deal, 2, "bid pass")
    assert legal(deal) == ["bid pass", "bid garde_contre"]
    events = act(deal, 3, "bid pass")

    # Garde sans: no dog shown, straight to the slam decision of the taker.
    assert events == (BidMade(3, None),)
    state = deal.state
    assert state.taker == 1 and state.contract.name == "garde_sans"
    assert state.phase is Phase.SLAM and state.turn == 1
    assert legal(deal) == ["no slam", "announce slam"]
    # Nobody speaks twice.
    refused(deal, 1, "bid garde_contre", "seat 1 may not bid now (slam)")
    refused(deal, 0, "bid garde_contre", "it is seat 1's turn, not seat 0's")


def test_bidding_highest_last_bid_wins():
    deal = make_deal(3, {}, dealer=0)
    assert deal.state.turn == 1
    act(deal, 1, "bid garde")
    act(deal, 2, "bid pass")
    assert legal(deal) == ["bid pass", "bid garde_sans", "bid garde_contre"]
    act(deal, 0, "bid garde_contre")
    assert deal.state.taker == 0 and deal.state.contract.name == "garde_contre"
    assert deal.state.phase is Phase.SLAM


@pytest.mark.parametrize(("players", "dealer", "order"), [
    (3, 0, [1, 2, 0]),
    (3, 2, [0, 1, 2]),
    (4, 1, [2, 3, 0, 1]),
    (5, 3, [4, 0, 1, 2, 3]),
])
def test_dealer_plus_one_speaks_first_and_all_pass_cancels(players, dealer, order):
    deal = make_deal(players, {}, dealer=dealer)
    spoken = []
    events: tuple = ()
    for _ in range(players):
        assert legal(deal) == ALL_BIDS
        seat = deal.state.turn
        spoken.append(seat)
        events = act(deal, seat, "bid pass")
    assert spoken == order
    assert events == (BidMade(order[-1], None), DealCancelled("all_passed"))
    assert deal.state.phase is Phase.CANCELLED
    assert deal.is_over and legal(deal) == []
    assert deal.scores == (0,) * players
    refused(deal, order[0], "bid garde", "the deal is cancelled; no more actions")


# --- petit sec (§2) ------------------------------------------------------------------------------


PETIT_SEC_HAND = "T1 KS QS NS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S 1S KH QH NH"


def test_petit_sec_cancels_the_deal():
    deal = make_deal(4, {2: PETIT_SEC_HAND}, dealer=0)
    assert [type(e) for e in deal.events] == [DealDealt, DealCancelled]
    assert deal.events[-1] == DealCancelled("petit_sec", 2)
    assert deal.state.phase is Phase.CANCELLED
    assert legal(deal) == []
    assert deal.scores == (0, 0, 0, 0)
    refused(deal, 1, "bid petite", "the deal is cancelled; no more actions")


def test_petit_with_the_excuse_is_not_sec():
    deal = make_deal(4, {2: PETIT_SEC_HAND.replace("NH", "EX")}, dealer=0)
    assert [type(e) for e in deal.events] == [DealDealt]
    assert deal.state.phase is Phase.BIDDING
    assert legal(deal) == ALL_BIDS


def test_petit_sec_play_option_goes_on():
    rules = FFT.with_overrides({"petit_sec": "play"})
    deal = make_deal(4, {2: PETIT_SEC_HAND}, dealer=0, rules=rules)
    assert [type(e) for e in deal.events] == [DealDealt]
    assert deal.state.phase is Phase.BIDDING and deal.state.turn == 1
    assert legal(deal) == ALL_BIDS


# --- five players: the call (§4) -----------------------------------------------------------------


KINGS = ["call KS", "call KH", "call KD", "call KC"]
QUEENS = ["call QS", "call QH", "call QD", "call QC"]
KNIGHTS = ["call NS", "call NH", "call ND", "call NC"]
JACKS = ["call JS", "call JH", "call JD", "call JC"]

# Seat 0 (the taker, first to lead) holds two kings; seat 3 holds KH and neither spades nor trumps.
CALL_HANDS = {
    0: "KS KD QS QH 1S 2S 3S T15 T16 T17 T18 T19 T20 T21 EX",
    3: "KH 1H 2H 3H 4H 5H 1D 2D 3D 4D 5D 1C 2C 3C 4C",
}


def test_five_players_call_a_king_partner_hidden_until_played():
    deal = make_deal(5, CALL_HANDS, dog="6H 6D 6C")
    events = bid_round(deal, {0: "garde"})
    assert events == (BidMade(4, None),)  # the dog waits for the call
    assert deal.state.phase is Phase.CALLING and deal.state.turn == 0
    assert legal(deal) == KINGS
    refused(deal, 0, "call QH", "seat 0 may not call QH (may call KS KH KD KC)")
    refused(deal, 1, "call KH", "it is seat 0's turn, not seat 1's")

    events = act(deal, 0, "call KH")
    assert events == (KingCalled(0, C.parse_card("KH")), DogRevealed(tuple(cards("6H 6D 6C"))))
    assert deal.state.partner == 3
    assert not deal.state.partner_revealed
    act(deal, 0, "discard 6H 6D 6C")
    act(deal, 0, "no slam")

    # First trick: seat 0 may not lead hearts (QH), the called suit.
    assert playable(deal) == hand(deal, 0) - {"QH"}
    assert playable(deal) == tokens("KS KD QS 1S 2S 3S T15 T16 T17 T18 T19 T20 T21 EX")
    refused(deal, 0, "play QH",
            "seat 0 may not lead hearts to the first trick, but for the called card KH; got QH")
    act(deal, 0, "play 1S")
    play_first_legal(deal)
    play_first_legal(deal)
    assert not any(isinstance(e, PartnerRevealed) for e in deal.events)
    assert not deal.state.partner_revealed
    # Seat 3 has neither spades nor trumps: any card.
    assert deal.state.turn == 3
    assert playable(deal) == hand(deal, 3)
    events = act(deal, 3, "play KH")
    assert PartnerRevealed(3) in events
    assert deal.state.partner_revealed
    assert sum(isinstance(e, PartnerRevealed) for e in deal.events) == 1


def test_five_players_all_kings_allow_queens_and_own_card_means_alone():
    deal = make_deal(5, {0: "KS KH KD KC QS 1S 2S 3S T15 T16 T17 T18 T19 T20 T21"}, dog="6H 6D 6C")
    bid_round(deal, {0: "garde_sans"})
    assert legal(deal) == KINGS + QUEENS
    refused(deal, 0, "call NH", "seat 0 may not call NH (may call KS KH KD KC QS QH QD QC)")

    act(deal, 0, "call KH")  # the taker's own king: playing alone
    assert deal.state.partner is None
    act(deal, 0, "no slam")
    # The first-lead restriction holds for the taker too: KH yes, other hearts no (none held).
    assert playable(deal) == hand(deal, 0)
    events = act(deal, 0, "play KH")
    assert PartnerRevealed(0) in events
    assert deal.state.partner is None


def test_five_players_called_queen_makes_its_holder_partner():
    deal = make_deal(5, {0: "KS KH KD KC QS 1S 2S 3S T15 T16 T17 T18 T19 T20 T21"}, dog="6H 6D 6C")
    bid_round(deal, {0: "garde_sans"})
    act(deal, 0, "call QD")
    holder = next(s for s in range(5) if C.parse_card("QD") in C.cards_of(deal.state.hands[s]))
    assert holder != 0
    assert deal.state.partner == holder


def test_five_players_all_kings_and_queens_allow_knights():
    taker = "KS KH KD KC QS QH QD QC 1S 2S 3S T18 T19 T20 T21"
    deal = make_deal(5, {0: taker}, dog="6H 6D 6C")
    bid_round(deal, {0: "garde"})
    assert legal(deal) == KINGS + QUEENS + KNIGHTS
    taker = "KS KH KD KC QS QH QD QC NS NH ND NC 1S T20 T21"
    deal = make_deal(5, {0: taker}, dog="6H 6D 6C")
    bid_round(deal, {0: "garde"})
    assert legal(deal) == KINGS + QUEENS + KNIGHTS + JACKS


def test_five_players_called_card_in_the_dog_means_alone():
    deal = make_deal(5, {0: "KS KD 1S 2S 3S 4S 5S T15 T16 T17 T18 T19 T20 T21 EX"},
                     dog="KC 6H 6D")
    bid_round(deal, {0: "garde"})
    events = act(deal, 0, "call KC")
    assert events == (KingCalled(0, C.parse_card("KC")), DogRevealed(tuple(cards("6H 6D KC"))))
    assert deal.state.partner is None
    assert "KC" in hand(deal, 0)  # the dog went to the taker


def test_call_any_card_variant():
    rules = load_rules(variant="call_any_card")
    deal = make_deal(5, CALL_HANDS, dog="6H 6D 6C", rules=rules)
    bid_round(deal, {0: "garde"})
    assert legal(deal) == [f"call {format_card(c)}" for c in range(C.DECK_SIZE)]
    act(deal, 0, "call 5D")  # any card, here one of seat 3's
    assert deal.state.partner == 3
    assert deal.state.called == C.parse_card("5D")


def test_five_players_first_lead_restriction():
    leader = "KH 3H EX 1S 2S 3S 4S 5S 6S 7S 8S 9S T2 T3 T4"
    taker = "2H 4H 5H 2D 3D 4D 5D 6D 7D 8D 9D 10D T5 T6 T7"

    def started(call: str) -> Deal:
        deal = make_deal(5, {0: leader, 1: taker})
        to_play(deal, 1, "garde_sans", call=call)
        assert deal.state.turn == 0
        return deal

    # The called card is the leader's own KH: it may be led, 3H may not.
    deal = started("KH")
    assert playable(deal) == tokens("KH EX 1S 2S 3S 4S 5S 6S 7S 8S 9S T2 T3 T4")
    refused(deal, 0, "play 3H",
            "seat 0 may not lead hearts to the first trick, but for the called card KH; got 3H")
    events = act(deal, 0, "play KH")
    assert PartnerRevealed(0) in events
    assert playable(deal) == tokens("2H 4H 5H")  # then the normal rules
    act(deal, 1, "play 2H")
    while deal.state.trick:
        play_first_legal(deal)
    # Only the first card is restricted: the second trick's leader may lead anything.
    winner = deal.state.turn
    assert playable(deal) == hand(deal, winner)

    # Called KS, which seat 0 does not hold: no spade may be led.
    deal = started("KS")
    assert playable(deal) == tokens("KH 3H EX T2 T3 T4")
    refused(deal, 0, "play 9S",
            "seat 0 may not lead spades to the first trick, but for the called card KS; got 9S")

    # The Excuse led first lifts the restriction for the second card.
    deal = started("KH")
    act(deal, 0, "play EX")
    assert playable(deal) == hand(deal, 1)
    act(deal, 1, "play 4H")
    assert deal.state.called == C.parse_card("KH")


# --- the dog and the discard (§5) ----------------------------------------------------------------

# Seat 1 takes (dealer 3: seat 0 speaks and leads first).
DISCARD_HAND = "KS KH QH 1H 2H 3H 4H 5H T2 T3 T4 T5 T21 EX 1S 2S 3S 4S"
DISCARD_DOG = "KD 6H T6 T1 5S 6S"


@pytest.mark.parametrize("contract", ["petite", "garde"])
def test_dog_shown_and_taken_for_petite_and_garde(contract):
    deal = make_deal(4, {1: DISCARD_HAND}, dog=DISCARD_DOG)
    events = bid_round(deal, {1: contract})
    dog = tuple(sorted(cards(DISCARD_DOG)))
    assert events == (BidMade(3, None), DogRevealed(dog))
    assert deal.state.phase is Phase.DISCARDING and deal.state.turn == 1
    assert legal(deal) == []  # a discard is a set of cards: see discard_options
    assert hand(deal, 1) == tokens(DISCARD_HAND + " " + DISCARD_DOG)


@pytest.mark.parametrize("contract", ["garde_sans", "garde_contre"])
def test_dog_not_shown_for_garde_sans_and_contre(contract):
    deal = make_deal(4, {1: DISCARD_HAND}, dog=DISCARD_DOG)
    events = bid_round(deal, {1: contract})
    assert events == (BidMade(3, None),)
    assert not any(isinstance(e, DogRevealed) for e in deal.events)
    assert deal.state.phase is Phase.SLAM and deal.state.turn == 1
    assert legal(deal) == ["no slam", "announce slam"]
    assert hand(deal, 1) == tokens(DISCARD_HAND)
    refused(deal, 1, "discard 1H 2H 3H 4H 5H 1S", "seat 1 may not discard now")


def test_discard_rules_and_changing_the_discard():
    deal = make_deal(4, {1: DISCARD_HAND}, dog=DISCARD_DOG)
    bid_round(deal, {1: "garde"})
    state = deal.state
    options = discard_options(state)
    assert options.size == 6
    assert options.trumps_needed == 0
    assert set(format_cards(C.cards_of(options.allowed))) == tokens(
        "QH 1H 2H 3H 4H 5H 6H 1S 2S 3S 4S 5S 6S")
    assert options.plain == options.allowed
    assert can_change_discard(state, 1) and not can_change_discard(state, 0)

    refused(deal, 1, "discard KD 1H 2H 3H 4H 5H", "kings may not be discarded (KD)")
    refused(deal, 1, "discard T1 1H 2H 3H 4H 5H", "oudlers may not be discarded (T1)")
    refused(deal, 1, "discard EX 1H 2H 3H 4H 5H", "oudlers may not be discarded (EX)")
    refused(deal, 1, "discard T6 1H 2H 3H 4H 5H",
            "trumps may be discarded only when too few other cards can be (T6)")
    refused(deal, 1, "discard 1H 2H 3H 4H 5H", "5 cards, 6 expected")
    refused(deal, 1, "discard 1H 2H 3H 4H 5H 9C", "9C is not in the taker's hand")
    refused(deal, 1, "discard 1H 1H 3H 4H 5H 6H", "1H appears twice")
    refused(deal, 0, "discard 1H 2H 3H 4H 5H 6H", "seat 0 may not discard now")

    events = act(deal, 1, "discard 6H 5H 4H 3H 2H 1H")
    assert events == (Discarded(1, tuple(cards("1H 2H 3H 4H 5H 6H")), ()),)
    assert deal.state.phase is Phase.SLAM
    assert legal(deal) == ["no slam", "announce slam"]
    assert hand(deal, 1) == tokens("KS KH QH T2 T3 T4 T5 T21 EX 1S 2S 3S 4S KD T6 T1 5S 6S")

    # Changed before the slam decision...
    act(deal, 1, "discard 1S 2S 3S 4S 5S 6S")
    assert hand(deal, 1) == tokens("KS KH QH T2 T3 T4 T5 T21 EX 1H 2H 3H 4H 5H 6H KD T6 T1")
    assert set(format_cards(C.cards_of(deal.state.discard))) == tokens("1S 2S 3S 4S 5S 6S")
    assert deal.state.phase is Phase.SLAM
    events = act(deal, 1, "no slam")
    assert events == (SlamDeclined(1),)

    # ... and after it, while seat 0 is to lead, before the taker's first card.
    assert deal.state.turn == 0
    assert can_change_discard(deal.state, 1)
    events = act(deal, 1, "discard QH 1H 2H 1S 2S 3S")
    assert events == (Discarded(1, tuple(sorted(cards("1H 2H QH 1S 2S 3S"))), ()),)
    assert deal.state.phase is Phase.PLAYING and deal.state.turn == 0
    assert hand(deal, 1) == tokens("KS KH 3H 4H 5H 6H T2 T3 T4 T5 T21 EX 4S 5S 6S KD T6 T1")

    play_first_legal(deal)
    assert can_change_discard(deal.state, 1)
    act(deal, 1, legal(deal)[0])
    assert not can_change_discard(deal.state, 1)
    refused(deal, 1, "discard 3H 4H 5H 6H 4S 5S", "seat 1 may not discard now")


def test_discard_trumps_only_when_forced_and_shown():
    taker = "KS KH KD KC T21 T1 EX T2 T3 T4 T5 T6 T7 T8 T9 T10 1S 2S"
    deal = make_deal(4, {1: taker}, dog="3S 4S T11 T12 T13 T14")
    bid_round(deal, {1: "petite"})
    options = discard_options(deal.state)
    assert (options.size, options.trumps_needed) == (6, 2)
    assert set(format_cards(C.cards_of(options.plain))) == tokens("1S 2S 3S 4S")
    assert set(format_cards(C.cards_of(options.allowed))) == tokens(
        "1S 2S 3S 4S T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14")

    refused(deal, 1, "discard 1S 2S 3S 4S T2 T21", "oudlers may not be discarded (T21)")
    refused(deal, 1, "discard 1S 2S 3S 4S T2 KC", "kings may not be discarded (KC)")
    refused(deal, 1, "discard 1S 2S 3S T2 T3 T4",
            "trumps in the discard: at most 2, got 3 (T4, T3, T2)")
    events = act(deal, 1, "discard T14 1S 2S 3S 4S T2")
    shown = tuple(cards("T2 T14"))
    assert events == (Discarded(1, tuple(cards("1S 2S 3S 4S T2 T14")), shown),)
    assert deal.state.discard_shown == C.mask_of(shown)


# --- slam announcement (§6) ----------------------------------------------------------------------


def test_announced_slam_makes_the_taker_lead():
    deal = make_deal(4, {1: DISCARD_HAND}, dog=DISCARD_DOG)
    bid_round(deal, {1: "garde"})
    act(deal, 1, "discard 1H 2H 3H 4H 5H 6H")
    assert legal(deal) == ["no slam", "announce slam"]
    refused(deal, 0, "announce slam", "it is seat 1's turn, not seat 0's")
    events = act(deal, 1, "announce slam")
    assert events == (SlamAnnounced(1),)
    state = deal.state
    assert state.slam_announced
    assert state.phase is Phase.PLAYING and state.turn == 1 and state.leader == 1
    assert playable(deal) == hand(deal, 1)
    refused(deal, 1, "announce slam", "a slam may not be announced now (playing)")


def test_declined_slam_keeps_the_usual_leader():
    deal = make_deal(4, {1: DISCARD_HAND}, dog=DISCARD_DOG)
    bid_round(deal, {1: "garde_sans"})  # garde sans: the slam decision follows the bidding
    act(deal, 1, "no slam")
    assert deal.state.turn == 0 and not deal.state.slam_announced
    assert playable(deal) == hand(deal, 0)


# --- handfuls (§7) -------------------------------------------------------------------------------


def trumps_hand(players: int, count: int, excuse: bool = False) -> str:
    """Trumps 1..count (and the Excuse), then spades and hearts up to a full hand."""
    size = FFT.setup(players).hand
    held = [f"T{n}" for n in range(1, count + 1)] + (["EX"] if excuse else [])
    plain = [f"{r}{s}" for s in "SH" for r in ("1", "2", "3", "4", "5", "6", "7", "8", "9",
                                               "10", "J", "N", "Q", "K")]
    return " ".join(held + plain[: size - len(held)])


def at_first_card(players: int, held: str) -> Deal:
    """Seat 0 holds ``held``, takes a garde contre and is to play its first card."""
    deal = make_deal(players, {0: held})
    to_play(deal, 0, "garde_contre", call="KD" if players == 5 else None)
    assert deal.state.turn == 0
    return deal


@pytest.mark.parametrize(("players", "count", "expected"), [
    (3, 12, []),
    (3, 13, [("simple", 13)]),
    (3, 14, [("simple", 13)]),
    (3, 15, [("simple", 13), ("double", 15)]),
    (3, 17, [("simple", 13), ("double", 15)]),
    (3, 18, [("simple", 13), ("double", 15), ("triple", 18)]),
    (4, 9, []),
    (4, 10, [("simple", 10)]),
    (4, 12, [("simple", 10)]),
    (4, 13, [("simple", 10), ("double", 13)]),
    (4, 14, [("simple", 10), ("double", 13)]),
    (4, 15, [("simple", 10), ("double", 13), ("triple", 15)]),
    (5, 7, []),
    (5, 8, [("simple", 8)]),
    (5, 9, [("simple", 8)]),
    (5, 10, [("simple", 8), ("double", 10)]),
    (5, 12, [("simple", 8), ("double", 10)]),
    (5, 13, [("simple", 8), ("double", 10), ("triple", 13)]),
])
def test_handful_thresholds_per_player_count(players, count, expected):
    deal = at_first_card(players, trumps_hand(players, count))
    assert levels(deal.state, 0) == expected
    # The Excuse counts as one more trump toward the thresholds.
    with_excuse = at_first_card(players, trumps_hand(players, count - 1, excuse=True))
    assert levels(with_excuse.state, 0) == expected


def test_handful_shown_then_play():
    deal = at_first_card(4, trumps_hand(4, 12))
    refused(deal, 0, "handful T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11",
            "a handful is 10, 13, 15 trumps, got 11")
    refused(deal, 0, "handful T1 T2 T3 T4 T5 T6 T7 T8 T9 1S",
            "a handful is made of trumps, got 1S")
    refused(deal, 0, "handful T1 T2 T3 T4 T5 T6 T7 T8 T9 T13",
            "seat 0 does not hold T13")
    refused(deal, 0, "handful T1 T2 T3 T4 T5 T6 T7 T8 T9 T9", "T9 appears twice")
    # Nobody has to show the highest trumps: the ten lowest of twelve will do.
    events = act(deal, 0, "handful T1 T2 T3 T4 T5 T6 T7 T8 T9 T10")
    assert events == (HandfulShown(0, tuple(reversed(cards("T1 T2 T3 T4 T5 T6 T7 T8 T9 T10")))),)
    assert levels(deal.state, 0) == []
    refused(deal, 0, "handful T3 T4 T5 T6 T7 T8 T9 T10 T11 T12",
            "seat 0 has already shown a handful")
    assert deal.state.turn == 0  # showing is not playing
    act(deal, 0, "play 1S")
    assert deal.state.handfuls == {0: tuple(reversed(cards("T1 T2 T3 T4 T5 T6 T7 T8 T9 T10")))}


def test_excuse_in_a_handful_only_when_every_trump_is_shown():
    deal = at_first_card(4, trumps_hand(4, 9, excuse=True))
    events = act(deal, 0, "handful EX T1 T2 T3 T4 T5 T6 T7 T8 T9")
    assert events == (HandfulShown(0, tuple(reversed(cards("T1 T2 T3 T4 T5 T6 T7 T8 T9 EX")))),)

    deal = at_first_card(4, trumps_hand(4, 10, excuse=True))
    assert levels(deal.state, 0) == [("simple", 10)]
    refused(deal, 0, "handful EX T1 T2 T3 T4 T5 T6 T7 T8 T9",
            "the Excuse may stand for a trump only when every trump is shown (hides T10)")
    act(deal, 0, "handful T1 T2 T3 T4 T5 T6 T7 T8 T9 T10")

    deal = at_first_card(4, trumps_hand(4, 12, excuse=True))
    assert levels(deal.state, 0) == [("simple", 10), ("double", 13)]
    act(deal, 0, "handful EX T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12")
    assert len(deal.state.handfuls[0]) == 13


def test_handful_only_at_the_first_card():
    # Seats 0 and 1 both hold a handful; seat 0 leads.
    deal = make_deal(4, {
        0: trumps_hand(4, 10),
        1: "T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 1D 2D 3D 4D 5D 6D 7D 8D",
    })
    to_play(deal, 0, "garde_contre")
    assert levels(deal.state, 1) == []  # not its turn yet
    refused(deal, 1, "handful T11 T12 T13 T14 T15 T16 T17 T18 T19 T20",
            "seat 1 may show a handful only as it plays its first card")
    act(deal, 0, "play 1S")
    assert levels(deal.state, 0) == []  # too late for seat 0
    refused(deal, 0, "handful T1 T2 T3 T4 T5 T6 T7 T8 T9 T10",
            "seat 0 may show a handful only as it plays its first card")
    assert levels(deal.state, 1) == [("simple", 10)]
    act(deal, 1, "play T11")  # it did not show: the chance is gone
    while deal.state.turn != 1:
        play_first_legal(deal)
    assert levels(deal.state, 1) == []
    refused(deal, 1, "handful T12 T13 T14 T15 T16 T17 T18 T19 T20 1D",
            "seat 1 may show a handful only as it plays its first card")


# --- misères (§12) -------------------------------------------------------------------------------

MISERE_HANDS = {
    # no trump (the Excuse does not count), heads
    0: "EX KS QS NS JS KH QH NH JH KD QD ND JD KC QC NC JC 9D",
    # trumps, no head, no oudler
    1: "1S 2S 3S 4S 5S 6S 7S 8S 9S 10S T2 T3 T4 T5 T6 T7 T8 T9",
    # neither
    2: "1H 2H 3H 4H 5H 6H 7H 8H 9H 10H 1D 2D 3D 4D 5D 6D 7D 8D",
}


def test_miseres_with_the_variant():
    deal = make_deal(4, MISERE_HANDS, rules=load_rules(variant="miseres"))
    to_play(deal, 3, "garde_sans")
    state = deal.state
    assert state.turn == 0
    assert misere_options(state, 0) == ["trump"]
    assert misere_options(state, 1) == []  # not its turn
    refused(deal, 0, "misere heads", "seat 0 may not announce misère of heads now")
    refused(deal, 1, "misere heads", "seat 1 may not announce misère of heads now")
    refused(deal, 0, "misere ace", "unknown misère 'ace' (trump or heads)")
    assert act(deal, 0, "misere trump") == (MisereAnnounced(0, "trump"),)
    assert misere_options(deal.state, 0) == []
    act(deal, 0, "play KS")
    assert misere_options(deal.state, 0) == []
    assert misere_options(deal.state, 1) == ["heads"]
    act(deal, 1, "misere heads")
    act(deal, 1, "play 1S")
    assert misere_options(deal.state, 2) == ["trump", "heads"]
    act(deal, 2, "misere trump")
    act(deal, 2, "misere heads")
    assert deal.state.miseres == {0: ("trump",), 1: ("heads",), 2: ("trump", "heads")}


def test_miseres_off_by_default():
    deal = make_deal(4, MISERE_HANDS)
    to_play(deal, 3, "garde_sans")
    assert misere_options(deal.state, 0) == []
    refused(deal, 0, "misere trump", "misères are not played under these rules")


# --- playing the tricks (§8) ---------------------------------------------------------------------

TRICK_HANDS = {
    0: "1H 3H 4H 5H 6H 7H 8H 10H JH NH QH KH T13 T14 T15 T16 T17 T18",
    1: "9H 2H EX T4 T6 1S 2S 3S 4S 5S 6S 7S 8S 9S 10S JS NS QS",
    2: "T3 T8 1D 2D 3D 4D 5D 6D 7D 8D 9D 10D JD ND QD KD KS 1C",
    3: "T1 T2 T5 T12 T20 2C 3C 4C 5C 6C 7C 8C 9C 10C JC NC QC KC",
}


def test_trick_play_obligations():
    deal = make_deal(4, TRICK_HANDS, dog="T7 T9 T10 T11 T19 T21")
    to_play(deal, 0)
    assert playable(deal) == tokens(TRICK_HANDS[0])  # the leader plays anything

    # Trick 1, hearts led.
    act(deal, 0, "play 5H")
    assert playable(deal) == {"9H", "2H", "EX"}  # follow (any heart) or the Excuse
    refused(deal, 1, "play T4", "seat 1 must follow hearts (holds 9H, 2H); got T4")
    refused(deal, 1, "play 1S", "seat 1 must follow hearts (holds 9H, 2H); got 1S")
    refused(deal, 1, "play 7H", "seat 1 does not hold 7H")
    refused(deal, 2, "play T3", "it is seat 1's turn, not seat 2's")
    act(deal, 1, "play 2H")
    assert playable(deal) == {"T3", "T8"}  # no heart: must trump, any trump
    refused(deal, 2, "play 4D", "seat 2 must trump (holds T8, T3); got 4D")
    act(deal, 2, "play T3")
    assert playable(deal) == {"T5", "T12", "T20"}  # must overtrump T3
    refused(deal, 3, "play T2",
            "seat 3 must play a trump higher than T3 (holds T20, T12, T5); got T2")
    refused(deal, 3, "play 2C",
            "seat 3 must play a trump higher than T3 (holds T20, T12, T5); got 2C")
    events = act(deal, 3, "play T12")
    assert deal.state.tricks[-1] == (0, tuple(cards("5H 2H T3 T12")), 3)
    assert events[-1].seat == 3 and deal.state.turn == 3

    # Trick 2, clubs led.
    act(deal, 3, "play 2C")
    assert playable(deal) == tokens("T13 T14 T15 T16 T17 T18")  # no club: any trump
    act(deal, 0, "play T13")
    assert playable(deal) == {"T4", "T6", "EX"}  # cannot overtrump T13: undertrump
    refused(deal, 1, "play 3S", "seat 1 must trump (holds T6, T4); got 3S")
    act(deal, 1, "play T4")
    assert playable(deal) == {"1C"}
    act(deal, 2, "play 1C")
    assert deal.state.tricks[-1][2] == 0

    # Trick 3, a trump led: higher if possible, else any trump.
    act(deal, 0, "play T14")
    assert playable(deal) == {"T6", "EX"}
    act(deal, 1, "play T6")
    assert playable(deal) == {"T8"}
    act(deal, 2, "play T8")
    assert playable(deal) == {"T20"}
    refused(deal, 3, "play T5", "seat 3 must play a trump higher than T14 (holds T20); got T5")
    act(deal, 3, "play T20")
    assert deal.state.tricks[-1][2] == 3

    # Trick 4, a trump led again; seat 1 has no trump left: anything.
    act(deal, 3, "play T5")
    assert playable(deal) == {"T15", "T16", "T17", "T18"}
    act(deal, 0, "play T15")
    assert playable(deal) == tokens("9H EX 1S 2S 3S 4S 5S 6S 7S 8S 9S 10S JS NS QS")
    act(deal, 1, "play 1S")
    assert playable(deal) == tokens("1D 2D 3D 4D 5D 6D 7D 8D 9D 10D JD ND QD KD KS")
    act(deal, 2, "play KS")
    assert deal.state.tricks[-1][2] == 0

    # Trick 5: neither the suit nor a trump: anything.
    act(deal, 0, "play KH")
    assert playable(deal) == {"9H", "EX"}
    act(deal, 1, "play EX")  # the Excuse, although a heart is held
    assert playable(deal) == tokens("1D 2D 3D 4D 5D 6D 7D 8D 9D 10D JD ND QD KD")
    act(deal, 2, "play KD")
    assert playable(deal) == {"T1", "T2"}
    act(deal, 3, "play T1")
    assert deal.state.tricks[-1] == (0, tuple(cards("KH EX KD T1")), 3)


EXCUSE_LEAD_HANDS = {
    0: "EX 1H 2H 3H 4H 5H 6H 7H 8H 9H 10H JH NH QH KH T2 T3 T4",
    1: "4D 5D 1S 2S 3S 4S 5S 6S 7S 8S 9S 10S JS NS QS KS T5 T6",
    2: "1D 2D 3D 1C 2C 3C 4C 5C 6C 7C 8C 9C 10C JC NC QC KC T7",
    3: "T1 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21 6D 7D 8D",
}


def excuse_led() -> Deal:
    deal = make_deal(4, EXCUSE_LEAD_HANDS, dog="9D 10D JD ND QD KD")
    to_play(deal, 0)
    act(deal, 0, "play EX")
    assert playable(deal) == hand(deal, 1)  # after the Excuse, anything
    return deal


def test_excuse_led_second_card_sets_a_suit():
    deal = excuse_led()
    act(deal, 1, "play 4D")
    assert playable(deal) == {"1D", "2D", "3D"}
    refused(deal, 2, "play T7", "seat 2 must follow diamonds (holds 3D, 2D, 1D); got T7")
    act(deal, 2, "play 3D")
    assert playable(deal) == {"6D", "7D", "8D"}
    act(deal, 3, "play 8D")
    # The highest diamond wins; the Excuse never does.
    assert deal.state.tricks[-1] == (0, tuple(cards("EX 4D 3D 8D")), 3)


def test_excuse_led_second_card_sets_trumps():
    deal = excuse_led()
    act(deal, 1, "play T5")
    assert playable(deal) == {"T7"}
    refused(deal, 2, "play 1D", "seat 2 must play a trump higher than T5 (holds T7); got 1D")
    act(deal, 2, "play T7")
    assert playable(deal) == tokens(
        "T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21")
    refused(deal, 3, "play T1",
            "seat 3 must play a trump higher than T7 (holds T21, T20, T19, T18, T17, T16, T15, "
            "T14, T13, T12, T11, T10, T9, T8); got T1")
    act(deal, 3, "play T9")
    assert deal.state.tricks[-1][2] == 3


def test_no_more_actions_when_finished():
    deal = make_deal(4, EXCUSE_LEAD_HANDS, dog="9D 10D JD ND QD KD")
    to_play(deal, 0)
    while not deal.is_over:
        play_first_legal(deal)
    assert deal.state.phase is Phase.FINISHED
    assert legal(deal) == []
    assert len(deal.state.tricks) == 18
    refused(deal, 0, "play 1H", "the deal is finished; no more actions")
