"""The rules of the stock running out, the red threes and the next round, as the simulator plays them: each value
plays as its rule page words it.

Each test sets a table up by hand from a dealt round, plays the turn or the round the rule governs, and checks the
simulator's move against the sentence handfoot writes for the page (rule_sentences), so the two cannot drift apart.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from sim_games import VARIANTS, assert_sound, watched_game

from handfoot import Variant
from handfoot.rule_sentences import rule_sentences
from handfoot.simulate import BOTS
from handfoot.simulate.game import deal, play_game
from handfoot.simulate.table import RoundTable
from handfoot.simulate.turn import STOCK_OUT, play_turn, supply

PAGAT = VARIANTS["pagat-partnership"]
BOT_SEATS = [BOTS["plain"]() for _ in range(4)]


def rules(**changes: object) -> Variant:
    return PAGAT.with_changes({path.replace("__", "."): value for path, value in changes.items()})


def dealt(variant: Variant, seed: str = "rules") -> RoundTable:
    table = deal(variant, 1, random.Random(seed), (0, 0))
    table.first = 1
    return table


def ids_of(table: RoundTable, wanted: str, count: int, *, avoid: set[int] | None = None) -> list[int]:
    """Card ids of ``count`` cards of a rank (or "red3"), taken from the stock (the hands keep theirs)."""
    avoid = avoid or set()
    found = []
    for card in table.stock:
        face = table.cards[card]
        matches = face.is_red_three if wanted == "red3" else face.rank == wanted and not face.is_wild
        if matches and card not in avoid:
            found.append(card)
        if len(found) == count:
            return found
    raise AssertionError(f"no {count} {wanted} in the stock")


def move(table: RoundTable, cards: list[int], onto: list[int]) -> None:
    for card in cards:
        table.stock.remove(card)
    onto.extend(cards)


def words(variant: Variant, key: str) -> str:
    return rule_sentences(variant)[key]


# round_end.stock_runs_out: a stock too short for the draw, and a pile the player could take.


def pile_to_take(variant: Variant, *, stock_left: int | None = None, red_three: bool = False) -> RoundTable:
    """Seat 1's turn: the pile holds seven cards (a red three at the bottom, if asked) under a king, seat 1 holds a
    natural pair of kings, and its team has melded already; the stock keeps ``stock_left`` cards (all if None)."""
    table = dealt(variant)
    seat = 1
    kings = ids_of(table, "K", 3)
    table.pile[:] = []
    if red_three:
        move(table, ids_of(table, "red3", 1), table.pile)
    fillers = [card for card in table.stock if table.cards[card].rank in ("5", "6", "7", "8")]
    move(table, fillers[: 6 - len(table.pile)], table.pile)
    move(table, kings[:1], table.pile)
    hand = table.seats[seat].hand
    hand[:] = [card for card in hand if table.cards[card].rank != "K" and not table.cards[card].is_red_three]
    move(table, kings[1:], hand)
    table.teams[table.team_of(seat)].opened = True
    if stock_left is not None:
        table.stock[:] = table.stock[len(table.stock) - stock_left :]
    return table


def test_at_draw_the_pile_may_still_be_taken_as_the_page_says() -> None:
    variant = rules(round_end__stock_runs_out="at_draw")
    assert "you may still take the discard pile if you can; otherwise the round ends" in words(
        variant, "round_end.stock_out"
    )
    table = pile_to_take(variant, stock_left=1)
    before = len(table.pile)
    play_turn(table, 1, BOT_SEATS)
    assert table.ended == "", "the player took the pile instead of drawing, so the stock has not run out"
    assert len(table.pile) == 1, f"the pile of {before} was taken and one card discarded on it"


def test_at_turn_start_the_round_ends_before_the_pile_can_be_taken_as_the_page_says() -> None:
    variant = rules(round_end__stock_runs_out="at_turn_start")
    assert "the round ends as your turn starts, before you could take the discard pile instead" in words(
        variant, "round_end.stock_out"
    )
    table = pile_to_take(variant, stock_left=1)
    pile = list(table.pile)
    play_turn(table, 1, BOT_SEATS)
    assert table.ended == STOCK_OUT
    assert table.pile == pile, "nobody took the pile"


@pytest.mark.parametrize("when", ["at_draw", "at_turn_start"])
def test_a_red_threes_replacement_the_stock_cannot_supply_ends_the_round(when: str) -> None:
    variant = rules(round_end__stock_runs_out=when)
    assert (
        "A red three's replacement counts as a draw: a red three the stock cannot replace stays on the table and "
        "scores as laid down" in words(variant, "round_end.stock_out")
    )
    table = dealt(variant)
    red = ids_of(table, "red3", 1)[0]
    plain = next(card for card in table.stock if table.cards[card].rank == "5")
    table.stock[:] = [red, plain]  # exactly the two cards of the draw, the top one last
    table.pile[:] = []  # nothing to take instead
    play_turn(table, 1, BOT_SEATS)
    assert table.ended == STOCK_OUT
    assert red in table.teams[table.team_of(1)].red_threes


# round_end.reshuffle_stock_left: the cards still in the stock when the pile makes a new stock.


@pytest.mark.parametrize("left", ["shuffled_in", "drawn_first"])
def test_the_cards_left_in_the_stock_go_where_the_page_says(left: str) -> None:
    variant = rules(round_end__stock_out="reshuffle", round_end__reshuffle_stock_left=left)
    sentence = words(variant, "round_end.stock_out")
    expected = {
        "shuffled_in": "with the cards still in the stock shuffled in",
        "drawn_first": "the cards still in the stock go on top of it, to be drawn first",
    }
    assert expected[left] in sentence
    kept_top_first = 0
    for seed in range(20):
        table = dealt(variant, f"reshuffle-{seed}")
        stock = table.stock[-1:]
        move(table, table.stock[:30], table.pile)
        table.stock[:] = stock
        top = table.pile[-1]
        assert supply(table, 2)
        assert table.pile == [top]
        assert len(table.stock) == 31  # the upcard and 30 more under the top, and the one card left
        kept_top_first += table.stock[-1] == stock[0]
    if left == "drawn_first":
        assert kept_top_first == 20
    else:
        assert kept_top_first < 5, "the stock's own card is shuffled in, not always on top"


def test_a_pile_too_small_for_a_new_stock_ends_the_round_as_the_page_says() -> None:
    variant = rules(round_end__stock_out="reshuffle")
    assert "if even that cannot supply the cards, the round ends with no going-out bonus" in words(
        variant, "round_end.stock_out"
    )
    table = dealt(variant)
    table.stock[:] = []
    table.pile[:] = table.pile[-1:]
    assert not supply(table, 2)
    assert table.ended == STOCK_OUT


# turn.red_threes_dealt: when the red threes of a hand as dealt go down.


def red_threes_in_hands(table: RoundTable) -> list[int]:
    return [seat for seat, player in enumerate(table.seats) if any(table.cards[c].is_red_three for c in player.hand)]


def first_turns(variant: Variant, seed: str) -> Iterator[tuple[int, list[int]]]:
    """Each table turn of round 1 until every player has played once, with the seats still holding a red three."""
    seen: list[tuple[int, list[int]]] = []

    def watch(table: RoundTable) -> None:
        if table.round_number == 1 and table.turn <= len(table.seats):
            seen.append((table.turn, red_threes_in_hands(table)))

    play_game(variant, seed, watch=watch)
    return iter(seen)


def test_before_play_no_dealt_red_three_is_left_when_the_first_turn_starts() -> None:
    sentence = words(PAGAT, "turn.red_threes_dealt")
    assert sentence.startswith("Red threes in a hand as dealt go down once the upcard is turned, before the first turn")
    for turn, holding in first_turns(PAGAT, "dealt-reds"):
        assert holding == [], f"turn {turn}"


def test_on_their_own_turn_each_player_lays_down_the_red_threes_dealt_to_them() -> None:
    variant = rules(turn__red_threes_dealt="own_turn")
    assert "go down at the start of that player's first turn" in words(variant, "turn.red_threes_dealt")
    seeds = (f"own-turn-{n}" for n in range(20))
    turns = next(turns for seed in seeds if (turns := list(first_turns(variant, seed)))[0][1])
    _, holding = turns[0]
    assert holding, "some player is dealt a red three and holds it before play"
    first = 1
    for turn, still in turns[1:]:
        played = {(first + n) % 4 for n in range(turn)}
        assert not played & set(still), f"turn {turn}: a player who has played still holds a red three"


# pile.red_three_taken: a red first upcard left on the pile, taken with it.


@pytest.mark.parametrize("replaced", ["replaced", "not_replaced"])
def test_a_red_three_taken_with_the_pile_is_laid_down_as_the_page_says(replaced: str) -> None:
    variant = rules(deal__upcard_buried=["two", "joker"], pile__red_three_taken=replaced)
    sentence = words(variant, "pile.red_three_taken")
    assert sentence.endswith(
        "draws a replacement from the stock." if replaced == "replaced" else "draws no replacement."
    )
    assert words(PAGAT, "pile.red_three_taken") == "", "Pagat buries a red first upcard: no red three reaches the pile"
    table = pile_to_take(variant, red_three=True)
    red = table.pile[0]
    assert table.cards[red].is_red_three
    before = len(table.stock)
    play_turn(table, 1, BOT_SEATS)
    assert len(table.pile) == 1, "the pile was taken"
    assert red in table.teams[table.team_of(1)].red_threes
    assert before - len(table.stock) == (1 if replaced == "replaced" else 0)


# turn.next_round: who plays first in each round.


def last_tables(variant: Variant, seed: str) -> dict[int, RoundTable]:
    """Each round's table as it ended, by round number."""
    tables: dict[int, RoundTable] = {}

    def keep(table: RoundTable) -> None:
        tables[table.round_number] = table

    play_game(variant, seed, watch=keep)
    return tables


