"""The compiled speed-ups play the same game as their pure-Python twins, card for card.

The compiled play core (``engine/_speedups.c``) and :class:`engine.playcore.PyPlayCore` are
given the same deal and the same cards; after every card their legal plays and every field
must be equal. Random deals of 3, 4 and 5 players, slams and the Excuse led to the last trick
(stacked deals), five-player calls of the Excuse or of a king held by the taker. The mask
helpers and the deal are compared the same way, and the whole engine, run with
``TAROT_PURE_PYTHON=1``, must deal and score the bench's deals exactly as the compiled one.
A state the core cannot read (a field of the wrong kind, a card out of the deck) raises a
Python error naming it; nothing crashes.
"""

from __future__ import annotations

import contextlib
import copy
import gc
import os
import pickle
import random
import subprocess
import sys
import weakref
from typing import Any

import pytest

from engine import cards as C
from engine import playcore, speedups
from engine.deal import Deal
from engine.playcore import PyPlayCore
from engine.randomplay import random_action
from engine.rules import load_rules
from engine.state import DealState, Phase
from tests.helpers.paths import ROOT

RULES = load_rules()

compiled = speedups.MODULE
needs_compiled = pytest.mark.skipif(
    compiled is None, reason="the compiled speed-ups were not built (no C compiler?)")


def twin(state: DealState, kind: type) -> Any:
    core = kind.__new__(kind)
    for name in playcore.FIELDS:
        value = getattr(state, name)
        setattr(core, name, value[:] if isinstance(value, list) else value)
    return core


def fields(core: Any) -> dict[str, object]:
    return {name: getattr(core, name) for name in playcore.FIELDS}


def at_first_card(players: int, seed: int, slam_rate: float = 0.0) -> DealState | None:
    deal = Deal.new(RULES, players, seed % players, seed)
    rng = random.Random(seed)
    while not deal.is_over and deal.state.phase is not Phase.PLAYING:
        deal.execute(deal.state.turn, random_action(deal.state, rng, slam_rate=slam_rate))
    return deal.state if deal.state.phase is Phase.PLAYING else None


def play_both(state: DealState, choose: Any) -> Any:
    """Play ``state`` to its end on both cores with the cards ``choose(core, legal)`` picks;
    returns the pure-Python core at the end."""
    assert compiled is not None
    fast, slow = twin(state, compiled.PlayCore), twin(state, PyPlayCore)
    played = 0
    while slow.turn is not None:
        legal = slow.legal_plays()
        assert fast.legal_plays() == legal, (played, fields(slow))
        card = choose(slow, legal)
        fast.play(card)
        slow.play(card)
        played += 1
        assert fields(fast) == fields(slow), (played, card)
    assert slow.phase is Phase.FINISHED and fast.phase is Phase.FINISHED
    assert played == state.n * state.tricks_total
    return slow


@needs_compiled
@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_deals_are_played_alike(players: int) -> None:
    rng = random.Random(players)
    deals = 0
    for seed in range(400):
        state = at_first_card(players, 1000 * players + seed, slam_rate=0.1)
        if state is None:
            continue
        play_both(state, lambda core, legal: rng.choice(C.cards_of(legal)))
        deals += 1
    assert deals > 200


