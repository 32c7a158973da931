"""Scoring: the seeds' worked rounds, tallies that cannot happen, warnings, and whole games."""

from __future__ import annotations

from typing import Any

import pytest

from handfoot import TallyError, Variant, score_game, score_round
from handfoot.examples import SEED_000_OUT, SEED_001_SHORT
from testbench.paths import REPO_ROOT

REPO = REPO_ROOT


def tally(number: int = 1, **values: Any) -> dict[str, Any]:
    """A tally with nothing in it but what is given."""
    base = {
        "round": number,
        "clean_books": 0,
        "dirty_books": 0,
        "wild_books": 0,
        "red_threes": 0,
        "red_threes_caught": 0,
        "melded": 0,
        "left": 0,
        "went_out": False,
    }
    return {**base, **values}


def going_out(number: int = 1, **values: Any) -> dict[str, Any]:
    """Seed 000's going-out round (handfoot.examples), with any field changed."""
    return tally(number, **{**SEED_000_OUT, **values})


SIDE_B = SEED_001_SHORT


def lines(result: dict[str, Any]) -> list[tuple[str, int]]:
    return [(line["label"], line["points"]) for line in result["lines"]]


def tally_error(variant: Variant, data: Any) -> TallyError:
    with pytest.raises(TallyError) as excinfo:
        score_round(variant, data)
    assert isinstance(excinfo.value, ValueError)
    return excinfo.value


# The seeds' worked examples.


def test_seed_000_going_out_round(pagat: Variant) -> None:
    result = score_round(pagat, going_out())
    assert result["total"] == 3615
    assert lines(result) == [
        ("2 clean books", 1000),
        ("2 dirty books", 600),
        ("1 wild book", 1500),
        ("Cards melded", 415),
        ("Going out", 100),
        ("Cards left in hand and foot", 0),
    ]
    assert result["warnings"] == []


def test_seed_001_side_b(pagat: Variant) -> None:
    # Kings 70 + dirty nines 90 + aces 60 melded; 65 in hand and 95 in the unplayed foot, where a red three is caught.
    result = score_round(pagat, tally(**SIDE_B))
    assert result["total"] == 860
    assert lines(result) == [
        ("1 clean book", 500),
        ("1 dirty book", 300),
        ("Cards melded", 220),
        ("1 red three laid down", 100),
        ("1 red three caught", -100),
        ("Cards left in hand and foot", -160),
    ]
    assert result["warnings"] == []


def test_seed_001_side_b_with_the_red_three_counted_in_the_foot(pagat: Variant) -> None:
    result = score_round(pagat, tally(**SIDE_B, red_threes_caught_in_foot=1))
    assert result["total"] == 860
    assert ("1 red three caught in the foot", -100) in lines(result)
    assert ("1 red three caught", -100) not in lines(result)


def test_seed_001_side_a_bonuses(pagat: Variant) -> None:
    result = score_round(pagat, going_out(red_threes=2, melded=600))
    bonus_labels = {"2 clean books", "2 dirty books", "1 wild book", "2 red threes laid down", "Going out"}
    bonuses = [points for label, points in lines(result) if label in bonus_labels]
    assert len(bonuses) == 5
    assert sum(bonuses) == 3400
    assert result["total"] == 3400 + 600


# Other variants.


def test_simpson_red_three_laid_down_costs_500(variants: dict[str, Variant]) -> None:
    simpson = variants["simpson"]
    out = score_round(simpson, tally(clean_books=1, dirty_books=1, red_threes=1, melded=200, went_out=True))
    assert ("1 red three laid down", -500) in lines(out)
    assert out["total"] == 300 + 100 + 200 - 500 + 100
    not_out = score_round(simpson, tally(clean_books=1, dirty_books=1, red_threes=1, melded=200))
    assert ("1 red three laid down", -500) in lines(not_out)
    assert not_out["total"] == 300 + 100 + 200 - 500


