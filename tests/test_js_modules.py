"""Every browser module parses, and none of them types a number of the game: those come from variants/*.yaml."""

import re
import subprocess
from pathlib import Path

import pytest

JS = Path(__file__).resolve().parent.parent / "docs" / "assets" / "js"
MODULES = sorted(JS.rglob("*.mjs"))
# Point values that appear in the variants; a literal one in browser code would be a second copy of a rule.
GAME_NUMBERS = re.compile(r"(?<![\w.#-])(?:100|150|300|500|1500|1,500)(?![\w.%])")


def test_there_are_modules_to_check() -> None:
    assert len(MODULES) >= 10


@pytest.mark.parametrize("module", MODULES, ids=lambda path: str(path.relative_to(JS)))
def test_module_parses(module: Path) -> None:
    result = subprocess.run(["node", "--check", str(module)], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("module", MODULES, ids=lambda path: str(path.relative_to(JS)))
def test_module_types_no_point_value(module: Path) -> None:
    code = module.read_text(encoding="utf-8")
    assert not GAME_NUMBERS.findall(code), f"{module.name} holds a literal point value"
