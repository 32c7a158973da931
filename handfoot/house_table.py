# The house rules tables change most, as the compare page lists them: for each, the default version's rule, what other
# tables play instead, and which versions here play that. The rows and their other values are seed 000's "House rules"
# table (backed by the project's notes on house rules seen); every value is a change to the default version, checked
# as a house rule is, and worded by the spec.
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from handfoot.spec import FIELDS_BY_PATH
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


OFTEN_CHANGED: tuple[OftenChanged, ...] = (
    OftenChanged(
        "Decks",
        "{decks.count} for {players.count} players",
        (Instead({"decks.more_than_players": 1}, "{decks.more_than_players}, at any number of players"),),
    ),
    OftenChanged(
        "Cards in the hand and the foot",
        "{deal.hand_size} and {deal.foot_size}",
        (
            Instead({"deal.hand_size": 11, "deal.foot_size": 11}, "{deal.hand_size} and {deal.foot_size}"),
            Instead({"deal.hand_size": 11, "deal.foot_size": 13}, "{deal.hand_size} and {deal.foot_size}"),
        ),
    ),
    OftenChanged(
        "Cards taken from the discard pile", "the top {pile.take}", (Instead({"pile.take": None}, "{pile.take}"),)
    ),
    OftenChanged(
        "Books needed to go out",
        "{going_out.books}",
        (Instead({"going_out.books": {"clean": 1, "dirty": 1}}, "{going_out.books}"),),
    ),
    OftenChanged(
        "Red three caught in hand or foot",
        "{threes.red_caught}",
        (Instead({"threes.red_caught": -500}, "{threes.red_caught}"),),
    ),
    OftenChanged(
        "Clean and dirty books",
        "clean {books.clean}, dirty {books.dirty}",
        (Instead({"books.clean": 300, "books.dirty": 100}, "clean {books.clean}, dirty {books.dirty}"),),
    ),
)


def _words(words: str, variant: Variant) -> str:
    return re.sub(r"\{([a-z_.]+)\}", lambda m: FIELDS_BY_PATH[m.group(1)].type.show(variant[m.group(1)]), words)


def house_rule_rows(variants: Sequence[Variant], default: Variant) -> list[dict[str, Any]]:
    """Each rule of OFTEN_CHANGED: its label, the default's value, and each value other tables play with the versions
    here that play it, each marked ``stated`` False where its sources do not state it."""
    rows = []
    for row in OFTEN_CHANGED:
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
