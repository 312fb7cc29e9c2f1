"""``python -m game``: the demo plays whole deals and quits by itself on the dummy drivers;
bad arguments are refused on one line with exit status 2."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game import cli
from tests.helpers.paths import HELPERS, RECORDS, ROOT


def run_game(args: list[str], home: Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               TAROT_HOME=str(home))
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout, check=False)


def exit_code(args: list[str]) -> int | str | None:
    try:
        return cli.main(args)
    except SystemExit as stop:  # argparse stops this way
        return stop.code


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_demo_plays_three_deals_and_exits_cleanly(players: int, tmp_path: Path) -> None:
    result = run_game(["--demo", "--deals", "3", "--players", str(players), "--speed", "instant",
                       "--seed", str(40 + players)], tmp_path)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    # the demo leaves the player's files alone: no saved match, no history
    assert not (tmp_path / "data" / "current-match.json").exists()
    assert not (tmp_path / "data" / "history").exists()


def test_the_demo_takes_screenshots_when_asked(tmp_path: Path) -> None:
    shots = tmp_path / "shots"
    result = run_game(["--demo", "--deals", "1", "--players", "4", "--speed", "instant",
                       "--seed", "3", "--size", "1024x600", "--screenshot-dir", str(shots)],
                      tmp_path)
    assert result.returncode == 0, result.stderr
    names = sorted(p.name for p in shots.glob("*.png"))
    assert any("playing" in name for name in names), names
    assert any("finished" in name for name in names), names


def test_a_bad_variant_is_refused_on_one_line(tmp_path: Path) -> None:
    result = run_game(["--variant", "nope"], tmp_path, timeout=60)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "nope" in lines[0] and "fft" in lines[0]
    assert result.stdout == ""


@pytest.mark.parametrize("args", [["--players", "6"], ["--size", "big"], ["--deals", "0"],
                                  ["--level", "genius"], ["--speed", "warp"], ["--lang", "de"]])
def test_bad_arguments_exit_2_with_one_line(args: list[str], capsys: pytest.CaptureFixture[str]
                                            ) -> None:
    assert exit_code(args) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("tarot: error:")


def test_a_broken_rules_file_is_refused_on_one_line(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    import engine.rules

    bad = tmp_path / "rules.yaml"
    monkeypatch.setattr(engine.rules, "default_rules_path", lambda: bad)
    monkeypatch.setenv("TAROT_HOME", str(tmp_path))
    for text, words in (("rules:\n  targets: [1, 2\n", "YAML"),
                        ("rules:\n  targets: [1, 2]\x01\n", "control character U+0001")):
        bad.write_text(text, encoding="utf-8")
        assert exit_code(["--demo"]) == 2
        lines = capsys.readouterr().err.strip().splitlines()
        assert len(lines) == 1
        assert "rules.yaml" in lines[0] and words in lines[0], lines[0]


def test_window_size_parsing() -> None:
    assert cli.window_size("1280x720") == (1280, 720)
    assert cli.window_size("1024X600") == (1024, 600)
    with pytest.raises(Exception, match="WIDTHxHEIGHT"):
        cli.window_size("1280")


class SleepyBot:
    """A bot that thinks for a long time (and then gives up)."""

    name = "sleepy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def decide(self, view: object, stop: object = None) -> object:
        time.sleep(10)
        raise RuntimeError("too slow")


def test_closing_the_window_quits_at_once_while_a_bot_thinks(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import pygame

    from engine.ai import registry
    from game.match import session

    monkeypatch.setenv("TAROT_HOME", str(tmp_path))
    monkeypatch.setitem(registry.BOTS, "sleepy", SleepyBot)  # a level the command line accepts
    # the table's bots think in worker processes, which build them from a path they can import
    real = session.make_controller
    pondering = str(HELPERS / "thinking_bots.py") + ":Pondering"

    def pondering_bots(match: object, bot_level: str, *args: object) -> object:
        return real(match, pondering if bot_level == "sleepy" else bot_level, *args)

    monkeypatch.setattr(session, "make_controller", pondering_bots)
    frames = {"count": 0}
    original = cli.Driver.__call__

    def close_soon(self: cli.Driver, app: object) -> None:
        original(self, app)
        frames["count"] += 1
        if frames["count"] == 30:  # by now a bot is thinking
            assert self.controller is not None and self.controller.is_thinking()
            pygame.event.post(pygame.event.Event(pygame.QUIT))

    monkeypatch.setattr(cli.Driver, "__call__", close_soon)
    start = time.monotonic()
    assert cli.main(["--demo", "--level", "sleepy", "--speed", "instant"]) == 0
    assert time.monotonic() - start < 8
    assert frames["count"] >= 30


def test_command_line_choices_are_not_saved_as_settings(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from game.app.settings import Settings

    monkeypatch.setenv("TAROT_HOME", str(tmp_path))
    Settings(language="en", animation_speed="slow", window_size=(1280, 720)).save()
    assert cli.main(["--demo", "--deals", "1", "--players", "3", "--lang", "fr",
                     "--speed", "instant", "--size", "1024x600", "--seed", "8"]) == 0
    saved, problems = Settings.load()
    assert not problems
    assert (saved.language, saved.animation_speed, saved.window_size, saved.players) == (
        "en", "slow", (1280, 720), 4)


# --- tarot replay FILE ------------------------------------------------------------------------



def no_window(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make opening a window fail the test."""
    from game.app.window import App

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("a window was opened")

    monkeypatch.setattr(App, "__init__", refuse)


