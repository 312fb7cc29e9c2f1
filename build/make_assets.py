"""Regenerate every card image, icon and sound the game uses, deterministically.

    python build/make_assets.py            # writes sprites/, sounds/ and docs/deck.png
    python build/make_assets.py --out DIR  # writes the same tree under DIR instead

The generated files are committed, so neither the game nor the packaged executable needs
this step; rerun it after changing a drawing or a sound. Two runs give identical files.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from build.art import app_icon, backs, cards, sheet, table, trumps  # noqa: E402
from build.sound import synth  # noqa: E402
from engine.commandline import Parser, cannot_write, command, folder  # noqa: E402

PROG = "make_assets.py"

#: In order: the contact sheet reads the card faces written before it.
STEPS: list[tuple[str, Callable[[Path], list[Path]]]] = [
    ("plain-suit cards", cards.make),
    ("trumps and the Excuse", trumps.make),
    ("card backs", backs.make),
    ("table felt and icons", table.make),
    ("application icon", app_icon.make),
    ("sounds", synth.make),
    ("contact sheet", sheet.make),
]


def make_all(out: Path, verbose: bool = True) -> list[Path]:
    written: list[Path] = []
    for name, step in STEPS:
        start = time.perf_counter()
        files = step(out)
        written.extend(files)
        if verbose:
            print(f"{name:24} {len(files):3} files  {time.perf_counter() - start:5.1f} s")
    return written


@command(PROG)
def main(argv: list[str] | None = None) -> int:
    parser = Parser(prog=PROG, description=__doc__,
                    formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=folder, default=ROOT, help="root of the tree to write")
    args = parser.parse_args(argv)
    try:
        files = make_all(args.out)
    except OSError as exc:  # a full disk, a file where a folder goes
        print(cannot_write(PROG, args.out, exc), file=sys.stderr)
        return 1
    size = sum(f.stat().st_size for f in files)
    print(f"{len(files)} files, {size / 1024:.0f} KiB in all, under {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
