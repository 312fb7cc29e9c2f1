"""The ledger a long match keeps of the deals it folded: each row keeps what the score
sheet says of a deal, every bonus of its scoring included, through the save and back."""

from __future__ import annotations

import pytest

from engine.ledger import DealSummary, Earlier, LedgerError
from tests.helpers.scored_deals import EXAMPLE_1, SLAM_FAILED, replay


@pytest.mark.parametrize("record", [EXAMPLE_1, SLAM_FAILED])
def test_a_summary_keeps_every_bonus_of_the_scoring_through_the_save(record) -> None:
    deal = replay(record)
    row = DealSummary.of(deal)
    result = deal.result
    assert (row.petit_au_bout, row.slam, row.handfuls) == (
        result.petit_au_bout, result.slam, len(deal.state.handfuls))
    ledger = Earlier.start(deal.players).adding(row)
    assert Earlier.from_dict(ledger.to_dict(), deal.players, "earlier") == ledger


def test_a_petit_au_bout_of_no_camp_is_refused() -> None:
    row = DealSummary.of(replay(EXAMPLE_1))
    data = Earlier.start(4).adding(row).to_dict()
    data["rows"][0]["petit_au_bout"] = "nobody"
    with pytest.raises(LedgerError, match=r"earlier\.rows\[0\]\.petit_au_bout"):
        Earlier.from_dict(data, 4, "earlier")
