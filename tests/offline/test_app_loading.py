"""How an app page loads: the build's import graph of the site's modules (sitebuild/module_graph.py), from which
site.mjs asks for all of an app's modules at once, holds every import; and an app whose rules data cannot load says
so."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from sitebuild.module_graph import import_graph
from support.keeper import ENGINE_TIMEOUT, KEEPER, status
from testbench.paths import REPO_ROOT

JS = REPO_ROOT / "docs" / "assets" / "js"


def closure(graph: dict[str, list[str]], entry: str) -> set[str]:
    found = {entry}
    todo = [entry]
    while todo:
        for imported in graph[todo.pop()]:
            if imported not in found:
                found.add(imported)
                todo.append(imported)
    return found


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
    assert closure(graph, "keeper/app.mjs") >= {"keeper/saved_games.mjs", "storage.mjs", "engine.mjs", "dom.mjs"}
    for name, imports in graph.items():
        assert set(imports) <= set(graph), f"{name} imports {set(imports) - set(graph)}, not a module of the site"


@pytest.mark.browser
def test_an_app_whose_rules_data_cannot_load_says_so(cold_phone: Page, site_server: str) -> None:
    cold_phone.route("**/assets/data/variants-*.json", lambda route: route.abort())
    cold_phone.goto(site_server + KEEPER)
    expect(status(cold_phone)).to_contain_text("The rules could not be loaded", timeout=ENGINE_TIMEOUT)
    expect(status(cold_phone)).to_contain_text("Reload the page to try again.")
    assert cold_phone.page_errors == []
    assert not [text for text in cold_phone.console_errors if "Uncaught" in text], cold_phone.console_errors
