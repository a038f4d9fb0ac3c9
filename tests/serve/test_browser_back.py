"""Tapped in Chromium at the phone's size (390x844), reading back what the log stored:

- Back after "Give the ruling", then "Give the ruling" again, leads to the ruling the
  first tap made; the log holds one ruling (the page's form is known by its one-time
  value, `td_plugin.serve.once`).
"""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api", reason="the test extra installs playwright")
from playwright.sync_api import Browser, Page, expect

from tests.serve.test_browser import TOKEN, VIEWPORTS, Server, enter_calls, server  # noqa: F401

pytestmark = pytest.mark.slow


@pytest.fixture
def page(browser: Browser, server: Server) -> Iterator[Page]:  # noqa: F811
    context = browser.new_context(viewport=VIEWPORTS["phone"])
    pg = context.new_page()
    pg.set_default_timeout(15_000)
    pg.goto(server.url)
    yield pg
    assert pg.evaluate("document.documentElement.scrollWidth <= innerWidth")
    context.close()


def _rulings(server: Server) -> list[dict[str, Any]]:  # noqa: F811
    request = urllib.request.Request(server.base + "/api/rulings",
                                     headers={"Authorization": f"Bearer {TOKEN}"})
    with urllib.request.urlopen(request, timeout=20) as response:
        rulings: list[dict[str, Any]] = json.loads(response.read())["rulings"]
        return rulings


def test_back_then_give_the_ruling_again_makes_no_second_ruling(page: Page,
                                                                server: Server) -> None:  # noqa: F811
    page.get_by_role("link", name="Auction irregularity", exact=True).click()
    page.fill("input[name=board]", "17")
    page.fill("input[name=table]", "4")
    enter_calls(page, "S", ["S 1D", "S 1NT"])
    before = len(_rulings(server))
    page.get_by_role("button", name="Give the ruling").click()
    expect(page.locator("h1")).to_contain_text("Ruling")
    made = page.url
    page.go_back()
    page.get_by_role("button", name="Give the ruling").click()
    expect(page.locator("h1")).to_contain_text("Ruling")
    assert page.url == made
    expect(page.locator(".error")).to_have_count(0)
    rulings = _rulings(server)
    assert len(rulings) == before + 1
    assert rulings[-1]["board"] == 17 and rulings[-1]["version"] == 1
