"""Who holds what, as the expert believed it: the weighted share of its sampled deals."""

from __future__ import annotations

import pytest

from engine import cards as C
from engine.ai import make_bot, sampling
from engine.ai.beliefs import beliefs
from engine.deal import Deal
from engine.rules import load_rules
from engine.state import Phase
from engine.views import view_for
from tests.helpers.positions import position
from tests.helpers.replay import played_deal


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_hidden_card_is_somewhere_and_its_true_holder_is_possible(
        players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every deal dealt as the view allows (the discards a taker might make, not only the
    club player's, which most sampled deals take: among 24 of them a true card the club
    player would have discarded may be in none)."""
    monkeypatch.setattr(sampling, "MODELLED_DISCARDS", 0.0)
    deal = played_deal(players, 30 + players)
    for index in deal.command_starts()[:: max(1, len(deal.command_starts()) // 8)]:
        state = deal.state_at(index)
        view = view_for(state, 0)
        seen = beliefs(view, samples=24, seed=index)
        hidden = C.FULL_DECK & ~view.hand_mask & ~view.played
        assert seen.cards == tuple(C.cards_of(hidden))
        assert 1.0 <= seen.effective <= 24.0 + 1e-9  # what the weighted deals are worth
        assert not any(odds[0] for odds in seen.odds)  # none of them is in the seat's hand
        for card in seen.cards:
            odds = seen.odds_of(card)
            assert sum(odds) == pytest.approx(1.0)
            truth = [s for s in range(players) if state.hands[s] >> card & 1]
            if truth:  # the sampled deals are consistent with the view: the truth is possible
                assert odds[truth[0]] > 0 or state.phase is Phase.BIDDING


def test_what_the_table_showed_is_certain() -> None:
    """A handful shown and a void shown are certainties: the handful's trumps are the
    taker's, and a seat that did not follow holds none of the suit."""
    view = position(4, "garde", taker=1, dealer=3,
                    handfuls={1: "T18 T17 T16 T15 T14 T13 T12 T10 T9 T8"},
                    hands={0: "T21 T20 T19 KD 9D 8D KS QS 3S 2S 4H 5H 6H 7H 8H 9C",
                           1: "T18 T17 T16 T15 T14 T13 T12 T8 KH QH JH KC QC JC 10C 9H"},
                    tricks="2D T9 3D 4D  T10 T2 T3 T11").view
    seen = beliefs(view, samples=32, seed=3)
    for card in ("T18", "T12", "T8"):
        assert seen.odds_of(C.parse_card(card))[1] == pytest.approx(1.0)
    diamonds = [c for c in seen.cards if C.SUIT_OF[c] == 2]
    assert diamonds and all(seen.odds_of(c)[1] == 0.0 for c in diamonds)  # the taker ruffed
    held = seen.picture()[1]
    assert len(held) == seen.counts[1] == 16  # the taker's cards not played yet
    assert {C.parse_card(c) for c in ("T18", "T12", "T8")} <= {c for c, _ in held}
    assert [p for _, p in held] == sorted((p for _, p in held), reverse=True)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_picture_gives_every_hand_its_cards_and_the_taker_its_own_discard(
        players: int) -> None:
    """Early in a deal the cards spread over the seats (no card more likely than not in one
    place): the picture still gives each holder as many cards as it has, each card once,
    the likeliest placings first, and the taker's own discard is aside for certain."""
    from engine.ai.beliefs import CERTAIN
    from tests.helpers.table import taken_by_the_player

    deal = taken_by_the_player(players, 3).current
    bots = [make_bot("simple", seat) for seat in range(players)]
    while len(deal.state.tricks) < 2:
        seat = deal.state.turn
        deal.execute(seat, bots[seat].decide(view_for(deal.state, seat)))
    view = view_for(deal.state, 0)
    seen = beliefs(view, samples=32, seed=1)
    picture = seen.picture()
    assert [len(cards) for cards in picture] == list(seen.counts)
    assert seen.counts == (0, *view.hand_counts[1:], len(view.discard))
    placed = [card for cards in picture for card, _ in cards]
    assert sorted(placed) == list(seen.cards)
    assert picture[players] == [(card, pytest.approx(1.0)) for card in sorted(view.discard)]
    sureness = seen.sureness()
    assert sureness is not None and 1 / (players - 1) - 0.05 < sureness < CERTAIN
    for holder, cards in enumerate(picture):
        assert all(seen.odds_of(card)[holder] == chance for card, chance in cards)


def test_the_same_seed_gives_the_same_table_and_the_dog_is_aside() -> None:
    deal = Deal.new(load_rules(), 4, dealer=0, seed=7)
    view = view_for(deal.state, 1)
    first, again = beliefs(view, 16, seed=5), beliefs(view, 16, seed=5)
    assert first == again
    aside = sum(odds[4] for odds in first.odds)
    assert aside == pytest.approx(6.0)  # the six cards of the dog, spread over the deck


def test_five_players_a_charge_onto_the_takers_trick_reads_as_the_partner() -> None:
    """The taker leads its master king of spades; seat 3, the called king's holder, charges
    its queen onto it (a defender would have played low): in the deals the expert weighs,
    seat 3 holds the called king far more often than when it plays low."""
    partner = "KC 9C 8C 7C 6C T2 T3 T4 T5 T6 10C 2H 3H 4H"
    other = "JS 8S 7S 6S 5H 6H 7H 8H 9H 10H 2D 3D 4D 5D"
    called = C.parse_card("KC")
    odds = {}
    for card in ("QS", "5S"):
        view = position(5, "garde", taker=1, dealer=0, hands={3: partner, 2: other},
                        tricks=f"KS 2S {card} 3S 4S", called="KC", partner=3, seed=3).view
        assert view.seat == 1  # the taker, on lead again
        odds[card] = beliefs(view, samples=300, seed=0).odds_of(called)[3]
    assert odds["QS"] > 0.33 and odds["QS"] > odds["5S"] + 0.1, odds
