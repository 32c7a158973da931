"""Sentences a rule page prints for a rule whose choice changes what the table does, worded once for every page.

The rule page, its print sheet and the configurator's preview print them as they are; a template only places them.
"""

from __future__ import annotations

from handfoot.spec import FIELDS_BY_PATH, RulesByPath
from handfoot.variant import Variant
from handfoot.wild_limits import wild_limit_rule, wild_limits
from handfoot.words import format_number


def _words(variant: Variant, path: str) -> str:
    """A rule's value in the spec's words."""
    return FIELDS_BY_PATH[path].type.show(variant[path])


def deal_sentence(variant: Variant) -> str:
    """How the hands and feet reach the players, by ``deal.method``, with the counts of these rules."""
    hand, foot, players = variant["deal.hand_size"], variant["deal.foot_size"], variant["players.count"]
    method = variant["deal.method"]
    if method == "dealt" and variant["turn.first_player"] == "hand_dealer_left":
        text = (
            f"The first dealer is drawn by lot. Partners split the deal, settling between them who does which: one "
            f"deals the hands, {players} face-down piles of {hand} cards, one to each player going clockwise; the "
            "other deals the feet the same way, and the feet wait face down."
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
            "pile to the player on your right, whose foot it is. The two piles stay one stock: the upcard and every "
            "draw may come from either, and the stock runs out only when both are gone."
        )
    bonus = variant["deal.exact_cut_bonus"]
    if bonus:
        text += f" A player who cuts exactly {hand + foot} cards on the first try scores {format_number(bonus)}."
    return text


def book_marking_sentence(variant: Variant) -> str:
    """How a finished book shows its kind, by ``melds.book_marking``, naming a wild book only where these rules
    score one."""
    if variant["melds.book_marking"] == "top_card":
        wild = ""
        if variant["books.wild"] is not None and variant["decks.jokers"]:
            wild = ", and a joker on top of a wild one (a two if it holds no joker)"
        elif variant["books.wild"] is not None:
            wild = ", and a two on top of a wild one"
        marks = f"a red card on top of a clean book, a black card on top of a dirty one{wild}"
    else:
        marks = "a red card on top of a clean book, and one wild card turned in a dirty one"
    return f"Square up each finished book so that its kind shows: {marks}."


def first_player_sentence(variant: Variant) -> str:
    """Who plays first (``turn.first_player``), and who deals or starts each later round (``turn.next_round``)."""
    first = f"{FIELDS_BY_PATH['turn.first_player'].label}: {_words(variant, 'turn.first_player')}."
    dealt = variant["turn.first_player"] != "agreed"
    moves = "the deal passes" if dealt else "the first turn passes"
    if variant["turn.next_round"] == "left":
        later = f"In each later round {moves} one seat to the left."
    else:
        does = "deals the next round" if dealt else "plays first in the next round"
        later = f"The player who went out {does}; after a round nobody went out, {moves} one seat to the left."
    return f"{first} {later}"


def red_threes_dealt_sentence(variant: Variant) -> str:
    """When the red threes of a hand as dealt go down (``turn.red_threes_dealt``), where red threes are laid down."""
    if not variant["threes.red_laid_down"]:
        return ""
    if variant["turn.red_threes_dealt"] == "before_play":
        return (
            "Red threes in a hand as dealt go down once the upcard is turned, before the first turn, player by "
            "player in turn order, each replaced from the stock."
        )
    return (
        "Red threes in a hand as dealt go down at the start of that player's first turn, each replaced from the stock."
    )


def red_three_reaches_pile(variant: Variant) -> bool:
    """Whether a red three that is laid down can lie in the discard pile: only a red first upcard left unburied."""
    return bool(variant["threes.red_laid_down"]) and "red_three" not in variant["deal.upcard_buried"]


def red_three_from_pile_sentence(variant: Variant) -> str:
    """What becomes of a red three taken with the discard pile (``pile.red_three_taken``), where one can be."""
    if not red_three_reaches_pile(variant):
        return ""
    replaced = "draws no replacement"
    if variant["pile.red_three_taken"] == "replaced":
        replaced = "draws a replacement from the stock"
    return (
        "A red three turned up first stays on the discard pile, so one can be taken with the pile: the player who "
        f"takes it lays it down and {replaced}."
    )


