"""A returning player's engine starts from a memory snapshot kept on the device, and never trusts a bad one.

Each test uses its own on-disk Chromium profile (``launch_persistent_context``), so what a visit keeps in IndexedDB is
there for the next visit, as on a phone. The keeper opens on seed 000's round for Team 1, saved with no results, so
the 3,615 on screen comes from Python in the page's worker; the rules engine's ready mark says how it started.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from handfoot import Variant
from sitebuild.runtime_manifest import STARTED_MARK
from support.engine_calls import score_round_calls
from support.keeper import ENGINE_TIMEOUT, status, stored_games
from support.screens import SCREENS, fill_storage
from testbench.chromium import TEST_CHROMIUM, playwright_args
from testbench.keeper_bench import FIRST_TOTAL, READY_DETAIL, SNAPSHOT_DETAIL, prefill, saved_game
from testbench.watcher import page_problems, watch

pytestmark = [pytest.mark.browser, pytest.mark.cold]

# Runs in the page: the snapshot record as the worker keeps it (bytes left out), after applying `change` to it.
RECORD = """
async (change) => {
  const request = (r) => new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
  const db = await request(indexedDB.open("handfoot-scorer"));
  try {
    if (!db.objectStoreNames.contains("snapshots")) return null;
    const store = (mode) => db.transaction("snapshots", mode).objectStore("snapshots");
    const record = await request(store("readonly").get("scorer"));
    if (!record) return null;
    const [version, zip, agent] = JSON.parse(record.key);
    if (change === "bytes") {
      const bytes = new Uint8Array(await record.bytes.arrayBuffer());
      for (let i = bytes.length >> 1; i < (bytes.length >> 1) + 64; i += 1) bytes[i] ^= 0x5a;
      record.bytes = new Blob([bytes]);
    } else if (change === "memory") {
      // As many bytes as the kept chunks hold, with their own SHA-256: only Pyodide can tell they are no memory.
      const junk = new Uint8Array(record.bytes.size).fill(7);
      const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", junk));
      record.bytes = new Blob([junk]);
      record.sha256 = Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
    } else if (change === "build") {
      record.key = JSON.stringify([version, zip.replace(/handfoot-[^/]*\\.zip$/, "handfoot-0123456789.zip"), agent]);
    } else if (change === "check") {
      const result = JSON.parse(record.check.result);
      result.result.total += 100;
      record.check.result = JSON.stringify(result);
    }
    if (change) {
      const writing = db.transaction("snapshots", "readwrite", { durability: "strict" });
      writing.objectStore("snapshots").put(record, "scorer");
      await new Promise((resolve, reject) => {
        writing.oncomplete = resolve;
        writing.onabort = () => reject(writing.error);
      });
    }
    return {
      key: record.key,
      made: record.made,
      check: record.check,
      size: record.bytes?.size,
      memory: record.size,
      noRoom: record.noRoom,
    };
  } finally {
    db.close();
  }
}
"""


class Device:
    """A phone-sized browser with its own profile on disk, opened and closed as a player opens and closes it."""

    def __init__(self, browser: Browser, profile: Path) -> None:
        self.browser_type = browser.browser_type
        self.profile = profile
        self.context: BrowserContext | None = None

    def open(self) -> Page:
        self.close()
        self.context = self.browser_type.launch_persistent_context(
            str(self.profile),
            executable_path=str(TEST_CHROMIUM),
            args=playwright_args(),
            headless=True,
            service_workers="block",
            **SCREENS["phone"],
        )
        prefill(self.context, saved_game())
        return watch(self.context.pages[0] if self.context.pages else self.context.new_page())

    def close(self) -> None:
        if self.context:
            self.context.close()
            self.context = None


@pytest.fixture
def device(browser: Browser, tmp_path: Path) -> Iterator[Device]:
    phone = Device(browser, tmp_path / "profile")
    try:
        yield phone
    finally:
        phone.close()


def first_total(page: Page) -> dict[str, Any]:
    """Wait for seed 000's 3,615 from Python, and return the ready mark's detail."""
    page.wait_for_function(FIRST_TOTAL, timeout=ENGINE_TIMEOUT)
    return page.evaluate(READY_DETAIL)


def snapshot_kept(page: Page) -> dict[str, Any]:
    page.wait_for_function(SNAPSHOT_DETAIL, timeout=ENGINE_TIMEOUT)
    kept = page.evaluate(SNAPSHOT_DETAIL)
    assert kept["kept"], kept
    return page.evaluate(RECORD, None)


def first_visit(device: Device, base: str) -> tuple[Page, dict[str, Any]]:
    page = device.open()
    page.goto(base + "keeper/")
    assert first_total(page)["start"] == {"from": "plain", "reason": "no snapshot"}
    record = snapshot_kept(page)
    # Pyodide's memory, about 31 MB, is kept without its stretches of zeros: about half of it, on the player's device.
    assert 16_000_000 < record["memory"] < 64_000_000, record
    assert 4_000_000 < record["size"] < 0.6 * record["memory"], record
    return page, record


def test_a_returning_player_starts_from_the_snapshot(
    device: Device, site_server: str, variants: dict[str, Variant]
) -> None:
    first, record = first_visit(device, site_server)
    assert json.loads(record["check"]["result"])["result"]["total"] == 3615
    assert first.evaluate(f"localStorage.getItem({STARTED_MARK!r})") == "1", "the next visit starts it at once"
    assert not page_problems(first)

    page = device.open()
    page.goto(site_server + "keeper/")
    ready = first_total(page)
    assert ready["start"]["from"] == "snapshot", ready
    expect(page.locator("#r0-t0-result")).to_contain_text("3,615")

    calls, expected = score_round_calls(variants)
    answers = page.evaluate(
        """async ({ base, calls }) => {
             const { getEngine } = await import(new URL("assets/js/engine.mjs", base).href);
             const engine = getEngine({});
             const answers = [];
             for (const [fn, ...args] of calls) answers.push({ ok: true, result: await engine.call(fn, ...args) });
             return answers;
           }""",
        {"base": site_server, "calls": calls},
    )
    assert answers == expected
    page.wait_for_timeout(1500)
    assert page.evaluate(SNAPSHOT_DETAIL) is None, "a engine started from a snapshot makes no new one"

    page.goto(site_server + "configurator/")
    page.wait_for_function(READY_DETAIL, timeout=ENGINE_TIMEOUT)
    assert page.evaluate(READY_DETAIL)["start"]["from"] == "snapshot", "the configurator starts the same way"
    assert not page_problems(page)


# Each way a kept snapshot can be bad, and the reason the plain start gives for it.
BAD_SNAPSHOTS = {
    "bytes": "the snapshot did not start: Error: its bytes have changed",
    "memory": "the snapshot did not start",
    "check": "the snapshot failed its self-check",
    # A snapshot of another Pyodide, build or browser fails the one comparison of its key: one of them stands for all.
    "build": "a snapshot of another build or browser",
}


def test_a_bad_snapshot_gives_a_plain_start_and_is_replaced(device: Device, site_server: str) -> None:
    """On one device, each kind of bad snapshot in turn: spoiled in IndexedDB, then the next visit."""
    page, good = first_visit(device, site_server)
    for change, reason in BAD_SNAPSHOTS.items():
        bad = page.evaluate(RECORD, change)

        page = device.open()
        page.goto(site_server + "keeper/")
        ready = first_total(page)
        assert ready["start"]["from"] == "plain", (change, ready)
        assert ready["start"]["reason"].startswith(reason), (change, ready)
        expect(page.locator("#r0-t0-result")).to_contain_text("3,615")
        expect(status(page)).to_contain_text("Rules engine ready")
        assert not page_problems(page), f"a bad snapshot ({change}) is no error to the player"

        fresh = snapshot_kept(page)
        assert fresh["made"] > bad["made"], f"the bad snapshot ({change}) is gone, and a good one kept in its place"
        assert fresh["key"] == good["key"], change
        assert fresh["check"] == good["check"], change


def typed(page: Page) -> list[tuple[Any, ...]]:
    """What the players typed in each saved game: teams and entries."""
    return [(game["id"], game["teams"], game["rounds"]) for game in stored_games(page)]


def test_a_full_device_keeps_no_snapshot_and_the_games_are_untouched(device: Device, site_server: str) -> None:
    """Chromium's ``storage.estimate()`` pads its quota for privacy, so a full device is met at the write: the
    browser's own QuotaExceededError, with this origin's quota set to 2 MB through the DevTools protocol. The worker
    notes that for this build, and later visits don't try again."""
    page = device.open()
    page.goto(site_server)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Storage.overrideQuotaForOrigin", {"origin": site_server.rstrip("/"), "quotaSize": 2 * 1024 * 1024})
    page.goto(site_server + "keeper/")
    assert first_total(page)["start"] == {"from": "plain", "reason": "no snapshot"}
    page.wait_for_function(SNAPSHOT_DETAIL, timeout=ENGINE_TIMEOUT)
    kept = page.evaluate(SNAPSHOT_DETAIL)
    assert not kept["kept"]
    assert kept["reason"].startswith("QuotaExceededError"), kept
    marker = page.evaluate(RECORD, None)
    assert marker["noRoom"] is True
    assert marker["size"] is None

    fill_storage(page)
    games = typed(page)
    page.reload()
    assert first_total(page)["start"] == {"from": "plain", "reason": "no room to keep a snapshot of this build"}
    expect(page.locator("#r0-t0-result")).to_contain_text("3,615")
    expect(status(page)).to_contain_text("Rules engine ready")
    page.wait_for_timeout(3000)
    assert page.evaluate(SNAPSHOT_DETAIL) is None, "no second try on a full device"
    assert typed(page) == games
    assert not page_problems(page)


@pytest.mark.parametrize(
    ("quota", "usage", "room"),
    [(10 * 2**30, 2**20, True), (200 * 2**20, 100 * 2**20, False), (2**30, 2**30 - 2**20, False)],
)
def test_a_snapshot_waits_for_room_on_the_device(
    page: Page, site_server: str, quota: int, usage: int, room: bool
) -> None:
    """Where a browser tells the space left, a snapshot is not even tried without room to spare for the games."""
    page.goto(site_server)
    found = page.evaluate(
        """async ({ base, quota, usage }) => {
             Object.defineProperty(navigator.storage, "estimate", { value: async () => ({ quota, usage }) });
             const { roomForSnapshot } = await import(new URL("assets/js/engine-snapshot.mjs", base).href);
             return roomForSnapshot();
           }""",
        {"base": site_server, "quota": quota, "usage": usage},
    )
    assert found is room
