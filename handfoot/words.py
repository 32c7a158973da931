# How numbers and counted things are written, everywhere handfoot or the site writes them.
from __future__ import annotations


def format_number(value: int) -> str:
    """Thousands separated, with a true minus sign: ``format_number(-1500) == "−1,500"``."""
    return f"{value:,}".replace("-", "\u2212")


def pluralise(count: int, singular: str, plural: str | None = None) -> str:
    """The count and the noun, plural unless the count is one: ``pluralise(2, "deck") == "2 decks"``."""
    return f"{count} {singular if count == 1 else plural or singular + 's'}"


def possessive(name: str) -> str:
    """The name that owns what follows: ``"Pagat partnership's"``, ``"Friday night rules'"``."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


# How the rule helper and the answers speak to a side: a team of partners ("we", "your team") or a player alone
# ("I", "you"), as the Simpson game is played.
_ASKING = {
    "team": {
        "tab_opening": "Does our first meld count?",
        "tab_out": "Can we go out?",
        "melded": "Has your team melded this round?",
        "score": "Your team's score before this round",
        "give_score": "Give your team's score.",
        "taking": "We take the discard pile to make this first meld",
        "not_melded_hint": "If your team has not melded, also the other cards you would meld with it: they make its "
        "first meld.",
        "books": "The books your team has on the table",
        "not_melded": "Your team has not melded, so this pickup must be its first meld.",
        "has": "the team has",
        "each_score": "each team's score",
    },
    "alone": {
        "tab_opening": "Does my first meld count?",
        "tab_out": "Can I go out?",
        "melded": "Have you melded this round?",
        "score": "Your score before this round",
        "give_score": "Give your score.",
        "taking": "I take the discard pile to make this first meld",
        "not_melded_hint": "If you have not melded, also the other cards you would meld with it: they make your "
        "first meld.",
        "books": "The books you have on the table",
        "not_melded": "You have not melded, so this pickup must be your first meld.",
        "has": "you have",
        "each_score": "each player's score",
    },
}


def asking(team_size: int) -> dict[str, str]:
    """The helper's and the answers' words for a side of ``team_size`` players."""
    return dict(_ASKING["team" if team_size > 1 else "alone"])


def whole_number_words(low: int, high: int, *, empty: bool = False) -> str:
    """What a form field takes, as its message says it: "a whole number from 0 to 99,999, or leave it empty"."""
    text = f"a whole number from {format_number(low)} to {format_number(high)}"
    return f"{text}, or leave it empty" if empty else text
