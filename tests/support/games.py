"""The keeper games the tests play: each a version's id and what each team typed in each round, and the calls to
handfoot the keeper makes to score them (keeper/score.mjs): each team-round, then the rounds every team has entered.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from playwright.sync_api import Page

import handfoot
from handfoot.examples import SEED_000_OUT, SEED_001_SHORT
from support.keeper import enter, tally, tap_next
from testbench.paths import REPO_ROOT

VARIANTS = handfoot.load_variants(REPO_ROOT / "variants")
Entry = tuple[int, int, dict[str, Any]]

# A four-round Pagat game between two teams, one team going out each round: seed 000's worked round and seed 001's
# side B first.
FOUR_ROUNDS = [
    [SEED_000_OUT, SEED_001_SHORT],
    [
        {"clean_books": 1, "dirty_books": 2, "red_threes": 1, "melded": 300, "left": 85},
        {"clean_books": 2, "dirty_books": 2, "wild_books": 1, "red_threes": 1, "melded": 520, "went_out": True},
    ],
    [
        {"clean_books": 3, "dirty_books": 2, "wild_books": 1, "melded": 650, "went_out": True},
        {"dirty_books": 1, "red_threes_caught": 2, "melded": 90, "left": 230},
    ],
    [
        {"clean_books": 2, "dirty_books": 1, "melded": 260, "left": 45},
        {"clean_books": 2, "dirty_books": 2, "wild_books": 1, "red_threes": 2, "melded": 480, "went_out": True},
    ],
]


@dataclass(frozen=True)
class KeeperGame:
    variant: str
    entries: tuple[Entry, ...]

    def __str__(self) -> str:
        return f"{self.variant}, {len(self.entries)} entries"


KEEPER_GAMES = [
    KeeperGame(
        handfoot.DEFAULT_VARIANT,
        tuple((r, t, values) for r, row in enumerate(FOUR_ROUNDS, start=1) for t, values in enumerate(row)),
    ),
    # One game of each other version, with the fields only some versions have.
    KeeperGame(
        "bicycle",
        (
            (1, 0, {"clean_books": 1, "dirty_books": 1, "melded": 200, "went_out": True}),
            (1, 1, {"dirty_books": 2, "red_threes_caught": 1, "melded": 150, "left": 95}),
            (3, 0, {"clean_books": 2, "red_threes": 1, "melded": 300, "left": 20}),
        ),
    ),
    KeeperGame(
        "simpson",
        (
            (1, 0, {"clean_books": 1, "dirty_books": 1, "melded": 180, "went_out": True}),
            (1, 2, {"red_threes": 1, "melded": 60, "left": 35}),
            (2, 3, {"clean_books": 2, "dirty_books": 1, "red_threes_caught": 1, "melded": 400, "left": 10}),
        ),
    ),
    KeeperGame(
        "brouillette",
        (
            (1, 0, {"clean_books": 2, "dirty_books": 2, "melded": 400, "went_out": True}),
            (2, 1, {"clean_books": 1, "red_threes_caught": 2, "melded": 100, "left": 300}),
            (
                4,
                1,
                {"clean_books": 2, "dirty_books": 2, "wild_books": 1, "red_threes": 1, "melded": 700, "went_out": True},
            ),
        ),
    ),
    KeeperGame(
        "saskatchewan",
        (
            (1, 0, {"clean_books": 1, "dirty_books": 1, "wild_books": 1, "melded": 320, "went_out": True}),
            (1, 1, {"clean_books": 1, "red_threes": 1, "melded": 150, "left": 60}),
        ),
    ),
]


def game_calls(game: KeeperGame) -> list[list[Any]]:
    """The keeper's calls for ``game``: score_round for each entry, score_game for the rounds every team has entered
    from round 1 on, and each team's first-meld minimum where the rules set it by score."""
    variant = VARIANTS[game.variant]
    mapping = variant.to_mapping()
    teams = 1 + max(t for _, t, _ in game.entries)
    teams = max(teams, 2)
    rounds: dict[int, dict[int, dict[str, Any]]] = {}
    calls: list[list[Any]] = []
    for r, t, values in game.entries:
        rounds.setdefault(r, {})[t] = tally(variant, r, values)
        calls.append(["score_round", mapping, rounds[r][t]])
    complete = []
    for r in range(1, max(rounds) + 1):
        if len(rounds.get(r, {})) < teams:
            break
        complete.append([rounds[r][t] for t in range(teams)])
    if complete:
        calls.append(["score_game", mapping, complete])
    if variant["opening.by_score"] is not None:
        calls += [["opening_minimum", mapping, r, score] for r in range(1, 5) for score in (0, 2500, 5000)]
    return calls


# A three-round Pagat game between the keeper's two default teams, the side going out changing: what the tests of
# handing a game over and of the race type.
TEAMS = ["Team 1", "Team 2"]
THREE_ROUNDS = [
    [
        {"clean_books": 1, "dirty_books": 1, "red_threes": 1, "melded": 310, "left": 40},
        {"clean_books": 2, "dirty_books": 1, "melded": 455, "went_out": True},
    ],
    [
        {"clean_books": 2, "dirty_books": 2, "wild_books": 1, "melded": 620, "went_out": True},
        {"dirty_books": 1, "red_threes_caught": 1, "melded": 95, "left": 210},
    ],
    [
        {"clean_books": 1, "dirty_books": 2, "melded": 275, "left": 65},
        {"clean_books": 2, "dirty_books": 2, "wild_books": 1, "red_threes": 2, "melded": 480, "went_out": True},
    ],
]


def three_rounds_scored(rounds: int) -> dict[str, Any]:
    """handfoot's scores of the first ``rounds`` rounds of THREE_ROUNDS."""
    pagat = VARIANTS[handfoot.DEFAULT_VARIANT]
    played = THREE_ROUNDS[:rounds]
    return handfoot.score_game(pagat, [[tally(pagat, r, values) for values in row] for r, row in enumerate(played, 1)])


def type_three_rounds(page: Page, first: int, last: int) -> None:
    """Type rounds ``first`` to ``last`` of THREE_ROUNDS as a player does, tapping "Next" before each but round 1."""
    for r in range(first, last + 1):
        if r > 1:
            tap_next(page, r)
        for t, values in enumerate(THREE_ROUNDS[r - 1]):
            enter(page, r, TEAMS[t], values)
