"""Each app starts one engine on a return: one worker per page, started once, when the page's head starts it early (the
device has started it before: overrides/partials/engine-start.html) and the app takes it over (engine.mjs). Two
workers would each download and start Python: twice the memory and the work on a phone. A warm page is a returning
player's (tests/support/lanes.py keeps the started mark); a first visit is counted with its layout shifts, in
tests/offline/test_first_visit.py. When the worker starts against the page's own start-up is a matter of speed,
measured in benchmarks/keeper_startup.py, not pinned here."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from sitebuild.runtime_manifest import STARTED_MARK
from support.engines import engines_started
from support.keeper import KEEPER

pytestmark = pytest.mark.browser

APPS = [KEEPER, "configurator/", "helper/"]


@pytest.mark.parametrize("address", APPS)
def test_an_app_starts_one_engine_on_a_return(phone_page: Page, site_server: str, address: str) -> None:
    phone_page.goto(site_server)
    assert phone_page.evaluate(f"localStorage.getItem({STARTED_MARK!r})") == "1", "this device has started it before"
    assert engines_started(phone_page, site_server + address) == (1, 1)
