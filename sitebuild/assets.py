"""Files the build adds to the site: their address, where their bytes come from, and content-hashed names."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Asset:
    """A file to add to the site at ``uri``: its ``content``, as bytes or as the file on disk that holds them."""

    uri: str
    content: bytes | Path


def hashed_name(stem: str, content: bytes, suffix: str) -> str:
    """``stem-<first 12 hex digits of the content's sha256><suffix>``, e.g. ``handfoot-0123456789ab.zip``."""
    return f"{stem}-{hashlib.sha256(content).hexdigest()[:12]}{suffix}"


def hashed_asset(stem: str, suffix: str, content: bytes) -> Asset:
    """``content`` under its content-hashed name, so that a host may cache it for good."""
    return Asset(hashed_name(stem, content, suffix), content)


def compact_json(data: Any) -> bytes:
    """``data`` as UTF-8 JSON with no spaces, as the browser fetches it."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