@needs_compiled
@pytest.mark.parametrize("players", [3, 4, 5])
def test_slams_and_the_excuse_led_last_are_played_alike(players: int) -> None:
    """The taker holds the Excuse and the top trumps, plays its highest card and keeps the
    Excuse for the last trick: the slam's last-trick rule runs on both cores."""
    rng = random.Random(f"slam {players}")
    hand = RULES.setup(players).hand
    led_last = 0
    for _ in range(60):
        strong = [C.EXCUSE, *range(C.TWENTY_ONE, C.TWENTY_ONE - hand + 1, -1)]
        rest = [c for c in range(C.DECK_SIZE) if c not in strong]
        rng.shuffle(rest)
        state = DealState(RULES, players)
        state.hands = [C.mask_of(strong)] + [
            C.mask_of(rest[i * hand:(i + 1) * hand]) for i in range(players - 1)]
        state.phase, state.taker, state.slam_announced = Phase.PLAYING, 0, True
        state.leader = state.turn = 0

        def choose(core: Any, legal: int) -> int:
            cards = C.cards_of(legal)
            if core.turn != 0:
                return rng.choice(cards)
            plain = [c for c in cards if c != C.EXCUSE]
            return max(plain) if plain else C.EXCUSE

        end = play_both(state, choose)
        leader, cards, winner = end.tricks[-1]
        led_last += cards[0] == C.EXCUSE and winner == leader == 0
        assert end.camp_tricks == [hand, 0]
    assert led_last == 60


@needs_compiled
def test_five_player_calls_are_played_alike() -> None:
    """The first lead may not be of the called suit (bar the called card), whatever is called:
    a king, a queen, a card of the taker's own hand, the Excuse."""
    rng = random.Random(5)
    tried = 0
    for seed in range(300):
        state = at_first_card(5, seed)
        if state is None:
            continue
        for called in (state.called, C.EXCUSE, rng.randrange(C.FIRST_TRUMP)):
            state.called = called
            play_both(state, lambda core, legal: rng.choice(C.cards_of(legal)))
            tried += 1
    assert tried > 300


@needs_compiled
def test_the_fold_takes_cards_and_tricks_alike() -> None:
    """The fold's two steps (a card added, a trick given to the winner its event names)."""
    assert compiled is not None
    rng = random.Random(7)
    for seed in range(100):
        state = at_first_card(4, seed)
        if state is None:
            continue
        fast, slow = twin(state, compiled.PlayCore), twin(state, PyPlayCore)
        while slow.trick_index < slow.tricks_total:
            for _ in range(4):
                card = rng.choice(C.cards_of(slow.legal_plays()))
                fast._add_card(card)
                slow._add_card(card)
            winner = slow.trick_winner()
            assert fast.trick_winner() == winner
            fast._gather(winner)
            slow._gather(winner)
            assert fields(fast) == fields(slow)
        assert fast.camp_of(slow.taker) == 0 and fast.camp_of(-1) == 1


@needs_compiled
def test_the_mask_helpers_and_the_deal_are_the_pure_ones() -> None:
    """The compiled helpers and deal, against the same code run with the pure-Python engine."""
    script = (
        "import random, hashlib; from engine import cards as C, commands\n"
        "rng = random.Random(3); h = hashlib.sha256()\n"
        "for _ in range(3000):\n"
        "    cards = rng.sample(range(78), rng.randrange(79)); mask = C.mask_of(cards)\n"
        "    h.update(repr((mask, C.cards_of(mask), [C.nth_card(mask, k) for k in "
        "range(len(cards))])).encode())\n"
        "from engine.rules import load_rules\n"
        "for variant in ('fft', 'excuse_to_trick_winner'):\n"
        "    rules = load_rules(variant=variant)\n"
        "    for seed in range(900):\n"
        "        dealt = commands.deal_cards(rules, 3 + seed % 3, seed % 3, seed * 7919)\n"
        "        h.update(repr((dealt.hands, dealt.dog)).encode())\n"
        "for setup in [(3, 26, 1, 0), (4, 18, 2, 6), (3, 20, 1, 18), (2, 38, 2, 2),\n"
        "              (6, 12, 2, 6), (5, 15, 1, 3), (4, 19, 19, 2)]:\n"
        "    for seed in range(200):\n"
        "        h.update(repr(commands._deal(random.Random(seed), setup[0], seed % setup[0],"
        " *setup[1:])).encode())\n"
        "from engine.speedups import DESCRIPTION; print(DESCRIPTION, h.hexdigest())\n"
    )
    outputs = {}
    for pure in (False, True):
        env = {k: v for k, v in os.environ.items() if k != "TAROT_PURE_PYTHON"}
        if pure:
            env["TAROT_PURE_PYTHON"] = "1"
        done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env,
                              capture_output=True, text=True, check=True)
        outputs[pure] = done.stdout.split()
    assert outputs[True][:2] == ["pure", "Python"]
    assert outputs[False][:2] == ["compiled", "speed-ups"]
    assert outputs[True][-1] == outputs[False][-1]


