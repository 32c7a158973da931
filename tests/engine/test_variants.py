"""The five shipped variants: their key rules, round trips, provenance, and the exact errors of broken variant files."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from handfoot import DEFAULT_VARIANT, FIELDS, Variant, VariantError, load_variants
from handfoot.describe import PRINTED_SCORE_ROWS, describe_variant
from testbench.paths import REPO_ROOT

REPO = REPO_ROOT
VARIANT_IDS = ["bicycle", "brouillette", "pagat-partnership", "saskatchewan", "simpson"]


@pytest.fixture(scope="module")
def variants() -> dict[str, Variant]:
    return load_variants(REPO / "variants")


# The shipped variants.


def test_all_five_variants_load(variants: dict[str, Variant]) -> None:
    assert sorted(variants) == VARIANT_IDS
    for variant_id, variant in variants.items():
        assert variant.id == variant_id


def test_every_variant_sets_every_field(variants: dict[str, Variant]) -> None:
    for variant in variants.values():
        assert set(variant.rules) == {field.path for field in FIELDS}


def test_names(variants: dict[str, Variant]) -> None:
    names = {v.id: (v.name, v.short_name) for v in variants.values()}
    assert names == {
        "bicycle": ("Bicycle", "Bicycle"),
        "brouillette": ("Brouillette", "Brouillette"),
        "pagat-partnership": ("Pagat partnership", "Pagat"),
        "saskatchewan": ("Saskatchewan", "Saskatchewan"),
        "simpson": ("Steve Simpson", "Simpson"),
    }


def test_pagat_partnership_rules(variants: dict[str, Variant]) -> None:
    pagat = variants["pagat-partnership"]
    assert (pagat["players.count"], pagat["players.team_size"], pagat.teams) == (4, 2, 2)
    assert (pagat["decks.count"], pagat["decks.jokers"], pagat.pack.cards) == (5, 2, 270)
    assert (pagat["deal.hand_size"], pagat["deal.foot_size"]) == (13, 13)
    assert (pagat["books.clean"], pagat["books.dirty"], pagat["books.wild"]) == (500, 300, 1500)
    assert pagat.books_to_go_out(1) == {"clean": 2, "dirty": 2, "wild": 1}
    assert [pagat.opening_minimum(n) for n in (1, 2, 3, 4)] == [50, 90, 120, 150]
    assert pagat.going_out_bonus(1) == 100
    assert (pagat["threes.red_laid"], pagat["threes.red_caught"]) == (100, -100)
    assert pagat.round_count == 4
    assert pagat.has_wild_book


def test_bicycle_rules(variants: dict[str, Variant]) -> None:
    bicycle = variants["bicycle"]
    assert (bicycle["deal.hand_size"], bicycle["deal.foot_size"]) == (11, 11)
    assert bicycle["books.wild"] is None
    assert not bicycle.has_wild_book
    assert [kind.id for kind in bicycle.book_kinds] == ["clean", "dirty"]
    assert all(bicycle.books_to_go_out(n) == {"clean": 1, "dirty": 1} for n in (1, 2, 3, 4))
    assert bicycle["going_out.final_discard"] == "required"
    assert bicycle["melds.min_naturals"] == 4
    assert bicycle["pile.blocked_by"] == "black_three"
    assert bicycle["pile.needs_team_meld"] is True


def test_simpson_rules(variants: dict[str, Variant]) -> None:
    simpson = variants["simpson"]
    assert (simpson["books.clean"], simpson["books.dirty"]) == (300, 100)
    assert simpson["books.wild"] is None
    assert simpson["threes.red_laid"] == -500
    assert simpson["threes.red_caught"] == -500
    assert simpson["deal.exact_cut_bonus"] == 100
    assert simpson["deal.method"] == "cut_pass_foot"
    assert simpson["players.team_size"] == 1
    assert simpson.teams == 4
    assert simpson.books_to_go_out(1) == {"clean": 1, "dirty": 1}


def test_brouillette_books_differ_in_round_four(variants: dict[str, Variant]) -> None:
    brouillette = variants["brouillette"]
    for number in (1, 2, 3):
        assert brouillette.books_to_go_out(number) == {"clean": 2, "dirty": 2}
    assert brouillette.books_to_go_out(4) == {"clean": 2, "dirty": 2, "wild": 1}
    assert brouillette.books_to_go_out(3) != brouillette.books_to_go_out(4)


def test_saskatchewan_needs_one_book_of_each_kind(variants: dict[str, Variant]) -> None:
    saskatchewan = variants["saskatchewan"]
    assert saskatchewan.books_to_go_out(1) == {"clean": 1, "dirty": 1, "wild": 1}
    assert saskatchewan.books_to_go_out(4) == {"clean": 1, "dirty": 1, "wild": 1}
    assert saskatchewan["books.wild"] == 1500


def test_derived_variants_keep_the_rules_they_do_not_change(variants: dict[str, Variant]) -> None:
    pagat = variants["pagat-partnership"]
    for variant_id in ("bicycle", "brouillette", "saskatchewan", "simpson"):
        variant = variants[variant_id]
        assert variant.extends == "pagat-partnership"
        assert variant["card_values.joker"] == pagat["card_values.joker"] == 50
        assert variant["rounds.count"] == 4


@pytest.mark.parametrize("variant_id", VARIANT_IDS)
def test_round_trip_through_a_mapping(variants: dict[str, Variant], variant_id: str) -> None:
    variant = variants[variant_id]
    mapping = variant.to_mapping()
    again = Variant.from_mapping(mapping)
    assert again == variant
    assert again.rules == variant.rules
    assert dict(again.provenance) == dict(variant.provenance)


@pytest.mark.parametrize("variant_id", VARIANT_IDS)
def test_to_mapping_is_json(variants: dict[str, Variant], variant_id: str) -> None:
    mapping = variants[variant_id].to_mapping()
    text = json.dumps(mapping)
    assert Variant.from_mapping(json.loads(text)) == variants[variant_id]


def test_variants_differ_from_each_other(variants: dict[str, Variant]) -> None:
    ids = list(variants)
    for i, first in enumerate(ids):
        for second in ids[i + 1 :]:
            assert variants[first] != variants[second]


# Provenance.


def test_every_field_has_provenance_in_every_variant(variants: dict[str, Variant]) -> None:
    for variant in variants.values():
        missing = [field.path for field in FIELDS if field.path not in variant.provenance]
        assert missing == [], variant.id


def test_stated_entries_cite_known_sources(variants: dict[str, Variant]) -> None:
    for variant in variants.values():
        for path, entry in variant.provenance.items():
            assert entry.status in {"stated", "assumed"}, (variant.id, path)
            if entry.stated:
                assert entry.sources, (variant.id, path)
                assert set(entry.sources) <= set(variant.sources), (variant.id, path)
            else:
                assert entry.basis, (variant.id, path)
                assert entry.note.strip(), (variant.id, path)


def test_derived_variants_state_only_from_their_own_sources(variants: dict[str, Variant]) -> None:
    cited = {v.id: {s for e in v.provenance.values() for s in e.sources} for v in variants.values()}
    assert cited == {
        "bicycle": {"bicycle"},
        "brouillette": {"brouillette"},
        "pagat-partnership": {"pagat", "whitnack"},
        "saskatchewan": {"pagat-saskatchewan"},
        "simpson": {"simpson", "pagat-simpson"},
    }


def test_saskatchewan_assumes_everything_but_its_books(variants: dict[str, Variant]) -> None:
    saskatchewan = variants["saskatchewan"]
    for field in FIELDS:
        entry = saskatchewan.provenance[field.path]
        if field.path == "going_out.books":
            assert entry.stated
            assert entry.sources == ("pagat-saskatchewan",)
        else:
            assert entry.status == "assumed", field.path
            assert entry.basis == "pagat-partnership", field.path


def test_inherited_unstated_rules_say_where_they_come_from(variants: dict[str, Variant]) -> None:
    entry = variants["brouillette"].provenance["deal.hand_size"]
    assert entry.status == "assumed"
    assert entry.basis == "pagat-partnership"
    assert "Pagat partnership" in entry.note


def test_known_conflicts(variants: dict[str, Variant]) -> None:
    pagat = variants["pagat-partnership"]
    assert {path for path, entry in pagat.provenance.items() if entry.conflict} == {"deal.upcard_buried"}
    assert pagat.provenance["deal.upcard_buried"].conflict.strip()
    # Issue 37, item 9: the seed's FAQ ("a two or a joker cannot stand in for either one") is about a wild card in
    # the pair, and the same page lets two matching wild cards take a wild top card: the sources agree.
    assert not pagat.provenance["pile.wild_top"].conflict
    assert "seed-pages" in pagat.provenance["pile.wild_top"].through
    assert variants["simpson"].provenance["going_out.books"].conflict.strip()


# Broken variant files: each error is one exact line naming the file, the key and what is allowed.

PAGAT_HEADER = "extends: pagat-partnership\nname: Bicycle\nsummary: A test variant.\n"
SOURCES = "sources:\n  bicycle: {title: Bicycle, url: 'https://bicyclecards.com/how-to-play/hand-and-foot'}\n"


def _folder(tmp_path: Path, files: dict[str, str], *, with_pagat: bool = True) -> Path:
    folder = tmp_path / "variants"
    folder.mkdir()
    if with_pagat:
        shutil.copy(REPO / "variants" / "pagat-partnership.yaml", folder)
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def _error(tmp_path: Path, files: dict[str, str], *, with_pagat: bool = True) -> VariantError:
    folder = _folder(tmp_path, files, with_pagat=with_pagat)
    with pytest.raises(VariantError) as excinfo:
        load_variants(folder)
    error = excinfo.value
    assert isinstance(error, ValueError)
    assert "\n" not in str(error)
    return error


def _bicycle_error(tmp_path: Path, body: str) -> str:
    return str(_error(tmp_path, {"bicycle.yaml": PAGAT_HEADER + SOURCES + body}))


def test_a_valid_derived_file_loads(tmp_path: Path) -> None:
    body = "rules:\n  deal: {hand_size: 11}\nprovenance:\n  deal.hand_size: {stated: [bicycle]}\n"
    loaded = load_variants(_folder(tmp_path, {"bicycle.yaml": PAGAT_HEADER + SOURCES + body}))
    assert loaded["bicycle"]["deal.hand_size"] == 11
    assert loaded["bicycle"].provenance["deal.hand_size"].sources == ("bicycle",)


def test_wrong_type(tmp_path: Path) -> None:
    body = "rules:\n  deal: {hand_size: eleven}\nprovenance:\n  deal.hand_size: {stated: [bicycle]}\n"
    error = _error(tmp_path, {"bicycle.yaml": PAGAT_HEADER + SOURCES + body})
    assert str(error) == "variants/bicycle.yaml: deal.hand_size: expected a whole number from 5 to 30, got 'eleven'"
    assert (error.source, error.path) == ("variants/bicycle.yaml", "deal.hand_size")


def test_unknown_key(tmp_path: Path) -> None:
    body = "rules:\n  deal: {hand_sise: 11}\n"
    assert _bicycle_error(tmp_path, body) == (
        "variants/bicycle.yaml: rules.deal.hand_sise: unknown key; "
        "allowed here: hand_size, foot_size, growth, method, exact_cut_bonus, upcard_buried"
    )


def test_unknown_top_level_key(tmp_path: Path) -> None:
    body = "rulez: {}\n"
    assert _bicycle_error(tmp_path, body) == (
        "variants/bicycle.yaml: rulez: unknown key; "
        "allowed here: id, name, short_name, summary, extends, sources, rules, provenance, tables, notes"
    )


def test_out_of_range_value(tmp_path: Path) -> None:
    body = "rules:\n  deal: {hand_size: 31}\nprovenance:\n  deal.hand_size: {stated: [bicycle]}\n"
    assert _bicycle_error(tmp_path, body) == (
        "variants/bicycle.yaml: deal.hand_size: expected a whole number from 5 to 30, got 31"
    )


def test_true_is_not_a_number(tmp_path: Path) -> None:
    body = "rules:\n  deal: {hand_size: true}\nprovenance:\n  deal.hand_size: {stated: [bicycle]}\n"
    assert _bicycle_error(tmp_path, body) == (
        "variants/bicycle.yaml: deal.hand_size: expected a whole number from 5 to 30, got true"
    )


def test_missing_provenance_for_an_overridden_value(tmp_path: Path) -> None:
    body = "rules:\n  deal: {hand_size: 11}\n"
    assert _bicycle_error(tmp_path, body) == (
        "variants/bicycle.yaml: provenance.deal.hand_size: missing; "
        "say which source states this value, or why it is assumed"
    )


def test_unknown_source_in_provenance(tmp_path: Path) -> None:
    body = "rules:\n  deal: {hand_size: 11}\nprovenance:\n  deal.hand_size: {stated: [bicylce]}\n"
    assert _bicycle_error(tmp_path, body) == (
        "variants/bicycle.yaml: provenance.deal.hand_size: stated: unknown source 'bicylce'; "
        "sources are bicycle, content-audit, pagat, pagat-copy, pagat-translation, rules-guide, seed-pages, "
        "tablescore, whitnack"
    )


def test_yaml_syntax_error_is_one_line_naming_the_line(tmp_path: Path) -> None:
    text = "name: Bicycle\n\tsummary: x\n"
    error = _error(tmp_path, {"bicycle.yaml": text})
    assert str(error) == (
        "variants/bicycle.yaml: not valid YAML at line 2, column 1: found character '\\t' that cannot start any token"
    )


def test_extends_an_unknown_id(tmp_path: Path) -> None:
    text = PAGAT_HEADER.replace("pagat-partnership", "hoyle") + SOURCES
    assert str(_error(tmp_path, {"bicycle.yaml": text})) == (
        "variants/bicycle.yaml: extends: expected the id of another variant (pagat-partnership), got 'hoyle'"
    )


def test_extends_an_unknown_id_lists_the_known_ids_whatever_the_file_order(tmp_path: Path) -> None:
    text = PAGAT_HEADER.replace("pagat-partnership", "hoyle") + SOURCES
    assert str(_error(tmp_path, {"zz-house.yaml": text})) == (
        "variants/zz-house.yaml: extends: expected the id of another variant (pagat-partnership), got 'hoyle'"
    )


def test_extends_that_is_not_text(tmp_path: Path) -> None:
    text = PAGAT_HEADER.replace("pagat-partnership", "[pagat-partnership]") + SOURCES
    error = _error(tmp_path, {"bicycle.yaml": text})
    assert error.path == "extends"
    assert "['pagat-partnership']" in str(error)


def test_extends_in_a_circle(tmp_path: Path) -> None:
    first = "extends: simpson\nname: Bicycle\nsummary: s\n" + SOURCES
    second = "extends: bicycle\nname: Simpson\nsummary: s\n" + SOURCES
    error = _error(tmp_path, {"bicycle.yaml": first, "simpson.yaml": second})
    assert str(error) == "variants/bicycle.yaml: extends: goes round in a circle: bicycle -> simpson -> bicycle"


def test_extends_itself(tmp_path: Path) -> None:
    text = "extends: bicycle\nname: Bicycle\nsummary: s\n" + SOURCES
    error = _error(tmp_path, {"bicycle.yaml": text})
    assert str(error) == "variants/bicycle.yaml: extends: goes round in a circle: bicycle -> bicycle"


def test_deal_larger_than_the_decks(tmp_path: Path) -> None:
    body = (
        "rules:\n  decks: {count: 2}\n  deal: {hand_size: 14, foot_size: 14}\n"
        "provenance:\n  decks.count: {stated: [bicycle]}\n  deal: {stated: [bicycle]}\n"
    )
    assert _bicycle_error(tmp_path, body) == (
        "variants/bicycle.yaml: deal.hand_size: 4 players × (14 + 14) cards = 112 dealt, "
        "but 2 decks hold only 108 cards and the stock needs at least one"
    )


def test_deal_larger_than_one_deck_reads_in_the_singular(tmp_path: Path) -> None:
    body = "rules:\n  decks: {count: 1}\nprovenance:\n  decks.count: {stated: [bicycle]}\n"
    assert _bicycle_error(tmp_path, body) == (
        "variants/bicycle.yaml: deal.hand_size: 4 players × (13 + 13) cards = 104 dealt, "
        "but 1 deck holds only 54 cards and the stock needs at least one"
    )


def test_deal_that_leaves_no_stock(tmp_path: Path) -> None:
    # 4 × (13 + 14) = 108 cards is exactly two decks with jokers: nothing is left to draw.
    body = (
        "rules:\n  decks: {count: 2}\n  deal: {foot_size: 14}\n"
        "provenance:\n  decks.count: {stated: [bicycle]}\n  deal.foot_size: {stated: [bicycle]}\n"
    )
    assert "= 108 dealt, but 2 decks hold only 108 cards" in _bicycle_error(tmp_path, body)


def test_wild_limit_that_makes_a_dirty_book_impossible(tmp_path: Path) -> None:
    body = "rules:\n  melds: {min_naturals: 7}\nprovenance:\n  melds.min_naturals: {stated: [bicycle]}\n"
    assert _bicycle_error(tmp_path, body) == (
        "variants/bicycle.yaml: melds.min_naturals: a dirty book would be impossible: a book holds only 7 cards"
    )


def test_more_books_to_go_out_than_the_decks_can_make(tmp_path: Path) -> None:
    body = "rules:\n  going_out: {books: {clean: 20, dirty: 16}}\nprovenance:\n  going_out.books: {stated: [bicycle]}\n"
    assert _bicycle_error(tmp_path, body) == (
        "variants/bicycle.yaml: going_out.books: 36 books need 252 cards, more than 5 decks can meld"
    )


def test_more_wild_books_to_go_out_than_the_decks_can_make(tmp_path: Path) -> None:
    body = "rules:\n  going_out: {books: {wild: 5}}\nprovenance:\n  going_out.books: {stated: [bicycle]}\n"
    assert _bicycle_error(tmp_path, body) == (
        "variants/bicycle.yaml: going_out.books: wild: 5 decks can make at most 4 wild books"
    )


def test_per_round_list_of_the_wrong_length(tmp_path: Path) -> None:
    body = "rules:\n  opening: {minimums: [50, 90, 120]}\nprovenance:\n  opening.minimums: {stated: [bicycle]}\n"
    assert _bicycle_error(tmp_path, body) == (
        "variants/bicycle.yaml: opening.minimums: "
        "expected one value for every round or a list of 4 (one per round), got 3"
    )


def test_wild_book_required_where_there_is_none(tmp_path: Path) -> None:
    # pagat's going_out.books (2 clean, 2 dirty, 1 wild) is inherited, but this file removes the wild book.
    body = "rules:\n  books: {wild: null}\nprovenance:\n  books.wild: {stated: [bicycle]}\n"
    assert _bicycle_error(tmp_path, body) == (
        "variants/bicycle.yaml: going_out.books: wild: no such book in these rules; books here: clean, dirty"
    )


def test_wild_book_required_in_one_round_names_the_round(tmp_path: Path) -> None:
    body = (
        "rules:\n  books: {wild: null}\n  going_out:\n    books: [{clean: 1}, {clean: 1}, {clean: 1}, {wild: 1}]\n"
        "provenance:\n  books.wild: {stated: [bicycle]}\n  going_out.books: {stated: [bicycle]}\n"
    )
    message = _bicycle_error(tmp_path, body)
    assert message.startswith("variants/bicycle.yaml: going_out.books[4]: wild: no such book in these rules")


def test_choice_given_a_list(tmp_path: Path) -> None:
    body = "rules:\n  deal: {method: [dealt]}\nprovenance:\n  deal.method: {stated: [bicycle]}\n"
    error = _error(tmp_path, {"bicycle.yaml": PAGAT_HEADER + SOURCES + body})
    assert error.path == "deal.method"
    assert str(error) == (
        "variants/bicycle.yaml: deal.method: expected one of dealt, self_cut, cut_pass_foot, got ['dealt']"
    )


def test_several_given_a_nested_list(tmp_path: Path) -> None:
    body = "rules:\n  deal: {upcard_buried: [[red_three]]}\nprovenance:\n  deal.upcard_buried: {stated: [bicycle]}\n"
    error = _error(tmp_path, {"bicycle.yaml": PAGAT_HEADER + SOURCES + body})
    assert error.path == "deal.upcard_buried"
    assert str(error).startswith("variants/bicycle.yaml: deal.upcard_buried: expected a list of red_three, two, ")


def test_file_name_and_id_must_agree(tmp_path: Path) -> None:
    text = "id: simpson\n" + PAGAT_HEADER + SOURCES
    assert str(_error(tmp_path, {"bicycle.yaml": text})) == (
        "variants/bicycle.yaml: id: expected the file name's stem 'bicycle', got 'simpson'"
    )


def test_empty_folder(tmp_path: Path) -> None:
    error = _error(tmp_path, {}, with_pagat=False)
    assert str(error) == "variants/: no *.yaml variant files found"


def test_a_rule_missing_from_a_base_variant(tmp_path: Path) -> None:
    text = (REPO / "variants" / "pagat-partnership.yaml").read_text(encoding="utf-8")
    text = text.replace(
        "  turn: {first_player: hand_dealer_left, next_round: left, draw: 2, red_threes_dealt: before_play}\n",
        "  turn: {first_player: hand_dealer_left, next_round: left, red_threes_dealt: before_play}\n",
    )
    assert "turn: {first_player: hand_dealer_left, next_round: left, red_threes_dealt: before_play}" in text
    error = _error(tmp_path, {"pagat-partnership.yaml": text}, with_pagat=False)
    assert str(error) == ("variants/pagat-partnership.yaml: turn.draw: missing; expected a whole number from 1 to 4")


def test_a_game_to_a_target_score_prints_blank_rows_to_fill(variants: dict[str, Variant]) -> None:
    published = variants[DEFAULT_VARIANT]
    mapping = published.to_mapping()
    mapping["rules"]["rounds"] = {"count": None, "target_score": 10_000}
    to_target = Variant.from_mapping(mapping)
    listed = [str(n) for n in range(1, to_target.listed_rounds + 1)]
    assert listed == ["1", "2", "3", "4"]
    assert describe_variant(to_target)["score_rows"] == listed + [""] * (PRINTED_SCORE_ROWS - len(listed))
    assert describe_variant(published)["score_rows"] == listed


def test_no_wild_book_and_a_wild_top_taken_with_a_wild_pair_contradict(tmp_path: Path) -> None:
    body = (
        "rules:\n  books: {wild: null}\n  pile: {wild_top: matching_wild_pair}\n  going_out:\n    books: {clean: 1}\n"
        "provenance:\n  books.wild: {stated: [bicycle]}\n  pile.wild_top: {stated: [bicycle]}\n"
        "  going_out.books: {stated: [bicycle]}\n"
    )
    assert _bicycle_error(tmp_path, body) == (
        "variants/bicycle.yaml: pile.wild_top: a wild top card taken with a matching wild pair makes a meld of wild "
        "cards only, which books.wild: null forbids; expected never, or a value for books.wild"
    )


def test_a_house_book_reads_as_a_kind_of_book(tmp_path: Path) -> None:
    body = (
        "rules:\n  books: {extra: {sevens: {label: sevens, value: 1500}}}\n"
        "  going_out:\n    books: {clean: 2, dirty: 2, wild: 1, sevens: 1}\n"
        "provenance:\n  books.extra: {stated: [bicycle]}\n  going_out.books: {stated: [bicycle]}\n"
    )
    house = load_variants(_folder(tmp_path, {"bicycle.yaml": PAGAT_HEADER + SOURCES + body}))["bicycle"]
    assert house.books_to_go_out_phrase(1) == "2 clean, 2 dirty, 1 wild and 1 sevens book"
    labelled = body.replace("label: sevens", "label: Book of sevens")
    (tmp_path / "2").mkdir()
    assert _bicycle_error(tmp_path / "2", labelled) == (
        "variants/bicycle.yaml: books.extra.sevens.label: expected the kind's name without the word book, as pages "
        "add it (sevens reads \"1 sevens book\"), got 'Book of sevens'"
    )


def test_rules_saved_before_the_procedure_rules_read_as_the_usual_ones(variants: dict[str, Variant]) -> None:
    """A game the keeper saved before these rules existed holds a mapping without them; it still loads."""
    for variant_id, expected in {"pagat-partnership": "dealer_left", "simpson": "agreed"}.items():
        data = variants[variant_id].to_mapping()
        data.pop("extends", None)
        for path in ("turn.first_player", "melds.book_marking", "foot.announce", "threes.black_caught_in_foot"):
            section, key = path.split(".")
            del data["rules"][section][key]
            data["provenance"].pop(path, None)
        old = Variant.from_mapping(data, "saved game")
        assert old["turn.first_player"] == expected
        assert (old["melds.book_marking"], old["foot.announce"]) == ("top_card", False)
        assert not old.provenance["foot.announce"].stated
        assert "saved before the site recorded this rule" in old.provenance["foot.announce"].note
        assert old["books.clean"] == variants[variant_id]["books.clean"]


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        (
            "  turn: {first_player: agreed}\n",
            "turn.first_player: the hands are dealt (deal.method: dealt); expected dealer_left or hand_dealer_left",
        ),
        ("  deal: {method: self_cut}\n", "turn.first_player: nobody deals with deal.method self_cut; expected agreed"),
        (
            "  players: {team_size: 1}\n  going_out: {ask_partner: false, partner_in_foot: false}\n",
            "turn.first_player: no partner deals the hands when everyone plays alone; expected dealer_left",
        ),
    ],
)
def test_who_plays_first_fits_the_deal(tmp_path: Path, rules: str, message: str) -> None:
    keys = [line.split(":")[0].strip() for line in rules.splitlines()]
    provenance = "".join(f"  {key}: {{stated: [bicycle]}}\n" for key in keys)
    body = "rules:\n" + rules + "provenance:\n" + provenance
    assert _bicycle_error(tmp_path, body) == f"variants/bicycle.yaml: {message}"
