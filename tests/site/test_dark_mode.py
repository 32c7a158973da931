"""Dark at night: the site follows the device's light or dark setting, has a switch that is remembered, passes axe in
both schemes on a phone and a desktop, and always prints dark text on white paper.

Chromium's ``color_scheme`` context option is the device's setting; Material's palette follows it on a first visit.
Needs pdfinfo, pdftotext and pdftoppm (poppler-utils) for the printed sheet.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from handfoot import DEFAULT_VARIANT, Variant
from support.configurator import wait_ready as wait_configurator_ready
from support.helper_page import READY as HELPER_READY
from support.helper_page import READY_TIMEOUT as HELPER_TIMEOUT
from support.keeper import wait_ready as wait_keeper_ready
from support.printing import page_count, pdf_text, print_pdf
from support.screens import SCREENS, new_screen_context
from testbench.axe import axe_violations
from testbench.watcher import watch

pytestmark = pytest.mark.browser

# Playwright's name for the device setting -> Material's scheme for it.
SCHEMES = {"light": "default", "dark": "slate"}
SHEET = f"rules/{DEFAULT_VARIANT}/sheet/"
PAGES = {
    "home": "",
    "rule page": f"rules/{DEFAULT_VARIANT}/",
    # Rules that differ from the default version (tinted) and a note admonition.
    "rule page with a note": "rules/bicycle/",
    "sheet": SHEET,
    "compare": "compare/",
    "faq": "faq/",
    "keeper": "keeper/",
    "configurator": "configurator/",
    "rule helper": "helper/",
}
TO_DARK = "Switch to dark mode"
TO_LIGHT = "Switch to light mode"
# WCAG 2.1: 4.5:1 for text (1.4.3), 3:1 for the parts of a control and a focus indicator (1.4.11).
TEXT_CONTRAST = 4.5
NON_TEXT_CONTRAST = 3.0
WHITE = (255, 255, 255)
# A light tint at most behind printed text (relative luminance; white is 1).
LIGHT_PAPER = 0.8

# In the page: a colour as [r, g, b, alpha], contrast of two opaque colours, and what an element is drawn on (its own
# background laid over its ancestors', up to the page's).
COLOUR_JS = """
  const rgba = (text) => {
    const [r, g, b, a = 1] = text.match(/[\\d.]+/g).map(Number);
    return [r, g, b, a];
  };
  const over = ([r, g, b, a], [R, G, B]) => [r * a + R * (1 - a), g * a + G * (1 - a), b * a + B * (1 - a)];
  const backdrop = (element) => {
    const layers = [];
    for (let e = element; e; e = e.parentElement) layers.push(rgba(getComputedStyle(e).backgroundColor));
    return layers.reverse().reduce((below, layer) => over(layer, below), [255, 255, 255]);
  };
  const luminance = (rgb) => {
    const [r, g, b] = rgb.map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const contrast = (x, y) => {
    const [high, low] = [luminance(x), luminance(y)].sort((p, q) => q - p);
    return (high + 0.05) / (low + 0.05);
  };
"""

# The apps' pages, whose stylesheets style the swatches (each page links one, joined from docs/assets/css/).
APP_PAGES = ["keeper/index.html", "configurator/index.html"]


def site_stylesheet(html: str) -> str:
    """The file name of the site's own stylesheet a page links."""
    return re.findall(r'href="[^"]*assets/css/([\w.-]+\.css)"', html)[0]


ADD_STYLESHEETS = """(hrefs) => Promise.all(hrefs.map((href) => new Promise((loaded, failed) => {
  const link = Object.assign(document.createElement("link"), {rel: "stylesheet", href});
  link.onload = loaded;
  link.onerror = failed;
  document.head.append(link);
})))"""

# Every message, line and control colour the site's CSS sets, in the boxes whose rules style them (the keeper's and the
# configurator's): red errors, amber warnings, status lines, notices, buttons, a refused field, a changed rule.
SWATCHES = """
  <div class="hf-swatches hf-keeper">
    <p class="hf-status" role="status">Rules engine ready.</p>
    <p class="hf-status hf-status--failed">Not saved: this device's storage is full.</p>
    <div class="hf-notices"><p>An imported game was kept aside.</p></div>
    <p class="hf-error">Enter a whole number.</p>
    <p class="hf-error hf-undone">Undone.</p>
    <p class="hf-warning">Fewer books than the rules ask to go out.</p>
    <p class="hf-help">Books of seven cards.</p>
    <p class="hf-house--edited">A house value.</p>
    <label>Clean books <input type="text" aria-invalid="true" value="x"></label>
    <button class="md-button" type="button">Undo</button>
    <button class="md-button md-button--primary" type="button">Next round</button>
  </div>
  <div class="hf-swatches hf-configurator">
    <p class="hf-error">Not applied: a hand needs more cards.</p>
    <label>Decks <input type="text" aria-invalid="true" value="1"></label>
    <p class="hf-differs">Differs from the default version.
      <span class="hf-note hf-note--conflict">Two sources disagree.</span></p>
  </div>
"""


@pytest.fixture(scope="module", autouse=True)
def _poppler() -> None:
    missing = [tool for tool in ("pdfinfo", "pdftotext", "pdftoppm") if shutil.which(tool) is None]
    if missing:
        pytest.fail(f"{', '.join(missing)} missing: run `make setup` (it installs poppler-utils)", pytrace=False)


def scheme_context(browser: Browser, screen: str, device: str) -> BrowserContext:
    """A fresh context shaped like ``screen`` on a device set to ``device`` ("light" or "dark")."""
    return new_screen_context(browser, screen, color_scheme=device)


@pytest.fixture
def dark_page(browser: Browser) -> Iterator[Page]:
    """A watched desktop page on a device set to dark."""
    context = scheme_context(browser, "desktop", "dark")
    try:
        yield watch(context.new_page())
    finally:
        context.close()


def open_in_scheme(page: Page, base: str, address: str, scheme: str) -> None:
    """Open ``address`` and wait until Material shows ``scheme`` and, on the keeper, the configurator or the rule
    helper, the app is drawn (the keeper's engine ready, the configurator's preview drawn, the helper ready)."""
    response = page.goto(base + address)
    assert response is not None
    assert response.ok, f"/{address}: HTTP {response.status}"
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", scheme)
    if address == PAGES["keeper"]:
        wait_keeper_ready(page)
    elif address == PAGES["configurator"]:
        wait_configurator_ready(page)
    elif address == PAGES["rule helper"]:
        expect(page.locator(".hf-helper > .hf-status")).to_have_text(HELPER_READY, timeout=HELPER_TIMEOUT)
    else:
        page.wait_for_load_state("networkidle")


def stored_palette(page: Page) -> dict | None:
    """Material's remembered choice: the localStorage entry whose key ends in ``__palette``, parsed."""
    return page.evaluate(
        """() => {
             const key = Object.keys(localStorage).find((k) => k.endsWith('__palette'));
             return key ? JSON.parse(localStorage.getItem(key)) : null;
           }"""
    )


# --- The device's setting, and axe in both schemes -------------------------------------------------------------------


@pytest.mark.parametrize("device", sorted(SCHEMES))
def test_every_message_and_control_colour_is_readable(
    browser: Browser, site_server: str, built_site: Path, device: str
) -> None:
    """The colours that only show when something goes wrong (errors, warnings, a refused field, a failed status),
    and the keyboard's focus ring, against the page in each scheme: text by axe, lines and rings by WCAG 1.4.11."""
    context = scheme_context(browser, "phone", device)
    try:
        page = watch(context.new_page())
        open_in_scheme(page, site_server, PAGES["home"], SCHEMES[device])
        # The swatches are the apps' own, styled by the apps' stylesheets, which a content page does not load.
        sheets = [site_stylesheet((built_site / app).read_text(encoding="utf-8")) for app in APP_PAGES]
        page.evaluate(ADD_STYLESHEETS, [f"{site_server}assets/css/{name}" for name in sheets])
        page.evaluate("(html) => document.querySelector('article').insertAdjacentHTML('beforeend', html)", SWATCHES)
        violations = axe_violations(page, "article")
        assert not violations, f"{device}:\n" + "\n".join(violations)

        page.locator(".hf-keeper input[aria-invalid]").focus()
        lines = page.evaluate(
            "() => {"
            + COLOUR_JS
            + """
              const line = (selector, property) => {
                const element = document.querySelector(selector);
                const style = getComputedStyle(element);
                const colour = over(rgba(style[property]), backdrop(element));
                return {what: `${selector} ${property}`, ratio: contrast(colour, backdrop(element.parentElement))};
              };
              return [
                line('.hf-keeper input[aria-invalid]', 'borderTopColor'),
                line('.hf-keeper input[aria-invalid]', 'outlineColor'),
                line('.hf-configurator input[aria-invalid]', 'borderTopColor'),
                line('.hf-notices p', 'borderLeftColor'),
                line('.hf-status--failed', 'borderLeftColor'),
              ];
            }"""
        )
        faint = [f"{line['what']}: {line['ratio']:.2f}" for line in lines if line["ratio"] < NON_TEXT_CONTRAST]
        assert not faint, f"{device}: lines under {NON_TEXT_CONTRAST}:1 against the page:\n" + "\n".join(faint)
        assert page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle") == "solid"
    finally:
        context.close()


# --- The switch ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_the_switch_changes_the_scheme_and_is_remembered(
    browser: Browser, site_server: str, assert_page_clean: Callable[[Page], None], screen: str
) -> None:
    context = scheme_context(browser, screen, "light")
    try:
        page = watch(context.new_page())
        open_in_scheme(page, site_server, PAGES["rule page"], "default")
        to_dark = page.locator(f'label[title="{TO_DARK}"]')
        expect(to_dark).to_be_visible()
        expect(page.locator(f'label[title="{TO_LIGHT}"]')).to_be_hidden()
        to_dark.click()
        expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "slate")
        expect(page.locator(f'label[title="{TO_LIGHT}"]')).to_be_visible()
        assert page.evaluate("getComputedStyle(document.body).colorScheme") == "dark"
        assert (stored_palette(page) or {}).get("color", {}).get("scheme") == "slate"

        # The choice outlasts a reload and another page, although the device still says light.
        page.reload()
        expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "slate")
        page.goto(site_server + PAGES["compare"])
        expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "slate")
        expect(page.locator(f'label[title="{TO_LIGHT}"]')).to_be_visible()

        page.locator(f'label[title="{TO_LIGHT}"]').click()
        expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "default")
        page.reload()
        expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "default")
        assert_page_clean(page)
    finally:
        context.close()


