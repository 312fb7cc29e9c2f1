"""The club player's card play compiled (``engine/_club.c``) is the Python one, card for card;
the compiled quick deal of a sampled deal and the walk that evens it out
(``engine/_sampling.c``) deal the same cards and make the same swaps from the same draws, and
the compiled point count of a hand is the Python count.

:func:`engine.ai.club.choose_card` over :meth:`engine.ai.club_tracker.Tracker.reading` is the
reference. On random deals of 3, 4 and 5 players (every contract, five-player calls of any
card, misères, slams announced), the compiled card is compared with it at every decision with
a choice, a compiled play-out from a point of the deal with the Python play-out from the
same point, and a replay of the cards played (how many were the club player's, which weighs a
sampled deal): every field of the deal and every piece of the tracker's knowledge must be
equal at the end, and so must the point where a play-out stops to leave the last tricks to
the exact search.
"""

from __future__ import annotations

import pathlib
import random
import re
from collections.abc import Iterator

import pytest

from engine import cards as C
from engine import playcore, speedups
from engine.ai import club, club_tracker
from engine.ai import playout as P
from engine.ai.dealer import Dealer
from engine.ai.sampling import Worlds
from engine.deal import Deal
from engine.playcore import PyPlayCore
from engine.randomplay import random_action
from engine.rules import load_rules
from engine.state import DealState, Phase
from engine.views import view_for

compiled = speedups.MODULE
needs_compiled = pytest.mark.skipif(
    compiled is None, reason="the compiled speed-ups were not built (no C compiler?)")
VARIANTS = ("fft", "miseres", "call_any_card")


def at_first_card(players: int, seed: int) -> DealState | None:
    rules = load_rules(variant=VARIANTS[seed % len(VARIANTS)])
    deal = Deal.new(rules, players, seed % players, seed)
    rng = random.Random(seed)
    while not deal.is_over and deal.state.phase is not Phase.PLAYING:
        seat = deal.state.turn
        assert seat is not None
        deal.execute(seat, random_action(deal.state, rng, slam_rate=0.15))
    return deal.state if deal.state.phase is Phase.PLAYING else None


def first_cards(players: int, base: int, count: int) -> Iterator[tuple[int, DealState]]:
    """The deals of seeds ``base`` to ``base + count - 1`` that reach their first card."""
    for seed in range(base, base + count):
        state = at_first_card(players, seed)
        if state is not None:
            yield seed, state


def knowledge(tracker: club_tracker.Tracker) -> tuple[object, ...]:
    return (tracker.void[:], tracker.no_trumps, tracker.played, tracker.points, tracker.led,
            tracker.hunters, tracker.taker_known)


def fields(state: DealState) -> dict[str, object]:
    return {name: getattr(state, name) for name in DealState.FIELDS}


@needs_compiled
@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_compiled_card_is_the_python_card_at_every_decision(players: int) -> None:
    assert compiled is not None
    rng = random.Random(players)
    checked = deals = hunts = 0
    for seed, state in first_cards(players, 7000 * players, 150):
        deals += 1
        tracker = club_tracker.Tracker(state)
        assert tracker.fast
        while state.turn is not None:
            legal = state.legal_plays()
            if legal & (legal - 1):
                reading = tracker.reading(legal)
                card = club.choose_card(reading)
                leads = not reading.trick and state.turn != state.taker
                hunts += leads and club.is_hunt_signal(card)
                assert compiled.club_card(tracker, legal) == card, (seed, state.trick_index)
                assert tracker.card(legal) == card
                checked += 1
                if rng.random() < 0.25:  # off the club player's path, to see more positions
                    card = rng.choice(C.cards_of(legal))
            else:
                card = legal.bit_length() - 1
            tracker.play(card)
    assert deals > 80 and checked > 2000
    assert hunts > 20  # the defence's trump leads were compared too


