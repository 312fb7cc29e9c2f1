"""``python -m game.framebench``: frame times over played deals, bots in every seat.

With ``--replay`` it measures the replay viewer instead: a deal played by the bots is
autoplayed from its first step to its score at the fastest autoplay speed, while the expert's
analysis of seat 0's decisions runs in a worker process.

The bots (``--level``: simple, expert...) think in the game's worker processes, as in the game.

Runs the real table scene (with animations at the chosen speed) on whatever video driver is
set — the dummy driver when there is no display — and prints the median, 95th and 99th
percentile and the worst frame time. The figures
show how much of the 16.7 ms frame budget the game uses: the loop is paced at 60 fps like
the game, and each figure is the time one frame's work took (events, update, draw, flip).
"""

from __future__ import annotations

import argparse
import atexit
import os
import shutil
import statistics
import sys
import tempfile
import time
from typing import Any

from engine.commandline import Parser, command, player_count, seed_number, whole

PROG = "python -m game.framebench"
#: Deals played at the table (each is stopped after ten minutes anyway).
DEALS = (1, 1000)


@command(PROG)
def main(argv: list[str] | None = None) -> int:
    from engine.ai import BOTS
    from game.cli import window_size

    parser = Parser(prog=PROG, description=__doc__,
                    formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=player_count, default=4, metavar="N",
                        help="3, 4 or 5 (default: 4)")
    parser.add_argument("--deals", type=whole(*DEALS), default=1)
    parser.add_argument("--seed", type=seed_number, default=7)
    parser.add_argument("--size", type=window_size, default=(1280, 720), metavar="WxH")
    parser.add_argument("--speed", default="fast", choices=("slow", "normal", "fast"))
    parser.add_argument("--level", default="simple", choices=list(BOTS),
                        help="the bots' level (a registry name: simple, expert...)")
    parser.add_argument("--replay", action="store_true",
                        help="measure the replay viewer (autoplay, analysis running)")
    args = parser.parse_args(argv)
    if not os.environ.get("DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if "TAROT_HOME" not in os.environ:
        # the benchmark's settings and logs are not the player's, and go when it ends
        home = tempfile.mkdtemp(prefix="tarot-bench-")
        os.environ["TAROT_HOME"] = home
        atexit.register(shutil.rmtree, home, ignore_errors=True)

    from engine.ai import make_bot
    from engine.ai.thinker import BotSpec
    from engine.match import Match
    from engine.rules import load_rules
    from game.app.settings import Settings
    from game.app.thinking import close_game_thinker
    from game.app.window import App
    from game.match.controller import MatchController
    from game.match.session import open_table
    from game.screens import install as install_screens

    width, height = args.size
    install_screens()
    app = App(Settings(animation_speed=args.speed, sound=False), size=(width, height))
    app.settles_memory = True  # as the game's own window does (App.settle_memory)
    app.settle_memory()
    match = Match.new(load_rules(), args.players, args.seed)
    if args.replay:
        bots = {seat: make_bot(args.level, args.seed + seat) for seat in range(args.players)}
        try:
            return replay_bench(app, match, bots, args)
        finally:
            close_game_thinker()
    specs = {seat: BotSpec(args.level, seed=args.seed + seat) for seat in range(args.players)}
    controller = MatchController(match, specs, human_seat=None)
    table = open_table(app, controller)
    finished = 0
    start = time.perf_counter()
    while finished < args.deals and time.perf_counter() - start < 600:
        app.step(app.clock.tick(60) / 1000.0)  # paced like the game, so bots get their share
        if controller.match.current.is_over and not controller.is_thinking():
            finished = controller.match.count
            if finished < args.deals and getattr(table, "idle", True):
                controller.next_deal()
    controller.shutdown()
    close_game_thinker()
    return report(app, f"{finished} deal(s), {args.players} players, "
                       f"{width}x{height}, "
                       f"animations {args.speed}")


def replay_bench(app: Any, match: Any, bots: dict[int, Any], args: argparse.Namespace) -> int:
    """Autoplay one finished deal in the replay viewer, the analysis working meanwhile."""
    from engine.views import view_for
    from game.app.i18n import seat_name
    from game.replay.bar import SPEEDS
    from game.replay.viewer import ReplayInfo, ReplayScene

    deal = match.current
    while not deal.is_over:
        seat = deal.state.turn
        deal.execute(seat, bots[seat].decide(view_for(deal.state, seat)))
    names = [seat_name(s, args.players) for s in range(args.players)]
    scene = ReplayScene(app, ReplayInfo(deal, names))
    app.push(scene)
    scene.set_speed(len(SPEEDS) - 1)
    scene.toggle_autoplay()
    start = time.perf_counter()
    while not scene.cursor.at_end and time.perf_counter() - start < 600:
        app.step(app.clock.tick(60) / 1000.0)
    analysis = scene.analysis
    done = f"{analysis.done}/{analysis.total}" if analysis is not None else "none"
    scene.close()
    return report(app, f"a replay of {scene.cursor.total} steps, {args.players} players, "
                       f"{'x'.join(map(str, args.size))}, animations {args.speed}, "
                       f"analysis done {done}")


def report(app: Any, what: str) -> int:
    # the first frames are skipped: they load the images
    times: list[float] = sorted(t * 1000 for t in app.frame_times[10:])
    if not times:
        print("no frames measured", file=sys.stderr)
        return 1

    def pct(p: float) -> float:
        return times[min(len(times) - 1, int(p / 100 * len(times)))]

    print(f"{len(times)} frames over {what}")
    print(f"frame time ms: median {statistics.median(times):.2f}  p95 {pct(95):.2f}  "
          f"p99 {pct(99):.2f}  max {times[-1]:.2f}  (budget at 60 fps: 16.67)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
