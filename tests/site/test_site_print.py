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
from site_support.paths import REPO_ROOT

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


def print_pdf(page: Page, url: str, paper: str, destination: Path) -> Path:
    page.goto(url)
    page.wait_for_load_state("networkidle")
    destination.write_bytes(page.pdf(format=paper, print_background=True))
    return destination


def page_count(pdf: Path) -> int:
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    match = re.search(r"^Pages:\s+(\d+)$", info, flags=re.MULTILINE)
    assert match, info
    return int(match.group(1))


def pdf_text(pdf: Path, first: int | None = None, last: int | None = None) -> str:
    """The text of the PDF, laid out as printed, so a table row stays on one line."""
    pages = [*(["-f", str(first)] if first else []), *(["-l", str(last)] if last else [])]
    command = ["pdftotext", "-layout", *pages, str(pdf), "-"]
    return subprocess.run(command, capture_output=True, text=True, check=True).stdout


@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize("variant_id", VARIANT_IDS)
def test_sheet_prints_on_one_page(
    page: Page, site_server: str, variants: dict[str, Variant], tmp_path: Path, variant_id: str, paper: str
) -> None:
    variant = variants[variant_id]
    pdf = print_pdf(page, f"{site_server}rules/{variant_id}/sheet/", paper, tmp_path / "sheet.pdf")
    layout = pdf_text(pdf)
    text = " ".join(layout.split())
    for expected in (variant.name, "Card values", "Each round", "Going out", "Score"):
        assert expected in text, f"{expected!r} is missing from the printed {variant.name} sheet"
    rounds = variant.round_count or len(variant["opening.minimums"])
    minimums = [format_number(variant.opening_minimum(n)) for n in range(1, rounds + 1)]
    # The "Each round" table: round number, then its first-meld minimum.
    for number, minimum in enumerate(minimums, start=1):
        assert re.search(rf"(?<![\d,]){number} +{re.escape(minimum)}(?![\d,])", layout), (
            f"round {number}'s minimum {minimum} is missing from the printed {variant.name} sheet:\n{layout}"
        )
    assert page_count(pdf) == 1, f"the {variant.name} sheet prints on {page_count(pdf)} {paper} pages"


def pdf_words(pdf: Path) -> tuple[float, list[tuple[str, float, float]]]:
    """The page height and every word of a one-page PDF with its left edge and top, in points."""
    html = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    height = float(re.search(r'<page width="[\d.]+" height="([\d.]+)"', html).group(1))
    words = re.findall(r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="[\d.]+">([^<]*)</word>', html)
    return height, [(text, float(x), float(y)) for x, y, text in words]


MM_IN_POINTS = 72 / 25.4


@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize("variant_id", VARIANT_IDS)
def test_the_score_grid_fills_the_sheet_with_rows_to_write_in(
    page: Page, site_server: str, variants: dict[str, Variant], tmp_path: Path, variant_id: str, paper: str
) -> None:
    pdf = print_pdf(page, f"{site_server}rules/{variant_id}/sheet/", paper, tmp_path / "sheet.pdf")
    assert page_count(pdf) == 1
    height, words = pdf_words(pdf)
    score = max(y for text, _, y in words if text == "Score")
    column, grid_top = next((x, y) for text, x, y in words if text == "Round" and y > score)
    heads = [str(n) for n in range(1, variants[variant_id].listed_rounds + 1)] + ["Total"]
    # The row heads: under the grid's "Round" head, one per round and the total.
    rows = [y for text, x, y in words if y > grid_top + 1 and abs(x - column) < 40 and text in heads]
    assert len(rows) == len(heads), f"row heads found at {rows}, expected {heads}"
    gaps = [(below - above) / MM_IN_POINTS for above, below in itertools.pairwise(rows)]
    assert min(gaps) >= 9, f"score rows only {min(gaps):.1f} mm apart on the {paper} sheet"
    assert rows[-1] / height >= 0.8, f"the score grid ends at {rows[-1] / height:.0%} of the {paper} page"


@pytest.mark.parametrize("variant_id", VARIANT_IDS)
def test_rule_page_prints_without_a_blank_last_page(
    page: Page, site_server: str, tmp_path: Path, variant_id: str
) -> None:
    pdf = print_pdf(page, f"{site_server}rules/{variant_id}/", "A4", tmp_path / "rules.pdf")
    pages = page_count(pdf)
    assert pdf_text(pdf, pages, pages).strip(), f"page {pages} of {pages} of the printed rules is blank"


@pytest.mark.parametrize("variant_id", VARIANT_IDS)
def test_sheet_text_is_at_least_nine_points_in_print(page: Page, site_server: str, variant_id: str) -> None:
    page.goto(f"{site_server}rules/{variant_id}/sheet/")
    page.wait_for_load_state("networkidle")
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
def test_a_sheet_prints_its_not_stated_marks_and_their_legend(
    page: Page, site_server: str, variants: dict[str, Variant], tmp_path: Path, variant_id: str
) -> None:
    variant = variants[variant_id]
    url = f"{site_server}rules/{variant_id}/sheet/"
    pdf = print_pdf(page, url, "Letter", tmp_path / "sheet.pdf")
    text = " ".join(pdf_text(pdf).split())
    marks = page.locator(".hf-sheet .hf-assumed").count()
    legend = f"* Not stated by {variant.name}'s sources."
    assert (legend in text) == bool(marks), text
    assert text.count("*") == marks + bool(marks), text
    if variant_id == "bicycle":
        # Bicycle's own page gives neither the red threes nor the going-out bonus: they are Pagat's, and marked.
        assert not variant.provenance["threes.red_laid"].stated
        for line in ("Going out 100*", "Red three on the table 100*", "Red three caught −100*", "(all if fewer*)"):
            assert line in text, f"{line!r} is not on the printed Bicycle sheet:\n{text}"
    if not any(not origin.stated for origin in variant.provenance.values()):
        assert marks == 0
