# What a stored "How it plays" result depends on, as one key: the rules in force (not their names or sources), the
# engine (handfoot's source, the simulator included), and the run's games, seed and bot style. A page edit changes
# none of them, so a build can keep results by this key and rerun only what changed.
from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Sequence
from importlib import resources
from importlib.abc import Traversable

from handfoot.spec import FIELDS
from handfoot.variant import Variant


def rules_fingerprint(variant: Variant) -> str:
    """The sha256 of the rules in force, by spec path: two rule sets that play alike share it."""
    rules = {spec.path: spec.type.dump(variant[spec.path]) for spec in FIELDS}
    return hashlib.sha256(json.dumps(rules, sort_keys=True).encode()).hexdigest()


def _sources(folder: Traversable, prefix: str = "") -> Iterator[tuple[str, bytes]]:
    for entry in sorted(folder.iterdir(), key=lambda item: item.name):
        if entry.is_dir() and entry.name != "__pycache__":
            yield from _sources(entry, f"{prefix}{entry.name}/")
        elif entry.name.endswith(".py"):
            yield f"{prefix}{entry.name}", entry.read_bytes()


def engine_fingerprint() -> str:
    """The sha256 of every module of handfoot (the simulator included), by name and content."""
    digest = hashlib.sha256()
    for name, content in _sources(resources.files("handfoot")):
        digest.update(name.encode() + b"\0" + hashlib.sha256(content).digest())
    return digest.hexdigest()


def run_key(variant: Variant, games: int, seed: int | str, styles: Sequence[str] = ("plain",)) -> str:
    """The key of one run's results: the rules, the engine, and how many games of which seed and bot styles."""
    parts = [rules_fingerprint(variant), engine_fingerprint(), str(games), str(seed), ",".join(styles)]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()
