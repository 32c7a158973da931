"""Checks of play: melds, openings (the seeds' examples), pickups of the discard pile, and going out."""

from __future__ import annotations

import pytest

from handfoot import (
    TallyError,
    Variant,
    VariantError,
    check_go_out,
    check_meld,
    check_opening,
    check_pickup,
)
from handfoot.rules import (
    going_out_asks,
)
from testbench.paths import REPO_ROOT

REPO = REPO_ROOT


@pytest.fixture(scope="module")
def bicycle(variants: dict[str, Variant]) -> Variant:
    return variants["bicycle"]


# Openings: the seeds' worked examples.


def test_seed_opening_nines_and_a_two_make_fifty(pagat: Variant) -> None:
    verdict = check_opening(pagat, 1, ["9 9 9 2"])
    assert verdict.ok
    assert verdict.reason == "Round 1 needs 50 points in the first meld; these cards make 50."
    assert (verdict.rule, verdict.points, verdict.minimum) == ("opening.minimums", 50, 50)
    assert bool(verdict) is True


def test_seed_opening_with_the_pile_top(pagat: Variant) -> None:
    assert check_opening(pagat, 1, ["9 9 2"], pile_top="9").ok


def test_seed_seven_sixes_do_not_open_round_one(pagat: Variant) -> None:
    verdict = check_opening(pagat, 1, ["6 6 6 6 6 6 6"])
    assert not verdict.ok
    assert bool(verdict) is False
    assert "50" in verdict.reason
    assert "35" in verdict.reason
    assert verdict.reason == "Round 1 needs 50 points in the first meld; these cards make 35."


def test_opening_minimum_rises_by_round(pagat: Variant) -> None:
    assert not check_opening(pagat, 2, ["9 9 9 2"]).ok  # 50 < 90
    assert check_opening(pagat, 2, ["9 9 9 2", "A A A"]).ok  # 50 + 60 = 110
    assert not check_opening(pagat, 3, ["9 9 9 2", "A A A"]).ok  # 110 < 120
    assert check_opening(pagat, 4, ["A A A A A A 2", "K K K"]).ok  # 140 + 30 = 170


def test_opening_exactly_at_the_minimum(pagat: Variant) -> None:
    assert check_opening(pagat, 2, ["K K K K", "9 9 9 2"]).ok  # 40 + 50 = 90, round 2's minimum
    verdict = check_opening(pagat, 2, ["K K K", "9 9 9 2"])  # 30 + 50 = 80
    assert not verdict.ok
    assert verdict.reason == "Round 2 needs 90 points in the first meld; these cards make 80."


def test_opening_needs_a_meld(pagat: Variant) -> None:
    verdict = check_opening(pagat, 1, [])
    assert not verdict.ok
    assert verdict.reason == "An opening needs at least one meld."


def test_opening_melds_must_each_be_legal(pagat: Variant) -> None:
    verdict = check_opening(pagat, 1, ["A A A A", "9 9"])
    assert not verdict.ok
    assert verdict.reason == "A meld needs at least 3 cards; this one has 2."


def test_opening_pile_top_must_join_a_meld_of_its_rank(pagat: Variant) -> None:
    """The top card is melded with natural cards of its rank from the hand, as the pile's own rule says."""
    verdict = check_opening(pagat, 1, ["9 9 2"], pile_top="8")
    assert not verdict.ok
    assert verdict.reason == (
        "To take the pile you need 2 natural eights in your hand (wild cards do not count); you have 0."
    )
    assert verdict.rule == "pile.cards_needed"


def test_opening_pile_top_counts_toward_the_minimum(pagat: Variant) -> None:
    # 9 9 2 is 40 from the hand; the nine on top of the pile makes 50.
    assert not check_opening(pagat, 1, ["9 9 2"]).ok
    assert check_opening(pagat, 1, ["9 9 2"], pile_top="9H").ok


def test_opening_in_a_round_the_game_does_not_have(pagat: Variant) -> None:
    with pytest.raises(TallyError) as excinfo:
        check_opening(pagat, 5, ["A A A"])
    assert excinfo.value.field == "round"
    assert str(excinfo.value) == "These rules play 4 rounds; there is no round 5."


