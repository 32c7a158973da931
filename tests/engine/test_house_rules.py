"""House rules as data: nines counted low, red threes never laid down, a house book that counts as a
clean or dirty book toward going out, decks tied to players, and the other tables each version's sources allow."""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import pytest

import handfoot
from handfoot import TallyError, Variant, VariantError, score_round
from handfoot.cards import parse_cards
from handfoot.describe import describe_variant, in_play
from handfoot.loading import load_variants
from handfoot.rules import check_go_out
from handfoot.scoring import group_limits
from handfoot.sheet_form import sheet_form
from handfoot.spec import FIELDS_BY_PATH
from handfoot.values import cards_value, group_labels
from handfoot.variant_file import variant_file
from sitebuild.site_content import build_pages, make_environment, rule_page, sheet_page
from testbench.paths import REPO_ROOT

VARIANTS = handfoot.load_variants(REPO_ROOT / "variants")
PAGAT = VARIANTS[handfoot.DEFAULT_VARIANT]


def house(**changes: Any) -> Variant:
    """Pagat partnership with ``changes`` (paths to values) on top."""
    return PAGAT.with_changes(changes, name="house")


def refusal(**changes: Any) -> str:
    with pytest.raises(VariantError) as excinfo:
        house(**changes)
    return str(excinfo.value)


def pages_of(variant: Variant | None = None) -> dict[str, str]:
    variants = {**VARIANTS, **({variant.id: variant} if variant else {})}
    built = build_pages(make_environment(REPO_ROOT / "templates"), variants, "variants")
    return {page.src_uri: page.markdown for page in built}


def tally(**values: Any) -> dict[str, Any]:
    base = {"round": 1, "clean_books": 0, "dirty_books": 0, "wild_books": 0, "red_threes": 0}
    return {**base, "red_threes_caught": 0, "melded": 0, "left": 0, "went_out": False, **values}


# Nines counted with the low cards.

NINES_LOW = {"card_values.eight": "low", "card_values.nine": "low"}


def test_nines_counted_low_score_as_low_cards() -> None:
    variant = house(**NINES_LOW)
    assert cards_value(variant, parse_cards("9H 9S 8D 10C")) == 5 + 5 + 5 + 10
    assert cards_value(PAGAT, parse_cards("9H 9S 8D 10C")) == 40
    labels = group_labels(variant)
    assert (labels["high"], labels["low"]) == ("Ten to king", "Four to nine")
    # Five decks hold 20 of each natural rank: four ranks from ten to king, six from four to nine.
    assert (group_limits(variant)["high"], group_limits(variant)["low"]) == (80, 120)
    left = {"jokers": 0, "twos": 0, "aces": 0, "high": 0, "low": 121, "black_threes": 0}
    with pytest.raises(TallyError, match="Four to nine: 121 is more than the 120 in the pack"):
        score_round(variant, tally(left=left))


def test_nines_low_with_eights_high_is_refused_naming_both_keys() -> None:
    message = refusal(**{"card_values.nine": "low"})
    assert message.startswith("house (house rules): card_values.nine: "), message
    assert "card_values.eight: low" in message


def test_nines_low_on_the_pages() -> None:
    variant = house(**NINES_LOW)
    pages = pages_of(variant)
    assert "| Ten to king | 10 |" in pages[rule_page(variant.id)]
    assert "| Four to nine | 5 |" in pages[rule_page(variant.id)]
    assert "| Four to nine | 5" in pages[sheet_page(variant.id)]


# Red threes that are never laid down.

NEVER_LAID = {"threes.red_laid_down": False, "threes.red_laid": 0}


def test_red_threes_never_laid_down_score_only_when_held() -> None:
    variant = house(**NEVER_LAID)
    held = tally(red_threes_caught=2, left=20, melded=50)
    del held["red_threes"]
    result = score_round(variant, held)
    assert [(line["label"], line["points"]) for line in result["lines"]] == [
        ("Cards melded", 50),
        ("2 red threes caught", -200),
        ("Cards left in hand and foot", -20),
    ]
    with pytest.raises(TallyError, match="never lay a red three down") as excinfo:
        score_round(variant, tally(red_threes=1))
    assert excinfo.value.field == "red_threes"


def test_red_threes_never_laid_down_have_no_keeper_field() -> None:
    keys = [field["key"] for field in sheet_form(house(**NEVER_LAID))["entry_fields"]]
    assert "red_threes" not in keys
    assert "red_threes_caught" in keys
    assert "red_threes" in [field["key"] for field in sheet_form(PAGAT)["entry_fields"]]


