"""What the helper cites under a meld with wild cards: the rule that limits them, with the mark that rule has, and a
row on the rule page that says what the limit is. Bicycle states its limit (a wild card only beside at least four
natural cards), so nothing the helper shows may call it unstated or unlimited."""

from __future__ import annotations

import html
import re

import pytest

import handfoot
from handfoot.rules import check_meld
from handfoot.sheet_form import sheet_form
from handfoot.variant import Variant
from handfoot.wild_limits import wild_limit_rule
from testbench.paths import REPO_ROOT

VARIANTS = handfoot.load_variants(REPO_ROOT / "variants")


def _fullest_melds(variant: Variant) -> list[tuple[int, str]]:
    """For each meld size that may hold a wild card, nines with as many twos as the rules allow."""
    melds = []
    for size in range(variant["melds.min_size"], variant["melds.book_size"] + 1):
        wilds = variant.wilds_allowed(size)
        if wilds:
            melds.append((size, " ".join(["9"] * (size - wilds) + ["2"] * wilds)))
    return melds


def _row(page: str, label: str) -> list[str]:
    line = next(line for line in page.splitlines() if line.startswith(f"| {label} |"))
    return [html.unescape(cell.strip()) for cell in line.strip("|").split(" | ")]


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_the_cited_rule_carries_the_mark_of_the_rule_that_limits(variant_id: str) -> None:
    variant = VARIANTS[variant_id]
    not_stated = sheet_form(variant)["provenance"]["not_stated"]
    for size, cards in _fullest_melds(variant):
        verdict = check_meld(variant, cards)
        assert verdict.ok, cards
        limit = wild_limit_rule(variant, size)
        assert (verdict.rule in not_stated) == (limit in not_stated), (cards, verdict.rule, limit)
    if variant_id == "bicycle":
        assert not {"melds.min_naturals", "melds.max_wilds"} & set(not_stated)


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_the_most_wild_cards_row_says_what_limits_them(pages: dict[str, str], variant_id: str) -> None:
    """The row sits beside the page's own table of limits: it gives the same most for a book, and the rule behind it."""
    variant = VARIANTS[variant_id]
    page = pages[f"rules/{variant_id}.md"]
    book = variant["melds.book_size"]
    _, value, source = _row(page, "Most wild cards in one meld")
    assert "no fixed limit" not in value
    assert f"at most {variant.wilds_allowed(book)} in a book of {book}" in value
    table = re.search(rf"^\| {book} \| (\d+) \|$", page, re.M)
    assert table is not None
    assert int(table.group(1)) == variant.wilds_allowed(book)
    if wild_limit_rule(variant, book) == "melds.min_naturals":
        assert f"at least {variant['melds.min_naturals']} beside any wild card" in value
    else:
        assert f"{variant['melds.wild_ratio']} for each wild card" in value
    # Its mark is the limiting rule's: Bicycle states the four natural cards, so its row is not "Not stated".
    limit = _row(page, FIELD_LABELS[wild_limit_rule(variant, book)])[2]
    assert source.startswith("*Not stated.*") == limit.startswith("*Not stated.*"), (source, limit)


FIELD_LABELS = {
    "melds.min_naturals": "Natural cards a meld needs before it may take a wild card",
    "melds.wild_ratio": "Natural cards needed for each wild card",
}


def test_the_helper_link_lands_on_the_paragraph_that_words_the_limit(pages: dict[str, str]) -> None:
    """The helper links its cited rule to its anchor on the rule page: Bicycle's lands on the four natural cards."""
    variant = VARIANTS["bicycle"]
    verdict = check_meld(variant, "9 9 9 9 2 2 2")
    anchor = verdict.rule.replace(".", "-")
    paragraph = next(line for line in pages["rules/bicycle.md"].splitlines() if f'id="{anchor}"' in line)
    assert "A meld with wild cards needs at least 4 natural cards" in paragraph


def test_the_helper_cites_the_natural_cards_for_bicycle() -> None:
    variant = VARIANTS["bicycle"]
    assert check_meld(variant, "9 9 9 9 2 2 2").rule == wild_limit_rule(variant, 7) == "melds.min_naturals"
