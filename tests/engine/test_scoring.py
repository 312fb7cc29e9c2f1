"""Scoring whole deals (RULES.md §9 and §10), played card by card through the engine.

The deals below are frozen records: hands, dog, bids, call, discard, slam, handfuls and every
trick in play order. Most were found by the seeded searches of ``tests/helpers/deal_search.py``
(random legal play under constraints until the result matched the case); the slams are
designed deals played by a fixed policy. Each test replays its record through
:meth:`Deal.execute`, so every card is checked against the rules, then asserts the exact
result and scores.
"""

from __future__ import annotations

import random
from fractions import Fraction
from math import ceil

import pytest

from engine import cards as C
from engine.actions import AnnounceMisere, Bid, DecideSlam, Play
from engine.cards import parse_cards
from engine.choices import legal_actions, misere_options
from engine.deal import Deal
from engine.events import PartnerRevealed
from engine.randomplay import random_action, random_discard, random_handful
from engine.rules import CONTRACT_NAMES, load_rules
from engine.scoring import score_deal
from engine.state import DEFENCE_CAMP, TAKER_CAMP, DealState, Phase
from tests.helpers.scored_deals import (
    DEFENCE_EXCUSE_EXCHANGED,
    DEFENCE_SLAM,
    EXAMPLE_1,
    EXAMPLE_2,
    EXAMPLE_3,
    EXAMPLE_4,
    EXAMPLE_5,
    EXCUSE_LAST_TRICK,
    FFT,
    FIVE_ALONE,
    FIVE_PARTNER,
    SLAM_EXCUSE_LED,
    SLAM_FAILED,
    SLAM_PETIT_UNDER_EXCUSE,
    SLAM_UNANNOUNCED,
    TAKER_EXCUSE_EXCHANGED,
    THREE_LOST_BY_HALF,
    THREE_WON_BY_HALF,
    TRICK_WINNER,
    replay,
    summary,
)

# --- RULES.md §10: the five worked examples ------------------------------------------------------


def test_example_1_garde_handful_petit_au_bout_49_points():
    # 49 - 41 = 8; (25 + 8) x 2 = 66; + 20 handful + 20 Petit au bout = 106.
    deal = replay(EXAMPLE_1)
    assert deal.state.handfuls == {1: tuple(parse_cards(EXAMPLE_1["handfuls"][1].split()))}
    assert summary(deal) == {
        "contract": "garde", "oudlers": 2, "points": 49, "target": 41, "made": True,
        "margin": 8, "petit_au_bout": "taker", "handful_bonus": 20, "slam": None,
        "value": 106, "scores": (-106, 318, -106, -106),
    }


def test_example_2_garde_sans_made_by_4_defence_petit_au_bout():
    # (25 + 4) x 4 = 116 - 40 = 76.
    deal = replay(EXAMPLE_2)
    assert summary(deal) == {
        "contract": "garde_sans", "oudlers": 2, "points": 45, "target": 41, "made": True,
        "margin": 4, "petit_au_bout": "defence", "handful_bonus": 0, "slam": None,
        "value": 76, "scores": (-76, 228, -76, -76),
    }


def test_example_3_petite_lost_by_7_handful_petit_au_bout():
    # -(25 + 7) - 20 + 10 = -42.
    deal = replay(EXAMPLE_3)
    assert summary(deal) == {
        "contract": "petite", "oudlers": 1, "points": 44, "target": 51, "made": False,
        "margin": 7, "petit_au_bout": "taker", "handful_bonus": 20, "slam": None,
        "value": -42, "scores": (42, -126, 42, 42),
    }


def test_example_4_garde_made_by_11_defender_handful():
    # (25 + 11) x 2 + 20 = 92: the bonus goes to the winning camp, whoever showed.
    deal = replay(EXAMPLE_4)
    assert list(deal.state.handfuls) == [2]
    assert summary(deal) == {
        "contract": "garde", "oudlers": 2, "points": 52, "target": 41, "made": True,
        "margin": 11, "petit_au_bout": None, "handful_bonus": 20, "slam": None,
        "value": 92, "scores": (-92, 276, -92, -92),
    }


