"""What the simulator tests share: the published variants, and a game played with the table checked on every turn."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from handfoot import Variant, load_variants, score_game
from handfoot.simulate import invariants
from handfoot.simulate.game import GameRecord, play_game
from handfoot.simulate.reading import add_up, read_tally
from handfoot.simulate.table import RoundTable
from handfoot.simulate.turn import STOCK_OUT, WENT_OUT
from testbench.paths import REPO_ROOT

VARIANTS = load_variants(REPO_ROOT / "variants")


@dataclass
class Watched:
    """A game and what was seen of it: the problems found after each turn, the turns watched, and each round's
    final table read as tallies."""

    record: GameRecord | None = None
    problems: list[str] = field(default_factory=list)
    turns: int = 0
    tallies: list[list[dict[str, Any]]] = field(default_factory=list)
    added: list[list[int]] = field(default_factory=list)
    ends: list[tuple[str, int, int]] = field(default_factory=list)  # how each round ended, stock left, draw


def watched_game(variant: Variant, seed: str | int, styles: tuple[str, ...] = ("plain",)) -> Watched:
    """Play a game, checking the pack and the melds after every turn, and reading every round's final table."""
    seen = Watched()
    last: dict[int, RoundTable] = {}

    def watch(table: RoundTable) -> None:
        seen.turns += 1
        seen.problems.extend(
            f"round {table.round_number} turn {table.turn}: {p}" for p in invariants.table_problems(table)
        )
        last[table.round_number] = table
        if table.ended:
            teams = range(len(table.teams))
            seen.tallies.append([read_tally(table, team) for team in teams])
            seen.added.append([add_up(table, team).total for team in teams])
            seen.ends.append((table.ended, len(table.stock), variant["turn.draw"]))

    seen.record = play_game(variant, seed, styles=styles, watch=watch)
    return seen


def assert_sound(variant: Variant, seen: Watched) -> None:
    """The checks a maintainer holds every simulated game to."""
    record = seen.record
    assert record is not None
    assert seen.problems == []
    assert record.problems == ()
    assert seen.turns > len(record.rounds)
    # The scores equal score_round of the tallies read from the table, round by round and over the game, and the
    # round added up from the cards by the simulator's own arithmetic.
    game = score_game(variant, seen.tallies)
    assert game["finished"]
    assert [[result["total"] for result in scored] for scored in game["rounds"]] == [
        list(played.scores) for played in record.rounds
    ]
    assert [list(played.scores) for played in record.rounds] == seen.added
    assert tuple(game["totals"]) == record.totals
    assert game["warnings"] == []
    for (end, stock, draw), played in zip(seen.ends, record.rounds, strict=True):
        assert end == played.end
        if end == WENT_OUT:
            assert played.went_out is not None
            assert sum(1 for tally in seen.tallies[played.number - 1] if tally["went_out"]) == 1
        elif end == STOCK_OUT:
            assert played.went_out is None
            assert stock < max(draw, 1) or variant["threes.red_laid_down"]
