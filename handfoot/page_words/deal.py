"""The rule page's "The deal": the hand and the foot, how they reach the players, how the deal grows, the stock and
the first upcard, and who plays first."""

from __future__ import annotations

from handfoot.deck import count_deal
from handfoot.page_words.sentence import Sentence
from handfoot.rule_sentences import deal_sentence
from handfoot.spec import FIELDS_BY_PATH
from handfoot.variant import Variant
from handfoot.words import format_number


def hand_and_foot_sentence(variant: Variant) -> Sentence:
    """What each player is dealt (``deal.hand_size``, ``deal.foot_size``)."""
    return Sentence(
        f"Each player gets a hand of {variant['deal.hand_size']} cards to pick up and a foot of "
        f"{variant['deal.foot_size']} cards that stays face down until the hand is gone.",
        ("deal.hand_size", "deal.foot_size"),
    )


def method_sentence(variant: Variant) -> Sentence:
    """How the hands and feet reach the players (``deal.method``), with the exact cut's bonus where it scores."""
    bonus = ("deal.exact_cut_bonus",) if variant["deal.exact_cut_bonus"] else ()
    return Sentence(deal_sentence(variant), ("deal.method", *bonus))


def growth_sentence(variant: Variant) -> Sentence:
    """How the deal grows round by round (``deal.growth``); "" where every round deals the same."""
    growth = variant["deal.growth"]
    if not growth:
        return Sentence("")
    rounds = range(1, variant.listed_rounds + 1)
    sizes = ", ".join(f"{variant.hand_size(n)} and {variant.foot_size(n)} in round {n}" for n in rounds)
    return Sentence(f"Each round deals {growth} more cards to every hand and every foot: {sizes}.", ("deal.growth",))


def stock_sentence(variant: Variant) -> Sentence:
    """What the deal leaves in the stock at this table, and the first upcard turned from it."""
    players = variant["players.count"]
    deal = count_deal(variant.pack, players, variant["deal.hand_size"], variant["deal.foot_size"])
    when = " in round 1" if variant["deal.growth"] else ""
    return Sentence(
        f"With {players} players{when}, the deal puts {format_number(deal.dealt)} cards in hands and feet and "
        f"leaves {format_number(deal.stock)} in the stock. Turn the top card of the stock face up to start the "
        f"discard pile, which leaves {format_number(deal.stock_after_upcard)}."
    )


def upcard_sentence(variant: Variant) -> Sentence:
    """Which first upcards are buried and another turned (``deal.upcard_buried``): only cards the pack holds, so a
    pack without jokers names no joker."""
    buried = [card for card in variant["deal.upcard_buried"] if card != "joker" or variant["decks.jokers"]]
    if not buried:
        return Sentence("The first upcard stays on the pile, whatever it is.", ("deal.upcard_buried",))
    cards = FIELDS_BY_PATH["deal.upcard_buried"].type.show(buried)
    return Sentence(f"If that first upcard is {cards}, bury it in the stock and turn another.", ("deal.upcard_buried",))


def deal_words(variant: Variant) -> dict[str, Sentence]:
    """The section's sentences, by the rule each words (who plays first: ``rule_sentences``)."""
    return {
        "deal.hand_size": hand_and_foot_sentence(variant),
        "deal.method": method_sentence(variant),
        "deal.growth": growth_sentence(variant),
        "deal.stock": stock_sentence(variant),
        "deal.upcard_buried": upcard_sentence(variant),
    }
