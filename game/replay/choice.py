"""One decision of the reviewed seat in words, for the box the side panel unfolds at it.

Everything in the box comes from one :class:`~engine.ai.analysis.Decision` and the
:class:`~engine.ai.verdict.Verdict` on it: the choice made (the header), the verdict with what
the choice cost against the option compared with and the range the deals allow, then every
option the expert weighed with its estimate, the expert's pick and the choice made (always
shown, with its rank) marked.

The figures of the list and the verdict's cost are measured apart: the options are valued
on the deals that chose the option to compare with, the cost on other deals (so that the
luck that made an option look best is not counted), a card that surely gains on the trick is
the expert's pick whatever the estimates, and so is the best option that breaks none of the
rules the expert holds to (the defence's technique, the bids a hand makes). Where the list's
gap between the two options marked is not the cost shown, or the pick is not the list's
first, the box says why, in words.

An option standing for several interchangeable cards is named by the card the line is about:
the choice made on its own row, the option compared with on the expert's.
"""

from __future__ import annotations

from engine.ai.analysis import Analysis, Decision
from engine.ai.verdict import Verdict
from engine.views import SeatView
from game.app.i18n import decimal, suit_name, tr, trn
from game.app.widgets import GOLD, HIGHLIGHT, TEXT, TEXT_DIM, WARNING
from game.replay.lines import Color, Line
from game.table.hints import option_label

GOOD = (120, 220, 140)
BAD = (250, 130, 110)
#: Options listed (the rest are counted); the expert's pick and the choice made always are.
SHOWN_OPTIONS = 6
#: Why a flagged choice was worse, by the verdict's reason (engine.ai.verdict.REASONS).
REASON_KEYS = {
    "petit_wins": "replay_reason_petit_wins",
    "petit_saved": "replay_reason_petit_saved",
    "charge": "replay_reason_charge",
    "low_trump": "replay_reason_low_trump",
    "duck": "replay_reason_duck",
    "draw": "replay_reason_draw",
    "hunt": "replay_reason_hunt",
    "taker_void": "replay_reason_taker_void",
    "head_before_taker": "replay_reason_head_before_taker",
    "over_partner_master": "replay_reason_over_partner_master",
    "head_into_void": "replay_reason_head_into_void",
    "head_from_long_suit": "replay_reason_head_from_long_suit",
    "petit_under_taker": "replay_reason_petit_under_taker",
    "head_given": "replay_reason_head_given",
    "call_ignored": "replay_reason_call_ignored",
    "too_high_bid": "replay_reason_too_high_bid",
}
#: The word for each verdict (engine.ai.verdict.KINDS) and its colour.
VERDICT_WORDS: dict[str, tuple[str, Color]] = {
    "forced": ("replay_verdict_forced", TEXT_DIM),
    "best": ("replay_best", GOOD),
    "good": ("replay_verdict_good", GOOD),
    "too_close": ("replay_verdict_too_close", TEXT_DIM),
    "inaccuracy": ("replay_verdict_inaccuracy", WARNING),
    "mistake": ("replay_verdict_mistake", BAD),
    "blunder": ("replay_verdict_blunder", BAD),
}


def choice_lines(decision: Decision, verdict: Verdict | None, problem: str | None,
                 lang: str) -> list[Line]:
    """The box at ``decision``: the choice made, then its verdict and the options once
    ``verdict`` is in (``problem``: why the analysis failed, while there is none)."""
    view = decision.view
    out = [Line(tr("replay_your_choice", lang, what=option_label(view, decision.action, lang)),
                GOLD)]
    if decision.forced:
        return [*out, Line(tr("replay_forced", lang), TEXT_DIM)]
    if verdict is None or verdict.analysis is None:
        return [*out, Line(tr("replay_analysis_failed", lang, problem=problem) if problem
                           else tr("replay_thinking", lang), TEXT_DIM)]
    return out + _verdict_lines(view, verdict, lang) + _option_lines(view, verdict,
                                                                    verdict.analysis, lang)


