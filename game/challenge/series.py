"""The challenge series in progress, kept between sessions: ``paths.current_challenge_file()``.

The series is the player's work: it is written after every move of theirs and whenever the
expert has worked a deal out (:class:`SeriesFile`, behind, on a thread of its own), with the
player's deals so far — the last one at its move — and the expert's deals worked out, so
that taking it up recomputes nothing. Its ``meta`` holds the game's own data: the series' id,
the names, the expert's name and, for each run, the id its history files are named after and
the deals it has archived (a deal is archived once, as a match's is).

It is read back (:func:`read_saved_series`) as strictly as a saved match
(:mod:`engine.challenge_saves`); what of its ``meta`` cannot be used is replaced, as for a
match. A new series never writes over one that is not over, nor over a file that cannot be
read: that one is put aside first (``current-challenge.replaced.json``), after the player was
asked (:func:`replace_question`), and can be taken back from the menu's matches put aside. A
spectator window writes none of it.

No pygame here.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.challenge import compare, totals
from engine.challenge_saves import SavedSeries, load_series
from engine.deal import Deal
from engine.inputs import excerpt
from engine.saves import SaveError
from game.app import paths
from game.app.lock import profile_kept
from game.app.names import clean_name, saved_names
from game.match.autosave import (
    ARCHIVED,
    MATCH_ID,
    archived_numbers,
    failure_text,
    new_match_id,
    valid_match_id,
)
from game.match.session import put_aside, table_names
from game.match.writer import Writer, flush_all

if TYPE_CHECKING:
    from game.app.window import App

log = logging.getLogger(__name__)

#: The series file's ``meta`` keys.
SERIES_ID, NAMES, EXPERT_NAME, RUNS = "id", "names", "expert", "runs"


class SeriesFile:
    """The series' file, written behind on a thread of its own (no frame waits for the
    disk); :attr:`error` says why the last write failed (``None``: it did not)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._error: str | None = None
        self._told: str | None = None
        self._writer = Writer(self._written)

    def put(self, text: Callable[[], str]) -> None:
        """Write what ``text()`` makes (on the writer's thread) over the series' file; not
        once another game holds the player's files (the run's saves say so)."""
        if profile_kept():
            self._writer.put(paths.current_challenge_file(), text)

    @property
    def error(self) -> str | None:
        with self._lock:
            return self._error

    def _written(self, path: Path, problem: Exception | None) -> None:
        with self._lock:
            self._error = None if problem is None else failure_text(problem)
            if self._error is not None and self._error != self._told:  # once per reason
                log.warning("could not save the challenge series: %s", self._error)
            self._told = self._error


@dataclass
class SeriesPast:
    """A saved series as its run takes it up: the deals, and the series' id, names and, per
    run, its history's ``meta`` (its id, the deals it archived)."""

    series: SavedSeries
    id: str
    names: list[str]
    expert_name: str
    runs: dict[str, dict[str, Any]]

    @property
    def over(self) -> bool:
        """Whether the player has played every deal."""
        yours = self.series.yours
        return len(yours) == len(self.series.challenge) and yours[-1].is_over

    @property
    def finished(self) -> bool:
        """Whether nothing is left to do: every deal played by both."""
        return self.over and all(deal is not None for deal in self.series.experts)

    def totals(self) -> tuple[int, int, int]:
        """The player's total, the expert's and their difference over the deals both have
        finished (the expert's deal counts once the player has finished the same one)."""
        series = self.series
        yours: list[Deal | None] = list(series.yours)
        yours += [None] * (len(series.challenge) - len(yours))
        return totals(compare(yours, series.experts))

    @property
    def next_deal(self) -> int:
        """The number (from 1) of the player's deal to play: the one under way, or the next."""
        yours = self.series.yours
        return len(yours) + (0 if not yours or yours[-1].is_over else -1) + 1


def player_name(app: App) -> str:
    """The player's name at a challenge's table: the settings', the default one in the
    player's language."""
    from game.app.settings import Settings

    you = app.settings.player_name
    if you == Settings().player_name:
        you = app.tr("menu_you")
    return clean_name(you, app.tr("menu_you"))


def read_saved_series(app: App, file: Path | None = None) -> SeriesPast:
    """The saved series, checked, with its ``meta`` made safe. Raises :class:`SaveError`."""
    flush_all()  # a write still under way is read as it ends, not the one before
    series = load_series(file or paths.current_challenge_file())
    meta = series.meta
    players = series.challenge.players
    names = saved_names(meta, players,
                        table_names(players, app.settings.language, player_name(app)))
    expert = meta.get(EXPERT_NAME)
    expert = clean_name(expert, app.tr("challenge_expert")) if isinstance(expert, str) else (
        app.tr("challenge_expert"))
    series_id = meta.get(SERIES_ID)
    if not valid_match_id(series_id):
        log.warning("the saved series' id could not be used (%s); replaced",
                    excerpt(series_id))
        series_id = new_match_id()
    runs = meta.get(RUNS)
    runs = {name: _run_meta(value) for name, value in runs.items() if isinstance(value, dict)
            } if isinstance(runs, dict) else {}
    return SeriesPast(series, str(series_id), names, expert, runs)


def saved_series(app: App) -> SeriesPast | None:
    """The saved series, when there is one (``None``: none). Raises :class:`SaveError`."""
    flush_all()  # the series just left may still be on its way to the disk
    file = paths.current_challenge_file()
    return read_saved_series(app, file) if file.exists() else None


def _run_meta(meta: Mapping[str, Any]) -> dict[str, Any]:
    """A run's history ``meta`` as saved: its id and the deals it archived, when usable."""
    kept: dict[str, Any] = {}
    if valid_match_id(meta.get(MATCH_ID)):
        kept[MATCH_ID] = meta[MATCH_ID]
        listed = archived_numbers(meta.get(ARCHIVED))
        if listed is not None:
            kept[ARCHIVED] = sorted(listed)
    return kept


def at_stake(app: App) -> SeriesPast | SaveError | None:
    """What a new series would replace: the saved series when it is not finished, or why
    the file cannot be read; ``None`` when nothing would be lost (none, or one finished)."""
    try:
        past = saved_series(app)
    except SaveError as exc:
        return exc
    return None if past is None or past.finished else past


def replace_question(app: App) -> str:
    """What to ask before a new series takes the saved one's place ("": nothing to ask)."""
    stake = at_stake(app)
    if stake is None:
        return ""
    if isinstance(stake, SaveError):
        return app.tr("challenge_replace_damaged")
    return app.tr("challenge_replace_question", players=stake.series.challenge.players,
                  deal=stake.next_deal, total=len(stake.series.challenge))


def make_room(app: App) -> None:
    """Before a new series is written: the saved one is put aside unless it is finished."""
    if at_stake(app) is not None:
        put_aside(paths.current_challenge_file())


__all__ = ["SeriesFile", "SeriesPast", "at_stake", "make_room", "player_name",
           "read_saved_series", "replace_question", "saved_series"]
