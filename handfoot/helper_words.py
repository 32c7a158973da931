# The rule helper's words for a version's rules, given with its sheet form: the questions' titles, the pile question's
# words on the cards that matter, and what "Can we go out?" asks beyond the books. The browser only places them.
from __future__ import annotations

from typing import Any

from handfoot.cards import rank_name
from handfoot.variant import Variant
from handfoot.words import asking

# What going out may ask beyond the books, by the rule that asks it: the name its answer is given under (the bridge's
# check_go_out takes these) and the question put to the player.
GOING_OUT_QUESTIONS = {
    "going_out.partner_in_foot": ("partner_in_foot", "Has your partner played from their foot?"),
    "going_out.ask_partner": ("partner_agrees", "Did your partner agree when you asked to go out?"),
    "going_out.final_discard": ("card_to_discard", "Will you have a card left to discard?"),
}


def any_wild_card(variant: Variant) -> str:
    """Any one of the wild cards of this pack: "twos or jokers", or "twos" where the pack holds no jokers."""
    twos = rank_name("2", 2)
    return f"{twos} or {rank_name('JK', 2)}" if variant.pack.jokers else twos


def helper_words(variant: Variant) -> dict[str, Any]:
    """The helper's words under these rules: ``tabs`` by question, the pile question's hand (``pile_hand`` and its
    ``pile_hand_hint``) and foot (``pile_foot``), and ``going_out``, every question going out may ask beyond the
    books (the sheet form's ``going_out_asks`` says which of them these rules ask)."""
    side = asking(variant["players.team_size"])
    return {
        "tabs": {
            "meld": "Is this meld legal?",
            "pile": "May I take the pile?",
            "opening": side["tab_opening"],
            "out": side["tab_out"],
            "table": "Other questions",
        },
        "pile_hand": "The cards in your hand that matter",
        "pile_hand_hint": f"Cards of the top card's rank, and any {any_wild_card(variant)}. {side['not_melded_hint']}",
        "pile_foot": "Are you playing from your foot?",
        "going_out": [
            {"path": path, "key": key, "legend": legend} for path, (key, legend) in GOING_OUT_QUESTIONS.items()
        ],
    }
