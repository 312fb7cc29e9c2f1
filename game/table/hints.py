"""Hints for the player: what the expert would do, and why, in one sentence.

:func:`explain` turns an :class:`~engine.ai.analysis.Analysis` into a :class:`Hint`: the
best action, a sentence saying what to do and why, and one line per option with its
expected score. The "why" of a card or a discard is :mod:`engine.ai.reasons`'s, read from the
seat's view and the action, never canned, and worded here; for a bid, what taking is worth
against passing; for a slam or a handful, how often the seat's camp comes out ahead.
Every sentence ends with the expected score and the margin over the next best option (a
forced choice, valued without simulation, just says so).

:class:`HintJob` works a hint out in a worker process so that the frame loop never waits.
This module draws nothing: it needs no display.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import cards as C
from engine.actions import (
    PASS,
    Action,
    AnnounceMisere,
    Bid,
    Call,
    DecideSlam,
    Discard,
    Play,
    ShowHandful,
)
from engine.ai.analysis import NO_DECLARATION, Analysis, OptionValue
from engine.ai.reasons import Reason, card_reason, discard_reason
from engine.ai.thinker import Analysed, Thinker, failure
from engine.ai.verdict import expert_options
from engine.cards import Card
from engine.views import SeatView
from game.app.i18n import card_name, decimal, seat_name, suit_name, tr, trn
from game.app.thinking import game_thinker


@dataclass(frozen=True)
class Hint:
    action: Action
    text: str  # one sentence, in the player's language: what to do and why
    options: list[str]  # a short line per option, best first: "King of hearts  +34.2"


# --- numbers and names -----------------------------------------------------------------------


def _number(value: float, lang: str, decimals: int = 1, sign: bool = False) -> str:
    """``value`` with at most one decimal (none when it is zero), signed if asked."""
    text = f"{value:+.{decimals}f}" if sign else f"{value:.{decimals}f}"
    if text.endswith(".0"):
        text = text[:-2]
    if text in ("+0", "-0"):
        text = "0"
    return decimal(text, lang)


def _figure(value: float, lang: str, sign: bool = False) -> str:
    """A score in a sentence: whole points from 10 on, a decimal below."""
    return _number(value, lang, 0 if abs(value) >= 10 else 1, sign)


def _points(half: int, lang: str) -> str:
    """Card points (given in half points) in words: ``4.5 points``, ``1 point``."""
    value = half / 2
    key = "hint_points" if half % 2 == 0 else "hint_points_half"  # 4.5: the form of 4
    return trn(key, half // 2, lang, n=_number(value, lang))


def _percent(share: float, lang: str) -> str:
    return tr("hint_percent", lang, n=round(100 * share))


def _join(words: list[str], lang: str) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + tr("hint_and", lang) + words[-1]


def _the_card(card: Card, lang: str) -> str:
    """A card with its article, for a sentence: ``the king of hearts``, ``l'atout 14``."""
    return card_name(card, lang, article=True)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _handful_level(view: SeatView, size: int) -> str:
    thresholds = view.rules.handful_thresholds(view.players)
    for level, needed in zip(("simple", "double", "triple"), thresholds, strict=True):
        if size == needed:
            return level
    return "simple"


def option_label(view: SeatView, action: Action, lang: str) -> str:
    """A short name for an option: a card, a contract, a discard, a declaration."""
    if isinstance(action, Play):
        return _capital(card_name(action.card, lang))
    if isinstance(action, Bid):
        return tr(action.contract or "pass", lang)
    if isinstance(action, Call):
        return _capital(card_name(action.card, lang))
    if isinstance(action, Discard):
        return _capital(", ".join(card_name(c, lang) for c in C.sort_for_hand(action.cards)))
    if isinstance(action, DecideSlam):
        return tr("hint_label_slam_yes" if action.announce else "hint_label_slam_no", lang)
    if action == NO_DECLARATION:
        return tr("hint_label_no_declaration", lang)
    if isinstance(action, ShowHandful):
        return tr(f"table_handful_{_handful_level(view, len(action.cards))}", lang)
    return tr(f"table_misere_{action.misere}", lang)


