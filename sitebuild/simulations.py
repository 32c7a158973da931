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
from pathlib import Path
from typing import Any

from handfoot import DEFAULT_VARIANT, Variant, load_variants
from handfoot.simulate import GAPS, PlainBot, engine_fingerprint, run_games, run_key, summarize
from handfoot.simulate.stats import CAVEAT, NOISE_Z, Figure, Summary, compare
from handfoot.words import format_number
from sitebuild.errors import BuildError

# The runs the site shows: games per version, the seed they are played from and the bots' style.
GAMES = 400
SEED = "how-they-play"
STYLES = ("plain",)
# Where the results are kept, from the repository's root, and the command that refreshes them.
RESULTS_FILE = Path("simulations") / "how-they-play.json"
REFRESH = "make simulations"
MODES = ("run", "cached", "off")
LOG = logging.getLogger("mkdocs.hooks.simulations")

# The table's rows: a figure's name in handfoot.simulate.stats, its words, and how it is shown (a share, a whole
# number, one decimal). "turn_limit" rounds appear only in a version whose bots hit the limit.
ROWS: tuple[tuple[str, str, str], ...] = (
    ("turns_per_round.median", "Turns per round, median", "whole"),
    ("turns_per_round.p10", "Turns per round, 10th percentile", "whole"),
    ("turns_per_round.p90", "Turns per round, 90th percentile", "whole"),
    ("round_end.went_out", "Rounds ended by going out", "share"),
    ("round_end.stock_out", "Rounds ended by the stock", "share"),
    ("round_end.turn_limit", "Rounds stopped at the turn limit", "share"),
    ("first_meld_turn.all_teams", "Turns to a side's first meld, mean", "tenth"),
    ("foot_reached", "Players who reach their foot", "share"),
    ("mean_round_score", "Round score per side, mean", "whole"),
    ("points_from.books", "from books", "whole"),
    ("points_from.cards_melded", "from cards melded", "whole"),
    ("points_from.red_threes", "from red threes", "whole"),
    ("points_from.going_out", "from going out", "whole"),
    ("points_from.cards_left", "from cards left", "whole"),
    ("points_from.other", "from exact cuts and black threes", "whole"),
    ("median_final_margin", "Final margin, first to last side, median", "whole"),
)
# The rule page's box: the few figures it shows.
BOX = ("turns_per_round.median", "round_end.went_out", "round_end.stock_out", "foot_reached", "mean_round_score")


def mode_from(environ: Mapping[str, str]) -> str:
    """How a build treats missing results: ``HF_SIMULATIONS`` if set, else ``cached`` in CI and ``run`` elsewhere."""
    chosen = environ.get("HF_SIMULATIONS", "").strip() or ("cached" if environ.get("CI") else "run")
    if chosen not in MODES:
        raise BuildError(f"HF_SIMULATIONS={chosen!r}: expected one of {', '.join(MODES)}")
    return chosen


def key_of(variant: Variant, engine: str | None = None) -> str:
    """The run key of a version's site run; ``engine`` is the simulator's fingerprint, if already worked out."""
    return run_key(variant, GAMES, SEED, STYLES, engine=engine)


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
            f"How the published versions play: {GAMES} games each, seed {SEED!r}, {', '.join(STYLES)} bots; each run "
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
    """A run as the file keeps it: each figure as [value, standard error, low, high] of its 95% range."""
    return {
        "variant": variant.id,
        "games": summary.games,
        "rounds": summary.rounds,
        "teams": summary.teams,
        "violations": summary.violations,
        "figures": {
            name: [round(f.value, 4), round(f.se, 4), round(f.low, 4), round(f.high, 4)]
            for name, f in sorted(summary.figures.items())
        },
    }


def summary_of(entry: Mapping[str, Any]) -> Summary:
    """A kept run back as the stats module's Summary."""
    figures = {name: Figure(*(float(n) for n in values)) for name, values in entry["figures"].items()}
    return Summary(int(entry["games"]), int(entry["rounds"]), int(entry["teams"]), figures, int(entry["violations"]))


