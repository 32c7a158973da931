"""The site's generated pages: which template renders each one, with what data, and the navigation around them."""

from __future__ import annotations

import pprint
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup

from handfoot import DEFAULT_VARIANT, Variant, check_meld, score_round
from handfoot.arising import NEVER
from handfoot.deck import CARDS_PER_DECK, shuffle_plan
from handfoot.describe import compare_rows, describe_variant, example_tallies
from handfoot.house_table import OftenChanged, house_rule_rows, often_changed
from handfoot.loading import read_yaml
from handfoot.tally import OPTIONAL_FIELDS, TALLY_BY_KEY, TALLY_FIELDS
from handfoot.words import format_number, pluralise
from sitebuild.pyodide_runtime import runtime_size

# The shuffling page: the shufflers its table covers, the one its plan is for, and the packs, all in decks.
SHUFFLER_DECKS = (1, 2, 3)
PLAN_DECKS = 2
PACK_SIZES = range(2, 9)


@dataclass(frozen=True)
class GeneratedPage:
    """A page to add to the site: where it goes, its Markdown, and the file a reader would edit to change it."""

    src_uri: str
    markdown: str
    edit_path: str


def make_environment(templates: Path) -> Environment:
    env = Environment(
        loader=FileSystemLoader(templates),
        undefined=StrictUndefined,
        autoescape=True,
        keep_trailing_newline=True,
    )
    env.filters["num"] = format_number
    env.filters["pluralise"] = pluralise
    return env


def ordered(variants: Mapping[str, Variant]) -> list[Variant]:
    """The default variant first, then the rest in file order."""
    default = variants[DEFAULT_VARIANT]
    return [default, *(v for v in variants.values() if v.id != DEFAULT_VARIANT)]


def rule_page(variant_id: str) -> str:
    return f"rules/{variant_id}.md"


def sheet_page(variant_id: str) -> str:
    return f"rules/{variant_id}/sheet.md"


def navigation(variants: Mapping[str, Variant], hand_written: list[Any]) -> list[dict[str, Any]]:
    """The site's navigation: home, the rules, the hand-written pages (``nav`` in mkdocs.yml), then the rest."""
    home, *rest = SITE_PAGES
    rules = [{variant.name: rule_page(variant.id)} for variant in ordered(variants)]
    return [
        {home.title: home.src_uri},
        {"Rules": rules},
        *[item for item in hand_written if isinstance(item, dict)],
        *({page.title: page.src_uri} for page in rest),
    ]


def build_pages(
    env: Environment,
    variants: Mapping[str, Variant],
    variants_dir: str,
    *,
    how_they_play: Mapping[str, Any] | None = None,
) -> list[GeneratedPage]:
    """Render every generated page from the variants: a rule page and a sheet for each, and every page of SITE_PAGES.

    ``how_they_play`` is ``sitebuild.simulations.how_they_play``'s data: the compare page's table and each rule
    page's box; without it the pages leave them out."""
    default = variants[DEFAULT_VARIANT]
    in_order = ordered(variants)
    described = [describe_variant(v, default) for v in in_order]
    default_v = described[0]
    common = {
        "default": default,
        "default_id": default.id,
        "default_v": default_v,
        "r": default_v["rules"],
        "variants": in_order,
        "described": described,
        "cards_per_deck": CARDS_PER_DECK + default["decks.jokers"],
        "plain_deck": CARDS_PER_DECK,
        "plays": how_they_play["table"] if how_they_play else None,
    }
    boxes = how_they_play["boxes"] if how_they_play else {}
    pages = []
    for variant, data in zip(in_order, described, strict=True):
        edit = f"{variants_dir}/{variant.id}.yaml"
        context = {**common, "v": data, "r": data["rules"], "box": boxes.get(variant.id)}
        pages.append(GeneratedPage(rule_page(variant.id), _render(env, "rule_page", context), edit))
        pages.append(GeneratedPage(sheet_page(variant.id), _render(env, "sheet", context), edit))
    for page in SITE_PAGES:
        markdown = _render(env, page.template, page.context(common, variants))
        pages.append(GeneratedPage(page.src_uri, markdown, f"templates/pages/{page.template}.md.j2"))
    return pages


def _render(env: Environment, name: str, context: dict[str, Any]) -> str:
    return env.get_template(f"pages/{name}.md.j2").render(context)


def _common(common: dict[str, Any], variants: Mapping[str, Variant]) -> dict[str, Any]:
    return common


def _home(common: dict[str, Any], variants: Mapping[str, Variant]) -> dict[str, Any]:
    return {**common, "runtime_size": runtime_size()}


# The house rules tables change most: data, beside the variants.
OFTEN_CHANGED = Path(__file__).resolve().parents[1] / "variants" / "house-rules" / "often-changed.yaml"


def _often_changed() -> tuple[OftenChanged, ...]:
    source = "variants/house-rules/often-changed.yaml"
    return often_changed(read_yaml(OFTEN_CHANGED, source), source)


def _compare(common: dict[str, Any], variants: Mapping[str, Variant]) -> dict[str, Any]:
    default = common["default"]
    return {
        **common,
        "rows": compare_rows(common["variants"], default),
        "never_words": NEVER,
        "house_rows": house_rule_rows(common["variants"], default, _often_changed()),
    }


def _shuffling(common: dict[str, Any], variants: Mapping[str, Variant]) -> dict[str, Any]:
    per_deck = common["cards_per_deck"]
    table = [
        {
            "decks": decks,
            "cards": decks * per_deck,
            "plans": [shuffle_plan(decks * per_deck, capacity * per_deck) for capacity in SHUFFLER_DECKS],
        }
        for decks in PACK_SIZES
    ]
    plan = shuffle_plan(common["default_v"]["pack"]["cards"], PLAN_DECKS * per_deck)
    return {**common, "plan": plan, "plan_decks": PLAN_DECKS, "capacities": SHUFFLER_DECKS, "table": table}


def _api(common: dict[str, Any], variants: Mapping[str, Variant]) -> dict[str, Any]:
    default = common["default"]
    tally = example_tallies(default)["out"]
    meld = "9 9 2 2"
    return {
        **common,
        "example_tally_py": Markup(pprint.pformat(tally, width=100, sort_dicts=False)),
        "example_result_py": Markup(pprint.pformat(score_round(default, tally), width=110, sort_dicts=False)),
        "meld_example": meld,
        "meld_verdict": Markup(repr(check_meld(default, meld))),
        "tally_fields": [{"name": name, "meaning": Markup(TALLY_BY_KEY[name].meaning)} for name in TALLY_FIELDS],
        "optional_fields": [{"name": name, "meaning": Markup(TALLY_BY_KEY[name].meaning)} for name in OPTIONAL_FIELDS],
    }


@dataclass(frozen=True)
class SitePage:
    """A page made once for the whole site: its file, its title in the navigation, its template and its data."""

    src_uri: str
    title: str
    template: str
    context: Callable[[dict[str, Any], Mapping[str, Variant]], dict[str, Any]]


# Every page made from one template, in navigation order: the first comes before the rules, the rest after them.
SITE_PAGES = (
    SitePage("index.md", "Home", "home", _home),
    SitePage("compare.md", "Compare", "compare", _compare),
    SitePage("shuffling.md", "Shuffling", "shuffling", _shuffling),
    SitePage("faq.md", "Questions", "faq", _common),
    SitePage("sources.md", "Sources", "sources", _common),
    SitePage("api.md", "Python API", "api", _api),
)
