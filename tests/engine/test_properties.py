"""Properties of scoring and validation over many generated tallies and mappings, for every shipped variant."""

from __future__ import annotations

import contextlib
import copy
import math
from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from handfoot import (
    FIELDS,
    SECTIONS,
    TallyError,
    Variant,
    VariantError,
    check_go_out,
    load_variants,
    score_game,
    score_round,
)
from testbench.paths import REPO_ROOT

REPO = REPO_ROOT
VARIANTS = load_variants(REPO / "variants")
PAGAT = VARIANTS["pagat-partnership"]
IDS = st.sampled_from(sorted(VARIANTS))
EVERY = settings(max_examples=200, deadline=None)

GROUPS = ("jokers", "twos", "aces", "high", "low", "black_threes")
TALLY_KEYS = (
    "round",
    "clean_books",
    "dirty_books",
    "wild_books",
    "red_threes",
    "red_threes_caught",
    "red_threes_caught_in_foot",
    "exact_cuts",
    "melded",
    "left",
    "went_out",
)
VARIANT_KEYS = ("id", "name", "short_name", "summary", "extends", "sources", "rules", "provenance", "notes")
NAMES = tuple(
    sorted(
        {
            *TALLY_KEYS,
            *GROUPS,
            *VARIANT_KEYS,
            *(s.key for s in SECTIONS),
            *(f.path for f in FIELDS),
            *(f.path.split(".", 1)[1] for f in FIELDS),
            *VARIANTS,
            "stated",
            "assumed",
            "from",
            "note",
            "conflict",
            "title",
            "url",
            "clean",
            "dirty",
            "wild",
        }
    )
)

keys = st.sampled_from(NAMES) | st.text(max_size=8)
scalars = (
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.floats()
    | st.text(max_size=12)
    | st.sampled_from(NAMES)
    | st.sampled_from(["https://example.org", "dealt", "self_cut", "high", "low", "red_three", "pagat"])
)
json_values = st.recursive(
    scalars,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(keys, children, max_size=4),
    max_leaves=12,
)


def values_of(variant: Variant) -> dict[str, int]:
    return {
        "jokers": variant["card_values.joker"],
        "twos": variant["card_values.two"],
        "aces": variant["card_values.ace"],
        "high": variant["card_values.high"],
        "low": variant["card_values.low"],
        "black_threes": variant["card_values.black_three"],
    }


def step_of(variant: Variant) -> int:
    values = values_of(variant)
    return math.gcd(*(values[group] for group in GROUPS[:-1]))


def counts_limits(variant: Variant) -> dict[str, int]:
    """What the pack certainly holds of each group (eights left out, so the limits hold either way they count)."""
    pack = variant.pack
    return {
        "jokers": pack.decks * pack.jokers,
        "twos": pack.decks * 4,
        "aces": pack.naturals_per_rank,
        "high": pack.naturals_per_rank * 5,
        "low": pack.naturals_per_rank * 4,
        "black_threes": pack.decks * 2,
    }


@st.composite
def counts(draw: st.DrawFn, variant: Variant, groups: tuple[str, ...]) -> dict[str, int]:
    limits = counts_limits(variant)
    return {group: draw(st.integers(0, limits[group])) for group in groups}


