"""The score keeper in Chromium with the real Pyodide engine: the numbers a player checks, kept, shared and safe.

Most tests open /keeper/ in the warm lane's page (tests/support/lanes.py): one context kept from test to test, with
its localStorage and everything else a test could leave cleared before each test; a second tab opens in that
context, and a blocked runtime is a route on the page. Expected scores come from handfoot in CPython, from the same
tallies the test types in.
"""

from __future__ import annotations

import base64
import copy
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

import handfoot
from handfoot.examples import SEED_000_OUT, SEED_001_SHORT
from sitebuild.pyodide_runtime import PYODIDE_URL
from support.keeper import (
    ENGINE_TIMEOUT,
    VARIANTS,
    WASM,
    PyodideBlock,
    enter,
    expect_round_score,
    expected_lines,
    field,
    lines,
    open_keeper,
    open_setup,
    open_share,
    out_warning,
    points,
    result,
    round_score,
    running_total,
    show_round,
    status,
    stored_games,
    tally,
    team_round,
    totals_header,
    totals_rows,
    wait_ready,
    went_out,
)
from support.person import type_into
from testbench.axe import axe_violations
from testbench.watcher import watch

pytestmark = pytest.mark.browser

PAGAT = VARIANTS[handfoot.DEFAULT_VARIANT]

# Seed 000's worked round and seed 001's side B, both in round 1 of Pagat partnership.
SEED_000 = SEED_000_OUT
SEED_001_B = SEED_001_SHORT

# A four-round Pagat game between two teams: one team goes out each round.
GAME = [
    [SEED_000, SEED_001_B],
    [
        {"clean_books": 1, "dirty_books": 2, "red_threes": 1, "melded": 300, "left": 85},
        {"clean_books": 2, "dirty_books": 2, "wild_books": 1, "red_threes": 1, "melded": 520, "went_out": True},
    ],
    [
        {"clean_books": 3, "dirty_books": 2, "wild_books": 1, "melded": 650, "went_out": True},
        {"dirty_books": 1, "red_threes_caught": 2, "melded": 90, "left": 230},
    ],
    [
        {"clean_books": 2, "dirty_books": 1, "melded": 260, "left": 45},
        {"clean_books": 2, "dirty_books": 2, "wild_books": 1, "red_threes": 2, "melded": 480, "went_out": True},
    ],
]

# (round, team index, what the team typed) per variant, for the browser-against-CPython comparison.
CROSS_CHECK: dict[str, list[tuple[int, int, dict[str, Any]]]] = {
    "pagat-partnership": [
        (1, 0, SEED_000),
        (1, 1, SEED_001_B),
        (2, 0, {"clean_books": 1, "dirty_books": 1, "red_threes": 2, "melded": 180, "left": 40, "went_out": True}),
    ],
    "bicycle": [
        (1, 0, {"clean_books": 1, "dirty_books": 1, "melded": 200, "went_out": True}),
        (1, 1, {"dirty_books": 2, "red_threes_caught": 1, "melded": 150, "left": 95}),
        (3, 0, {"clean_books": 2, "red_threes": 1, "melded": 300, "left": 20}),
    ],
    "simpson": [
        (1, 0, {"clean_books": 1, "dirty_books": 1, "melded": 180, "went_out": True}),
        (1, 2, {"red_threes": 1, "melded": 60, "left": 35}),
        (2, 3, {"clean_books": 2, "dirty_books": 1, "red_threes_caught": 1, "melded": 400, "left": 10}),
    ],
    "brouillette": [
        (1, 0, {"clean_books": 2, "dirty_books": 2, "melded": 400, "went_out": True}),
        (2, 1, {"clean_books": 1, "red_threes_caught": 2, "melded": 100, "left": 300}),
        (4, 1, {"clean_books": 2, "dirty_books": 2, "wild_books": 1, "red_threes": 1, "melded": 700, "went_out": True}),
    ],
}


def engine_errors(page: Page) -> list[str]:
    """Console errors other than the rules engine's own report that it could not start."""
    return [text for text in page.console_errors if not text.startswith("The rules engine could not start")]


def play_round_one(page: Page) -> None:
    """Seed 000 for Team 1 and seed 001's side B for Team 2, then wait for the totals."""
    enter(page, 1, "Team 1", SEED_000)
    enter(page, 1, "Team 2", SEED_001_B)
    expect_round_score(page, 1, 0, 3615)
    expect_round_score(page, 1, 1, 860)
    expect(running_total(page, 1, 1)).to_have_text("860", timeout=ENGINE_TIMEOUT)


# 1, 2: the seeds' worked rounds.


def test_the_seeds_worked_rounds(page: Page, site_server: str, assert_page_clean: Callable[[Page], None]) -> None:
    """Seed 000's going-out round for Team 1, then seed 001's side B for Team 2, as the rule page works them."""
    open_keeper(page, site_server)
    enter(page, 1, "Team 1", SEED_000)
    expect_round_score(page, 1, 0, 3615)
    expected = handfoot.score_round(PAGAT, tally(PAGAT, 1, SEED_000))
    assert expected["total"] == 3615
    assert lines(page, 1, 0) == expected_lines(expected)
    expect(result(page, 1, 0)).to_contain_text("Running total: once every team has entered this round")

    enter(page, 1, "Team 2", SEED_001_B)
    expect_round_score(page, 1, 1, 860)
    assert lines(page, 1, 1) == [
        ("1 clean book", "500"),
        ("1 dirty book", "300"),
        ("Cards melded", "220"),
        ("1 red three laid down", "100"),
        ("1 red three caught", "\u2212100"),
        ("Cards left in hand and foot", "\u2212160"),
    ]
    assert_page_clean(page)


