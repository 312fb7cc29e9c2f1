"""A match (RULES.md §11): dealer rotation, running totals, undo by truncation, seeds."""

from __future__ import annotations

import random

import pytest

from engine import cards as C
from engine.actions import PASS, Action, Bid, DecideSlam, Play
from engine.commands import deal_cards, petit_sec_seat
from engine.deal import Deal, command_of
from engine.events import BidMade, CardPlayed, DealDealt, HandfulShown
from engine.length import MatchLength
from engine.match import Match, deal_seed
from engine.randomplay import random_action, random_handful
from engine.rules import Rules, RulesError, load_rules
from engine.state import DealState, Phase, replay

RULES = load_rules()


def step(deal: Deal, rng: random.Random, handfuls: bool = True) -> None:
    """One random legal decision (a handful before a first card, now and then)."""
    state = deal.state
    seat = state.turn
    assert seat is not None
    if handfuls and state.phase is Phase.PLAYING and not state.played_seats >> seat & 1:
        handful = random_handful(state, seat, rng)
        if handful is not None and rng.random() < 0.5:
            deal.execute(seat, handful)
            return
    deal.execute(seat, random_action(state, rng))


def play_out(deal: Deal, rng: random.Random) -> None:
    while not deal.is_over:
        step(deal, rng)


def pass_out(deal: Deal) -> None:
    while not deal.is_over:
        deal.execute(deal.state.turn, PASS)  # type: ignore[arg-type]


def petit_sec_match_seed(players: int) -> int:
    """A match seed whose deals 0 to 7 include a petit sec (so a deal cancelled at the deal)."""
    for seed in range(10_000):
        for number in range(8):
            dealt = deal_cards(RULES, players, number % players, deal_seed(seed, number))
            if petit_sec_seat(RULES, dealt) is not None:
                return seed
    raise AssertionError("no petit sec found")


# --- dealer rotation ------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("first_dealer", [0, 2])
def test_dealer_moves_on_every_deal_cancelled_ones_included(players: int,
                                                            first_dealer: int) -> None:
    rng = random.Random(players * 10 + first_dealer)
    match = Match.new(RULES, players, seed=31 + players, first_dealer=first_dealer)
    reasons = []
    for number in range(3 * players + 1):
        if number:
            expected_dealer = (first_dealer + number) % players
            assert match.next_dealer == expected_dealer
            match.next_deal()
        deal = match.current
        assert deal.state.dealer == (first_dealer + number) % players
        if not deal.is_over:
            assert deal.state.turn == (deal.state.dealer + 1) % players  # first to speak
        if number % 3 == 1:
            pass_out(deal)  # everybody passes: cancelled
        else:
            play_out(deal, rng)
        reasons.append(deal.state.cancelled or deal.state.phase.value)
    assert reasons.count("all_passed") >= players
    assert "finished" in reasons
    assert [d.state.dealer for d in match.deals] == [
        (first_dealer + k) % players for k in range(len(match.deals))]


@pytest.mark.parametrize("players", [4, 5])
def test_a_petit_sec_moves_the_dealer_too(players: int) -> None:
    seed = petit_sec_match_seed(players)
    rng = random.Random(seed)
    match = Match.new(RULES, players, seed)
    petit_sec = 0
    for number in range(8):
        if number:
            match.next_deal()
        deal = match.current
        assert deal.state.dealer == number % players
        if deal.state.cancelled == "petit_sec":
            petit_sec += 1
            assert deal.is_over and deal.state.scores == (0,) * players
            assert len(deal.events) == 2
        play_out(deal, rng)
    assert petit_sec >= 1


def test_next_deal_waits_for_the_current_one() -> None:
    match = Match.new(RULES, 4, seed=3)
    assert len(match.deals) == 1
    with pytest.raises(ValueError, match="not over"):
        match.next_deal()
    pass_out(match.current)
    match.next_deal()
    assert len(match.deals) == 2


def test_a_match_needs_a_supported_player_count() -> None:
    with pytest.raises(RulesError):
        Match.new(RULES, 6, seed=1)
    with pytest.raises(ValueError, match="no deal yet"):
        _ = Match(RULES, 4, seed=1).current


