"""How the published versions play: games played by bots for each one, summed up with their uncertainty for the
compare page's "How they play" table and each rule page's box.

Results are kept in ``simulations/how-they-play.json`` by ``run_key`` (the rules in force, the simulator's source,
the games, the seed and the bots). Only ``python -m sitebuild.simulations`` (``make simulations``) plays games: it
plays the runs the file lacks and writes it. A build (``mkdocs build``, ``make serve``, ``make preview``, CI) plays
none and never writes the file: it shows the kept runs, says in its log in one line which runs are missing and the
command that plays them, and the pages say which versions have no figures yet (``HF_SIMULATIONS=cached``, the
default); ``HF_SIMULATIONS=off`` leaves the figures out.
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
from handfoot.side_words import side
from handfoot.simulate import BOTS, DEFAULT_STYLE, GAPS, PlainBot, run_games, summarize
from handfoot.simulate.report import (
    RANGE_WORDS,
    BoxWords,
    box_words,
    figure_range,
    noticeable_words,
    rests_on,
    shown,
    shown_rows,
    summary_data,
    summary_from_data,
    whole_data,
)
from handfoot.simulate.stats import CAVEAT, NOISE_Z, Summary, compare
from sitebuild.errors import BuildError
from sitebuild.fingerprint import engine_fingerprint, run_key
from sitebuild.house_effects import HOUSE_RULES_FILE, HouseRule, effects_data, load_house_rules
from sitebuild.plays_plot import LEGEND, Row, round_lengths_svg


@dataclass(frozen=True)
class Run:
    """Games of a version played from a seed by the bots of ``STYLES``."""

    games: int
    seed: str


# The bots' style in every run the site keeps.
STYLES = (DEFAULT_STYLE,)
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
# How a build shows the figures: the kept runs (``cached``, the default), or none (``off``). No build plays a game.
MODES = ("cached", "off")
LOG = logging.getLogger("mkdocs.hooks.simulations")


def mode_from(environ: Mapping[str, str]) -> str:
    """How a build shows the figures: ``HF_SIMULATIONS`` if set, else ``cached``."""
    chosen = environ.get("HF_SIMULATIONS", "").strip() or "cached"
    if chosen not in MODES:
        raise BuildError(
            f"HF_SIMULATIONS={chosen!r}: expected one of {', '.join(MODES)} (a build plays no game; {REFRESH} does)"
        )
    return chosen


def key_of(variant: Variant, engine: str | None = None, run: Run = COMPARE) -> str:
    """The key of a version's run; ``engine`` is the simulator's fingerprint, if already worked out."""
    return run_key(variant, run.games, run.seed, STYLES, engine=engine)


# Reading and writing the results file.


def read_runs(path: Path) -> dict[str, dict[str, Any]]:
    """The runs kept in the results file by key; none if the file does not exist yet. A run kept before summaries
    held the round lengths is left out, as not played yet."""
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
    return {key: entry for key, entry in runs.items() if whole_data(entry)}


def write_runs(path: Path, runs: Mapping[str, Mapping[str, Any]]) -> None:
    """The results file with these runs, one key per line where it can, so a change reads as a small diff."""
    data = {
        "about": (
            "How the published versions play: for each, "
            + " and ".join(f"{run.games} games from seed {run.seed!r}" for run in RUNS)
            + f', {", ".join(STYLES)} bots; and each house rule of {HOUSE_RULES_FILE.name} (its "changes") put '
            f"on {DEFAULT_VARIANT}, played as its {COMPARE.games} games are; each run keyed by "
            f"sitebuild.fingerprint.run_key. Written by `{REFRESH}`; do not edit."
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


def results(variants: Mapping[str, Variant], path: Path) -> dict[Run, dict[str, Summary | None]]:
    """Each run's summaries, by version id, as the results file keeps them; None for a run it lacks. Plays nothing and
    writes nothing: what a build shows."""
    kept, engine = read_runs(path), engine_fingerprint()
    return {
        run: {
            variant.id: summary_of(kept[key]) if (key := key_of(variant, engine, run)) in kept else None
            for variant in variants.values()
        }
        for run in RUNS
    }


def refresh(variants: Mapping[str, Variant], path: Path, jobs: int) -> dict[Run, dict[str, Summary]]:
    """``make simulations``: play the runs the results file lacks, on ``jobs`` processes, and write the file back
    with exactly the published versions' current runs (a run of rules no version plays now is dropped)."""
    kept = read_runs(path)
    found: dict[Run, dict[str, Summary]] = {run: {} for run in RUNS}
    current: dict[str, dict[str, Any]] = {}
    engine = engine_fingerprint()
    for run in RUNS:
        for variant in variants.values():
            key = key_of(variant, engine, run)
            if key not in kept:
                LOG.info("Simulating %d games of %s (not in %s yet)", run.games, variant.name, path.name)
                kept[key] = entry_of(variant, simulate(variant, jobs, run))
            current[key] = kept[key]
            found[run][variant.id] = summary_of(kept[key])
    base = variants[DEFAULT_VARIANT]
    for number, rule in enumerate(house_rules_for(variants, path), start=1):
        key = key_of(rule.variant, engine, HOUSE_RUN)
        if key not in kept:
            LOG.info("Simulating %d games of house rule %d, %s", HOUSE_RUN.games, number, rule.summary())
            kept[key] = {**entry_of(base, simulate(rule.variant, jobs, HOUSE_RUN)), "changes": dict(rule.changes)}
        current[key] = kept[key]
    if current != read_runs(path):
        write_runs(path, current)
    return found


