"""The rule helper's page as a player uses it: open it, put a question by tapping and typing, read the answer."""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

from support.person import type_into
from support.questions import Question
from support.waiting import until_shown

HELPER = "helper/"
READY = "Ready: every answer comes from the rules engine."
# Pyodide in a fresh context on a small machine: a ceiling, not a measure.
READY_TIMEOUT = 90_000
TAB = {"meld": "Is this meld legal?", "pile": "May I take the pile?", "opening": "Does our first meld count?"}
TAB["out"] = "Can we go out?"
TAB["table"] = "Other questions"
# On a phone the verdict kept at the foot of the screen (its word, its reason in two lines, "See why") takes at most
# this share of the screen's height: issue 42 found a quarter too much, issue 49 asked for the reason beside the word.
BAR_SHARE = 0.125


def open_helper(page: Page, base: str, address: str = "", *, ready: bool = True) -> None:
    page.goto(base + HELPER + address)
    expect(page.get_by_role("tab", name=TAB["meld"])).to_be_visible()
    if ready:
        until_shown(page, STATUS, READY, READY_TIMEOUT)
        expect(status(page)).to_have_text(READY)


STATUS = ".hf-helper > .hf-status"


def status(page: Page) -> Locator:
    return page.locator(STATUS)


def answer(page: Page, kind: str) -> Locator:
    return page.locator(f"#hf-answer-{kind}")


def rules_select(page: Page) -> Locator:
    return page.get_by_label("Your rules", exact=True)


def touch(target: Locator) -> None:
    """A tap where the screen is a touch screen, a click with the mouse elsewhere."""
    if target.page.evaluate("navigator.maxTouchPoints > 0"):
        target.tap()
    else:
        target.click()


def pick(picker: Locator, cards: str) -> None:
    for card in cards.split():
        touch(picker.locator(f'.hf-pick__grid [data-card="{card}"]'))


def clear(picker: Locator) -> None:
    button = picker.locator(".hf-pick__clear")
    if button.is_enabled():
        touch(button)


def put(page: Page, question: Question) -> None:
    """Put ``question`` to the helper the way a player does: its tab, then taps, choices and typed numbers."""
    # The tab of this kind of question, however it is worded for the side asking ("Can we go out?", "Can I go out?").
    touch(page.get_by_role("tab").and_(page.locator(f"#hf-tab-{question.kind}")))
    panel = page.locator(f"#hf-panel-{question.kind}")
    if question.kind == "meld":
        clear(panel.locator(".hf-pick"))
        pick(panel.locator(".hf-pick"), question.cards)
    elif question.kind == "pile":
        top, hand = panel.locator("#hf-pile-top"), panel.locator("#hf-pile-hand")
        clear(top)
        clear(hand)
        pick(top, question.top)
        pick(hand, question.hand)
        touch(panel.locator("#hf-pile-melded").get_by_label("Yes" if question.melded else "No"))
        if not question.melded:
            panel.locator("#hf-pile-round").select_option(str(question.round))
            score = panel.get_by_label("Your team's score before this round")
            if score.is_visible():
                type_into(score, str(question.team_score))
    elif question.kind == "opening":
        panel.locator("#hf-opening-round").select_option(str(question.round))
        while panel.get_by_role("button", name=re.compile(r"^Remove meld")).count():
            touch(panel.get_by_role("button", name=re.compile(r"^Remove meld")).last)
        for index, meld in enumerate(question.melds):
            if index:
                touch(panel.get_by_role("button", name="Add a meld"))
            picker = panel.locator(".hf-helper__meld").nth(index).locator(".hf-pick")
            clear(picker)
            pick(picker, meld)
        taking = panel.get_by_label("We take the discard pile to make this first meld")
        if taking.is_checked() != bool(question.pile_top):
            touch(taking)
        if question.pile_top:
            clear(panel.locator("#hf-opening-top"))
            pick(panel.locator("#hf-opening-top"), question.pile_top)
        score = panel.get_by_label("Your team's score before this round")
        if score.is_visible():
            type_into(score, str(question.team_score))
    else:
        panel.locator("#hf-out-round").select_option(str(question.round))
        for kind, count in question.books.items():
            type_into(panel.locator(f"#hf-out-{kind}"), str(count))
        for key, yes in question.going_out_answers().items():
            touch(panel.locator(f"#hf-out-{key.replace('_', '-')}").get_by_label("Yes" if yes else "No"))


def expect_answer(page: Page, question: Question) -> str:
    """The browser's answer is handfoot's in CPython, word for word; returns the address of the rule it links."""
    verdict = question.answer()
    shown = answer(page, question.kind)
    expect(shown.locator(".hf-answer__reason")).to_have_text(verdict.reason, timeout=READY_TIMEOUT)
    expect(shown.locator(".hf-verdict")).to_have_text("Yes" if verdict.ok else "No")
    if verdict.points is not None:
        enough = "enough" if verdict.ok else "not enough"
        expect(shown.locator(".hf-answer__tally")).to_have_text(f"{verdict.points} of {verdict.minimum}: {enough}")
    else:
        expect(shown.locator(".hf-answer__tally")).to_have_count(0)
    link = shown.get_by_role("link")
    expect(link).to_have_attribute("data-rule", verdict.rule)
    return link.get_attribute("href") or ""