# --- the match's length -------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_match_of_one_round_ends_once_each_seat_has_dealt(players: int) -> None:
    """Every deal dealt counts, a cancelled one too: the deal passes on all the same."""
    rng = random.Random(players)
    match = Match.new(RULES, players, seed=5, length=MatchLength.rounds(1, players))
    assert match.length.deals == players
    dealers = []
    for number in range(players):
        if number:
            match.next_deal()
        dealers.append(match.current.state.dealer)
        if number == 1:
            pass_out(match.current)  # cancelled: still a deal of the round
        else:
            play_out(match.current, rng)
        if number < players - 1:
            assert not match.over and match.winners == []
    assert sorted(dealers) == list(range(players))
    assert match.over
    best = max(match.totals)
    assert match.winners == [s for s, t in enumerate(match.totals) if t == best]
    with pytest.raises(ValueError, match="the match is over"):
        match.next_deal()


def test_a_match_to_a_score_ends_after_the_deal_a_total_reaches_it() -> None:
    rng = random.Random(8)
    match = Match.new(RULES, 4, seed=9, length=MatchLength(target=2000))
    while True:
        play_out(match.current, rng)
        reached = any(abs(t) >= 2000 for t in match.totals)
        assert match.over == reached
        if reached:
            break
        match.next_deal()
    assert match.count > 1
    assert match.winners == [s for s, t in enumerate(match.totals) if t == max(match.totals)]


def test_an_undo_in_the_last_deal_opens_the_match_again() -> None:
    match = Match.new(RULES, 3, seed=2, length=MatchLength(deals=1))
    play_out(match.current, random.Random(2))
    assert match.over
    assert match.undo(match.current.state.dealer)
    assert not match.over and match.winners == []


def test_a_match_with_no_length_never_ends() -> None:
    match = Match.new(RULES, 3, seed=4)
    assert match.length.endless
    for _ in range(12):
        play_out(match.current, random.Random(len(match.deals)))
        assert not match.over
        match.next_deal()


@pytest.mark.parametrize("values", [{"deals": 0}, {"deals": 1001}, {"target": 99},
                                    {"target": 100_001}, {"deals": 4, "target": 500}])
def test_a_length_out_of_range_is_refused(values: dict[str, int]) -> None:
    with pytest.raises(ValueError):
        MatchLength(**values)


# --- running totals ------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("variant", ["fft", "miseres"])
def test_running_totals_add_up_to_zero(players: int, variant: str) -> None:
    rules = load_rules(variant=variant)
    rng = random.Random(f"{players}{variant}")
    match = Match.new(rules, players, seed=7)
    expected = [0] * players
    for number in range(25):
        if number:
            match.next_deal()
        deal = match.current
        while not deal.is_over:
            assert match.totals == expected  # a deal in progress does not count yet
            step(deal, rng)
        assert deal.scores is not None and sum(deal.scores) == 0
        expected = [t + s for t, s in zip(expected, deal.scores, strict=True)]
        assert match.totals == expected
        assert sum(match.totals) == 0
    assert any(match.totals)
    assert match.finished_deals == match.deals
    assert match.events() == [e for d in match.deals for e in d.events]


# --- undo -----------------------------------------------------------------------------------------


def last_decision_of(deal: Deal, seat: int) -> int | None:
    found = [i for i, e in enumerate(deal.events)
             if (c := command_of(e)) is not None and c[0] == seat]
    return found[-1] if found else None


@pytest.mark.parametrize("players", [3, 4, 5])
def test_undo_takes_back_the_seats_last_decision(players: int) -> None:
    rng = random.Random(100 + players)
    match = Match.new(RULES, players, seed=11)
    undone = 0
    for _ in range(4):
        deal = match.current
        history: dict[int, DealState] = {len(deal.events): deal.state}
        while not deal.is_over:
            step(deal, rng)
            history[len(deal.events)] = deal.state
            if rng.random() < 0.15:
                seat = rng.randrange(players)
                index = last_decision_of(deal, seat)
                before = list(deal.events)
                if index is None:
                    assert match.undo(seat) is False
                    assert deal.events == before
                    continue
                assert match.undo(seat) is True
                undone += 1
                assert deal.events == before[:index]
                assert deal.state == replay(RULES, deal.events)
                assert deal.state == history[index]
                assert not deal.is_over
                history = {k: v for k, v in history.items() if k <= index}
        match.next_deal()
    assert undone >= 10


