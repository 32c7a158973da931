"""The keeper at 11 pm: what a tired player at the table trips on, tried on a phone as they use it.

Each test types key by key and taps as a player does, at 390 × 844 unless it says otherwise.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

import handfoot
from handfoot.examples import SEED_000_OUT, SEED_001_SHORT
from support.keeper import (
    ENGINE_TIMEOUT,
    VARIANTS,
    enter,
    expect_round_score,
    field,
    open_keeper,
    open_share,
    result,
    tally,
    team_round,
    went_out,
)
from support.person import grant_clipboard, press, type_into, type_keys
from support.screens import SCREENS

pytestmark = pytest.mark.browser

PHONE_HEIGHT = SCREENS["phone"]["viewport"]["height"]
SMALL_PHONE = {"width": 360, "height": 740}
SIMPSON = VARIANTS["simpson"]
PAGAT = VARIANTS["pagat-partnership"]


def bottom(page: Page, selector: str) -> float:
    box = page.locator(selector).first.bounding_box()
    assert box, selector
    return box["y"] + box["height"]


def test_the_first_screen_asks_for_the_names_and_shows_the_first_fields(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    """Items 1 and 3: a new game's first screen holds one quiet status line, the names, and Team 1's first fields;
    a tap on a name selects it, so the new name is typed over it."""
    page = phone_page
    open_keeper(page, site_server)
    status = page.locator(".hf-keeper__status")
    line = page.evaluate("parseFloat(getComputedStyle(document.querySelector('.hf-keeper__status')).lineHeight)")
    assert status.bounding_box()["height"] <= 2 * line + 1
    names = page.get_by_role("group", name="Who is playing?")
    expect(names).to_be_in_viewport()
    first_fields = team_round(page, 1, "Team 1").locator(".hf-field").first
    assert bottom(page, "#r0-t0-clean_books") <= PHONE_HEIGHT, "Team 1's first field is below the first screen"
    expect(first_fields).to_be_in_viewport()
    name = names.get_by_label("Name of team 1", exact=True)
    name.tap()
    type_keys(name, "Anna & Ben")
    press(name, "Tab")
    expect(name).to_have_value("Anna & Ben")
    expect(page.get_by_role("group", name="Anna & Ben", exact=True)).to_be_visible()
    # The − and + beside a count are named with the new name at once, as a screen reader says them.
    expect(page.get_by_role("button", name="One more: Clean books, Anna & Ben", exact=True)).to_be_visible()
    page.reload()
    expect(page.get_by_role("group", name="Anna & Ben", exact=True)).to_be_visible()
    assert_page_clean(page)


def test_back_to_top_never_covers_the_score_sheet_after_next(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    """Item 2: after "Next" a player scrolls up to the sheet; nothing lies over its team headers."""
    page = phone_page
    open_keeper(page, site_server)
    enter(page, 1, "Team 1", SEED_000_OUT)
    enter(page, 1, "Team 2", SEED_001_SHORT)
    expect_round_score(page, 1, 1, 860)
    page.get_by_role("button", name="Next: round 2").tap()
    expect(page.get_by_role("heading", name="Round 2", exact=True)).to_be_focused()
    page.mouse.wheel(0, 400)
    page.wait_for_timeout(300)
    page.mouse.wheel(0, -250)
    page.wait_for_timeout(500)
    header = page.locator("#hf-totals-body thead th[data-team-name='0']")
    header.scroll_into_view_if_needed()
    page.mouse.wheel(0, -60)
    page.wait_for_timeout(500)
    covered = header.evaluate(
        """(cell) => {
          const box = cell.getBoundingClientRect();
          const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
          return cell.contains(hit) ? null : hit?.outerHTML.slice(0, 80);
        }"""
    )
    assert covered is None, covered
    expect(page.locator(".md-top")).to_be_hidden()
    assert_page_clean(page)


def test_going_out_without_the_books_says_the_rule_and_counts_no_bonus(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    """Item 4: Pagat's round 1 needs 2 clean, 2 dirty and 1 wild book to go out. A team ticked "Went out" with one
    clean book has not gone out: the warning names the rule and the total has no going-out bonus. A second team
    ticked says the first was unticked."""
    page = phone_page
    open_keeper(page, site_server)
    short = {"clean_books": 1, "melded": 200, "went_out": True}
    enter(page, 1, "Team 1", short)
    scored = handfoot.score_round(PAGAT, tally(PAGAT, 1, short))
    assert scored["total"] == 500 + 200, "Pagat: a clean book is 500, and no 100 for going out without the books"
    expect_round_score(page, 1, 0, scored["total"])
    box = result(page, 1, 0)
    expect(page.locator("#r0-t0-went_out-warning")).to_have_text(
        "Going out in round 1 needs 2 clean, 2 dirty and 1 wild book; the team has 1 clean, 0 dirty and 0 wild "
        "books. So the 100 for going out is not counted."
    )
    box.get_by_text("How it adds up").tap()
    expect(box.locator(".hf-lines li").filter(has_text="Going out")).to_have_text(
        "Going out: not counted, too few books0"
    )
    went_out(page, 1, "Team 2").tap()
    expect(went_out(page, 1, "Team 1")).not_to_be_checked()
    expect(page.locator("#r0-t1-went_out-note")).to_have_text(
        'Only one team goes out in a round, so "Went out" for Team 1 was unticked.'
    )
    assert_page_clean(page)


def test_next_says_what_is_wrong_before_the_round_is_closed(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    """Item 5: the last field of a team is often left by tapping "Next". Two clean books of seven hold at least 70
    points of cards (fives), so 50 melded cannot be: "Next" stops, says so with handfoot's words, and "Stay" goes back
    to the field."""
    page = phone_page
    open_keeper(page, site_server)
    enter(page, 1, "Team 2", SEED_001_SHORT)
    bad = {"clean_books": 2, "melded": 50}
    with pytest.raises(handfoot.TallyError) as refused:
        handfoot.score_round(PAGAT, tally(PAGAT, 1, bad))
    type_into(field(page, 1, "Team 1", "clean_books"), "2")
    type_into(field(page, 1, "Team 1", "melded"), "50", leave=False)
    page.get_by_role("button", name="Next: round 2").tap()
    check = page.locator("#hf-next-check")
    expect(check).to_contain_text(f"Team 1: not scored. {refused.value}", timeout=ENGINE_TIMEOUT)
    expect(page.get_by_role("heading", name="Round 1", exact=True)).to_be_visible()
    check.get_by_role("button", name="Stay on round 1").tap()
    expect(field(page, 1, "Team 1", "melded")).to_be_focused()
    type_into(field(page, 1, "Team 1", "melded"), "400", leave=False)
    page.get_by_role("button", name="Next: round 2").tap()
    expect(page.get_by_role("heading", name="Round 2", exact=True)).to_be_focused(timeout=ENGINE_TIMEOUT)
    assert_page_clean(page)


def test_the_summary_labels_each_rounds_score_and_the_running_total(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    """Item 6: the summary for the group chat says which number is the round's and which the total, with
    thousands separated as everywhere on the site."""
    page = phone_page
    grant_clipboard(page.context)
    open_keeper(page, site_server)
    for r in (1, 2):
        enter(page, r, "Team 1", SEED_000_OUT)
        enter(page, r, "Team 2", SEED_001_SHORT)
        expect_round_score(page, r, 1, 860)
    rounds = [[tally(PAGAT, r, SEED_000_OUT), tally(PAGAT, r, SEED_001_SHORT)] for r in (1, 2)]
    game = handfoot.score_game(PAGAT, rounds)
    assert game["rounds"][0][0]["total"] == 3615, "seed 000's team: 3,615 in a round"
    open_share(page)
    page.get_by_role("button", name="Copy a summary").tap()
    expect(page.locator(".hf-share__message")).to_have_text("Summary copied. Paste it into your group chat.")
    summary = page.evaluate("() => navigator.clipboard.readText()")
    assert summary.splitlines() == [
        "Hand and Foot (Pagat partnership)",
        "Round 1: Team 1 3,615 (total 3,615), Team 2 860 (total 860)",
        "Round 2: Team 1 3,615 (total 7,230), Team 2 860 (total 1,720)",
        "Leading: Team 1 with 7,230",
    ]
    assert_page_clean(page)


def _broken_words(page: Page) -> list[str]:
    """The words of the sheet's column heads that the layout breaks across two lines."""
    return page.evaluate(
        """() => [...document.querySelectorAll('#hf-totals-body thead th')].flatMap((cell) => {
          const text = cell.firstChild;
          if (!text) return [];
          const broken = [];
          let at = 0;
          for (const word of text.textContent.split(' ')) {
            const range = document.createRange();
            range.setStart(text, at);
            range.setEnd(text, at + word.length);
            const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
            if (lines.size > 1) broken.push(word);
            at += word.length + 1;
          }
          return broken;
        })"""
    )


