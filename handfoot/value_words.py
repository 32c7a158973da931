"""A rule's value in the words the pages, the comparison and the apps use, said as these rules play it.

The spec words each value once for every version ("the deal passes one seat to the left; where nobody deals, so does
the first turn"). Where those words cover a case a version's other rules rule out (a dealer where nobody deals, a
wild book where none is scored, a team where everyone plays alone, a black three laid down where none ever is), a
row of that version says only the case it plays.
"""

from __future__ import annotations

from handfoot.rule_sentences import wild_cap_words
from handfoot.spec import FIELDS, FIELDS_BY_PATH, RulesByPath
from handfoot.variant import Variant


def _dealt(rules: RulesByPath) -> bool:
    """Whether a player deals: where nobody deals, the players agree who starts."""
    return bool(rules["turn.first_player"] != "agreed")


def value_words(rules: RulesByPath, path: str) -> str:
    """The value of the rule at ``path`` in a page's words; ``rules`` is a variant (or any mapping by path)."""
    value = rules[path]
    if path == "turn.next_round":
        moves = "the deal passes" if _dealt(rules) else "the first turn passes"
        if value == "left":
            return f"{moves} one seat to the left"
        does = "deals it" if _dealt(rules) else "plays first"
        return f"the player who went out {does}; after a round nobody went out, {moves} one seat to the left"
    if path == "melds.book_marking" and value == "top_card" and rules["books.wild"] is None:
        return "squared up with a red card on top if clean, a black card if dirty"
    if path == "threes.red_laid_not_out" and value is None:
        who = "the team that went out" if rules["players.team_size"] > 1 else "the player who went out"
        return f"the same as for {who}"
    if path == "melds.max_wilds":
        # No cap of its own: the natural cards are the limit, said with the most a book holds (never "no limit").
        return wild_cap_words(rules)
    if path == "pile.wild_top" and value == "matching_wild_pair" and not rules["decks.jokers"]:
        return "only with two matching wild cards (two twos for a two)"
    if path == "threes.black_out" and value == 0:
        return "never: black threes are not laid down, even to go out"
    return FIELDS_BY_PATH[path].type.show(value)


def rule_words(rules: RulesByPath) -> dict[str, str]:
    """Every rule's value in a page's words, by spec path."""
    return {field.path: value_words(rules, field.path) for field in FIELDS}


_SMALL = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _count_word(count: int) -> str:
    return _SMALL[count] if count < len(_SMALL) else str(count)


def dirty_book_words(variant: Variant) -> str:
    """What a dirty book holds under these rules: its cards, with from one wild card to as many as a book may hold
    ("7 cards with one or two wild cards"), so that no reader takes a book of wild cards only for a dirty one."""
    size = variant.whole("melds.book_size")
    most = variant.wilds_allowed(size)
    if most == 0:
        return f"none: a meld of {size} cards may hold no wild card"
    if most == 1:
        wilds = "one wild card"
    elif most == 2:
        wilds = "one or two wild cards"
    else:
        wilds = f"one to {_count_word(most)} wild cards"
    return f"{size} cards with {wilds}"
