"""The engine's refusals in the player's words, in English or French, and what the table says
when a bot's thinking let it down.

The rules are not written here: :mod:`engine.legal` decides and says why as a
:class:`~engine.refusals.Refusal` (a reason and its facts); this module only chooses the
sentence for that reason, from the player's side of the table ("You must follow hearts.").
A reason about the phase (a card dropped during the bidding) is worded for what the player
is waiting for, which the seat's view tells.
"""

from __future__ import annotations

from engine.ai.thinker import SILENT, STOPPED, TOO_LONG
from engine.refusals import Refusal
from engine.state import Phase
from engine.views import SeatView
from game.app.i18n import card_name, has_text, is_plural, suit_name, tr, trn
from game.table.source import BotTrouble

#: The sentence for each of the thinker's troubles.
_TROUBLES = {SILENT: "table_bot_silent", TOO_LONG: "table_bot_too_long",
             STOPPED: "table_bot_stopped"}


def refusal_words(refusal: Refusal, view: SeatView, lang: str) -> str:
    """The sentence the table shows for ``refusal`` of the player at ``view``."""
    reason = refusal.reason
    if reason == "no_play_now":
        return _play_too_soon(view, lang)
    values: dict[str, object] = {}
    if refusal.card is not None:
        values["card"] = card_name(refusal.card, lang)
    if refusal.other_card is not None:
        values["card"] = card_name(refusal.other_card, lang)
    if refusal.suit is not None:
        values["suit"] = suit_name(refusal.suit, lang)
    if reason == "must_overtrump":
        values["rank"] = refusal.limit
    if reason in ("discard_full", "discard_size", "too_many_trumps"):
        values["n"] = refusal.limit
        values["count"] = refusal.count
    if reason in ("handful_short", "handful_long"):
        values["n"] = abs((refusal.limit or 0) - (refusal.count or 0))
    if reason == "handful_size":
        values["sizes"] = ", ".join(str(s) for s in refusal.sizes)
    if reason == "discard_final":
        kind = "handful" if "handful" in refusal.name else "misere"
        values["what"] = tr(f"refusal_what_{kind}", lang)
    if reason == "bid_not_higher":
        values["best"] = tr(refusal.other_name, lang)
    key = f"refusal_{reason}"
    if not has_text(key):  # a reason this interface has no words for: the engine's own
        return _capital(refusal.text())
    if is_plural(key):  # "Only 1 trump may go to the discard", "Only 2 trumps..."
        count = values.get("n")
        return trn(key, count if isinstance(count, int) else 2, lang, **values)
    return tr(key, lang, **values)


def trouble_words(trouble: BotTrouble, name: str, lang: str) -> str:
    """Why the bot named ``name`` played a quick move instead of its own."""
    return tr(_TROUBLES[trouble.error], lang, name=name)


def _play_too_soon(view: SeatView, lang: str) -> str:
    """A card offered before the play starts: what the player should do instead."""
    mine = view.taker == view.seat
    if view.phase in (Phase.BIDDING, Phase.CALLING):
        return tr("refusal_wait_bidding", lang)
    if view.phase is Phase.DISCARDING and mine:
        return trn("refusal_discard_first", view.rules.setup(view.players).dog, lang)
    if view.phase is Phase.SLAM and mine:
        return tr("refusal_answer_first", lang)
    return tr("refusal_not_your_turn", lang)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
