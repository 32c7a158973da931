# Arithmetic of the pack: how many cards there are, how many are dealt, how many books they can make.
from __future__ import annotations

from dataclasses import dataclass

from handfoot.cards import MELD_RANKS

CARDS_PER_DECK = 52
SUITS_PER_RANK = 4
TWOS_PER_DECK = 4
THREES_PER_DECK = 4
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
