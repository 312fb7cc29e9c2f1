"""One deal as an event log: commands in, events out, state = fold of the log.

>>> from engine.rules import load_rules
>>> deal = Deal.new(load_rules(), players=4, dealer=0, seed=7)
>>> deal.state.phase.value, deal.state.turn
('bidding', 1)
>>> [str(a) for a in deal.legal_actions()][:3]
['bid pass', 'bid petite', 'bid garde']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine import cards as C
from engine.actions import (
    Action,
    AnnounceMisere,
    Bid,
    Call,
    DecideSlam,
    Discard,
    Play,
    ShowHandful,
)
from engine.choices import legal_actions
from engine.commands import execute, start_deal, start_from_dealt
from engine.events import (
    BidMade,
    CardPlayed,
    DealDealt,
    Discarded,
    Event,
    HandfulShown,
    KingCalled,
    MisereAnnounced,
    SlamAnnounced,
    SlamDeclined,
)
from engine.legal import IllegalAction
from engine.problems import Problem, ProblemError
from engine.rules import Rules
from engine.scoring import DealResult, score_deal
from engine.state import DealState, Phase, apply_in_place, replay


def states_of(rules: Rules, events: Sequence[Event]) -> list[DealState]:
    """The state after each event of a deal's log (the fold of every prefix, worked out in
    one pass). The log is trusted: check it first with :meth:`Deal.from_events`."""
    if not events or not isinstance(events[0], DealDealt):
        raise ValueError("a deal's event log starts with deal_dealt")
    state = DealState(rules, events[0].players)
    out = []
    for event in events:
        apply_in_place(state, event)
        out.append(state.copy())
    return out


class LogError(ProblemError):
    """An event log that the rules could not have produced; the message says where."""


def command_of(event: Event) -> tuple[int, Action] | None:
    """The (seat, action) a command event records, or ``None`` for the engine's own events."""
    if isinstance(event, BidMade):
        return event.seat, Bid(event.contract)
    if isinstance(event, CardPlayed):
        return event.seat, Play(event.card)
    if isinstance(event, KingCalled):
        return event.seat, Call(event.card)
    if isinstance(event, Discarded):
        return event.seat, Discard(event.cards)
    if isinstance(event, SlamAnnounced):
        return event.seat, DecideSlam(True)
    if isinstance(event, SlamDeclined):
        return event.seat, DecideSlam(False)
    if isinstance(event, HandfulShown):
        return event.seat, ShowHandful(event.cards)
    if isinstance(event, MisereAnnounced):
        return event.seat, AnnounceMisere(event.misere)
    return None


def check_dealt(rules: Rules, dealt: DealDealt) -> None:
    """Raise :class:`LogError` unless the dealt hands and dog hold each card exactly once."""
    setup = rules.setup(dealt.players)
    if not 0 <= dealt.dealer < dealt.players:
        raise LogError.of("dealer_not_a_seat", dealer=dealt.dealer, players=dealt.players)
    if len(dealt.hands) != dealt.players:
        raise LogError.of("hand_count_one" if len(dealt.hands) == 1 else "hand_count",
                          count=len(dealt.hands), players=dealt.players)
    seen = 0
    for seat, hand in enumerate(dealt.hands):
        if len(hand) != setup.hand:
            raise LogError.of("card_count_one" if len(hand) == 1 else "card_count",
                              f"hands[{seat}]", count=len(hand), expected=setup.hand)
        for card in hand:
            if seen >> card & 1:
                raise LogError.of("dealt_twice", f"hands[{seat}]", card=C.format_card(card))
            seen |= 1 << card
    if len(dealt.dog) != setup.dog:
        raise LogError.of("card_count_one" if len(dealt.dog) == 1 else "card_count", "dog",
                          count=len(dealt.dog), expected=setup.dog)
    for card in dealt.dog:
        if seen >> card & 1:
            raise LogError.of("dealt_twice", "dog", card=C.format_card(card))
        seen |= 1 << card


