"""The configurator's "How it plays": a table raises the going-out bonus, plays 200 games with its rules on a phone,
stops a run with Cancel, and reads its figures beside the base version's same games, each with the range it likely lies
in (in words, never "±"), a difference marked only where the compare page would mark it. The results name the house
changes they played; a rule changed while the games play marks them as the games of other rules at once; the last
finished run is there again after leaving the page or reloading it, and one kept by an earlier build is left unread
(the other runs left unread, damaged or kept before figures had ranges, are read under Node: kept_run.test.mjs).

The going-out bonus changes what a round scores, not how anyone plays: the bots' games are the same games, so every
figure of play stays the base version's, and the points from going out grow by the bonus's ratio exactly.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, Route, expect

from handfoot import Variant
from handfoot.simulate.report import KIND, figure_range, shown
from handfoot.simulate.stats import Figure, measure
from handfoot.spec import FIELDS_BY_PATH
from handfoot.value_words import rule_words
from sitebuild.simulations import CONFIGURATOR, RESULTS_FILE, key_of, read_runs
from support.configurator import READY_TIMEOUT, open_configurator, set_rule, show_view
from support.keeper import VARIANTS
from testbench.axe import axe_violations
from testbench.paths import REPO_ROOT

pytestmark = pytest.mark.browser

PAGAT = VARIANTS["pagat-partnership"]
BONUS = 3000
# A run of 200 games takes seconds on a desktop, and longer on a busy test machine; this is the ceiling.
RUN_TIMEOUT = 180_000
BONUS_PATH = "going_out.bonus"
# What the page says of figures, or of games being played, that are not of the rules now on the form.
RUN_OLD = (
    "Your rules have changed since these games began: they are being played by the rules below, not those now on "
    "your form."
)
SHOWN_OLD = (
    "These figures are for the rules below, not those now on your form: play again to see how your rules play now."
)
# Where the configurator keeps the last finished run on the device.
KEPT_KEY = "handfoot.configurator.played"
# Shorter runs than the build's 200 games: one the tests of keeping it play, and one long enough to change a rule
# while it plays (each change is made as soon as the games have begun).
FEW_GAMES = 10
MID_RUN_GAMES = 40


def base_run(name: str) -> Figure:
    """Pagat's figure over the configurator's 200 games, as the build keeps it, with its likely range."""
    run = read_runs(REPO_ROOT / RESULTS_FILE)[key_of(PAGAT, run=CONFIGURATOR)]
    return Figure(*(float(n) for n in run["figures"][name]))


def base_figure(name: str) -> float:
    return base_run(name).value


def row(page: Page, name: str) -> Locator:
    return page.locator(f'#hf-view-plays tr[data-figure="{name}"]')


def cell_text(page: Page, name: str, column: int) -> str:
    """The figure alone (its margin and mark left out) in column 1 (your rules) or 2 (the base version)."""
    cell = row(page, name).locator("td").nth(column - 1)
    return cell.evaluate("td => td.firstChild.textContent")


def change_line(path: str, value: Any, base: Variant = PAGAT) -> str:
    """A change as the configurator words it everywhere: "Going out: 3,000 points every round (Pagat partnership:
    100 points every round)", from handfoot's spec and words."""
    house = base.with_changes({path: value})
    return f"{FIELDS_BY_PATH[path].label}: {rule_words(house)[path]} ({base.name}: {rule_words(base)[path]})"


def played_changes(page: Page) -> Locator:
    """The house changes the run on screen plays, listed above its figures."""
    return page.locator("#hf-view-plays .hf-plays__changes li")


def play_fewer(page: Page, games: int) -> None:
    """The build's data with a shorter run, as the page fetches it: "Play 10 games"."""

    def shorter(route: Route) -> None:
        response = route.fetch()
        data = response.json()
        data["play_run"]["games"] = games
        route.fulfill(response=response, json=data)

    page.route("**/assets/data/variants-*.json", shorter)


