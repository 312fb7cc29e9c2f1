"""``tarot --selftest``: proves that a copy of the game — above all a packaged executable —
has everything it needs, without a display or a sound card.

It loads every asset the game ships (the 78 faces of both decks and their English heads, the
backs, the felt, the icons, the font, the sounds and the rules with all their variants), then
plays one deal for 3, 4 and 5 players with bots in every seat through the real table scene,
opens each finished deal in the replay viewer and walks it to the end, and checks the results:
all 78 cards accounted for, the scores adding up to zero, the event log giving the same deal
again.

It prints one line — ``selftest ok: …`` or ``selftest FAILED: <why>`` — and returns 0 or 1.
Everything runs on SDL's dummy video and audio drivers, with the user folders pointed at a
temporary folder, so nothing of the player's is read or written.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time
import wave
from collections.abc import Callable
from functools import partial
from typing import Any, TextIO

#: Seconds one deal may take at most before the self-test gives up on it.
DEAL_LIMIT = 120.0
FRAME = 1 / 60


class SelfTestFailure(Exception):
    """What went wrong, in one line."""


def run(out: TextIO | None = None, players: tuple[int, ...] = (3, 4, 5)) -> int:
    out = out or sys.stdout
    start = time.perf_counter()
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    home = tempfile.mkdtemp(prefix="tarot-selftest-")
    previous_home = os.environ.get("TAROT_HOME")
    os.environ["TAROT_HOME"] = home
    try:
        summary = _run(players)
    except SelfTestFailure as exc:
        print(f"selftest FAILED: {exc}", file=out)
        return 1
    except Exception as exc:  # anything else is a failure too, named as well as we can
        print(f"selftest FAILED: {exc.__class__.__name__}: {exc}", file=out)
        return 1
    finally:
        if previous_home is None:
            os.environ.pop("TAROT_HOME", None)
        else:
            os.environ["TAROT_HOME"] = previous_home
        shutil.rmtree(home, ignore_errors=True)
        _quit_pygame()
    print(f"selftest ok: {summary}; {time.perf_counter() - start:.1f} s", file=out)
    return 0


def _quit_pygame() -> None:
    module = sys.modules.get("pygame")
    if module is not None:
        module.quit()


def _run(players: tuple[int, ...]) -> str:
    from game.app.settings import Settings
    from game.app.window import App
    from game.screens import install as install_screens

    install_screens()
    app = App(Settings(animation_speed="instant", sound=True), size=(1280, 720))
    try:
        assets = check_assets(app)
        variants = check_rules()
        deals = [play_deal(app, n) for n in players]
    finally:
        app.running = False
    from engine.speedups import DESCRIPTION

    return (f"{assets}; rules with {variants} variants; engine with {DESCRIPTION}; "
            + ", ".join(deals))


# --- the files ---------------------------------------------------------------------------------


def check_assets(app: Any) -> str:
    """Load and draw every image, the font and every sound."""
    from engine.cards import DECK_SIZE
    from engine.resources import resource_path
    from game.app.assets import SOUND_NAMES

    assets = app.assets
    faces: set[int] = set()  # distinct images: a number card is one face for both letter sets
    for four_colour in (False, True):
        for indices in ("fr", "en"):  # the English heads are files of their own: all there?
            for card in range(DECK_SIZE):
                image = assets.card(card, 60, four_colour, indices)
                _need(image.get_width() == 60, f"card {card} did not scale")
                faces.add(id(image))
    backs = sorted(resource_path("sprites", "backs").glob("*.png"))
    _need(bool(backs), "no card backs in sprites/backs")
    for path in backs:
        assets.back(60, path.stem)
    icons = sorted(resource_path("sprites", "icons").glob("*.png"))
    _need(bool(icons), "no icons in sprites/icons")
    for path in icons:
        assets.icon(path.stem, 32)
    assets.felt((320, 200))
    _need(assets.text("Tarot", 24).get_width() > 0, "the font draws nothing")
    for name in SOUND_NAMES:
        path = resource_path("sounds", f"{name}.wav")
        _need(path.is_file(), f"sound {path.name} is missing")
        with wave.open(str(path)) as sound:
            _need(sound.getnframes() > 0, f"sound {path.name} is empty")
    return (f"{len(faces)} card faces, {len(backs)} backs, {len(icons)} icons, "
            f"{len(SOUND_NAMES)} sounds ({'mixer on' if app.sounds.available else 'silent'})")


def check_rules() -> int:
    from engine.rules import list_variants, load_rules

    variants = list_variants()
    for name in variants:
        load_rules(variant=name)
    return len(variants)


# --- a deal through the real scenes -------------------------------------------------------------


def play_deal(app: Any, players: int) -> str:
    """Bots in every seat on the real table until one deal is scored; then its replay."""
    from engine.deal import Deal
    from game.match.session import MatchSetup, open_table, start_match, table_names
    from game.replay.viewer import ReplayInfo, ReplayScene

    for seed in range(1, 50):  # a deal everyone passes is cancelled: take the next seed
        setup = MatchSetup(players, "simple", "fft",
                           tuple(table_names(players, "en", None)), seed)
        controller = start_match(app, setup, human_seat=None, save=False)
        open_table(app, controller)
        table = app.scene
        try:
            _run_until(app, partial(_deal_shown, controller, table),
                       f"the {players}-player deal did not finish")
        finally:
            controller.shutdown()
        deal = controller.match.current
        app.pop()
        if deal.result is not None:
            break
    else:
        raise SelfTestFailure(f"no {players}-player deal was played to a score")
    _check_deal(deal, players)
    again = Deal.from_events(deal.rules, deal.events)
    _need(again.state == deal.state, f"the {players}-player log does not replay to the same deal")

    names = table_names(players, "en", None)
    viewer = ReplayScene(app, ReplayInfo(deal, names, "selftest"))
    app.push(viewer)
    try:
        _run_until(app, lambda: viewer.idle, "the replay viewer did not start")
        while not viewer.cursor.at_end:
            viewer.forward()
            _run_until(app, lambda: viewer.idle, "the replay viewer stopped")
        _run_until(app, lambda: viewer.score_panel is not None,
                   "the replay viewer did not show the score at the end")
        _need(viewer.cursor.state == deal.state, "the replay does not end where the deal did")
    finally:
        viewer.close()
    result = deal.result
    assert result is not None
    return f"{players}p deal {'made' if result.made else 'lost'} ({len(deal.events)} events)"


def _deal_shown(controller: Any, table: Any) -> bool:
    return bool(controller.match.current.is_over and table.idle)


def _check_deal(deal: Any, players: int) -> None:
    from engine import cards as C
    from engine.scoring import score_deal

    state = deal.state
    seen: list[int] = []
    for _leader, cards, _winner in state.tricks:
        seen += list(cards)
    seen += C.cards_of(state.discard or state.dog)
    _need(len(seen) == C.DECK_SIZE and len(set(seen)) == C.DECK_SIZE,
          f"the {players}-player deal lost track of cards ({len(set(seen))} of 78)")
    result = score_deal(state)
    _need(sum(result.scores) == 0, f"the {players}-player scores do not add up to zero")
    _need(tuple(result.scores) == tuple(deal.scores or ()),
          f"the {players}-player scores differ when counted again")


def _run_until(app: Any, done: Callable[[], bool], problem: str) -> None:
    limit = time.perf_counter() + DEAL_LIMIT
    while not done():
        if time.perf_counter() > limit:
            raise SelfTestFailure(problem)
        app.step(FRAME)
        time.sleep(0.0005)  # let the bots' thread answer


def _need(condition: bool, problem: str) -> None:
    if not condition:
        raise SelfTestFailure(problem)
