"""Bounded runs: every hostile input is refused quickly and in little memory.

Each case builds one hostile input in a fresh user folder (``TAROT_HOME``), starts the real
program on it in its own process, and measures the wall time and the peak memory of that
process (``wait4``'s maximum resident set size). A case passes when the program ends with
the expected exit status, prints no traceback, changes no file it was given, and stays
under the time and memory budgets::

    python tests/bounded_inputs.py                 # budgets: 2 s and 200 MB per case
    python tests/bounded_inputs.py --time 1 --memory 150

The exit status is 1 when any case breaks a budget or misbehaves. Linux and macOS only
(named pipes, ``/dev/zero`` and ``wait4``).
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HUGE_NUMBER = "9" * 5000
DEEP = "[" * 50_000 + "]" * 50_000
KILL_AFTER = 20.0  # seconds: a hang is reported, never waited for


def billion_laughs() -> str:
    levels = ["z0: &z0 [x, x, x, x, x, x, x, x, x]"]
    levels += [f"z{i}: &z{i} [" + ", ".join([f"*z{i - 1}"] * 9) + "]" for i in range(1, 10)]
    return "\n".join(levels) + "\n"


def record_text() -> str:
    return (ROOT / "tests" / "records" / "four_players_garde.yaml").read_text(encoding="utf-8")


def rules_text() -> str:
    return (ROOT / "rules.yaml").read_text(encoding="utf-8")


@dataclass
class Case:
    name: str
    #: writes the hostile input under the user folder; returns the command's arguments and
    #: the bytes to send on standard input (a file name, or None)
    build: Callable[[Path], tuple[list[str], str | None]]
    expect: int  # the exit status a refusal (2) or a game that opens anyway (0) gives


def _settings(text: str) -> Callable[[Path], tuple[list[str], str | None]]:
    def build(home: Path) -> tuple[list[str], str | None]:
        (home / "config").mkdir(parents=True, exist_ok=True)
        (home / "config" / "settings.json").write_text(text, encoding="utf-8")
        return ["-m", "game", "--first-frame"], None
    return build


def _special_settings(kind: str) -> Callable[[Path], tuple[list[str], str | None]]:
    def build(home: Path) -> tuple[list[str], str | None]:
        file = home / "config" / "settings.json"
        file.parent.mkdir(parents=True, exist_ok=True)
        _special(file, kind)
        return ["-m", "game", "--first-frame"], None
    return build


def _special(file: Path, kind: str) -> None:
    if kind == "fifo":
        os.mkfifo(file)
    elif kind == "dev-zero":
        file.symlink_to("/dev/zero")
    else:
        file.mkdir()


def _saved(text: str, command: str) -> Callable[[Path], tuple[list[str], str | None]]:
    def build(home: Path) -> tuple[list[str], str | None]:
        file = home / "data" / "current-match.json"
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(text, encoding="utf-8")
        return _match_command(command, file), None
    return build


def _special_saved(kind: str, command: str) -> Callable[[Path], tuple[list[str], str | None]]:
    def build(home: Path) -> tuple[list[str], str | None]:
        file = home / "data" / "current-match.json"
        file.parent.mkdir(parents=True, exist_ok=True)
        _special(file, kind)
        return _match_command(command, file), None
    return build


def _match_command(command: str, file: Path) -> list[str]:
    if command == "continue":
        return ["-m", "game", "--continue"]
    return ["-m", "game", "replay", str(file)]


def _history(text: str | None, kind: str = "") -> Callable[[Path], tuple[list[str], str | None]]:
    """The Finished deals list, read with one odd entry in the history folder."""
    def build(home: Path) -> tuple[list[str], str | None]:
        folder = home / "data" / "history"
        folder.mkdir(parents=True, exist_ok=True)
        entry = folder / "deal-odd-001-4p.json"
        if text is None:
            _special(entry, kind)
        else:
            entry.write_text(text, encoding="utf-8")
        # one entry, which names the file and what is wrong in a short line
        code = ("import sys; from game.history.archive import list_deals; d = list_deals(); "
                "ok = len(d) == 1 and 'deal-odd' in d[0].problem and len(d[0].problem) < 300; "
                "print(d[0].problem if d else 'no entry', file=sys.stderr); "
                "sys.exit(0 if ok else 1)")
        return ["-c", code], None
    return build


def _score(record: str | None = None, rules: str | None = None, stdin: str | None = None,
           file: str | None = None) -> Callable[[Path], tuple[list[str], str | None]]:
    def build(home: Path) -> tuple[list[str], str | None]:
        args = ["-m", "engine", "score"]
        if rules is not None:
            (home / "rules.yaml").write_text(rules, encoding="utf-8")
            args += ["--rules", str(home / "rules.yaml")]
        if stdin is not None:
            return [*args, "-"], stdin
        if file is not None:
            return [*args, file], None
        (home / "record.yaml").write_text(record or "", encoding="utf-8")
        return [*args, str(home / "record.yaml")], None
    return build


def _score_fifo(home: Path) -> tuple[list[str], str | None]:
    os.mkfifo(home / "record.yaml")
    return ["-m", "engine", "score", str(home / "record.yaml")], None


def _big_stdin(home: Path) -> tuple[list[str], str | None]:
    big = home / "big.yaml"
    with big.open("w", encoding="utf-8") as out:
        out.write(record_text().replace("play:", "play: [", 1).split("play: [")[0])
        out.write("play: [" + "21T, " * 20_000_000 + "]\n")  # about 100 MB
    return ["-m", "engine", "score", "-"], str(big)


def _game_rules(text: str) -> Callable[[Path], tuple[list[str], str | None]]:
    """The game started on a damaged ``rules.yaml`` in place of the bundled one."""
    def build(home: Path) -> tuple[list[str], str | None]:
        (home / "rules.yaml").write_text(text, encoding="utf-8")
        code = ("import sys; from pathlib import Path; import engine.rules as r; "
                f"r.default_rules_path = lambda: Path({str(home / 'rules.yaml')!r}); "
                "from game.cli import main; sys.exit(main(['--first-frame']))")
        return ["-c", code], None
    return build


CASES: list[Case] = [
    Case("settings: a 5000-digit number", _settings('{"players": ' + HUGE_NUMBER + "}"), 0),
    Case("settings: 50,000 nested brackets", _settings(DEEP), 0),
    Case("settings: a NUL in the name", _settings('{"player_name": "Ana\\u0000B"}'), 0),
    Case("settings: a FIFO", _special_settings("fifo"), 0),
    Case("settings: /dev/zero behind a link", _special_settings("dev-zero"), 0),
    Case("settings: a folder", _special_settings("folder"), 0),
    Case("--continue: a 5000-digit number", _saved('{"seed": ' + HUGE_NUMBER + "}",
                                                   "continue"), 2),
    Case("--continue: 50,000 nested brackets", _saved(DEEP, "continue"), 2),
    Case("--continue: a 23 MB list of zeros", _saved("[" + "0," * 11_500_000 + "0]",
                                                    "continue"), 2),
    Case("--continue: a 30 MB file, over a match's limit",
         _saved("[" + "0," * 15_000_000 + "0]", "continue"), 2),
    Case('--continue: "deals": []', _saved('{"format": "tarot-match", "version": 1, '
                                           '"deals": []}', "continue"), 2),
    Case("--continue: a FIFO", _special_saved("fifo", "continue"), 2),
    Case("--continue: /dev/zero behind a link", _special_saved("dev-zero", "continue"), 2),
    Case("replay: a 5000-digit number", _saved('{"seed": ' + HUGE_NUMBER + "}", "replay"), 2),
    Case("replay: 50,000 nested brackets", _saved(DEEP, "replay"), 2),
    Case("replay: a FIFO", _special_saved("fifo", "replay"), 2),
    Case("replay: /dev/zero behind a link", _special_saved("dev-zero", "replay"), 2),
    Case("history: 50,000 nested brackets", _history(DEEP), 0),
    Case("history: a 5000-digit number", _history('{"seed": ' + HUGE_NUMBER + "}"), 0),
    Case("history: a 20 MB file", _history("[" + "0," * 10_000_000 + "0]"), 0),
    Case("history: a FIFO", _history(None, "fifo"), 0),
    Case("history: a folder", _history(None, "folder"), 0),
    Case("score: a 5000-digit number", _score("players: " + HUGE_NUMBER + "\n"), 2),
    Case("score: 50,000 nested brackets", _score(DEEP), 2),
    Case("score: a billion laughs in the record", _score(billion_laughs()), 2),
    Case("score: a billion laughs in rules.yaml",
         _score(record_text(), rules=rules_text() + billion_laughs()), 2),
    Case("score: rules.yaml padded with 50 MB of comments",
         _score(record_text(), rules=rules_text() + ("# padding\n" * 5_000_000)), 2),
    Case("score: a 1 MB unknown key", _score(record_text() + "x" * 1_000_000 + ": 1\n"), 2),
    Case("score: a duplicate key", _score(record_text().replace("play:", "play: []\nplay:", 1)),
         2),
    Case("score: /dev/zero on standard input", _score(stdin="/dev/zero"), 2),
    Case("score: /dev/zero as the file", _score(file="/dev/zero"), 2),
    Case("score: a FIFO as the file", _score_fifo, 2),
    Case("score: a 100 MB play list on standard input", _big_stdin, 2),
    Case("game: a billion laughs in rules.yaml", _game_rules(rules_text() + billion_laughs()),
         2),
    Case("game: rules.yaml padded with 50 MB of comments",
         _game_rules(rules_text() + ("# padding\n" * 5_000_000)), 2),
]


@dataclass
class Outcome:
    status: int | None  # None: killed after KILL_AFTER seconds
    seconds: float
    megabytes: float
    traceback: bool
    changed: bool
    last_line: str


#: Runs the program and prints its exit status and peak memory. The measuring is done from
#: this small process because Linux counts, in a child's peak memory, the memory of the
#: process it was forked from, and this script holds large hostile inputs.
LAUNCHER = """
import os, subprocess, sys
process = subprocess.Popen(sys.argv[1:])
_, status, usage = os.wait4(process.pid, 0)
print(os.waitstatus_to_exitcode(status), usage.ru_maxrss, file=open(os.environ["MEASURE"], "w"))
"""


def run_case(case: Case) -> Outcome:
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        args, stdin_name = case.build(home)
        before = _snapshot(home)
        measure, errors = home / "measure.txt", home / "stderr.txt"
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   TAROT_HOME=str(home), PYTHONPATH=str(ROOT), MEASURE=str(measure))
        stdin = open(stdin_name, "rb") if stdin_name else subprocess.DEVNULL  # noqa: SIM115
        try:
            with errors.open("wb") as err:
                start = time.perf_counter()
                launcher = subprocess.Popen(
                    [sys.executable, "-c", LAUNCHER, sys.executable, *args], cwd=home, env=env,
                    stdin=stdin, stdout=subprocess.DEVNULL, stderr=err, start_new_session=True)
                try:
                    launcher.wait(KILL_AFTER)
                    hung = False
                except subprocess.TimeoutExpired:
                    os.killpg(launcher.pid, signal.SIGKILL)  # the program and its launcher
                    launcher.wait()
                    hung = True
                seconds = time.perf_counter() - start
        finally:
            if stdin is not subprocess.DEVNULL:
                stdin.close()  # type: ignore[union-attr]
        status: int | None = None
        megabytes = 0.0
        if not hung:
            code, maxrss = measure.read_text(encoding="utf-8").split()
            status, megabytes = int(code), _megabytes(int(maxrss))
        text = errors.read_text(encoding="utf-8", errors="replace")
        lines = text.strip().splitlines()
        return Outcome(status, seconds, megabytes, "Traceback" in text,
                       _changed(before, _snapshot(home)), lines[-1] if lines else "")


def _megabytes(maxrss: int) -> float:
    # ru_maxrss is in kilobytes on Linux, in bytes on macOS
    return maxrss / (1024 * 1024) if sys.platform == "darwin" else maxrss / 1024


def _snapshot(home: Path) -> dict[str, bytes | str]:
    """The user's files before and after: regular files by content, the rest by kind."""
    seen: dict[str, bytes | str] = {}
    for path in sorted(home.rglob("*")):
        name = str(path.relative_to(home))
        if name in {"stderr.txt", "measure.txt"}:
            continue
        if path.is_symlink():
            seen[name] = "link:" + os.readlink(path)
        elif path.is_fifo():
            seen[name] = "fifo"
        elif path.is_dir():
            seen[name] = "folder"
        elif path.is_file():
            seen[name] = path.read_bytes()
    return seen


