"""How the bots play, on large samples: what issue 50 asks of the table bots, measured in one run.

    .venv/bin/python benchmarks/bots.py [--games 400] [--deals 100] [--jobs 2] [--speed-games 20] [--speed-runs 3]

- Going out: each published version, ``--games`` seeded games of table bots (two seeds for Pagat partnership and
  Saskatchewan): the share of rounds ended by going out with its 95% range, the median round, the share of players
  and of sides (every partner) who reach the foot, and the rule breaks found (the table checked after every turn).
- The rules move the figures: with the same seeds, Pagat against Pagat going out on 1 clean + 1 dirty; Brouillette's
  rounds 1-3 (no wild book needed) against its round 4; a 1,000-point going-out bonus against Pagat's 100. Each
  difference of medians with its 95% range from a bootstrap over games.
- Head to head: table bots against plain bots in Pagat and in Bicycle (a required final discard), each of
  ``--deals`` deals played from both sides (the seats swapped, the same seeds): the table side's win share with its
  95% range over deals.
- Bicycle's assumed rule (``--only bicycle``): Bicycle's text does not say whether a partner must be in the foot
  before a side goes out; the published rule set borrows Pagat's "yes". The same games with it set to "no".
- Cost: games per second of table and plain bots in this process, the same seeded games, interleaved, with the
  checks on as the build plays them; the median of ``--speed-runs`` and the ratio.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from handfoot import Variant, load_variants
from handfoot.simulate import GameRecord, run_games
from handfoot.simulate.turn import WENT_OUT

VARIANTS = load_variants(Path(__file__).resolve().parents[1] / "variants")
RESAMPLES = 400


def _range(games: Sequence[GameRecord], figure: Callable[[Sequence[GameRecord]], float]) -> tuple[float, float]:
    rng = random.Random(0)
    draws = sorted(figure([games[rng.randrange(len(games))] for _ in games]) for _ in range(RESAMPLES))
    return draws[int(0.025 * RESAMPLES)], draws[int(0.975 * RESAMPLES) - 1]


def went_out(games: Sequence[GameRecord]) -> float:
    rounds = [r for g in games for r in g.rounds]
    return sum(r.end == WENT_OUT for r in rounds) / len(rounds)


def median_turns(games: Sequence[GameRecord], rounds: Sequence[int] | None = None) -> float:
    return statistics.median(r.turns for g in games for r in g.rounds if rounds is None or r.number in rounds)


def feet(games: Sequence[GameRecord]) -> tuple[float, float]:
    rounds = [r for g in games for r in g.rounds]
    players = sum(r.feet_reached for r in rounds) / sum(r.players for r in rounds)
    sides = sum(r.sides_in_foot for r in rounds) / sum(len(r.scores) for r in rounds)
    return players, sides


def going_out(games: int, jobs: int) -> None:
    print(f"Going out: table bots, {games} games a run, the table checked after every turn")
    print(f"{'version':<22}{'seed':>6}{'went out':>10}{'95% range':>16}{'median':>8}{'players':>9}{'sides':>7}  breaks")
    for variant in VARIANTS.values():
        seeds = ("1", "2") if variant.id in {"pagat-partnership", "saskatchewan"} else ("1",)
        for seed in seeds:
            played = run_games(variant, games, seed, styles=("table",), jobs=jobs)
            low, high = _range(played, went_out)
            players, sides = feet(played)
            breaks = sum(len(g.problems) for g in played)
            print(
                f"{variant.id:<22}{seed:>6}{went_out(played):>10.1%}{f'{low:.1%}-{high:.1%}':>16}"
                f"{median_turns(played):>8.0f}{players:>9.1%}{sides:>7.1%}  {breaks}",
                flush=True,
            )


def bicycle_partner(games: int, jobs: int) -> None:
    print(f"\nBicycle, the partner in the foot before going out (borrowed from Pagat) or not, {games} games a run")
    bicycle = VARIANTS["bicycle"]
    rules = {
        "as published": bicycle,
        "partner need not be in the foot": bicycle.with_changes({"going_out.partner_in_foot": False}),
    }
    for words, variant in rules.items():
        for seed in ("1", "2"):
            played = run_games(variant, games, seed, styles=("table",), jobs=jobs)
            low, high = _range(played, went_out)
            print(f"{words:<34}{seed:>6}{went_out(played):>10.1%}{f'{low:.1%}-{high:.1%}':>16}", flush=True)


def _difference(
    a: Sequence[GameRecord], b: Sequence[GameRecord], figure: Callable[[Sequence[GameRecord]], float]
) -> tuple[float, float, float]:
    """B minus A, and its 95% range from resampling the same games (the runs share their seeds, so their deals)."""
    rng = random.Random(1)
    draws = []
    for _ in range(RESAMPLES):
        picks = [rng.randrange(len(a)) for _ in a]
        draws.append(figure([b[i] for i in picks]) - figure([a[i] for i in picks]))
    draws.sort()
    return figure(b) - figure(a), draws[int(0.025 * RESAMPLES)], draws[int(0.975 * RESAMPLES) - 1]


def rules_move_figures(games: int, jobs: int) -> None:
    print(f"\nThe rules move the figures: median turns a round, B - A, {games} games each, the same seeds")
    pagat = VARIANTS["pagat-partnership"]
    base = run_games(pagat, games, "1", styles=("table",), jobs=jobs)
    pairs: list[tuple[str, Sequence[GameRecord], Sequence[GameRecord], Callable[[Sequence[GameRecord]], float]]] = []
    easy = run_games(pagat.with_changes({"going_out.books": {"clean": 1, "dirty": 1}}), games, "1", jobs=jobs)
    pairs.append(("Pagat (A) against going out on 1 clean + 1 dirty (B)", base, easy, median_turns))
    big = run_games(pagat.with_changes({"going_out.bonus": 1000}), games, "1", jobs=jobs)
    pairs.append(("Pagat, bonus 100 (A) against 1,000 (B)", base, big, median_turns))
    brouillette = run_games(VARIANTS["brouillette"], games, "1", jobs=jobs)
    pairs.append(
        (
            "Brouillette round 4 (A) against rounds 1-3 (B)",
            brouillette,
            brouillette,
            lambda g: median_turns(g, (1, 2, 3)) - median_turns(g, (4,)),
        )
    )
    for words, a, b, figure in pairs:
        if a is b:
            change = figure(a)
            low, high = _range(a, figure)
        else:
            change, low, high = _difference(a, b, figure)
        print(f"{words:<52}{change:>+8.1f}   95% range {low:+.1f} to {high:+.1f}", flush=True)


def _won(record: GameRecord, team: int) -> float:
    best = max(record.totals)
    winners = [n for n, total in enumerate(record.totals) if total == best]
    return sum(1 for n in winners if n % 2 == team) / len(winners)


def head_to_head(deals: int, jobs: int) -> None:
    print(f"\nHead to head: table bots against plain bots, {deals} deals each played from both sides")
    for variant_id in ("pagat-partnership", "bicycle"):
        variant: Variant = VARIANTS[variant_id]
        first = run_games(variant, deals, "head-to-head", styles=("table", "plain"), jobs=jobs)
        second = run_games(variant, deals, "head-to-head", styles=("plain", "table"), jobs=jobs)
        shares = [(_won(a, 0) + _won(b, 1)) / 2 for a, b in zip(first, second, strict=True)]
        mean = statistics.fmean(shares)
        half = 1.96 * statistics.stdev(shares) / math.sqrt(len(shares))
        print(
            f"{variant_id:<22} table's win share {mean:.3f}, 95% range {mean - half:.3f} to {mean + half:.3f}",
            flush=True,
        )


def speed(games: int, runs: int) -> None:
    pagat = VARIANTS["pagat-partnership"]
    times: dict[str, list[float]] = {"table": [], "plain": []}
    for run in range(runs):
        for style in ("table", "plain") if run % 2 == 0 else ("plain", "table"):
            start = time.perf_counter()
            run_games(pagat, games, "speed", styles=(style,))
            times[style].append(games / (time.perf_counter() - start))
    table, plain = statistics.median(times["table"]), statistics.median(times["plain"])
    print(f"\nCost: Pagat, {games} checked games, median of {runs} runs, one process")
    print(f"table {table:.1f} games/s, plain {plain:.1f} games/s, table/plain {table / plain:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--speed-games", type=int, default=20)
    parser.add_argument("--speed-runs", type=int, default=3)
    parser.add_argument("--only", choices=("out", "rules", "h2h", "speed", "bicycle"), action="append")
    args = parser.parse_args()
    only = set(args.only or ("out", "rules", "bicycle", "h2h", "speed"))
    if "out" in only:
        going_out(args.games, args.jobs)
    if "rules" in only:
        rules_move_figures(args.games, args.jobs)
    if "bicycle" in only:
        bicycle_partner(args.games, args.jobs)
    if "h2h" in only:
        head_to_head(args.deals, args.jobs)
    if "speed" in only:
        speed(args.speed_games, args.speed_runs)


if __name__ == "__main__":
    main()