def test_simpson_red_three_caught_costs_500(variants: dict[str, Variant]) -> None:
    result = score_round(variants["simpson"], tally(red_threes_caught=2))
    assert ("2 red threes caught", -1000) in lines(result)
    assert result["total"] == -1000


def test_simpson_exact_cut_bonus(variants: dict[str, Variant]) -> None:
    result = score_round(variants["simpson"], tally(exact_cuts=1))
    assert ("1 exact cut", 100) in lines(result)
    assert result["total"] == 100


def test_simpson_has_one_player_to_cut(variants: dict[str, Variant]) -> None:
    error = tally_error(variants["simpson"], tally(exact_cuts=2))
    assert error.field == "exact_cuts"
    assert str(error) == "A team has only 1 player to cut."


def test_exact_cut_where_there_is_no_bonus(pagat: Variant) -> None:
    error = tally_error(pagat, tally(exact_cuts=1))
    assert error.field == "exact_cuts"
    assert str(error) == "These rules have no bonus for an exact cut."


def test_bicycle_scores_without_a_wild_books_field(variants: dict[str, Variant]) -> None:
    data = tally(clean_books=1, dirty_books=1, melded=200, went_out=True)
    del data["wild_books"]
    result = score_round(variants["bicycle"], data)
    assert result["total"] == 500 + 300 + 200 + 100
    assert result["warnings"] == []


def test_brouillette_warns_only_in_round_four(variants: dict[str, Variant]) -> None:
    brouillette = variants["brouillette"]
    data = {"clean_books": 2, "dirty_books": 2, "melded": 300, "went_out": True}
    assert score_round(brouillette, tally(3, **data))["warnings"] == []
    assert score_round(brouillette, tally(4, **data))["warnings"] == [
        "Going out in round 4 needs 2 clean, 2 dirty and 1 wild book; the team has 2 clean, 2 dirty and 0 wild books. "
        "So the 100 for going out is not counted."
    ]


# Tallies that cannot happen.


def test_negative_count(pagat: Variant) -> None:
    error = tally_error(pagat, tally(clean_books=-1))
    assert error.field == "clean_books"
    assert str(error) == "The number of clean books must be a whole number from 0, got -1."


def test_negative_red_threes(pagat: Variant) -> None:
    assert tally_error(pagat, tally(red_threes=-1)).field == "red_threes"


@pytest.mark.parametrize("field", ["melded", "left"])
def test_points_not_a_multiple_of_five(pagat: Variant, field: str) -> None:
    error = tally_error(pagat, tally(**{field: 417}))
    assert error.field == field
    assert str(error) == "Card points come in steps of 5 here; 417 is not a multiple of 5."


def test_more_clean_books_than_the_decks_make(pagat: Variant) -> None:
    error = tally_error(pagat, tally(clean_books=23, melded=5000))
    assert error.field == "clean_books"
    assert str(error) == "5 decks can make at most 22 clean books."


def test_more_wild_books_than_the_decks_make(pagat: Variant) -> None:
    error = tally_error(pagat, tally(wild_books=5, melded=5000))
    assert error.field == "wild_books"
    assert str(error) == "5 decks can make at most 4 wild books."


def test_more_books_in_all_than_the_decks_make(pagat: Variant) -> None:
    error = tally_error(pagat, tally(clean_books=22, dirty_books=14, melded=10000))
    assert str(error) == "5 decks can make at most 35 books in all."
    assert error.fields == ("clean_books", "dirty_books"), "either count may be the one typed wrong"


def test_books_that_need_more_card_points_name_both_fields(pagat: Variant) -> None:
    """12 clean books of seven cards hold at least 12 × 7 fives: with 400 melded, the 12 may be the typo (a 2 typed
    after a 1) as well as the 400, so the keeper can mark the one the player typed last."""
    error = tally_error(pagat, tally(clean_books=12, wild_books=1, melded=400))
    assert str(error) == ("12 clean and 1 wild book hold at least 560 points of cards; melded card points are 400.")
    assert error.field == "melded"
    assert error.fields == ("melded", "clean_books", "wild_books")