def _verdict_lines(view: SeatView, verdict: Verdict, lang: str) -> list[Line]:
    """The verdict in words: its class; when it was measured against another option, what
    the choice cost against it and the range the deals allow, what bounds that range, and
    for a flag, why."""
    key, color = VERDICT_WORDS[verdict.kind]
    lines = [Line(tr("replay_verdict_plain", lang, verdict=tr(key, lang)), color,
                  figure(-verdict.cost, 1, lang) if verdict.samples else "")]
    if not verdict.samples:
        return lines
    best = option_label(view, verdict.best, lang)
    low, high = -verdict.cost_high, -verdict.cost_low  # the score the choice gives up
    if low == high:  # a single figure: the sure card's bound, or the same on every deal
        lines.append(Line(tr("replay_verdict_cost_point" if verdict.floored
                             else "replay_verdict_cost_every", lang, best=best,
                             value=figure(low, 1, lang)), TEXT_DIM))
    else:
        places = _decimals(low, high)
        lines.append(Line(tr("replay_verdict_cost", lang, best=best,
                             low=figure(low, places, lang), high=figure(high, places, lang)),
                          TEXT_DIM))
    if verdict.floored:
        lines.append(Line(tr("replay_note_sure_floor", lang, best=best,
                             value=decimal(f"{verdict.cost_low:.1f}", lang)), TEXT_DIM))
    if verdict.reason:
        lines.append(Line(reason_text(view, verdict, lang), color))
    if verdict.technique:
        lines.append(Line(tr("replay_note_technique", lang), TEXT_DIM))
    return lines


def _option_lines(view: SeatView, verdict: Verdict, result: Analysis, lang: str) -> list[Line]:
    """The options with their estimates, the expert's pick and the choice made marked, and
    what the figures are; why the list's gap is not the verdict's cost where it is not."""
    options = result.options
    # both were valued: the analysis takes the choice made among its options, and the
    # expert's pick is one of them or the card that surely gains, which is legal
    mine, pick = result.value_of(verdict.action), result.value_of(verdict.best)
    assert mine is not None and pick is not None, "the verdict's options were valued"
    rank, picked = options.index(mine), options.index(pick)
    out: list[Line] = []
    if verdict.sure and picked > 0:
        out.append(Line(tr("replay_note_sure_pick", lang,
                           best=option_label(view, verdict.best, lang)), TEXT_DIM))
    elif picked > 0:  # the options above break a rule the expert holds to
        out.append(Line(tr("replay_note_rule_pick", lang,
                           best=option_label(view, verdict.best, lang)), TEXT_DIM))
    musts = {picked, rank}  # the expert's pick and the choice made are always there
    others = [i for i in range(len(options)) if i not in musts]
    shown = sorted({*musts, *others[:SHOWN_OPTIONS - len(musts)]})
    for i in shown:
        marks = ([tr("replay_expert_pick", lang)] if i == picked else []) + (
            [tr("replay_you_ranked", lang, rank=i + 1, n=len(options))] if i == rank else [])
        # an option standing for interchangeable cards is named as the line speaks of it
        action = verdict.action if i == rank else verdict.best if i == picked \
            else options[i].action
        label = option_label(view, action, lang)
        out.append(Line(label + (f"  ({', '.join(marks)})" if marks else ""),
                        HIGHLIGHT if i == rank else GOOD if i == picked else TEXT,
                        figure(options[i].mean, 1, lang)))
    hidden = len(options) - len(shown)
    if hidden > 0:
        out.append(Line(trn("replay_more_options", hidden, lang), TEXT_DIM))
    if options[0].samples:
        out.append(Line(tr("replay_estimate_note", lang, n=options[0].samples), TEXT_DIM))
    gap = round(pick.mean, 1) - round(mine.mean, 1)  # as the figures listed read
    if verdict.samples and abs(gap - round(verdict.cost, 1)) > 0.05:
        out.append(Line(tr("replay_note_other_deals", lang, n=verdict.samples), TEXT_DIM))
    return out


def figure(value: float, places: int, lang: str) -> str:
    """A signed figure with ``places`` decimals (a true minus sign), in the language's way;
    never "−0"."""
    text = f"{value:+.{places}f}"
    if float(text) == 0:
        text = text[1:]
    return decimal(text.replace("-", "\u2212"), lang)


def _decimals(low: float, high: float) -> int:
    """Whole points, unless the two ends of a range would read alike: then as many decimals
    as tell them apart."""
    places = 0
    while places < 6 and f"{low:.{places}f}" == f"{high:.{places}f}":
        places += 1
    return places


def reason_text(view: SeatView, verdict: Verdict, lang: str) -> str:
    """A flagged verdict's reason in words, from what the seat knew."""
    return tr(REASON_KEYS[verdict.reason], lang, best=option_label(view, verdict.best, lang),
              suit=suit_name(verdict.reason_suit, lang) if verdict.reason_suit >= 0 else "")


__all__ = ["REASON_KEYS", "SHOWN_OPTIONS", "VERDICT_WORDS", "choice_lines", "figure",
           "reason_text"]
