"""The browser's way into handfoot: the rules engine worker imports ``handfoot.bridge`` from the handfoot zip.

The worker calls ``call(name, args_json)`` and gets JSON text back, so no Python object is proxied into
JavaScript: ``{"ok": true, "result": ...}`` or ``{"ok": false, "error": {"type", "message", "field", ...}}``. A
``VariantError`` crosses as its parts (``source``, ``path``, ``problem``), so the page never reads its message back.
"""

from __future__ import annotations

import dataclasses
import json
import traceback
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

import handfoot
from handfoot import TallyError, Variant, VariantError
from handfoot.helper_words import GOING_OUT_QUESTIONS
from handfoot.value_words import rule_words as page_rule_words
from handfoot.variant_file import variant_file as write_variant_file


class CardError(ValueError):
    """Card text that cannot be read; ``field`` names the argument that holds it."""

    def __init__(self, message: str, field: str) -> None:
        self.field = field
        super().__init__(message)


@lru_cache(maxsize=16)
def _variant_from_json(text: str) -> Variant:
    data = json.loads(text)
    if isinstance(data, dict) and set(data) == {"house"}:
        return _with_house(data["house"])
    given = data.get("id") if isinstance(data, dict) else None
    source = given if isinstance(given, str) else "variant"
    return Variant.from_mapping(data, source)


def _with_house(house: Any) -> Variant:
    """Rules given as ``{"house": {"base": mapping, "changes": {path: value}, "name": text, "share_url": text}}``: the
    base version with a table's changes, put on by handfoot (``Variant.with_changes``)."""
    if not isinstance(house, dict) or not isinstance(house.get("changes"), dict):
        raise VariantError("house rules", "", "expected {base, changes, name}")
    name, share_url = str(house.get("name") or ""), str(house.get("share_url") or "")
    return _variant(house.get("base")).with_changes(house["changes"], name=name, share_url=share_url)


def _variant(mapping: Any) -> Variant:
    return _variant_from_json(json.dumps(mapping, sort_keys=True))


def _readable(text: Any, field: str, *, one: bool = False) -> None:
    parse = handfoot.parse_card if one else handfoot.parse_cards
    try:
        parse(text)
    except ValueError as error:
        raise CardError(str(error), field) from None


def verdict_data(verdict: handfoot.Verdict) -> dict[str, Any]:
    """A verdict as the page reads it: ``ok``, ``reason``, ``rule`` and, for an opening, ``points`` and ``minimum``."""
    return dataclasses.asdict(verdict)


def validate_variant(mapping: Any) -> dict[str, Any]:
    return _variant(mapping).to_mapping()


def score_round(mapping: Any, tally: Mapping[str, Any]) -> dict[str, Any]:
    return handfoot.score_round(_variant(mapping), tally)


def score_game(mapping: Any, rounds: list[list[Mapping[str, Any]]]) -> dict[str, Any]:
    return handfoot.score_game(_variant(mapping), rounds)


