"""Starting, resuming and putting aside a match: what joins the menu, the engine and the table.

A match in progress is saved after every change by its :class:`~game.match.autosave.Autosave`
(the match file, and each deal played to the end in the history). A match that reaches its
end (:mod:`engine.length`) is no longer the match in progress: it is kept with the finished
matches (``paths.finished_match_file``), and its table's last score leads to the winner
(:mod:`game.match.final`).
"""

from __future__ import annotations

import logging
import os
import random
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.inputs import excerpt
from engine.length import MatchLength
from engine.match import Match
from engine.rules import load_rules
from engine.saves import (
    SaveError,
    load_match,
)
from game.app import paths
from game.app.i18n import seat_name
from game.app.names import clean_name, saved_names
from game.app.window import App
from game.match.autosave import (
    ARCHIVED,
    MATCH_ID,
    Autosave,
    archived_numbers,
    new_match_id,
    valid_match_id,
)
from game.match.writer import flush_all
from game.table.options import TableOptions

if TYPE_CHECKING:
    from game.match.controller import MatchController
    from game.table.scene import TableScene

log = logging.getLogger(__name__)

_controllers: weakref.WeakKeyDictionary[App, MatchController] = weakref.WeakKeyDictionary()


def active_controller(app: App) -> MatchController | None:
    """The controller of the match last opened in ``app`` (``None`` before any)."""
    return _controllers.get(app)


def table_names(players: int, lang: str, player: str | None) -> list[str]:
    """The names the table shows: the player's own name at seat 0 (the seat's name when bots
    play every seat), and the other seats by where they sit (East, North…)."""
    names = [seat_name(seat, players, lang) for seat in range(players)]
    if player is not None:
        names[0] = player
    return names


@dataclass(frozen=True)
class MatchSetup:
    players: int
    bot_level: str
    variant: str
    names: tuple[str, ...]
    seed: int
    length: MatchLength = field(default_factory=MatchLength)  # by default, no end

    @property
    def meta(self) -> dict[str, Any]:
        return {"names": list(self.names), "bot_level": self.bot_level, "variant": self.variant,
                MATCH_ID: new_match_id()}


def new_seed() -> int:
    return random.SystemRandom().getrandbits(48)


def make_controller(match: Match, bot_level: str, seed: int, human_seat: int | None,
                    on_change: Callable[[Match], None] | None) -> MatchController:
    """A controller with a bot of ``bot_level`` in every seat but the human's (thinking in
    the game's worker processes)."""
    from engine.ai.thinker import BotSpec
    from game.match.controller import MatchController

    bots = {seat: BotSpec(bot_level, seed=seed + seat) for seat in range(match.players)
            if seat != human_seat}
    return MatchController(match, bots, human_seat=human_seat, on_change=on_change)


def _register(app: App, controller: MatchController) -> None:
    """Make ``controller`` the app's match; the previous one is shut down (its bots stop)."""
    previous = _controllers.get(app)
    if previous is not None and previous is not controller:
        previous.shutdown()
    _controllers[app] = controller


def start_match(app: App, setup: MatchSetup, human_seat: int | None = 0,
                save: bool = True) -> MatchController:
    """A new match under ``setup``; returns its controller (not yet on screen)."""
    rules = load_rules(variant=setup.variant)
    match = Match.new(rules, setup.players, seed=setup.seed, length=setup.length)
    if save:
        put_aside_saved_match()
    autosave = (Autosave(setup.meta, match, autoplay=human_seat is None, background=True)
                if save else None)
    controller = make_controller(match, setup.bot_level, setup.seed, human_seat, autosave)
    _register(app, controller)
    if autosave is not None:
        autosave(match)
    return controller


def put_aside_saved_match() -> Path | None:
    """Move the saved match (readable or not) to :func:`paths.replaced_file`, beside
    those put aside before; returns where, or ``None`` when there was none to keep."""
    return put_aside(paths.current_match_file())


def put_aside(file: Path) -> Path | None:
    """Move ``file`` (a saved match or series, readable or not) to
    :func:`paths.replaced_file`, beside those put aside before, so that what replaces it
    never writes over it; returns where, or ``None`` when there was none to keep."""
    aside = paths.replaced_file(file)
    if not file.is_file():
        return None
    try:
        os.replace(file, aside)
    except OSError as exc:  # the new one is saved over it all the same
        log.warning("could not put %s aside as %s: %s", file.name, aside, exc)
        return None
    log.info("%s was put aside as %s", file.name, aside)
    return aside


