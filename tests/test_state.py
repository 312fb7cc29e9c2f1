"""DealState: copies are complete and independent; the fast path matches the fold."""

import random

from engine.deal import Deal
from engine.randomplay import random_action
from engine.rules import load_rules
from engine.state import DealState, Phase

RULES = load_rules()


def _mid_deal(players, seed):
    deal = Deal.new(RULES, players, 0, seed)
    rng = random.Random(seed)
    while not deal.is_over and len(deal.state.tricks) < 3:
        deal.execute(deal.state.turn, random_action(deal.state, rng))
    return deal


def test_copy_sets_every_field_and_shares_no_mutable_container():
    state = _mid_deal(4, 11).state
    copy = state.copy()
    for name in DealState.__slots__:
        assert getattr(copy, name) == getattr(state, name), name
        value = getattr(state, name)
        if isinstance(value, list | dict):
            assert getattr(copy, name) is not value, name
    assert copy == state


def test_fast_path_play_equals_the_event_fold():
    for seed in range(40):
        deal = _mid_deal(3 + seed % 3, seed)
        if deal.state.phase is not Phase.PLAYING:
            continue
        rng = random.Random(seed)
        fast = deal.state.copy()
        while not deal.is_over:
            actions = deal.legal_actions()
            action = actions[rng.randrange(len(actions))]
            deal.execute(deal.state.turn, action)
            fast.play(action.card)  # type: ignore[union-attr]
            if not deal.is_over:
                assert fast == deal.state
        assert fast.tricks == deal.state.tricks
        assert fast.camp_won == deal.state.camp_won
