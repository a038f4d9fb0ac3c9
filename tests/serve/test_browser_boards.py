"""A board with no result tapped through in a real browser (Debian's Chromium driven by
Playwright) at a phone's size, against ``td-plugin serve`` as its own process: the kind is
in the phone's list, its two questions are each side's fault, and the ruling is the
artificial score of Law 12C2(a)."""

from __future__ import annotations

import pytest

pytest.importorskip("playwright.sync_api", reason="the test extra installs playwright")
from playwright.sync_api import Page, expect

from tests.serve.test_browser import PHONE_ONLY, page, server
from tests.serve.test_browser_play import ask

#: every test drives Chromium through the app: a second or more each
pytestmark = pytest.mark.slow

__all__ = ["page", "server"]


@PHONE_ONLY
def test_12c2a_no_result_tapped_through_at_390_px(page: Page) -> None:
    """East-West came too late to play the board: North-South in no way at fault,
    East-West directly at fault: 60 % and 40 %."""
    page.get_by_role("link", name="No result at a table", exact=True).click()
    ask(page, "Was North-South at fault?", "none", "average-plus, 60 %")
    ask(page, "Was East-West at fault?", "direct", "average-minus, 40 %")
    expect(page.locator(".preview")).to_contain_text("Law 12C2(a)")
    page.get_by_role("button", name="Give the ruling").click()
    expect(page.locator("h1")).to_contain_text("Ruling")
    expect(page.locator(".read")).to_contain_text(
        "Artificial adjusted score: North-South 60 % (In no way at fault), East-West 40 % "
        "(Directly at fault) (Law 12C2(a)).")
    expect(page.locator(".status").first).to_contain_text("ruled")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


@PHONE_ONLY
def test_87b_fouled_board_tables_typed_as_pairs(page: Page) -> None:
    """The ace of spades in the wrong pocket at one table: what differed, then the table
    typed as its pairs; the ruling carries the group."""
    page.get_by_role("link", name="Fouled board", exact=True).click()
    ask(page, "What differed between the copies of the board?", "cards", "a fouled board")
    expect(page.locator("section.ask h2")).to_contain_text("Which table played the changed")
    page.locator("input[name=pairs]").fill("2 v 13")
    page.locator("section.ask").get_by_role("button", name="Save").click()
    expect(page.locator("ol.trail")).to_contain_text("2-13")
    ask(page, "Did another table play the changed form?", "False")
    page.get_by_role("button", name="Give the ruling").click()
    expect(page.locator(".read")).to_contain_text("1 result(s) of 1 changed form(s)")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
