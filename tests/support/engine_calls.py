"""Calls to the engine with what CPython's handfoot answers to each: the tallies the browser runtime is checked on."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import handfoot
from handfoot.bridge import verdict_data

BASE_TALLY = {"clean_books": 0, "dirty_books": 0, "wild_books": 0, "red_threes": 0, "red_threes_caught": 0}
TALLIES: list[dict[str, Any]] = [
    {**BASE_TALLY, "round": 1, "clean_books": 2, "dirty_books": 2, "melded": 415, "left": 0, "went_out": True},
    {**BASE_TALLY, "round": 1, "clean_books": 1, "red_threes": 1, "melded": 250, "left": 85, "went_out": False},
    {
        **BASE_TALLY,
        "round": 2,
        "dirty_books": 1,
        "red_threes_caught": 2,
        "red_threes_caught_in_foot": 1,
        "melded": 180,
        "left": 140,
        "went_out": False,
    },
    {
        **BASE_TALLY,
        "round": 3,
        "clean_books": 3,
        "dirty_books": 1,
        "red_threes": 2,
        "melded": 620,
        "left": 0,
        "went_out": True,
    },
    {
        **BASE_TALLY,
        "round": 1,
        "melded": 0,
        "left": {"jokers": 1, "twos": 2, "aces": 1, "high": 3, "low": 2, "black_threes": 1},
        "went_out": False,
    },
    {
        **BASE_TALLY,
        "round": 2,
        "clean_books": 1,
        "dirty_books": 1,
        "melded": {"jokers": 1, "twos": 1, "aces": 2, "high": 8, "low": 4},
        "left": 20,
        "went_out": False,
    },
    {**BASE_TALLY, "round": 4, "clean_books": 1, "melded": 200, "left": 0, "went_out": True},
]
BAD_TALLY = {**BASE_TALLY, "round": 1, "clean_books": 2, "melded": 10, "left": 0, "went_out": False}


def tallies_for(variant: handfoot.Variant) -> list[dict[str, Any]]:
    extra = []
    if variant.has_wild_book:
        extra.append({**TALLIES[0], "wild_books": 1, "melded": 615})
    if variant["deal.exact_cut_bonus"]:
        extra.append({**TALLIES[1], "exact_cuts": 1})
    return TALLIES + extra


def cpython(function: Callable[..., Any], *args: Any) -> dict[str, Any]:
    try:
        result = function(*args)
    except handfoot.TallyError as error:
        return {"ok": False, "error": {"type": "TallyError", "message": str(error), "field": error.field}}
    except handfoot.VariantError as error:
        return {"ok": False, "error": {"type": "VariantError", "message": str(error), "field": error.path}}
    if isinstance(result, handfoot.Verdict):
        result = verdict_data(result)
    return {"ok": True, "result": result}


def score_round_calls(variants: dict[str, handfoot.Variant]) -> tuple[list[list[Any]], list[dict[str, Any]]]:
    """``score_round`` calls for every variant's tallies, and what CPython answers to each."""
    calls: list[list[Any]] = []
    expected: list[dict[str, Any]] = []
    for variant in variants.values():
        mapping = variant.to_mapping()
        for tally in tallies_for(variant):
            calls.append(["score_round", mapping, tally])
            expected.append(cpython(handfoot.score_round, variant, tally))
    return calls, expected
