"""The version resource of the Windows executable (File > Properties > Details)."""

from __future__ import annotations

from typing import Any


def windows_version(version: str) -> Any:
    """PyInstaller's version structure for ``version`` (``"1.2.3"``)."""
    from PyInstaller.utils.win32.versioninfo import (
        FixedFileInfo,
        StringFileInfo,
        StringStruct,
        StringTable,
        VarFileInfo,
        VarStruct,
        VSVersionInfo,
    )

    numbers = [int(part) for part in version.split(".")[:4] if part.isdigit()]
    numbers += [0] * (4 - len(numbers))
    quad = tuple(numbers)
    strings = [
        StringStruct("CompanyName", "Tarot table"),
        StringStruct("FileDescription", "French Tarot for 3, 4 and 5 players"),
        StringStruct("FileVersion", version),
        StringStruct("InternalName", "tarot"),
        StringStruct("OriginalFilename", "tarot.exe"),
        StringStruct("ProductName", "French Tarot"),
        StringStruct("ProductVersion", version),
    ]
    return VSVersionInfo(
        ffi=FixedFileInfo(filevers=quad, prodvers=quad),
        kids=[StringFileInfo([StringTable("040904B0", strings)]),
              VarFileInfo([VarStruct("Translation", [0x0409, 1200])])],
    )
