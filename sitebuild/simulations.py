"""How the published versions play: games played by bots for each one, summed up with their uncertainty for the
compare page's "How they play" table and each rule page's box.

Results are kept in ``simulations/how-they-play.json`` by ``run_key`` (the rules in force, the simulator's source,
the games, the seed and the bots), so a page edit never plays a game again. A build reads the file and plays only the
runs it lacks, writing them back (``run`` mode); in CI (``CI`` set) or under ``HF_SIMULATIONS=cached`` it plays none,
and the pages say what is missing; ``HF_SIMULATIONS=off`` leaves the figures out. ``python -m sitebuild.simulations``
(``make simulations``) brings the file up to date.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import re
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from handfoot import DEFAULT_VARIANT, Variant, load_variants
from handfoot.simulate import GAPS, PlainBot, engine_fingerprint, run_games, run_key, summarize
from handfoot.simulate.report import BOX, KIND, margin, shown, shown_rows, summary_data, summary_from_data
from handfoot.simulate.stats import CAVEAT, NOISE_Z, Summary, compare
from handfoot.words import format_number
from sitebuild.errors import BuildError


@dataclass(frozen=True)
class Run:
    """Games of a version played from a seed by the bots of ``STYLES``."""

    games: int
    seed: str


# The bots' style in every run the site keeps.
STYLES = ("plain",)
# The compare page's table and the rule pages' boxes.
COMPARE = Run(400, "how-they-play")
# The configurator's "Play 200 games with these rules": a house rule set's games, played in the browser, are set beside
# its base version's same games, kept here, so rules with no change show no difference.
CONFIGURATOR = Run(200, "your-rules")
RUNS = (COMPARE, CONFIGURATOR)
# How the configurator asks for its games: a part of 2 games takes a fraction of a second in the rules engine's worker,
# so a check asked for meanwhile waits no longer; its progress is read aloud every 10 parts.
CONFIGURATOR_PARTS = {"part": 2, "say_every": 10}
GAMES, SEED = COMPARE.games, COMPARE.seed
# Where the results are kept, from the repository's root, and the command that refreshes them.
RESULTS_FILE = Path("simulations") / "how-they-play.json"
REFRESH = "make simulations"
MODES = ("run", "cached", "off")
LOG = logging.getLogger("mkdocs.hooks.simulations")


def mode_from(environ: Mapping[str, str]) -> str:
    """How a build treats missing results: ``HF_SIMULATIONS`` if set, else ``cached`` in CI and ``run`` elsewhere."""
    chosen = environ.get("HF_SIMULATIONS", "").strip() or ("cached" if environ.get("CI") else "run")
    if chosen not in MODES:
        raise BuildError(f"HF_SIMULATIONS={chosen!r}: expected one of {', '.join(MODES)}")
    return chosen


def key_of(variant: Variant, engine: str | None = None, run: Run = COMPARE) -> str:
    """The key of a version's run; ``engine`` is the simulator's fingerprint, if already worked out."""
    return run_key(variant, run.games, run.seed, STYLES, engine=engine)


# Reading and writing the results file.


def read_runs(path: Path) -> dict[str, dict[str, Any]]:
    """The runs kept in the results file by key; none if the file does not exist yet."""
    if not path.is_file():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        runs = data["runs"]
        if not isinstance(runs, dict):
            raise TypeError("runs is not a mapping")
        for entry in runs.values():
            summary_of(entry)
    except (ValueError, KeyError, TypeError, AttributeError) as error:
        raise BuildError(f"{path.name}: not a results file ({error}); delete it and run {REFRESH}") from None
    return runs


def write_runs(path: Path, runs: Mapping[str, Mapping[str, Any]]) -> None:
    """The results file with these runs, one key per line where it can, so a change reads as a small diff."""
    data = {
        "about": (
            "How the published versions play: for each, "
            + " and ".join(f"{run.games} games from seed {run.seed!r}" for run in RUNS)
            + f", {', '.join(STYLES)} bots; each run "
            f"keyed by handfoot.simulate.run_key. Written by the build and by `{REFRESH}`; do not edit."
        ),
        "runs": {key: runs[key] for key in sorted(runs)},
    }
    text = json.dumps(data, indent=1, sort_keys=True)
    # A figure's four numbers on its own line.
    text = re.sub(r"\[\s+([-\d.e,\s]+?)\s+\]", lambda m: "[" + " ".join(m.group(1).split()) + "]", text)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text + "\n", encoding="utf-8")


def entry_of(variant: Variant, summary: Summary) -> dict[str, Any]:
    """A run as the file keeps it: its version's id, and the summary's data (handfoot.simulate.report)."""
    return {"variant": variant.id, **summary_data(summary)}


def summary_of(entry: Mapping[str, Any]) -> Summary:
    """A kept run back as the stats module's Summary."""
    return summary_from_data(entry)


def simulate(variant: Variant, jobs: int, run: Run = COMPARE) -> Summary:
    """Play a run of one version on ``jobs`` processes, checked on every turn."""
    summary = summarize(run_games(variant, run.games, run.seed, styles=STYLES, jobs=jobs))
    if summary.violations:
        raise BuildError(
            f"{variant.id}: the simulation broke a rule {summary.violations} times; "
            f"see python -m handfoot.simulate {variant.id} --games {run.games} --seed {run.seed}"
        )
    return summary