@st.composite
def tallies(draw: st.DrawFn, variant: Variant, *, room: bool = False) -> dict[str, Any]:
    """A tally that can happen under ``variant``; with ``room``, one more book of any kind still fits."""
    pack, size = variant.pack, variant["melds.book_size"]
    spare = 1 if room else 0
    clean = draw(st.integers(0, min(6, pack.max_clean_books(size) - spare)))
    dirty = draw(st.integers(0, 6))
    wild = draw(st.integers(0, min(2, pack.max_wild_books(size) - spare))) if variant.has_wild_book else 0
    step = step_of(variant)
    # Every book holds at most book-size cards of the dearest value; one spare book's worth keeps "one more" valid.
    floor = (clean + dirty + wild + 1) * size * max(values_of(variant).values())
    melded = step * draw(st.integers(-(-floor // step), -(-floor // step) + 400))
    laid = draw(st.integers(0, pack.red_threes))
    caught = draw(st.integers(0, pack.red_threes - laid))
    data: dict[str, Any] = {
        "round": draw(st.integers(1, variant.round_count or 10)),
        "clean_books": clean,
        "dirty_books": dirty,
        "red_threes": laid,
        "red_threes_caught": caught,
        "melded": melded,
        "left": step * draw(st.integers(0, 300)),
        "went_out": draw(st.booleans()),
    }
    if variant.has_wild_book or draw(st.booleans()):
        data["wild_books"] = wild
    if draw(st.booleans()):
        data["red_threes_caught_in_foot"] = draw(st.integers(0, caught))
    if variant["deal.exact_cut_bonus"] and draw(st.booleans()):
        data["exact_cuts"] = draw(st.integers(0, variant["players.team_size"]))
    return data


@st.composite
def variant_and_tally(draw: st.DrawFn, *, room: bool = False) -> tuple[str, dict[str, Any]]:
    variant_id = draw(IDS)
    return variant_id, draw(tallies(VARIANTS[variant_id], room=room))


def outcome(variant: Variant, data: Any) -> tuple[str, Any]:
    try:
        return ("scored", score_round(variant, data))
    except TallyError as error:
        return ("refused", (str(error), error.field))


# The lines add up.


@EVERY
@given(tallies(PAGAT))
def test_lines_sum_to_the_total_pagat(data: dict[str, Any]) -> None:
    result = score_round(PAGAT, data)
    assert sum(line["points"] for line in result["lines"]) == result["total"]


@EVERY
@given(variant_and_tally())
def test_lines_sum_to_the_total(pair: tuple[str, dict[str, Any]]) -> None:
    variant_id, data = pair
    variant = VARIANTS[variant_id]
    result = score_round(variant, data)
    assert sum(line["points"] for line in result["lines"]) == result["total"]
    assert result["lines"][-1]["points"] == -data["left"]
    # The bonus is counted only for a team that went out with the books the round needs.
    books = {kind.id: data.get(f"{kind.id}_books", 0) for kind in variant.book_kinds}
    counted = data["went_out"] and bool(check_go_out(variant, data["round"], books))
    assert ("Going out" in [line["label"] for line in result["lines"]]) == counted


# Counts and points.


@EVERY
@given(st.data())
def test_counts_form_and_points_form_agree(data: st.DataObject) -> None:
    variant = VARIANTS[data.draw(IDS)]
    base = data.draw(tallies(variant))
    melded = data.draw(counts(variant, GROUPS[:-1]))
    left = data.draw(counts(variant, GROUPS))
    values = values_of(variant)
    by_counts = {**base, "melded": melded, "left": left}
    by_points = {
        **base,
        "melded": sum(values[g] * n for g, n in melded.items()),
        "left": sum(values[g] * n for g, n in left.items()),
    }
    assert outcome(variant, by_counts) == outcome(variant, by_points)


@EVERY
@given(st.data())
def test_counts_form_and_points_form_agree_pagat(data: st.DataObject) -> None:
    base = data.draw(tallies(PAGAT))
    melded = data.draw(counts(PAGAT, GROUPS[:-1]))
    points = 50 * melded["jokers"] + 20 * (melded["twos"] + melded["aces"]) + 10 * melded["high"] + 5 * melded["low"]
    assert outcome(PAGAT, {**base, "melded": melded}) == outcome(PAGAT, {**base, "melded": points})


# One more book.


def outcome_labels(result: dict[str, Any]) -> list[str]:
    return [line["label"] for line in result["lines"]]


@EVERY
@given(variant_and_tally(room=True), st.data())
def test_one_more_book_never_lowers_the_total(pair: tuple[str, dict[str, Any]], data: st.DataObject) -> None:
    variant_id, tally = pair
    variant = VARIANTS[variant_id]
    kind = data.draw(st.sampled_from([kind for kind in variant.book_kinds if kind.id in {"clean", "dirty", "wild"}]))
    key = f"{kind.id}_books"
    more = {**tally, key: tally.get(key, 0) + 1}
    before = score_round(variant, tally)
    after = score_round(variant, more)
    assert after["total"] >= before["total"]
    # The book may also be the one going out was short of: then the going-out bonus comes with it.
    now_out = ("Going out" in outcome_labels(after)) and ("Going out" not in outcome_labels(before))
    bonus = variant.going_out_bonus(tally["round"]) if now_out else 0
    assert after["total"] == before["total"] + kind.value + bonus


@EVERY
@given(tallies(PAGAT, room=True), st.sampled_from(["clean_books", "dirty_books", "wild_books"]))
def test_one_more_book_never_lowers_the_total_pagat(tally: dict[str, Any], key: str) -> None:
    try:
        before = score_round(PAGAT, tally)
        after = score_round(PAGAT, {**tally, key: tally[key] + 1})
    except TallyError:
        assume(False)
        raise
    assert after["total"] > before["total"]


# Nothing but TallyError or VariantError escapes.


@st.composite
def any_tally(draw: st.DrawFn, variant: Variant) -> Any:
    """A real tally with some fields broken, or anything at all."""
    if draw(st.booleans()):
        return draw(json_values)
    tally = draw(tallies(variant))
    changes = draw(st.dictionaries(st.sampled_from(TALLY_KEYS) | keys, json_values, max_size=3))
    drops = draw(st.lists(st.sampled_from(TALLY_KEYS), max_size=2))
    broken = {**tally, **changes}
    for key in drops:
        broken.pop(key, None)
    return broken


@EVERY
@given(st.data())
def test_score_round_raises_only_tally_errors(data: st.DataObject) -> None:
    variant = VARIANTS[data.draw(IDS)]
    tally = data.draw(any_tally(variant))
    try:
        result = score_round(variant, tally)
    except TallyError:
        return
    assert isinstance(result["total"], int)
    assert sum(line["points"] for line in result["lines"]) == result["total"]


@EVERY
@given(st.data())
def test_score_game_raises_only_tally_errors(data: st.DataObject) -> None:
    variant = VARIANTS[data.draw(IDS)]
    if data.draw(st.booleans()):
        rounds = data.draw(json_values)
    else:
        count = data.draw(st.integers(0, 5))
        teams = data.draw(st.integers(1, 3))
        rounds = [
            [
                data.draw(any_tally(variant) | tallies(variant).map(lambda t, n=n: {**t, "round": n}))
                for _ in range(teams)
            ]
            for n in range(1, count + 1)
        ]
        if data.draw(st.booleans()):
            rounds = data.draw(st.lists(json_values | st.just(rounds), max_size=3)) + rounds
    with contextlib.suppress(TallyError):
        score_game(variant, rounds)


@st.composite
def variant_mappings(draw: st.DrawFn) -> Any:
    """A real variant's mapping with some values replaced, or anything at all."""
    if draw(st.integers(0, 3)) == 0:
        return draw(json_values)
    mapping = copy.deepcopy(VARIANTS[draw(IDS)].to_mapping())
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(["rule", "top", "provenance", "source"]))
        value = draw(json_values)
        # An earlier replacement may have turned a whole part into something that is not a mapping.
        if where == "rule" and isinstance(mapping.get("rules"), dict):
            section, key = draw(st.sampled_from([f.path for f in FIELDS])).split(".", 1)
            if isinstance(mapping["rules"].get(section), dict):
                mapping["rules"][section][key] = value
        elif where == "top":
            mapping[draw(st.sampled_from(VARIANT_KEYS) | keys)] = value
        elif where == "provenance" and isinstance(mapping.get("provenance"), dict):
            mapping["provenance"][draw(st.sampled_from([f.path for f in FIELDS]) | keys)] = value
        elif where == "source" and isinstance(mapping.get("sources"), dict):
            mapping["sources"][draw(st.sampled_from(sorted(mapping["sources"]) or ["x"]) | keys)] = value
    return mapping


def build(mapping: Any, bases: dict[str, Variant] | None) -> tuple[Variant | None, VariantError | None]:
    try:
        return Variant.from_mapping(mapping, "x.yaml", bases=bases), None
    except VariantError as error:
        return None, error


@EVERY
@given(variant_mappings(), st.booleans())
def test_from_mapping_raises_only_variant_errors(mapping: Any, with_bases: bool) -> None:
    variant, error = build(mapping, VARIANTS if with_bases else None)
    if error is not None:
        assert "\n" not in str(error)
        assert str(error).startswith("x.yaml: ")
    else:
        assert variant is not None
        assert Variant.from_mapping(variant.to_mapping()) == variant
