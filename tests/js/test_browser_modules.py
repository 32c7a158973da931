"""The browser's pure modules under Node's own test runner (``node --test``): number reading, rules links, saved-game
shape checks, undo and the game model. They start from the data handfoot gives the site, written here for them.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import handfoot
from sitebuild.variant_data import browser_data

HERE = Path(__file__).resolve().parent
VARIANTS = handfoot.load_variants(HERE.parents[1] / "variants")


def test_the_browser_modules_pass_their_node_tests(tmp_path: Path) -> None:
    data = tmp_path / "data.json"
    data.write_text(json.dumps({**browser_data(VARIANTS), "spec": handfoot.spec_to_json()}), encoding="utf-8")
    tests = sorted(str(path) for path in HERE.glob("*.test.mjs"))
    assert tests, "no Node tests found"
    result = subprocess.run(
        ["node", "--test", "--test-reporter=dot", *tests],
        capture_output=True,
        text=True,
        env={**os.environ, "HF_DATA": str(data), "NODE_NO_WARNINGS": "1"},
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
