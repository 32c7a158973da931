# Reading card text ("9H", "10", "JK", "3D") into cards and knowing what each one is.
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TypedDict

MELD_RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4")
RED_SUITS = frozenset("HD")
BLACK_SUITS = frozenset("SC")
RANK_NAMES = {
    "A": ("ace", "aces"),
    "K": ("king", "kings"),
    "Q": ("queen", "queens"),
    "J": ("jack", "jacks"),
    "10": ("ten", "tens"),
    "9": ("nine", "nines"),
    "8": ("eight", "eights"),
    "7": ("seven", "sevens"),
    "6": ("six", "sixes"),
    "5": ("five", "fives"),
    "4": ("four", "fours"),
    "3": ("three", "threes"),
    "2": ("two", "twos"),
    "JK": ("joker", "jokers"),
}

_TOKEN = re.compile(r"^(?P<rank>10|[AKQJ2-9])(?P<suit>[HDSC])?$")
_SPLIT = re.compile(r"[\s,]+")


@dataclass(frozen=True)
class Card:
    """One card: ``rank`` is "A", "K" ... "2" or "JK"; ``suit`` is "H", "D", "S", "C" or "" when not given."""

    rank: str
    suit: str = ""

    @property
    def is_joker(self) -> bool:
        return self.rank == "JK"

    @property
    def is_wild(self) -> bool:
        return self.rank in {"JK", "2"}

    @property
    def is_three(self) -> bool:
        return self.rank == "3"

    @property
    def is_red_three(self) -> bool:
        return self.rank == "3" and self.suit in RED_SUITS

    @property
    def is_black_three(self) -> bool:
        return self.rank == "3" and self.suit in BLACK_SUITS

    def __str__(self) -> str:
        return self.rank + self.suit


def parse_card(token: str) -> Card:
    """Read one card such as ``9H``, ``10``, ``JK``, ``Joker`` or ``3S``.

    A three must carry its suit, because a red three and a black three play and score differently.
    Raises ``ValueError`` naming the token when it cannot be read.
    """
    text = token.strip()
    if text.upper() in {"JK", "JOKER"}:
        return Card("JK")
    match = _TOKEN.match(text.upper())
    if match is None:
        raise ValueError(
            f"'{token}' is not a card; write a rank (A K Q J 10 9 8 7 6 5 4 3 2) with an optional suit "
            "letter (H D S C), or JK for a joker"
        )
    rank, suit = match["rank"], match["suit"] or ""
    if rank == "3" and not suit:
        raise ValueError(f"'{token}' needs a suit: write 3H or 3D for a red three, 3S or 3C for a black three")
    return Card(rank, suit)


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas, such as ``"9 9 9 2"`` or ``"KH, KS, JK"``."""
    if not isinstance(text, str):
        raise ValueError(f"expected cards written as text, such as '9 9 9 2', got {text!r}")
    return tuple(parse_card(token) for token in _SPLIT.split(text.strip()) if token)


def meld_ranks_phrase() -> str:
    """The ranks a meld is made of, lowest to highest: "fours up to aces"."""
    return f"{rank_name(MELD_RANKS[-1], 2)} up to {rank_name(MELD_RANKS[0], 2)}"


def wild_cards_phrase(jokers: int) -> str:
    """The wild cards of a pack with ``jokers`` jokers a deck: "twos and jokers", or "twos" with none."""
    return f"{rank_name('2', 2)} and {rank_name('JK', 2)}" if jokers else rank_name("2", 2)


def rank_name(rank: str, count: int = 1) -> str:
    """The English name of a rank, singular or plural: ``rank_name("9", 2) == "nines"``."""
    singular, plural = RANK_NAMES[rank]
    return singular if count == 1 else plural


# How the cards a player picks are shown: the two kinds of three by colour, a joker by its word.
_PICKED = {"3H": ("red three", "red threes", "3\u2665"), "3S": ("black three", "black threes", "3\u2660")}


class PickedCard(TypedDict):
    """A card as a card picker shows it (see ``picked_card``)."""

    face: str
    name: str
    plural: str
    one: str
    red: bool


def picked_card(code: str) -> PickedCard:
    """A card as a picker shows it (``code`` is a rank, ``3H``, ``3S`` or ``JK``): its ``face``, its ``name`` and
    ``plural``, ``one`` (``"an ace"``), and ``red`` for the red three, which the picker shows in red."""
    name, plural, face = _PICKED.get(code) or (*RANK_NAMES[code], "Joker" if code == "JK" else code)
    one = f"{'an' if name[0] in 'aeiou' else 'a'} {name}"
    return {"face": face, "name": name, "plural": plural, "one": one, "red": code == "3H"}
