"""What each seat may do, and why not: the checks behind every command.

``legal_actions(state)`` lists the choices of the seat to act for the phases whose choices
are few (bids, calls, the slam decision, cards). Discards and handfuls are sets of cards, so
they are described by :func:`discard_options` and :func:`handful_options` and checked by
:func:`check_discard` and :func:`check_handful`. Every ``check_*`` raises
:class:`IllegalAction` with a message that says what was wrong, in the form of
DEAL_RECORD.md: ``seat 2 must follow hearts (holds 9H); got T4``.
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
from engine.cards import Card, Mask, format_card
from engine.state import DealState, Phase

HANDFUL_LEVELS = ("simple", "double", "triple")
MISERES = ("trump", "heads")


class IllegalAction(ValueError):
    """A command the rules do not allow at this point; the message says why."""


def _tokens(mask: Mask) -> str:
    return ", ".join(C.format_cards(sorted(C.cards_of(mask), reverse=True)))


# --- listing -----------------------------------------------------------------------------------


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
    best = state.highest_bid()
    floor = best.rank if best is not None else 0
    return [PASS] + [Bid(c.name) for c in state.rules.contracts if c.rank > floor]


def callable_cards(state: DealState) -> list[Card]:
    """RULES.md §4: a king; a queen when holding all four kings; and so on down to jacks."""
    if state.rules.five_player_call == "any":
        return list(range(C.DECK_SIZE))
    assert state.taker is not None
    hand = state.hands[state.taker]
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


def discard_options(state: DealState) -> DiscardOptions:
    assert state.taker is not None
    hand = state.hands[state.taker] | state.discard
    size = state.rules.setup(state.n).dog
    plain = hand & ~C.TRUMP_MASK & ~C.KING_MASK & ~C.EXCUSE_BIT
    if plain.bit_count() >= size:
        return DiscardOptions(size, plain, plain, 0)
    trumps = hand & C.TRUMP_MASK & ~C.OUDLER_MASK
    return DiscardOptions(size, plain | trumps, plain, size - plain.bit_count())


def can_change_discard(state: DealState, seat: int) -> bool:
    """The taker may (re)make the discard until playing their first card (RULES.md §5)."""
    contract = state.contract
    if contract is None or not contract.dog_shown or seat != state.taker:
        return False
    if state.phase in (Phase.DISCARDING, Phase.SLAM):
        return True
    return state.phase is Phase.PLAYING and not state.played_seats >> seat & 1


def handful_options(state: DealState, seat: int) -> list[tuple[str, int]]:
    """The handfuls ``seat`` may show now: ``[("simple", 10), ("double", 13)]``."""
    if not _before_first_card(state, seat) or seat in state.handfuls:
        return []
    hand = state.hands[seat]
    showable = (hand & C.TRUMP_MASK).bit_count() + (1 if hand & C.EXCUSE_BIT else 0)
    thresholds = state.rules.handful_thresholds(state.n)
    return [(name, t) for name, t in zip(HANDFUL_LEVELS, thresholds, strict=True) if t <= showable]


def misere_options(state: DealState, seat: int) -> list[str]:
    if not state.rules.miseres or not _before_first_card(state, seat):
        return []
    hand = state.hands[seat]
    announced = state.miseres.get(seat, ())
    out = []
    if not hand & C.TRUMP_MASK and "trump" not in announced:
        out.append("trump")
    if not hand & (C.HEAD_MASK | C.OUDLER_MASK) and "heads" not in announced:
        out.append("heads")
    return out


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
        raise IllegalAction(f"the deal is {state.phase.value}; no more actions")
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
        who = "nobody" if state.turn is None else f"seat {state.turn}"
        raise IllegalAction(f"it is {who}'s turn, not seat {seat}'s")
    if isinstance(action, Bid):
        check_bid(state, seat, action.contract)
    elif isinstance(action, Call):
        check_call(state, seat, action.card)
    elif isinstance(action, DecideSlam):
        if state.phase is not Phase.SLAM:
            raise IllegalAction(f"a slam may not be announced now ({state.phase.value})")
    elif isinstance(action, Play):
        check_play(state, seat, action.card)
    else:  # pragma: no cover - the Action union is closed
        raise IllegalAction(f"unknown action {action!r}")


def check_bid(state: DealState, seat: int, contract: str | None) -> None:
    if state.phase is not Phase.BIDDING:
        raise IllegalAction(f"seat {seat} may not bid now ({state.phase.value})")
    if contract is None:
        return
    try:
        wanted = state.rules.contract(contract)
    except ValueError:
        raise IllegalAction(f"unknown contract {contract!r}") from None
    best = state.highest_bid()
    if best is not None and wanted.rank <= best.rank:
        raise IllegalAction(f"seat {seat} bid {wanted.name}, not higher than {best.name}")


def check_call(state: DealState, seat: int, card: Card) -> None:
    if state.phase is not Phase.CALLING:
        raise IllegalAction(f"no card may be called now ({state.phase.value})")
    if card not in callable_cards(state):
        allowed = " ".join(C.format_cards(callable_cards(state)))
        raise IllegalAction(f"seat {seat} may not call {format_card(card)} (may call {allowed})")


def check_discard(state: DealState, seat: int, cards: tuple[Card, ...]) -> None:
    if state.taker != seat or not can_change_discard(state, seat):
        raise IllegalAction(f"seat {seat} may not discard now")
    options = discard_options(state)
    if len(cards) != options.size:
        raise IllegalAction(f"{len(cards)} cards, {options.size} expected")
    seen = 0
    hand = state.hands[seat] | state.discard
    for card in cards:
        bit = 1 << card
        if seen & bit:
            raise IllegalAction(f"{format_card(card)} appears twice")
        seen |= bit
        if not hand & bit:
            raise IllegalAction(f"{format_card(card)} is not in the taker's hand")
    kings = seen & C.KING_MASK
    if kings:
        raise IllegalAction(f"kings may not be discarded ({_tokens(kings)})")
    oudlers = seen & C.OUDLER_MASK
    if oudlers:
        raise IllegalAction(f"oudlers may not be discarded ({_tokens(oudlers)})")
    trumps = seen & C.TRUMP_MASK
    if trumps and not options.trumps_needed:
        raise IllegalAction(
            f"trumps may be discarded only when too few other cards can be ({_tokens(trumps)})"
        )
    if trumps.bit_count() > options.trumps_needed:
        raise IllegalAction(
            f"only {options.trumps_needed} trump(s) may be discarded, got {trumps.bit_count()} "
            f"({_tokens(trumps)})"
        )


def check_handful(state: DealState, seat: int, cards: tuple[Card, ...]) -> None:
    if not _before_first_card(state, seat):
        raise IllegalAction(f"seat {seat} may show a handful only as it plays its first card")
    if seat in state.handfuls:
        raise IllegalAction(f"seat {seat} has already shown a handful")
    thresholds = state.rules.handful_thresholds(state.n)
    if len(cards) not in thresholds:
        sizes = ", ".join(str(t) for t in thresholds)
        raise IllegalAction(f"a handful is {sizes} trumps, got {len(cards)}")
    hand = state.hands[seat]
    shown = 0
    for card in cards:
        bit = 1 << card
        if shown & bit:
            raise IllegalAction(f"{format_card(card)} appears twice")
        if not hand & bit:
            raise IllegalAction(f"seat {seat} does not hold {format_card(card)}")
        if not (C.is_trump(card) or card == C.EXCUSE):
            raise IllegalAction(f"a handful is made of trumps, got {format_card(card)}")
        shown |= bit
    hidden = hand & C.TRUMP_MASK & ~shown
    if shown & C.EXCUSE_BIT and hidden:
        raise IllegalAction(
            "the Excuse may stand for a trump only when every trump is shown "
            f"(hides {_tokens(hidden)})"
        )


def check_misere(state: DealState, seat: int, misere: str) -> None:
    if not state.rules.miseres:
        raise IllegalAction("misères are not played under these rules")
    if misere not in MISERES:
        raise IllegalAction(f"unknown misère {misere!r} (trump or heads)")
    if misere not in misere_options(state, seat):
        raise IllegalAction(f"seat {seat} may not announce misère of {misere} now")


def check_play(state: DealState, seat: int, card: Card) -> None:
    if state.phase is not Phase.PLAYING:
        raise IllegalAction(f"no card may be played now ({state.phase.value})")
    hand = state.hands[seat]
    if not hand >> card & 1:
        raise IllegalAction(f"seat {seat} does not hold {format_card(card)}")
    if state.legal_plays() >> card & 1:
        return
    raise IllegalAction(f"seat {seat} {play_obligation(state)}; got {format_card(card)}")


def play_obligation(state: DealState) -> str:
    """What the seat to play must do, in words: ``must follow hearts (holds 9H)``."""
    seat = state.turn
    assert seat is not None
    hand = state.hands[seat]
    trick = state.trick
    legal = state.legal_plays()
    if not trick:
        called = state.called
        assert called is not None
        called_suit = C.SUIT_NAMES[C.SUIT_OF[called]]
        return (f"may not lead {called_suit} to the first trick, but for the called card "
                f"{format_card(called)}")
    lead = trick[1] if trick[0] == C.EXCUSE else trick[0]
    suit = C.SUIT_OF[lead]
    if suit != C.TRUMP and hand & C.SUIT_MASKS[suit]:
        return f"must follow {C.SUIT_NAMES[suit]} (holds {_tokens(hand & C.SUIT_MASKS[suit])})"
    trumps = legal & C.TRUMP_MASK
    if state.high_trump and trumps & C.TRUMPS_ABOVE[state.high_trump]:
        return f"must play a trump higher than T{state.high_trump} (holds {_tokens(trumps)})"
    if suit == C.TRUMP:
        return f"must play a trump (holds {_tokens(trumps)})"
    return f"must trump (holds {_tokens(trumps)})"