# Melds.


@pytest.mark.parametrize("cards", ["9 9 9", "9 9 2", "9 9 JK", "9 9 9 2", "9 9 9 9 9 2 2", "9 9 9 9 9 9 9", "AH AS AD"])
def test_legal_pagat_melds(pagat: Variant, cards: str) -> None:
    assert check_meld(pagat, cards).ok


def test_meld_too_small(pagat: Variant) -> None:
    verdict = check_meld(pagat, "9 9")
    assert not verdict.ok
    assert verdict.reason == "A meld needs at least 3 cards; this one has 2."


def test_meld_capped_at_seven(pagat: Variant) -> None:
    verdict = check_meld(pagat, "9 9 9 9 9 9 9 9")
    assert not verdict.ok
    assert verdict.reason == "A meld closes as a book at 7 cards; this one has 8."


def test_wild_limit_in_a_meld_of_four(pagat: Variant) -> None:
    verdict = check_meld(pagat, "9 9 2 2")
    assert not verdict.ok
    assert verdict.reason == "A meld of 4 cards may hold at most 1 wild card; this one has 2."


def test_wild_limit_in_a_meld_of_five_and_of_seven(pagat: Variant) -> None:
    assert check_meld(pagat, "9 9 9 9 2").ok
    assert not check_meld(pagat, "9 9 9 2 2").ok
    assert check_meld(pagat, "9 9 9 9 2 2").ok
    assert check_meld(pagat, "9 9 9 9 9 2 JK").ok
    verdict = check_meld(pagat, "9 9 9 9 2 2 2")
    assert not verdict.ok
    assert verdict.reason == "A meld of 7 cards may hold at most 2 wild cards; this one has 3."


def test_all_wild_meld_allowed_in_pagat(pagat: Variant) -> None:
    assert check_meld(pagat, "2 2 JK").ok
    assert check_meld(pagat, "2 2 2 2 JK JK JK").ok


def test_all_wild_meld_refused_in_bicycle(bicycle: Variant) -> None:
    verdict = check_meld(bicycle, "2 2 JK")
    assert not verdict.ok
    assert verdict.reason == "These rules allow no meld made only of wild cards."


@pytest.mark.parametrize("cards", ["3S 3S 3S", "3H 3D 3H", "3C 3C 2"])
def test_threes_are_never_melded(pagat: Variant, cards: str) -> None:
    verdict = check_meld(pagat, cards)
    assert not verdict.ok
    assert verdict.reason == "Threes cannot be melded the way other ranks are."


def test_mixed_ranks(pagat: Variant) -> None:
    verdict = check_meld(pagat, "9 9 8")
    assert not verdict.ok
    assert verdict.reason == "A meld holds natural cards of one rank; this one mixes eights and nines."
    assert not check_meld(pagat, "K K 8 8 2").ok


def test_bicycle_needs_four_naturals_beside_a_wild(bicycle: Variant) -> None:
    verdict = check_meld(bicycle, "9 9 9 2")
    assert not verdict.ok
    assert verdict.reason == "A meld with a wild card needs at least 4 natural cards; this one has 3."
    assert not check_meld(bicycle, "9 9 2").ok
    assert check_meld(bicycle, "9 9 9").ok
    assert check_meld(bicycle, "9 9 9 9 2").ok
    assert check_meld(bicycle, "9 9 9 9 2 2 JK").ok


def test_meld_with_an_unreadable_card(pagat: Variant) -> None:
    with pytest.raises(ValueError, match="'ZZ' is not a card"):
        check_meld(pagat, "9 9 ZZ")


# Picking up the discard pile.


def test_pickup_with_a_natural_pair(pagat: Variant) -> None:
    assert check_pickup(pagat, "9", "9 9 K").ok


