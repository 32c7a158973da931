"""The built site's widgets in Chromium: the comparison's picker and its tables on a phone, the deck calculator, the
rule tables' type size and search. What every page holds, read as HTML, is in test_site_build.py."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from handfoot import DEFAULT_VARIANT, FIELDS, Variant, load_variants
from handfoot.deck import CARDS_PER_DECK, Pack, count_deal
from handfoot.describe import in_play
from support.helper_page import touch
from support.person import type_into
from support.screens import SCREENS
from testbench.chromium import CHROMIUM, playwright_args
from testbench.paths import REPO_ROOT
from testbench.watcher import page_problems, watch

pytestmark = pytest.mark.browser

VARIANT_IDS = sorted(path.stem for path in (REPO_ROOT / "variants").glob("*.yaml"))
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def phone(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(viewport=PHONE, service_workers="block")
    try:
        yield context
    finally:
        context.close()


@pytest.fixture(scope="module")
def variants() -> dict[str, Variant]:
    return load_variants(REPO_ROOT / "variants")


def open_page(page: Page, base: str, address: str) -> None:
    response = page.goto(base + address)
    assert response is not None
    assert response.ok, f"/{address}: HTTP {response.status}"
    page.wait_for_load_state("networkidle")


def visible_indices(locator: Locator) -> list[int]:
    return [i for i in range(locator.count()) if locator.nth(i).is_visible()]


# --- Every page ------------------------------------------------------------------------------------------------------


# --- Compare picker --------------------------------------------------------------------------------------------------


def test_compare_picker_shows_only_the_differences(
    page: Page, site_server: str, variants: dict[str, Variant], assert_page_clean: Callable[[Page], None]
) -> None:
    first, second = variants["pagat-partnership"], variants["bicycle"]
    differing = [field.path for field in FIELDS if in_play(first, field.path) != in_play(second, field.path)]
    assert differing, "the two variants must differ for this test to mean anything"
    assert first["pile.blocked_by"] != second["pile.blocked_by"], "any three and a black three must show, yet agree"
    assert "pile.blocked_by" not in differing
    open_page(page, site_server, "compare/")
    form = page.locator("form[data-compare-pick]")
    expect(form).to_be_visible()
    form.locator("select[name=a]").select_option(first.id)
    form.locator("select[name=b]").select_option(second.id)
    form.locator("button[type=submit]").click()

    rows = page.locator("table[data-compare] tr[data-path]")
    visible = [rows.nth(i).get_attribute("data-path") for i in visible_indices(rows)]
    same = [path for path in visible if path not in differing]
    assert visible == differing, f"shown though the two agree: {same}; hidden though they differ: " + str(
        [path for path in differing if path not in visible]
    )
    columns = page.locator("table[data-compare] [data-variant]")
    shown = {
        columns.nth(i).get_attribute("data-variant") for i in range(columns.count()) if columns.nth(i).is_visible()
    }
    assert shown == {first.id, second.id}
    status = page.locator("form[data-compare-pick] [role=status]")
    expect(status).to_contain_text(re.compile(rf"(?<!\d){len(differing)}(?!\d)"))

    form.locator("button[type=reset]").click()
    assert all(rows.nth(i).is_visible() for i in range(rows.count()))
    assert rows.count() == len(FIELDS)
    assert all(columns.nth(i).is_visible() for i in range(columns.count()))
    assert_page_clean(page)


def expect_table_follows_menus(page: Page, variants: dict[str, Variant]) -> None:
    """The comparison shows what its two menus say: the rules where those two versions differ, in their two columns."""
    form = page.locator("form[data-compare-pick]")
    first, second = (variants[form.locator(f"select[name={name}]").input_value()] for name in "ab")
    differing = [field.path for field in FIELDS if in_play(first, field.path) != in_play(second, field.path)]
    expect(form.locator("[role=status]")).to_have_text(
        f"{len(differing)} rules differ between {first.name} and {second.name}."
    )
    rows = page.locator("table[data-compare] tr[data-path]")
    assert [rows.nth(i).get_attribute("data-path") for i in visible_indices(rows)] == differing
    cells = page.locator("table[data-compare] td[data-variant]:visible")
    assert {cells.nth(i).get_attribute("data-variant") for i in range(cells.count())} == {first.id, second.id}


@pytest.mark.parametrize("way_back", ["Back", "reload"])
def test_the_compare_table_still_follows_its_menus_after_back_or_a_reload(
    phone_page: Page,
    site_server: str,
    variants: dict[str, Variant],
    way_back: str,
    assert_page_clean: Callable[[Page], None],
) -> None:
    """Issue 42, item 12: two versions chosen, a link followed and Back pressed (or the page reloaded), the menus still
    showed the two versions but the table showed every rule of every version."""
    page = phone_page
    open_page(page, site_server, "compare/")
    form = page.locator("form[data-compare-pick]")
    form.locator("select[name=a]").select_option("simpson")
    form.locator("select[name=b]").select_option("bicycle")
    touch(form.get_by_role("button", name="Show differences"))
    expect_table_follows_menus(page, variants)
    if way_back == "Back":
        touch(page.locator("header label[for=__drawer]"))
        touch(page.get_by_role("navigation", name="Navigation").get_by_role("link", name="Questions", exact=True))
        page.wait_for_url("**/faq/")
        page.go_back()
        page.wait_for_url("**/compare/**")
    else:
        page.reload()
    expect(form.locator("select[name=a]")).to_have_value("simpson")
    expect(form.locator("select[name=b]")).to_have_value("bicycle")
    expect_table_follows_menus(page, variants)
    # A version chosen in a menu is compared at once, and is what comes back too.
    form.locator("select[name=a]").select_option("saskatchewan")
    expect_table_follows_menus(page, variants)
    page.reload()
    expect(form.locator("select[name=a]")).to_have_value("saskatchewan")
    expect_table_follows_menus(page, variants)
    # "Show everything" is kept as well.
    touch(form.get_by_role("button", name="Show everything"))
    page.reload()
    rows = page.locator("table[data-compare] tr[data-path]")
    expect(rows.and_(page.locator(":visible"))).to_have_count(len(FIELDS))
    expect(page.locator("table[data-compare] thead th[data-variant]:visible")).to_have_count(len(variants))
    assert_page_clean(page)


def test_the_compare_table_follows_its_menus_back_from_the_back_forward_cache(
    browser: Browser, site_server: str, variants: dict[str, Variant]
) -> None:
    """As above, in the full Chromium kept as a player's keeps the page whole for Back (Playwright turns that off, and
    the headless shell does not keep one)."""
    chromium = browser.browser_type.launch(
        executable_path=str(CHROMIUM),
        args=playwright_args(),
        headless=True,
        ignore_default_args=["--disable-back-forward-cache"],
    )
    try:
        context = chromium.new_context(**SCREENS["phone"], service_workers="block")
        page = watch(context.new_page())
        page.add_init_script("addEventListener('pageshow', (event) => { window.keptWhole = event.persisted; })")
        open_page(page, site_server, "compare/")
        form = page.locator("form[data-compare-pick]")
        form.locator("select[name=a]").select_option("brouillette")
        form.locator("select[name=b]").select_option("simpson")
        expect_table_follows_menus(page, variants)
        touch(page.locator("header label[for=__drawer]"))
        touch(page.get_by_role("navigation", name="Navigation").get_by_role("link", name="Questions", exact=True))
        page.wait_for_url("**/faq/")
        page.go_back()
        page.wait_for_url("**/compare/**")
        page.wait_for_function("window.keptWhole !== undefined")
        assert page.evaluate("window.keptWhole"), "Chromium did not keep the page for Back"
        expect(form.locator("select[name=a]")).to_have_value("brouillette")
        expect_table_follows_menus(page, variants)
        assert not page_problems(page), page_problems(page)
    finally:
        chromium.close()


@pytest.mark.parametrize("width", [360, 390])
def test_two_versions_fit_a_phone_with_no_sideways_scroll(
    browser: Browser, site_server: str, variants: dict[str, Variant], width: int
) -> None:
    context = browser.new_context(
        viewport={"width": width, "height": 800}, is_mobile=True, has_touch=True, service_workers="block"
    )
    try:
        page = watch(context.new_page())
        open_page(page, site_server, "compare/")
        form = page.locator("form[data-compare-pick]")
        form.locator("select[name=a]").select_option("pagat-partnership")
        form.locator("select[name=b]").select_option("bicycle")
        form.locator("button[type=submit]").click()
        expect(form.locator("[role=status]")).to_contain_text("rules differ")
        box = page.locator(".hf-table-scroll")
        assert box.evaluate("(box) => box.scrollWidth <= box.clientWidth"), "the two-version view scrolls sideways"
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        cells = page.locator("table[data-compare] td:visible")
        assert cells.count() >= 2
        for i in range(cells.count()):
            edge = cells.nth(i).bounding_box()
            assert edge["x"] >= 0, cells.nth(i).inner_text()
            assert edge["x"] + edge["width"] <= width + 0.5, cells.nth(i).inner_text()
        # Each value says whose it is, as the column heads would.
        label = cells.first.evaluate("(cell) => getComputedStyle(cell, '::before').content")
        assert label == f'"{variants["pagat-partnership"].short_name}: "', label
        assert not page_problems(page)
    finally:
        context.close()


def test_the_full_table_scrolls_under_its_pinned_rule_names(phone: BrowserContext, site_server: str) -> None:
    page = phone.new_page()
    open_page(page, site_server, "compare/")
    box = page.locator(".hf-table-scroll")
    box.evaluate("(box) => { box.scrollLeft = 200; }")
    assert box.evaluate("(box) => box.scrollLeft") == 200
    found = box.evaluate(
        """(box) => {
             const left = box.getBoundingClientRect().left;
             const pinned = [...box.querySelectorAll('th[scope=row]')].slice(0, 12);
             const covered = pinned.filter((th) => {
               const cell = th.getBoundingClientRect();
               return [cell.top + 2, cell.top + cell.height / 2, cell.bottom - 2].some((y) => {
                 const hit = document.elementFromPoint(cell.right - 3, y);
                 return hit && !th.contains(hit);
               });
             }).map((th) => th.textContent);
             const names = [...box.querySelectorAll('.hf-compare__section th > span')].slice(0, 3);
             return {
               covered,
               names: names.length,
               offscreen: names.filter((name) => name.getBoundingClientRect().left < left).map((n) => n.textContent),
               collapse: getComputedStyle(box.querySelector('table')).borderCollapse,
             };
           }"""
    )
    assert not found["covered"], f"values show over the pinned rule names: {found['covered']}"
    assert found["names"] == 3
    assert not found["offscreen"], f"section names scrolled out of view: {found['offscreen']}"
    # Collapsed borders are painted over sticky cells in Chromium: a differing value's accent bar showed through.
    assert found["collapse"] == "separate"


# Each heading's text, and how far below the start of its last line its "¶" link starts.
HEADERLINK_DROP = """() => [...document.querySelectorAll('.md-typeset :is(h1, h2, h3, h4)')]
  .filter((heading) => heading.querySelector('.headerlink'))
  .map((heading) => {
    const link = heading.querySelector('.headerlink');
    const text = document.createRange();
    text.setStart(heading, 0);
    text.setEndBefore(link);
    const lines = [...text.getClientRects()].filter((rect) => rect.width > 0);
    return [heading.textContent, link.getBoundingClientRect().top - lines[lines.length - 1].top];
  })"""


@pytest.mark.parametrize("address", ["rules/pagat-partnership/", "rules/simpson/", "rules/bicycle/sheet/", "faq/"])
def test_rule_tables_read_near_body_size_and_headings_keep_their_lines(
    phone: BrowserContext, site_server: str, address: str
) -> None:
    page = phone.new_page()
    open_page(page, site_server, address)
    sizes = page.evaluate(
        """() => [...document.querySelectorAll('.md-typeset table:not([class]) td')]
             .map((td) => parseFloat(getComputedStyle(td).fontSize))"""
    )
    assert not sizes or min(sizes) >= 16, f"table text at {min(sizes)} px on /{address}"
    dropped = [(text, drop) for text, drop in page.evaluate(HEADERLINK_DROP) if drop > 2]
    assert not dropped, f"headings whose hidden link wraps onto a line of its own: {dropped}"


# --- Deck calculator -------------------------------------------------------------------------------------------------


def test_deck_figures_for_a_bigger_table(
    phone_page: Page, site_server: str, variants: dict[str, Variant], assert_page_clean: Callable[[Page], None]
) -> None:
    """A table of six choosing Pagat's game in teams of three reads the pack its rule page gives for it."""
    page = phone_page
    default = variants[DEFAULT_VARIANT]
    jokers = default["decks.jokers"]
    deal = count_deal(Pack(7, jokers), 6, default["deal.hand_size"], default["deal.foot_size"])
    assert (deal.cards, deal.dealt, deal.stock, deal.stock_after_upcard) == (378, 156, 222, 221)
    open_page(page, site_server, "rules/pagat-partnership/")
    row = page.locator("table tr").filter(has_text="A B A B A B")
    expect(row).to_contain_text("378")
    open_page(page, site_server, "")
    form = page.locator("form[data-deck-calc]")
    form.get_by_label("Version and table").select_option(label="Pagat: 6 players, 2 teams of 3")
    output = form.locator("output")
    expect(output).to_have_text(
        f"7 × ({CARDS_PER_DECK} + {jokers}) = {deal.cards} cards; 6 × (13 + 13) = {deal.dealt} dealt; "
        f"{deal.stock} in the stock ({deal.stock_after_upcard} after the upcard)."
    )
    assert_page_clean(page)


