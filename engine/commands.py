"""Commands in, events out: check a seat's action and write down what happened.

:func:`execute` never changes the state it is given. It returns the new events together
with the state they lead to, so callers need not fold them a second time.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from engine import cards as C
from engine import speedups
from engine.actions import (
    Action,
    AnnounceMisere,
    Bid,
    Call,
    DecideSlam,
    Discard,
    Play,
    ShowHandful,
)
from engine.cards import Card
from engine.choices import check_action
from engine.events import (
    BidMade,
    CardPlayed,
    DealCancelled,
    DealDealt,
    DealScored,
    Discarded,
    DogRevealed,
    Event,
    HandfulShown,
    KingCalled,
    MisereAnnounced,
    PartnerRevealed,
    SlamAnnounced,
    SlamDeclined,
    TrickWon,
)
from engine.rules import Rules
from engine.scoring import score_deal
from engine.state import DealState, Phase, apply_in_place


@dataclass(frozen=True)
class Outcome:
    events: tuple[Event, ...]
    state: DealState


def execute(state: DealState, seat: int, action: Action) -> Outcome:
    """Check ``action`` for ``seat`` and return the events it causes and the state after them.

    Raises :class:`engine.legal.IllegalAction` (a ``ValueError``) when the rules forbid it.
    """
    check_action(state, seat, action)
    work = state.copy()
    events: list[Event] = []

    def emit(event: Event) -> None:
        apply_in_place(work, event)
        events.append(event)

    if isinstance(action, Bid):
        name = None if action.contract is None else state.rules.contract(action.contract).name
        emit(BidMade(seat, name))  # 'prise' is written as 'petite'
        if len(work.bids) == work.n:
            if work.contract is None:
                emit(DealCancelled("all_passed"))
            else:
                _reveal_dog(work, emit)
    elif isinstance(action, Call):
        emit(KingCalled(seat, action.card))
        _reveal_dog(work, emit)
    elif isinstance(action, Discard):
        cards = tuple(sorted(action.cards))
        emit(Discarded(seat, cards, tuple(c for c in cards if C.is_trump(c))))
    elif isinstance(action, DecideSlam):
        emit(SlamAnnounced(seat) if action.announce else SlamDeclined(seat))
    elif isinstance(action, ShowHandful):
        emit(HandfulShown(seat, tuple(sorted(action.cards, reverse=True))))
    elif isinstance(action, AnnounceMisere):
        emit(MisereAnnounced(seat, action.misere))
    elif isinstance(action, Play):
        emit(CardPlayed(seat, action.card))
        if action.card == work.called:
            emit(PartnerRevealed(seat))
        if len(work.trick) == work.n:
            emit(TrickWon(work.trick_winner(), work.trick_index))
            if work.trick_index == work.tricks_total:
                emit(DealScored(score_deal(work).scores))
    return Outcome(tuple(events), work)


def _reveal_dog(work: DealState, emit: Callable[[Event], None]) -> None:
    if work.phase is Phase.DISCARDING:
        emit(DogRevealed(tuple(C.cards_of(work.dog))))


# --- dealing ---------------------------------------------------------------------------------


def deal_cards(rules: Rules, players: int, dealer: int, seed: int) -> DealDealt:
    """Shuffle uniformly from ``seed`` and deal in packets, laying the dog one card at a time
    between packets, never first or last (RULES.md §2)."""
    setup = rules.setup(players)
    hands, dog = _deal(random.Random(seed), players, dealer, setup.hand, setup.packet,
                       setup.dog)
    return DealDealt(players, dealer, hands, dog, seed)


def _deal_in_python(rng: random.Random, players: int, dealer: int, hand: int, packet: int,
                    dog_size: int) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """The hands (by seat) and the dog, dealt from ``rng``: the deck shuffled, the dog's
    places drawn among the gaps between packets, the packets given from the dealer's right."""
    pack = shuffled_deck(rng)
    packets = players * hand // packet
    dog_after = set(_sample(rng, packets - 1, dog_size))
    hands: list[list[int]] = [[] for _ in range(players)]
    dog: list[int] = []
    pos = 0
    for k in range(packets):
        seat = (dealer + 1 + k) % players
        hands[seat] += pack[pos:pos + packet]
        pos += packet
        if k + 1 in dog_after:
            dog.append(pack[pos])
            pos += 1
    return tuple(map(tuple, hands)), tuple(dog)


