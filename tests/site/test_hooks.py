"""The MkDocs hooks on a loaded configuration, without a build: the navigation, config.extra and the repository."""

from __future__ import annotations

import json
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError

from handfoot import DEFAULT_VARIANT, Variant
from hooks import browser_runtime, repository, site_pages
from sitebuild.site_content import SITE_PAGES, rule_page
from testbench.paths import REPO_ROOT


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


def test_without_repo_url_there_is_no_repository_and_no_edit_uri(
    config: MkDocsConfig, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("REPO_URL", raising=False)
    repository.on_config(config)
    assert (config.repo_url, config.repo_name, config.edit_uri) == (None, None, None)


@pytest.mark.parametrize(
    ("url", "edit_uri", "expected"),
    [
        (
            "https://github.com/me/hand-and-foot",
            None,
            ("https://github.com/me/hand-and-foot", "me/hand-and-foot", "edit/main/"),
        ),
        ("https://github.com/me/hf.git/", "edit/trunk", ("https://github.com/me/hf.git", "me/hf", "edit/trunk/")),
        ("http://git.local", "-/edit/main/", ("http://git.local", "git.local", "-/edit/main/")),
    ],
)
def test_repo_url_sets_the_repository_and_the_edit_uri(
    config: MkDocsConfig,
    monkeypatch: pytest.MonkeyPatch,
    url: str,
    edit_uri: str | None,
    expected: tuple[str, str, str],
) -> None:
    monkeypatch.setenv("REPO_URL", url)
    if edit_uri is None:
        monkeypatch.delenv("EDIT_URI", raising=False)
    else:
        monkeypatch.setenv("EDIT_URI", edit_uri)
    repository.on_config(config)
    assert (config.repo_url, config.repo_name, config.edit_uri) == expected


@pytest.mark.parametrize("url", ["github.com/me/hand-and-foot", "ftp://example.org/repo", "https://"])
def test_a_repo_url_that_is_no_web_address_stops_the_build(
    config: MkDocsConfig, monkeypatch: pytest.MonkeyPatch, url: str
) -> None:
    monkeypatch.setenv("REPO_URL", url)
    with pytest.raises(PluginError, match="REPO_URL: expected a web address"):
        repository.on_config(config)


@pytest.mark.parametrize("app", ["keeper", "keper"])
def test_a_page_names_one_of_the_sites_apps_or_the_build_says_which_there_are(config: MkDocsConfig, app: str) -> None:
    config.extra["runtime"] = {"app_modules": {"configurator": [], "helper": [], "keeper": []}}
    page = SimpleNamespace(meta={"app": app}, file=SimpleNamespace(src_uri="keeper.md"))
    if app == "keeper":
        assert browser_runtime.on_page_markdown("text", page, config, None) == "text"  # type: ignore[arg-type]
        return
    with pytest.raises(PluginError) as error:
        browser_runtime.on_page_markdown("text", page, config, None)  # type: ignore[arg-type]
    assert str(error.value) == "keeper.md: app: 'keper' is not one of the site's apps (configurator, helper, keeper)"
