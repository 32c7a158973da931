"""The rule helper used at the table: rules chosen, cards tapped in, the answer read, the rule it links to opened.

Every answer is checked against handfoot's own verdict in CPython for the same question (tests/helper_questions.py):
the words, yes or no, the points counted, and the rule that decides it. Cards are picked by tapping on a phone and
with the keyboard; numbers are typed key by key (``person.type_into``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, Route, expect

import handfoot
from support.configurator import encode
from support.helper_page import (
    BAR_SHARE,
    HELPER,
    READY,
    READY_TIMEOUT,
    TAB,
    answer,
    expect_answer,
    open_helper,
    pick,
    put,
    rules_select,
    status,
    touch,
)
from support.person import type_into
from support.questions import HOUSE, HOUSE_DRAFT, PAGAT, QUESTIONS, VARIANTS, Question
from support.screens import fill_storage
from testbench.axe import AXE, axe_violations
from testbench.watcher import non_local_requests

pytestmark = pytest.mark.browser

WASM = "**/pyodide.asm.wasm"
SETS_KEY = "handfoot.configurator.sets"
# A small phone: the warm phone's page, narrower.
SMALL_PHONE = {"width": 360, "height": 740}


@pytest.fixture
def small_phone(phone_page: Page) -> Page:
    phone_page.set_viewport_size(SMALL_PHONE)
    return phone_page


def copies(rules: str, card: str) -> int:
    return next(choice["copies"] for choice in handfoot.card_choices(VARIANTS[rules]) if choice["card"] == card)


def anchor_exists(built_site: Path, href: str) -> bool:
    path, _, anchor = href.partition("#")
    page = built_site / re.sub(r"^https?://[^/]+/+", "", path) / "index.html"
    return page.is_file() and f'id="{anchor}"' in page.read_text(encoding="utf-8")


# Each question put as a player puts it, for the default version and for a table's house rules: the forms are the same
# for every version. Pyodide's answer to every question of every version is checked against CPython's under Node
# (tests/engine/test_pyodide_parity.py), and every verdict's rule against its page's anchors (test_helper_data.py).
RULE_SETS = [PAGAT, HOUSE]


@pytest.mark.parametrize("rules", RULE_SETS)
def test_every_answer_is_handfoots_and_links_a_rule_that_exists(
    phone_page: Page, site_server: str, built_site: Path, rules: str, assert_page_clean: Callable[[Page], None]
) -> None:
    page = phone_page
    if rules == HOUSE:
        open_helper(page, site_server, f"#rules={encode(HOUSE_DRAFT)}")
        expect(rules_select(page).locator("option:checked")).to_have_text(HOUSE_DRAFT["name"])
    else:
        open_helper(page, site_server)
        rules_select(page).select_option(label=VARIANTS[rules].name)
    for question in (q for q in QUESTIONS if q.rules == rules):
        put(page, question)
        href = expect_answer(page, question)
        changed = rules == HOUSE and question.answer().rule in HOUSE_DRAFT["changes"]
        if changed:
            assert "/configurator/#rules=" in href, question
        else:
            base = HOUSE_DRAFT["base"] if rules == HOUSE else rules
            assert f"/rules/{base}/#" in href, question
            assert anchor_exists(built_site, href), f"{question}: {href} has no such anchor"
    assert_page_clean(page)


def test_a_linked_rule_opens_at_its_place_on_the_rule_page(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    page = phone_page
    open_helper(page, site_server)
    question = Question(PAGAT, "pile", top="9", hand="9")
    put(page, question)
    expect_answer(page, question)
    touch(answer(page, "pile").get_by_role("link"))
    expect(page).to_have_url(re.compile(r"/rules/pagat-partnership/#pile-cards_needed$"))
    target = page.locator("#pile-cards_needed")
    expect(target.locator("xpath=..")).to_contain_text("natural cards of the top card's rank")
    expect(target.locator("xpath=..")).to_be_in_viewport()
    assert_page_clean(page)


def test_cards_are_picked_by_tap_and_by_keyboard_on_a_small_phone_and_axe_finds_nothing(
    small_phone: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    page = small_phone
    open_helper(page, site_server)
    picker = page.locator("#hf-meld-cards")
    for target in [*picker.locator(".hf-pick__grid button").all(), *page.get_by_role("tab").all()]:
        box = target.bounding_box()
        name = target.get_attribute("aria-label") or target.text_content()
        assert box, name
        assert min(box["width"], box["height"]) >= 44, name
    pick(picker, "9 9")
    # The keyboard: Enter on the nine, then Tab along the grid (A K Q J 10 9 8 … 3♥ 3♠ 2 Joker) to the two.
    order = [choice["card"] for choice in handfoot.card_choices(VARIANTS[PAGAT])]
    picker.locator('[data-card="9"]').focus()
    page.keyboard.press("Enter")
    for _ in range(order.index("2") - order.index("9")):
        page.keyboard.press("Tab")
    expect(page.locator(":focus")).to_have_attribute("data-card", "2")
    page.keyboard.press("Space")
    expect(picker.locator(".hf-pick__chip")).to_have_text(["9", "9", "9", "2"])
    expect_answer(page, Question(PAGAT, "meld", cards="9 9 9 2"))
    # A picked card is taken back by tapping it, and the list says so.
    touch(picker.locator(".hf-pick__chip").last)
    expect(picker.locator(".hf-pick__chip")).to_have_text(["9", "9", "9"])
    expect(picker.locator(".hf-pick__message")).to_have_text("Took back a two.")
    expect_answer(page, Question(PAGAT, "meld", cards="9 9 9"))
    # The tabs follow the arrow keys.
    page.get_by_role("tab", name=TAB["meld"]).focus()
    page.keyboard.press("ArrowRight")
    expect(page.get_by_role("tab", name=TAB["pile"])).to_have_attribute("aria-selected", "true")
    expect(page.get_by_role("tabpanel")).to_have_attribute("id", "hf-panel-pile")
    page.keyboard.press("End")
    expect(page.get_by_role("tab", name=TAB["table"])).to_be_focused()
    expect(answer(page, "table").locator(".hf-table-question").first).to_be_visible()
    assert axe_violations(page) == []
    page.keyboard.press("ArrowLeft")
    expect(page.get_by_role("tab", name=TAB["out"])).to_be_focused()
    assert_page_clean(page)


def test_more_jokers_than_the_decks_hold_are_refused_at_the_picker(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    page = phone_page
    open_helper(page, site_server, ready=False)
    jokers = copies(PAGAT, "JK")
    picker = page.locator("#hf-meld-cards")
    pick(picker, " ".join(["JK"] * (jokers + 1)))
    expect(picker.locator(".hf-pick__chip")).to_have_count(jokers)
    expect(picker.locator(".hf-pick__message")).to_have_text(
        f"The pack holds {jokers} jokers, and all {jokers} are picked."
    )
    # Across the melds of one opening, the pack is shared.
    touch(page.get_by_role("tab", name=TAB["opening"]))
    first = page.locator("#hf-panel-opening .hf-helper__meld .hf-pick").first
    pick(first, " ".join(["A"] * 15))
    touch(page.get_by_role("button", name="Add a meld"))
    second = page.locator("#hf-panel-opening .hf-helper__meld .hf-pick").nth(1)
    aces = copies(PAGAT, "A")
    pick(second, " ".join(["A"] * (aces - 15 + 1)))
    expect(second.locator(".hf-pick__chip")).to_have_count(aces - 15)
    expect(second.locator(".hf-pick__message")).to_have_text(
        f"The pack holds {aces} aces, and all {aces} are picked in this question."
    )
    assert_page_clean(page)


def test_a_question_waits_for_python_and_is_answered_when_it_is_ready(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    page = phone_page
    held: list[Route] = []
    page.route(WASM, lambda route: held.append(route))  # noqa: PLW0108 - Playwright needs a Python function
    open_helper(page, site_server, ready=False)
    expect(status(page)).to_contain_text("Loading the rules engine")
    question = Question(PAGAT, "meld", cards="6 6 6")
    put(page, question)
    expect(answer(page, "meld")).to_have_text(
        "Your question is ready. The answer comes as soon as the rules engine has loaded…"
    )
    page.wait_for_timeout(500)
    assert held, "the wasm request should be held"
    for route in held:
        route.continue_()
    expect_answer(page, question)
    assert_page_clean(page)


def test_a_blocked_runtime_says_no_answer_and_points_to_the_rule_pages(phone_page: Page, site_server: str) -> None:
    page = phone_page
    page.route(WASM, lambda route: route.abort())
    open_helper(page, site_server, ready=False)
    expect(status(page)).to_have_text(
        "No answers here now: the rules engine could not start in this browser. The rule pages have every rule.",
        timeout=READY_TIMEOUT,
    )
    put(page, Question(PAGAT, "meld", cards="9 9 9"))
    expect(answer(page, "meld")).to_have_text(
        "No answer: the rules engine could not start in this browser. The rule pages have every rule."
    )
    assert not non_local_requests(page.requests)
    assert not page.page_errors


def test_the_rules_chosen_are_remembered_and_house_rule_sets_are_offered(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    page = phone_page
    page.goto(site_server + HELPER)
    sets = {
        "format": 1,
        "current": "s1",
        "sets": [{"id": "s1", "base": "bicycle", "name": "Friday club", "changes": {"pile.cards_needed": 3}}],
    }
    page.evaluate(f"localStorage.setItem({json.dumps(SETS_KEY)}, {json.dumps(json.dumps(sets))})")
    open_helper(page, site_server)
    expect(rules_select(page).locator("optgroup[label='Your house rules'] option")).to_have_text(["Friday club"])
    rules_select(page).select_option(label="Friday club")
    question = Question(PAGAT, "pile", top="9", hand="9 9")
    put(page, question)
    shown = answer(page, "pile")
    expect(shown.locator(".hf-verdict")).to_have_text("No")
    expect(shown.locator(".hf-answer__reason")).to_contain_text("you need 3 natural nines")
    expect(shown.get_by_role("link")).to_have_attribute("href", re.compile(r"/configurator/#rules="))
    expect(shown).to_contain_text("(your house rule)")
    page.reload()
    expect(rules_select(page).locator("option:checked")).to_have_text("Friday club", timeout=READY_TIMEOUT)
    rules_select(page).select_option(label=VARIANTS["simpson"].name)
    page.reload()
    expect(rules_select(page).locator("option:checked")).to_have_text(VARIANTS["simpson"].name)
    assert_page_clean(page)


def test_a_full_storage_still_answers_and_says_the_choice_is_not_remembered(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    page = phone_page
    open_helper(page, site_server)
    fill_storage(page)
    rules_select(page).select_option(label=VARIANTS["bicycle"].name)
    expect(page.locator("#hf-helper-rules-problem")).to_have_text(
        "Your choice is used now but not remembered: this device's storage for this site is full."
    )
    question = Question("bicycle", "meld", cards="2 2 JK")
    put(page, question)
    expect_answer(page, question)
    assert_page_clean(page)


def test_the_keeper_asks_can_we_go_out_for_its_round_and_rules(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    page = phone_page
    page.goto(site_server + "keeper/?variant=saskatchewan")
    link = page.get_by_role("link", name="Can we go out? Ask the rule helper for Team 1")
    expect(link).to_be_visible(timeout=READY_TIMEOUT)
    touch(link)
    expect(page.get_by_role("tab", name=TAB["out"])).to_have_attribute("aria-selected", "true", timeout=READY_TIMEOUT)
    expect(rules_select(page).locator("option:checked")).to_have_text(VARIANTS["saskatchewan"].name)
    expect(page.locator("#hf-out-round")).to_have_value("1")
    expect(status(page)).to_have_text(READY, timeout=READY_TIMEOUT)
    question = Question("saskatchewan", "out", books={"clean": 1, "dirty": 1, "wild": 1})
    put(page, question)
    expect_answer(page, question)
    assert_page_clean(page)


def test_a_keeper_game_with_house_rules_asks_with_those_rules(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    page = phone_page
    page.goto(site_server + f"keeper/#rules={encode(HOUSE_DRAFT)}")
    link = page.get_by_role("link", name="Can we go out? Ask the rule helper for Team 1")
    expect(page.locator(".hf-keeper .hf-status")).to_contain_text("Rules engine ready", timeout=READY_TIMEOUT)
    touch(link)
    expect(rules_select(page).locator("option:checked")).to_have_text(HOUSE_DRAFT["name"], timeout=READY_TIMEOUT)
    expect(page.get_by_role("tab", name=TAB["out"])).to_have_attribute("aria-selected", "true")
    expect(status(page)).to_have_text(READY, timeout=READY_TIMEOUT)
    question = Question(HOUSE, "out", books={"clean": 2, "dirty": 2, "wild": 1})
    put(page, question)
    expect_answer(page, question)
    assert_page_clean(page)


def test_the_keepers_link_carries_the_house_values_typed_after_the_round_was_drawn(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    page = phone_page
    page.goto(site_server + "keeper/")
    expect(page.locator(".hf-keeper .hf-status")).to_contain_text("Rules engine ready", timeout=READY_TIMEOUT)
    house = page.locator(".hf-house-values")
    touch(house.locator("summary"))
    type_into(house.get_by_label("First-meld minimum, round 1"), "60")
    expect(house.locator("summary")).to_have_text("House values (1 changed)")
    touch(page.get_by_role("link", name="Can we go out? Ask the rule helper for Team 1"))
    expect(rules_select(page).locator("option:checked")).to_have_text(
        f"{VARIANTS[PAGAT].name} with house rules", timeout=READY_TIMEOUT
    )
    expect(status(page)).to_have_text(READY, timeout=READY_TIMEOUT)
    touch(page.get_by_role("tab", name=TAB["opening"]))
    pick(page.locator("#hf-panel-opening .hf-helper__meld .hf-pick"), "9 9 9 2")
    shown = answer(page, "opening")
    expect(shown.locator(".hf-answer__tally")).to_have_text("50 of 60: not enough")
    expect(shown).to_contain_text("(your house rule)")
    assert_page_clean(page)


def test_a_game_played_alone_is_asked_about_in_the_first_person(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    """Issue 37, item 16: Simpson's game is played alone, so no question speaks of a team: "Can I go out?"."""
    page = phone_page
    open_helper(page, site_server, "?variant=simpson")
    tabs = page.get_by_role("tab")
    expect(tabs).to_have_text(
        ["Is this meld legal?", "May I take the pile?", "Does my first meld count?", "Can I go out?", "Other questions"]
    )
    touch(page.get_by_role("tab", name="May I take the pile?"))
    expect(page.locator("#hf-pile-melded legend")).to_have_text("Have you melded this round?")
    touch(page.get_by_role("tab", name="Can I go out?"))
    expect(page.locator("#hf-panel-out legend").first).to_have_text("The books you have on the table")
    expect(answer(page, "out")).to_contain_text("; you have 0 clean and 0 dirty books.")
    assert "team" not in page.locator(".hf-helper").inner_text().lower()
    rules_select(page).select_option(label=VARIANTS[PAGAT].name)
    expect(page.get_by_role("tab", name="Can we go out?")).to_be_visible()
    assert_page_clean(page)


