# Which rules come up in a version's own game, and what a player would call its assumptions: the rules it plays by
# that come up at its table and that its sources do not state. The rule pages count them, the home and sources pages
# repeat the count, and the comparison says "never comes up" where a rule's situation cannot arise.
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from handfoot.table_questions import FOLLOWS, TableAnswer
from handfoot.variant import Variant

NEVER = "never comes up"


def _red_three_on_pile(variant: Variant) -> str:
    if variant["threes.red_laid_down"] and "red_three" in variant["deal.upcard_buried"]:
        return (
            "red threes are laid down as soon as they are found and a red first upcard is buried, so no red three "
            "reaches the discard pile"
        )
    return ""


def _no_reshuffle(variant: Variant) -> str:
    if variant["round_end.stock_out"] != "reshuffle":
        return "the stock running out ends the round, so the discard pile never makes a new stock"
    return ""


def _no_cut(variant: Variant) -> str:
    return "the hands are dealt, so nobody cuts them" if variant["deal.method"] == "dealt" else ""


def _no_black_three_out(variant: Variant) -> str:
    return "black threes are never laid down, not even to go out" if not variant["threes.black_out"] else ""


def _red_threes_kept(variant: Variant) -> str:
    return "red threes are never laid down" if not variant["threes.red_laid_down"] else ""


def _no_jokers(variant: Variant) -> str:
    return "the pack has no jokers" if not variant["decks.jokers"] else ""


def _alone(variant: Variant) -> str:
    return "everyone plays alone, so nobody has a partner" if variant["players.team_size"] == 1 else ""


# For each rule whose situation other rules can rule out: why it cannot arise, or "" where it can.
_NEVER_ARISES: Mapping[str, Callable[[Variant], str]] = {
    "deal.exact_cut_bonus": _no_cut,
    "turn.red_threes_dealt": _red_threes_kept,
    "pile.red_three_taken": _red_three_on_pile,
    "threes.red_laid": _red_threes_kept,
    "threes.red_laid_not_out": _red_threes_kept,
    "threes.black_out": _no_black_three_out,
    "card_values.joker": _no_jokers,
    "going_out.ask_partner": _alone,
    "going_out.partner_in_foot": _alone,
    "round_end.reshuffle_stock_left": _no_reshuffle,
}


def never_arises(variant: Variant, path: str) -> str:
    """Why the rule at ``path`` never comes up in this version's own game ("no red three reaches the discard pile"),
    or "" where it can: its value then matters only to a table that changes the rules around it."""
    why = _NEVER_ARISES.get(path)
    return why(variant) if why else ""


# The rules whose own value says whether they come up: black threes laid down going out come up only where that value
# lets them be laid down.
_SELF_RULED = frozenset({"threes.black_out"})


def ruled_out(variant: Variant, path: str) -> str:
    """Why the rule at ``path`` never comes up because of the other rules (the pack has no jokers, so a joker's value
    never counts), or "": a rule that rules itself out is left to its own value, which can bring it back."""
    return "" if path in _SELF_RULED else never_arises(variant, path)


def assumptions(variant: Variant, tables: Mapping[str, Any], questions: Sequence[TableAnswer]) -> list[dict[str, Any]]:
    """What a player of this version would call an assumption, each with what it is about: every rule its sources do
    not state, or state only in part, that comes up in its game; the ways of playing its other tables that the rule
    page marks as not stated (``tables`` is describe.other_tables's data); a wild meld counting toward a first meld;
    and each answer to a table's question that settles what no source says (not one that follows from the rules)."""
    found: list[dict[str, Any]] = [
        {"about": path, "kind": "rule", "in_part": origin.stated}
        for path, origin in variant.provenance.items()
        if (not origin.stated or origin.unstated_rounds or origin.unstated_part) and not never_arises(variant, path)
    ]
    if tables["seated"]:
        found.append({"about": "how teams of three sit", "kind": "table", "in_part": False})
        if tables["partners"]:
            found.append(
                {"about": "the deal and the partner rules in teams of three", "kind": "table", "in_part": False}
            )
    if tables.get("alone_sentence"):
        found.append({"about": "the deal and going out for players alone", "kind": "table", "in_part": False})
    if variant["books.wild"] is not None:
        found.append({"about": "a wild meld counting toward a first meld", "kind": "meld", "in_part": False})
    found.extend(
        {"about": q.question, "kind": "question", "in_part": False}
        for q in questions
        if q.note is not None and q.note != FOLLOWS and q.key != "house_books"
    )
    return found


def unstated_never_arising(variant: Variant) -> list[str]:
    """The rules this version's sources do not state that never come up in its own game."""
    return [path for path, origin in variant.provenance.items() if not origin.stated and never_arises(variant, path)]
