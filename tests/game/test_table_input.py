"""The hand's gestures become intents: the input moves the card under the mouse and says
what the gesture means; the table applies it (tests/game/test_table.py drives that whole)."""

from types import SimpleNamespace

import pygame
import pytest

from engine import cards as C
from game.table.input import (
    ConfirmDiscard,
    FromDiscard,
    PlayCard,
    PutBack,
    TableInput,
    ToDiscard,
    ToggleHandful,
)
from game.table.layers import SpriteSet
from game.table.layout import TableLayout
from game.table.sprites import CardSprite, HandFan

HAND = C.sort_for_hand(C.parse_cards(["2S", "5S", "8H", "KC", "T7", "EX"]))


class Stage(SimpleNamespace):
    def tr(self, key, **values):
        return key

    def d(self, seconds):
        return 0.0


@pytest.fixture
def stage():
    layout = TableLayout((1280, 720), 4, 1.0)
    hand = HandFan()
    for card in HAND:
        hand.add(CardSprite(card, 0, 0, layout.hand_w))
    hand.layout(layout, 0)
    return Stage(human=0, layout=layout, hand=hand, sprites=SpriteSet(),
                 toast=SimpleNamespace(show=lambda *a, **k: None))


def _input(stage, discarding=False, selecting=False, complete=False):
    return TableInput(stage, discarding=lambda: discarding, selecting=lambda: selecting,
                      complete=lambda: complete)


def _drag(hand_input, stage, card, to):
    sprite = stage.hand.sprites[card]
    at = (round(sprite.x), round(sprite.y))
    assert hand_input.handle_event(pygame.event.Event(
        pygame.MOUSEBUTTONDOWN, button=1, pos=at)) is True
    mid = ((at[0] + to[0]) // 2, (at[1] + to[1]) // 2)
    for pos in (mid, to):
        assert hand_input.handle_event(pygame.event.Event(
            pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))) is True
    return hand_input.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=to))


def test_a_card_dropped_on_the_table_is_to_be_played(stage):
    hand_input = _input(stage)
    card = HAND[2]
    intent = _drag(hand_input, stage, card, stage.layout.trick_rect.center)
    assert isinstance(intent, PlayCard) and intent.drag.card == card
    assert hand_input.drag is None and card in stage.hand  # the table plays it, not the input


def test_a_card_dropped_beside_the_table_goes_back(stage):
    hand_input = _input(stage)
    intent = _drag(hand_input, stage, HAND[0], (5, 5))
    assert isinstance(intent, PutBack) and intent.drag.card == HAND[0]


def test_while_discarding_a_drop_on_the_zone_joins_the_discard(stage):
    hand_input = _input(stage, discarding=True)
    intent = _drag(hand_input, stage, HAND[3], stage.layout.discard_rect.center)
    assert isinstance(intent, ToDiscard) and intent.drag.card == HAND[3]


def test_a_click_while_a_handful_is_chosen_selects(stage):
    hand_input = _input(stage, selecting=True)
    sprite = stage.hand.sprites[HAND[4]]
    at = (round(sprite.x), round(sprite.y))
    hand_input.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=at))
    intent = hand_input.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=at))
    assert isinstance(intent, ToggleHandful) and intent.drag.card == HAND[4]


def test_keys_in_the_discard_confirm_and_take_back(stage):
    zone_card = CardSprite(HAND[0], 600, 300, 80)
    stage.sprites.zone.append(zone_card)
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
    assert isinstance(_input(stage, discarding=True, complete=True).handle_event(key),
                      ConfirmDiscard)
    back = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="")
    intent = _input(stage, discarding=True).handle_event(back)
    assert isinstance(intent, FromDiscard) and intent.sprite is zone_card


def test_enter_plays_the_focused_card_and_the_focus_moves_on(stage):
    hand_input = _input(stage)
    stage.hand.focus = HAND[1]
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
    intent = hand_input.handle_event(key)
    assert isinstance(intent, PlayCard) and intent.drag.card == HAND[1]
    assert intent.drag.key_at == stage.hand.order.index(HAND[1])
    stage.hand.take(HAND[1])  # the table played it
    hand_input.after(intent)
    assert stage.hand.focus is None  # a card played ends the turn
