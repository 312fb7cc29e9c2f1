"""A match's length in words: the deal on the table against the match ("Deal 3 of 8"), what
a length means (the new-game form), how far the match has got (the score sheet) and who won
it (the score sheet and the end of the match).

Every function takes the screen's ``tr`` (a text of the catalogs with its values) and, where
a count is said, ``trn``: the words are the catalogs', the facts the match's own
(:mod:`engine.length`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.length import MatchLength
from engine.match import Match

Words = Callable[..., str]


def deal_caption(tr: Words, number: int, match: Match | None) -> str:
    """"Deal 3 of 8", "Deal 3 · to ±500", or "Deal 3" (a match with no end, a replay)."""
    number = max(1, number)
    length = match.length if match is not None else MatchLength()
    if length.deals is not None:
        return tr("table_deal_of", n=number, total=length.deals)
    if length.target is not None:
        return tr("table_deal_target", n=number, target=length.target)
    return tr("table_deal_no", n=number)


def length_text(tr: Words, trn: Words, length: MatchLength, players: int) -> str:
    """What a length means for a match of ``players``, in a sentence or two."""
    if length.deals is not None:
        rounds, rest = divmod(length.deals, players)
        if not rest:
            return trn("length_desc_rounds", rounds, deals=length.deals)
        return trn("length_desc_deals", length.deals)
    if length.target is not None:
        return tr("length_desc_target", n=length.target)
    return tr("length_desc_none")


def progress_text(tr: Words, trn: Words, match: Match, names: Sequence[str],
                  human: int | None = 0) -> str:
    """How far the match has got, for the score sheet: the deals left, the score that ends
    it, or who won; empty for a match with no end."""
    length = match.length
    if match.over:
        return f"{tr('sheet_match_over')} \u00b7 {winner_text(tr, match, names, human)}"
    if length.deals is not None:
        left = length.deals - match.count + (0 if match.current.is_over else 1)
        return trn("sheet_length_deals", left, total=length.deals)
    if length.target is not None:
        return tr("sheet_length_target", target=length.target)
    return ""


def winner_text(tr: Words, match: Match, names: Sequence[str], human: int | None = 0) -> str:
    """"You win the match!", "Ana wins the match", or "Ana and Léa share the win"."""
    winners = match.winners
    if winners == [human]:
        return tr("final_you_win")
    if len(winners) == 1:
        return tr("final_winner", name=names[winners[0]])
    *first, last = [names[seat] for seat in winners]
    return tr("final_shared", names=tr("final_and", names=", ".join(first), last=last))


__all__ = ["deal_caption", "length_text", "progress_text", "winner_text"]