def take_back(aside: Path, file: Path) -> Path | None:
    """Make what was put aside as ``aside`` the saved ``file`` again (a match, a challenge
    series); the one saved there, if any, is put aside in its turn (returns where). Raises
    :class:`OSError` when either cannot be moved, the files then as they were: nothing is
    written over."""
    flush_all()  # the one in progress is on the disk whole before it moves
    kept: Path | None = None
    if os.path.lexists(file):
        kept = paths.replaced_file(file)
        os.replace(file, kept)
        log.info("%s was put aside as %s", file.name, kept.name)
    try:
        os.replace(aside, file)
    except OSError:
        if kept is not None:
            os.replace(kept, file)  # back as it was
        raise
    log.info("what was put aside as %s is %s again", aside.name, file.name)
    return kept


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

    flush_all()  # a save still being written behind is read as it ends, not the one before
    match, meta = load_match(path or paths.current_match_file())
    names = saved_names(meta, match.players, [
        clean_name(n) for n in table_names(match.players, "en", default_name)])
    level = meta.get("bot_level")
    if not isinstance(level, str) or level not in BOTS:
        level = default_level
    return SavedMatch(match, dict(meta), names, level)


def resume_match(app: App, saved: SavedMatch, human_seat: int | None = 0
                 ) -> MatchController:
    """A controller that carries on the saved match from exactly where it stopped
    (``human_seat=None``: a bot plays the player's seat too; the match is still saved)."""
    meta: dict[str, Any] = {"names": saved.names, "bot_level": saved.bot_level,
                            "variant": saved.match.rules.variant}
    if valid_match_id(saved.meta.get(MATCH_ID)):
        meta[MATCH_ID] = saved.meta[MATCH_ID]
    for key in ("names", "bot_level", MATCH_ID):  # the next save writes what is used instead
        if key in saved.meta and saved.meta[key] != meta.get(key):
            log.warning("the saved match's %s could not be used (%s); replaced by %s", key,
                        excerpt(saved.meta[key]), excerpt(meta.get(key, "a new one")))
    listed = archived_numbers(saved.meta.get(ARCHIVED))
    if listed is not None:
        meta[ARCHIVED] = sorted(listed)
    autosave = Autosave(meta, saved.match, autoplay=human_seat is None, background=True)
    seed = saved.match.seed + saved.match.count
    controller = make_controller(saved.match, saved.bot_level, seed, human_seat, autosave)
    _register(app, controller)
    if saved.match.over:  # its end was reached but not put away (the game stopped then)
        autosave(saved.match)
    return controller


def open_table(app: App, controller: MatchController, names: Sequence[str] | None = None,
               replace: bool = False, options: TableOptions | None = None) -> TableScene:
    """Put the table for ``controller`` on screen and return it: the seats named ``names``
    (the match's own, as its file keeps them), or as ``options`` say, which adapt the table
    to its owner (a challenge's deal, a practice from a replay)."""
    from game.table.scene import TableScene

    if options is None:
        options = TableOptions(names=names,
                               on_score_done=lambda: after_the_score(app, table, controller),
                               on_menu=lambda: leave_the_table(app, table, controller))
    table = TableScene(app, controller, options=options)
    if replace:
        app.replace(table)
    else:
        app.push(table)
    return table


def after_the_score(app: App, table: TableScene, controller: MatchController) -> None:
    """The score panel's main button at a match's table: the next deal, or once the match
    is over, its winner and final standings in place of the table."""
    if controller.match.over:
        the_end(app, table, controller)
    else:
        table.deal_next()


def leave_the_table(app: App, table: TableScene, controller: MatchController) -> None:
    """Esc at a match's table: back to the menu; once the match is over, by its winner and
    final standings (the match is put away then, so they could not be shown later)."""
    if controller.match.over:
        the_end(app, table, controller)
    else:
        app.pop()


def the_end(app: App, table: TableScene, controller: MatchController) -> None:
    """The winner and final standings of the match over, in place of its table."""
    from game.match.final import MatchOverScene

    match = controller.match
    names = [table.name(seat) for seat in range(match.players)]
    app.replace(MatchOverScene(app, match, names, controller.human_seat))


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
