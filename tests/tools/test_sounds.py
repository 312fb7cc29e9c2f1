"""The synthesised sound effects: the committed files and the generator that makes them.

Every check runs twice: on the WAV files committed under ``sounds/`` and on a fresh set the
generator writes into a temporary folder. The files must load in pygame's mixer (dummy audio
driver), be short, sit at a sensible level without clipping, start and end in near silence,
and come out byte-identical from two runs.
"""

from __future__ import annotations

import math
import os
import sys
import wave
from array import array
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from build.sound import synth
from tests.helpers.paths import ROOT

COMMITTED = ROOT / "sounds"
EXPECTED = [
    "card_play", "card_slide", "deal", "shuffle", "trick",
    "bid", "contract_made", "contract_lost", "slam",
]
FULL_SCALE = 32768
MAX_BYTES = 150 * 1024


def read(path: Path) -> tuple[int, list[float]]:
    """The sample rate and the samples, scaled so that full scale is 1.0."""
    with wave.open(str(path), "rb") as f:
        assert f.getnchannels() == 1, "sounds are mono"
        assert f.getsampwidth() == 2, "sounds are 16-bit"
        rate = f.getframerate()
        pcm = array("h", f.readframes(f.getnframes()))
    if sys.byteorder == "big":
        pcm.byteswap()
    return rate, [v / FULL_SCALE for v in pcm]


def dbfs(level: float) -> float:
    return 20.0 * math.log10(level) if level > 0 else -math.inf


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("generated")
    written = synth.make(out)
    assert sorted(written) == sorted(out / "sounds" / f"{name}.wav" for name in EXPECTED)
    return out / "sounds"


@pytest.fixture(params=["committed", "generated"])
def folder(request: pytest.FixtureRequest, generated: Path) -> Path:
    return COMMITTED if request.param == "committed" else generated


@pytest.fixture(scope="module")
def mixer() -> Iterator[None]:
    try:
        pygame.mixer.init()
    except pygame.error as exc:
        pytest.skip(f"pygame's mixer cannot start on this machine: {exc}")
    yield
    pygame.mixer.quit()


def test_exactly_the_expected_files(folder: Path) -> None:
    present = sorted(p.stem for p in folder.glob("*.wav"))
    assert present == sorted(EXPECTED)


@pytest.mark.parametrize("name", EXPECTED)
def test_format_length_and_size(folder: Path, name: str) -> None:
    path = folder / f"{name}.wav"
    assert path.is_file(), f"missing {path}"
    rate, x = read(path)
    assert rate in (22050, 44100)
    assert 0.04 <= len(x) / rate <= 2.5, f"{name} lasts {len(x) / rate:.3f} s"
    assert path.stat().st_size < MAX_BYTES


@pytest.mark.parametrize("name", EXPECTED)
def test_level_without_clipping(folder: Path, name: str) -> None:
    _, x = read(folder / f"{name}.wav")
    peak = max(abs(v) for v in x)
    assert -6.0 <= dbfs(peak) <= -0.5, f"{name} peaks at {dbfs(peak):.2f} dBFS"
    assert not any(abs(v) >= 32767 / FULL_SCALE for v in x), f"{name} clips"
    rms = math.sqrt(sum(v * v for v in x) / len(x))
    assert dbfs(rms) > -40.0, f"{name} is nearly silent ({dbfs(rms):.1f} dBFS RMS)"


@pytest.mark.parametrize("name", EXPECTED)
def test_quiet_ends(folder: Path, name: str) -> None:
    rate, x = read(folder / f"{name}.wav")
    head, tail = x[: rate // 2000], x[-rate // 200 :]  # the first 0.5 ms, the last 5 ms
    assert abs(x[0]) < 0.002 and abs(x[-1]) < 0.002
    assert max(abs(v) for v in head) < 0.03, f"{name} starts with a click"
    assert max(abs(v) for v in tail) < 0.02, f"{name} is cut off at the end"


@pytest.mark.parametrize("name", EXPECTED)
def test_loads_in_the_mixer(mixer: None, folder: Path, name: str) -> None:
    sound = pygame.mixer.Sound(str(folder / f"{name}.wav"))
    assert 0.04 <= sound.get_length() <= 2.5


def test_generator_is_deterministic(tmp_path: Path) -> None:
    first = synth.make(tmp_path / "one")
    second = synth.make(tmp_path / "two")
    assert [p.name for p in first] == [p.name for p in second]
    for a, b in zip(first, second, strict=True):
        assert a.read_bytes() == b.read_bytes(), f"{a.name} differs between runs"
