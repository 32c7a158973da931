# Arithmetic of the pack: how many cards there are, how many are dealt, how many books they can make, and how to
# shuffle them in loads.
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from handfoot.cards import MELD_RANKS
from handfoot.words import pluralise

CARDS_PER_DECK = 52
SUITS_PER_RANK = 4
TWOS_PER_DECK = 4
RED_THREES_PER_DECK = 2


@dataclass(frozen=True)
class Pack:
    """The pack a table plays with: ``decks`` standard decks, each with ``jokers`` jokers."""

    decks: int
    jokers: int

    @property
    def cards(self) -> int:
        return self.decks * (CARDS_PER_DECK + self.jokers)

    @property
    def naturals_per_rank(self) -> int:
        return self.decks * SUITS_PER_RANK

    @property
    def wild_cards(self) -> int:
        return self.decks * (TWOS_PER_DECK + self.jokers)

    @property
    def red_threes(self) -> int:
        return self.decks * RED_THREES_PER_DECK

    @property
    def copies(self) -> dict[str, int]:
        """How many of each card the pack holds, by the card text a player picks: ranks, ``3H`` for a red three,
        ``3S`` for a black three, ``2`` and ``JK``."""
        black_threes = self.decks * SUITS_PER_RANK - self.red_threes
        return dict.fromkeys(MELD_RANKS, self.naturals_per_rank) | {
            "3H": self.red_threes,
            "3S": black_threes,
            "2": self.decks * TWOS_PER_DECK,
            "JK": self.decks * self.jokers,
        }

    @property
    def meldable_cards(self) -> int:
        return len(MELD_RANKS) * self.naturals_per_rank + self.wild_cards

    def max_clean_books(self, book_size: int) -> int:
        return len(MELD_RANKS) * (self.naturals_per_rank // book_size)

    def max_wild_books(self, book_size: int) -> int:
        return self.wild_cards // book_size

    def max_books(self, book_size: int) -> int:
        return self.meldable_cards // book_size


@dataclass(frozen=True)
class DealCount:
    """How a deal splits the pack: cards dealt, and the stock before and after the first upcard."""

    cards: int
    dealt: int
    stock: int
    stock_after_upcard: int


def count_deal(pack: Pack, players: int, hand_size: int, foot_size: int) -> DealCount:
    """Count the deal: ``count_deal(Pack(5, 2), 4, 13, 13)`` gives 270 cards, 104 dealt, 166 and 165 in stock."""
    dealt = players * (hand_size + foot_size)
    stock = pack.cards - dealt
    return DealCount(pack.cards, dealt, stock, stock - 1)


def shuffle_plan(cards: int, capacity: int) -> dict[str, Any]:
    """Split ``cards`` into the fewest equal loads a shuffler of ``capacity`` cards takes, and how to mix them.

    After each pass every load is split in half and each half joins a half of another load, so cards cross between
    loads on every pass.
    """
    loads = max(1, math.ceil(cards / capacity))
    base, extra = divmod(cards, loads)
    sizes = [base + 1] * extra + [base] * (loads - extra)
    pairs = [(n, (n + 1) % loads) for n in range(loads)] if loads > 1 else []
    sizes_text = " or ".join(str(size) for size in sorted(set(sizes), reverse=True))
    summary = pluralise(loads, "load") + (f" of {sizes_text}" if loads > 1 else "")
    return {"cards": cards, "capacity": capacity, "loads": loads, "sizes": sizes, "pairs": pairs, "summary": summary}
