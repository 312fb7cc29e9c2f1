"""Seat views: each seat sees exactly what it may know."""

import random

from engine import cards as C
from engine.actions import PASS, Bid, Call, DecideSlam, Play
from engine.deal import Deal
from engine.events import DealDealt, Discarded
from engine.randomplay import random_discard
from engine.rules import load_rules
from engine.state import Phase
from engine.views import public_events, view_for

RULES = load_rules()


def _deal_until_contract(players, seed, contract, dealer=0):
    """A deal where the seat after the dealer takes with ``contract`` and the rest pass."""
    for attempt in range(200):
        deal = Deal.new(RULES, players, dealer, seed + attempt)
        if deal.is_over:  # petit sec
            continue
        deal.execute(deal.state.turn, Bid(contract))
        while deal.state.phase is Phase.BIDDING:
            deal.execute(deal.state.turn, PASS)
        return deal
    raise AssertionError("no deal without a petit sec")


def test_hands_of_others_are_counts_only():
    deal = _deal_until_contract(4, 1, "garde")
    for seat in range(4):
        view = view_for(deal.state, seat)
        assert view.hand_mask == deal.state.hands[seat]
        assert view.hand_counts == tuple(h.bit_count() for h in deal.state.hands)
        assert set(view.hand) == set(C.cards_of(deal.state.hands[seat]))


def test_dog_shown_for_garde_hidden_for_garde_sans_until_the_end():
    deal = _deal_until_contract(4, 2, "garde")
    assert view_for(deal.state, 2).dog == tuple(C.cards_of(deal.state.dog))
    deal = _deal_until_contract(4, 2, "garde_sans")
    assert all(view_for(deal.state, s).dog is None for s in range(4))
    deal.execute(deal.state.turn, DecideSlam(False))
    while not deal.is_over:
        deal.execute(deal.state.turn, Play(C.cards_of(deal.state.legal_plays())[0]))
    assert view_for(deal.state, 3).dog == tuple(C.cards_of(deal.state.dog))


def test_discard_seen_by_the_taker_only_but_shown_trumps_by_all():
    deal = _deal_until_contract(4, 3, "petite")
    taker = deal.state.taker
    deal.execute(taker, random_discard(deal.state, random.Random(1)))
    for seat in range(4):
        view = view_for(deal.state, seat)
        if seat == taker:
            assert view.discard == tuple(C.cards_of(deal.state.discard))
        else:
            assert view.discard is None
        assert view.discard_shown == tuple(C.cards_of(deal.state.discard_shown))


def test_five_player_partner_hidden_until_the_called_card_is_played():
    for seed in range(100):
        deal = _deal_until_contract(5, seed * 7, "garde_sans")
        state = deal.state
        taker = state.taker
        king = next((k for k in C.cards_of(C.KING_MASK)
                     if not state.hands[taker] >> k & 1 and not state.dog >> k & 1), None)
        if king is None:
            continue
        deal.execute(taker, Call(king))
        partner = deal.state.partner
        assert partner is not None and partner != taker
        for seat in range(5):
            view = view_for(deal.state, seat)
            if seat == partner:
                assert view.partner_known and view.partner == partner
            else:
                assert not view.partner_known and view.partner is None
        deal.execute(taker, DecideSlam(False))
        while not deal.state.partner_revealed:
            state = deal.state
            legal = C.cards_of(state.legal_plays())
            card = king if king in legal else legal[0]
            deal.execute(state.turn, Play(card))
        assert all(view_for(deal.state, s).partner == partner for s in range(5))
        return
    raise AssertionError("no suitable deal found")


def test_public_events_blank_other_hands_and_the_discard():
    deal = _deal_until_contract(3, 4, "garde")
    taker = deal.state.taker
    deal.execute(taker, random_discard(deal.state, random.Random(2)))
    other = (taker + 1) % 3
    events = public_events(deal.events, other)
    dealt = events[0]
    assert isinstance(dealt, DealDealt)
    assert dealt.hands[other] == deal.events[0].hands[other]
    assert all(h == () for i, h in enumerate(dealt.hands) if i != other)
    assert dealt.dog == () and dealt.seed is None
    discard = next(e for e in events if isinstance(e, Discarded))
    assert discard.cards == discard.shown
    mine = next(e for e in public_events(deal.events, taker) if isinstance(e, Discarded))
    assert len(mine.cards) == 6