@pytest.mark.parametrize("top", ["3S", "3C"])
def test_black_three_on_top_blocks(pagat: Variant, top: str) -> None:
    verdict = check_pickup(pagat, top, "3S 3C")
    assert not verdict.ok
    assert verdict.reason == "A three on top of the discard pile blocks it; draw from the stock instead."


def test_red_three_never_on_top(pagat: Variant) -> None:
    verdict = check_pickup(pagat, "3H", "3H 3D")
    assert not verdict.ok
    assert verdict.reason == "A red three never lies on the discard pile: it is laid down at once."


def test_wild_cards_do_not_count_toward_the_pair(pagat: Variant) -> None:
    verdict = check_pickup(pagat, "9", "9 2 JK")
    assert not verdict.ok
    assert verdict.reason == (
        "To take the pile you need 2 natural nines in your hand (wild cards do not count); you have 1."
    )


def test_wild_top_needs_a_matching_wild_pair(pagat: Variant) -> None:
    assert check_pickup(pagat, "2", "2 2").ok
    assert check_pickup(pagat, "JK", "JK JK").ok
    verdict = check_pickup(pagat, "JK", "2 2 JK")
    assert not verdict.ok
    assert verdict.reason == "To take a joker from the top of the pile you need two jokers in your hand; you have 1."
    assert not check_pickup(pagat, "2", "2 JK").ok


def test_bicycle_only_a_black_three_blocks(bicycle: Variant) -> None:
    assert not check_pickup(bicycle, "3S", "3S 3S").ok
    assert not check_pickup(bicycle, "3C", "3C 3C").ok
    # A red three is laid down at once, so it never blocks; it cannot be taken either.
    assert not check_pickup(bicycle, "3H", "3H 3H").ok
    assert check_pickup(bicycle, "9", "9 9").ok


# A team that has not melded takes the pile as its first meld (issue 37, item 1): every version words it so (Pagat
# "taking the pile may itself be the team's first meld", Bicycle "…or opens with this pickup"), and the answer is the
# first-meld check's, with its points.
VERSIONS = ["pagat-partnership", "bicycle", "simpson", "saskatchewan", "brouillette"]


@pytest.mark.parametrize("version", VERSIONS)
def test_a_team_that_has_not_melded_takes_the_pile_only_as_a_first_meld_worth_the_minimum(
    variants: dict[str, Variant], version: str
) -> None:
    variant = variants[version]
    short = check_pickup(variant, "5", "5 5", team_has_melded=False, round=1)
    assert (short.ok, short.points, short.minimum) == (False, 15, 50)
    side = (
        "You have not melded, so this pickup must be your first meld."
        if version == "simpson"
        else ("Your team has not melded, so this pickup must be its first meld.")
    )
    assert short.reason == f"{side} Round 1 needs 50 points in the first meld; these cards make 15."
    assert short.rule == "pile.needs_team_meld"
    enough = check_pickup(variant, "A", "A A", team_has_melded=False, round=1)
    assert (enough.ok, enough.points, enough.minimum) == (True, 60, 50)
    assert check_pickup(variant, "5", "5 5", team_has_melded=True).ok


@pytest.mark.parametrize("version", VERSIONS)
def test_the_pile_question_and_the_first_meld_question_agree(variants: dict[str, Variant], version: str) -> None:
    """The cards from the hand make one meld per rank, wild cards with the top card: as the first-meld tab asks it."""
    variant = variants[version]
    pickup = check_pickup(variant, "K", "K K K 2 Q Q Q", team_has_melded=False, round=2)
    opening = check_opening(variant, 2, ["K K K 2", "Q Q Q"], pile_top="K")
    assert (pickup.ok, pickup.points, pickup.minimum) == (opening.ok, opening.points, opening.minimum)
    assert opening.points == 4 * 10 + 20 + 3 * 10


def test_a_pickup_by_a_team_that_has_not_melded_needs_the_round(pagat: Variant) -> None:
    with pytest.raises(TallyError, match="say which round") as caught:
        check_pickup(pagat, "5", "5 5", team_has_melded=False)
    assert caught.value.field == "round"


