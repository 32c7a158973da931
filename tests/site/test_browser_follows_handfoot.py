"""One truth from Python to the browser: change a label, a bound and a value in a copy of handfoot and the variants,
build that copy, and the keeper and the configurator show the change, with no browser code edited.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

import handfoot
from handfoot.sheet_form import sheet_form
from support.configurator import encode
from support.helper_page import TAB, answer, open_helper, put, rules_select, touch
from support.keeper import wait_ready
from support.person import type_into
from support.questions import Question
from support.screens import new_screen_context
from testbench.build import build_site, copy_site
from testbench.paths import REPO_ROOT
from testbench.server import serve
from testbench.watcher import watch

pytestmark = pytest.mark.browser

READY_TIMEOUT = 60_000
# What the copy changes, file by file: (old text, new text), each found exactly once.
EDITS = {
    # A label of the tally (the score sheet's), and of a card group.
    "handfoot/tally.py": [('label="Cards left (points)"', 'label="Points of cards left"')],
    "handfoot/values.py": [('"aces": "Aces"', '"aces": "Aces, all four suits"')],
    # A bound of a rule and the words of its values, and a rule's label.
    "handfoot/spec.py": [
        ('_POINTS = Whole(0, 10000, unit="points")', '_POINTS = Whole(0, 20000, unit="pts")'),
        ('"Clean book", scoring=True', '"Clean book bonus", scoring=True'),
    ],
    # Facts of the pack and the deal (issue 38): the ranks a meld is made of, and the deal's words.
    "handfoot/cards.py": [('f"{rank_name(MELD_RANKS[-1], 2)} up to', 'f"{rank_name(MELD_RANKS[-1], 2)} through')],
    "handfoot/describe.py": [
        ("({deal.stock_after_upcard} after the upcard)", "({deal.stock_after_upcard} once turned)")
    ],
    # The words of what a number field takes, and a verdict's reason, as the helper gives it.
    "handfoot/words.py": [('text = f"a whole number from', 'text = f"any whole number from')],
    "handfoot/rules.py": [
        ("{pluralise(wilds, 'wild card')} make a meld: ", "{pluralise(wilds, 'wild card')} form a meld: ")
    ],
    # A value of a published variant.
    "variants/pagat-partnership.yaml": [("clean: 500", "clean: 550")],
    # A label the sheet words itself, and a bound of the sheet.
    "handfoot/sheet_form.py": [
        ('"melded": "Card points in melds and books"', '"melded": "Points of cards melded"'),
        ('"points": 99_999', '"points": 123_456'),
    ],
}


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{path.name}: expected {old!r} once"
    path.write_text(text.replace(old, new), encoding="utf-8")


@pytest.fixture(scope="module")
def changed_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site built from a copy whose handfoot and variants were changed, served on loopback."""
    folder = copy_site(tmp_path_factory.mktemp("changed"))
    for name, changes in EDITS.items():
        for old, new in changes:
            edit(folder / name, old, new)
    # The copy's own handfoot, not the one installed from the repository, makes the data the build writes.
    result = build_site(folder / "site", sources=folder, env={"PYTHONPATH": str(folder)})
    assert result.returncode == 0, result.stderr
    browser_code = REPO_ROOT / "docs" / "assets" / "js"
    for module in browser_code.rglob("*.mjs"):
        copied = folder / "docs" / "assets" / "js" / module.relative_to(browser_code)
        assert copied.read_bytes() == module.read_bytes(), f"{module.name} differs in the copy"
    with serve(folder / "site") as base:
        yield base


def test_the_keeper_follows_a_changed_label_bound_and_value(browser: Browser, changed_site: str) -> None:
    context = new_screen_context(browser, "phone")
    try:
        page = watch(context.new_page())
        page.goto(changed_site + "keeper/")
        expect(page.locator(".hf-keeper .hf-status")).to_contain_text("Rules engine ready", timeout=READY_TIMEOUT)
        team = page.get_by_role("region", name="Round 1", exact=True).get_by_role("group", name="Team 1")
        melded = team.get_by_label("Points of cards melded", exact=True)
        expect(melded).to_be_visible()
        expect(team.get_by_label("Points of cards left", exact=True)).to_be_visible()
        counter = team.locator("details.hf-counter").first
        counter.locator("summary").click()
        expect(counter.get_by_text("Count the melded cards")).to_be_visible()
        expect(counter.get_by_label("Aces, all four suits", exact=True)).to_be_visible()

        # The seed's going-out round scores 3,615 with clean books at 500; at 550 it is 100 more.
        for label, value in (("Clean books", "2"), ("Dirty books", "2"), ("Wild books", "1")):
            type_into(team.get_by_label(label, exact=True), value)
        type_into(melded, "415")
        team.get_by_label("Went out").check()
        total = page.locator("#r0-t0-result .hf-result__total strong")
        expect(total).to_have_text("3,715", timeout=READY_TIMEOUT)

        # A rule's label and bound in the house values: 15,000 is past the site's 10,000 but within 20,000.
        house = page.locator(".hf-house-values")
        house.locator("summary").click()
        clean = house.get_by_label("Clean book bonus", exact=True)
        expect(clean).to_have_value("550")
        type_into(clean, "15000")
        expect(page.locator("#hf-house-books-clean-error")).to_have_text("")
        expect(total).to_have_text("32,615", timeout=READY_TIMEOUT)

        # The sheet's bound: 100,000 is more than the site's 99,999 but within the copy's 123,456.
        left = page.locator("#r0-t1-left")
        type_into(left, "100000")
        expect(page.locator("#r0-t1-left-error")).not_to_contain_text("more than")
        type_into(left, "130000")
        expect(page.locator("#r0-t1-left-error")).to_contain_text("130,000 is more than 123,456")
        type_into(left, "12x")
        expect(page.locator("#r0-t1-left-error")).to_contain_text(
            "Enter any whole number from 0 to 123,456, or leave it empty."
        )
        assert not page.console_errors
        assert not page.page_errors
    finally:
        context.close()


