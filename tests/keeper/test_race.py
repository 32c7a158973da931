"""The race: the running totals round by round as a picture below the round, at 390 px, in both colour schemes.

The picture comes once every team has a total after round 1 and is drawn again after each round; its lines stand where
handfoot's totals put them, its name tells a screen reader the totals, and the score sheet stays the text version.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Locator, Page, expect

from support.games import TEAMS, THREE_ROUNDS, three_rounds_scored, type_three_rounds
from support.keeper import ENGINE_TIMEOUT, open_keeper, points, running_total, totals_rows
from testbench.axe import axe_violations

pytestmark = pytest.mark.browser

RACE = "#hf-race"
# WCAG 2.1's least contrast for the parts of a picture that carry its meaning (1.4.11).
LEAST_CONTRAST = 3.0


def picture(page: Page) -> Locator:
    return page.get_by_role("img", name=re.compile(r"^The race"))


def open_race(page: Page) -> None:
    """Tap "The race so far" (unless it is open), as a player does between rounds."""
    section = page.locator("details.hf-race-section")
    if section.get_attribute("open") is None:
        section.locator("summary").click()


def expect_race(page: Page, rounds: int) -> None:
    """The picture after ``rounds`` rounds: named with handfoot's totals, a mark per team and round, and each team's
    last mark above every team with fewer points."""
    totals = three_rounds_scored(rounds)["running"][-1]
    said = ", ".join(f"{name} {points(total)}" for name, total in zip(TEAMS, totals, strict=True))
    expect(picture(page)).to_have_attribute(
        "aria-label", f"The race, as a line per team: totals after round {rounds}: {said}."
    )
    heights = []
    for t in range(len(TEAMS)):
        marks = page.locator(f"{RACE} .hf-race__chart .hf-race__team--{t} .hf-race__mark")
        expect(marks).to_have_count(rounds)
        box = marks.last.bounding_box()
        assert box is not None
        heights.append(box["y"])
    for a in range(len(TEAMS)):
        for b in range(len(TEAMS)):
            if totals[a] > totals[b]:
                assert heights[a] < heights[b], (totals, heights)


def test_the_race_is_drawn_after_round_one_and_again_after_each_round(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    page = phone_page
    open_keeper(page, site_server)
    expect(page.get_by_text("The race so far", exact=True)).to_be_hidden()
    type_three_rounds(page, 1, 1)
    expect(running_total(page, 1, 1)).to_have_text(
        points(three_rounds_scored(1)["running"][0][1]), timeout=ENGINE_TIMEOUT
    )
    open_race(page)
    expect(page.locator(RACE)).to_be_visible()
    expect_race(page, 1)
    for r in range(2, len(THREE_ROUNDS) + 1):
        type_three_rounds(page, r, r)
        expect_race(page, r)
    # The sheet is the text version of the same totals.
    assert [row[0] for row in totals_rows(page)][: len(THREE_ROUNDS)] == [
        f"Round {r}" for r in range(1, len(THREE_ROUNDS) + 1)
    ]
    # The picture fits the phone's width.
    box = picture(page).bounding_box()
    assert box is not None
    assert box["x"] >= 0
    assert box["x"] + box["width"] <= page.viewport_size["width"]
    assert_page_clean(page)


def luminance(colour: str) -> float:
    channels = [int(value) / 255 for value in re.findall(r"\d+", colour)[:3]]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_race_reads_in_both_colour_schemes(
    phone_page: Page, site_server: str, scheme: str, assert_page_clean: Callable[[Page], None]
) -> None:
    page = phone_page
    page.emulate_media(color_scheme=scheme)
    open_keeper(page, site_server)
    type_three_rounds(page, 1, 2)
    open_race(page)
    expect_race(page, 2)
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "slate" if scheme == "dark" else "default")
    violations = axe_violations(page, RACE)
    assert not violations, "\n".join(violations)
    ground = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
    strokes = page.locator(f"{RACE} .hf-race__chart .hf-race__line").evaluate_all(
        "lines => lines.map(line => getComputedStyle(line).stroke)"
    )
    assert len(set(strokes)) == len(TEAMS)
    for stroke in strokes:
        assert contrast(stroke, ground) >= LEAST_CONTRAST, (stroke, ground)
    assert_page_clean(page)
