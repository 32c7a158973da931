# The build's cache key for a stored "How it plays" result (only the build and `make simulations` use it, so it lives
# here and not in handfoot, which the browser loads). What a result depends on, as one key: the rules in force (not
# their names or sources), the engine (the source of every handfoot module the simulator runs), and the run's games,
# seed and bot style. A page edit changes none of them, nor does a change to handfoot's words for the pages
# (rule_sentences, describe…), which the simulator never imports; so a build can keep results by this key and rerun only
# what changed.
from __future__ import annotations

import ast
import hashlib
import json
from collections.abc import Sequence
from importlib import resources
from importlib.resources.abc import Traversable

from handfoot.spec import FIELDS
from handfoot.variant import Variant

# Where the engine starts: the modules that play a run and sum it up. The command line, the bridge's runs in parts
# and the words a table shows its figures in (cli, in_parts, report) change no kept figure, so they are not in it.
_START = ("handfoot.simulate.runs", "handfoot.simulate.stats")


def rules_fingerprint(variant: Variant) -> str:
    """The sha256 of the rules in force, by spec path: two rule sets that play alike share it."""
    rules = {spec.path: spec.type.dump(variant[spec.path]) for spec in FIELDS}
    return hashlib.sha256(json.dumps(rules, sort_keys=True).encode()).hexdigest()


def _file(module: str) -> Traversable | None:
    """The source file of a handfoot module ("handfoot.simulate.game"), or None if there is none."""
    *folders, name = module.split(".")[1:] or [""]
    folder = resources.files("handfoot")
    for part in folders:
        folder = folder / part
    if not name:
        return folder / "__init__.py"
    package, plain = folder / name / "__init__.py", folder / f"{name}.py"
    return package if package.is_file() else plain if plain.is_file() else None


def _imports(source: bytes) -> set[str]:
    """The handfoot modules a module imports: ``import handfoot.x``, and ``from handfoot.x import y`` (with y, where
    it is a module of its own). handfoot's modules import absolutely (a relative import would be missed here; the
    fingerprint test makes sure none is written)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {name for name in found if name.split(".")[0] == "handfoot" and _file(name) is not None}


def engine_modules() -> list[str]:
    """Every handfoot module a kept run's figures come from, sorted: the modules that play and sum up a run and,
    followed through their imports, all they import. handfoot's own ``__init__`` only re-exports, and is among them
    only if imported."""
    todo = list(_START)
    seen: set[str] = set()
    while todo:
        module = todo.pop().removesuffix(".__init__")
        if module not in seen:
            seen.add(module)
            path = _file(module)
            todo.extend(_imports(path.read_bytes()) - seen if path is not None else ())
    return sorted(seen)


def engine_fingerprint() -> str:
    """The sha256 of the engine's modules (``engine_modules``), by name and content."""
    digest = hashlib.sha256()
    for module in engine_modules():
        path = _file(module)
        assert path is not None, module
        digest.update(module.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def run_key(
    variant: Variant, games: int, seed: int | str, styles: Sequence[str] = ("plain",), *, engine: str | None = None
) -> str:
    """The key of one run's results: the rules, the engine, and how many games of which seed and bot styles.
    ``engine`` is ``engine_fingerprint()``, worked out here unless given (once for many keys)."""
    engine = engine if engine is not None else engine_fingerprint()
    parts = [rules_fingerprint(variant), engine, str(games), str(seed), ",".join(styles)]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()
