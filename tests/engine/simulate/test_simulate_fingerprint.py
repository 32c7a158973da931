"""Results are kept by the rules they were played under and the engine that played them, never by a page's words."""

from __future__ import annotations

from sim_games import VARIANTS

from handfoot.simulate.fingerprint import engine_fingerprint, rules_fingerprint, run_key


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
