"""What the Director taps is what the app keeps: tapped through in Chromium at the phone's
size (390x844), clicking the buttons by what they show, and after each tap the draft the
page holds (its hidden field, and the same draft in the page's address) is read back and
compared with what was tapped.

- "It showed" writes onto the call that is open, not onto another one.
- An answer the Director gave is read out as given (25B1: West does not accept), however
  the auction goes on.
- After a decision (an insufficient bid not accepted, 27A1) the bidding box offers the
  offender, who replaces his call (27B).
- A fact corrected after the Law 64C judgement drops the judgement, and the ruling asks
  for it again; the text to read and what stands give the same result.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

pytest.importorskip("playwright.sync_api", reason="the test extra installs playwright")
from playwright.sync_api import Browser, Page, expect

from td_plugin.serve.draft import Draft
from tests.serve.test_browser import ARTIFACTS, VIEWPORTS, Server, server  # noqa: F401

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


def stored(page: Page) -> Draft:
    """The draft the page holds, read back: its hidden field, which is the draft of the
    page's address (the page a reload or the Back button shows)."""
    draft = Draft.loads(page.locator("input[name=draft]").get_attribute("value") or "")
    packed = parse_qs(urlparse(page.url).query).get("draft")
    if packed:
        assert Draft.unpack(packed[0]).dumps() == draft.dumps()
    return draft


def calls_of(draft: Draft) -> list[dict[str, Any]]:
    return [draft.call_at(i) for i in range(len(draft.calls))]


def bid(page: Page, name: str) -> None:
    """A tap on the bidding box's button that shows ``name`` (``1♥``, ``Pass``)."""
    page.locator(".box").get_by_role("button", name=name, exact=True).click()


def who(page: Page, seat: str) -> None:
    page.locator(".who").get_by_role("button", name=seat, exact=True).click()


def test_23_it_showed_writes_onto_the_open_call(page: Page) -> None:
    """The third call open, ♥ of "It showed" tapped: the third call shows hearts, and no
    other call changes (the button once named the suit's place as the call's)."""
    page.get_by_role("link", name="Auction irregularity", exact=True).click()
    for name in ("1♣", "1♠", "2♦"):
        bid(page, name)
    assert [(c["seat"], c["call"]) for c in calls_of(stored(page))] == \
        [("N", "1C"), ("E", "1S"), ("S", "2D")]
    page.locator(".calls li").nth(2).get_by_role("button").first.click()  # open it
    details = page.locator(".calls li.open .details")
    details.get_by_role("button", name="♥", exact=True).click()
    calls = calls_of(stored(page))
    assert calls[2].get("shows") == ["H"]
    assert [c.get("shows") for c in calls[:2]] == [None, None]
    page.locator(".calls li.open .details").get_by_role("button", name="♠", exact=True).click()
    calls = calls_of(stored(page))
    assert calls[2]["shows"] == ["S", "H"] and "shows" not in calls[0] | calls[1]
    expect(page.locator(".calls li").nth(2)).to_contain_text("It showed: ♠ ♥")
    page.reload()  # the page after a tap is the draft's own: a reload shows it again
    assert calls_of(stored(page))[2]["shows"] == ["S", "H"]


