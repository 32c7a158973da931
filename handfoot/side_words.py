"""How the scoring section and its worked round word the side that scores: a team ("its hands and feet") or a player
playing alone ("their hand and foot"), so that no page calls a player "it"."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from handfoot.variant import Variant
from handfoot.words import format_number


@dataclass(frozen=True)
class Side:
    """The words for whoever scores together under these rules."""

    noun: str  # "team" or "player"
    subject: str  # "it" or "they"
    owner: str  # "its" or "their"
    holdings: str  # "hands and feet" or "hand and foot"


def side(variant: Variant) -> Side:
    """A team where partners play together, else a player alone."""
    if variant["players.team_size"] > 1:
        return Side("team", "it", "its", "hands and feet")
    return Side("player", "they", "their", "hand and foot")


def scoring_sentence(variant: Variant) -> str:
    """What each side adds and subtracts at the end of a round."""
    who = side(variant)
    return (
        f"At the end of a round each {who.noun} adds {who.owner} bonuses and the value of every card {who.subject} "
        f"melded, books included, then subtracts the value of every card left in {who.owner} {who.holdings}."
    )


def worked_round_sentence(
    variant: Variant, *, books: str, melded_out: int, melded_short: int, red_three_laid: bool, hand: int, foot: int
) -> str:
    """Seed 000's side going out and seed 001's side B caught short, in these rules' values: which of the side's
    players holds what, and the red three in the unplayed foot named apart from the foot's card points."""
    who = side(variant)
    laid = " and one red three on the table" if red_three_laid else ""
    going = (
        f"Round 1. One {who.noun} goes out with exactly the books {who.subject} "
        f"{'needs' if who.noun == 'team' else 'need'} ({books}) and {format_number(melded_out)} points of melded cards."
    )
    caught = f"{format_number(hand)} points of cards"
    left_foot = f"a red three and {format_number(foot)} points of other cards"
    if who.noun == "team":
        short = (
            f"The other has one clean and one dirty book, {format_number(melded_short)} points of melded cards{laid}. "
            f"Then the round ends: one of its players is caught holding {caught}, and the other never reached their "
            f"foot, which holds {left_foot}."
        )
    else:
        short = (
            f"Another has one clean and one dirty book, {format_number(melded_short)} points of melded cards{laid}, "
            f"and is caught holding {caught} and a foot they never reached, which holds {left_foot}."
        )
    return f"{going} {short}"


def bonuses_alone_sentence(variant: Variant, *, red_threes: int, points: int) -> str:
    """Seed 001's side A: what its books, going-out bonus and red threes come to before its cards."""
    if not red_threes:
        return ""
    who = side(variant)
    return (
        f"With {red_threes} red threes on the table as well, the {who.noun} going out has {format_number(points)} "
        f"from {who.owner} books, the going-out bonus and {who.owner} red threes alone, before the cards."
    )


def caught_short_sentence(variant: Variant, cards: Mapping[str, Any]) -> str:
    """The worked round's side caught short, card by card: its melds with their points, and the hand it holds."""
    melds = [f"{meld['label']} ({meld['cards']}: {format_number(meld['points'])})" for meld in cards["melds"]]
    listed = melds[0] if len(melds) == 1 else ", ".join(melds[:-1]) + " and " + melds[-1]
    return (
        f"Card by card, the {side(variant).noun} caught short has melded {listed}, {format_number(cards['melded'])} "
        f"in all, and holds {cards['hand']} ({cards['hand_cards']}: {format_number(cards['hand_points'])})."
    )
