# What the simulator decides that no rule of the variant decides, each named here with the reason it is a matter of
# simulation only: a choice the rules leave to the players (which partner deals the hands), chance that is not a rule
# (where a buried card goes, how often a cut is exact), or a stop a table would never need. No other module of the
# simulator decides a question of the rules on its own. GAPS lists these decisions.
from __future__ import annotations

from dataclasses import dataclass
from random import Random


@dataclass(frozen=True)
class Gap:
    """A decision of simulation only: ``key`` names the constant or function below, ``decision`` says in one line
    what the simulator does, ``why`` why no table would need it as a rule, and ``rules`` names the spec paths nearest
    to it."""

    key: str
    decision: str
    why: str
    rules: tuple[str, ...] = ()


# The deal.

FIRST_DEALER = 0
"""The seat that deals the first round (the sources draw for it); where nobody deals, the players agree who starts,
taken as the seat to its left."""

HANDS_DEALT_BY_DEALER = True
"""Under turn.first_player "hand_dealer_left" the partner whose turn it is to deal deals the hands."""


def bury_place(stock_size: int, rng: Random) -> int:
    """Where a buried upcard goes in the stock: a random place (top excluded), drawn from the round's seeded shuffle."""
    return rng.randrange(stock_size) if stock_size else 0


EXACT_CUT_CHANCE = 0.15
"""Where players cut their own hand and foot, the chance that one cuts exactly the right number of cards."""

# Stops.

TURN_LIMIT = 1000
"""A round still going after this many turns ends without a going-out bonus, counted apart as a turn limit."""

ROUND_LIMIT = 40
"""A game played to a target score stops after this many rounds if no team has reached it."""

# House books.

HOUSE_BOOKS_NEVER_MADE = True
"""What a house book (books.extra) may hold is the table's own rule, which the variant data does not give: the
simulator makes none, so a round that needs one can end only when the stock runs out."""


GAPS: tuple[Gap, ...] = (
    Gap(
        "FIRST_DEALER",
        "The same seat deals the first round of every game.",
        "Who deals first is drawn or agreed at the table; which seat it is changes nothing in the rules.",
        ("turn.first_player",),
    ),
    Gap(
        "HANDS_DEALT_BY_DEALER",
        "Where partners split the deal, the one whose turn it is to deal deals the hands.",
        "The sources leave it to the partners which of them deals the hands; either is within the rules.",
        ("turn.first_player", "turn.next_round"),
    ),
    Gap(
        "bury_place",
        "A buried upcard goes to a random place in the stock.",
        "Burying is the rule; where the card ends up in the stock is chance, as at a table.",
        ("deal.upcard_buried",),
    ),
    Gap(
        "EXACT_CUT_CHANCE",
        "A player cuts exactly a hand and a foot 15% of the time.",
        "How often a cut is exact is a player's knack, not a rule; the bonus for it is the rule.",
        ("deal.exact_cut_bonus",),
    ),
    Gap(
        "TURN_LIMIT",
        f"A round ends after {TURN_LIMIT} turns, without a going-out bonus.",
        "A safety stop for bots: a table's stock runs out long before.",
        ("round_end.stock_out",),
    ),
    Gap(
        "ROUND_LIMIT",
        f"A game to a target score stops after {ROUND_LIMIT} rounds.",
        "A safety stop for bots: a table stops when it likes.",
        ("rounds.target_score",),
    ),
    Gap(
        "HOUSE_BOOKS_NEVER_MADE",
        "No house book is ever made: what it may hold is the table's own rule.",
        "The table that adds a house book says what it holds; the variant data does not, so bots cannot make one.",
        ("books.extra", "going_out.books"),
    ),
)
