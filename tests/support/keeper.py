"""Helpers for the score keeper's browser tests: open the keeper, type a team's round, read what a player reads.

The keeper shows numbers the way the site formats them (``1,234``, and U+2212 for minus); ``points`` gives that text
for a number, so tests compare what is on screen with what ``handfoot`` computes in CPython.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from playwright.sync_api import Locator, Page, Route, expect

import handfoot
from handfoot.sheet_form import scored_extras
from handfoot.words import format_number
from support.person import tap_when_still, type_into
from support.waiting import until_shown
from testbench.paths import REPO_ROOT

VARIANTS = handfoot.load_variants(REPO_ROOT / "variants")
KEEPER = "keeper/"
# Pyodide in a fresh browser context takes a few seconds on a small machine; this is the ceiling, not the norm.
ENGINE_TIMEOUT = 60_000
WASM = "**/pyodide.asm.wasm"

# A team's round as the keeper asks for it: tally key -> the field's label.
FIELD_LABELS = {
    "clean_books": "Clean books",
    "dirty_books": "Dirty books",
    "wild_books": "Wild books",
    "red_threes": "Red threes laid down",
    "red_threes_caught": "Red threes caught",
    "melded": "Card points in melds and books",
    "left": "Cards left (points)",
    "black_threes_caught_in_foot": "Of the cards left, black threes in an unplayed foot",
}
COUNT_KEYS = ("red_threes", "red_threes_caught", "melded", "left")


def points(value: int) -> str:
    """A number as the keeper shows it: ``3,615``, ``−160``."""
    return format_number(value)


STATUS = ".hf-keeper .hf-status"
READY = "Rules engine ready"


def status(page: Page) -> Locator:
    return page.locator(STATUS)


def wait_ready(page: Page) -> None:
    until_shown(page, STATUS, READY, ENGINE_TIMEOUT)
    expect(status(page)).to_contain_text(READY)


class PyodideBlock:
    """A route on the Pyodide runtime's wasm, set before the first load and switched on later to block it.

    Set from the start, so the page's worker fetches the wasm through the route on every load. A route added only
    just before a reload failed twice in full runs under load: once the rules engine started anyway, once it never
    finished loading.
    """

    def __init__(self, page: Page) -> None:
        self.on = False
        page.route(WASM, self._handle)

    def _handle(self, route: Route) -> None:
        if self.on:
            route.abort()
        else:
            route.continue_()


def open_keeper(page: Page, base: str, variant: str | None = None, *, ready: bool = True) -> None:
    """Go to the keeper (``?variant=`` opens a new game with those rules) and, unless told not to, wait for Python."""
    page.goto(base + KEEPER + (f"?variant={variant}" if variant else ""))
    until_shown(page, ".hf-keeper .hf-round", None, ENGINE_TIMEOUT)
    expect(page.locator(".hf-keeper .hf-round")).to_be_visible()
    if ready:
        wait_ready(page)


def show_round(page: Page, round_number: int) -> Locator:
    """The "Round N" region below the score sheet. When another round is open, tap round N's row on the sheet, or,
    while the sheet has no table yet (only the first round has entries), "Next: round N" as a player does."""
    region = page.get_by_role("region", name=f"Round {round_number}", exact=True)
    # Some round is drawn first: the keeper draws itself after the page has loaded.
    expect(page.locator(".hf-keeper .hf-round")).to_be_visible(timeout=ENGINE_TIMEOUT)
    if not region.count():
        row = page.locator(".hf-sheet").get_by_role("button", name=f"Round {round_number}", exact=True)
        if row.count():
            row.click()
        else:
            tap_next(page, round_number)
        expect(region).to_be_visible()
    return region


def tap_next(page: Page, round_number: int) -> None:
    """Tap "Next: round N" as a player does, and "Open round N anyway" when the keeper asks first; then wait for the
    round, which opens once handfoot has checked the one left, as the player sees before typing in it."""
    region = page.get_by_role("region", name=f"Round {round_number}", exact=True)
    page.get_by_role("button", name=f"Next: round {round_number}", exact=True).click()
    anyway = page.get_by_role("button", name=f"Open round {round_number} anyway", exact=True)
    expect(region.or_(anyway).first).to_be_visible()
    if anyway.is_visible():
        anyway.click()
    expect(region).to_be_visible()


def open_box(box: Locator) -> None:
    """Tap the summary of the section ``box`` (a <details>) unless it is open, as a player does (``tap_when_still``:
    the page below a round can move about 0.1 s after a field is left, 206 px measured with the rules engine failed),
    and see it open."""
    if box.get_attribute("open") is not None:
        return
    tap_when_still(box.locator("summary"))
    expect(box).to_have_attribute("open", "")


def open_share(page: Page) -> None:
    """Open "Share, export and import" below the round, as a player does before copying, exporting or importing."""
    open_box(page.locator("details.hf-share"))


def open_handover(page: Page) -> Locator:
    """Tap "Hand this game to another phone" (unless it is open) as a player does; the link's QR code."""
    open_box(page.locator("details.hf-handover"))
    return page.get_by_role("img", name="QR code of this game's link")