def test_where_the_house_lets_a_pair_take_the_pile_the_minimum_plays_no_part(pagat: Variant) -> None:
    data = pagat.to_mapping()
    data["rules"]["pile"]["needs_team_meld"] = False
    house = Variant.from_mapping(data, "house.yaml")
    verdict = check_pickup(house, "5", "5 5", team_has_melded=False, round=1)
    assert verdict.ok
    assert verdict.points is None


# A first meld is checked by every rule the separate checks apply (item 2).


def test_a_first_meld_may_not_hold_two_unfinished_melds_of_one_rank(pagat: Variant) -> None:
    verdict = check_opening(pagat, 1, ["K K K", "K K K"])
    assert not verdict.ok
    assert verdict.rule == "melds.one_open_per_rank"
    assert verdict.reason == (
        "A second meld of a rank may be started only once the first is a book; these are 2 unfinished melds of kings."
    )
    assert check_opening(pagat, 1, ["K K K K K K K", "K K K"]).ok


def test_where_several_unfinished_melds_of_a_rank_are_allowed_a_first_meld_may_hold_them(bicycle: Variant) -> None:
    assert not bicycle["melds.one_open_per_rank"]
    assert check_opening(bicycle, 1, ["K K K K", "K K K K"]).ok


def test_a_first_meld_from_the_pile_needs_the_natural_pair_from_the_hand(pagat: Variant) -> None:
    verdict = check_opening(pagat, 1, ["9 JK", "A A A"], pile_top="9")
    assert not verdict.ok
    assert verdict.rule == "pile.cards_needed"
    assert verdict.reason.endswith("you have 1.")


def test_a_wild_top_card_in_a_first_meld_needs_two_matching_wild_cards(pagat: Variant) -> None:
    verdict = check_opening(pagat, 2, ["K K JK JK"], pile_top="2")
    assert not verdict.ok
    assert verdict.rule == "pile.wild_top"
    assert verdict.reason == "To take a two from the top of the pile you need two twos in your hand; you have 0."
    assert check_opening(pagat, 2, ["K K K K 2 2"], pile_top="2").rule != "pile.wild_top"


def test_a_three_on_top_is_never_part_of_a_first_meld(pagat: Variant) -> None:
    assert check_opening(pagat, 1, ["A A A"], pile_top="3S").rule == "pile.blocked_by"


# A red three on top (item 4): laid down at once where red threes are laid down; a three that blocks or cannot be
# melded where they are not.


def test_a_red_three_on_top_is_answered_by_how_red_threes_are_played(pagat: Variant, bicycle: Variant) -> None:
    assert (
        check_pickup(pagat, "3H", "").reason == "A red three never lies on the discard pile: it is laid down at once."
    )
    data = bicycle.to_mapping()
    data["rules"]["threes"].update(red_laid_down=False, red_laid=0, red_laid_not_out=None)
    kept = Variant.from_mapping(data, "house.yaml")
    verdict = check_pickup(kept, "3H", "3H 3H")
    assert not verdict.ok
    assert "laid down at once" not in verdict.reason
    assert verdict.reason == (
        "Threes cannot be melded, and the top card must be melded at once: a three on top cannot be taken."
    )


# Going out.


def test_brouillette_books_by_round(variants: dict[str, Variant]) -> None:
    brouillette = variants["brouillette"]
    books = {"clean": 2, "dirty": 2}
    assert check_go_out(brouillette, 1, books).ok
    assert check_go_out(brouillette, 3, books).ok
    verdict = check_go_out(brouillette, 4, books)
    assert not verdict.ok
    assert verdict.reason == (
        "Going out in round 4 needs 2 clean, 2 dirty and 1 wild book; the team has 2 clean, 2 dirty and 0 wild books."
    )
    assert check_go_out(brouillette, 4, {"clean": 2, "dirty": 2, "wild": 1}).ok