def test_the_switch_works_from_the_keyboard(
    dark_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    page = dark_page
    open_in_scheme(page, site_server, PAGES["home"], "slate")
    for _ in range(30):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.getAttribute('aria-label')") == TO_LIGHT:
            break
    else:
        pytest.fail(f"30 presses of Tab did not reach {TO_LIGHT!r}")
    focused = page.locator(":focus")
    outline = page.evaluate(
        """() => {
             const label = document.activeElement.nextElementSibling;
             if (!label || label.hidden) return 'none: its label is hidden';
             const style = getComputedStyle(label);
             return `${style.outlineStyle} ${style.outlineWidth}`;
           }"""
    )
    assert not outline.startswith("none"), f"the focused switch shows no outline ({outline})"
    page.keyboard.press("Enter")
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "default")
    expect(focused).to_have_attribute("aria-label", TO_DARK)
    page.keyboard.press("Enter")
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "slate")
    assert (stored_palette(page) or {}).get("color", {}).get("scheme") == "slate"
    assert_page_clean(page)


# --- Print is always light -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("address", [SHEET, PAGES["rule page"], PAGES["compare"]])
def test_a_dark_reader_prints_dark_text_on_white(dark_page: Page, site_server: str, address: str) -> None:
    page = dark_page
    open_in_scheme(page, site_server, address, "slate")
    screen_background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    page.emulate_media(media="print")
    found = page.evaluate(
        "() => {"
        + COLOUR_JS
        + """
          const visible = (e) => {
            const box = e.getBoundingClientRect();
            return getComputedStyle(e).visibility !== 'hidden' && box.width > 0 && box.height > 0;
          };
          const texts = [...document.querySelectorAll('article *')]
            .filter((e) => [...e.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim()))
            .filter((e) => visible(e) && !e.closest('button, .md-button'))
            .map((e) => ({
              what: `${e.tagName.toLowerCase()} "${e.textContent.trim().slice(0, 30)}"`,
              colour: over(rgba(getComputedStyle(e).color), backdrop(e)),
              background: backdrop(e),
            }));
          const table = document.querySelector('article table');
          return {
            body: rgba(getComputedStyle(document.body).backgroundColor),
            table: table ? backdrop(table) : null,
            texts: texts.map((t) => ({...t, ratio: contrast(t.colour, t.background), paper: luminance(t.background)})),
          };
        }"""
    )
    assert found["body"] == [*WHITE, 1], f"body prints on {found['body']} (on screen it is {screen_background})"
    assert found["table"] is not None, "no table found"
    assert tuple(round(v) for v in found["table"]) == WHITE, f"the table prints on {found['table']}"
    assert found["texts"], "no text found"
    dark_boxes = [f"{t['what']}: {t['background']}" for t in found["texts"] if t["paper"] < LIGHT_PAPER]
    assert not dark_boxes, "text printed on a dark box:\n" + "\n".join(dark_boxes[:10])
    pale = [f"{t['what']}: {t['ratio']:.2f}" for t in found["texts"] if t["ratio"] < TEXT_CONTRAST]
    assert not pale, "pale text on the paper:\n" + "\n".join(pale[:10])