def test_an_answer_on_a_rule_the_sources_leave_unstated_says_so(phone_page: Page, site_server: str) -> None:
    """Issue 37, item 10: the helper marks what the rule page marks. Simpson's text stops before the discard pile, and
    its sources differ on the books to go out."""
    page = phone_page
    open_helper(page, site_server, "?variant=simpson")
    question = Question("simpson", "pile", top="2", hand="2 2")
    put(page, question)
    expect_answer(page, question)
    expect(answer(page, "pile").locator(".hf-mark-note")).to_have_text(
        "Not stated by Steve Simpson's sources: the rule page says what this rests on."
    )
    out = Question("simpson", "out", books={"clean": 1, "dirty": 1})
    put(page, out)
    expect_answer(page, out)
    expect(answer(page, "out").locator(".hf-mark-note")).to_have_text(
        "Sources differ on this rule: the rule page says how."
    )
    round_line = page.locator("#hf-panel-out .hf-helper__round-rules")
    expect(round_line).to_have_text("First meld at least 50* · To go out: 1 clean and 1 dirty book")
    expect(page.locator("#hf-panel-out .hf-helper__field .hf-mark-note")).to_have_text(
        "* Not stated by Steve Simpson's sources. Sources differ on this rule: the rule page says how."
    )
    rules_select(page).select_option(label=VARIANTS[PAGAT].name)
    put(page, Question(PAGAT, "pile", top="2", hand="2 2"))
    expect(answer(page, "pile").locator(".hf-mark-note")).to_have_count(0)


