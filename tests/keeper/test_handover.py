"""Handing a game to another phone: the QR code and the link that carry the whole game, as players use them at 390 px.

The scorekeeper types two rounds, taps "Hand this game to another phone" and the other phone (a fresh browser) opens
the link its camera read: the same rounds and totals as handfoot scores them, kept there across a reload. One round
later the game is handed over again, and the other phone asks before its copy is replaced. Links that are damaged or
hostile give a message and leave the saved games as they were.
"""

from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Dialog, Page, Route, expect

import handfoot
from support.games import THREE_ROUNDS, three_rounds_scored, type_three_rounds
from support.keeper import (
    ENGINE_TIMEOUT,
    FIELD_LABELS,
    open_handover,
    open_keeper,
    points,
    running_total,
    sheet_totals,
    stored_games,
    tally,
    team_round,
    totals_rows,
    wait_ready,
)
from support.screens import SCREENS
from testbench.paths import REPO_ROOT
from testbench.watcher import watch

pytestmark = pytest.mark.browser

# The qr package's decoder, served to the test's page only: it reads the code from the pixels shown, as a camera does.
QR_DIR = REPO_ROOT / "node_modules" / "qr"
DECODER = "__test-qr__/"
LINK_NEWS = ".hf-news"
PROBLEMS = ".hf-keeper > [role=alert]:not(.hf-save-problem)"


def expect_rounds(page: Page, rounds: int) -> None:
    """The sheet shows handfoot's round scores for ``rounds`` rounds, nothing after them, and handfoot's totals."""
    game = three_rounds_scored(rounds)
    expect(page.locator("#hf-totals-body tfoot td")).to_have_text(
        [points(total) for total in game["running"][-1]], timeout=ENGINE_TIMEOUT
    )
    rows = totals_rows(page)
    for r, row in enumerate(rows):
        if r < rounds:
            assert row == [f"Round {r + 1}", *(points(team["total"]) for team in game["rounds"][r])], row
        else:
            assert row == [f"Round {r + 1}", "", ""], row


def hand_over(page: Page) -> str:
    """Tap "Hand this game to another phone", check that its QR code reads as its link, and copy the link with the
    section's button: what the other phone's camera, or a message, takes there."""
    expect(open_handover(page)).to_be_visible()
    field = page.get_by_label("This game's link", exact=True)
    page.get_by_role("button", name="Copy the link", exact=True).click()
    expect(page.locator(".hf-handover__message")).to_have_text(
        "Link copied. Send it to the other phone, then open it there."
    )
    link = page.evaluate("() => navigator.clipboard.readText()")
    expect(field).to_have_value(link)
    assert read_code(page) == link
    return link


def read_code(page: Page) -> str:
    """The text of the QR code as drawn on the screen: a screenshot of it, decoded by the qr package's decoder."""
    png = base64.b64encode(page.get_by_role("img", name="QR code of this game's link").screenshot()).decode()
    base = page.url.split("/keeper/")[0] + "/"
    for name in ("decode.js", "index.js"):
        page.route(base + DECODER + name, serve_file(QR_DIR / name))
    return page.evaluate(
        """async ([url, png]) => {
             const { decodeQR } = await import(url);
             const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${png}`)).blob());
             const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
             const context = canvas.getContext("2d");
             context.drawImage(bitmap, 0, 0);
             return decodeQR(context.getImageData(0, 0, bitmap.width, bitmap.height));
           }""",
        [base + DECODER + "decode.js", png],
    )


def serve_file(path: Path) -> Callable[[Route], None]:
    body = path.read_text(encoding="utf-8")
    return lambda route: route.fulfill(body=body, content_type="text/javascript")