def test_a_dark_readers_sheet_is_one_white_pdf_page(
    dark_page: Page, site_server: str, pagat: Variant, tmp_path: Path
) -> None:
    pdf = print_pdf(dark_page, site_server + SHEET, "A4", tmp_path / "sheet.pdf")
    assert dark_page.evaluate("document.body.dataset.mdColorScheme") == "slate", "the page was not dark on screen"
    assert page_count(pdf) == 1, f"the sheet prints on {page_count(pdf)} pages in the dark scheme"
    text = " ".join(pdf_text(pdf).split())
    for expected in (pagat.name, "Card values", "Each round", "Going out", "Score"):
        assert expected in text, f"{expected!r} is missing from the sheet printed in the dark scheme"

    # The page as paper sees it: rendered in grey at 60 dpi (fine enough for a letter's strokes to stay dark), almost
    # every pixel white and the text dark.
    subprocess.run(["pdftoppm", "-gray", "-r", "60", "-singlefile", str(pdf), str(tmp_path / "sheet")], check=True)
    pixels = pgm_pixels(tmp_path / "sheet.pgm")
    white = sum(value >= 245 for value in pixels) / len(pixels)
    dark = sum(value <= 100 for value in pixels) / len(pixels)
    assert white >= 0.7, f"only {white:.0%} of the printed sheet is white paper"
    assert dark > 0.003, f"only {dark:.2%} of the printed sheet is dark ink: where is the text?"


