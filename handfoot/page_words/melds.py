"""The rule page's "Melds and books": what a meld is, when it becomes a book, how many wild cards it may hold, what
each book holds and scores, and the wild book where these rules score one."""

from __future__ import annotations

from handfoot.cards import meld_ranks_phrase, wild_cards_phrase
from handfoot.page_words.sentence import Sentence
from handfoot.side_words import side
from handfoot.spec import BUILT_IN_BOOKS
from handfoot.value_words import dirty_book_words
from handfoot.variant import Variant


def meld_sentence(variant: Variant) -> Sentence:
    """How big a meld is and of which ranks (``melds.min_size``), whose it is, and that threes are not melded but
    where black threes go down to go out (``threes.black_out``)."""
    owner = "team: partners build on the same melds" if side(variant).noun == "team" else "player who lays them down"
    text = (
        f"A meld is {variant['melds.min_size']} or more cards of one rank, from {meld_ranks_phrase()}. Melds belong "
        f"to the {owner}. Threes cannot be melded the way other ranks are"
    )
    if variant["threes.black_out"]:
        text += "; the one exception is black threes laid down by a player going out (see below)"
    return Sentence(text + ".", ("melds.min_size",))


def book_sentence(variant: Variant) -> Sentence:
    """When a meld becomes a book and whether it grows (``melds.book_size``, ``melds.grow_past_book``), and whether a
    second meld of a rank may start before the first is a book (``melds.one_open_per_rank``)."""
    size, noun = variant["melds.book_size"], side(variant).noun
    if variant["melds.grow_past_book"]:
        text = f"At {size} cards a meld becomes a book, and it may keep growing."
    else:
        text = f"At {size} cards a meld closes into a book, and no more cards go on it."
    if variant["melds.one_open_per_rank"]:
        text += f" A {noun} may start a second meld of a rank only once the first is a book."
    else:
        text += f" A {noun} may have more than one unfinished meld of a rank."
    return Sentence(text, ("melds.book_size", "melds.grow_past_book", "melds.one_open_per_rank"))


def wild_cards_sentence(variant: Variant) -> Sentence:
    """What a meld with wild cards needs: natural cards (``melds.min_naturals``), natural cards for each wild card
    (``melds.wild_ratio``) and a cap (``melds.max_wilds``), each only where these rules set it."""
    ratio, cap = variant["melds.wild_ratio"], variant["melds.max_wilds"]
    text = f"A meld with wild cards needs at least {variant['melds.min_naturals']} natural cards"
    if variant["books.wild"] is not None:
        text += " (a wild meld, of wild cards only, is the one exception)"
    if ratio:
        text += f", and at least {ratio} natural {'card' if ratio == 1 else 'cards'} for each wild card"
    if cap:
        text += f", and never more than {cap} wild cards"
    rules = ("melds.min_naturals", *(("melds.wild_ratio",) if ratio else ()), *(("melds.max_wilds",) if cap else ()))
    return Sentence(text + ".", rules)


def wild_book_sentence(variant: Variant) -> Sentence:
    """Whether a meld of wild cards only is allowed, and is a wild book at full size (``books.wild``)."""
    if variant["books.wild"] is None:
        return Sentence("No meld may be made only of wild cards, so there is no wild book.", ("books.wild",))
    return Sentence(
        f"A meld of only {wild_cards_phrase(variant['decks.jokers'])} is a wild meld; at {variant['melds.book_size']} "
        "cards it is a wild book.",
        ("books.wild",),
    )


def wild_meld_sentence(variant: Variant) -> Sentence:
    """How a wild meld starts and counts, where there is one (our reading: the engine's)."""
    if variant["books.wild"] is None:
        return Sentence("")
    return Sentence(
        f"A wild meld starts with {variant['melds.min_size']} wild cards, like any meld, and its cards count toward "
        "a first meld."
    )


def book_holds(variant: Variant) -> dict[str, str]:
    """What each kind of book holds, by its id, for the table of books: a house book says only what it counts as."""
    size, wild = variant["melds.book_size"], wild_cards_phrase(variant["decks.jokers"])
    holds = {"clean": f"{size} natural cards", "dirty": dirty_book_words(variant), "wild": f"{size} {wild}"}
    for kind in variant.book_kinds:
        if kind.id not in BUILT_IN_BOOKS:
            counts = f"; it counts as a {kind.counts_as} book toward going out" if kind.counts_as else ""
            holds[kind.id] = f"a house book{counts}"
    return holds


def melds_words(variant: Variant) -> dict[str, Sentence]:
    """The section's sentences, by the rule each words."""
    return {
        "melds.min_size": meld_sentence(variant),
        "melds.book_size": book_sentence(variant),
        "melds.wild_ratio": wild_cards_sentence(variant),
        "melds.wilds_allowed": Sentence("So a meld may hold at most:"),
        "books.clean": Sentence("Each book scores a bonus on top of its cards:"),
        "books.wild": wild_book_sentence(variant),
        "books.wild_meld": wild_meld_sentence(variant),
    }
