# "How it plays": figures over many seeded games of one rule set, each with its uncertainty (a seeded bootstrap over
# games), and a comparison of two rule sets that says which differences are beyond the noise.
from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from handfoot.simulate.game import GameRecord
from handfoot.simulate.turn import STOCK_OUT, TURN_LIMIT, WENT_OUT

SOURCES = ("books", "cards_melded", "cards_left", "red_threes", "going_out", "other")
CAVEAT = "Bots, not people. Use it to compare rule sets, not to predict your table."
# A difference is beyond the noise when it is more than this many standard errors (about 95% two-sided).
NOISE_Z = 1.96
# The round lengths a summary keeps for a picture of them: the table turns below which 5%, 10%, … 95% of rounds end.
ROUND_LENGTH_SHARES = tuple(step / 20 for step in range(1, 20))


@dataclass(frozen=True)
class Noticeable:
    """How large a difference must be for a table to notice it: at least ``least`` in the figure's own unit (table
    turns, a share of the rounds as a fraction, points) and at least ``of_base`` times the base rule set's value."""

    least: float
    of_base: float = 0.0

    def met(self, base: float, change: float) -> bool:
        # A hair of slack, so a change of exactly the least (0.35 - 0.30) counts despite the float's last digit.
        size = abs(change) + 1e-9
        return size >= self.least and size >= self.of_base * abs(base)


# A figure "differs" from the base's only where the difference is beyond the noise and at least this large, by what
# the figure measures. Turns: 2 table turns and 5% (about a trip round a table of four in an 80-turn round). Shares:
# 5 percentage points (one round in twenty). Points: 50 (half a red three or a going-out bonus) and 5% (about 300 of
# a round score near 6,000).
NOTICEABLE = {
    "turns": Noticeable(least=2, of_base=0.05),
    "share": Noticeable(least=0.05),
    "points": Noticeable(least=50, of_base=0.05),
}
# What each figure measures, by the first part of its dotted name.
MEASURES = {
    "turns_per_round": "turns",
    "first_meld_turn": "turns",
    "round_end": "share",
    "foot_reached": "share",
    "never_melded": "share",
    "mean_round_score": "points",
    "points_from": "points",
    "median_final_margin": "points",
    "mean_final_margin": "points",
}


def measure(name: str) -> str:
    """What the figure ``name`` measures: "turns", "share" or "points"."""
    return MEASURES[name.split(".", maxsplit=1)[0]]


@dataclass(frozen=True)
class Facts:
    """What one game gives the figures: per round, per team-round and per player-round."""

    turns: tuple[int, ...]
    ends: tuple[str, ...]
    first_melds: tuple[tuple[int | None, ...], ...]  # per round, per team
    feet: int
    player_rounds: int
    scores: tuple[int, ...]  # every team's score of every round
    sources: tuple[int, ...]  # SOURCES summed over the game's team-rounds
    margin: int


def facts(record: GameRecord) -> Facts:
    sums = [0] * len(SOURCES)
    for played in record.rounds:
        for breakdown in played.breakdowns:
            for index, name in enumerate(SOURCES):
                sums[index] += getattr(breakdown, name)
    return Facts(
        turns=tuple(played.turns for played in record.rounds),
        ends=tuple(played.end for played in record.rounds),
        first_melds=tuple(played.first_meld_turns for played in record.rounds),
        feet=sum(played.feet_reached for played in record.rounds),
        player_rounds=sum(played.players for played in record.rounds),
        scores=tuple(score for played in record.rounds for score in played.scores),
        sources=tuple(sums),
        margin=record.margin,
    )


def _quantile(values: Sequence[float], share: float) -> float:
    """The ``share`` quantile by linear interpolation between order statistics."""
    ordered = sorted(values)
    if not ordered:
        return math.nan
    place = share * (len(ordered) - 1)
    low = math.floor(place)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (place - low)


