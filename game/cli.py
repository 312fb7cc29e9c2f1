"""``tarot`` / ``python -m game``: open the game window on the title menu.

``--demo`` seats bots everywhere and opens the table directly; ``--deals N`` quits once N
deals have been played to the end (in the demo the next deal starts by itself after a short
pause on the scores). A bad option, an unknown variant or a damaged ``rules.yaml`` is
reported on one line, with exit status 2.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import sys
import time
from pathlib import Path
from typing import Any, NoReturn

PROG = "tarot"
SPEEDS = ("slow", "normal", "fast", "instant")
#: Seconds the demo shows the scores before the next deal, at normal speed.
DEMO_PAUSE = 3.0


class _Parser(argparse.ArgumentParser):
    """Argument errors on one line (no usage block), exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def window_size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(v) for v in text.lower().replace("×", "x").split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT, got {text!r}") from None
    if not (320 <= width <= 8192 and 240 <= height <= 8192):
        raise argparse.ArgumentTypeError(f"{text!r} is out of range (320x240 to 8192x8192)")
    return width, height


def positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected 1 or more, got {value}")
    return value


def seed_value(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if not 0 <= value < 2**62:
        raise argparse.ArgumentTypeError(f"expected a number from 0 to 2^62, got {value}")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=PROG, description="French Tarot for 3, 4 and 5 players.")
    parser.add_argument("--demo", action="store_true",
                        help="bots in every seat; the table opens directly")
    parser.add_argument("--deals", type=positive, metavar="N",
                        help="quit after N deals are played to the end")
    parser.add_argument("--players", type=int, choices=(3, 4, 5), help="number of players")
    parser.add_argument("--seed", type=seed_value, metavar="N",
                        help="shuffle seed of the match (and of the bots)")
    parser.add_argument("--level", metavar="NAME", help="the bots' level (random, simple)")
    parser.add_argument("--variant", metavar="NAME", help="rules variant from rules.yaml")
    parser.add_argument("--size", type=window_size, metavar="WxH", help="window size")
    parser.add_argument("--lang", choices=("en", "fr"), help="language of the interface")
    parser.add_argument("--speed", choices=SPEEDS, help="animation speed")
    parser.add_argument("--screenshot-dir", type=Path, metavar="DIR",
                        help="save a screenshot each time a new phase or screen starts")
    return parser


def fail(message: str) -> int:
    print(f"{PROG}: error: {message}", file=sys.stderr)
    return 2


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)

    from engine.ai import BOTS
    from engine.rules import RulesError, default_rules_path, list_variants

    try:
        variants = list_variants()
    except RulesError as exc:
        message, where = str(exc), str(default_rules_path())
        return fail(message if message.startswith(where) else f"{where}: {message}")
    if args.variant is not None and args.variant not in variants:
        return fail(f"unknown variant {args.variant!r} (known: {', '.join(variants)})")
    if args.level is not None and args.level not in BOTS:
        return fail(f"unknown level {args.level!r} (known: {', '.join(BOTS)})")
    if args.screenshot_dir is not None:
        try:
            args.screenshot_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            return fail(f"--screenshot-dir {args.screenshot_dir}: {exc.strerror}")

    logging.basicConfig(level=logging.WARNING, format=f"{PROG}: %(levelname)s: %(message)s")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game import paths
    from game.settings import Settings

    base, problems = Settings.load()
    overrides: dict[str, Any] = {}
    if args.lang:
        overrides["language"] = args.lang
    if args.speed:
        overrides["animation_speed"] = args.speed
    elif args.demo:
        overrides["animation_speed"] = "normal"
    presets: dict[str, Any] = {}
    if args.players:
        presets["players"] = args.players
    if args.level:
        presets["bot_level"] = args.level
    if args.variant:
        presets["variant"] = args.variant
    settings_file = paths.settings_file()
    stamp = _mtime(settings_file)

    from game.app import App

    app = App(base.with_(**overrides), size=args.size)
    driver = Driver(app, demo=args.demo, deals=args.deals, shots=args.screenshot_dir)
    app.after_frame.append(driver)
    try:
        if args.demo:
            start_demo(app, base.with_(**presets), variants, args.seed)
        else:
            from game.scenes.menu import MenuScene

            app.push(MenuScene(app, seed=args.seed, notice="\n".join(problems), presets=presets))
        app.run()
    except KeyboardInterrupt:
        return 130
    finally:
        driver.shutdown()
        if _mtime(settings_file) != stamp:  # something was saved while the game ran
            keep_overrides_out(app.settings, base, overrides, args.size is not None)
        import pygame

        pygame.quit()
    return 0


