"""The built site, read as HTML: every page is there, and every number on it comes from the variants' data.

No browser here. Pages are parsed with the standard library's ``html.parser``; expected numbers come from handfoot and
are formatted the way the site formats them (``format_number``: thousands comma, U+2212 minus).
"""

from __future__ import annotations

import json
import re
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
import yaml

import handfoot
from handfoot import DEFAULT_VARIANT, FIELDS, Variant, count_deal, load_variants, score_round
from handfoot.deck import shuffle_plan
from handfoot.describe import example_tallies, in_play
from handfoot.examples import SEED_TOTALS
from handfoot.scoring import OPTIONAL_FIELDS, TALLY_FIELDS
from handfoot.spec import BUILT_IN_BOOKS
from handfoot.values import COUNT_GROUPS, GROUP_RULES, group_labels, group_values
from handfoot.words import format_number
from sitebuild.site_content import PACK_SIZES, PLAN_DECKS
from testbench.build import build_site, copy_site
from testbench.paths import REPO_ROOT

VARIANT_IDS = sorted(path.stem for path in (REPO_ROOT / "variants").glob("*.yaml"))
STABLE_PAGES = [
    "",
    *(f"rules/{vid}/" for vid in VARIANT_IDS),
    *(f"rules/{vid}/sheet/" for vid in VARIANT_IDS),
    "compare/",
    "shuffling/",
    "faq/",
    "api/",
    "sources/",
]
# The site's own sources, as copied to build a variant of the site elsewhere.


# --- Reading HTML ---------------------------------------------------------------------------------------------------


