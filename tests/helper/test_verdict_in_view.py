"""On a phone the helper's verdict stays on screen while the player picks cards.

The answer is read in place, after the question; once the last card was tapped its "Yes" or "No" started at 802 px
(meld), 903 (pile) and 1,032 (go out) of an 844 px screen, so the player scrolled after every card to see whether it
had changed. Here each question is put tap by tap, as a player puts it at 390 and at 360 px, in light and dark: the
player scrolls the next card or button clear of whatever is over it and taps it, and after every tap a "Yes" or "No"
is on screen, on top, and it is handfoot's verdict in CPython for what has been tapped so far. The three questions
are put one after the other in one page, as a player asks one thing after another.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from support.helper_page import BAR_SHARE, expect_answer, open_helper, touch
from support.questions import PAGAT, VARIANTS, Question
from testbench.axe import axe_violations

pytestmark = pytest.mark.browser

SCREENS = {390: {"width": 390, "height": 844}, 360: {"width": 360, "height": 740}}
SCHEMES = {"light": "default", "dark": "slate"}
# How long a verdict may take to show after a tap: the rules engine's answer, then a still moment.
SHOWN_WITHIN_S = 5.0


@dataclass(frozen=True)
class Tap:
    """One tap of a player putting a question: ``target`` finds the button in the question's panel, ``question`` is
    the question as it stands once it is tapped."""

    name: str
    target: Callable[[Locator], Locator]
    question: Question


def _card(picker: str, card: str) -> Callable[[Locator], Locator]:
    return lambda panel: panel.locator(f'{picker} .hf-pick__grid [data-card="{card}"]')


def _meld_taps() -> list[Tap]:
    taps, cards = [], []
    for card in ["9", "9", "9", "2", "2"]:
        cards.append(card)
        taps.append(Tap(card, _card("#hf-meld-cards", card), Question(PAGAT, "meld", cards=" ".join(cards))))
    return taps


def _pile_taps() -> list[Tap]:
    def pile(hand: list[str], melded: bool = True) -> Question:
        return Question(PAGAT, "pile", top="9", hand=" ".join(hand), melded=melded)

    no = lambda panel: panel.locator("#hf-pile-melded").get_by_label("No")  # noqa: E731
    return [
        Tap("top 9", _card("#hf-pile-top", "9"), pile([])),
        Tap("hand 9", _card("#hf-pile-hand", "9"), pile(["9"])),
        Tap("hand 9", _card("#hf-pile-hand", "9"), pile(["9", "9"])),
        Tap("not melded", no, pile(["9", "9"], melded=False)),
        Tap("hand 2", _card("#hf-pile-hand", "2"), pile(["9", "9", "2"], melded=False)),
        Tap("hand 2", _card("#hf-pile-hand", "2"), pile(["9", "9", "2", "2"], melded=False)),
    ]


def _out_taps() -> list[Tap]:
    books = dict.fromkeys(VARIANTS[PAGAT].books_to_go_out(1), 0)
    taps = []
    for kind, needed in VARIANTS[PAGAT].books_to_go_out(1).items():
        for _ in range(needed):
            books[kind] += 1
            more = lambda panel, kind=kind: panel.get_by_role("button", name=f"+: one {kind} book more")  # noqa: E731
            taps.append(Tap(f"{kind} +1", more, Question(PAGAT, "out", books=dict(books))))
    said = "partner_agrees"
    assert said in Question(PAGAT, "out").going_out_answers(), "Pagat asks whether the partner agreed"
    refused = lambda panel: panel.locator("#hf-out-partner-agrees").get_by_label("No")  # noqa: E731
    taps.append(Tap("partner said no", refused, Question(PAGAT, "out", books=dict(books), said={said: False})))
    return taps


TAPS = {"meld": _meld_taps, "pile": _pile_taps, "out": _out_taps}

# The verdicts a player may be looking at in a question's panel: the answer's "Yes" or "No", and any copy of it kept
# in view. Each with where it is, whether it is the topmost thing at its centre, and the words shown beside it.
SHOWN = """(kind) => {
  const panel = document.querySelector(`#hf-panel-${kind}`);
  const words = (element) => (element ? element.textContent.trim() : null);
  return [...panel.querySelectorAll(".hf-verdict, .hf-peek [class*='hf-verdict--']")].map((verdict) => {
    const box = verdict.getBoundingClientRect();
    const seen = verdict.checkVisibility({ visibilityProperty: true, opacityProperty: true });
    const hit = seen ? document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2) : null;
    const bar = verdict.closest(".hf-peek");
    const place = bar ?? panel.querySelector(".hf-answer");
    return {
      where: bar ? "bar" : "answer",
      word: words(verdict),
      line: words(bar?.querySelector(".hf-peek__line")),
      reason: words(place.querySelector(".hf-peek__reason, .hf-answer__reason")),
      top: Math.round(box.top),
      bottom: Math.round(box.bottom),
      screen: innerHeight,
      seen,
      onTop: Boolean(hit && verdict.contains(hit)),
      over: hit && !verdict.contains(hit) ? hit.outerHTML.slice(0, 90) : null,
    };
  });
}"""


def _in_view(shown: dict[str, Any]) -> bool:
    return shown["seen"] and shown["top"] >= 0 and shown["bottom"] <= shown["screen"] and shown["onTop"]


def _agrees(shown: dict[str, Any], question: Question) -> bool:
    verdict = question.answer()
    word = "Yes" if verdict.ok else "No"
    if shown["word"] != word or shown["reason"] != verdict.reason:
        return False
    if shown["where"] == "answer":
        return True
    points = f" · {verdict.points} of {verdict.minimum}" if verdict.points is not None else ""
    return shown["line"] == word + points


def expect_verdict_in_view(page: Page, tap: Tap) -> dict[str, Any]:
    """Waits until a "Yes" or "No" is on screen, on top, and handfoot's for the question as tapped; returns it."""
    question = tap.question
    deadline = time.monotonic() + SHOWN_WITHIN_S
    while True:
        found = page.evaluate(SHOWN, question.kind)
        shown = [item for item in found if _in_view(item)]
        if shown and all(_agrees(item, question) for item in shown):
            return shown[0]
        if time.monotonic() > deadline:
            verdict = question.answer()
            pytest.fail(
                f"after tapping {tap.name} ({question}) no verdict is in view as handfoot's "
                f"{'Yes' if verdict.ok else 'No'} ({verdict.reason}): {found}",
                pytrace=False,
            )
        page.wait_for_timeout(100)