def decision_label(view: SeatView, action: Action, lang: str) -> str:
    """The kind of decision and the option taken: "Bid: Garde", "Call: King of Hearts"."""
    if isinstance(action, Play):
        kind = "card"
    elif isinstance(action, Bid):
        kind = "bid"
    elif isinstance(action, Call):
        kind = "call"
    elif isinstance(action, Discard):
        kind = "discard"
    elif isinstance(action, DecideSlam):
        kind = "slam"
    else:
        kind = "declaration"
    return tr("review_decision", lang, kind=tr(f"review_kind_{kind}", lang),
              what=option_label(view, action, lang))


# --- reading the table ----------------------------------------------------------------------


def _reason_words(view: SeatView, reason: Reason, lang: str) -> str:
    """The sentence for ``reason`` (:mod:`engine.ai.reasons`), from the seat's side."""
    n = view.players
    values: dict[str, object] = {}
    if reason.seat is not None:
        values["seat"] = seat_name(reason.seat, n, lang)
    if reason.half_points is not None:
        values["points"] = _points(reason.half_points, lang)
    if reason.suit is not None:
        values["suit"] = suit_name(reason.suit, lang)
    if reason.seats:
        values["names"] = _join([seat_name(s, n, lang) for s in reason.seats], lang)
    if reason.suits:
        values["suits"] = _join([suit_name(s, lang) for s in reason.suits], lang)
    return tr(f"hint_why_{reason.code}", lang, **values)


# --- the sentence ---------------------------------------------------------------------------


#: A margin below this is shown as a tie with the next best option.
TIE = 0.05


def _phrase(view: SeatView, action: Action, lang: str) -> str:
    """An option inside a sentence: a card with its article, else its label."""
    if isinstance(action, Play | Call):
        return _the_card(action.card, lang)
    return option_label(view, action, lang)


def _tail(view: SeatView, options: list[OptionValue], best: OptionValue, lang: str) -> str:
    """The figures: the expected score, and the margin over the next best option."""
    second = options[1] if len(options) > 1 else None
    value = _figure(best.mean, lang, sign=True)
    if second is None:
        return tr("hint_tail_single", lang, value=value)
    margin = best.mean - second.mean
    if margin < TIE:
        return tr("hint_tail_tie", lang, value=value,
                  other=_phrase(view, second.action, lang))
    return tr("hint_tail", lang, value=value, margin=_figure(margin, lang))


def _sentence(view: SeatView, analysis: Analysis, options: list[OptionValue],
              lang: str) -> str:
    best = options[0]
    action = best.action
    if analysis.forced:
        if isinstance(action, Play):
            return tr("hint_only_card", lang, card=_the_card(action.card, lang))
        return tr("hint_forced", lang, action=option_label(view, action, lang))
    pct = _percent(best.wins, lang)
    if isinstance(action, Play):
        head = tr("hint_play", lang, card=_the_card(action.card, lang),
                  why=_reason_words(view, card_reason(view, action.card), lang))
    elif isinstance(action, Bid):
        passing = next((o for o in options if o.action == PASS), None)
        if action.contract is not None:
            # a pass is worth what the seat scores in defence, not 0
            margin = best.mean - passing.mean if passing is not None else best.mean
            head = tr("hint_bid", lang, contract=tr(action.contract, lang), pct=pct,
                      margin=_figure(margin, lang))
        else:
            taken = [o for o in options if isinstance(o.action, Bid)
                     and o.action.contract is not None]
            top = taken[0] if taken else None
            if top is None:
                head = tr("hint_pass_plain", lang)
            else:
                assert isinstance(top.action, Bid) and top.action.contract is not None
                head = tr("hint_pass", lang, contract=tr(top.action.contract, lang),
                          loss=_figure(best.mean - top.mean, lang))
    elif isinstance(action, Call):
        card = action.card
        head = tr("hint_call", lang, card=_the_card(card, lang), pct=pct)
        suit = C.SUIT_OF[card]
        count = (view.hand_mask & C.SUIT_MASKS[suit]).bit_count()
        if suit < 4 and count >= 2:
            head += trn("hint_call_length", count, lang, suit=suit_name(suit, lang))
    elif isinstance(action, Discard):
        cards = _join([_the_card(c, lang) for c in C.sort_for_hand(action.cards)], lang)
        head = tr("hint_discard", lang, cards=cards, why=_reason_words(
            view, discard_reason(view, action), lang))
    elif isinstance(action, DecideSlam):
        if action.announce:
            head = tr("hint_slam_yes", lang, pct=pct)
        else:
            other = next((o for o in analysis.options if o.action == DecideSlam(True)), None)
            share = other.wins if other is not None else 0.0
            head = tr("hint_slam_no", lang, pct=_percent(share, lang), won=pct)
    elif action == NO_DECLARATION:
        head = tr("hint_handful_hide", lang, pct=pct)
    elif isinstance(action, ShowHandful):
        level = tr(f"table_handful_{_handful_level(view, len(action.cards))}", lang).lower()
        head = tr("hint_handful_show", lang, level=level, pct=pct)
    else:
        assert isinstance(action, AnnounceMisere)
        head = tr("hint_misere", lang, misere=tr(f"table_misere_{action.misere}", lang).lower(),
                  value=view.rules.misere_value)
    return head + _tail(view, options, best, lang)


