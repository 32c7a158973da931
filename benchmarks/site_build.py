"""How long `mkdocs build` takes for the real site, and for the same site with 50 variants.

Both sites are built from copies of the repository's site sources in a temporary folder (node_modules linked). The
second copy gets generated variants, each ``extends: pagat-partnership`` with a few changed rules and the provenance
those need, until it holds 50. Builds alternate (real, 50, real, 50, ...) so drift in the machine hits both alike.

    .venv/bin/python benchmarks/site_build.py [--runs 5] [--variants 50]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from testbench.build import build_site, copy_site
from testbench.paths import REPO_ROOT

VARIANT_TEMPLATE = """\
# Generated for benchmarks/site_build.py.
name: House rules {n:02d}
short_name: House {n:02d}
summary: A generated house variant of the partnership game with a {hand}-card hand and foot and a {bonus}-point bonus.
extends: pagat-partnership

sources:
  house-{n:02d}:
    title: House rules {n:02d}
    url: https://example.org/house-rules/{n:02d}

rules:
  deal: {{hand_size: {hand}, foot_size: {hand}}}
  going_out: {{bonus: {bonus}}}
  opening: {{minimums: [{m1}, {m2}, {m3}, {m4}]}}

provenance:
  deal.hand_size: {{stated: [house-{n:02d}]}}
  deal.foot_size: {{stated: [house-{n:02d}]}}
  going_out.bonus: {{stated: [house-{n:02d}]}}
  opening.minimums: {{stated: [house-{n:02d}], note: Written on the inside of the card box.}}
"""


def add_variants(site: Path, count: int) -> None:
    for n in range(1, count + 1):
        hand = 11 + n % 5  # 11 to 15: the deal always leaves a stock
        text = VARIANT_TEMPLATE.format(
            n=n, hand=hand, bonus=100 + 25 * (n % 9), m1=50, m2=90 + 5 * (n % 3), m3=120, m4=150 + 10 * (n % 4)
        )
        (site / "variants" / f"house-{n:02d}.yaml").write_text(text, encoding="utf-8")


def build(site: Path) -> float:
    output = site.parent / f"{site.name}-out"
    start = time.perf_counter()
    result = build_site(output, sources=site, quiet=True)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"mkdocs build failed in {site}:\n{result.stderr}")
    shutil.rmtree(output, ignore_errors=True)
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="builds of each site (default 5)")
    parser.add_argument("--variants", type=int, default=50, help="variants in the big site (default 50)")
    args = parser.parse_args()

    real_count = len(list((REPO_ROOT / "variants").glob("*.yaml")))
    extra = args.variants - real_count
    if extra < 1:
        sys.exit(f"--variants must be more than the {real_count} real variants")
    with tempfile.TemporaryDirectory(prefix="hf-bench-") as tmp:
        real = copy_site(Path(tmp) / "real")
        big = copy_site(Path(tmp) / "big")
        add_variants(big, extra)
        build(real)  # warm-up: file caches and bytecode
        build(big)
        times: dict[Path, list[float]] = {real: [], big: []}
        for run in range(1, args.runs + 1):
            for site in (real, big):
                times[site].append(build(site))
            print(f"run {run}/{args.runs}: real {times[real][-1]:.2f} s, big {times[big][-1]:.2f} s", file=sys.stderr)

    a, b = statistics.median(times[real]), statistics.median(times[big])
    rows = [
        (f"(a) real site, {real_count} variants", f"{a:.3f} s"),
        (f"(b) {args.variants} variants", f"{b:.3f} s"),
        (f"per added variant, (b - a) / {extra}", f"{(b - a) / extra * 1000:.1f} ms"),
        ("ratio b / a", f"{b / a:.2f}"),
    ]
    width = max(len(label) for label, _ in rows)
    print(f"mkdocs build --strict, median of {args.runs} interleaved runs each")
    for label, value in rows:
        print(f"  {label:<{width}}  {value:>10}")


if __name__ == "__main__":
    main()
