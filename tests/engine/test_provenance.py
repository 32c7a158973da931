"""Provenance says how each rule is known: read in its source, only second-hand through a copy or summary, or not
stated at all; the pages count and mark it that way."""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path

import pytest

import handfoot
from handfoot import FIELDS, VariantError, load_variants
from handfoot.describe import describe_variant
from sitebuild.site_content import build_pages, make_environment
from testbench.paths import REPO_ROOT

VARIANTS = handfoot.load_variants(REPO_ROOT / "variants")
MARK = '<span class="hf-assumed">'
PAGAT_URL = "https://www.pagat.com/rummy/handfoot.html"


def _load_error(tmp_path: Path, text: str) -> str:
    folder = tmp_path / "variants"
    folder.mkdir(parents=True)
    shutil.copy(REPO_ROOT / "variants" / "pagat-partnership.yaml", folder)
    (folder / "house.yaml").write_text(
        "extends: pagat-partnership\nname: House\nsummary: A test variant.\n" + text, encoding="utf-8"
    )
    with pytest.raises(VariantError) as excinfo:
        load_variants(folder)
    assert "\n" not in str(excinfo.value)
    return str(excinfo.value)


# The model refuses a claim it cannot back.


def test_a_source_no_one_read_cannot_be_cited_without_the_copy_it_was_read_in(tmp_path: Path) -> None:
    text = "rules:\n  deal: {hand_size: 11}\nprovenance:\n  deal.hand_size: {stated: [pagat]}\n"
    assert _load_error(tmp_path, text) == (
        "variants/house.yaml: provenance.deal.hand_size: through: pagat could not be read itself; name the copies or "
        "summaries this value was read in (pagat-copy, pagat-translation, tablescore, content-audit, rules-guide, "
        "seed-pages)"
    )


def test_through_must_name_a_copy_of_the_stated_source(tmp_path: Path) -> None:
    text = (
        "rules:\n  deal: {hand_size: 11}\nprovenance:\n  deal.hand_size: {stated: [whitnack], through: [tablescore]}\n"
    )
    assert _load_error(tmp_path, text) == (
        "variants/house.yaml: provenance.deal.hand_size: through: tablescore is not a copy or summary of whitnack"
    )


def test_a_copy_names_what_it_copies(tmp_path: Path) -> None:
    text = "sources:\n  blog: {title: a blog, url: 'https://example.org/', kind: copy}\n"
    assert _load_error(tmp_path, text) == (
        "variants/house.yaml: sources.blog.kind: a copy, translation or summary names the source it carries in of, "
        "and only it does"
    )
    text = "sources:\n  blog: {title: a blog, url: 'https://example.org/', kind: copy, of: hoyle}\n"
    assert _load_error(tmp_path / "2", text).startswith(
        "variants/house.yaml: sources.blog.of: unknown source 'hoyle'; sources are pagat, whitnack"
    )


def test_an_assumed_value_cannot_claim_a_copy(tmp_path: Path) -> None:
    text = "provenance:\n  deal.hand_size: {assumed: a guess, from: pagat-partnership, through: [tablescore]}\n"
    assert _load_error(tmp_path, text) == (
        "variants/house.yaml: provenance.deal.hand_size: through: only a stated value has one; an assumed value's "
        "reason goes in assumed"
    )


def test_every_source_cited_was_read_or_is_cited_through_a_copy_of_it() -> None:
    for variant in VARIANTS.values():
        for path, entry in variant.provenance.items():
            for key in entry.sources:
                source = variant.sources[key]
                carried = any(variant.sources[t].carries(source) for t in entry.through)
                assert source.read or carried, f"{variant.id} {path}: {key}"


# What the audit of issue 10 found, now said honestly.