def explain(view: SeatView, analysis: Analysis, lang: str) -> Hint:
    """The hint for the analysis of ``view``'s decision, in ``lang`` (``"en"`` or ``"fr"``)."""
    options = []
    for option in analysis.options:
        label = option_label(view, option.action, lang)
        figure = (tr("hint_only_choice", lang) if option.samples == 0
                  else _number(option.mean, lang, 1, sign=True))
        options.append(f"{label}  {figure}")
    # the expert's own pick and runner-up: no option that breaks a rule it holds to (a head
    # before the taker, a bid above the hand's), whatever the estimate (the review's choice)
    picks = expert_options(view, analysis)
    return Hint(picks[0].action, _sentence(view, analysis, picks, lang), options)


# --- in a worker process ----------------------------------------------------------------------


class HintJob:
    """Works out a hint in a worker process of the game's thinker
    (:func:`game.app.thinking.game_thinker`), so the frame loop never waits: it only polls,
    when it asks whether the job is done."""

    def __init__(self, view: SeatView, lang: str, samples: int = 48, seed: int = 0,
                 declarations: bool = False, thinker: Thinker | None = None) -> None:
        """Starts at once. ``declarations``: before the first card, hint at the handful or
        misère to declare rather than at the card."""
        self.view = view
        self.lang = lang
        self.samples = samples
        self.seed = seed
        self.declarations = declarations
        self._thinker = thinker if thinker is not None else game_thinker()
        self._handle = self._thinker.submit_analysis(view, samples=samples, seed=seed,
                                                     declarations=declarations)
        self._hint: Hint | None = None
        self._error: str | None = None
        self._cancelled = False
        self._done = False

    def _poll(self) -> None:
        if self._done:
            return
        result = self._thinker.poll(self._handle)
        if result is None:
            return
        self._done = True
        if self._cancelled or failure(result, "analysis") == "cancelled":
            return
        if not isinstance(result, Analysed):
            self._error = failure(result, "analysis")
            return
        try:
            self._hint = explain(self.view, result.analysis, self.lang)
        except Exception as exc:  # every failure is reported, none is fatal
            self._error = str(exc) or type(exc).__name__

    def result(self) -> Hint | None:
        """The hint once ready; ``None`` until then, on failure or after :meth:`cancel`."""
        self._poll()
        if self._cancelled:
            return None
        return self._hint

    @property
    def failed(self) -> str | None:
        """The error text if the analysis failed."""
        self._poll()
        return self._error

    @property
    def done(self) -> bool:
        """The job has finished (with a hint, an error or cancelled)."""
        self._poll()
        return self._done

    def cancel(self) -> None:
        """Stop as soon as the current sampled deal is played out; no hint will come."""
        self._cancelled = True
        if not self._thinker.closed:
            self._thinker.cancel(self._handle)


__all__ = ["Hint", "HintJob", "explain", "option_label"]
