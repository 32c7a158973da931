"""The compare page on a phone: a player reading a rule far down the table, and across it version by version, still
sees which version each value is, and which rule. They scroll as people do: a finger on the screen, a mouse wheel, or
the keyboard on the focused table. The page moves nothing as it loads, passes axe and prints every rule."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import CDPSession, Locator, Page

from handfoot import Variant
from testbench.axe import axe_violations

pytestmark = pytest.mark.browser

WIDTHS = [390, 360]
FRAME = ".hf-table-scroll"
# How far one swipe or one turn of the wheel moves down (a quarter of it at most across): less than the table shows at
# once, as a person reads. At 360 px the frame shows 644 px of rows below its pinned names, and 176 px of values beside
# them.
STEP = 440
MOST_STEPS = 80
# Chromium's touch slop, in CSS pixels: a finger moving less than this is a tap, not a scroll.
TOUCH_SLOP = 15

# Where an element stands on the screen, and whether a person sees it there: inside the viewport, and the element
# the browser finds at its middle is it (or inside it), not something drawn over it.
SEEN = """(element) => {
  const box = element.getBoundingClientRect();
  const x = box.left + box.width / 2, y = box.top + box.height / 2;
  const hit = document.elementFromPoint(x, y);
  return {
    text: element.textContent.trim(),
    left: box.left, right: box.right, top: box.top, bottom: box.bottom,
    inside: box.left >= -0.5 && box.top >= -0.5 && box.right <= innerWidth + 0.5 && box.bottom <= innerHeight + 0.5,
    hit: Boolean(hit && element.contains(hit)),
    over: hit ? `${hit.tagName.toLowerCase()} "${hit.textContent.trim().slice(0, 30)}"` : "nothing",
  };
}"""


# True once the frame and the page have kept their scroll positions for a few frames.
SETTLED = """(frame) => {
  const el = document.querySelector(frame);
  const now = [el.scrollTop, el.scrollLeft, scrollY].join();
  globalThis.__still = now === globalThis.__last ? (globalThis.__still ?? 0) + 1 : 0;
  globalThis.__last = now;
  return globalThis.__still >= 3;
}"""


def seen(element: Locator) -> dict:
    return element.evaluate(SEEN)


def in_sight(element: Locator) -> bool:
    where = seen(element)
    return bool(where["inside"] and where["hit"])


class Person:
    """Scrolls the page the way ``way`` says, with the finger or the mouse at ``at`` (a point on the screen)."""

    def __init__(self, page: Page, way: str) -> None:
        self.page = page
        self.way = way
        self.cdp: CDPSession | None = page.context.new_cdp_session(page) if way == "touch" else None
        if way == "keyboard":
            # From the last button of the form above the table, Tab reaches the table itself.
            page.locator("form[data-compare-pick] button[type=reset]").focus()
            page.keyboard.press("Tab")
            assert page.evaluate(f"document.activeElement === document.querySelector('{FRAME}')"), (
                "Tab from the form does not reach the table"
            )

    def touch(self, kind: str, *at: float) -> None:
        assert self.cdp is not None
        points = [{"x": at[0], "y": at[1]}] if at else []
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def scroll(self, dx: int, dy: int, at: tuple[float, float]) -> None:
        x, y = at
        if self.way == "touch":
            # A swipe: the finger moves against the way the page goes, and rests before it lifts, so nothing flings on.
            # The first TOUCH_SLOP pixels of a move scroll nothing.
            dx += TOUCH_SLOP * (dx > 0) - TOUCH_SLOP * (dx < 0)
            dy += TOUCH_SLOP * (dy > 0) - TOUCH_SLOP * (dy < 0)
            self.touch("touchStart", x, y)
            for step in range(1, 11):
                self.touch("touchMove", x - dx * step / 10, y - dy * step / 10)
                self.page.wait_for_timeout(16)
            self.page.wait_for_timeout(150)
            self.touch("touchMove", x - dx, y - dy)
            self.touch("touchEnd")
        elif self.way == "wheel":
            self.page.mouse.move(x, y)
            self.page.mouse.wheel(dx, dy)
        else:
            key = "PageDown" if dy > 0 else "ArrowRight" if dx > 0 else "ArrowLeft"
            self.page.keyboard.press(key)
        self.page.wait_for_timeout(120)
        # A key's scroll is smooth and may still be moving: read the page once it has come to rest.
        self.page.wait_for_function(SETTLED, arg=FRAME, polling="raf")


def read_down_and_across(page: Page, way: str, width: int, variants: dict[str, Variant]) -> None:
    person = Person(page, way)
    middle = (width / 2, 760 / 2)
    rows = page.locator("table[data-compare] tbody tr[data-path]")
    row = rows.nth(rows.count() * 4 // 5)
    name = row.locator("th[scope=row]")
    label = name.inner_text()

    # Down: the finger or the mouse where a person holds it, until the rule's name and its first value are in sight
    # (a row whose top half is under the pinned names is not yet read).
    first_value = row.locator("td").first
    for _ in range(MOST_STEPS):
        if in_sight(name) and seen(first_value)["hit"]:
            break
        person.scroll(0, STEP, middle)
    else:
        pytest.fail(f"{way} at {width} px: {MOST_STEPS} scrolls did not bring {label!r} into sight: {seen(name)}")

    frame_right = page.locator(FRAME).evaluate("(frame) => frame.getBoundingClientRect().right")
    heads = page.locator("table[data-compare] thead th[data-variant]")
    assert heads.count() == len(variants)
    # Across: version by version, until the version's value for this rule is in sight, whole, beside the rule's name.
    for index in range(heads.count()):
        head = heads.nth(index)
        cell = row.locator("td").nth(index)
        version = head.inner_text()
        for _ in range(MOST_STEPS):
            where, pinned = seen(cell), seen(name)
            hidden_left = pinned["right"] - where["left"]
            hidden_right = where["right"] - min(width, frame_right)
            if where["hit"] and hidden_left <= 1 and hidden_right <= 1:
                break
            # As far as the value needs, a little at a time, back again if it went too far.
            shift = hidden_right if hidden_right > 1 else -hidden_left
            shift = max(-STEP // 4, min(STEP // 4, shift))
            person.scroll(round(shift), 0, (width * 3 / 4, (where["top"] + where["bottom"]) / 2))
        else:
            pytest.fail(f"{way} at {width} px: {version}'s value for {label!r} never came into sight: {seen(cell)}")
        where = seen(head)
        sighted = where["inside"] and where["hit"]
        assert sighted, (
            f"{way} at {width} px: reading {label!r}, the column's name {version!r} is out of sight: "
            f"top {where['top']:.0f}, bottom {where['bottom']:.0f} (screen 0-760), at its middle: {where['over']}"
        )
        assert in_sight(name), (
            f"{way} at {width} px: {version}'s value is read without its rule {label!r}: {seen(name)}"
        )


# Each way of scrolling once, and each width at least once: the pinned names do not depend on the way a frame is
# scrolled, and a touch swipe costs the suite most (about 11 s a case).
READINGS = [(360, "touch"), (390, "wheel"), (360, "keyboard")]


@pytest.mark.parametrize(("width", "way"), READINGS)
def test_a_rule_far_down_still_shows_each_versions_name(
    phone_page: Page,
    site_server: str,
    variants: dict[str, Variant],
    assert_page_clean: Callable[[Page], None],
    width: int,
    way: str,
) -> None:
    phone_page.set_viewport_size({"width": width, "height": 760})
    phone_page.goto(site_server + "compare/")
    phone_page.wait_for_load_state("networkidle")
    read_down_and_across(phone_page, way, width, variants)
    assert_page_clean(phone_page)


# Every layout shift since the page began to load (none is caused by input here), summed as CLS is.
SHIFT_TOTAL = """() => new Promise((resolve) => {
  let total = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) total += entry.value;
  }).observe({ type: "layout-shift", buffered: true });
  setTimeout(() => resolve(total), 300);
})"""


@pytest.mark.parametrize("width", WIDTHS)
def test_the_table_frame_is_named_moves_nothing_on_load_and_passes_axe(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None], width: int
) -> None:
    page = phone_page
    page.set_viewport_size({"width": width, "height": 760})
    page.goto(site_server + "compare/")
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(300)
    assert page.evaluate(SHIFT_TOTAL) == 0
    frame = page.get_by_role("region", name="Rules compared")
    assert frame.get_attribute("tabindex") == "0"
    # The frame scrolls both ways within the screen below the site's header: its own scroll bars, not the page's.
    sizes = frame.evaluate(
        """(frame) => ({
             down: frame.scrollHeight > frame.clientHeight, across: frame.scrollWidth > frame.clientWidth,
             height: frame.getBoundingClientRect().height,
             room: innerHeight - document.querySelector('.md-header').getBoundingClientRect().height,
           })"""
    )
    assert sizes["down"], sizes
    assert sizes["across"], sizes
    assert sizes["height"] <= sizes["room"], sizes
    violations = axe_violations(page)
    assert not violations, "\n".join(violations)
    assert_page_clean(page)


def test_the_printed_comparison_holds_every_rule(
    page: Page, site_server: str, variants: dict[str, Variant], tmp_path: Path
) -> None:
    """On paper the table is not a frame to scroll: every rule and every version's name is printed."""
    page.goto(site_server + "compare/")
    page.wait_for_load_state("networkidle")
    labels = page.locator("table[data-compare] tbody tr[data-path] th[scope=row]").all_inner_texts()
    pdf = tmp_path / "compare.pdf"
    page.emulate_media(media="print")
    hidden = page.locator(FRAME).evaluate(
        "(frame) => ({down: frame.scrollHeight - frame.clientHeight, across: frame.scrollWidth - frame.clientWidth})"
    )
    assert hidden["down"] <= 1, f"the printed table hides {hidden['down']} px of rules in its frame"
    page.pdf(path=str(pdf), format="A4")
    page.emulate_media(media="screen")
    words = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout.split()
    # A cell's lines are printed between its neighbours' lines: each rule's words, in order.
    missing = []
    for label in labels:
        printed = iter(words)
        if not all(word in printed for word in label.split()):
            missing.append(label)
    assert not missing, f"rules missing from the printed comparison: {missing[:5]}"
    text = " ".join(words)
    for variant in variants.values():
        assert variant.short_name in text, variant.short_name