@needs_compiled
def test_the_pure_engine_plays_the_benchmark_deals_alike() -> None:
    digests = {}
    for pure in (False, True):
        env = {k: v for k, v in os.environ.items() if k != "TAROT_PURE_PYTHON"}
        if pure:
            env["TAROT_PURE_PYTHON"] = "1"
        done = subprocess.run([sys.executable, "-m", "engine", "bench", "--check", "400"],
                              cwd=ROOT, env=env, capture_output=True, text=True, check=True)
        digests[pure] = done.stdout
    assert digests[True] == digests[False] and digests[True].count("simulation") == 3


def test_nth_card_counts_from_the_lowest_card() -> None:
    mask = C.mask_of([3, 70, C.EXCUSE, 0])
    assert [C.nth_card(mask, k) for k in range(4)] == [0, 3, 70, C.EXCUSE]
    for k in (4, -1):
        with pytest.raises(IndexError):
            C.nth_card(mask, k)


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_a_state_pickles_and_copies_whole(protocol: int) -> None:
    state = at_first_card(5, 11)
    assert state is not None
    for _ in range(7):
        state.play(C.cards_of(state.legal_plays())[0])
    for again in (pickle.loads(pickle.dumps(state, protocol)), copy.copy(state),
                  copy.deepcopy(state)):
        assert again == state and type(again) is DealState
        assert again.hands == state.hands


@needs_compiled
@pytest.mark.parametrize(("name", "value", "cards_before"), [
    ("turn", None, 3), ("turn", 9, 3), ("turn", 35, 3), ("turn", "0", 3), ("hands", None, 3),
    ("hands", (1, 2, 3, 4), 3), ("follow", "spades", 3), ("follow", -1, 3),
    ("follow", 1 << 80, 3), ("high_trump", 40, -3), ("n", 0, 3), ("trick", None, 3),
    ("called", 99, 0), ("called", "KH", 0), ("win_card", 2.5, 3), ("camp_won", [0], 4),
    ("camp_tricks", None, 4), ("tricks", (), 4), ("leader", None, 4), ("trick", [99], 0),
])
def test_a_damaged_state_raises_a_python_error(name: str, value: object,
                                               cards_before: int) -> None:
    """Whatever a field holds, the compiled core raises an error naming the problem (as the
    Python core raises one of its own) and never reads outside its memory."""
    assert compiled is not None
    rng = random.Random(1)
    state = at_first_card(5, 3)
    assert state is not None
    for _ in range(abs(cards_before)):  # with 3, the suit led is read
        state.play(rng.choice(C.cards_of(state.legal_plays())))
    card = C.cards_of(state.legal_plays())[0]
    core = twin(state, compiled.PlayCore)
    if cards_before < 0:  # trumps led and the seat to play holds some: the trump is read
        core.follow, core.hands[core.turn] = C.TRUMP_MASK, C.TRUMP_MASK
    setattr(core, name, value)
    errors = (TypeError, ValueError, IndexError, OverflowError, AttributeError)
    failures = 0
    for attempt in (core.legal_plays, lambda: core.play(card), core.trick_winner,
                    lambda: [core._gather(seat) for seat in range(5)]):
        try:
            attempt()
        except errors as error:
            assert str(error)
            failures += 1
    assert failures, f"{name} = {value!r} went unnoticed"


