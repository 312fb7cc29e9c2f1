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
    for name in DealState.FIELDS:
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


def test_the_deck_is_shuffled_as_random_shuffle_does():
    """Seeds deal the same cards as before the shuffle was written out, and as the standard
    library's shuffle does."""
    from engine import cards as C
    from engine.commands import shuffled_deck

    for seed in range(300):
        reference = list(range(C.DECK_SIZE))
        random.Random(seed).shuffle(reference)
        assert shuffled_deck(random.Random(seed)) == reference


def test_the_dog_places_are_drawn_as_random_sample_does():
    """Both branches of the standard library's sample (a pool for small populations, redraws
    of repeats for large ones), with the generator left in the same state."""
    from engine.commands import _sample

    for n in range(1, 100, 3):
        for k in range(0, n + 1, 2):
            for seed in range(3):
                ours, theirs = random.Random(seed * 100 + n), random.Random(seed * 100 + n)
                assert _sample(ours, n, k) == theirs.sample(range(1, n + 1), k)
                assert ours.random() == theirs.random()


def test_card_points_of_a_mask_add_up_card_by_card():
    from engine import cards as C

    rng = random.Random(3)
    for _ in range(500):
        mask = rng.getrandbits(C.DECK_SIZE)
        assert C.mask_points(mask) == sum(C.HALF_POINTS[c] for c in C.iter_cards(mask))
    assert C.mask_points(C.FULL_DECK) == 182