PICTURE = "How long rounds last, in table turns"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_round_lengths_picture_and_the_house_rules_read_on_a_phone(
    phone_page: Page, site_server: str, assert_page_clean: Callable[[Page], None], scheme: str
) -> None:
    """At 390 px, in either colour scheme: the picture of round lengths is named for a screen reader, as wide as the
    screen at most, its words no smaller than 11 px and drawn in the text's own colour; each house rule is a card
    that needs no sideways scroll."""
    page = phone_page
    page.emulate_media(color_scheme=scheme)
    page.goto(site_server + "compare/")
    page.wait_for_load_state("networkidle")
    picture = page.get_by_role("img", name=PICTURE)
    picture.scroll_into_view_if_needed()
    seen = picture.evaluate(
        """(svg) => {
             const box = svg.getBoundingClientRect();
             const sizes = [...svg.querySelectorAll("text")].map((t) => t.getBoundingClientRect().height);
             const style = getComputedStyle(svg);
             return {
               left: box.left, right: box.right, smallest: Math.min(...sizes), color: style.color,
               text: getComputedStyle(document.querySelector(".md-typeset")).color,
               scheme: document.body.getAttribute("data-md-color-scheme"),
               rows: svg.querySelectorAll("rect").length,
             };
           }"""
    )
    assert seen["scheme"] == {"light": "default", "dark": "slate"}[scheme]
    assert seen["left"] >= 0, seen
    assert seen["right"] <= 390, seen
    assert seen["smallest"] >= 11, seen
    assert seen["color"] == seen["text"], "the picture is drawn in the page's text colour"
    assert seen["rows"] == page.locator("table.hf-plays:not(.hf-house) thead th a").count()
    house = page.get_by_role("region", name="What each house rule does")
    house.scroll_into_view_if_needed()
    sizes = house.evaluate("(frame) => ({wide: frame.scrollWidth, shown: frame.clientWidth})")
    assert sizes["wide"] <= sizes["shown"], sizes
    assert_page_clean(page)
