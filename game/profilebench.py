"""``python -m game.profilebench``: the game with a player's profile of many years.

Two measurements, each in a profile of its own made for the run (``TAROT_HOME``, removed at
the end):

* ``match``: a match of ``--deals`` deals played by bots and saved by the game's own save
  after every deal (``Autosave``, as at the table). Prints the size of its file, the time
  one move's save takes (median and worst of ``--moves`` saves in the deal in play), and the
  time ``tarot --continue --first-frame`` takes to show the table (median of 3 runs, start
  of the process included). Then the same match saved as an older version saved it, every
  deal in full: the time to its first frame, and its size once the game has taken it up.
* ``sizes``: the table, the replay or the menu (``--screen``) given ``--sizes`` window
  sizes in a row, from 1024 x 600 to 1920 x 1080, as a window's corner dragged about does,
  two frames each. Prints the process's resident memory and open files before and after.
* ``history``: a history of ``--deals`` finished deals. The game is started as the player
  starts it (its reader lists the history after the first frame), then the finished deals
  are opened at once, before the listing is done; the statistics two seconds later; both
  again once the listing is there. Prints the longest frame of each, in milliseconds.

    python -m game.profilebench match --deals 3000
    python -m game.profilebench history --deals 5000
    python -m game.profilebench sizes --screen replay --sizes 300
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from engine.commandline import Parser, command, whole


def _profile() -> Path:
    home = Path(tempfile.mkdtemp(prefix="tarot-profile-"))
    os.environ["TAROT_HOME"] = str(home)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    return home


def _finish(match: Any, rng: random.Random) -> None:
    from engine.actions import Bid
    from engine.randomplay import random_action

    deal = match.current
    while not deal.is_over:
        state = deal.state
        action = (random_action(state, rng) if state.phase.value != "bidding"
                  else Bid("garde" if not state.bids else None))
        deal.execute(state.turn, action)


def _first_frame(runs: int = 3, resume: bool = True) -> float | None:
    """The median time ``tarot --continue --first-frame`` takes (``resume=False``: ``tarot
    --first-frame``, the menu; ``None``: it failed)."""
    starts = []
    for _ in range(runs):
        begin = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "game", "--first-frame",
                               *(["--continue"] if resume else [])],
                              env=dict(os.environ), capture_output=True, text=True,
                              check=False)
        starts.append(time.perf_counter() - begin)
        if done.returncode != 0:
            print(f"the start failed: {done.stderr.strip()}")
            return None
    return statistics.median(starts)


def match_bench(deals: int, moves: int) -> int:
    from engine.match import Match
    from engine.randomplay import random_action
    from engine.rules import load_rules
    from engine.saves import save_match
    from game.app import paths
    from game.match.autosave import MATCH_ID, Autosave, new_match_id

    home = _profile()
    try:
        meta = {"names": ["You", "East", "North", "West"], "bot_level": "simple",
                "variant": "fft", MATCH_ID: new_match_id()}
        match = Match.new(load_rules(), 4, seed=1, first_dealer=3)
        whole = Match(match.rules, 4, seed=1, first_dealer=3)  # as an older version kept it
        save = Autosave(meta, match)
        rng = random.Random(1)
        start = time.perf_counter()
        for number in range(deals):
            if number:
                match.next_deal()
            whole.deals.append(match.current)
            _finish(match, rng)
            save(match)
        made = time.perf_counter() - start
        match.next_deal()
        times = []
        deal = match.current
        for _ in range(moves):  # the moves of the deal in play, each saved as at the table
            if deal.is_over:
                break
            state = deal.state
            assert state.turn is not None, "a deal in progress has a seat to act"
            deal.execute(state.turn, random_action(state, rng))
            begin = time.perf_counter()
            save(match)
            times.append(time.perf_counter() - begin)
        size = paths.current_match_file().stat().st_size
        first = _first_frame()
        if first is None:
            return 1
        print(f"a match of {deals} deals ({made:.0f} s to play and save them), "
              f"{len(list(paths.history_dir().glob('*.json')))} in the history")
        print(f"  its file: {size / 1024:.1f} KiB")
        print(f"  a move's save: median {statistics.median(times) * 1000:.1f} ms, "
              f"worst {max(times) * 1000:.1f} ms over {len(times)} moves")
        print(f"  --continue to the first frame: median {first:.2f} s "
              f"(3 runs, the process started included)")
        # the same match as an older version saved it: every deal in full
        save_match(whole, paths.current_match_file(), {**meta, "archived": None})
        old_size = paths.current_match_file().stat().st_size
        first = _first_frame()
        menu = _first_frame(resume=False)
        if first is None or menu is None:
            return 1
        done = subprocess.run([sys.executable, "-m", "game", "--continue", "--autoplay",
                               "--deals", "1", "--speed", "instant"], env=dict(os.environ),
                              capture_output=True, text=True, check=False)
        print(f"  saved by an older version: {old_size / 1024 / 1024:.1f} MiB, --continue to "
              f"the first frame {first:.2f} s, the menu's first frame {menu:.2f} s; once a "
              f"deal is played on (exit {done.returncode}): "
              f"{paths.current_match_file().stat().st_size / 1024:.1f} KiB")
        return 0
    finally:
        shutil.rmtree(home, ignore_errors=True)


def _frames(app: Any, seconds: float, until: Any = None) -> list[float]:
    """Step the app for ``seconds`` (or until ``until()``) paced at 60 fps; each frame's
    work in seconds."""
    times = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end and not (until is not None and until()):
        begin = time.perf_counter()
        app.step(1 / 60)
        times.append(time.perf_counter() - begin)
        time.sleep(max(0.0, 1 / 60 - times[-1]))
    return times


def history_bench(deals: int) -> int:
    from engine.match import Match
    from engine.rules import load_rules
    from engine.saves import save_deal
    from game.app import paths
    from game.app.settings import Settings
    from game.app.window import App
    from game.history.reader import history_reader
    from game.menus.deals import FinishedDealsScene
    from game.menus.menu import MenuScene
    from game.menus.statistics import StatsScene
    from game.screens import install as install_screens

    home = _profile()
    try:
        folder = paths.history_dir()
        folder.mkdir(parents=True)
        rng = random.Random(2)
        samples = []
        for seed in range(50):  # a few real deals, each kept under many names
            match = Match.new(load_rules(), 4, seed=seed, first_dealer=3)
            _finish(match, rng)
            samples.append(match.current)
        for number in range(deals):
            save_deal(samples[number % len(samples)],
                      folder / f"deal-{number:016x}-001-4p.json",
                      {"names": ["You", "East", "North", "West"], "match": f"{number:032x}",
                       "number": 1, "date": "2026-01-01T12:00:00"})
        install_screens()
        app = App(Settings(sound=False), size=(1280, 720))
        app.push(MenuScene(app))
        app.step(1 / 60)
        reader = history_reader()
        reader.request()  # as the game does after its first frame
        started = time.perf_counter()

        def opened(kind: Any, seconds: float, until: Any = None) -> list[float]:
            app.push(kind(app))
            times = _frames(app, seconds, until)
            app.pop()
            return times

        early = opened(FinishedDealsScene, 2.0)
        later = opened(StatsScene, 120.0, until=lambda: reader.latest() is not None
                       and not reader.busy)
        listed = time.perf_counter() - started
        read = opened(FinishedDealsScene, 1.0)
        read_stats = opened(StatsScene, 1.0)
        app.close()
        print(f"a history of {deals} deals, listed in {listed:.1f} s on the reader's thread")
        for what, times in (("finished deals at once (still reading)", early),
                            ("statistics after 2 s, until listed", later),
                            ("finished deals once listed", read),
                            ("statistics once listed", read_stats)):
            print(f"  {what}: longest frame {max(times) * 1000:.1f} ms, median "
                  f"{statistics.median(times) * 1000:.1f} ms ({len(times)} frames)")
        return 0
    finally:
        shutil.rmtree(home, ignore_errors=True)


def _resident() -> tuple[float, int]:
    """This process's resident memory (MiB) and open files (Linux: 0 elsewhere)."""
    from game.app.limits import process_memory

    memory = process_memory()
    try:
        files = len(os.listdir("/proc/self/fd"))
    except OSError:
        files = 0
    return (memory[1] / 2**20 if memory is not None else 0.0), files