def test_a_table_plays_its_rules_cancels_and_reads_them_beside_the_base(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    page = phone_page
    open_configurator(page, site_server)
    set_rule(page, BONUS_PATH, BONUS)
    show_view(page, "plays")
    play = page.get_by_role("button", name="Play 200 games with these rules")
    status = page.locator("#hf-view-plays .hf-plays__status")

    play.click()
    cancel = page.get_by_role("button", name="Cancel")
    expect(cancel).to_be_focused()
    expect(status).to_have_text(re.compile(r"^Played \d+ of 200 games…$"), timeout=RUN_TIMEOUT)
    cancel.click()
    expect(status).to_have_text(re.compile(r"^Stopped after \d+ of 200 games\. Nothing was kept\.$"))
    expect(page.locator("#hf-view-plays table")).to_have_count(0)
    expect(play).to_be_visible()
    expect(cancel).to_be_hidden()

    play.click()
    expect(status).to_have_text("Played 200 games (800 rounds).", timeout=RUN_TIMEOUT)
    heads = page.locator("#hf-view-plays thead th")
    expect(heads).to_have_text(["Figure", "Your rules", PAGAT.short_name])
    expect(played_changes(page)).to_have_text([change_line(BONUS_PATH, BONUS)])

    # How the bots play does not change: the same games, every figure of play as the base's, none marked.
    for name in ("turns_per_round.median", "round_end.went_out", "foot_reached", "points_from.books"):
        expected = shown(base_figure(name), KIND[name])
        assert (cell_text(page, name, 1), cell_text(page, name, 2)) == (expected, expected), name
        expect(row(page, name).locator(".hf-differs")).to_have_count(0)
    # The points from going out grow by the bonus's ratio, marked higher: beyond the noise.
    going_out = base_figure("points_from.going_out")
    (bonus,) = PAGAT[BONUS_PATH]  # one bonus, every round
    ratio = BONUS / bonus
    assert cell_text(page, "points_from.going_out", 1) == shown(going_out * ratio, KIND["points_from.going_out"])
    assert cell_text(page, "points_from.going_out", 2) == shown(going_out, KIND["points_from.going_out"])
    expect(row(page, "points_from.going_out").locator("td.hf-differs")).to_contain_text("higher")
    expect(row(page, "mean_round_score").locator("td.hf-differs")).to_contain_text("higher")
    # Marked only where a table would notice: of the figures of play, the same games, none; of the points, some.
    marked = set(
        page.locator("#hf-view-plays tr:has(td.hf-differs)").evaluate_all("rows => rows.map(r => r.dataset.figure)")
    )
    assert {"points_from.going_out", "mean_round_score"} <= marked
    assert {measure(name) for name in marked} == {"points"}, marked
    # Under each figure the range it likely lies in (two numbers and a dash between), and in words to a screen reader;
    # never a "±".
    score = base_run("mean_round_score")
    likely = figure_range(score, KIND["mean_round_score"])
    assert likely is not None
    assert re.fullmatch(r"[\d,]+\u2013[\d,]+", likely["text"])
    base_score = row(page, "mean_round_score").locator("td").nth(1)
    expect(base_score.locator(".hf-plays__margin")).to_have_text(likely["text"])
    expect(base_score.locator(".hf-plays__margin")).to_have_attribute("aria-hidden", "true")
    expect(base_score.locator(".hf-visually-hidden")).to_have_text(f", {likely['spoken']}")
    expect(page.locator("#hf-view-plays")).not_to_contain_text("\u00b1")
    expect(page.locator("#hf-view-plays")).to_contain_text(
        "Bots, not people. Use it to compare rule sets, not to predict your table."
    )
    stale = page.locator("#hf-view-plays .hf-plays__stale")
    expect(stale).to_be_hidden()
    assert axe_violations(page, "#hf-view-plays") == []

    # Another change: the figures shown are of the rules before it, and say so.
    show_view(page, "rules")
    set_rule(page, BONUS_PATH, 400)
    show_view(page, "plays")
    expect(stale).to_be_visible()
    expect(stale.locator(".hf-plays__stale-text")).to_have_text(SHOWN_OLD)
    assert_page_clean(page)


def test_a_rule_changed_while_the_games_play_marks_them_at_once_as_the_games_of_other_rules(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    """The games go on and finish as the games of the rules they began with, marked so from the moment of the change
    and naming those rules; a tap plays the rules now in force instead."""
    page = phone_page
    play_fewer(page, MID_RUN_GAMES)
    open_configurator(page, site_server)
    set_rule(page, BONUS_PATH, BONUS)
    show_view(page, "plays")
    status = page.locator("#hf-view-plays .hf-plays__status")
    stale = page.locator("#hf-view-plays .hf-plays__stale")
    notice = page.locator("#hf-plays-notice")
    again = stale.get_by_role("button", name="Play again with the rules now in force")
    play = page.get_by_role("button", name=f"Play {MID_RUN_GAMES} games with these rules")
    play.click()
    expect(played_changes(page)).to_have_text([change_line(BONUS_PATH, BONUS)], timeout=READY_TIMEOUT)
    expect(stale).to_be_hidden()

    # A change on "Your rules" while the games play: said at once, where a screen reader hears it from any view.
    set_rule(page, BONUS_PATH, 400)
    expect(notice).to_have_attribute("role", "status")
    expect(notice).to_have_text(RUN_OLD, timeout=1_000)
    show_view(page, "plays")
    expect(stale).to_be_visible()
    expect(stale.locator(".hf-plays__stale-text")).to_have_text(RUN_OLD)
    expect(played_changes(page)).to_have_text([change_line(BONUS_PATH, BONUS)])
    expect(page.get_by_role("button", name="Cancel")).to_be_visible()

    # One tap plays the rules on the form: the games of the old ones give way.
    again.click()
    expect(played_changes(page)).to_have_text([change_line(BONUS_PATH, 400)])
    expect(stale).to_be_hidden()
    expect(notice).to_have_text("")
    expect(page.get_by_role("button", name="Cancel")).to_be_focused()

    # Changed again mid-run, through the bar's list of changes, from this view: the run finishes, marked.
    page.locator("#hf-bar-changes").click()
    page.get_by_role("button", name=f"Undo {FIELDS_BY_PATH[BONUS_PATH].label}").click()
    expect(notice).to_have_text(RUN_OLD, timeout=1_000)
    expect(stale.locator(".hf-plays__stale-text")).to_have_text(RUN_OLD)
    expect(status).to_have_text(re.compile(rf"^Played {MID_RUN_GAMES} games \(\d+ rounds\)\.$"), timeout=RUN_TIMEOUT)
    expect(page.locator("#hf-view-plays table")).to_be_visible()
    expect(stale.locator(".hf-plays__stale-text")).to_have_text(SHOWN_OLD)
    expect(notice).to_have_text(SHOWN_OLD)
    expect(page.locator("#hf-view-plays .hf-plays__results")).to_have_attribute("data-stale", "")
    expect(played_changes(page)).to_have_text([change_line(BONUS_PATH, 400)])
    expect(again).to_be_hidden()
    expect(play).to_be_visible()
    assert axe_violations(page, "#hf-view-plays") == []
    assert_page_clean(page)


def test_the_last_run_is_kept_on_the_device_and_what_cannot_be_read_of_it_is_left_unread(
    page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    """A run of 10 games is there again after going to the home page and back and after a reload, with the rules it
    played, marked when the form holds others; one kept by an earlier build is left unread."""
    play_fewer(page, FEW_GAMES)
    open_configurator(page, site_server)
    set_rule(page, BONUS_PATH, BONUS)
    show_view(page, "plays")
    status = page.locator("#hf-view-plays .hf-plays__status")
    stale = page.locator("#hf-view-plays .hf-plays__stale")
    table = page.locator("#hf-view-plays table")
    play = page.get_by_role("button", name=f"Play {FEW_GAMES} games with these rules")
    play.click()
    expect(status).to_have_text(re.compile(rf"^Played {FEW_GAMES} games \(\d+ rounds\)\.$"), timeout=RUN_TIMEOUT)
    rows = table.locator("tbody tr").count()
    assert rows > 1

    def come_back(reload: bool) -> None:
        if reload:
            page.reload()
        else:
            page.goto(site_server)
            page.goto(site_server + "configurator/")
        show_view(page, "plays")
        expect(status).to_have_text(re.compile(rf"^Your last games, kept on this device: {FEW_GAMES} games"))

    # Away and back: the same rules, the same figures, nothing marked.
    come_back(reload=False)
    expect(played_changes(page)).to_have_text([change_line(BONUS_PATH, BONUS)])
    expect(table.locator("tbody tr")).to_have_count(rows)
    expect(stale).to_be_hidden()

    # Other rules on the form: the kept figures say they are not theirs, at once and after a reload too. What is kept
    # is data, drawn as text: markup put in it stays words on the page.
    set_rule(page, BONUS_PATH, 400)
    show_view(page, "plays")
    expect(stale.locator(".hf-plays__stale-text")).to_have_text(SHOWN_OLD)
    kept = json.loads(page.evaluate("(key) => localStorage.getItem(key)", KEPT_KEY))
    marked_up = {**kept, "changes": [{**kept["changes"][0], "label": "<img src=x>Going"}]}
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [KEPT_KEY, json.dumps(marked_up)])
    come_back(reload=True)
    expect(stale.locator(".hf-plays__stale-text")).to_have_text(SHOWN_OLD)
    expect(page.locator("#hf-plays-notice")).to_have_text("")  # shown, not read out, on opening the page
    expect(played_changes(page)).to_have_text([change_line(BONUS_PATH, BONUS).replace("Going out", "<img src=x>Going")])
    expect(table.locator("tbody tr")).to_have_count(rows)
    expect(page.locator("#hf-view-plays img")).to_have_count(0)

    # Kept by the build before this one (the site was updated since): left unread, and the page plays as ever. What
    # else is left unread (damaged, of a version the site no longer has, kept before figures had ranges) is read under
    # Node (tests/js/kept_run.test.mjs).
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)", [KEPT_KEY, json.dumps({**kept, "made": "another build"})]
    )
    page.reload()
    show_view(page, "plays")
    expect(play).to_be_visible()
    expect(status).to_have_text("")
    expect(page.locator("#hf-view-plays .hf-plays__results")).to_be_empty()
    expect(stale).to_be_hidden()
    play.click()
    expect(status).to_have_text(re.compile(rf"^Played {FEW_GAMES} games \(\d+ rounds\)\.$"), timeout=RUN_TIMEOUT)
    expect(played_changes(page)).to_have_text([change_line(BONUS_PATH, 400)])
    assert_page_clean(page)