def test_a_game_handed_to_another_phone_goes_on_there_and_a_later_hand_over_asks_first(
    phone_page: Page, site_server: str, browser: Browser, assert_page_clean: Callable[[Page], None]
) -> None:
    scorekeeper = phone_page
    open_keeper(scorekeeper, site_server)
    type_three_rounds(scorekeeper, 1, 2)
    expect_rounds(scorekeeper, 2)
    link = hand_over(scorekeeper)
    assert link.startswith(site_server + "keeper/#game=")

    other = browser.new_context(**SCREENS["phone"], service_workers="block")
    try:
        phone = watch(other.new_page())
        phone.goto(link)
        wait_ready(phone)
        expect(phone.locator(LINK_NEWS)).to_contain_text(
            "Opened the game handed over: Team 1 v Team 2, 2 rounds entered. "
            'It is kept on this device under "Saved games".'
        )
        expect_rounds(phone, 2)
        # The link has done its work: a reload opens the game kept on this device, not the link again.
        assert "#" not in phone.url
        phone.reload()
        wait_ready(phone)
        expect_rounds(phone, 2)
        expect(phone.locator(LINK_NEWS)).to_have_text("")
        assert len(stored_games(phone)) == 1

        # One round later the scorekeeper hands it over again; the other phone says which copy is newer and asks.
        type_three_rounds(scorekeeper, 3, 3)
        expect_rounds(scorekeeper, 3)
        later = hand_over(scorekeeper)
        assert later != link
        asked: list[str] = []

        def answer(dialog: Dialog) -> None:
            asked.append(dialog.message)
            dialog.accept()

        phone.once("dialog", answer)
        phone.goto(later)
        wait_ready(phone)
        expect(phone.locator(LINK_NEWS)).to_contain_text(
            "The link's copy of Team 1 v Team 2 replaced this device's: 3 rounds entered."
        )
        assert len(asked) == 1
        assert "This device already has this game (Team 1 v Team 2)." in asked[0]
        assert "On this device: 2 rounds entered" in asked[0]
        assert "In the link: 3 rounds entered" in asked[0]
        assert "The link's copy is newer." in asked[0]
        expect_rounds(phone, 3)
        # Nothing typed only on this device, so nothing else is kept: one game, as the scorekeeper has it.
        kept = stored_games(phone)
        assert len(kept) == 1
        assert kept[0]["rounds"] == stored_games(scorekeeper)[0]["rounds"]
        assert_page_clean(phone)
    finally:
        other.close()
    assert_page_clean(scorekeeper)


def link_of(record: dict[str, Any], base: str) -> str:
    """A game link as the keeper makes one (handover_link.mjs): the record, deflated and in base64url."""
    packer = zlib.compressobj(wbits=-15)
    text = json.dumps({"v": 1, "game": record}).encode()
    packed = packer.compress(text) + packer.flush()
    return base + "keeper/#game=" + base64.urlsafe_b64encode(packed).decode().rstrip("=")


def kept_play(page: Page) -> list[dict[str, Any]]:
    """The games saved on this device, but for their scores: those are worked out again, and saved when they come."""
    return [{key: value for key, value in game.items() if key != "cache"} for game in stored_games(page)]


def one_round_kept(page: Page, site_server: str) -> dict[str, Any]:
    """Round 1 typed in a new game on this device, and scored: the game as it is saved, but for its scores."""
    open_keeper(page, site_server)
    type_three_rounds(page, 1, 1)
    expect(running_total(page, 1, 1)).to_have_text(
        points(three_rounds_scored(1)["running"][0][1]), timeout=ENGINE_TIMEOUT
    )
    (game,) = kept_play(page)
    return game


def record_of(game: dict[str, Any]) -> dict[str, Any]:
    """What a link carries of a stored game: no undo steps, scores or sheet form; published rule values left out."""
    kept = {key: value for key, value in game.items() if key not in {"history", "cache", "form"}}
    return json.loads(json.dumps({**kept, "base": None}))


HOSTILE = {
    "a value out of range": lambda record: record["rounds"][0][0].update(melded=10**12),
    "a link cut short": None,
    "rules this site does not have": lambda record: record.update(variantId="nobody's-rules"),
}