def test_example_5_announced_slam_defence_keeps_its_excuse():
    # (87 - 41 + 25) x 2 + 20 + 20 + 400 = 582.
    deal = replay(EXAMPLE_5)
    state = deal.state
    assert state.camp_tricks == [18, 0]
    assert state.excuse_player == 1 and state.excuse_trick == 2
    assert summary(deal) == {
        "contract": "garde", "oudlers": 2, "points": 87, "target": 41, "made": True,
        "margin": 46, "petit_au_bout": "taker", "handful_bonus": 20, "slam": "announced_made",
        "value": 582, "scores": (-582, -582, 1746, -582),
    }
    assert deal.result.defence_points == 4  # the Excuse kept by the defence


# --- half points ---------------------------------------------------------------------------------


def test_three_players_40_5_against_41_loses_by_1():
    deal = replay(THREE_LOST_BY_HALF)
    r = deal.result
    assert (r.points, r.oudlers, r.target, r.made, r.margin) == (40.5, 2, 41, False, 1)
    assert (r.value, r.scores) == (-26, (-52, 26, 26))
    assert r.defence_points == 50.5


def test_three_players_41_5_against_41_wins_by_1():
    deal = replay(THREE_WON_BY_HALF)
    r = deal.result
    assert (r.points, r.oudlers, r.target, r.made, r.margin) == (41.5, 2, 41, True, 1)
    assert (r.value, r.scores) == (26, (52, -26, -26))


def table(players: int, contract: str, points_half: int, oudlers: int) -> DealState:
    """A finished state whose taker (seat 0) holds cards worth ``points_half`` half points
    with ``oudlers`` oudlers, and the defence the rest; no Petit au bout, no slam."""
    rules = FFT
    state = DealState(rules, players)
    state.contract = rules.contract(contract)
    state.taker = 0
    state.phase = Phase.FINISHED
    held = [C.TWENTY_ONE, C.PETIT, C.EXCUSE][:oudlers]
    left = points_half - sum(C.card_points(c) for c in held)
    others = sorted((c for c in range(C.DECK_SIZE) if not C.is_oudler(c)),
                    key=C.card_points, reverse=True)
    for card in others:
        if C.card_points(card) <= left:
            held.append(card)
            left -= C.card_points(card)
    assert left == 0
    mask = C.mask_of(held)
    state.camp_won = [mask, C.FULL_DECK & ~mask]
    state.camp_tricks = [1, 1]
    return state


@pytest.mark.parametrize(("half", "made", "margin"), [
    (81, False, 1),  # 40.5 against 41: lost by 1
    (82, True, 0),  # made by 0
    (83, True, 1),  # 41.5: won by 1
    (85, True, 2),  # 42.5: 1.5 rounds up to 2
    (87, True, 3),  # 43.5: 2.5 rounds up to 3 (round() would say 2)
    (79, False, 2),  # 39.5: lost by 1.5 -> 2
    (77, False, 3),  # 38.5: lost by 2.5 -> 3 (round() would say 2)
    (80, False, 1),  # 40: lost by 1
])
def test_margin_rounds_the_half_point_toward_the_winner(half, made, margin):
    result = score_deal(table(3, "petite", half, 2))
    assert result.target == 41
    assert (result.points_half, result.made, result.margin) == (half, made, margin)
    assert result.value == (25 + margin) * (1 if made else -1)
    assert sum(result.scores) == 0


