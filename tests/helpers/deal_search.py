"""Seeded searches for the full deals frozen as data in ``tests/engine/test_scoring.py``.

Finding by hand the hands and a play that give exactly "Garde, simple handful by the taker,
Petit au bout, 49 points with two oudlers" is hard. Each search below deals hands under a few
constraints, plays random legal cards (holding some cards back, such as the Petit) and stops
at the first deal whose result meets its conditions. The slam deals are designed instead and
played by a fixed policy. Either way the script prints the deal as a record (hands, dog, bids,
call, discard, slam, handfuls, tricks) to paste into the tests, which replay it through the
engine: deterministic and fast.

    python tests/helpers/deal_search.py              # list the records
    python tests/helpers/deal_search.py example_1    # find one and print it
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine import cards as C
from engine.actions import Bid, Call, DecideSlam, Discard, Play, ShowHandful
from engine.choices import handful_options
from engine.deal import Deal
from engine.events import DealDealt
from engine.randomplay import random_discard
from engine.rules import Rules, load_rules
from engine.scoring import DealResult
from engine.state import DealState, Phase

PLAIN = list(range(C.FIRST_TRUMP))
TRUMPS = list(range(C.FIRST_TRUMP, C.EXCUSE))


@dataclass
class Spec:
    """What to deal, how to bid and how to play; what is not given is random."""

    players: int
    dealer: int
    taker: int
    contract: str
    given: dict[int, str] = field(default_factory=dict)  # cards a seat surely holds
    trumps: dict[int, int] = field(default_factory=dict)  # exact trump count of a seat
    no_excuse: tuple[int, ...] = ()  # seats that must not hold the Excuse
    dog: str | None = None
    call: str | None = None  # five players: a card, or "partner" for a king held by another
    discard: str | None = None
    slam: bool = False
    handfuls: dict[int, str] = field(default_factory=dict)  # seat -> level, or the cards
    keep_back: tuple[str, ...] = ("T1",)  # held while another card is legal, in this order
    play: str = "random"  # or "designed": the taker's camp plays high, the defence low
    at: dict[tuple[int, int], str] = field(default_factory=dict)  # (seat, trick) -> card
    rules: Rules = field(default_factory=load_rules)


def deal_hands(spec: Spec, rng: random.Random) -> DealDealt | None:
    setup = spec.rules.setup(spec.players)
    hands = {s: C.parse_cards(spec.given.get(s, "").split()) for s in range(spec.players)}
    dog = C.parse_cards(spec.dog.split()) if spec.dog is not None else []
    used = {c for hand in hands.values() for c in hand} | set(dog)
    for seat, count in spec.trumps.items():
        have = sum(C.is_trump(c) for c in hands[seat])
        extra = rng.sample([c for c in TRUMPS if c not in used], count - have)
        used.update(extra)
        fill = rng.sample([c for c in PLAIN if c not in used],
                          setup.hand - len(hands[seat]) - len(extra))
        used.update(fill)
        hands[seat] += extra + fill
    rest = [c for c in range(C.DECK_SIZE) if c not in used]
    rng.shuffle(rest)
    for seat in range(spec.players):
        need = setup.hand - len(hands[seat])
        hands[seat] += rest[:need]
        del rest[:need]
    dog += rest
    if any(C.EXCUSE in hands[s] for s in spec.no_excuse):
        return None
    return DealDealt(spec.players, spec.dealer,
                     tuple(tuple(hands[s]) for s in range(spec.players)), tuple(dog))


def choose_handful(state: DealState, seat: int, wanted: str, rng: random.Random) -> ShowHandful:
    options = {o.level: o.size for o in handful_options(state, seat)}
    if wanted not in options:
        return ShowHandful(tuple(C.parse_cards(wanted.split())))
    size = options[wanted]
    trumps = C.cards_of(state.hands[seat] & C.TRUMP_MASK)
    if len(trumps) >= size:
        return ShowHandful(tuple(sorted(rng.sample(trumps, size), reverse=True)))
    return ShowHandful((C.EXCUSE, *sorted(trumps, reverse=True)))


def choose_card(spec: Spec, state: DealState, rng: random.Random) -> int:
    seat = state.turn
    legal = C.cards_of(state.legal_plays())
    wanted = spec.at.get((seat, state.trick_index))
    if wanted is not None and C.parse_card(wanted) in legal:
        return C.parse_card(wanted)
    keep = [C.parse_card(t) for t in spec.keep_back]
    free = [c for c in legal if c not in keep]
    if not free:
        return next(c for c in keep if c in legal)
    if spec.play == "random":
        return rng.choice(free)
    if state.camp_of(seat) == 0:  # the taker's camp: the highest card, the Excuse last
        return max(free, key=lambda c: -1 if c == C.EXCUSE else c)
    return min(free)


def attempt(spec: Spec, rng: random.Random) -> tuple[Deal, dict] | None:
    dealt = deal_hands(spec, rng)
    if dealt is None:
        return None
    deal = Deal.from_dealt(spec.rules, dealt)
    if deal.is_over:
        return None
    for _ in range(spec.players):
        seat = deal.state.turn
        deal.execute(seat, Bid(spec.contract if seat == spec.taker else None))
    call = None
    if deal.state.phase is Phase.CALLING:
        hand, dog = deal.state.hands[spec.taker], deal.state.dog
        if spec.call == "partner":
            call = rng.choice([c for c in C.cards_of(C.KING_MASK & ~hand & ~dog)])
        else:
            call = C.parse_card(spec.call)
        deal.execute(spec.taker, Call(call))
    discard = None
    if deal.state.phase is Phase.DISCARDING:
        if spec.discard is not None:
            discard = Discard(tuple(sorted(C.parse_cards(spec.discard.split()))))
        else:
            discard = random_discard(deal.state, rng)
        deal.execute(spec.taker, discard)
    deal.execute(spec.taker, DecideSlam(spec.slam))
    shown: dict[int, tuple[int, ...]] = {}
    tricks: list[str] = []
    while not deal.is_over:
        state = deal.state
        seat = state.turn
        if seat in spec.handfuls and seat not in shown and not state.played_seats >> seat & 1:
            if not handful_options(state, seat):
                return None
            action = choose_handful(state, seat, spec.handfuls[seat], rng)
            deal.execute(seat, action)
            shown[seat] = action.cards
        deal.execute(seat, Play(choose_card(spec, deal.state, rng)))
        if not deal.state.trick:
            tricks.append(" ".join(C.format_cards(deal.state.tricks[-1][1])))
    record = {
        "players": spec.players,
        "dealer": spec.dealer,
        "hands": [" ".join(C.format_cards(C.sort_for_hand(h))) for h in dealt.hands],
        "dog": " ".join(C.format_cards(C.sort_for_hand(dealt.dog))),
        "bids": {spec.taker: spec.contract},
        "call": C.format_card(call) if call is not None else None,
        "discard": " ".join(C.format_cards(discard.cards)) if discard else None,
        "slam": spec.slam,
        "handfuls": {s: " ".join(C.format_cards(cards)) for s, cards in shown.items()},
        "tricks": tricks,
    }
    return deal, record


def search(spec: Spec, accept: Callable[[DealResult, DealState], bool], seed: int = 0,
           tries: int = 200_000) -> dict:
    rng = random.Random(seed)
    for n in range(tries):
        found = attempt(spec, rng)
        if found is None:
            continue
        deal, record = found
        assert deal.result is not None
        if accept(deal.result, deal.state):
            print(f"# found after {n + 1} tries: {deal.result}", file=sys.stderr)
            return record
    raise SystemExit("nothing found")


def designed(spec: Spec) -> dict:
    spec.play = "designed"
    return search(spec, lambda r, s: True, tries=1)


def handfuls_shown(state: DealState) -> dict[int, int]:
    return {s: len(c) for s, c in state.handfuls.items()}


def even(result: DealResult) -> bool:
    return result.points_half % 2 == 0


# The designed slams: the taker holds nearly every trump; the dog is six low spades.
SLAM_TAKER = "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6 T5 T1"
SLAM_DOG = "1S 2S 3S 4S 5S 6S"
SLAM_HANDS = {2: SLAM_TAKER, 1: "T2 T3 EX", 3: "T4"}

RECORDS: dict[str, Callable[[], dict]] = {
    # RULES.md §10, example 1: Garde, simple handful by the taker, Petit au bout to the taker,
    # 49 points with two oudlers.
    "example_1": lambda: search(
        Spec(4, 3, 1, "garde", given={1: "T1 T21"}, trumps={1: 11}, no_excuse=(1,),
             handfuls={1: "simple"}),
        lambda r, s: r.points_half == 98 and r.oudlers == 2 and r.petit_au_bout == "taker"
        and r.slam is None and handfuls_shown(s) == {1: 10},
        seed=1,
    ),
    # Example 2: Garde sans made by 4, the defence takes the Petit au bout.
    "example_2": lambda: search(
        Spec(4, 3, 1, "garde_sans", given={1: "T21", 2: "T1"}, trumps={1: 9}),
        lambda r, s: r.made and r.margin == 4 and r.petit_au_bout == "defence"
        and r.slam is None and even(r),
        seed=2,
    ),
    # Example 3: Petite lost by 7, simple handful by the taker, Petit au bout to the taker.
    "example_3": lambda: search(
        Spec(4, 3, 1, "petite", given={1: "T1"}, trumps={1: 10}, no_excuse=(1,),
             handfuls={1: "simple"}),
        lambda r, s: not r.made and r.margin == 7 and r.petit_au_bout == "taker"
        and r.slam is None and handfuls_shown(s) == {1: 10} and even(r),
        seed=3,
    ),
    # Example 4: Garde made by 11, a defender shows a simple handful.
    "example_4": lambda: search(
        Spec(4, 3, 1, "garde", given={1: "T21 EX"}, trumps={2: 10}, handfuls={2: "simple"}),
        lambda r, s: r.made and r.margin == 11 and r.petit_au_bout is None
        and r.slam is None and handfuls_shown(s) == {2: 10} and even(r),
        seed=4,
    ),
    # Example 5: Garde, slam announced and made, simple handful, Petit au bout, the defence
    # kept its Excuse (played to the third trick): 87 points with two oudlers.
    "example_5": lambda: designed(
        Spec(4, 0, 2, "garde", given=SLAM_HANDS, dog=SLAM_DOG, discard=SLAM_DOG, slam=True,
             handfuls={2: "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12"}, at={(1, 2): "EX"}),
    ),
    # The same hands, a Petite and no announcement: seat 1 leads, and keeps its Excuse for
    # the last trick, where it changes camp.
    "slam_unannounced": lambda: designed(
        Spec(4, 0, 2, "petite", given=SLAM_HANDS, dog=SLAM_DOG, discard=SLAM_DOG,
             keep_back=("T1", "EX")),
    ),
    # Announced, then failed: the taker leads a low heart to the first trick.
    "slam_failed": lambda: designed(
        Spec(4, 0, 2, "garde", dog=SLAM_DOG, discard=SLAM_DOG, slam=True,
             given={2: SLAM_TAKER.replace("T5", "2H"), 1: "T2 T3 EX", 3: "T4 T5"},
             at={(2, 0): "2H", (1, 3): "EX"}),
    ),
    # The defence wins every trick: the taker holds the lowest cards, the dog the Excuse.
    "defence_slam": lambda: designed(
        Spec(4, 3, 0, "garde_contre", dog="EX T1 5C 5D 6H 6S",
             given={0: "1S 2S 3S 4S 5S 1H 2H 3H 4H 5H 1D 2D 3D 4D 1C 2C 3C 4C"}),
    ),
    # A slam whose last trick the Excuse wins: the Petit led to the next-to-last trick.
    "slam_excuse_led": lambda: designed(
        Spec(4, 0, 2, "garde", dog=SLAM_DOG, discard=SLAM_DOG, slam=True,
             given={2: SLAM_TAKER.replace("T5", "EX"), 1: "T2 T3", 3: "T4 T5"},
             keep_back=("T1", "EX")),
    ),
    # A slam whose last trick the Excuse wins with a defender's Petit in it: seat 1 keeps
    # the Petit behind eight other trumps and always follows the taker's plain suits.
    "slam_petit_under_excuse": lambda: designed(
        Spec(4, 0, 2, "garde_sans", slam=True, dog="T10 T11 T12 T13 1C 2C",
             given={2: "T21 T20 T19 T18 T17 T16 T15 T14 EX KS QS NS KH QH NH KD QD ND",
                    1: "T1 T2 T3 T4 T5 T6 T7 T8 T9 1S 2S 3S 1H 2H 3H 1D 2D 3D"},
             keep_back=("T1", "EX")),
    ),
    # Three players: 40.5 against 41 (lost by 1) and 41.5 against 41 (won by 1).
    "three_lost_by_half": lambda: search(
        Spec(3, 2, 0, "petite", given={0: "T1 T21"}, no_excuse=(0,)),
        lambda r, s: r.points_half == 81 and r.oudlers == 2 and r.petit_au_bout is None
        and r.slam is None,
        seed=5,
    ),
    "three_won_by_half": lambda: search(
        Spec(3, 2, 0, "petite", given={0: "T1 T21"}, no_excuse=(0,)),
        lambda r, s: r.points_half == 83 and r.oudlers == 2 and r.petit_au_bout is None
        and r.slam is None,
        seed=6,
    ),
    # Five players: a partner (the split 2 : 1), then a taker alone with their own king.
    "five_partner": lambda: search(
        Spec(5, 4, 2, "garde", call="partner", given={2: "T21 T1 T20 T19"}),
        lambda r, s: r.made and r.partner is not None and r.petit_au_bout is None
        and r.slam is None,
        seed=7,
    ),
    "five_alone": lambda: search(
        Spec(5, 4, 2, "petite", call="KD", given={2: "KD T21 T20 EX"}),
        lambda r, s: r.partner is None and r.petit_au_bout is None and r.slam is None,
        seed=8,
    ),
    # A defender's Excuse kept for the last trick, which another defender wins.
    "excuse_last_trick": lambda: search(
        Spec(4, 3, 1, "garde", given={2: "EX"}, keep_back=("EX",)),
        lambda r, s: s.excuse_trick == s.tricks_total - 1 and s.excuse_player == 2
        and s.camp_of(s.excuse_winner) == 1 and r.petit_au_bout is None and r.slam is None,
        seed=9,
    ),
    # The taker's Excuse played mid-deal into a trick the defence wins, and a defender's
    # Excuse into a trick the taker wins.
    "taker_excuse_exchanged": lambda: search(
        Spec(4, 3, 1, "petite", given={1: "EX"}),
        lambda r, s: s.excuse_trick < s.tricks_total - 1 and s.camp_of(s.excuse_winner) == 1
        and r.petit_au_bout is None and r.slam is None,
        seed=10,
    ),
    "defence_excuse_exchanged": lambda: search(
        Spec(4, 3, 1, "garde", given={3: "EX", 1: "T21 T20 T19 T18"}),
        lambda r, s: s.excuse_trick < s.tricks_total - 1 and s.camp_of(s.excuse_winner) == 0
        and r.petit_au_bout is None and r.slam is None,
        seed=11,
    ),
}


def show(name: str, record: dict) -> str:
    """The record as Python source, a trick to a line."""
    lines = [f"{name.upper()} = {{"]
    for key, value in record.items():
        if key in ("hands", "tricks"):
            lines.append(f'    "{key}": [')
            lines += [f'        "{item}",' for item in value]
            lines.append("    ],")
        else:
            lines.append(f'    "{key}": {value!r},'.replace("'", '"'))
    lines.append("}")
    return "\n".join(lines)


def main(argv: list[str]) -> None:
    if not argv:
        print("records:", ", ".join(RECORDS))
        return
    for name in argv:
        print(show(name, RECORDS[name]()))
        print()


if __name__ == "__main__":
    main(sys.argv[1:])
