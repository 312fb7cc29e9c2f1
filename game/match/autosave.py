"""The match's saves: the match in progress after every change, each deal played to the end
in the history, and a finished match with the finished ones.

:class:`Autosave` is the controller's ``on_change``. It writes ``paths.current_match_file()``
with the players' names, the bots' level, the rules variant and the match's id in its
``meta``; each deal played to the end is also saved on its own in ``paths.history_dir()``,
in a file named after the match and the deal (:func:`history_file`), with
``"practised": true`` in its ``meta`` when the player took a decision back in it.
"""

from __future__ import annotations

import datetime as _dt
import logging
import threading
import uuid
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from engine.deal import Deal
from engine.events import Event
from engine.match import Match
from engine.saves import (
    SaveError,
    load_deal_file,
    match_to_text,
    save_deal,
    save_match,
    write_problem,
)
from engine.state import Phase
from engine.variations import Variation, branches_from
from game.app import paths
from game.app.lock import FILES_TAKEN, profile_kept
from game.history.archive import TOTALS_BEFORE
from game.match.writer import Writer

log = logging.getLogger(__name__)


def played_to_the_end(deal: Deal) -> bool:
    return deal.state.phase is Phase.FINISHED


#: The match file's ``meta`` key that names the match: the history files of its deals are
#: named after it and after their number, so a deal written twice is one file.
MATCH_ID = "match"
#: The match file's ``meta`` key that lists the deals (by number) it has archived.
ARCHIVED = "archived"


def archived_numbers(value: object) -> set[int] | None:
    """The deal numbers a match file says it archived; ``None`` when it says nothing usable
    (written before the list existed, or edited by hand)."""
    if not isinstance(value, list) or len(value) > 1_000_000:
        return None
    if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in value):
        return None
    return set(value)


def new_match_id() -> str:
    return uuid.uuid4().hex


def valid_match_id(value: object) -> bool:
    return isinstance(value, str) and len(value) == 32 and all(c in "0123456789abcdef"
                                                              for c in value)


def history_file(folder: Path, match_id: str, number: int, players: int) -> Path:
    """The history file of deal ``number`` (0-based) of a match: always the same name, so
    writing a deal again (after a crash between two saves, or a second window) replaces it."""
    return folder / f"deal-{match_id[:16]}-{number + 1:03d}-{players}p.json"


def _exists(path: Path) -> bool:
    """Whether ``path`` is there; a folder that cannot be read says no (the save that
    follows will tell what is wrong)."""
    try:
        return path.exists()
    except OSError:
        return False


