"""Hints: the expert's choice in one sentence, in English and French, with the reasons read
from the table and the figures of the analysis; worked out on a thread."""

from __future__ import annotations

import time
from collections import Counter

import pytest

from engine import cards as C
from engine.actions import AnnounceMisere, Bid, DecideSlam, Discard, Play
from engine.ai.analysis import Analysis, OptionValue, analyse
from engine.ai.discipline import faults
from engine.ai.verdict import expert_options
from engine.views import SeatView, view_for
from game.app.i18n import card_name, seat_name, tr
from game.table.hints import HintJob, explain
from tests.helpers.analysis_positions import (
    bidding_view,
    discard_view,
    find_view,
    first_card_view,
    king_positions,
    played_deal,
    slam_view,
)

LANGS = ("en", "fr")


def figure(value: float, lang: str, sign: bool = False) -> str:
    """A score as the hints write it: whole from 10 on, else one decimal without a trailing
    zero; a decimal comma in French."""
    decimals = 0 if abs(value) >= 10 else 1
    text = f"{value:+.{decimals}f}" if sign else f"{value:.{decimals}f}"
    if text.endswith(".0"):
        text = text[:-2]
    if text in ("+0", "-0"):
        text = "0"
    return text.replace(".", ",") if lang == "fr" else text


def check_figures(text: str, analysis: Analysis, lang: str, view: SeatView | None = None) -> None:
    """The hint's figures: those of the expert's pick and of the option after it (among the
    options that break none of its rules, when ``view`` is given)."""
    options = expert_options(view, analysis) if view is not None else list(analysis.options)
    best = options[0]
    assert figure(best.mean, lang, sign=True) in text
    if len(options) < 2:
        return
    margin = best.mean - options[1].mean
    if margin >= 0.05:
        assert figure(margin, lang) in text


def test_a_card_hint_names_the_card_gives_the_reason_and_the_figures() -> None:
    for view, _, _ in king_positions(2):
        analysis = analyse(view, samples=12, seed=3)
        best = analysis.best.action
        assert isinstance(best, Play)
        for lang in LANGS:
            hint = explain(view, analysis, lang)
            assert hint.action == best
            assert card_name(best.card, lang) in hint.text
            check_figures(hint.text, analysis, lang)
            assert ("you play last" if lang == "en" else "vous jouez en dernier") in hint.text
            assert len(hint.options) == len(analysis.options)
            assert hint.options[0].lower().startswith(card_name(best.card, lang).lower())
            line = f"{analysis.best.mean:+.1f}".removesuffix(".0")
            assert line.replace(".", "," if lang == "fr" else ".") in hint.options[0]


def test_a_forced_card_says_so() -> None:
    view = find_view(range(50), 4, lambda v: len(v.legal_plays) == 1)
    analysis = analyse(view, samples=8)
    card = view.legal_plays[0]
    english, french = (explain(view, analysis, lang) for lang in LANGS)
    assert card_name(card, "en") in english.text and "only legal card" in english.text
    assert card_name(card, "fr") in french.text and "seule carte" in french.text
    assert len(english.options) == 1 and english.options[0].endswith("  only choice")
    assert english.options[0].lower().startswith(card_name(card, "en").lower())


def test_bid_discard_slam_and_misere_hints() -> None:
    view = bidding_view()
    analysis = analyse(view, samples=8, seed=1)
    best = expert_options(view, analysis)[0].action  # a bid the hand makes
    assert isinstance(best, Bid) and explain(view, analysis, "en").action == best
    for lang in LANGS:
        text = explain(view, analysis, lang).text
        assert tr(best.contract or "pass", lang) in text
        check_figures(text, analysis, lang, view)

    view = discard_view()
    analysis = analyse(view, samples=8, seed=2)
    best = analysis.best.action
    assert isinstance(best, Discard)
    for lang in LANGS:
        hint = explain(view, analysis, lang)
        for card in best.cards:
            assert card_name(card, lang) in hint.text
        check_figures(hint.text, analysis, lang)

    view = slam_view()
    analysis = analyse(view, samples=8, seed=3)
    assert analysis.best.action == DecideSlam(False)
    hint = explain(view, analysis, "fr")
    assert "chelem" in hint.text and "%" in hint.text
    check_figures(hint.text, analysis, "fr")

    view = first_card_view("no_trump")
    analysis = analyse(view, samples=8, seed=4, declarations=True)
    assert analysis.best.action == AnnounceMisere("trump")
    for lang in LANGS:
        text = explain(view, analysis, lang).text
        assert "misère" in text and str(view.rules.misere_value) in text
        check_figures(text, analysis, lang)


def _beats(card: int, best: int, led: int) -> bool:
    if card == C.EXCUSE:
        return False
    if C.is_trump(best):
        return C.is_trump(card) and card > best
    return C.is_trump(card) or (C.SUIT_OF[card] == led and card > best)


def _expected_phrase(view: SeatView, card: int) -> str | None:
    """What the hint for ``card`` must say, worked out independently; ``None``: not checked."""
    trick = view.trick
    plain = [(s, c) for s, c in zip(trick.seats(view.players), trick.cards, strict=True)
             if c != C.EXCUSE]
    if card == C.EXCUSE:
        return "Excuse"
    if not plain:
        return None
    led = C.SUIT_OF[plain[0][1]]
    holder, best = plain[0]
    for seat, played in plain[1:]:
        if _beats(played, best, led):
            holder, best = seat, played
    if _beats(card, best, led):
        if card == C.PETIT:
            return "Petit"
        if len(trick.cards) == view.players - 1:
            return "you play last"
        if C.is_trump(card) and led != C.TRUMP:
            return "overtrump" if C.is_trump(best) else "trump in"
        return None
    friend = (holder == view.taker) == (view.seat == view.taker)
    if friend and card != C.PETIT and C.HALF_POINTS[card] >= 3:
        return f"to {seat_name(holder, view.players, 'en')}, who is winning the trick"
    if not friend and C.SUIT_OF[card] not in (led, C.TRUMP):
        return "neither follow nor trump"
    return None


