# The score sheet a variant asks for, as JSON-ready data for the score keeper and the configurator: the fields of a
# team's round, the kinds of book, the card-count groups, the teams and the rounds. The browser draws its forms from
# this; it holds no rule words, rule numbers or card groups of its own.
from __future__ import annotations

import dataclasses
from typing import Any

from handfoot.arising import ruled_out
from handfoot.helper_words import helper_words
from handfoot.rules import going_out_asks
from handfoot.scoring import MELDED_GROUPS, group_limits
from handfoot.spec import FIELDS
from handfoot.table_questions import table_questions
from handfoot.tally import TALLY_BY_KEY
from handfoot.values import COUNT_GROUPS, group_labels
from handfoot.variant import Variant
from handfoot.words import asking, format_number, possessive, whole_number_words

# What a score sheet takes at most: limits of the sheet, not rules of the game.
SHEET_LIMITS = {"points": 99_999, "teams_min": 2, "teams_max": 4, "team_name": 40, "rounds": 30}

# A game played to a target score has no last round: the sheet shows the rounds played and this many more.
ROUNDS_AHEAD = 1

# Fields with a card counter beside them, and the groups it counts.
COUNTERS = {"melded": MELDED_GROUPS, "left": COUNT_GROUPS}
COUNTER_TITLES = {"melded": "Count the melded cards", "left": "Count the cards left"}
WENT_OUT_LABEL = "Went out"
# What the keeper says when a second side is ticked as going out in a round: only one goes out, so the first is
# unticked. The page puts the side's name in.
WENT_OUT_NOTE = 'Only one {side} goes out in a round, so "{label}" for {{team}} was unticked.'
# What the keeper says to a number typed with a minus: every field of the sheet counts up, and handfoot takes the cards
# left off the round's score itself.
ENTRY_MINUS = "Enter 0 or more: the points of cards left in hand and foot are taken off for you."
# A team's own first-meld minimum where each team's score sets it; the page puts the points in.
TEAM_MINIMUM = "First meld at least {points} for this team."
# Labels the sheet words itself where the tally's would leave a new player asking: the melded cards' points count the
# cards in finished books too, as scoring adds every card melded (tally.py's meaning). Kept here, not in tally.py, as
# the simulator's engine reads tally.py and a change there would call for a new run of every kept result. Each label
# takes two lines at most in the keeper's two columns at 360 px.
SHEET_LABELS = {"melded": "Card points in melds and books"}


def field_label(key: str) -> str:
    """The sheet's label for the tally field ``key``."""
    return SHEET_LABELS.get(key, TALLY_BY_KEY[key].label)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def scored_extras(variant: Variant) -> tuple[str, ...]:
    """The tally fields only some rules score, for the rules that score them."""
    extras = {
        "red_threes_caught_in_foot": variant["threes.red_caught_in_foot"] is not None,
        "black_threes_caught_in_foot": variant["threes.black_caught_in_foot"] is not None,
        "exact_cuts": variant["deal.exact_cut_bonus"] != 0,
        "black_threes_out": variant["threes.black_out"] != 0,
    }
    return tuple(key for key, scored in extras.items() if scored)


def entry_fields(variant: Variant) -> list[dict[str, Any]]:
    """The fields of a team's round: the books of each kind, then the counts and points, then the house extras."""
    books = [
        {"key": f"{kind.id}_books", "label": f"{_capital(kind.label)} books", "book": kind.id}
        for kind in variant.book_kinds
    ]
    laid = ("red_threes",) if variant["threes.red_laid_down"] else ()
    keys = (*laid, "red_threes_caught", "melded", "left", *scored_extras(variant))
    counts = [{"key": key, "label": field_label(key), "counter": key if key in COUNTERS else None} for key in keys]
    most = SHEET_LIMITS["points"]
    enter = whole_number_words(0, most, empty=True)
    return [{"min": 0, "max": most, "enter": enter, "counter": None, **field} for field in books + counts]


def count_groups(variant: Variant) -> dict[str, dict[str, Any]]:
    """For each card counter, its title and its groups, with the words this variant uses (eights high or low) and the
    most cards of each group the pack holds; a group the pack holds none of is left out."""
    labels, most = group_labels(variant), group_limits(variant)
    return {
        counter: {
            "title": COUNTER_TITLES[counter],
            "groups": [
                {
                    "key": group,
                    "label": labels[group],
                    "min": 0,
                    "max": most[group],
                    "enter": whole_number_words(0, most[group], empty=True),
                }
                for group in groups
                # A group the pack holds none of (jokers, where the rules play without them) is not counted.
                if most[group]
            ],
        }
        for counter, groups in COUNTERS.items()
    }


