"""Build the game as a standalone executable with PyInstaller, and check it.

    python build/build.py                 # dist/tarot (dist/tarot.exe, dist/Tarot.app)
    python build/build.py --check         # then run its self-test and time its start-up
    python build/build.py --check --asset tarot-linux-x86_64.tar.gz   # and package it

PyInstaller comes with the development install (``pip install -e ".[dev]"``). Its work files
go to ``build/work/`` (ignored by git: PyInstaller's default ``build/`` is this folder); the
spec is ``build/tarot.spec``. ``--check`` runs the executable's ``--selftest`` (exit status 1
when it fails) and prints its size and the time from launch to its first drawn frame, against
the budgets: at most 40 MB, at most 2 s. A size over budget fails the check; a slow start-up
is reported (timings depend on the machine). ``--asset NAME`` copies the executable to
``dist/NAME`` for a release (see :func:`package_asset`).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "build" / "tarot.spec"
DIST = ROOT / "dist"
WORK = ROOT / "build" / "work"
SIZE_BUDGET_MB = 40.0
STARTUP_BUDGET_S = 2.0
STARTUP_RUNS = 3


def executable() -> Path:
    """The program PyInstaller made (inside the app bundle on macOS)."""
    if sys.platform == "darwin":
        return DIST / "Tarot.app" / "Contents" / "MacOS" / "tarot"
    return DIST / ("tarot.exe" if sys.platform == "win32" else "tarot")


def build(clean: bool) -> float:
    try:
        import PyInstaller.__main__ as pyinstaller
    except ImportError:
        raise SystemExit("PyInstaller is missing: pip install -e \".[dev]\"") from None
    start = time.perf_counter()
    options = [str(SPEC), "--distpath", str(DIST), "--workpath", str(WORK), "--noconfirm",
               "--log-level", "WARN"]
    if clean:
        options.append("--clean")
    pyinstaller.run(options)
    return time.perf_counter() - start


def size_mb(path: Path) -> float:
    if path.is_dir():
        return sum(f.stat().st_size for f in path.rglob("*") if f.is_file()) / 1e6
    return path.stat().st_size / 1e6


def quiet_env(home: str) -> dict[str, str]:
    """No display, no sound card, and the user folders in ``home``."""
    return dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", TAROT_HOME=home)


def selftest(program: Path) -> tuple[bool, str]:
    with tempfile.TemporaryDirectory(prefix="tarot-check-") as home, \
            tempfile.TemporaryDirectory(prefix="tarot-cwd-") as elsewhere:
        # from another folder: the executable must find its files wherever it is started
        result = subprocess.run([str(program), "--selftest"], cwd=elsewhere, env=quiet_env(home),
                                capture_output=True, text=True, timeout=600, check=False)
    line = (result.stdout.strip().splitlines() or ["(no output: a windowed build)"])[-1]
    if result.returncode != 0 and result.stderr.strip():
        line += " | " + result.stderr.strip().splitlines()[-1]
    return result.returncode == 0, line


def startup_seconds(program: Path) -> list[float]:
    """Wall time from launch to exit of ``--first-frame`` (it quits after its first frame)."""
    times = []
    with tempfile.TemporaryDirectory(prefix="tarot-start-") as home:
        for _ in range(STARTUP_RUNS):
            start = time.perf_counter()
            result = subprocess.run([str(program), "--first-frame"], env=quiet_env(home),
                                    capture_output=True, text=True, timeout=120, check=False)
            times.append(time.perf_counter() - start)
            if result.returncode != 0:
                raise SystemExit(f"{program} --first-frame failed: {result.stderr.strip()}")
    return times


def package_asset(name: str) -> Path:
    """The file a release attaches: the app bundle zipped on macOS (``ditto`` keeps its
    links and modes), the program in a ``.tar.gz`` (which keeps it executable) on Linux,
    the ``.exe`` itself on Windows."""
    target = DIST / name
    target.unlink(missing_ok=True)
    if sys.platform == "darwin":
        subprocess.run(["ditto", "-c", "-k", "--keepParent", str(DIST / "Tarot.app"),
                        str(target)], check=True)
    elif name.endswith(".tar.gz"):
        import tarfile

        with tarfile.open(target, "w:gz") as archive:
            archive.add(executable(), arcname="tarot")
    else:
        shutil.copy2(executable(), target)
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true",
                        help="run the executable's self-test and time its start-up")
    parser.add_argument("--clean", action="store_true", help="rebuild from nothing")
    parser.add_argument("--asset", metavar="NAME", help="copy the result to dist/NAME")
    args = parser.parse_args(argv)

    seconds = build(args.clean)
    program = executable()
    if not program.exists():
        print(f"build: {program} was not made", file=sys.stderr)
        return 1
    shipped = DIST / "Tarot.app" if sys.platform == "darwin" else program
    size = size_mb(shipped)
    print(f"built {shipped.relative_to(ROOT)} in {seconds:.0f} s: {size:.1f} MB "
          f"(budget {SIZE_BUDGET_MB:.0f} MB)")
    status = 0
    if args.check:
        ok, line = selftest(program)
        print(f"self-test: {line}")
        if not ok:
            status = 1
        times = startup_seconds(program)
        median = statistics.median(times)
        verdict = "within" if median <= STARTUP_BUDGET_S else "OVER"
        print(f"start-up to the first frame: median {median:.2f} s of {len(times)} runs "
              f"({', '.join(f'{t:.2f}' for t in times)}), {verdict} the "
              f"{STARTUP_BUDGET_S:.0f} s budget")
        if size > SIZE_BUDGET_MB:
            print(f"size: {size:.1f} MB is over the {SIZE_BUDGET_MB:.0f} MB budget",
                  file=sys.stderr)
            status = 1
    if args.asset:
        print(f"asset: {package_asset(args.asset).relative_to(ROOT)}")
    return status


if __name__ == "__main__":
    raise SystemExit(main())
