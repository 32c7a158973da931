"""The house-rules configurator in a real browser: Chromium, the site as built, and handfoot running in Pyodide.

The preview and the sheet must say exactly what the published pages say, changes must show where they were made, and
a table's rules must survive the ways they leave the page: a share link, the printer, the score keeper, a YAML file
that the site builds, and a reload. Expected numbers come from handfoot in CPython.
"""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

import handfoot
from handfoot.describe import PRINTED_SCORE_ROWS
from handfoot.examples import SEED_000_OUT, seed_tally
from handfoot.sheet_form import sheet_form
from handfoot.spec import FIELDS, FIELDS_BY_PATH
from handfoot.value_words import rule_words
from support.configurator import (
    CONFIGURATOR,
    READY_TIMEOUT,
    SETS_KEY,
    control,
    encode,
    error_of,
    expect_rule_shown,
    name_field,
    open_changes,
    open_configurator,
    points,
    scrolled_to,
    set_rule,
    start_from,
    wait_ready,
    wrapper,
)
from support.person import type_into
from testbench.axe import axe_violations
from testbench.build import build_site, copy_site
from testbench.paths import REPO_ROOT
from testbench.watcher import watch

VARIANTS = handfoot.load_variants(REPO_ROOT / "variants")
VARIANT_IDS = sorted(VARIANTS)
DEFAULT = VARIANTS[handfoot.DEFAULT_VARIANT]
DEFAULT_RULES = DEFAULT.to_mapping()["rules"]

# The table's rules used throughout: a name and three changed rules.
NAME = "Grandma's rules"
STEM = "grandma-s-rules"
CLEAN = 600
RED_CAUGHT = -500
ROUND_ONE_MINIMUM = 60
CHANGES = {"books.clean": CLEAN, "threes.red_caught": RED_CAUGHT}
# Seed 000's going-out round, as the keeper asks for it: the field labels of Pagat's sheet, and the full tally.
SEED_000 = {
    field["label"]: SEED_000_OUT[field["key"]]
    for field in sheet_form(DEFAULT)["entry_fields"]
    if field["key"] in SEED_000_OUT
}
SEED_000_TALLY = seed_tally("seed_000_out")

pytestmark = pytest.mark.browser


# --- Helpers ---------------------------------------------------------------------------------------------------------


def squash(text: str) -> str:
    """Text as compared: permalink marks gone, every run of whitespace one space."""
    return " ".join(text.replace("¶", "").split())


def sheet_title(name: str) -> str:
    return f"{name}: table rule sheet"


def expect_sheet_named(page: Page, name: str) -> None:
    """The sheet (drawn after the preview) carries this name, so both follow the latest rules."""
    expect(page.locator("#hf-sheet h1")).to_have_text(sheet_title(name), timeout=READY_TIMEOUT)


def make_grandmas_rules(page: Page) -> None:
    """Name the rules and change three of them, one after the other, as a person would."""
    type_into(name_field(page), NAME)
    expect_sheet_named(page, NAME)
    set_rule(page, "books.clean", CLEAN)
    set_rule(page, "threes.red_caught", RED_CAUGHT)
    set_rule(page, "opening.minimums", ROUND_ONE_MINIMUM)
    expect(page.locator("#hf-change-count")).to_have_text(f"3 rules differ from {DEFAULT.name}.")
    expect_round_one_minimum(page, ROUND_ONE_MINIMUM)


def expected_rules() -> dict[str, Any]:
    """Grandma's rules worked out in CPython: the default variant with the three changes."""
    rules = json.loads(json.dumps(DEFAULT_RULES))
    rules["books"]["clean"] = CLEAN
    rules["threes"]["red_caught"] = RED_CAUGHT
    rules["opening"]["minimums"] = [ROUND_ONE_MINIMUM, *DEFAULT_RULES["opening"]["minimums"][1:]]
    return rules


def tables(locator: Locator) -> list[list[list[str]]]:
    """Every table under ``locator`` as rows of squashed cell texts, header row first."""
    return locator.evaluate(
        """root => [...root.querySelectorAll('table')].map(table => [...table.rows].map(
             row => [...row.cells].map(cell => cell.textContent.replace(/\\s+/g, ' ').trim())))"""
    )


