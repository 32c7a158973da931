"""Each table sheet read against its rule page: what a stock too short for a draw does (the same words, the same
mark), when you pick up your foot and that you play on from it, and a penalty never listed as a bonus."""

from __future__ import annotations

import html
import re

import pytest

import handfoot
from handfoot.words import format_number
from sitebuild.site_content import build_pages, make_environment
from testbench.paths import REPO_ROOT

VARIANTS = handfoot.load_variants(REPO_ROOT / "variants")
MARK = '<span class="hf-assumed">&#42;'
STOCK_PATHS = ("round_end.stock_out", "round_end.stock_runs_out")


def _text(markdown: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", markdown))


def sheet_line(pages: dict[str, str], variant_id: str, start: str) -> str:
    lines = [line for line in pages[f"rules/{variant_id}/sheet.md"].splitlines() if line.startswith(start)]
    assert len(lines) == 1, f"{variant_id}: one line starting {start!r}"
    return lines[0]


def section(markdown: str, heading: str) -> str:
    return markdown.split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_the_sheet_says_what_a_short_stock_does_as_the_page_does(pages: dict[str, str], variant_id: str) -> None:
    variant = VARIANTS[variant_id]
    page = _text(pages[f"rules/{variant_id}.md"])
    said = re.search(r"When the stock cannot supply your draw, (.+?)\. A red three", page)
    assert said, variant_id
    raw = sheet_line(pages, variant_id, "- Stock too short: ")
    line = _text(raw)
    # The sheet says the page's rule in fewer words (it shares a column with the score tables): the same outcome.
    if variant["round_end.stock_runs_out"] == "at_draw":
        assert "take the discard pile if you can; otherwise the round ends" in said.group(1)
        assert line.startswith(
            "- Stock too short: take the pile if you can, or the round ends with no going-out bonus."
        )
    else:
        assert "the round ends as your turn starts" in said.group(1)
        assert line.startswith("- Stock too short: the round ends as your turn starts, with no going-out bonus.")
    assert "with no going-out bonus" in said.group(1)
    unstated = any(not variant.provenance[path].stated for path in STOCK_PATHS)
    assert (MARK in raw) == unstated, f"{variant_id}: the mark follows the rules the line words"


def test_pagat_s_sheet_marks_the_stock_rule_it_assumes(pages: dict[str, str]) -> None:
    """Pagat states that the round ends; when the stock counts as run out (the pile may still be taken) is ours."""
    pagat = VARIANTS["pagat-partnership"]
    assert pagat.provenance["round_end.stock_out"].stated
    assert not pagat.provenance["round_end.stock_runs_out"].stated
    assert MARK in sheet_line(pages, "pagat-partnership", "- Stock too short: ")


def _foot(markdown: str) -> str:
    """The sheet's paragraph on the foot: its line and the one after it."""
    lines = _text(markdown).replace("**", "").splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("Your foot:"))
    return " ".join(lines[at : at + 2])


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_the_sheet_says_when_you_pick_up_your_foot_and_that_you_play_on(pages: dict[str, str], variant_id: str) -> None:
    """The rule page's "Moving to your foot", in the sheet's few words (it shares a column with the score tables, so
    it is one paragraph: the configurator's sheet for a game to a target score still prints on one page)."""
    variant = VARIANTS[variant_id]
    foot = _foot(pages[f"rules/{variant_id}/sheet.md"])
    if variant["foot.continue_when_melded_out"]:
        assert (
            "Your foot: pick it up when your hand is empty: at once if you melded your last card, else at the start "
            "of your next turn."
        ) in foot
    else:
        assert "Your foot: pick it up when your hand is empty, at the start of your next turn." in foot
    assert "Until you go out, keep a card after each discard." in foot
    page = _text(pages[f"rules/{variant_id}.md"])
    assert "Once you play from your foot, a turn that does not go out ends with at least one card still" in page
    assert ('Say "I\'m playing my foot"' in foot) == variant["foot.announce"]


def test_a_sheet_that_picks_up_the_foot_only_next_turn_says_so() -> None:
    house = VARIANTS["pagat-partnership"].with_changes({"foot.continue_when_melded_out": False})
    built = build_pages(make_environment(REPO_ROOT / "templates"), {**VARIANTS, house.id: house}, "variants")
    sheet = next(page.markdown for page in built if page.src_uri == f"rules/{house.id}/sheet.md")
    assert "Your foot: pick it up when your hand is empty, at the start of your next turn." in _foot(sheet)


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_no_penalty_is_listed_under_bonuses(pages: dict[str, str], variant_id: str) -> None:
    sheet = pages[f"rules/{variant_id}/sheet.md"]
    assert "\n## Bonuses\n" not in sheet
    table = _text(section(sheet, "Bonuses and penalties"))
    caught = VARIANTS[variant_id]["threes.red_caught"]
    assert caught < 0
    assert f"| Red three caught | {format_number(caught)}" in table
