"""``tarot`` / ``python -m game``: open the game window.

* ``tarot`` opens the title menu.
* ``tarot --demo`` seats bots everywhere and opens the table directly; ``--deals N`` quits once
  N deals have been played to the end (in the demo the next deal starts by itself after a
  short pause on the scores). The demo saves nothing.
* ``tarot --continue`` opens the saved match in progress directly on the table, as the menu's
  Continue does (the menu is underneath: leaving the table lands on it). No saved match, or
  one that cannot be read, is reported on one line with exit status 2 and the file is left
  as it is.
* ``tarot --autoplay`` is the demo with the match saved like a normal one (the saved match
  in progress is put aside as ``current-match.replaced.json``); with ``--continue`` a bot
  takes the player's seat in the saved match and plays on, saving after every move.
* ``tarot --selftest`` checks the assets and plays a deal for 3, 4 and 5 players through the
  real scenes on SDL's dummy drivers (see :mod:`game.selftest`); ``tarot --first-frame``
  quits as soon as the first frame is drawn, to time the start-up; ``tarot --version``.
* ``tarot replay FILE`` opens the replay viewer on a saved deal, a saved match (its last deal
  played to the end) or a deal record. The viewer is the only screen: leaving it (Esc) closes
  the window. A file that cannot be replayed is reported on one line (``tarot: <why>``) with
  exit status 2 before any window opens.

A bad option, an unknown variant or a damaged ``rules.yaml`` is reported on one line, with
exit status 2; so is a game started where there is no display to show its window (see
:mod:`game.app.display`), or with a video driver that cannot start. Standard output that
cannot be written (``tarot --version >/dev/full``) is one line, exit status 1. Ctrl+C closes
the window as its close button does and leaves one line, exit status 130; a limit of the
system reached (open files, memory, file size, processes) stops the game with one line that
names it, exit status 1 (see :mod:`game.exits`).
"""

from __future__ import annotations

import argparse
import io
import logging
import os
import signal
import sys
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.commandline import Parser, guarded, player_count, seed_number, shown, whole
from game.app import logs
from game.app.i18n import languages
from game.app.limits import MemoryWatch, limit_reached, quiet_in_threads
from game.app.logs import report
from game.app.settings import LARGEST, SMALLEST
from game.autopilot import Driver
from game.exits import CloseOnInterrupt, interrupted, language, speaking, stopped

PROG = "tarot"
REPLAY = "replay"
SPEEDS = ("slow", "normal", "fast", "instant")


#: The settings file's problems told on the menu at most; the rest are in the log.
SETTINGS_PROBLEMS_SHOWN = 3


def window_size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(v) for v in text.lower().replace("×", "x").split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT, got {shown(text)}") from None
    if not (SMALLEST[0] <= width <= LARGEST[0] and SMALLEST[1] <= height <= LARGEST[1]):
        raise argparse.ArgumentTypeError(
            f"{shown(text)} is out of range ({SMALLEST[0]}x{SMALLEST[1]} to "
            f"{LARGEST[0]}x{LARGEST[1]})")
    return width, height


#: How many deals ``--deals`` may ask for: a long evening of demo.
DEALS = (1, 100_000)


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog=PROG, description="French Tarot for 3, 4 and 5 players.",
                     epilog=f"{PROG} {REPLAY} FILE [--size WxH] [--lang {'|'.join(languages())}] "
                            "[--speed SPEED]: "
                            "replay a saved deal, a saved match's last finished deal or a deal "
                            "record.")
    parser.add_argument("--demo", action="store_true",
                        help="bots in every seat; the table opens directly")
    parser.add_argument("--continue", dest="resume", action="store_true",
                        help="open the saved match in progress directly on the table")
    parser.add_argument("--autoplay", action="store_true",
                        help="a bot plays your seat too and the match is saved as usual "
                             "(a new match, or the saved one with --continue)")
    parser.add_argument("--deals", type=whole(*DEALS), metavar="N",
                        help="quit after N deals are played to the end")
    parser.add_argument("--players", type=player_count, metavar="N",
                        help="number of players: 3, 4 or 5")
    parser.add_argument("--seed", type=seed_number, metavar="N",
                        help="shuffle seed of the match (and of the bots)")
    parser.add_argument("--level", metavar="NAME",
                        help=f"the bots' level: {', '.join(_levels())}")
    parser.add_argument("--variant", metavar="NAME", help="rules variant from rules.yaml")
    _window_options(parser)
    parser.add_argument("--screenshot-dir", type=Path, metavar="DIR",
                        help="save a screenshot each time a new phase or screen starts")
    parser.add_argument("--first-frame", action="store_true",
                        help="quit once the first frame is drawn (to time the start-up)")
    parser.add_argument("--selftest", action="store_true",
                        help="check the assets and play a deal for 3, 4 and 5 players with "
                             "bots, without a window; prints one line, exit status 0 or 1")
    parser.add_argument("--version", action="store_true", help="print the version and quit")
    return parser


