"""``python -m game``: the game window (see :mod:`game.cli` for the options)."""

from game.cli import main

raise SystemExit(main())
