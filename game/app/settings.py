"""The player's settings, kept as JSON in the user's config folder.

A damaged or hand-edited settings file never stops the game: unknown keys are dropped and a
bad value falls back to its default, with the problems listed in ``Settings.load``'s
warnings so the menu can say what was ignored.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from engine.inputs import InputError, excerpt, load_json, read_text
from engine.length import MatchLength
from engine.saves import write_atomic
from game.app import paths
from game.app.i18n import languages, tr
from game.app.names import clean_name

#: The smallest and the largest window size a screen is laid out for (what ``--size`` and a
#: saved window size may be, and what the window draws within).
SMALLEST = (320, 240)
LARGEST = (8192, 8192)

ANIMATION_SPEEDS = ("slow", "normal", "fast", "instant")
CARD_BACKS = ("blue", "red", "green")
#: The letters on the heads' corners: those of the interface's language, or always the French
#: ones (R D C V), or always the English ones (K Q C J).
CARD_INDICES = ("language", "fr", "en")
#: How long a finished trick stays on the table before it is gathered, or until a click.
TRICK_PAUSES = ("short", "normal", "long", "click")
#: The lengths a new match may have: no end, a number of rounds (each seat deals once a
#: round), or a score a running total reaches, up or down (see :mod:`engine.length`).
MATCH_LENGTHS = ("none", "rounds-1", "rounds-2", "rounds-4", "target-500", "target-1000")


class SettingsProblem(str):
    """Something of the settings file that was not used, as its English line (so that it
    reads as text anywhere), with the problem as data: ``key`` says what (``settings_unreadable``,
    ``settings_not_an_object``, ``settings_ignored``, ``settings_unknown``), ``values`` the
    details and ``where`` the file's name, for :func:`game.app.i18n.problem_text` to put it into
    the player's language."""

    key: str
    values: dict[str, str]
    where: str

    def __new__(cls, english: str, key: str, values: dict[str, str], where: str
                ) -> SettingsProblem:
        problem = super().__new__(cls, english)
        problem.key, problem.values, problem.where = key, values, where
        return problem


@dataclass(frozen=True)
class Settings:
    player_name: str = "You"
    players: int = 4
    bot_level: str = "simple"
    variant: str = "fft"
    match_length: str = "none"  # one of MATCH_LENGTHS
    sound: bool = True
    animation_speed: str = "normal"
    card_back: str = "blue"
    four_colour: bool = False
    language: str = "en"
    card_indices: str = "language"
    trick_pause: str = "normal"
    highlight_winner: bool = True
    ask_slam: bool = True  # asked after the discard; off: the table answers "no slam" itself
    full_screen: bool = False  # the window covers the desktop (F11 switches it)
    window_size: tuple[int, int] = (1280, 720)

    @property
    def animation_factor(self) -> float:
        """Multiplier for animation durations (0 = instant)."""
        return {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}[self.animation_speed]

    @property
    def trick_seconds(self) -> float | None:
        """Seconds a finished trick stays (at the normal animation speed); ``None``: until the
        player clicks."""
        return {"short": 0.4, "normal": 0.85, "long": 1.8, "click": None}[self.trick_pause]

    @property
    def dog_seconds(self) -> float | None:
        """Seconds the turned-over dog stays face up on its own, at the player's pace (a dog
        has more to read than a trick); ``None``: until the player clicks."""
        return {"short": 3.0, "normal": 5.0, "long": 8.0, "click": None}[self.trick_pause]

    @property
    def indices(self) -> str:
        """The index letters the card faces are drawn with: ``"en"`` or ``"fr"``."""
        if self.card_indices in ("en", "fr"):
            return self.card_indices
        letters = tr("card_indices_of_language", self.language)  # each catalog says which
        return letters if letters in ("en", "fr") else "en"

    def with_(self, **changes: Any) -> Settings:
        return replace(self, **changes)

    @staticmethod
    def load(path: Path | None = None) -> tuple[Settings, list[SettingsProblem]]:
        """Settings from ``path`` (default: the user's file) and the problems found."""
        file = path or paths.settings_file()
        if not os.path.lexists(file):
            return Settings(), []
        try:
            data = load_json(read_text(file, "settings"), file.name)
        except InputError as exc:
            why = str(exc).replace(str(file), file.name)
            return Settings(), [SettingsProblem(
                f"{why}; the default settings are used", "settings_unreadable", {"why": why}, "")]
        if not isinstance(data, dict):
            return Settings(), [SettingsProblem(
                f"{file.name}: not a settings object; defaults used", "settings_not_an_object",
                {}, file.name)]
        problems: list[SettingsProblem] = []
        values: dict[str, Any] = {}
        defaults = Settings()
        for f in fields(Settings):
            if f.name not in data:
                continue
            value = data[f.name]
            if f.name == "window_size":
                ok = (isinstance(value, list) and len(value) == 2
                      and all(isinstance(v, int) and low <= v <= high
                              for v, low, high in zip(value, SMALLEST, LARGEST, strict=True)))
                value = tuple(value) if ok else None
            else:
                ok = _valid(f.name, value, getattr(defaults, f.name))
                if ok and f.name == "player_name":
                    value = clean_name(value)  # no control characters, one line
            if ok:
                values[f.name] = value
            else:
                shown = excerpt(data[f.name])
                problems.append(SettingsProblem(
                    f"{file.name}: {f.name} = {shown} ignored", "settings_ignored",
                    {"name": f.name, "value": shown}, file.name))
        unknown = [key for key in data if key not in {f.name for f in fields(Settings)}]
        for key in unknown[:3]:
            problems.append(SettingsProblem(
                f"{file.name}: unknown setting {excerpt(key)} ignored", "settings_unknown",
                {"name": excerpt(key)}, file.name))
        return replace(defaults, **values), problems

    def save(self, path: Path | None = None) -> None:
        """Write every setting to ``path`` (default: the user's file)."""
        write_atomic(path or paths.settings_file(), _text(_plain(asdict(self))))

    def changes_from(self, before: Settings) -> dict[str, Any]:
        """The settings in which these differ from ``before``, by name."""
        return {f.name: getattr(self, f.name) for f in fields(Settings)
                if getattr(self, f.name) != getattr(before, f.name)}


