"""Take the README's screenshots: every phase of a deal for 3, 4 and 5 players, and the menus.

    python build/screenshots.py                        # writes docs/screenshots/
    python build/screenshots.py --out DIR              # the same files under DIR
    python build/screenshots.py --real                 # use the real display ($DISPLAY)

Everything goes through the real game: an :class:`~game.app.window.App` window, a
:class:`~game.match.controller.MatchController` with simple bots, the table scene and its dialogs.
The human, at seat 0, answers the way a player would: mouse clicks and drags posted to
pygame's event queue at the panels' buttons and the hand's cards. Animations are instant and
each picture is taken once the table is idle, except the face-up dog, which only shows while
its animation runs: the speed is set to normal for that moment.

The matches are seeded. For each player count a seed is searched (with the engine alone,
replaying the same bots) in which the human deals, so that every bot has spoken before the
human's bid, nobody bids above a Petite and the human takes a Garde: the call (five players),
the dog and the discard can then be shown. The human's other decisions (the call, the
discard, the cards) are those of a simple bot, made through the table.

Files, under ``--out``:

* ``{players}p-{W}x{H}-{NN}-{phase}.jpg`` — 01-bidding, 02-call (five players), 03-dog,
  04-discard, 05-play, 06-last-trick, 07-score; every phase at 1280 x 720, the bidding, call,
  play and score at 1024 x 600 and 1920 x 1080;
* ``menu-``, ``newgame-``, ``settings-`` and ``scoresheet-{W}x{H}.jpg`` (the sheet after two
  deals) for each size;
* ``replay-{players}p-{W}x{H}-{NN}-{step}.jpg`` — the replay viewer: 01-bidding-open,
  02-trick-open, 03-trick-as-seen, 04-decision, 05-analysis, 06-score (every player count at
  1280 x 720, four players at the other sizes);
* ``4p-1280x720-handful.jpg`` (when a seed among the first 200 gives the human a handful) and
  ``4p-1280x720-05-play-fr.jpg``, the play in French.

The player's own files are never touched: ``TAROT_HOME`` points to a temporary folder.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from engine import cards as C  # noqa: E402
from engine import choices as O  # noqa: E402
from engine.actions import Bid, DecideSlam  # noqa: E402
from engine.ai import make_bot  # noqa: E402
from engine.commandline import Parser, cannot_write, command, folder  # noqa: E402
from engine.match import Match  # noqa: E402
from engine.rules import load_rules  # noqa: E402
from engine.state import Phase  # noqa: E402
from engine.views import SeatView, view_for  # noqa: E402
from game import driving  # noqa: E402

MAIN_SIZE = (1280, 720)
SIZES = (MAIN_SIZE, (1024, 600), (1920, 1080))
PLAYERS = (3, 4, 5)
#: The phases shot at the small and large sizes (every phase is shot at 1280 x 720).
OTHER_SIZES_PHASES = frozenset({"01-bidding", "02-call", "05-play", "07-score"})
DT = 1 / 60
SEEDS = range(1, 400)
HANDFUL_SEEDS = range(200)
RANK = {None: 0, "petite": 1, "garde": 2, "garde_sans": 3, "garde_contre": 4}


def bot_seed(seed: int, seat: int) -> int:
    return seed * 10 + seat


def brain_seed(seed: int) -> int:
    """The seed of the simple bot that makes the human's decisions."""
    return seed * 10 + 9


def mid_deal(view: SeatView) -> bool:
    """A good moment for the play picture: the human to play in the middle of the deal, with
    at least two cards on the table (so one is marked the winner) and cards that may not be
    played (dimmed in the hand)."""
    hand = view.rules.setup(view.players).hand
    return (view.phase is Phase.PLAYING and view.turn == view.seat
            and 2 <= len(view.tricks) <= hand // 2 and len(view.trick.cards) >= 2
            and 0 < len(view.legal_plays) < len(view.hand))


# --- choosing the seeds, with the engine alone ---------------------------------------------------


@dataclass(frozen=True)
class Plan:
    players: int
    seed: int
    dealer: int
    score: int