def missing(variants: Mapping[str, Variant], path: Path) -> list[str]:
    """The runs the results file lacks, as ``<version id> (<games> games, seed <seed>)``, then the house rules'."""
    rules = house_rules_for(variants, path)
    return lacking_runs(variants, results(variants, path)) + lacking_house(rules, house_results(rules, path))


# The house rules' runs: each house rule of HOUSE_RULES_FILE, beside the results file, played as the default
# version's compare run is (the same games from the same seeds), for the compare page's "What each house rule does".
HOUSE_RUN = COMPARE


def house_rules_for(variants: Mapping[str, Variant], path: Path) -> list[HouseRule]:
    """The house rules listed beside the results file ``path``, each put on the default version; none without a
    list."""
    listed = path.parent / HOUSE_RULES_FILE.name
    return load_house_rules(listed, variants[DEFAULT_VARIANT]) if listed.is_file() else []


def house_results(rules: Sequence[HouseRule], path: Path) -> list[Summary | None]:
    """Each house rule's kept run, in the list's order; None for one the results file lacks."""
    kept, engine = read_runs(path), engine_fingerprint()
    return [
        summary_of(kept[key]) if (key := key_of(rule.variant, engine, HOUSE_RUN)) in kept else None for rule in rules
    ]


def lacking_house(rules: Sequence[HouseRule], found: Sequence[Summary | None]) -> list[str]:
    """The house rules ``house_results`` found no run of, as ``house rule <n> (<changes>)``."""
    return [
        f"house rule {number} ({rule.summary()})"
        for number, (rule, summary) in enumerate(zip(rules, found, strict=True), start=1)
        if summary is None
    ]


def lacking_runs(variants: Mapping[str, Variant], found: Mapping[Run, Mapping[str, Summary | None]]) -> list[str]:
    """The runs ``results`` found none of, as ``<version id> (<games> games, seed <seed>)``."""
    return [
        f"{variant_id} ({run.games} games, seed {run.seed})"
        for run in RUNS
        for variant_id in variants
        if found[run][variant_id] is None
    ]


def lacking_line(lacking: Sequence[str]) -> str:
    """The one line that says which runs the results file lacks, and the command that plays them."""
    return f"{RESULTS_FILE} lacks the current runs of {', '.join(lacking)}: run `{REFRESH}`"


# The pages' data.


def bot_class() -> type[PlainBot]:
    """The class of the bots every kept run is played by: the first of STYLES."""
    return BOTS[STYLES[0]]


def _bot_lines() -> list[str]:
    """The bots' strategy as their class's docstring says it after its first line, a sentence each: a line goes on
    from the one before unless that one ended a sentence and this one starts in upper case."""
    lines: list[str] = []
    for line in (bot_class().__doc__ or "").splitlines()[1:]:
        text = line.strip()
        if text and lines and not (lines[-1].endswith((".", "!", "?")) and text[0].isupper()):
            lines[-1] += f" {text}"
        elif text:
            lines.append(text)
    return lines


