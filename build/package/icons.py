"""The application icon as Windows (``.ico``) and macOS (``.icns``) icon files.

Both formats may hold PNG images, so they are written here from ``sprites/icons/app.png``
with pygame alone: an ``.ico`` is a small directory of images followed by their PNG bytes;
an ``.icns`` is a list of typed chunks, each holding one PNG.
"""

from __future__ import annotations

import io
import os
import struct
from pathlib import Path

#: Sizes of the Windows icon's images.
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
#: macOS chunk types holding PNG images, by size.
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08"}


def png_sizes(source: Path, sizes: tuple[int, ...]) -> dict[int, bytes]:
    """``source`` smooth-scaled to each size, as PNG bytes."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    image = pygame.image.load(str(source))
    out = {}
    for size in sizes:
        scaled = image if image.get_size() == (size, size) else pygame.transform.smoothscale(
            image, (size, size))
        buffer = io.BytesIO()
        pygame.image.save(scaled, buffer, "icon.png")
        out[size] = buffer.getvalue()
    return out


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries = b""
    for size in sizes:
        data = pngs[size]
        side = 0 if size >= 256 else size  # 0 stands for 256
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    return header + entries + b"".join(pngs[size] for size in sizes)


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    chunks = b"".join(ICNS_TYPES[size] + struct.pack(">I", 8 + len(pngs[size])) + pngs[size]
                      for size in sorted(pngs) if size in ICNS_TYPES)
    return b"icns" + struct.pack(">I", 8 + len(chunks)) + chunks


def write_icons(source: Path, folder: Path) -> tuple[Path, Path]:
    """Write ``tarot.ico`` and ``tarot.icns`` into ``folder``; returns their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    ico = folder / "tarot.ico"
    icns = folder / "tarot.icns"
    ico.write_bytes(ico_bytes(png_sizes(source, ICO_SIZES)))
    icns.write_bytes(icns_bytes(png_sizes(source, tuple(ICNS_TYPES))))
    return ico, icns
