"""Helpers for the configurator's browser tests: find a rule's control, open the page, read what a player reads."""

from __future__ import annotations

import base64
import json
from typing import Any

from playwright.sync_api import Locator, Page, expect

from handfoot.words import format_number

CONFIGURATOR = "configurator/"
# Pyodide in a fresh browser context takes a few seconds on a small machine; this is the ceiling, not the norm.
READY_TIMEOUT = 60_000
SETS_KEY = "handfoot.configurator.sets"


def points(value: int) -> str:
    """A number as the site shows it: ``3,815``, ``−500``."""
    return format_number(value)


def control_id(path: str) -> str:
    return "hf-rule-" + path.replace(".", "-", 1)


def control(page: Page, path: str, suffix: str = "") -> Locator:
    """A rule's control (``suffix`` picks one box of a rule with several, e.g. ``-1`` for round 2)."""
    return page.locator(f"#{control_id(path)}{suffix}")


def error_of(page: Page, path: str) -> Locator:
    return page.locator(f"#{control_id(path)}-error")


def wrapper(page: Page, path: str) -> Locator:
    return page.locator(f'[data-path="{path}"]')


def wait_ready(page: Page) -> None:
    """The preview has been drawn once, so Pyodide answered and the shared templates rendered."""
    expect(page.locator("#hf-preview h2").first).to_be_visible(timeout=READY_TIMEOUT)
    expect(page.locator("#hf-sheet h1")).to_be_visible(timeout=READY_TIMEOUT)


def scrolled_to(locator: Locator) -> Locator:
    """``locator`` once a reader has scrolled to it. The preview and the sheet are laid out only near the screen
    (``content-visibility: auto``), and until then their ``innerText`` is empty, as what is not drawn has no text."""
    locator.scroll_into_view_if_needed()
    locator.page.wait_for_function(
        "element => element.checkVisibility({ contentVisibilityAuto: true })", arg=locator.element_handle()
    )
    return locator


def open_configurator(page: Page, base: str, fragment: str = "") -> None:
    page.goto(base + CONFIGURATOR + fragment)
    wait_ready(page)


def encode(data: dict[str, Any]) -> str:
    """A rules link's encoded part, made the way rulesets.mjs makes it (base64url of JSON, no padding)."""
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")
