"""Starting, resuming and saving a match: what joins the menu, the engine and the table.

A match in progress is saved after every change to ``paths.current_match_file()`` with the
players' names, the bots' level and the rules variant in its ``meta``; each deal played to the
end is also saved on its own in ``paths.history_dir()`` as ``<timestamp>-<n>p.json`` (with
``"practised": true`` in its ``meta`` when the player took a decision back in it).
"""

from __future__ import annotations

import datetime as _dt
import logging
import random
import threading
import weakref
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.deal import Deal
from engine.events import Event
from engine.match import Match
from engine.rules import load_rules
from engine.saves import SaveError, load_match, save_deal, save_match
from engine.state import Phase
from game.app import paths
from game.app.i18n import seat_name
from game.app.names import clean_name, saved_names
from game.app.window import App

log = logging.getLogger(__name__)

_controllers: weakref.WeakKeyDictionary[App, Any] = weakref.WeakKeyDictionary()


def active_controller(app: App) -> Any | None:
    """The controller of the match last opened in ``app`` (``None`` before any)."""
    return _controllers.get(app)


def table_names(players: int, lang: str, player: str | None) -> list[str]:
    """The names the table shows: the player's own name at seat 0 (the seat's name when bots
    play every seat), and the other seats by where they sit (East, North…)."""
    names = [seat_name(seat, players, lang) for seat in range(players)]
    if player is not None:
        names[0] = player
    return names


def played_to_the_end(deal: Deal) -> bool:
    return deal.state.phase is Phase.FINISHED


def history_file(folder: Path, players: int, when: _dt.datetime) -> Path:
    """A new file name ``<timestamp>-<n>p.json`` that is not taken yet."""
    stamp = when.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{stamp}-{players}p.json"
    number = 2
    while path.exists():
        path = folder / f"{stamp}.{number}-{players}p.json"
        number += 1
    return path


#: The match file's ``meta`` key that names the history file of its last deal played to the
#: end, as ``[deal number, file name]``: after a resume, that deal finished again after an undo
#: still replaces its own file instead of adding a second one.
ARCHIVED = "archived"


class Autosave:
    """The controller's ``on_change``: saves the match, and each deal as it finishes.

    A deal is archived when it is played to the end. When it is finished again after an undo
    (its log then ends with other events) it replaces its own file, and its ``meta`` says
    ``"practised": true``. A deal already over when the match was opened is in the history
    already: it is archived again only when its file is known (``meta[ARCHIVED]``).
    """

    def __init__(self, meta: Mapping[str, Any], match: Match | None = None,
                 current: bool = True, history: bool = True) -> None:
        self.meta = dict(meta)
        self.current = current
        self.history = history
        self.error: str | None = None
        self._lock = threading.Lock()
        # per deal played to the end: the last event of its log when it was archived (None:
        # not since the match was opened) and its history file (None: in the history already
        # but which file is not known, so it is not archived again)
        self._archived: dict[int, tuple[Event | None, Path | None]] = {}
        deals = match.deals if match is not None else []
        for deal in deals:
            if played_to_the_end(deal):
                self._archived[id(deal)] = (deal.events[-1], None)
        known = self._known_file(len(deals))
        if known is not None:
            deal = deals[known[0]]
            self._archived[id(deal)] = (deal.events[-1] if deal.is_over else None, known[1])
        else:
            self.meta.pop(ARCHIVED, None)

    def _known_file(self, deals: int) -> tuple[int, Path] | None:
        """The deal and history file named by ``meta[ARCHIVED]``, if sound and still there."""
        entry = self.meta.get(ARCHIVED)
        if not (isinstance(entry, list) and len(entry) == 2):
            return None
        number, name = entry
        if (isinstance(number, bool) or not isinstance(number, int)
                or not 0 <= number < deals or not isinstance(name, str)
                or Path(name).name != name or not name.endswith(".json")):
            return None
        path = paths.history_dir() / name
        return (number, path) if path.is_file() else None

    def __call__(self, match: Match) -> None:
        with self._lock:
            self.error = None
            if self.history:
                try:
                    self._archive_finished(match)
                except OSError as exc:  # a full disk or a read-only profile must not stop play
                    self._failed(exc)
            if self.current:
                try:
                    save_match(match, paths.current_match_file(), self.meta)
                except OSError as exc:
                    self._failed(exc)

    def _failed(self, exc: OSError) -> None:
        self.error = f"{exc.filename or ''}: {exc.strerror or exc}".strip(": ")
        log.warning("could not save the match: %s", self.error)

    def _archive_finished(self, match: Match) -> None:
        for number, deal in enumerate(match.deals):
            if not played_to_the_end(deal):
                continue
            last = deal.events[-1]
            known = self._archived.get(id(deal))
            if known is not None and known[0] is last:
                continue  # archived as it is
            if known is not None and known[1] is None:
                self._archived[id(deal)] = (last, None)  # its file is not known
                continue
            path = self.archive(deal, known[1] if known is not None else None,
                                practised=number in match.practised)
            self.meta[ARCHIVED] = [number, path.name]
            self._archived[id(deal)] = (last, path)

    def archive(self, deal: Deal, path: Path | None = None, practised: bool = False) -> Path:
        """Save ``deal`` in the history folder (in ``path`` when given, else a new file);
        ``practised``: a decision was taken back in it (its ``meta`` says so)."""
        now = _dt.datetime.now().replace(microsecond=0)
        folder = paths.history_dir()
        folder.mkdir(parents=True, exist_ok=True)
        path = path or history_file(folder, deal.players, now)
        meta: dict[str, Any] = {"date": now.isoformat(),
                                "names": list(self.meta.get("names", [])),
                                "variant": self.meta.get("variant", deal.rules.variant)}
        if practised:
            meta["practised"] = True
        save_deal(deal, path, meta)
        return path