def simulate(players: int, seed: int, dealer: int = 0) -> Plan | None:
    """Play the deal as the screenshots will (the same bots, the same human choices) and say
    whether it shows every phase: the human takes a Garde after every bot has spoken, nobody
    bids above a Petite, the play reaches a :func:`mid_deal` moment."""
    match = Match.new(load_rules(), players, seed, first_dealer=dealer)
    deal = match.current
    if deal.is_over:
        return None
    bots = {s: make_bot("simple", bot_seed(seed, s)) for s in range(1, players)}
    brain: Any = make_bot("simple", brain_seed(seed))
    score = 0
    found_mid = False
    while not deal.is_over:
        state = deal.state
        seat = state.turn
        assert seat is not None
        view = view_for(state, seat)
        if seat != 0:
            deal.execute(seat, bots[seat].decide(view))
            continue
        phase = view.phase
        if phase is Phase.BIDDING:
            if len(view.bids) != players - 1 or Bid("garde") not in O.legal_bids(view):
                return None
            said = [c for _, c in view.bids]
            if any(RANK[c] > RANK["petite"] for c in said):
                return None
            score += 2 * sum(1 for c in said if c) + (1 if None in said else 0)
            action: Any = Bid("garde")
        elif phase is Phase.CALLING:
            action = brain.call(view)
        elif phase is Phase.DISCARDING:
            if O.discard_options(view).trumps_needed:
                return None
            action = brain.discard(view)
        elif phase is Phase.SLAM:
            action = DecideSlam(False)
        else:
            found_mid = found_mid or mid_deal(view)
            action = brain.play(view)
        deal.execute(0, action)
    state = deal.state
    if state.phase is not Phase.FINISHED or state.taker != 0 or not found_mid:
        return None
    if deal.result is not None and deal.result.made:
        score += 2  # the score picture of a contract made
    return Plan(players, seed, dealer, score)


def choose_plan(players: int) -> Plan:
    best: Plan | None = None
    for seed in SEEDS:
        plan = simulate(players, seed)
        if plan is not None and (best is None or plan.score > best.score):
            best = plan
            if best.score >= 5:  # a bid and a pass shown, the contract made: good enough
                break
    if best is None:
        raise SystemExit(f"no seed among {SEEDS.start}..{SEEDS.stop - 1} shows every phase "
                         f"for {players} players")
    return best


def handful_seed() -> int | None:
    """A four-player seed in which the human, dealing, may show a handful before the first
    card (the human takes at the highest bid it may, then plays like the simple bot)."""
    rules = load_rules()
    for seed in HANDFUL_SEEDS:
        match = Match.new(rules, 4, seed, first_dealer=0)
        deal = match.current
        if deal.is_over:
            continue
        hand = deal.state.hands[0]
        trumps = (hand & C.TRUMP_MASK).bit_count() + (hand >> C.EXCUSE & 1)
        if trumps < rules.handful_thresholds(4)[0]:
            continue
        bots = {s: make_bot("simple", bot_seed(seed, s)) for s in range(1, 4)}
        brain: Any = make_bot("simple", brain_seed(seed))
        while not deal.is_over:
            state = deal.state
            seat = state.turn
            assert seat is not None
            view = view_for(state, seat)
            if seat != 0:
                deal.execute(seat, bots[seat].decide(view))
                continue
            if view.phase is Phase.BIDDING:
                deal.execute(0, human_bid(view))
            elif view.phase is Phase.DISCARDING:
                deal.execute(0, brain.discard(view))
            elif view.phase is Phase.SLAM:
                deal.execute(0, DecideSlam(False))
            elif view.phase is Phase.PLAYING:
                if O.handful_options(view):
                    return seed
                break
            else:
                break
    return None


def human_bid(view: SeatView) -> Bid:
    """A Garde when allowed, else the highest bid (the handful picture)."""
    legal = O.legal_bids(view)
    return Bid("garde") if Bid("garde") in legal else legal[-1]


# --- the game on screen --------------------------------------------------------------------------


