"""Deterministic zips of a Python package's sources: the same code always gives the same bytes."""

from __future__ import annotations

import zipfile
from collections.abc import Mapping
from io import BytesIO
from pathlib import Path

# Fixed so that the same code always gives the same zip bytes, whatever the files' times on disk.
_ZIP_TIME = (1980, 1, 1, 0, 0, 0)
_ZIP_MODE = 0o100644 << 16


def package_sources(package_dir: Path) -> dict[str, bytes]:
    """Every ``*.py`` under ``package_dir``, named as ``<package>/...``."""
    return {
        f"{package_dir.name}/{path.relative_to(package_dir).as_posix()}": path.read_bytes()
        for path in package_dir.rglob("*.py")
        if "__pycache__" not in path.parts
    }


def deterministic_zip(members: Mapping[str, bytes]) -> bytes:
    """Zip ``members`` with sorted names and fixed timestamps, so that identical members give identical bytes."""
    buffer = BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name in sorted(members):
            info = zipfile.ZipInfo(name, date_time=_ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = _ZIP_MODE
            archive.writestr(info, members[name], compresslevel=9)
    return buffer.getvalue()


def package_zip(package_dir: Path) -> bytes:
    """The package's sources, zipped deterministically."""
    return deterministic_zip(package_sources(package_dir))