def test_pagat_scoring_rests_on_copies_and_summaries() -> None:
    pagat = VARIANTS["pagat-partnership"]
    second_hand = [
        "books.clean",
        "books.dirty",
        "books.wild",
        "threes.red_laid",
        "threes.red_caught",
        "going_out.bonus",
        "opening.minimums",
        "round_end.stock_out",
    ]
    for path in second_hand:
        entry = pagat.provenance[path]
        assert entry.stated, path
        assert not entry.first_hand(pagat.sources), path
        assert {pagat.sources[t].kind for t in entry.through} <= {"copy", "summary"}, path
    for path in ("threes.black_out", "deal.exact_cut_bonus", "pile.only_from_foot"):
        assert not pagat.provenance[path].stated, path
    assert pagat.provenance["pile.wild_top"].first_hand(pagat.sources)
    assert pagat.provenance["rounds.count"].first_hand(pagat.sources)


def test_only_pagat_and_its_sections_link_to_pagat() -> None:
    for variant in VARIANTS.values():
        for source in variant.sources.values():
            if source.url == PAGAT_URL:
                assert source.id == "pagat" or source.part_of == "pagat", f"{variant.id}: {source.id}"
                assert not source.read, f"{variant.id}: {source.id} links to a page no one read"


def test_saskatchewan_books_are_credited_to_the_keeper_and_the_seed_page() -> None:
    saskatchewan = VARIANTS["saskatchewan"]
    entry = saskatchewan.provenance["going_out.books"]
    assert entry.sources == ("pagat-saskatchewan",)
    assert entry.through == ("tablescore", "seed-pages")
    assert not entry.first_hand(saskatchewan.sources)


def test_brouillette_states_deals_one_to_three_only(pages: dict[str, str]) -> None:
    entry = VARIANTS["brouillette"].provenance["going_out.books"]
    assert (entry.through, entry.unstated_rounds) == (("seed-pages",), (4,))
    faq = pages["faq.md"].split("## How many books do you need to go out?", 1)[1]
    line = next(line for line in faq.splitlines() if line.startswith("- **Brouillette**"))
    rounds = line.split("; ")
    assert [MARK in part for part in rounds] == [False, False, False, True], line
    sheet = pages["rules/brouillette/sheet.md"]
    rows = [row for row in sheet.splitlines() if re.match(r"^\| [1-4] \|", row)]
    assert [MARK in row for row in rows] == [False, False, False, True], rows
    rule_page = pages["rules/brouillette.md"]
    assert "Not stated by Brouillette for round 4.</strong>" in rule_page


def test_bicycle_marks_the_parts_of_its_rules_it_leaves_unsaid(pages: dict[str, str]) -> None:
    """Bicycle states a pickup of seven, two cards of the top card's rank and the dealer's left, but not a shorter
    pile, whether the two must be natural, or who deals first: the sheet marks those words, the rule page says what
    is unsaid, and the sources page counts the rules as stated only in part. How the deal passes is a rule of its own
    (turn.next_round), which Bicycle does not state at all."""
    bicycle = VARIANTS["bicycle"]
    parts = {path: e.unstated_part for path, e in bicycle.provenance.items() if e.unstated_part}
    assert parts == {
        "turn.first_player": "who deals first",
        "deal.method": "who deals",
        "pile.take": "what you take from a pile of fewer than 7 cards",
        "pile.cards_needed": "whether the cards matching the top card must be natural",
        "melds.min_naturals": "whether the four natural cards hold for a meld that is not yet a book",
    }
    sheet = pages["rules/bicycle/sheet.md"]
    star = MARK + "&#42;" + '<span class="hf-visually-hidden"> (not stated)</span></span>'
    assert f"- Take the top 7 (all if fewer{star}); not when the top is a black three.\n" in sheet
    assert f"- Hold 2 natural cards of its rank and meld them with it at once.{star}\n" in sheet
    page = pages["rules/bicycle.md"]
    assert (
        "<strong>Not stated by Bicycle: what you take from a pile of fewer than 7 cards; whether the cards matching "
        "the top card must be natural.</strong> We let you take them all, as Pagat partnership does." in page
    )
    assert "<strong>Not stated by Bicycle: who deals, or starts, the next round; who deals first.</strong>" in page
    assert not bicycle.provenance["turn.next_round"].stated
    sources = html.unescape(pages["sources.md"])
    assert "Cards taken from the discard pile: stated only in part (not what you take from a pile of fewer" in sources
    # Pagat's sheet states its pile of fewer cards: no mark there.
    assert "- Take the top 7 (all if fewer); " in pages["rules/pagat-partnership/sheet.md"]


