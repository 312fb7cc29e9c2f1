"""``python -m game``: the game window (see :mod:`game.cli` for the options)."""

import signal
import sys

try:
    from game.cli import main
except KeyboardInterrupt:  # Ctrl+C while the game loads: nothing is open yet
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # loading what says so must not be cut short
    from game.exits import interrupted, speaking

    raise SystemExit(interrupted(speaking(sys.argv[1:]))) from None

raise SystemExit(main())
