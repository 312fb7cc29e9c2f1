"""The desktop game (pygame-ce): draws seat views from the engine and sends it commands.

It never decides a rule itself; everything it shows comes from :func:`engine.views.view_for`.
"""