class Game:
    """A window with the table of one match; the human answers with posted input events."""

    def __init__(self, size: tuple[int, int], players: int, seed: int, dealer: int = 0,
                 language: str = "en") -> None:
        from game.app.i18n import tr
        from game.app.settings import Settings
        from game.app.window import App
        from game.match.controller import MatchController
        from game.screens import install as install_screens
        from game.table.scene import TableScene

        settings = Settings(animation_speed="instant", language=language,
                            player_name=tr("menu_you", language), players=players)
        install_screens()
        self.app = App(settings, size=size)
        pygame.event.clear()
        self.match = Match.new(load_rules(), players, seed, first_dealer=dealer)
        bots = {s: make_bot("simple", bot_seed(seed, s)) for s in range(1, players)}
        self.controller = MatchController(self.match, bots, human_seat=0)
        self.scene = TableScene(self.app, self.controller)
        self.app.push(self.scene)
        self.brain: Any = make_bot("simple", brain_seed(seed))
        self.size = size

    def close(self) -> None:
        self.controller.shutdown()
        close_app(self.app)

    def tr(self, key: str, **values: object) -> str:
        return self.app.tr(key, **values)

    # --- time --------------------------------------------------------------------------------
    def step(self, frames: int = 1) -> None:
        for _ in range(frames):
            self.app.step(DT)
            if self.controller.is_thinking():
                time.sleep(0.0005)  # let the bots' thread answer

    def until(self, condition: Callable[[], bool], limit: int = 30_000) -> None:
        for _ in range(limit):
            if condition():
                return
            self.step()
        raise RuntimeError("the table did not get there in time")

    def settle(self) -> None:
        """Until the human must act or the deal is over, and the table is idle."""
        scene = self.scene
        self.until(lambda: scene.idle and (self.controller.waiting_for_human()
                                           or self.match.current.is_over))
        if self.match.current.is_over:
            self.until(lambda: scene.score_panel is not None)
        self.step(2)

    def quiet(self, seconds: float = 2.5) -> None:
        """Let the speech bubbles fade (an idle table does not change otherwise)."""
        frames = 0
        while self.scene.bubbles and frames < seconds / DT:
            self.step()
            frames += 1

    # --- input (game.driving posts the events a player's mouse and keys would) -------------
    def move(self, pos: tuple[int, int]) -> None:
        driving.move(pos, self.step)

    def click(self, pos: tuple[float, float]) -> None:
        driving.click(pos, self.step)

    def drag(self, start: tuple[int, int], end: tuple[int, int], steps: int = 6) -> None:
        driving.drag(start, end, self.step, steps)

    def key(self, code: int) -> None:
        driving.key(code, self.step)

    def card_point(self, card: int) -> tuple[int, int]:
        """A point where the hand shows ``card`` on top (near its corner index if possible)."""
        point = driving.card_point(self.scene, card)
        if point is None:
            raise RuntimeError(f"{C.format_card(card)} cannot be reached in the hand")
        return point

    def button(self, label: str) -> Any:
        """A button of the open dialog (or of the score panel)."""
        panel = self.scene.score_panel or self.scene.dialogs.open_panel()
        if panel is None:
            raise RuntimeError(f"no dialog open to click {label!r}")
        for button in panel.buttons:
            if button.label == label:
                return button
        raise RuntimeError(f"no button {label!r} in {[b.label for b in panel.buttons]}")

    def click_button(self, label: str) -> None:
        self.click(self.button(label).rect.center)

    def panel_name(self) -> str:
        panel = self.scene.dialogs.open_panel()
        return type(panel).__name__ if panel is not None and not panel.done else ""

    # --- pictures ----------------------------------------------------------------------------
    @property
    def neutral(self) -> tuple[int, int]:
        """Where the mouse rests for a picture: over nothing that reacts to it."""
        return self.size[0] // 2, 2

    def shot(self, path: Path) -> None:
        self.move(self.neutral)
        scene = self.scene
        for _ in range(240):  # until a card lifted by the mouse is down again, and no bubble
            sprites = scene.hand.sprites.values()  # is fading in or out
            if all(abs(s.lift - s.lift_target) < 0.5 for s in sprites) and not any(
                    b.left < 0.4 or b.total - b.left < 0.2 for b in scene.bubbles):
                break
            self.step()
        self.step(2)
        save(self.app, path)

    # --- the human's decisions, through the table ---------------------------------------------
    def bid(self, contract: str | None) -> None:
        self.click_button(self.tr(contract or "pass"))

    def call(self, card: int) -> None:
        panel = self.scene.dialogs.open_panel()
        self.click(panel.card_rects[card].center)

    def discard(self, cards: list[int], drag: bool = True) -> None:
        zone = self.scene.layout.discard_rect.center
        for card in cards:
            if drag:
                self.drag(self.card_point(card), zone)
            else:
                self.click(self.card_point(card))
        self.step(2)

    def confirm_discard(self) -> None:
        scene = self.scene
        if not scene.editor.complete():
            raise RuntimeError("the discard is not complete")
        self.click(scene.editor.confirm_button.rect.center)

    def play(self, card: int) -> None:
        self.click(self.card_point(card))

    def answer(self) -> bool:
        """Make the human's current decision the way the brain wants it (declarations
        declined); False when the deal is over."""
        scene = self.scene
        if self.match.current.is_over:
            return False
        view = scene.view
        name = self.panel_name()
        if name == "BiddingPanel":
            choice = self.brain.bid(view)
            self.bid(choice.contract)
        elif name == "CallPanel":
            self.call(self.brain.call(view).card)
        elif name == "SlamPanel":
            self.click_button(self.tr("panel_slam_no"))
        elif name in ("HandfulPanel", "MiserePanel"):
            self.click_button(self.tr("panel_no_thanks"))
        elif scene.editor.open:
            self.discard(list(self.brain.discard(view).cards), drag=False)
            self.confirm_discard()
        elif view.phase is Phase.PLAYING and view.turn == 0:
            self.play(self.brain.play(view).card)
        else:
            raise RuntimeError(f"nothing to answer in the {view.phase.value} phase")
        return True