def _page_answers(page: Page, site_server: str, variant_id: str) -> dict[str, str]:
    """The rule page's "Questions at the table", as a reader sees it: each question with its whole paragraph."""
    page.goto(f"{site_server}rules/{variant_id}/")
    return page.evaluate(
        """() => {
          const found = {};
          let at = document.getElementById("questions-at-the-table").nextElementSibling;
          for (; at && at.tagName !== "H2"; at = at.nextElementSibling) {
            const question = at.querySelector("strong");
            if (question) found[question.textContent] = at.textContent.replace(/\\s+/g, " ").trim();
          }
          return found;
        }"""
    )


@pytest.mark.parametrize("variant_id", ["pagat-partnership", "simpson"])
def test_the_other_questions_are_answered_as_the_rule_page_answers_them(
    phone_page: Page, site_server: str, variant_id: str, assert_page_clean: Callable[[Page], None]
) -> None:
    """Issue 37, item 14: the questions a table asks beyond the four forms (the stock short of a draw, the pile when a
    meld of its rank is open, a black three turned up first…) get the rule page's answer and its mark."""
    page = phone_page
    on_page = _page_answers(page, site_server, variant_id)
    stock_rule = page.locator("#when-the-round-ends + p").inner_text()
    open_helper(page, site_server, f"?variant={variant_id}")
    touch(page.get_by_role("tab", name=TAB["table"]))
    shown = answer(page, "table").locator(".hf-table-question")
    expect(shown.first).to_be_visible()
    asked = shown.locator(".hf-table-question__ask").all_inner_texts()
    assert asked == list(on_page), (asked, list(on_page))
    for index, question in enumerate(asked):
        said = shown.nth(index).locator(".hf-table-question__answer").inner_text()
        assert f"{question} {said}" in on_page[question]
        for note in shown.nth(index).locator(".hf-mark-note strong").all_inner_texts():
            assert note in on_page[question]
        marks = shown.nth(index).locator(".hf-mark-note").all_inner_texts()
        assert len(marks) == len(set(marks)), f"a mark said twice under {question!r}: {marks}"
    # The stock's answer is the rule the page words under "When the round ends".
    stock = shown.filter(has_text="The stock holds one card").locator(".hf-table-question__answer").inner_text()
    assert stock.removeprefix("The stock cannot supply the cards, so ").rstrip(".") in stock_rule
    if variant_id == "simpson":
        expect(shown.nth(1).locator(".hf-table-question__ask")).to_have_text(
            "I already have an unfinished meld of the top card's rank. May I take the pile?"
        )
        assert "team" not in answer(page, "table").inner_text().lower()
    assert_page_clean(page)


