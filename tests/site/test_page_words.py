"""The rule page's sections worded by handfoot (handfoot/page_words), read on the rule page and the sheet as a player
reads them, for published versions and for house rules the configurator can make: a pack without jokers, the whole
pile, one card drawn, red threes kept in the hand."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

import handfoot
from handfoot.describe import describe_variant
from handfoot.page_words import page_words
from handfoot.variant import Variant
from handfoot.words import format_number
from sitebuild.site_content import make_environment
from testbench.paths import REPO_ROOT

VARIANTS = handfoot.load_variants(REPO_ROOT / "variants")
PAGAT = VARIANTS[handfoot.DEFAULT_VARIANT]
ENV = make_environment(REPO_ROOT / "templates")


def house(**changes: Any) -> Variant:
    """Pagat partnership with ``changes`` (paths with "__" for ".") on top, as the configurator makes house rules."""
    return PAGAT.with_changes({path.replace("__", "."): value for path, value in changes.items()}, name="house")


def render(variant: Variant, template: str) -> str:
    """The rule page's body or the sheet of ``variant`` as plain text: what a player reads."""
    markdown = ENV.get_template(f"partials/{template}.md.j2").render(v=describe_variant(variant, PAGAT))
    return html.unescape(re.sub(r"<[^>]+>", "", markdown))


def section(text: str, heading: str) -> str:
    return text.split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0].strip()


def lede(sheet: str) -> str:
    """The sheet's first line under its title: the table, the pack, the deal, the turn and the wild cards."""
    return sheet.split(": table rule sheet\n\n", 1)[1].split("\n", 1)[0]


def test_a_pack_without_jokers_says_twos_are_wild_on_the_page_and_the_sheet() -> None:
    rules = house(decks__jokers=0, deal__upcard_buried=["red_three", "joker"])
    page = render(rules, "rule_body")
    needs = section(page, "What you need")
    assert "without jokers" in needs
    assert "Twos are wild" in needs
    assert f"{rules.pack.wild_cards} wild cards in all" in needs
    # The first upcard and a wild card on top name only cards this pack holds.
    for heading in ("What you need", "The deal", "Your turn", "Picking up the discard pile", "Melds and books"):
        assert "joker" not in section(page, heading).replace("without jokers", "").lower(), heading
    assert "If that first upcard is a red three, bury it" in section(page, "The deal")
    line = lede(render(rules, "sheet_body"))
    assert line.endswith("· twos wild"), line
    assert "joker" not in line.lower()


def _without_sources_notes(text: str) -> str:
    """A page's words less what its sources' notes quote ("Sources differ: … a red three or a joker"): those are
    Pagat's sources speaking of their own pack."""
    return re.sub(r"Sources differ:[^\n]*?we follow them\.", "", text)


def test_a_pack_without_jokers_never_speaks_of_a_joker_card_on_its_page_or_sheet() -> None:
    rules = house(decks__jokers=0)
    page, sheet = render(rules, "rule_body"), render(rules, "sheet_body")
    for name, text in (("page", page), ("sheet", sheet)):
        said = _without_sources_notes(text).replace("without jokers", "").lower()
        assert "joker" not in said, (name, said[max(said.find("joker") - 120, 0) : said.find("joker") + 40])
    # The scoring tables have no row for a card the pack lacks; a wild card on top is a pair of twos.
    assert "| Jokers |" not in page
    assert "| Jokers |" not in sheet
    assert "Wild on top: only with two matching wild cards (two twos for a two)." in sheet


def test_the_worked_round_without_jokers_holds_a_two_and_adds_up() -> None:
    """Seed 001's side B caught short holds a queen, a seven and a two where there is no joker: 10 + 5 + 20 = 35
    in Pagat's values, and its unplayed foot 95, so the cards left cost 130."""
    worked = section(render(house(decks__jokers=0), "rule_body"), "A worked round")
    assert "holds a queen, a seven and a two (Q 7 2: 35)." in worked
    assert "caught holding 35 points of cards" in worked
    short = worked.split("**Caught short**", 1)[1]
    rows = [row.split("|")[1:3] for row in short.splitlines() if row.count("|") == 3]
    lines = {label.strip(): points.strip() for label, points in rows if points.strip() not in ("Points", "---:")}
    assert lines["Cards left in hand and foot"] == format_number(-(35 + 95))
    parts = [
        int(points.replace("\u2212", "-").replace(",", "")) for label, points in lines.items() if "**" not in label
    ]
    total = sum(parts)
    assert lines["**Round score**"] == f"**{format_number(total)}**"


def test_a_pack_with_jokers_says_twos_and_jokers_on_the_sheet() -> None:
    line = lede(render(PAGAT, "sheet_body"))
    assert line.endswith("· twos and jokers wild"), line


