# What each card is worth under a variant, and the card-count groups a score sheet uses.
from __future__ import annotations

from collections.abc import Iterable

from handfoot.cards import Card
from handfoot.variant import Variant

COUNT_GROUPS = ("jokers", "twos", "aces", "high", "low", "black_threes")
GROUP_LABELS = {
    "jokers": "Jokers",
    "twos": "Twos",
    "aces": "Aces",
    "high": "Eight to king",
    "low": "Four to seven",
    "black_threes": "Black threes",
}
# The rule each count group's points come from.
GROUP_RULES = {
    "jokers": "card_values.joker",
    "twos": "card_values.two",
    "aces": "card_values.ace",
    "high": "card_values.high",
    "low": "card_values.low",
    "black_threes": "card_values.black_three",
}
_HIGH = frozenset({"K", "Q", "J", "10", "9"})
_LOW = frozenset({"7", "6", "5", "4"})


def group_values(variant: Variant) -> dict[str, int]:
    """Points per card for each count group; with eights counted low, ``high`` and ``low`` still hold one value."""
    return {
        "jokers": variant["card_values.joker"],
        "twos": variant["card_values.two"],
        "aces": variant["card_values.ace"],
        "high": variant["card_values.high"],
        "low": variant["card_values.low"],
        "black_threes": variant["card_values.black_three"],
    }


def group_labels(variant: Variant) -> dict[str, str]:
    """Group names as a player reads them, following where this variant counts its eights."""
    labels = dict(GROUP_LABELS)
    if variant["card_values.eight"] == "low":
        labels["high"], labels["low"] = "Nine to king", "Four to eight"
    return labels


def card_value(variant: Variant, card: Card) -> int:
    """Points for one card. A red three has no card value: it scores through the red-three rules."""
    if card.is_joker:
        return variant["card_values.joker"]
    if card.rank == "2":
        return variant["card_values.two"]
    if card.rank == "A":
        return variant["card_values.ace"]
    if card.rank in _HIGH or (card.rank == "8" and variant["card_values.eight"] == "high"):
        return variant["card_values.high"]
    if card.rank in _LOW or card.rank == "8":
        return variant["card_values.low"]
    return variant["card_values.black_three"] if card.is_black_three else 0


def cards_value(variant: Variant, cards: Iterable[Card]) -> int:
    return sum(card_value(variant, card) for card in cards)