def test_pagat_needs_a_wild_book(pagat: Variant) -> None:
    assert check_go_out(pagat, 1, {"clean": 2, "dirty": 2, "wild": 1}).ok
    assert not check_go_out(pagat, 1, {"clean": 2, "dirty": 2}).ok
    assert not check_go_out(pagat, 1, {"clean": 5, "dirty": 5}).ok
    assert check_go_out(pagat, 1, {"clean": 3, "dirty": 4, "wild": 2}).ok


def test_simpson_has_no_wild_book(variants: dict[str, Variant]) -> None:
    simpson = variants["simpson"]
    assert check_go_out(simpson, 1, {"clean": 1, "dirty": 1}).ok
    verdict = check_go_out(simpson, 1, {"clean": 1})
    assert not verdict.ok
    assert verdict.reason == (
        "Going out in round 1 needs 1 clean and 1 dirty book; you have 1 clean and 0 dirty books."
    )
    assert "wild" not in verdict.reason


def test_saskatchewan_and_bicycle_books(variants: dict[str, Variant]) -> None:
    assert check_go_out(variants["saskatchewan"], 2, {"clean": 1, "dirty": 1, "wild": 1}).ok
    assert not check_go_out(variants["saskatchewan"], 2, {"clean": 1, "dirty": 1}).ok
    assert check_go_out(variants["bicycle"], 4, {"clean": 1, "dirty": 1}).ok


def test_go_out_refuses_impossible_input(pagat: Variant) -> None:
    with pytest.raises(TallyError) as excinfo:
        check_go_out(pagat, 5, {})
    assert excinfo.value.field == "round"
    with pytest.raises(TallyError) as excinfo:
        check_go_out(pagat, 0, {})
    assert excinfo.value.field == "round"
    with pytest.raises(TallyError, match="got -1"):
        check_go_out(pagat, 1, {"clean": -1})


def _house(base: Variant, **rules: dict) -> Variant:
    data = base.to_mapping()
    for section, values in rules.items():
        data["rules"][section].update(values)
        for key in values:
            data["provenance"][f"{section}.{key}"] = {"stated": ["whitnack"]}
    return Variant.from_mapping(data, "house.yaml")


def test_a_round_can_ask_for_a_complete_book_in_the_first_meld(variants: dict[str, Variant]) -> None:
    house = _house(variants["pagat-partnership"], opening={"books_needed": [0, 0, 0, 1]})
    assert check_opening(house, 1, ["K K K K K"])
    verdict = check_opening(house, 4, ["K K K K K K K", "A A A A"])
    assert verdict, verdict.reason
    short = check_opening(house, 4, ["K K K K K K", "A A A A A A"])
    assert short.reason == "Round 4 needs 1 complete book of 7 cards in the first meld; these melds hold 0."


def test_a_growing_deal_must_fit_the_pack_in_the_last_round(variants: dict[str, Variant]) -> None:
    house = _house(variants["simpson"], deal={"growth": 2})
    assert [(house.hand_size(n), house.foot_size(n)) for n in range(1, 5)] == [(11, 11), (13, 13), (15, 15), (17, 17)]
    with pytest.raises(VariantError) as error:
        _house(variants["simpson"], deal={"growth": 4}, decks={"count": 2})
    assert str(error.value) == (
        "house.yaml: deal.growth: 4 players × (23 + 23) cards = 184 dealt in the last round, "
        "but 2 decks hold only 108 cards and the stock needs at least one"
    )


# Everyone plays alone in Simpson's game (issue 37, item 16): the answers speak to the player, never of a team.


def test_a_player_alone_is_answered_in_the_second_person(variants: dict[str, Variant]) -> None:
    simpson = variants["simpson"]
    out = check_go_out(simpson, 1, {"clean": 1})
    assert "; you have 1 clean and 0 dirty books." in out.reason
    pile = check_pickup(simpson, "5", "5 5", team_has_melded=False, round=1)
    assert pile.reason.startswith("You have not melded, so this pickup must be your first meld.")
    assert "team" not in out.reason + pile.reason
    assert check_go_out(variants["pagat-partnership"], 1, {"clean": 1}).reason.endswith(
        "; the team has 1 clean, 0 dirty and 0 wild books."
    )


