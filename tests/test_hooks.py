"""The MkDocs hooks on a loaded configuration, without a build: what they put in the navigation and in config.extra."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig

from handfoot import DEFAULT_VARIANT, Variant
from handfoot.scoring import OPTIONAL_FIELDS, TALLY_FIELDS
from hooks import site_pages
from hooks.site_content import SITE_PAGES, TALLY_FIELD_MEANINGS, rule_page
from site_support.paths import REPO_ROOT


@pytest.fixture
def config() -> MkDocsConfig:
    return load_config(str(REPO_ROOT / "mkdocs.yml"))


def _addresses(nav: list[Any]) -> Iterator[str]:
    for item in nav:
        for value in item.values() if isinstance(item, dict) else [item]:
            yield from _addresses(value) if isinstance(value, list) else [value]


def test_the_variants_pass_between_hooks_as_json_data(config: MkDocsConfig, variants: dict[str, Variant]) -> None:
    site_pages.on_config(config)
    passed = config.extra["variants"]
    assert json.loads(json.dumps(passed)) == passed
    assert passed == {key: variant.to_mapping() for key, variant in variants.items()}


def test_the_navigation_holds_every_site_page_and_rule_page_once(
    config: MkDocsConfig, variants: dict[str, Variant]
) -> None:
    hand_written = list(_addresses(config.nav))
    site_pages.on_config(config)
    addresses = list(_addresses(config.nav))
    expected = [page.src_uri for page in SITE_PAGES] + [rule_page(key) for key in variants] + hand_written
    assert sorted(addresses) == sorted(expected)
    assert addresses[:2] == [SITE_PAGES[0].src_uri, rule_page(DEFAULT_VARIANT)]


def test_every_tally_field_has_a_meaning_for_the_api_page() -> None:
    assert set(TALLY_FIELD_MEANINGS) == {*TALLY_FIELDS, *OPTIONAL_FIELDS}