def test_legal_plays_only_for_the_seat_to_play():
    deal = _deal_until_contract(4, 5, "garde_contre")
    deal.execute(deal.state.turn, DecideSlam(False))
    turn = deal.state.turn
    for seat in range(4):
        view = view_for(deal.state, seat)
        if seat == turn:
            assert view.my_turn
            assert view.legal_plays == tuple(C.cards_of(deal.state.legal_plays()))
        else:
            assert view.legal_plays == ()


def test_a_called_king_in_a_shown_dog_tells_everyone_the_taker_is_alone():
    for seed in range(300):
        deal = Deal.new(RULES, 5, 0, seed)
        if deal.is_over:
            continue
        kings_in_dog = [k for k in C.cards_of(C.KING_MASK) if deal.state.dog >> k & 1]
        if not kings_in_dog:
            continue
        deal.execute(deal.state.turn, Bid("garde"))
        while deal.state.phase is Phase.BIDDING:
            deal.execute(deal.state.turn, PASS)
        assert not view_for(deal.state, 3).partner_known
        deal.execute(deal.state.taker, Call(kings_in_dog[0]))
        for seat in range(5):
            view = view_for(deal.state, seat)
            assert view.partner_known and view.partner is None
        return
    raise AssertionError("no deal with a king in the dog")


def test_a_taker_who_discards_a_card_of_their_own_they_called_knows_they_are_alone():
    """Where any card may be called, the taker may call a low card of their own and then
    discard it: they know they play alone; the others do not know who the partner is."""
    from engine import choices
    from engine.actions import Discard

    rules = load_rules(variant="call_any_card")
    for seed in range(300):
        deal = Deal.new(rules, 5, 0, seed)
        deal.execute(deal.state.turn, Bid("garde"))
        while deal.state.phase is Phase.BIDDING:
            deal.execute(deal.state.turn, PASS)
        taker = deal.state.taker
        view = view_for(deal.state, taker)
        own = [c for c in choices.callable_cards(view) if view.hand_mask >> c & 1
               and not C.is_trump(c) and c != C.EXCUSE and not C.HEAD_MASK >> c & 1]
        if not own:
            continue
        deal.execute(taker, Call(own[0]))
        view = view_for(deal.state, taker)
        rest = [c for c in C.cards_of(choices.discard_options(view).allowed) if c != own[0]]
        deal.execute(taker, Discard(tuple(sorted([own[0], *rest[:2]]))))
        assert deal.state.discard >> own[0] & 1
        mine = view_for(deal.state, taker)
        assert mine.partner_known and mine.partner is None
        other = view_for(deal.state, (taker + 1) % 5)
        assert not other.partner_known
        return
    raise AssertionError("no deal to try")


def test_the_voids_a_view_shows_are_those_the_tricks_showed():
    """West (3) trumps East's heart: void in hearts. On West's spade, East (1) throws a club:
    void in spades and in trumps. The Excuse led shows nothing, and the seat's own voids
    are not listed."""
    from tests.helpers.positions import position

    deal = position(4, "garde", taker=1, dealer=0,
                    hands={0: "KS QS 4S KD 5D 3C T17 T16 T15 T14 T13 T12 T11 7D 6D"},
                    tricks="2H 3H T2 4H  5S 6S 2C 7S  EX 8D 9D 10D").deal
    view = view_for(deal.state, 0)
    assert [t.leader for t in view.tricks] == [1, 3, 2]
    assert view.shown_voids() == {3: {C.SUIT_OF[C.parse_card("2H")]},
                                  1: {C.SUIT_OF[C.parse_card("5S")], C.TRUMP}}
