"""What each seat may do, and why not: the rules behind every command, written once.

Each rule is a small function over plain facts (a hand as a mask, the cards of the trick,
the rules) so that it serves everyone who knows those facts: the checks below, given the
full :class:`~engine.state.DealState`, and :mod:`engine.choices`, given only what one seat's
view shows (the bots and the table use that one).

``legal_actions(state)`` lists the choices of the seat to act for the phases whose choices
are few (bids, calls, the slam decision, cards). Discards and handfuls are sets of cards, so
they are described by :func:`discard_options` and :func:`handful_options` and checked by
:func:`check_discard` and :func:`check_handful`. Every ``check_*`` raises
:class:`IllegalAction` carrying a :class:`~engine.refusals.Refusal` (the reason as data);
its message is the engine's English, in the form of DEAL_RECORD.md:
``seat 2 must follow hearts (holds 9H); got T4``.
"""

from __future__ import annotations

from collections.abc import Sequence
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
from engine.cards import Card, Mask
from engine.refusals import Refusal, strongest_first
from engine.rules import Contract, Rules
from engine.state import DealState, Phase

HANDFUL_LEVELS = ("simple", "double", "triple")
MISERES = ("trump", "heads")


class IllegalAction(ValueError):
    """A command the rules do not allow at this point; ``refusal`` says why, as data, and
    the message in English."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.text())
        self.refusal = refusal


def _refuse(reason: str, **facts: object) -> IllegalAction:
    return IllegalAction(Refusal(reason, **facts))  # type: ignore[arg-type]


# --- the rules, over plain facts ---------------------------------------------------------------


def bids_above(rules: Rules, best: Contract | None) -> list[Bid]:
    """Pass, then every contract above ``best`` (the highest bid so far), lowest first."""
    floor = best.rank if best is not None else 0
    return [PASS] + [Bid(c.name) for c in rules.contracts if c.rank > floor]


def callable_in(rules: Rules, hand: Mask) -> list[Card]:
    """RULES.md §4: a king; a queen when ``hand`` holds all four kings; and so on down to
    jacks (any card under the ``call_any_card`` variant)."""
    if rules.five_player_call == "any":
        return list(range(C.DECK_SIZE))
    out: list[Card] = []
    for rank in (C.KING, C.QUEEN, C.KNIGHT, C.JACK):
        ranked = [C.make_card(suit, rank) for suit in range(4)]
        out.extend(ranked)
        if not all(hand >> card & 1 for card in ranked):
            break
    return out


@dataclass(frozen=True)
class DiscardOptions:
    """What the taker's discard must be.

    ``size`` cards from ``allowed``. When ``trumps_needed`` is above 0 there are too few other
    cards: the discard is every card of ``plain`` plus exactly ``trumps_needed`` trumps.
    """

    size: int
    allowed: Mask
    plain: Mask
    trumps_needed: int


def discard_options_for(rules: Rules, players: int, hand: Mask) -> DiscardOptions:
    """RULES.md §5, for a taker whose hand (with any discard already made) is ``hand``."""
    size = rules.setup(players).dog
    plain = hand & ~C.TRUMP_MASK & ~C.KING_MASK & ~C.EXCUSE_BIT
    if plain.bit_count() >= size:
        return DiscardOptions(size, plain, plain, 0)
    trumps = hand & C.TRUMP_MASK & ~C.OUDLER_MASK
    return DiscardOptions(size, plain | trumps, plain, size - plain.bit_count())


def discard_refusal(options: DiscardOptions, hand: Mask, cards: Sequence[Card],
                    complete: bool = True) -> Refusal | None:
    """Why ``cards`` cannot be the taker's discard (``complete=False``: cannot be part of
    one still being made), or ``None``."""
    if complete and len(cards) != options.size:
        return Refusal("discard_size", count=len(cards), limit=options.size)
    if len(cards) > options.size:
        return Refusal("discard_full", limit=options.size)
    seen = 0
    for card in cards:
        bit = 1 << card
        if seen & bit:
            return Refusal("twice", card=card)
        seen |= bit
        if not hand & bit:
            return Refusal("not_in_taker_hand", card=card)
    kings = seen & C.KING_MASK
    if kings:
        return Refusal("no_kings", cards=strongest_first(kings))
    oudlers = seen & C.OUDLER_MASK
    if oudlers:
        return Refusal("no_oudlers", cards=strongest_first(oudlers))
    trumps = seen & C.TRUMP_MASK
    if trumps and not options.trumps_needed:
        return Refusal("no_trumps", cards=strongest_first(trumps))
    if trumps.bit_count() > options.trumps_needed:
        return Refusal("too_many_trumps", limit=options.trumps_needed,
                       count=trumps.bit_count(), cards=strongest_first(trumps))
    return None


def discard_is_open(contract: Contract | None, taker: int | None, seat: int, phase: Phase,
                    has_played: bool, declared: bool) -> bool:
    """RULES.md §5: the taker may (re)make the discard until playing their first card, and
    no longer once they have declared a handful or a misère (it would change what was
    shown)."""
    if contract is None or not contract.dog_shown or seat != taker:
        return False
    if phase in (Phase.DISCARDING, Phase.SLAM):
        return True
    return phase is Phase.PLAYING and not has_played and not declared


def handful_levels(rules: Rules, players: int, hand: Mask) -> list[tuple[str, int]]:
    """The handfuls ``hand`` allows: ``[("simple", 10), ("double", 13)]`` (the Excuse may
    stand for one trump)."""
    showable = (hand & C.TRUMP_MASK).bit_count() + (1 if hand & C.EXCUSE_BIT else 0)
    thresholds = rules.handful_thresholds(players)
    return [(name, t) for name, t in zip(HANDFUL_LEVELS, thresholds, strict=True)
            if t <= showable]


def handful_refusal(rules: Rules, players: int, seat: int, hand: Mask, cards: Sequence[Card],
                    size: int | None = None) -> Refusal | None:
    """Why ``cards`` are not a handful ``seat`` may show from ``hand``, or ``None``.
    ``size``: the level being chosen, so that a choice still too small or too large is
    named as such rather than as a wrong size."""
    thresholds = rules.handful_thresholds(players)
    if size is None and len(cards) not in thresholds:
        return Refusal("handful_size", seat=seat, count=len(cards), sizes=tuple(thresholds))
    shown = 0
    for card in cards:
        bit = 1 << card
        if shown & bit:
            return Refusal("twice", seat=seat, card=card)
        if not hand & bit:
            return Refusal("not_held", seat=seat, card=card)
        if not (C.is_trump(card) or card == C.EXCUSE):
            return Refusal("handful_trumps_only", seat=seat, card=card)
        shown |= bit
    hidden = hand & C.TRUMP_MASK & ~shown
    if shown & C.EXCUSE_BIT and hidden:
        return Refusal("handful_excuse", seat=seat, cards=strongest_first(hidden))
    if size is not None and len(cards) != size:
        return Refusal("handful_short" if len(cards) < size else "handful_long", seat=seat,
                       count=len(cards), limit=size)
    return None


def misere_kinds(rules: Rules, hand: Mask, announced: Sequence[str]) -> list[str]:
    """The misères (RULES.md §12) ``hand`` may still announce."""
    if not rules.miseres:
        return []
    out = []
    if not hand & C.TRUMP_MASK and "trump" not in announced:
        out.append("trump")
    if not hand & (C.HEAD_MASK | C.OUDLER_MASK) and "heads" not in announced:
        out.append("heads")
    return out


def play_refusal(seat: int, hand: Mask, trick: Sequence[Card], legal: Mask, called: Card | None,
                 card: Card) -> Refusal | None:
    """Why ``seat`` may not play ``card`` to ``trick`` when the legal cards are ``legal``
    (RULES.md §4 and §8), or ``None``."""
    if not hand >> card & 1:
        return Refusal("not_held", seat=seat, card=card)
    if legal >> card & 1:
        return None
    if not trick:
        assert called is not None  # only the first lead of a five-player deal is restricted
        return Refusal("called_suit", seat=seat, card=card, suit=C.SUIT_OF[called],
                       other_card=called)
    lead = trick[1] if trick[0] == C.EXCUSE else trick[0]
    suit = C.SUIT_OF[lead]
    if suit != C.TRUMP and hand & C.SUIT_MASKS[suit]:
        return Refusal("must_follow", seat=seat, card=card, suit=suit,
                       cards=strongest_first(hand & C.SUIT_MASKS[suit]))
    trumps = legal & C.TRUMP_MASK
    high = max((C.RANK_OF[c] for c in trick if C.is_trump(c)), default=0)
    if high and trumps & C.TRUMPS_ABOVE[high]:
        return Refusal("must_overtrump", seat=seat, card=card, limit=high,
                       cards=strongest_first(trumps))
    if suit == C.TRUMP:
        return Refusal("must_play_trump", seat=seat, card=card, cards=strongest_first(trumps))
    return Refusal("must_trump", seat=seat, card=card, suit=suit, cards=strongest_first(trumps))


# --- listing, for the full state -----------------------------------------------------------------


def legal_actions(state: DealState) -> list[Action]:
    """The choices of ``state.turn``; empty when nobody is to act or the phase is a discard."""
    phase = state.phase
    if phase is Phase.PLAYING and state.turn is not None:
        return [Play(c) for c in C.iter_cards(state.legal_plays())]
    if phase is Phase.BIDDING and state.turn is not None and len(state.bids) < state.n:
        return list(legal_bids(state))
    if phase is Phase.CALLING:
        return [Call(c) for c in callable_cards(state)]
    if phase is Phase.SLAM:
        return [DecideSlam(False), DecideSlam(True)]
    return []


def legal_bids(state: DealState) -> list[Bid]:
    return bids_above(state.rules, state.highest_bid())


def callable_cards(state: DealState) -> list[Card]:
    assert state.taker is not None
    return callable_in(state.rules, state.hands[state.taker])


def discard_options(state: DealState) -> DiscardOptions:
    assert state.taker is not None
    return discard_options_for(state.rules, state.n, state.hands[state.taker] | state.discard)


def can_change_discard(state: DealState, seat: int) -> bool:
    return discard_is_open(state.contract, state.taker, seat, state.phase,
                           bool(state.played_seats >> seat & 1), _declared(state, seat))


def _declared(state: DealState, seat: int) -> bool:
    return seat in state.handfuls or bool(state.miseres.get(seat))


def handful_options(state: DealState, seat: int) -> list[tuple[str, int]]:
    """The handfuls ``seat`` may show now: ``[("simple", 10), ("double", 13)]``."""
    if not _before_first_card(state, seat) or seat in state.handfuls:
        return []
    return handful_levels(state.rules, state.n, state.hands[seat])


def misere_options(state: DealState, seat: int) -> list[str]:
    if not _before_first_card(state, seat):
        return []
    return misere_kinds(state.rules, state.hands[seat], state.miseres.get(seat, ()))


def _before_first_card(state: DealState, seat: int) -> bool:
    return (
        state.phase is Phase.PLAYING
        and state.turn == seat
        and not state.played_seats >> seat & 1
    )


# --- checking ------------------------------------------------------------------------------------


def check_action(state: DealState, seat: int, action: Action) -> None:
    """Raise :class:`IllegalAction` unless ``seat`` may take ``action`` now."""
    if state.is_over:
        raise _refuse("deal_over", seat=seat, name=state.phase.value)
    if isinstance(action, Discard):
        check_discard(state, seat, action.cards)
        return
    if isinstance(action, ShowHandful):
        check_handful(state, seat, action.cards)
        return
    if isinstance(action, AnnounceMisere):
        check_misere(state, seat, action.misere)
        return
    if state.turn != seat:
        raise _refuse("not_your_turn", seat=seat, other=state.turn)
    if isinstance(action, Bid):
        check_bid(state, seat, action.contract)
    elif isinstance(action, Call):
        check_call(state, seat, action.card)
    elif isinstance(action, DecideSlam):
        if state.phase is not Phase.SLAM:
            raise _refuse("no_slam_now", seat=seat, name=state.phase.value)
    elif isinstance(action, Play):
        check_play(state, seat, action.card)
    else:  # pragma: no cover - the Action union is closed
        raise TypeError(f"unknown action {action!r}")


def check_bid(state: DealState, seat: int, contract: str | None) -> None:
    if state.phase is not Phase.BIDDING:
        raise _refuse("no_bid_now", seat=seat, name=state.phase.value)
    if contract is None:
        return
    try:
        wanted = state.rules.contract(contract)
    except ValueError:
        raise _refuse("unknown_contract", seat=seat, name=contract) from None
    best = state.highest_bid()
    if best is not None and wanted.rank <= best.rank:
        raise _refuse("bid_not_higher", seat=seat, name=wanted.name, other_name=best.name)


def check_call(state: DealState, seat: int, card: Card) -> None:
    if state.phase is not Phase.CALLING:
        raise _refuse("no_call_now", seat=seat, name=state.phase.value)
    allowed = callable_cards(state)
    if card not in allowed:
        raise _refuse("not_callable", seat=seat, card=card, cards=tuple(allowed))


def check_discard(state: DealState, seat: int, cards: tuple[Card, ...]) -> None:
    if state.taker != seat or not can_change_discard(state, seat):
        if state.taker == seat and state.discard and _declared(state, seat) and not (
                state.played_seats >> seat & 1):
            what = "a handful" if seat in state.handfuls else "a misère"
            raise _refuse("discard_final", seat=seat, name=what)
        raise _refuse("no_discard_now", seat=seat)
    refusal = discard_refusal(discard_options(state), state.hands[seat] | state.discard, cards)
    if refusal is not None:
        raise IllegalAction(refusal)


def check_handful(state: DealState, seat: int, cards: tuple[Card, ...]) -> None:
    if not _before_first_card(state, seat):
        raise _refuse("handful_not_now", seat=seat)
    if seat in state.handfuls:
        raise _refuse("handful_again", seat=seat)
    refusal = handful_refusal(state.rules, state.n, seat, state.hands[seat], cards)
    if refusal is not None:
        raise IllegalAction(refusal)


def check_misere(state: DealState, seat: int, misere: str) -> None:
    if not state.rules.miseres:
        raise _refuse("miseres_off", seat=seat)
    if misere not in MISERES:
        raise _refuse("unknown_misere", seat=seat, name=misere)
    if misere not in misere_options(state, seat):
        raise _refuse("misere_not_now", seat=seat, name=misere)


def check_play(state: DealState, seat: int, card: Card) -> None:
    if state.phase is not Phase.PLAYING:
        raise _refuse("no_play_now", seat=seat, name=state.phase.value)
    refusal = play_refusal(seat, state.hands[seat], state.trick, state.legal_plays(),
                           state.called, card)
    if refusal is not None:
        raise IllegalAction(refusal)
