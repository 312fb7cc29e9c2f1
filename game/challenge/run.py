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

The series is kept between sessions (:mod:`game.challenge.series`): written after every move
of the player's and every deal the expert works out, and taken up (:meth:`ChallengeRun.taken_up`)
with the player's deal under way at its move and the expert's deals as they were, seen or not.

No pygame here.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.ai.thinker import BotSpec, Handle, Thinker, done_value, failure
from engine.challenge import (
    SEAT,
    Challenge,
    ChallengeMatch,
    DealComparison,
    compare,
    totals,
)
from engine.challenge_saves import series_to_text
from engine.deal import Deal
from engine.match import Match
from game.challenge.series import (
    EXPERT_NAME,
    NAMES,
    RUNS,
    SERIES_ID,
    SeriesFile,
    SeriesPast,
)
from game.match.autosave import ARCHIVED, MATCH_ID, Autosave, new_match_id

if TYPE_CHECKING:
    from game.match.controller import MatchController

log = logging.getLogger(__name__)

#: The ``meta`` keys of a challenge deal in the history.
CHALLENGE = "challenge"
RUN = "challenge_run"
YOURS, EXPERT = "yours", "expert"


class ChallengeRun:
    """Both runs of a series; ``save``: into the history and the series' file (a window
    that does not hold the player's folders saves nothing); ``past``: the saved series it
    takes up."""

    def __init__(self, challenge: Challenge, names: Sequence[str], expert_name: str = "Expert",
                 thinker: Thinker | None = None, save: bool = True,
                 past: SeriesPast | None = None) -> None:
        from game.app.thinking import game_thinker

        self.challenge = challenge
        self.names = list(names)
        self.expert_name = expert_name
        self.id = past.id if past is not None else new_match_id()
        self.yours = ChallengeMatch(challenge, past.series.yours if past is not None else ())
        #: the expert's deals as they are worked out, ahead of the player: never shown
        self._ahead: list[Deal | None] = (list(past.series.experts) if past is not None
                                          else [None] * len(challenge))
        #: the expert's deals the player may see: one for each deal the player finished
        self.experts = ChallengeMatch(challenge, self._seen())
        self._errors: dict[int, str] = {}
        self._thinker = thinker if thinker is not None else game_thinker()
        self._job: tuple[int, Handle] | None = None
        self._stopped = False
        runs = past.runs if past is not None else {}
        self._saves = {run: Autosave(self._meta(run, runs.get(run, {})), match, current=False,
                                     history=save, extra={CHALLENGE: self.id, RUN: run})
                       for run, match in ((YOURS, self.yours), (EXPERT, self.experts))}
        self._file = SeriesFile() if save else None
        self.keep()
        self.update()

    @classmethod
    def taken_up(cls, past: SeriesPast, thinker: Thinker | None = None) -> ChallengeRun:
        """The run of a saved series, where it was left."""
        return cls(past.series.challenge, past.names, past.expert_name, thinker, past=past)

    def _meta(self, run: str, saved: dict[str, Any]) -> dict[str, Any]:
        names = list(self.names)
        if run == EXPERT:
            names[SEAT] = self.expert_name
        # each run is a match of its own in the history (its deals numbered 1 to 8)
        return {"names": names, "bot_level": self.challenge.bots,
                "variant": self.challenge.rules.variant, MATCH_ID: new_match_id(), **saved}

    # --- the series' file ------------------------------------------------------------------------
    def keep(self) -> None:
        """Write the series as it stands: the player's deals, the one under way at its move,
        and the expert's worked out (behind, from a copy: the frame does not wait)."""
        if self._file is None or self._stopped:
            return
        challenge = self.challenge
        yours = [tuple(deal.events) for deal in self.yours.deals]
        experts = [tuple(deal.events) if deal is not None else None for deal in self._ahead]
        meta = {SERIES_ID: self.id, NAMES: list(self.names), EXPERT_NAME: self.expert_name,
                RUNS: {run: {MATCH_ID: save.match_id, ARCHIVED: save.archived}
                       for run, save in self._saves.items()}}
        self._file.put(lambda: series_to_text(challenge, yours, experts, meta))

    @property
    def save_problem(self) -> str | None:
        """Why the last save of the series or of the player's history failed, if it did."""
        problem = self._saves[YOURS].error
        return problem or (self._file.error if self._file is not None else None)

    def player_changed(self, match: Match) -> None:
        """The player's table changed the run: its history, then the series' file."""
        self._saves[YOURS](match)
        self.keep()

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
            self.keep()
        bots = {seat: BotSpec(self.challenge.bots, seed=self.challenge.bot_seed(index, seat),
                              key=(self.id, index, seat))
                for seat in range(self.challenge.players) if seat != SEAT}
        return MatchController(self.yours, bots, human_seat=SEAT, on_change=_PlayerSaves(self))

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
        if not self._publish():
            self.keep()

    def _seen(self) -> list[Deal]:
        """The expert's deals the player may see, in order: one for each deal the player has
        finished, up to the first the expert has not worked out yet."""
        seen = []
        for deal in self._ahead[:self.played]:
            if deal is None:
                break
            seen.append(deal)
        return seen

    def _publish(self) -> bool:
        """The expert's deals worked out for deals the player has finished join the expert's
        run, in order (the history numbers them so), and are saved; whether any did."""
        published = self.experts.deals
        fresh = self._seen()[len(published):]
        if not fresh:
            return False
        published.extend(fresh)
        self._saves[EXPERT](self.experts)
        self.keep()
        return True

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

    @property
    def stopped(self) -> bool:
        """Whether the run was left (or replaced by another series): it goes no further."""
        return self._stopped

    def stop(self) -> None:
        """The challenge is left: the expert's deal in the thinker is cancelled (the series'
        file keeps what was done)."""
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
        return totals(self.comparison())

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


class _PlayerSaves:
    """The ``on_change`` of the player's table: the history, then the series' file;
    :attr:`error` says why either last failed, which the table tells."""

    def __init__(self, run: ChallengeRun) -> None:
        self.run = run

    def __call__(self, match: Match) -> None:
        self.run.player_changed(match)

    @property
    def error(self) -> str | None:
        return self.run.save_problem


__all__ = ["CHALLENGE", "EXPERT", "RUN", "YOURS", "ChallengeRun"]
