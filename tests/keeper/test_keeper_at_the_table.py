"""The keeper at the table: the score sheet on top, one round at a time, − and + for small counts, the screen kept on.

Everything here is done on a phone held at the table (390 × 844, touch) unless a test says otherwise.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from handfoot.examples import SEED_000_OUT, SEED_001_SHORT
from support.keeper import (
    ENGINE_TIMEOUT,
    FIELD_LABELS,
    enter,
    expect_round_score,
    field,
    open_keeper,
    show_round,
    team_round,
    totals_rows,
)
from support.screens import SCREENS
from testbench.watcher import watch

pytestmark = pytest.mark.browser

PHONE_HEIGHT = SCREENS["phone"]["viewport"]["height"]


def play(page: Page, round_number: int) -> None:
    enter(page, round_number, "Team 1", SEED_000_OUT)
    enter(page, round_number, "Team 2", SEED_001_SHORT)
    expect_round_score(page, round_number, 1, 860)


def test_round_three_of_four_fits_two_and_a_half_screens(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    page = phone_page
    open_keeper(page, site_server)
    for r in (1, 2):
        play(page, r)
        page.get_by_role("button", name=f"Next: round {r + 1}").click()
        # The next round opens once handfoot has checked this one.
        expect(page.get_by_role("heading", name=f"Round {r + 1}", exact=True)).to_be_focused()
    expect(page.get_by_role("region", name="Round 2", exact=True)).to_have_count(0)
    assert totals_rows(page)[:2] == [["Round 1", "3,615", "860"], ["Round 2", "3,615", "860"]]
    expect(page.locator("#hf-totals-body tfoot td")).to_have_text(["7,230", "1,720"])
    expect(page.locator(".hf-sheet__lead")).to_have_text("Team 1 leads by 5,510.")
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height <= 2.5 * PHONE_HEIGHT, f"{height} px is more than 2.5 screens of {PHONE_HEIGHT} px"
    # The sheet is the first thing under the status: its top is on the first screen.
    assert page.locator(".hf-sheet").bounding_box()["y"] < PHONE_HEIGHT / 2

    # A finished round folds into its row; tapping the row opens it again for a correction.
    page.locator(".hf-sheet").get_by_role("button", name="Round 1", exact=True).click()
    expect(field(page, 1, "Team 2", "melded")).to_have_value("220")
    assert_page_clean(page)


def test_steppers_work_by_tap_and_by_keyboard(phone_page: Page, site_server: str) -> None:
    page = phone_page
    open_keeper(page, site_server)
    team = team_round(page, 1, "Team 1")
    more = team.get_by_role("button", name="One more: Clean books, Team 1")
    less = team.get_by_role("button", name="One fewer: Clean books, Team 1")
    for target in (more, less):
        box = target.bounding_box()
        assert min(box["width"], box["height"]) >= 44
    # The keyboard first: a tap leaves its button pressed-looking for a moment, and Chromium drops a Space pressed on
    # another button meanwhile, which no player switching from a finger to a keyboard would meet.
    more.focus()
    page.keyboard.press("Space")
    page.keyboard.press("Space")
    expect(field(page, 1, "Team 1", "clean_books")).to_have_value("2")
    # A screen reader hears the new count: the button keeps focus and the field beside it does not speak.
    expect(page.locator(".hf-keeper [role=status]#hf-said")).to_have_text("Clean books, Team 1: 2")
    less.focus()
    page.keyboard.press("Enter")
    expect(field(page, 1, "Team 1", "clean_books")).to_have_value("1")
    more.tap()
    more.tap()
    more.tap()
    less.tap()
    expect(field(page, 1, "Team 1", "clean_books")).to_have_value("3")
    expect(page.locator(".hf-keeper [role=status]#hf-said")).to_have_text("Clean books, Team 1: 3")
    # Nothing goes below the field's own minimum.
    for _ in range(5):
        less.tap()
    expect(field(page, 1, "Team 1", "clean_books")).to_have_value("0")
    expect(page.locator("#hf-undo")).to_be_enabled()


class Player:
    """A player at the table: every tap and every key pressed is counted."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.taps = 0
        self.keys = 0

    def tap(self, target: Locator) -> None:
        target.tap()
        self.taps += 1

    def type(self, target: Locator, digits: str) -> None:
        self.tap(target)
        for key in digits:
            self.page.keyboard.press(key)
            self.keys += 1

    def enter(self, round_number: int, team: str, values: dict[str, Any]) -> None:
        """Small counts by "+" (one tap per book), points typed in their field, "Went out" ticked."""
        entry = team_round(self.page, round_number, team)
        for key, value in values.items():
            if key == "went_out":
                self.tap(entry.get_by_label("Went out", exact=True))
            elif key in STEPPED:
                for _ in range(value):
                    self.tap(entry.get_by_role("button", name=f"One more: {FIELD_LABELS[key]}, {team}", exact=True))
            else:
                self.type(field(self.page, round_number, team, key), str(value))


# Books and red threes have − and + buttons; points are typed.
STEPPED = {"clean_books", "dirty_books", "wild_books", "red_threes", "red_threes_caught"}


