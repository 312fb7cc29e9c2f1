"""``python -m engine.ai.arena A B``: duplicate matches between two bots.

Every deal is dealt once from a seed and then played several times with the very same cards.
For each seat ``s`` it is played once with bot A in seat ``s`` and once with bot B there, every
other seat being held by the same third bot, the *field* (B by default). The difference between
A's and B's scores in seat ``s`` is one sample; a deal's difference is the average of its
seats' samples, so the luck of the cards cancels out and a few hundred deals tell two bots
apart.

The package, one job a module:

* :mod:`~engine.ai.arena.bots` — bot specs: registry names or ``module:factory`` paths, with
  ``,key=value`` options for the factory (``expert,budget=3``);
* :mod:`~engine.ai.arena.duplicate` — one duplicate deal, every table played through the
  seats' views and checked by the engine, with reproducible seeds;
* :mod:`~engine.ai.arena.workers` — the deals of a run in one or several processes, and the
  file that keeps a long run's records so that it can resume;
* :mod:`~engine.ai.arena.stats` — the figures: the difference with its 95% confidence
  interval, takes and contracts made, decision times;
* :mod:`~engine.ai.arena.checkout` — a bot from another checkout of the project, run in a
  subprocess (to compare with an earlier version of a bot);
* :mod:`~engine.ai.arena.cli` — the command line.

The core is importable: :func:`play_duplicate` plays the deals of one player count and
:func:`summarise` turns them into the figures that :func:`format_summary` prints.
"""

from engine.ai.arena.bots import (
    BotSpecError,
    TrueDeal,
    accepts_budget,
    build_bot,
    canonical_spec,
    check_bot,
    display_name,
    resolve_factory,
    split_spec,
)
from engine.ai.arena.cli import main
from engine.ai.arena.duplicate import (
    ArenaConfig,
    DealRecord,
    SeatResult,
    TableResult,
    bot_seed,
    deal_seed,
    play_duplicate_deal,
    play_table,
)
from engine.ai.arena.stats import (
    BotSummary,
    Summary,
    Timing,
    format_summary,
    summarise,
    summary_to_dict,
)
from engine.ai.arena.workers import play_duplicate

__all__ = [
    "ArenaConfig",
    "BotSpecError",
    "BotSummary",
    "DealRecord",
    "SeatResult",
    "Summary",
    "TableResult",
    "Timing",
    "TrueDeal",
    "accepts_budget",
    "bot_seed",
    "build_bot",
    "canonical_spec",
    "check_bot",
    "deal_seed",
    "display_name",
    "format_summary",
    "main",
    "play_duplicate",
    "play_duplicate_deal",
    "play_table",
    "resolve_factory",
    "split_spec",
    "summarise",
    "summary_to_dict",
]