def unstated(variant: Variant, path: str, number: int | None = None) -> bool:
    """Whether this version's sources leave the rule at ``path`` unstated (for round ``number``, where given)."""
    origin = variant.provenance[path]
    return not origin.stated or (number is not None and number in origin.unstated_rounds)


def provenance_notes(variant: Variant) -> dict[str, Any]:
    """What the pages mark, for the apps to mark the same: the rules the sources leave unstated, those they differ
    on, and the words for each."""
    owner = possessive(variant.name)
    return {
        "not_stated": [path for path in variant.provenance if unstated(variant, path)],
        "differ": [path for path, origin in variant.provenance.items() if origin.conflict],
        "not_stated_words": f"Not stated by {owner} sources: the rule page says what this rests on.",
        "differ_words": "Sources differ on this rule: the rule page says how.",
        "mark_words": f"* Not stated by {owner} sources.",
    }


def round_rules(variant: Variant, number: int) -> dict[str, Any]:
    """What a round asks of a team: its first-meld minimum (None when each team's score sets it) and its books. A
    value the sources do not state carries the rule pages' mark: ``marked`` says the line holds one, and ``differs``
    that the sources differ on one of its rules."""
    by_score = variant["opening.by_score"] is not None
    minimum = None if by_score else variant.opening_minimum(number)
    books = variant.books_to_go_out(number)
    each = asking(variant["players.team_size"])["each_score"]
    first_marked = unstated(variant, "opening.by_score" if by_score else "opening.minimums", number)
    books_marked = unstated(variant, "going_out.books", number)
    first = f"First meld set by {each}" if minimum is None else f"First meld at least {format_number(minimum)}"
    going_out = variant.books_to_go_out_phrase(number) if books else "no books"
    line = f"{first}{'*' if first_marked else ''} · To go out: {going_out}{'*' if books_marked else ''}"
    differs = any(variant.provenance[path].conflict for path in ("opening.minimums", "going_out.books"))
    return {
        "number": number,
        "minimum": minimum,
        "books": books,
        "line": line,
        "marked": first_marked or books_marked,
        "differs": differs,
    }


def team_word(variant: Variant) -> str:
    """What the sheet calls a side: a team of partners, or a player alone."""
    return "team" if variant["players.team_size"] > 1 else "player"


def default_teams(variant: Variant) -> list[str]:
    """A new game's names: a team per partnership (a player each when teams are of one), within the sheet's limits."""
    word = "Team" if variant["players.team_size"] > 1 else "Player"
    seats = variant.teams if variant["players.team_size"] > 1 else variant["players.count"]
    seats = min(SHEET_LIMITS["teams_max"], max(SHEET_LIMITS["teams_min"], seats))
    return [f"{word} {n}" for n in range(1, seats + 1)]


def sheet_form(variant: Variant) -> dict[str, Any]:
    """Everything the score keeper and the configurator need to draw a variant's forms, as JSON-ready data.

    ``rounds.count`` is None for a game played to a target score: the keeper then shows the rounds played and
    ``rounds.ahead`` more, up to ``limits.rounds``, and ``rounds.rules`` covers them all.
    """
    shown = variant.round_count or SHEET_LIMITS["rounds"]
    return {
        "team_word": team_word(variant),
        "asking": asking(variant["players.team_size"]),
        "teams": default_teams(variant),
        "entry_fields": entry_fields(variant),
        "book_kinds": [{"id": kind.id, "label": kind.label} for kind in variant.book_kinds],
        "count_groups": count_groups(variant),
        "went_out_label": WENT_OUT_LABEL,
        "went_out_note": WENT_OUT_NOTE.format(side=team_word(variant), label=WENT_OUT_LABEL),
        "entry_minus": ENTRY_MINUS,
        "team_minimum": TEAM_MINIMUM,
        "by_score": variant["opening.by_score"] is not None,
        # What "Can we go out?" asks beyond the books under these rules, by spec path.
        "going_out_asks": going_out_asks(variant),
        # The rule helper's own words under these rules (helper_words.py).
        "helper": helper_words(variant),
        "provenance": provenance_notes(variant),
        # Questions no single rule words, answered from these rules; each names the rules whose marks it carries.
        "questions": [dataclasses.asdict(answer) for answer in table_questions(variant)],
        "rounds": {
            "count": variant.round_count,
            # Where the game is played to a target score, how many rounds the sheet shows past those played.
            "ahead": ROUNDS_AHEAD,
            "listed": variant.listed_rounds,
            "rules": [round_rules(variant, number) for number in range(1, shown + 1)],
        },
        "limits": SHEET_LIMITS,
        # The rules the other rules rule out, by spec path, with why ("the pack has no jokers"): the keeper offers
        # no house value for them.
        "ruled_out": {field.path: why for field in FIELDS if (why := ruled_out(variant, field.path))},
    }
