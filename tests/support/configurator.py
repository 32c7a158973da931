"""Helpers for the configurator's browser tests: find a rule's control, open the page, read what a player reads."""

from __future__ import annotations

import base64
import json
from typing import Any

from playwright.sync_api import Locator, Page, expect

from handfoot.spec import FIELDS_BY_PATH
from handfoot.words import format_number
from support.person import type_into
from support.waiting import until_shown

CONFIGURATOR = "configurator/"
# Pyodide in a fresh browser context takes a few seconds on a small machine; this is the ceiling, not the norm.
READY_TIMEOUT = 60_000
SETS_KEY = "handfoot.configurator.sets"


def points(value: int) -> str:
    """A number as the site shows it: ``3,815``, ``−500``."""
    return format_number(value)


def control_id(path: str) -> str:
    return "hf-rule-" + path.replace(".", "-", 1)


def open_section_of(page: Page, path: str) -> None:
    """Opens the folded section that holds rule ``path`` on the "Your rules" view, as a player taps its title."""
    show_view(page, "rules")
    section = page.locator("details.hf-config__section").filter(has=page.locator(f'[data-path="{path}"]'))
    if not section.count():
        # Rows are drawn when their section is first opened: find it by the rule's place in the spec.
        key = path.split(".", 1)[0]
        section = page.locator(f"#hf-section-{key}")
    if section.get_attribute("open") is None:
        section.locator("> summary").click()
    expect(section).to_have_attribute("open", "")


def control(page: Page, path: str, suffix: str = "") -> Locator:
    """A rule's control (``suffix`` picks one box of a rule with several, e.g. ``-1`` for round 2), its section
    opened first."""
    open_section_of(page, path)
    return page.locator(f"#{control_id(path)}{suffix}")


def show_view(page: Page, key: str) -> None:
    """Shows one of the configurator's views by its tab: "rules", "page" or "sheet"."""
    tab = page.locator(f"#hf-tab-{key}")
    if tab.get_attribute("aria-selected") != "true":
        tab.click()
    expect(tab).to_have_attribute("aria-selected", "true")


def open_rule_set(page: Page) -> None:
    """Unfolds "Rule set" (the sets kept, "Start from", "Name your rules"), folded on a phone."""
    show_view(page, "rules")
    header = page.locator("#hf-config-set")
    if header.get_attribute("open") is None:
        header.locator("> summary").click()


def error_of(page: Page, path: str) -> Locator:
    return page.locator(f"#{control_id(path)}-error")


def wrapper(page: Page, path: str) -> Locator:
    return page.locator(f'[data-path="{path}"]')


def wait_ready(page: Page) -> None:
    """The preview has been drawn once, so Pyodide answered and the shared templates rendered."""
    until_shown(page, "#hf-sheet h1", None, READY_TIMEOUT)
    expect(page.locator("#hf-preview h2").first).to_be_attached()
    expect(page.locator("#hf-sheet h1")).to_be_attached()


def sign_of(path: str) -> dict[str, Any] | None:
    """handfoot's words for a rule typed as a direction and an amount ("adds" or "costs" 500), or None."""
    sign: dict[str, Any] | None = FIELDS_BY_PATH[path].type.control().get("sign")
    return sign


def direction(page: Page, path: str, key: str) -> Locator:
    """The "adds" or "costs" choice (``key``) of a signed rule, its section opened first."""
    open_section_of(page, path)
    return page.locator(f"#{control_id(path)}-{key}")


def meaning(page: Page, path: str) -> Locator:
    """The words under a signed rule's amount that say what it does ("Costs 500: −500 for each red three caught.")."""
    return page.locator(f"#{control_id(path)}-means")


def meaning_of(path: str, value: int) -> str:
    """What those words must say for ``value``, in handfoot's words."""
    sign = sign_of(path)
    assert sign, f"{path} is not typed as a direction and an amount"
    words = sign["words"]
    text: str = words["zero"] if value == 0 else words["costs" if value < 0 else "adds"]
    return text.format(amount=format_number(abs(value)))


def enter_rule(page: Page, path: str, value: int) -> None:
    """Enter a number rule as a player does: for a signed rule, tap "adds" or "costs" when the other is chosen, then
    type the amount with no sign (as on a phone keypad without a minus key); any other rule, type the number."""
    if sign_of(path) and value:
        choice = direction(page, path, "costs" if value < 0 else "adds")
        if not choice.is_checked():
            choice.click()
    type_into(control(page, path), str(abs(value)) if sign_of(path) else str(value))


def expect_rule_shown(page: Page, path: str, value: int) -> None:
    """The rule's field shows ``value``: a signed rule its amount, with the direction it counts chosen."""
    if not sign_of(path):
        expect(control(page, path)).to_have_value(str(value), timeout=READY_TIMEOUT)
        return
    expect(control(page, path)).to_have_value(str(abs(value)), timeout=READY_TIMEOUT)
    if value:
        expect(direction(page, path, "costs" if value < 0 else "adds")).to_be_checked()
    expect(meaning(page, path)).to_have_text(meaning_of(path, value))


def set_rule(page: Page, path: str, value: Any, suffix: str = "") -> None:
    """Type a value into a rule's control and wait until the configurator has applied it."""
    if sign_of(path) and not suffix:
        enter_rule(page, path, value)
    else:
        type_into(control(page, path, suffix), str(value))
    expect(wrapper(page, path)).to_have_class("hf-house hf-house--edited", timeout=READY_TIMEOUT)


def scrolled_to(locator: Locator) -> Locator:
    """``locator`` once a reader has scrolled to it. The preview and the sheet are laid out only near the screen
    (``content-visibility: auto``), and until then their ``innerText`` is empty, as what is not drawn has no text.
    A view behind its tab (the rule page, the sheet) is shown first, by its tab."""
    view = locator.evaluate("element => element.closest('.hf-config__view')?.id ?? null")
    if view:
        show_view(locator.page, view.removeprefix("hf-view-"))
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


def start_from(page: Page, variant_id: str) -> None:
    """Chooses the version the rules start from, under "Rule set"."""
    open_rule_set(page)
    page.locator("#hf-base").select_option(variant_id)


def name_field(page: Page) -> Locator:
    """ "Name your rules", under "Rule set"."""
    open_rule_set(page)
    return page.locator("#hf-name")


def open_changes(page: Page) -> Locator:
    """Opens the list of changes from the bar at the foot of the screen (the link, the file, "Start again")."""
    show_view(page, "rules")
    toggle = page.locator("#hf-bar-changes")
    if toggle.get_attribute("aria-expanded") != "true":
        toggle.click()
    return page.locator("#hf-changes")
