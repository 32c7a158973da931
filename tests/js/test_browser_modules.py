"""The browser's pure modules under Node's own test runner (``node --test``): number reading, rules links, saved-game
shape checks, undo and the game model. They start from the data handfoot gives the site, written here for them.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import handfoot
from handfoot.variant import TEXT_MOST as VARIANT_TEXT_MOST
from hooks.variant_data import browser_data

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


# Issue 38: house changes are put on a version by handfoot (Variant.with_changes); the keeper sends its house values
# and rules links, and the helper its house sets, to handfoot as they are. The configurator still builds its rules
# in the browser (rulesets.mjs buildMapping), which must give the very same rules, names, sources and provenance.
BUILD_MAPPINGS = """
import { buildMapping } from "RULESETS";
const { variants, most, drafts, url } = JSON.parse(process.argv[1]);
console.log(JSON.stringify(drafts.map((draft) => buildMapping(variants[draft.base], draft, url, most))));
"""
DRAFTS = [
    {"base": "pagat-partnership", "name": "Grandma's täble", "changes": {"pile.cards_needed": 3, "books.clean": 600}},
    {"base": "simpson", "name": "", "changes": {"going_out.books": {"clean": 1, "dirty": 1}}},
    {"base": "bicycle", "name": "  Friday   club ", "changes": {}},
    {"base": "brouillette", "name": "", "changes": {}},
]


def test_the_browsers_house_rules_are_handfoots() -> None:
    url = "https://example.org/configurator/#rules=abc"
    data = {"variants": {k: v.to_mapping() for k, v in VARIANTS.items()}, "most": VARIANT_TEXT_MOST, "url": url}
    script = BUILD_MAPPINGS.replace("RULESETS", (HERE.parents[1] / "docs/assets/js/rulesets.mjs").as_uri())
    result = subprocess.run(
        ["node", "--input-type=module", "-e", script, json.dumps({**data, "drafts": DRAFTS})],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    built = json.loads(result.stdout)
    for draft, mapping in zip(DRAFTS, built, strict=True):
        expected = VARIANTS[draft["base"]].with_changes(draft["changes"], name=draft["name"], share_url=url)
        assert handfoot.Variant.from_mapping(mapping, "browser").to_mapping() == expected.to_mapping(), draft
