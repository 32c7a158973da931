"""The rule page's "Moving to your foot": when you pick it up, and what you say as you do."""

from __future__ import annotations

from handfoot.page_words.sentence import Sentence
from handfoot.variant import Variant


def pick_up_sentence(variant: Variant) -> Sentence:
    """When the foot is picked up (``foot.continue_when_melded_out``)."""
    if variant["foot.continue_when_melded_out"]:
        when = (
            "If you melded every card in your hand, pick up the foot at once and keep playing, ending the turn with a "
            "discard from it. If you discarded your last hand card, you pick up the foot at the start of your next "
            "turn."
        )
    else:
        when = "You pick it up at the start of your next turn."
    return Sentence(f"When your hand is empty you pick up your foot. {when}", ("foot.continue_when_melded_out",))


def announce_sentence(variant: Variant) -> Sentence:
    """What a player says on moving to the foot (``foot.announce``); "" where nothing is said."""
    if not variant["foot.announce"]:
        return Sentence("")
    return Sentence("Say that you are playing your foot as you pick it up.", ("foot.announce",))


def foot_words(variant: Variant) -> dict[str, Sentence]:
    return {"foot.continue_when_melded_out": pick_up_sentence(variant), "foot.announce": announce_sentence(variant)}