def test_undo_then_the_same_decision_gives_the_same_log() -> None:
    rng = random.Random(4)
    match = Match.new(RULES, 4, seed=12)
    deal = match.current
    for _ in range(30):
        step(deal, rng, handfuls=False)
    seat = deal.state.turn
    assert seat is not None and deal.state.phase is Phase.PLAYING
    action: Action = Play(max(C.cards_of(deal.state.legal_plays())))
    log = list(deal.events)
    after = deal.execute(seat, action)
    assert match.undo(seat)
    assert deal.events == log
    assert deal.execute(seat, action) == after


def test_undo_of_a_finished_deal_reopens_it_and_its_score() -> None:
    rng = random.Random(9)
    match = Match.new(RULES, 4, seed=13)
    deal = match.current
    play_out(deal, rng)
    while deal.state.phase is not Phase.FINISHED:
        match.next_deal()
        deal = match.current
        play_out(deal, rng)
    totals, scores = match.totals, deal.scores
    assert any(totals) and scores is not None
    last = deal.events[-3]  # the last card, then its trick and the score
    assert isinstance(last, CardPlayed)
    assert match.undo(last.seat)
    assert not deal.is_over and deal.scores is None and deal.state.turn == last.seat
    assert match.totals == [t - s for t, s in zip(totals, scores, strict=True)]
    assert sum(match.totals) == 0
    deal.execute(last.seat, Play(last.card))
    assert match.totals == totals


def test_undo_of_a_handful_then_back_to_the_bidding() -> None:
    for seed in range(500):  # a deal where the first seat to play may show a handful
        match = Match.new(RULES, 5, seed=seed)
        deal = match.current
        if deal.is_over:
            continue
        deal.execute(1, Bid("garde_sans"))
        for seat in (2, 3, 4, 0):
            deal.execute(seat, PASS)
        while deal.state.phase is not Phase.PLAYING:
            state = deal.state
            choice = DecideSlam(False) if state.phase is Phase.SLAM else random_action(
                state, random.Random(seed))
            deal.execute(state.turn, choice)  # type: ignore[arg-type]
        handful = random_handful(deal.state, 1, random.Random(seed))
        if handful is not None:
            break
    else:
        raise AssertionError("no handful found")
    assert deal.state.turn == 1
    before = list(deal.events)
    deal.execute(1, handful)
    assert isinstance(deal.events[-1], HandfulShown)
    assert match.undo(1)
    assert deal.events == before and 1 not in deal.state.handfuls
    # then the slam decision, the call and the bid, one at a time
    kinds = []
    while (index := last_decision_of(deal, 1)) is not None:
        kinds.append(deal.events[index].kind)
        assert match.undo(1)
        assert len(deal.events) == index and deal.state == replay(RULES, deal.events)
    assert kinds == ["slam_declined", "king_called", "bid_made"]
    assert deal.state.phase.value == "bidding" and deal.state.turn == 1
    assert [type(e) for e in deal.events] == [DealDealt]
    assert match.undo(1) is False
    with pytest.raises(ValueError, match="cannot be undone"):
        deal.truncate(0)


def test_undo_steps_over_the_kinds_of_decision_it_is_told_to():
    """A decision answered for the seat (the slam, when the player asked not to be asked)
    goes back with the decision before it: the discard, in one truncation."""
    for seed in range(200):
        match = Match.new(RULES, 4, seed=seed)
        deal = match.current
        if deal.is_over:
            continue
        deal.execute(deal.state.turn, Bid("garde"))
        while deal.state.phase is Phase.BIDDING:
            deal.execute(deal.state.turn, PASS)
        if deal.state.phase is Phase.DISCARDING:
            break
    else:
        raise AssertionError("no garde taken")
    taker = deal.state.taker
    assert taker is not None
    rng = random.Random(seed)
    deal.execute(taker, random_action(deal.state, rng))  # the discard
    after_discard = len(deal.events)
    deal.execute(taker, DecideSlam(False))
    assert isinstance(match.undoable(taker), DecideSlam)
    discard = match.undoable(taker, past=(DecideSlam,))
    assert discard is not None and type(discard).__name__ == "Discard"
    assert match.undo(taker, past=(DecideSlam,))
    assert deal.state.phase is Phase.DISCARDING and len(deal.events) < after_discard