def test_card_reasons_follow_the_table() -> None:
    """Every legal card of seat 0 over a few deals, explained as if it were the best: the
    reason matches what the table shows (four players: the camps are known)."""
    seen: Counter[str] = Counter()
    for seed in range(16):
        deal = played_deal(4, seed)
        for index in deal.command_starts():
            view = view_for(deal.state_at(index), 0)
            if not view.legal_plays or len(view.legal_plays) < 2:
                continue
            fouled = faults(view)  # the hint never proposes what the expert would not play
            allowed = [c for c in view.legal_plays if c not in fouled]
            for card in allowed:
                if len(allowed) < 2:
                    continue
                other = next(c for c in allowed if c != card)
                analysis = Analysis(0, (OptionValue(Play(card), 12.5, 1.0, 8, 0.5),
                                        OptionValue(Play(other), 2.0, 1.0, 8, 0.4)))
                text = explain(view, analysis, "en").text
                assert text.startswith("Play ") and card_name(card, "en") in text
                assert "(expected +12 for you, 10 more than the next best)." in text
                phrase = _expected_phrase(view, card)
                if phrase is not None:
                    assert phrase in text, (C.format_card(card), text)
                    seen[phrase.split(",")[0]] += 1
                french = explain(view, analysis, "fr").text
                assert french.startswith("Jouez ") and card_name(card, "fr") in french
                assert "(espérance +12 pour vous, 10 de plus que le choix suivant)." in french
    assert seen["Excuse"] and seen["trump in"] and seen["neither follow nor trump"]
    assert seen["you play last"] and any(k.startswith("to ") for k in seen)


def wait_for(job: HintJob, timeout: float = 60.0) -> None:
    end = time.monotonic() + timeout
    while not job.done and time.monotonic() < end:
        time.sleep(0.01)
    assert job.done, "the hint took too long"


def test_a_hint_job_works_on_a_thread() -> None:
    view, _, _ = king_positions(1)[0]
    job = HintJob(view, "fr", samples=8, seed=1)
    wait_for(job)
    hint = job.result()
    assert job.failed is None and hint is not None
    assert isinstance(hint.action, Play) and hint.action.card in view.legal_plays
    assert hint.text.startswith("Jouez ")


def test_a_failing_or_cancelled_hint_job_gives_no_hint() -> None:
    deal = played_deal(4, 0)
    state = deal.state_at(len(deal.events) // 2)
    other = next(s for s in range(4) if s != state.turn)
    job = HintJob(view_for(state, other), "en", samples=8)
    wait_for(job)
    assert job.result() is None and job.failed

    view, _, _ = king_positions(1)[0]
    job = HintJob(view, "en", samples=100_000)
    job.cancel()
    wait_for(job)
    assert job.result() is None and job.failed is None


@pytest.mark.parametrize("lang", LANGS)
def test_every_hint_text_has_both_languages(lang: str) -> None:
    from game.app.i18n import catalogs

    keys = [k for k in catalogs().template() if k.startswith("hint_")]
    assert len(keys) > 40
    for key in keys:
        english, french = tr(key, "en"), tr(key, "fr")
        assert english and french
        fields = {part.split("}")[0] for part in english.split("{")[1:]}
        assert fields == {part.split("}")[0] for part in french.split("{")[1:]}, key


def test_every_reason_of_the_engine_has_its_sentence() -> None:
    """The codes of engine.ai.reasons are worded here (hint_why_<code>): each has its entry,
    and every hint_why_ entry is a code."""
    from engine.ai.reasons import CODES
    from game.app.i18n import catalogs

    keys = {k for k in catalogs().template() if k.startswith("hint_why_")}
    assert keys == {f"hint_why_{code}" for code in CODES}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_bid_sentences_measure_against_what_a_pass_is_worth(lang: str) -> None:
    """A pass is worth what the seat scores in defence, not 0: the sentences compare with it
    (a pass at +6.3 and a Garde at +0.2 once read "the Garde loses -0.2"). A hand that may
    bid a Garde (seed 15)."""
    view = bidding_view(seed=15)
    garde, petite = Bid("garde"), Bid("petite")
    passing = Analysis(view.seat, (OptionValue(Bid(None), 6.3, 1.0, 8, 0.0),
                                   OptionValue(garde, 0.2, 1.0, 8, 0.6)))
    text = explain(view, passing, lang).text
    less = {"en": "is worth 6.1 less than passing", "fr": "6,1 de moins que passer"}[lang]
    assert less in text and "-0.2" not in text and "-0,2" not in text
    taking = Analysis(view.seat, (OptionValue(petite, 16.4, 1.0, 8, 0.7),
                                  OptionValue(Bid(None), 4.1, 1.0, 8, 0.0)))
    text = explain(view, taking, lang).text
    more = {"en": "taking beats passing by 12", "fr": "prendre vaut 12 de plus que passer"}[lang]
    assert more in text and "(0)" not in text