@needs_compiled
@pytest.mark.parametrize("card", [-1, 78, 1 << 70, "T21", None, 3.0])
def test_a_card_outside_the_deck_is_refused(card: object) -> None:
    assert compiled is not None
    state = at_first_card(4, 2)
    assert state is not None
    core = twin(state, compiled.PlayCore)
    with pytest.raises((TypeError, ValueError, OverflowError)):
        core.play(card)
    with pytest.raises((TypeError, ValueError, OverflowError)):
        compiled.mask_of([1, card])
    assert fields(core) == fields(twin(state, PyPlayCore)), "a refused card changed the deal"


@needs_compiled
def test_a_bare_core_says_which_field_is_missing() -> None:
    assert compiled is not None
    core = compiled.PlayCore()
    with pytest.raises(AttributeError):
        core.hands  # noqa: B018
    with pytest.raises(AttributeError, match=r"hands|turn"):
        core.legal_plays()


@needs_compiled
def test_cycles_through_the_core_are_collected() -> None:
    class Holder:
        pass

    holder = Holder()
    state = DealState(RULES, 4)
    state.tricks = [holder]  # type: ignore[list-item]
    holder.state = state  # type: ignore[attr-defined]
    alive = weakref.ref(holder)
    del holder, state
    gc.collect()
    assert alive() is None


@needs_compiled
@pytest.mark.parametrize("setup", [(3, 24, 4, 7), (0, 24, 4, 6), (4, 18, 4, 6), (3, 24, 4, 30),
                                   (4, 18, 3, -1), (3, 26, 26, 3), (4, 2**62 + 18, 2, 6),
                                   (2**40, 18, 3, 6)])
def test_the_compiled_deal_refuses_a_deal_that_is_not_of_78_cards(setup: tuple[int, ...]) -> None:
    assert compiled is not None
    with pytest.raises((ValueError, OverflowError), match=r"78 cards|must be from|too large"):
        compiled.deal(random.Random(1), setup[0], 0, *setup[1:])
    with pytest.raises(AttributeError):
        compiled.deal(object(), 4, 0, 18, 3, 6)


@needs_compiled
def test_python_code_run_in_the_middle_of_a_card_cannot_crash_the_core() -> None:
    """A field's old value may run a ``__del__`` when it is replaced, a called card an
    ``__eq__``: code that changes the state's lists meanwhile gets a Python error at worst."""
    assert compiled is not None
    state = at_first_card(4, 2)
    assert state is not None
    core = twin(state, compiled.PlayCore)

    class Saboteur:
        def __del__(self) -> None:
            core.trick = None
            core.camp_won = None

        def __eq__(self, other: object) -> bool:
            del core.trick
            return False

        __hash__ = None  # type: ignore[assignment]

    core._add_card(C.EXCUSE)
    for _ in range(3):
        core._add_card(C.cards_of(core.legal_plays() & ~C.EXCUSE_BIT)[0])
    core.excuse_trick = Saboteur()
    with contextlib.suppress(TypeError, AttributeError):  # a changed field may be refused
        core._gather(0)
    core = twin(state, compiled.PlayCore)
    card = C.cards_of(core.legal_plays())[0]
    core.called = Saboteur()
    with pytest.raises(AttributeError, match="trick"):
        core.play(card)


@needs_compiled
def test_an_unset_or_strange_field_is_an_error_not_a_system_error() -> None:
    assert compiled is not None
    state = at_first_card(4, 2)
    assert state is not None
    core = twin(state, compiled.PlayCore)
    del core.follow
    with pytest.raises(AttributeError, match="follow"):
        core.legal_plays()
    for leader in (-1, 3):  # the slam's last trick led by the Excuse: the leader wins it
        fast, slow = twin(state, compiled.PlayCore), twin(state, PyPlayCore)
        for core in (fast, slow):
            core.trick, core.trick_index, core.camp_tricks = [C.EXCUSE, 1, 2, 3], 17, [17, 0]
            core.leader = leader
        assert fast.trick_winner() == slow.trick_winner()
