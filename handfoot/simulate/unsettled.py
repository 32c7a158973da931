# Situations the rules (the variant data) do not settle, and how the simulator decides each one. Every such decision
# lives here, named, so that it can become a rule of the variant with its provenance; no other module of the
# simulator decides a rule question on its own. GAPS lists them for a page or a report.
from __future__ import annotations

from dataclasses import dataclass
from random import Random


@dataclass(frozen=True)
class Gap:
    """A situation no rule settles: ``key`` names the constant or function below, ``decision`` says in one line what
    the simulator does, and ``rules`` names the spec paths nearest to it (where a rule could settle it)."""

    key: str
    decision: str
    rules: tuple[str, ...] = ()


# The deal.

HANDS_DEALT_BY_DEALER = True
"""Under turn.first_player "hand_dealer_left" the partner who deals the hands is the round's dealer."""

AGREED_FIRST_PLAYER_MOVES_LEFT = True
"""Where nobody deals (turn.first_player "agreed"), the player who starts moves one seat to the left each round."""


def bury_place(stock_size: int, rng: Random) -> int:
    """Where a buried upcard goes in the stock: a random place (top excluded), drawn from the round's seeded shuffle."""
    return rng.randrange(stock_size) if stock_size else 0


EXACT_CUT_CHANCE = 0.15
"""Where players cut their own hand and foot, the chance that one cuts exactly the right number of cards."""

RED_THREES_DEALT_LAID_BEFORE_PLAY = True
"""Red threes dealt in a hand are laid down before the first turn, player by player in turn order, and replaced."""

RED_THREE_IN_PILE_LAID_BY_TAKER = True
"""A red three under the top of a pile someone takes (an upcard the rules did not bury) is laid down by the taker
and replaced from the stock, like a red three found anywhere else."""

# Drawing and the stock.

PILE_TAKEN_WHEN_STOCK_SHORT = True
"""A player who faces a stock too short to draw from may still take the pile: the round ends only when they must
draw."""

REPLACEMENT_SHORT_ENDS_ROUND = True
"""A red three's replacement the stock cannot supply ends the round as a draw the stock cannot supply would."""

RESHUFFLE_WITH_STOCK_LEFT = True
"""Under round_end.stock_out "reshuffle", the few cards still in the stock are shuffled in with the pile's cards."""

RESHUFFLE_KEEPS_TOP = True
"""Under round_end.stock_out "reshuffle", when the pile under its top card and the stock together cannot supply the
draw either, the round ends as a stock-out (no going-out bonus)."""

TURN_LIMIT = 1000
"""A round still going after this many turns ends without a going-out bonus, counted apart as a turn limit."""

ROUND_LIMIT = 40
"""A game played to a target score stops after this many rounds if no team has reached it."""

# The discard pile.

PICKUP_MELD_COMPLETED_FROM_HAND = True
"""When the top card and the natural cards the pile needs are fewer than a meld needs (pile.cards_needed 1), the
taker completes the meld at once from the hand (more natural cards, or a wild card where the limits allow it); when
that cannot be done, the pile cannot be taken."""

PICKUP_BEFORE_FIRST_MELD_IS_NOT_THE_FIRST_MELD = True
"""Where a team that has not melded takes the pile with the cards the pile needs alone (pile.needs_team_meld false),
that meld lies on the table but is not the team's first meld: its first meld from the hand must still reach the
minimum, and until then the team adds nothing to any meld."""

# The first meld.


def ladder_score(team_score: int) -> int:
    """The score a first-meld minimum set by score (opening.by_score) is looked up with: a total below 0 takes the
    first step, as a total of 0 does (the ladder starts at 0 and says nothing of a team below it)."""
    return max(team_score, 0)


# The foot and going out.

MELD_OUT_WITHOUT_CONTINUING_ENDS_TURN = True
"""Where a player who melds the whole hand picks up the foot only on the next turn, that turn ends without a
discard."""

PLAYED_FROM_FOOT_AT_TURN_END = True
"""A player has played from the foot (going_out.partner_in_foot) once a turn ends with the foot picked up."""

EVERY_PARTNER_ASKED = True
"""With teams of three or more, the player going out asks every partner, and every one must say yes."""

