"""Two kinds of the play period tapped through in a real browser (Debian's Chromium
driven by Playwright) at a phone's size (the desktop's layout of the same pages is checked
in test_browser), against ``td-plugin serve`` as its own process, with a screenshot of
where each ended (``test-artifacts/serve/``): an opening lead out of turn that declarer
refuses (Laws 54D, 50D2), and a defender's penalty card when his partner has the lead
(Law 50D2)."""

from __future__ import annotations

import pytest

pytest.importorskip("playwright.sync_api", reason="the test extra installs playwright")
from playwright.sync_api import Page, expect

from tests.serve.test_browser import PHONE_ONLY, page, server

#: every test drives Chromium through the app: a second or more each
pytestmark = pytest.mark.slow

__all__ = ["page", "server"]


def ask(page: Page, question: str, value: str, leads: str | None = None) -> None:
    box = page.locator("section.ask")
    expect(box.locator("h2")).to_contain_text(question)
    box.locator(f"button[value$='={value}']").first.click()
    if leads:
        expect(page.locator("ol.trail li").last).to_contain_text(leads)


def decide(page: Page, question: str, label: str) -> None:
    form = page.locator("form.question", has_text=question)
    expect(form).to_be_visible()
    form.get_by_role("button", name=label, exact=True).click()


@PHONE_ONLY
def test_54_opening_lead_out_of_turn_refused_then_hearts_required(page: Page) -> None:
    """North declares 3NT; West faces the ♥4 though East is to lead (a New Zealand club's
    example of the five options): declarer refuses the lead (54D) and requires a heart
    from East, so the ♥4 goes back to West's hand (50D2(a))."""
    page.get_by_role("link", name="Opening lead out of turn", exact=True).click()
    ask(page, "Who is declarer", "N")
    ask(page, "Who made the opening lead out of turn?", "W", "Law 54")
    ask(page, "Which card did West lead?", "H4")
    ask(page, "Was the card faced?", "True")
    # the usual answers to the exceptions of Law 54 are given without a tap
    expect(page.locator("ol.trail li", has_text="Did declarer begin to spread his hand")
           ).to_contain_text("usual answer")
    expect(page.locator(".preview .status")).to_contain_text("Law 54")
    page.get_by_role("button", name="Give the ruling").click()
    expect(page.locator("h1")).to_contain_text("Ruling")
    decide(page, "Does declarer North spread his hand", "Refuse the lead")
    expect(page.locator(".read")).to_contain_text("West takes ♥4 back as a major penalty card")
    decide(page, "East has the lead to trick 1", "Require a lead of hearts")
    expect(page.locator(".read")).to_contain_text("Declarer North requires East to lead "
                                                  "hearts to trick 1")
    expect(page.locator(".stands")).to_contain_text("East must lead hearts to trick 1 "
                                                    "(Law 50D2(a))")
    expect(page.locator(".status").first).to_contain_text("ruled")


@PHONE_ONLY
def test_50_penalty_card_partner_on_lead_in_danish(page: Page) -> None:
    """East's ♠7, led out of turn and refused, lies on the table; West has the lead to
    trick 6: declarer prohibits spades for as long as West keeps the lead (50D2(a)), the
    Laws Committee's Example 43 — entered in Danish."""
    page.get_by_role("link", name="Dansk", exact=True).click()
    page.get_by_role("link", name="Strafkort", exact=True).click()
    ask(page, "Hvem er spilfører?", "S")
    ask(page, "Hvilken modspiller har strafkortet?", "E")
    ask(page, "Hvilket kort ligger på bordet?", "S7")
    ask(page, "Har han endnu et strafkort?", "False")
    ask(page, "Blev det vist ved et bevidst spil", "True", "§ 50B")
    ask(page, "Hvilket stik spilles der til", "6")
    ask(page, "Har hans makker nu udspillet?", "True", "§ 50D2")
    page.get_by_role("button", name="Afsig kendelsen").click()
    decide(page, "Vest har udspillet til stik 6", "Forbyd udspil i spar")
    expect(page.locator(".read")).to_contain_text("Spilfører Syd forbyder Vest at spille ud i "
                                                  "spar, så længe han bevarer udspillet")
    expect(page.locator(".stands")).to_contain_text("Vest må ikke spille ud i spar fra stik 6")