# --- Print buttons ---------------------------------------------------------------------------------------------------


# --- Search ----------------------------------------------------------------------------------------------------------

SEARCH_INDEX = "/search/search_index.json"
# Material's layout shows the search field in the header from 60em (960 px) up; below, a search button opens it.
WIDE_HEADER_PX = 960


def index_requests(page: Page) -> list[str]:
    return [url for url in page.requests if url.split("?")[0].endswith(SEARCH_INDEX)]


def search_workers(page: Page) -> list[str]:
    """Material's search workers started on the page (its script is assets/javascripts/workers/search.*.js)."""
    return [worker.url for worker in page.workers if "/javascripts/workers/search." in worker.url]


def test_search_loads_its_index_when_opened_and_finds_the_rules(
    screen_page: Page, site_server: str, assert_page_clean: Callable[[Page], None]
) -> None:
    page = screen_page
    open_page(page, site_server, "")
    page.wait_for_timeout(500)
    assert not index_requests(page), "the search index loaded before anyone searched"
    assert not search_workers(page), "search's worker started before anyone searched"
    if page.viewport_size["width"] < WIDE_HEADER_PX:
        page.locator("header label.md-header__button[for=__search]").click()
    type_into(page.get_by_role("textbox", name="Search"), "red three", leave=False)
    # Material redraws the results as each key arrives, so the list is read by a waiting locator, not counted once.
    expect(page.locator(".md-search-result__item a[href*='rules/pagat-partnership/']").first).to_be_visible()
    assert len(index_requests(page)) == 1
    assert len(search_workers(page)) == 1
    assert_page_clean(page)


