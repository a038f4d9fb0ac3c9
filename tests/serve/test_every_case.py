"""Every worked example of the source articles can be entered in the table app by its
controls: each case file under tests/cases turned into the taps a Director makes (the
bidding box and the call's details for an auction, the flowchart's questions for a
revoke), posted to the app as the buttons post them, and the ruling the app logs is the
one ``td-plugin rule`` gives for the file."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from td_plugin.cases.files import read_case_data
from td_plugin.cases.log import RulingLog
from td_plugin.host.manager import PluginHost
from td_plugin.laws.auction.incident import CALL_FIELDS, CASE_FIELDS
from td_plugin.model.auction import Call
from td_plugin.model.cards import Seat
from td_plugin.serve.app import AppConfig, create_app, rule_data
from td_plugin.serve.draft import ANSWERS, Draft
from td_plugin.serve.views import fact
from tests.serve.conftest import TOKEN, TestClient


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """One app for the module: each example is found again by the ruling id it was
    given, so the examples need no log of their own."""
    path = tmp_path_factory.mktemp("every-case") / "rulings.sqlite"
    with RulingLog(path) as log:
        app = create_app(AppConfig(log=log, host=PluginHost(load_entrypoints=False), token=TOKEN))
        with TestClient(app, base_url="http://testserver") as c:
            yield c

CASES = Path(__file__).resolve().parents[1] / "cases"
AUCTION = sorted(p for p in CASES.glob("*") if p.suffix in (".json", ".yaml", ".yml"))
REVOKE = sorted((CASES / "revoke").glob("*.json"))
SUITS = ("S", "H", "D", "C")


def _call(text: str) -> str:
    return Call.from_pbn({"PAS": "Pass", "DOBL": "X", "REDOBL": "XX"}.get(
        text.upper(), text.replace("ut", "NT").replace("UT", "NT"))).pbn()


def auction_taps(case: dict[str, Any]) -> Iterator[tuple[str, dict[str, str]]]:
    """The taps that enter an auction case: (action, the form's other fields)."""
    yield f"dealer:{case['dealer']}", {}
    if case.get("vulnerable"):
        yield f"vulnerable:{case['vulnerable']}", {}
    def case_fields(answers: bool) -> Iterator[tuple[str, dict[str, str]]]:
        for f in CASE_FIELDS:
            value = fact(case, f.key)
            if value is not None and (f.key in ANSWERS) == answers:
                yield f"set:{f.key}={str(value).lower() if f.input == 'bool' else value}", {}

    yield from case_fields(answers=False)
    seat = case["dealer"]
    for i, item in enumerate(case["calls"]):
        if isinstance(item, str):
            item = dict(zip(("seat", "call"), item.replace(":", " ").split()))
        if item["seat"] != seat:
            yield f"seat:{item['seat']}", {}
        yield f"call:{_call(item['call'])}", {}
        seat = Seat(item["seat"]).next.value
        details = {k for k in item if k not in ("seat", "call")}
        if not details:
            continue
        yield f"open:{i}", {}
        if item.get("unintended"):
            yield f"unintended:{i}", {}
            seat = item["seat"]  # the app offers him next: he corrects it (25A1)
        if item.get("shows") is not None:
            shows = item["shows"]
            for s in (shows or ["S", "S"]):  # [] shows nothing: a suit tapped on and off
                yield f"shows:{i}:{s}", {}
        meaning = item.get("meaning")
        if meaning:
            form = {}
            if meaning.get("hcp"):
                form["hcp_lo"], form["hcp_hi"] = map(str, meaning["hcp"])
            for s, r in (meaning.get("suits") or {}).items():
                form[f"len_{s}_lo"], form[f"len_{s}_hi"] = map(str, r)
            if meaning.get("purpose"):
                form["purpose"] = meaning["purpose"]
            yield f"open:{i}", {}  # the meaning's save closes the call; open it again
            yield f"meaning:{i}", form
        for f in CALL_FIELDS:
            if item.get(f.key) is not None:
                value = item[f.key]
                yield f"callset:{i}:{f.key}={str(value).lower() if f.input == 'bool' else value}", {}
    final = case.get("final_auction")
    if final is not None:
        yield "mode:final", {}
        for token in (final.split() if isinstance(final, str) else final):
            yield f"call:{'AP' if token == 'AP' else _call(token)}", {}
    # the decisions last, as the Director gets them: a fact entered after a decision
    # drops it
    yield from case_fields(answers=True)


class App:
    """The app driven through its forms, as the buttons post them."""

    def __init__(self, client) -> None:
        self.c = client
        self.c.get(f"/?token={TOKEN}", headers={"accept": "text/html"})

    def start(self, kind: str) -> str:
        return self.c.get(f"/new/{kind}").text

    def tap(self, page: str, action: str, fields: dict[str, str] | None = None):
        form = {"csrf": re.search(r'name="csrf" value="([^"]+)"', page).group(1),
                "draft": html.unescape(re.search(r'name="draft" value="([^"]+)"', page).group(1)),
                "action": action, **(fields or {})}
        url = re.search(r'<form method="post" action="([^"]+)" class="case"', page).group(1)
        return self.c.post(url, data=form, headers={"sec-fetch-site": "same-origin"})


def _logged(client, response) -> dict[str, Any]:
    assert response.status_code == 200, response.text[:2000]
    ruling_id = int(str(response.url).rsplit("/", 1)[1])
    return client.get(f"/api/rulings/{ruling_id}").json()["versions"][-1]["ruling"]


@pytest.mark.parametrize("path", AUCTION, ids=[p.stem for p in AUCTION])
def test_every_auction_example_by_taps(client, path) -> None:
    case = read_case_data(path)
    app = App(client)
    page = app.start("auction")
    for action, fields in auction_taps(case):
        r = app.tap(page, action, fields)
        assert r.status_code == 200, (action, re.findall(r'role="alert">([^<]*)', r.text))
        page = r.text
    ruling = _logged(client, app.tap(page, "rule"))
    assert ruling == rule_data(client.app.app.state.config.host, case, "en")[1]


def revoke_answer(case: dict[str, Any], key: str) -> str:
    """The answer the case file gives to the question ``key`` (``id`` or ``id@revoke``)."""
    qid, _, index = key.partition("@")
    where = case if not index else case["revokes"][int(index)]
    if qid in where:
        value = where[qid]
        return str(value[0] if isinstance(value, list) else value)
    # what the file leaves unsaid
    if qid == "established_how":
        return "next_trick" if "established_by" in where else "stated"
    return {"failure": "follow_suit", "card_faced": "False", "attention": "during_round"}[qid]


def usual_to_change(case: dict[str, Any], page: str) -> str | None:
    """A question the page gave its usual answer (`USUAL_ANSWERS`) where the case file
    says otherwise: the Director taps its Change."""
    draft = Draft.loads(html.unescape(re.search(r'name="draft" value="([^"]+)"',
                                                page).group(1)))  # type: ignore[union-attr]
    for key in draft.assumed:
        if key == "more":
            if draft.finished and len(draft.case.get("revokes") or []) < len(case["revokes"]):
                return key
            continue
        qid, _, index = key.partition("@")
        where = draft.case if not index else draft.case["revokes"][int(index)]
        if qid in where and str(where[qid]) != revoke_answer(case, key):
            return key
    return None


@pytest.mark.parametrize("path", REVOKE, ids=[p.stem for p in REVOKE])
def test_every_revoke_example_by_the_flowchart(client, path) -> None:
    case = read_case_data(path)
    app = App(client)
    page = app.start("revoke")
    answered = 0
    while 'class="ask"' in page or usual_to_change(case, page):
        change = usual_to_change(case, page)
        if change:
            page = app.tap(page, f"change:{change}").text
        button = re.search(r'value="answer:([^=]+)=', page)
        key = button.group(1)
        if key == "more":
            index = len(re.findall(r'change:offender@', page))
            value = "True" if index < len(case["revokes"]) else "False"
        else:
            value = revoke_answer(case, key)
        if key.startswith("contract"):
            doubled = value[len(value.rstrip("X")):]
            if doubled:
                page = app.tap(page, f"doubled:{doubled}").text
        r = app.tap(page, f"answer:{key}={value}")
        assert r.status_code == 200, (key, value, re.findall(r'role="alert">([^<]*)', r.text))
        page = r.text
        answered += 1
        assert answered < 60
    ruling = _logged(client, app.tap(page, "rule"))
    expected = rule_data(client.app.app.state.config.host, case, "en")[1]
    if "equity_declarer_tricks" in case:  # the judgement is asked on the ruling's page
        assert ruling["equity"]["judgement"] is None
        return
    if "replayed_declarer_tricks" in case:  # so is the result of the tricks played again
        assert ruling["status"] == "needs_decision" and ruling["adjusted_declarer_tricks"] is None
        assert [d["decide"] for d in ruling["decisions"]] == ["replayed"]
        return
    assert ruling["laws"] == expected["laws"]
    for key in ("transfer", "adjusted_declarer_tricks", "adjusted_score_ns", "status"):
        assert ruling[key] == expected[key], key
    assert [r["law"] for r in ruling["revokes"]] == [r["law"] for r in expected["revokes"]]


def test_the_examples_are_all_there() -> None:
    assert len(AUCTION) >= 32 and len(REVOKE) >= 20
    assert {yaml.safe_load(p.read_text(encoding="utf-8")).get("case", {}).get("kind", "auction")
            for p in AUCTION} == {"auction"}