def _mtime(path: Path) -> float | None:
    try:
        return path.stat().st_mtime_ns / 1e9
    except OSError:
        return None


def keep_overrides_out(final: Any, base: Any, overrides: dict[str, Any], sized: bool) -> None:
    """Save the settings as the player left them, without this run's command-line choices
    (a value the player changed in the settings screen is kept)."""
    restore = {key: getattr(base, key) for key, value in overrides.items()
               if getattr(final, key) == value}
    if sized:
        restore["window_size"] = base.window_size
    with contextlib.suppress(OSError):
        final.with_(**restore).save()


def start_demo(app: Any, settings: Any, variants: dict[str, str], seed: int | None) -> None:
    from engine.ai import BOTS
    from game.scenes.session import MatchSetup, new_seed, open_table, table_names
    from game.scenes.session import start_match as start

    variant = settings.variant if settings.variant in variants else "fft"
    level = settings.bot_level if settings.bot_level in BOTS else "simple"
    players = settings.players
    setup = MatchSetup(players, level, variant,
                       tuple(table_names(players, app.settings.language, None)),
                       seed if seed is not None else new_seed())
    controller = start(app, setup, human_seat=None, save=False)
    open_table(app, controller)


class Driver:
    """Runs after every frame: counts finished deals (``--deals``), deals the next hand in
    the demo after a pause on the scores, and takes the screenshots."""

    def __init__(self, app: Any, demo: bool, deals: int | None, shots: Path | None) -> None:
        self.app = app
        self.demo = demo
        self.deals = deals
        self.shots = shots
        self.controller: Any = None
        self.baseline = 0
        self.finished = 0
        self.over_since: float | None = None
        self.last_shot: tuple[object, ...] | None = None
        self.shot_number = 0

    def __call__(self, app: Any) -> None:
        from engine.state import Phase
        from game.scenes.session import active_controller

        controller = active_controller(app)
        if controller is not self.controller:
            self.controller = controller
            self.baseline = 0 if controller is None else sum(
                1 for d in controller.match.deals if d.state.phase is Phase.FINISHED)
        if self.shots is not None:
            self.screenshot(app, controller)
        if controller is None or not any(controller is getattr(s, "controller", None)
                                         for s in app.scenes):
            return
        match = controller.match
        self.finished = sum(1 for d in match.deals
                            if d.state.phase is Phase.FINISHED) - self.baseline
        deal_over = match.current.is_over
        if not deal_over:
            self.over_since = None
            if self.deals is not None and self.finished >= self.deals:
                app.quit()  # the player moved on after the last deal asked for
            return
        if self.over_since is None:
            if not getattr(app.scene, "idle", True) or controller.is_thinking():
                return  # let the table finish showing the last trick
            self.over_since = time.monotonic()
        pause = DEMO_PAUSE * app.settings.animation_factor
        if time.monotonic() - self.over_since < pause:
            return
        if self.deals is not None and self.finished >= self.deals and self.demo:
            app.quit()
        elif self.demo:
            with contextlib.suppress(ValueError):  # the table may have dealt already
                controller.next_deal()
            self.over_since = None

    def screenshot(self, app: Any, controller: Any) -> None:
        scene = app.scene
        key: tuple[object, ...] = (type(scene).__name__,)
        name = type(scene).__name__.removesuffix("Scene").lower()
        if controller is not None and getattr(scene, "controller", None) is controller:
            match = controller.match
            phase = match.current.state.phase
            key = (id(controller), len(match.deals), phase)
            name = f"deal{len(match.deals)}-{phase.value}"
        if key == self.last_shot or not getattr(scene, "idle", True):
            return  # the table shows a new phase once its animations have caught up
        self.last_shot = key
        self.shot_number += 1
        assert self.shots is not None
        with contextlib.suppress(OSError, ValueError):
            app.screenshot(str(self.shots / f"{self.shot_number:04d}-{name}.png"))

    def shutdown(self) -> None:
        from game.scenes.session import active_controller

        for controller in {id(c): c for c in (self.controller,
                                               active_controller(self.app)) if c}.values():
            with contextlib.suppress(Exception):
                controller.shutdown()


if __name__ == "__main__":
    raise SystemExit(main())
