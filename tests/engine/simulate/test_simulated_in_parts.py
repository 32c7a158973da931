"""The configurator's "Play 200 games": a run asked for a few games at a time through the bridge, as the rules
engine's worker asks for it, gives the figures the command line gives for the same games, and sets them beside the
base version's kept run, a difference marked only where the compare page marks one (beyond the noise and large enough
for a table to notice), each figure with its likely range in words, never a "±"."""

from __future__ import annotations

import json
from typing import Any

import pytest
from sim_games import VARIANTS

from handfoot import bridge
from handfoot.simulate import run_games, summarize
from handfoot.simulate.report import KIND, RANGE_WORDS, SHARE, beside, noticeable_words, summary_data, summary_from_data
from handfoot.simulate.stats import CAVEAT, Figure, Summary

PAGAT = VARIANTS["pagat-partnership"]


def called(fn: str, *args: Any) -> Any:
    answer = json.loads(bridge.call(fn, json.dumps(args)))
    assert answer["ok"], answer
    return answer["result"]


@pytest.fixture(scope="module")
def parts() -> list[dict[str, Any]]:
    # 5 games asked for as the page asks: 2, then 2, then the 1 left.
    mapping = PAGAT.to_mapping()
    return [called("play_games", mapping, "parts", start, count) for start, count in ((0, 2), (2, 2), (4, 1))]


def test_games_played_in_parts_are_the_games_of_one_run(parts: list[dict[str, Any]]) -> None:
    whole = summarize(run_games(PAGAT, 5, "parts"))
    shown = called("how_it_plays", parts, None)
    alone = beside(whole, None)
    assert shown == json.loads(json.dumps(alone))
    assert (shown["games"], shown["rounds"], shown["violations"]) == (5, 20, 0)
    assert shown["caveat"] == CAVEAT
    assert all(row["base"] is None and row["differs"] == "" for row in shown["rows"])


def test_house_rules_play_as_the_keeper_scores_them() -> None:
    house = {"house": {"base": PAGAT.to_mapping(), "changes": {"going_out.bonus": 1000}, "name": "Big bonus"}}
    part = called("play_games", house, "house", 0, 2)
    rules = PAGAT.with_changes({"going_out.bonus": 1000})
    same = summarize(run_games(rules, 2, "house"))
    assert called("how_it_plays", [part], None) == json.loads(json.dumps(beside(same, None)))


def _summary(values: dict[str, float], se: float) -> Summary:
    figures = {name: Figure(value, se, value - 2 * se, value + 2 * se) for name, value in values.items()}
    return Summary(games=200, rounds=800, teams=2, figures=figures, violations=0)


def test_a_difference_beyond_the_noise_is_marked_with_its_direction(parts: list[dict[str, Any]]) -> None:
    yours = summary_from_data(json.loads(json.dumps(summary_data(summarize(run_games(PAGAT, 5, "parts"))))))
    turns = yours.figures["turns_per_round.median"].value
    score = yours.figures["mean_round_score"].value
    base_values = {name: figure.value for name, figure in yours.figures.items()}
    # The base's rounds 30 turns longer (far beyond the noise); its score a hair higher (within it).
    base_values |= {"turns_per_round.median": turns + 30, "mean_round_score": score + 1}
    base = _summary(base_values, se=0.5)
    rows = {row["name"]: row for row in called("how_it_plays", parts, summary_data(base))["rows"]}
    assert rows["turns_per_round.median"]["differs"] == "lower"
    assert rows["turns_per_round.median"]["base"]["text"] == str(round(turns + 30))
    assert rows["mean_round_score"]["differs"] == ""
    assert rows["turns_per_round.median"]["label"] == "Turns per round, median"
    assert rows["points_from.books"]["part"]
    assert not rows["mean_round_score"]["part"]


def test_a_round_stopped_at_the_turn_limit_shows_its_row_only_then(parts: list[dict[str, Any]]) -> None:
    names = [row["name"] for row in called("how_it_plays", parts, None)["rows"]]
    assert "round_end.turn_limit" not in names
    assert names[:4] == ["turns_per_round.median", "turns_per_round.p10", "turns_per_round.p90", "round_end.went_out"]


def test_a_difference_is_marked_only_where_the_compare_page_marks_one_and_every_figure_shows_its_range() -> None:
    """80 turns a round in the base: 3 more, far beyond the noise of these runs, is under the 5% a table notices; 4
    is marked. A round score 350 lower is both. A range that shows as the figure alone is none."""
    base_values = {name: 0.5 if kind == SHARE else 80.0 for name, kind in KIND.items()} | {
        "round_end.turn_limit": 0.0,
        "mean_round_score": 6000.0,
    }
    base = _summary(base_values, se=0.1)
    for turns, marked in ((83.0, ""), (84.0, "higher")):
        yours = _summary(base_values | {"turns_per_round.median": turns}, se=0.1)
        yours.figures["mean_round_score"] = Figure(5650.0, 20.0, 5610.0, 5690.0)
        shown = beside(yours, base)
        rows = {row["name"]: row for row in shown["rows"]}
        assert rows["turns_per_round.median"]["differs"] == marked, turns
        assert rows["turns_per_round.median"]["yours"] == {"text": str(round(turns)), "range": None}
        assert rows["mean_round_score"]["differs"] == "lower"
        assert rows["mean_round_score"]["yours"]["range"] == {
            "text": "5,610\u20135,690",
            "spoken": "likely between 5,610 and 5,690",
        }
        assert rows["round_end.went_out"]["base"] == {
            "text": "50%",
            "range": {"text": "30\u201370%", "spoken": "likely between 30% and 70%"},
        }
        assert [name for name, row in rows.items() if row["differs"]] == (
            ["turns_per_round.median", "mean_round_score"] if marked else ["mean_round_score"]
        )
    assert shown["ranges"] == RANGE_WORDS
    assert noticeable_words() in shown["marks"]
    assert "\u00b1" not in json.dumps(shown, ensure_ascii=False)
    assert beside(yours, None)["marks"] == ""
