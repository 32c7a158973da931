# What each card is worth under a variant, and the card-count groups a score sheet uses.
from __future__ import annotations

from collections.abc import Iterable

from handfoot.cards import RANK_NAMES, Card
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
# The natural ranks from four to king, low to high; the low cards are a run from the four up.
_PLAIN_RANKS = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def low_ranks(variant: Variant) -> tuple[str, ...]:
    """The ranks from four to king that count as low cards: four to seven, with eights and nines where the rules say."""
    low = ["4", "5", "6", "7"]
    if variant["card_values.eight"] == "low":
        low.append("8")
        if variant["card_values.nine"] == "low":
            low.append("9")
    return tuple(low)


def high_ranks(variant: Variant) -> tuple[str, ...]:
    return tuple(rank for rank in _PLAIN_RANKS if rank not in low_ranks(variant))


def group_values(variant: Variant) -> dict[str, int]:
    """Points per card for each count group; wherever the low cards stop, ``high`` and ``low`` each hold one value."""
    return {
        "jokers": variant["card_values.joker"],
        "twos": variant["card_values.two"],
        "aces": variant["card_values.ace"],
        "high": variant["card_values.high"],
        "low": variant["card_values.low"],
        "black_threes": variant["card_values.black_three"],
    }


def _run(ranks: tuple[str, ...]) -> str:
    first, last = RANK_NAMES[ranks[0]][0], RANK_NAMES[ranks[-1]][0]
    return f"{first.capitalize()} to {last}"


def group_labels(variant: Variant) -> dict[str, str]:
    """Group names as a player reads them, following where this variant's low cards stop."""
    return {**GROUP_LABELS, "high": _run(high_ranks(variant)), "low": _run(low_ranks(variant))}


def card_value(variant: Variant, card: Card) -> int:
    """Points for one card. A red three has no card value: it scores through the red-three rules."""
    if card.is_joker:
        return variant.whole("card_values.joker")
    if card.rank == "2":
        return variant.whole("card_values.two")
    if card.rank == "A":
        return variant.whole("card_values.ace")
    if card.rank in low_ranks(variant):
        return variant.whole("card_values.low")
    if card.rank in _PLAIN_RANKS:
        return variant.whole("card_values.high")
    return variant.whole("card_values.black_three") if card.is_black_three else 0


def cards_value(variant: Variant, cards: Iterable[Card]) -> int:
    return sum(card_value(variant, card) for card in cards)