def _share(games: Sequence[Facts], end: str) -> float:
    rounds = sum(len(game.ends) for game in games)
    return sum(game.ends.count(end) for game in games) / rounds if rounds else math.nan


def _first_meld(games: Sequence[Facts], team: int | None) -> float:
    """The mean number of table turns before the team's first meld (every team's, for None), over the rounds where
    it made one."""
    turns = [
        turn
        for game in games
        for melds in game.first_melds
        for number, turn in enumerate(melds)
        if turn is not None and team in {None, number}
    ]
    return statistics.fmean(turns) if turns else math.nan


def _never_melded(games: Sequence[Facts], team: int) -> float:
    rounds = [melds[team] for game in games for melds in game.first_melds]
    return sum(1 for turn in rounds if turn is None) / len(rounds) if rounds else math.nan


def _mean_score(games: Sequence[Facts]) -> float:
    scores = [score for game in games for score in game.scores]
    return statistics.fmean(scores) if scores else math.nan


def _source(games: Sequence[Facts], index: int) -> float:
    team_rounds = sum(len(game.scores) for game in games)
    return sum(game.sources[index] for game in games) / team_rounds if team_rounds else math.nan


def figures(teams: int) -> dict[str, Callable[[Sequence[Facts]], float]]:
    """Every figure by its dotted name, as a function of the games' facts."""
    table: dict[str, Callable[[Sequence[Facts]], float]] = {
        "turns_per_round.median": lambda games: _quantile([t for g in games for t in g.turns], 0.5),
        "turns_per_round.p10": lambda games: _quantile([t for g in games for t in g.turns], 0.1),
        "turns_per_round.p90": lambda games: _quantile([t for g in games for t in g.turns], 0.9),
        f"round_end.{WENT_OUT}": lambda games: _share(games, WENT_OUT),
        f"round_end.{STOCK_OUT}": lambda games: _share(games, STOCK_OUT),
        f"round_end.{TURN_LIMIT}": lambda games: _share(games, TURN_LIMIT),
        "foot_reached": lambda games: sum(g.feet for g in games) / max(1, sum(g.player_rounds for g in games)),
        "mean_round_score": _mean_score,
        "median_final_margin": lambda games: _quantile([g.margin for g in games], 0.5),
        "mean_final_margin": lambda games: statistics.fmean(g.margin for g in games) if games else math.nan,
    }
    table["first_meld_turn.all_teams"] = partial(_first_meld, team=None)
    for team in range(teams):
        table[f"first_meld_turn.team_{team + 1}"] = partial(_first_meld, team=team)
        table[f"never_melded.team_{team + 1}"] = partial(_never_melded, team=team)
    for index, name in enumerate(SOURCES):
        table[f"points_from.{name}"] = partial(_source, index=index)
    return table


@dataclass(frozen=True)
class Figure:
    """A figure over the games, with the bootstrap's standard error and 95% interval."""

    value: float
    se: float
    low: float
    high: float


def _clean(value: float) -> float:
    return 0.0 if math.isnan(value) else value


def bootstrap(games: Sequence[Facts], teams: int, *, seed: int = 0, resamples: int = 200) -> dict[str, Figure]:
    """Each figure and its uncertainty: the games resampled with replacement ``resamples`` times, seeded."""
    table = figures(teams)
    values = {name: compute(games) for name, compute in table.items()}
    rng = random.Random(seed)
    draws: dict[str, list[float]] = {name: [] for name in table}
    for _ in range(resamples if len(games) > 1 else 0):
        sample = [games[rng.randrange(len(games))] for _ in games]
        for name, compute in table.items():
            value = compute(sample)
            if not math.isnan(value):
                draws[name].append(value)
    result = {}
    for name, value in values.items():
        spread = draws[name]
        se = statistics.stdev(spread) if len(spread) > 1 else 0.0
        low = _quantile(spread, 0.025) if spread else value
        high = _quantile(spread, 0.975) if spread else value
        result[name] = Figure(_clean(value), se, _clean(low), _clean(high))
    return result