def table_data(ordered: Sequence[Variant], summaries: Mapping[str, Summary | None]) -> dict[str, Any]:
    """The compare page's "How they play" table: a column per version, a row per figure, each cell its value, the
    range it likely lies in (none where that shows as the value alone), and whether it differs from the default
    version's (beyond the noise and large enough for a table to notice); and the picture of the round lengths."""
    default = summaries.get(DEFAULT_VARIANT)
    differs: dict[str, dict[str, bool]] = {}
    for variant in ordered:
        summary = summaries[variant.id]
        if summary is not None and default is not None and variant.id != DEFAULT_VARIANT:
            differs[variant.id] = {d.name: d.differs for d in compare(default, summary)}
    rows = []
    for name, label, kind in shown_rows([summary for summary in summaries.values() if summary is not None]):
        cells: list[dict[str, Any]] = []
        for variant in ordered:
            summary = summaries[variant.id]
            if summary is None:
                cells.append({"text": "not played", "range": None, "differs": False})
                continue
            figure = summary.figures[name]
            cells.append(
                {
                    "text": shown(figure.value, kind),
                    "range": figure_range(figure, kind),
                    "differs": differs.get(variant.id, {}).get(name, False),
                }
            )
        rows.append({"name": name, "label": label, "part": name.startswith("points_from."), "cells": cells})
    plotted = [Row(v.short_name, () if (s := summaries[v.id]) is None else s.round_lengths) for v in ordered]
    return {
        "columns": [{"id": v.id, "name": v.name, "short_name": v.short_name} for v in ordered],
        "rows": rows,
        "missing": [v.name for v in ordered if summaries[v.id] is None],
        "games": GAMES,
        "caveat": CAVEAT,
        "noise_z": NOISE_Z,
        "noticeable": noticeable_words(),
        "ranges": RANGE_WORDS,
        "default_name": next(v.name for v in ordered if v.id == DEFAULT_VARIANT),
        "plot": {"svg": round_lengths_svg(plotted), "legend": LEGEND},
        "bots": _bot_lines(),
        "gaps": [{"decision": gap.decision, "why": gap.why} for gap in GAPS],
        "refresh": REFRESH,
    }


def box_data(variant: Variant, variants: Mapping[str, Variant], summary: Summary | None) -> dict[str, Any] | None:
    """A rule page's "How it plays" box in words (handfoot.simulate.report's ``BoxWords``), with what its figures rest
    on where the version's sources are silent; None without a run."""
    if summary is None:
        return None
    words: BoxWords = box_words(
        summary,
        variant.whole("players.count"),
        rests_on(variant, variants.get(variant.extends)),
        side=side(variant).noun,
    )
    return {"opening": words.opening, "lines": list(words.lines), "rests_on": words.rests_on}


def how_they_play(variants: Mapping[str, Variant], path: Path, mode: str) -> dict[str, Any] | None:
    """The pages' data (JSON-ready): the compare table and each rule page's box; None in ``off`` mode. Plays no game:
    the runs the results file lacks are named in one line of the build's log, with the command that plays them."""
    if mode == "off":
        return None
    found = results(variants, path)
    rules = house_rules_for(variants, path)
    house = house_results(rules, path)
    lacking = lacking_runs(variants, found) + lacking_house(rules, house)
    if lacking:
        LOG.info(lacking_line(lacking))
    summaries = found[COMPARE]
    default = variants[DEFAULT_VARIANT]
    ordered = [default, *(v for v in variants.values() if v.id != DEFAULT_VARIANT)]
    return {
        "table": table_data(ordered, summaries)
        | {"house": effects_data(default, summaries[DEFAULT_VARIANT], rules, house) if rules else None},
        "boxes": {
            variant_id: box_data(variants[variant_id], variants, summary) for variant_id, summary in summaries.items()
        },
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
                print(lacking_line(lacking))
                return 1
            print(f"{RESULTS_FILE} holds the current run of every published version.")
            return 0
        logging.basicConfig(level=logging.INFO, format="%(message)s", stream=sys.stderr)
        found = refresh(variants, path, args.jobs)
    except BuildError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    shown = ", ".join(f"{run.games} games from seed {run.seed!r}" for run in found)
    print(f"{RESULTS_FILE}: {len(variants)} versions, each {shown}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
