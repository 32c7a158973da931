"""One way to write numbers and counted things: handfoot.words, used by handfoot, the hooks and the templates."""

from __future__ import annotations

import pytest

from handfoot.deck import shuffle_plan
from handfoot.words import format_number, pluralise


@pytest.mark.parametrize(
    ("value", "written"),
    [(0, "0"), (415, "415"), (3615, "3,615"), (-160, "\u2212160"), (-1500, "\u22121,500"), (1_000_000, "1,000,000")],
)
def test_format_number(value: int, written: str) -> None:
    assert format_number(value) == written


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        ((1, "deck"), "1 deck"),
        ((2, "deck"), "2 decks"),
        ((0, "red three"), "0 red threes"),
        ((3, "six", "sixes"), "3 sixes"),
        ((1, "six", "sixes"), "1 six"),
    ],
)
def test_pluralise(arguments: tuple[int, str] | tuple[int, str, str], words: str) -> None:
    assert pluralise(*arguments) == words


def test_shuffle_plan_summaries() -> None:
    assert shuffle_plan(108, 108)["summary"] == "1 load"
    assert shuffle_plan(270, 108)["summary"] == "3 loads of 90"
    assert shuffle_plan(271, 108)["summary"] == "3 loads of 91 or 90"
