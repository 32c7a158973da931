"""Pure helpers for the browser runtime hook: a deterministic zip of a package and content-hashed file names."""

from __future__ import annotations

import hashlib
import zipfile
from io import BytesIO
from pathlib import Path

# Fixed so that the same code always gives the same zip bytes, whatever the files' times on disk.
_ZIP_TIME = (1980, 1, 1, 0, 0, 0)
_ZIP_MODE = 0o100644 << 16


def package_zip(package_dir: Path) -> bytes:
    """Zip every ``*.py`` under ``package_dir`` as ``<package>/...``.

    Names are sorted and timestamps fixed, so identical code gives identical bytes.
    """
    members = {
        f"{package_dir.name}/{path.relative_to(package_dir).as_posix()}": path.read_bytes()
        for path in package_dir.rglob("*.py")
        if "__pycache__" not in path.parts
    }
    buffer = BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name in sorted(members):
            info = zipfile.ZipInfo(name, date_time=_ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = _ZIP_MODE
            archive.writestr(info, members[name], compresslevel=9)
    return buffer.getvalue()


def hashed_name(stem: str, content: bytes, suffix: str) -> str:
    """``stem-<first 12 hex digits of the content's sha256><suffix>``, e.g. ``handfoot-0123456789ab.zip``."""
    return f"{stem}-{hashlib.sha256(content).hexdigest()[:12]}{suffix}"
