"""How the comparison words what it shows: its house rules table against seed 000's, rules by round with their own
marks, rules that never come up said to, and the How they play ranges."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

import handfoot
from handfoot.describe import compare_rows
from handfoot.errors import VariantError
from handfoot.house_table import often_changed
from sitebuild.simulations import how_they_play
from sitebuild.site_content import build_pages, make_environment
from testbench.paths import REPO_ROOT

VARIANTS = handfoot.load_variants(REPO_ROOT / "variants")
DEFAULT = VARIANTS["pagat-partnership"]
MARK = '<span class="hf-assumed">*'
DASH = "\u2013"  # between a range's ends


@pytest.fixture(scope="module")
def compare() -> str:
    built = build_pages(make_environment(REPO_ROOT / "templates"), VARIANTS, "variants")
    return next(page.markdown for page in built if page.src_uri == "compare.md")


def _text(markdown: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", markdown))


def _house_table(compare: str) -> dict[str, tuple[str, str]]:
    section = compare.split("## The house rules tables change most", 1)[1].split("\n## ", 1)[0]
    rows = [line.strip("|").split(" | ") for line in section.splitlines() if line.startswith("| ")]
    return {cells[0].strip(): (cells[1].strip(), cells[2].strip()) for cells in rows[1:]}


# Seed 000's "House rules" table: what the partnership game plays and what other tables play instead.
SEED_000_HOUSE_RULES = {
    "Decks": ("5 for 4 players", ["1 more than the players"]),
    "Cards in the hand and the foot": ("13 and 13", ["11 and 11", "11 and 13"]),
    "Cards taken from the discard pile": ("the top 7", ["the whole pile"]),
    "Books needed to go out": ("2 clean, 2 dirty and 1 wild book", ["1 clean and 1 dirty book"]),
    "Red three caught in hand or foot": ("−100", ["−500"]),
    "Clean and dirty books": ("clean 500 points, dirty 300 points", ["clean 300 points, dirty 100 points"]),
}


def test_the_house_rules_table_gives_what_seed_000_says_other_tables_play(compare: str) -> None:
    table = _house_table(compare)
    assert set(table) == set(SEED_000_HOUSE_RULES)
    for label, (default, others) in SEED_000_HOUSE_RULES.items():
        shown_default, shown_others = table[label]
        assert default in shown_default, label
        for other in others:
            assert other in _text(shown_others), f"{label}: seed 000 says other tables play {other}"
        assert "the same" not in shown_others, label


def test_the_versions_named_beside_a_house_rule_play_it(compare: str) -> None:
    table = _house_table(compare)
    costly = [v.short_name for v in VARIANTS.values() if v["threes.red_caught"] == -500]
    assert _text(table["Red three caught in hand or foot"][1]) == f"−500 ({', '.join(costly)})"
    whole = [v.short_name for v in VARIANTS.values() if v["pile.take"] is None]
    assert _text(table["Cards taken from the discard pile"][1]) == "the whole pile" + (
        f" ({', '.join(whole)})" if whole else ""
    )
    # A version whose sources do not state the rule it plays is marked, as everywhere on the page.
    decks = table["Decks"][1].replace("&#42;", "*")
    for v in VARIANTS.values():
        stated = v.provenance["decks.more_than_players"].stated
        assert (f"{v.short_name}{MARK}" in decks) is not stated, v.short_name


def _cell(compare: str, path: str, variant_id: str) -> str:
    row = re.search(rf'<tr data-path="{re.escape(path)}">.*?</tr>', compare)
    assert row, path
    cell = re.search(rf'<td data-variant="{variant_id}"[^>]*>(.*?)</td>', row.group(0))
    assert cell, (path, variant_id)
    return cell.group(1)


def test_brouillettes_round_4_books_carry_the_mark_the_rule_page_gives_them(compare: str) -> None:
    origin = VARIANTS["brouillette"].provenance["going_out.books"]
    assert origin.stated
    assert origin.unstated_rounds == (4,)
    cell = _cell(compare, "going_out.books", "brouillette")
    stated, unstated = cell.split("; round 4: ", 1)
    assert _text(stated).startswith("rounds 1 to 3: 2 clean and 2 dirty books")
    assert MARK not in stated, "rounds 1 to 3 are stated"
    assert _text(unstated).startswith("2 clean, 2 dirty and 1 wild book*"), cell
    assert " / " not in _text(cell)


NEVER_ARISE = ("pile.red_three_taken", "round_end.reshuffle_stock_left")


@pytest.mark.parametrize("path", NEVER_ARISE)
def test_a_rule_that_never_comes_up_shows_no_value(compare: str, path: str) -> None:
    for v in VARIANTS.values():
        cell = _cell(compare, path, v.id)
        assert _text(cell).removesuffix(" (differs)") == "never comes up", (v.id, cell)
        assert MARK not in cell
    footnote = compare.split('Where a cell says "never comes up"', 1)[1].split("\n\n## ", 1)[0]
    assert "only a black three ever\nreaches the pile" in compare, "the footnote on threes says why"
    red, reshuffle = (
        next(line for line in footnote.splitlines() if label in line) for label in ("red three taken", "new stock")
    )
    assert "no red three reaches the discard pile (every version)" in _text(red)
    assert "the discard pile never makes a new stock (every version)" in _text(reshuffle)


def test_a_rule_shows_its_value_where_a_house_rule_lets_it_come_up() -> None:
    house = DEFAULT.with_changes({"round_end.stock_out": "reshuffle"})
    row = next(r for r in compare_rows([DEFAULT, house], DEFAULT) if r["path"] == "round_end.reshuffle_stock_left")
    assert row["cells"][0]["text"] == "never comes up"
    assert row["cells"][1]["text"] == "shuffled in with the discard pile's cards"
    assert row["cells"][1]["differs"]


def test_no_range_reads_as_a_margin_of_nothing() -> None:
    plays = how_they_play(VARIANTS, REPO_ROOT / "simulations" / "how-they-play.json", "cached")
    assert plays is not None
    built = build_pages(make_environment(REPO_ROOT / "templates"), VARIANTS, "variants", how_they_play=plays)
    for page in built:
        assert "±" not in page.markdown, page.src_uri
        for low, high in re.findall(
            rf'hf-plays__margin" aria-hidden="true">([^<{DASH}]+){DASH}([^<]+)<', page.markdown
        ):
            assert low.removesuffix("%") != high.removesuffix("%"), (page.src_uri, low, high)


@pytest.mark.parametrize(
    ("broken", "message"),
    [
        (
            {
                "often_changed": [
                    {
                        "label": "Decks",
                        "words": "{decks.count}",
                        "instead": [{"changes": {"decks.cnt": 1}, "words": "x"}],
                    }
                ]
            },
            "variants/house-rules/often-changed.yaml: often_changed[0].instead[0].changes.decks.cnt: "
            "expected a rule's spec path",
        ),
        (
            {"often_changed": [{"label": "Decks", "words": "{decks}", "instead": []}]},
            "variants/house-rules/often-changed.yaml: often_changed[0].words: {decks} is not a rule's spec path",
        ),
        (
            {"often_changed": "Decks"},
            "variants/house-rules/often-changed.yaml: often_changed: expected a list of rules",
        ),
    ],
)
def test_a_broken_house_rules_table_names_its_file_and_key(broken: dict[str, Any], message: str) -> None:
    with pytest.raises(VariantError) as caught:
        often_changed(broken, "variants/house-rules/often-changed.yaml")
    assert str(caught.value) == message
