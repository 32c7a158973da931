"""Lighthouse accessibility scores of built pages, with the audits that failed.

Usage: (cd scripts/lighthouse && npm ci) && .venv/bin/python scripts/lighthouse.py SITE_DIR [PATH ...]
"""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE.parent / "tests")]
from conftest import CHROMIUM_ARGS, _QuietServer, _SiteRequestHandler  # noqa: E402

LIGHTHOUSE = HERE / "lighthouse" / "node_modules" / ".bin" / "lighthouse"
DEFAULT_PATHS = ["", "rules/pagat-partnership/", "rules/bicycle/sheet/", "compare/", "keeper/", "configurator/"]


def score(url: str) -> tuple[int, list[str]]:
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "report.json"
        flags = ["--only-categories=accessibility", "--quiet", "--output=json", f"--output-path={report}"]
        subprocess.run(
            [str(LIGHTHOUSE), url, *flags, f"--chrome-flags={' '.join(CHROMIUM_ARGS)}"],
            env={**os.environ, "CHROME_PATH": "/usr/bin/chromium"},
            check=True,
            timeout=180,
        )
        data = json.loads(report.read_text(encoding="utf-8"))
    category = data["categories"]["accessibility"]
    audits = {ref["id"] for ref in category["auditRefs"]}
    failed = [name for name, audit in data["audits"].items() if name in audits and (audit.get("score") or 1) < 1]
    return round(category["score"] * 100), failed


def main(site: str, paths: list[str]) -> None:
    server = _QuietServer(("127.0.0.1", 0), functools.partial(_SiteRequestHandler, directory=site))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    for path in paths or DEFAULT_PATHS:
        points, failed = score(base + path)
        print(f"/{path:<28} accessibility {points:>3}  {', '.join(failed) or 'no failed audit'}")
    server.shutdown()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