def test_an_unstated_part_belongs_to_a_stated_rule(tmp_path: Path) -> None:
    message = _load_error(
        tmp_path, "provenance:\n  pile.take: {assumed: No source says., from: pagat-partnership, unstated_part: x}\n"
    )
    assert message == (
        "variants/house.yaml: provenance.pile.take: unstated_part: only a stated value has one; an assumed value's "
        "reason goes in assumed"
    )


def test_simpson_claims_what_his_text_says() -> None:
    simpson = VARIANTS["simpson"]
    entry = simpson.provenance["melds.min_size"]
    assert entry.sources == ("simpson",)
    assert entry.first_hand(simpson.sources)
    assert '"three or more of the same card"' in entry.note
    assert '"you cannot make a set of threes"' in entry.note


# The pages count and show it.


def test_the_sources_page_counts_each_kind_of_rule(pages: dict[str, str]) -> None:
    sources_page = pages["sources.md"]
    for variant in VARIANTS.values():
        section = sources_page.split(f"## {variant.name}\n", 1)[1].split("\n## ", 1)[0]
        found = re.search(
            r"Of its (\d+) rules, (\d+) (?:is|are) stated .*?, (\d+) only second-hand.*?and (\d+)", section
        )
        assert found, section
        first = sum(e.first_hand(variant.sources) for e in variant.provenance.values())
        assumed = sum(not e.stated for e in variant.provenance.values())
        expected = (len(FIELDS), first, len(FIELDS) - first - assumed, assumed)
        assert tuple(int(n) for n in found.groups()) == expected, variant.id
    assert "Of its 65 rules, 14 are stated by a source we read itself, 43 only second-hand" in sources_page


def test_the_rule_page_names_the_copy_and_marks_second_hand_rules(pages: dict[str, str]) -> None:
    page = html.unescape(pages["rules/pagat-partnership.md"].split("### Where each rule comes from", 1)[1])
    row = next(line for line in page.splitlines() if line.startswith("| Clean book |"))
    assert "Hand and Foot (pagat.com), through TableScore, a score keeper citing pagat," in row
    assert "*Second-hand.*" in row
    row = next(line for line in page.splitlines() if line.startswith("| Smallest meld |"))
    assert "through a word-for-word copy of pagat's text" in row
    row = next(line for line in page.splitlines() if line.startswith("| A wild card on top can be taken |"))
    assert "Second-hand" not in row


def test_the_home_page_marks_what_the_default_does_not_state(pages: dict[str, str]) -> None:
    home = pages["index.md"]
    quick = home.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    assert MARK not in quick, "every quick-start value of Pagat partnership is stated today"
    data = VARIANTS["pagat-partnership"].to_mapping()
    data["provenance"]["turn.draw"] = {"assumed": "A test.", "from": "pagat-partnership"}
    variants = {**VARIANTS, "pagat-partnership": handfoot.Variant.from_mapping(data, "test")}
    built = build_pages(make_environment(REPO_ROOT / "templates"), variants, "variants")
    home = next(page.markdown for page in built if page.src_uri == "index.md")
    quick = home.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    marked = [line[:2] for line in quick.splitlines() if MARK in line]
    assert marked == ["3."], quick
    assert "\\* Not stated by Pagat partnership&#39;s sources" in quick
    versions = pages["index.md"].split("## The versions", 1)[1].split("\n## ", 1)[0]
    default = VARIANTS["pagat-partnership"]
    for variant in VARIANTS.values():
        # The home page counts what the rule page counts: the assumptions a table meets in play.
        made = len(describe_variant(variant, default)["assumptions"])
        assert f"{variant.name}](rules/{variant.id}.md)**" in versions
        assert f"Its rule page makes {made} assumptions that a table meets in play" in versions
