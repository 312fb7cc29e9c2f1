"""Hostile copies of the player's files, made from good ones, seeded.

:func:`mutated` turns the text of a saved file (a kept deal with its variations, a saved
match) into a damaged one, as a hand, a tool or a failing disk would: a word of thousands
of letters, a huge or negative number, a value of the wrong type, a key deleted or written
twice, the file cut short, bytes that are not UTF-8, lists nested thousands deep. The same
seed gives the same files.

:func:`run` opens them the way a player does, in one process (``python -m
tests.helpers.fuzz HOME SEED COUNT``): the finished deals listed, each that can be opened
replayed, the statistics, and the saved match continued from the menu; it prints what it
did, and exits 0 only when every screen stayed up, the files that could not be read were
left as they were and the settings were not touched.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

LONG = 5000

Node = Any


def _paths(node: Node, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON document (a key of an object, an index of a list)."""
    found = [at]
    if isinstance(node, dict):
        for key, value in node.items():
            found += _paths(value, (*at, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += _paths(value, (*at, index))
    return found


def _replace(document: Node, at: tuple[Any, ...], value: Node) -> Node:
    if not at:
        return value
    parent = document
    for step in at[:-1]:
        parent = parent[step]
    parent[at[-1]] = value
    return document


def _get(document: Node, at: tuple[Any, ...]) -> Node:
    for step in at:
        document = document[step]
    return document


def _hostile_value(rng: random.Random, old: Node) -> Node:
    """A value no game wrote, in place of ``old``."""
    choices: list[Node] = [
        "W" * LONG, "é" * LONG, "".join(rng.choice("abcxyz \u0301\ufe0f") for _ in range(LONG)),
        10 ** rng.randrange(20, 400), -(10 ** rng.randrange(2, 30)), -1, 2 ** 63, 1e308,
        -0.5, float("nan") if rng.random() < 0.1 else 3.5,
        None, True, [], {}, "", [old, old], {"x": old},
        "\x00\x01", "\udcff",
    ]
    if isinstance(old, str):
        choices.append(old * 50)
    if isinstance(old, int) and not isinstance(old, bool):
        choices += [old + 1, old - 1, -old, old * 1000]
    return rng.choice(choices)


def _structural(rng: random.Random, document: Node, focus: tuple[str, ...]) -> Node:
    """One change of the document's shape or values; half of them under one of the
    ``focus`` keys (what a file may hold wrong and still be read: its ``meta``, its
    variations), the others anywhere."""
    places = _paths(document)
    focused = [at for at in places if at and at[0] in focus]
    at = rng.choice(focused if focused and rng.random() < 0.5 else places[1:] or places)
    kind = rng.randrange(4)
    if kind == 0 and at:  # a key deleted, an item left out
        parent = _get(document, at[:-1])
        del parent[at[-1]]
        return document
    if kind == 1 and at and isinstance(_get(document, at[:-1]), list):  # an item written twice
        parent = _get(document, at[:-1])
        parent.insert(at[-1], json.loads(json.dumps(parent[at[-1]])))
        return document
    if kind == 2 and at and isinstance(_get(document, at[:-1]), dict):  # a key of a long word
        parent = _get(document, at[:-1])
        parent["K" * LONG] = parent.pop(at[-1])
        return document
    return _replace(document, at, _hostile_value(rng, _get(document, at)))


#: Where a damaged value leaves a saved file readable, so that the screens show it.
FOCUS = ("meta", "variations", "practised", "length")


def mutated(text: str, rng: random.Random) -> bytes:
    """``text`` (a saved file) damaged in one to three ways."""
    kind = rng.random()
    data = text.encode("utf-8")
    if kind < 0.1:  # cut short
        return data[:rng.randrange(len(data))]
    if kind < 0.17:  # bytes that are not UTF-8
        at = rng.randrange(len(data))
        return data[:at] + rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x00"]) + data[at:]
    if kind < 0.22:  # nested deeper than any reader goes
        depth = rng.choice([100, 5000, 100_000])
        at = text.index("[", rng.randrange(len(text) // 2))
        return (text[:at] + "[" * depth + "]" * depth + "," + text[at + 1:]).encode("utf-8")
    if kind < 0.27:  # a key written twice (the second wins in a JSON reader)
        lines = text.splitlines(keepends=True)
        at = rng.randrange(1, len(lines) - 1)
        return "".join([*lines[:at + 1], lines[at] if lines[at].rstrip().endswith(",")
                        else lines[at].rstrip() + ",\n", *lines[at + 1:]]).encode("utf-8")
    document = json.loads(text)
    for _ in range(rng.randrange(1, 4)):
        document = _structural(rng, document, FOCUS)
    return json.dumps(document, ensure_ascii=rng.random() < 0.5).encode("utf-8", "surrogatepass")


# --- the player's way through them --------------------------------------------------------------


def profile_texts() -> tuple[str, str]:
    """A kept deal with two variations and a saved match of three deals and one in play:
    their texts."""
    from engine.actions import Bid
    from engine.deal import Deal
    from engine.match import Match
    from engine.randomplay import random_action
    from engine.rules import load_rules
    from engine.saves import deal_to_text, match_to_text
    from engine.variations import EXPERT, TRY, Variation

    rng = random.Random(4)
    match = Match.new(load_rules(), 4, 11, first_dealer=3)

    def finish(deal: Deal) -> None:
        while not deal.is_over:
            state = deal.state
            deal.execute(state.turn, random_action(state, rng) if state.phase.value
                         != "bidding" else Bid("garde" if not state.bids else None))

    for number in range(3):
        if number:
            match.next_deal()
        finish(match.current)
    deal = match.current
    tries = []
    for kind, at in ((TRY, 12), (EXPERT, 30)):
        start = deal.command_starts()[at]
        other = Deal.from_events(deal.rules, deal.events[:start])
        finish(other)
        tries.append(Variation(f"{kind} {at}", kind, start, other))
    meta = {"names": ["Ana", "Léa", "Hugo", "Chloé"], "date": "2024-05-01T20:15:00",
            "match": "0" * 32, "number": 3, "totals_before": [10, -10, 30, -30],
            "review": {"decisions": 14, "flagged": 2, "cost": 31.5}}
    match.next_deal()
    for _ in range(6):
        state = match.current.state
        match.current.execute(state.turn, random_action(state, rng))
    return (deal_to_text(deal, meta, tries),
            match_to_text(match, {"names": ["Ana", "Léa", "Hugo", "Chloé"],
                                  "bot_level": "simple", "variant": "fft",
                                  "match": "1" * 32, "archived": [0, 1, 2]}))


def _key(app: Any, key: int) -> None:
    import pygame

    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    app.step(1 / 60)


def run(home: Path, seed: int, count: int) -> int:
    from engine.saves import SaveError, load_match
    from game.app import paths
    from game.app.settings import Settings
    from game.app.window import App
    from game.history.reader import history_reader
    from game.menus.deals import FinishedDealsScene
    from game.menus.menu import MenuScene
    from game.menus.statistics import StatsScene
    from game.replay.viewer import ReplayScene
    from game.screens import install
    from game.table.scene import TableScene

    deal_text, match_text = profile_texts()
    rng = random.Random(seed)
    history = paths.history_dir()
    history.mkdir(parents=True)
    (history / "deal-good-001-4p.json").write_text(deal_text, encoding="utf-8")
    damaged = {}
    for number in range(count):
        path = history / f"deal-fuzz{number:04d}-001-4p.json"
        path.write_bytes(mutated(deal_text, rng))
        damaged[path] = path.read_bytes()
    Settings(sound=False, animation_speed="instant", window_size=(1024, 600)).save()
    settings = paths.settings_file().read_bytes()

    install()
    app = App(Settings.load()[0], size=(1024, 600))
    widest = watch_text(app)
    slowest = watch_frames(app)
    menu = MenuScene(app)
    app.push(menu)
    app.step(1 / 60)
    import pygame

    deals = FinishedDealsScene(app)
    app.push(deals)
    history_reader().request()
    history_reader().wait(120)
    app.step(1 / 60)
    replayed = 0
    for index in range(len(deals.shown)):
        deals.selected = index
        app.step(1 / 60)
        _key(app, pygame.K_RETURN)
        if isinstance(app.scene, ReplayScene):
            replayed += 1
            for key in (pygame.K_END, pygame.K_TAB, pygame.K_TAB, pygame.K_HOME):
                _key(app, key)
            _key(app, pygame.K_ESCAPE)
        assert app.scene is deals, app.scene
    stats = StatsScene(app)
    app.push(stats)
    history_reader().wait(120)
    for key in (pygame.K_TAB, pygame.K_TAB, pygame.K_TAB, pygame.K_RIGHT, pygame.K_ESCAPE):
        _key(app, key)
    _key(app, pygame.K_ESCAPE)
    assert app.scene is menu, app.scene
    unreadable = {entry.path for entry in deals.entries if entry.problem}
    for path, before in damaged.items():
        if path in unreadable:
            assert path.read_bytes() == before, f"{path.name}: unreadable, and changed"

    continued = refused = 0
    match_file = paths.current_match_file()
    for _ in range(count):
        match_file.write_bytes(mutated(match_text, rng))
        before = match_file.read_bytes()
        menu.enter()
        app.step(1 / 60)
        if menu.button("continue").enabled:
            menu.continue_match()
            assert isinstance(app.scene, TableScene), app.scene
            continued += 1
            for _ in range(4):
                app.step(1 / 60)
            _key(app, pygame.K_ESCAPE)
            assert app.scene is menu, app.scene
        else:
            refused += 1
            assert match_file.read_bytes() == before, "a saved match not read, and changed"
            try:
                load_match(match_file)
            except SaveError:
                pass
            else:
                raise AssertionError("a saved match that loads, and Continue is off")
    app.close()
    assert paths.settings_file().read_bytes() == settings, "the settings changed"
    print(f"{len(deals.entries)} listed, {replayed} replayed; "
          f"{continued} matches continued, {refused} refused; widest text {widest[0]} px, "
          f"longest frame {slowest[0]:.2f} s")
    assert widest[0] <= app.size[0], "a text wider than the window was drawn"
    assert slowest[0] < SLOWEST_FRAME, "a frame held the window"
    return 0


#: A frame that takes longer froze the window (a file's long word measured letter by letter).
SLOWEST_FRAME = 2.0


def watch_text(app: Any) -> list[int]:
    """The widest text drawn from now on (in a list, kept up to date)."""
    widest = [0]
    font = type(app.assets.font(12))
    drawn = font.render

    def render(self: Any, text: str, *args: Any) -> Any:
        image = drawn(self, text, *args)
        widest[0] = max(widest[0], image.get_width())
        return image

    font.render = render
    return widest


def watch_frames(app: Any) -> list[float]:
    """The longest frame from now on (in a list, kept up to date)."""
    import time

    slowest = [0.0]
    step = app.step

    def timed(dt: float) -> None:
        begin = time.perf_counter()
        step(dt)
        slowest[0] = max(slowest[0], time.perf_counter() - begin)

    app.step = timed
    return slowest


if __name__ == "__main__":
    import os

    os.environ["TAROT_HOME"] = sys.argv[1]
    raise SystemExit(run(Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])))