def _changed(before: dict[str, bytes | str], after: dict[str, bytes | str]) -> bool:
    """Whether a file the user had was changed or removed (new files, such as the log,
    are allowed)."""
    return any(after.get(name) != value for name, value in before.items())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time", type=float, default=2.0, help="seconds per case (2)")
    parser.add_argument("--memory", type=float, default=200.0, help="MB per case (200)")
    parser.add_argument("--only", metavar="TEXT", help="run the cases whose name has TEXT")
    options = parser.parse_args(argv)
    failures = 0
    print(f"{'case':<52} {'exit':>4} {'time':>7} {'memory':>9}  verdict")
    for case in CASES:
        if options.only and options.only not in case.name:
            continue
        out = run_case(case)
        problems = []
        if out.status is None:
            problems.append(f"still running after {KILL_AFTER:.0f} s")
        elif out.status != case.expect:
            problems.append(f"exit {out.status}, expected {case.expect}")
        if out.traceback:
            problems.append("traceback")
        if out.changed:
            problems.append("changed a file")
        if out.seconds > options.time:
            problems.append("too slow")
        if out.megabytes > options.memory:
            problems.append("too much memory")
        failures += bool(problems)
        print(f"{case.name:<52} {out.status if out.status is not None else '-':>4} "
              f"{out.seconds:6.2f}s {out.megabytes:7.1f}MB  {', '.join(problems) or 'ok'}")
        if problems and out.last_line:
            print(f"    last line: {out.last_line[:160]}")
    print(f"{failures} case(s) out of budget (limits {options.time:g} s, "
          f"{options.memory:g} MB)" if failures else
          f"all cases within {options.time:g} s and {options.memory:g} MB")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
