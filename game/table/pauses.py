"""The pictures the table holds until the player clicks: a won trick, the turned-over dog.

A player at the table moves on with a click or Space (or after the pause the settings give);
a replay or a demo, where nobody is there to click, holds them for a set time.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.table.stage import Stage


Animation = Iterator[float]

#: How often a picture held until a click checks for the click (in seconds).
CLICK_TICK = 0.05
#: How long a replay or a demo holds the turned-over dog: nobody is there to click.
DOG_SECONDS_UNATTENDED = 2.5
#: How long a replay or a demo shows a won trick when the settings hold it until a click.
TRICK_SECONDS_UNATTENDED = 0.85


def until_click(table: Stage, what: str, pause: float | None) -> Animation:
    """Hold the picture on the table (``what``: "trick", "dog") for ``pause`` seconds, or
    until a click or Space (``None``: until then); nothing is held at the instant speed."""
    table.click_wait, table.clicked = what, False
    waited = 0.0
    while table.factor > 0 and not table.clicked and (pause is None or waited < pause):
        yield CLICK_TICK
        waited += CLICK_TICK
    table.click_wait = None


def attended(table: Stage) -> bool:
    """A player sits at the table (not a replay or a demo, which go at their own pace)."""
    return table.human is not None


def dog_pause(table: Stage) -> float | None:
    if not attended(table):
        return DOG_SECONDS_UNATTENDED
    return table.app.settings.dog_seconds


def trick_pause(table: Stage) -> float | None:
    """The time to see who won a trick: the player's pace (``None``: until a click)."""
    pause = table.app.settings.trick_seconds
    if pause is None and not attended(table):
        return TRICK_SECONDS_UNATTENDED
    return pause