def test_25b1_an_answer_no_is_read_as_given_when_the_auction_goes_on(page: Page) -> None:
    """Article 003: South 1♦ changed to 1NT, West answers "no" on the ruling's page; the
    auction entered afterwards does not turn that answer into "West called without
    noticing the change"."""
    page.get_by_role("link", name="Auction irregularity", exact=True).click()
    page.locator("fieldset.row", has_text="Dealer").get_by_role("button", name="South").click()
    bid(page, "1♦")
    who(page, "South")
    bid(page, "1NT")
    page.get_by_role("button", name="Give the ruling").click()
    form = page.locator("form.question", has_text="whether to accept South's 1NT")
    form.get_by_role("button", name="No", exact=True).click()
    expect(page.locator(".read")).to_contain_text("West does not accept the change")
    page.get_by_role("link", name="Correct this ruling").click()
    assert calls_of(stored(page))[1] == {"seat": "S", "call": "1NT", "accept": False}
    assert stored(page).seat == "W"  # the ruling's next to call, not the dealer
    for name in ("Pass", "2♣", "Pass"):
        bid(page, name)
    assert [c.get("accept") for c in calls_of(stored(page))] == [None, False, None, None, None]
    read = page.locator(".preview .read")
    expect(read).to_contain_text("West does not accept the change: 1NT is cancelled")
    expect(read).not_to_contain_text("without noticing")
    expect(page.locator(".preview .stands")).to_contain_text(
        "South 1♦, West pass, North 2♣, East pass")


def test_27b_after_accept_no_the_offender_replaces_his_call(page: Page) -> None:
    """1♣ - 1♠ - 1♥ (insufficient); "Accepted: No" tapped on South's 1♥: the bidding box
    now enters South's call (27B), not West's, and the replacement is South's."""
    page.get_by_role("link", name="Auction irregularity", exact=True).click()
    for name in ("1♣", "1♠", "1♥"):
        bid(page, name)
    assert stored(page).seat == "W"
    page.locator(".calls li").nth(2).get_by_role("button").first.click()
    row = page.locator(".calls li.open .details .row", has_text="Accepted by the player")
    row.get_by_role("button", name="No", exact=True).click()
    draft = stored(page)
    assert calls_of(draft)[2] == {"seat": "S", "call": "1H", "accept": False}
    assert draft.seat == "S"
    expect(page.locator(".who button.on")).to_have_text("South")
    bid(page, "2♥")
    assert calls_of(stored(page))[3] == {"seat": "S", "call": "2H"}
    expect(page.locator(".preview .read")).to_contain_text("27B1(a)")


#: the answers tapped (the usual ones, a failure to follow suit, established by a later
#: trick, attention during the round, no other revoke, are given without a tap)
REVOKE_ANSWERS = ("4S", "S", "None", "9", "W", "6", "C", "D3", "True", "E", "W", "2")


def _read_and_stands(page: Page) -> tuple[str, str]:
    return page.locator(".read").inner_text(), page.locator(".stands").inner_text()


def _scores(text: str) -> list[str]:
    return re.findall(r"[+-]\d+ for North-South", text)


def test_64c_a_corrected_fact_drops_the_judgement_and_the_texts_agree(page: Page) -> None:
    """A revoke: West revokes at trick 6, wins the revoke trick, two tricks are
    transferred (64A1); the Director judges 12 tricks likely without the revoke (64C1).
    The text to read and what stands both give 12 tricks, +480. Then "who won the revoke
    trick" is corrected: the judgement is gone from the case, the ruling asks 64C again,
    and both texts give the new result."""
    page.get_by_role("link", name="Revoke", exact=True).click()
    for value in REVOKE_ANSWERS:
        before = stored(page)
        page.locator(f"section.ask button[value$='={value}']").first.click()
        assert stored(page).dumps() != before.dumps()  # each answer is kept
    page.get_by_role("button", name="Give the ruling").click()
    page.locator("form.question", has_text="Law 64C").get_by_role(
        "button", name="12", exact=True).click()
    read, stands = _read_and_stands(page)
    assert "12 tricks are assigned (+480 for North-South)" in read
    assert "Assigned under Law 64C1: 12 tricks, +480 for North-South" in stands
    assert _scores(read)[-1] == _scores(stands)[1] == "+480 for North-South"

    page.get_by_role("link", name="Correct this ruling").click()
    assert stored(page).case["equity_declarer_tricks"] == 12
    page.locator("ol.trail li", has_text="Who won trick 6").get_by_role(
        "button", name="Change").click()
    page.locator("section.ask button[value$='=S']").click()
    case = stored(page).case
    assert case["revokes"][0]["revoke_trick_won_by"] == "S"
    assert "equity_declarer_tricks" not in case  # dropped with the fact it depended on
    page.locator("section.ask button[value$='=1']").first.click()
    preview = page.locator(".preview")
    expect(preview.locator(".read")).to_contain_text("one trick is transferred")
    expect(preview.locator(".stands")).to_contain_text("10 tricks, +420 for North-South")
    expect(preview.locator(".stands")).not_to_contain_text("Assigned under Law 64C1")
    page.get_by_role("button", name="Give the corrected ruling").click()
    expect(page.locator("form.question", has_text="Law 64C")).to_be_visible()
    read, stands = _read_and_stands(page)
    assert _scores(read)[-1] == _scores(stands)[1] == "+420 for North-South"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "64c-judgement-dropped-phone.png"), full_page=True)