def test_undo_only_touches_the_current_deal() -> None:
    rng = random.Random(21)
    match = Match.new(RULES, 4, seed=21)
    play_out(match.current, rng)
    first = list(match.deals[0].events)
    match.next_deal()
    seat = match.current.state.turn
    assert seat is not None
    assert match.undo(seat) is False  # nothing of theirs in the new deal yet
    match.execute(seat, PASS)
    assert isinstance(match.current.events[-1], BidMade)
    assert match.undo(seat) is True
    assert match.deals[0].events == first
    assert len(match.current.events) == 1


def test_an_undo_makes_the_deal_practised() -> None:
    rng = random.Random(31)
    match = Match.new(RULES, 4, seed=31)
    assert match.practised == set() and not match.is_practised()
    seat = match.current.state.turn
    assert seat is not None
    assert match.undoable(seat) is None
    assert match.undo(seat) is False  # nothing undone: not practised
    assert match.practised == set()
    match.execute(seat, Bid("garde"))
    assert match.undoable(seat) == Bid("garde")
    assert match.undoable((seat + 1) % 4) is None
    assert match.undo(seat) is True
    assert match.practised == {0} and match.is_practised() and match.is_practised(0)
    # played to the end: still practised; the next deal is not
    play_out(match.current, rng)
    assert match.is_practised(0)
    match.next_deal()
    assert not match.is_practised() and match.practised == {0}
    step(match.current, rng)
    command = command_of(match.current.events[match.current.command_starts()[-1]])
    assert command is not None
    assert match.undoable(command[0]) == command[1]
    assert match.undo(command[0])
    assert match.practised == {0, 1}


def test_practised_deals_are_deals_of_the_match() -> None:
    match = Match.new(RULES, 4, seed=32)
    again = Match(RULES, 4, 32, deals=match.deals, practised=[0])
    assert again.practised == {0}
    with pytest.raises(ValueError, match="practised"):
        Match(RULES, 4, 32, deals=match.deals, practised=[1])


# --- seeds ---------------------------------------------------------------------------------------


def test_deal_seeds_are_reproducible() -> None:
    assert deal_seed(0, 0) == 848539393343938291  # saved matches depend on this never changing
    assert deal_seed(0, 1) == 864465003136143499
    assert deal_seed(1, 0) == 2520801590762909749
    seeds = {deal_seed(s, k) for s in range(20) for k in range(20)}
    assert len(seeds) == 400
    assert all(0 <= s < 2**62 for s in seeds)


def _replayed_match(rules: Rules, players: int, seed: int, rng_seed: int) -> Match:
    rng = random.Random(rng_seed)
    match = Match.new(rules, players, seed, first_dealer=1)
    for number in range(6):
        if number:
            match.next_deal()
        play_out(match.current, rng)
    return match


@pytest.mark.parametrize("players", [3, 4, 5])
def test_same_seed_same_commands_same_match(players: int) -> None:
    one = _replayed_match(RULES, players, seed=42, rng_seed=1)
    two = _replayed_match(RULES, players, seed=42, rng_seed=1)
    assert one.events() == two.events()
    assert one.totals == two.totals
    for number, deal in enumerate(one.deals):
        dealt = deal.events[0]
        assert isinstance(dealt, DealDealt)
        assert dealt.seed == deal_seed(42, number)
        assert dealt == deal_cards(RULES, players, dealt.dealer, dealt.seed)
        assert Deal.new(RULES, players, dealt.dealer, dealt.seed).events[0] == dealt
    other = Match.new(RULES, players, seed=43, first_dealer=1)
    assert other.current.events[0].hands != one.deals[0].events[0].hands  # type: ignore[union-attr]


def test_replaying_the_commands_rebuilds_the_match() -> None:
    rng = random.Random(5)
    match = Match.new(RULES, 5, seed=77)
    commands: list[list[tuple[int, Action]]] = []
    for number in range(5):
        if number:
            match.next_deal()
        play_out(match.current, rng)
        commands.append([c for e in match.current.events if (c := command_of(e)) is not None])
    again = Match.new(RULES, 5, seed=77)
    for number, deal_commands in enumerate(commands):
        if number:
            again.next_deal()
        for seat, action in deal_commands:
            again.execute(seat, action)
    assert again.events() == match.events()
    assert again.totals == match.totals
