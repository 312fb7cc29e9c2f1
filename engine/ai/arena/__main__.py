"""``python -m engine.ai.arena``: see :mod:`engine.ai.arena.cli`."""

from engine.ai.arena.cli import main

raise SystemExit(main())