def test_red_threes_never_laid_down_refuse_a_value_for_laying_one() -> None:
    message = refusal(**{"threes.red_laid_down": False})
    assert message == (
        "house (house rules): threes.red_laid: no red three is laid down (threes.red_laid_down: false); expected 0"
    )
    message = refusal(**NEVER_LAID, **{"threes.red_laid_not_out": 50})
    assert message.startswith("house (house rules): threes.red_laid_not_out: "), message


def test_a_red_three_kept_in_hand_can_reach_the_pile() -> None:
    """Where red threes stay in the hand, one can be discarded, so "any three" and "a black three" differ."""
    variant = house(**NEVER_LAID)
    black = house(**NEVER_LAID, **{"pile.blocked_by": "black_three"})
    assert in_play(variant, "pile.blocked_by") != in_play(black, "pile.blocked_by")
    assert in_play(PAGAT, "pile.blocked_by") == "black_three"


def test_red_threes_never_laid_down_on_the_pages() -> None:
    variant = house(**NEVER_LAID)
    pages = pages_of(variant)
    page, sheet = pages[rule_page(variant.id)], pages[sheet_page(variant.id)]
    assert "Red threes are never laid down" in page
    assert "goes face up" not in page
    assert "Red three on the table" not in page
    assert "one red three on the table" not in page
    assert "red threes on the table as well" not in page
    assert "Red: never laid down; keep it like any card. −100 if still held at the end." in sheet
    assert "Red three on the table" not in sheet
    # The worked round still adds up: the caught-short team holds its red three in the foot.
    worked = describe_variant(variant, PAGAT)["worked"]["short"]
    assert worked["tally"]["red_threes"] == 0
    assert ("1 red three caught in the foot", -100) in [(x["label"], x["points"]) for x in worked["score"]["lines"]]


# A house book that counts as a clean or dirty book toward going out.

BLACK_THREES = {"black_threes": {"label": "black threes", "value": 2000, "counts_as": "dirty"}}


def test_a_house_book_counting_as_dirty_fills_a_dirty_need() -> None:
    variant = house(**{"books.extra": BLACK_THREES})
    needed = {"clean": 2, "dirty": 2, "wild": 1}
    assert variant.books_to_go_out(1) == needed
    assert check_go_out(variant, 1, {"clean": 2, "dirty": 1, "wild": 1, "black_threes": 1})
    short = check_go_out(variant, 1, {"clean": 2, "dirty": 0, "wild": 1, "black_threes": 1})
    assert not short
    assert short.reason == (
        "Going out in round 1 needs 2 clean, 2 dirty and 1 wild book; "
        "the team has 2 clean, 0 dirty, 1 wild and 1 black threes book."
    )
    # Without counts_as the same book does not help.
    plain = house(**{"books.extra": {"black_threes": {"label": "black threes", "value": 2000}}})
    assert not check_go_out(plain, 1, {"clean": 2, "dirty": 1, "wild": 1, "black_threes": 1})


def test_a_house_book_the_round_needs_fills_its_own_need_first() -> None:
    sevens = {"sevens": {"label": "sevens", "value": 1500, "counts_as": "clean"}}
    variant = house(**{"books.extra": sevens, "going_out.books": {"clean": 1, "sevens": 1}})
    assert not check_go_out(variant, 1, {"sevens": 1})
    assert check_go_out(variant, 1, {"sevens": 2})
    assert check_go_out(variant, 1, {"sevens": 1, "clean": 1})


def test_counts_as_round_trips_and_is_checked() -> None:
    variant = house(**{"books.extra": BLACK_THREES})
    assert Variant.from_mapping(variant.to_mapping()) == variant
    assert variant.to_mapping()["rules"]["books"]["extra"] == BLACK_THREES
    message = refusal(**{"books.extra": {"sevens": {"label": "sevens", "value": 1500, "counts_as": "wild"}}})
    assert message == (
        "house (house rules): books.extra.sevens.counts_as: expected clean, dirty, or no counts_as, got 'wild'"
    )
    assert FIELDS_BY_PATH["books.extra"].type.show(variant["books.extra"]) == (
        "black threes: 2,000, counting as a dirty book toward going out"
    )


def test_counts_as_on_the_pages() -> None:
    variant = house(**{"books.extra": BLACK_THREES})
    pages = pages_of(variant)
    assert (
        "| Black threes | a house book; it counts as a dirty book toward going out | 2,000 |"
        in pages[rule_page(variant.id)]
    )
    assert "Black threes book (7 cards; counts as dirty to go out) | 2,000" in pages[sheet_page(variant.id)]


# Decks tied to the number of players, and the other tables the sources allow.


