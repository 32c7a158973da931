"""Values a version's sources do not state carry the asterisk wherever the site prints them across versions."""

from __future__ import annotations

import re

import handfoot
from sitebuild.site_content import build_pages, make_environment
from testbench.paths import REPO_ROOT

VARIANTS = handfoot.load_variants(REPO_ROOT / "variants")
MARK = '<span class="hf-assumed">'


def faq() -> str:
    pages = build_pages(make_environment(REPO_ROOT / "templates"), VARIANTS, "variants")
    return next(page.markdown for page in pages if page.src_uri == "faq.md")


def row(markdown: str, heading: str, name: str) -> str:
    """The table row or list item of version ``name`` under the FAQ's ``heading``."""
    section = markdown.split(f"## {heading}", 1)[1].split("\n## ", 1)[0]
    return next(line for line in section.splitlines() if re.match(rf"^(\| |- \*\*){re.escape(name)}\b", line))


def test_the_faq_marks_what_each_version_does_not_state() -> None:
    markdown = faq()
    assert "A value marked \\* is not stated by that version's own sources" in markdown
    checks = {
        "How big must the first meld be?": "opening.minimums",
        "How many books do you need to go out?": "going_out.books",
    }
    marked = 0
    for variant in VARIANTS.values():
        for heading, path in checks.items():
            line = row(markdown, heading, variant.name)
            origin = variant.provenance[path]
            assert (MARK in line) == (not origin.stated or bool(origin.unstated_rounds)), f"{variant.name}, {path}"
            marked += MARK in line
        section = markdown.split("## What is a dirty book?", 1)[1].split("\n## ", 1)[0]
        books = next(line for line in section.splitlines() if line.startswith(f"| {variant.name} |"))
        assert books.count(MARK) == sum(
            not variant.provenance[f"books.{kind}"].stated for kind in ("clean", "dirty", "wild")
        ), f"{variant.name}: {books}"
        # What a dirty book holds rests on the wild-card limits: marked where they are not stated. (Bicycle's part
        # unstated, whether its four natural cards hold before a meld is a book, does not touch a book.)
        holds = row(markdown, "What is a dirty book?", variant.name)
        limits = [variant.provenance[path] for path in ("melds.min_naturals", "melds.wild_ratio", "melds.max_wilds")]
        assert (MARK in holds) == any(not origin.stated for origin in limits), holds
    assert marked, "no version leaves a minimum or a book count unstated, so this test checks nothing"


# Issue 37, item 6: on the sheets a mark sits on exactly the values that are assumed, not at the end of a line that
# also holds stated ones.


def sheets() -> dict[str, str]:
    pages = build_pages(make_environment(REPO_ROOT / "templates"), VARIANTS, "variants")
    marked = re.escape(MARK) + r"&#42;<span class=\"hf-visually-hidden\"> \(not stated\)</span></span>"
    return {
        page.src_uri.split("/")[1]: re.sub(marked, "*", page.markdown)
        for page in pages
        if page.src_uri.endswith("/sheet.md")
    }


def test_the_sheets_mark_values_not_lines() -> None:
    sheet = sheets()
    for stated_discard in ("bicycle", "simpson"):
        assert "Final discard required." in sheet[stated_discard]
        assert "Final discard required.*" not in sheet[stated_discard]
    assert "| Round | First meld | To go out |" in sheet["bicycle"]
    # Bicycle's limits come from our strict reading of its four natural cards (issue 51, A7): marked.
    bicycle_wilds = next(line for line in sheet["bicycle"].splitlines() if line.startswith("- Wild cards at most"))
    assert bicycle_wilds.endswith("*"), bicycle_wilds
    pagat_wilds = next(line for line in sheet["pagat-partnership"].splitlines() if line.startswith("- Wild cards"))
    assert not pagat_wilds.endswith("*"), pagat_wilds
    simpson = sheet["simpson"]
    assert "−500 on the table," in simpson
    assert "no melds of threes.\n" in simpson
    assert "- Red: lay it down at once and draw a replacement*;" in simpson
    # Simpson's whole pickup is assumed: the 7 carries the mark; Bicycle states the 7 but not a short pile.
    assert "Take the top 7* (all if fewer);" in simpson
    assert "Take the top 7 (all if fewer*);" in sheet["bicycle"]
    for inherited in ("saskatchewan", "brouillette"):
        assert "- Black: never melded*; on top of the pile it blocks the next player.*" in sheet[inherited]
    assert "- Black: never melded; on top of the pile it blocks the next player.\n" in sheet["pagat-partnership"]
