"""A table's call for the Director as the Director meets it on the phone (390x844):
``td-plugin serve --bridgemate`` in its own process reads the stand-in Data Connector;
the call shows on the home page at the next poll without the Director reloading, tapping
it sends "in progress" to the terminal, the case opens with the board's place, dealer and
vulnerability filled in, and the ruling sends "resolved". A screenshot of the end is kept
in ``test-artifacts/serve/``."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

pytest.importorskip("playwright.sync_api", reason="the test extra installs playwright")
pytest.importorskip("bridgemate_dataconnector", reason="the bridgemate extra brings the client")
from playwright.sync_api import Browser, expect

from td_plugin.commands.serve import CLUB_ID_ENV, LICENCE_KEY_ENV
from tests.dataconnector_standin import ACCEPTS, CLUB_ID, LICENCE_KEY, StandIn
from tests.serve.test_browser import ARTIFACTS, Server, tap

pytestmark = pytest.mark.slow

DEAL = "N:AKQ2.K32.A2.K432 J9876.QJ4.KQ.AJ7 T54.A765.J543.Q5 3.T98.T9876.T986"


def eventually(check: Callable[[], bool], what: str) -> None:
    """Wait for the server's next polls (no time is asserted: only that it happens)."""
    for _ in range(300):
        if check():
            return
        time.sleep(0.05)
    raise AssertionError(f"never happened: {what}")


def test_a_call_on_the_phone_from_the_terminal_to_the_ruling(
        browser: Browser, tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(CLUB_ID_ENV, CLUB_ID)
    monkeypatch.setenv(LICENCE_KEY_ENV, LICENCE_KEY)
    with StandIn() as dc:
        dc.set_mitchell("A", 4, 3, 2)
        dc.add_handrecord("A", 7, DEAL)
        server = Server(tmp_path / "club.td-rulings.sqlite", "--bridgemate", dc.url,
                        "--bridgemate-poll", "0.5").start()
        context = browser.new_context(viewport={"width": 390, "height": 844})
        try:
            page = context.new_page()
            page.set_default_timeout(15_000)
            page.goto(server.url)
            expect(page.locator(".td-calls")).to_contain_text("No table is calling the Director.")
            dc.add_td_call("A", 3, 2, 19, 42)
            call = page.locator(".calls-open button", has_text="Section A, table 3, round 2")
            expect(call).to_be_visible()  # the page refreshed itself
            expect(call).to_contain_text("boards 7, 8")
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "td-call-home-phone.png"), full_page=True)
            call.click()
            expect(page.locator("h1")).to_have_text("Section A, table 3, round 2")
            expect(page.locator("main")).to_contain_text("Director on the way")
            eventually(lambda: dc.call_status("A", 3, 2) == [2], "in progress at the terminal")
            board = page.locator("section.call-board", has_text="Board 7")
            expect(board).to_contain_text("North: AKQ2.K32.A2.K432")
            page.screenshot(path=str(ARTIFACTS / "td-call-page-phone.png"), full_page=True)
            board.get_by_role("button", name="Auction irregularity", exact=True).click()
            for name, value in (("board", "7"), ("section", "A"), ("table", "3"), ("round", "2")):
                expect(page.locator(f"input[name={name}]")).to_have_value(value)
            expect(page.locator("button[value='dealer:S']")).to_have_class("seat on")
            expect(page.locator(".description")).to_contain_text(
                "TD call from section A, table 3, round 2 at 19:42. N-S 3, E-W 2. Deal: " + DEAL)
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
            for call_ in ("1H", "1C"):  # South 1H, West 1C: an insufficient bid
                tap(page, f"call:{call_}")
            page.get_by_role("button", name="Give the ruling").click()
            expect(page.locator("h1")).to_contain_text("Ruling")
            eventually(lambda: dc.call_status("A", 3, 2) == [3], "resolved at the terminal")
            page.goto(server.base + "/")
            expect(page.locator(".td-calls")).to_contain_text("No table is calling the Director.")
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
        finally:
            context.close()
            out = server.stop()
        assert CLUB_ID not in out + "".join(server.banner)
        assert LICENCE_KEY not in out + "".join(server.banner)
        assert "Bridgemate: " + dc.url in "".join(server.banner)
        assert not set(dc.commands()) & ACCEPTS
        for request in dc.requests:  # the credentials went to the Data Connector alone
            assert (request.club_id, request.licence_key) == (CLUB_ID, LICENCE_KEY)