def test_decks_follow_players_where_the_sources_say_so() -> None:
    assert {v.id: v["decks.more_than_players"] for v in VARIANTS.values()} == dict.fromkeys(VARIANTS, 1)
    stated = {v.id for v in VARIANTS.values() if v.provenance["decks.more_than_players"].stated}
    assert stated == {"pagat-partnership", "simpson"}
    message = refusal(**{"players.count": 6, "players.team_size": 3})
    assert message == (
        "house (house rules): decks.count: 6 players with decks.more_than_players 1 play with 7 decks; expected 7, or "
        "decks.more_than_players empty"
    )
    assert house(**{"players.count": 6, "players.team_size": 3, "decks.count": 7})["decks.count"] == 7
    assert house(**{"players.count": 6, "players.team_size": 3, "decks.more_than_players": None})


def test_pagat_lists_six_in_two_teams_and_two_to_six_alone() -> None:
    tables = describe_variant(PAGAT)["other_tables"]
    rows = [(r["players"], r["team_size"], r["seating"], r["decks"], r["cards"], r["stock"]) for r in tables["rows"]]
    assert rows == [
        (6, 3, "A\u00a0B\u00a0A\u00a0B\u00a0A\u00a0B", 7, 378, 378 - 6 * 26),
        (2, 1, "", 3, 162, 162 - 2 * 26),
        (3, 1, "", 4, 216, 216 - 3 * 26),
        (4, 1, "", 5, 270, 270 - 4 * 26),
        (5, 1, "", 6, 324, 324 - 5 * 26),
        (6, 1, "", 7, 378, 378 - 6 * 26),
    ]
    assert [entry["who"] for entry in tables["allowed"]] == [
        "6 players in teams of 3",
        "2, 3, 4, 5 or 6 players playing alone",
    ]
    assert tables["allowed"][0]["sources"][0] == "Hand and Foot (pagat.com), through a translation of pagat's text"


def test_the_rule_pages_show_the_other_tables_with_their_sources() -> None:
    pages = pages_of()
    page = pages[rule_page("pagat-partnership")]
    assert "| 6 | 2 teams of 3, seated A\u00a0B\u00a0A\u00a0B\u00a0A\u00a0B | 7 (378 cards) | 222 |" in page
    assert "| 2 | each alone | 3 (162 cards) | 110 |" in page
    assert "At a table of another size, use one deck more than there are players." in page
    assert "Allowed for 6 players in teams of 3 by Hand and Foot (pagat.com)" in page
    # Issue 37, item 12: teams of three sit alternately, and the partner rules are worded for them, marked assumed.
    assert "teams of three sit alternately, A B A B A B." in page
    assert "opposite each other at four" not in page
    assert (
        "Going out, the partner rules hold for both partners: both must have played from their foot, and both must "
        'say yes to "May I go out?".'
    ) in html.unescape(page)
    assert "we apply them to every partner." in page
    assert "The decks in the table follow the rule of thumb above" in page
    simpson = pages[rule_page("simpson")]
    assert "| 2 | each alone | 3 (162 cards) | 118 |" in simpson
    assert "Steve Simpson&#39;s sources allow other tables too, everyone playing alone." in simpson
    assert "teams of" not in simpson
    for variant_id in ("bicycle", "brouillette", "saskatchewan"):
        name = VARIANTS[variant_id].name
        assert (
            f"{name}&#39;s sources do not say how to play with another number of players."
            in pages[rule_page(variant_id)]
        )


def test_a_broken_tables_entry_names_its_place_and_what_is_allowed() -> None:
    data = PAGAT.to_mapping()
    data["tables"] = [{"players": 5, "team_size": 2, "stated": ["whitnack"]}]
    with pytest.raises(VariantError) as excinfo:
        Variant.from_mapping(data, "variants/house.yaml")
    assert str(excinfo.value) == ("variants/house.yaml: tables.1.players: 5 players cannot make two or more teams of 2")
    data["tables"] = [{"players": 6, "stated": ["nobody"]}]
    with pytest.raises(VariantError, match=r"^variants/house.yaml: tables.1: stated: unknown source 'nobody'"):
        Variant.from_mapping(data, "variants/house.yaml")
    data["tables"] = [{"players": 6, "seats": 3, "stated": ["whitnack"]}]
    with pytest.raises(VariantError, match=r"^variants/house.yaml: tables.1.seats: unknown key; allowed here: "):
        Variant.from_mapping(data, "variants/house.yaml")


# Games saved before these rules existed.


