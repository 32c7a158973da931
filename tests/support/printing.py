"""Printing a page to PDF as the browser prints it, and reading the PDF back with poppler-utils."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from playwright.sync_api import Page


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
