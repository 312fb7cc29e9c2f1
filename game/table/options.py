"""How the owner of a table (a match, a challenge, the replay's play on) adapts it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

#: The table's corner buttons, every one.
ALL_BUTTONS = ("menu", "last_trick", "sound", "undo", "hint")


@dataclass(frozen=True)
class TableOptions:
    """How the owner of a table adapts it: the seats' names, which corner buttons show, who
    writes the status line, the score panel's main button and what it does, what Esc does
    and how the table's menu names it, a greeting, what closing the table does, what undo
    asks over a finished deal, and why undo and hints are off at it, if they are."""

    names: Sequence[str] | None = None
    buttons: tuple[str, ...] = ALL_BUTTONS
    status: Callable[[], str] | None = None
    score_label: str = "score_next_deal"
    on_score_done: Callable[[], object] | None = None  # None: deal the next (deal_next)
    on_menu: Callable[[], object] | None = None  # None: leave the table
    leave_label: str = "table_leave_to_menu"  # the table menu's line that leaves (Esc)
    greeting: tuple[str, float] | None = None  # a word shown as the table opens, how long
    on_closed: Callable[[], object] | None = None  # the table is closed, not just covered
    #: what an undo over a finished deal asks first, a key with ``{what}``; ``None``: a
    #: match's question, which says the deal will be left out of the statistics
    undo_question: str | None = None
    #: a text key saying why undo, hints and who holds what are off (a challenge deal: the
    #: expert plays its own without them); "" when the player may use them
    assist_off: str = ""
