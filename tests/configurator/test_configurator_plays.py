"""The configurator's "How it plays": a table raises the going-out bonus, plays 200 games with its rules on a phone,
stops a run with Cancel, and reads its figures beside the base version's same games, the differences beyond the noise
marked.

The going-out bonus changes what a round scores, not how anyone plays: the bots' games are the same games, so every
figure of play stays the base version's, and the points from going out grow by the bonus's ratio exactly.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Locator, Page, expect

from handfoot.simulate.report import KIND, shown
from sitebuild.simulations import CONFIGURATOR, RESULTS_FILE, key_of, read_runs
from support.configurator import open_configurator, set_rule, show_view
from support.keeper import VARIANTS
from testbench.axe import axe_violations
from testbench.paths import REPO_ROOT

pytestmark = pytest.mark.browser

PAGAT = VARIANTS["pagat-partnership"]
BONUS = 3000
# A run of 200 games takes seconds on a desktop, and longer on a busy test machine; this is the ceiling.
RUN_TIMEOUT = 180_000


def base_figure(name: str) -> float:
    """Pagat's figure over the configurator's 200 games, as the build keeps it."""
    run = read_runs(REPO_ROOT / RESULTS_FILE)[key_of(PAGAT, run=CONFIGURATOR)]
    return float(run["figures"][name][0])


def row(page: Page, name: str) -> Locator:
    return page.locator(f'#hf-view-plays tr[data-figure="{name}"]')


def cell_text(page: Page, name: str, column: int) -> str:
    """The figure alone (its margin and mark left out) in column 1 (your rules) or 2 (the base version)."""
    cell = row(page, name).locator("td").nth(column - 1)
    return cell.evaluate("td => td.firstChild.textContent")


def test_a_table_plays_its_rules_cancels_and_reads_them_beside_the_base(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    page = phone_page
    open_configurator(page, site_server)
    set_rule(page, "going_out.bonus", BONUS)
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

    # How the bots play does not change: the same games, every figure of play as the base's, none marked.
    for name in ("turns_per_round.median", "round_end.went_out", "foot_reached", "points_from.books"):
        expected = shown(base_figure(name), KIND[name])
        assert (cell_text(page, name, 1), cell_text(page, name, 2)) == (expected, expected), name
        expect(row(page, name).locator(".hf-differs")).to_have_count(0)
    # The points from going out grow by the bonus's ratio, marked higher: beyond the noise.
    going_out = base_figure("points_from.going_out")
    (bonus,) = PAGAT["going_out.bonus"]  # one bonus, every round
    ratio = BONUS / bonus
    assert cell_text(page, "points_from.going_out", 1) == shown(going_out * ratio, KIND["points_from.going_out"])
    assert cell_text(page, "points_from.going_out", 2) == shown(going_out, KIND["points_from.going_out"])
    expect(row(page, "points_from.going_out").locator("td.hf-differs")).to_contain_text("higher")
    expect(row(page, "mean_round_score").locator("td.hf-differs")).to_contain_text("higher")
    expect(page.locator("#hf-view-plays")).to_contain_text(
        "Bots, not people. Use it to compare rule sets, not to predict your table."
    )
    stale = page.locator("#hf-view-plays .hf-plays__stale")
    expect(stale).to_be_hidden()
    assert axe_violations(page, "#hf-view-plays") == []

    # Another change: the figures shown are of the rules before it, and say so.
    show_view(page, "rules")
    set_rule(page, "going_out.bonus", 400)
    show_view(page, "plays")
    expect(stale).to_be_visible()
    expect(stale).to_have_text(
        "Your rules have changed since these games were played: play again to see how they play now."
    )
    assert_page_clean(page)