@pytest.mark.parametrize(
    ("field", "message"),
    [
        ("melded", "The tally has no melded card points (melded)."),
        ("left", "The tally has no card points left (left)."),
        ("clean_books", "The tally has no clean books (clean_books)."),
        ("wild_books", "The tally has no wild books (wild_books)."),
    ],
)
def test_missing_field(pagat: Variant, field: str, message: str) -> None:
    data = going_out()
    del data[field]
    error = tally_error(pagat, data)
    assert error.field == field
    assert str(error) == message


@pytest.mark.parametrize("field", ["round", "went_out"])
def test_missing_field_message_reads_as_english(pagat: Variant, field: str) -> None:
    data = going_out()
    del data[field]
    error = tally_error(pagat, data)
    assert error.field == field
    message = str(error)
    assert message.endswith(f"({field}).")
    # "The tally has no the round" and "The tally has no went out" are not sentences a player can read.
    assert "has no the " not in message
    assert "has no went out" not in message


def test_unknown_field(pagat: Variant) -> None:
    error = tally_error(pagat, going_out(bogus=1))
    assert error.field == "bogus"
    assert str(error).startswith("'bogus' is not a tally field; fields are ")


def test_wild_books_under_bicycle(variants: dict[str, Variant]) -> None:
    error = tally_error(variants["bicycle"], going_out())
    assert error.field == "wild_books"
    assert str(error) == "These rules have no wild book, so wild_books must be 0."


def test_round_five_in_a_four_round_game(pagat: Variant) -> None:
    error = tally_error(pagat, going_out(5))
    assert error.field == "round"
    assert str(error) == "These rules play 4 rounds; there is no round 5."


def test_round_must_be_a_whole_number(pagat: Variant) -> None:
    for number in (0, True, "1", 1.0):
        assert tally_error(pagat, tally(number)).field == "round"


def test_went_out_must_be_true_or_false(pagat: Variant) -> None:
    error = tally_error(pagat, tally(went_out="yes"))
    assert error.field == "went_out"


def test_melded_below_what_the_books_hold(pagat: Variant) -> None:
    # Least points: clean 7 × 5, dirty 6 × 5 + 20, wild 7 × 20: 2 × 35 + 2 × 50 + 140 = 310.
    assert score_round(pagat, going_out(melded=310))["total"] == 3100 + 310 + 100
    error = tally_error(pagat, going_out(melded=305))
    assert error.field == "melded"
    assert str(error) == (
        "2 clean, 2 dirty and 1 wild book hold at least 310 points of cards; melded card points are 305."
    )


def test_one_book_holds_in_the_singular(pagat: Variant) -> None:
    error = tally_error(pagat, tally(clean_books=1, melded=30))
    assert str(error) == "1 clean book holds at least 35 points of cards; melded card points are 30."


def test_counts_form_with_more_jokers_than_the_pack(pagat: Variant) -> None:
    error = tally_error(pagat, tally(melded={"jokers": 11}))
    assert error.field == "melded"
    assert str(error) == "Jokers: 11 is more than the 10 in the pack."
    assert score_round(pagat, tally(melded={"jokers": 10}))["total"] == 500


def test_counts_form_with_an_unknown_group(pagat: Variant) -> None:
    error = tally_error(pagat, tally(melded={"black_threes": 1}))
    assert error.field == "melded"


def test_too_many_red_threes(pagat: Variant) -> None:
    error = tally_error(pagat, tally(red_threes=6, red_threes_caught=5))
    assert error.field == "red_threes"
    assert str(error) == "The pack holds only 10 red threes."


def test_more_caught_in_the_foot_than_caught(pagat: Variant) -> None:
    error = tally_error(pagat, tally(red_threes_caught=1, red_threes_caught_in_foot=2))
    assert error.field == "red_threes_caught"


def test_a_tally_must_be_a_mapping(pagat: Variant) -> None:
    error = tally_error(pagat, [1, 2])
    assert error.field == ""


# Counts form and points form.