def unfinished_match(seed: int = 11) -> object:
    import random

    from engine.match import Match
    from engine.randomplay import random_action
    from engine.rules import load_rules

    match = Match.new(load_rules(), 4, seed)
    rng = random.Random(seed)
    while True:  # a deal in play, a few decisions taken
        deal = match.current
        while not deal.is_over and len(deal.events) < 12:
            deal.execute(deal.state.turn, random_action(deal.state, rng))
        if not deal.is_over:
            return match
        match.next_deal()


def bad_replay_file(kind: str, folder: Path) -> Path:
    path = folder / f"{kind}.json"
    if kind == "folder":
        path.mkdir()
    elif kind == "empty":
        path.write_bytes(b"")
    elif kind == "binary":
        path.write_bytes(bytes(range(256)) * 4)
    elif kind == "unfinished":
        path.write_bytes((RECORDS / "three_players_unfinished.yaml").read_bytes())
    elif kind == "rules":
        path.write_bytes((ROOT / "rules.yaml").read_bytes())
    elif kind == "control":  # a record with a stray escape byte, as a terminal paste may leave
        text = (RECORDS / "four_players_garde.yaml").read_text(encoding="utf-8")
        path.write_text(text.replace("players:", "\x1bplayers:", 1), encoding="utf-8")
    elif kind == "truncated":
        from engine.saves import save_match

        save_match(unfinished_match(), path)  # type: ignore[arg-type]
        path.write_bytes(path.read_bytes()[:-50])
    return path


