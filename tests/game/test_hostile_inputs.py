"""Files, disks and windows that try to break the game: every one is refused in one line
that names it, nothing crashes or hangs, and nothing already saved changes.

Each class of trouble is tried where a player meets it: the game's own start (its menu must
open), ``tarot --continue`` and ``tarot replay`` (one line, exit status 2, before any
window), the history list, and ``python -m engine score`` (one line, exit status 2).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from engine.actions import Bid
from engine.match import Match
from engine.randomplay import random_action
from engine.rules import load_rules
from engine.saves import SaveError, load_match, save_match
from game.app import paths
from game.app.settings import Settings
from tests.helpers.apps import open_app, shut
from tests.helpers.paths import RECORDS, ROOT

HUGE_NUMBER = "9" * 5000
DEEP = "[" * 50_000 + "]" * 50_000
RECORD = (RECORDS / "four_players_garde.yaml").read_text(encoding="utf-8")


def run(module: str, args: list[str], home: Path, stdin: object = None,
        timeout: float = 60) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               TAROT_HOME=str(home))
    return subprocess.run([sys.executable, "-m", module, *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout, check=False,
                          stdin=stdin)  # type: ignore[arg-type]


def one_line(result: subprocess.CompletedProcess[str]) -> str:
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    return lines[0]


def a_match(players: int = 4, actions: int = 9, seed: int = 11) -> Match:
    match = Match.new(load_rules(), players, seed)
    rng = random.Random(seed)
    deal = match.current
    for _ in range(actions):
        deal.execute(deal.state.turn, random_action(deal.state, rng))
    return match


def saved_match_text(home: Path, edit: dict[str, object] | None = None) -> Path:
    file = paths.current_match_file()
    save_match(a_match(), file, {"names": ["Ana", "Léa", "Hugo", "Chloé"]})
    if edit is not None:
        document = json.loads(file.read_text(encoding="utf-8"))
        document.update(edit)
        file.write_text(json.dumps(document), encoding="utf-8")
    return file


# --- settings that would crash the start ------------------------------------------------------


@pytest.mark.parametrize("text", [
    '{"players": ' + HUGE_NUMBER + "}",
    DEEP,
    '{"player_name": "Ana\\u0000Bob", "players": 4}',
    "\udcff".encode("utf-8", "surrogatepass").decode("latin-1"),
])
def test_damaged_settings_never_stop_the_game(home: Path, text: str) -> None:
    file = paths.settings_file()
    file.parent.mkdir(parents=True)
    file.write_text(text, encoding="utf-8", errors="surrogatepass")
    before = file.read_bytes()
    settings, problems = Settings.load()
    assert "\0" not in settings.player_name
    assert all(len(p) < 200 for p in problems)
    result = run("game", ["--first-frame"], home)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    assert file.read_bytes() == before


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_fifo_or_dev_zero_in_place_of_the_settings_does_not_freeze_the_game(
        home: Path) -> None:
    file = paths.settings_file()
    file.parent.mkdir(parents=True)
    os.mkfifo(file)
    _, problems = Settings.load()
    assert problems and "is a FIFO" in problems[0]
    assert run("game", ["--first-frame"], home, timeout=30).returncode == 0
    file.unlink()
    file.symlink_to("/dev/zero")
    _, problems = Settings.load()
    assert problems and "is a device" in problems[0]
    assert run("game", ["--first-frame"], home, timeout=30).returncode == 0


def test_every_bad_setting_is_logged_and_the_menu_tells_a_few(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ten bad values: each is named in the log (and on the terminal); the menu's notice
    names three and says how many more, and stays inside the window."""
    import json

    import game.app.widgets as widgets
    from game import cli
    from game.menus.menu import MenuScene

    bad = {"bot_level": "grandmaster", "variant": "nope", "language": "xx", "players": 9,
           "sound": "loud", "card_back": "gold", "animation_speed": "warp",
           "trick_pause": 99, "unknown_a": 1, "unknown_b": 2}
    file = paths.settings_file()
    file.parent.mkdir(parents=True)
    file.write_text(json.dumps(bad), encoding="utf-8")
    settings, problems = Settings.load()
    assert (settings.bot_level, settings.variant) == ("simple", "fft")
    assert len(problems) == 10
    result = run("game", ["--first-frame"], home)
    assert result.returncode == 0, result.stderr
    assert result.stderr.count("ignored") == 10, result.stderr
    log = (home / "logs" / "tarot.log").read_text(encoding="utf-8")
    assert "bot_level = 'grandmaster' ignored" in log and "unknown setting 'unknown_b'" in log

    notices: list[str] = []
    real_init = MenuScene.__init__

    def seen(self, app, seed=None, notice="", presets=None):  # type: ignore[no-untyped-def]
        notices.append(notice)
        real_init(self, app, seed, notice, presets)

    monkeypatch.setattr(MenuScene, "__init__", seen)
    panels: list[pygame.Rect] = []
    real_panel = widgets.draw_panel
    monkeypatch.setattr(widgets, "draw_panel", lambda surface, rect, *rest: (
        panels.append(rect.copy()), real_panel(surface, rect, *rest))[1])
    monkeypatch.setattr(cli, "_version", lambda: "test")
    assert cli.main(["--first-frame", "--size", "1024x600"]) == 0
    notice = notices[0].splitlines()
    assert len(notice) == 4 and "7 more problems" in notice[3], notice
    assert panels and all(pygame.Rect(0, 0, 1024, 600).contains(r) for r in panels)


