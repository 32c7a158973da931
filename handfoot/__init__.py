"""Hand and Foot rules: variants as validated data, and pure functions for melds, openings, pickups, going out and
scoring.

Only the standard library is imported (``load_variants`` imports PyYAML lazily), so the same package runs in CPython,
in the MkDocs hooks and in the browser through Pyodide.

>>> from handfoot import load_variants, score_round
>>> pagat = load_variants("variants")["pagat-partnership"]
>>> score_round(
...     pagat,
...     {
...         "round": 1,
...         "clean_books": 2,
...         "dirty_books": 2,
...         "wild_books": 1,
...         "red_threes": 0,
...         "red_threes_caught": 0,
...         "melded": 415,
...         "left": 0,
...         "went_out": True,
...     },
... )["total"]
3615
"""

from handfoot.cards import Card, parse_card, parse_cards
from handfoot.deck import DealCount, Pack, count_deal
from handfoot.errors import TallyError, VariantError
from handfoot.loading import load_variants
from handfoot.provenance import Provenance, Source
from handfoot.rules import Verdict, card_choices, check_go_out, check_meld, check_opening, check_pickup
from handfoot.scoring import card_points, score_game, score_round
from handfoot.sheet_form import sheet_form
from handfoot.spec import FIELDS, SECTIONS, Field, spec_to_json
from handfoot.values import card_value
from handfoot.variant import BookKind, Variant

DEFAULT_VARIANT = "pagat-partnership"

__all__ = [
    "DEFAULT_VARIANT",
    "FIELDS",
    "SECTIONS",
    "BookKind",
    "Card",
    "DealCount",
    "Field",
    "Pack",
    "Provenance",
    "Source",
    "TallyError",
    "Variant",
    "VariantError",
    "Verdict",
    "card_choices",
    "card_points",
    "card_value",
    "check_go_out",
    "check_meld",
    "check_opening",
    "check_pickup",
    "count_deal",
    "load_variants",
    "parse_card",
    "parse_cards",
    "score_game",
    "score_round",
    "sheet_form",
    "spec_to_json",
]
