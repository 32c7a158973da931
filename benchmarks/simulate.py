"""How fast the simulator plays games in CPython, how its cost grows with the games and with --jobs, and what the
"How they play" figures cost the site's build, and how Pyodide plays the configurator's games against CPython.

    .venv/bin/python benchmarks/simulate.py [--runs 5] [--games 20] [--variant pagat-partnership] [--build-runs 3]
        [--pyodide-runs 3]

Every measurement plays seeded games of one published version with the site's bots (the table style), through
``run_games`` as the command line does (the table checked after every turn), and is timed as wall-clock with
``time.perf_counter``:

- games: ``--games`` × 1, 2 and 4 (20, 40, 80 by default) on one process. The cost should grow linearly: the
  printed ratios against the smallest run should be close to 2 and 4.
- jobs: the largest number of games on 1 and on 2 processes (``--jobs 2``; the pool's start-up is included).
- unchecked: the largest number of games on one process with the table checks off, to show what they cost.

The measurements of a run are interleaved, and their order alternates between runs, so drift in the machine hits
all alike. Each run plays the same seeded games. Prints the median of each measurement, games per second, and the
ratios, and beside them the CPU seconds spent, worker processes included (steadier than wall-clock on a busy
machine). Progress goes to stderr.

The build (``--build-runs``, 0 to skip): ``mkdocs build --strict`` of a copy of the site's sources, timed wall-clock
from the command's start to its end, three ways interleaved in each run (their order alternating between runs):

- off: without the figures (``HF_SIMULATIONS=off``), the build as it was before them;
- warm: with the results file holding every version's current run, as in every build;
- cold: with no results file, as after a change to a rule or to the simulator before ``make simulations``: no build
  plays a game (issue 50), so it costs what a warm one does, and it must leave the file as it was.

A first, untimed build of the copy fills its caches (the handfoot zip's bytecode). Prints the medians and the ratios
to the build without the figures; the games' own cost is ``make simulations``'s, timed by the game measurements above.

Pyodide (``--pyodide-runs``, 0 to skip): the configurator's own calls, ``play_games`` a part of 2 games at a time
through handfoot's bridge, for ``--games`` × 2 games, made in Pyodide under Node
(``testbench/pyodide_calls.mjs --timed``, with the handfoot zip the site ships) and in this CPython, one after the
other in each run, their order alternating. Each side first answers one untimed part (imports and first calls), and
each call is timed alone, so Pyodide's start is not in the figure. Prints both medians and their ratio.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from handfoot import bridge, load_variants
from handfoot.simulate import run_games
from handfoot.variant import Variant
from sitebuild.browser_package import handfoot_zip
from sitebuild.pyodide_runtime import PYODIDE_PACKAGE
from sitebuild.simulations import CONFIGURATOR, CONFIGURATOR_PARTS, RESULTS_FILE
from testbench.build import build_site, copy_site
from testbench.paths import REPO_ROOT


def _cpu() -> float:
    """CPU seconds of this process and of its finished worker processes (a pool's workers are joined at its end)."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def timed(play: Callable[[], object]) -> tuple[float, float]:
    """Wall-clock and CPU seconds (this process and its workers) of one measurement."""
    start, cpu = time.perf_counter(), _cpu()
    play()
    return time.perf_counter() - start, _cpu() - cpu


def measurements(variant: Variant, games: int) -> dict[str, Callable[[], object]]:
    most = 4 * games
    return {
        f"{games} games, 1 process": lambda: run_games(variant, games, "bench"),
        f"{2 * games} games, 1 process": lambda: run_games(variant, 2 * games, "bench"),
        f"{most} games, 1 process": lambda: run_games(variant, most, "bench"),
        f"{most} games, 2 processes": lambda: run_games(variant, most, "bench", jobs=2),
        f"{most} games, 1 process, unchecked": lambda: run_games(variant, most, "bench", check=False),
    }


BUILDS = {
    "build, no figures (off)": ("off", True),
    "build, results kept (warm)": ("cached", True),
    "build, no results (cold)": ("cached", False),
}


def timed_build(site: Path, mode: str, keep: bool, kept: bytes) -> float:
    """One build of the copy at ``site`` in a simulation mode, with the results file (``kept``) or without it; the
    file is as ``kept`` again afterwards."""
    results = site / RESULTS_FILE
    if keep:
        results.write_bytes(kept)
    else:
        results.unlink(missing_ok=True)
    output = site / "site"
    start = time.perf_counter()
    done = build_site(output, sources=site, env={"HF_SIMULATIONS": mode}, quiet=True)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"mkdocs build failed ({mode}, results {'kept' if keep else 'missing'}):\n{done.stderr}")
    if not keep and results.exists():
        sys.exit("a build wrote the results file: only `make simulations` may")
    results.write_bytes(kept)
    shutil.rmtree(output, ignore_errors=True)
    return seconds


