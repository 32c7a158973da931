# The house rules tables change most, as the compare page lists them: for each, the default version's rule, what other
# tables play instead, and which versions here play that. The rows and their values live in
# variants/house-rules/often-changed.yaml (seed 000's "House rules" table); every value is a change to the default
# version, checked as a house rule is, and worded by the spec.
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from handfoot.errors import VariantError
from handfoot.spec import FIELDS_BY_PATH
from handfoot.value_words import value_words
from handfoot.variant import Variant


@dataclass(frozen=True)
class Instead:
    """What other tables play: changes to the default version (spec paths to values), and their words, in which
    ``{path}`` is the rule's value as the spec shows it."""

    changes: Mapping[str, Any]
    words: str


@dataclass(frozen=True)
class OftenChanged:
    """A rule tables change often: its label, the default version's value in words, and what others play."""

    label: str
    words: str
    instead: tuple[Instead, ...]


def _check_words(words: Any, source: str, where: str) -> None:
    """Words whose every ``{path}`` names a rule of the spec."""
    if not isinstance(words, str):
        raise VariantError(source, where, "expected words, with {path} for a rule's value")
    for path in re.findall(r"\{([^}]*)\}", words):
        if path not in FIELDS_BY_PATH:
            raise VariantError(source, where, f"{{{path}}} is not a rule's spec path")


def often_changed(data: Any, source: str) -> tuple[OftenChanged, ...]:
    """The rules of ``data`` (the parsed ``variants/house-rules/often-changed.yaml``), each change checked against the
    spec; a broken entry raises VariantError naming the file, the key and what is allowed."""
    if not isinstance(data, Mapping) or not isinstance(data.get("often_changed"), list):
        raise VariantError(source, "often_changed", "expected a list of rules")
    rows = []
    for index, row in enumerate(data["often_changed"]):
        where = f"often_changed[{index}]"
        if not isinstance(row, Mapping) or set(row) != {"label", "words", "instead"}:
            raise VariantError(source, where, "expected label, words and instead")
        _check_words(row["words"], source, f"{where}.words")
        instead = []
        for other, entry in enumerate(row["instead"] or ()):
            at = f"{where}.instead[{other}]"
            if not isinstance(entry, Mapping) or set(entry) != {"changes", "words"}:
                raise VariantError(source, at, "expected changes and words")
            unknown = [path for path in entry["changes"] if path not in FIELDS_BY_PATH]
            if unknown:
                raise VariantError(source, f"{at}.changes.{unknown[0]}", "expected a rule's spec path")
            _check_words(entry["words"], source, f"{at}.words")
            instead.append(Instead(dict(entry["changes"]), str(entry["words"])))
        rows.append(OftenChanged(str(row["label"]), str(row["words"]), tuple(instead)))
    return tuple(rows)


def _words(words: str, variant: Variant) -> str:
    """``words`` with each ``{path}`` replaced by that rule's value as the pages say it."""
    return re.sub(r"\{([a-z_.]+)\}", lambda m: value_words(variant, m.group(1)), words)


def house_rule_rows(
    variants: Sequence[Variant], default: Variant, rules: Sequence[OftenChanged]
) -> list[dict[str, Any]]:
    """Each of ``rules`` (``often_changed``): its label, the default's value, and each value other tables play with
    the versions here that play it, each marked ``stated`` False where its sources do not state it."""
    rows = []
    for row in rules:
        others = []
        for instead in row.instead:
            house = default.with_changes(instead.changes)
            playing = [
                {
                    "name": v.short_name,
                    "stated": all(v.provenance[path].stated for path in instead.changes),
                }
                for v in variants
                if all(v[path] == house[path] for path in instead.changes)
            ]
            others.append({"text": _words(instead.words, house), "variants": playing})
        rows.append({"label": row.label, "default": _words(row.words, default), "others": others})
    return rows
