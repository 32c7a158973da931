# How numbers and counted things are written, everywhere handfoot or the site writes them.
from __future__ import annotations


def format_number(value: int) -> str:
    """Thousands separated, with a true minus sign: ``format_number(-1500) == "−1,500"``."""
    return f"{value:,}".replace("-", "\u2212")


def pluralise(count: int, singular: str, plural: str | None = None) -> str:
    """The count and the noun, plural unless the count is one: ``pluralise(2, "deck") == "2 decks"``."""
    return f"{count} {singular if count == 1 else plural or singular + 's'}"


def possessive(name: str) -> str:
    """The name that owns what follows: ``"Pagat partnership's"``, ``"Friday night rules'"``."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"