# "Can we go out?" asks what the rules need beyond the books (issue 37, item 3).


def test_going_out_asks_what_the_rules_need(variants: dict[str, Variant], bicycle: Variant) -> None:
    pagat = variants["pagat-partnership"]
    books = {"clean": 2, "dirty": 2, "wild": 1}
    assert check_go_out(pagat, 1, books, partner_in_foot=True, partner_agrees=True).ok
    waiting = check_go_out(pagat, 1, books, partner_in_foot=False, partner_agrees=True)
    assert (waiting.ok, waiting.rule) == (False, "going_out.partner_in_foot")
    refused = check_go_out(pagat, 1, books, partner_in_foot=True, partner_agrees=False)
    assert (refused.ok, refused.rule) == (False, "going_out.ask_partner")
    assert refused.reason.endswith("Your partner said no: going out needs their permission.")
    # Pagat's final discard is optional: no card to discard does not stop the team.
    assert check_go_out(pagat, 1, books, card_to_discard=False).ok
    stuck = check_go_out(bicycle, 1, {"clean": 1, "dirty": 1}, card_to_discard=False)
    assert (stuck.ok, stuck.rule) == (False, "going_out.final_discard")
    # Books short are said first, whatever else is answered.
    short = check_go_out(pagat, 1, {"clean": 1}, partner_in_foot=False)
    assert short.rule == "going_out.books"


def test_a_game_played_alone_asks_no_partner(variants: dict[str, Variant]) -> None:
    assert going_out_asks(variants["simpson"]) == ["going_out.final_discard"]
    assert going_out_asks(variants["pagat-partnership"]) == ["going_out.partner_in_foot", "going_out.ask_partner"]


# Gaps `make mutants` found: changes of behaviour no test noticed.


def test_two_unfinished_wild_melds_are_one_too_many(pagat: Variant) -> None:
    verdict = check_opening(pagat, 1, ["2 2 JK", "JK JK 2"])
    assert (verdict.ok, verdict.rule) == (False, "melds.one_open_per_rank")
    assert verdict.reason.endswith("these are 2 unfinished wild melds.")


def test_melds_of_two_ranks_are_named_in_the_plural(pagat: Variant) -> None:
    assert (
        check_meld(pagat, "9 9 8").reason == "A meld holds natural cards of one rank; this one mixes eights and nines."
    )


def test_a_legal_meld_with_wild_cards_names_the_limit_that_allows_it(pagat: Variant, bicycle: Variant) -> None:
    assert check_meld(pagat, "9 9 9 2").rule == "melds.wild_ratio"
    # Bicycle sets no ratio and no cap: the four natural cards beside a wild card are its limit.
    assert check_meld(bicycle, "9 9 9 9 2").rule == "melds.min_naturals"
    assert check_meld(bicycle, "9 9 9 9 2 2 2").rule == "melds.min_naturals"


def test_a_first_meld_by_score_uses_the_teams_score(pagat: Variant) -> None:
    """Where the score sets the minimum, both the first-meld question and the pile question use it."""
    house = _house(pagat, opening={"by_score": [[0, 50], [2500, 90]]})
    assert check_opening(house, 1, ["A A A"], team_score=3000).minimum == 90
    assert check_opening(house, 1, ["A A A"]).minimum == 50
    pickup = check_pickup(house, "A", "A A", team_has_melded=False, round=1, team_score=3000)
    assert (pickup.ok, pickup.points, pickup.minimum) == (False, 60, 90)
    # A team whose red threes caught took it below 0 meets the first step, as at 0 (it raised StopIteration).
    assert check_opening(house, 2, ["A A A"], team_score=-300).minimum == 50


def test_opening_from_the_pile_where_only_a_player_in_the_foot_may_take_it(pagat: Variant) -> None:
    """The first-meld question does not ask where the player is: the pile's foot rule is the pile question's."""
    house = _house(pagat, pile={"only_from_foot": True})
    assert check_opening(house, 1, ["A A"], pile_top="A").ok
    assert not check_pickup(house, "A", "A A", playing_from_foot=False).ok