def red_three_never_in_pile_sentence(variant: Variant) -> str:
    """Why no red three can be taken with the discard pile, where one is laid down at once and a red first upcard
    is buried ("" elsewhere)."""
    if not variant["threes.red_laid_down"] or red_three_reaches_pile(variant):
        return ""
    return "No red three ever reaches the discard pile: one turned up first is buried, and one drawn goes down at once."


def stock_short_answer(variant: Variant, *, brief: bool = False) -> str:
    """What happens when the stock cannot supply a player's draw (``round_end.stock_out``, ``stock_runs_out`` and,
    for a new stock, ``reshuffle_stock_left``), as the end of "When the stock cannot supply your draw, …"; ``brief``
    for a sheet's line, without what everyone knows (that each side scores what it has)."""
    at_draw = variant["round_end.stock_runs_out"] == "at_draw"
    if variant["round_end.stock_out"] == "ends_no_bonus":
        ends = _words(variant, "round_end.stock_out")
        if brief:
            if at_draw:
                return "take the pile if you can, or the round ends with no going-out bonus"
            return "the round ends as your turn starts, with no going-out bonus"
        if at_draw:
            return f"you may still take the discard pile if you can; otherwise {ends}"
        return (
            "the round ends as your turn starts, before you could take the discard pile instead; everyone scores what "
            "they have, with no going-out bonus"
        )
    left = (
        "with the cards still in the stock shuffled in"
        if variant["round_end.reshuffle_stock_left"] == "shuffled_in"
        else "and the cards still in the stock go on top of it, to be drawn first"
    )
    fresh = _words(variant, "round_end.stock_out")
    then = "if even that cannot supply the cards, the round ends with no going-out bonus"
    if at_draw:
        return f"you may still take the discard pile if you can; otherwise {fresh}, {left}; {then}"
    return f"{fresh} as your turn starts, before you could take it, {left}; {then}"


def stock_out_sentence(variant: Variant) -> str:
    """How a round ends, and what a stock too short for a draw does (``round_end``)."""
    text = "A round ends when a player goes out. When the stock cannot supply your draw, "
    text += f"{stock_short_answer(variant)}."
    if variant["threes.red_laid_down"]:
        text += (
            " A red three's replacement counts as a draw: a red three the stock cannot replace stays on the table and"
            " scores as laid down, and the round ends."
        )
    return text


def by_score_sentence(variant: Variant) -> str:
    """The first-meld minimum set by score (``opening.by_score``), and what a score below the ladder takes."""
    ladder = variant["opening.by_score"]
    if ladder is None:
        return ""
    first = format_number(ladder[0][1])
    return (
        f"The minimum depends on your score so far: {_words(variant, 'opening.by_score')}. A score below 0 takes the "
        f"first step, {first}, as 0 does: the steps start there."
    )


def wild_cap_words(rules: RulesByPath) -> str:
    """The value of "Most wild cards in one meld" (``melds.max_wilds``) in words. Where these rules set no cap of their
    own, the rule that does limit wild cards and the most a book holds under it: never "no limit" beside the page's
    table of limits."""
    if rules["melds.max_wilds"] is not None:
        return str(FIELDS_BY_PATH["melds.max_wilds"].type.show(rules["melds.max_wilds"]))
    book = rules["melds.book_size"]
    most = f"at most {min(wild_limits(rules, book).values())} in a book of {book}"
    if wild_limit_rule(rules, book) == "melds.wild_ratio":
        return f"set by the natural cards: {rules['melds.wild_ratio']} for each wild card, so {most}"
    return f"set by the natural cards: at least {rules['melds.min_naturals']} beside any wild card, so {most}"


def rule_sentences(variant: Variant) -> dict[str, str]:
    """The sentences by the rule they word, for the page's data ("" where these rules leave a rule out)."""
    return {
        "deal.method": deal_sentence(variant),
        "melds.book_marking": book_marking_sentence(variant),
        "turn.first_player": first_player_sentence(variant),
        "turn.red_threes_dealt": red_threes_dealt_sentence(variant),
        "pile.red_three_taken": red_three_from_pile_sentence(variant),
        "pile.red_three_never": red_three_never_in_pile_sentence(variant),
        "round_end.stock_out": stock_out_sentence(variant),
        "opening.by_score": by_score_sentence(variant),
    }
