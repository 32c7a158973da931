"""The compare page's "What each house rule does": for each house rule of ``simulations/house-rules.yaml``, a change
to the default version, how it changes the default's round length, rounds gone out, round score and final margin,
each with the range the change likely lies in. The house rules are played by ``make simulations`` from the same seeds
as the default's compare run and kept in the same results file by run key (sitebuild.simulations); this module only
reads the rules and lays out the kept summaries.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from handfoot import Variant, VariantError
from handfoot.loading import read_yaml
from handfoot.simulate.report import KIND, figure_range, likely, shown, signed, words_for
from handfoot.simulate.stats import Summary, compare
from handfoot.spec import FIELDS_BY_PATH
from handfoot.words import possessive
from sitebuild.errors import BuildError

# Where the house rules are listed, from the repository's root.
HOUSE_RULES_FILE = Path("simulations") / "house-rules.yaml"
# The figures the table shows for each house rule, as changes from the default version's.
EFFECTS = ("turns_per_round.median", "round_end.went_out", "mean_round_score", "median_final_margin")


@dataclass(frozen=True)
class HouseRule:
    """A table's change to the base version (spec paths to values), and the rules it makes."""

    changes: Mapping[str, Any]
    variant: Variant

    def summary(self) -> str:
        """The changes as the simulator's command line takes them: ``going_out.bonus=500``."""
        return ", ".join(f"{path}={json.dumps(value, separators=(',', ':'))}" for path, value in self.changes.items())

    def words(self, base: Variant) -> list[dict[str, str]]:
        """Each changed rule as the configurator lists a change: its label, its value now, and the base's value."""
        team_size = base.whole("players.team_size")
        return [
            {
                "label": FIELDS_BY_PATH[path].label_for(team_size),
                "now": FIELDS_BY_PATH[path].type.show(self.variant[path]),
                "was": FIELDS_BY_PATH[path].type.show(base[path]),
            }
            for path in self.changes
        ]


def load_house_rules(path: Path, base: Variant) -> list[HouseRule]:
    """The house rules listed in ``path``, each put on ``base`` and checked as a variant file is."""
    try:
        data = read_yaml(path, path.name)
        listed = data["house_rules"] if isinstance(data, Mapping) else None
        if not isinstance(listed, list) or not all(isinstance(changes, Mapping) and changes for changes in listed):
            raise BuildError(f"{path.name}: expected house_rules: a list of changes (spec paths to values)")
        return [HouseRule(dict(changes), base.with_changes(changes)) for changes in listed]
    except VariantError as error:
        raise BuildError(f"{path.name}: {error}") from None


def _change_cell(name: str, base: Summary, summary: Summary) -> dict[str, Any]:
    """A house rule's change in one figure: shown with its sign, its likely range, and whether it differs."""
    (difference,) = (d for d in compare(base, summary) if d.name == name)
    low, high = difference.likely
    kind = KIND[name]
    return {
        "text": signed(difference.change, kind),
        "range": likely(low, high, kind, change=True),
        "differs": difference.differs,
    }


def effects_data(
    base: Variant, base_summary: Summary | None, rules: Sequence[HouseRule], summaries: Sequence[Summary | None]
) -> dict[str, Any]:
    """The table's data: its columns, the base version's own figures, and a row per house rule (in the file's order)
    with its words and each figure's change (None for a house rule not played yet)."""
    rows = []
    for rule, summary in zip(rules, summaries, strict=True):
        cells = None
        if summary is not None and base_summary is not None:
            cells = [_change_cell(name, base_summary, summary) for name in EFFECTS]
        rows.append({"changes": rule.words(base), "cells": cells})
    return {
        "columns": [{"name": name, "label": words_for(name), "share": KIND[name] == "share"} for name in EFFECTS],
        "base": None
        if base_summary is None
        else [
            {
                "text": shown(base_summary.figures[name].value, KIND[name]),
                "range": figure_range(base_summary.figures[name], KIND[name]),
            }
            for name in EFFECTS
        ],
        "base_name": base.name,
        "base_possessive": possessive(base.name),
        "rows": rows,
        "missing": sum(1 for row in rows if row["cells"] is None),
        "games": base_summary.games if base_summary is not None else 0,
    }
