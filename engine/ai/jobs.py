"""What a :class:`~engine.ai.thinker.Thinker` is asked and what it answers.

A job is a bot's decision (a :class:`BotSpec` and a seat's view), an analysis or one of the
review's searches; it comes back as one of four frozen results (:data:`Result`). The caller's
side (:mod:`engine.ai.thinker`) and the worker's (:mod:`engine.ai.thinker_worker`) both read
these, so they live apart from either.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from engine.actions import Action
from engine.ai.analysis import Analysis
from engine.ai.expert_search import DEFAULT_BUDGET
from engine.ai.registry import BOTS
from engine.views import SeatView


@dataclass(frozen=True)
class BotSpec:
    """Which bot answers: a registry name or a ``module:factory`` path (as in the arena),
    its seed and its factory's options (``{"budget": 0.25}``). ``key`` says which bot object
    to reuse between decisions: the table gives each seat of each match its own key."""

    name: str
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    key: Hashable = None

    def identity(self) -> tuple[Any, ...]:
        return (self.key, self.name, self.seed, tuple(sorted(self.options.items())))

    def clock(self) -> float | None:
        """The seconds the bot means to think per decision: its ``budget``, the expert's
        default one, nothing for the registry's other bots (they answer at once); ``None``
        when it cannot be told (a fixed number of sampled deals, a bot from a file).

        >>> BotSpec("expert", options={"budget": 3}).clock(), BotSpec("simple").clock()
        (3.0, 0.0)
        >>> BotSpec("expert", options={"samples": 200}).clock() is None
        True
        """
        if "samples" in self.options:
            return None
        if "budget" in self.options:
            return float(self.options["budget"])
        if self.name == "expert":
            return DEFAULT_BUDGET
        return 0.0 if self.name in BOTS else None


@dataclass(frozen=True)
class Answer:
    """A bot's answer to the decision it was asked, and the worker's seconds on it."""

    action: Action
    seconds: float = 0.0


@dataclass(frozen=True)
class Analysed:
    """What :meth:`~engine.ai.thinker.Thinker.submit_analysis` asked for."""

    analysis: Analysis
    seconds: float = 0.0


@dataclass(frozen=True)
class Done:
    """What a task (:data:`engine.ai.thinker_worker.TASKS`) returned."""

    value: Any
    seconds: float = 0.0


#: Why a job failed when no bot is to blame, as :attr:`Failed.error` says it; a caller may
#: word each in its own language. A worker process that died (a crash, a kill):
STOPPED = "the thinking process stopped"
#: A worker that no longer answers at all (stopped by a debugger or a signal, stuck in
#: native code):
SILENT = "the thinking process stopped answering"
#: A decision still running far past its bot's clock (:meth:`BotSpec.clock`):
TOO_LONG = "the decision took far longer than its clock"


@dataclass(frozen=True)
class Failed:
    """No answer, and why: ``"cancelled"``, a bot's error, or one of the thinker's troubles
    (:data:`STOPPED`, :data:`SILENT`, :data:`TOO_LONG`)."""

    error: str
    seconds: float = 0.0


#: A finished job: one of four frozen kinds, each with only the fields it has.
Result = Answer | Analysed | Done | Failed
V = TypeVar("V")


def done_value(result: Result, kind: type[V]) -> V | None:
    """What a task returned, when it finished and returned a ``kind``; else ``None``."""
    return result.value if isinstance(result, Done) and isinstance(result.value, kind) else None


def failure(result: Result, wanted: str) -> str:
    """Why ``result`` brings no ``wanted``: a failed job's error, else "no ``wanted``"."""
    return result.error if isinstance(result, Failed) else f"no {wanted}"


@dataclass(frozen=True)
class Handle:
    """A job submitted to a :class:`~engine.ai.thinker.Thinker`."""

    id: int


@dataclass(frozen=True)
class Request:
    """A job as it travels to a worker."""

    id: int
    view: SeatView | None  # None: a task
    bot: BotSpec | None  # None: an analysis or a task
    analysis: Mapping[str, Any]
    task: str = ""

    def clock(self) -> float | None:
        """How long the job is meant to take, when that can be told (a bot's decision)."""
        return self.bot.clock() if self.bot is not None else None