def tap_clear(page: Page, target: Locator) -> None:
    """A player scrolls the button into view, clear of anything kept over the page, and taps its middle."""
    target.evaluate("(button) => button.scrollIntoView({ block: 'nearest' })")
    box = target.bounding_box()
    assert box, target
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    over = target.evaluate(
        """(button, [x, y]) => {
             const hit = document.elementFromPoint(x, y);
             return hit && (button.contains(hit) || hit.contains(button) || hit.control === button)
               ? null : (hit ? hit.outerHTML.slice(0, 90) : "nothing");
           }""",
        [x, y],
    )
    assert over is None, f"{target} is under {over} once scrolled into view"
    page.touchscreen.tap(x, y)


# Each question at each width and in each scheme: one page a width, on a device in one scheme, where the player asks
# one question after another.
SCHEME_AT = {390: "light", 360: "dark"}
KINDS = ["meld", "pile", "out"]


@pytest.mark.parametrize("width", sorted(SCHEME_AT))
def test_the_verdict_stays_in_view_while_a_player_taps_in_each_question(
    phone_page: Page, site_server: str, width: int, assert_page_clean: Callable[[Page], None]
) -> None:
    page = phone_page
    page.set_viewport_size(SCREENS[width])
    page.emulate_media(color_scheme=SCHEME_AT[width])
    open_helper(page, site_server)
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", SCHEMES[SCHEME_AT[width]])
    for kind in KINDS:
        ask_tap_by_tap(page, kind, width)
    assert_page_clean(page)


def ask_tap_by_tap(page: Page, kind: str, width: int) -> None:
    """Put the ``kind`` question tap by tap from the top of the page, each verdict in view; then read the whole answer
    in place, and the verdict kept at the screen's foot while the answer is below it."""
    touch(page.locator(f"#hf-tab-{kind}"))
    panel = page.locator(f"#hf-panel-{kind}")
    page.evaluate("scrollTo(0, 0)")
    taps = TAPS[kind]()
    for tap in taps:
        tap_clear(page, tap.target(panel))
        expect_verdict_in_view(page, tap)
    # The whole answer, read in place, is handfoot's too.
    expect_answer(page, taps[-1].question)
    last = taps[-1].question.answer()

    # With the question's start halfway down the screen and its answer below, the verdict is kept at the screen's
    # foot: small, on top, and heard once.
    panel.evaluate("(panel) => scrollTo(0, panel.getBoundingClientRect().top + scrollY - innerHeight / 2)")
    bar = panel.locator(".hf-peek")
    expect(bar).to_be_visible()
    shown = expect_verdict_in_view(page, taps[-1])
    assert shown["where"] == "bar", shown
    box = bar.bounding_box()
    assert box
    assert box["y"] + box["height"] == pytest.approx(SCREENS[width]["height"], abs=1), box
    assert box["height"] <= BAR_SHARE * SCREENS[width]["height"], box
    assert panel.aria_snapshot().count(last.reason) == 1, panel.aria_snapshot()
    assert axe_violations(page) == [], f"{kind} at {width} px"
    # The bar keeps its room whether it shows or not: showing it moves nothing on the page.
    layout = "(answer) => [answer.getBoundingClientRect().top + scrollY, document.documentElement.scrollHeight]"
    before = panel.locator(".hf-answer").evaluate(layout)
    panel.locator(".hf-answer").evaluate("(answer) => answer.scrollIntoView({ block: 'center' })")
    expect(bar).to_be_hidden()
    assert panel.locator(".hf-answer").evaluate(layout) == before
