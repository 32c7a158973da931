"""The rule page's "Picking up the discard pile": how much you take, when you may take it, and a wild card on top."""

from __future__ import annotations

from handfoot.page_words.sentence import Sentence
from handfoot.side_words import side
from handfoot.value_words import value_words
from handfoot.variant import Variant


def take_sentence(variant: Variant) -> Sentence:
    """How much of the pile a pickup takes (``pile.take``) and who may take it (``pile.only_from_foot``); their
    marks go with the conditions (``pickup_sentence``)."""
    take = variant["pile.take"]
    if take is None:
        text = "You take the whole pile."
    else:
        text = f"You take the top {take} cards of the pile, or the whole pile when it holds fewer."
    if variant["pile.only_from_foot"]:
        text += " Only a player already playing from the foot may take it."
    return Sentence(text)


def pickup_sentence(variant: Variant) -> Sentence:
    """The lead of the list of conditions, with the rules of the whole pickup for the notes after the list."""
    rules = ("pile.take", *(("pile.only_from_foot",) if variant["pile.only_from_foot"] else ()))
    return Sentence(
        "You may take it only when all of these hold:",
        (*rules, "pile.blocked_by", "pile.cards_needed", "pile.needs_team_meld"),
    )


def cards_needed_sentence(variant: Variant) -> Sentence:
    """The natural cards of the top card's rank you must hold (``pile.cards_needed``)."""
    needed = variant["pile.cards_needed"]
    cards, them = ("card", "it") if needed == 1 else ("cards", "them")
    return Sentence(f"You hold {needed} natural {cards} of the top card's rank; wild cards do not count toward {them}.")


def team_meld_sentence(variant: Variant) -> Sentence:
    """Whether the side must have melded, or open with the pickup (``pile.needs_team_meld``)."""
    if not variant["pile.needs_team_meld"]:
        return Sentence("Nothing more, melded or not: the first meld's minimum counts only melds from the hand.")
    who = side(variant)
    has, opens = ("Your team has", "opens") if who.noun == "team" else ("You have", "open")
    return Sentence(
        f"{has} melded already, or {opens} with this pickup: the top card and the cards from your hand melded with "
        "it reach the round's minimum."
    )


def wild_top_sentence(variant: Variant) -> Sentence:
    """Whether and when a wild card on top of the pile can be taken (``pile.wild_top``)."""
    if variant["pile.wild_top"] == "never":
        return Sentence("A wild card on top of the pile cannot be taken.", ("pile.wild_top",))
    if not variant["decks.jokers"]:
        # The spec's words name jokers; a pack without them has one kind of wild card to match.
        return Sentence(
            "A wild card on top can be taken only with two matching wild cards: two twos for a two.", ("pile.wild_top",)
        )
    return Sentence(f"A wild card on top can be taken {value_words(variant, 'pile.wild_top')}.", ("pile.wild_top",))


def pile_words(variant: Variant) -> dict[str, Sentence]:
    """The section's sentences, by the rule each words (the pickup's conditions in the page's order)."""
    return {
        "pile.take": take_sentence(variant),
        "pile.pickup": pickup_sentence(variant),
        "pile.blocked_by": Sentence(
            f"The top card is not {value_words(variant, 'pile.blocked_by')}. A black three discarded on the pile "
            "blocks the next player."
        ),
        "pile.cards_needed": cards_needed_sentence(variant),
        "pile.meld_at_once": Sentence("You meld those cards with the top card at once."),
        "pile.needs_team_meld": team_meld_sentence(variant),
        "pile.wild_top": wild_top_sentence(variant),
    }
