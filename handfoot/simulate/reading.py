# Reading a team's round off the table: the tally a score sheet would hold (for handfoot.score_round), and the same
# round added up directly from the cards, a second and independent reckoning the tests hold score_round to.
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from handfoot.cards import Card
from handfoot.simulate import legal
from handfoot.simulate.table import RoundTable
from handfoot.values import high_ranks, low_ranks
from handfoot.variant import Variant


def card_group(variant: Variant, card: Card) -> str | None:
    """The score sheet's count group of a card (jokers, twos, aces, high, low, black_threes); None for a red three."""
    if card.is_joker:
        return "jokers"
    if card.rank == "2":
        return "twos"
    if card.rank == "A":
        return "aces"
    if card.is_black_three:
        return "black_threes"
    if card.rank in low_ranks(variant):
        return "low"
    if card.rank in high_ranks(variant):
        return "high"
    return None


def _counts(variant: Variant, cards: list[Card]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for card in cards:
        group = card_group(variant, card)
        if group is not None:
            counts[group] = counts.get(group, 0) + 1
    return counts


def _held_ids(table: RoundTable, team: int) -> tuple[list[int], list[int]]:
    """The team's cards still held when the round ends: in hands, and in feet nobody picked up."""
    hands: list[int] = []
    feet: list[int] = []
    for number, seat in enumerate(table.seats):
        if table.team_of(number) == team:
            hands.extend(seat.hand)
            feet.extend(seat.foot or ())
    return hands, feet


def _held(table: RoundTable, team: int) -> tuple[list[Card], list[Card]]:
    hands, feet = _held_ids(table, team)
    return [table.cards[c] for c in hands], [table.cards[c] for c in feet]


def read_tally(table: RoundTable, team: int) -> dict[str, Any]:
    """The team's tally for ``handfoot.score_round``, read from the table at the end of the round."""
    variant, side = table.variant, table.teams[team]
    books = legal.book_counts(variant, [[table.cards[c] for c in meld] for meld in side.melds])
    hands, feet = _held(table, team)
    melded = [table.cards[c] for meld in side.melds for c in meld]
    tally: dict[str, Any] = {
        "round": table.round_number,
        **{f"{kind}_books": count for kind, count in books.items()},
        "red_threes": len(side.red_threes),
        "red_threes_caught": sum(1 for card in hands + feet if card.is_red_three),
        "melded": _counts(variant, melded),
        "left": _counts(variant, hands + feet),
        "went_out": table.went_out == team,
    }
    in_foot = sum(1 for card in feet if card.is_red_three)
    if in_foot:
        tally["red_threes_caught_in_foot"] = in_foot
    black_in_foot = sum(1 for card in feet if card.is_black_three)
    if black_in_foot and variant["threes.black_caught_in_foot"] is not None:
        tally["black_threes_caught_in_foot"] = black_in_foot
    if side.exact_cuts:
        tally["exact_cuts"] = side.exact_cuts
    if side.black_threes_out:
        tally["black_threes_out"] = len(side.black_threes_out)
    return tally


@dataclass(frozen=True)
class Breakdown:
    """Where a team's round points come from, added up from the cards on the table and in hand."""

    books: int
    cards_melded: int
    red_threes: int
    going_out: int
    cards_left: int  # points lost to cards left in hand and foot (0 or less), black threes included
    other: int  # exact cuts, black threes laid down going out

    @property
    def total(self) -> int:
        return self.books + self.cards_melded + self.red_threes + self.going_out + self.cards_left + self.other


def add_up(table: RoundTable, team: int) -> Breakdown:
    """The team's round score worked out from the table by this module's own arithmetic (not score_round's)."""
    variant, side = table.variant, table.teams[team]
    went_out = table.went_out == team
    kinds = {kind.id: kind.value for kind in variant.book_kinds}
    books = 0
    for meld in side.melds:
        kind = legal.book_kind(variant, [table.cards[c] for c in meld])
        books += kinds[kind] if kind else 0
    hands, feet = _held(table, team)
    laid_value = variant["threes.red_laid"]
    if not went_out and variant["threes.red_laid_not_out"] is not None:
        laid_value = variant["threes.red_laid_not_out"]
    caught = variant["threes.red_caught"]
    caught_foot = caught if variant["threes.red_caught_in_foot"] is None else variant["threes.red_caught_in_foot"]
    reds = (
        len(side.red_threes) * laid_value
        + sum(1 for card in hands if card.is_red_three) * caught
        + sum(1 for card in feet if card.is_red_three) * caught_foot
    )
    black_foot = variant["threes.black_caught_in_foot"]
    hand_ids, foot_ids = _held_ids(table, team)
    left = -sum(table.values[c] for c in hand_ids)
    for c in foot_ids:
        priced_apart = black_foot is not None and table.cards[c].is_black_three
        left += black_foot if priced_apart else -table.values[c]
    other = side.exact_cuts * variant["deal.exact_cut_bonus"] + len(side.black_threes_out) * variant["threes.black_out"]
    return Breakdown(
        books=books,
        cards_melded=sum(table.values[c] for meld in side.melds for c in meld),
        red_threes=reds,
        going_out=variant.going_out_bonus(table.round_number) if went_out else 0,
        cards_left=left,
        other=other,
    )