def table_with(locator: Locator, *header: str) -> list[list[str]]:
    for table in tables(locator):
        if table and tuple(table[0]) == header:
            return table[1:]
    raise AssertionError(f"no table with the header {header}")


def expect_round_one_minimum(page: Page, minimum: int) -> None:
    """Both the preview's minimums table and the sheet's rounds table show this round-1 minimum."""
    page.wait_for_function(
        """minimum => ['#hf-preview', '#hf-sheet'].every((root) =>
             [...document.querySelectorAll(`${root} table`)].some((table) =>
               table.rows[0]?.cells[0]?.textContent.trim() === 'Round'
               && table.rows[1]?.cells[1]?.textContent.trim() === minimum))""",
        arg=points(minimum),
        timeout=READY_TIMEOUT,
    )


def share_link(page: Page) -> str:
    return page.locator("#hf-share-link").input_value()


def encoded_part(link: str) -> str:
    assert "#rules=" in link, link
    return link.split("#rules=", 1)[1]


def configurator_mapping(page: Page, base: str) -> dict[str, Any]:
    """The full variant mapping of the rules in the configurator's share link: the link read by the page's own code
    (rulesets.mjs), and put together by handfoot, as every page that opens the link does."""
    link = share_link(page)
    draft = page.evaluate(
        """async ([base, link]) => {
             const rulesets = await import(new URL('assets/js/rulesets.mjs', base).href);
             const runtime = (await import(new URL('assets/js/dom.mjs', base).href)).readRuntime();
             const get = (path) => fetch(new URL(path, base)).then((r) => r.json());
             const [variants, spec] = await Promise.all([get(runtime.variants_json), get(runtime.spec_json)]);
             const paths = new Set(spec.flatMap((section) => section.fields.map((f) => f.path)));
             const encoded = new URL(link).hash.slice('#rules='.length);
             return rulesets.decodeRuleset(encoded, {variants: variants.variants, paths, most: variants.text_most});
           }""",
        [base, link],
    )
    table = VARIANTS[draft["base"]].with_changes(draft["changes"], name=draft["name"], share_url=link)
    return table.to_mapping()


def published_rule_text(page: Page) -> str | None:
    """A rule page's rules: its text from the "What you need" heading up to, not including, the "How it plays" heading
    that follows the rules (the bots' figures), or the "Sources" heading on a page without them. Parts far from
    the screen are drawn only when a reader scrolls near them (``content-visibility: auto``), and what is not drawn
    has no ``innerText``: the page is drawn whole first, as scrolling through it would, in one step."""
    page.add_style_tag(content=".md-content__inner * { content-visibility: visible !important; }")
    return page.evaluate(
        """() => {
             const kids = [...document.querySelector('.md-content__inner').children];
             const heading = (title) => kids.findIndex(
               (e) => e.tagName === 'H2' && e.textContent.replace('¶', '').trim() === title);
             const start = heading('What you need');
             const figures = heading('How it plays');
             const end = figures >= 0 ? figures : heading('Sources');
             if (start < 0 || end < start) return null;
             return kids.slice(start, end).map((element) => element.innerText).join('\\n');
           }"""
    )


@pytest.fixture
def context(phone_page: Page) -> BrowserContext:
    """Another device for tests that open what one device made: the warm phone's context."""
    return phone_page.context


# --- 1. An unchanged variant reads exactly like its published pages -------------------------------------------------