def test_a_game_saved_before_the_new_rules_reads_them_as_the_usual_values() -> None:
    data = PAGAT.to_mapping()
    for path in ("decks.more_than_players", "card_values.nine", "threes.red_laid_down"):
        section, key = path.split(".")
        del data["rules"][section][key]
        del data["provenance"][path]
    variant = Variant.from_mapping(data, "saved game")
    assert (variant["decks.more_than_players"], variant["card_values.nine"], variant["threes.red_laid_down"]) == (
        None,
        "high",
        True,
    )
    assert not variant.provenance["card_values.nine"].stated


def test_the_faq_says_who_else_can_play() -> None:
    faq = pages_of()["faq.md"]
    assert (
        "- **Pagat partnership**: 6 players in teams of 3; 2, 3, 4, 5 or 6 players playing alone, with one deck more "
        "than there are players." in faq
    )
    assert "- **Steve Simpson**: 2, 3, 5 or 6 players playing alone, with one deck more than there are players." in faq
    assert "- **Bicycle**: its sources do not say." in faq


def test_house_changes_are_put_on_a_version_by_handfoot_and_checked_as_a_file_is() -> None:
    """Issue 38: one way to put a table's changes on a version. A value a variant file could not hold is refused with
    the file's words; the rules changed are stated by the table; nothing changed and no name is the version itself."""
    assert PAGAT.with_changes({}) is PAGAT
    table = PAGAT.with_changes({"books.clean": 600}, name="Grandma's table", share_url="https://example.org/x")
    assert (table.id, table.name, table["books.clean"]) == ("grandma-s-table", "Grandma's table", 600)
    assert table.provenance["books.clean"].sources == ("house",)
    assert table.sources["house"].url == "https://example.org/x"
    assert table.provenance["books.dirty"] == PAGAT.provenance["books.dirty"]
    with pytest.raises(VariantError) as refused:
        PAGAT.with_changes({"pile.cards_needed": 9})
    assert str(refused.value) == (
        "Pagat partnership with house rules (house rules): pile.cards_needed: expected a whole number from 1 to 3, "
        "got 9"
    )
    with pytest.raises(VariantError, match=r"pile\.nope: unknown rule"):
        PAGAT.with_changes({"pile.nope": 1})


def test_a_tables_rules_download_as_a_variant_file_the_build_reads_back(tmp_path: Path) -> None:
    """The configurator's "Download as YAML" is written by handfoot: a person reads it, and dropped into variants/ it
    loads as the very same rules, names in any script included."""
    table = PAGAT.with_changes(
        {"books.clean": 600, "going_out.books": {"clean": 1, "dirty": 1}}, name="Grandma's täble ♥"
    )
    written = variant_file(table)
    assert written["file_name"] == "grandma-s-table.yaml"
    text = written["text"]
    assert text.startswith("# Grandma's täble ♥: house rules written with the Hand and Foot configurator.\n")
    assert "\nrules:\n" in text
    assert "\n  books:\n    clean: 600\n" in text
    assert "\nid:" not in text
    (tmp_path / written["file_name"]).write_text(text, encoding="utf-8")
    loaded = load_variants(tmp_path)["grandma-s-table"]
    assert loaded.to_mapping() == table.to_mapping()


def test_a_book_is_marked_as_the_rules_say_and_a_wild_book_only_where_there_is_one() -> None:
    """Issue 38: the page words the marking of a book from the rules, not from fixed text: Steve Simpson scores no wild
    book, so his page names none, and a table that turns a wild card in a dirty book reads that."""
    simpson = VARIANTS["simpson"]
    assert simpson["books.wild"] is None
    marking = pages_of(simpson)[rule_page(simpson.id)]
    assert "a red card on top of a clean book, a black card on top of a dirty one." in marking
    assert "wild one" not in marking
    assert "a joker on top of a wild one (a two if it holds no joker)" in pages_of(PAGAT)[rule_page(PAGAT.id)]
    turned = house(**{"melds.book_marking": "wild_turned"})
    assert (
        "a red card on top of a clean book, and one wild card turned in a dirty one."
        in (pages_of(turned)[rule_page(turned.id)])
    )


def test_the_deal_is_worded_by_its_method_with_the_counts_of_the_rules() -> None:
    cut = house(**{"deal.method": "self_cut", "turn.first_player": "agreed", "deal.exact_cut_bonus": 100})
    page = pages_of(cut)[rule_page(cut.id)]
    assert "Nobody deals: each player cuts about 26 cards from the stock" in page
    assert "A player who cuts exactly 26 cards on the first try scores 100." in page
    assert "Partners split the deal" in pages_of(PAGAT)[rule_page(PAGAT.id)]