def test_the_configurator_follows_a_changed_label_bound_and_value(browser: Browser, changed_site: str) -> None:
    context = new_screen_context(browser, "desktop")
    try:
        page = watch(context.new_page())
        page.goto(changed_site + "configurator/")
        expect(page.locator("#hf-sheet h1")).to_be_attached(timeout=READY_TIMEOUT)
        clean = page.get_by_label("Clean book bonus", exact=True)
        expect(clean).to_have_value("550")
        type_into(clean, "15000")
        expect(page.locator('[data-path="books.clean"]')).to_have_class(
            "hf-house hf-house--edited", timeout=READY_TIMEOUT
        )
        expect(page.locator("#hf-rule-books-clean-error")).to_have_text("")
        # The change line words the replaced value as the copy's handfoot does.
        was = page.locator('[data-path="books.clean"] > .hf-house__was')
        expect(was).to_have_text("Changed; Pagat partnership: 550 pts.")
        type_into(clean, "25000")
        expect(page.locator("#hf-rule-books-clean-error")).to_contain_text("more than 20,000")
        type_into(clean, "2x")
        expect(page.locator("#hf-rule-books-clean-error")).to_have_text("Enter any whole number from 0 to 20,000.")
        assert not page.console_errors
        assert not page.page_errors
    finally:
        context.close()


def test_the_pages_follow_changed_facts_of_the_pack_and_the_deal(browser: Browser, changed_site: str) -> None:
    """Issue 38: a fact of the cards and the deal's words changed in handfoot reach the rule page and the home page's
    deck figures, with no template or JS edited."""
    context = new_screen_context(browser, "desktop")
    try:
        page = watch(context.new_page())
        page.goto(changed_site + "rules/pagat-partnership/")
        expect(page.locator("article")).to_contain_text("from fours through aces")
        page.goto(changed_site)
        form = page.locator("form[data-deck-calc]")
        form.get_by_label("Version and table").select_option(label="Pagat: 6 players, 2 teams of 3")
        expect(form.locator("output")).to_have_text(
            "7 × (52 + 2) = 378 cards; 6 × (13 + 13) = 156 dealt; 222 in the stock (221 once turned)."
        )
        assert not page.console_errors
    finally:
        context.close()


def test_the_helper_answers_in_the_changed_handfoots_words(browser: Browser, changed_site: str) -> None:
    context = new_screen_context(browser, "phone")
    try:
        page = watch(context.new_page())
        open_helper(page, changed_site)
        question = Question("pagat-partnership", "meld", cards="9 9 9 2")
        put(page, question)
        expect(answer(page, "meld")).to_contain_text("3 nines and 1 wild card form a meld", timeout=READY_TIMEOUT)
        assert not page.console_errors
        assert not page.page_errors
    finally:
        context.close()


# A table that plays without jokers: every word of the cards is handfoot's for that pack, so none speaks of jokers.
NO_JOKERS = {"v": 1, "base": "bicycle", "name": "No jokers here", "changes": {"decks.jokers": 0}}
JOKER = re.compile("joker", re.IGNORECASE)


def test_rules_without_jokers_speak_of_twos_only_in_the_helper_and_the_keeper(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    page = phone_page
    variants = handfoot.load_variants(REPO_ROOT / "variants")
    house = variants[NO_JOKERS["base"]].with_changes(NO_JOKERS["changes"], name=NO_JOKERS["name"])
    form = sheet_form(house)
    assert "twos" in form["helper"]["pile_hand_hint"]
    assert not JOKER.search(form["helper"]["pile_hand_hint"])

    page.goto(site_server + "helper/")
    sets = {"format": 1, "current": "s1", "sets": [{"id": "s1", **NO_JOKERS}]}
    page.evaluate(f"localStorage.setItem('handfoot.configurator.sets', {json.dumps(json.dumps(sets))})")
    open_helper(page, site_server)
    rules_select(page).select_option(label=NO_JOKERS["name"])
    touch(page.get_by_role("tab", name=TAB["pile"]))
    panel = page.locator("#hf-panel-pile")
    # The hint is the house's own, once handfoot has read its rules: before, it is the published version's.
    expect(panel.locator("#hf-pile-hand .hf-pick__hint")).to_have_text(form["helper"]["pile_hand_hint"])
    expect(panel).to_contain_text("any twos.")
    expect(panel).not_to_contain_text(JOKER)
    expect(panel.locator('[data-card="JK"]')).to_have_count(0)

    page.goto(site_server + f"keeper/#rules={encode(NO_JOKERS)}")
    wait_ready(page)
    team = page.get_by_role("region", name="Round 1", exact=True).get_by_role("group", name="Team 1")
    for counter in team.locator("details.hf-counter").all():
        touch(counter.locator("summary"))
        expect(counter.get_by_label("Twos", exact=True)).to_be_visible()
        expect(counter).not_to_contain_text(JOKER)
    expect(team).not_to_contain_text(JOKER)
    # The house values offer no joker's value: the pack has none, so it never counts. A two's is there to change.
    assert form["ruled_out"]["card_values.joker"] == "the pack has no jokers"
    house = page.locator(".hf-house-values")
    touch(house.locator("summary"))
    expect(house.get_by_label("Two", exact=True)).to_be_visible()
    expect(house.locator('[data-path="card_values.joker"]')).to_have_count(0)
    # (Only the set's own name, "No jokers here", speaks of them above the list.)
    expect(house.locator(".hf-house__list")).not_to_contain_text(JOKER)
    assert_page_clean(page)