BLACK_THREES_OUT_ONLY_WHEN_SCORED = True
"""Black threes are laid down with the last cards only where threes.black_out gives them a value other than 0."""

HOUSE_BOOKS_NEVER_MADE = True
"""What a house book (books.extra) may hold is the table's own rule, which the variant data does not give: the
simulator makes none, so a round that needs one can end only when the stock runs out."""


GAPS: tuple[Gap, ...] = (
    Gap("HANDS_DEALT_BY_DEALER", "The partner who deals the hands is the round's dealer.", ("turn.first_player",)),
    Gap(
        "AGREED_FIRST_PLAYER_MOVES_LEFT",
        "Where nobody deals, the first player moves one seat left each round.",
        ("turn.first_player",),
    ),
    Gap("bury_place", "A buried upcard goes to a random place in the stock.", ("deal.upcard_buried",)),
    Gap("EXACT_CUT_CHANCE", "A player cuts exactly a hand and a foot 15% of the time.", ("deal.exact_cut_bonus",)),
    Gap(
        "RED_THREES_DEALT_LAID_BEFORE_PLAY",
        "Red threes dealt are laid down and replaced before the first turn, in turn order.",
        ("threes.red_laid_down",),
    ),
    Gap(
        "RED_THREE_IN_PILE_LAID_BY_TAKER",
        "A red three taken with the pile is laid down by the taker and replaced.",
        ("threes.red_laid_down", "deal.upcard_buried"),
    ),
    Gap(
        "PILE_TAKEN_WHEN_STOCK_SHORT",
        "A player facing a short stock may still take the pile instead of drawing.",
        ("round_end.stock_out",),
    ),
    Gap(
        "REPLACEMENT_SHORT_ENDS_ROUND",
        "A red three's replacement the stock cannot supply ends the round as a stock-out.",
        ("round_end.stock_out", "threes.red_laid_down"),
    ),
    Gap(
        "RESHUFFLE_WITH_STOCK_LEFT",
        "Under reshuffle, the cards left in the stock are shuffled in with the pile's.",
        ("round_end.stock_out",),
    ),
    Gap(
        "RESHUFFLE_KEEPS_TOP",
        "Under reshuffle, a pile too small to make a new stock ends the round as a stock-out.",
        ("round_end.stock_out",),
    ),
    Gap("TURN_LIMIT", f"A round ends after {TURN_LIMIT} turns, without a going-out bonus.", ("round_end.stock_out",)),
    Gap("ROUND_LIMIT", f"A game to a target score stops after {ROUND_LIMIT} rounds.", ("rounds.target_score",)),
    Gap(
        "PICKUP_MELD_COMPLETED_FROM_HAND",
        "A pickup meld shorter than a meld is completed from the hand at once, or the pile is not taken.",
        ("pile.cards_needed", "melds.min_size"),
    ),
    Gap(
        "PICKUP_BEFORE_FIRST_MELD_IS_NOT_THE_FIRST_MELD",
        "A pickup before the first meld (where allowed) is not the first meld: the minimum still applies.",
        ("pile.needs_team_meld", "opening.minimums"),
    ),
    Gap(
        "ladder_score",
        "A team below 0 takes the first step of a first-meld minimum set by score.",
        ("opening.by_score",),
    ),
    Gap(
        "MELD_OUT_WITHOUT_CONTINUING_ENDS_TURN",
        "Melding the whole hand where the foot waits a turn ends the turn without a discard.",
        ("foot.continue_when_melded_out",),
    ),
    Gap(
        "PLAYED_FROM_FOOT_AT_TURN_END",
        "A player has played from the foot once a turn ends with the foot picked up.",
        ("going_out.partner_in_foot",),
    ),
    Gap(
        "EVERY_PARTNER_ASKED",
        "With teams of three or more, every partner is asked and all must agree.",
        ("going_out.ask_partner",),
    ),
    Gap(
        "BLACK_THREES_OUT_ONLY_WHEN_SCORED",
        "Black threes go down with the last cards only where threes.black_out is not 0.",
        ("threes.black_out",),
    ),
    Gap(
        "HOUSE_BOOKS_NEVER_MADE",
        "No house book is ever made: what it may hold is the table's own rule.",
        ("books.extra", "going_out.books"),
    ),
)