def test_the_other_questions_follow_a_tables_house_rules(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    """A house book and red threes kept in the hand bring their own questions, answered from the house's values."""
    page = phone_page
    page.goto(site_server + HELPER)
    changes = {
        "books.extra": {"sevens": {"label": "sevens", "value": 1500}},
        "threes.red_laid_down": False,
        "threes.red_laid": 0,
        "threes.red_laid_not_out": None,
    }
    sets = {"format": 1, "current": "s1", "sets": [{"id": "s1", "base": PAGAT, "name": "Sevens", "changes": changes}]}
    page.evaluate(f"localStorage.setItem({json.dumps(SETS_KEY)}, {json.dumps(json.dumps(sets))})")
    open_helper(page, site_server)
    touch(page.get_by_role("tab", name=TAB["table"]))
    table = answer(page, "table")
    expect(table).not_to_contain_text("A red three lies on top of the pile")
    rules_select(page).select_option(label="Sevens")
    red = table.locator(".hf-table-question").filter(has_text="A red three lies on top of the pile.")
    expect(red).to_contain_text("Red threes are never laid down here, so one can be discarded.")
    expect(red).to_contain_text("Like any three it blocks the pile.")
    book = table.locator(".hf-table-question").filter(has_text="What may a house book hold")
    expect(book).to_contain_text("A sevens book scores 1,500 in place of the clean or dirty bonus.")
    expect(book.locator(".hf-mark-note")).to_have_text("A house rule: your table says what such a book may hold.")
    assert_page_clean(page)


# How far inside the edges of a fieldset its points are looked at, in CSS pixels.
INSET = 4


def _covered_points(target: Locator) -> list[str]:
    """Points inside ``target`` where the screen shows something else on top of it: each as its topmost element."""
    return target.evaluate(
        """(target, inset) => {
             const box = target.getBoundingClientRect();
             const xs = [box.left + inset, box.left + box.width / 2, box.right - inset];
             const ys = [box.top + inset, box.top + box.height / 2, box.bottom - inset];
             const found = [];
             for (const x of xs) for (const y of ys) {
               const hit = document.elementFromPoint(x, y);
               if (!hit || !target.contains(hit))
                 found.push(`${Math.round(x)},${Math.round(y)}: ${hit ? hit.outerHTML.slice(0, 80) : "nothing"}`);
             }
             return found;
           }""",
        INSET,
    )


@pytest.mark.parametrize(
    "question",
    [Question(PAGAT, "pile", top="A", hand="A A", melded=False), Question(PAGAT, "pile", top="3S", hand="9 9")],
    ids=["yes with its points", "no"],
)
def test_on_a_phone_the_answer_leaves_the_question_in_view_and_its_verdict_in_reach(
    phone_page: Page, site_server: str, question: Question, assert_page_clean: Callable[[Page], None]
) -> None:
    """Issue 42, item 9: the answer kept at the foot of the screen hid the bottom quarter of a phone, and with it the
    question still to answer ("Has your team melded?"). The verdict stays there, small (issue 49, item 6: its word and
    its reason in two lines); the answer is read in place."""
    page = phone_page
    open_helper(page, site_server)
    put(page, question)
    expect_answer(page, question)
    verdict = question.answer()
    said = "Yes" if verdict.ok else "No"
    # The yes or no still to answer, scrolled to the foot of the screen: all of it shows, nothing lies over it.
    melded = page.locator("#hf-pile-melded")
    melded.evaluate("(fieldset) => fieldset.scrollIntoView({block: 'end'})")
    assert _covered_points(melded) == []
    # The verdict stays in reach at the foot of the screen, its word and its reason.
    panel = page.locator("#hf-panel-pile")
    peek = panel.locator(".hf-peek")
    expect(peek).to_be_visible()
    line = f"{said} · {verdict.points} of {verdict.minimum}" if verdict.points is not None else said
    expect(peek.locator(".hf-peek__line")).to_have_text(line)
    expect(peek.locator(".hf-peek__reason")).to_have_text(verdict.reason)
    height = page.viewport_size["height"]
    box = peek.bounding_box()
    assert box
    assert box["height"] <= BAR_SHARE * height, box
    assert box["y"] + box["height"] == pytest.approx(height, abs=1), box
    why = peek.get_by_role("button", name="See why")
    why_box = why.bounding_box()
    assert why_box
    assert why_box["height"] >= 44, why_box
    # "See why" brings the whole answer on screen, where nothing covers its verdict, and the line goes. A finger taps
    # where the button is: Playwright's tap would first scroll the button above the page's bottom scroll padding.
    page.touchscreen.tap(why_box["x"] + why_box["width"] / 2, why_box["y"] + why_box["height"] / 2)
    shown = answer(page, question.kind)
    expect(shown.locator(".hf-verdict")).to_be_in_viewport()
    expect(shown.locator(".hf-answer__reason")).to_be_in_viewport()
    expect(peek).to_be_hidden()
    assert _covered_points(shown.locator(".hf-verdict")) == []
    # The list of other questions has no verdict, so no line of its own.
    touch(page.get_by_role("tab", name=TAB["table"]))
    first = answer(page, "table").locator(".hf-table-question").first
    first.evaluate("(question) => question.scrollIntoView({block: 'end'})")
    assert _covered_points(first) == []
    expect(page.locator(".hf-peek:visible")).to_have_count(0)
    assert_page_clean(page)


# axe-core's check of WCAG 2.5.3 (label in name), the one Lighthouse runs as label-content-name-mismatch.
LABEL_IN_NAME = """async () => {
  const {violations} = await axe.run(document.querySelector(".md-content"),
    {runOnly: {type: "rule", values: ["label-content-name-mismatch"]}});
  return violations.flatMap((v) => v.nodes.map((n) => n.target.join(" ")));
}"""


def test_every_card_button_is_named_first_by_what_it_shows(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    """Issue 42, item 10: a button showing "9" was named "Add a nine (1 picked)", so "tap 9" said to voice control found
    nothing, and Lighthouse flagged the picker (WCAG 2.5.3, label in name). Each name now starts with what it shows."""
    page = phone_page
    open_helper(page, site_server)
    meld = page.locator("#hf-meld-cards")
    pick(meld, "9 9 JK 3H")
    touch(page.get_by_role("tab", name=TAB["pile"]))
    pick(page.locator("#hf-pile-top"), "3S")
    pick(page.locator("#hf-pile-hand"), "A A")
    touch(page.get_by_role("tab", name=TAB["out"]))
    checked = 0
    for kind in ["meld", "pile", "out"]:
        touch(page.locator(f"#hf-tab-{kind}"))
        for button in page.locator(f"#hf-panel-{kind}").get_by_role("button").all():
            shown = " ".join(button.inner_text().split())
            assert shown
            expect(button).to_have_accessible_name(re.compile(rf"^{re.escape(shown)}(?:$|:)"))
            checked += 1
    assert checked > len(handfoot.card_choices(VARIANTS[PAGAT])) * 3
    # How many of a card are picked shows on its corner and is said in its name.
    touch(page.locator("#hf-tab-meld"))
    nine = meld.locator('[data-card="9"]')
    expect(nine).to_have_accessible_name("9: add a nine (2 picked)")
    cell = meld.locator(".hf-pick__cell").filter(has=page.locator('[data-card="9"]'))
    expect(cell.locator(".hf-pick__count")).to_have_text("×2")
    # "Tap 9", "tap Joker": voice control finds the button by the label it sees, and the card is picked.
    grid = meld.locator(".hf-pick__grid")
    for face, picked in [("9", ["9", "9", "Joker", "3♥", "9"]), ("Joker", ["9", "9", "Joker", "3♥", "9", "Joker"])]:
        touch(grid.get_by_role("button", name=re.compile(rf"^{re.escape(face)}\b")))
        expect(meld.locator(".hf-pick__chip")).to_have_text(picked)
    # A picked card is taken back by what it shows too.
    touch(meld.get_by_role("listitem").get_by_role("button", name=re.compile(r"^3♥")))
    expect(meld.locator(".hf-pick__chip")).to_have_text(["9", "9", "Joker", "9", "Joker"])
    page.add_script_tag(path=str(AXE))
    assert page.evaluate(LABEL_IN_NAME) == []
    assert_page_clean(page)
