"""How many wild cards a meld may hold, and which rule sets that: a cap of its own, the natural cards needed for each
wild card, or the natural cards a meld with wild cards needs. One place for the rules check, the helper's citation and
the pages' words."""

from __future__ import annotations

from handfoot.spec import RulesByPath

# The rules that may limit wild cards, in the order a tie names them.
LIMIT_RULES = ("melds.max_wilds", "melds.wild_ratio", "melds.min_naturals")


def wild_limits(rules: RulesByPath, size: int) -> dict[str, int]:
    """The most wild cards a meld of ``size`` cards may hold under each rule that limits them, by spec path."""
    limits = {"melds.min_naturals": max(0, size - rules["melds.min_naturals"])}
    if rules["melds.wild_ratio"]:
        limits["melds.wild_ratio"] = size // (rules["melds.wild_ratio"] + 1)
    if rules["melds.max_wilds"] is not None:
        limits["melds.max_wilds"] = rules["melds.max_wilds"]
    return limits


def wild_limit_rule(rules: RulesByPath, size: int) -> str:
    """The rule that sets the most wild cards a meld of ``size`` cards may hold: the tightest of ``LIMIT_RULES``; on a
    tie, the first of them."""
    limits = wild_limits(rules, size)
    tightest = min(limits.values())
    return next(path for path in LIMIT_RULES if limits.get(path) == tightest)
