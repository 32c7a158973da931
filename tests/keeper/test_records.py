"""Players' records: who has won most, over the games kept on this device, as a family reads them at 390 px.

Four games are on the phone: two finished on earlier evenings, one in progress, and tonight's, whose last round the
scorekeeper types. The same four players typed their names differently each evening. The records count the three
finished games and leave the one in progress out; every figure is checked against handfoot's own scores of those
games. The records then travel to another device in a file of all the saved games, and are cleared there.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Dialog, Locator, Page, expect

import handfoot
from support.games import FOUR_ROUNDS, VARIANTS
from support.keeper import (
    ENGINE_TIMEOUT,
    enter,
    open_keeper,
    open_records,
    open_share,
    points,
    stored_games,
    tally,
    wait_ready,
)
from testbench.axe import axe_violations

pytestmark = pytest.mark.browser

GAME_PREFIX = "handfoot.keeper.game."
SWAPPED = [list(reversed(row)) for row in FOUR_ROUNDS]


# The saved games, oldest first: (id, team names, rounds as typed, day of December). The last is tonight's, with its
# last round still to type.
EVENINGS: list[tuple[str, list[str], list[list[dict[str, Any]]], int]] = [
    ("grecordsone", ["Ann & Bob", "Cy & Di"], FOUR_ROUNDS, 1),
    ("grecordstwo", ["ann  and bob", "cy & DI"], SWAPPED, 2),
    ("grecordsgoing", ["Ann & Bob", "Cy & Di"], FOUR_ROUNDS[:2], 3),
    ("grecordstonight", ["Bob & Ann", "Di & Cy"], FOUR_ROUNDS[:3], 4),
]
FINISHED = [EVENINGS[0], EVENINGS[1], (EVENINGS[3][0], EVENINGS[3][1], FOUR_ROUNDS, 4)]


def scored(rounds: list[list[dict[str, Any]]]) -> dict[str, Any]:
    pagat = VARIANTS[handfoot.DEFAULT_VARIANT]
    return handfoot.score_game(pagat, [[tally(pagat, r, values) for values in row] for r, row in enumerate(rounds, 1)])


# Ann and Bob are the first side in every finished game, Cy and Di the second.
SIDES = {"Ann": 0, "Bob": 0, "Cy": 1, "Di": 1}


def expected_records() -> dict[str, dict[str, str]]:
    """Each player's record from handfoot's scores of the three finished games: games, wins, the best round and the
    average round, to the nearest point."""
    games = [scored(played) for _, _, played, _ in FINISHED]
    records = {}
    for name, t in SIDES.items():
        rounds = [row[t]["total"] for game in games for row in game["rounds"]]
        records[name] = {
            "Games": str(len(games)),
            "Won": str(sum(game["winner"] == t for game in games)),
            "Best round": points(max(rounds)),
            "Average round": points(int(sum(rounds) / len(rounds) + 0.5)),
        }
    return records


def plant(page: Page) -> None:
    """The four games as the keeper saves them (from the one it saved on opening), tonight's open at its last round."""
    template = stored_games(page)[0]
    games = [
        {
            **template,
            "id": game_id,
            "teams": teams,
            "rounds": [[{"went_out": False, **values} for values in row] for row in played],
            "open": len(played) if game_id == "grecordstonight" else len(played) - 1,
            "created": f"2026-12-0{day}T19:00:00.000Z",
            "updated": f"2026-12-0{day}T22:30:00.000Z",
            "history": [],
            "cache": None,
        }
        for game_id, teams, played, day in EVENINGS
    ]
    page.evaluate(
        """([prefix, games]) => {
             for (const key of Object.keys(localStorage)) if (key.startsWith(prefix)) localStorage.removeItem(key);
             for (const game of games) localStorage.setItem(prefix + game.id, JSON.stringify(game));
             localStorage.setItem("handfoot.keeper.current", games.at(-1).id);
           }""",
        [GAME_PREFIX, games],
    )


def records_shown(body: Locator, heading: str) -> dict[str, dict[str, str]]:
    """The cards under ``heading`` as a player reads them: each name's figures."""
    cards = body.locator(f"h3:text-is('{heading}') + ul > li")
    return cards.evaluate_all(
        """cards => Object.fromEntries(cards.map(card => [
             card.querySelector("h4").textContent,
             Object.fromEntries([...card.querySelectorAll("dl > div")].map(
               pair => [pair.querySelector("dt").textContent, pair.querySelector("dd").textContent])),
           ]))"""
    )


