"""Playing the deals of a run, in this process or in worker processes.

Deals are independent, so ``jobs`` processes play them with the same results as one. A long
run can keep its records in a file as they come (:func:`save_record`), one JSON object a line,
and pick up where it stopped: deals already in the file are not played again.
"""

from __future__ import annotations

import json
import multiprocessing
from collections.abc import Callable, Iterable
from pathlib import Path

from engine.ai.arena.bots import canonical_spec, check_bot
from engine.ai.arena.duplicate import ArenaConfig, DealRecord, play_duplicate_deal
from engine.rules import load_rules

_worker_config: ArenaConfig | None = None


def _init_worker(config: ArenaConfig) -> None:
    global _worker_config
    _worker_config = config


def _worker_play(task: tuple[int, int]) -> DealRecord:
    assert _worker_config is not None
    players, number = task
    return play_duplicate_deal(_worker_config, players, number)


def play_duplicate(a: str, b: str, *, players: int = 4, deals: int = 100, seed: int = 0,
                   field: str | None = None, budget: float | None = None, jobs: int = 1,
                   variant: str = "fft",
                   progress: Callable[[int, int], None] | None = None,
                   done: Iterable[DealRecord] = (),
                   on_record: Callable[[DealRecord], None] | None = None) -> list[DealRecord]:
    """Play ``deals`` duplicate deals of ``players`` players between bots ``a`` and ``b``, the
    other seats held by ``field`` (default: ``b``), in ``jobs`` processes. The records come in
    deal order and do not depend on ``jobs``. Deals already ``done`` (records of the same run)
    are kept and not played again; ``on_record`` is called with each new record as it comes.
    Raises :class:`BotSpecError` for a bad bot name and :class:`engine.rules.RulesError` for
    a bad variant or player count."""
    rules = load_rules(variant=variant)
    rules.setup(players)
    config = ArenaConfig(canonical_spec(a), canonical_spec(b), canonical_spec(field or b),
                         seed, budget, variant)
    for spec in dict.fromkeys((config.a, config.b, config.field)):
        check_bot(spec, budget)
    records = {r.number: r for r in done if r.players == players and r.number < deals}
    tasks = [(players, number) for number in range(deals) if number not in records]

    def arrived(record: DealRecord) -> None:
        records[record.number] = record
        if on_record is not None:
            on_record(record)
        if progress is not None:
            progress(len(records), deals)

    if jobs <= 1 or len(tasks) <= 1:
        for _, number in tasks:
            arrived(play_duplicate_deal(config, players, number, rules))
    else:
        # spawned, not forked: a fork copies the caller's signal handlers (SDL's, in a process
        # that opened a window, turn SIGTERM into a quit event), and a worker that shrugs off
        # the pool's SIGTERM while it waits on the task queue's lock hangs the pool's exit
        with multiprocessing.get_context("spawn").Pool(jobs, _init_worker, (config,)) as pool:
            for record in pool.imap_unordered(_worker_play, tasks, chunksize=1):
                arrived(record)
    return [records[number] for number in sorted(records)]


# --- keeping the records of a long run --------------------------------------------------------


def run_key(config: ArenaConfig) -> dict[str, object]:
    """What must match for records of a file to belong to the same run."""
    return {"a": config.a, "b": config.b, "field": config.field, "seed": config.seed,
            "budget": config.budget, "variant": config.variant}


def save_record(path: Path, key: dict[str, object], record: DealRecord) -> None:
    """Append ``record`` to the run's file (one JSON object a line, flushed at once)."""
    with path.open("a", encoding="utf-8") as out:
        out.write(json.dumps({"run": key, "record": record.to_data()}) + "\n")
        out.flush()


def load_records(path: Path, key: dict[str, object]) -> list[DealRecord]:
    """The records of the run ``key`` kept in ``path`` (none when the file does not exist);
    lines of other runs and a last line cut short are skipped."""
    if not path.exists():
        return []
    out: list[DealRecord] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            data = json.loads(line)
        except json.JSONDecodeError:
            continue  # a line cut short by a run that was stopped
        if data.get("run") == key:
            out.append(DealRecord.from_data(data["record"]))
    return out