# 3: a whole game.


def test_four_round_game_running_totals_and_winner(
    page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    teams = ["Team 1", "Team 2"]
    scored = handfoot.score_game(
        PAGAT, [[tally(PAGAT, r, values) for values in row] for r, row in enumerate(GAME, start=1)]
    )
    assert scored["finished"]
    assert scored["winner"] is not None

    open_keeper(page, site_server)
    expect(page.locator(".hf-sheet__lead")).to_have_text(f"{len(GAME)} rounds to play. Every team starts at 0.")
    for r, row in enumerate(GAME, start=1):
        for t, values in enumerate(row):
            enter(page, r, teams[t], values)
        for t in range(len(teams)):
            expect_round_score(page, r, t, scored["rounds"][r - 1][t]["total"])
            expect(running_total(page, r, t)).to_have_text(points(scored["running"][r - 1][t]))
        # The sheet's table comes with the second round: until then it would only repeat the round below it.
        if r > 1:
            sheet = totals_rows(page)
            assert len(sheet) == len(GAME)
            for n in range(r):
                assert sheet[n] == [f"Round {n + 1}", *(points(team["total"]) for team in scored["rounds"][n])]
            for n in range(r, len(GAME)):
                assert sheet[n] == [f"Round {n + 1}", *([""] * len(teams))]
            expect(page.locator("#hf-totals-body tfoot td")).to_have_text(
                [points(total) for total in scored["running"][r - 1]], timeout=ENGINE_TIMEOUT
            )
        else:
            expect(page.locator("#hf-totals-body table")).to_have_count(0)
        if r < len(GAME):
            expect(page.locator(".hf-winner")).to_have_count(0)
            page.get_by_role("button", name=f"Next: round {r + 1}").click()
            expect(page.get_by_role("heading", name=f"Round {r + 1}", exact=True)).to_be_focused()

    winner = scored["winner"]
    expect(page.locator(".hf-winner")).to_have_text(
        f"Winner: {teams[winner]} with {points(scored['totals'][winner])}.", timeout=ENGINE_TIMEOUT
    )
    expect(page.locator(".hf-sheet__lead")).to_have_text(
        f"Winner: {teams[winner]} with {points(scored['totals'][winner])}."
    )
    assert page.locator(".hf-final li").all_text_contents() == [
        f"{name}{points(scored['totals'][t])}" for t, name in enumerate(teams)
    ]
    page.locator("#hf-game-end").get_by_role("button", name="New game, same teams").click()
    expect(field(page, 1, "Team 1", "melded")).to_have_value("")
    expect(page.locator(".hf-sheet__lead")).to_have_text(f"{len(GAME)} rounds to play. Every team starts at 0.")
    names = page.get_by_role("group", name="Who is playing?")
    for t, name in enumerate(teams):
        expect(names.get_by_label(f"Name of team {t + 1}")).to_have_value(name)
    assert_page_clean(page)


# 4: kept on the device and shared between tabs.


def test_reload_and_second_tab_keep_the_game(page: Page, site_server: str) -> None:
    context = page.context
    tab_a = page
    open_keeper(tab_a, site_server)
    play_round_one(tab_a)
    open_setup(tab_a)
    type_into(tab_a.get_by_label("Name of team 1"), "North")

    tab_a.reload()
    wait_ready(tab_a)
    for key, value in SEED_000.items():
        if key != "went_out":
            expect(field(tab_a, 1, "North", key)).to_have_value(str(value))
    expect(went_out(tab_a, 1, "North")).to_be_checked()
    expect(field(tab_a, 1, "Team 2", "left")).to_have_value("160")
    expect_round_score(tab_a, 1, 0, 3615)
    expect(tab_a.get_by_label("Name of team 1")).to_have_value("North")
    expect_round_score(tab_a, 1, 1, 860)

    tab_b = watch(context.new_page())
    open_keeper(tab_b, site_server)
    expect(field(tab_b, 1, "North", "melded")).to_have_value("415")
    expect(field(tab_b, 1, "Team 2", "melded")).to_have_value("220")
    expect_round_score(tab_b, 1, 1, 860)
    expect_round_score(tab_b, 1, 0, 3615)

    # Typing in tab A reaches tab B through the storage event.
    type_into(field(tab_a, 2, "Team 2", "melded"), "135")
    expect(field(tab_b, 2, "Team 2", "melded")).to_have_value("135", timeout=10_000)
    expect_round_score(tab_b, 2, 1, 135)
    type_into(field(tab_a, 1, "Team 2", "left"), "60")
    expect(field(tab_b, 1, "Team 2", "left")).to_have_value("60", timeout=10_000)
    expect_round_score(tab_b, 1, 1, 960)
    expect(running_total(tab_b, 1, 1)).to_have_text("960", timeout=ENGINE_TIMEOUT)
    for tab in (tab_a, tab_b):
        assert not tab.console_errors
        assert not tab.page_errors


# 5: house values.


def test_house_values_rescore_mark_and_reset(
    page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    open_keeper(page, site_server)
    enter(page, 1, "Team 1", SEED_000)
    expect_round_score(page, 1, 0, 3615)

    house = page.locator(".hf-house-values")
    house.locator("summary").click()
    type_into(house.get_by_label("Clean book", exact=True), "600")
    expect_round_score(page, 1, 0, 3815)
    expect(page.locator('.hf-house[data-path="books.clean"]')).to_have_class(re.compile(r"\bhf-house--edited\b"))
    # What it replaced, in the rule page's words (issue 38): Pagat's clean book is 500 points.
    expect(page.locator('.hf-house[data-path="books.clean"] > .hf-house__was')).to_have_text(
        "House value; Pagat partnership: 500 points."
    )
    expect(house.locator("summary")).to_have_text("House values (1 changed)")
    assert ("2 clean books", "1,200") in lines(page, 1, 0)

    page.get_by_role("button", name="Reset to Pagat partnership").click()
    expect_round_score(page, 1, 0, 3615)
    expect(page.locator(".hf-house--edited")).to_have_count(0)
    expect(house.get_by_label("Clean book", exact=True)).to_have_value("500")


def test_bad_house_values_show_a_message_and_change_nothing(page: Page, site_server: str) -> None:
    open_keeper(page, site_server)
    enter(page, 1, "Team 1", SEED_000)
    expect_round_score(page, 1, 0, 3615)
    house = page.locator(".hf-house-values")
    house.locator("summary").click()

    # Typed key by key, "20000" passes through 2,000 on its way; the house value must not stop there.
    clean = house.get_by_label("Clean book", exact=True)
    type_into(clean, "20000")
    expect(page.locator("#hf-house-books-clean-error")).to_contain_text("20,000 is more than 10,000")
    expect(clean).to_have_attribute("aria-invalid", "true")
    expect(clean).to_have_value("20000")

    minimum = house.get_by_label("First-meld minimum, round 1")
    type_into(minimum, "fifty")
    expect(page.locator("#hf-house-opening-minimums-error")).to_contain_text("whole number")

    page.wait_for_function(
        """() => Object.keys(localStorage).filter((k) => k.startsWith("handfoot.keeper.game."))
             .map((k) => JSON.parse(localStorage.getItem(k))).every((g) => Object.keys(g.house).length === 0)"""
    )
    expect(page.locator(".hf-house--edited")).to_have_count(0)
    expect(page.locator(".hf-house-values summary")).to_have_text("House values")
    expect_round_score(page, 1, 0, 3615)
    assert stored_games(page)[0]["house"] == {}
    expect(page.locator("#hf-house-books-clean-error")).to_contain_text("20,000 is more than 10,000")


# 6: undo.


def test_undo_restores_the_field_and_the_total(page: Page, site_server: str) -> None:
    open_keeper(page, site_server)
    enter(page, 1, "Team 1", SEED_000)
    expect_round_score(page, 1, 0, 3615)
    melded = field(page, 1, "Team 1", "melded")
    type_into(melded, "500")
    expect_round_score(page, 1, 0, 3700)

    page.get_by_role("button", name="Undo the last change").click()
    expect(field(page, 1, "Team 1", "melded")).to_have_value("415")
    expect_round_score(page, 1, 0, 3615)
    page.get_by_role("button", name="Undo the last change").click()
    expect(went_out(page, 1, "Team 1")).not_to_be_checked()
    expect_round_score(page, 1, 0, 3515)


# 7: export and import.


def _export(page: Page, folder: Path) -> tuple[Path, dict[str, Any]]:
    open_share(page)
    with page.expect_download() as download:
        page.get_by_role("button", name="Export the game (JSON)").click()
    path = folder / download.value.suggested_filename
    download.value.save_as(path)
    return path, json.loads(path.read_text(encoding="utf-8"))


def test_export_then_import_round_trips(page: Page, phone_page: Page, site_server: str, tmp_path: Path) -> None:
    """A game exported on one device (a desktop) and imported on another (a phone) comes back whole."""
    open_keeper(page, site_server)
    open_setup(page)
    type_into(page.get_by_label("Name of team 1"), "Ann & Bob")
    open_setup(page)
    type_into(page.get_by_label("Name of team 2"), "Cy & Di")
    enter(page, 1, "Ann & Bob", SEED_000)
    enter(page, 1, "Cy & Di", SEED_001_B)
    expect(running_total(page, 1, 1)).to_have_text("860", timeout=ENGINE_TIMEOUT)

    path, exported = _export(page, tmp_path)
    assert path.suffix == ".json"
    assert exported["teams"] == ["Ann & Bob", "Cy & Di"]
    assert exported["rounds"][0][0]["melded"] == 415
    assert exported["rounds"][0][1]["left"] == 160

    page = phone_page
    open_keeper(page, site_server)
    expect(page.get_by_label("Name of team 1")).to_have_value("Team 1")
    expect(field(page, 1, "Team 1", "melded")).to_have_value("")

    open_share(page)

    page.get_by_label("Import games (JSON file)").set_input_files(path)
    expect(page.locator(".hf-share__message")).to_have_text(
        "Imported a game of Pagat partnership between Ann & Bob, Cy & Di.", timeout=ENGINE_TIMEOUT
    )
    expect(page.get_by_label("Name of team 1")).to_have_value("Ann & Bob")
    expect(page.get_by_label("Name of team 2")).to_have_value("Cy & Di")
    for team, values in (("Ann & Bob", SEED_000), ("Cy & Di", SEED_001_B)):
        for key, value in values.items():
            if key != "went_out":
                expect(field(page, 1, team, key)).to_have_value(str(value))
    expect(went_out(page, 1, "Ann & Bob")).to_be_checked()
    expect_round_score(page, 1, 0, 3615)
    expect_round_score(page, 1, 1, 860)
    expect(running_total(page, 1, 0)).to_have_text("3,615", timeout=ENGINE_TIMEOUT)
    # Round 2 brings the sheet's table: the imported names head its columns.
    show_round(page, 2)
    assert totals_rows(page)[0] == ["Round 1", "3,615", "860"]
    assert totals_header(page) == ["Round", "Ann & Bob", "Cy & Di"]


def test_tampered_imports_change_nothing(page: Page, site_server: str, tmp_path: Path) -> None:
    open_keeper(page, site_server)
    open_setup(page)
    type_into(page.get_by_label("Name of team 1"), "Ann & Bob")
    play_round_one_as(page, "Ann & Bob")
    _, exported = _export(page, tmp_path)
    games_before = stored_games(page)

    negative = copy.deepcopy(exported)
    negative["rounds"][0][0]["clean_books"] = -1
    unknown = {**copy.deepcopy(exported), "script": "alert(1)"}
    text = json.dumps(exported)
    oversized = text[:-1] + " " * (256 * 1024) + "}"
    files = [
        ("broken.json", "{not json", "This file is not a Hand and Foot game saved by this site"),
        ("negative.json", json.dumps(negative), "round 1, Ann & Bob: Clean books must be a whole number from 0"),
        ("unknown.json", json.dumps(unknown), 'a game from this site never has ("script")'),
        ("big.json", oversized, "larger than 256 KB"),
    ]
    message = page.locator(".hf-share__message")
    importer = page.get_by_label("Import games (JSON file)")
    for name, content, reason in files:
        importer.set_input_files({"name": name, "mimeType": "application/json", "buffer": content.encode()})
        expect(message).to_contain_text(reason, timeout=ENGINE_TIMEOUT)
        expect(message).to_contain_text("Nothing was imported.")
        expect(page.get_by_label("Name of team 1")).to_have_value("Ann & Bob")
        expect(field(page, 1, "Ann & Bob", "clean_books")).to_have_value("2")
        expect(round_score(page, 1, 0)).to_have_text("3,615")
        expect(round_score(page, 1, 1)).to_have_text("860")
    after = stored_games(page)
    assert [g["id"] for g in after] == [g["id"] for g in games_before]
    assert [g["rounds"] for g in after] == [g["rounds"] for g in games_before]


def play_round_one_as(page: Page, team_one: str) -> None:
    enter(page, 1, team_one, SEED_000)
    enter(page, 1, "Team 2", SEED_001_B)
    expect(running_total(page, 1, 1)).to_have_text("860", timeout=ENGINE_TIMEOUT)


# 8: team names are text, never HTML.


def test_team_name_markup_is_shown_as_text(
    page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    payload = "<img src=x onerror=alert(1)>"
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    open_keeper(page, site_server)
    open_setup(page)
    type_into(page.get_by_label("Name of team 1"), payload)
    play_round_one_as(page, payload)
    show_round(page, 2)

    for check in range(2):
        keeper = page.locator(".hf-keeper")
        expect(team_round(page, 2, payload).locator("legend")).to_have_text(payload)
        expect(page.locator("#hf-totals-body thead th").nth(1)).to_have_text(payload)
        assert keeper.locator("img").count() == 0
        assert page.evaluate("() => document.querySelectorAll('img[src=x], .md-content img').length") == 0
        if check == 0:
            page.reload()
            wait_ready(page)
            expect(running_total(page, 1, 1)).to_have_text("860", timeout=ENGINE_TIMEOUT)
    # No img element exists at all, so no onerror can run later.
    assert dialogs == []
    assert_page_clean(page)


# 9: bad input.


def test_bad_counts_show_a_message_and_are_not_saved(page: Page, site_server: str) -> None:
    open_keeper(page, site_server)
    enter(page, 1, "Team 1", SEED_000)
    expect_round_score(page, 1, 0, 3615)
    clean = field(page, 1, "Team 1", "clean_books")

    for typed, message in (("abc", "Enter a whole number"), ("-5", "Enter 0 or more")):
        type_into(clean, typed)
        described = page.locator(f"#{clean.get_attribute('aria-describedby')}")
        expect(described).to_contain_text(message)
        expect(clean).to_have_accessible_description(described.text_content() or "unreachable")
        expect(clean).to_have_attribute("aria-invalid", "true")
        expect(round_score(page, 1, 0)).to_have_text("3,615")
        assert stored_games(page)[0]["rounds"][0][0]["clean_books"] == 2

    page.reload()
    wait_ready(page)
    clean = field(page, 1, "Team 1", "clean_books")
    expect(clean).to_have_value("2")
    expect_round_score(page, 1, 0, 3615)
    expect(clean).not_to_have_attribute("aria-invalid", "true")


def test_a_tally_handfoot_rejects_shows_its_message_at_the_field(page: Page, site_server: str) -> None:
    bad = {**SEED_000, "melded": 413}
    with pytest.raises(handfoot.TallyError) as rejected:
        handfoot.score_round(PAGAT, tally(PAGAT, 1, bad))
    assert rejected.value.field == "melded"
    message = str(rejected.value)

    open_keeper(page, site_server)
    enter(page, 1, "Team 1", bad)
    melded = field(page, 1, "Team 1", "melded")
    expect(page.locator(f"#{melded.get_attribute('aria-describedby')}")).to_have_text(message, timeout=ENGINE_TIMEOUT)
    expect(melded).to_have_accessible_description(message)
    expect(melded).to_have_attribute("aria-invalid", "true")
    expect(result(page, 1, 0)).to_contain_text(f"Not scored: {message}")
    expect(round_score(page, 1, 0)).to_have_count(0)

    type_into(melded, "415")
    expect_round_score(page, 1, 0, 3615)
    expect(melded).not_to_have_attribute("aria-invalid", "true")


# 10: a whole session stays on the machine and logs no error.


def test_a_scoring_session_is_local_and_clean(
    page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    open_keeper(page, site_server)
    play_round_one_as(page, "Team 1")
    open_setup(page)
    type_into(page.get_by_label("Name of team 2"), "Visitors")
    counter = team_round(page, 2, "Team 1").locator("details.hf-counter").first
    counter.locator("summary").click()
    type_into(counter.get_by_label("Aces"), "4")
    counter.get_by_role("button", name="Use these counts").click()
    expect(field(page, 2, "Team 1", "melded")).to_have_value("80", timeout=ENGINE_TIMEOUT)
    visitors = {"clean_books": 1, "melded": 100, "went_out": True}
    enter(page, 2, "Visitors", visitors)
    rounds = [
        [tally(PAGAT, 1, SEED_000), tally(PAGAT, 1, SEED_001_B)],
        [tally(PAGAT, 2, {"melded": 80}), tally(PAGAT, 2, visitors)],
    ]
    mapping = PAGAT.to_mapping()
    mapping["rules"]["books"]["dirty"] = 350
    house = handfoot.Variant.from_mapping(mapping, "house")
    plain_totals = handfoot.score_game(PAGAT, rounds)["totals"]
    house_totals = handfoot.score_game(house, rounds)["totals"]
    assert plain_totals != house_totals
    expect(running_total(page, 2, 1)).to_have_text(points(plain_totals[1]), timeout=ENGINE_TIMEOUT)
    page.locator(".hf-house-values summary").click()
    type_into(page.locator(".hf-house-values").get_by_label("Dirty book", exact=True), "350")
    for t in range(2):
        expect(running_total(page, 2, t)).to_have_text(points(house_totals[t]), timeout=ENGINE_TIMEOUT)
    page.get_by_role("button", name="Undo the last change").click()
    for t in range(2):
        expect(running_total(page, 2, t)).to_have_text(points(plain_totals[t]), timeout=ENGINE_TIMEOUT)
    assert any(url.endswith(f"/{PYODIDE_URL}pyodide.asm.wasm") for url in page.requests)
    assert_page_clean(page)


# 11: the browser scores exactly like CPython.


# The default version, and a game played alone by four: the keeper shows handfoot's lines and warnings. Pyodide's
# answers for every version's games are checked against CPython's under Node (tests/engine/test_pyodide_parity.py).
@pytest.mark.parametrize("variant_id", ["pagat-partnership", "simpson"])
def test_browser_scores_equal_cpython(
    page: Page, site_server: str, variant_id: str, assert_page_clean: Callable[[Page], None]
) -> None:
    variant = VARIANTS[variant_id]
    names = handfoot_team_names(variant)
    open_keeper(page, site_server, variant_id)
    for r, t, values in CROSS_CHECK[variant_id]:
        enter(page, r, names[t], values)
    for r, t, values in CROSS_CHECK[variant_id]:
        expected = handfoot.score_round(variant, tally(variant, r, values))
        expect_round_score(page, r, t, expected["total"])
        assert lines(page, r, t) == expected_lines(expected), f"round {r}, {names[t]}"
        expect(out_warning(page, r, t)).to_have_text(" ".join(expected["warnings"]))
    assert_page_clean(page)


def handfoot_team_names(variant: handfoot.Variant) -> list[str]:
    """The keeper's default names: a team per partnership (a player each when teams are of one), 2 to 4 of them."""
    players = variant.to_mapping()["rules"]["players"]
    word = "Team" if players["team_size"] > 1 else "Player"
    seats = min(4, max(2, players["count"] // players["team_size"]))
    return [f"{word} {n}" for n in range(1, seats + 1)]


# 12: ?variant= opens that game.


def test_variant_in_the_address_opens_that_game(
    page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    open_keeper(page, site_server, ready=False)
    enter(page, 1, "Team 1", {"melded": 50})

    open_keeper(page, site_server, "bicycle", ready=False)
    expect(page.locator(".hf-game").get_by_role("link", name="Bicycle", exact=True)).to_be_visible()
    team = team_round(page, 1, "Team 1")
    expect(team.get_by_label("Clean books", exact=True)).to_be_visible()
    expect(team.get_by_label("Dirty books", exact=True)).to_be_visible()
    expect(page.locator(".hf-keeper").get_by_label("Wild books", exact=True)).to_have_count(0)
    expect(field(page, 1, "Team 1", "melded")).to_have_value("")
    assert not VARIANTS["bicycle"].has_wild_book

    open_keeper(page, site_server, "simpson", ready=False)
    region = page.get_by_role("region", name="Round 1", exact=True)
    expect(region.locator("fieldset.hf-team-round")).to_have_count(4)
    for n in range(1, 5):
        expect(team_round(page, 1, f"Player {n}")).to_be_visible()
        expect(page.get_by_label(f"Name of player {n}")).to_have_value(f"Player {n}")
    expect(page.locator(".hf-game").get_by_role("link", name="Steve Simpson")).to_be_visible()
    expect(team_round(page, 1, "Team 1")).to_have_count(0)
    assert_page_clean(page)


# 13: the card counter.


def test_card_counter_fills_melded_points(page: Page, site_server: str) -> None:
    counts = {"jokers": 1, "twos": 2, "high": 3, "low": 4}
    expected = handfoot.card_points(PAGAT, counts)
    assert expected == 140

    open_keeper(page, site_server)
    team = team_round(page, 1, "Team 1")
    team.locator("details.hf-counter").first.locator("summary").click()
    counter = team.locator("details.hf-counter").first
    for label, value in (("Jokers", 1), ("Twos", 2), ("Eight to king", 3), ("Four to seven", 4)):
        type_into(counter.get_by_label(label, exact=True), str(value))
    counter.get_by_role("button", name="Use these counts").click()
    expect(field(page, 1, "Team 1", "melded")).to_have_value(str(expected), timeout=ENGINE_TIMEOUT)
    expect(counter.locator("[role=status]")).to_have_text(f"{expected} points.")
    expect_round_score(page, 1, 0, expected)


# 14: only one team goes out.


def test_only_one_team_can_go_out(page: Page, site_server: str) -> None:
    open_keeper(page, site_server, ready=False)
    went_out(page, 1, "Team 1").check()
    went_out(page, 1, "Team 2").check()
    expect(went_out(page, 1, "Team 1")).not_to_be_checked()
    expect(went_out(page, 1, "Team 2")).to_be_checked()
    assert [entry["went_out"] for entry in stored_games(page)[0]["rounds"][0]] == [False, True]
    went_out(page, 1, "Team 1").check()
    expect(went_out(page, 1, "Team 2")).not_to_be_checked()
    assert [entry["went_out"] for entry in stored_games(page)[0]["rounds"][0]] == [True, False]


# 15: going out without the books.


def test_going_out_without_the_books_warns(page: Page, site_server: str) -> None:
    values = {"clean_books": 1, "melded": 100, "went_out": True}
    expected = handfoot.score_round(PAGAT, tally(PAGAT, 1, values))
    assert expected["warnings"], "the tally must fall short of the round's books"

    open_keeper(page, site_server)
    enter(page, 1, "Team 1", values)
    expect_round_score(page, 1, 0, expected["total"])
    expect(out_warning(page, 1, 0)).to_have_text(" ".join(expected["warnings"]))


# 16, 19: Python cannot start.


def test_keeper_without_pyodide_still_saves(page: Page, site_server: str) -> None:
    page.route(WASM, lambda route: route.abort())
    open_keeper(page, site_server, ready=False)
    enter(page, 1, "Team 1", {"clean_books": 2, "melded": 100})
    expect(result(page, 1, 0)).not_to_contain_text("Not entered yet")
    problems: list[str] = []
    # The blocked wasm fails at once, so the status has no reason to take long.
    try:
        expect(status(page)).to_contain_text("could not start", timeout=20_000)
        expect(result(page, 1, 0)).to_contain_text("The rules engine could not load")
        expect(page.locator("#hf-totals-body")).to_contain_text("The rules engine could not load")
    except AssertionError as error:
        problems.append(f"with pyodide.asm.wasm blocked the keeper does not say the rules engine failed: {error}")
    expect(round_score(page, 1, 0)).to_have_count(0)
    # What still holds is said once on the status line: the entries are saved.
    expect(status(page)).to_contain_text("What you type is saved on this device.")
    assert status(page).inner_text().lower().count("saved") == 1, status(page).inner_text()
    problems += [f"console error: {text}" for text in engine_errors(page)]
    problems += [f"uncaught exception: {text}" for text in page.page_errors]

    page.unroute(WASM)
    page.reload()
    wait_ready(page)
    expect(field(page, 1, "Team 1", "clean_books")).to_have_value("2")
    expect(field(page, 1, "Team 1", "melded")).to_have_value("100")
    expect_round_score(page, 1, 0, 1100)
    assert not problems, "\n".join(problems)


def test_stored_totals_show_when_python_cannot_start(page: Page, site_server: str) -> None:
    pyodide = PyodideBlock(page)
    open_keeper(page, site_server)
    play_round_one(page)
    show_round(page, 2)
    expect(page.locator("#hf-totals-body tbody tr").first).to_have_text("Round 13,615860")
    assert stored_games(page)[0]["cache"] is not None

    pyodide.on = True
    page.reload()
    expect(page.locator("#hf-totals-body tbody tr").first).to_have_text("Round 13,615860", timeout=ENGINE_TIMEOUT)
    expect(round_score(page, 1, 0)).to_have_text("3,615")
    expect(round_score(page, 1, 1)).to_have_text("860")
    assert totals_rows(page)[0] == ["Round 1", "3,615", "860"]
    expect(status(page)).to_contain_text("could not start", timeout=ENGINE_TIMEOUT)
    assert totals_rows(page)[0] == ["Round 1", "3,615", "860"]
    assert not engine_errors(page)
    # Pyodide's own "Failed to fetch" for the blocked wasm is test_keeper_without_pyodide_still_saves's business.
    assert [text for text in page.page_errors if text != "Failed to fetch"] == []


# 17: a phone.


def test_keeper_fits_a_phone(phone_page: Page, site_server: str) -> None:
    page = phone_page
    page.set_viewport_size({"width": 360, "height": 740})
    open_keeper(page, site_server)
    play_round_one(page)
    page.evaluate("() => document.querySelectorAll('.hf-keeper details').forEach(d => { d.open = true; })")

    widths = page.evaluate(
        "() => [document.documentElement.scrollWidth, document.querySelector('.hf-keeper').scrollWidth]"
    )
    assert max(widths) <= 360, f"the keeper scrolls sideways: scrollWidth {widths}"

    # A check box or a radio button counts as tall enough when its label, which ticks it too, is 44 px tall.
    small = page.evaluate(
        """() => [...document.querySelectorAll('.hf-keeper :is(input, button, summary, select)')]
             .filter(el => el.checkVisibility())
             .map(el => {
               const tall = node => Math.round(node.getBoundingClientRect().height * 10) / 10;
               const height = tall(el);
               const labels = [...(el.labels ?? [])].map(tall);
               const ticked = el.type === 'checkbox' || el.type === 'radio';
               const target = ticked ? Math.max(height, ...labels) : height;
               const name = (el.labels?.[0]?.textContent ?? el.textContent).trim();
               const what = `${el.tagName.toLowerCase()}${el.type ? '[' + el.type + ']' : ''}` +
                            `${el.id ? '#' + el.id : ''} "${name}"` +
                            (ticked ? ` (label ${labels.join(', ')} px tall)` : '');
               return {what, target};
             })
             .filter(found => found.target < 44)"""
    )
    assert not small, "controls under 44 px tall:\n" + "\n".join(f"{s['target']} px: {s['what']}" for s in small)

    not_numeric = page.evaluate(
        """() => [...document.querySelectorAll(
             '.hf-team-round input[type=text], .hf-counter input, .hf-house-values input[type=text]')]
             .filter(el => el.inputMode !== 'numeric').map(el => el.id)"""
    )
    assert not not_numeric, f"count inputs without inputmode=numeric: {not_numeric}"
    assert page.locator(".hf-team-round input[inputmode=numeric]").count() >= 2 * 7


# 18: axe-core.


def test_axe_finds_no_violation(page: Page, site_server: str) -> None:
    open_keeper(page, site_server)
    before = axe_violations(page)
    play_round_one(page)
    enter(page, 2, "Team 1", {"clean_books": "x"})
    expect(field(page, 2, "Team 1", "clean_books")).to_have_attribute("aria-invalid", "true")
    page.evaluate("() => document.querySelectorAll('.hf-keeper details').forEach(d => { d.open = true; })")
    after = axe_violations(page)
    assert not before, "before a round:\n" + "\n".join(before)
    assert not after, "after a round:\n" + "\n".join(after)


# Stored data that cannot be used is kept aside and reported, never dropped.


def test_damaged_and_future_games_are_kept_and_reported(
    page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    open_keeper(page, site_server, ready=False)
    damaged = '{"format": 1, "teams": ["Ann", "Bob"'
    future = json.dumps({"format": 99, "id": "later", "teams": ["Cy", "Di"], "rounds": [], "updated": "2030-01-01"})
    page.evaluate(
        """([damaged, future]) => {
             localStorage.setItem("handfoot.keeper.game.damaged", damaged);
             localStorage.setItem("handfoot.keeper.game.later", future);
           }""",
        [damaged, future],
    )
    page.reload()
    notices = page.locator(".hf-keeper .hf-notices")
    expect(notices).to_contain_text("could not be read", timeout=ENGINE_TIMEOUT)
    expect(notices).to_contain_text("newer version of this site")
    kept = page.evaluate(
        """() => Object.fromEntries(Object.keys(localStorage)
             .filter((key) => key.startsWith("handfoot.keeper.rescued."))
             .map((key) => [key, localStorage.getItem(key)]))"""
    )
    assert sorted(kept.values()) == sorted([damaged, future])
    for key in kept:
        assert key in notices.inner_text()
    assert page.evaluate("localStorage.getItem('handfoot.keeper.game.damaged')") is None
    expect(page.get_by_role("region", name="Round 1", exact=True)).to_be_visible()
    assert_page_clean(page)


def test_minimums_set_by_score_follow_each_team(page: Page, site_server: str) -> None:
    ladder = [[0, 50], [2500, 90]]
    draft = {"v": 1, "base": "pagat-partnership", "name": "By score", "changes": {"opening.by_score": ladder}}
    encoded = base64.urlsafe_b64encode(json.dumps(draft).encode()).decode().rstrip("=")
    data = VARIANTS["pagat-partnership"].to_mapping()
    data["rules"]["opening"]["by_score"] = ladder
    house = handfoot.Variant.from_mapping(data, "by-score")
    one = SEED_000_OUT
    two = {"clean_books": 1, "dirty_books": 1, "melded": 220, "left": 160}
    totals = [handfoot.score_round(house, tally(house, 1, values))["total"] for values in (one, two)]
    expected = [house.opening_minimum(2, total) for total in totals]
    assert expected == [90, 50], "the tallies should put the teams on different steps of the ladder"

    page.goto(site_server + f"keeper/#rules={encoded}")
    wait_ready(page)
    expect(page.locator(".hf-game a").first).to_have_text("By score", timeout=ENGINE_TIMEOUT)
    expect(page.locator("#r0-t0-minimum")).to_have_text("First meld at least 50 for this team.", timeout=ENGINE_TIMEOUT)
    enter(page, 1, "Team 1", one)
    enter(page, 1, "Team 2", two)
    show_round(page, 2)
    for team, minimum in enumerate(expected):
        expect(page.locator(f"#r1-t{team}-minimum")).to_have_text(
            f"First meld at least {minimum} for this team.", timeout=ENGINE_TIMEOUT
        )


def test_a_house_value_on_a_linked_game_says_what_it_replaced_in_the_pages_words(page: Page, site_server: str) -> None:
    """Issue 38: a game opened from a rules link plays rules no page was built for; what a house value replaced is
    still worded by handfoot (asked of it in the browser), as a rule page words it: "1 clean and 1 dirty book"."""
    changes = {"going_out.books": {"clean": 1, "dirty": 1}}
    draft = {"v": 1, "base": "pagat-partnership", "name": "Quick rounds", "changes": changes}
    encoded = base64.urlsafe_b64encode(json.dumps(draft).encode()).decode().rstrip("=")
    page.goto(site_server + f"keeper/#rules={encoded}")
    wait_ready(page)
    expect(page.locator(".hf-game a").first).to_have_text("Quick rounds", timeout=ENGINE_TIMEOUT)
    house = page.locator(".hf-house-values")
    house.locator("summary").click()
    type_into(house.get_by_label("Clean book", exact=True), "600")
    expect(page.locator('.hf-house[data-path="books.clean"] > .hf-house__was')).to_have_text(
        "House value; Quick rounds: 500 points.", timeout=ENGINE_TIMEOUT
    )


def test_a_house_value_for_black_threes_in_an_unplayed_foot(page: Page, site_server: str) -> None:
    """A house rule some tables play: a black three caught in a foot nobody picked up costs 100, not 5."""
    draft = {
        "v": 1,
        "base": "pagat-partnership",
        "name": "Black threes",
        "changes": {"threes.black_caught_in_foot": -100},
    }
    encoded = base64.urlsafe_b64encode(json.dumps(draft).encode()).decode().rstrip("=")
    data = VARIANTS["pagat-partnership"].to_mapping()
    data["rules"]["threes"]["black_caught_in_foot"] = -100
    house = handfoot.Variant.from_mapping(data, "black-threes")
    caught = {"clean_books": 1, "dirty_books": 1, "melded": 220, "left": 160, "black_threes_caught_in_foot": 2}
    scored = handfoot.score_round(house, tally(house, 1, caught))
    assert ("2 black threes caught in the foot", -200) in [(line["label"], line["points"]) for line in scored["lines"]]
    assert scored["total"] == 500 + 300 + 220 - 200 - 150

    page.goto(site_server + f"keeper/#rules={encoded}")
    wait_ready(page)
    expect(page.locator(".hf-game a").first).to_have_text("Black threes", timeout=ENGINE_TIMEOUT)
    enter(page, 1, "Team 1", {**caught, "black_threes_caught_in_foot": 3, "left": 10})
    box = field(page, 1, "Team 1", "black_threes_caught_in_foot")
    expect(box).to_have_attribute("aria-invalid", "true", timeout=ENGINE_TIMEOUT)
    problem = page.locator(f"#{box.get_attribute('aria-describedby').split()[0]}")
    expect(problem).to_contain_text("Black threes caught in the foot are among the cards left")
    enter(page, 1, "Team 1", caught)
    expect_round_score(page, 1, 0, scored["total"])
    assert lines(page, 1, 0) == expected_lines(scored)