@needs_compiled
@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_compiled_play_out_ends_where_the_python_one_does(players: int) -> None:
    rng = random.Random(10 + players)
    compared = 0
    for seed, state in first_cards(players, 9000 * players, 120):
        for _ in range(rng.randrange(state.n * state.tricks_total - 1)):
            state.play(rng.choice(C.cards_of(state.legal_plays())))
        public = P.public_tracker(state)
        fast_state, slow_state = state.copy(), state.copy()
        fast, slow = P.tracker_for(fast_state, public), P.tracker_for(slow_state, public)
        slow.fast = False
        P.rollout(fast_state, tracker=fast)
        P.rollout(slow_state, tracker=slow)
        assert fields(fast_state) == fields(slow_state), seed
        assert knowledge(fast) == knowledge(slow), seed
        assert public.played == state_played(state), "the public tracker was changed"
        compared += 1
    assert compared > 80


@needs_compiled
@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_compiled_replay_counts_the_club_players_cards_as_python_does(players: int) -> None:
    rng = random.Random(20 + players)
    counted = 0
    for seed, state in first_cards(players, 5000 * players, 100):
        played = state.copy()
        cards = []
        tracker = club_tracker.Tracker(played)
        for _ in range(rng.randrange(1, played.n * played.tricks_total)):
            legal = played.legal_plays()
            card = (tracker.card(legal) if legal & (legal - 1) and rng.random() < 0.6
                    else rng.choice(C.cards_of(legal)))
            cards.append(card)
            tracker.play(card)
        skip = rng.randrange(-1, players)
        fast_state, slow_state = state.copy(), state.copy()
        fast, slow = club_tracker.Tracker(fast_state), club_tracker.Tracker(slow_state)
        slow.fast = False
        agreed = fast.replay(cards, skip)
        assert agreed == slow.replay(cards, skip), seed
        assert fields(fast_state) == fields(slow_state) == fields(played)
        assert knowledge(fast) == knowledge(slow) == knowledge(tracker)
        counted += agreed
    assert counted > 500


def state_played(state: DealState) -> int:
    played = 0
    for _, cards, _ in state.tricks:
        played |= C.mask_of(cards)
    return played | C.mask_of(state.trick)


def test_a_tracker_that_sees_every_hand_and_a_pure_python_deal_are_played_in_python() -> None:
    state = at_first_card(4, 3)
    assert state is not None
    tracker = club_tracker.Tracker(state)
    tracker.see_all(0b1111)
    assert not tracker.fast and not tracker.rollout()
    pure = PyPlayCore.__new__(PyPlayCore)
    for name in playcore.FIELDS:
        value = getattr(state, name)
        setattr(pure, name, value[:] if isinstance(value, list) else value)
    assert not club_tracker.compiled_for(pure)  # type: ignore[arg-type]
    if compiled is not None:
        with pytest.raises(ValueError, match="see every hand"):
            compiled.club_card(tracker, state.legal_plays())
        bad = club_tracker.Tracker(state)
        bad.void = [0]
        with pytest.raises(ValueError, match="one int a seat"):
            compiled.club_rollout(bad)


def dealers(players: int, first: int, rng: random.Random) -> Iterator[tuple[int, Dealer]]:
    """Dealers of the unseen cards at random points of deals (``first_cards``), with each
    deal's seed."""
    for seed, state in first_cards(players, first, 60):
        for _ in range(rng.randrange(state.n * state.tricks_total - state.n)):
            state.play(rng.choice(C.cards_of(state.legal_plays())))
        assert state.turn is not None
        yield seed, Worlds(view_for(state, state.turn)).dealer


@needs_compiled
@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_compiled_walk_swaps_the_cards_the_python_walk_swaps(players: int) -> None:
    rng = random.Random(30 + players)
    walks = changed = 0
    for seed, dealer in dealers(players, 3000 * players, rng):
        start = dealer.deal(random.Random(seed))
        for steps in (0, 7, dealer.mix_steps, 500):
            fast_rng, slow_rng = random.Random(seed), random.Random(seed)
            fast = dealer.mix(start, fast_rng, steps)
            slow = dealer.mix(start, slow_rng, steps, compiled=False)
            assert fast == slow, (seed, steps)
            assert fast_rng.random() == slow_rng.random(), "not the same number of draws"
            walks += 1
            changed += fast != start
        assert sorted(map(int.bit_count, fast)) == sorted(map(int.bit_count, start))
    assert walks > 150 and changed > 50


