"""The replay viewer's keys: stepping, jumping by trick, autoplay and its speed, the views,
the review's mistakes, play on, the expert's line and the challenge."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.replay.viewer import ReplayScene


def replay_key(scene: ReplayScene, event: pygame.event.Event) -> bool:
    """Carries out the replay's key ``event`` (a KEYDOWN); ``False`` when it is not one of
    the replay's keys, which the table under it then gets."""
    key = event.key
    actions: dict[int, Callable[[], object]] = {
        pygame.K_RIGHT: scene.forward,
        pygame.K_LEFT: scene.back,
        pygame.K_HOME: scene.first,
        pygame.K_END: scene.last,
        pygame.K_PAGEUP: scene.trick_back,
        pygame.K_UP: scene.trick_back,
        pygame.K_PAGEDOWN: scene.trick_forward,
        pygame.K_DOWN: scene.trick_forward,
        pygame.K_SPACE: scene.toggle_autoplay,
        pygame.K_p: scene.play_on,
        pygame.K_l: scene.ask_expert_line,
        pygame.K_c: scene.challenge,
        pygame.K_m: lambda: scene.next_mistake(-1 if event.mod & pygame.KMOD_SHIFT else 1),
        pygame.K_RIGHTBRACKET: scene.next_mistake,
        pygame.K_LEFTBRACKET: lambda: scene.next_mistake(-1),
        pygame.K_ESCAPE: scene.close,
        pygame.K_TAB: scene.next_tab,
        pygame.K_b: scene.toggle_beliefs,
        pygame.K_o: lambda: (scene.show_as_seen if scene.open_hands
                             else scene.show_open_hands)(),
        pygame.K_PLUS: scene.faster,
        pygame.K_KP_PLUS: scene.faster,
        pygame.K_EQUALS: scene.faster,
        pygame.K_MINUS: lambda: scene.set_speed(scene.speed - 1),
        pygame.K_KP_MINUS: lambda: scene.set_speed(scene.speed - 1),
    }
    action = actions.get(key)
    if action is None:
        return False
    if key == pygame.K_ESCAPE and (scene.table.last_trick.visible
                                   or scene.table.shown.visible):
        return False  # the table closes the last trick (or the cards shown) first
    action()
    return True