@pytest.mark.parametrize("oudlers", [0, 1, 2, 3])
def test_margin_for_every_count(oudlers):
    targets = (56, 51, 41, 36)
    low = sum(C.card_points(c) for c in [C.TWENTY_ONE, C.PETIT, C.EXCUSE][:oudlers])
    for half in range(low, C.mask_points(C.FULL_DECK) + 1 - (9 * (3 - oudlers))):
        result = score_deal(table(5, "garde", half, oudlers))
        gap = Fraction(half, 2) - targets[oudlers]
        assert result.target == targets[oudlers]
        assert result.made == (gap >= 0)
        assert result.margin == ceil(abs(gap))  # a half point always goes to the winner
        assert result.value == (25 + ceil(abs(gap))) * 2 * (1 if gap >= 0 else -1)
        assert result.points == (half // 2 if half % 2 == 0 else half / 2)


# --- five players --------------------------------------------------------------------------------


def test_five_players_partner_split():
    deal = replay(FIVE_PARTNER)
    r = deal.result
    assert (r.taker, r.partner) == (2, 0)
    assert PartnerRevealed(0) in deal.events
    assert (r.points, r.oudlers, r.made, r.margin, r.value) == (66, 2, True, 25, 100)
    assert r.scores == (100, -100, 200, -100, -100)  # partner V, taker 2V, defenders -V


def test_five_players_split_option():
    deal = replay(FIVE_PARTNER, FFT.with_overrides({"five_player_split": [3, 0]}))
    assert deal.result.scores == (0, -100, 300, -100, -100)


def test_five_players_taker_alone_with_own_king():
    deal = replay(FIVE_ALONE)
    r = deal.result
    assert (r.taker, r.partner) == (2, None)
    assert PartnerRevealed(2) in deal.events
    assert (r.points, r.oudlers, r.made, r.margin, r.value) == (41, 3, True, 5, 30)
    assert r.scores == (-30, -30, 120, -30, -30)  # alone: 4V


# --- slams ---------------------------------------------------------------------------------------


def test_slam_made_without_announcement():
    # The defence's Excuse played to the last trick changes camp: 91 points, three oudlers.
    # (25 + 55) + 10 Petit au bout + 200 = 290.
    deal = replay(SLAM_UNANNOUNCED)
    assert deal.state.tricks[0][0] == 1  # not announced: the seat after the dealer leads
    assert summary(deal) == {
        "contract": "petite", "oudlers": 3, "points": 91, "target": 36, "made": True,
        "margin": 55, "petit_au_bout": "taker", "handful_bonus": 0, "slam": "made",
        "value": 290, "scores": (-290, -290, 870, -290),
    }


def test_slam_announced_and_failed():
    # The first trick lost (2 points) and the defence's Excuse kept: 91 - 2 - 4 = 85.
    # (25 + 44) x 2 + 20 Petit au bout - 200 = -42.
    deal = replay(SLAM_FAILED)
    assert deal.state.tricks[0][0] == 2  # announced: the taker leads
    assert deal.state.camp_tricks == [17, 1]
    assert summary(deal) == {
        "contract": "garde", "oudlers": 2, "points": 85, "target": 41, "made": True,
        "margin": 44, "petit_au_bout": "taker", "handful_bonus": 0,
        "slam": "announced_failed", "value": -42, "scores": (42, 42, -126, 42),
    }
    assert deal.result.slam_bonus == -200


def test_defence_slam():
    # Garde contre, the taker wins nothing: -(25 + 56) x 6 - 200 = -686.
    deal = replay(DEFENCE_SLAM)
    assert deal.state.camp_tricks == [0, 18]
    assert summary(deal) == {
        "contract": "garde_contre", "oudlers": 0, "points": 0, "target": 56, "made": False,
        "margin": 56, "petit_au_bout": None, "handful_bonus": 0, "slam": "defence",
        "value": -686, "scores": (-2058, 686, 686, 686),
    }


def test_slam_won_by_the_excuse_led_to_the_last_trick():
    # The taker leads the Excuse to the last trick and wins it; the Petit, led to the
    # next-to-last trick, counts as au bout. (25 + 55) x 2 + 20 + 400 = 580.
    deal = replay(SLAM_EXCUSE_LED)
    last_leader, last, winner = deal.state.tricks[-1]
    assert last[0] == C.EXCUSE and last_leader == winner == 2
    assert C.PETIT in deal.state.tricks[-2][1]
    assert summary(deal) == {
        "contract": "garde", "oudlers": 3, "points": 91, "target": 36, "made": True,
        "margin": 55, "petit_au_bout": "taker", "handful_bonus": 0, "slam": "announced_made",
        "value": 580, "scores": (-580, -580, 1740, -580),
    }


def test_slam_excuse_led_with_the_petit_in_the_last_trick():
    # A defender kept the Petit for the last trick, under the taker's Excuse: the Petit is in
    # the last trick, which the taker's camp wins. (25 + 55) x 4 + 40 + 400 = 760.
    deal = replay(SLAM_PETIT_UNDER_EXCUSE)
    _, last, winner = deal.state.tricks[-1]
    assert last[0] == C.EXCUSE and C.PETIT in last and winner == 2
    assert summary(deal) == {
        "contract": "garde_sans", "oudlers": 3, "points": 91, "target": 36, "made": True,
        "margin": 55, "petit_au_bout": "taker", "handful_bonus": 0, "slam": "announced_made",
        "value": 760, "scores": (-760, -760, 2280, -760),
    }


def test_excuse_led_to_the_last_trick_without_a_slam_does_not_win():
    deal = replay(EXCUSE_LAST_TRICK)
    last_leader, last, winner = deal.state.tricks[-1]
    assert last[0] == C.EXCUSE and last_leader == 2 and winner == 3


# --- the Excuse ----------------------------------------------------------------------------------


def test_excuse_in_the_last_trick_changes_camp():
    # A defender's Excuse in the last trick, which the defence wins: under the FFT rule it
    # goes to the taker's camp (4.5 points and an oudler).
    deal = replay(EXCUSE_LAST_TRICK)
    assert summary(deal) == {
        "contract": "garde", "oudlers": 1, "points": 38.5, "target": 51, "made": False,
        "margin": 13, "petit_au_bout": None, "handful_bonus": 0, "slam": None,
        "value": -76, "scores": (76, -228, 76, 76),
    }


def test_excuse_in_the_last_trick_to_the_trick_winner_variant():
    # The same deal where the Excuse goes to whoever wins the last trick: the defence.
    deal = replay(EXCUSE_LAST_TRICK, TRICK_WINNER)
    assert summary(deal) == {
        "contract": "garde", "oudlers": 0, "points": 34, "target": 56, "made": False,
        "margin": 22, "petit_au_bout": None, "handful_bonus": 0, "slam": None,
        "value": -94, "scores": (94, -282, 94, 94),
    }
    changed = replay(EXCUSE_LAST_TRICK).result
    assert changed.points_half - deal.result.points_half == 9  # the card itself moved


def taker_cards(state: DealState) -> int:
    """The cards the taker's camp won in tricks (the Excuse aside), plus the discard."""
    camp = {state.taker, state.partner} - {None}
    mask = state.discard
    for _, cards, winner in state.tricks:
        if winner in camp:
            mask |= C.mask_of(c for c in cards if c != C.EXCUSE)
    return mask


def test_excuse_exchange_when_the_taker_plays_it():
    # The taker's Excuse, played into a trick the defence wins: the taker's camp counts it 4,
    # the defence 0.5 (the low card given in exchange).
    deal = replay(TAKER_EXCUSE_EXCHANGED)
    state = deal.state
    assert state.excuse_player == 1 and state.camp_of(state.excuse_winner) == DEFENCE_CAMP
    r = deal.result
    assert r.points_half == C.mask_points(taker_cards(state)) + 8
    assert r.oudlers == 1 + (C.PETIT in C.cards_of(taker_cards(state)))
    assert r.points_half + (r.defence_points * 2) == 182
    assert (r.points, r.oudlers, r.made, r.margin, r.value) == (34, 1, False, 17, -42)


def test_excuse_exchange_when_a_defender_plays_it():
    # A defender's Excuse in a trick the taker wins: the taker's camp counts 0.5 for it.
    deal = replay(DEFENCE_EXCUSE_EXCHANGED)
    state = deal.state
    assert state.excuse_player == 3 and state.camp_of(state.excuse_winner) == TAKER_CAMP
    r = deal.result
    assert r.points_half == C.mask_points(taker_cards(state)) + 1
    assert r.defence_points * 2 == 182 - r.points_half
    assert (r.points, r.oudlers, r.made, r.margin, r.value) == (56, 2, True, 15, 80)


# --- every deal adds up: an independent count of random deals ------------------------------------


def independent_count(state: DealState) -> tuple[list[int], list[int]]:
    """Half points and oudlers of each camp, counted trick by trick from RULES.md §8–§9."""
    rules = state.rules
    camp = {state.taker, state.partner} - {None}

    def camp_of(seat: int) -> int:
        return TAKER_CAMP if seat in camp else DEFENCE_CAMP

    half, oudlers = [0, 0], [0, 0]

    def give(side: int, card: int, points: int | None = None) -> None:
        half[side] += C.card_points(card) if points is None else points
        oudlers[side] += C.is_oudler(card) and (points is None or points > 1)

    last = len(state.tricks) - 1
    for i, (leader, cards, winner) in enumerate(state.tricks):
        for pos, card in enumerate(cards):
            if card != C.EXCUSE:
                give(camp_of(winner), card)
                continue
            owner = camp_of((leader + pos) % state.n)
            if pos == 0 and winner == leader:  # the slam case: the Excuse won
                give(owner, card)
            elif i == last:
                to = 1 - owner if rules.excuse_last_trick == "changes_camp" else camp_of(winner)
                give(to, card)
            else:
                give(owner, card, 8)
                give(camp_of(winner), card, 1)
    contract = state.contract
    aside = state.discard if contract.dog_shown else state.dog
    for card in C.cards_of(aside):
        give(TAKER_CAMP if contract.dog_to_taker else DEFENCE_CAMP, card)
    return half, oudlers


def expected_value(state: DealState, half: int, oudlers: int) -> int:
    rules = state.rules
    m = state.contract.multiplier
    gap = Fraction(half, 2) - rules.targets[oudlers]
    sign = 1 if gap >= 0 else -1
    value = sign * (rules.contract_base + ceil(abs(gap))) * m
    leader, cards, winner = state.tricks[-1]
    if cards[0] == C.EXCUSE and winner == leader and C.PETIT not in cards:
        leader, cards, winner = state.tricks[-2]
    if C.PETIT in cards:
        side = 1 if winner in {state.taker, state.partner} else -1
        value += side * rules.petit_au_bout * m
    thresholds = rules.handful_thresholds(state.n)
    value += sign * sum(rules.handful_bonus[thresholds.index(len(h))]
                        for h in state.handfuls.values())
    taker_tricks, defence_tricks = state.camp_tricks
    if state.slam_announced:
        value += rules.slam.announced_made if defence_tricks == 0 else rules.slam.announced_failed
    elif defence_tricks == 0:
        value += rules.slam.made
    if taker_tricks == 0:
        value += rules.slam.defence
    return value


def random_deals(rules, players: int, count: int, seed: int):
    """Finished random deals: a random taker and contract, random legal cards, but the Excuse
    and the Petit often held back to the end, and handfuls and misères shown when allowed."""
    rng = random.Random(seed)
    made = 0
    while made < count:
        deal = Deal.new(rules, players, rng.randrange(players), rng.randrange(1 << 30))
        if deal.is_over:
            continue
        taker, contract = rng.randrange(players), rng.choice(CONTRACT_NAMES)
        for _ in range(players):
            seat = deal.state.turn
            deal.execute(seat, Bid(contract if seat == taker else None))
        if deal.state.phase is Phase.CALLING:
            deal.execute(taker, rng.choice(legal_actions(deal.state)))
        if deal.state.phase is Phase.DISCARDING:
            deal.execute(taker, random_discard(deal.state, rng))
        deal.execute(taker, DecideSlam(rng.random() < 0.05))
        held = {c for c in (C.EXCUSE, C.PETIT) if rng.random() < 0.5}
        while not deal.is_over:
            state = deal.state
            seat = state.turn
            if not state.played_seats >> seat & 1:
                if rng.random() < 0.7 and (show := random_handful(state, seat, rng)):
                    deal.execute(seat, show)
                for kind in misere_options(deal.state, seat):
                    deal.execute(seat, AnnounceMisere(kind))
            legal = C.cards_of(deal.state.legal_plays())
            deal.execute(seat, Play(rng.choice([c for c in legal if c not in held] or legal)))
        made += 1
        yield deal


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("variant", ["fft", "excuse_to_trick_winner", "miseres"])
def test_random_deals_add_up(players, variant):
    rules = load_rules(variant=variant)
    for deal in random_deals(rules, players, 150, seed=players * 100 + len(variant)):
        state, r = deal.state, deal.result
        half, oudlers = independent_count(state)
        assert half[TAKER_CAMP] + half[DEFENCE_CAMP] == 182  # the two totals make 91
        assert r.points_half == half[TAKER_CAMP]
        assert r.oudlers == oudlers[TAKER_CAMP]
        assert oudlers[TAKER_CAMP] + oudlers[DEFENCE_CAMP] == 3
        assert r.value == expected_value(state, r.points_half, r.oudlers)
        assert sum(r.contract_scores) == 0 and sum(r.scores) == 0
        assert deal.scores == r.scores


# --- misères -------------------------------------------------------------------------------------


def test_misere_worth_ten_from_every_other_player():
    rules = load_rules(variant="miseres")
    rng = random.Random(12)
    for seed in range(1000):
        deal = Deal.new(rules, 4, 3, seed)
        while not deal.is_over and deal.state.phase is not Phase.PLAYING:
            deal.execute(deal.state.turn, random_action(deal.state, rng, slam_rate=0))
        if deal.is_over or misere_options(deal.state, deal.state.turn) != ["trump"]:
            continue
        seat = deal.state.turn
        deal.execute(seat, AnnounceMisere("trump"))
        while not deal.is_over:
            deal.execute(deal.state.turn, random_action(deal.state, rng, slam_rate=0))
        r = deal.result
        expected = tuple(30 if s == seat else -10 for s in range(4))
        assert r.misere_scores == expected
        assert r.scores == tuple(a + b for a, b in zip(r.contract_scores, expected, strict=True))
        assert sum(r.scores) == 0
        return
    pytest.fail("no deal with a misère found")



def test_the_oudlers_named_and_the_excuse_told_agree_with_the_count_over_random_deals():
    import random as _random

    from engine.deal import Deal
    from engine.randomplay import random_action
    from engine.rules import load_rules
    from engine.scoring import count_cards, excuse_fate, oudlers_counted

    rules = load_rules()
    hows = set()
    for seed in range(900):
        players = 3 + seed % 3
        rng = _random.Random(seed)
        deal = Deal.new(rules, players, seed % players, seed)
        while not deal.is_over:
            deal.execute(deal.state.turn, random_action(deal.state, rng))
        state = deal.state
        if deal.result is None:
            continue
        named = oudlers_counted(state)
        assert len(named) == count_cards(state).oudlers == deal.result.oudlers
        fate = excuse_fate(state)
        hows.add(fate.how)
        assert (C.EXCUSE in named) == (fate.camp == 0)
        assert (fate.owner is None) == (fate.how == "dog")
    assert {"kept", "dog"} <= hows


@pytest.mark.parametrize("variant", ["fft", "miseres", "call_any_card"])
def test_the_excuse_fate_told_at_its_trick_is_the_fate_the_score_counts(variant):
    """trick_excuse_fate, asked as the Excuse's trick is won (what the replay's narration
    tells), gives what excuse_fate finds once the deal is over: one rule, every case of it
    (kept with a low card given, the last trick either way, the slam's Excuse led)."""
    from engine.events import TrickWon
    from engine.scoring import excuse_fate, trick_excuse_fate
    from engine.state import replay

    rules = load_rules(variant=variant)
    seen: set[str] = set()
    checked = 0
    for seed in range(300):
        players = 3 + seed % 3
        deal = Deal.new(rules, players, seed % players, 9000 + seed)
        rng = random.Random(seed)
        while not deal.is_over:
            deal.execute(deal.state.turn, random_action(deal.state, rng, slam_rate=0.3))
        if deal.state.phase is not Phase.FINISHED or deal.state.excuse_player < 0:
            continue
        events = deal.events
        for i, event in enumerate(events):
            if isinstance(event, TrickWon):
                before = replay(rules, events[:i], players)
                told = trick_excuse_fate(before, event.seat)
                if C.EXCUSE in before.trick:
                    assert told == excuse_fate(deal.state), (seed, told)
                    seen.add(told.how)
                    checked += 1
                else:
                    assert told is None
    assert {"kept", "last_trick"} <= seen and checked > 100, (seen, checked)