def expect_counted(body: Locator) -> None:
    expect(body.locator(".hf-records__waiting")).not_to_contain_text("Working out", timeout=ENGINE_TIMEOUT)
    expect(body.locator(".hf-records__games > li")).to_have_count(len(FINISHED))


def test_records_over_three_finished_games_give_the_wins_and_averages_and_leave_the_game_in_progress_out(
    phone_page: Page, page: Page, site_server: str, tmp_path: Path, assert_page_clean: Callable[[Page], None]
) -> None:
    phone = phone_page
    open_keeper(phone, site_server)
    plant(phone)
    phone.reload()
    wait_ready(phone)
    # Tonight's last round, typed at the table: the game ends.
    for t, values in enumerate(FOUR_ROUNDS[3]):
        enter(phone, 4, ["Bob & Ann", "Di & Cy"][t], values)
    tonight = scored(FOUR_ROUNDS)
    winner = ["Bob & Ann", "Di & Cy"][tonight["winner"]]
    expect(phone.locator(".hf-winner")).to_have_text(
        f"Winner: {winner} with {points(max(tonight['totals']))}.", timeout=ENGINE_TIMEOUT
    )

    body = open_records(phone)
    expect_counted(body)
    expected = expected_records()
    # Named as typed tonight; "ann  and bob" on the 2nd is the same two players.
    assert records_shown(body, "Players") == expected
    teams = records_shown(body, "Teams of two or more")
    assert set(teams) == {"Bob & Ann", "Di & Cy"}
    assert teams["Bob & Ann"]["Won"] == expected["Ann"]["Won"]
    assert teams["Di & Cy"]["Games"] == "3"
    expect(body.locator(".hf-records__waiting")).to_have_text("1 game in progress counts once it ends.")
    # Each game counted, with its rules and its own totals.
    first = scored(FOUR_ROUNDS)
    expect(body.locator(".hf-records__games > li").last).to_contain_text(
        f"Ann & Bob {points(first['totals'][0])} v Cy & Di {points(first['totals'][1])}"
    )
    expect(body.locator(".hf-records__games > li").first).to_contain_text("Pagat")
    violations = axe_violations(phone, "#hf-records")
    assert not violations, "\n".join(violations)

    # All the saved games to a file, and on to another device (a desktop), where the records are the same.
    open_share(phone)
    with phone.expect_download() as download:
        phone.get_by_role("button", name="Export all saved games (JSON)").click()
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    exported = json.loads(path.read_text(encoding="utf-8"))
    assert len(exported["games"]) == len(EVENINGS)

    other = page
    open_keeper(other, site_server)
    before = stored_games(other)
    # A file with one game tampered with is refused whole.
    tampered = json.loads(json.dumps(exported))
    tampered["games"][1]["rounds"][0][0]["clean_books"] = -1
    bad = tmp_path / "tampered.json"
    bad.write_text(json.dumps(tampered), encoding="utf-8")
    open_share(other)
    importer = other.get_by_label("Import games (JSON file)")
    importer.set_input_files(bad)
    message = other.locator(".hf-share__message")
    expect(message).to_contain_text("game 2 in it", timeout=ENGINE_TIMEOUT)
    expect(message).to_contain_text("Nothing was imported.")
    assert stored_games(other) == before

    importer.set_input_files(path)
    expect(message).to_have_text(
        'Imported 4 games from the file. They are under "Saved games", and the players\' records count those that are '
        "finished.",
        timeout=ENGINE_TIMEOUT,
    )
    expect(other.get_by_text("Saved games on this device (5)")).to_be_attached()
    there = open_records(other)
    expect_counted(there)
    assert records_shown(there, "Players") == records_shown(body, "Players")

    # Cleared there, after asking: the games stay, the records start again, and a reload keeps them cleared.
    asked: list[str] = []

    def accept(dialog: Dialog) -> None:
        asked.append(dialog.message)
        dialog.accept()

    other.once("dialog", accept)
    there.get_by_role("button", name="Clear the records").click()
    expect(there.locator(".hf-records__said")).to_have_text(
        'The records are cleared. The 3 games stay under "Saved games".'
    )
    assert "3 games counted stay" in asked[0]
    expect(there.locator(".hf-records__games > li")).to_have_count(0)
    other.reload()
    wait_ready(other)
    there = open_records(other)
    expect(there).to_contain_text("No game counts since the records were cleared.")
    expect(other.get_by_text("Saved games on this device (5)")).to_be_attached()
    # The phone's records are its own.
    expect(body.locator(".hf-records__games > li")).to_have_count(len(FINISHED))
    assert_page_clean(phone)
    assert_page_clean(other)
