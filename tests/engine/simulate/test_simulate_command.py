"""The command line: python -m handfoot.simulate VARIANT_OR_YAML --games N --seed S [--jobs J] [--json]."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from testbench.paths import REPO_ROOT


def simulate(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "handfoot.simulate", *args],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_json_for_a_published_version_on_two_processes() -> None:
    run = simulate("pagat-partnership", "--games", "6", "--seed", "4", "--jobs", "2", "--json")
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert (out["games"], out["rounds"], out["violations"]) == (6, 24, 0)
    assert out["turns_per_round"]["p10"] <= out["turns_per_round"]["median"] <= out["turns_per_round"]["p90"]
    assert out["round_end"]["went_out"] + out["round_end"]["stock_out"] == 1
    assert isinstance(out["mean_round_score"], float)
    assert out["median_final_margin"] >= 0
    assert "played 6 of 6 games" in run.stderr


def test_a_yaml_file_of_house_rules_prints_the_table(tmp_path: Path) -> None:
    house = tmp_path / "quick-table.yaml"
    house.write_text(
        "name: Quick table\nextends: pagat-partnership\nsources:\n  us: {title: Our table}\n"
        "rules:\n  going_out:\n    books: {clean: 1, dirty: 1}\n"
        "provenance:\n  going_out.books: {stated: [us]}\n",
        encoding="utf-8",
    )
    run = simulate(str(house), "--games", "3", "--seed", "1", "--against", "pagat-partnership")
    assert run.returncode == 0, run.stderr
    assert "How it plays: Quick table (3 games, 12 rounds)" in run.stdout
    assert "Rounds ended by going out" in run.stdout
    assert "Checks: 0 violations." in run.stdout
    assert "Bots, not people. Use it to compare rule sets, not to predict your table." in run.stdout
    assert "Quick table (A) against Pagat partnership (B)" in run.stdout


def test_an_unknown_version_is_named() -> None:
    run = simulate("no-such-rules", "--games", "1")
    assert run.returncode == 2
    assert "no-such-rules" in run.stderr
    assert "pagat-partnership" in run.stderr