def build_times(runs: int) -> None:
    """The build with the figures off, with their results kept, and with none, interleaved; medians printed."""
    kept = (REPO_ROOT / RESULTS_FILE).read_bytes()
    times: dict[str, list[float]] = {name: [] for name in BUILDS}
    with tempfile.TemporaryDirectory(prefix="hf-bench-sim-") as tmp:
        site = copy_site(Path(tmp) / "sources")
        timed_build(site, "off", True, kept)  # fills the copy's caches
        for run in range(runs):
            order = list(BUILDS) if run % 2 == 0 else list(reversed(BUILDS))
            for name in order:
                mode, keep = BUILDS[name]
                seconds = timed_build(site, mode, keep, kept)
                times[name].append(seconds)
                print(f"build run {run + 1}/{runs}: {name}: {seconds:.1f} s", file=sys.stderr, flush=True)
    medians = {name: statistics.median(values) for name, values in times.items()}
    off = medians["build, no figures (off)"]
    print(f"The site's build (mkdocs build --strict), medians of {runs} runs each, {os.cpu_count()} cores")
    print(f"{'':<34}{'seconds':>9}{'× off':>9}   runs (s)")
    for name, median in medians.items():
        each = ", ".join(f"{value:.1f}" for value in times[name])
        print(f"{name:<34}{median:>9.1f}{median / off:>9.2f}   {each}")


NODE_RUNNER = REPO_ROOT / "testbench" / "pyodide_calls.mjs"


def part_calls(variant: Variant, games: int) -> list[dict[str, object]]:
    """The configurator's calls for ``games`` games of its run, a part at a time, after one untimed part."""
    part = int(CONFIGURATOR_PARTS["part"])
    mapping = variant.to_mapping()
    calls: list[dict[str, object]] = [{"fn": "play_games", "args": [mapping, "warm-up", 0, part]}]
    calls += [
        {"fn": "play_games", "args": [mapping, CONFIGURATOR.seed, first, min(part, games - first)]}
        for first in range(0, games, part)
    ]
    return calls


