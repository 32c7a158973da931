"""Lighthouse accessibility scores of built pages, with the audits that failed.

Usage: (cd scripts/lighthouse && npm ci) && .venv/bin/python scripts/lighthouse.py SITE_DIR [PATH ...]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import tempfile
from pathlib import Path

from site_support.chromium import CHROMIUM, CHROMIUM_ARGS
from site_support.server import serve

LIGHTHOUSE = Path(__file__).resolve().parent / "lighthouse" / "node_modules" / ".bin" / "lighthouse"
DEFAULT_PATHS = ["", "rules/pagat-partnership/", "rules/bicycle/sheet/", "compare/", "keeper/", "configurator/"]


def score(url: str) -> tuple[int, list[str]]:
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "report.json"
        flags = ["--only-categories=accessibility", "--quiet", "--output=json", f"--output-path={report}"]
        subprocess.run(
            [str(LIGHTHOUSE), url, *flags, f"--chrome-flags={' '.join(CHROMIUM_ARGS)}"],
            env={**os.environ, "CHROME_PATH": str(CHROMIUM)},
            check=True,
            timeout=180,
        )
        data = json.loads(report.read_text(encoding="utf-8"))
    category = data["categories"]["accessibility"]
    audits = {ref["id"] for ref in category["auditRefs"]}
    failed = [name for name, audit in data["audits"].items() if name in audits and (audit.get("score") or 1) < 1]
    return round(category["score"] * 100), failed


def main(site: str, paths: list[str]) -> None:
    with serve(site) as base:
        for path in paths or DEFAULT_PATHS:
            points, failed = score(base + path)
            print(f"/{path:<28} accessibility {points:>3}  {', '.join(failed) or 'no failed audit'}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("site", help="a built site, e.g. site/")
    parser.add_argument("paths", nargs="*", help=f"addresses in the site (default: {' '.join(DEFAULT_PATHS)})")
    args = parser.parse_args()
    main(args.site, args.paths)