def _levels() -> list[str]:
    from engine.ai import BOTS

    return list(BOTS)


def _version() -> str:
    from game.app.version import version

    return version()


def build_replay_parser() -> argparse.ArgumentParser:
    parser = Parser(prog=f"{PROG} {REPLAY}",
                     description="Open the replay viewer on a saved deal, a saved match (its "
                                 "last deal played to the end) or a deal record.")
    parser.add_argument("file", type=Path, metavar="FILE", help="the file to replay")
    _window_options(parser)
    return parser


def _window_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--size", type=window_size, metavar="WxH", help="window size")
    parser.add_argument("--lang", choices=languages(), help="language of the interface")
    parser.add_argument("--speed", choices=SPEEDS, help="animation speed")


def fail(lang: str, key: str, **values: object) -> int:
    """A command line that cannot be followed: ``tarot: error: <the cli_<key> text>``."""
    from game.app.i18n import tr

    print(tr("cli_error", lang, prog=PROG, message=tr(f"cli_{key}", lang, **values)),
          file=sys.stderr)
    return 2


def refuse_file(lang: str, problem: BaseException | str) -> int:
    """A file given to the game that cannot be used: ``tarot: <what is wrong>`` in ``lang``
    (an engine error carries its problem as data), exit status 2."""
    from game.app.i18n import SOURCE_LANGUAGE, problem_text, tr

    if isinstance(problem, str):
        message = problem
    elif lang == SOURCE_LANGUAGE:  # the engine's own line: the most it can say
        message = str(problem)
    else:
        message = problem_text(problem, lang)
    print(tr("cli_refused", lang, prog=PROG, message=" ".join(message.split())),
          file=sys.stderr)
    return 2


def main(argv: list[str] | None = None) -> int:
    """The game, from its command line (``sys.argv`` when ``argv`` is ``None``)."""
    logs.attach_console()
    arguments = list(sys.argv[1:] if argv is None else argv)
    try:
        return guarded(PROG, lambda: _command(arguments),
                       lambda reason: _unwritten(arguments, reason))
    except KeyboardInterrupt:  # before the window is up, or pressed again while it closes
        return interrupted(speaking(arguments))
    except Exception as exc:
        kind = limit_reached(exc)
        if kind is None:
            raise
        return stopped(exc, kind, speaking(arguments))
    finally:
        if argv is None and threading.current_thread() is threading.main_thread():
            # the program is over: a Ctrl+C now would only cut its exit short, mid-line
            signal.signal(signal.SIGINT, signal.SIG_IGN)


def _unwritten(arguments: list[str], reason: str) -> str:
    """Standard output could not be written: the line that says so, in the language of
    ``--lang`` (else of the settings)."""
    from game.app.i18n import tr

    asked = argparse.ArgumentParser(add_help=False)
    asked.add_argument("--lang", choices=languages())
    try:
        lang = language(asked.parse_known_args(arguments)[0].lang)
    except SystemExit:  # a language the game does not speak: the refusal was told already
        lang = language(None)
    return tr("cli_error", lang, prog=PROG, message=tr("cli_unwritten", lang, reason=reason))


