"""The registry of compiled twins (:mod:`engine.speedups`): every compiled class or function
gives what its pure-Python twin gives, the compiled module has the twins and nothing else,
and the deck's numbers the C code declares are those of :mod:`engine.cards`.

One comparison per twin, on random inputs, in one parametrised test; the deeper comparisons
(every field of every deal, every decision of the club player) are in
``tests/engine/test_playcore.py`` and ``tests/ai/test_club_speedups.py``. A twin added to
:data:`engine.speedups.TWINS` without a comparison here fails
:func:`test_every_twin_has_a_comparison`.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest

from engine import cards as C
from engine import commands, speedups
from engine.ai import club_tracker
from engine.ai.club_contract import count_strength
from tests.ai.test_club_speedups import dealers, first_cards
from tests.engine.test_playcore import at_first_card, play_both
from tests.helpers.paths import ROOT

compiled = speedups.MODULE
needs_compiled = pytest.mark.skipif(
    compiled is None, reason="the compiled speed-ups were not built (no C compiler?)")

#: A comparison per twin: it returns how many inputs it compared.
COMPARE: dict[str, Callable[[random.Random], int]] = {}


def compares(name: str) -> Callable[[Callable[[random.Random], int]],
                                    Callable[[random.Random], int]]:
    def register(check: Callable[[random.Random], int]) -> Callable[[random.Random], int]:
        COMPARE[name] = check
        return check
    return register


def twin_of(name: str) -> Callable[..., object]:
    found = speedups.compiled(name)
    assert found is not None
    return found  # type: ignore[no-any-return]


@compares("PlayCore")
def _play_core(rng: random.Random) -> int:
    played = 0
    for seed in range(60):
        state = at_first_card(3 + seed % 3, 500 + seed, slam_rate=0.1)
        if state is not None:
            play_both(state, lambda core, legal: rng.choice(C.cards_of(legal)))
            played += 1
    return played


def _masks(rng: random.Random, count: int) -> list[int]:
    deck = list(range(C.DECK_SIZE))
    return [C._mask_of(rng.sample(deck, rng.randrange(C.DECK_SIZE + 1))) for _ in range(count)]


@compares("mask_of")
def _mask_of(rng: random.Random) -> int:
    for mask in _masks(rng, 300):
        cards = C._cards_of(mask)
        rng.shuffle(cards)
        assert twin_of("mask_of")(cards) == C._mask_of(cards) == mask
    return 300


@compares("cards_of")
def _cards_of(rng: random.Random) -> int:
    for mask in _masks(rng, 300):
        assert twin_of("cards_of")(mask) == C._cards_of(mask)
    return 300


@compares("nth_card")
def _nth_card(rng: random.Random) -> int:
    count = 0
    for mask in _masks(rng, 100):
        for k in range(-1, mask.bit_count() + 1):
            if 0 <= k < mask.bit_count():
                assert twin_of("nth_card")(mask, k) == C._nth_card(mask, k)
            else:
                with pytest.raises(IndexError):
                    twin_of("nth_card")(mask, k)
                with pytest.raises(IndexError):
                    C._nth_card(mask, k)
            count += 1
    return count


@compares("deal")
def _deal(rng: random.Random) -> int:
    setups = ((3, 24, 3, 6), (4, 18, 3, 6), (5, 15, 3, 3), (4, 18, 2, 6))
    for _ in range(200):
        players, hand, packet, dog = rng.choice(setups)
        seed, dealer = rng.getrandbits(32), rng.randrange(players)
        fast_rng, slow_rng = random.Random(seed), random.Random(seed)
        assert (twin_of("deal")(fast_rng, players, dealer, hand, packet, dog)
                == commands._deal_in_python(slow_rng, players, dealer, hand, packet, dog))
        assert fast_rng.random() == slow_rng.random(), "not the same number of draws"
    return 200


def _trackers(rng: random.Random, first: int) -> list[tuple[club_tracker.Tracker,
                                                            club_tracker.Tracker]]:
    """Pairs of trackers at random points of deals, the first compiled, the second in Python."""
    pairs = []
    for _, state in first_cards(3 + first % 3, first, 40):
        for _ in range(rng.randrange(state.n * state.tricks_total - state.n)):
            state.play(rng.choice(C.cards_of(state.legal_plays())))
        fast_state, slow_state = state.copy(), state.copy()
        fast, slow = club_tracker.Tracker(fast_state), club_tracker.Tracker(slow_state)
        assert fast.fast
        slow.fast = False
        pairs.append((fast, slow))
    return pairs


@compares("club_card")
def _club_card(rng: random.Random) -> int:
    compared = 0
    for fast, slow in _trackers(rng, 600):
        legal = fast.state.legal_plays()
        if legal & (legal - 1):
            assert fast.card(legal) == slow.card(legal)
            compared += 1
    return compared


@compares("club_rollout")
def _club_rollout(rng: random.Random) -> int:
    pairs = _trackers(rng, 700)
    for fast, slow in pairs:
        assert fast.rollout() and not slow.rollout()
        while slow.state.turn is not None:
            legal = slow.state.legal_plays()
            slow.play(slow.card(legal) if legal & (legal - 1) else legal.bit_length() - 1)
        assert fast.state.hands == slow.state.hands and fast.state.tricks == slow.state.tricks
    return len(pairs)


@compares("club_replay")
def _club_replay(rng: random.Random) -> int:
    pairs = _trackers(rng, 800)
    for fast, slow in pairs:
        scratch = slow.state.copy()
        cards = []
        while scratch.turn is not None and rng.random() < 0.9:
            card = rng.choice(C.cards_of(scratch.legal_plays()))
            scratch.play(card)
            cards.append(card)
        skip = rng.randrange(-1, fast.state.n)
        assert fast.replay(cards, skip) == slow.replay(cards, skip)
        assert fast.state.trick == slow.state.trick == scratch.trick
    return len(pairs)


def _dealt(rng: random.Random, first: int, compiled_deal: bool) -> list[object]:
    out: list[object] = []
    for seed, dealer in dealers(3 + first % 3, first, random.Random(first)):
        draws = random.Random(seed)
        start = dealer.quick(draws, compiled=compiled_deal)
        out.append(start)
        if start is not None:
            out.append(dealer.mix(start, draws, dealer.mix_steps, compiled=compiled_deal))
        out.append(draws.random())  # the same number of draws
    return out


@compares("quick_deal")
def _quick_deal(rng: random.Random) -> int:
    fast, slow = _dealt(rng, 3100, True), _dealt(rng, 3100, False)
    assert fast == slow
    return len(fast)


@compares("mix_deal")
def _mix_deal(rng: random.Random) -> int:
    fast, slow = _dealt(rng, 3201, True), _dealt(rng, 3201, False)
    assert fast == slow
    return len(fast)


@compares("club_strength")
def _club_strength(rng: random.Random) -> int:
    deck = list(range(C.DECK_SIZE))
    for _ in range(500):
        size = rng.choice((15, 18, 24, rng.randrange(1, 79)))
        hand = C._mask_of(rng.sample(deck, size))
        assert twin_of("club_strength")(hand, size) == count_strength(hand, size)
    return 500


def test_every_twin_has_a_comparison() -> None:
    assert set(COMPARE) == {twin.name for twin in speedups.TWINS}


@needs_compiled
@pytest.mark.parametrize("twin", speedups.TWINS, ids=lambda twin: twin.name)
def test_each_compiled_twin_gives_what_its_python_twin_gives(twin: speedups.Twin) -> None:
    assert COMPARE[twin.name](random.Random(twin.name)) >= 20


@needs_compiled
def test_the_compiled_module_has_the_twins_and_nothing_else() -> None:
    public = {name for name in dir(compiled) if not name.startswith("_")}
    assert public == {twin.name for twin in speedups.TWINS} | set(speedups.HELPERS)
    for twin in speedups.TWINS:
        assert (ROOT / twin.source).read_text().count(f'"{twin.name}"') >= 1, twin


def test_a_name_that_is_no_twin_is_refused() -> None:
    with pytest.raises(KeyError, match="'shuffle' is not a compiled twin"):
        speedups.compiled("shuffle")


@needs_compiled
def test_the_compiled_deck_is_the_deck_of_engine_cards() -> None:
    assert compiled is not None
    found = compiled.constants()
    assert found == {
        "DECK": C.DECK_SIZE, "FIRST_TRUMP": C.FIRST_TRUMP, "EXCUSE": C.EXCUSE,
        "SUIT_TRUMP": C.TRUMP, "SUIT_EXCUSE": C.EXCUSE_SUIT, "PETIT": C.PETIT,
        "TWENTY_ONE": C.TWENTY_ONE, "KING": C.KING, "MAX_PLAYERS": found["MAX_PLAYERS"],
        "HALF": C.HALF_POINTS, "SUIT_MASKS": C.SUIT_MASKS, "TRUMPS_ABOVE": C.TRUMPS_ABOVE,
        "TRUMP_MASK": C.TRUMP_MASK, "EXCUSE_BIT": C.EXCUSE_BIT, "FULL_DECK": C.FULL_DECK,
    }
    assert found["MAX_PLAYERS"] >= 5


def test_the_numbers_the_c_headers_declare_are_those_of_engine_cards() -> None:
    """Checked from the source, so that a machine without a compiler checks them too."""
    declared: dict[str, str] = {}
    for header in ("_speedups.h", "_club.h"):
        text = (ROOT / "engine" / header).read_text()
        declared.update(re.findall(r"^#define (\w+) ([^/\n]+?)\s*(?:/\*.*)?$", text, re.M))
    values = {"FIRST_TRUMP": C.FIRST_TRUMP}
    expected = {"DECK": C.DECK_SIZE, "FIRST_TRUMP": C.FIRST_TRUMP, "EXCUSE": C.EXCUSE,
                "SUIT_TRUMP": C.TRUMP, "SUIT_EXCUSE": C.EXCUSE_SUIT, "KING": C.KING,
                "PETIT": C.PETIT, "TWENTY_ONE": C.TWENTY_ONE}
    for name, value in expected.items():
        assert eval(declared[name], {}, values) == value, name
