"""Values a version's sources do not state carry the asterisk wherever the site prints them across versions."""

from __future__ import annotations

import re

import handfoot
from hooks.site_content import build_pages, make_environment
from site_support.paths import REPO_ROOT

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
        books = row(markdown, "What is a dirty book?", variant.name)
        assert books.count(MARK) == sum(
            not variant.provenance[f"books.{kind}"].stated for kind in ("clean", "dirty", "wild")
        ), f"{variant.name}: {books}"
    assert marked, "no version leaves a minimum or a book count unstated, so this test checks nothing"