def _command(arguments: list[str]) -> int:
    if arguments[:1] == [REPLAY]:
        return replay_main(arguments[1:])
    parser = build_parser()
    args, extra = parser.parse_known_args(arguments)
    if REPLAY in extra:
        parser.error(f"{REPLAY} comes first: {PROG} {REPLAY} FILE [--size WxH] [--lang L] "
                     "[--speed S]")
    if extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    _start_logging()
    if args.version:
        report(f"{PROG} {_version()}")
        return 0
    if args.selftest:
        from game import selftest

        verdict = io.StringIO()
        status = selftest.run(verdict)
        report(verdict.getvalue().strip())
        return status

    from engine.ai import BOTS
    from engine.rules import RulesError, default_rules_path, list_variants
    from game.app.i18n import detail_words, tr
    from game.app.settings import Settings

    base, problems = Settings.load()  # read once: its language speaks for the checks below
    for problem in problems:
        logging.getLogger(PROG).warning("%s", problem)
    lang = args.lang or base.language
    try:
        variants = list_variants()
    except RulesError as exc:
        where, shown = str(default_rules_path()), detail_words(exc.problem, lang)
        if shown.startswith(where):  # the problem names the file already
            shown = shown[len(where):].lstrip(" :")
        return fail(lang, "rules_file", file=where, problem=shown)
    if args.variant is not None and args.variant not in variants:
        return fail(lang, "unknown_variant", name=repr(args.variant), known=", ".join(variants))
    if args.level is not None and args.level not in BOTS:
        return fail(lang, "unknown_level", name=repr(args.level), known=", ".join(BOTS))
    if args.demo and (args.resume or args.autoplay):
        return fail(lang, "demo_with", option="--continue" if args.resume else "--autoplay")
    if args.resume:
        taken = [name for name, value in (("--players", args.players), ("--seed", args.seed),
                                          ("--level", args.level), ("--variant", args.variant))
                 if value is not None]
        if taken:
            return fail(lang, "continue_with", options=", ".join(taken))
    if args.screenshot_dir is not None:
        try:
            args.screenshot_dir.mkdir(parents=True, exist_ok=True)
            tempfile.TemporaryFile(dir=args.screenshot_dir).close()  # it can be written
        except OSError as exc:
            return fail(lang, "screenshot_dir", folder=str(args.screenshot_dir),
                        reason=exc.strerror or str(exc))

    from game.app import paths
    from game.app.lock import FolderLock

    saved: Any = None
    read_behind = False
    if args.resume:  # read it now: a missing or damaged save is told before any window opens
        from game.match.reading import match_reader
        from game.match.session import SaveError, read_saved_match

        file = paths.current_match_file()
        if not os.path.lexists(file):
            return refuse_file(lang, tr("cli_nothing_to_continue", lang, file=str(file)))
        # ... but an older version's long match takes seconds to check: the window shows
        # first, the menu reading it, and its table opens once read
        read_behind = not args.autoplay and match_reader(file).long()
        try:
            if not read_behind:
                saved = read_saved_match(file, base.bot_level, base.player_name)
        except SaveError as exc:
            return refuse_file(lang, exc)
    refused = display_refused(lang)
    if refused is not None:
        return refused
    lock = FolderLock(paths.data_dir())
    alone = lock.acquire()
    if lock.in_the_way:
        key = "cli_lock_is_link" if lock.is_link else "cli_lock_in_the_way"
        return refuse_file(lang, tr(key, lang, file=str(lock.path)))
    if not alone and (args.resume or args.autoplay):
        return refuse_file(lang, tr("cli_already_open", lang, folder=str(paths.data_dir())))
    overrides: dict[str, Any] = {}
    if args.lang:
        overrides["language"] = args.lang
    if args.speed:
        overrides["animation_speed"] = args.speed
    elif args.demo or args.autoplay:
        overrides["animation_speed"] = "normal"
    presets: dict[str, Any] = {}
    if args.players:
        presets["players"] = args.players
    if args.level:
        presets["bot_level"] = args.level
    if args.variant:
        presets["variant"] = args.variant

    def told(app: Any) -> str:
        """The settings file's problems, in the player's language."""
        from game.app.i18n import problem_text, trn

        lang = app.settings.language
        shown = [problem_text(p, lang) for p in problems[:SETTINGS_PROBLEMS_SHOWN]]
        more = len(problems) - len(shown)
        if more > 0:  # every one is in the log
            shown.append(trn("settings_more_problems", more, lang))
        return "\n".join(shown)

    def start(app: Any) -> None:
        if saved is not None:
            continue_match(app, saved, autoplay=args.autoplay, notice=told(app))
        elif read_behind:
            from game.menus.menu import MenuScene

            app.push(MenuScene(app, notice=told(app), continue_once_read=True))
        elif args.demo or args.autoplay:
            start_demo(app, base.with_(**presets), variants, args.seed, save=args.autoplay)
        else:
            from game.menus.menu import MenuScene

            app.push(MenuScene(app, seed=args.seed, notice=told(app), presets=presets))

    driver = {"demo": args.demo or args.autoplay, "deals": args.deals,
              "shots": args.screenshot_dir, "first_frame": args.first_frame}
    return run_window(base, overrides, args.size, start, driver, lock)


def replay_main(argv: list[str]) -> int:
    """``tarot replay FILE``: the file is checked before any window opens."""
    args = build_replay_parser().parse_args(argv)
    from game.replay.files import ReplayFileError, load_replay_file

    try:
        source = load_replay_file(args.file)
    except ReplayFileError as exc:
        return refuse_file(language(args.lang), exc)
    _start_logging()
    try:
        from game.replay.viewer import open_replay
    except ModuleNotFoundError as exc:
        if exc.name != "game.replay.viewer":
            raise
        return fail(language(args.lang), "no_replay_viewer")
    from game.app.settings import Settings

    base, _ = Settings.load()
    refused = display_refused(args.lang or base.language)
    if refused is not None:
        return refused
    overrides: dict[str, Any] = {}
    if args.lang:
        overrides["language"] = args.lang
    if args.speed:
        overrides["animation_speed"] = args.speed

    def start(app: Any) -> None:
        # The viewer is the only scene: Esc pops it, and an empty stack ends the app.
        open_replay(app, source)

    return run_window(base, overrides, args.size, start,
                      {"demo": False, "deals": None, "shots": None, "first_frame": False})


