"""Packaging the game as a standalone executable (see ``build/build.py``)."""