@pytest.mark.parametrize(("kind", "expected"), [
    ("missing", "no such file"), ("folder", "is a folder"), ("empty", "the file is empty"),
    ("binary", "binary data"), ("unfinished", "the deal is not finished"),
    ("rules", "'tarot-rules' file"), ("truncated", "truncated"),
    ("control", "the control character U+001B is not allowed"),
])
def test_replay_refuses_a_bad_file_before_any_window(
        kind: str, expected: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("TAROT_HOME", str(tmp_path / "home"))
    path = bad_replay_file(kind, tmp_path)
    before = path.read_bytes() if path.is_file() else None
    no_window(monkeypatch)
    assert exit_code(["replay", str(path), "--speed", "instant"]) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    assert lines[0].startswith(f"tarot: {path}: ") and expected in lines[0], lines[0]
    assert captured.out == ""
    assert (path.read_bytes() if path.is_file() else None) == before
    assert not (tmp_path / "home").exists()  # nothing written for the player either


def test_python_m_game_replay_names_a_missing_file(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.json"
    result = run_game(["replay", str(missing)], tmp_path, timeout=60)
    assert result.returncode == 2
    assert result.stderr.strip() == f"tarot: {missing}: no such file"
    assert result.stdout == ""


@pytest.mark.parametrize(("args", "start"), [
    (["replay"], "tarot replay: error:"),
    (["replay", "a.json", "--deals", "2"], "tarot replay: error:"),
    (["replay", "a.json", "--size", "tiny"], "tarot replay: error:"),
    (["--lang", "fr", "replay", "a.json"], "tarot: error: replay comes first"),
    (["play"], "tarot: error: unrecognized arguments: play"),
])
def test_replay_arguments(args: list[str], start: str, monkeypatch: pytest.MonkeyPatch,
                          capsys: pytest.CaptureFixture[str]) -> None:
    no_window(monkeypatch)
    assert exit_code(args) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(start), lines


def replay_files(folder: Path) -> list[Path]:
    import random

    from engine.match import Match
    from engine.randomplay import random_action
    from engine.rules import load_rules
    from engine.saves import save_match
    from engine.state import Phase

    record = folder / "garde.yaml"
    record.write_bytes((RECORDS / "four_players_garde.yaml").read_bytes())
    match = Match.new(load_rules(), 3, 5)
    rng = random.Random(5)
    while True:
        deal = match.current
        while not deal.is_over:
            deal.execute(deal.state.turn, random_action(deal.state, rng))
        if deal.state.phase is Phase.FINISHED:
            break
        match.next_deal()
    saved = folder / "current-match.json"
    save_match(match, saved, {"names": ["Ana", "Léa", "Hugo"]})
    return [record, saved]


def test_the_replay_viewer_opens_on_the_file_and_esc_closes_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    replay_scene = pytest.importorskip("game.replay.viewer")
    import pygame

    from game.app.settings import Settings

    monkeypatch.setenv("TAROT_HOME", str(tmp_path / "home"))
    Settings(language="en", animation_speed="slow").save()
    for path in replay_files(tmp_path):
        before = path.read_bytes()
        seen: dict[str, object] = {"frames": 0}

        def watch(self: cli.Driver, app: object, seen: dict[str, object] = seen) -> None:
            frames = seen["frames"] = int(seen["frames"]) + 1  # type: ignore[call-overload]
            scenes = list(app.scenes)  # type: ignore[attr-defined]
            if frames == 5:
                seen["scenes"] = [type(s).__module__ for s in scenes]
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE,
                                                     mod=0, unicode="\x1b", scancode=41))
            if frames == 600:  # the viewer did not close: stop anyway, the test fails below
                pygame.event.post(pygame.event.Event(pygame.QUIT))

        monkeypatch.setattr(cli.Driver, "__call__", watch)
        assert cli.main(["replay", str(path), "--lang", "fr", "--speed", "instant",
                         "--size", "1024x600"]) == 0
        assert seen["scenes"] == [replay_scene.__name__], seen
        assert int(seen["frames"]) < 600, "Esc did not close the viewer"  # type: ignore[call-overload]
        assert path.read_bytes() == before
    saved, _ = Settings.load()
    assert (saved.language, saved.animation_speed) == ("en", "slow")


# --- tarot --continue and --autoplay ------------------------------------------------------------


