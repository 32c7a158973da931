"""Record what a page did (requests, web workers' included; console errors; uncaught exceptions) and judge it."""

from __future__ import annotations

from urllib.parse import urlsplit

from playwright.sync_api import ConsoleMessage, Error, Page, Request

LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})


def watch(page: Page) -> Page:
    """Record on the page every request URL (``page.requests``), console error (``page.console_errors``) and
    uncaught exception (``page.page_errors``). Watching a watched page again starts its records afresh."""
    page.requests = []
    page.console_errors = []
    page.page_errors = []
    if getattr(page, "watched", False):
        return page
    page.watched = True

    def on_request(request: Request) -> None:
        page.requests.append(request.url)

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            page.console_errors.append(message.text)

    def on_page_error(error: Error) -> None:
        page.page_errors.append(str(error))

    page.on("request", on_request)
    page.on("console", on_console)
    page.on("pageerror", on_page_error)
    return page


def non_local_requests(urls: list[str]) -> list[str]:
    """The URLs that name a host other than this machine (data:, blob: and about: URLs name none)."""
    return [url for url in urls if urlsplit(url).hostname not in {*LOCAL_HOSTS, None}]


def page_problems(page: Page) -> list[str]:
    """What a watched page did wrong: requests off the machine, console errors, uncaught exceptions."""
    problems = [f"request off the machine: {url}" for url in non_local_requests(page.requests)]
    problems += [f"console error: {text}" for text in page.console_errors]
    problems += [f"uncaught exception: {text}" for text in page.page_errors]
    return problems
