"""One duplicate challenge being played: the player's deals at the table, the expert's on the
same cards worked out in the game's thinker, both kept in the history.

:class:`ChallengeRun` holds the two runs as two :class:`~engine.challenge.ChallengeMatch`
matches. The player's deal ``i`` is played by a controller of its own whose bots are built
from the challenge's seeds for that deal, as the expert's run builds them
(:func:`engine.challenge.expert_game`): the same cards, the same bots. The expert's deals are
worked out one at a time (the other worker answers the table's bots), in order, starting
with the series; leaving the challenge cancels what is still to come.

The expert works ahead of the player, but nothing of a deal the player has not finished may
be seen: the expert's deal ``i`` stays private (:attr:`ChallengeRun._ahead`) until the
player's deal ``i`` is over, and only then joins the expert's run, the board, the review and
the history.

Each finished deal of either run goes to the history like any deal, its ``meta`` naming the
series (``"challenge"``) and the run (``"challenge_run"``: ``"yours"`` or ``"expert"``): the
finished deals list marks them, the statistics count them apart.

No pygame here.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.ai.thinker import BotSpec, Handle, Thinker, done_value, failure
from engine.challenge import SEAT, Challenge, ChallengeMatch, DealComparison, compare
from engine.deal import Deal
from game.match.session import MATCH_ID, Autosave, new_match_id

if TYPE_CHECKING:
    from game.match.controller import MatchController

log = logging.getLogger(__name__)

#: The ``meta`` keys of a challenge deal in the history.
CHALLENGE = "challenge"
RUN = "challenge_run"
YOURS, EXPERT = "yours", "expert"


class ChallengeRun:
    def __init__(self, challenge: Challenge, names: Sequence[str], expert_name: str = "Expert",
                 thinker: Thinker | None = None, save: bool = True) -> None:
        from game.app.thinking import game_thinker

        self.challenge = challenge
        self.names = list(names)
        self.expert_name = expert_name
        self.id = new_match_id()
        self.yours = ChallengeMatch(challenge)
        #: the expert's deals the player may see: one for each deal the player finished
        self.experts = ChallengeMatch(challenge)
        #: the expert's deals as they are worked out, ahead of the player: never shown
        self._ahead: list[Deal | None] = [None] * len(challenge)
        self._errors: dict[int, str] = {}
        self._thinker = thinker if thinker is not None else game_thinker()
        self._job: tuple[int, Handle] | None = None
        self._stopped = False
        self._saves = {run: Autosave(self._meta(run), match, current=False, history=save,
                                     extra={CHALLENGE: self.id, RUN: run})
                       for run, match in ((YOURS, self.yours), (EXPERT, self.experts))}
        self.update()

    def _meta(self, run: str) -> dict[str, Any]:
        names = list(self.names)
        if run == EXPERT:
            names[SEAT] = self.expert_name
        # each run is a match of its own in the history (its deals numbered 1 to 8)
        return {"names": names, "bot_level": self.challenge.bots,
                "variant": self.challenge.rules.variant, MATCH_ID: new_match_id()}

    # --- the player's run ------------------------------------------------------------------------
    @property
    def played(self) -> int:
        """The player's deals played to their end."""
        return sum(1 for deal in self.yours.deals if deal.is_over)

    @property
    def over(self) -> bool:
        return self.played >= len(self.challenge)

    @property
    def under_way(self) -> bool:
        """Whether the player has a deal begun and not finished (left at the board)."""
        deals = self.yours.deals
        return bool(deals) and not deals[-1].is_over

    @property
    def next_index(self) -> int:
        """The player's deal to play now: the one under way, else the next one."""
        return len(self.yours.deals) - 1 if self.under_way else len(self.yours.deals)

    def start_deal(self, index: int) -> MatchController:
        """A controller for the player's deal ``index`` (the next one, or the one left
        unfinished), its bots built from the challenge's seeds for that deal."""
        from game.match.controller import MatchController

        if index != self.next_index or self.over:
            raise ValueError(f"deal {index + 1} is not the next one")
        if not self.under_way:
            self.yours.next_deal()
        bots = {seat: BotSpec(self.challenge.bots, seed=self.challenge.bot_seed(index, seat),
                              key=(self.id, index, seat))
                for seat in range(self.challenge.players) if seat != SEAT}
        return MatchController(self.yours, bots, human_seat=SEAT,
                               on_change=self._saves[YOURS])

    # --- the expert's run ------------------------------------------------------------------------
    def update(self) -> None:
        """Collect the expert's deal that finished and start the next; never waits."""
        self._publish()
        if self._stopped or self._thinker.closed:
            return
        if self._job is not None:
            index, handle = self._job
            result = self._thinker.poll(handle)
            if result is None:
                return
            self._job = None
            deal = done_value(result, Deal)
            if deal is not None:
                self._keep_expert(index, deal)
            else:
                self._errors[index] = failure(result, "deal")
                log.warning("the expert's deal %d of the challenge failed: %s", index + 1,
                            self._errors[index])
        todo = [i for i, deal in enumerate(self._ahead)
                if deal is None and i not in self._errors]
        if todo:
            index = todo[0]
            self._job = (index, self._thinker.submit_task(
                "challenge_game", challenge=self.challenge, index=index))

    def _keep_expert(self, index: int, deal: Deal) -> None:
        self._ahead[index] = deal
        self._publish()

    def _publish(self) -> None:
        """The expert's deals worked out for deals the player has finished join the expert's
        run, in order (the history numbers them so), and are saved."""
        published = self.experts.deals
        before = len(published)
        while len(published) < self.played:
            done = self._ahead[len(published)]
            if done is None:
                break
            published.append(done)
        if len(published) > before:
            self._saves[EXPERT](self.experts)

    @property
    def experts_done(self) -> int:
        """The expert's deals worked out so far, seen or not (a count says nothing of them)."""
        return sum(1 for deal in self._ahead if deal is not None)

    @property
    def expert_errors(self) -> dict[int, str]:
        """Why the expert's deal failed, for the deals the player has finished."""
        return {i: why for i, why in self._errors.items() if self._finished(i)}

    def _finished(self, index: int) -> bool:
        deals = self.yours.deals
        return index < len(deals) and deals[index].is_over

    def wait(self, timeout: float) -> bool:
        """Poll until the expert has worked out every deal (scripts and tests); what the
        player may see of them is still only what :meth:`deal_of` gives."""
        import time

        deadline = time.monotonic() + timeout
        while self.experts_done + len(self._errors) < len(self.challenge):
            if self._stopped or time.monotonic() > deadline:
                return False
            self.update()
            time.sleep(0.02)
        return True

    def stop(self) -> None:
        """The challenge is left: the expert's deal in the thinker is cancelled."""
        self._stopped = True
        if self._job is not None and not self._thinker.closed:
            self._thinker.cancel(self._job[1])
        self._job = None

    # --- the comparison --------------------------------------------------------------------------
    def comparison(self) -> list[DealComparison]:
        """Deal by deal, the player's score and the expert's, each once the player has
        finished that deal."""
        count = len(self.challenge)
        return compare([self.deal_of(YOURS, i) for i in range(count)],
                       [self.deal_of(EXPERT, i) for i in range(count)])

    def totals(self) -> tuple[int, int, int]:
        """The player's total, the expert's and their difference over the deals both runs
        have finished."""
        both = [c for c in self.comparison() if c.difference is not None]
        yours = sum(c.yours or 0 for c in both)
        experts = sum(c.experts or 0 for c in both)
        return yours, experts, yours - experts

    def history_file(self, run: str, index: int) -> Path | None:
        """Where the history keeps deal ``index`` of ``run``, once it is there."""
        deal = self.deal_of(run, index)
        if deal is None or not deal.is_over:
            return None
        path = self._saves[run].file_for(index, deal)
        return path if path.exists() else None

    def deal_of(self, run: str, index: int) -> Deal | None:
        """Deal ``index`` of ``run`` as the player may see it: theirs as it stands, the
        expert's only once the player has finished the same deal."""
        if run == YOURS:
            return self.yours.deals[index] if index < len(self.yours.deals) else None
        return self._ahead[index] if self._finished(index) else None


__all__ = ["CHALLENGE", "EXPERT", "RUN", "YOURS", "ChallengeRun"]
