"""The engine's compiled speed-ups (engine/_*.c); everything else is in
pyproject.toml.

The extension is optional: where no C compiler is found the build says so and goes on, and
the game plays with their pure-Python twins (engine/playcore.py, engine/cards.py), the same
game more slowly.
"""

from setuptools import Extension, setup

SOURCES = ["engine/_speedups.c", "engine/_club.c", "engine/_club_rules.c", "engine/_sampling.c"]
HEADERS = ["engine/_speedups.h", "engine/_club.h"]

setup(ext_modules=[Extension("engine._speedups", SOURCES, depends=HEADERS, optional=True)])
