"""The rows of each rule page's "Where each rule comes from" table and of the comparison, read as a player reads them:
a value says only the case these rules play (no dealer where nobody deals, no wild book where none is scored, no
black three laid down where none ever is), "it" never stands for a red three it does not mean, and a rule stated only
in part says which part is not stated before the note that fills it in."""

from __future__ import annotations

import html
import re

import pytest

import handfoot
from handfoot.describe import describe_variant
from testbench.paths import REPO_ROOT

VARIANTS = handfoot.load_variants(REPO_ROOT / "variants")
PAGAT = VARIANTS[handfoot.DEFAULT_VARIANT]


def _text(markdown: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", markdown))


def provenance_row(pages: dict[str, str], variant_id: str, path: str) -> tuple[str, str]:
    """The value and the "where it comes from" cell of the rule at ``path`` in the page's provenance table."""
    label = describe_variant(VARIANTS[variant_id], PAGAT)["rules"][path]["label"]
    table = pages[f"rules/{variant_id}.md"].split("### Where each rule comes from", 1)[1]
    rows = [line for line in table.splitlines() if html.unescape(line).startswith(f"| {label} |")]
    assert len(rows) == 1, f"{variant_id}: one row for {label!r}"
    cells = rows[0].removeprefix("| ").removesuffix(" |").split(" | ")
    return _text(cells[1]), _text(" | ".join(cells[2:]))


def compare_cells(pages: dict[str, str], path: str) -> dict[str, str]:
    """The comparison's cell of each version for the rule at ``path``, as text, by version id."""
    row = re.search(rf'<tr data-path="{re.escape(path)}">.*?</tr>', pages["compare.md"], re.S)
    assert row, path
    cells = re.findall(r'<td data-variant="([^"]+)"[^>]*>(.*?)</td>', row.group(0), re.S)
    return {variant: _text(re.sub(r'<span class="hf-visually-hidden">.*?</span>', "", cell)) for variant, cell in cells}


def body(pages: dict[str, str], variant_id: str) -> str:
    return _text(pages[f"rules/{variant_id}.md"].split("## Sources", 1)[0])


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_a_black_three_row_never_says_one_is_laid_down_where_none_can_be(
    pages: dict[str, str], variant_id: str
) -> None:
    variant = VARIANTS[variant_id]
    assert variant["threes.black_out"] == 0, "every published version keeps black threes off the table"
    assert "Black threes cannot be melded" in body(pages, variant_id)
    value, where = provenance_row(pages, variant_id, "threes.black_out")
    assert value != "0", "a 0 beside a black three laid down reads as a black three that may be laid down"
    assert value.startswith("never"), value
    assert "worth" not in where, where
    assert "score it nothing" not in where, where
    cell = compare_cells(pages, "threes.black_out")[variant_id]
    assert cell.startswith("never"), cell


def test_a_black_three_that_may_be_laid_down_going_out_shows_its_points() -> None:
    house = PAGAT.with_changes({"threes.black_out": 50})
    assert describe_variant(house, PAGAT)["rules"]["threes.black_out"]["text"] == "50"


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_a_red_three_of_a_side_that_did_not_go_out_is_not_called_it(pages: dict[str, str], variant_id: str) -> None:
    variant = VARIANTS[variant_id]
    assert variant["threes.red_laid_not_out"] is None
    who = "the team that went out" if variant["players.team_size"] > 1 else "the player who went out"
    value, _ = provenance_row(pages, variant_id, "threes.red_laid_not_out")
    assert value == f"the same as for {who}"
    assert "when it went out" not in compare_cells(pages, "threes.red_laid_not_out")[variant_id]


def test_bicycle_says_which_part_of_the_pile_rule_it_leaves_unstated(pages: dict[str, str]) -> None:
    """Bicycle states 7 cards; what a pile of fewer than 7 gives is ours, and the row says so before "take them
    all"."""
    value, where = provenance_row(pages, "bicycle", "pile.take")
    assert value == "7"
    assert "Not stated: what you take from a pile of fewer than 7 cards." in where, where
    assert where.index("fewer than 7") < where.index("take them all"), where


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_every_rule_stated_in_part_names_the_part_in_its_row(pages: dict[str, str], variant_id: str) -> None:
    variant = VARIANTS[variant_id]
    for path, origin in variant.provenance.items():
        if origin.stated and origin.unstated_part:
            _, where = provenance_row(pages, variant_id, path)
            assert f"Not stated: {origin.unstated_part}." in where, f"{variant_id} {path}: {where}"


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_who_deals_the_next_round_speaks_of_a_dealer_only_where_there_is_one(
    pages: dict[str, str], variant_id: str
) -> None:
    variant = VARIANTS[variant_id]
    dealt = variant["deal.method"] == "dealt"
    value, _ = provenance_row(pages, variant_id, "turn.next_round")
    cell = compare_cells(pages, "turn.next_round")[variant_id]
    for text in (value, cell):
        assert "nobody deals" not in text, text
        assert ("deal passes" in text) == dealt, text
        assert ("first turn passes" in text) == (not dealt), text


def test_simpson_has_no_wild_book_to_mark(pages: dict[str, str]) -> None:
    assert VARIANTS["simpson"]["books.wild"] is None
    assert "there is no wild book" in body(pages, "simpson")
    value, _ = provenance_row(pages, "simpson", "melds.book_marking")
    assert "wild" not in value, value
    assert "wild" not in compare_cells(pages, "melds.book_marking")["simpson"]
    pagat, _ = provenance_row(pages, "pagat-partnership", "melds.book_marking")
    assert "a joker (or a two) if wild" in pagat, "Pagat scores a wild book, and marks it"


def _wild_words(most: int) -> str:
    return {1: "one wild card", 2: "one or two wild cards", 3: "one to three wild cards"}[most]


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_a_dirty_book_holds_wild_cards_but_never_only_wild_cards(pages: dict[str, str], variant_id: str) -> None:
    """Seed 000: a dirty book is seven cards with one or two wild cards; each version says it within its own limit
    on wild cards in a book (Bicycle's 4 natural cards leave 3)."""
    variant = VARIANTS[variant_id]
    size = variant["melds.book_size"]
    most = variant.wilds_allowed(size)
    assert 0 < most < size
    expected = f"{size} cards with {_wild_words(most)}"
    melds = body(pages, variant_id).split("## Melds and books", 1)[1]
    assert f"| Dirty | {expected} |" in melds
    assert "at least one wild card" not in melds
    faq = _text(pages["faq.md"]).replace("**", "").split("## What is a dirty book?", 1)[1].split("\n## ", 1)[0]
    assert f"{variant.name}: {expected}." in faq
    assert "at least one wild card" not in faq


def test_pagat_s_dirty_book_is_the_seed_s() -> None:
    assert describe_variant(PAGAT, PAGAT)["dirty_book"] == "7 cards with one or two wild cards"
    assert describe_variant(VARIANTS["bicycle"], PAGAT)["dirty_book"] == "7 cards with one to three wild cards"
