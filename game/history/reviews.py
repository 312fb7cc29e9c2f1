"""What the expert's review of a deal found, kept with the deal in the history.

The replay viewer reviews the player's decisions in a deal (:mod:`game.replay.analysis`);
once every decision is judged, what it found — the decisions, how many were flagged, what
they cost — is kept in the deal's file (its ``meta``), so that the statistics can chart the
flagged choices week by week without reviewing anything again. No pygame here.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeGuard

from engine.saves import update_deal_meta
from game.app import paths
from game.app.lock import exclusive

#: The history file's ``meta`` key for what the expert's review of the player's decisions
#: found, kept when a review of the deal finished (:func:`keep_review`).
REVIEW = "review"
#: The most decisions one seat makes in a deal, and more than any flagged choices cost:
#: beyond them a review kept in a file is damaged, not a review.
_MAX_DECISIONS = 200
_MAX_COST = 100_000.0


@dataclass(frozen=True)
class Review:
    """What the expert's review of the player's decisions in a deal found: the decisions
    judged, how many it flagged (an inaccuracy or worse) and what those cost in points."""

    decisions: int
    flagged: int
    cost: float

    def saved(self) -> dict[str, Any]:
        return {"decisions": self.decisions, "flagged": self.flagged,
                "cost": round(self.cost, 1)}

    @classmethod
    def from_saved(cls, value: object) -> Review | None:
        """The review a file's ``meta`` keeps; ``None`` when there is none, or none that
        makes sense (edited by hand, damaged)."""
        if not isinstance(value, dict):
            return None
        decisions, flagged, cost = (value.get(k) for k in ("decisions", "flagged", "cost"))
        if not (plain_int(decisions) and plain_int(flagged)
                and 0 <= flagged <= decisions <= _MAX_DECISIONS):
            return None
        if (isinstance(cost, bool) or not isinstance(cost, int | float)
                or not 0 <= cost <= _MAX_COST):  # NaN fails this too
            return None
        return cls(decisions, flagged, float(cost))


#: The lock beside the saved deals that one window holds while it changes one (keeps a
#: variation or a review in it): another window's change waits, and is not written over.
EDIT_LOCK = ".variations.lock"


def editing(path: Path) -> contextlib.AbstractContextManager[None]:
    """Hold the history's edit lock while the saved deal at ``path`` is read, changed and
    written again."""
    return exclusive(path.with_name(EDIT_LOCK))


def in_history(path: Path | None) -> bool:
    """Whether ``path`` is a file of the player's history folder."""
    return path is not None and path.parent.resolve() == paths.history_dir().resolve()


def keep_review(path: Path, review: Review) -> None:
    """Keep ``review`` with the saved deal at ``path`` (the statistics chart it). Raises
    :class:`SaveError` or ``OSError`` when the file cannot be read or written."""
    with editing(path):
        update_deal_meta(path, {REVIEW: review.saved()})


def plain_int(value: object) -> TypeGuard[int]:
    """A whole number as JSON gives it (``True`` is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


__all__ = ["REVIEW", "Review", "editing", "in_history", "keep_review", "plain_int"]