def test_counts_form_equals_points_form(pagat: Variant) -> None:
    counts = {"jokers": 1, "twos": 2, "aces": 0, "high": 3, "low": 4}
    by_counts = score_round(pagat, tally(melded=counts))
    by_points = score_round(pagat, tally(melded=50 + 40 + 0 + 30 + 20))
    assert by_counts == by_points
    assert by_counts["total"] == 140


def test_counts_form_for_cards_left_takes_black_threes(pagat: Variant) -> None:
    result = score_round(pagat, tally(left={"black_threes": 2, "jokers": 1}))
    assert result["total"] == -(2 * 5 + 50)
    assert result == score_round(pagat, tally(left=60))


# Warnings.


def test_going_out_without_the_books_is_refused_its_bonus_and_says_so(pagat: Variant) -> None:
    """Pagat: "to go out, a team needs at least two clean books, two dirty books and a wild book" in round 1. A team
    ticked as going out with fewer has not gone out: the 100 is not counted, and the warning names the rule."""
    result = score_round(pagat, tally(clean_books=1, dirty_books=1, melded=200, went_out=True))
    assert result["warnings"] == [
        "Going out in round 1 needs 2 clean, 2 dirty and 1 wild book; the team has 1 clean, 1 dirty and 0 wild books. "
        "So the 100 for going out is not counted."
    ]
    assert ("Going out", 100) not in lines(result)
    assert ("Going out: not counted, too few books", 0) in lines(result)
    assert result["total"] == 500 + 300 + 200


def test_no_warning_when_not_going_out(pagat: Variant) -> None:
    assert score_round(pagat, tally(clean_books=1, melded=100))["warnings"] == []


def test_red_three_in_a_foot_of_a_team_going_out_warns(pagat: Variant) -> None:
    result = score_round(pagat, going_out(red_threes_caught=1, red_threes_caught_in_foot=1))
    assert len(result["warnings"]) == 1
    assert "foot" in result["warnings"][0]


# Whole games.

GAME = [
    # Round 1: seed 000's team goes out; seed 001's side B does not.
    [going_out(1), tally(1, **SIDE_B)],
    # Round 2: team 2 goes out with a red three laid down.
    [
        tally(2, clean_books=1, melded=100, left=50),
        going_out(2, melded=500, red_threes=1),
    ],
    # Round 3: the stock runs out; nobody goes out.
    [tally(3, left=200), tally(3, melded=60, left=30)],
    # Round 4: team 1 goes out again; team 2 is caught with a red three in hand.
    [going_out(4), tally(4, clean_books=1, melded=100, left=95, red_threes_caught=1)],
]


def test_four_round_game(pagat: Variant) -> None:
    result = score_game(pagat, GAME)
    assert result["teams"] == 2
    assert [[team["total"] for team in scored] for scored in result["rounds"]] == [
        [3615, 860],
        [550, 3800],
        [-200, 30],
        [3615, 405],
    ]
    assert result["running"] == [[3615, 860], [4165, 4660], [3965, 4690], [7580, 5095]]
    assert result["totals"] == [7580, 5095]
    assert result["finished"] is True
    assert result["winner"] == 0
    assert result["leaders"] == [0]
    assert result["warnings"] == []


def test_game_in_progress_has_no_winner(pagat: Variant) -> None:
    result = score_game(pagat, GAME[:2])
    assert result["finished"] is False
    assert result["winner"] is None
    assert result["totals"] == [4165, 4660]
    assert result["leaders"] == [1]


def test_two_teams_going_out_in_one_round(pagat: Variant) -> None:
    with pytest.raises(TallyError) as excinfo:
        score_game(pagat, [[going_out(1), going_out(1)]])
    assert str(excinfo.value) == "Round 1: only one team can go out, but teams 1 and 2 did."


