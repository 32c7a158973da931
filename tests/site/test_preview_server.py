"""The server the tests, the benchmarks and ``make preview`` use serves the built site as a real static host does."""

from __future__ import annotations

import gzip
import http.client
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

import brotli
import pytest

from sitebuild.pyodide_runtime import PYODIDE_URL

IMMUTABLE = "public, max-age=31536000, immutable"


def get(base: str, path: str, headers: dict[str, str] | None = None) -> http.client.HTTPResponse:
    address = urlsplit(base)
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=30)
    connection.request("GET", "/" + path, headers=headers or {})
    response = connection.getresponse()
    response.body = response.read()  # type: ignore[attr-defined]
    connection.close()
    return response


def one(site: Path, pattern: str) -> str:
    (found,) = site.glob(pattern)
    return found.relative_to(site).as_posix()


@pytest.mark.parametrize(
    ("accept", "encoding", "decode"),
    [
        ("gzip, deflate, br, zstd", "br", brotli.decompress),
        ("gzip, deflate", "gzip", gzip.decompress),
        ("identity", None, lambda body: body),
    ],
)
def test_text_and_wasm_come_compressed_as_the_browser_allows(
    site_server: str, built_site: Path, accept: str, encoding: str | None, decode: Callable[[bytes], bytes]
) -> None:
    for path, kind in [
        ("keeper/", "text/html"),
        ("assets/js/engine.worker.mjs", "text/javascript"),
        (PYODIDE_URL + "pyodide.asm.wasm", "application/wasm"),
        (one(built_site, "assets/data/variants-*.json"), "application/json"),
    ]:
        response = get(site_server, path, {"Accept-Encoding": accept})
        assert response.status == 200, path
        assert response.getheader("Content-Type") == kind, path
        assert response.getheader("Content-Encoding") == encoding, path
        assert response.getheader("Vary") == "Accept-Encoding", path
        file = built_site / (path + "index.html" if path.endswith("/") else path)
        assert decode(response.body) == file.read_bytes(), path  # type: ignore[attr-defined]
        if encoding:
            assert len(response.body) < file.stat().st_size * 0.6, f"{path} hardly shrank"


def test_a_zip_is_sent_as_it_is(site_server: str, built_site: Path) -> None:
    path = one(built_site, "assets/py/handfoot-*.zip")
    response = get(site_server, path, {"Accept-Encoding": "gzip, br"})
    assert response.getheader("Content-Encoding") is None
    assert response.body == (built_site / path).read_bytes()


def test_what_never_changes_is_kept_for_good_and_the_rest_revalidated(site_server: str, built_site: Path) -> None:
    kept = [
        PYODIDE_URL + "pyodide.asm.wasm",
        one(built_site, "assets/py/handfoot-*.zip"),
        one(built_site, "assets/data/variants-*.json"),
        one(built_site, "assets/data/spec-*.json"),
        one(built_site, "assets/templates/shared-*.js"),
        one(built_site, "assets/stylesheets/main.*.min.css"),
        one(built_site, "assets/css/base-forms-keeper-*.css"),
        one(built_site, "assets/vendor/dompurify-*/purify.min.js"),
        one(built_site, "assets/js/handover_link-*.mjs"),
    ]
    asked_again = ["", "keeper/", "sw.js", "assets/js/engine.mjs", "search/search_index.json"]
    for path in kept:
        assert get(site_server, path).getheader("Cache-Control") == IMMUTABLE, path
    for path in asked_again:
        assert get(site_server, path).getheader("Cache-Control") == "no-cache", path


def test_an_unchanged_file_is_a_304(site_server: str) -> None:
    first = get(site_server, "keeper/", {"Accept-Encoding": "br"})
    etag = first.getheader("ETag")
    assert etag
    again = get(site_server, "keeper/", {"Accept-Encoding": "br", "If-None-Match": etag})
    assert again.status == 304
    assert again.body == b""
    assert again.getheader("Cache-Control") == "no-cache"
    since = get(site_server, "keeper/", {"If-Modified-Since": first.getheader("Last-Modified")})
    assert since.status == 304


def test_a_folder_without_its_slash_is_redirected_and_a_missing_file_is_a_404(site_server: str) -> None:
    assert get(site_server, "keeper").status == 301
    assert get(site_server, "no-such-page/").status == 404