class Deal:
    """A deal's event log with its current state. Undo is truncation of the log."""

    def __init__(self, rules: Rules, events: Sequence[Event], state: DealState) -> None:
        self.rules = rules
        self.events: list[Event] = list(events)
        self.state = state

    @classmethod
    def new(cls, rules: Rules, players: int, dealer: int, seed: int) -> Deal:
        outcome = start_deal(rules, players, dealer, seed)
        return cls(rules, outcome.events, outcome.state)

    @classmethod
    def from_dealt(cls, rules: Rules, dealt: DealDealt) -> Deal:
        check_dealt(rules, dealt)
        outcome = start_from_dealt(rules, dealt)
        return cls(rules, outcome.events, outcome.state)

    @classmethod
    def from_events(cls, rules: Rules, events: Iterable[Event]) -> Deal:
        """Rebuild a deal from a log, re-checking every command against the rules and every
        engine event against what the engine would have written. Raises :class:`LogError`."""
        log = list(events)
        if not log or not isinstance(log[0], DealDealt):
            raise LogError.of("starts_with_deal", "events[0]")
        try:
            deal = cls.from_dealt(rules, log[0])
        except ProblemError as exc:  # a bad hand, or a player count no rules have
            raise LogError(exc.problem.inside("events[0]")) from None
        i = len(deal.events)
        if log[1:i] != deal.events[1:]:
            raise LogError.of("expected_after_deal", f"events[{i - 1}]",
                              kind=deal.events[-1].kind)
        while i < len(log):
            command = command_of(log[i])
            if command is None:
                raise LogError.of("unexpected_event", f"events[{i}]", kind=log[i].kind)
            seat, action = command
            try:
                new = deal.execute(seat, action)
            except IllegalAction as exc:
                raise LogError.of("refused", f"events[{i}]", exc.refusal) from None
            if tuple(log[i:i + len(new)]) != new:
                k = next(k for k, e in enumerate(new) if i + k >= len(log) or log[i + k] != e)
                got = log[i + k] if i + k < len(log) else None
                want = new[k]
                wanted = f"{want.kind} {_brief(want)}"
                raise LogError(
                    Problem.of("not_what_the_rules_give", f"events[{i + k}]", want=wanted,
                               got=f"{got.kind} {_brief(got)}") if got else
                    Problem.of("log_ends_early", f"events[{i + k}]", want=wanted))
            i += len(new)
        return deal

    # --- playing ------------------------------------------------------------------------------

    def execute(self, seat: int, action: Action) -> tuple[Event, ...]:
        """Check and carry out ``action``; returns the new events. Raises ``IllegalAction``."""
        outcome = execute(self.state, seat, action)
        self.events.extend(outcome.events)
        self.state = outcome.state
        return outcome.events

    def legal_actions(self) -> list[Action]:
        return legal_actions(self.state)

    @property
    def players(self) -> int:
        return self.state.n

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    @property
    def result(self) -> DealResult | None:
        """The full calculation once every trick is played."""
        if self.state.phase is not Phase.FINISHED:
            return None
        return score_deal(self.state)

    @property
    def scores(self) -> tuple[int, ...] | None:
        return self.state.scores

    # --- history ------------------------------------------------------------------------------

    def state_at(self, count: int) -> DealState:
        """The state after the first ``count`` events (any prefix of the log is valid)."""
        return replay(self.rules, self.events[:max(1, count)])

    def states(self) -> list[DealState]:
        """The state after each event of the log, in order: what a replay steps through."""
        return states_of(self.rules, self.events)

    def command_starts(self) -> list[int]:
        """Indices of the events that record a seat's decision (the undo points)."""
        return [i for i, e in enumerate(self.events) if command_of(e) is not None]

    def truncate(self, count: int) -> None:
        """Forget every event from index ``count`` on (undo)."""
        if count < 1:
            raise ValueError("the deal itself cannot be undone")
        del self.events[count:]
        self.state = replay(self.rules, self.events)


def _brief(event: Event) -> str:
    from engine.events import event_to_dict

    data = event_to_dict(event)
    data.pop("event")
    return ", ".join(f"{k}={v}" for k, v in data.items())