def test_an_unchanged_version_previews_as_its_published_pages_with_no_rule_marked(
    page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    """Started from each version in turn, as a table choosing where to start, with no change: the preview reads as
    the version's rule page, the sheet as its sheet, and the preview, which says "Rules that differ from <base> are
    marked with a bar", marks nothing."""
    open_configurator(page, site_server)
    published = watch(page.context.new_page())
    for variant_id in VARIANT_IDS:
        name = VARIANTS[variant_id].name
        page.bring_to_front()
        start_from(page, variant_id)
        expect_sheet_named(page, name)
        expect(page.locator("#hf-change-count")).to_have_text(f"Same as {name} so far.")
        preview = scrolled_to(page.locator("#hf-preview"))
        expect(preview.locator(".hf-differs")).to_have_count(0)
        previewed = squash(preview.inner_text())
        sheet = squash(scrolled_to(page.locator("#hf-sheet")).inner_text())

        published.goto(f"{site_server}rules/{variant_id}/")
        rule_text = published_rule_text(published)
        assert rule_text is not None, f"/rules/{variant_id}/ has no 'What you need' … 'Sources' headings"
        published.goto(f"{site_server}rules/{variant_id}/sheet/")
        published_sheet = squash(published.locator(".md-content .hf-sheet").inner_text())

        assert previewed == squash(rule_text), variant_id
        assert sheet == published_sheet, variant_id
    assert_page_clean(page)
    assert_page_clean(published)


# --- 2. Changes show in the preview, the count and the controls ------------------------------------------------------


def test_changes_show_in_preview_count_and_controls(
    page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    open_configurator(page, site_server)
    make_grandmas_rules(page)
    preview = page.locator("#hf-preview")

    books = table_with(preview, "Book", "What is in it", "Points")
    assert books[0] == ["Clean", "7 natural cards", points(CLEAN)]
    minimums = table_with(preview, "Round", "Minimum")
    expected_minimums = [ROUND_ONE_MINIMUM, *DEFAULT_RULES["opening"]["minimums"][1:]]
    assert minimums == [[str(r), points(m)] for r, m in enumerate(expected_minimums, start=1)]
    text = squash(scrolled_to(preview).inner_text())
    assert f"counts {-RED_CAUGHT} against you" in text
    bonuses = table_with(preview, "Bonus or penalty", "Points")
    assert ["Clean book", points(CLEAN)] in bonuses
    assert ["Red three caught in hand or foot", points(RED_CAUGHT)] in bonuses

    differs = [squash(t) for t in preview.locator(".hf-differs").all_inner_texts()]
    assert len(differs) == 3, differs
    assert differs[0].startswith("Each book scores a bonus"), differs
    assert "first meld of a round must be worth a minimum" in differs[1], differs
    assert f"counts {-RED_CAUGHT} against you" in differs[2], differs

    expect(page.locator("#hf-change-count")).to_have_text(f"3 rules differ from {DEFAULT.name}.")
    for path in ("books.clean", "threes.red_caught", "opening.minimums"):
        expect(wrapper(page, path)).to_have_class("hf-house hf-house--edited")
    assert page.locator(".hf-house--edited").count() == 3
    expect(wrapper(page, "books.dirty")).to_have_class("hf-house")
    expect(page.locator("#hf-sheet h1")).to_have_text(sheet_title(NAME))
    assert_page_clean(page)


# --- 3. The share link opens the same rules in another browser ------------------------------------------------------


def test_share_link_restores_the_rules_in_a_new_context(
    page: Page, context: BrowserContext, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    open_configurator(page, site_server)
    make_grandmas_rules(page)
    link = share_link(page)
    assert link.startswith(site_server + CONFIGURATOR + "#rules="), link

    other = watch(context.new_page())
    other.goto(link)
    wait_ready(other)
    expect_sheet_named(other, NAME)
    expect(other.locator("#hf-name")).to_have_value(NAME)
    expect(control(other, "books.clean")).to_have_value(str(CLEAN))
    expect_rule_shown(other, "threes.red_caught", RED_CAUGHT)
    expect(control(other, "opening.minimums")).to_have_value(str(ROUND_ONE_MINIMUM))
    expect(control(other, "opening.minimums", "-1")).to_have_value(str(DEFAULT_RULES["opening"]["minimums"][1]))
    expect(other.locator("#hf-change-count")).to_have_text(f"3 rules differ from {DEFAULT.name}.")
    expect(other.locator("#hf-base")).to_have_value(DEFAULT.id)
    expect(other.locator(".hf-notices")).to_be_empty()
    assert share_link(other) == link
    assert squash(scrolled_to(other.locator("#hf-preview")).inner_text()) == squash(
        scrolled_to(page.locator("#hf-preview")).inner_text()
    )
    assert_page_clean(page)
    assert_page_clean(other)


# --- 4. The sheet prints on one page ---------------------------------------------------------------------------------


def test_sheet_prints_on_one_page_of_a4_and_of_letter(page: Page, site_server: str, tmp_path: Path) -> None:
    open_configurator(page, site_server)
    make_grandmas_rules(page)
    for paper in ("A4", "Letter"):
        pdf = tmp_path / f"sheet-{paper}.pdf"
        page.pdf(path=str(pdf), format=paper, print_background=True)
        info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
        pages = next(line.split(":", 1)[1].strip() for line in info.splitlines() if line.startswith("Pages:"))
        text = subprocess.run(
            ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
        ).stdout
        assert pages == "1", f"{paper}: the sheet prints on {pages} pages"
        flat = " ".join(text.split())
        assert sheet_title(NAME) in flat, text
        assert re.search(rf"Clean book \(7 cards\)\s+{points(CLEAN)}\b", text), text
        assert re.search(rf"^.*\b1\s+{ROUND_ONE_MINIMUM}\s+2 clean", text, re.MULTILINE), text
        for form_text in ("Your rules", "Preview of the rule page", "Start from", "Download as YAML"):
            assert form_text not in flat, f"{paper}: the printout holds the form ({form_text!r}), not only the sheet"


def test_a_game_to_a_target_score_prints_blank_rows_on_one_page(page: Page, site_server: str, tmp_path: Path) -> None:
    changes = {"rounds.count": None, "rounds.target_score": 10_000}
    draft = {"v": 1, "base": DEFAULT.id, "name": "To 10,000", "changes": changes}
    open_configurator(page, site_server, "#rules=" + encode(draft))
    expect(page.locator("#hf-sheet h1")).to_have_text(sheet_title("To 10,000"))
    heads = page.locator("#hf-sheet .hf-score-grid tbody th").all_text_contents()
    assert heads == ["1", "2", "3", "4"] + [""] * (PRINTED_SCORE_ROWS - 4) + ["Total"]
    for paper in ("A4", "Letter"):
        pdf = tmp_path / f"sheet-{paper}.pdf"
        page.pdf(path=str(pdf), format=paper, print_background=True)
        info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
        assert re.search(r"^Pages:\s+1$", info, re.MULTILINE), f"{paper}: {info}"


# --- 5. Score with these rules, ask the helper ------------------------------------------------------------------
# The keeper's total with a table's rules is checked at 390 px in test_configurator_on_a_phone.py (every way out) and
# test_configurator_links.py (what is on screen at the tap).


def test_ask_the_rule_helper_opens_it_with_these_rules(
    page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    open_configurator(page, site_server)
    make_grandmas_rules(page)
    page.get_by_role("link", name="Ask the rule helper").click()
    page.wait_for_url(f"{site_server}helper/**")
    expect(page.get_by_label("Your rules", exact=True).locator("option:checked")).to_have_text(NAME)
    expect(page.locator(".hf-helper > .hf-status")).to_contain_text("Ready", timeout=READY_TIMEOUT)
    page.get_by_role("tab", name="Does our first meld count?").click()
    for card in ["9", "9", "9", "2"]:
        page.locator(f'#hf-panel-opening .hf-helper__meld [data-card="{card}"]').click()
    answer = page.locator("#hf-answer-opening")
    expect(answer.locator(".hf-answer__tally")).to_have_text(f"50 of {ROUND_ONE_MINIMUM}: not enough")
    expect(answer).to_contain_text("(your house rule)")
    assert_page_clean(page)


# --- 6. Impossible values are refused at the control -----------------------------------------------------------------

IMPOSSIBLE = [
    # (rule typed into, control suffix, value, rule whose message explains, words in that message)
    pytest.param("decks.count", "", 1, "deal.hand_size", ["104 dealt", "1 deck holds only 54 cards"], id="one-deck"),
    pytest.param("going_out.books", "-0-2", 12, "going_out.books", ["at most 4 wild books"], id="twelve-wild-books"),
    pytest.param("melds.min_naturals", "", 7, "melds.min_naturals", ["dirty book would be impossible"], id="naturals"),
]


@pytest.mark.parametrize(("path", "suffix", "value", "explained_at", "words"), IMPOSSIBLE)
def test_impossible_value_is_explained_and_not_applied(
    page: Page,
    site_server: str,
    assert_page_clean: Callable[[Page], None],
    path: str,
    suffix: str,
    value: int,
    explained_at: str,
    words: list[str],
) -> None:
    open_configurator(page, site_server)
    preview = page.locator("#hf-preview").inner_html()
    count = page.locator("#hf-change-count").inner_text()
    draft = page.evaluate(f"() => localStorage.getItem({json.dumps(SETS_KEY)})")

    type_into(control(page, path, suffix), str(value))
    message = error_of(page, explained_at)
    expect(message).to_contain_text("Not applied", timeout=READY_TIMEOUT)
    for word in words:
        expect(message).to_contain_text(word)
    if explained_at != path:
        label = next(f.label for f in handfoot.FIELDS if f.path == explained_at)
        expect(error_of(page, path)).to_have_text(f'Not applied: it clashes with "{label}" (see there).')

    assert page.locator("#hf-preview").inner_html() == preview
    assert page.locator("#hf-change-count").inner_text() == count
    assert page.locator(".hf-house--edited").count() == 0
    assert page.evaluate(f"() => localStorage.getItem({json.dumps(SETS_KEY)})") == draft
    assert_page_clean(page)


# --- 7. A damaged link shows a notice and the page still works -------------------------------------------------------


def _tampered() -> str:
    good = encode({"v": 1, "base": DEFAULT.id, "name": NAME, "changes": {"books.clean": CLEAN}})
    middle = len(good) // 2
    return good[:middle] + "AAAA" + good[middle + 4 :]


DAMAGED = [
    pytest.param(_tampered(), "damaged or was changed", id="tampered"),
    pytest.param("not*base64!", "damaged or was changed", id="garbage"),
    pytest.param(
        encode({"v": 1, "base": DEFAULT.id, "name": "", "changes": {"books.golden": 900}}),
        '"books.golden" is not a rule',
        id="unknown-rule",
    ),
    pytest.param(
        encode({"v": 1, "base": DEFAULT.id, "name": "Big hands", "changes": {"deal.hand_size": 99}}),
        "not possible",
        id="impossible-value",
    ),
]


@pytest.mark.parametrize(("encoded", "words"), DAMAGED)
def test_damaged_link_shows_a_notice_and_the_page_works(
    page: Page, site_server: str, assert_page_clean: Callable[[Page], None], encoded: str, words: str
) -> None:
    open_configurator(page, site_server, f"#rules={encoded}")
    expect(page.locator(".hf-notices")).to_contain_text(words, timeout=READY_TIMEOUT)
    expect_sheet_named(page, DEFAULT.name)
    expect(page.locator("#hf-change-count")).to_have_text(f"Same as {DEFAULT.name} so far.")
    set_rule(page, "books.clean", CLEAN)
    expect(page.locator("#hf-change-count")).to_have_text(f"1 rule differs from {DEFAULT.name}.")
    assert_page_clean(page)


# --- 8. The downloaded YAML builds into a rule page ------------------------------------------------------------------


def test_downloaded_yaml_builds_into_a_rule_page(
    page: Page, site_server: str, tmp_path: Path, assert_page_clean: Callable[[Page], None]
) -> None:
    open_configurator(page, site_server)
    make_grandmas_rules(page)
    with page.expect_download() as download_info:
        open_changes(page).get_by_role("button", name="Download as YAML").click()
    download = download_info.value
    assert download.suggested_filename == f"{STEM}.yaml"
    site = copy_site(tmp_path)
    saved = site / "variants" / download.suggested_filename
    download.save_as(saved)
    mapping = configurator_mapping(page, site_server)
    assert_page_clean(page)

    result = build_site(site / "site", sources=site)
    assert result.returncode == 0, result.stderr
    built = site / "site" / "rules" / STEM / "index.html"
    assert built.is_file(), f"/rules/{STEM}/ is missing from the build"

    loaded = handfoot.load_variants(site / "variants")[STEM]
    assert loaded.name == NAME
    assert loaded.to_mapping()["rules"] == mapping["rules"]
    assert mapping["rules"] == expected_rules()

    rule_page = watch(page.context.new_page())
    rule_page.goto(built.as_uri())
    content = rule_page.locator(".md-content")
    expect(content.locator("h1")).to_contain_text(NAME)
    assert ["Clean", "7 natural cards", points(CLEAN)] in table_with(content, "Book", "What is in it", "Points")
    assert table_with(content, "Round", "Minimum")[0] == ["1", points(ROUND_ONE_MINIMUM)]
    assert f"counts {-RED_CAUGHT} against you" in squash(content.inner_text())


# --- 9. Choices stay on the device -----------------------------------------------------------------------------------


def test_choices_survive_a_reload(page: Page, site_server: str, assert_page_clean: Callable[[Page], None]) -> None:
    open_configurator(page, site_server)
    make_grandmas_rules(page)
    preview = squash(scrolled_to(page.locator("#hf-preview")).inner_text())
    page.reload()
    wait_ready(page)
    expect_sheet_named(page, NAME)
    expect(page.locator("#hf-name")).to_have_value(NAME)
    expect(control(page, "books.clean")).to_have_value(str(CLEAN))
    expect_rule_shown(page, "threes.red_caught", RED_CAUGHT)
    expect(control(page, "opening.minimums")).to_have_value(str(ROUND_ONE_MINIMUM))
    expect(page.locator("#hf-change-count")).to_have_text(f"3 rules differ from {DEFAULT.name}.")
    assert squash(scrolled_to(page.locator("#hf-preview")).inner_text()) == preview
    assert_page_clean(page)


# --- 10. Phone -------------------------------------------------------------------------------------------------------


@pytest.fixture
def phone(phone_page: Page) -> Page:
    """The warm phone's page, at a small phone's width."""
    phone_page.set_viewport_size({"width": 360, "height": 740})
    return phone_page


def test_phone_has_no_sideways_scroll(phone: Page, site_server: str, assert_page_clean: Callable[[Page], None]) -> None:
    open_configurator(phone, site_server)
    make_grandmas_rules(phone)
    type_into(control(phone, "decks.count"), "1")
    expect(error_of(phone, "deal.hand_size")).to_contain_text("Not applied", timeout=READY_TIMEOUT)
    width = phone.evaluate("() => document.documentElement.scrollWidth")
    wide = phone.evaluate(
        """() => [...document.querySelectorAll('.md-content *')]
             .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
             .filter((e) => !e.closest('.md-typeset__scrollwrap, .md-typeset__table, table'))
             .map((e) => `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}.${[...e.classList].join('.')}`)
             .slice(0, 10)"""
    )
    assert width <= 360, f"the page is {width} px wide at 360 px: {wide}"
    assert_page_clean(phone)


def test_phone_controls_are_at_least_44_px_tall(phone: Page, site_server: str) -> None:
    """Every control a finger taps: its box, and for a check box or a radio button the box and its label together
    (a tap on either chooses it)."""
    open_configurator(phone, site_server)
    small = phone.evaluate(
        """() => [...document.querySelectorAll('.hf-configurator :is(input, select, button, a, summary)')]
             .filter((e) => e.checkVisibility())
             .map((e) => {
               const ticked = e.type === 'checkbox' || e.type === 'radio';
               const boxes = [e, ...(ticked ? e.labels : [])].map((b) => b.getBoundingClientRect());
               const height = Math.max(...boxes.map((b) => b.bottom)) - Math.min(...boxes.map((b) => b.top));
               const name = (e.labels?.[0]?.textContent ?? e.textContent).trim();
               return {what: `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''} "${name}"`, height};
             })
             .filter(({height}) => height < 44)
             .map(({what, height}) => `${Math.round(height * 10) / 10} px: ${what}`)"""
    )
    assert not small, f"{len(small)} controls are less than 44 px tall:\n" + "\n".join(small)


def test_axe_finds_no_wcag_violation_on_a_phone(phone: Page, site_server: str) -> None:
    open_configurator(phone, site_server)
    before = axe_violations(phone)
    make_grandmas_rules(phone)
    type_into(control(phone, "decks.count"), "1")
    expect(error_of(phone, "deal.hand_size")).to_contain_text("Not applied", timeout=READY_TIMEOUT)
    after = axe_violations(phone)
    assert not before, "as opened:\n" + "\n".join(before)
    assert not after, "with changes and a refused value:\n" + "\n".join(after)


# --- 11. A normal session stays on the machine and logs no error -----------------------------------------------------


def test_a_normal_session_is_local_and_clean(
    page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    open_configurator(page, site_server)
    start_from(page, "bicycle")
    expect_sheet_named(page, VARIANTS["bicycle"].name)
    start_from(page, DEFAULT.id)
    expect_sheet_named(page, DEFAULT.name)
    make_grandmas_rules(page)
    open_changes(page).get_by_role("button", name="Copy the link").click()
    expect(page.locator("#hf-actions-message")).not_to_be_empty()
    with page.expect_download():
        open_changes(page).get_by_role("button", name="Download as YAML").click()
    open_changes(page).get_by_role("button", name=f"Start again from {DEFAULT.name}").click()
    expect(page.locator("#hf-change-count")).to_have_text(f"Same as {DEFAULT.name} so far.", timeout=READY_TIMEOUT)
    expect_sheet_named(page, NAME)
    expect(page.locator("#hf-preview .hf-differs")).to_have_count(0, timeout=READY_TIMEOUT)
    assert any(url.endswith("pyodide.asm.wasm") for url in page.requests), "Pyodide was not loaded"
    assert_page_clean(page)


def test_a_house_book_is_named_as_a_kind(page: Page, site_server: str) -> None:
    """A new house book starts with a name that reads right ("1 extra book"); a name with "book" in it is refused
    at the field, and a kind's name is applied."""
    open_configurator(page, site_server)
    page.get_by_role("button", name="Add a house book").click()
    message = error_of(page, "books.extra")
    name = page.get_by_label("Name of this kind of book")
    expect(name).to_have_value("extra")
    expect(page.locator("#hf-preview")).to_contain_text("Extra", timeout=READY_TIMEOUT)
    expect(message).to_be_empty()
    type_into(name, "Book of sevens")
    # The message speaks to the player: no key of the rules file in front of it.
    expect(message).to_have_text(re.compile(r"^Expected the kind's name without the word book"), timeout=READY_TIMEOUT)
    expect(message).to_contain_text("Not applied")
    type_into(name, "sevens")
    expect(message).to_be_empty(timeout=READY_TIMEOUT)
    expect(page.locator("#hf-preview table").filter(has_text="a house book")).to_contain_text("Sevens")
    # The house rule of a book of black threes counted as a dirty book toward going out.
    type_into(name, "black threes")
    page.get_by_label("Toward going out it counts").select_option(label="a dirty book")
    row = page.locator("#hf-preview table tr").filter(has_text="a house book")
    expect(row).to_contain_text("Black threes", timeout=READY_TIMEOUT)
    expect(row).to_contain_text("it counts as a dirty book toward going out", timeout=READY_TIMEOUT)
    expect(message).to_be_empty()
    # What Pagat partnership had reads as words, not as data.
    expect(page.get_by_text(f"Changed; {DEFAULT.name}: none.")).to_be_visible()


# Issue 38: a rule of every type, changed from Pagat partnership, and the words its change line gives for the value it
# replaced. The words are handfoot's (value_words.rule_words), the pages' own: "2 clean, 2 dirty and 1 wild book, every
# round", not the data behind it.
CHANGED_BY_TYPE = {
    "pile.cards_needed": 3,
    "melds.grow_past_book": True,
    "turn.first_player": "dealer_left",
    "deal.upcard_buried": ["red_three"],
    "going_out.bonus": 200,
    "going_out.books": {"clean": 1, "dirty": 1},
    "books.extra": {"sevens": {"label": "sevens", "value": 1500, "counts_as": "clean"}},
    "opening.by_score": [[0, 50], [2500, 90]],
}


def test_each_change_line_words_the_replaced_value_as_the_rule_pages_do(
    phone: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    page = phone
    words = rule_words(DEFAULT)
    assert words["going_out.books"] == "2 clean, 2 dirty and 1 wild book, every round"
    types = {FIELDS_BY_PATH[path].type.control()["type"] for path in CHANGED_BY_TYPE}
    assert types == {field.type.control()["type"] for field in FIELDS}, "one rule of every type"
    draft = {"v": 1, "base": DEFAULT.id, "name": "Every kind", "changes": CHANGED_BY_TYPE}
    open_configurator(page, site_server, f"#rules={encode(draft)}")
    for path in CHANGED_BY_TYPE:
        line = wrapper(page, path).locator(":scope > .hf-house__was")
        expect(line).to_have_text(f"Changed; {DEFAULT.name}: {words[path]}.", timeout=READY_TIMEOUT)
    # A value typed key by key gets the same line.
    take = control(page, "pile.take")
    type_into(take, "10")
    expect(wrapper(page, "pile.take").locator(":scope > .hf-house__was")).to_have_text(
        f"Changed; {DEFAULT.name}: {words['pile.take']}."
    )
    assert_page_clean(page)
