"""Starting, resuming and saving a match: what joins the menu, the engine and the table.

A match in progress is saved after every change to ``paths.current_match_file()`` with the
players' names, the bots' level and the rules variant in its ``meta``; each deal played to the
end is also saved on its own in ``paths.history_dir()`` as ``<timestamp>-<n>p.json``.
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
from engine.match import Match
from engine.rules import load_rules
from engine.saves import SaveError, load_match, save_deal, save_match
from engine.state import Phase
from game import paths
from game.app import App
from game.i18n import seat_name

log = logging.getLogger(__name__)

NAME_LENGTH = 16

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


def clean_name(name: str, fallback: str = "You") -> str:
    name = " ".join(name.split())[:NAME_LENGTH]
    return name or fallback


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


class Autosave:
    """The controller's ``on_change``: saves the match, and each deal as it finishes."""

    def __init__(self, meta: Mapping[str, Any], match: Match | None = None,
                 current: bool = True, history: bool = True) -> None:
        self.meta = dict(meta)
        self.current = current
        self.history = history
        self.error: str | None = None
        self._lock = threading.Lock()
        # deals already over when the match was opened are in the history already; a deal
        # finished again after an undo replaces its own file
        self._archived: dict[int, tuple[int, Path | None]] = {
            id(d): (len(d.events), None) for d in (match.deals if match else ()) if d.is_over}

    def __call__(self, match: Match) -> None:
        with self._lock:
            try:
                if self.current:
                    save_match(match, paths.current_match_file(), self.meta)
                if self.history:
                    for deal in match.deals:
                        if not deal.is_over:
                            continue
                        known = self._archived.get(id(deal))
                        if known is not None and known[0] == len(deal.events):
                            continue
                        path = known[1] if known is not None else None
                        if played_to_the_end(deal) and (known is None or path is not None):
                            path = self.archive(deal, path)
                        self._archived[id(deal)] = (len(deal.events), path)
                self.error = None
            except OSError as exc:  # a full disk or a read-only profile must not stop play
                self.error = f"{exc.filename or ''}: {exc.strerror or exc}".strip(": ")
                log.warning("could not save the match: %s", self.error)

    def archive(self, deal: Deal, path: Path | None = None) -> Path:
        """Save ``deal`` in the history folder (in ``path`` when given, else a new file)."""
        now = _dt.datetime.now().replace(microsecond=0)
        folder = paths.history_dir()
        folder.mkdir(parents=True, exist_ok=True)
        path = path or history_file(folder, deal.players, now)
        meta = {"date": now.isoformat(), "names": list(self.meta.get("names", [])),
                "variant": self.meta.get("variant", deal.rules.variant)}
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
    from game.controller import MatchController

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
    names = meta.get("names")
    if not (isinstance(names, list) and len(names) == match.players
            and all(isinstance(n, str) for n in names)):
        names = table_names(match.players, "en", default_name)
    level = meta.get("bot_level")
    if not isinstance(level, str) or level not in BOTS:
        level = default_level
    return SavedMatch(match, dict(meta), [clean_name(n, f"#{i}") for i, n in enumerate(names)],
                      level)


def resume_match(app: App, saved: SavedMatch) -> Any:
    """A controller that carries on the saved match from exactly where it stopped."""
    meta = {"names": saved.names, "bot_level": saved.bot_level,
            "variant": saved.match.rules.variant}
    autosave = Autosave(meta, saved.match)
    seed = saved.match.seed + len(saved.match.deals)
    controller = make_controller(saved.match, saved.bot_level, seed, 0, autosave)
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