def test_continue_without_a_saved_match(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("TAROT_HOME", str(tmp_path))
    no_window(monkeypatch)
    assert exit_code(["--continue"]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert lines == [f"tarot: there is no saved match to continue "
                     f"({tmp_path / 'data' / 'current-match.json'} does not exist)"]
    assert not (tmp_path / "data").exists()


def test_continue_with_a_damaged_save_leaves_it_alone(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    from engine.saves import save_match
    from game.app import paths

    monkeypatch.setenv("TAROT_HOME", str(tmp_path))
    file = paths.current_match_file()
    save_match(unfinished_match(), file)  # type: ignore[arg-type]
    damaged = file.read_bytes()[:-40]
    file.write_bytes(damaged)
    stamp = file.stat().st_mtime_ns
    no_window(monkeypatch)
    assert exit_code(["--continue", "--speed", "instant"]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"tarot: {file}: the file is truncated")
    assert file.read_bytes() == damaged and file.stat().st_mtime_ns == stamp
    assert sorted(p.name for p in file.parent.iterdir()) == ["current-match.json"]


@pytest.mark.parametrize("args", [["--continue", "--demo"], ["--demo", "--autoplay"],
                                  ["--continue", "--seed", "3"],
                                  ["--continue", "--players", "3", "--variant", "fft"]])
def test_continue_and_autoplay_refuse_what_does_not_fit(
        args: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("TAROT_HOME", str(tmp_path))
    no_window(monkeypatch)
    assert exit_code(args) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("tarot: error: --"), lines


def test_continue_opens_the_saved_match_on_the_table_over_the_menu(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import pygame

    from engine.saves import load_match, save_match
    from game.app import paths
    from game.menus.menu import MenuScene
    from game.table.scene import TableScene

    monkeypatch.setenv("TAROT_HOME", str(tmp_path))
    match = unfinished_match()
    meta = {"names": ["Ana", "Léa", "Hugo", "Chloé"], "bot_level": "random", "variant": "fft"}
    save_match(match, paths.current_match_file(), meta)
    saved_log = match.events()  # type: ignore[attr-defined]
    seen: dict[str, object] = {}
    frames = {"count": 0}

    def watch(self: cli.Driver, app: object) -> None:
        frames["count"] += 1
        scenes = list(app.scenes)  # type: ignore[attr-defined]
        if frames["count"] == 1:
            table = scenes[-1]
            seen["stack"] = [type(s) for s in scenes]
            seen["log"] = list(table.player.match.events())
            seen["human"] = table.player.human_seat
            seen["bots"] = {bot.name for bot in table.player.bots.values()}
            table.leave_table()  # leaving the table lands on the menu, as after Continue
        elif frames["count"] == 2:
            seen["after"] = type(app.scene)  # type: ignore[attr-defined]
            pygame.event.post(pygame.event.Event(pygame.QUIT))

    monkeypatch.setattr(cli.Driver, "__call__", watch)
    assert cli.main(["--continue", "--speed", "instant"]) == 0
    assert seen["stack"] == [MenuScene, TableScene]
    assert seen["log"][:len(saved_log)] == saved_log  # type: ignore[index]
    assert seen["human"] == 0 and seen["bots"] == {"random"}
    assert seen["after"] is MenuScene
    resumed, kept = load_match(paths.current_match_file())
    assert resumed.events()[:len(saved_log)] == saved_log
    assert kept["names"] == meta["names"]


@pytest.mark.slow
def test_autoplay_saves_the_match_like_a_normal_game(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from engine.saves import load_deal, load_match

    result = run_game(["--autoplay", "--deals", "1", "--players", "3", "--speed", "instant",
                       "--seed", "12"], tmp_path)
    assert result.returncode == 0, result.stderr
    match, meta = load_match(tmp_path / "data" / "current-match.json")
    assert meta["names"][0] == "You" and match.players == 3 and match.seed == 12
    assert any(d.result is not None for d in match.deals)
    history = list((tmp_path / "data" / "history").glob("*.json"))
    assert history and all(load_deal(p)[0].is_over for p in history)
    # marked as played by the computer, in the history and out of the statistics
    assert all(load_deal(p)[1].get("autoplay") is True for p in history)
    from game.history.archive import list_deals, record_header
    from game.history.stats import compute_stats

    monkeypatch.setenv("TAROT_HOME", str(tmp_path))
    entries = list_deals()
    assert entries and all(e.autoplay for e in entries)
    assert "--autoplay" in record_header(entries[0])
    stats = compute_stats(entries)
    assert stats[3].deals == 0 and stats.autoplay == len(entries)
    # another --autoplay puts this match aside before it starts its own
    before = (tmp_path / "data" / "current-match.json").read_bytes()
    other = run_game(["--autoplay", "--deals", "1", "--players", "3", "--speed", "instant",
                      "--seed", "13"], tmp_path)
    assert other.returncode == 0, other.stderr
    assert (tmp_path / "data" / "current-match.replaced.json").read_bytes() == before
    (tmp_path / "data" / "current-match.replaced.json").replace(
        tmp_path / "data" / "current-match.json")  # and the player can take it back
    # and --continue --autoplay takes it up and plays on to the end of another deal
    again = run_game(["--continue", "--autoplay", "--deals", "1", "--speed", "instant"],
                     tmp_path)
    assert again.returncode == 0, again.stderr
    later, _ = load_match(tmp_path / "data" / "current-match.json")
    assert later.count >= match.count and later.played_to_the_end > match.played_to_the_end
    for number in range(later.first, match.count):  # what it still holds in full, as it was
        if match.deal(number).is_over:
            assert later.deal(number).events == match.deal(number).events
    over = match.count if match.current.is_over else match.count - 1
    assert later.totals_before(over) == match.totals_before(over)


# --- self-test, version, start-up ----------------------------------------------------------------


def test_selftest_plays_a_deal_for_each_player_count_and_says_so(capsys):
    from game.cli import main

    assert main(["--selftest"]) == 0
    line = capsys.readouterr().out.strip()
    assert line.startswith("selftest ok: 180 card faces")
    for players in (3, 4, 5):
        assert f"{players}p deal" in line
    assert len(line.splitlines()) == 1


def test_selftest_names_what_is_missing(tmp_path, monkeypatch, capsys):
    import shutil

    import engine.resources
    from game import selftest

    root = tmp_path / "bundle"
    for part in ("sprites", "sounds"):
        shutil.copytree(ROOT / part, root / part)
    shutil.copy(ROOT / "rules.yaml", root / "rules.yaml")
    (root / "sounds" / "trick.wav").unlink()
    monkeypatch.setattr(engine.resources, "project_root", lambda: root)
    assert selftest.run() == 1
    assert capsys.readouterr().out.strip() == "selftest FAILED: sound trick.wav is missing"


def test_version_comes_from_pyproject(capsys, tmp_path, monkeypatch):
    import tomllib

    from game.cli import main

    monkeypatch.setenv("TAROT_HOME", str(tmp_path))
    assert main(["--version"]) == 0
    expected = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert capsys.readouterr().out.strip() == f"tarot {expected}"
    # a build without a terminal (Windows, macOS) still leaves the answer in its log
    assert f"tarot {expected}" in (tmp_path / "logs" / "tarot.log").read_text()


def test_help_lists_every_level(capsys):
    from engine.ai import BOTS
    from game.cli import main

    with pytest.raises(SystemExit):
        main(["--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert f"the bots' level: {', '.join(BOTS)}" in text
    assert "expert" in BOTS


@pytest.mark.skipif(sys.platform != "linux", reason="ALSA is the Linux sound system")
def test_no_sound_card_is_quiet_and_said_once_in_the_log(tmp_path):
    """With an audio driver that finds no device, nothing reaches the terminal; the log
    says once that the game plays silently."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="alsa",
               TAROT_HOME=str(tmp_path), ALSA_CONFIG_PATH=str(tmp_path / "no-alsa.conf"))
    (tmp_path / "no-alsa.conf").write_text("")  # ALSA with no card at all, however it is built
    result = subprocess.run([sys.executable, "-m", "game", "--first-frame"], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stderr == "" and result.stdout == ""
    log = (tmp_path / "logs" / "tarot.log").read_text()
    assert log.count("plays silently") == 1, log


def test_first_frame_opens_the_window_and_quits(tmp_path):
    result = run_game(["--first-frame"], tmp_path, timeout=60)
    assert result.returncode == 0, result.stderr
    assert not (tmp_path / "data" / "current-match.json").exists()


# --- the command line in the player's language ---------------------------------------------------


@pytest.mark.parametrize(("kind", "expected"), [
    ("missing", "fichier introuvable"), ("folder", "c'est un dossier"),
    ("empty", "le fichier est vide"), ("binary", "ni un relevé de donne"),
    ("unfinished", "la donne n'est pas finie"), ("rules", "un fichier 'tarot-rules', qui n'est"),
    ("truncated", "le fichier est tronqué"),
])
def test_replay_refuses_a_bad_file_in_french(
        kind: str, expected: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("TAROT_HOME", str(tmp_path / "home"))
    path = bad_replay_file(kind, tmp_path)
    no_window(monkeypatch)
    assert exit_code(["replay", str(path), "--lang", "fr"]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"tarot : {path} : "), lines
    assert expected in lines[0], lines[0]


def _french_settings(home: Path) -> None:
    from game.app.settings import Settings

    (home / "config").mkdir(parents=True, exist_ok=True)
    Settings(language="fr").save()


def test_continue_speaks_the_language_of_the_settings(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """A damaged saved match, a missing one, options that do not fit: in French when the
    player chose French, each on one line."""
    import json

    from engine.saves import save_match
    from game.app import paths

    monkeypatch.setenv("TAROT_HOME", str(tmp_path))
    _french_settings(tmp_path)
    no_window(monkeypatch)
    file = paths.current_match_file()
    assert exit_code(["--continue"]) == 2
    assert capsys.readouterr().err.strip() == (
        f"tarot : il n'y a pas de partie enregistrée à reprendre ({file} n'existe pas)")
    save_match(unfinished_match(), file)  # type: ignore[arg-type]
    data = json.loads(file.read_text(encoding="utf-8"))
    log = data["deals"][0]
    play = next(i for i, e in enumerate(log) if e["event"] == "bid_made")
    log[play]["seat"] = (log[play]["seat"] + 1) % data["players"]
    file.write_text(json.dumps(data), encoding="utf-8")
    assert exit_code(["--continue", "--speed", "instant"]) == 2
    line = capsys.readouterr().err.strip()
    assert line.startswith(f"tarot : {file} : fichier endommagé : deals[0][{play}] : "
                           "c'est au tour du siège "), line
    assert exit_code(["--continue", "--seed", "3"]) == 2
    assert capsys.readouterr().err.strip() == (
        "tarot : erreur : --continue reprend la partie enregistrée telle quelle ; impossible de "
        "la changer avec --seed")
    assert exit_code(["--variant", "nope"]) == 2
    assert capsys.readouterr().err.strip().startswith(
        "tarot : erreur : variante inconnue 'nope' (connues : fft")


def test_the_bots_workers_start_in_the_background_after_the_first_frame(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The main menu asks no bot, but a table, a hint, the replay's analysis or the challenge
    will: the game's thinker is started on a thread once the first frame is up, so that the
    first of them finds it running rather than spawning its workers in its own frame."""
    import threading

    import pygame

    import game.app.thinking as thinking

    monkeypatch.setenv("TAROT_HOME", str(tmp_path / "home"))
    started: list[tuple[str, int]] = []
    frames = {"count": 0}

    class Recording:
        closed = False

        def __init__(self, workers: int, nice: int) -> None:
            started.append((threading.current_thread().name, frames["count"]))

        def shutdown(self) -> None:
            self.closed = True

    def watch(self: cli.Driver, app: object) -> None:
        frames["count"] += 1
        if frames["count"] == 1:
            assert started == [], "started before the first frame was up"
        if started or frames["count"] == 600:
            pygame.event.post(pygame.event.Event(pygame.QUIT))

    monkeypatch.setattr(thinking, "Thinker", Recording)
    monkeypatch.setattr(thinking, "_thinker", None)
    monkeypatch.setattr(cli.Driver, "__call__", watch)
    assert cli.main(["--speed", "instant", "--size", "1024x600"]) == 0
    assert len(started) == 1, started
    name, frame = started[0]
    assert name == "tarot-thinker-start" and frame >= 1
    assert thinking._thinker is None  # closed with the window
    started.clear()
    monkeypatch.undo()
    monkeypatch.setenv("TAROT_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(thinking, "Thinker", Recording)
    assert cli.main(["--first-frame", "--size", "1024x600"]) == 0
    assert started == [], "the start-up timing would wait for workers nobody asked for"


# --- the log file --------------------------------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_a_pipe_in_place_of_the_log_file_is_skipped_not_waited_on(tmp_path: Path) -> None:
    (tmp_path / "logs").mkdir()
    os.mkfifo(tmp_path / "logs" / "tarot.log")
    result = run_game(["--version"], tmp_path, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "is not a regular file" in result.stderr


def test_an_error_that_stops_the_game_leaves_its_traceback_in_the_log(tmp_path: Path) -> None:
    """A build without a terminal has only the log to tell what went wrong."""
    code = ("import sys; from game import cli; cli._start_logging(); "
            "raise RuntimeError('the table fell over')")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               TAROT_HOME=str(tmp_path))
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 1
    assert result.stderr.count("RuntimeError: the table fell over") == 1, result.stderr
    log = (tmp_path / "logs" / "tarot.log").read_text()
    assert "the game stopped on an error" in log
    assert "Traceback" in log and "RuntimeError: the table fell over" in log
