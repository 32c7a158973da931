"""Lighthouse (mobile) on the site's main pages beside a stock Material page, served as a real host serves them.

    (cd benchmarks/lighthouse && npm ci)
    .venv/bin/python benchmarks/lighthouse.py [--runs 5] [--against DIR] [PATH ...]

The site is built with ``mkdocs build`` into a temporary folder, and so is a stock page: Material's own theme with its
search and one page of text, nothing of this site. Both are served by ``testbench.server`` (brotli or gzip, cache
headers), each on its own loopback port. Lighthouse 12.2.3, pinned in ``benchmarks/lighthouse/``, runs its default
mobile emulation with simulated throttling, in Debian's Chromium, on every page once per run; the order of the pages
alternates between runs. Prints, per page, the medians of the performance score, FCP, LCP, TBT and CLS, the
accessibility score, and the page's performance score as a ratio to the stock page's. The goal is 95 or more on every
page, and CLS 0. With ``--against DIR`` (a copy of the site's sources, such as ``git archive`` of an earlier commit
with node_modules linked into it), that site's pages are measured in the same runs, interleaved, named "before: …".
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from testbench.build import MKDOCS, build_site
from testbench.chromium import CHROMIUM, CHROMIUM_ARGS
from testbench.server import serve

LIGHTHOUSE = Path(__file__).resolve().parent / "lighthouse" / "node_modules" / ".bin" / "lighthouse"
PAGES = {
    "home": "",
    "rule page": "rules/pagat-partnership/",
    "sheet": "rules/bicycle/sheet/",
    "compare": "compare/",
    "FAQ": "faq/",
    "keeper": "keeper/",
    "configurator": "configurator/",
    "rule helper": "helper/",
}
STOCK = "stock Material"
STOCK_CONFIG = "site_name: A stock page\ntheme:\n  name: material\nplugins:\n  - search\n"
STOCK_PAGE = "# A stock page\n\n" + "Material for MkDocs, as it comes, with one page of plain text. " * 40 + "\n"
METRICS = {
    "FCP": "first-contentful-paint",
    "LCP": "largest-contentful-paint",
    "TBT": "total-blocking-time",
    "CLS": "cumulative-layout-shift",
}


def build_stock(folder: Path) -> Path:
    (folder / "docs").mkdir(parents=True)
    (folder / "mkdocs.yml").write_text(STOCK_CONFIG, encoding="utf-8")
    (folder / "docs" / "index.md").write_text(STOCK_PAGE, encoding="utf-8")
    result = subprocess.run(
        [str(MKDOCS), "build", "--quiet", "--config-file", str(folder / "mkdocs.yml"), "--site-dir", "site"],
        cwd=folder,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    if result.returncode != 0:
        sys.exit(f"the stock page did not build:\n{result.stderr}")
    return folder / "site"


def lighthouse(url: str) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "report.json"
        flags = [
            "--only-categories=performance,accessibility",
            "--quiet",
            "--output=json",
            f"--output-path={report}",
            f"--chrome-flags={' '.join(CHROMIUM_ARGS)}",
        ]
        subprocess.run(
            [str(LIGHTHOUSE), url, *flags],
            env={**os.environ, "CHROME_PATH": str(CHROMIUM)},
            check=True,
            timeout=300,
            capture_output=True,
        )
        data = json.loads(report.read_text(encoding="utf-8"))
    found = {
        "performance": data["categories"]["performance"]["score"] * 100,
        "accessibility": data["categories"]["accessibility"]["score"] * 100,
    }
    for name, audit in METRICS.items():
        found[name] = data["audits"][audit]["numericValue"]
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--runs", type=int, default=5, help="runs of each page (default 5)")
    parser.add_argument("--against", type=Path, help="also measure the site built from this copy of its sources")
    parser.add_argument("names", nargs="*", help=f"pages to measure (default: all of {', '.join(PAGES)})")
    args = parser.parse_args()
    if not LIGHTHOUSE.exists():
        sys.exit(f"{LIGHTHOUSE} is missing: run (cd benchmarks/lighthouse && npm ci)")
    pages = {name: PAGES[name] for name in args.names} if args.names else PAGES

    with tempfile.TemporaryDirectory(prefix="lighthouse-bench-") as temp, ExitStack() as stack:
        folder = Path(temp)
        result = build_site(folder / "site", quiet=True)
        if result.returncode != 0:
            sys.exit(f"mkdocs build failed:\n{result.stderr}")
        base = stack.enter_context(serve(folder / "site"))
        stock = stack.enter_context(serve(build_stock(folder / "stock")))
        urls = {name: base + path for name, path in pages.items()} | {STOCK: stock}
        if args.against:
            # The copy's own packages come before this checkout's, which the venv's .pth file puts on the path.
            env = {"PYTHONPATH": str(args.against)}
            result = build_site(folder / "before", sources=args.against, env=env, quiet=True)
            if result.returncode != 0:
                sys.exit(f"mkdocs build of {args.against} failed:\n{result.stderr}")
            before = stack.enter_context(serve(folder / "before"))
            urls |= {f"before: {name}": before + path for name, path in pages.items()}
        results: dict[str, list[dict[str, Any]]] = {name: [] for name in urls}
        for run in range(args.runs):
            order = list(urls) if run % 2 == 0 else list(reversed(urls))
            for name in order:
                results[name].append(lighthouse(urls[name]))
            line = ", ".join(f"{name} {results[name][-1]['performance']:.0f}" for name in urls)
            print(f"run {run + 1}: performance {line}", flush=True)

    medians = {name: {key: statistics.median(r[key] for r in rs) for key in rs[0]} for name, rs in results.items()}
    stock_score = medians[STOCK]["performance"]
    print(f"\nmedians of {args.runs} runs (Lighthouse 12.2.3, mobile, simulated throttling):")
    print(f"  {'page':<23} {'perf':>5} {'/stock':>7} {'FCP ms':>7} {'LCP ms':>7} {'TBT ms':>7} {'CLS':>6} {'a11y':>5}")
    for name, m in medians.items():
        print(
            f"  {name:<23} {m['performance']:5.1f} {m['performance'] / stock_score:7.2f} {m['FCP']:7.0f} "
            f"{m['LCP']:7.0f} {m['TBT']:7.0f} {m['CLS']:6.3f} {m['accessibility']:5.0f}"
        )


if __name__ == "__main__":
    main()