def pyodide_seconds(calls_file: Path, zip_file: Path) -> float:
    """Seconds Pyodide under Node took for the calls, the untimed first one left out."""
    done = subprocess.run(
        ["node", str(NODE_RUNNER), str(PYODIDE_PACKAGE), str(zip_file), str(calls_file), "--timed"],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        sys.exit(f"Pyodide under Node failed: {done.stderr.strip()}")
    timings = json.loads(done.stdout)
    if not all(json.loads(timing["answer"])["ok"] for timing in timings):
        sys.exit("Pyodide under Node answered a call with an error")
    return float(sum(timing["ms"] for timing in timings[1:])) / 1000


def cpython_seconds(calls: list[dict[str, object]]) -> float:
    """Seconds this CPython took for the same calls through the same bridge, the first one untimed."""
    total = 0.0
    for index, call in enumerate(calls):
        start = time.perf_counter()
        answer = json.loads(bridge.call(str(call["fn"]), json.dumps(call["args"])))
        if index:
            total += time.perf_counter() - start
        if not answer["ok"]:
            sys.exit(f"CPython answered a call with an error: {answer['error']}")
    return total


def pyodide_ratio(variant: Variant, games: int, runs: int) -> None:
    """The configurator's games in Pyodide (Node) and in CPython, interleaved; medians and their ratio printed."""
    calls = part_calls(variant, games)
    times: dict[str, list[float]] = {"Pyodide (Node)": [], "CPython": []}
    with tempfile.TemporaryDirectory(prefix="hf-bench-pyodide-") as tmp:
        zip_file = Path(tmp) / "handfoot.zip"
        zip_file.write_bytes(handfoot_zip(REPO_ROOT / ".cache" / "bytecode"))
        calls_file = Path(tmp) / "calls.json"
        calls_file.write_text(json.dumps(calls), encoding="utf-8")
        measure = {
            "Pyodide (Node)": lambda: pyodide_seconds(calls_file, zip_file),
            "CPython": lambda: cpython_seconds(calls),
        }
        for run in range(runs):
            for name in measure if run % 2 == 0 else reversed(measure):
                times[name].append(measure[name]())
                print(f"Pyodide run {run + 1}/{runs}: {name}: {times[name][-1]:.2f} s", file=sys.stderr, flush=True)
    medians = {name: statistics.median(values) for name, values in times.items()}
    print(f"{variant.name}: the configurator's calls, {games} games in parts, medians of {runs} runs")
    for name, median in medians.items():
        each = ", ".join(f"{value:.2f}" for value in times[name])
        print(f"{name:<34}{median:>9.2f} s{games / median:>9.1f} games/s   runs (s): {each}")
    print(f"Pyodide (Node) against CPython: {medians['Pyodide (Node)'] / medians['CPython']:.2f} (the goal: at most 2)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--runs", type=int, default=5, help="interleaved runs of each game measurement (default 5; 0 skips them)"
    )
    parser.add_argument("--games", type=int, default=20, help="the smallest number of games (default 20)")
    parser.add_argument("--variant", default="pagat-partnership", help="a published version's id")
    parser.add_argument(
        "--build-runs", type=int, default=3, help="interleaved runs of the three builds (default 3; 0 skips them)"
    )
    parser.add_argument(
        "--pyodide-runs", type=int, default=3, help="interleaved runs of Pyodide and CPython (default 3; 0 skips them)"
    )
    args = parser.parse_args()
    variant = load_variants(REPO_ROOT / "variants")[args.variant]
    if args.pyodide_runs:
        pyodide_ratio(variant, 2 * args.games, args.pyodide_runs)
        print()
    if args.runs < 1:
        if args.build_runs:
            build_times(args.build_runs)
        return
    plays = measurements(variant, args.games)
    times: dict[str, list[float]] = {name: [] for name in plays}
    cpus: dict[str, list[float]] = {name: [] for name in plays}
    for run in range(args.runs):
        order = list(plays) if run % 2 == 0 else list(reversed(plays))
        for name in order:
            seconds, cpu = timed(plays[name])
            times[name].append(seconds)
            cpus[name].append(cpu)
            print(f"run {run + 1}/{args.runs}: {name}: {seconds:.2f} s", file=sys.stderr, flush=True)
    medians = {name: statistics.median(values) for name, values in times.items()}
    cpu_medians = {name: statistics.median(values) for name, values in cpus.items()}
    names = list(plays)
    counts = dict(zip(names, (args.games, 2 * args.games, 4 * args.games, 4 * args.games, 4 * args.games), strict=True))
    print(f"{variant.name}, table bots, medians of {args.runs} runs")
    print(f"{'':<34}{'seconds':>9}{'games/s':>9}{'× smallest':>12}{'CPU s':>9}{'games/CPU s':>13}")
    for name in names:
        ratio = medians[name] / medians[names[0]]
        cpu_cells = f"{cpu_medians[name]:>9.2f}{counts[name] / cpu_medians[name]:>13.1f}"
        print(f"{name:<34}{medians[name]:>9.2f}{counts[name] / medians[name]:>9.1f}{ratio:>12.2f}{cpu_cells}")
    print()

    def ratio_of(top: str, bottom: str) -> str:
        return f"{medians[top] / medians[bottom]:.2f} wall, {cpu_medians[top] / cpu_medians[bottom]:.2f} CPU"

    print(f"Growth with the games (2 and 4 if linear): {ratio_of(names[1], names[0])}; {ratio_of(names[2], names[0])}")
    print(f"--jobs 2 against --jobs 1 (below 1 is faster): {ratio_of(names[3], names[2])}")
    print(f"The table checks: {ratio_of(names[2], names[4])} × the unchecked cost")
    if args.build_runs:
        print()
        build_times(args.build_runs)


if __name__ == "__main__":
    main()
