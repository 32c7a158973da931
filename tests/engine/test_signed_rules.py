"""A rule whose points may be taken off (a red three laid down or caught, a black three in a foot or
laid down going out) is typed as a table says it: "adds" or "costs", in handfoot's words, and an amount with no sign,
which a phone's numeric keypad can always type. The spec gives the apps' controls those words; the value is kept
signed, as the variant files have it."""

from __future__ import annotations

import pytest

from handfoot.spec import FIELDS, FIELDS_BY_PATH, Whole
from handfoot.words import format_number, whole_number_words

SIGNED = {
    "threes.red_laid": "adds",
    "threes.red_laid_not_out": "adds",
    "threes.red_caught": "costs",
    "threes.red_caught_in_foot": "costs",
    "threes.black_caught_in_foot": "costs",
    "threes.black_out": "adds",
}


def sign_of(path: str) -> dict[str, object]:
    sign = FIELDS_BY_PATH[path].type.control().get("sign")
    assert isinstance(sign, dict), f"{path} has no direction to choose"
    return sign


def test_every_rule_that_may_be_negative_is_a_direction_and_an_amount() -> None:
    negative = {f.path for f in FIELDS if isinstance(f.type, Whole) and f.type.low < 0}
    assert negative == set(SIGNED)
    unsigned = [f.path for f in FIELDS if isinstance(f.type, Whole) and f.type.low >= 0 and "sign" in f.type.control()]
    assert unsigned == []


@pytest.mark.parametrize("path", sorted(SIGNED))
def test_the_amount_takes_no_sign_and_says_what_it_takes(path: str) -> None:
    field = FIELDS_BY_PATH[path].type
    assert isinstance(field, Whole)
    sign = sign_of(path)
    assert sign["directions"] == [["adds", "adds"], ["costs", "costs"]]
    assert sign["choice"] == "Which way it counts"
    assert sign["enter"] == whole_number_words(0, field.high, empty=bool(field.none))
    assert field.low == -field.high, "an amount is as large whichever way it counts"
    assert sign["typed"] == 'Type the amount without − or +: "adds" or "costs" beside it says which way it counts.'


def test_a_penalty_by_nature_shows_costs_while_it_has_no_amount() -> None:
    assert {path: sign_of(path)["usual"] for path in SIGNED} == SIGNED


def test_the_words_at_the_field_say_what_the_amount_does() -> None:
    words = sign_of("threes.red_caught")["words"]
    assert isinstance(words, dict)
    assert words["costs"].format(amount=format_number(500)) == "Costs 500: −500 for each red three caught."
    assert words["adds"].format(amount=format_number(1500)) == "Adds 1,500: +1,500 for each red three caught."
    assert words["zero"] == "0: a red three caught scores nothing."
    laid = sign_of("threes.red_laid")["words"]
    assert isinstance(laid, dict)
    assert laid["costs"].format(amount="500") == "Costs 500: −500 for each red three on the table."
    # Where 0 means the thing is not done, the words say so.
    assert sign_of("threes.black_out")["words"] == {
        "adds": "Adds {amount}: +{amount} for each black three laid down going out.",
        "costs": "Costs {amount}: −{amount} for each black three laid down going out.",
        "zero": "0: black threes are never laid down going out.",
    }
