"""Screenshot pages of a built site at phone and desktop widths, and print sheets to PDF, for a person to look at.

Usage: .venv/bin/python scripts/screenshots.py SITE_DIR OUT_DIR PATH [PATH ...]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from playwright.sync_api import sync_playwright

# The tests' Chromium and static server, so that screenshots see what the tests see.
from testbench.chromium import launch
from testbench.server import serve


def main(site: str, out: str, paths: list[str]) -> None:
    Path(out).mkdir(parents=True, exist_ok=True)
    with serve(site) as root, sync_playwright() as pw:
        base = root.rstrip("/")
        browser = launch(pw)
        for width, height in ((390, 844), (1280, 900)):
            page = browser.new_page(viewport={"width": width, "height": height})
            for path in paths:
                page.goto(base + path)
                page.wait_for_load_state("networkidle")
                name = path.strip("/").replace("/", "_") or "home"
                total = page.evaluate("document.documentElement.scrollHeight")
                for part, top in enumerate(range(0, min(total, height * 12), height * 2)):
                    clip = {"x": 0, "y": top, "width": width, "height": min(height * 2, total - top)}
                    page.screenshot(path=f"{out}/{name}-{width}-{part}.png", full_page=True, clip=clip)
                if path.endswith("/sheet/") and width == 1280:
                    for fmt in ("A4", "Letter"):
                        page.pdf(path=f"{out}/{name}-{fmt}.pdf", format=fmt, print_background=True)
            page.close()
        browser.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("site", help="a built site, e.g. site/")
    parser.add_argument("out", help="folder for the PNG and PDF files")
    parser.add_argument("paths", nargs="+", help="addresses in the site, e.g. / or /rules/bicycle/sheet/")
    args = parser.parse_args()
    main(args.site, args.out, args.paths)
