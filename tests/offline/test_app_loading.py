"""How an app page loads: the build bundles the site's modules (sitebuild/bundle.py) and names the file and line of
any module it cannot bundle; the page's own HTML asks for the app's modules and rules data, each once; and an app
whose rules data cannot load says so."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from sitebuild.bundle import ENTRIES, bundled_modules
from sitebuild.errors import BuildError
from support.configurator import CONFIGURATOR
from support.helper_page import HELPER
from support.keeper import ENGINE_TIMEOUT, KEEPER, status
from testbench.keeper_bench import READY_DETAIL


def modules(folder: Path, sources: dict[str, str]) -> Path:
    """A folder holding the bundle's entries, each importing ``lib/shared.mjs``, and ``sources`` over them."""
    (folder / "lib").mkdir()
    (folder / "lib" / "shared.mjs").write_text("export const shared = [];\n", encoding="utf-8")
    for name in ENTRIES:
        source = 'import { shared } from "./lib/shared.mjs";\nexport const all = shared;\n'
        (folder / name).write_text(source, encoding="utf-8")
    for name, text in sources.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def test_entries_that_share_a_module_share_its_one_copy(tmp_path: Path) -> None:
    folder = modules(tmp_path, {"site.mjs": 'export const later = () => import("./lib/lazy.mjs");\n'})
    (folder / "lib" / "lazy.mjs").write_text('export { shared } from "./shared.mjs";\n', encoding="utf-8")
    files = {asset.uri: asset.content for asset in bundled_modules(folder).assets}
    assert {f"assets/js/{name}" for name in ENTRIES} <= set(files)
    holding = [uri for uri, text in files.items() if uri.endswith(".mjs") and b"=[]" in text]
    assert len(holding) == 1, holding
    assert any(uri.startswith("assets/js/lazy-") for uri in files), sorted(files)


def test_what_an_import_loads_is_the_module_and_all_it_imports_and_a_missing_one_is_named(tmp_path: Path) -> None:
    folder = modules(tmp_path, {"site.mjs": 'export const later = () => import("./lib/lazy.mjs");\n'})
    (folder / "lib" / "lazy.mjs").write_text('export { shared } from "./shared.mjs";\n', encoding="utf-8")
    bundle = bundled_modules(folder)
    lazy = bundle.loads("lib/lazy.mjs")
    files = {asset.uri: asset.content for asset in bundle.assets}
    assert lazy[0].startswith("assets/js/lazy-")
    assert [uri for uri in lazy[1:] if b"=[]" in files[uri]], lazy  # the shared module's chunk
    # What site.mjs imports later, when a page asks for it, is not loaded with it.
    assert bundle.loads("site.mjs") == ("assets/js/site.mjs",)
    with pytest.raises(BuildError) as error:
        bundle.loads("lib/gone.mjs")
    assert str(error.value) == "the site's browser modules: no module of the bundle is made from lib/gone.mjs"


@pytest.mark.parametrize(
    ("source", "said"),
    [
        ("const a = ;\n", 'engine.mjs:1: Unexpected ";"'),
        ('import { gone } from "./lib/gone.mjs";\n', 'engine.mjs:1: Could not resolve "./lib/gone.mjs"'),
    ],
)
def test_a_module_that_cannot_be_bundled_is_named_with_its_line(tmp_path: Path, source: str, said: str) -> None:
    folder = modules(tmp_path, {"engine.mjs": source})
    with pytest.raises(BuildError) as error:
        bundled_modules(folder)
    assert str(error.value) == f"the site's browser modules could not be bundled: {said}"


# The rules engine has started: by then the app has drawn its first view and asked for all it starts with.
ENGINE_READY = f"() => ({READY_DETAIL})() !== null"


@pytest.mark.browser
@pytest.mark.parametrize("app", [KEEPER, HELPER, CONFIGURATOR])
def test_an_apps_page_asks_for_its_modules_and_rules_data_as_it_is_read(
    phone_page: Page, site_server: str, app: str
) -> None:
    """Not one import after another (site.mjs, then the app, then what it imports, then the data), each a trip over a
    phone's network: what site.mjs does not import itself is asked for by the HTML, and nothing twice."""
    cdp = phone_page.context.new_cdp_session(phone_page)
    cdp.send("Network.enable")
    asked: list[tuple[str, str]] = []

    def note(event: dict) -> None:
        url = event["request"]["url"]
        if "/assets/js/" in url or "/assets/data/" in url:
            asked.append((url.removeprefix(site_server), event["initiator"]["type"]))

    cdp.on("Network.requestWillBeSent", note)
    phone_page.goto(site_server + app)
    phone_page.wait_for_function(ENGINE_READY, timeout=ENGINE_TIMEOUT)
    urls = [url for url, _ in asked]
    assert len(urls) == len(set(urls)), f"asked for more than once: {sorted(urls)}"
    by_script = [url for url, initiator in asked if initiator != "parser"]
    assert any(url.startswith("assets/js/app-") for url, initiator in asked if initiator == "parser"), asked
    assert "assets/data/" not in " ".join(by_script), by_script
    # Only site.mjs's own chunks and the rules engine's worker and its modules come from a script.
    assert not [url for url in by_script if url.startswith(("assets/js/app-", "assets/js/startup-"))], by_script


@pytest.mark.browser
def test_an_app_whose_rules_data_cannot_load_says_so(cold_phone: Page, site_server: str) -> None:
    cold_phone.route("**/assets/data/variants-*.json", lambda route: route.abort())
    cold_phone.goto(site_server + KEEPER)
    expect(status(cold_phone)).to_contain_text("The rules could not be loaded", timeout=ENGINE_TIMEOUT)
    expect(status(cold_phone)).to_contain_text("Reload the page to try again.")
    assert cold_phone.page_errors == []
    assert not [text for text in cold_phone.console_errors if "Uncaught" in text], cold_phone.console_errors
