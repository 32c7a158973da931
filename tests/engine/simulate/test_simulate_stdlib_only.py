"""The simulator is part of handfoot, which runs on the standard library alone (in CPython and in the browser)."""

from __future__ import annotations

import ast
import sys

from testbench.paths import REPO_ROOT

SIMULATE = REPO_ROOT / "handfoot" / "simulate"


def test_the_simulator_imports_only_the_standard_library_and_handfoot() -> None:
    files = sorted(SIMULATE.glob("*.py"))
    assert len(files) > 5
    allowed = set(sys.stdlib_module_names) | {"handfoot"}
    outside = []
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
            names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            outside += [f"{path.name}: {name}" for name in names if name.partition(".")[0] not in allowed]
    assert outside == []
