# Every legality question the simulator asks, answered by handfoot's own checks (the rule helper's), so that the
# simulator and the helper can never disagree. Bots ask here before they move; the turn asks again before it applies.
from __future__ import annotations

from collections.abc import Mapping, Sequence

from handfoot.cards import Card
from handfoot.rules import (
    Verdict,
    _one_open_per_rank,
    books_toward_going_out,
    go_out_verdict,
    meld_verdict,
    opening_verdict,
    pickup_verdict,
)
from handfoot.variant import Variant


def meld_ok(variant: Variant, cards: Sequence[Card]) -> bool:
    """May these cards lie on the table as one meld (size, book cap, wild limits, wild melds, no threes)?"""
    return meld_verdict(variant, cards).ok


def melds_ok(variant: Variant, laid: Sequence[Sequence[Card]], unfinished: Sequence[Sequence[Card]]) -> Verdict | None:
    """None when the melds just started or added to (``laid``) are legal and the team's ``unfinished`` melds (those
    short of a book, after the lays) keep to one of a rank where the rules say so; else the verdict against them."""
    for meld in laid:
        verdict = meld_verdict(variant, meld)
        if not verdict:
            return verdict
    return _one_open_per_rank(variant, unfinished)


def opening_ok(
    variant: Variant, round_number: int, melds: Sequence[Sequence[Card]], *, pile_top: Card | None, team_score: int
) -> Verdict:
    """Is this a team's legal first meld of the round (with the pile's top card, for a pickup)?"""
    return opening_verdict(
        variant, round_number, [list(meld) for meld in melds], pile_top=pile_top, team_score=team_score
    )


def pickup_ok(
    variant: Variant,
    top: Card,
    held: Sequence[Card],
    *,
    team_has_melded: bool,
    playing_from_foot: bool,
    round_number: int,
    team_score: int,
) -> Verdict:
    """May a player take the pile with ``held`` (the cards from the hand melded with the top card)?"""
    return pickup_verdict(
        variant,
        top,
        held,
        team_has_melded=team_has_melded,
        playing_from_foot=playing_from_foot,
        round=round_number,
        team_score=team_score,
    )


def book_kind(variant: Variant, meld: Sequence[Card]) -> str | None:
    """The kind of book a meld is (clean, dirty or wild), or None while it is shorter than a book."""
    if len(meld) < variant["melds.book_size"]:
        return None
    wilds = sum(1 for card in meld if card.is_wild)
    return "clean" if not wilds else "wild" if wilds == len(meld) else "dirty"


def book_counts(variant: Variant, melds: Sequence[Sequence[Card]]) -> dict[str, int]:
    """The team's books by kind, every kind of the variant present (0 where none)."""
    counts = {kind.id: 0 for kind in variant.book_kinds}
    for meld in melds:
        kind = book_kind(variant, meld)
        if kind is not None:
            counts[kind] += 1
    return counts


def books_short(variant: Variant, round_number: int, books: Mapping[str, int]) -> dict[str, int]:
    """The books of each kind a team still lacks to go out, as going out counts them."""
    counted = books_toward_going_out(variant, round_number, books)
    needed = variant.books_to_go_out(round_number)
    return {kind: count - counted.get(kind, 0) for kind, count in needed.items() if counted.get(kind, 0) < count}


def go_out_ok(
    variant: Variant,
    round_number: int,
    books: Mapping[str, int],
    *,
    partner_in_foot: bool,
    partner_agrees: bool,
    card_to_discard: bool,
) -> Verdict:
    """May the team go out with these books, given the answers going out asks for?"""
    answers = {"partner_in_foot": partner_in_foot, "partner_agrees": partner_agrees, "card_to_discard": card_to_discard}
    return go_out_verdict(variant, round_number, books, answers)
