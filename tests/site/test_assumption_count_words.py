"""The count of what a version assumes, as a player reads it: what comes up at the table and its sources leave out,
not rules that never come up; the same on its rule page, the home page and the sources page; and the How it plays
box says the bots play those assumptions too."""

from __future__ import annotations

import html
import re

import pytest

import handfoot
from sitebuild.simulations import how_they_play
from sitebuild.site_content import build_pages, make_environment
from testbench.paths import REPO_ROOT

VARIANTS = handfoot.load_variants(REPO_ROOT / "variants")
NOTE = re.compile(r'<span class="hf-note hf-note--assumed"><strong>(.*?)</strong>(.*?)</span>')


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    plays = how_they_play(VARIANTS, REPO_ROOT / "simulations" / "how-they-play.json", "cached")
    built = build_pages(make_environment(REPO_ROOT / "templates"), VARIANTS, "variants", how_they_play=plays)
    return {page.src_uri: page.markdown for page in built}


def _text(markdown: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", markdown)).split())


def _box(page: str) -> str:
    return _text(page.split('!!! info "Where the sources are silent"', 1)[1].split("\n\n", 1)[0])


def _count(page: str) -> int:
    found = re.search(r"This page makes (\d+) assumptions? that a table meets in play", _box(page))
    assert found, _box(page)
    return int(found.group(1))


def _never(page: str) -> int:
    found = re.search(
        r"The sources leave (\d+) more rules unstated that never come up in this version's own game", _box(page)
    )
    return int(found.group(1)) if found else 0


def _never_on_compare(pages: dict[str, str], variant_id: str) -> set[str]:
    """The rules the comparison shows as never coming up in this version ("never comes up", "never: …")."""
    found = set()
    for path, row in re.findall(r'<tr data-path="([a-z_.]+)">(.*?)</tr>', pages["compare.md"]):
        cell = re.search(rf'<td data-variant="{variant_id}"[^>]*>(.*?)</td>', row)
        if cell and re.match(r"never( comes up|:)", _text(cell.group(1))):
            found.add(path)
    return found


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_the_count_is_of_what_comes_up_in_play(pages: dict[str, str], variant_id: str) -> None:
    variant = VARIANTS[variant_id]
    page = pages[f"rules/{variant_id}.md"]
    never = _never_on_compare(pages, variant_id)
    unstated = {path for path, origin in variant.provenance.items() if not origin.stated}
    assert _never(page) == len(unstated & never), "the rules left unstated that never come up are counted apart"
    # The rules its sources leave out, in full or in part, less those that never come up.
    assumed_rules = [
        path
        for path, origin in variant.provenance.items()
        if (not origin.stated or origin.unstated_rounds or origin.unstated_part) and path not in never
    ]
    # And what the page settles that no rule of the spec words: each note "Not stated by any source we read", once,
    # but not an answer that "follows from the rules above".
    body = page.split("## How it plays", 1)[0]
    settled = {html.unescape(note) for lead, note in NOTE.findall(body) if lead.startswith("Not stated by any source")}
    assert _count(page) == len(assumed_rules) + len(settled), (assumed_rules, settled)


def test_pagats_count_leaves_out_what_never_comes_up_and_counts_its_real_assumptions(pages: dict[str, str]) -> None:
    pagat = VARIANTS["pagat-partnership"]
    page = pages["rules/pagat-partnership.md"]
    # The review's four: none can arise in Pagat's game (hands are dealt; red threes go down at once and a red first
    # upcard is buried; black threes are never melded; the stock running out ends the round).
    assert pagat["deal.method"] == "dealt"
    assert pagat["round_end.stock_out"] == "ends_no_bonus"
    four = {"deal.exact_cut_bonus", "pile.red_three_taken", "threes.black_out", "round_end.reshuffle_stock_left"}
    assert four <= _never_on_compare(pages, "pagat-partnership")
    assert _never(page) == len(four)
    # The review's real assumptions, each a note on the page, are counted (the test above counts every such note).
    notes = [_text(note) for lead, note in NOTE.findall(page) if lead.startswith("Not stated by any source")]
    for assumption in ("four sit", "every partner", "engine treats a wild meld", "we set no limit"):
        assert any(assumption in note for note in notes), assumption


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_home_and_sources_give_the_rule_page_s_count(pages: dict[str, str], variant_id: str) -> None:
    count = _count(pages[f"rules/{variant_id}.md"])
    name = VARIANTS[variant_id].name
    item = next(line for line in pages["index.md"].splitlines() if line.startswith(f"- **[{name}]"))
    assert f"Its rule page makes {count} assumption" in item
    sources = _text(pages["sources.md"]).split(f"## {name}", 1)[1].split(" ## ", 1)[0]
    assert f"Its rule page makes {count} assumption" in sources


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_the_how_it_plays_box_says_the_bots_play_the_assumed_rules(pages: dict[str, str], variant_id: str) -> None:
    box = _text(pages[f"rules/{variant_id}.md"].split("## How it plays", 1)[1].split("## Sources", 1)[0])
    assert "The bots play every rule on this page, the assumed ones included" in box
