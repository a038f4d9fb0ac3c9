"""The eight rulings a Director gives most often, each from the board picker to the
ruling, tapped in Chromium at the phone's size (390x844) on a club session with the deals
(``tests/data/phone_session.pbn``: eight boards, each played by pairs 1-2 and 3-4, no
Section, Table or Round tags), clicking only the buttons the pages render.

Each scenario's taps after the board was picked are counted (at most 10 each, the
budget of a ruling at the table; the usual answers of a revoke and of an opening lead out
of turn are given without a tap, `td_plugin.serve.draft.USUAL_ANSWERS`) and its time is
printed and recorded as a property of the test (never asserted). After each call and
answer the case the page holds is read back; the case the log holds at the end is
compared with the facts that were tapped. Then the rulings are written into a copy of the
session, and the copy differs from the session only by the rulings' own tags and
commentary.

One test drives the eight in order against one server: the write-back needs all of
them in one log.
"""

from __future__ import annotations

import difflib
import json
import re
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api", reason="the test extra installs playwright")
from playwright.sync_api import Browser, Locator, Page, expect

from td_plugin.serve.draft import Draft
from tests.serve.phone_width import widths
from tests.serve.test_browser import ARTIFACTS, TOKEN, VIEWPORTS, Server

pytestmark = pytest.mark.slow

SESSION = Path(__file__).resolve().parents[1] / "data" / "phone_session.pbn"
BUDGET = 10  # taps after the board was picked


@dataclass
class Director:
    """The phone in the Director's hand: every tap is counted."""

    page: Page
    taps: int = 0
    picking: int = 0
    log: list[str] = field(default_factory=list)
    pages: list[str] = field(default_factory=list)  # the addresses of the pages tapped on

    def tap(self, target: Locator, what: str) -> None:
        expect(target).to_be_visible()
        self.pages.append(self.page.url)
        target.click()
        self.taps += 1
        self.log.append(what)

    def button(self, value: str) -> None:
        """The button that does ``value`` (as the page renders it)."""
        self.tap(self.page.locator(f"button[value='{value}']").first, value)

    def stored(self) -> Draft:
        """The case the page holds after the tap, read back."""
        return Draft.loads(self.page.locator("input[name=draft]").get_attribute("value") or "")

    def bid(self, seat: str, call: str) -> None:
        """``call`` by ``seat``: a tap on the seat only when the app does not offer it."""
        who = self.page.locator(f"fieldset.who button[value='seat:{seat}']")
        if "on" not in (who.get_attribute("class") or "").split():
            self.tap(who, f"seat {seat}")
        self.button(f"call:{call}")
        draft = self.stored()
        assert draft.call_at(len(draft.calls) - 1) == {"seat": seat, "call": call}

    def ask(self, question: str, value: str) -> None:
        box = self.page.locator("section.ask")
        expect(box.locator("h2")).to_contain_text(question)
        button = box.locator(f"button[value$='={value}']").first
        key = (button.get_attribute("value") or "").partition(":")[2].partition("=")[0]
        self.tap(button, f"{question} {value}")
        qid, _, index = key.partition("@")
        case = self.stored().case
        stored = case["revokes"][int(index)][qid] if index else case[qid]
        assert str(stored) == value, (question, value, stored)  # kept as tapped

    def rule(self) -> None:
        self.tap(self.page.locator("button.primary[value=rule]"), "rule")
        expect(self.page.locator("h1")).to_contain_text("Ruling")

    def decide(self, question: str, value: str) -> None:
        form = self.page.locator("form.question", has_text=question)
        self.tap(form.locator(f"button[value$=':{value}']").first, f"{question} {value}")


