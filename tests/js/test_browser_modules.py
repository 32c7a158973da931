"""The browser's pure modules under Node's own test runner (``node --test``): number reading, rules links, saved-game
shape checks, undo and the game model. They start from the data handfoot gives the site, written here for them.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

import handfoot
from sitebuild.variant_data import browser_data

HERE = Path(__file__).resolve().parent
VARIANTS = handfoot.load_variants(HERE.parents[1] / "variants")


# Values of no rule's kind, beside every value a published version gives a rule: what the keeper's kind checks
# (keeper/shape.mjs) are held to against handfoot's own reading (shape.test.mjs).
ODD_VALUES: list[Any] = ["x", "", 1.5, -5, True, False, None, [], {}, [1, "a"], {"a": "b"}, [[1, 2], [3]]]


def rule_values() -> dict[str, Any]:
    """For each rule of the spec, handfoot's reading of values of every kind (``probes``: [value, read or not]); and
    for each published version, the value each rule added after games were saved reads as (``saved_before``)."""
    fields = [field for section in handfoot.SECTIONS for field in section.fields]
    given = [field.type.dump(variant[field.path]) for variant in VARIANTS.values() for field in fields]
    probes = {}
    for field in fields:
        read = []
        for value in [*given, *ODD_VALUES]:
            try:
                field.type.parse(value)
                read.append([value, True])
            except (ValueError, TypeError, KeyError):
                read.append([value, False])
        probes[field.path] = read
    saved = {
        variant_id: {field.path: field.value_saved_before(variant) for field in fields if field.saved_before}
        for variant_id, variant in VARIANTS.items()
    }
    return {"probes": probes, "saved_before": saved}


def test_the_browser_modules_pass_their_node_tests(tmp_path: Path) -> None:
    data = tmp_path / "data.json"
    shown = {**browser_data(VARIANTS), "spec": handfoot.spec_to_json(), "rule_values": rule_values()}
    data.write_text(json.dumps(shown), encoding="utf-8")
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
