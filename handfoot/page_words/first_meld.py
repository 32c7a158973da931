"""The rule page's "The first meld of each round": the minimum, the book some rounds ask for, and what counts when
the pile opens."""

from __future__ import annotations

from handfoot.page_words.sentence import Sentence
from handfoot.side_words import side
from handfoot.variant import Variant


def minimum_sentence(variant: Variant) -> Sentence:
    """What a side's first meld must be worth, and what counts toward it (``opening.minimums``)."""
    whose = "A team's" if side(variant).noun == "team" else "A player's"
    return Sentence(
        f"{whose} first meld of a round must be worth a minimum in card points. Only the cards count: book bonuses "
        "and red threes do not. You may lay down several melds together to reach it.",
        ("opening.minimums",),
    )


def book_first_sentence(variant: Variant) -> Sentence:
    """The rounds whose first meld must include a complete book (``opening.books_needed``); "" where none does."""
    rounds = [n for n in range(1, variant.listed_rounds + 1) if variant.in_round("opening.books_needed", n)]
    if not rounds:
        return Sentence("")
    which = f"round{'s' if len(rounds) > 1 else ''} {', '.join(str(n) for n in rounds)}"
    return Sentence(
        f"In {which} the first meld must also include a complete book of {variant['melds.book_size']} cards.",
        ("opening.books_needed",),
    )


def pile_counts_sentence(variant: Variant) -> Sentence:
    """Which cards of a pile taken to open count toward the minimum (``opening.pile_rest_counts``)."""
    if variant["opening.pile_rest_counts"]:
        counted = "every card you pick up counts toward the minimum"
    else:
        counted = (
            "only the top card and the cards from your hand count toward the minimum; the cards under the top card "
            "do not"
        )
    return Sentence(f"When you open by taking the discard pile, {counted}.", ("opening.pile_rest_counts",))


def first_meld_words(variant: Variant) -> dict[str, Sentence]:
    return {
        "opening.minimums": minimum_sentence(variant),
        "opening.books_needed": book_first_sentence(variant),
        "opening.pile_rest_counts": pile_counts_sentence(variant),
    }