def sizes_bench(screen: str, count: int) -> int:
    import gc

    import pygame

    from engine.match import Match
    from engine.rules import load_rules
    from game.app.settings import Settings
    from game.app.window import App
    from game.screens import install as install_screens

    home = _profile()
    try:
        install_screens()
        app = App(Settings(sound=False, animation_speed="instant"), size=(1280, 720))
        app.settles_memory = True  # as in the game's own window
        if screen == "table":
            from game.match.session import MatchSetup, open_table, start_match

            open_table(app, start_match(app, MatchSetup(4, "simple", "fft",
                                                        ("You", "East", "North", "West"), 5)))
        elif screen == "replay":
            from game.replay.viewer import ReplayInfo, ReplayScene

            match = Match.new(load_rules(), 4, seed=3, first_dealer=3)
            _finish(match, random.Random(3))
            app.push(ReplayScene(app, ReplayInfo(match.current, ["You", "East", "North",
                                                                 "West"])))
        else:
            from game.menus.menu import MenuScene

            app.push(MenuScene(app))
        _frames(app, 2.0)
        gc.collect()
        before = _resident()
        rng = random.Random(1)
        start = time.perf_counter()
        for _ in range(count):
            size = (rng.randrange(1024, 1921), rng.randrange(600, 1081))
            app.window.size = size
            app.dispatch(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]))
            app.step(1 / 60)
            app.step(1 / 60)
        took = time.perf_counter() - start
        gc.collect()
        after = _resident()
        app.close()
        print(f"{screen}: {count} window sizes in {took:.1f} s: resident memory "
              f"{before[0]:.0f} -> {after[0]:.0f} MiB ({after[0] - before[0]:+.0f}), open "
              f"files {before[1]} -> {after[1]}")
        return 0
    finally:
        shutil.rmtree(home, ignore_errors=True)


PROG = "python -m game.profilebench"
#: Deals of the match or the history: a hundred thousand is a few years of evenings.
DEALS = (1, 100_000)
#: Saves timed in the deal in play.
MOVES = (1, 10_000)


@command(PROG)
def main(argv: list[str] | None = None) -> int:
    parser = Parser(prog=PROG, description=__doc__,
                    formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=("match", "history", "sizes"))
    parser.add_argument("--deals", type=whole(*DEALS), default=None,
                        help="deals in the match (3000) or the history (5000)")
    parser.add_argument("--moves", type=whole(*MOVES), default=40,
                        help="saves timed in the deal in play")
    parser.add_argument("--screen", choices=("table", "replay", "menu"), default="table",
                        help="the screen whose window is resized (sizes)")
    parser.add_argument("--sizes", type=whole(1, 10_000), default=300,
                        help="window sizes in a row (sizes)")
    args = parser.parse_args(argv)
    if args.what == "match":
        return match_bench(args.deals or 3000, args.moves)
    if args.what == "sizes":
        return sizes_bench(args.screen, args.sizes)
    return history_bench(args.deals or 5000)


if __name__ == "__main__":
    raise SystemExit(main())
