"""Bots by name for the arena: registry names, ``module:factory`` paths and their options.

A bot spec is ``NAME[,key=value...]``. ``NAME`` is a registry name
(:data:`engine.ai.registry.BOTS`, or a measurement bot) or a ``module:factory`` path where the
module is a ``.py`` file or a dotted module name and the factory any callable in it. The
options after the commas are passed to the factory as keywords, numbers as numbers
(``expert,budget=3``, ``expert,samples=200``); an option the factory does not take is an
error. A factory is called with the bot's seed as its only positional argument (a factory that
takes no argument at all is called without it), and with ``budget=SECONDS`` when the run has
a budget, the factory takes one and the spec does not set its own.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import inspect
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, cast

from engine.ai.base import Bot
from engine.ai.registry import BOTS, MEASUREMENT_BOTS
from engine.deal import Deal
from engine.state import DealState


class BotSpecError(ValueError):
    """A bot name that cannot be turned into a bot; the message says why."""


Factory = Callable[..., Any]
_factories: dict[str, Factory] = {}


def split_spec(spec: str) -> tuple[str, dict[str, int | float | str]]:
    """The bot name of ``spec`` and its options (``"expert,budget=3"`` gives
    ``("expert", {"budget": 3})``)."""
    name, *parts = spec.split(",")
    options: dict[str, int | float | str] = {}
    for part in parts:
        key, sep, text = part.partition("=")
        key = key.strip()
        if not sep or not key.isidentifier():
            raise BotSpecError(f"bot {spec!r}: expected key=value options after the name, "
                               f"got {part!r}")
        options[key] = _option_value(text.strip())
    return name.strip(), options


def _option_value(text: str) -> int | float | str:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def _load_module(spec: str, where: str) -> Any:
    if where.endswith(".py") or "/" in where or "\\" in where:
        path = Path(where).expanduser()
        if not path.is_file():
            raise BotSpecError(f"bot {spec!r}: no such file {where!r}")
        path = path.resolve()
        digest = hashlib.sha1(str(path).encode()).hexdigest()[:10]
        name = f"_arena_bot_{path.stem}_{digest}"
        if name in sys.modules:
            return sys.modules[name]
        module_spec = importlib.util.spec_from_file_location(name, path)
        if module_spec is None or module_spec.loader is None:
            raise BotSpecError(f"bot {spec!r}: cannot load {where!r} as a Python module")
        module = importlib.util.module_from_spec(module_spec)
        sys.modules[name] = module
        try:
            module_spec.loader.exec_module(module)
        except Exception as exc:
            del sys.modules[name]
            raise BotSpecError(f"bot {spec!r}: {where} fails to load: "
                               f"{type(exc).__name__}: {exc}") from exc
        return module
    try:
        return importlib.import_module(where)
    except ImportError as exc:
        raise BotSpecError(f"bot {spec!r}: cannot import {where!r} ({exc})") from exc
    except Exception as exc:
        raise BotSpecError(f"bot {spec!r}: {where} fails to load: "
                           f"{type(exc).__name__}: {exc}") from exc


def resolve_factory(spec: str) -> Factory:
    """The factory a bot spec stands for (its options aside): a registry name, or
    ``module:factory`` where the module is a ``.py`` file or a dotted module name and
    ``factory`` is a callable in it (a class or a function; dotted attributes are followed).
    Raises :class:`BotSpecError`."""
    name, _ = split_spec(spec)
    cached = _factories.get(name)
    if cached is not None:
        return cached
    if name in BOTS:
        factory: Factory = BOTS[name]
    elif name in MEASUREMENT_BOTS:
        factory = MEASUREMENT_BOTS[name]
    elif ":" in name:
        where, _, attribute = name.rpartition(":")
        if not where or not attribute:
            raise BotSpecError(f"bot {spec!r}: expected module:factory")
        target: Any = _load_module(spec, where)
        for part in attribute.split("."):
            try:
                target = getattr(target, part)
            except AttributeError:
                raise BotSpecError(f"bot {spec!r}: {where} has no attribute {part!r}") from None
        if not callable(target):
            raise BotSpecError(f"bot {spec!r}: {attribute} is not callable")
        factory = target
    else:
        known = ", ".join(sorted(BOTS))
        raise BotSpecError(f"unknown bot {spec!r} (known bots: {known}; or give a "
                           "module:factory path such as mybots.py:make)")
    _factories[name] = factory
    return factory


def _parameters(factory: Factory) -> list[inspect.Parameter] | None:
    try:
        return list(inspect.signature(factory).parameters.values())
    except (TypeError, ValueError):
        return None  # no signature to read (some built-ins): assume the plain form


def accepts(factory: Factory, keyword: str) -> bool:
    """Whether ``factory`` takes ``keyword`` (by name, or through ``**kwargs``)."""
    parameters = _parameters(factory) or []
    return any(
        (p.name == keyword and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY))
        or p.kind is p.VAR_KEYWORD
        for p in parameters
    )


def accepts_budget(factory: Factory) -> bool:
    """Whether ``factory`` takes a ``budget`` keyword (by name, or through ``**kwargs``)."""
    return accepts(factory, "budget")


def takes_budget(spec: str) -> bool:
    """Whether the bot of ``spec`` takes the run's ``--budget`` (its factory accepts one and
    the spec does not set its own)."""
    _, options = split_spec(spec)
    return "budget" not in options and accepts_budget(resolve_factory(spec))


def _takes_seed(factory: Factory) -> bool:
    parameters = _parameters(factory)
    if parameters is None:
        return True
    return any(p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD, p.VAR_POSITIONAL)
               for p in parameters)


class TrueDeal:
    """What a measurement bot (the omniscient expert) is handed: the deal being played.

    The arena sets ``deal`` before play starts; such a bot reads the true state through
    :meth:`state`, which no player-facing bot ever gets."""

    def __init__(self) -> None:
        self.deal: Deal | None = None

    def state(self) -> DealState:
        if self.deal is None:
            raise RuntimeError("no deal on the table yet")
        return self.deal.state


def build_bot(spec: str, seed: int, budget: float | None = None,
              table: TrueDeal | None = None) -> Bot:
    """A new bot for ``spec`` seeded with ``seed``; ``budget`` (seconds per decision) is passed
    as a keyword to factories that accept it, unless the spec sets its own, and ignored by the
    others. Measurement bots (:data:`engine.ai.registry.MEASUREMENT_BOTS`) also get the
    ``table`` they play at."""
    name, options = split_spec(spec)
    return bot_of(name, seed, options, budget, table, spec)


def bot_of(name: str, seed: int, options: Mapping[str, Any], budget: float | None = None,
           table: TrueDeal | None = None, spec: str | None = None) -> Bot:
    """:func:`build_bot` of a bot ``name`` (a registry name or ``module:factory``) and its
    ``options`` as values, not text (the thinker's :class:`~engine.ai.thinker.BotSpec`)."""
    spec = spec or name
    factory = resolve_factory(name)
    for key in options:
        if not accepts(factory, key):
            raise BotSpecError(f"bot {spec!r}: the factory takes no option {key!r}")
    kwargs: dict[str, Any] = dict(options)
    if budget is not None and "budget" not in kwargs and accepts_budget(factory):
        kwargs["budget"] = budget
    args: tuple[Any, ...] = (seed,) if _takes_seed(factory) else ()
    if name in MEASUREMENT_BOTS:
        args = (seed, (table or TrueDeal()).state)
    try:
        bot = factory(*args, **kwargs)
    except Exception as exc:
        raise BotSpecError(f"bot {spec!r}: the factory failed: "
                           f"{type(exc).__name__}: {exc}") from exc
    if not callable(getattr(bot, "decide", None)):
        raise BotSpecError(f"bot {spec!r}: the factory returned {type(bot).__name__}, "
                           "which has no decide(view) method")
    return cast(Bot, bot)


def check_bot(spec: str, budget: float | None = None) -> None:
    """Raise :class:`BotSpecError` unless ``spec`` builds a bot."""
    release(build_bot(spec, 0, budget))


def release(bot: object) -> None:
    """Let a bot free what it holds (a bot running in another process has a ``close``)."""
    close = getattr(bot, "close", None)
    if callable(close):
        close()


def display_name(spec: str) -> str:
    """A short name for ``spec``: the registry name (with its options), or the ``name`` of the
    bot it builds."""
    name, _ = split_spec(spec)
    if name in BOTS or name in MEASUREMENT_BOTS:
        return spec
    bot = build_bot(spec, 0)
    shown = getattr(bot, "name", None)
    release(bot)
    return shown if isinstance(shown, str) and shown else name.rpartition(":")[2]


def canonical_spec(spec: str) -> str:
    """``spec`` with a file path made absolute, so worker processes find the same file."""
    name, _ = split_spec(spec)
    if name in BOTS or ":" not in name:
        return spec
    where, _, attribute = name.rpartition(":")
    if where.endswith(".py") or "/" in where or "\\" in where:
        path = Path(where).expanduser()
        if path.is_file():
            return f"{path.resolve()}:{attribute}{spec[len(name):]}"
    return spec