def test_the_phone_keeps_working_after_a_restart(browser: Browser, tmp_path) -> None:
    """The token is kept with the log (readable by its owner alone): after a restart the
    phone's cookie still opens the app, with no QR code scanned again; a reload or the
    Back button after a tap is a plain page load (every tap answered with a redirect).
    (A new token, and the page a phone then gets, are pinned in test_guard.)"""
    db = tmp_path / "club.td-rulings.sqlite"
    first = Server(db, token=None).start()
    context = browser.new_context(viewport=VIEWPORTS["phone"])
    pg = context.new_page()
    pg.set_default_timeout(15_000)
    try:
        pg.goto(first.url)
        pg.get_by_role("link", name="Auction irregularity", exact=True).click()
        bid(pg, "1♣")
        bid(pg, "1♠")
        assert len(stored(pg).calls) == 2
        back = pg.go_back()
        assert back is not None and back.request.method == "GET"
        assert [c["call"] for c in calls_of(stored(pg))] == ["1C"]
        again = pg.reload()
        assert again is not None and again.request.method == "GET" and again.ok
        assert [c["call"] for c in calls_of(stored(pg))] == ["1C"]
        bid(pg, "1♥")  # a tap on the earlier page goes on from it
        assert [(c["seat"], c["call"]) for c in calls_of(stored(pg))] == \
            [("N", "1C"), ("E", "1H")]
    finally:
        first.stop()
    kept = db.with_name(db.name + ".token")
    assert kept.stat().st_mode & 0o777 == 0o600
    second = Server(db, token=None).start()
    try:
        assert any("phones that opened it keep working" in line for line in second.banner)
        assert urlparse(second.url).query == urlparse(first.url).query  # the same token
        shown = pg.goto(second.base + "/new/auction")  # the phone's cookie, no QR code
        assert shown is not None and shown.status == 200
        bid(pg, "1♦")
        assert [c["call"] for c in calls_of(stored(pg))] == ["1D"]
    finally:
        second.stop()
        context.close()


def test_38_a_bid_of_more_than_seven_is_tapped_and_ruled(page: Page) -> None:
    """Spoken bidding: South says "eight spades". The Director opens the Law 38 row
    under the bidding box, taps 8♠, and the ruling cancels it, substitutes a pass and
    binds North-South to pass (38A-38C)."""
    page.get_by_role("link", name="Auction irregularity", exact=True).click()
    for name in ("1♠", "Pass"):
        bid(page, name)
    page.get_by_text("A bid of more than seven (Law 38)").click()
    page.locator(".above-seven").get_by_role("button", name="8♠", exact=True).click()
    assert [(c["seat"], c["call"]) for c in calls_of(stored(page))] == \
        [("N", "1S"), ("E", "Pass"), ("S", "8S")]
    preview = page.locator(".preview")
    expect(preview).to_contain_text("is a bid of more than seven")
    expect(preview).to_contain_text("must pass whenever it is their turn to call (Law 38C)")