def test_the_search_shortcut_loads_the_index_and_a_query_typed_at_once_is_answered(
    page: Page, site_server: str
) -> None:
    open_page(page, site_server, "rules/pagat-partnership/")
    page.keyboard.press("/")
    page.keyboard.type("foot", delay=35)
    expect(page.locator(".md-search-result__item a").first).to_be_visible()
    assert len(index_requests(page)) == 1


def test_a_search_result_highlights_the_words_on_the_page_it_opens(page: Page, site_server: str) -> None:
    open_page(page, site_server, "rules/pagat-partnership/?h=wild")
    expect(page.locator("article mark[data-md-highlight]").first).to_be_visible()
    assert index_requests(page)


# --- Keyboard and accessibility --------------------------------------------------------------------------------------


def test_tab_from_the_top_reaches_the_main_content_links(page: Page, site_server: str) -> None:
    open_page(page, site_server, "")
    reached = False
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("!!document.activeElement?.closest('article a[href]') && document.activeElement.matches('a')"):
            reached = True
            break
    assert reached, "80 presses of Tab did not reach a link in the main content"


def test_search_dialog_has_an_accessible_name(page: Page, site_server: str) -> None:
    open_page(page, site_server, "")
    dialog = page.locator("[role=dialog][aria-label]")
    expect(dialog).to_have_count(1)
    assert (dialog.get_attribute("aria-label") or "").strip()