def test_tie_has_no_winner(pagat: Variant) -> None:
    rounds = [[tally(n, clean_books=1, melded=100), tally(n, clean_books=1, melded=100)] for n in (1, 2, 3, 4)]
    result = score_game(pagat, rounds)
    assert result["finished"] is True
    assert result["totals"] == [2400, 2400]
    assert result["winner"] is None
    assert result["leaders"] == [0, 1]


def test_game_error_names_the_round_and_team(pagat: Variant) -> None:
    rounds = [GAME[0], [GAME[1][0], tally(2, clean_books=-1)]]
    with pytest.raises(TallyError) as excinfo:
        score_game(pagat, rounds)
    assert str(excinfo.value) == "Round 2, team 2: the number of clean books must be a whole number from 0, got -1."
    assert excinfo.value.field == "clean_books"


def test_game_tally_in_the_wrong_place(pagat: Variant) -> None:
    with pytest.raises(TallyError) as excinfo:
        score_game(pagat, [[tally(1), tally(2)]])
    assert excinfo.value.field == "round"
    assert str(excinfo.value).startswith("Round 1, team 2: ")


def test_game_rounds_after_the_end(pagat: Variant) -> None:
    with pytest.raises(TallyError) as excinfo:
        score_game(pagat, [*GAME, [tally(5), tally(5)]])
    assert str(excinfo.value) == "The game ended before round 5."


def test_game_rounds_with_different_numbers_of_teams(pagat: Variant) -> None:
    with pytest.raises(TallyError, match="Round 2 must have a tally for each of the 2 teams"):
        score_game(pagat, [GAME[0], [tally(2)]])


def test_game_warnings_name_the_round_and_team(pagat: Variant) -> None:
    rounds = [[tally(1), tally(1, clean_books=1, melded=100, went_out=True)]]
    assert score_game(pagat, rounds)["warnings"] == [
        "Round 1, team 2: Going out in round 1 needs 2 clean, 2 dirty and 1 wild book; "
        "the team has 1 clean, 0 dirty and 0 wild books. So the 100 for going out is not counted."
    ]


def test_game_must_be_a_list_of_rounds(pagat: Variant) -> None:
    with pytest.raises(TallyError):
        score_game(pagat, "round one")
    with pytest.raises(TallyError):
        score_game(pagat, [1])


# A house rule: black threes caught in an unplayed foot priced apart from the cards left.


def _black_threes_house(pagat: Variant, value: int = -100) -> Variant:
    data = pagat.to_mapping()
    data["rules"]["threes"]["black_caught_in_foot"] = value
    return Variant.from_mapping(data, "black threes house")


def test_black_threes_in_an_unplayed_foot_cost_the_house_value(pagat: Variant) -> None:
    house = _black_threes_house(pagat)
    result = score_round(house, tally(**SIDE_B, black_threes_caught_in_foot=2))
    plain = score_round(pagat, tally(**SIDE_B))
    assert ("2 black threes caught in the foot", -200) in lines(result)
    assert ("Cards left in hand and foot", -(160 - 2 * 5)) in lines(result)
    assert result["total"] == plain["total"] - 200 + 10
    counted = tally(**{**SIDE_B, "left": {"black_threes": 2, "high": 15}}, black_threes_caught_in_foot=2)
    assert score_round(house, counted)["total"] == result["total"]


def test_black_threes_in_the_foot_are_among_the_cards_left(pagat: Variant) -> None:
    house = _black_threes_house(pagat)
    error = tally_error(house, tally(left=10, black_threes_caught_in_foot=3))
    assert error.field == "black_threes_caught_in_foot"
    assert "3 of them are 15 points, more than the 10 left" in str(error)
    error = tally_error(house, tally(left={"black_threes": 1}, black_threes_caught_in_foot=2))
    assert str(error) == "Black threes caught in the foot are among the cards left, which count 1."


def test_black_threes_in_the_foot_need_the_house_rule(pagat: Variant) -> None:
    error = tally_error(pagat, tally(left=10, black_threes_caught_in_foot=1))
    assert error.field == "black_threes_caught_in_foot"
    assert str(error) == "These rules count a black three in the foot as in the hand: leave it in the cards left."
