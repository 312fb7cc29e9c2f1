"""The packaged executable's entry point: the same ``tarot`` command as an installed game.

``freeze_support`` lets a frozen program start worker processes: the game's bots think in
them (:mod:`engine.ai.thinker`), as the arena's jobs do (``engine.ai.arena --jobs``), and a
frozen child must not open a second game window.
"""

import multiprocessing

if __name__ == "__main__":
    multiprocessing.freeze_support()
    from game.cli import main

    raise SystemExit(main())
