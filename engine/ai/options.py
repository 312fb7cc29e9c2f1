"""The legal options of a seat, for bots: :mod:`engine.choices`, under the name the bots
have always used.

Nothing is worked out here: every function is the engine's own (:mod:`engine.legal`'s
rules, handed what the seat's view knows by :mod:`engine.choices`), so a bot's options are
the table's and the engine's by construction.
"""

from engine.choices import (
    Decision,
    DiscardOptions,
    HandfulOption,
    before_first_card,
    callable_cards,
    can_change_discard,
    discard_options,
    discard_refusal,
    handful_cards,
    handful_options,
    handful_refusal,
    has_played,
    highest_bid,
    legal_actions,
    legal_bids,
    legal_plays,
    misere_options,
    pending,
    play_refusal,
)

__all__ = [
    "Decision",
    "DiscardOptions",
    "HandfulOption",
    "before_first_card",
    "callable_cards",
    "can_change_discard",
    "discard_options",
    "discard_refusal",
    "handful_cards",
    "handful_options",
    "handful_refusal",
    "has_played",
    "highest_bid",
    "legal_actions",
    "legal_bids",
    "legal_plays",
    "misere_options",
    "pending",
    "play_refusal",
]