@dataclass(frozen=True)
class Summary:
    """How a rule set plays over ``games`` seeded games: the figures by name, the problems the checks found, and the
    round lengths in table turns at each share of ROUND_LENGTH_SHARES (none where no round was played, or in a summary
    kept before they were)."""

    games: int
    rounds: int
    teams: int
    figures: dict[str, Figure]
    violations: int
    round_lengths: tuple[float, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """One JSON-ready object: each figure at its dotted place, its standard error beside it (``<name>_se``)."""
        out: dict[str, Any] = {"games": self.games, "rounds": self.rounds, "violations": self.violations}
        for name, figure in self.figures.items():
            *parents, key = name.split(".")
            node = out
            for parent in parents:
                node = node.setdefault(parent, {})
            node[key] = round(figure.value, 4)
            node[f"{key}_se"] = round(figure.se, 4)
        out["round_lengths"] = {f"p{round(100 * share)}": value for share, value in self.round_length_quantiles()}
        out["caveat"] = CAVEAT
        return out

    def round_length_quantiles(self) -> list[tuple[float, float]]:
        """The round lengths as (share, table turns) pairs: ``(0.5, 84.0)`` is the median."""
        return list(zip(ROUND_LENGTH_SHARES, self.round_lengths, strict=False))


def summarize(records: Sequence[GameRecord], *, seed: int = 0, resamples: int = 200) -> Summary:
    """The figures of these games with their uncertainty (the bootstrap seeded with ``seed``)."""
    teams = len(records[0].totals) if records else 0
    violations = sum(len(record.problems) for record in records)
    return summarize_facts([facts(record) for record in records], teams, violations, seed=seed, resamples=resamples)


def summarize_facts(
    games: Sequence[Facts], teams: int, violations: int, *, seed: int = 0, resamples: int = 200
) -> Summary:
    """``summarize`` from the games' facts: the figures, their uncertainty, and the rule breaks counted."""
    turns = [turn for game in games for turn in game.turns]
    return Summary(
        games=len(games),
        rounds=len(turns),
        teams=teams,
        figures=bootstrap(games, teams, seed=seed, resamples=resamples),
        violations=violations,
        round_lengths=tuple(round(_quantile(turns, share), 2) for share in ROUND_LENGTH_SHARES) if turns else (),
    )


@dataclass(frozen=True)
class Difference:
    """A figure of rule set B minus rule set A, the standard error of the difference, and whether it is beyond the
    noise (more than NOISE_Z standard errors)."""

    name: str
    a: float
    b: float
    se: float

    @property
    def change(self) -> float:
        return self.b - self.a

    @property
    def beyond_noise(self) -> bool:
        return abs(self.change) > NOISE_Z * self.se if self.se > 0 else self.change != 0

    @property
    def noticeable(self) -> bool:
        """Whether the change is large enough for a table to notice (NOTICEABLE, by what the figure measures)."""
        return NOTICEABLE[measure(self.name)].met(self.a, self.change)

    @property
    def differs(self) -> bool:
        """Beyond the noise and large enough to notice: what a page marks as "differs"."""
        return self.beyond_noise and self.noticeable

    @property
    def likely(self) -> tuple[float, float]:
        """The change's 95% range: NOISE_Z standard errors either side of it."""
        return self.change - NOISE_Z * self.se, self.change + NOISE_Z * self.se


def compare(a: Summary, b: Summary) -> list[Difference]:
    """Every figure the two summaries share, B against A, with the standard errors added in quadrature. That treats
    the two runs as independent; runs that share a seed deal the same shuffles, so it is then on the cautious side."""
    return [
        Difference(name, a.figures[name].value, b.figures[name].value, math.hypot(a.figures[name].se, figure.se))
        for name, figure in b.figures.items()
        if name in a.figures
    ]