@pytest.mark.parametrize("variant_id", ["pagat-partnership", "simpson"])
@pytest.mark.parametrize("next_round", ["left", "went_out"])
def test_each_round_starts_where_the_page_says(variant_id: str, next_round: str) -> None:
    variant = VARIANTS[variant_id].with_changes({"turn.next_round": next_round})
    sentence = words(variant, "turn.first_player")
    dealt_game = variant["turn.first_player"] != "agreed"
    if next_round == "left":
        assert sentence.endswith(f"the {'deal' if dealt_game else 'first turn'} passes one seat to the left.")
    else:
        assert f"The player who went out {'deals the next round' if dealt_game else 'plays first'}" in sentence
    checked = 0
    for seed in range(12):
        seen = watched_game(variant, f"next-{seed}")
        assert_sound(variant, seen)
        tables = last_tables(variant, f"next-{seed}")
        for number in range(2, len(tables) + 1):
            before, now = tables[number - 1], tables[number]
            if next_round == "went_out" and before.went_out_by is not None:
                expected = (before.went_out_by + dealt_game) % len(now.seats)
                checked += 1
            else:
                expected = (before.first + 1) % len(now.seats)
            assert now.first == expected, (seed, number)
        assert tables[1].first == 1
    if next_round == "went_out":
        assert checked, "no round went out, so the rule was never tried"