def test_a_typical_round_for_two_teams_takes_22_taps_and_keys(phone_page: Page, site_server: str) -> None:
    page = phone_page
    open_keeper(page, site_server)
    player = Player(page)
    player.enter(1, "Team 1", SEED_000_OUT)
    player.enter(1, "Team 2", SEED_001_SHORT)
    expect_round_score(page, 1, 0, 3615)
    expect_round_score(page, 1, 1, 860)
    assert (player.taps, player.keys) == (13, 9)
    player.tap(page.get_by_role("button", name="Next: round 2"))
    expect(page.get_by_role("heading", name="Round 2", exact=True)).to_be_focused()
    assert totals_rows(page) == [
        ["Round 1", "3,615", "860"],
        ["Round 2", "", ""],
        ["Round 3", "", ""],
        ["Round 4", "", ""],
    ]


def test_the_sheet_is_readable_with_four_teams_at_360_px(phone_page: Page, site_server: str) -> None:
    page = phone_page
    page.set_viewport_size({"width": 360, "height": 740})
    open_keeper(page, site_server, "simpson")
    enter(page, 1, "Player 1", {"melded": 12345})
    show_round(page, 2)
    expect(page.locator("#hf-totals-body tbody tr").first.locator("td").first).to_have_text(
        "12,345", timeout=ENGINE_TIMEOUT
    )
    overflow = page.evaluate(
        """() => [...document.querySelectorAll('.hf-sheet th, .hf-sheet td')]
             .filter(cell => cell.scrollWidth > cell.clientWidth + 1).map(cell => cell.textContent)"""
    )
    assert not overflow, f"cells cut off at 360 px: {overflow}"
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    size = page.evaluate("parseFloat(getComputedStyle(document.querySelector('.hf-sheet td')).fontSize)")
    assert size >= 14


# Chromium's real wake lock, with each lock it grants kept where the test can see whether it is still held.
WATCH_LOCKS = """
  window.hfLocks = [];
  const request = WakeLock.prototype.request;
  WakeLock.prototype.request = function (type) {
    return request.call(this, type).then((lock) => (window.hfLocks.push(lock), lock));
  };
"""
HELD = "window.hfLocks.filter((lock) => !lock.released).length"


@pytest.fixture
def lockable_page(player_browser: Browser) -> Iterator[Page]:
    """A phone page of the full Chromium whose context grants nothing explicitly: granting the clipboard, as the other
    tests' contexts do, makes Chromium refuse the wake lock, which it otherwise gives a visible page as a phone does."""
    context = player_browser.new_context(**SCREENS["phone"], service_workers="block")
    context.add_init_script(WATCH_LOCKS)
    try:
        yield watch(context.new_page())
    finally:
        context.close()


def test_the_screen_stays_on_unless_the_switch_is_off(lockable_page: Page, site_server: str) -> None:
    page = lockable_page
    open_keeper(page, site_server)
    switch = page.get_by_label("Keep the screen on")
    expect(switch).to_be_checked()
    page.wait_for_function(f"{HELD} === 1")
    switch.uncheck()
    page.wait_for_function(f"{HELD} === 0")
    assert page.evaluate("localStorage.getItem('handfoot.keeper.awake')") == "off"
    page.reload()
    expect(page.get_by_label("Keep the screen on")).not_to_be_checked(timeout=ENGINE_TIMEOUT)
    assert page.evaluate("window.hfLocks.length") == 0
    page.get_by_label("Keep the screen on").check()
    page.wait_for_function(f"{HELD} === 1")
    assert page.evaluate("localStorage.getItem('handfoot.keeper.awake')") == "on"


def test_without_a_wake_lock_there_is_no_switch_and_no_error(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    page = phone_page
    page.add_init_script("delete Navigator.prototype.wakeLock")
    open_keeper(page, site_server)
    expect(page.get_by_label("Keep the screen on")).to_have_count(0)
    play(page, 1)
    assert_page_clean(page)


def test_a_rule_the_sources_leave_unstated_is_marked_on_the_round(phone_page: Page, site_server: str) -> None:
    """Issue 37, item 10: the keeper's round line carries the rule page's marks."""
    page = phone_page
    open_keeper(page, site_server, "saskatchewan")
    round_one = page.get_by_role("region", name="Round 1", exact=True)
    expect(round_one.locator(".hf-round__rules")).to_have_text(
        "First meld at least 50* · To go out: 1 clean, 1 dirty and 1 wild book"
    )
    expect(round_one.locator(".hf-mark-note")).to_have_text("* Not stated by Saskatchewan's sources.")
    open_keeper(page, site_server, "pagat-partnership")
    expect(page.get_by_role("region", name="Round 1", exact=True).locator(".hf-mark-note")).to_have_count(0)


def test_a_game_played_alone_asks_the_helper_in_the_first_person(phone_page: Page, site_server: str) -> None:
    """Issue 37, item 16: under Simpson's rules each player plays alone, so the round's link reads "Can I go out?"."""
    page = phone_page
    open_keeper(page, site_server, "simpson")
    round_one = page.get_by_role("region", name="Round 1", exact=True)
    expect(round_one.get_by_role("link", name="Can I go out? Ask the rule helper for Player 1")).to_be_visible()
    expect(round_one.get_by_role("link", name=re.compile("^Can we go out"))).to_have_count(0)