def simulate(variant: Variant, jobs: int) -> Summary:
    """Play the site's games of one version on ``jobs`` processes, checked on every turn."""
    summary = summarize(run_games(variant, GAMES, SEED, styles=STYLES, jobs=jobs))
    if summary.violations:
        raise BuildError(
            f"{variant.id}: the simulation broke a rule {summary.violations} times; "
            f"see python -m handfoot.simulate {variant.id} --games {GAMES} --seed {SEED}"
        )
    return summary


def results(
    variants: Mapping[str, Variant], path: Path, mode: str, *, jobs: int | None = None
) -> dict[str, Summary | None]:
    """Each version's summary by id, from the results file; in ``run`` mode the missing runs are played and the file
    written back with exactly the published versions' runs. None for a run missing in ``cached`` mode."""
    kept = read_runs(path)
    found: dict[str, Summary | None] = {}
    current: dict[str, dict[str, Any]] = {}
    engine = engine_fingerprint()
    for variant in variants.values():
        key = key_of(variant, engine)
        if key not in kept and mode == "run":
            LOG.info("Simulating %d games of %s (not in %s yet)", GAMES, variant.name, path.name)
            kept[key] = entry_of(variant, simulate(variant, jobs or os.cpu_count() or 1))
        if key in kept:
            current[key] = kept[key]
        found[variant.id] = summary_of(kept[key]) if key in kept else None
    if mode == "run" and current != read_runs(path):
        write_runs(path, current)
    return found


def missing(variants: Mapping[str, Variant], path: Path) -> list[str]:
    """The published versions whose current run the results file lacks."""
    kept, engine = read_runs(path), engine_fingerprint()
    return [variant.id for variant in variants.values() if key_of(variant, engine) not in kept]


# The pages' data.


def _shown(value: float, kind: str) -> str:
    if kind == "share":
        return f"{round(100 * value)}%"
    if kind == "tenth":
        return f"{value:.1f}"
    return format_number(round(value))


def _margin(figure: Figure, kind: str) -> str:
    """The figure's uncertainty: ± the larger distance from it to an end of its 95% range, as the figure is shown."""
    half = max(figure.value - figure.low, figure.high - figure.value, 0.0)
    return f"±{_shown(half, kind)}"


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
    shown = [summary for summary in summaries.values() if summary is not None]
    rows = []
    for name, label, kind in ROWS:
        if name == "round_end.turn_limit" and not any(s.figures[name].value for s in shown):
            continue
        cells = []
        for variant in ordered:
            summary = summaries[variant.id]
            if summary is None:
                cells.append({"text": "not played", "margin": "", "differs": False})
                continue
            figure = summary.figures[name]
            cells.append(
                {
                    "text": _shown(figure.value, kind),
                    "margin": _margin(figure, kind),
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
    kinds = {name: kind for name, _, kind in ROWS}
    return {name.split(".")[-1]: _shown(summary.figures[name].value, kinds[name]) for name in BOX} | {
        "games": format_number(summary.games)
    }


def how_they_play(variants: Mapping[str, Variant], path: Path, mode: str) -> dict[str, Any] | None:
    """The pages' data (JSON-ready): the compare table and each rule page's box; None in ``off`` mode."""
    if mode == "off":
        return None
    summaries = results(variants, path, mode)
    default = variants[DEFAULT_VARIANT]
    ordered = [default, *(v for v in variants.values() if v.id != DEFAULT_VARIANT)]
    return {
        "table": table_data(ordered, summaries),
        "boxes": {variant_id: box_data(summary) for variant_id, summary in summaries.items()},
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
        summaries = results(variants, path, "run", jobs=args.jobs)
    except BuildError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(f"{RESULTS_FILE}: {len(summaries)} versions, {GAMES} games each.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
