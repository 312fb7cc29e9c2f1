"""A monkey test of the real window: random clicks, drags, wheel turns and keys, as fast as
an impatient player, for a few minutes; any traceback is a failure.

It needs an X display and ``xdotool`` (Debian: ``xvfb xdotool x11-utils``) and runs the game
in a fresh user folder. ``--start-xvfb`` starts a private virtual screen on ``--display``::

    python tests/monkey.py --target table --size 1024x600 --minutes 3 --start-xvfb
    python tests/monkey.py --target replay --minutes 3 --start-xvfb --display :102
    python tests/monkey.py --target menus --minutes 3 --start-xvfb --display :103

* ``table``: a saved match (3, 4 or 5 players, a random variant) opened with ``--continue``;
* ``replay``: the replay viewer on finished deals of every kind (handfuls, misères, slams,
  Garde sans and contre, cancelled deals), one after the other;
* ``menus``: the game from its menu.

When a click or a key ends the program (Quit, Escape), it is started again on the next
deal or match: each start and each end is counted, and the standard error of every run is
searched for ``Traceback``. The last line gives the figures; the exit status is 1 when any
run printed a traceback, ended with an error status, or stopped answering.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

#: The window's title in each language (it speaks the player's language).
TITLES = ('"French Tarot"', '"Tarot"')
KEYS = ["Return", "space", "Left", "Right", "Up", "Down", "Tab", "BackSpace", "Home", "End",
        "Prior", "Next", "h", "u", "n", "s", "p", "l", "z", "r", "o", "e", "a", "1", "2",
        "3", "4", "plus", "minus", "Delete", "ctrl+z", "shift+Tab", "m", "shift+m", "c",
        "bracketleft", "bracketright", "d"]
RARE_KEYS = ["Escape", "alt+F4"]  # they may leave the scene or the program


@dataclass
class Figures:
    actions: int = 0
    starts: int = 0
    tracebacks: int = 0
    bad_exits: list[str] = field(default_factory=list)
    hangs: int = 0


class Monkey:
    def __init__(self, target: str, size: str, display: str, seed: int, home: Path) -> None:
        self.target, self.size, self.home = target, size, home
        self.rng = random.Random(seed)
        self.env = dict(os.environ, DISPLAY=display, TAROT_HOME=str(home),
                        SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
        self.env.pop("SDL_VIDEODRIVER", None)
        self.figures = Figures()
        self.process: subprocess.Popen[bytes] | None = None
        self.errors: Path = home / "stderr-0.txt"
        self.window: tuple[str, int, int, int, int] | None = None
        self.deals = self._deal_files() if target == "replay" else []

    # --- the program -----------------------------------------------------------------------

    def _deal_files(self) -> list[Path]:
        from engine.saves import save_deal
        from tests.helpers.deal_kinds import catalogue

        folder = self.home / "deals"
        folder.mkdir()
        files = []
        for plan, deal in catalogue():
            file = folder / f"{plan.name}.json"
            names = ["You", "West", "North", "East", "South"][:deal.players]
            save_deal(deal, file, {"names": names})
            files.append(file)
        return files

    def _saved_match(self) -> None:
        from engine.match import Match
        from engine.rules import load_rules
        from engine.saves import save_match
        from game.app import paths

        players = self.rng.choice([3, 4, 5])
        variants = ["fft", "miseres", "excuse_to_trick_winner"]
        variant = self.rng.choice(variants + (["call_any_card"] if players == 5 else []))
        match = Match.new(load_rules(variant=variant), players, self.rng.randrange(10 ** 6))
        names = ["You", "West", "North", "East", "South"][:players]
        save_match(match, paths.current_match_file(),
                   {"names": names, "bot_level": "simple", "variant": variant})

    def start(self) -> None:
        args = [sys.executable, "-m", "game", "--size", self.size, "--speed",
                self.rng.choice(["fast", "normal", "instant"]),
                "--lang", self.rng.choice(["en", "fr"])]
        if self.target == "table":
            os.environ["TAROT_HOME"] = str(self.home)
            self._saved_match()
            args.append("--continue")
        elif self.target == "replay":
            args = [*args[:3], "replay", str(self.deals[self.figures.starts % len(self.deals)]),
                    *args[3:]]
        self.figures.starts += 1
        self.errors = self.home / f"stderr-{self.figures.starts}.txt"
        with self.errors.open("wb") as err:
            self.process = subprocess.Popen(args, cwd=ROOT, env=self.env,
                                            stdout=subprocess.DEVNULL, stderr=err)
        self.window = None
        deadline = time.monotonic() + 60
        while self.window is None and time.monotonic() < deadline:
            if self.process.poll() is not None:
                return
            time.sleep(0.3)
            self.window = self._find_window()
        if self.window is None:
            self.figures.hangs += 1
            self.stop("no window after 60 s")

    def _find_window(self) -> tuple[str, int, int, int, int] | None:
        tree = self._x(["xwininfo", "-root", "-tree"])
        ids = [line.split()[0] for line in tree.splitlines()
               if any(title in line for title in TITLES)]
        if not ids:
            return None
        info = self._x(["xwininfo", "-id", ids[-1]])
        values = {}
        for line in info.splitlines():
            key, _, value = line.strip().partition(":")
            values[key] = value.strip()
        try:
            return (ids[-1], int(values["Absolute upper-left X"]),
                    int(values["Absolute upper-left Y"]), int(values["Width"]),
                    int(values["Height"]))
        except (KeyError, ValueError):
            return None

    def _x(self, command: list[str]) -> str:
        try:
            done = subprocess.run(command, env=self.env, capture_output=True, text=True,
                                  timeout=10, check=False)
        except subprocess.TimeoutExpired:
            return ""
        return done.stdout

    def check_ended(self) -> bool:
        """Whether the program has ended (its run is then judged)."""
        if self.process is None or self.process.poll() is None:
            return False
        self._judge(self.process.returncode)
        self.process = None
        return True

    def stop(self, why: str = "") -> None:
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
                self.figures.hangs += 1
                why = why or "did not end on SIGTERM"
        code = self.process.returncode
        self._judge(0 if code in (0, -15) else code, why)
        self.process = None

    def _judge(self, code: int, why: str = "") -> None:
        text = self.errors.read_text(encoding="utf-8", errors="replace")
        if "Traceback" in text:
            self.figures.tracebacks += 1
            print(f"--- traceback in run {self.figures.starts}:\n{text[-3000:]}", flush=True)
        if code != 0 or why:
            self.figures.bad_exits.append(f"run {self.figures.starts}: exit {code} {why}")

    def screenshot(self, folder: Path) -> None:
        if self.window is not None:
            folder.mkdir(parents=True, exist_ok=True)
            name = f"monkey-{self.target}-{self.size}-{self.figures.actions:05d}.png"
            self._x(["import", "-window", self.window[0], str(folder / name)])

    # --- the player ------------------------------------------------------------------------

    def act(self) -> None:
        assert self.window is not None
        wid, left, top, width, height = self.window
        rng = self.rng

        def point() -> tuple[int, int]:
            return left + rng.randrange(width), top + rng.randrange(height)

        roll = rng.random()
        if roll < 0.45:
            x, y = point()
            command = ["mousemove", str(x), str(y), "click", str(rng.choice([1, 1, 1, 3]))]
        elif roll < 0.65:
            # a drag: from the lower third (the hand, most often) to anywhere
            x1 = left + rng.randrange(width)
            y1 = top + rng.randrange(height * 2 // 3, height)
            x2, y2 = point()
            command = ["mousemove", str(x1), str(y1), "mousedown", "1"]
            for step in range(1, 7):
                command += ["mousemove", str(x1 + (x2 - x1) * step // 6),
                            str(y1 + (y2 - y1) * step // 6), "sleep", "0.02"]
            command += ["mouseup", "1"]
        elif roll < 0.72:
            x, y = point()
            command = ["mousemove", str(x), str(y), "click", rng.choice(["4", "5"])]
        elif roll < 0.99:
            command = ["key", "--window", wid, rng.choice(KEYS)]
        else:
            command = ["key", "--window", wid, rng.choice(RARE_KEYS)]
        self._x(["xdotool", *command])
        self.figures.actions += 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", choices=["table", "replay", "menus"], default="table")
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--minutes", type=float, default=3.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--display", default=os.environ.get("DISPLAY", ":99"))
    parser.add_argument("--shots", metavar="DIR", type=Path,
                        help="save a screenshot of the window every 250 actions")
    parser.add_argument("--start-xvfb", action="store_true",
                        help="start a virtual screen of 1920x1080 on --display")
    options = parser.parse_args(argv)
    if shutil.which("xdotool") is None or shutil.which("xwininfo") is None:
        print("monkey: xdotool and xwininfo are needed (Debian: xdotool x11-utils)",
              file=sys.stderr)
        return 2
    screen = None
    if options.start_xvfb:
        screen = subprocess.Popen(["Xvfb", options.display, "-screen", "0", "1920x1080x24",
                                   "-nolisten", "tcp"], stderr=subprocess.DEVNULL)
        time.sleep(1.5)
    home = Path(tempfile.mkdtemp(prefix="tarot-monkey-"))
    monkey = Monkey(options.target, options.size, options.display, options.seed, home)
    try:
        end = time.monotonic() + options.minutes * 60
        monkey.start()
        while time.monotonic() < end:
            if monkey.process is None or monkey.check_ended() or monkey.window is None:
                monkey.stop()
                monkey.start()
                continue
            monkey.act()
            if options.shots and monkey.figures.actions % 250 == 0:
                monkey.screenshot(options.shots)
    finally:
        monkey.stop()
        if screen is not None:
            screen.terminate()
        shutil.rmtree(home, ignore_errors=True)
    f = monkey.figures
    print(f"monkey {options.target} {options.size}: {f.actions} actions in "
          f"{options.minutes:g} min, {f.starts} start(s), {f.tracebacks} traceback(s), "
          f"{f.hangs} hang(s), {len(f.bad_exits)} bad exit(s)"
          + (f": {'; '.join(f.bad_exits)}" if f.bad_exits else ""))
    return 1 if f.tracebacks or f.hangs or f.bad_exits else 0


if __name__ == "__main__":
    sys.exit(main())