def test_a_whole_pile_house_rule_takes_the_whole_pile() -> None:
    rules = house(pile__take=None)
    pile = section(render(rules, "rule_body"), "Picking up the discard pile")
    assert pile.splitlines()[0] == "You take the whole pile."
    assert "top " not in pile.splitlines()[0]
    assert "- Take the whole pile;" in render(rules, "sheet_body")
    topmost = section(render(house(pile__take=7), "rule_body"), "Picking up the discard pile").splitlines()[0]
    assert topmost == "You take the top 7 cards of the pile, or the whole pile when it holds fewer."


def test_the_pickup_note_covers_who_may_take_the_pile_only_where_that_rule_holds() -> None:
    assert "pile.only_from_foot" not in page_words(house(pile__only_from_foot=False))["pile.pickup"].rules
    restricted = house(pile__only_from_foot=True)
    assert "pile.only_from_foot" in page_words(restricted)["pile.pickup"].rules
    pile = section(render(restricted, "rule_body"), "Picking up the discard pile")
    assert "Only a player already playing from the foot may take it." in pile


def test_one_card_drawn_is_one_card() -> None:
    turn = section(render(house(turn__draw=1), "rule_body"), "Your turn")
    assert turn.startswith("1. Draw 1 card from the stock, or take the discard pile.")


def test_red_threes_kept_in_the_hand_are_never_laid_down_and_never_drawn_face_up() -> None:
    page = render(house(threes__red_laid_down=False, threes__red_laid=0), "rule_body")
    assert "Red threes are never laid down" in section(page, "Red and black threes")
    assert "goes face up" not in section(page, "Your turn")


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_each_section_words_the_rules_numbers(variant_id: str) -> None:
    variant = VARIANTS[variant_id]
    page = render(variant, "rule_body")
    deal = section(page, "The deal")
    assert f"a hand of {variant['deal.hand_size']} cards" in deal
    assert f"a foot of {variant['deal.foot_size']} cards" in deal
    assert f"Draw {variant['turn.draw']} cards" in section(page, "Your turn")
    melds = section(page, "Melds and books")
    assert f"A meld is {variant['melds.min_size']} or more cards" in melds
    assert f"At {variant['melds.book_size']} cards a meld" in melds
    going_out = section(page, "Going out")
    bonuses = [variant.going_out_bonus(n) for n in range(1, variant.listed_rounds + 1)]
    if len(set(bonuses)) == 1:
        assert f"Going out scores {format_number(bonuses[0])}." in going_out
    else:
        assert f"Going out scores {format_number(bonuses[0])} in round 1, " in going_out
    caught = format_number(abs(variant["threes.red_caught"]))
    assert f"A red three still in a hand or foot when the round ends counts {caught}" in page


def test_the_foot_is_picked_up_as_the_rules_say() -> None:
    """Seed 001: melding the whole hand picks up the foot at once; a table that waits a turn reads that instead."""
    now = section(render(PAGAT, "rule_body"), "Moving to your foot")
    assert "If you melded every card in your hand, pick up the foot at once and keep playing" in now
    waits = section(render(house(foot__continue_when_melded_out=False), "rule_body"), "Moving to your foot")
    assert waits.startswith("When your hand is empty you pick up your foot. You pick it up at the start of your next")
    assert "at once" not in waits
    bicycle = section(render(VARIANTS["bicycle"], "rule_body"), "Moving to your foot")
    assert bicycle.endswith("Say that you are playing your foot as you pick it up.")


def test_the_first_meld_says_what_counts_and_which_rounds_need_a_book() -> None:
    first = section(render(PAGAT, "rule_body"), "The first meld of each round")
    assert first.startswith("A team's first meld of a round must be worth a minimum in card points.")
    assert "only the top card and the cards from your hand count toward the minimum" in first
    assert "must also include a complete book" not in first
    rules = house(opening__books_needed=[1, 0, 0, 1], opening__pile_rest_counts=True)
    first = section(render(rules, "rule_body"), "The first meld of each round")
    assert "In rounds 1, 4 the first meld must also include a complete book of 7 cards." in first
    assert "every card you pick up counts toward the minimum" in first
    simpson = section(render(VARIANTS["simpson"], "rule_body"), "The first meld of each round")
    assert simpson.startswith("A player's first meld of a round")


def test_a_round_that_reshuffles_marks_the_stocks_leftovers_only_there() -> None:
    assert "round_end.reshuffle_stock_left" not in page_words(PAGAT)["round_end.stock_out"].rules
    reshuffled = page_words(house(round_end__stock_out="reshuffle"))["round_end.stock_out"]
    assert "round_end.reshuffle_stock_left" in reshuffled.rules
    assert "shuffled into a new stock" in reshuffled.text