class Autosave:
    """The controller's ``on_change``: saves the match, and each deal as it finishes.

    A deal is archived in the history when it is played to the end, in a file named after the
    match and the deal's number (:func:`history_file`). Finished again after an undo, it
    replaces that file, with ``"practised": true`` in its ``meta``. The match file lists the
    deals it archived (``meta["archived"]``), so that a deal is archived once: not again at
    the next start, and not written back once the player deleted it. A deal over that the
    list does not name (its archiving failed: a full disk) is archived when the match is
    opened again; a match saved before the list existed counts a deal archived when its file
    is there (matches saved before deals were named this way are left as they are).

    Once archived, the deals before the last one played are folded out of the match
    (:meth:`engine.match.Match.fold`): the history keeps them, the match their scores, and
    its file grows with the deal in play, not with the match.

    A match over (its length reached) is written with the finished matches, and the match
    file is removed once that write is done: the menu no longer offers to continue it.

    A save that fails, whatever the reason (a full disk, a folder made read-only, text no
    file can hold), does not stop the game: :attr:`error` says why — the table tells the
    player — and the log says so once per distinct reason. Once another game holds the
    player's files (:func:`game.app.lock.profile_kept`), nothing more is written, and
    :attr:`error` says :data:`~game.app.lock.FILES_TAKEN`.
    """

    def __init__(self, meta: Mapping[str, Any], match: Match | None = None,
                 current: bool = True, history: bool = True, autoplay: bool = False,
                 extra: Mapping[str, Any] | None = None, background: bool = False) -> None:
        self.meta = dict(meta)
        #: more ``meta`` for each deal archived (a challenge's series and run)
        self.extra = dict(extra or {})
        #: a bot plays the player's seat (``--autoplay``): the deals say so in their ``meta``,
        #: and the statistics leave them out
        self.autoplay = autoplay
        self.current = current
        self.history = history
        #: why the last write of the match file failed, and of a history file (None: it
        #: did not)
        self._problems: dict[str, str | None] = {"match": None, "history": None}
        self._taken = False  # another game holds the player's files: nothing more is saved
        self._told: str | None = None
        self._lock = threading.RLock()  # with no thread, _written is told within __call__
        #: the match file, saved after every move, is written behind on a thread of its own
        #: (the game's tables: no frame waits for the disk), or at once (``background=False``)
        self.writer = Writer(self._written) if background else None
        legacy = not valid_match_id(self.meta.get(MATCH_ID))
        if legacy:
            self.meta[MATCH_ID] = new_match_id()
        self.match_id: str = self.meta[MATCH_ID]
        #: per deal number, the last event of its log when it was archived
        self._archived: dict[int, Event] = {}
        listed = archived_numbers(self.meta.get(ARCHIVED))
        first = match.first if match is not None else 0
        for index, deal in enumerate(match.deals if match is not None else []):
            number = first + index
            if not played_to_the_end(deal):
                continue
            if listed is not None:
                known = number in listed  # a file deleted since is a deletion, not a loss
            else:
                known = legacy or _exists(self.file_for(number, deal))
            if known:
                self._archived[number] = deal.events[-1]

    def file_for(self, number: int, deal: Deal) -> Path:
        return history_file(paths.history_dir(), self.match_id, number, deal.players)

    @property
    def archived(self) -> list[int]:
        """The numbers of the deals archived so far (a saved challenge series lists them, as
        the match file does: ``meta["archived"]``)."""
        return sorted(self._archived)

    @property
    def error(self) -> str | None:
        """Why a save failed (the last write of some file did), or ``None``."""
        with self._lock:
            return FILES_TAKEN if self._taken else (self._problems["match"]
                                                    or self._problems["history"])

    def __call__(self, match: Match) -> None:
        with self._lock:
            self._taken = self._taken or not profile_kept()
            if self._taken:  # another game writes there now: nothing is written over it
                return
            self._problems["history"] = None
            if self.writer is None:
                self._problems["match"] = None
            # else the match file's problem stays until the writer writes it again
            if self.history:
                try:
                    self._archive_finished(match)
                except Exception as exc:  # a full disk or a read-only profile must not stop play
                    self._failed("history", exc)
            if self.current:
                self._fold(match)
                self.meta[ARCHIVED] = sorted(n for n in self._archived if n >= match.first)
                target = paths.current_match_file()
                try:
                    if match.over:
                        self._put_away(match, target)
                    elif self.writer is None:
                        save_match(match, target, self.meta)
                    else:
                        self.writer.put(target, match_to_text(match, self.meta))
                except Exception as exc:
                    self._failed("match", exc)

    def _put_away(self, match: Match, current: Path) -> None:
        """The match is over: it goes with the finished matches, then the match in progress
        goes. Written at once, once a match: the saves of the match file still on their way
        are written first, so none of them brings the file back."""
        if self.writer is not None:
            self.writer.flush()
        save_match(match, paths.finished_match_file(self.match_id), self.meta)
        current.unlink(missing_ok=True)

    def _written(self, path: Path, problem: Exception | None) -> None:
        """The writer wrote the match file (``problem``: or failed to)."""
        with self._lock:
            if problem is not None:
                self._failed("match", problem)
            else:
                self._problems["match"] = None

    def _fold(self, match: Match) -> None:
        """Fold the deals the history holds, but for the last one over (the match file can
        still be replayed) and the deal in play; one not archived yet stays in full."""
        keep = 1 if match.current.is_over else 2
        through = match.first - 1
        for index, deal in enumerate(match.deals[:max(0, len(match.deals) - keep)]):
            number = match.first + index
            if played_to_the_end(deal) and number not in self._archived:
                break  # kept in full until the history has it
            through = number
        if through >= match.first:
            match.fold(through)

    def _failed(self, what: str, exc: Exception) -> None:
        problem = failure_text(exc)
        self._problems[what] = problem
        if problem != self._told:  # once per reason, not at every move
            self._told = problem
            log.warning("could not save the match: %s", problem)

    def _archive_finished(self, match: Match) -> None:
        for index, deal in enumerate(match.deals):
            number = match.first + index
            if not played_to_the_end(deal) or self._archived.get(number) is deal.events[-1]:
                continue
            self.archive(deal, number, practised=number in match.practised,
                         totals_before=match.totals_before(number))
            self._archived[number] = deal.events[-1]

    def archive(self, deal: Deal, number: int, practised: bool = False,
                totals_before: list[int] | None = None) -> Path:
        """Save deal ``number`` of the match in the history folder; ``practised``: a decision
        was taken back in it (its ``meta`` says so); ``totals_before``: each seat's running
        total before the deal, which the replay shows beside it. Written at once, even by a
        background autosave: once a deal, and what the match file folds out it must hold."""
        now = _dt.datetime.now().replace(microsecond=0)
        path = self.file_for(number, deal)
        path.parent.mkdir(parents=True, exist_ok=True)
        meta: dict[str, Any] = {"date": now.isoformat(),
                                "names": list(self.meta.get("names", [])),
                                "variant": self.meta.get("variant", deal.rules.variant),
                                MATCH_ID: self.match_id, "number": number + 1}
        if totals_before is not None:
            meta[TOTALS_BEFORE] = list(totals_before)
        if practised:
            meta["practised"] = True
        if self.autoplay:
            meta["autoplay"] = True
        meta.update(self.extra)
        save_deal(deal, path, meta, _variations_kept(path, deal))
        return path


def failure_text(exc: Exception) -> str:
    """Why a save failed, in one line: the disk's reason, naming the file; anything else
    said as it is, with its traceback kept in the log."""
    if isinstance(exc, OSError):
        return write_problem(exc)
    log.info("the save failed", exc_info=exc)
    return f"{type(exc).__name__}: {exc}"


def _variations_kept(path: Path, deal: Deal) -> list[Variation]:
    """The variations kept with the history file a deal is written over (it was finished
    again after an undo) that still leave the deal as it now is."""
    if not path.exists():
        return []
    try:
        kept = load_deal_file(path).variations
    except (SaveError, OSError):
        return []  # an unreadable old file: the deal is what counts
    return [v for v in kept if branches_from(deal, v)]