def close_app(app: Any) -> None:
    app.close()
    if app.window is not None:
        app.window.destroy()


def save(app: Any, path: Path) -> None:
    app.draw()
    pygame.image.save(app.screen, str(path))
    print(f"  {path.name}")


def size_ok(app: Any, size: tuple[int, int]) -> bool:
    if app.size == size:
        return True
    print(f"  the window is {app.size[0]}x{app.size[1]}, not {size[0]}x{size[1]} "
          "(is the display large enough?): skipped", file=sys.stderr)
    return False


# --- the shots -----------------------------------------------------------------------------------


def shoot_deal(plan: Plan, size: tuple[int, int], out: Path, phases: frozenset[str] | None,
               language: str = "en", suffix: str = "", sheet: bool = False,
               stop_after: str | None = None) -> None:
    """One deal of ``plan`` at ``size``: the pictures of ``phases`` (None: all), then, with
    ``sheet``, a second deal and the score sheet."""
    players = plan.players
    w, h = size
    prefix = f"{players}p-{w}x{h}-"

    def wanted(phase: str) -> bool:
        return phases is None or phase in phases

    def path(phase: str) -> Path:
        return out / f"{prefix}{phase}{suffix}.jpg"

    game = Game(size, players, plan.seed, plan.dealer, language)
    scene = game.scene
    try:
        if not size_ok(game.app, size):
            return
        # 01: the bidding, every bot has spoken
        game.settle()
        if game.panel_name() != "BiddingPanel":
            raise RuntimeError("the human should be bidding")
        game.quiet()
        if wanted("01-bidding"):
            game.shot(path("01-bidding"))
        if stop_after == "01-bidding":
            return

        def slow_dog() -> None:
            """The dog shows only while it is animated: normal speed for a moment."""
            app = game.app
            app.update_settings(app.settings.with_(animation_speed="normal"), save=False)

        if players == 5:
            game.bid("garde")
            game.settle()
            if game.panel_name() != "CallPanel":
                raise RuntimeError("the human should be calling a king")
            game.quiet()
            if wanted("02-call"):
                game.shot(path("02-call"))
            slow_dog()
            game.call(game.brain.call(scene.view).card)
        else:
            slow_dog()
            game.bid("garde")
        # 03: the dog, face up in the middle
        game.until(lambda: bool(scene.sprites.dog) and all(
            s.card is not None and s.face >= 1.0 and not s.moving for s in scene.sprites.dog))
        if wanted("03-dog"):
            game.shot(path("03-dog"))
        app = game.app
        app.update_settings(app.settings.with_(animation_speed="instant"), save=False)
        # 04: the discard, dragged card by card into the zone
        game.settle()
        if not scene.editor.open:
            raise RuntimeError("the human should be discarding")
        cards = list(game.brain.discard(scene.view).cards)
        game.discard(cards)
        if wanted("04-discard"):
            game.shot(path("04-discard"))
        game.confirm_discard()
        game.settle()
        if game.panel_name() == "SlamPanel":
            game.click_button(game.tr("panel_slam_no"))
        # 05 and 06: the play
        shot_play = False
        while True:
            game.settle()
            if scene.score_panel is not None:
                break
            if game.panel_name() in ("HandfulPanel", "MiserePanel"):
                game.answer()
                continue
            if not shot_play and mid_deal(scene.view):
                shot_play = True
                if wanted("05-play"):
                    game.shot(path("05-play"))
                if stop_after == "05-play":
                    return
                if wanted("06-last-trick"):
                    game.click(scene.buttons["last_trick"].rect.center)
                    if not scene.last_trick.open:
                        raise RuntimeError("the last trick did not open")
                    game.shot(path("06-last-trick"))
                    game.click(game.neutral)  # a click anywhere closes it
            game.answer()
        if not shot_play:
            raise RuntimeError("no mid-deal moment for the play picture")
        # 07: the score
        game.settle()
        if wanted("07-score"):
            game.shot(path("07-score"))
        if not sheet:
            return
        # a second deal, then the score sheet
        game.click_button(game.tr("score_next_deal"))
        game.until(lambda: game.match.count == 2)
        for _ in range(500):
            game.settle()
            if scene.score_panel is not None:
                break
            game.answer()
        game.click_button(game.tr("score_sheet"))
        game.step(2)
        if type(game.app.scene).__name__ != "ScoreSheet":
            raise RuntimeError("the score sheet did not open")
        game.move(game.neutral)
        save(game.app, out / f"scoresheet-{w}x{h}.jpg")
    finally:
        game.close()


