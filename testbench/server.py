"""Serve a built site the way a real static host does: on loopback, compressed, with cache headers.

Used by the tests, the benchmarks and ``make preview`` (``python -m testbench.server SITE_DIR``):

- the MIME types module scripts, WebAssembly and the manifest need;
- brotli (the ``brotli`` package) or gzip for text and wasm, as the browser's ``Accept-Encoding`` allows, each file
  compressed once and kept in memory;
- ``Cache-Control: public, max-age=31536000, immutable`` for files whose name holds their content hash or version, and
  ``no-cache`` for everything else (HTML included): the browser keeps it but asks again, with ``ETag`` and
  ``Last-Modified``, and gets a 304 when nothing changed;
- persistent HTTP/1.1 connections, and a listen backlog that takes a page's and its workers' requests at once.
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import gzip
import http.server
import io
import re
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, ClassVar

import brotli

# Content types (or their start) worth compressing; a zip or a PNG is compressed already.
COMPRESSIBLE = (
    "text/",
    "application/javascript",
    "application/json",
    "application/manifest+json",
    "application/wasm",
    "application/xml",
    "image/svg+xml",
)
# Names that change whenever their content does: content hashes (ours and Material's), versioned folders.
IMMUTABLE = re.compile(
    r"-[0-9a-f]{12}\.[a-z0-9.]+$"  # handfoot-3e1c0a2b9f7d.zip, variants-….json
    r"|\.[0-9a-f]{8}\.min\.(css|js)$"  # Material's main.57a0d79d.min.css
    r"|/assets/js/[a-z_]+-[A-Z2-7]{8}\.mjs$"  # esbuild's chunks of the site's modules: chunk-43WEO7VW.mjs
    r"|/assets/(pyodide/\d[^/]*|vendor/[^/]+-\d[^/]*|workbox-\d[^/]*)/"  # pyodide/314.0.7/, vendor/marked-18.2.1/
)
IMMUTABLE_CACHE = "public, max-age=31536000, immutable"
REVALIDATE_CACHE = "no-cache"


@functools.lru_cache(maxsize=512)
def compressed(path: Path, mtime_ns: int, encoding: str) -> bytes:
    """``path``'s bytes compressed with ``encoding`` ("br" or "gzip"), kept per file version."""
    data = path.read_bytes()
    if encoding == "br":
        return brotli.compress(data, quality=5)
    return gzip.compress(data, compresslevel=6, mtime=0)


def cache_control(url_path: str) -> str:
    return IMMUTABLE_CACHE if IMMUTABLE.search(url_path) else REVALIDATE_CACHE


class SiteRequestHandler(http.server.SimpleHTTPRequestHandler):
    # Persistent connections, as any real host keeps them: every response says its length, a 304 has no body.
    protocol_version = "HTTP/1.1"
    # Module scripts and WebAssembly are refused by the browser under a wrong MIME type; the manifest has its own.
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".webmanifest": "application/manifest+json",
    }

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def send_head(self) -> io.BytesIO | None:
        url_path = self.path.split("?", 1)[0].split("#", 1)[0]
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            if not url_path.endswith("/") or not (path / "index.html").is_file():
                return super().send_head()  # the redirect to the slash, or a 404
            path = path / "index.html"
        if not path.is_file():
            return super().send_head()
        stat = path.stat()
        content_type = self.guess_type(str(path))
        encoding = self._encoding(content_type)
        etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}{"-" + encoding if encoding else ""}"'
        headers = {
            "Cache-Control": cache_control(url_path),
            "ETag": etag,
            "Last-Modified": self.date_time_string(stat.st_mtime),
        }
        if self._compressible(content_type):
            headers["Vary"] = "Accept-Encoding"
        if self._not_modified(etag, stat.st_mtime):
            self.send_response(http.HTTPStatus.NOT_MODIFIED)
            self._send_headers(headers)
            return None
        body = compressed(path, stat.st_mtime_ns, encoding) if encoding else path.read_bytes()
        self.send_response(http.HTTPStatus.OK)
        headers |= {"Content-Type": content_type, "Content-Length": str(len(body))}
        if encoding:
            headers["Content-Encoding"] = encoding
        self._send_headers(headers)
        return io.BytesIO(body)

    def _send_headers(self, headers: dict[str, str]) -> None:
        for name, value in headers.items():
            self.send_header(name, value)
        self.end_headers()

    @staticmethod
    def _compressible(content_type: str) -> bool:
        return content_type.startswith(COMPRESSIBLE)

    def _encoding(self, content_type: str) -> str:
        if not self._compressible(content_type):
            return ""
        accepted = {part.split(";")[0].strip() for part in self.headers.get("Accept-Encoding", "").split(",")}
        return "br" if "br" in accepted else "gzip" if "gzip" in accepted else ""

    def _not_modified(self, etag: str, mtime: float) -> bool:
        if "If-None-Match" in self.headers:
            return etag in {tag.strip() for tag in self.headers["If-None-Match"].split(",")}
        since = self.headers.get("If-Modified-Since")
        if not since:
            return False
        try:
            parsed = email.utils.parsedate_to_datetime(since)
        except (TypeError, ValueError):
            return False
        return int(mtime) <= parsed.timestamp()


class QuietServer(http.server.ThreadingHTTPServer):
    # socketserver's backlog of 5 overflowed when a page and its workers opened connections at once: the kernel dropped
    # a connection request, and the browser asked again one second later (a 1 s stall in some page loads).
    request_queue_size = 128

    def handle_error(self, request: Any, client_address: Any) -> None:
        # The browser drops connections it no longer needs; that is not an error of the site.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@contextmanager
def serve(directory: Path | str, port: int = 0, host: str = "127.0.0.1") -> Iterator[str]:
    """Serve ``directory`` on ``host`` (``port`` 0 picks a free one) and yield the base URL, ending in a slash."""
    handler = functools.partial(SiteRequestHandler, directory=str(directory))
    server = QuietServer((host, port), handler)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True)
    thread.start()
    try:
        yield f"http://{host}:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def main() -> None:
    parser = argparse.ArgumentParser(description="Serve a built site as a real static host would.")
    parser.add_argument("site", type=Path, help="the built site, e.g. site/")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args()
    if not (args.site / "index.html").is_file():
        sys.exit(f"{args.site} holds no built site: run make build")
    with serve(args.site, args.port) as base:
        print(f"Serving {args.site} at {base} (compressed, with cache headers). Ctrl+C stops.", flush=True)
        with suppress(KeyboardInterrupt):
            threading.Event().wait()


if __name__ == "__main__":
    main()