def save_changes(changes: dict[str, Any], path: Path | None = None) -> None:
    """Write ``changes`` (settings by name) into the settings file, over what it holds now:
    a value edited by hand while the game ran stays as it was, and one that this run only
    uses (a command-line choice) is never written."""
    file = path or paths.settings_file()
    write_atomic(file, _text({**_held(file), **_plain(changes)}))


def _plain(values: dict[str, Any]) -> dict[str, Any]:
    """Settings as the file keeps them (the window's size a list)."""
    return {key: list(value) if isinstance(value, tuple) else value
            for key, value in values.items()}


def _text(data: dict[str, Any]) -> str:
    return json.dumps(data, indent=2) + "\n"


def _held(file: Path) -> dict[str, Any]:
    """What the settings file holds now, as it is (settings this version does not know
    included); nothing when there is none or it is no settings object."""
    if not os.path.lexists(file):
        return {}
    try:
        data = load_json(read_text(file, "settings"), file.name)
    except InputError:
        return {}
    return data if isinstance(data, dict) else {}


def match_length(choice: str, players: int) -> MatchLength:
    """The length of a match of ``players`` that ``choice`` (of :data:`MATCH_LENGTHS`) gives.

    >>> match_length("rounds-2", 5).deals, match_length("target-500", 4).target
    (10, 500)
    """
    kind, _, count = choice.partition("-")
    if kind == "rounds":
        return MatchLength.rounds(int(count), players)
    if kind == "target":
        return MatchLength(target=int(count))
    return MatchLength()


def _levels() -> tuple[str, ...]:
    from engine.ai import BOTS

    return tuple(BOTS)


def _variants() -> tuple[str, ...]:
    from engine.rules import RulesError, list_variants

    try:
        return tuple(list_variants())
    except RulesError:  # the game says so, and stops, before any window opens
        return ("fft",)


def _valid(name: str, value: object, default: object) -> bool:
    if type(value) is not type(default):
        return False
    choices: tuple[object, ...] | None = {
        "animation_speed": ANIMATION_SPEEDS,
        "language": tuple(languages()),  # English and one per catalog in game/locale
        "card_back": CARD_BACKS,
        "card_indices": CARD_INDICES,
        "trick_pause": TRICK_PAUSES,
        "players": (3, 4, 5),
        "match_length": MATCH_LENGTHS,
    }.get(name)
    if name == "bot_level":  # the bots and the rules file, only when the file names one
        choices = _levels()
    elif name == "variant":
        choices = _variants()
    if choices is not None and value not in choices:
        return False
    return not (name == "player_name" and not (isinstance(value, str) and 0 < len(value) <= 24
                                               and clean_name(value, "")))