@dataclass(frozen=True)
class MatchSetup:
    players: int
    bot_level: str
    variant: str
    names: tuple[str, ...]
    seed: int

    @property
    def meta(self) -> dict[str, Any]:
        return {"names": list(self.names), "bot_level": self.bot_level, "variant": self.variant}


def new_seed() -> int:
    return random.SystemRandom().getrandbits(48)


def make_controller(match: Match, bot_level: str, seed: int, human_seat: int | None,
                    on_change: Callable[[Match], None] | None) -> Any:
    """A controller with a bot of ``bot_level`` in every seat but the human's."""
    from engine.ai import make_bot
    from game.match.controller import MatchController

    bots = {seat: make_bot(bot_level, seed + seat) for seat in range(match.players)
            if seat != human_seat}
    return MatchController(match, bots, human_seat=human_seat, on_change=on_change)


def _register(app: App, controller: Any) -> None:
    """Make ``controller`` the app's match; the previous one's bot thread is stopped."""
    previous = _controllers.get(app)
    if previous is not None and previous is not controller:
        previous.shutdown()
    _controllers[app] = controller


def start_match(app: App, setup: MatchSetup, human_seat: int | None = 0,
                save: bool = True) -> Any:
    """A new match under ``setup``; returns its controller (not yet on screen)."""
    rules = load_rules(variant=setup.variant)
    match = Match.new(rules, setup.players, seed=setup.seed)
    autosave = Autosave(setup.meta, match) if save else None
    controller = make_controller(match, setup.bot_level, setup.seed, human_seat, autosave)
    _register(app, controller)
    if autosave is not None:
        autosave(match)
    return controller


@dataclass
class SavedMatch:
    match: Match
    meta: dict[str, Any]
    names: list[str]
    bot_level: str


def read_saved_match(path: Path | None = None, default_level: str = "simple",
                     default_name: str = "You") -> SavedMatch:
    """The saved match, checked, with its meta made safe. Raises :class:`SaveError`."""
    from engine.ai import BOTS

    file = path or paths.current_match_file()
    match, meta = load_match(file)
    names = saved_names(meta, match.players, [
        clean_name(n) for n in table_names(match.players, "en", default_name)])
    level = meta.get("bot_level")
    if not isinstance(level, str) or level not in BOTS:
        level = default_level
    return SavedMatch(match, dict(meta), names, level)


def resume_match(app: App, saved: SavedMatch, human_seat: int | None = 0) -> Any:
    """A controller that carries on the saved match from exactly where it stopped
    (``human_seat=None``: a bot plays the player's seat too; the match is still saved)."""
    meta: dict[str, Any] = {"names": saved.names, "bot_level": saved.bot_level,
                            "variant": saved.match.rules.variant}
    if ARCHIVED in saved.meta:
        meta[ARCHIVED] = saved.meta[ARCHIVED]  # checked by Autosave
    autosave = Autosave(meta, saved.match)
    seed = saved.match.seed + len(saved.match.deals)
    controller = make_controller(saved.match, saved.bot_level, seed, human_seat, autosave)
    _register(app, controller)
    return controller


def open_table(app: App, controller: Any, replace: bool = False) -> None:
    """Put the table for ``controller`` on screen."""
    from game.table.scene import TableScene

    table = TableScene(app, controller)
    if replace:
        app.replace(table)
    else:
        app.push(table)


__all__ = [
    "Autosave",
    "MatchSetup",
    "SaveError",
    "SavedMatch",
    "active_controller",
    "make_controller",
    "open_table",
    "read_saved_match",
    "resume_match",
    "start_match",
    "table_names",
]
