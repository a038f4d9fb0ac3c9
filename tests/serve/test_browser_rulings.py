"""Tapped in Chromium at the phone's size (390x844), reading back what the log stored:

- Back after "Give the ruling", then "Give the ruling" again, leads to the ruling the
  first tap made; the log holds one ruling (the page's form is known by its one-time
  value, `td_plugin.serve.once`).
- The rows of seat answers with their law tags (a premature play, a lead out of turn)
  fit the phone's width in English and Danish (`tests.serve.phone_width`).
- The Law 64C judgement as a weighted score (12C1(c)), 60 % of 11 tricks and 40 % of 10,
  in four taps (`td_plugin.serve.weighted`); the case stores it as a case file writes it.
"""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

pytest.importorskip("playwright.sync_api", reason="the test extra installs playwright")
from playwright.sync_api import Page, expect

from tests.serve.phone_width import widths
from tests.serve.test_browser import TOKEN, VIEWPORTS, Server, enter_calls, server  # noqa: F401
from tests.serve.test_browser_taps import page  # noqa: F401  (the phone, its width checked after)

pytestmark = pytest.mark.slow


def _rulings(server: Server) -> list[dict[str, Any]]:  # noqa: F811
    request = urllib.request.Request(server.base + "/api/rulings",
                                     headers={"Authorization": f"Bearer {TOKEN}"})
    with urllib.request.urlopen(request, timeout=20) as response:
        rulings: list[dict[str, Any]] = json.loads(response.read())["rulings"]
        return rulings


def test_back_then_give_the_ruling_again_makes_no_second_ruling(
        page: Page, server: Server) -> None:  # noqa: F811
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


#: 64A1 (seed article 002's revoke): East revokes at trick 5 and wins it, two tricks go
#: to North-South; Law 64C asks whether that compensates them
REVOKE = {"kind": "revoke", "contract": "4H", "declarer": "N", "vulnerable": "NS",
          "declarer_tricks": 9, "attention": "during_round",
          "revokes": [{"offender": "E", "trick": 5, "failure": "follow_suit", "suit_led": "D",
                       "card": "H5", "established": True, "established_how": "next_trick",
                       "established_by": "W", "revoke_trick_won_by": "E",
                       "offending_side_tricks_from_revoke": 3}]}


def test_64c_a_weighted_judgement_in_four_taps(page: Page, server: Server) -> None:  # noqa: F811
    request = urllib.request.Request(
        server.base + "/api/rulings", method="POST",
        data=json.dumps({"case": REVOKE, "board": 23}).encode(),
        headers={"Authorization": f"Bearer {TOKEN}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=20) as response:
        ruling = json.loads(response.read())["id"]
    page.goto(f"{server.base}/rulings/{ruling}")
    form = page.locator("form.question", has_text="Law 64C")
    taps = [form.get_by_role("link", name="A weighted score (Law 12C1(c))"),
            form.locator(".numbers").get_by_role("link", name="11", exact=True),
            form.locator(".weights").get_by_role("link", name="60\u00a0%", exact=True)]
    for target in taps:
        target.click()
        form = page.locator("form.question", has_text="Law 64C")
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    expect(form).to_contain_text("60\u00a0% of 11 tricks, 40\u00a0% left")
    # only weights that leave some for another result were offered for 11 tricks; now 10
    # tricks take the rest, and 11 is not offered again
    expect(form.locator(".numbers").get_by_role("button", name="11", exact=True)).to_have_count(0)
    form.locator(".numbers").get_by_role("button", name="10", exact=True).click()
    expect(page.locator(".stands")).to_contain_text("60%")
    (entry,) = [r for r in _rulings(server) if r["id"] == ruling]
    assert entry["version"] == 2
    assert entry["case"]["equity_weighted"] == [{"result": "4H N 11", "weight": "60%"},
                                                {"result": "4H N 10", "weight": "40%"}]
    assert "equity_declarer_tricks" not in entry["case"]
    expect(page.locator("form.question", has_text="Law 64C")).to_have_count(0)


@pytest.mark.parametrize("kind", ["premature_play", "lead_out_of_turn"])
def test_rows_of_seats_with_law_tags_fit_the_phone(page: Page, server: Server,  # noqa: F811
                                                   kind: str) -> None:
    """The first questions of the kind (who, whose turn it was: four seats with a law tag
    each), tapped West where seats are asked, then measured again in English and Danish."""
    page.goto(f"{server.base}/new/{kind}")
    passed = [page.url]
    for _ in range(3):
        answers = page.locator("section.ask button[value^='answer:']")
        seats = page.locator("section.ask .answers.seat button")
        (seats.last if seats.count() else answers.first).click()
        page.wait_for_load_state()
        passed.append(page.url)
    measured = widths(page, server.base, passed)
    assert len(measured) == 2 * len(set(passed))
    assert [w for w in measured if not w.fits] == []