def shoot_handful(seed: int, out: Path) -> None:
    """The handful dialog at four players, once the player chose to show a simple one."""
    game = Game(MAIN_SIZE, 4, seed, 0)
    scene = game.scene
    try:
        if not size_ok(game.app, MAIN_SIZE):
            return
        for _ in range(100):
            game.settle()
            name = game.panel_name()
            if name == "HandfulPanel":
                break
            if name == "BiddingPanel":
                game.bid(human_bid(scene.view).contract)
            elif scene.editor.open:
                game.discard(list(game.brain.discard(scene.view).cards))
                game.confirm_discard()
            elif not game.answer():
                raise RuntimeError("the deal ended before the handful")
        else:
            raise RuntimeError("no handful offered")
        panel = scene.dialogs.open_panel()
        game.click(panel.buttons[0].rect.center)  # show a simple handful
        game.quiet()
        w, h = MAIN_SIZE
        game.shot(out / f"4p-{w}x{h}-handful.jpg")
    finally:
        game.close()


def shoot_menus(size: tuple[int, int], out: Path) -> None:
    """The title screen, the new-game form and the settings."""
    from game.app.settings import Settings
    from game.app.window import App
    from game.menus.menu import MenuScene
    from game.screens import install as install_screens

    install_screens()
    app = App(Settings(), size=size)  # the default settings, as a new player sees them
    try:
        if not size_ok(app, size):
            return
        pygame.event.clear()
        menu = MenuScene(app)
        app.push(menu)
        w, h = size
        corner = (2, h - 2)

        def step(frames: int = 3) -> None:
            for _ in range(frames):
                app.step(DT)

        def click(pos: tuple[int, int]) -> None:
            driving.click(pos, step)

        def rest() -> None:
            driving.move(corner, step)

        def menu_button(key: str) -> Any:
            return next(b for b in menu.buttons if b.label == app.tr(key))

        step()
        rest()
        save(app, out / f"menu-{w}x{h}.jpg")
        click(menu_button("new_game").rect.center)
        form: Any = app.scene
        rest()
        save(app, out / f"newgame-{w}x{h}.jpg")
        click(form.actions[0].rect.center)  # Back
        if app.scene is not menu:
            raise RuntimeError("Back did not return to the menu")
        click(menu_button("settings").rect.center)
        rest()
        save(app, out / f"settings-{w}x{h}.jpg")
    finally:
        close_app(app)


def replay_deal(players: int) -> Any:
    """A deal played by simple bots in which seat 0 takes: its replay has a bid, a dog, a
    discard and cards for the analysis to weigh."""
    from engine.ai import make_bot
    from engine.deal import Deal
    from engine.rules import load_rules
    from engine.views import view_for

    for seed in range(1, 500):
        deal = Deal.new(load_rules(), players, players - 1, seed)
        bots = [make_bot("simple", seed * 10 + s) for s in range(players)]
        while not deal.is_over:
            seat = deal.state.turn
            deal.execute(seat, bots[seat].decide(view_for(deal.state, seat)))
        if deal.result is not None and deal.result.taker == 0:
            return deal
    raise RuntimeError(f"no deal taken by seat 0 for {players} players")


