"""The club player's card play: the same card whether it reads a seat's view (the simple bot)
or the knowledge a play-out keeps card by card (the expert's play-outs)."""

from __future__ import annotations

import random

import pytest

from engine import cards as C
from engine.ai import club, club_tracker
from engine.ai.random_bot import RandomBot
from engine.ai.simple_bot import SimpleBot
from engine.deal import Deal
from engine.rules import load_rules
from engine.state import Phase
from engine.views import view_for
from tests.helpers.positions import position

VARIANTS = ("fft", "miseres", "call_any_card")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_play_out_plays_the_simple_bots_cards(players: int) -> None:
    checked = 0
    for i in range(12):
        rules = load_rules(variant=VARIANTS[i % len(VARIANTS)])
        deal = Deal.new(rules, players, i % players, 900 + 31 * i + players)
        rng = random.Random(i)
        bots = [RandomBot(s) if rng.random() < 0.3 else SimpleBot(s) for s in range(players)]
        cut = rng.randrange(1, 6 * players)
        steps = 0
        while not deal.is_over and (deal.state.phase is not Phase.PLAYING or steps < cut):
            seat = deal.state.turn
            assert seat is not None
            view = view_for(deal.state, seat)
            deal.execute(seat, bots[seat].decide(view))
            steps += deal.state.phase is Phase.PLAYING
        if deal.is_over or deal.state.phase is not Phase.PLAYING:
            continue
        # from here, a tracker on a copy plays every seat like the simple bot would
        state = deal.state.copy()
        tracker = club_tracker.Tracker(state)
        simple = SimpleBot(0)
        while state.phase is Phase.PLAYING:
            seat = state.turn
            assert seat is not None
            view = view_for(state, seat)
            legal = state.legal_plays()
            if legal & (legal - 1):
                card = club.choose_card(tracker.reading(legal))
                assert card == simple.play(view).card
                assert card == club.choose_card(club.reading_of_view(view))
                checked += 1
            else:
                card = legal.bit_length() - 1
            tracker.play(card)
        assert state.scores is None and state.trick_index == state.tricks_total
    assert checked > 100


# --- the defence's technique -------------------------------------------------------------------


def test_an_odd_trump_led_by_a_defender_signals_the_hunt() -> None:
    signals = [C.format_card(c) for c in range(C.DECK_SIZE) if club.is_hunt_signal(c)]
    assert signals == ["T3", "T5", "T7", "T9", "T11", "T13", "T15", "T17", "T19"]


def test_a_defender_follows_its_partners_hunt() -> None:
    """The partner led T9 (an odd trump: hunt the Petit) and the seat won the trick: it leads a
    trump back, though it is short of them, rather than a plain card."""
    view = position(4, "garde", taker=3, dealer=0,
                    hands={0: "T4 9S 8S 7S 6S 9H 8H 7H 6H 9D 8D 7D 6D 9C 8C 7C 6C"},
                    tricks="T9 T10 T15 T16").view
    assert view.seat == 0
    reading = club.reading_of_view(view)
    assert reading.hunters == 1 << 1
    assert C.format_card(club.choose_card(reading)) == "T4"


def test_without_a_signal_a_short_defender_does_not_hunt() -> None:
    """The same trick led by the taker: no hunt, a plain card."""
    view = position(4, "garde", taker=1, dealer=0,
                    hands={0: "T4 9S 8S 7S 6S 9H 8H 7H 6H 9D 8D 7D 6D 9C 8C 7C 6C"},
                    tricks="T9 T10 T15 T16").view
    reading = club.reading_of_view(view)
    assert reading.hunters == 0
    assert not C.is_trump(club.choose_card(reading))


def test_the_taker_known_trumps_come_from_its_handful() -> None:
    view = position(4, "garde", taker=1, dealer=3,
                    handfuls={1: "T18 T17 T16 T15 T14 T13 T12 T10 T9 T8"},
                    hands={0: "T21 T20 T19 KD 9D 8D KS QS 3S 2S 4H 5H 6H 7H 8H 9C",
                           1: "T18 T17 T16 T15 T14 T13 T12 T8 KH QH JH KC QC JC 10C 9H"},
                    tricks="2D T9 3D 4D  T10 T2 T3 T11").view
    reading = club.reading_of_view(view)
    assert reading.taker_trumps == 8  # ten shown, T9 and T10 played


def test_a_head_is_not_led_into_a_foes_void_to_make_it_trump() -> None:
    """The taker ruffed a heart; the defender on lead holds KH and QH there: it leads another
    suit (a low heart would have been led to make the taker trump)."""
    view = position(4, "garde", taker=2, dealer=0,
                    hands={1: "KH QH 9S 8S 7S 6S 9D 8D 7D 6D 9C 8C 7C 6C T4 T3"},
                    tricks="2H T5 T6 3H  2S 3S 10S 4S").view
    assert view.seat == 1
    card = club.choose_card(club.reading_of_view(view))
    assert C.SUIT_OF[card] != C.SUIT_OF[C.parse_card("KH")]