@pytest.mark.parametrize("harm", list(HOSTILE))
def test_a_damaged_or_hostile_link_is_said_and_the_saved_games_are_untouched(
    phone_page: Page, site_server: str, harm: str, assert_page_clean: Callable[[Page], None]
) -> None:
    page = phone_page
    before = [one_round_kept(page, site_server)]
    record = record_of(before[0])
    record["id"] = "gfromanotherphone"
    change = HOSTILE[harm]
    if change:
        change(record)
    link = link_of(record, site_server)
    if harm == "a link cut short":
        link = link[: len(link) // 2]

    page.goto(link)
    wait_ready(page)
    problem = page.locator(PROBLEMS)
    expect(problem).to_contain_text("The game link could not be used: ")
    expect(problem).to_contain_text("Nothing on this device was changed. Your saved game is open instead.")
    words = {
        "a value out of range": f"round 1, Team 1: {FIELD_LABELS['melded']} must be a whole number",
        "a link cut short": "it is cut short or damaged",
        "rules this site does not have": "its rules are not on this site",
    }[harm]
    expect(problem).to_contain_text(words)
    expect_rounds(page, 1)
    assert kept_play(page) == before
    assert "#" not in page.url
    assert_page_clean(page)


def test_markup_in_a_handed_over_name_is_shown_as_text_and_runs_nothing(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    page = phone_page
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    mine = one_round_kept(page, site_server)
    name = '<img src=x onerror="alert(1)">Ann'
    record = {**record_of(mine), "id": "gfromanotherphone", "teams": [name, "Bob & Cy"]}

    page.goto(link_of(record, site_server))
    wait_ready(page)
    expect(page.locator(LINK_NEWS)).to_contain_text(f"Opened the game handed over: {name} v Bob & Cy, 1 round entered.")
    expect(team_round(page, 1, name).locator("legend")).to_have_text(name)
    assert page.locator(".hf-keeper img").count() == 0
    assert sheet_totals(page) == [points(total) for total in three_rounds_scored(1)["running"][-1]]
    games = {game["id"]: game for game in kept_play(page)}
    assert games[mine["id"]] == mine
    assert games["gfromanotherphone"]["teams"] == [name, "Bob & Cy"]
    assert dialogs == []
    assert_page_clean(page)


def test_a_copy_asked_about_is_kept_when_refused_and_kept_beside_the_links_when_it_differs(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    page = phone_page
    mine = one_round_kept(page, site_server)
    # The other phone's copy: Team 2's round typed differently there, an hour later.
    theirs = record_of(mine)
    theirs["rounds"][0][1]["melded"] = 515
    theirs["updated"] = "2099-01-01T21:05:00.000Z"
    link = link_of(theirs, site_server)
    asked: list[str] = []

    def answer(accept: bool) -> Callable[[Dialog], None]:
        def respond(dialog: Dialog) -> None:
            asked.append(dialog.message)
            if accept:
                dialog.accept()
            else:
                dialog.dismiss()

        return respond

    page.once("dialog", answer(False))
    page.goto(link)
    wait_ready(page)
    expect(page.locator(LINK_NEWS)).to_contain_text(
        "This device's copy of Team 1 v Team 2 is kept, and open. The link was not used."
    )
    assert "The link's copy is newer." in asked[0]
    assert kept_play(page) == [mine]

    page.once("dialog", answer(True))
    page.goto(link)
    wait_ready(page)
    expect(page.locator(LINK_NEWS)).to_contain_text(
        "The link's copy of Team 1 v Team 2 replaced this device's. What was typed only on this device is kept as "
        "another saved game."
    )
    assert len(asked) == 2
    games = stored_games(page)
    assert len(games) == 2
    replaced = next(game for game in games if game["id"] == mine["id"])
    copy = next(game for game in games if game["id"] != mine["id"])
    assert replaced["rounds"][0][1]["melded"] == 515
    assert copy["rounds"] == mine["rounds"]
    assert_page_clean(page)


def test_a_game_of_a_tables_own_rules_is_handed_over_with_them(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    """A game opened from a rules link plays rules no page was built for: its link carries what they change, the
    other phone has handfoot check them, and the same rules and totals open there."""
    page = phone_page
    changes = {"going_out.bonus": [150]}
    draft = {"v": 1, "base": "pagat-partnership", "name": "Small bonus", "changes": changes}
    encoded = base64.urlsafe_b64encode(json.dumps(draft).encode()).decode().rstrip("=")
    page.goto(site_server + f"keeper/#rules={encoded}")
    wait_ready(page)
    expect(page.locator(".hf-game a").first).to_have_text("Small bonus", timeout=ENGINE_TIMEOUT)
    type_three_rounds(page, 1, 1)
    mapping = handfoot.load_variants(REPO_ROOT / "variants")["pagat-partnership"].to_mapping()
    mapping["rules"]["going_out"]["bonus"] = [150]
    house = handfoot.Variant.from_mapping(mapping, "small-bonus")
    totals = [handfoot.score_round(house, tally(house, 1, values))["total"] for values in THREE_ROUNDS[0]]
    expect(running_total(page, 1, 1)).to_have_text(points(totals[1]), timeout=ENGINE_TIMEOUT)
    link = hand_over(page)
    assert len(link) < len(site_server) + 1000
    (mine,) = stored_games(page)

    # The other phone: this one with its saved games gone.
    page.evaluate("() => localStorage.clear()")
    page.goto(link)
    wait_ready(page)
    expect(page.locator(LINK_NEWS)).to_contain_text("Opened the game handed over: Team 1 v Team 2, 1 round entered.")
    expect(page.locator(".hf-game a").first).to_have_text("Small bonus")
    expect(running_total(page, 1, 0)).to_have_text(points(totals[0]), timeout=ENGINE_TIMEOUT)
    expect(running_total(page, 1, 1)).to_have_text(points(totals[1]))
    (theirs,) = stored_games(page)
    assert theirs["base"] == mine["base"]
    assert theirs["rulesUrl"] == mine["rulesUrl"]
    assert_page_clean(page)


def test_a_link_opened_when_its_code_cannot_load_keeps_the_saved_game_and_works_on_a_reload(
    phone_page: Page, site_server: str
) -> None:
    """The keeper loads the code that reads a game link only when one arrives: with the network gone at that moment,
    the saved game opens and the player is told to reload; the link stays in the address, and a reload opens it."""
    page = phone_page
    mine = one_round_kept(page, site_server)
    record = {**record_of(mine), "id": "gfromanotherphone", "teams": ["Ann", "Bob"]}
    link = link_of(record, site_server)
    page.route("**/assets/js/handover_arrival-*.mjs", lambda route: route.abort("internetdisconnected"))
    page.goto(link)
    problem = page.locator(PROBLEMS)
    expect(problem).to_contain_text(
        "The game link could not be opened: reload the page to try again. Your saved game is open instead."
    )
    expect(running_total(page, 1, 1)).to_have_text(
        points(three_rounds_scored(1)["running"][0][1]), timeout=ENGINE_TIMEOUT
    )
    assert kept_play(page) == [mine]
    assert "#game=" in page.url

    page.unroute("**/assets/js/handover_arrival-*.mjs")
    page.reload()
    wait_ready(page)
    expect(page.locator(LINK_NEWS)).to_contain_text("Opened the game handed over: Ann v Bob, 1 round entered.")
    assert {game["id"] for game in stored_games(page)} == {mine["id"], "gfromanotherphone"}


def test_a_link_that_cannot_be_made_is_said_in_the_box_and_the_game_is_untouched(
    phone_page: Page, site_server: str
) -> None:
    """The code that makes a link loads when the box is opened: with the network gone then, the box says so."""
    page = phone_page
    mine = one_round_kept(page, site_server)
    page.route("**/assets/js/handover_link-*.mjs", lambda route: route.abort("internetdisconnected"))
    page.locator("details.hf-handover summary").click()
    expect(page.locator(".hf-handover .hf-error")).to_have_text(
        "This game's link cannot be made in this browser now. Export the game to a file instead."
    )
    expect(page.get_by_role("img", name="QR code of this game's link")).to_have_count(0)
    assert kept_play(page) == [mine]
