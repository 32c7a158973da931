"""The browser runtime: handfoot in Pyodide in one module worker, from local files: its states, the answers and refusals
it carries to the page, and the zip of handfoot with its bytecode."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

import handfoot
from sitebuild.assets import hashed_name
from sitebuild.bytecode import compiled_modules
from sitebuild.errors import BuildError
from sitebuild.package_zip import deterministic_zip, package_sources, package_zip
from sitebuild.pyodide_runtime import PYODIDE_PACKAGE, PYODIDE_URL
from support.engine_calls import BAD_TALLY, TALLIES, cpython, score_round_calls
from testbench.paths import REPO_ROOT


def _runtime_urls(site: Path) -> dict[str, str]:
    def one(pattern: str) -> str:
        (found,) = site.glob(pattern)
        return found.relative_to(site).as_posix()

    return {
        "pyodide": PYODIDE_URL,
        "zip": one("assets/py/handfoot-*.zip"),
        "variants": one("assets/data/variants-*.json"),
    }


# Runs in the page: load the rules engine, time it, then make every call and report each outcome as plain data.
SCRIPT = """
async ({base, urls, calls}) => {
  const started = performance.now();
  const {getEngine} = await import(new URL("assets/js/engine.mjs", base).href);
  const engine = getEngine({pyodideUrl: new URL(urls.pyodide, base).href, zipUrl: new URL(urls.zip, base).href});
  const states = [];
  engine.onState((state) => states.push(state));
  await engine.ready;
  const readyMs = performance.now() - started;
  const sameEngine = getEngine({pyodideUrl: "elsewhere/", zipUrl: "elsewhere.zip"}) === engine;
  const outcomes = [];
  for (const [fn, ...args] of calls) {
    try {
      outcomes.push({ok: true, result: await engine.call(fn, ...args)});
    } catch (error) {
      outcomes.push({ok: false, error: {type: error.type, message: error.message, field: error.field}});
    }
  }
  return {readyMs, navigationMs: performance.now(), states, sameEngine, outcomes};
}
"""

INTERNAL_SCRIPT = """
async (base) => {
  const {getEngine} = await import(new URL("assets/js/engine.mjs", base).href);
  try {
    await getEngine({}).call("no_such_function");
  } catch (error) {
    return {type: error.type, message: error.message, detail: error.detail};
  }
}
"""
FAILING_SCRIPT = """
async (base) => {
  const {getEngine} = await import(new URL("assets/js/engine.mjs", base).href);
  const engine = getEngine({pyodideUrl: new URL("assets/missing/", base).href, zipUrl: new URL("x.zip", base).href});
  const states = [];
  engine.onState((state) => states.push(state));
  const plain = (error) => ({type: error.type, message: error.message});
  const ready = await engine.ready.then(() => null, plain);
  const call = await engine.call("score_round").then(() => null, plain);
  return {states, ready, call};
}
"""


@pytest.mark.browser
def test_the_engine_carries_handfoots_answers_and_refusals_from_its_worker(
    page: Page, site_server: str, built_site: Path, assert_page_clean: Callable[[Page], None]
) -> None:
    urls = _runtime_urls(built_site)
    variants = handfoot.load_variants(REPO_ROOT / "variants")
    shipped = json.loads((built_site / urls["variants"]).read_text(encoding="utf-8"))
    # The runtime data also carries each variant's sheet form and the text limits; the mappings are what is scored.
    assert {key: shipped[key] for key in ("default", "variants")} == {
        "default": handfoot.DEFAULT_VARIANT,
        "variants": {key: variant.to_mapping() for key, variant in variants.items()},
    }
    assert len(variants) == 5

    # Pyodide's answers to every call the tests make are checked against CPython's in tests/engine/test_pyodide_parity
    # .py; here the browser's engine carries a few answers, and each kind of refusal, from its worker to the page.
    calls, expected = score_round_calls({handfoot.DEFAULT_VARIANT: variants[handfoot.DEFAULT_VARIANT]})
    pagat = variants[handfoot.DEFAULT_VARIANT]
    pagat_mapping = pagat.to_mapping()
    game = [[TALLIES[1], {**TALLIES[0], "wild_books": 1, "melded": 615}], [TALLIES[2], TALLIES[5]]]
    bad_variant = json.loads(json.dumps(pagat_mapping))
    bad_variant["rules"]["deal"]["hand_size"] = "eleven"
    checks: list[tuple[list[Any], dict[str, Any]]] = [
        (["score_game", pagat_mapping, game], cpython(handfoot.score_game, pagat, game)),
        (["validate_variant", pagat_mapping], {"ok": True, "result": pagat_mapping}),
        (["check_go_out", pagat_mapping, 1, {"clean": 2}], cpython(handfoot.check_go_out, pagat, 1, {"clean": 2})),
        (
            ["check_opening", pagat_mapping, 1, ["AH AS AD", "KH KS 2C"]],
            cpython(handfoot.check_opening, pagat, 1, ["AH AS AD", "KH KS 2C"]),
        ),
        (["score_round", pagat_mapping, BAD_TALLY], cpython(handfoot.score_round, pagat, BAD_TALLY)),
        (
            ["validate_variant", bad_variant],
            cpython(handfoot.Variant.from_mapping, bad_variant, handfoot.DEFAULT_VARIANT),
        ),
        (["check_meld", pagat_mapping, "9 9 Z"], {"ok": False, "error": {"type": "CardError", "field": "cards"}}),
    ]
    for call, outcome in checks:
        calls.append(call)
        expected.append(outcome)

    page.goto(site_server)
    found = page.evaluate(SCRIPT, {"base": site_server, "urls": urls, "calls": calls})
    print(f"Pyodide ready {found['readyMs'] / 1000:.2f} s after import, {found['navigationMs'] / 1000:.2f} s in all")

    assert found["states"] == ["loading", "ready"]
    assert found["sameEngine"]
    outcomes = found["outcomes"]
    scored = len(calls) - len(checks)
    assert all(outcome["ok"] for outcome in expected[:scored])
    assert outcomes[:scored] == expected[:scored]
    assert outcomes[scored : scored + 4] == expected[scored : scored + 4]
    tally_error, variant_error, card_error = outcomes[scored + 4 :]
    assert tally_error == expected[scored + 4]
    assert tally_error["error"]["type"] == "TallyError"
    assert tally_error["error"]["field"] == "melded"
    assert variant_error == expected[scored + 5]
    assert variant_error["error"]["field"] == "deal.hand_size"
    assert card_error["error"]["type"] == "CardError"
    assert card_error["error"]["field"] == "cards"
    assert any(f"/{PYODIDE_URL}pyodide.asm.wasm" in url for url in page.requests)
    assert_page_clean(page)

    internal = page.evaluate(INTERNAL_SCRIPT, site_server)
    assert internal["type"] == "internal"
    assert internal["message"].startswith("LookupError: no function 'no_such_function'")
    assert "Traceback" in internal["detail"]
    assert page.console_errors == [internal["detail"]], "an internal error is logged with its traceback"


@pytest.mark.browser
def test_a_runtime_that_cannot_load_reports_failed(page: Page, site_server: str) -> None:
    page.goto(site_server)
    found = page.evaluate(FAILING_SCRIPT, site_server)
    assert found["states"] == ["loading", "failed"]
    assert found["ready"]["type"] == "failed"
    assert found["call"] == found["ready"]
    assert page.console_errors == [f"The rules engine could not start: {found['ready']['message']}"]
    assert not page.page_errors


def _package_copy(tmp_path: Path, name: str, mtime: float) -> Path:
    copy = tmp_path / name / "handfoot"
    shutil.copytree(REPO_ROOT / "handfoot", copy, ignore=shutil.ignore_patterns("__pycache__"))
    for path in copy.rglob("*"):
        os.utime(path, (mtime, mtime))
    return copy


def test_zip_name_follows_the_code_only(tmp_path: Path) -> None:
    first = _package_copy(tmp_path, "a", time.time())
    second = _package_copy(tmp_path, "b", 1_000_000_000)
    (second / "notes.txt").write_text("not code", encoding="utf-8")
    name = hashed_name("handfoot", package_zip(first), ".zip")
    assert name == hashed_name("handfoot", package_zip(second), ".zip")

    with (second / "scoring.py").open("a", encoding="utf-8") as source:
        source.write("\n# changed\n")
    assert hashed_name("handfoot", package_zip(second), ".zip") != name


def test_zip_holds_the_package_and_its_bytecode_for_pyodides_python(built_site: Path) -> None:
    (shipped,) = (built_site / "assets" / "py").glob("handfoot-*.zip")
    archive = zipfile.ZipFile(shipped)
    names = archive.namelist()
    assert names == sorted(names)
    sources = package_sources(REPO_ROOT / "handfoot")
    assert {"handfoot/bridge.py", "handfoot/__init__.py"} <= set(sources)
    assert {name: archive.read(name) for name in names if name.endswith(".py")} == sources

    python = json.loads((built_site / PYODIDE_URL / "pyodide-lock.json").read_text())["info"]["python"]
    tag = "cpython-{}{}".format(*python.split(".")[:2])
    expected = {f"{folder}/__pycache__/{module[:-3]}.{tag}.pyc" for folder, _, module in map(_split, sources)}
    bytecode = {name: archive.read(name) for name in names if not name.endswith(".py")}
    assert set(bytecode) == expected
    # PEP 552 flags 0b01: hash-based and unchecked, so Python takes the .pyc without reading the source.
    assert {int.from_bytes(pyc[4:8], "little") for pyc in bytecode.values()} == {0b01}


def _split(name: str) -> tuple[str, str, str]:
    return name.rpartition("/")


# Pyodide under Node, as the rules engine's worker runs it: the zip unpacked in the working folder,
# every source made to fail on import, then imported.
IMPORT_WITHOUT_SOURCES = """
import { loadPyodide } from "PYODIDE/pyodide.mjs";
import { readFileSync } from "node:fs";
const pyodide = await loadPyodide({ indexURL: "PYODIDE/" });
pyodide.unpackArchive(new Uint8Array(readFileSync("ZIP")), "zip");
console.log(pyodide.runPython(`
import pathlib
for source in pathlib.Path("handfoot").rglob("*.py"):
    source.write_text("raise ImportError('the source was compiled')")
from handfoot.bridge import call
call("score_round", "[]")[:9]
`));
"""


def test_the_browsers_python_imports_the_bytecode_not_the_sources(built_site: Path, tmp_path: Path) -> None:
    (shipped,) = (built_site / "assets" / "py").glob("handfoot-*.zip")
    script = tmp_path / "import.mjs"
    script.write_text(IMPORT_WITHOUT_SOURCES.replace("PYODIDE", str(PYODIDE_PACKAGE)).replace("ZIP", str(shipped)))
    result = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=120, check=False)
    assert result.stderr == ""
    assert result.stdout == '{"ok": fa\n'


def test_bytecode_is_the_same_each_time_and_a_broken_module_is_named(tmp_path: Path) -> None:
    sources = deterministic_zip({"pkg/__init__.py": b"X = 1\n", "pkg/rules.py": b"def f():\n    return 2\n"})
    where = {"pyodide_dir": PYODIDE_PACKAGE, "pyodide_version": "test"}
    first = compiled_modules(sources, cache=tmp_path / "a", **where)
    assert set(first) == {"pkg/__pycache__/__init__.cpython-314.pyc", "pkg/__pycache__/rules.cpython-314.pyc"}
    assert compiled_modules(sources, cache=tmp_path / "b", **where) == first

    broken = deterministic_zip({"pkg/__init__.py": b"X = (\n"})
    with pytest.raises(BuildError) as raised:
        compiled_modules(broken, cache=tmp_path / "a", **where)
    assert str(raised.value) == (
        "the handfoot bytecode could not be compiled: "
        "ValueError: pkg/__init__.py: SyntaxError: '(' was never closed (__init__.py, line 1)"
    )
    assert len(list((tmp_path / "a").iterdir())) == 1
