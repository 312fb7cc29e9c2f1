"""Test-wide setup: pygame must never look for a display or a sound card, and nothing a test
runs may touch the player's own folders (settings, saves, logs)."""

import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("TAROT_HOME", tempfile.mkdtemp(prefix="tarot-tests-"))
