"""Serve a built site on a free loopback port, with the MIME types module scripts and WebAssembly need."""

from __future__ import annotations

import functools
import http.server
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, ClassVar


class SiteRequestHandler(http.server.SimpleHTTPRequestHandler):
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


class QuietServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        # The browser drops connections it no longer needs; that is not an error of the site.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@contextmanager
def serve(directory: Path | str, port: int = 0) -> Iterator[str]:
    """Serve ``directory`` on 127.0.0.1 (``port`` 0 picks a free one) and yield the base URL, ending in a slash."""
    handler = functools.partial(SiteRequestHandler, directory=str(directory))
    server = QuietServer(("127.0.0.1", port), handler)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
