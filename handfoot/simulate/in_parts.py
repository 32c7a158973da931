# A run played in parts, for a caller that shows its progress and may stop it between parts: the configurator, through
# the rules engine's worker. Part after part gives the same games as run_games with the same seed, and each part
# travels as JSON-ready data: the facts of its games, not the records.
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict
from typing import Any

from handfoot.simulate.game import play_game
from handfoot.simulate.runs import game_seed
from handfoot.simulate.stats import Facts, Summary, facts, summarize_facts
from handfoot.simulate.styles import DEFAULT_STYLE
from handfoot.variant import Variant


def play_part(
    variant: Variant, seed: int | str, start: int, count: int, *, style: str = DEFAULT_STYLE, check: bool = True
) -> dict[str, Any]:
    """Games ``start`` to ``start + count - 1`` of the run seeded ``seed``: their facts, their sides and, with
    ``check``, how many times they broke a rule (the table checked on every turn, which changes no move)."""
    games = range(start, start + count)
    records = [play_game(variant, game_seed(seed, index), styles=(style,), check=check) for index in games]
    return {
        "games": [asdict(facts(record)) for record in records],
        "teams": len(records[0].totals) if records else 0,
        "violations": sum(len(record.problems) for record in records),
    }


def facts_from_data(data: Mapping[str, Any]) -> Facts:
    """``play_part``'s data of one game back as its Facts."""
    return Facts(
        turns=tuple(data["turns"]),
        ends=tuple(data["ends"]),
        first_melds=tuple(tuple(round_) for round_ in data["first_melds"]),
        feet=int(data["feet"]),
        player_rounds=int(data["player_rounds"]),
        scores=tuple(data["scores"]),
        sources=tuple(data["sources"]),
        margin=int(data["margin"]),
    )


def summary_of_parts(parts: Sequence[Mapping[str, Any]], *, seed: int = 0, resamples: int = 200) -> Summary:
    """The figures of every game of these parts, as ``summarize`` gives them for the same games."""
    games = [facts_from_data(game) for part in parts for game in part["games"]]
    teams = max((int(part["teams"]) for part in parts), default=0)
    violations = sum(int(part["violations"]) for part in parts)
    return summarize_facts(games, teams, violations, seed=seed, resamples=resamples)
