"""The rest of the auction in a sampled deal, as club players would bid it.

When the expert weighs a bid, what the bid is worth depends on what the seats still to speak
do next: after a pass another seat may take (and the bidder defends), after a Petite another
may bid a Garde. :func:`finish` completes the auction of a sampled deal (still in its bidding)
with the club player's bid (:func:`engine.ai.hand_values.value_bid`) for every seat still
to speak, and says who takes and at which contract.
"""

from __future__ import annotations

from engine.ai.hand_values import value_bid
from engine.rules import Contract
from engine.state import DealState


def finish(world: DealState, seat: int, bid: str | None) -> tuple[int, Contract] | None:
    """``seat`` bids ``bid`` in ``world`` (a deal in its bidding, ``seat`` to speak) and the
    seats after it bid like club players: the taker and the contract, or ``None`` when
    everybody passes."""
    rules = world.rules
    n = world.n
    best: Contract | None = None
    taker = -1
    for bidder, name in world.bids:
        if name is not None:
            contract = rules.contract(name)
            if best is None or contract.rank > best.rank:
                best, taker = contract, bidder
    if bid is not None:
        contract = rules.contract(bid)
        if best is None or contract.rank > best.rank:
            best, taker = contract, seat
    for k in range(len(world.bids) + 1, n):
        bidder = (world.dealer + 1 + k) % n
        floor = best.rank if best is not None else 0
        open_contracts = [c.name for c in rules.contracts if c.rank > floor]
        if not open_contracts:
            break
        name = value_bid(world.hands[bidder], n, open_contracts, rules)
        if name is not None:
            best, taker = rules.contract(name), bidder
    if best is None:
        return None
    return taker, best


__all__ = ["finish"]
