"""How long a match lasts, and who wins it (RULES.md §11).

A match has no end unless it is given one, as club players give it: a number of deals, or a
score. With a number of deals, every deal dealt counts, a cancelled one too (everyone passed,
a petit sec): the deal passes on to the next dealer all the same, so that a match of one
round (as many deals as players) has each seat deal once. With a score, the match ends after
the deal in which a seat's running total reaches that score, won or lost: the scores of a
deal add up to zero, so a total of +500 means others far behind, and a total of −500 a
player ruined. Either way the seat with the highest total wins; seats level at the top share
the win.

>>> length = MatchLength.rounds(2, players=4)
>>> length.deals, length.reached(7, [10, -10, 0, 0]), length.reached(8, [10, -10, 0, 0])
(8, False, True)
>>> MatchLength(target=500).reached(3, [120, 380, -510, 10])
True
>>> winners([120, 380, -510, 10]), winners([30, 30, -60])
([1], [0, 1])
>>> MatchLength.from_saved(MatchLength(deals=8).saved(), "length") == MatchLength(deals=8)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.problems import ProblemError

#: The longest match by deals, and the scores a target may be, that a file may say.
MAX_DEALS = 1000
TARGET_RANGE = (100, 100_000)


class LengthError(ProblemError):
    """A match length that cannot be used; the message says where and why."""


@dataclass(frozen=True)
class MatchLength:
    """A number of ``deals``, or a ``target`` score a total reaches (+ or −), or neither:
    no end."""

    deals: int | None = None
    target: int | None = None

    def __post_init__(self) -> None:
        if self.deals is not None and self.target is not None:
            raise ValueError("a match ends after a number of deals or at a score, not both")
        if self.deals is not None and not 1 <= self.deals <= MAX_DEALS:
            raise ValueError(f"a match of {self.deals} deals (1 to {MAX_DEALS})")
        low, high = TARGET_RANGE
        if self.target is not None and not low <= self.target <= high:
            raise ValueError(f"a match to {self.target} points ({low} to {high})")

    @classmethod
    def rounds(cls, count: int, players: int) -> MatchLength:
        """``count`` rounds: each seat deals ``count`` times."""
        return cls(deals=count * players)

    @property
    def endless(self) -> bool:
        return self.deals is None and self.target is None

    def reached(self, dealt: int, totals: Sequence[int]) -> bool:
        """Whether a match that has dealt ``dealt`` deals, the last one over, with these
        running ``totals``, is over."""
        if self.deals is not None:
            return dealt >= self.deals
        if self.target is not None:
            return any(abs(total) >= self.target for total in totals)
        return False

    # --- the saved form ------------------------------------------------------------------------
    def saved(self) -> dict[str, int] | None:
        """``{"deals": 8}``, ``{"target": 500}``, or ``None`` for no end."""
        if self.deals is not None:
            return {"deals": self.deals}
        if self.target is not None:
            return {"target": self.target}
        return None

    @classmethod
    def from_saved(cls, data: Any, where: str) -> MatchLength:
        """The length :meth:`saved` wrote (``None``: no end), every value checked
        (:class:`LengthError` says what a file may hold instead)."""
        if data is None:
            return cls()
        low, high = TARGET_RANGE
        if isinstance(data, dict) and len(data) == 1:
            (key, value), = data.items()
            if (key in ("deals", "target") and isinstance(value, int)
                    and not isinstance(value, bool)):
                try:
                    return cls(**{key: value})
                except ValueError:
                    pass
        raise LengthError.of("match_length", where, deals=MAX_DEALS, low=low, high=high)


def winners(totals: Sequence[int]) -> list[int]:
    """The seats with the highest total (more than one when they are level)."""
    best = max(totals)
    return [seat for seat, total in enumerate(totals) if total == best]


__all__ = ["MAX_DEALS", "TARGET_RANGE", "LengthError", "MatchLength", "winners"]
