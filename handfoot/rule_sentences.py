"""Sentences a rule page prints for a rule whose choice changes what the table does, worded once for every page.

The rule page, its print sheet and the configurator's preview print them as they are; a template only places them.
"""

from __future__ import annotations

from handfoot.variant import Variant
from handfoot.words import format_number


def deal_sentence(variant: Variant) -> str:
    """How the hands and feet reach the players, by ``deal.method``, with the counts of these rules."""
    hand, foot, players = variant["deal.hand_size"], variant["deal.foot_size"], variant["players.count"]
    method = variant["deal.method"]
    if method == "dealt" and variant["turn.first_player"] == "hand_dealer_left":
        text = (
            f"The first dealer is drawn by lot. Partners split the deal: one deals the hands, {players} face-down "
            f"piles of {hand} cards, one to each player going clockwise; the other deals the feet the same way, and "
            "the feet wait face down."
        )
    elif method == "dealt":
        text = f"One player deals: each player gets a hand of {hand} cards, then a foot of {foot} cards face down."
    elif method == "self_cut":
        text = (
            f"Nobody deals: each player cuts about {hand + foot} cards from the stock and counts them into a hand "
            "and a foot, taking more or putting some back until the count is right."
        )
    else:
        text = (
            "Nobody deals. The stock lies in two piles with the discard pile between them. Each player cuts about "
            f"{hand + foot} cards from either pile and counts them into two piles of {hand} and {foot}, taking more "
            "or putting some back until the count is right. You keep the left pile as your hand and pass the right "
            "pile to the player on your right, whose foot it is."
        )
    bonus = variant["deal.exact_cut_bonus"]
    if bonus:
        text += f" A player who cuts exactly {hand + foot} cards on the first try scores {format_number(bonus)}."
    return text


def book_marking_sentence(variant: Variant) -> str:
    """How a finished book shows its kind, by ``melds.book_marking``, naming a wild book only where these rules
    score one."""
    if variant["melds.book_marking"] == "top_card":
        wild = (
            ", and a joker on top of a wild one (a two if it holds no joker)"
            if variant["books.wild"] is not None
            else ""
        )
        marks = f"a red card on top of a clean book, a black card on top of a dirty one{wild}"
    else:
        marks = "a red card on top of a clean book, and one wild card turned in a dirty one"
    return f"Square up each finished book so that its kind shows: {marks}."


def rule_sentences(variant: Variant) -> dict[str, str]:
    """The sentences by the rule they word, for the page's data."""
    return {"deal.method": deal_sentence(variant), "melds.book_marking": book_marking_sentence(variant)}
