"""The replay viewer's variations: the deal itself and the other ways it could have gone.

:class:`Branches` holds the deal and its variations (:mod:`engine.variations`) — the
player's tries from "play on from here" and the expert's lines — and keeps each new one
with the saved deal when the file is a saved deal (a deal record or a match is left as it
is; the variation then lasts as long as the viewer). :class:`ExpertLineJob` works out the
expert's line from one moment in the game's thinker.

No pygame here.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path

from engine.ai.thinker import Thinker, done_value, failure
from engine.deal import Deal
from engine.saves import SaveError, add_variation
from engine.variations import MAX_VARIATIONS, Variation, branches_from, next_name
from game.history.reviews import editing

log = logging.getLogger(__name__)

def first_difference(deal: Deal, other: Deal) -> int | None:
    """Where ``other`` leaves ``deal``: the index of its first event that differs (always a
    decision, since the engine writes the same events from the same state), or ``None``
    when it is the same deal."""
    for index, (mine, theirs) in enumerate(zip(deal.events, other.events, strict=False)):
        if mine != theirs:
            return index
    if len(deal.events) == len(other.events):
        return None
    return min(len(deal.events), len(other.events))


class Branches:
    def __init__(self, deal: Deal, variations: list[Variation], path: Path | None) -> None:
        self.deal = deal
        self.variations = [v for v in variations if branches_from(deal, v)]
        self.path = path  # where new variations are kept, if anywhere

    def add(self, kind: str, base_name: str, played: Deal) -> tuple[Variation | None, str]:
        """Keep ``played`` (a finished deal that left this one) as a new variation named
        ``base_name`` and a number. Returns it (``None`` when it is the deal itself; the one
        kept already when it is the same line) and, when it could not be written to the
        file, why."""
        start = first_difference(self.deal, played)
        if start is None or not played.is_over:
            return None, ""
        for kept in self.variations:  # the same line again (the expert's, asked twice)
            if kept.deal.events == played.events:
                return kept, ""
        variation = Variation(next_name(self.variations, base_name), kind, start, played)
        if not branches_from(self.deal, variation):
            return None, ""
        if len(self.variations) >= MAX_VARIATIONS:
            self.variations.pop(0)  # the oldest goes; the file keeps what it holds
        self.variations.append(variation)
        problem = ""
        if self.path is not None:
            try:
                # read, change, write: one window at a time (a spectator window, or
                # "tarot replay" beside the game, may keep a try of the same deal)
                with editing(self.path):
                    add_variation(self.path, variation)
            except (SaveError, OSError) as exc:
                log.warning("could not keep the variation in %s: %s", self.path, exc)
                problem = str(exc)
            except Exception as exc:  # a file no check foresaw: the try is kept on screen
                log.warning("could not keep the variation in %s", self.path, exc_info=True)
                problem = f"{type(exc).__name__}: {exc}"
        return variation, problem


class ExpertLineJob:
    """The expert's line from ``position``, worked out in the game's thinker (a worker
    process): :attr:`done` polls it."""

    def __init__(self, deal: Deal, position: int, seat: int, others: str, seed: int,
                 thinker: Thinker | None = None) -> None:
        from game.app.thinking import game_thinker

        self.position = position
        self.line: Deal | None = None
        self.error = ""
        self._finished = False
        self._thinker = thinker if thinker is not None else game_thinker()
        self._handle = self._thinker.submit_task(
            "expert_line", deal=deal, position=position, seat=seat, others=others, seed=seed)

    @property
    def done(self) -> bool:
        if not self._finished:
            result = None if self._thinker.closed else self._thinker.poll(self._handle)
            if self._thinker.closed:
                self.error, self._finished = "the game is closing", True
            elif result is not None:
                self._finished = True
                line = done_value(result, Deal)
                if line is not None:
                    self.line = line
                elif failure(result, "line") != "cancelled":  # the viewer says so; it goes on
                    self.error = failure(result, "line")
                    log.warning("the expert's line from step %d failed: %s",
                                self.position, self.error)
        return self._finished

    def cancel(self) -> None:
        if not self._finished and not self._thinker.closed:
            self._thinker.cancel(self._handle)
        self._finished = True

    def wait(self, timeout: float) -> bool:
        """Poll until the line is there or ``timeout`` seconds have passed (tests)."""
        deadline = time.monotonic() + timeout
        while not self.done:
            if time.monotonic() > deadline:
                return False
            time.sleep(0.02)
        return True