def results(
    variants: Mapping[str, Variant], path: Path, mode: str, *, jobs: int | None = None
) -> dict[Run, dict[str, Summary | None]]:
    """Each run's summaries, by version id, from the results file; in ``run`` mode the missing runs are played and the
    file written back with exactly the published versions' runs. None for a run missing in ``cached`` mode."""
    kept = read_runs(path)
    found: dict[Run, dict[str, Summary | None]] = {run: {} for run in RUNS}
    current: dict[str, dict[str, Any]] = {}
    engine = engine_fingerprint()
    for run in RUNS:
        for variant in variants.values():
            key = key_of(variant, engine, run)
            if key not in kept and mode == "run":
                LOG.info("Simulating %d games of %s (not in %s yet)", run.games, variant.name, path.name)
                kept[key] = entry_of(variant, simulate(variant, jobs or os.cpu_count() or 1, run))
            if key in kept:
                current[key] = kept[key]
            found[run][variant.id] = summary_of(kept[key]) if key in kept else None
    if mode == "run" and current != read_runs(path):
        write_runs(path, current)
    return found


def missing(variants: Mapping[str, Variant], path: Path) -> list[str]:
    """The runs the results file lacks, as ``<version id> (<games> games, seed <seed>)``."""
    kept, engine = read_runs(path), engine_fingerprint()
    return [
        f"{variant.id} ({run.games} games, seed {run.seed})"
        for run in RUNS
        for variant in variants.values()
        if key_of(variant, engine, run) not in kept
    ]


# The pages' data.


def _bot_lines() -> list[str]:
    """The plain bots' strategy as its docstring says it, a sentence each (a line that starts in lower case goes on
    from the line before)."""
    lines: list[str] = []
    for line in (PlainBot.__doc__ or "").splitlines()[1:]:
        text = line.strip()
        if text and lines and text[0].islower():
            lines[-1] += f" {text}"
        elif text:
            lines.append(text)
    return lines


def table_data(ordered: Sequence[Variant], summaries: Mapping[str, Summary | None]) -> dict[str, Any]:
    """The compare page's "How they play" table: a column per version, a row per figure, each cell its value, its
    margin (± to the ends of its 95% range), and whether it differs from the default version's beyond the noise."""
    default = summaries.get(DEFAULT_VARIANT)
    differs: dict[str, dict[str, bool]] = {}
    for variant in ordered:
        summary = summaries[variant.id]
        if summary is not None and default is not None and variant.id != DEFAULT_VARIANT:
            differs[variant.id] = {d.name: d.beyond_noise for d in compare(default, summary)}
    rows = []
    for name, label, kind in shown_rows([summary for summary in summaries.values() if summary is not None]):
        cells = []
        for variant in ordered:
            summary = summaries[variant.id]
            if summary is None:
                cells.append({"text": "not played", "margin": "", "differs": False})
                continue
            figure = summary.figures[name]
            cells.append(
                {
                    "text": shown(figure.value, kind),
                    "margin": margin(figure, kind),
                    "differs": differs.get(variant.id, {}).get(name, False),
                }
            )
        rows.append({"name": name, "label": label, "part": name.startswith("points_from."), "cells": cells})
    return {
        "columns": [{"id": v.id, "name": v.name, "short_name": v.short_name} for v in ordered],
        "rows": rows,
        "missing": [v.name for v in ordered if summaries[v.id] is None],
        "games": GAMES,
        "caveat": CAVEAT,
        "noise_z": NOISE_Z,
        "default_name": next(v.name for v in ordered if v.id == DEFAULT_VARIANT),
        "bots": _bot_lines(),
        "gaps": [{"decision": gap.decision, "why": gap.why} for gap in GAPS],
        "refresh": REFRESH,
    }


def box_data(summary: Summary | None) -> dict[str, str] | None:
    """A rule page's "How it plays" figures, shown as the table shows them; None without a run."""
    if summary is None:
        return None
    return {name.split(".")[-1]: shown(summary.figures[name].value, KIND[name]) for name in BOX} | {
        "games": format_number(summary.games)
    }


def how_they_play(variants: Mapping[str, Variant], path: Path, mode: str) -> dict[str, Any] | None:
    """The pages' data (JSON-ready): the compare table and each rule page's box; None in ``off`` mode."""
    if mode == "off":
        return None
    found = results(variants, path, mode)
    summaries = found[COMPARE]
    default = variants[DEFAULT_VARIANT]
    ordered = [default, *(v for v in variants.values() if v.id != DEFAULT_VARIANT)]
    return {
        "table": table_data(ordered, summaries),
        "boxes": {variant_id: box_data(summary) for variant_id, summary in summaries.items()},
        # Each version's run for the configurator, which sets a house rule set's games beside its base version's.
        "runs": {
            variant_id: None if summary is None else summary_data(summary)
            for variant_id, summary in found[CONFIGURATOR].items()
        },
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m sitebuild.simulations",
        description=f"Bring {RESULTS_FILE} up to date: play the missing runs of the published versions, drop others.",
    )
    parser.add_argument("--check", action="store_true", help="only say which versions lack a current run")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes to play on")
    root = Path(__file__).resolve().parents[1]
    args = parser.parse_args(argv)
    variants = load_variants(root / "variants")
    path = root / RESULTS_FILE
    try:
        if args.check:
            lacking = missing(variants, path)
            if lacking:
                print(f"{RESULTS_FILE} lacks the current runs of {', '.join(lacking)}: run {REFRESH}")
                return 1
            print(f"{RESULTS_FILE} holds the current run of every published version.")
            return 0
        logging.basicConfig(level=logging.INFO, format="%(message)s", stream=sys.stderr)
        found = results(variants, path, "run", jobs=args.jobs)
    except BuildError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    shown = ", ".join(f"{run.games} games from seed {run.seed!r}" for run in found)
    print(f"{RESULTS_FILE}: {len(variants)} versions, each {shown}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
