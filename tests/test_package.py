"""The packaging helpers: icon files written from the application icon, the Windows version
resource. (The executable itself is built and self-tested by ``build/build.py --check`` in CI.)
"""

from __future__ import annotations

import struct
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from build.package.icons import ICNS_TYPES, ICO_SIZES, write_icons  # noqa: E402

PNG = b"\x89PNG\r\n\x1a\n"


def test_the_ico_holds_one_png_per_size(tmp_path: Path) -> None:
    ico, _ = write_icons(ROOT / "sprites" / "icons" / "app.png", tmp_path)
    data = ico.read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data)
    assert (reserved, kind, count) == (0, 1, len(ICO_SIZES))
    for i, size in enumerate(sorted(ICO_SIZES)):
        width, height, _, _, planes, bits, length, offset = struct.unpack_from(
            "<BBBBHHII", data, 6 + 16 * i)
        assert (width, height) == ((0, 0) if size == 256 else (size, size))
        assert (planes, bits) == (1, 32)
        assert data[offset:offset + 8] == PNG and offset + length <= len(data)
        # the PNG's own header says the same size
        assert struct.unpack_from(">II", data, offset + 16) == (size, size)


def test_the_icns_chunks_add_up(tmp_path: Path) -> None:
    _, icns = write_icons(ROOT / "sprites" / "icons" / "app.png", tmp_path)
    data = icns.read_bytes()
    assert data[:4] == b"icns" and struct.unpack_from(">I", data, 4)[0] == len(data)
    at, kinds = 8, []
    while at < len(data):
        kind, length = data[at:at + 4], struct.unpack_from(">I", data, at + 4)[0]
        assert data[at + 8:at + 16] == PNG
        kinds.append(kind)
        at += length
    assert at == len(data) and sorted(kinds) == sorted(ICNS_TYPES.values())


def test_the_windows_version_resource_carries_the_version() -> None:
    pytest.importorskip("PyInstaller")
    pytest.importorskip("pefile")  # PyInstaller's version resources need it (Windows only)
    from build.package.versioninfo import windows_version

    info = windows_version("1.2.3")
    assert info.ffi.fileVersionMS == (1 << 16) | 2 and info.ffi.fileVersionLS == 3 << 16
    assert "1.2.3" in str(info)
