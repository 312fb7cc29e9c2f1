"""Writing a deal as a record (DEAL_RECORD.md): :func:`export_record` writes a
:class:`~engine.deal.Deal` (finished, cancelled or in progress) as a record that
:func:`engine.record.load_record` loads again to the same deal."""

from __future__ import annotations

from typing import Any

import yaml

from engine import cards as C
from engine.cards import Card
from engine.deal import Deal
from engine.record import RecordError
from engine.rules import Rules, load_rules, rules_to_dict
from engine.state import Phase


def _flow(cards: list[Card]) -> str:
    return "[" + ", ".join(C.format_cards(cards)) + "]"


def _sorted(cards: Any) -> list[Card]:
    return C.sort_for_hand(cards)


def export_record(deal: Deal, base: Rules | None = None) -> str:
    """The deal as a record: it loads back (with :func:`load_record`) to the same deal.

    A record holds everything up to the first card, so the deal must be in play, finished or
    cancelled. Rule options that differ from ``base`` (the bundled FFT rules by default) are
    written under ``rules:``. Hands are written sorted; the play as a list of tricks.
    """
    state = deal.state
    if state.phase not in (Phase.PLAYING, Phase.FINISHED, Phase.CANCELLED):
        raise RecordError.of("record_too_early", "record", phase=state.phase.value)
    lines = [f"players: {state.n}", f"dealer: {state.dealer}", "hands:"]
    lines += [f"  - {_flow(_sorted(hand))}" for hand in state.dealt]
    lines.append(f"dog: {_flow(_sorted(C.cards_of(state.dog)))}")
    if state.bids:
        lines.append("bids: [" + ", ".join(name or "pass" for _, name in state.bids) + "]")
    if state.phase is not Phase.CANCELLED:
        contract = state.contract
        assert contract is not None
        if state.called is not None:
            lines.append(f"call: {C.format_card(state.called)}")
        if contract.dog_shown:
            lines.append(f"discard: {_flow(_sorted(C.cards_of(state.discard)))}")
        lines.append(f"slam: {'true' if state.slam_announced else 'false'}")
        if state.handfuls:
            lines.append("handfuls:")
            lines += [f"  {seat}: {_flow(sorted(cards, reverse=True))}"
                      for seat, cards in sorted(state.handfuls.items())]
        if state.miseres:
            lines.append("miseres:")
            lines += [f"  {seat}: [{', '.join(kinds)}]"
                      for seat, kinds in sorted(state.miseres.items())]
        tricks = [list(cards) for _, cards, _ in state.tricks]
        if state.trick:
            tricks.append(list(state.trick))
        if tricks:
            lines.append("play:")
            lines += [f"  - {_flow(trick)}" for trick in tricks]
        else:
            lines.append("play: []")
    overrides = rule_overrides(deal.rules, base if base is not None else load_rules())
    if overrides:
        dumped = yaml.safe_dump({"rules": overrides}, default_flow_style=None, sort_keys=False)
        lines += dumped.rstrip("\n").splitlines()
    return "\n".join(lines) + "\n"


def rule_overrides(rules: Rules, base: Rules) -> dict[str, Any]:
    """The top-level rule options of ``rules`` that differ from ``base``, in file form."""
    mine, theirs = rules_to_dict(rules), rules_to_dict(base)
    return {key: value for key, value in mine.items() if theirs.get(key) != value}


__all__ = ["export_record", "rule_overrides"]