def test_a_game_of_four_played_alone_on_a_small_phone(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    """Items 7 and 8: Steve Simpson's game is played alone. With four players at 360 px the sheet's heads break
    between words, no team's fields run past the screen, and nothing speaks of a team."""
    page = phone_page
    page.set_viewport_size(SMALL_PHONE)
    open_keeper(page, site_server, "simpson")
    assert SIMPSON["players.team_size"] == 1
    expect(page.locator(".hf-sheet__lead")).to_have_text("4 rounds to play. Every player starts at 0.")
    # Simpson's own table is four players alone, each named as a player.
    expect(page.locator(".hf-team-round")).to_have_count(4)
    for t in range(4):
        enter(page, 1, f"Player {t + 1}", {"melded": 100 + 50 * t, "left": 20})
    page.get_by_role("button", name="Next: round 2").tap()
    expect(page.get_by_role("heading", name="Round 2", exact=True)).to_be_focused()
    expect(page.locator("#hf-totals-body thead th")).to_have_text(
        ["Round", "Player 1", "Player 2", "Player 3", "Player 4"]
    )
    assert _broken_words(page) == []
    # Each player's fields stay inside the round, and nothing inside them runs past their border.
    overflow = page.evaluate(
        """[...document.querySelectorAll('.hf-team-round')].filter((set) =>
             set.scrollWidth > set.clientWidth
             || set.getBoundingClientRect().right > set.closest('.hf-round').getBoundingClientRect().right + 0.5
           ).length"""
    )
    assert overflow == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= SMALL_PHONE["width"]
    assert "team" not in page.locator(".hf-keeper").inner_text().lower()
    assert_page_clean(page)


ICONS = """(root) => {
  const path = (css) => /d=\\\\?["']([^"'\\\\]+)/.exec(css)?.[1] ?? css;
  const pencil = path(getComputedStyle(document.documentElement).getPropertyValue('--md-admonition-icon--note'));
  return [...root.querySelectorAll('details > summary, .admonition > .admonition-title')].map((summary) => {
    const icon = getComputedStyle(summary, '::before');
    const mask = icon.maskImage !== 'none' ? icon.maskImage : icon.webkitMaskImage;
    const shown = icon.display === 'none' || mask === 'none' ? 'none' : path(mask) === pencil ? 'pencil' : 'own';
    return [summary.textContent.trim(), shown];
  });
}"""


def test_folded_boxes_carry_an_icon_that_says_what_they_hold(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    """Item 11: Material marks a folded box with a pencil, which reads as "edit". The keeper's boxes and the rule
    page's note on silent sources each carry an icon of their own (a card counter carries none)."""
    page = phone_page
    open_keeper(page, site_server)
    enter(page, 1, "Team 1", SEED_000_OUT)
    expect_round_score(page, 1, 0, 3615)
    icons = dict(page.locator(".hf-keeper").evaluate(ICONS))
    assert icons.pop("How it adds up") == "own"
    for box in ("A new game", "House values", "Share, export and import"):
        assert icons.pop(box) == "own", box
    assert {name: icon for name, icon in icons.items() if icon == "pencil"} == {}
    page.goto(site_server + "rules/simpson/")
    silent = dict(page.locator(".md-content").evaluate(ICONS))
    assert silent["Where the sources are silent"] == "own"
    assert_page_clean(page)
