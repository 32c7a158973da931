# The command line: python -m handfoot.simulate VARIANT_OR_YAML --games N --seed S [--jobs J] [--json].
from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from handfoot.errors import VariantError
from handfoot.loading import load_variants, read_yaml
from handfoot.simulate.report import SHARE, TENTH, WHOLE, shown_rows, words_for
from handfoot.simulate.runs import run_games
from handfoot.simulate.stats import CAVEAT, Summary, compare, summarize
from handfoot.simulate.styles import BOTS, DEFAULT_STYLE
from handfoot.variant import Variant

_VARIANTS = Path(__file__).resolve().parents[2] / "variants"

# How many decimals the command line prints of each kind of figure: more than the pages, for those who compare runs.
_PLACES: dict[str, int | str] = {SHARE: "%", TENTH: 1, WHOLE: 0}


def load(target: str, variants_dir: Path) -> Variant:
    """A published variant by id, or a variant file (YAML or JSON) that may extend one."""
    path = Path(target)
    if path.suffix in {".yaml", ".yml", ".json"} or path.is_file():
        source = path.name
        json_file = path.suffix == ".json"
        data = json.loads(path.read_text(encoding="utf-8")) if json_file else read_yaml(path, source)
        return Variant.from_mapping(data, source, bases=load_variants(variants_dir))
    published = load_variants(variants_dir)
    if target not in published:
        raise VariantError(target, "", f"no such variant; published: {', '.join(published)}")
    return published[target]


def _changes(pairs: Sequence[str]) -> dict[str, Any]:
    changes = {}
    for pair in pairs:
        path, _, value = pair.partition("=")
        try:
            changes[path.strip()] = json.loads(value)
        except json.JSONDecodeError:
            changes[path.strip()] = value
    return changes


def _shown(value: float, places: int | str) -> str:
    if places == "%":
        return f"{100 * value:.1f}%"
    return f"{value:,.{places}f}"


def table(name: str, summary: Summary) -> str:
    """The figures as a readable table, each with its standard error."""
    lines = [f"How it plays: {name} ({summary.games} games, {summary.rounds} rounds)", ""]
    rows: list[tuple[str, str, int | str]] = [
        (key, words_for(key), _PLACES[kind]) for key, _, kind in shown_rows([summary])
    ]
    after = next(n for n, (key, _, _) in enumerate(rows) if key == "first_meld_turn.all_teams") + 1
    for team in range(summary.teams):
        key = f"first_meld_turn.team_{team + 1}"
        rows.insert(after + team, (key, words_for(key), 1))
    rows = [(key, f"  {words}" if key.startswith("points_from.") else words, places) for key, words, places in rows]
    width = max(len(words) for _, words, _ in rows) + 2
    for key, words, places in rows:
        figure = summary.figures[key]
        lines.append(f"{words:<{width}}{_shown(figure.value, places):>10}  ± {_shown(figure.se, places)}")
    lines += ["", f"Checks: {summary.violations} violations.", CAVEAT]
    return "\n".join(lines)


def comparison(a_name: str, a: Summary, b_name: str, b: Summary) -> str:
    lines = [f"{a_name} (A) against {b_name} (B); * marks a difference beyond the noise", ""]
    for difference in compare(a, b):
        label = words_for(difference.name)
        mark = "*" if difference.beyond_noise else " "
        lines.append(
            f"{mark} {label:<42}{difference.a:>12,.3f}{difference.b:>12,.3f}"
            f"{difference.change:>+12,.3f}  ± {difference.se:,.3f}"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m handfoot.simulate", description="Play seeded games of a rule set with bots: how it plays."
    )
    parser.add_argument("target", metavar="VARIANT_OR_YAML", help="a published variant's id, or a variant file")
    parser.add_argument("--games", type=int, default=200, help="games to play (default 200)")
    parser.add_argument("--seed", default="0", help="the run's seed: the same seed plays the same games")
    parser.add_argument("--jobs", type=int, default=1, help="processes to play on (the results do not change)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    parser.add_argument(
        "--style", choices=sorted(BOTS), default=DEFAULT_STYLE, help=f"the bots' style (default {DEFAULT_STYLE})"
    )
    parser.add_argument(
        "--change", action="append", default=[], metavar="PATH=VALUE", help="a house change, VALUE as JSON"
    )
    parser.add_argument("--against", metavar="VARIANT_OR_YAML", help="a second rule set to compare with")
    parser.add_argument("--variants", type=Path, default=_VARIANTS, help="the folder of published variants")
    args = parser.parse_args(argv)
    if args.games < 1 or args.jobs < 1:
        parser.error("--games and --jobs must be at least 1")
    try:
        variant = load(args.target, args.variants)
        if args.change:
            variant = variant.with_changes(_changes(args.change))
        other = load(args.against, args.variants) if args.against else None
    except VariantError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2

    def progress(done: int, total: int) -> None:
        if done == total or done % max(1, total // 10) == 0:
            print(f"played {done} of {total} games", file=sys.stderr, flush=True)

    summaries = []
    for rules in (variant, other):
        if rules is None:
            continue
        print(f"{rules.name}: {args.games} games, seed {args.seed}, {args.style} bots", file=sys.stderr)
        records = run_games(rules, args.games, args.seed, styles=(args.style,), jobs=args.jobs, progress=progress)
        summaries.append((rules, summarize(records)))
    if args.json:
        out = {"variant": variant.id, "seed": args.seed, "style": args.style, **summaries[0][1].to_json()}
        if len(summaries) > 1:
            out["against"] = {"variant": summaries[1][0].id, **summaries[1][1].to_json()}
            out["differences"] = [
                {"figure": d.name, "a": d.a, "b": d.b, "change": d.change, "se": d.se, "beyond_noise": d.beyond_noise}
                for d in compare(summaries[0][1], summaries[1][1])
            ]
        print(json.dumps(out, indent=2))
    else:
        for rules, summary in summaries:
            print(table(rules.name, summary), end="\n\n")
        if len(summaries) > 1:
            print(comparison(summaries[0][0].name, summaries[0][1], summaries[1][0].name, summaries[1][1]))
    return 1 if any(summary.violations for _, summary in summaries) else 0