def check_go_out(
    mapping: Any, round_number: int, books: Mapping[str, int], options: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    options = options or {}
    answers = {key: options.get(key) for key, _ in GOING_OUT_QUESTIONS.values()}
    return verdict_data(handfoot.check_go_out(_variant(mapping), round_number, books, **answers))


def check_opening(
    mapping: Any, round_number: int, melds: list[str], options: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    options = options or {}
    variant = _variant(mapping)
    for meld in melds:
        _readable(meld, "melds")
    if options.get("pile_top") is not None:
        _readable(options["pile_top"], "pile_top", one=True)
    return verdict_data(
        handfoot.check_opening(
            variant, round_number, melds, pile_top=options.get("pile_top"), team_score=options.get("team_score", 0)
        )
    )


def check_meld(mapping: Any, cards: str) -> dict[str, Any]:
    variant = _variant(mapping)
    _readable(cards, "cards")
    return verdict_data(handfoot.check_meld(variant, cards))


def check_pickup(mapping: Any, top: str, hand: str, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    variant = _variant(mapping)
    _readable(top, "top", one=True)
    _readable(hand, "hand")
    options = options or {}
    return verdict_data(
        handfoot.check_pickup(
            variant,
            top,
            hand,
            team_has_melded=options.get("team_has_melded", True),
            playing_from_foot=options.get("playing_from_foot", True),
            round=options.get("round"),
            team_score=options.get("team_score", 0),
        )
    )


def card_choices(mapping: Any) -> list[dict[str, Any]]:
    return handfoot.card_choices(_variant(mapping))


def describe_variant(mapping: Any, base: Any = None) -> dict[str, Any]:
    from handfoot.describe import describe_variant as describe  # noqa: PLC0415 - only the configurator needs it

    variant = _variant(mapping)
    return describe(variant, _variant(base) if base is not None else None)


def opening_minimum(mapping: Any, round_number: int, team_score: int = 0) -> int:
    return _variant(mapping).opening_minimum(round_number, team_score)


def card_points(mapping: Any, cards: Any, left: bool = False) -> int:
    return handfoot.card_points(_variant(mapping), cards, left=bool(left))


def sheet_form(mapping: Any) -> dict[str, Any]:
    return handfoot.sheet_form(_variant(mapping))


def rule_words(mapping: Any) -> dict[str, str]:
    return page_rule_words(_variant(mapping))


def variant_file(mapping: Any) -> dict[str, str]:
    return write_variant_file(_variant(mapping))


def play_games(mapping: Any, seed: str, start: int, count: int) -> dict[str, Any]:
    """Part of a run of seeded games of these rules: the configurator's "Play 200 games" asks for a few at a time.
    Every move is checked by handfoot's rule checks; the table's second check after every turn, which doubles the
    time a phone waits, is left to the tests and the command line (it changes no move, so not the figures)."""
    from handfoot.simulate.in_parts import play_part  # noqa: PLC0415 - only the configurator plays games

    return play_part(_variant(mapping), seed, int(start), int(count), check=False)


def how_it_plays(parts: list[Mapping[str, Any]], base: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The figures of the games of these parts, beside the base version's kept run (``summary_data``) if given."""
    from handfoot.simulate.in_parts import summary_of_parts  # noqa: PLC0415
    from handfoot.simulate.report import beside, summary_from_data  # noqa: PLC0415

    return beside(summary_of_parts(parts), summary_from_data(base) if base else None)


FUNCTIONS: dict[str, Callable[..., Any]] = {
    function.__name__: function
    for function in (
        validate_variant,
        score_round,
        score_game,
        check_go_out,
        check_opening,
        check_meld,
        check_pickup,
        card_choices,
        card_points,
        describe_variant,
        opening_minimum,
        sheet_form,
        rule_words,
        variant_file,
        play_games,
        how_it_plays,
    )
}


def _error(kind: str, error: Exception, field: str) -> dict[str, Any]:
    found = {"type": kind, "message": str(error), "field": field}
    found.update(
        {
            key: getattr(error, key)
            for key in ("round", "team", "source", "path", "problem", "fields")
            if hasattr(error, key)
        }
    )
    return found


def call(name: str, args_json: str) -> str:
    """Run ``FUNCTIONS[name](*json.loads(args_json))`` and answer in JSON text; never raises."""
    try:
        if name not in FUNCTIONS:
            raise LookupError(f"no function {name!r}; known: {', '.join(FUNCTIONS)}")
        return json.dumps({"ok": True, "result": FUNCTIONS[name](*json.loads(args_json))})
    except TallyError as error:
        found = _error("TallyError", error, error.field)
    except VariantError as error:
        found = _error("VariantError", error, error.path)
    except CardError as error:
        found = _error("CardError", error, error.field)
    except Exception as error:
        found = {
            "type": "internal",
            "message": f"{type(error).__name__}: {error}",
            "field": "",
            "detail": traceback.format_exc(),
        }
    return json.dumps({"ok": False, "error": found})
