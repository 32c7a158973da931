"""Screenshot pages of a built site at phone and desktop widths, and print sheets to PDF, for a person to look at.

Usage: .venv/bin/python scripts/screenshots.py SITE_DIR OUT_DIR PATH [PATH ...]
"""

from __future__ import annotations

import functools
import sys
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

# The tests' Chromium settings and static server, so that screenshots see what the tests see.
sys.path[:0] = [str(Path(__file__).resolve().parent.parent), str(Path(__file__).resolve().parent.parent / "tests")]
from conftest import CHROMIUM_ARGS as ARGS  # noqa: E402
from conftest import _QuietServer, _SiteRequestHandler  # noqa: E402


def main(site: str, out: str, paths: list[str]) -> None:
    handler = functools.partial(_SiteRequestHandler, directory=site)
    server = _QuietServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"
    Path(out).mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
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
    server.shutdown()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3:])
