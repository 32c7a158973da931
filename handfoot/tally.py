# The tally of a team's round, typed once: each field's key, the words a message uses for it, the label the score
# sheet shows, and what it holds (for the API page). Scoring, the sheet form and the site read it from here.
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TallyField:
    """One field of a tally. ``label`` is the score sheet's (empty where the sheet has no field of its own for it:
    the round, going out, and books, which the sheet names by their kind); ``required`` fields are in every tally."""

    key: str
    words: str
    meaning: str
    label: str = ""
    required: bool = True


TALLY: tuple[TallyField, ...] = (
    TallyField("round", "round", "the round, from 1"),
    TallyField("clean_books", "clean books", "clean books"),
    TallyField("dirty_books", "dirty books", "dirty books"),
    TallyField(
        "red_threes", "red threes laid down", "red threes laid face up on the table", label="Red threes laid down"
    ),
    TallyField(
        "red_threes_caught",
        "red threes caught",
        "red threes still in a hand or foot when the round ends",
        label="Red threes caught",
    ),
    TallyField(
        "melded",
        "melded card points",
        'card points of every card the team melded, books included; or counts: `{"jokers": n, "twos": n, '
        '"aces": n, "high": n, "low": n}` (high is eight to king, low four to seven)',
        label="Melded card points",
    ),
    TallyField(
        "left",
        "card points left",
        "card points left in hands and feet, black threes included and red threes not; or counts, with "
        "`black_threes` too",
        label="Cards left (points)",
    ),
    TallyField("went_out", "went out", "`True` for the team that went out"),
    TallyField(
        "wild_books",
        "wild books",
        "wild books, in versions that have a wild book (there it must be given)",
        required=False,
    ),
    TallyField(
        "red_threes_caught_in_foot",
        "red threes caught in an unplayed foot",
        "how many of the caught red threes were in a foot nobody reached",
        label="Of those, caught in an unplayed foot",
        required=False,
    ),
    TallyField(
        "black_threes_caught_in_foot",
        "black threes caught in an unplayed foot",
        "how many of the black threes in the cards left were in a foot nobody reached, in rules that price them apart",
        label="Of the cards left, black threes in an unplayed foot",
        required=False,
    ),
    TallyField(
        "exact_cuts",
        "exact cuts",
        "players who cut exactly a hand and a foot, in versions that pay for it",
        label="Exact cuts",
        required=False,
    ),
    TallyField(
        "black_threes_out",
        "black threes laid down when going out",
        "black threes laid down by the team going out, in versions that score them",
        label="Black threes laid down going out",
        required=False,
    ),
)
TALLY_BY_KEY = {field.key: field for field in TALLY}
TALLY_FIELDS = tuple(field.key for field in TALLY if field.required)
OPTIONAL_FIELDS = tuple(field.key for field in TALLY if not field.required)