def pgm_pixels(path: Path) -> bytes:
    """The grey values of a binary PGM (P5, 8 bits), as pdftoppm -gray writes it."""
    data = path.read_bytes()
    fields: list[bytes] = []
    at = 0
    while len(fields) < 4:
        while data[at : at + 1].isspace():
            at += 1
        if data[at : at + 1] == b"#":
            at = data.index(b"\n", at)
            continue
        end = at
        while not data[end : end + 1].isspace():
            end += 1
        fields.append(data[at:end])
        at = end
    magic, width, height, most = fields
    if (magic, most) != (b"P5", b"255"):
        raise ValueError(f"{path} is not an 8-bit binary PGM")
    return data[at + 1 : at + 1 + int(width) * int(height)]


@pytest.mark.parametrize("address", [PAGES["home"], PAGES["rule page"], PAGES["sheet"]])
def test_a_dark_device_sees_the_page_dark_before_material_has_run(
    browser: Browser, site_server: str, address: str
) -> None:
    """These pages defer Material's bundle, which picks the scheme on a first visit. Held back, the page is dark."""
    context = scheme_context(browser, "phone", "dark")
    try:
        page = watch(context.new_page())
        page.route("**/assets/javascripts/bundle.*.min.js", lambda route: None)
        # A deferred script holds DOMContentLoaded back: wait for the page to be read instead.
        page.goto(site_server + address, wait_until="commit")
        page.wait_for_selector(".md-footer", state="attached")
        assert page.evaluate("() => document.body.dataset.mdColorScheme") == SCHEMES["dark"]
        background = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
        assert background != "rgb(255, 255, 255)", background
    finally:
        context.close()
