"""French Tarot rules engine: pure Python, deterministic, event-sourced, no drawing code.

The main entry points:

* :class:`engine.deal.Deal` — one deal's event log and state; ``execute(seat, action)``;
* :class:`engine.match.Match` — a series of deals with running totals and undo;
* :func:`engine.views.view_for` — what one seat may know (the only input of bots and the table);
* :func:`engine.rules.load_rules` — the rule options of ``rules.yaml``;
* :mod:`engine.record` — deal records (``python -m engine score``);
* :mod:`engine.saves` — saved matches and finished deals.
"""

__version__ = "0.1.0"