#: The steps of the shuffle: the index swapped, the number of cards drawn from, their bits.
_SHUFFLE_STEPS = tuple((i, i + 1, (i + 1).bit_length()) for i in range(C.DECK_SIZE - 1, 0, -1))


def shuffled_deck(rng: random.Random) -> list[Card]:
    """The 78 cards shuffled by ``rng``: the very shuffle of :meth:`random.Random.shuffle`
    (Fisher-Yates, each index drawn with ``getrandbits`` and rejection), written out so the
    draws are not a method call each, and so a seed deals the same cards on every Python."""
    pack = list(range(C.DECK_SIZE))
    getrandbits = rng.getrandbits
    for i, size, bits in _SHUFFLE_STEPS:
        j = getrandbits(bits)
        while j >= size:
            j = getrandbits(bits)
        pack[i], pack[j] = pack[j], pack[i]
    return pack


def _below(getrandbits: Callable[[int], int], size: int) -> int:
    """A number drawn uniformly below ``size``: ``getrandbits`` of its bit length, redrawn
    until it is below (what :class:`random.Random` does inside)."""
    bits = size.bit_length()
    j = getrandbits(bits)
    while j >= size:
        j = getrandbits(bits)
    return j


def _sample(rng: random.Random, n: int, k: int) -> list[int]:
    """``k`` distinct numbers of 1 to ``n`` drawn as ``rng.sample(range(1, n + 1), k)`` draws
    them in CPython 3.11 (from a pool when the population is small for ``k``, else by
    redrawing repeats), written out so that the dog's places do not depend on the Python."""
    getrandbits = rng.getrandbits
    pool_limit = 21 + (4 ** math.ceil(math.log(k * 3, 4)) if k > 5 else 0)
    out: list[int] = []
    if n <= pool_limit:
        pool = list(range(1, n + 1))
        for i in range(k):
            j = _below(getrandbits, n - i)
            out.append(pool[j])
            pool[j] = pool[n - i - 1]
        return out
    chosen: set[int] = set()
    for _ in range(k):
        j = _below(getrandbits, n)
        while j in chosen:
            j = _below(getrandbits, n)
        chosen.add(j)
        out.append(j + 1)
    return out


# The compiled deal, where it was built (engine.speedups): the same draws, the same cards.
_deal = speedups.twin("deal", _deal_in_python)


def petit_sec_seat(rules: Rules, dealt: DealDealt) -> int | None:
    """The first seat (in speaking order) holding the Petit as its only trump, without the
    Excuse, when the rules cancel such deals."""
    if rules.petit_sec != "redeal":
        return None
    for i in range(dealt.players):
        seat = (dealt.dealer + 1 + i) % dealt.players
        hand = C.mask_of(dealt.hands[seat])
        if hand & C.TRUMP_MASK == 1 << C.PETIT and not hand & C.EXCUSE_BIT:
            return seat
    return None


def start_deal(rules: Rules, players: int, dealer: int, seed: int) -> Outcome:
    """Deal a new hand: ``DealDealt``, then ``DealCancelled`` when a petit sec is shown."""
    return start_from_dealt(rules, deal_cards(rules, players, dealer, seed))


def start_from_dealt(rules: Rules, dealt: DealDealt) -> Outcome:
    state = DealState(rules, dealt.players)
    apply_in_place(state, dealt)
    events: list[Event] = [dealt]
    seat = petit_sec_seat(rules, dealt)
    if seat is not None:
        cancel = DealCancelled("petit_sec", seat)
        apply_in_place(state, cancel)
        events.append(cancel)
    return Outcome(tuple(events), state)