def open_records(page: Page) -> Locator:
    """Tap "Players' records" (unless it is open) as a player does; the section's body."""
    records = page.locator("details.hf-records")
    open_box(records)
    return records.locator(".hf-records__body")


def open_setup(page: Page) -> None:
    """Open "Teams and a new game" (closed once a round has scores), as a player does to rename or start over."""
    open_box(page.locator("details.hf-game__setup"))


def team_round(page: Page, round_number: int, team: str) -> Locator:
    """The fieldset of one team's round: inside the "Round N" region, the group named after the team."""
    return show_round(page, round_number).get_by_role("group", name=team, exact=True)


def field(page: Page, round_number: int, team: str, key: str) -> Locator:
    return team_round(page, round_number, team).get_by_label(FIELD_LABELS[key], exact=True)


def went_out(page: Page, round_number: int, team: str) -> Locator:
    return team_round(page, round_number, team).get_by_label("Went out", exact=True)


def enter(page: Page, round_number: int, team: str, values: Mapping[str, Any], *, leave: bool = True) -> None:
    """Type a team's round key by key: a count per field in ``values`` and ``went_out`` (ticked only when true).

    Then, unless told not to, leave the team's fields as a person does when done (a tap on the round's heading), so the
    keeper checks the rules that span several fields.
    """
    for key, value in values.items():
        if key == "went_out":
            box = went_out(page, round_number, team)
            if value:
                box.check()
            else:
                box.uncheck()
        else:
            type_into(field(page, round_number, team, key), str(value))
    if leave:
        leave_team(page, round_number)


def leave_team(page: Page, round_number: int) -> None:
    """Tap the round's heading: focus leaves every field, as when a person puts the phone down or moves on."""
    page.get_by_role("region", name=f"Round {round_number}", exact=True).get_by_role("heading").first.click()


def result(page: Page, round_number: int, team_index: int) -> Locator:
    """The result box of a team's round (team_index counts from 0, like the ids), its round opened if need be."""
    show_round(page, round_number)
    return page.locator(f"#r{round_number - 1}-t{team_index}-result")


def out_warning(page: Page, round_number: int, team_index: int) -> Locator:
    """What handfoot warns of a team's round (going out without the books, …), said beside its "Went out" box."""
    show_round(page, round_number)
    return page.locator(f"#r{round_number - 1}-t{team_index}-went_out-warning")


def round_score(page: Page, round_number: int, team_index: int) -> Locator:
    return result(page, round_number, team_index).locator(".hf-result__total strong")


def running_total(page: Page, round_number: int, team_index: int) -> Locator:
    return result(page, round_number, team_index).locator(".hf-result__running strong")


def expect_round_score(page: Page, round_number: int, team_index: int, total: int) -> None:
    expect(round_score(page, round_number, team_index)).to_have_text(points(total), timeout=ENGINE_TIMEOUT)


def lines(page: Page, round_number: int, team_index: int) -> list[tuple[str, str]]:
    """The breakdown lines of a team's round as shown: (label, points text)."""
    rows = result(page, round_number, team_index).locator(".hf-lines li")
    found = rows.evaluate_all("rows => rows.map(row => [...row.querySelectorAll('span')].map(s => s.textContent))")
    return [(label, shown) for label, shown in found]


def totals_rows(page: Page) -> list[list[str]]:
    """The score sheet's rows: one per round, the round's header cell first, each team's round score."""
    table = page.locator("#hf-totals-body table")
    return table.locator("tbody tr").evaluate_all(
        "rows => rows.map(row => [...row.children].map(cell => cell.textContent))"
    )


def totals_header(page: Page) -> list[str]:
    return page.locator("#hf-totals-body thead th").all_text_contents()


def sheet_totals(page: Page) -> list[str]:
    """The totals under the teams on the score sheet."""
    return page.locator("#hf-totals-body tfoot td").all_text_contents()


def tally(variant: handfoot.Variant, round_number: int, values: Mapping[str, Any]) -> dict[str, Any]:
    """The tally the keeper sends for a team's round: every field of the variant, 0 where nothing was typed."""
    keys = [f"{kind.id}_books" for kind in variant.book_kinds] + list(COUNT_KEYS) + list(scored_extras(variant))
    full: dict[str, Any] = {"round": round_number, "went_out": bool(values.get("went_out", False))}
    full.update({key: values.get(key, 0) for key in keys})
    return full


def expected_lines(scored: Mapping[str, Any]) -> list[tuple[str, str]]:
    return [(line["label"], points(line["points"])) for line in scored["lines"]]


def stored_games(page: Page) -> list[dict[str, Any]]:
    """Every game saved in this origin's localStorage."""
    return page.evaluate(
        """() => Object.keys(localStorage).filter(k => k.startsWith("handfoot.keeper.game."))
                 .map(k => JSON.parse(localStorage.getItem(k)))"""
    )
