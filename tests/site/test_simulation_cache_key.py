"""Results are kept by the rules they were played under and the engine that played them, never by a page's words."""

from __future__ import annotations

import ast

from handfoot import load_variants
from sitebuild.fingerprint import engine_fingerprint, engine_modules, rules_fingerprint, run_key
from testbench.paths import REPO_ROOT

VARIANTS = load_variants(REPO_ROOT / "variants")


def test_a_rule_changes_the_key_and_a_name_does_not() -> None:
    pagat = VARIANTS["pagat-partnership"]
    renamed = pagat.with_changes({}, name="Grandma's table")
    assert renamed.name != pagat.name
    assert rules_fingerprint(renamed) == rules_fingerprint(pagat)
    assert run_key(renamed, 200, 1) == run_key(pagat, 200, 1)
    shorter = pagat.with_changes({"going_out.books": {"clean": 1, "dirty": 1}})
    assert rules_fingerprint(shorter) != rules_fingerprint(pagat)
    # Saskatchewan differs from Pagat in its books alone; Brouillette in its books for three rounds.
    assert len({rules_fingerprint(variant) for variant in VARIANTS.values()}) == len(VARIANTS)


def test_the_run_key_follows_the_games_the_seed_and_the_style() -> None:
    pagat = VARIANTS["pagat-partnership"]
    keys = {run_key(pagat, 200, 1), run_key(pagat, 100, 1), run_key(pagat, 200, 2), run_key(pagat, 200, 1, ["bold"])}
    assert len(keys) == 4
    assert engine_fingerprint() == engine_fingerprint()
    assert len(engine_fingerprint()) == 64


def test_the_engine_is_what_the_simulator_runs_and_not_the_pages_words() -> None:
    """A change to how a page words a rule (rule_sentences, describe, table_questions) keeps every stored result;
    a change to a rule check, the scoring or the spec does not."""
    modules = set(engine_modules())
    assert {
        "handfoot.rules",
        "handfoot.scoring",
        "handfoot.spec",
        "handfoot.variant",
        "handfoot.simulate.turn",
    } <= modules
    assert not {"handfoot.rule_sentences", "handfoot.describe", "handfoot.table_questions", "handfoot.bridge"} & modules
    # Nor how a table words the figures, the command line or the configurator's runs in parts.
    assert not {"handfoot.simulate.report", "handfoot.simulate.cli", "handfoot.simulate.in_parts"} & modules
    assert {"handfoot.simulate.game", "handfoot.simulate.bots", "handfoot.simulate.unsettled"} <= modules
    # The imports are followed as written: absolutely, as everywhere in handfoot.
    for path in (REPO_ROOT / "handfoot").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        assert not [n for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.level], path
