"""Every situation the rules leave open is decided in one place, named and listed, ready to become a rule."""

from __future__ import annotations

import inspect

from handfoot.simulate import GAPS, unsettled
from handfoot.spec import FIELDS_BY_PATH


def test_every_decision_of_the_simulator_is_listed_once_with_the_rules_it_touches() -> None:
    decided = {
        name
        for name, value in vars(unsettled).items()
        if not name.startswith("_")
        and (name.isupper() or (inspect.isfunction(value) and value.__module__ == unsettled.__name__))
    } - {"GAPS"}
    keys = [gap.key for gap in GAPS]
    assert sorted(keys) == sorted(decided)
    for gap in GAPS:
        assert gap.rules, gap.key
        assert all(path in FIELDS_BY_PATH for path in gap.rules), gap.key
        assert gap.decision.endswith(".")
        assert gap.decision.count(". ") == 0, gap.key
        assert len(gap.decision) <= 110, gap.key