class _Page(HTMLParser):
    """Start tags, tables (rows of cells, with attributes), text by h2 section, and the text of the whole page."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.tables: list[list[dict[str, Any]]] = []
        self.sections: dict[str, list[str]] = {"": []}
        self.texts: list[str] = []
        self._cell: dict[str, Any] | None = None
        self._heading: list[str] | None = None
        self._section = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {key: value or "" for key, value in attrs}
        self.tags.append((tag, attributes))
        if tag == "table":
            self.tables.append([])
        elif tag == "tr" and self.tables:
            self.tables[-1].append({"attrs": attributes, "cells": []})
        elif tag in {"td", "th"} and self.tables and self.tables[-1]:
            self._cell = {"tag": tag, "attrs": attributes, "parts": []}
            self.tables[-1][-1]["cells"].append(self._cell)
        elif tag == "h2":
            self._heading = []

    def handle_endtag(self, tag: str) -> None:
        if tag in {"td", "th"}:
            self._cell = None
        elif tag == "h2" and self._heading is not None:
            self._section = _squash("".join(self._heading)).rstrip("¶").strip()
            self.sections[self._section] = []
            self._heading = None

    def handle_data(self, data: str) -> None:
        self.texts.append(data)
        self.sections[self._section].append(data)
        if self._cell is not None:
            self._cell["parts"].append(data)
        if self._heading is not None:
            self._heading.append(data)

    @property
    def text(self) -> str:
        return _squash(" ".join(self.texts))

    def section(self, title: str) -> str:
        assert title in self.sections, f"no section {title!r}; sections: {list(self.sections)}"
        return _squash(" ".join(self.sections[title]))

    def table(self, *header: str) -> list[list[str]]:
        """The body rows (cell texts) of the first table whose first row is ``header``."""
        for table in self.tables:
            rows = [[cell_text(cell) for cell in row["cells"]] for row in table]
            if rows and tuple(rows[0]) == header:
                return rows[1:]
        raise AssertionError(f"no table with the header {header}")

    def find(self, tag: str, **attrs: str) -> list[dict[str, str]]:
        return [a for t, a in self.tags if t == tag and all(a.get(k.rstrip("_")) == v for k, v in attrs.items())]


def _squash(text: str) -> str:
    return " ".join(text.split())


def cell_text(cell: dict[str, Any]) -> str:
    return _squash("".join(cell["parts"]))


@cache
def _parse(path: Path) -> _Page:
    parser = _Page()
    parser.feed(path.read_text(encoding="utf-8"))
    parser.close()
    return parser


def page_at(site: Path, address: str) -> _Page:
    path = site / address / "index.html"
    assert path.is_file(), f"/{address} is missing from the build"
    return _parse(path)


def has_number(text: str, number: int) -> bool:
    return _number_at(text, number) >= 0


@pytest.fixture(scope="session")
def variants() -> dict[str, Variant]:
    return load_variants(REPO_ROOT / "variants")


# --- Pages and metadata ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("address", STABLE_PAGES)
def test_page_exists_with_a_description(built_site: Path, address: str) -> None:
    descriptions = page_at(built_site, address).find("meta", name="description")
    assert len(descriptions) == 1, f"/{address}: expected one <meta name=description>, found {len(descriptions)}"
    assert descriptions[0].get("content", "").strip(), f"/{address}: empty description"


def test_every_built_page_has_a_description(built_site: Path) -> None:
    pages = sorted(built_site.rglob("index.html"))
    assert len(pages) >= len(STABLE_PAGES)
    missing = [
        str(p.relative_to(built_site))
        for p in pages
        if not any(m.get("content", "").strip() for m in _parse(p).find("meta", name="description"))
    ]
    assert not missing, f"pages without a description: {missing}"


def test_site_has_a_description() -> None:
    class _Loader(yaml.SafeLoader):
        pass

    # mkdocs.yml may hold !!python/name tags for extensions; they do not matter here.
    _Loader.add_multi_constructor("", lambda loader, suffix, node: None)
    config = yaml.load((REPO_ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_Loader)
    assert isinstance(config.get("site_description"), str)
    assert config["site_description"].strip()


# --- Numbers on the rule pages come from the data --------------------------------------------------------------------


# How a marked value reads in a table cell: its number, the star, and the words a screen reader hears.
NOT_STATED = "* (not stated)"


@pytest.mark.parametrize("variant_id", VARIANT_IDS)
def test_card_values_table(built_site: Path, variants: dict[str, Variant], variant_id: str) -> None:
    variant = variants[variant_id]
    values, labels = group_values(variant), group_labels(variant)
    rows = page_at(built_site, f"rules/{variant_id}").table("Card", "Points")
    black_three = [row for row in rows if row[0].lower().startswith("black three")]
    shown = {label: points for label, points in rows if not label.lower().startswith("black three")}
    # A value the version's sources do not state carries the mark (issue 37, item 8).
    expected = {
        labels[g]: format_number(values[g]) + ("" if variant.provenance[GROUP_RULES[g]].stated else NOT_STATED)
        for g in COUNT_GROUPS
        if g != "black_threes"
    }
    assert shown == expected
    assert len(black_three) == 1
    assert has_number(black_three[0][1], values["black_threes"]), black_three[0]


@pytest.mark.parametrize("variant_id", VARIANT_IDS)
def test_first_meld_table(built_site: Path, variants: dict[str, Variant], variant_id: str) -> None:
    variant = variants[variant_id]
    if variant["opening.by_score"] is not None:
        pytest.skip("this variant's minimum depends on the score, so the page shows no table by round")
    rounds = variant.round_count or len(variant["opening.minimums"])
    rows = page_at(built_site, f"rules/{variant_id}").table("Round", "Minimum")
    assert rows == [[str(n), format_number(variant.opening_minimum(n))] for n in range(1, rounds + 1)]


@pytest.mark.parametrize("variant_id", VARIANT_IDS)
def test_book_table(built_site: Path, variants: dict[str, Variant], variant_id: str) -> None:
    rows = page_at(built_site, f"rules/{variant_id}").table("Book", "What is in it", "Points")
    shown = {row[0].lower(): row[2] for row in rows}
    variant = variants[variant_id]
    path = {kind.id: f"books.{kind.id}" if kind.id in BUILT_IN_BOOKS else "books.extra" for kind in variant.book_kinds}
    assert shown == {
        kind.label.lower(): format_number(kind.value) + ("" if variant.provenance[path[kind.id]].stated else NOT_STATED)
        for kind in variant.book_kinds
    }


@pytest.mark.parametrize("variant_id", VARIANT_IDS)
def test_worked_round_totals(built_site: Path, variants: dict[str, Variant], variant_id: str) -> None:
    variant = variants[variant_id]
    tallies = example_tallies(variant)
    page = page_at(built_site, f"rules/{variant_id}")
    totals = [row[-1] for table in page.tables for row in _texts(table) if row and row[0] == "Round score"]
    expected = [format_number(score_round(variant, tallies[name])["total"]) for name in ("out", "short")]
    assert totals == expected


def _texts(table: list[dict[str, Any]]) -> list[list[str]]:
    return [[cell_text(cell) for cell in row["cells"]] for row in table]


@pytest.mark.parametrize("variant_id", VARIANT_IDS)
def test_deal_counts(built_site: Path, variants: dict[str, Variant], variant_id: str) -> None:
    variant = variants[variant_id]
    deal = count_deal(variant.pack, variant["players.count"], variant["deal.hand_size"], variant["deal.foot_size"])
    page = page_at(built_site, f"rules/{variant_id}")
    text = page.section("The deal")
    # Dealt, then the stock, then the stock after the upcard, in that order.
    where = [_number_at(text, n) for n in (deal.dealt, deal.stock, deal.stock_after_upcard)]
    assert all(w >= 0 for w in where), f"{deal} not all in The deal: {text}"
    assert where == sorted(where), f"{deal} out of order in The deal: {text}"
    assert _number_at(page.section("What you need"), deal.cards) >= 0


def _number_at(text: str, number: int) -> int:
    """Where ``number``, formatted as the site does, stands alone in ``text`` (not inside a longer number), or -1."""
    match = re.search(rf"(?<![\d,.−]){re.escape(format_number(number))}(?![\d,])", text)
    return match.start() if match else -1


# --- Home, compare, shuffling ----------------------------------------------------------------------------------------


def test_home_deck_calculator_counts_the_default_deal(built_site: Path, variants: dict[str, Variant]) -> None:
    default = variants[DEFAULT_VARIANT]
    deal = count_deal(default.pack, default["players.count"], default["deal.hand_size"], default["deal.foot_size"])
    # The issue names these numbers for the default game; they must also be what count_deal gives.
    assert (deal.cards, deal.dealt, deal.stock, deal.stock_after_upcard) == (270, 104, 166, 165)
    html = (built_site / "index.html").read_text(encoding="utf-8")
    outputs = re.findall(r"<output\b[^>]*>(.*?)</output>", html, flags=re.DOTALL)
    assert len(outputs) == 1, "expected one <output> for the deck calculator"
    text = _squash(re.sub(r"<[^>]+>", " ", outputs[0]))
    for expected in ("270 cards", "104 dealt", "166 in the stock", "165 after the upcard"):
        assert expected in text, f"{expected!r} not in {text!r}"
    for number in (deal.cards, deal.dealt, deal.stock, deal.stock_after_upcard):
        assert has_number(text, number)


def test_compare_has_one_row_per_rule_and_marks_differences(built_site: Path, variants: dict[str, Variant]) -> None:
    default = variants[DEFAULT_VARIANT]
    rows = [row for table in page_at(built_site, "compare").tables for row in table if "data-path" in row["attrs"]]
    assert [row["attrs"]["data-path"] for row in rows] == [field.path for field in FIELDS]
    for row in rows:
        path = row["attrs"]["data-path"]
        cells = {
            c["attrs"]["data-variant"]: c for c in row["cells"] if c["tag"] == "td" and "data-variant" in c["attrs"]
        }
        assert sorted(cells) == sorted(variants), path
        for variant_id, cell in cells.items():
            marked = "hf-differs" in cell["attrs"].get("class", "").split()
            differs = in_play(variants[variant_id], path) != in_play(default, path)
            assert marked == differs, f"{path} in {variant_id}: marked {marked}, differs {differs}"


def test_home_deck_figures_follow_each_versions_tables(built_site: Path, variants: dict[str, Variant]) -> None:
    """Issue 38: the home page computes no deck figure; each version's tables come worked out from handfoot. Pagat's
    other tables take a deck more than their players (its rule page's rule of thumb): 6 players in two teams of 3
    play with 7 decks of 54, 378 cards, 156 of them dealt."""
    html = (built_site / "index.html").read_text(encoding="utf-8")
    found = re.findall(r'<option value="([^"]+)" data-sentence="([^"]+)"( selected)?>([^<]+)</option>', html)
    options = {value: (sentence, bool(selected), text) for value, sentence, selected, text in found}
    assert {value.split(":")[0] for value in options} == set(variants)
    six = [sentence for value, (sentence, _, text) in options.items() if "6 players, 2 teams of 3" in text]
    assert six == ["7 × (52 + 2) = 378 cards; 6 × (13 + 13) = 156 dealt; 222 in the stock (221 after the upcard)."]
    chosen = [text for _, selected, text in options.values() if selected]
    assert chosen == [f"{variants[DEFAULT_VARIANT].short_name}: 4 players, 2 teams of 2 (its own)"]


def test_shuffling_description_counts_from_the_data(built_site: Path, variants: dict[str, Variant]) -> None:
    decks = variants[DEFAULT_VARIANT]["decks.count"]
    (description,) = page_at(built_site, "shuffling").find("meta", name="description")
    assert f"shuffle {decks} decks" in description["content"], description
    assert f"takes only {PLAN_DECKS} decks" in description["content"], description


def test_api_page_lists_every_tally_field(built_site: Path) -> None:
    page = page_at(built_site, "api")
    assert [row[0] for row in page.table("Field", "What it holds")] == list(TALLY_FIELDS)
    assert [row[0] for row in page.table("Optional field", "What it holds")] == list(OPTIONAL_FIELDS)
    assert "black_threes_out" in OPTIONAL_FIELDS


def test_shuffling_plan_for_the_default_pack(built_site: Path, variants: dict[str, Variant]) -> None:
    default = variants[DEFAULT_VARIANT]
    per_deck = handfoot.deck.CARDS_PER_DECK + default["decks.jokers"]
    plan = shuffle_plan(default.pack.cards, PLAN_DECKS * per_deck)
    assert (plan["cards"], plan["capacity"], plan["loads"], plan["sizes"]) == (270, 108, 3, [90, 90, 90])
    page = page_at(built_site, "shuffling")
    text = page.text
    assert re.search(r"\b3 loads of 90\b", text), text
    assert re.search(r"\b108 cards\b", text)
    assert re.search(r"\b2 decks\b", text)
    assert re.search(r"\b270 cards\b", text)
    tables = [_texts(t) for t in page.tables if t and t[0]["cells"] and cell_text(t[0]["cells"][0]).startswith("Decks")]
    assert len(tables) == 1, "expected one table of packs and shufflers"
    body = tables[0][1:]
    assert len(body) == len(PACK_SIZES)
    for row, decks in zip(body, PACK_SIZES, strict=True):
        assert row[0].startswith(f"{decks} ({decks * per_deck} cards)"), row
        assert row[1:] == [shuffle_plan(decks * per_deck, c * per_deck)["summary"] for c in (1, 2, 3)], row


# --- The repository address comes from REPO_URL -----------------------------------------------------------------------

REPO_URL = "https://git.example.org/family/hand-and-foot"


@pytest.fixture(scope="module")
def site_with_repository(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site built with REPO_URL set (and EDIT_URI left to its default)."""
    site_dir = tmp_path_factory.mktemp("repository") / "site"
    result = build_site(site_dir, env={"REPO_URL": REPO_URL + "/", "EDIT_URI": None})
    assert result.returncode == 0, result.stderr
    return site_dir


def test_without_repo_url_no_page_links_a_repository(built_site: Path) -> None:
    pages = sorted(built_site.rglob("index.html"))
    linked = [str(p.relative_to(built_site)) for p in pages if _parse(p).find("a", rel="edit")]
    assert linked == [], "Edit this page links without REPO_URL"
    sources = [str(p.relative_to(built_site)) for p in pages if _parse(p).find("a", class_="md-source")]
    assert sources == [], "repository links without REPO_URL"


@pytest.mark.parametrize(
    ("address", "edited"),
    [
        *((f"rules/{vid}", f"variants/{vid}.yaml") for vid in VARIANT_IDS),
        *((f"rules/{vid}/sheet", f"variants/{vid}.yaml") for vid in VARIANT_IDS),
        ("", "templates/pages/home.md.j2"),
        ("api", "templates/pages/api.md.j2"),
        ("keeper", "docs/keeper.md"),
    ],
)
def test_with_repo_url_each_page_edits_its_source(site_with_repository: Path, address: str, edited: str) -> None:
    page = page_at(site_with_repository, address)
    links = page.find("a", rel="edit")
    assert len(links) == 1, f"/{address}: expected one Edit this page link"
    assert links[0]["href"] == f"{REPO_URL}/edit/main/{edited}"
    assert {link["href"] for link in page.find("a", class_="md-source")} == {REPO_URL}
    assert (REPO_ROOT / edited).is_file()


# --- A broken variant fails the build cleanly ------------------------------------------------------------------------


def _deal_keys() -> str:
    return ", ".join(field.path.split(".", 1)[1] for field in FIELDS if field.path.startswith("deal."))


@pytest.mark.parametrize(
    ("deal", "message"),
    [
        (
            "{hand_size: eleven, foot_size: 11}",
            "variants/bicycle.yaml: deal.hand_size: expected a whole number from 5 to 30, got 'eleven'",
        ),
        (
            "{hand_size: 11, foot_size: 11, hand_sise: 11}",
            f"variants/bicycle.yaml: rules.deal.hand_sise: unknown key; allowed here: {_deal_keys()}",
        ),
    ],
    ids=["bad-value", "unknown-key"],
)
def test_broken_variant_fails_the_build_with_one_clean_line(tmp_path: Path, deal: str, message: str) -> None:
    site = copy_site(tmp_path)
    bicycle = site / "variants" / "bicycle.yaml"
    original = "deal: {hand_size: 11, foot_size: 11}"
    text = bicycle.read_text(encoding="utf-8")
    assert original in text, "the test needs bicycle.yaml's deal line"
    bicycle.write_text(text.replace(original, f"deal: {deal}"), encoding="utf-8")
    result = build_site(site / "site", sources=site)
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr, result.stderr
    # MkDocs prints the level padded to 8 characters, then "-  ".
    lines = result.stderr.splitlines()
    assert f"ERROR   -  {message}" in lines, result.stderr
    assert [line for line in lines if line.startswith("ERROR")] == [f"ERROR   -  {message}"], result.stderr


# --- Nothing is fetched from another host ----------------------------------------------------------------------------

_RESOURCE_LINKS = {"stylesheet", "preload", "modulepreload", "icon", "apple-touch-icon", "manifest", "prefetch"}
SVG_NAMESPACE = "http://www.w3.org/2000/svg"
_REMOTE = re.compile(r"^(?:https?:)?//(?!(?:127\.0\.0\.1|localhost|\[::1\])(?:[:/]|$))", re.IGNORECASE)


def _remote_resources(page: _Page) -> list[str]:
    found = []
    for tag, attrs in page.tags:
        urls: list[str] = []
        if tag in {"script", "img", "iframe", "source", "audio", "video", "embed"}:
            urls.append(attrs.get("src", ""))
            urls += [part.split()[0] for part in attrs.get("srcset", "").split(",") if part.strip()]
        elif tag == "link" and set(attrs.get("rel", "").lower().split()) & _RESOURCE_LINKS:
            urls.append(attrs.get("href", ""))
        elif tag == "object":
            urls.append(attrs.get("data", ""))
        found += [f"<{tag}> {url}" for url in urls if _REMOTE.match(url.strip())]
    return found


def test_no_page_loads_anything_from_another_host(built_site: Path) -> None:
    problems = {}
    for path in sorted(built_site.rglob("*.html")):
        remote = _remote_resources(_parse(path))
        if remote:
            problems[str(path.relative_to(built_site))] = remote
    assert not problems, problems


def test_site_styles_and_scripts_fetch_nothing_from_another_host(built_site: Path) -> None:
    problems = []
    for path in sorted(built_site.rglob("*.css")):
        text = path.read_text(encoding="utf-8", errors="replace")
        for match in re.finditer(r"(?:url\(\s*[\"']?|@import\s+[\"'])((?:https?:)?//[^\"')\s]+)", text):
            if _REMOTE.match(match.group(1)):
                problems.append(f"{path.relative_to(built_site)}: {match.group(1)}")
    # The site's own scripts (Material's bundle aside): no fetch, import or worker from another host. SVG's namespace
    # is a name that createElementNS takes, never fetched.
    for path in sorted((built_site / "assets" / "js").rglob("*.*js")):
        for match in re.finditer(r"[\"'`]((?:https?:)?//[^\"'`\s]+)", path.read_text(encoding="utf-8")):
            if _REMOTE.match(match.group(1)) and match.group(1) != SVG_NAMESPACE:
                problems.append(f"{path.relative_to(built_site)}: {match.group(1)}")
    assert not problems, problems


def test_sheets_stay_out_of_the_search_index_and_the_rules_stay_in(built_site: Path) -> None:
    index = json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))
    locations = {doc["location"].split("#")[0] for doc in index["docs"]}
    assert not [location for location in locations if location.endswith("/sheet/")], "a sheet repeats its rule page"
    assert "rules/pagat-partnership/" in locations
    assert "compare/" in locations
    # The table of where each rule comes from repeats the rule names and source titles: it stays out, the rules stay in.
    sections = {doc["location"] for doc in index["docs"]}
    assert not [location for location in sections if location.endswith("#where-each-rule-comes-from")]
    assert "rules/pagat-partnership/#red-and-black-threes" in sections


def test_the_default_rule_page_shows_the_seeds_examples_as_the_seeds_state_them(built_site: Path) -> None:
    text = page_at(built_site, f"rules/{DEFAULT_VARIANT}").section("A worked round")
    for name, total in SEED_TOTALS.items():
        assert format_number(total) in text, f"{name} ({format_number(total)}) is not in the worked round: {text}"


def test_no_not_stated_mark_is_swallowed_by_markdown_emphasis(built_site: Path) -> None:
    """Two marks in one line of Markdown once paired up as emphasis, and the sheet lost both stars; an escaped star
    then showed its backslash in the sheet's raw HTML lines. Every mark is a bare star."""
    for path in built_site.rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        marks = text.count('<span class="hf-assumed">')
        bare = sum(
            text.count(f'<span class="hf-assumed">{star}<span class="hf-visually-hidden"> (not stated)</span></span>')
            for star in ("*", "&#42;")
        )
        assert marks == bare, f"{path.relative_to(built_site)}: {marks - bare} of {marks} marks are not a bare star"