def test_a_window_size_too_large_for_the_screen_is_fitted_to_it(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A settings file from a larger screen (or edited by hand) opens a window the screen
    can hold, of the same shape; a size asked for on the command line is kept."""
    import game.app.window as window

    file = paths.settings_file()
    file.parent.mkdir(parents=True)
    file.write_text('{"window_size": [8192, 4608]}', encoding="utf-8")
    settings, problems = Settings.load()
    assert settings.window_size == (8192, 4608) and not problems
    monkeypatch.setattr(window, "_desktop", lambda: (1366, 768))
    app = window.App(settings)
    try:
        assert app.size == (1228, 691)  # 8192x4608 made 0.15 as large: the same shape
    finally:
        app.close()
    app = window.App(settings, size=(1600, 900))
    try:
        assert app.size == (1600, 900)
    finally:
        app.close()


# --- a saved match that would crash Continue --------------------------------------------------


@pytest.mark.parametrize("edit", [
    {"seed": 10 ** 4000}, {"deals": []}, {"meta": json.loads("[" * 10 + "]" * 10)},
])
def test_a_damaged_saved_match_is_refused_in_one_line(home: Path, edit: dict) -> None:
    file = saved_match_text(home, edit)
    before = file.read_bytes()
    with pytest.raises(SaveError):
        load_match(file)
    result = run("game", ["--continue"], home)
    assert result.returncode == 2
    assert one_line(result).startswith(f"tarot: {file}:")
    assert file.read_bytes() == before


def test_a_saved_match_with_a_huge_number_or_deep_nesting(home: Path) -> None:
    file = paths.current_match_file()
    file.parent.mkdir(parents=True)
    for text in ('{"format": "tarot-match", "seed": ' + HUGE_NUMBER + "}", DEEP):
        file.write_text(text, encoding="utf-8")
        with pytest.raises(SaveError, match=r"cannot be read|nested too deeply"):
            load_match(file)
        result = run("game", ["replay", str(file)], home)
        assert result.returncode == 2 and one_line(result).startswith(f"tarot: {file}:")


def test_a_nul_in_a_players_name_is_dropped_everywhere(home: Path) -> None:
    saved_match_text(home, {"meta": {"names": ["An\0a", "Léa", "Hu\0go", "Chloé"]}})
    from game.match.session import read_saved_match

    saved = read_saved_match()
    assert saved.names[:3] == ["Ana", "Léa", "Hugo"]
    result = run("game", ["--continue", "--autoplay", "--deals", "1", "--speed", "instant"],
                 home, timeout=120)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr


def test_continue_with_a_history_folder_that_is_not_a_folder(home: Path) -> None:
    saved_match_text(home)
    paths.history_dir().parent.mkdir(parents=True, exist_ok=True)
    paths.history_dir().write_text("not a folder", encoding="utf-8")
    result = run("game", ["--continue", "--autoplay", "--deals", "1", "--speed", "instant"],
                 home, timeout=120)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    warnings = [line for line in result.stderr.splitlines() if "could not save" in line]
    assert len(warnings) == 1, result.stderr  # said once, not at every move


def test_continue_keeps_the_players_own_name_in_the_settings(home: Path) -> None:
    Settings(player_name="Zoé").save()
    before = paths.settings_file().read_bytes()
    saved_match_text(home, {"meta": {"names": ["Ana", "Léa", "Hugo", "Chloé"]}})
    result = run("game", ["--continue", "--autoplay", "--deals", "1", "--speed", "instant"],
                 home, timeout=120)
    assert result.returncode == 0, result.stderr
    assert paths.settings_file().read_bytes() == before


def test_unusable_meta_of_a_saved_match_is_said_when_it_is_replaced(home: Path) -> None:
    saved_match_text(home, {"meta": {"names": [1, 2, 3, 4], "bot_level": "godlike",
                                     "match": "../../etc"}})
    result = run("game", ["--continue", "--autoplay", "--deals", "1", "--speed", "instant"],
                 home, timeout=120)
    assert result.returncode == 0, result.stderr
    for key in ("names", "bot_level", "match"):
        assert f"the saved match's {key} could not be used" in result.stderr, result.stderr
    meta = json.loads(paths.current_match_file().read_text(encoding="utf-8"))["meta"]
    assert meta["bot_level"] == "simple" and all(isinstance(n, str) for n in meta["names"])


# --- engine score on hostile records ----------------------------------------------------------


@pytest.mark.parametrize("record, message", [
    ("players: " + HUGE_NUMBER + "\n", "cannot be read"),
    (RECORD.replace("play:", "play: [KH]\nplay:", 1), "duplicate key 'play'"),
    (RECORD.replace("hands:\n", "hands:\n", 1).replace("KS", "Kſ", 1), "unknown card 'Kſ'"),
    (RECORD.replace("dog:", "d\x01og:", 1), "control character U+0001 is not allowed"),
])
def test_engine_score_refuses_in_one_line(tmp_path: Path, record: str, message: str) -> None:
    path = tmp_path / "record.yaml"
    path.write_text(record, encoding="utf-8")
    result = run("engine", ["score", str(path)], tmp_path)
    assert result.returncode == 2 and message in one_line(result), result.stderr


def test_engine_score_reads_tabs_after_commas_in_a_flow_list(tmp_path: Path) -> None:
    path = tmp_path / "record.yaml"
    path.write_text(RECORD.replace("dog: [", "dog: [\t").replace(", ", ",\t"), encoding="utf-8")
    assert "\t" in path.read_text(encoding="utf-8")
    result = run("engine", ["score", str(path)], tmp_path)
    assert result.returncode == 0, result.stderr


def test_engine_score_never_reads_an_endless_input(tmp_path: Path) -> None:
    with open("/dev/zero", "rb") as zero:
        result = run("engine", ["score", "-"], tmp_path, stdin=zero, timeout=30)
    assert result.returncode == 2 and "more than the 1.0 MB" in one_line(result)
    result = run("engine", ["score", "/dev/zero"], tmp_path, timeout=30)
    assert result.returncode == 2 and "is a device" in one_line(result)


def test_engine_score_refuses_a_rules_file_that_would_explode(tmp_path: Path) -> None:
    bundled = (ROOT / "rules.yaml").read_text(encoding="utf-8")
    levels = ["z0: &z0 [x, x, x, x, x, x, x, x, x]"]
    levels += [f"z{i}: &z{i} [" + ", ".join([f"*z{i - 1}"] * 9) + "]" for i in range(1, 10)]
    rules = tmp_path / "rules.yaml"
    rules.write_text(bundled + "\n".join(levels) + "\n", encoding="utf-8")
    record = tmp_path / "record.yaml"
    record.write_text(RECORD, encoding="utf-8")
    result = run("engine", ["score", "--rules", str(rules), str(record)], tmp_path, timeout=30)
    line = one_line(result)
    assert result.returncode == 2 and "too large once expanded" in line and len(line) < 300


# --- a deal is one deal, however often it is written --------------------------------------------


def finish(match: Match, rng: random.Random) -> None:
    deal = match.current
    while not deal.is_over:
        state = deal.state
        deal.execute(state.turn, random_action(state, rng) if state.phase.value != "bidding"
                     else Bid("garde" if len(state.bids) == 0 else None))


def test_a_deal_written_twice_is_one_history_entry_and_counts_once(home: Path) -> None:
    from game.history.archive import list_deals
    from game.history.stats import compute_stats
    from game.match.autosave import Autosave

    match = Match.new(load_rules(), 4, seed=3, first_dealer=3)
    save = Autosave({"names": ["A", "B", "C", "D"], "variant": "fft"}, match)
    finish(match, random.Random(3))
    save(match)
    first = sorted(paths.history_dir().glob("*.json"))
    again = Autosave(dict(save.meta), match)  # a resume that finds the deal over
    again.archive(match.current, 0)  # written once more, as after a crash between saves
    assert sorted(paths.history_dir().glob("*.json")) == first
    copy = first[0].with_name("copy-of-the-deal-4p.json")  # and a copy made by hand
    copy.write_bytes(first[0].read_bytes())
    assert len(list_deals()) == 2
    assert compute_stats(list_deals())[4].deals == 1


def test_a_kill_between_the_deal_and_the_match_leaves_one_history_entry(home: Path) -> None:
    """The real game, killed by SIGKILL the moment it has written a finished deal to the
    history and not yet the match: resumed, it finishes the deal again into the same entry."""
    wrapper = home / "killed.py"
    wrapper.write_text(f"""
import os, signal, sys
sys.path.insert(0, {str(ROOT)!r})
import engine.saves as saves
armed = []
def save_deal(deal, path, meta=None, variations=()):
    saves.write_atomic(path, saves.deal_to_text(deal, meta, variations))
    armed.append(path)
def write_match(path, text):  # the match file, written behind by the autosave's writer
    if armed:
        os.kill(os.getpid(), signal.SIGKILL)  # between the two writes
    saves.write_atomic(path, text)
if __name__ == "__main__":  # not in the bots' worker processes, which import this file
    import game.match.autosave as autosave
    import game.match.writer as writer
    autosave.save_deal, writer.write_atomic = save_deal, write_match
    from game.cli import main
    sys.exit(main(sys.argv[1:]))
""", encoding="utf-8")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               TAROT_HOME=str(home))
    killed = subprocess.run([sys.executable, str(wrapper), "--autoplay", "--deals", "1",
                             "--speed", "instant", "--players", "4", "--seed", "8"], env=env,
                            capture_output=True, text=True, timeout=120, check=False)
    assert killed.returncode == -9, killed.stderr
    history = sorted(paths.history_dir().glob("*.json"))
    assert len(history) == 1
    saved, _ = load_match(paths.current_match_file())
    assert not saved.current.is_over  # the match file stops before the deal's last card
    resumed = run("game", ["--continue", "--autoplay", "--deals", "1", "--speed", "instant"],
                  home, timeout=120)
    assert resumed.returncode == 0, resumed.stderr
    from game.history.archive import list_deals

    # the deal's number counts the deals dealt before it, cancelled ones included
    number = history[0].name.rsplit("-", 2)[1]
    entries = list_deals()
    same = [e for e in entries if e.path.name.rsplit("-", 2)[1] == number]
    assert [e.path for e in same] == history


# --- a second window ----------------------------------------------------------------------------


def test_a_second_window_is_a_spectator_and_cannot_overwrite_the_match(home: Path) -> None:
    from game.app.lock import FolderLock

    holder = subprocess.Popen(
        [sys.executable, "-c", f"""
import sys, time
sys.path.insert(0, {str(ROOT)!r})
from pathlib import Path
from game.app.lock import FolderLock
lock = FolderLock(Path({str(paths.data_dir())!r}))
assert lock.acquire()
print("held", flush=True)
time.sleep(60)
"""], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        assert not FolderLock(paths.data_dir()).acquire()
        file = saved_match_text(home)
        before = file.read_bytes()
        result = run("game", ["--continue"], home)
        assert result.returncode == 2 and "already open in another window" in one_line(result)
        result = run("game", ["--first-frame"], home)  # the menu opens, as a spectator
        assert result.returncode == 0, result.stderr
        assert file.read_bytes() == before
    finally:
        holder.kill()
        holder.wait()
    assert FolderLock(paths.data_dir()).acquire()  # the lock went with the process


@pytest.mark.parametrize("kind", ["folder", "pipe"])
def test_something_in_the_way_of_the_lock_file_is_named_and_nothing_starts(
        home: Path, kind: str) -> None:
    """A folder (or a pipe) named like the lock: no window could hold it, so none may play
    on the player's files; the game says what is in the way, at once."""
    lock = paths.data_dir() / "tarot.lock"
    lock.parent.mkdir(parents=True)
    if kind == "folder":
        lock.mkdir()
    elif hasattr(os, "mkfifo"):
        os.mkfifo(lock)
    else:
        pytest.skip("named pipes are a POSIX thing")
    file = saved_match_text(home)
    before = file.read_bytes()
    for args in (["--first-frame"], ["--continue"], ["--autoplay", "--deals", "1"]):
        result = run("game", args, home, timeout=30)
        line = one_line(result)
        assert result.returncode == 2 and f"{lock} is not a file" in line, line
    assert file.read_bytes() == before


def test_the_spectators_menu_offers_no_match(home: Path) -> None:
    from game.menus.menu import MenuScene

    saved_match_text(home)
    app = open_app((1280, 720))
    try:
        app.spectator = True
        menu = MenuScene(app)
        app.push(menu)
        app.step(1 / 60)
        assert not menu.buttons[0].enabled and not menu.buttons[1].enabled
        assert "another window" in menu.toast.text
        menu.toast.update(60.0)  # long gone; a click on a greyed button says it again
        assert not menu.toast.visible
        app.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                        pos=menu.buttons[0].rect.center))
        app.step(1 / 60)
        assert menu.toast.visible and "another window" in menu.toast.text
        assert app.scene is menu  # nothing was started
    finally:
        shut(app)


