"""Test-wide setup: pygame must never look for a display or a sound card, and nothing a test
runs may touch the player's own folders (settings, saves, logs)."""

import atexit
import os
import shutil
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
if "TAROT_HOME" not in os.environ:
    # a folder of the run's own, gone when the run ends, so runs do not pile folders up
    _home = tempfile.mkdtemp(prefix="tarot-tests-")
    os.environ["TAROT_HOME"] = _home
    atexit.register(shutil.rmtree, _home, ignore_errors=True)
