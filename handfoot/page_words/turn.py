"""The rule page's "Your turn": draw or take the pile, meld, discard."""

from __future__ import annotations

from handfoot.page_words.sentence import Sentence
from handfoot.side_words import side
from handfoot.variant import Variant
from handfoot.words import pluralise


def draw_sentence(variant: Variant) -> Sentence:
    """What a turn starts with (``turn.draw``), and a red three drawn where red threes are laid down."""
    text = f"Draw {pluralise(variant['turn.draw'], 'card')} from the stock, or take the discard pile."
    if variant["threes.red_laid_down"]:
        text += " A red three you draw goes face up on the table at once, and you draw a card to replace it."
    return Sentence(text, ("turn.draw",))


def turn_words(variant: Variant) -> dict[str, Sentence]:
    """The turn's three steps, by the rule each words."""
    whose = "your team already has" if side(variant).noun == "team" else "of your own"
    return {
        "turn.draw": draw_sentence(variant),
        "turn.meld": Sentence(f"Meld if you can and want to: start a meld, or add to one {whose}."),
        "turn.discard": Sentence("Discard one card to end your turn."),
    }