@needs_compiled
def test_the_compiled_walk_refuses_parts_it_was_not_given_the_holders_of() -> None:
    assert compiled is not None
    with pytest.raises(ValueError, match="card 3 of a part is not among the cards"):
        compiled.mix_deal([0b1001, 0b0110], [0, 1, 2], [[0, 1], [0, 1], [0, 1]],
                          random.Random(0).random, 10)
    with pytest.raises(ValueError, match="from 0 to 1"):
        compiled.mix_deal([0b01, 0b10], [0, 1], [[0, 1], [0, 5]], random.Random(0).random, 10)
    assert compiled.mix_deal([0b01, 0b10], [0, 1], [[0, 1], [0, 1]],
                             random.Random(0).random, 50) in ([0b01, 0b10], [0b10, 0b01])


@needs_compiled
@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_compiled_quick_deal_deals_the_cards_the_python_deal_deals(players: int) -> None:
    rng = random.Random(40 + players)
    deals = dead_ends = 0
    for seed, dealer in dealers(players, 4000 * players, rng):
        for attempt in range(5):
            fast_rng, slow_rng = random.Random(seed + attempt), random.Random(seed + attempt)
            fast = dealer.quick(fast_rng)
            slow = dealer.quick(slow_rng, compiled=False)
            assert fast == slow, (seed, attempt)
            assert fast_rng.random() == slow_rng.random(), "not the same number of draws"
            deals += 1
            dead_ends += fast is None
            if fast is not None:
                assert list(map(int.bit_count, fast)) == list(dealer.sizes)
    assert deals > 250 and dead_ends < deals


@needs_compiled
def test_the_compiled_quick_deal_refuses_a_damaged_plan() -> None:
    assert compiled is not None
    draws = random.Random(0)
    with pytest.raises(ValueError, match="a damaged plan"):
        compiled.quick_deal(bytes([0, 1, 0, 3, 1, 2]), (3,), draws.getrandbits, draws.random)
    with pytest.raises(ValueError, match="a damaged plan"):
        compiled.quick_deal(bytes([0, 1, 4, 1, 9]), (1,), draws.getrandbits, draws.random)
    with pytest.raises(ValueError, match="a damaged plan"):
        compiled.quick_deal(bytes([0, 1, 0, 1, 90]), (1,), draws.getrandbits, draws.random)
    with pytest.raises(TypeError, match="bytes"):
        compiled.quick_deal([0, 1, 0, 1, 9], (1,), draws.getrandbits, draws.random)
    assert compiled.quick_deal(bytes([1, 2, 0, 1, 2, 5, 9]), (1, 1), draws.getrandbits,
                               draws.random) in ([1 << 5, 1 << 9], [1 << 9, 1 << 5])
    assert compiled.quick_deal(bytes([0, 0, 1, 5]), (1,), draws.getrandbits,
                               draws.random) is None  # nobody may hold the card


@needs_compiled
def test_the_compiled_point_count_is_the_python_count() -> None:
    from engine.ai.club_contract import count_strength, hand_strength

    rng = random.Random(5)
    deck = list(range(C.DECK_SIZE))
    for _ in range(3000):
        size = rng.choice((15, 18, 24, rng.randrange(1, 79)))
        hand = C.mask_of(rng.sample(deck, size))
        assert hand_strength(hand, 4, size) == count_strength(hand, size)
    assert hand_strength(C.FULL_DECK, 4, 78) == count_strength(C.FULL_DECK, 78)
    assert hand_strength(0, 4, 18) == count_strength(0, 18) == 0.0


def test_the_compiled_rules_use_the_python_rules_constants() -> None:
    """The rules' thresholds are written twice, in club.py and engine/_club_rules.c: equal."""
    source = (pathlib.Path(club.__file__).parents[1] / "_club_rules.c").read_text()
    for name in ("HUNT_TRUMPS", "VOID_LEAD_MAX"):
        found = re.search(rf"^#define {name} (\d+)$", source, re.MULTILINE)
        assert found is not None, name
        assert int(found.group(1)) == getattr(club, name), name
