"""Auction cases that finish, and a read-out that says only what stands, tapped in
Chromium at the phone's size (390x844) on the club session with the deals
(``tests/data/phone_session.pbn``), clicking only the buttons the pages render and
reading back what was stored (`test_browser_scenarios.Director` counts the taps after
the board was picked; each count is printed and recorded as a property, never asserted
beyond the budget):

- a decision answered on the ruling's page lands on the call it is about (23A, 27B):
  East passes twice, and the judgement on his first pass rules the auction;
- the table's row gives the auction case a default the auction overrides (26B): during
  the auction the contract is not known, the auction entered makes another declarer, and
  a declarer changed under "More facts" keeps every answer;
- after declarer's choice (54D, 50D2(a)) the penalty card's instructions go; a revoke
  corrected on trick 12 with nothing played after it has no 62C paragraph, and on the
  revoke's page no result stands before the replayed one is entered (62D1).
"""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api", reason="the test extra installs playwright")
from playwright.sync_api import Browser, Page, expect

from tests.serve.test_browser import ARTIFACTS, TOKEN, VIEWPORTS, Server
from tests.serve.test_browser_scenarios import BUDGET, SESSION, Director, pick

#: every test drives Chromium through the app: a second or more each
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("serve") / "club.td-rulings.sqlite",
               str(SESSION)).start()
    yield s
    s.stop()


@pytest.fixture
def phone(browser: Browser, server: Server, request) -> Iterator[Page]:
    context = browser.new_context(viewport=VIEWPORTS["phone"])
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(server.url)
    yield page
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{request.node.name}-phone.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= VIEWPORTS["phone"]["width"]
    context.close()


def _latest(server: Server) -> dict[str, Any]:
    """The ruling the log holds last, as the API gives it."""
    request = urllib.request.Request(server.base + "/api/rulings",
                                     headers={"Authorization": f"Bearer {TOKEN}"})
    with urllib.request.urlopen(request, timeout=20) as response:
        return dict(json.loads(response.read())["rulings"][-1])


def _record(record_property: Any, name: str, d: Director) -> None:
    print(f"{name}: {d.taps} taps after the board was picked ({d.picking} to pick it)")
    record_property(f"taps {name}", d.taps)


def _not_accepted(d: Director, index: int) -> None:
    """The call ``index`` opened and its acceptance answered No (27A1)."""
    d.button(f"open:{index}")
    d.button(f"callset:{index}:accept=false")


def test_23a_the_judgement_lands_on_the_replacement_not_on_easts_last_pass(
        phone: Page, server: Server, record_property: Any) -> None:
    """North 1♥, East 1♣ not accepted, East passes instead; South 2♥, West pass, North
    3♥, East pass again. "Is East's pass comparable with 1♣?" answered No on the ruling's
    page is stored on East's first pass: the question goes, 27B2 rules (West passes
    throughout), and the ruling has one version more, not one per tap."""
    d = Director(phone)
    pick(d, "Auction irregularity", 1)
    d.bid("N", "1H")
    d.bid("E", "1C")
    _not_accepted(d, 1)
    for seat, call in (("E", "Pass"), ("S", "2H"), ("W", "Pass"), ("N", "3H"), ("E", "Pass")):
        d.bid(seat, call)
    d.rule()
    d.decide("whether East's pass is comparable with East's 1♣ (Law 23A)", "no")
    expect(phone.locator(".status").first).to_contain_text("ruled · Laws 23A, 27B2")
    expect(phone.locator("form.question")).to_have_count(0)
    entry = _latest(server)
    assert [c.get("comparable") for c in entry["case"]["calls"]] == \
        [None, None, False, None, None, None, None]
    assert entry["version"] == 2 and entry["status"] == "ruled"
    _record(record_property, "23A judgement on the replacement", d)
    assert d.taps <= BUDGET + 5, d.log


