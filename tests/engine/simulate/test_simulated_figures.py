""" "How it plays": the figures over many seeded games, their uncertainty, and telling two rule sets apart."""

from __future__ import annotations

import pytest
from sim_games import VARIANTS

from handfoot.simulate import compare, run_games, summarize
from handfoot.simulate.stats import CAVEAT, Summary

GAMES = 8


@pytest.fixture(scope="module")
def pagat_games() -> Summary:
    return summarize(run_games(VARIANTS["pagat-partnership"], GAMES, seed="figures"))


def test_the_figures_describe_the_games(pagat_games: Summary) -> None:
    figures = {name: figure.value for name, figure in pagat_games.figures.items()}
    assert (pagat_games.games, pagat_games.rounds, pagat_games.violations) == (GAMES, 4 * GAMES, 0)
    assert figures["turns_per_round.p10"] <= figures["turns_per_round.median"] <= figures["turns_per_round.p90"]
    ends = figures["round_end.went_out"] + figures["round_end.stock_out"] + figures["round_end.turn_limit"]
    assert ends == pytest.approx(1)
    assert 0 < figures["foot_reached"] <= 1
    sources = sum(value for name, value in figures.items() if name.startswith("points_from."))
    assert sources == pytest.approx(figures["mean_round_score"])
    assert figures["points_from.books"] > 0 > figures["points_from.cards_left"]
    assert figures["first_meld_turn.team_1"] >= 1
    teams = sorted((figures["first_meld_turn.team_1"], figures["first_meld_turn.team_2"]))
    assert teams[0] <= figures["first_meld_turn.all_teams"] <= teams[1]
    assert figures["median_final_margin"] >= 0


def test_every_figure_carries_its_uncertainty(pagat_games: Summary) -> None:
    for name, figure in pagat_games.figures.items():
        assert figure.se >= 0, name
        assert figure.low <= figure.high, name
    assert pagat_games.figures["mean_round_score"].se > 0
    as_json = pagat_games.to_json()
    assert as_json["mean_round_score_se"] == round(pagat_games.figures["mean_round_score"].se, 4)
    assert as_json["caveat"] == CAVEAT == "Bots, not people. Use it to compare rule sets, not to predict your table."


def test_the_same_games_give_the_same_figures(pagat_games: Summary) -> None:
    again = summarize(run_games(VARIANTS["pagat-partnership"], GAMES, seed="figures"))
    assert again == pagat_games


def test_processes_play_the_same_games_as_one() -> None:
    saskatchewan = VARIANTS["saskatchewan"]
    assert run_games(saskatchewan, 6, seed=5, jobs=2) == run_games(saskatchewan, 6, seed=5, jobs=1)


def test_a_big_going_out_bonus_is_told_apart_from_the_noise(pagat_games: Summary) -> None:
    bonus = VARIANTS["pagat-partnership"].with_changes({"going_out.bonus": 3000})
    richer = summarize(run_games(bonus, GAMES, seed="figures"))
    differences = {difference.name: difference for difference in compare(pagat_games, richer)}
    assert differences["points_from.going_out"].change > 0
    assert differences["points_from.going_out"].beyond_noise
    # The same games, so the same melds: what the bonus does not touch does not move.
    assert not differences["points_from.cards_melded"].beyond_noise
