"""Printing: each table sheet fits one A4 and one Letter page with every number a table needs, rule pages end
without a blank page, and no sheet text prints smaller than 9 pt. Needs pdfinfo and pdftotext (poppler-utils)."""

from __future__ import annotations

import itertools
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import Page

from handfoot import Variant, load_variants
from handfoot.words import format_number
from support.printing import page_count, pdf_text, print_pdf
from testbench.paths import REPO_ROOT

pytestmark = pytest.mark.browser


VARIANT_IDS = sorted(path.stem for path in (REPO_ROOT / "variants").glob("*.yaml"))
NINE_POINTS_PX = 12  # 9 pt at 96 px to the inch


@pytest.fixture(scope="module")
def variants() -> dict[str, Variant]:
    return load_variants(REPO_ROOT / "variants")


@pytest.fixture(scope="module", autouse=True)
def _poppler() -> None:
    missing = [tool for tool in ("pdfinfo", "pdftotext") if shutil.which(tool) is None]
    if missing:
        pytest.fail(f"{', '.join(missing)} missing: run `make setup` (it installs poppler-utils)", pytrace=False)


def pdf_words(pdf: Path) -> tuple[float, list[tuple[str, float, float]]]:
    """The page height and every word of a one-page PDF with its left edge and top, in points."""
    html = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    height = float(re.search(r'<page width="[\d.]+" height="([\d.]+)"', html).group(1))
    words = re.findall(r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="[\d.]+">([^<]*)</word>', html)
    return height, [(text, float(x), float(y)) for x, y, text in words]


MM_IN_POINTS = 72 / 25.4
PAPERS = ("A4", "Letter")


def check_one_page_sheet(pdf: Path, variant: Variant, paper: str) -> None:
    """The sheet's words and each round's first-meld minimum are on one page, and its score grid fills the page with
    rows to write in."""
    layout = pdf_text(pdf)
    text = " ".join(layout.split())
    for expected in (variant.name, "Card values", "Each round", "Going out", "Score"):
        assert expected in text, f"{expected!r} is missing from the printed {variant.name} sheet on {paper}"
    rounds = variant.round_count or len(variant["opening.minimums"])
    minimums = [format_number(variant.opening_minimum(n)) for n in range(1, rounds + 1)]
    # The "Each round" table: round number, then its first-meld minimum.
    for number, minimum in enumerate(minimums, start=1):
        assert re.search(rf"(?<![\d,]){number} +{re.escape(minimum)}(?![\d,])", layout), (
            f"round {number}'s minimum {minimum} is missing from the printed {variant.name} sheet:\n{layout}"
        )
    assert page_count(pdf) == 1, f"the {variant.name} sheet prints on {page_count(pdf)} {paper} pages"

    height, words = pdf_words(pdf)
    score = max(y for word, _, y in words if word == "Score")
    column, grid_top = next((x, y) for word, x, y in words if word == "Round" and y > score)
    heads = [str(n) for n in range(1, variant.listed_rounds + 1)] + ["Total"]
    # The row heads: under the grid's "Round" head, one per round and the total.
    rows = [y for word, x, y in words if y > grid_top + 1 and abs(x - column) < 40 and word in heads]
    assert len(rows) == len(heads), f"row heads found at {rows}, expected {heads}"
    gaps = [(below - above) / MM_IN_POINTS for above, below in itertools.pairwise(rows)]
    assert min(gaps) >= 9, f"score rows only {min(gaps):.1f} mm apart on the {paper} sheet"
    assert rows[-1] / height >= 0.8, f"the score grid ends at {rows[-1] / height:.0%} of the {paper} page"


def check_marks(page: Page, pdf: Path, variant: Variant) -> None:
    """The printed sheet carries a star on each value its version's sources do not state, and their legend."""
    text = " ".join(pdf_text(pdf).split())
    marks = page.locator(".hf-sheet .hf-assumed").count()
    legend = f"* Not stated by {variant.name}'s sources."
    assert (legend in text) == bool(marks), text
    assert text.count("*") == marks + bool(marks), text
    if variant.id == "bicycle":
        # Bicycle's own page gives neither the red threes nor the going-out bonus: they are Pagat's, and marked.
        assert not variant.provenance["threes.red_laid"].stated
        for line in ("Going out 100*", "Red three on the table 100*", "Red three caught −100*", "(all if fewer*)"):
            assert line in text, f"{line!r} is not on the printed Bicycle sheet:\n{text}"
    if not any(not origin.stated for origin in variant.provenance.values()):
        assert marks == 0


def check_print_sizes(page: Page) -> None:
    """In print, every word of the sheet is 9 pt or more, and its title and headings are full black."""
    page.emulate_media(media="print")
    sizes = page.evaluate(
        """() => [...document.querySelectorAll('.hf-sheet, .hf-sheet *')]
            .filter((e) => [...e.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim()))
            .filter((e) => {
                const style = getComputedStyle(e);
                const box = e.getBoundingClientRect();
                return style.display !== 'none' && style.visibility !== 'hidden' && box.width > 1 && box.height > 1;
            })
            .map((e) => ({
                size: parseFloat(getComputedStyle(e).fontSize),
                what: `${e.tagName.toLowerCase()} "${e.textContent.trim().slice(0, 30)}"`,
            }))"""
    )
    ink = page.evaluate(
        "() => [...document.querySelectorAll('.hf-sheet h1, .hf-sheet h2')].map((e) => getComputedStyle(e).color)"
    )
    assert set(ink) == {"rgb(0, 0, 0)"}, f"sheet title and headings print in {set(ink)}, not full black"
    assert sizes, "no visible text found in .hf-sheet"
    smallest = min(sizes, key=lambda s: s["size"])
    assert smallest["size"] >= NINE_POINTS_PX, f"{smallest['what']} prints at {smallest['size']}px (under 9 pt)"


@pytest.mark.parametrize("variant_id", VARIANT_IDS)
def test_the_sheet_prints_on_one_page_of_a4_and_of_letter_with_its_grid_marks_and_legend(
    page: Page, site_server: str, variants: dict[str, Variant], tmp_path: Path, variant_id: str
) -> None:
    variant = variants[variant_id]
    page.goto(f"{site_server}rules/{variant_id}/sheet/")
    page.wait_for_load_state("networkidle")
    for paper in PAPERS:
        pdf = tmp_path / f"sheet-{paper}.pdf"
        pdf.write_bytes(page.pdf(format=paper, print_background=True))
        check_one_page_sheet(pdf, variant, paper)
    check_marks(page, pdf, variant)
    check_print_sizes(page)


@pytest.mark.parametrize("variant_id", VARIANT_IDS)
def test_rule_page_prints_without_a_blank_last_page(
    page: Page, site_server: str, tmp_path: Path, variant_id: str
) -> None:
    pdf = print_pdf(page, f"{site_server}rules/{variant_id}/", "A4", tmp_path / "rules.pdf")
    pages = page_count(pdf)
    assert pdf_text(pdf, pages, pages).strip(), f"page {pages} of {pages} of the printed rules is blank"
    # Issue 37, item 18: printed rules fit a few pages (Pagat's were 19, 12 of them sources): the sources print in
    # short form, and the table of where each rule comes from stays online.
    assert pages <= MOST_PRINTED_RULE_PAGES, f"the printed rules take {pages} A4 pages"
    text = pdf_text(pdf)
    assert "Where each rule comes from, source by source, is on this page online." in text
    assert "Where it comes from" not in text
    assert "Sources" in text


# The most A4 pages a version's printed rules may take.
MOST_PRINTED_RULE_PAGES = 8
