"""An app page asks for everything it starts from at once: all of its app's modules (site.mjs, from the import graph
the build writes, hooks/_module_graph.py) and the rules data (startup.mjs), not one level of imports after another. On
a phone's network each level costs a round trip before the app can draw itself."""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, Request, Route, expect

from hooks._module_graph import import_graph
from site_support.paths import REPO_ROOT
from support.keeper import KEEPER, SCORER_TIMEOUT, status

JS = REPO_ROOT / "docs" / "assets" / "js"
HELD_MS = 1500
STEP_MS = 50
# The scorer's worker imports its snapshot module with `import("./…")`, beside Pyodide; the graph has static imports.
DYNAMIC_IMPORT = re.compile(r'\bimport\("(\./[^"]+\.mjs)"\)')


def closure(graph: dict[str, list[str]], entry: str) -> set[str]:
    found = {entry}
    todo = [entry]
    while todo:
        for imported in graph[todo.pop()]:
            if imported not in found:
                found.add(imported)
                todo.append(imported)
    return found


def worker_modules(graph: dict[str, list[str]]) -> set[str]:
    """The modules the scorer's worker loads: its static imports and its dynamic imports of the site's modules."""
    source = (JS / "scorer.worker.mjs").read_text(encoding="utf-8")
    dynamic = [posixpath.normpath(found) for found in DYNAMIC_IMPORT.findall(source)]
    return closure(graph, "scorer.worker.mjs").union(*(closure(graph, name) for name in dynamic))


def test_the_graph_reads_every_form_of_static_import(tmp_path: Path) -> None:
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "main.mjs").write_text(
        "// A comment: import { no } from './commented.mjs';\n"
        'import { a, b } from "../a.mjs";\n'
        'import {\n  c,\n  d,\n} from "./c.mjs";\n'
        'import "./side.mjs";\n'
        'export { e } from "../e.mjs";\n'
        'import { get } from "idb-keyval";\n'
        'const text = "import { x } from \\"./in-a-string.mjs\\";";\n'
        'const later = () => import("./lazy.mjs");\n',
        encoding="utf-8",
    )
    for name in ("a.mjs", "e.mjs", "app/c.mjs", "app/side.mjs", "app/lazy.mjs"):
        (tmp_path / name).write_text("export const x = 1;\n", encoding="utf-8")
    graph = import_graph(tmp_path)
    assert graph["app/main.mjs"] == ["a.mjs", "app/c.mjs", "app/side.mjs", "e.mjs"]
    assert graph["a.mjs"] == []
    assert set(graph) == {"app/main.mjs", "a.mjs", "e.mjs", "app/c.mjs", "app/side.mjs", "app/lazy.mjs"}


def test_every_import_of_the_site_is_a_module_of_the_site() -> None:
    graph = import_graph(JS)
    assert closure(graph, "keeper/app.mjs") >= {"keeper/store.mjs", "storage.mjs", "scorer.mjs", "dom.mjs"}
    for name, imports in graph.items():
        assert set(imports) <= set(graph), f"{name} imports {set(imports) - set(graph)}, not a module of the site"


@pytest.mark.browser
@pytest.mark.parametrize(
    ("address", "entry", "control"),
    [
        (KEEPER, "keeper/app.mjs", "[id^=hf-round-]"),
        ("configurator/", "configurator/app.mjs", "#hf-base"),
        ("helper/", "helper/app.mjs", "#hf-helper-rules"),
    ],
)
def test_an_app_page_asks_for_its_modules_and_data_at_once(
    cold_phone: Page, site_server: str, address: str, entry: str, control: str
) -> None:
    """The app's own module is held back by the server for a while. Every module the page goes on to load, down to the
    deepest import, has been asked for in the meantime: none waited for the module that imports it. So have the two
    files of rules data."""
    graph = import_graph(JS)
    in_worker = worker_modules(graph)
    asked: list[str] = []
    held: list[Route] = []

    def module(request: Request) -> str | None:
        path = request.url.split("/assets/js/", 1)
        return path[1] if len(path) == 2 and path[1].endswith(".mjs") else None

    data: list[str] = []
    cold_phone.on("request", lambda request: asked.append(module(request)) if module(request) else None)
    cold_phone.on("request", lambda request: data.append(request.url) if "/assets/data/" in request.url else None)

    def hold(route: Route) -> None:
        held.append(route)

    cold_phone.route(f"**/assets/js/{entry}", hold)
    cold_phone.goto(site_server + address)
    for _ in range(HELD_MS // STEP_MS):
        if held:
            break
        cold_phone.wait_for_timeout(STEP_MS)
    assert held, f"{entry} was never asked for"
    cold_phone.wait_for_timeout(HELD_MS)
    asked_while_held = set(asked)
    data_while_held = len(data)
    for route in held:
        route.continue_()
    cold_phone.wait_for_selector(control)
    loaded = set(asked) - in_worker
    assert entry in asked_while_held
    assert loaded - asked_while_held == set(), "asked for only once the module importing it had come"
    assert loaded == closure(graph, entry) | closure(graph, "site.mjs"), loaded
    assert data_while_held == len(data) == 2, data


@pytest.mark.browser
def test_an_app_whose_rules_data_cannot_load_says_so(cold_phone: Page, site_server: str) -> None:
    cold_phone.route("**/assets/data/variants-*.json", lambda route: route.abort())
    cold_phone.goto(site_server + KEEPER)
    expect(status(cold_phone)).to_contain_text("The rules could not be loaded", timeout=SCORER_TIMEOUT)
    expect(status(cold_phone)).to_contain_text("Reload the page to try again.")
    assert cold_phone.page_errors == []
    assert not [text for text in cold_phone.console_errors if "Uncaught" in text], cold_phone.console_errors
