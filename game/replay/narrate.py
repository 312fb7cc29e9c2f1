"""Every engine event of a deal told in words, in English or French, for the replay viewer.

:func:`describe` turns one event into one line. It is given the deal state just *before* the
event, which is what tells a follow from a trump, an overtrump, an undertrump or a discard, who
holds the best card of the trick so far, and where the Excuse ends up. :func:`narrate` tells a
whole deal, folding the log once (no replay from the start for every event).

With every hand visible (``seat=None``) a line may say what the table did not know at the time
(a called king lying in the dog, the camp the Excuse goes to); told for a ``seat``, as that
seat lived the deal, it says only what the seat knew then. The discard itself stays hidden
either way, as at the table, apart from the trumps shown in it.

Every word goes through :func:`game.app.i18n.tr` (the ``narr_…`` keys). No pygame here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine import cards as C
from engine.cards import Card
from engine.deal import Deal, states_of
from engine.events import (
    BidMade,
    CardPlayed,
    DealCancelled,
    DealDealt,
    DealScored,
    Discarded,
    DogRevealed,
    Event,
    HandfulShown,
    KingCalled,
    MisereAnnounced,
    PartnerRevealed,
    SlamAnnounced,
    SlamDeclined,
    TrickWon,
)
from engine.rules import Rules
from engine.scoring import petit_au_bout, score_deal, trick_excuse_fate
from engine.state import DealState
from engine.views import view_for
from game.app.i18n import SEAT_KEYS, decimal, has_text, seat_name, tr, trn

__all__ = ["card_text", "describe", "narrate", "narrate_events", "spoken_names"]

_EXCUSE_HALF = C.HALF_POINTS[C.EXCUSE]


# --- words for cards, numbers and lists -----------------------------------------------------------


def card_text(card: Card, lang: str = "en", form: str = "bare") -> str:
    """A card as the narration writes it.

    ``form`` is ``"bare"`` for lists (``King of Hearts``, ``14``, ``Petit``, ``Excuse``),
    ``"the"`` for a card in a sentence (``the King of Hearts`` / ``la Dame de Cœur``,
    ``l'Excuse``) and ``"of"`` for the French partitive after *entamer* and *se défausser*
    (``du Roi de Cœur``, ``de la Dame``, ``de l'Excuse``; plain ``the …`` in English).
    """
    if card == C.EXCUSE:
        bare, gender = tr("narr_excuse", lang), "v"
    else:
        rank = C.RANK_OF[card]
        if C.is_trump(card):
            bare = tr("narr_petit", lang) if rank == 1 else str(rank)
            gender = "m"
        else:
            word = tr(f"narr_rank_{rank}", lang) if rank > 10 else str(rank)
            bare = tr("narr_card", lang, rank=word, suit=tr(f"narr_suit_{C.SUIT_OF[card]}", lang))
            gender = "f" if rank == C.QUEEN else "m"
    if form == "bare":
        return bare
    return tr(f"narr_{form}_{gender}", lang, card=bare)


def _cards_list(cards: Iterable[Card], lang: str) -> str:
    return ", ".join(card_text(c, lang) for c in C.sort_for_hand(cards))


def _and_list(words: Sequence[str], lang: str) -> str:
    """``5``, ``5 and 9``, ``5, 7 and 9`` (``et`` in French)."""
    if len(words) < 2:
        return "".join(words)
    return tr("narr_and", lang, first=", ".join(words[:-1]), last=words[-1])


def _number(half: int, lang: str) -> str:
    """Half points as a number: ``4.5`` in English, ``4,5`` in French."""
    if half % 2 == 0:
        return str(half // 2)
    return decimal(f"{half // 2}.5", lang)


def _points(half: int, lang: str) -> str:
    """``1 point`` / ``6 points``; a number with a half takes the form of its whole part in
    the language (``1.5 points``, ``1,5 point``)."""
    key = "narr_points" if half % 2 == 0 else "narr_points_half"
    return trn(key, half // 2, lang, n=_number(half, lang))


def _signed(score: int) -> str:
    if score > 0:
        return f"+{score}"
    if score < 0:
        return f"\u2212{-score}"
    return "0"


def _name(names: Sequence[str], seat: int, players: int, lang: str) -> str:
    """The seat's display name; the seat's compass name if ``names`` is too short."""
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    keys = SEAT_KEYS.get(players)
    if keys is not None and 0 <= seat < len(keys):
        return tr(keys[seat], lang)
    return str(seat)


def _contract(name: str, lang: str) -> str:
    return tr(name, lang) if has_text(name) else name


def _with_note(text: str, note: str, lang: str) -> str:
    return tr("narr_note", lang, text=text, note=note)


# --- one event ------------------------------------------------------------------------------------


def describe(event: Event, before: DealState, names: Sequence[str], lang: str = "en",
             *, after: DealState | None = None, deal_number: int | None = None,
             seat: int | None = None) -> str:
    """One line for one event.

    ``before`` is the deal state just before ``event`` (a fresh state for ``DealDealt``) and
    ``after`` the one just after it (needed for the last trick, to tell the Petit au bout);
    both are left unchanged. ``names`` are the seats' display names (index = seat).
    ``deal_number``, when given, heads the ``DealDealt`` line (``Deal 3 — …``). ``seat``:
    told as that seat knew it (``None``: every hand open).
    """
    n = event.players if isinstance(event, DealDealt) else before.n

    def who(seat: int) -> str:
        return _name(names, seat, n, lang)

    if isinstance(event, DealDealt):
        hand = len(event.hands[0]) if event.hands else 0
        text = tr("narr_dealt", lang, name=who(event.dealer), hand=hand, dog=len(event.dog))
        if deal_number is not None:
            text = tr("narr_deal_number", lang, n=deal_number, text=text)
        return text
    if isinstance(event, DealCancelled):
        if event.reason == "all_passed":
            return tr("narr_cancel_passed", lang)
        if event.reason == "petit_sec":
            if event.seat is None:
                return tr("narr_cancel_petit_sec_anon", lang)
            return tr("narr_cancel_petit_sec", lang, name=who(event.seat))
        return tr("narr_cancel", lang)
    if isinstance(event, BidMade):
        if event.contract is None:
            return tr("narr_pass", lang, name=who(event.seat))
        return tr("narr_bid", lang, name=who(event.seat), contract=_contract(event.contract, lang))
    if isinstance(event, KingCalled):
        return _called(event, before, who(event.seat), lang, seat)
    if isinstance(event, DogRevealed):
        return tr("narr_dog", lang, cards=_cards_list(event.cards, lang))
    if isinstance(event, Discarded):
        return _discarded(event, before, who(event.seat), lang)
    if isinstance(event, SlamAnnounced):
        return tr("narr_slam", lang, name=who(event.seat))
    if isinstance(event, SlamDeclined):
        return tr("narr_no_slam", lang, name=who(event.seat))
    if isinstance(event, HandfulShown):
        return _handful(event, before, who(event.seat), lang)
    if isinstance(event, MisereAnnounced):
        key = {"trump": "narr_misere_trump", "heads": "narr_misere_heads"}.get(
            event.misere, "narr_misere")
        return tr(key, lang, name=who(event.seat))
    if isinstance(event, CardPlayed):
        return _played(event, before, who(event.seat), lang)
    if isinstance(event, PartnerRevealed):
        called = before.called
        card = card_text(called, lang) if called is not None else "?"
        alone = event.seat == before.taker
        key = "narr_partner_alone" if alone else "narr_partner"
        return tr(key, lang, name=who(event.seat), card=card)
    if isinstance(event, TrickWon):
        return _trick_won(event, before, after, names, lang, seat)
    if isinstance(event, DealScored):
        return _scored(event, before, names, lang)
    raise TypeError(f"not an event: {event!r}")


def _called(event: KingCalled, before: DealState, name: str, lang: str,
            seat: int | None) -> str:
    """Where the called card lies, when the one told knows: with open hands, or the caller
    about a card of its own (the dog is not turned over yet when the card is called)."""
    bit = 1 << event.card
    key = "narr_call"
    if before.hands and before.hands[event.seat] & bit and seat in (None, event.seat):
        key = "narr_call_own"
    elif before.dog & bit and seat is None:
        key = "narr_call_dog"
    return tr(key, lang, name=name, card=card_text(event.card, lang, "the"))


def _discarded(event: Discarded, before: DealState, name: str, lang: str) -> str:
    # A discard made while the state is past the discarding phase replaces an earlier one.
    key = "narr_rediscard" if before.discard else "narr_discard"
    text = trn(key, len(event.cards), lang, name=name)
    shown = [card_text(c, lang) for c in sorted(event.shown)]
    if shown:
        text = trn("narr_discard_trump", len(shown), lang, text=text,
                   trumps=_and_list(shown, lang))
    return text


def _handful(event: HandfulShown, before: DealState, name: str, lang: str) -> str:
    size = len(event.cards)
    thresholds = before.rules.handful_thresholds(before.n)
    level = max((i for i, t in enumerate(thresholds) if size >= t), default=0)
    with_excuse = C.EXCUSE in event.cards
    key = "narr_handful_excuse" if with_excuse else "narr_handful"
    return tr(key, lang, name=name, level=tr(f"narr_level_{level}", lang),
              count=size - with_excuse, cards=_cards_list(event.cards, lang))


def _played(event: CardPlayed, before: DealState, name: str, lang: str) -> str:
    """Lead, follow, trump, overtrump, undertrump or discard (RULES.md §8)."""
    card = event.card
    trick = before.trick
    if card == C.EXCUSE:
        return tr("narr_play_excuse" if trick else "narr_lead_excuse", lang, name=name)
    if not trick:
        if C.is_trump(card):
            return tr("narr_lead_trump", lang, name=name, card=card_text(card, lang, "the"))
        return tr("narr_lead", lang, name=name, card=card_text(card, lang, "of"))
    real = [c for c in trick if c != C.EXCUSE]
    if not real:  # the Excuse was led: this card sets the suit
        return tr("narr_sets_suit", lang, name=name, card=card_text(card, lang, "the"))
    led = C.SUIT_OF[real[0]]
    trumps = [c for c in real if C.is_trump(c)]
    top_trump = max(trumps, default=-1)
    the_card = card_text(card, lang, "the")
    if led == C.TRUMP:
        if C.is_trump(card):
            key = "narr_trump_higher" if card > top_trump else "narr_trump_lower"
            return tr(key, lang, name=name, card=the_card)
        return tr("narr_no_trump_discard", lang, name=name, card=card_text(card, lang, "of"))
    if C.SUIT_OF[card] == led:
        best = not trumps and card > max(c for c in real if C.SUIT_OF[c] == led)
        return tr("narr_follow_best" if best else "narr_follow", lang, name=name, card=the_card)
    if C.is_trump(card):
        if not trumps:
            key = "narr_trump"
        elif card > top_trump:
            key = "narr_overtrump"
        else:
            key = "narr_undertrump"
        return tr(key, lang, name=name, card=the_card)
    return tr("narr_discard_card", lang, name=name, card=card_text(card, lang, "of"))


def _trick_won(event: TrickWon, before: DealState, after: DealState | None,
               names: Sequence[str], lang: str, seat: int | None) -> str:
    """The winner, the card points the winner's camp keeps, where the Excuse goes and the
    Petit au bout. Told for a seat that does not know the camps yet (five players, the
    partner hidden), the Excuse is counted in the trick as played, without saying where it
    goes: that would say who the partner is."""
    trick = before.trick
    winner = event.seat
    last = event.trick == before.tricks_total - 1
    half = sum(C.HALF_POINTS[c] for c in trick)
    key = "narr_last_trick" if last else "narr_trick"
    notes: list[str] = []
    camps_known = seat is None or view_for(before, seat).partner_known
    fate = trick_excuse_fate(before, winner) if camps_known else None
    if fate is not None:
        winner_camp = before.camp_of(winner)
        if fate.how == "slam":
            key = "narr_slam_excuse_trick"  # the Excuse led to the last trick of a slam
        elif fate.how == "last_trick":
            if fate.camp != winner_camp:
                half -= _EXCUSE_HALF
            notes.append(tr("narr_excuse_last_taker" if fate.for_taker
                            else "narr_excuse_last_defence", lang))
        elif fate.camp != winner_camp:  # its owner's camp keeps it, a low card given for it
            half -= _EXCUSE_HALF
            notes.append(tr("narr_excuse_exchange", lang,
                            name=_name(names, before.excuse_player, before.n, lang)))
    if last and len(trick) == before.n and before.taker is not None and after is not None:
        side = petit_au_bout(after)
        if side is not None:
            notes.append(tr("narr_pab_taker" if side == "taker" else "narr_pab_defence", lang))
    text = tr(key, lang, name=_name(names, winner, before.n, lang), n=event.trick + 1,
              points=_points(half, lang))
    for note in notes:
        text = _with_note(text, note, lang)
    return text


def _scored(event: DealScored, before: DealState, names: Sequence[str], lang: str) -> str:
    scores = ", ".join(
        tr("narr_score", lang, name=_name(names, seat, before.n, lang), score=_signed(score))
        for seat, score in enumerate(event.scores)
    )
    if before.contract is None or before.taker is None:
        return tr("narr_scored_plain", lang, scores=scores)
    try:
        result = score_deal(before)
    except ValueError:  # a log written under other rules: keep to the scores it carries
        return tr("narr_scored_plain", lang, scores=scores)
    oudlers = (trn("narr_oudlers", result.oudlers, lang) if result.oudlers else
               tr("narr_oudlers_0", lang))
    text = tr(
        "narr_made" if result.made else "narr_failed", lang,
        name=_name(names, result.taker, before.n, lang),
        contract=_contract(result.contract, lang),
        margin=_points(2 * result.margin, lang),
        points=_points(result.points_half, lang),
        oudlers=oudlers,
        target=result.target,
    )
    if result.slam is not None:
        text = _with_note(text, tr(f"narr_slam_{result.slam}", lang), lang)
    return tr("narr_scores", lang, text=text, scores=scores)


# --- a whole deal ---------------------------------------------------------------------------------


def narrate_events(rules: Rules, events: Sequence[Event], names: Sequence[str],
                   lang: str = "en", *, deal_number: int | None = None,
                   seat: int | None = None) -> list[str]:
    """:func:`describe` for every event of a log, with the engine's states along it."""
    if not events:
        return []
    first = events[0]
    if not isinstance(first, DealDealt):
        raise ValueError("a deal's event log must start with deal_dealt")
    states = [DealState(rules, first.players), *states_of(rules, events)]
    return [describe(event, states[i], names, lang, after=states[i + 1],
                     deal_number=deal_number, seat=seat)
            for i, event in enumerate(events)]


def narrate(deal: Deal, names: Sequence[str], lang: str = "en",
            *, deal_number: int | None = None, seat: int | None = None) -> list[str]:
    """One line per event of ``deal``, in order (as ``seat`` knew it, when given)."""
    return narrate_events(deal.rules, deal.events, names, lang, deal_number=deal_number,
                          seat=seat)


def spoken_names(names: list[str], lang: str) -> list[str]:
    """The seats' names as the replay tells the deal: a seat named "You" (the default name)
    becomes "South (you)", since "You follows with…" would not read."""
    players = len(names)
    out = []
    for seat, name in enumerate(names):
        if name.strip().casefold() in ("you", "vous", tr("table_you", lang).casefold()):
            name = f"{seat_name(seat, players, lang)} ({tr('replay_you', lang)})"
        out.append(name)
    return out
