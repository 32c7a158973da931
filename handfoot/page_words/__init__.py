"""The rule page's paragraphs in handfoot's words, a module for each section of the page: the rule page, the
configurator's preview (the same template, rendered in the browser from the same data) and the sheet print them as
they are, and the templates only place them with their anchors and marks.

``page_words(variant)`` gives every sentence by a key, the rule it words where there is one ("pile.take"), each
with the rules whose marks go with it (``Sentence``).
"""

from __future__ import annotations

from handfoot.page_words.deal import deal_words
from handfoot.page_words.first_meld import first_meld_words
from handfoot.page_words.foot import foot_words
from handfoot.page_words.going_out import going_out_words
from handfoot.page_words.melds import melds_words
from handfoot.page_words.needs import needs_words
from handfoot.page_words.pile import pile_words
from handfoot.page_words.round_end import round_end_words
from handfoot.page_words.sentence import Sentence
from handfoot.page_words.threes import threes_words
from handfoot.page_words.turn import turn_words
from handfoot.variant import Variant

__all__ = ["Sentence", "page_words"]


def page_words(variant: Variant) -> dict[str, Sentence]:
    """Every sentence the page words in handfoot, by key; "" where these rules leave it out."""
    return {
        **needs_words(variant),
        **deal_words(variant),
        **turn_words(variant),
        **pile_words(variant),
        **melds_words(variant),
        **first_meld_words(variant),
        **threes_words(variant),
        **foot_words(variant),
        **going_out_words(variant),
        **round_end_words(variant),
    }