def test_26b_the_tables_declarer_is_a_default_the_auction_overrides(
        phone: Page, server: Server, record_property: Any) -> None:
    """Board 1 at the table of pairs 1 and 2 was played in 3NT by North. Ruled during the
    auction, the contract is not known ("if East becomes a defender"); the auction
    entered then makes South declarer, and the ruling follows it with a note; the
    Director's own declarer under "More facts" drops no answer."""
    d = Director(phone)
    pick(d, "Auction irregularity", 1)
    expect(phone.locator("p.recorded")).to_contain_text(
        "The session's result has North as declarer: the auction entered overrides it")
    d.bid("N", "1H")
    d.bid("E", "1C")
    _not_accepted(d, 1)
    d.bid("E", "Pass")
    d.button("open:2")
    d.button("callset:2:comparable=false")
    preview = phone.locator(".preview")
    expect(preview).to_contain_text("If East becomes a defender, declarer may prohibit West")
    expect(preview).not_to_contain_text("is declarer")
    for seat, call in (("S", "1S"), ("W", "Pass"), ("N", "2S"), ("E", "Pass"), ("S", "4S"),
                       ("W", "Pass"), ("N", "Pass"), ("E", "Pass")):
        d.bid(seat, call)
    expect(preview).to_contain_text("South is declarer and East a defender")
    expect(preview).to_contain_text("the auction entered makes South declarer")
    phone.locator("details.more summary").click()
    d.button("set:declarer=S")
    calls = d.stored().case["calls"]
    assert calls[1]["accept"] is False and calls[2]["comparable"] is False
    expect(preview).not_to_contain_text("27C")
    d.rule()
    expect(phone.locator(".status").first).to_contain_text("ruled · Laws 23A, 27B2, 16C, 26B")
    entry = _latest(server)
    assert entry["case"]["recorded_declarer"] == "N" and entry["case"]["declarer"] == "S"
    _record(record_property, "26B the auction overrides the table's declarer", d)


def test_50d2a_54d_62_the_read_out_says_only_what_stands(
        phone: Page, server: Server, record_property: Any) -> None:
    """Board 3, West declares: South faces the ♦Q out of turn; West refuses the lead and
    requires a diamond from North: the ♦Q goes back to South's hand, and nothing read
    out tells him to keep it on the table or play it. Then a revoke corrected at trick
    12 with nothing played after it: no Law 62C paragraph."""
    d = Director(phone)
    pick(d, "Opening lead out of turn", 3)
    d.ask("Who made the opening lead out of turn?", "S")
    d.ask("Which card did South lead?", "DQ")
    d.ask("Was the card faced?", "True")
    d.rule()
    d.decide("Does declarer West spread his hand", "refuse")
    expect(phone.locator(".read")).to_contain_text("South takes ♦Q back as a major penalty")
    d.decide("North has the lead to trick 1", "require:D")
    read = phone.locator(".read")
    expect(read).to_contain_text("♦Q is no longer a penalty card and goes back into South's")
    for gone in ("as a major penalty card", "first legal opportunity", "stays face up"):
        expect(read).not_to_contain_text(gone)
    expect(phone.locator(".stands")).to_contain_text("North must lead diamonds to trick 1")
    assert _latest(server)["case"]["lead_option"] == "require:D"
    _record(record_property, "54D 50D2(a) lead refused, a diamond required", d)

    d = Director(phone)
    pick(d, "Revoke, corrected", 3)
    d.ask("Who revoked?", "N")
    d.ask("At which trick", "12")
    d.ask("Which suit was led", "S")
    d.ask("Which card did North play", "C8")
    d.ask("Where in the trick did he play", "2")
    d.ask("already faced", "False")
    d.ask("already have a penalty card", "False")  # (50B, 51B2: none on the table before)
    d.ask("played after", "False")
    d.rule()
    read = phone.locator(".read")
    expect(read).to_contain_text("it must be corrected (Law 62A)")
    expect(read).not_to_contain_text("Law 62C")
    _record(record_property, "62A revoke corrected on trick 12, nothing played after", d)


def test_62d1_no_result_stands_before_the_replayed_one_is_entered(
        phone: Page, server: Server, record_property: Any) -> None:
    """Board 3: North discards a club on a spade at trick 12 holding a spade, plays to
    trick 13, and the Director is called before the hands are returned: the revoke is
    corrected and the last two tricks played again (62D1). The page reads no "table
    result stands" and asks for declarer's tricks after them; answered, they stand."""
    d = Director(phone)
    pick(d, "Revoke", 3)
    d.ask("Who revoked?", "N")
    d.ask("At which trick did North revoke?", "12")
    d.ask("Which suit was led to trick 12?", "S")
    d.ask("Which card did North play?", "C8")
    d.ask("Has a player of North-South since played", "True")
    d.ask("Who of North-South played or named a card to trick 13?", "N")
    d.ask("Who won trick 12, the revoke trick?", "W")
    d.ask("How many tricks did North-South win from trick 12 on", "0")
    d.ask("returned to the board", "False")
    d.ask("Where in trick 12 did North play", "2")
    d.rule()
    expect(phone.locator(".stands")).not_to_contain_text("The table result stands")
    expect(phone.locator(".stands")).to_contain_text("to be entered once they are played")
    d.decide("Tricks 12 and 13 played again", "9")
    expect(phone.locator(".stands")).to_contain_text(
        "9 tricks once tricks 12 and 13 were played again")
    entry = _latest(server)
    assert entry["case"]["replayed_declarer_tricks"] == 9
    assert entry["ruling"]["adjusted_declarer_tricks"] == 9
    _record(record_property, "62D1 revoke on trick 12, the replayed result", d)
