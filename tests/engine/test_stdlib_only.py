"""handfoot runs on the standard library alone: PyYAML is needed only to read variants/*.yaml."""

from __future__ import annotations

import ast
import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

from handfoot import load_variants
from testbench.paths import REPO_ROOT

REPO = REPO_ROOT
PACKAGE = REPO / "handfoot"

# Written beside a copy of handfoot and run with -E -s -S: no PYTHON* variables, no user site and no site-packages
# (so neither PyYAML nor the editable install); the script's folder is the only one on sys.path besides the standard
# library's. A meta path finder also refuses every module outside the standard library and handfoot.
CHILD = r"""
import json
import sys

variant_file = sys.argv[1]
before = set(sys.modules)


class StdlibOnly:
    def find_spec(self, name, path=None, target=None):
        top = name.partition(".")[0]
        if top in sys.stdlib_module_names or top == "handfoot":
            return None
        raise ImportError(f"{name} is not in the standard library")


sys.meta_path.insert(0, StdlibOnly())

try:
    import yaml  # noqa: F401
except ImportError:
    pass
else:
    raise SystemExit("PyYAML was importable, so this run proves nothing")

import handfoot
from handfoot import Variant, check_meld, check_opening, score_game, score_round

with open(variant_file, encoding="utf-8") as handle:
    variant = Variant.from_mapping(json.load(handle), variant_file)

from handfoot.examples import seed_tally

tally = seed_tally("seed_000_out")
result = score_round(variant, tally)
other = seed_tally("seed_001_short")
game = score_game(variant, [[tally, other]])
new = {name.partition(".")[0] for name in set(sys.modules) - before}
outside = sorted(new - set(sys.stdlib_module_names) - {"handfoot"})
print(json.dumps({
    "total": result["total"],
    "lines": result["lines"],
    "game": game["totals"],
    "meld": check_meld(variant, "9 9 9 2").ok,
    "opening": check_opening(variant, 1, ["6 6 6 6 6 6 6"]).reason,
    "outside": outside,
    "yaml_loaded": "yaml" in sys.modules,
    "file": handfoot.__file__,
}))
"""


def test_scoring_runs_without_pyyaml(tmp_path: Path) -> None:
    pagat = load_variants(REPO / "variants")["pagat-partnership"]
    variant_file = tmp_path / "pagat-partnership.json"
    variant_file.write_text(json.dumps(pagat.to_mapping()), encoding="utf-8")
    alone = tmp_path / "alone"
    copy = shutil.copytree(PACKAGE, alone / "handfoot", ignore=shutil.ignore_patterns("__pycache__"))
    script = alone / "score.py"
    script.write_text(CHILD, encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-E", "-s", "-S", str(script), str(variant_file)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    assert report["total"] == 3615
    assert [line["points"] for line in report["lines"]] == [1000, 600, 1500, 415, 100, 0]
    assert report["game"] == [3615, 860]
    assert report["meld"] is True
    assert report["opening"] == "Round 1 needs 50 points in the first meld; these cards make 35."
    assert report["outside"] == []
    assert report["yaml_loaded"] is False
    assert Path(report["file"]).resolve() == (copy / "__init__.py").resolve()


def _imports(tree: ast.AST, in_function: bool = False) -> Iterator[tuple[str, int, bool]]:
    """Every absolute import's top-level module, its line, and whether it sits inside a function."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name.partition(".")[0], node.lineno, in_function
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module.partition(".")[0], node.lineno, in_function
        inner = in_function or isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
        yield from _imports(node, inner)


def test_every_import_is_standard_library_or_handfoot() -> None:
    files = sorted(PACKAGE.glob("*.py"))
    assert files, "no handfoot/*.py found"
    allowed = set(sys.stdlib_module_names) | {"handfoot"}
    problems = []
    yaml_imports = []
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for module, line, in_function in _imports(tree):
            if module == "yaml":
                yaml_imports.append((path.name, line, in_function))
                if path.name != "loading.py" or not in_function:
                    problems.append(f"{path.name}:{line}: yaml imported outside a function of loading.py")
            elif module not in allowed:
                problems.append(f"{path.name}:{line}: {module} is not in the standard library")
    assert problems == []
    assert yaml_imports, "loading.py no longer imports yaml: update this test"
    assert all(name == "loading.py" and inside for name, _, inside in yaml_imports)


def test_the_import_check_sees_imports() -> None:
    tree = ast.parse("import os\nimport yaml\ndef f():\n    import yaml\n    from json import loads\n")
    assert list(_imports(tree)) == [("os", 1, False), ("yaml", 2, False), ("yaml", 4, True), ("json", 5, True)]