def shoot_replays(players: int, size: tuple[int, int], out: Path) -> None:
    """The replay viewer: the deal at its start, a trick with open hands and as seat 0 saw
    it, one of seat 0's decisions with the expert's estimates, the analysis list, the end."""
    from game.app.i18n import seat_name
    from game.app.settings import Settings
    from game.app.window import App
    from game.replay.viewer import ReplayInfo, ReplayScene
    from game.screens import install as install_screens

    deal = replay_deal(players)
    install_screens()
    app = App(Settings(animation_speed="instant", sound=False), size=size)
    try:
        if not size_ok(app, size):
            return
        pygame.event.clear()
        names = ["Alex"] + [seat_name(s, players) for s in range(1, players)]
        scene = ReplayScene(app, ReplayInfo(deal, names, meta={"date": "2026-11-29T21:45:00"}))
        app.push(scene)
        analysis = scene.analysis
        deadline = time.perf_counter() + 120
        # the frames poll the analysis' worker: waiting without them would wait for nothing
        while analysis is not None and not analysis.finished and time.perf_counter() < deadline:
            app.step(DT)
            time.sleep(0.02)
        if analysis is not None and not analysis.finished:
            raise RuntimeError(f"the analysis of the {players}-player replay did not finish")
        w, h = size
        prefix = f"replay-{players}p-{w}x{h}"

        def at(position: int, name: str) -> None:
            scene.go(position)
            for _ in range(4):
                app.step(DT)
            save(app, out / f"{prefix}-{name}.jpg")

        at(3, "01-bidding-open")
        starts = scene.cursor.trick_starts()
        middle = starts[len(starts) // 2] + 2
        at(middle, "02-trick-open")
        scene.show_as_seen()
        at(middle, "03-trick-as-seen")
        scene.show_open_hands()
        choices = [d for d in (analysis.decisions if analysis else []) if not d.forced]
        cards = [d for d in choices if d.index > starts[2]]
        if cards:
            at(cards[0].index, "04-decision")
        scene.set_tab("analysis")
        at(middle, "05-analysis")
        scene.set_tab("moves")
        at(scene.cursor.total, "06-score")
    finally:
        close_app(app)


PROG = "screenshots.py"


@command(PROG)
def main(argv: list[str] | None = None) -> int:
    parser = Parser(prog=PROG, description=__doc__,
                    formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=folder, default=ROOT / "docs" / "screenshots",
                        help="folder for the pictures (default: docs/screenshots)")
    parser.add_argument("--real", action="store_true",
                        help="use the display of $DISPLAY instead of SDL's dummy driver")
    parser.add_argument("--replays", action="store_true",
                        help="take the replay viewer's pictures only")
    args = parser.parse_args(argv)
    if not args.real:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    elif not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        parser.error("--real: no DISPLAY is set")
    os.environ["SDL_AUDIODRIVER"] = "dummy"  # the sound is on, and silent
    home = tempfile.mkdtemp(prefix="tarot-shots-")
    os.environ["TAROT_HOME"] = home
    out: Path = args.out
    try:
        return shoot_all(out, args.replays)
    except OSError as exc:  # a full disk
        print(cannot_write(PROG, out, exc), file=sys.stderr)
        return 1
    finally:
        shutil.rmtree(home, ignore_errors=True)


def shoot_all(out: Path, replays_only: bool) -> int:
    """Every picture into ``out``."""
    start = time.perf_counter()
    try:
        print("replay viewer")
        for players in PLAYERS:
            shoot_replays(players, MAIN_SIZE, out)
        for size in SIZES:
            if size != MAIN_SIZE:
                shoot_replays(4, size, out)
        if replays_only:
            return 0
        plans = {}
        for players in PLAYERS:
            plans[players] = plan = choose_plan(players)
            print(f"{players} players: seed {plan.seed}")
        for size in SIZES:
            w, h = size
            print(f"{w}x{h}")
            shoot_menus(size, out)
            main_size = size == MAIN_SIZE
            for players in PLAYERS:
                shoot_deal(plans[players], size, out,
                           None if main_size else OTHER_SIZES_PHASES, sheet=players == 4)
        print("extras")
        shoot_deal(plans[4], MAIN_SIZE, out, frozenset({"05-play"}), language="fr",
                   suffix="-fr", stop_after="05-play")
        seed = handful_seed()
        if seed is None:
            print(f"  no handful for the human in seeds {HANDFUL_SEEDS.start}.."
                  f"{HANDFUL_SEEDS.stop - 1}: skipped")
        else:
            shoot_handful(seed, out)
    finally:
        pygame.quit()
    files = sorted(out.glob("*.jpg"))
    total = sum(f.stat().st_size for f in files)
    print(f"{len(files)} pictures, {total / 1024 / 1024:.1f} MiB, under {out} "
          f"({time.perf_counter() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
