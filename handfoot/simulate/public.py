# What a player at the table may see, as the table bot reads it: its own hand, every meld on the table, the discards,
# how many cards each player holds, who plays from the foot, and the stock's size. Nothing here reads another
# player's cards, a foot's cards or the stock's order.
from __future__ import annotations

from collections.abc import Sequence

from handfoot.simulate import legal
from handfoot.simulate.bots import meld_rank
from handfoot.simulate.planner import Meld
from handfoot.simulate.table import RoundTable


def _unfinished(table: RoundTable, meld: list[int]) -> bool:
    return bool(table.variant["melds.grow_past_book"]) or len(meld) < table.variant["melds.book_size"]


def open_melds(table: RoundTable, seat: int) -> list[list[int]]:
    """The side's melds that still take cards."""
    return [meld for meld in table.teams[table.team_of(seat)].melds if _unfinished(table, meld)]


def planner_melds(table: RoundTable, seat: int) -> list[Meld]:
    """The side's melds that still take cards, as the planner counts them."""
    melds = []
    for index, meld in enumerate(table.teams[table.team_of(seat)].melds):
        if _unfinished(table, meld):
            wilds = sum(1 for card in meld if table.cards[card].is_wild)
            melds.append(Meld(index, meld_rank(table, meld), len(meld) - wilds, wilds))
    return melds


def melds_books(table: RoundTable, melds: Sequence[Sequence[int]]) -> dict[str, int]:
    """Books by kind among these melds, as legal.book_counts counts them, from the table's wild flags."""
    variant = table.variant
    kinds = ["clean", "dirty", *(["wild"] if variant.has_wild_book else []), *(b.id for b in variant["books.extra"])]
    counts = dict.fromkeys(kinds, 0)
    book: int = variant["melds.book_size"]
    wild = table.wild or tuple(card.is_wild for card in table.cards)
    for meld in melds:
        if len(meld) >= book:
            wilds = sum(wild[card] for card in meld)
            counts["clean" if not wilds else "wild" if wilds == len(meld) else "dirty"] += 1
    return counts


def melds_short(table: RoundTable, melds: Sequence[Sequence[int]]) -> dict[str, int]:
    """The books of each kind a side with these melds still lacks to go out."""
    return legal.books_short(table.variant, table.round_number, melds_books(table, melds))


def book_counts(table: RoundTable, seat: int) -> dict[str, int]:
    """The side's books on the table, by kind."""
    return melds_books(table, table.teams[table.team_of(seat)].melds)


def books_short(table: RoundTable, seat: int) -> dict[str, int]:
    """The books of each kind the side still lacks to go out."""
    return melds_short(table, table.teams[table.team_of(seat)].melds)


def dead_ranks(table: RoundTable, seat: int) -> set[str]:
    """The ranks the side has booked and has no unfinished meld of: no meld of the side takes their cards."""
    booked: set[str] = set()
    open_ranks: set[str] = set()
    for meld in table.teams[table.team_of(seat)].melds:
        (open_ranks if _unfinished(table, meld) else booked).add(meld_rank(table, meld))
    return booked - open_ranks


def dead(table: RoundTable, card_id: int, ranks: set[str]) -> bool:
    """A card no meld of the side can take: a three, or a natural card of one of the side's ``dead_ranks``."""
    card = table.cards[card_id]
    return card.is_three or (not card.is_wild and card.rank in ranks)


def partners_ready(table: RoundTable, seat: int) -> bool:
    """Whether the partners have played from their feet, where going out asks it."""
    if not table.variant["going_out.partner_in_foot"]:
        return True
    return all(table.seats[other].played_from_foot for other in table.partners(seat))


def opponents_near_out(table: RoundTable, seat: int) -> bool:
    """Whether an opponent plays from the foot with the books of their side down: they may go out any turn."""
    mine = table.team_of(seat)
    for other, player in enumerate(table.seats):
        if table.team_of(other) != mine and player.in_foot and not books_short(table, other):
            return True
    return False


def pairs_take_wilds(table: RoundTable) -> bool:
    """Whether a pair and a wild card may make a meld under these rules."""
    variant = table.variant
    return bool(variant["melds.min_naturals"] < variant["melds.min_size"])


def stock_low(table: RoundTable) -> bool:
    """Whether the stock holds fewer cards than two more rounds of draws round the table."""
    draw: int = table.variant["turn.draw"]
    return len(table.stock) < 2 * len(table.seats) * draw


def held_cost(table: RoundTable, seat: int) -> int:
    """What the cards in the player's hand would cost the side if the round ended now: their points, and the
    penalty of a red three held."""
    cost = 0
    for card in table.seats[seat].hand:
        cost += table.values[card]
        if table.cards[card].is_red_three:
            cost -= table.variant["threes.red_caught"]
    return cost