def test_stale_temp_files_go_at_once_when_no_other_window_writes(home: Path) -> None:
    folder = paths.data_dir()
    folder.mkdir(parents=True)
    fresh = folder / ".current-match.json.abc.tmp"
    fresh.write_text("{", encoding="utf-8")
    result = run("game", ["--first-frame"], home)
    assert result.returncode == 0 and not fresh.exists()


# --- a save that fails is told at the table, once -------------------------------------------


def test_a_file_where_the_data_folder_goes_is_named_once(home: Path) -> None:
    (home / "data").write_text("not a folder", encoding="utf-8")
    result = run("game", ["--autoplay", "--deals", "1", "--speed", "instant", "--seed", "3"],
                 home)
    assert result.returncode == 0, result.stderr
    line = one_line(result)
    assert line.endswith(f"could not save the match: {home / 'data'}: a file where the game "
                         "needs a folder"), line
    assert (home / "data").read_text(encoding="utf-8") == "not a folder"


def test_a_failed_save_is_told_at_the_table_once_and_play_goes_on(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import game.match.writer as writer
    from game.match.session import MatchSetup, open_table, start_match

    def full(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device", str(paths.current_match_file()))

    monkeypatch.setattr(writer, "write_atomic", full)  # the match file, written behind
    app = open_app((1280, 720))
    try:
        controller = start_match(app, MatchSetup(4, "random", "fft", ("A", "B", "C", "D"), 5))
        open_table(app, controller)
        table = app.scene
        shown: list[str] = []
        real_show = table.toast.show

        def spy(text: str, *args: object, **kwargs: object) -> None:
            shown.append(text)
            real_show(text, *args, **kwargs)

        table.toast.show = spy  # type: ignore[method-assign]
        # the bots answer from worker processes: step until the deal has gone on (the
        # deadline is only a bound, for a loaded machine), each step a failed save
        deadline = time.monotonic() + 60
        steps = 0
        while steps < 120 or (len(controller.match.current.events) <= 4
                              and time.monotonic() < deadline):
            app.step(1 / 60)
            steps += 1
            if controller.waiting_for_human():
                controller.submit(Bid(None))
            if steps >= 120:
                time.sleep(0.01)
        told = [t for t in shown if "could not be saved" in t]
        assert len(told) == 1 and "No space left on device" in told[0]
        assert len(controller.match.current.events) > 4  # the game went on
        assert table.save_failing  # and the score box keeps saying "not saved"
        monkeypatch.undo()  # room on the disk again: the next move saves, the mark goes
        events = len(controller.match.events())
        deadline = time.monotonic() + 60
        while (len(controller.match.events()) <= events or table.save_failing) and (
                time.monotonic() < deadline):
            app.step(1 / 60)
            if controller.match.current.is_over:
                controller.next_deal()
            elif controller.waiting_for_human():
                controller.submit(random_action(controller.match.current.state,
                                                random.Random(events)))
            time.sleep(0.01)
        assert not table.save_failing and paths.current_match_file().exists()
        controller.shutdown()
    finally:
        shut(app)


# --- what the engine writes, the engine reads -----------------------------------------------------


def test_every_record_the_game_exports_is_accepted_by_engine_score() -> None:
    from engine.record import score_record
    from engine.record_export import export_record
    from tests.helpers.deal_kinds import catalogue

    for plan, deal in catalogue():
        result = score_record(export_record(deal), load_rules(variant=plan.variant))
        assert result["scores"] == list(deal.scores or [0] * deal.players), plan.name


# --- nothing written through a link; any name, date or path the files hold ---------------------


def test_a_lock_that_is_a_link_is_named_and_its_target_never_written(
        home: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    """``ln -s $V data/tarot.lock``: the lock code used to follow the link, truncate the file
    outside the profile and write the game's number into it."""
    outside = tmp_path_factory.mktemp("outside") / "precious.txt"
    outside.write_text("precious\n", encoding="utf-8")
    lock = paths.data_dir() / "tarot.lock"
    lock.parent.mkdir(parents=True)
    lock.symlink_to(outside)
    for args in (["--first-frame"], ["--autoplay", "--deals", "1", "--speed", "instant"]):
        result = run("game", args, home, timeout=60)
        line = one_line(result)
        assert result.returncode == 2 and f"{lock} is a link" in line, line
    assert outside.read_text(encoding="utf-8") == "precious\n"


def test_a_log_file_that_is_a_link_is_not_written_through(
        home: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    outside = tmp_path_factory.mktemp("outside") / "somebody-elses.log"
    outside.write_text("theirs\n", encoding="utf-8")
    log = paths.log_file()
    log.parent.mkdir(parents=True, exist_ok=True)
    log.symlink_to(outside)
    result = run("game", ["--first-frame"], home, timeout=60)
    assert result.returncode == 0, result.stderr
    assert f"no log file: {log} is a link" in result.stderr
    assert outside.read_text(encoding="utf-8") == "theirs\n"


@pytest.mark.parametrize("name", ["\ufe0f", "\u034f", "\u0301\u0301"])
def test_a_name_of_nothing_visible_plays_and_shows_the_seat(home: Path, name: str) -> None:
    """Combining marks or a variation selector alone: the font refuses to draw text of no
    width ("Text has zero width"), which stopped the game at the table."""
    saved_match_text(home, {"meta": {"names": [name, "Léa", name, "Chloé"]}})
    Settings(player_name=name).save()
    result = run("game", ["--continue", "--autoplay", "--deals", "1", "--speed", "instant"],
                 home, timeout=120)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    result = run("game", ["--autoplay", "--deals", "1", "--speed", "instant"], home,
                 timeout=120)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    from game.app.names import clean_name

    assert clean_name(name, "West") == "West"


def _listed(scene: object) -> None:
    """Wait for a history screen's listing (read on a thread of its own)."""
    reader = getattr(scene, "reader", None)
    if reader is not None:
        reader.wait(60)


def _history_screens(home: Path, language: str = "en") -> list[str]:
    """Open the finished deals and the statistics as a player would, select each deal and
    export it; what the screens said."""
    from game.menus.deals import FinishedDealsScene
    from game.menus.statistics import StatsScene

    app = open_app((1024, 600), language=language)
    said = []
    try:
        scene = FinishedDealsScene(app)
        app.push(scene)
        _listed(scene)
        for _ in range(3):
            app.step(1 / 60)
        for index in range(len(scene.shown)):
            scene.selected = index
            app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_e, mod=0,
                                            unicode="e"))
            app.step(1 / 60)
            said.append(scene.toast.text)
        stats = StatsScene(app)
        app.push(stats)
        _listed(stats)
        for _ in range(3):
            app.step(1 / 60)
        said.append(stats.left_out())
    finally:
        app.close()
    return said


def _a_finished_deal_file(name: str, meta: dict[str, object] | None = None) -> Path:
    from engine.saves import save_deal

    match = a_match(actions=0)
    finish(match, random.Random(4))
    path = paths.history_dir() / name
    save_deal(match.current, path, {"names": ["Ana", "Léa", "Hugo", "Chloé"],
                                    "date": "2024-05-01T20:15:00", **(meta or {})})
    return path


def test_dates_no_clock_can_show_leave_the_lists_whole(home: Path) -> None:
    """A history file dated 0001-01-01, and a damaged one whose modification time is far in
    the future: the finished deals and the statistics used to stop on "year 0 is out of
    range" and "year 635744"."""
    _a_finished_deal_file("deal-a-001-4p.json", {"date": "0001-01-01T00:00:00"})
    _a_finished_deal_file("deal-b-001-4p.json")
    damaged = paths.history_dir() / "deal-c-001-4p.json"
    damaged.write_text("{ damaged", encoding="utf-8")
    future = 2 ** 44  # some half a million years ahead
    try:
        os.utime(damaged, (future, future))
    except (OverflowError, OSError):
        pytest.skip("this file system keeps no such time")
    said = _history_screens(home)
    assert any("deal-c-001-4p.json" in text for text in said), said
    from game.history.archive import list_deals

    entries = list_deals()
    assert len(entries) == 3
    assert all(e.date is None or 1971 <= e.date.year <= 9998 for e in entries)


def test_names_and_paths_with_bytes_that_are_not_text_are_shown(
        tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """A damaged history file named with a byte that is not UTF-8, and a profile whose path
    holds one: the screen drawing the name or "Exported to …" used to stop."""
    if sys.platform == "win32" or sys.getfilesystemencoding().lower() != "utf-8":
        pytest.skip("file names are bytes only on a POSIX system with UTF-8 names")
    home = tmp_path_factory.mktemp("profile") / os.fsdecode(b"latin1-\xe9\xff")
    monkeypatch.setenv("TAROT_HOME", str(home))
    _a_finished_deal_file("deal-a-001-4p.json")
    (paths.history_dir() / os.fsdecode(b"bad\xff-4p.json")).write_text("{", encoding="utf-8")
    said = _history_screens(home, "fr")
    assert any("Exporté" in text or "export" in text.lower() for text in said), said


# --- half a character in a saved file ----------------------------------------------------------


def test_a_saved_match_with_half_a_character_is_saved_and_archived(home: Path) -> None:
    """``"variant": "fft\\udcff"`` (a lone surrogate) in the saved match: every save used to
    fail on it, told to nobody, the match file kept its old content and the finished deal
    never reached the history."""
    file = saved_match_text(home)
    text = file.read_text(encoding="utf-8")
    text = text.replace('"variant": "fft"', '"variant": "fft\\udcff"', 1)
    text = text.replace('"Léa"', '"L\\udce9a"', 1)
    file.write_text(text, encoding="utf-8")
    before = file.read_bytes()
    result = run("game", ["--continue", "--autoplay", "--deals", "1", "--speed", "instant"],
                 home, timeout=120)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    assert "could not save" not in result.stderr, result.stderr
    assert file.read_bytes() != before
    saved = load_match(file)[0]
    assert saved.rules.variant == "fft\ufffd"
    assert list(paths.history_dir().glob("*.json")), "the finished deal is in the history"


def test_a_try_on_a_deal_whose_file_holds_half_a_character_is_kept(home: Path) -> None:
    """The history file's ``meta.variant`` and a name hold a lone surrogate: "Play on from
    here" played to the end used to stop the viewer when it kept the try."""
    from engine.saves import load_deal_file
    from game.replay.files import load_replay_file
    from game.replay.viewer import open_replay
    from game.table.scene import TableScene

    path = _a_finished_deal_file("deal-a-001-4p.json")
    text = path.read_text(encoding="utf-8").replace('"Hugo"', '"Hu\\udcffgo"', 1)
    path.write_text(text, encoding="utf-8")
    app = open_app((1280, 720))
    try:
        viewer = open_replay(app, load_replay_file(path))
        viewer.go(viewer.cursor.trick_starts()[6] + 1)
        app.step(1 / 60)
        viewer.play_on()
        table = app.scene
        assert isinstance(table, TableScene)
        controller = table.player
        rng = random.Random(2)
        for _ in range(40_000):
            if controller.match.current.is_over and table.score_panel is not None:
                break
            if controller.waiting_for_human() and table.idle:
                state = controller.match.current.state
                assert controller.submit(random_action(state, rng)) is None
            app.step(1 / 60)
            if controller.is_thinking():
                time.sleep(0.0005)
        table.score_panel.next_deal()  # back to the replay: the try is kept
        for _ in range(3):
            app.step(1 / 60)
        assert app.scene is viewer and "not kept" not in viewer.table.toast.text
        kept = load_deal_file(path)
        assert [v.deal.events for v in kept.variations] == [
            v.deal.events for v in viewer.branches.variations]
        assert kept.variations
    finally:
        app.close()


KEEP_TRIES = """
import random, sys
from pathlib import Path
from engine.deal import Deal
from engine.randomplay import random_action
from engine.saves import load_deal_file
from engine.variations import TRY
from game.replay.branches import Branches

path, seed = Path(sys.argv[1]), int(sys.argv[2])
loaded = load_deal_file(path)
deal = loaded.deal
branches = Branches(deal, loaded.variations, path)
starts = deal.command_starts()
rng = random.Random(seed)
kept = 0
for _ in range(20):
    start = starts[rng.randrange(8, len(starts) - 4)]
    other = Deal.from_events(deal.rules, deal.events[:start])
    while not other.is_over:
        other.execute(other.state.turn, random_action(other.state, rng))
    variation, problem = branches.add(TRY, "Try", other)
    kept += variation is not None and not problem
print(kept)
"""


def test_two_windows_keeping_tries_of_one_deal_lose_none(home: Path) -> None:
    """A spectator window (or ``tarot replay``) beside the game, both keeping tries of the
    same deal: each read, changed and wrote the file on its own, and tries were lost."""
    from engine.saves import load_deal_file

    path = _a_finished_deal_file("deal-a-001-4p.json")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               TAROT_HOME=str(home))
    windows = [subprocess.Popen([sys.executable, "-c", KEEP_TRIES, str(path), str(seed)],
                                cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
               for seed in (1, 2)]
    kept = sum(int(window.communicate(timeout=120)[0]) for window in windows)
    assert kept >= 30  # a random line is rarely the deal itself
    assert len(load_deal_file(path).variations) == kept


# --- a long match; deals archived once, deletions kept ----------------------------------------


def _play_deals(match: Match, save: object, count: int, rng: random.Random) -> None:
    """``count`` more deals of ``match`` played to their end (a garde each), saved after every
    deal as the game saves after every move."""
    for _ in range(count):
        if match.current.is_over:
            match.next_deal()
        finish(match, rng)
        save(match)  # type: ignore[operator]


def test_a_long_matchs_save_grows_with_the_deal_in_play_not_the_match(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A match of thousands of deals made a file of many megabytes, rewritten at every move,
    and past 16 MB refused by --continue. The deals the history holds are folded: the file
    keeps their scores and, for the score sheet, a summary of the last ones."""
    from engine import ledger
    from engine.saves import load_match
    from game.history.archive import list_deals
    from game.match.autosave import Autosave
    from game.table.score.sheet import sheet_rows

    rows_kept = ledger.ROWS_KEPT
    monkeypatch.setattr(ledger, "ROWS_KEPT", 6)  # the oldest are carried sooner
    match = Match.new(load_rules(), 4, seed=8, first_dealer=3)
    save = Autosave({"names": ["Ana", "Léa", "Hugo", "Chloé"], "variant": "fft"}, match)
    rng = random.Random(8)
    _play_deals(match, save, 4, rng)
    small = paths.current_match_file().stat().st_size
    _play_deals(match, save, 26, rng)
    assert paths.current_match_file().stat().st_size < small * 1.5
    saved, _ = load_match(paths.current_match_file())
    assert saved.count == 30 and len(saved.deals) <= 2
    history = list_deals()
    assert len(history) == saved.played_to_the_end >= 28  # each played deal there, once
    assert saved.totals == [sum(e.scores[s] for e in history) for s in range(4)]
    rows = sheet_rows(saved, ["Ana", "Léa", "Hugo", "Chloé"], lambda key, **_: key)
    assert rows[0].number.startswith("1\u2013") and rows[0].result == "sheet_carried"
    assert [r.number for r in rows[1:]] == [str(n) for n in range(24, 31)]
    assert rows[-1].totals == tuple(saved.totals)
    monkeypatch.setattr(ledger, "ROWS_KEPT", rows_kept)  # the game keeps its own number
    # and the game takes it up
    result = run("game", ["--continue", "--autoplay", "--deals", "1", "--speed", "instant"],
                 home, timeout=120)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    assert load_match(paths.current_match_file())[0].count >= 31


def _legacy_profile(home: Path) -> Path:
    """A match saved by an older version (no match id, no list of archived deals) with three
    deals played and one in play; its history files named the old way, by their time."""
    from engine.saves import save_deal

    match = Match.new(load_rules(), 4, seed=21, first_dealer=3)
    rng = random.Random(21)
    finish(match, rng)
    for number in range(3):
        save_deal(match.current, paths.history_dir() / f"2024050{number + 1}-201500-4p.json",
                  {"names": ["Ana", "Léa", "Hugo", "Chloé"], "date": f"2024-05-0{number + 1}"})
        match.next_deal()
        if number < 2:
            finish(match, rng)
    for _ in range(5):  # a few decisions of the deal in play
        state = match.current.state
        match.current.execute(state.turn, random_action(state, rng))
    save_match(match, paths.current_match_file(), {"names": ["Ana", "Léa", "Hugo", "Chloé"],
                                                   "bot_level": "simple", "variant": "fft"})
    return paths.current_match_file()


def test_continuing_a_match_twice_archives_each_deal_once(home: Path) -> None:
    """Two continues of a match saved by an older version: the deals it had played were
    archived again, beside their old files, at the second one (8 files for 5 deals)."""
    from game.history.archive import list_deals

    _legacy_profile(home)
    for _ in range(2):
        result = run("game", ["--continue", "--autoplay", "--deals", "1", "--speed",
                              "instant"], home, timeout=120)
        assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    saved, _ = load_match(paths.current_match_file())
    entries = list_deals()
    assert len(entries) == saved.played_to_the_end == 5
    assert len({e.deal_key for e in entries}) == 5


def test_a_deal_deleted_from_the_list_is_not_written_back(home: Path) -> None:
    """Del in Finished deals on a deal of the match in play, then --continue: the deal came
    back, re-archiving after a crash could not tell a deletion from a crash."""
    from game.app.screens import ConfirmDialog
    from game.menus.deals import FinishedDealsScene

    result = run("game", ["--autoplay", "--deals", "1", "--speed", "instant", "--seed", "4"],
                 home, timeout=120)
    assert result.returncode == 0, result.stderr
    [deleted] = list(paths.history_dir().glob("*.json"))
    app = open_app((1024, 600))
    try:
        scene = FinishedDealsScene(app)
        app.push(scene)
        _listed(scene)
        app.step(1 / 60)
        app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DELETE, mod=0, unicode=""))
        app.step(1 / 60)
        dialog = app.scene
        assert isinstance(dialog, ConfirmDialog)
        dialog.confirm()
        app.step(1 / 60)
    finally:
        app.close()
    assert not deleted.exists()
    result = run("game", ["--continue", "--autoplay", "--deals", "1", "--speed", "instant"],
                 home, timeout=120)
    assert result.returncode == 0, result.stderr
    assert not deleted.exists()
    assert len(list(paths.history_dir().glob("*.json"))) == 1  # the new deal only