def display_refused(lang: str) -> int | None:
    """Start the display the window will open on: ``None`` when there is one, else the exit
    status after saying on one line why there is none (see :mod:`game.app.display`)."""
    from game.app.display import start_display

    problem = start_display()
    if problem is None:
        return None
    return fail(lang, problem.key, **problem.values)


def warm_thinker_after_first_frame(app: Any) -> None:
    """Once the first frame is up, start the bots' worker processes in the background (this
    hook then leaves the frame loop): the first screen that asks them, a table, the replay's
    analysis, a hint or the challenge, finds them running instead of spawning them in its own
    frame, which held that frame some 30 ms. Not when the window is closing already
    (``--first-frame`` times the start-up to the exit, which would wait for them)."""
    app.after_frame.remove(warm_thinker_after_first_frame)
    if not app.running:
        return
    from game.app.thinking import warm_game_thinker
    from game.history.reader import history_reader

    warm_game_thinker()
    history_reader().request()  # the finished deals and statistics then open at once


def _start_logging() -> None:
    from game.app import paths

    logs.configure(paths.log_file())
    logs.log_uncaught()
    quiet_in_threads(logging.getLogger(PROG))
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def run_window(base: Any, overrides: dict[str, Any], size: tuple[int, int] | None,
               start: Callable[[Any], None], driver_options: dict[str, Any],
               lock: Any = None) -> int:
    """Open the window with ``base`` settings changed by ``overrides`` for this run only, let
    ``start`` put the first scenes up, and run until the player quits. ``lock``: this
    window's hold on the player's folders; without it the window is a spectator (it browses
    and replays, but plays no match, which would overwrite another window's)."""
    from engine.saves import remove_stale_temps
    from game.app import paths
    from game.app.lock import hold_profile

    if lock is not None and lock.held:  # no other game is writing: every temp file is stale
        for folder in (paths.config_dir(), paths.data_dir(), paths.history_dir()):
            remove_stale_temps(folder, older_than=0)

    from game.app.farewell import farewell  # loaded now: it may be needed when files run out
    from game.app.thinking import close_game_thinker
    from game.app.window import App
    from game.screens import install as install_screens

    install_screens()
    app = App(base.with_(**overrides), size=size)
    app.settles_memory = True  # the game's own window: see App.settle_memory
    app.spectator = lock is not None and not lock.held
    hold_profile(None if app.spectator else lock)  # each save looks that it still holds it
    driver = Driver(app, **driver_options)
    app.after_frame.append(MemoryWatch())  # first: before a hook starts a thread
    app.after_frame.append(driver)
    app.after_frame.append(warm_thinker_after_first_frame)
    ctrl_c = CloseOnInterrupt(app)
    status = 0
    try:
        start(app)
        app.settle_memory()  # the assets and the first screens live on
        app.run()
    except Exception as exc:
        kind = limit_reached(exc)
        if kind is None:
            raise
        status = stopped(exc, kind, app.settings.language)
        close_game_thinker()  # what its workers hold (files, memory) may be what drawing needs
        farewell(app, kind)
    finally:
        driver.shutdown()
        close_game_thinker()  # the bots' worker processes end with the window
        hold_profile(None)
        import pygame

        pygame.quit()
        ctrl_c.restore()
    if ctrl_c.pressed:
        return interrupted(app.settings.language)
    return status or driver.status



def start_demo(app: Any, settings: Any, variants: dict[str, str], seed: int | None,
               save: bool = False) -> None:
    """Bots in every seat, the table on screen. ``save``: the match is saved like a normal
    one (``--autoplay``), under the player's name at seat 0."""
    from engine.ai import BOTS
    from game.match.session import MatchSetup, new_seed, open_table, table_names
    from game.match.session import start_match as start

    variant = settings.variant if settings.variant in variants else "fft"
    level = settings.bot_level if settings.bot_level in BOTS else "simple"
    players = settings.players
    player = settings.player_name if save else None
    setup = MatchSetup(players, level, variant,
                       tuple(table_names(players, app.settings.language, player)),
                       seed if seed is not None else new_seed())
    controller = start(app, setup, human_seat=None, save=save)
    open_table(app, controller, setup.names)


def continue_match(app: Any, saved: Any, autoplay: bool = False, notice: str = "") -> None:
    """The saved match on the table, with the menu underneath (as after the menu's Continue).
    ``autoplay``: a bot plays the player's seat too."""
    from game.match.session import open_table, resume_match
    from game.menus.menu import MenuScene

    app.push(MenuScene(app, notice=notice, saved=saved))
    controller = resume_match(app, saved, human_seat=None if autoplay else 0)
    open_table(app, controller, saved.names)


if __name__ == "__main__":
    raise SystemExit(main())