def shot(page: Page, name: str) -> None:
    """A screenshot of what the phone shows, for the README (``docs/images``)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def pick(d: Director, kind: str, board: int) -> None:
    """From the list of rulings: the kind of case, the board, and the row of the table
    where it happened (pairs 1 and 2 played it there)."""
    d.page.locator("header a.home").click()
    d.tap(d.page.get_by_role("link", name=kind, exact=True), kind)
    d.tap(d.page.locator(".picker .boards").get_by_role("button", name=str(board), exact=True),
          f"board {board}")
    row = d.page.locator(".picker button.result", has_text="Pairs 1 v 2")
    expect(row).to_contain_text("Hansen, Jens – Hansen, Birgit")
    d.tap(row, "the table of pairs 1 and 2")
    expect(d.page.locator(".picked")).to_contain_text(f"Board {board}")
    d.picking, d.taps = d.taps, 0


def s000_unintended_call(d: Director) -> dict[str, Any]:
    pick(d, "Auction irregularity", 1)
    for seat, call in (("N", "1H"), ("E", "Pass"), ("S", "2S"), ("W", "Pass")):
        d.bid(seat, call)
    d.button("open:2")  # South says he meant 1♠: his 2♠ was unintended
    d.button("unintended:2")
    d.bid("S", "1S")  # the app offers South, who corrects it (25A1)
    d.rule()
    d.decide("whether to withdraw West's pass (Law 25A6)", "no")
    expect(d.page.locator(".status").first).to_contain_text("ruled")
    expect(d.page.locator(".stands")).to_contain_text("North 1♥, East pass, South 1♠, West pass")
    return {"dealer": "N", "calls": [
        {"seat": "N", "call": "1H"}, {"seat": "E", "call": "Pass"},
        {"seat": "S", "call": "2S", "unintended": True},
        {"seat": "W", "call": "Pass", "withdraw": False}, {"seat": "S", "call": "1S"}]}


def s003_change_not_accepted(d: Director) -> dict[str, Any]:
    pick(d, "Auction irregularity", 3)
    d.bid("S", "1D")
    d.bid("S", "1NT")
    d.rule()
    d.decide("whether to accept South's 1NT (Law 25B1)", "no")
    expect(d.page.locator(".status").first).to_contain_text("ruled · Laws 25B2, 16C, 26B")
    expect(d.page.locator(".stands")).to_contain_text("declarer may prohibit North")
    shot(d.page, "serve-phone-ruling")
    return {"dealer": "S", "calls": [{"seat": "S", "call": "1D"},
                                     {"seat": "S", "call": "1NT", "accept": False}]}


def s027_comparable(d: Director) -> dict[str, Any]:
    pick(d, "Auction irregularity", 2)
    for seat, call in (("E", "1C"), ("S", "1S"), ("W", "1H")):
        d.bid(seat, call)
    d.rule()
    d.decide("North, whether to accept West's 1♥ (Law 27A1)", "no")
    d.decide("which legal call replaces West's 1♥", "X")
    d.decide("whether West's double is comparable with West's 1♥ (Law 23A)", "yes")
    expect(d.page.locator(".status").first).to_contain_text("ruled · Laws 23A, 27B1(b), 26A")
    return {"dealer": "E", "calls": [
        {"seat": "E", "call": "1C"}, {"seat": "S", "call": "1S"},
        {"seat": "W", "call": "1H", "accept": False},
        {"seat": "W", "call": "X", "comparable": True}]}


def s027_not_comparable(d: Director) -> dict[str, Any]:
    pick(d, "Auction irregularity", 4)
    d.bid("W", "1H")
    d.bid("N", "1C")
    d.rule()
    d.decide("East, whether to accept North's 1♣ (Law 27A1)", "no")
    d.decide("which legal call replaces North's 1♣", "1S")
    d.decide("whether North's 1♠ is comparable with North's 1♣ (Law 23A)", "no")
    expect(d.page.locator(".status").first).to_contain_text("27B2")
    expect(d.page.locator(".stands")).to_contain_text("South")
    return {"dealer": "W", "calls": [
        {"seat": "W", "call": "1H"}, {"seat": "N", "call": "1C", "accept": False},
        {"seat": "N", "call": "1S", "comparable": False}]}


def s064_revoke_two_tricks(d: Director) -> dict[str, Any]:
    pick(d, "Revoke", 5)
    d.ask("Who revoked?", "E")
    d.ask("At which trick did East revoke?", "5")
    d.ask("Which suit was led to trick 5?", "D")
    d.ask("Which card did East play?", "H5")
    d.ask("Has a player of East-West since played", "True")
    d.ask("Who of East-West played or named a card to trick 6?", "W")
    d.ask("Who won trick 5, the revoke trick?", "E")
    d.ask("How many tricks did East-West win from trick 5 on", "3")
    trail = d.page.locator("ol.trail")  # the usual answers, given without a tap
    for question in ("What did East fail to do?", "How did East-West establish it?",
                     "When was attention first drawn", "Did anyone else revoke"):
        expect(trail.locator("li", has_text=question)).to_contain_text("usual answer")
    shot(d.page, "serve-phone-revoke")
    d.rule()
    expect(d.page.locator(".read")).to_contain_text("two tricks are transferred to North-South")
    d.decide("Law 64C", "12")
    expect(d.page.locator(".stands")).to_contain_text("sufficiently compensated")
    return {"kind": "revoke", "contract": "4H", "declarer": "N", "vulnerable": "NS",
            "declarer_tricks": 10, "attention": "during_round", "equity_declarer_tricks": 12,
            "revokes": [{"offender": "E", "trick": 5, "failure": "follow_suit",
                         "suit_led": "D", "card": "H5", "established": True,
                         "established_how": "next_trick", "established_by": "W",
                         "revoke_trick_won_by": "E", "offending_side_tricks_from_revoke": 3}]}


def s062_corrected_revoke(d: Director) -> dict[str, Any]:
    pick(d, "Revoke, corrected", 6)
    d.ask("Who revoked?", "W")
    d.ask("At which trick", "3")
    d.ask("Which suit was led", "S")
    d.ask("Which card did West play", "C5")
    d.ask("already established", "False")  # (63B: noticed in time, so corrected)
    d.ask("already faced", "False")
    d.ask("already have a penalty card", "False")  # (50B, 51B2: none on the table before)
    d.ask("played after", "False")
    d.rule()
    expect(d.page.locator(".read")).to_contain_text("♣5 becomes a penalty card (Law 62B1). It is "
                                                    "a major penalty card")
    return {"kind": "revoke_correction", "contract": "3NT", "declarer": "S",
            "offender": "W", "trick": 3, "suit_led": "S", "card": "C5",
            "established": False, "card_faced": False, "earlier": False,
            "later_cards": False}


def s054_opening_lead_accepted(d: Director) -> dict[str, Any]:
    pick(d, "Opening lead out of turn", 7)
    d.ask("Who made the opening lead out of turn?", "W")
    d.ask("Which card did West lead?", "H4")
    d.ask("Was the card faced?", "True")
    trail = d.page.locator("ol.trail")  # the usual answers, given without a tap
    for question in ("Had the right leader already led face down?",
                     "Did declarer begin to spread his hand",
                     "Could declarer have seen any of dummy's cards?"):
        expect(trail.locator("li", has_text=question)).to_contain_text("usual answer")
    d.rule()
    d.decide("Does declarer North spread his hand", "accept")
    expect(d.page.locator(".status").first).to_contain_text("ruled")
    expect(d.page.locator(".read")).to_contain_text("accept")
    return {"kind": "opening_lead", "declarer": "N", "offender": "W", "card": "H4",
            "faced": True, "option": "accept"}


def s031_bid_at_partners_turn(d: Director) -> dict[str, Any]:
    pick(d, "Auction irregularity", 8)
    d.bid("E", "1S")
    d.rule()
    d.decide("South, whether to accept East's 1♠ (Law 29A)", "no")
    expect(d.page.locator(".status").first).to_contain_text("ruled · Laws 29B, 31B, 16C")
    return {"dealer": "W", "calls": [{"seat": "E", "call": "1S", "accept": False}]}


SCENARIOS: list[tuple[str, int, Callable[[Director], dict[str, Any]]]] = [
    ("000 unintended call corrected before partner calls", 1, s000_unintended_call),
    ("003 change of call not accepted, 26B", 3, s003_change_not_accepted),
    ("27B1(b) insufficient bid replaced by a comparable call", 2, s027_comparable),
    ("27B2 insufficient bid replaced by a non-comparable call", 4, s027_not_comparable),
    ("64A1 revoke from the facts, two tricks transferred", 5, s064_revoke_two_tricks),
    ("62B1 corrected revoke and its penalty card", 6, s062_corrected_revoke),
    ("54 opening lead out of turn accepted", 7, s054_opening_lead_accepted),
    ("31B bid out of rotation at partner's turn", 8, s031_bid_at_partners_turn),
]


def _subset(expected: Any, stored: Any) -> bool:
    """Every fact that was tapped is in the stored case, as tapped."""
    if isinstance(expected, dict):
        return isinstance(stored, dict) and all(
            _subset(v, stored.get(k)) for k, v in expected.items())
    if isinstance(expected, list):
        return isinstance(stored, list) and len(expected) == len(stored) and all(
            _subset(e, s) for e, s in zip(expected, stored, strict=True))
    return bool(expected == stored)


def _api(server: Server, path: str) -> Any:
    request = urllib.request.Request(server.base + path,
                                     headers={"Authorization": f"Bearer {TOKEN}"})
    with urllib.request.urlopen(request, timeout=20) as response:
        return json.loads(response.read())


def test_the_eight_scenarios_in_taps_then_written_into_the_session(
        browser: Browser, tmp_path: Path, record_property: Any) -> None:
    out = tmp_path / "written"
    server = Server(tmp_path / "club.td-rulings.sqlite", str(SESSION),
                    "--write-to", str(out)).start()
    context = browser.new_context(viewport=VIEWPORTS["phone"], device_scale_factor=2)
    page = context.new_page()
    page.set_default_timeout(15_000)
    counts: dict[str, int] = {}
    passed: list[str] = []  # every page the scenarios passed through
    try:
        page.goto(server.url)
        for name, board, scenario in SCENARIOS:
            d = Director(page)
            started = time.perf_counter()
            expected = scenario(d)
            seconds = time.perf_counter() - started
            counts[name] = d.taps
            assert d.taps <= BUDGET, (name, d.log)
            print(f"scenario {name}: {d.taps} taps after the board was picked "
                  f"({d.picking} to pick it), {seconds:.2f} s")
            record_property(f"taps {name}", d.taps)
            record_property(f"seconds {name}", round(seconds, 2))
            entry = _api(server, "/api/rulings")["rulings"][-1]
            assert entry["board"] == board and entry["record"] == 2 * board - 1, name
            assert _subset(expected, entry["case"]), (name, entry["case"])
            passed += [*d.pages, page.url]
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"scenario-{board}-phone.png"))
        measured = widths(page, server.base, passed)
        widest = max(measured, key=lambda w: w.scroll)
        print(f"{len(measured)} pages measured (en, da); the widest: {widest}")
        record_property("widest page", widest.scroll)
        too_wide = [(w.lang, w.path[:40], w.scroll, w.past) for w in measured if not w.fits]
        assert too_wide == [], "\n".join(map(str, too_wide))
        page.goto(server.base + "/")
        page.get_by_role("button", name="Write the rulings into the session").click()
        expect(page.locator(".done")).to_contain_text(f"Wrote {len(SCENARIOS)} rulings")
    finally:
        server.stop()
        context.close()
    written = (out / SESSION.name).read_text(encoding="latin-1")
    source = SESSION.read_text(encoding="latin-1")
    commentary = re.findall(r"\{[^}]*\}", written)
    assert len(commentary) == len(SCENARIOS)  # each ruling, as commentary on its record
    assert not re.findall(r"\{[^}]*\}", source)
    def lines(text: str) -> list[str]:  # blank lines (between records) aside
        return [line for line in text.splitlines() if line.strip()]

    bare = lines(re.sub(r" ?\{[^}]*\}", "", written))
    diff = [line for line in difflib.unified_diff(lines(source), bare, lineterm="", n=0)
            if line[:1] in "+-" and line[:3] not in ("+++", "---")]
    # beside the commentary, only the revoke's transfer changes its table's result and score
    assert diff == ['-[Result "10"]', '-[Score "NS 620"]', '+[Result "12"]',
                    '+[Score "NS 680"]'], diff
    print("taps per scenario:", counts)
