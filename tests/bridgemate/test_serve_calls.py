"""The tables' calls for the Director in the table app, from the stand-in Data Connector
through the adapter and the client's real HTTP transport: each poll is run by the test
(`CallDesk.poll_once`), so what the app shows after it is certain."""

from __future__ import annotations

import datetime as dt
import html
import json
import re
import threading
import warnings

import pytest

pytest.importorskip("bridgemate_dataconnector", reason="the bridgemate extra brings the client")

from adapters.bridgemate_dc.link import DataConnectorLink
from td_plugin.cases.log import RulingLog
from td_plugin.host.manager import PluginHost
from td_plugin.host.services import CallStatus, ServiceCredentials
from td_plugin.model.movement import Slot
from td_plugin.serve.app import AppConfig, create_app
from td_plugin.serve.calls.desk import CallDesk
from td_plugin.serve.calls.log import CallLog
from tests.dataconnector_standin import ACCEPTS, CLUB_ID, LICENCE_KEY, SESSION_GUID, StandIn

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

TOKEN = "calls-test-token"
AUTH = {"Authorization": f"Bearer {TOKEN}"}
NOW = dt.datetime(2026, 12, 3, 19, 46)
# board 7 (dealer South, both vulnerable); East declares 4S, South leads
DEAL = "N:AKQ2.K32.A2.K432 J9876.QJ4.KQ.AJ7 T54.A765.J543.Q5 3.T98.T9876.T986"
AUCTION_CASE = {"kind": "auction", "dealer": "S", "calls": ["S 1C", "W 1H", "N 1H"]}


class App:
    """The stand-in, the app serving it, and the desk between them."""

    def __init__(self, dc: StandIn, tmp_path, key: str = LICENCE_KEY) -> None:
        self.dc = dc
        self.host = PluginHost(load_entrypoints=False)
        self.log = RulingLog(tmp_path / "club.td-rulings.sqlite")
        link = DataConnectorLink(dc.url, ServiceCredentials(CLUB_ID, key), SESSION_GUID,
                                 timeout=0.3)
        self.desk = CallDesk(link, self.host, self.log.path, self.log.latest,
                             clock=lambda: NOW, interval=2)
        self.client = TestClient(create_app(AppConfig(
            log=self.log, host=self.host, token=TOKEN, td_calls=self.desk)),
            base_url="http://testserver")

    def home(self) -> str:
        r = self.client.get("/", headers=AUTH)
        assert r.status_code == 200
        return r.text

    def close(self) -> None:
        self.client.close()
        self.desk.stop()
        self.log.close()


@pytest.fixture
def app(tmp_path):
    with StandIn() as dc:
        dc.set_mitchell("A", 4, 3, 2)
        dc.add_handrecord("A", 7, DEAL)
        a = App(dc, tmp_path)
        yield a
        a.close()


def test_a_call_appears_on_the_home_page_at_the_next_poll(app: App) -> None:
    assert "No table is calling the Director." in app.home()
    app.dc.add_td_call("A", 3, 2, 19, 42)
    app.dc.add_td_call("A", 1, 2, 19, 44)
    app.desk.poll_once()
    page = app.home()
    assert re.search(r'<meta http-equiv="refresh" content="2">', page)
    first, second = (page.index("table 1, round 2"), page.index("table 3, round 2"))
    assert first < second  # newest first
    assert "19:42 · waited 4 min" in page and "boards 7, 8" in page


def test_tapping_a_call_sends_in_progress_and_the_case_is_filled_in(app: App) -> None:
    app.dc.add_td_call("A", 3, 2, 19, 42)
    app.dc.add_result("A", 3, 2, 7, 3, 2, "4S", "E", 10, lead="H7")
    app.desk.poll_once()
    r = app.client.post("/td-calls/A-3-2-1942/status", data={"status": "in_progress"},
                        headers=AUTH, follow_redirects=False)
    assert (r.status_code, r.headers["location"]) == (303, "/td-calls/A-3-2-1942")
    app.desk.flush()
    assert app.dc.call_status("A", 3, 2) == [2]  # the terminal shows the Director coming
    page = app.client.get("/td-calls/A-3-2-1942", headers=AUTH).text
    assert "Director on the way" in page and "N-S 3, E-W 2" in page
    assert "North: AKQ2.K32.A2.K432" in page
    drafts = [json.loads(html.unescape(d))
              for d in re.findall(r'name="draft" value="([^"]+)"', page)]
    revoke = next(d for d in drafts if d["kind"] == "revoke" and d["place"]["board"] == 7)
    assert revoke["place"] == {"board": 7, "section": "A", "table": "3", "round": 2, "record": None}
    assert revoke["case"]["contract"] == "4S" and revoke["case"]["declarer"] == "E"
    assert revoke["case"]["vulnerable"] == "All" and revoke["case"]["declarer_tricks"] == 10
    assert "N-S 3, E-W 2" in revoke["case"]["description"] and DEAL in revoke["case"]["description"]
    auction = next(d for d in drafts if d["kind"] == "auction" and d["place"]["board"] == 8)
    assert auction["case"]["dealer"] == "W" and auction["case"]["vulnerable"] == "None"


def test_the_ruling_logged_for_the_call_sends_resolved(app: App) -> None:
    app.dc.add_td_call("A", 3, 2, 19, 42)
    app.desk.poll_once()
    app.client.post("/td-calls/A-3-2-1942/status", data={"status": "in_progress"}, headers=AUTH)
    r = app.client.post("/api/rulings", headers=AUTH, json={
        "case": AUCTION_CASE, "board": 7, "section": "A", "table": 3, "round": 2})
    assert r.status_code == 201
    app.desk.poll_once()
    assert app.dc.call_status("A", 3, 2) == [3]
    assert app.desk.get("A-3-2-1942").status.value == "resolved"
    history = CallLog(app.log.path).history("A-3-2-1942")
    assert [(e.status.value, e.by, e.ruling_id, e.sent) for e in history] == [
        ("launched", "terminal", None, True),
        # taken over by the ruling before a poll sent it: the terminal went on to resolved
        ("in_progress", "director", None, False),
        ("resolved", "director", r.json()["id"], True)]
    assert "No table is calling the Director." in app.home()
    assert not set(app.dc.commands()) & ACCEPTS


def test_api_td_calls(app: App) -> None:
    app.dc.add_td_call("A", 2, 1, 19, 30)
    app.dc.add_td_call("A", 4, 1, 19, 31)
    app.desk.poll_once()
    assert app.client.get("/api/td-calls").status_code == 403
    calls = app.client.get("/api/td-calls", headers=AUTH).json()["td_calls"]
    assert calls[1] == {"id": "A-2-1-1930", "section": "A", "table": 2, "round": 1,
                        "time": "19:30", "status": "launched", "boards": [3, 4]}
    r = app.client.post("/api/td-calls/A-2-1-1930", headers=AUTH, json={"status": "deferred"})
    assert r.json()["td_call"]["status"] == "deferred"
    assert app.client.post("/api/td-calls/A-2-1-1930", headers=AUTH,
                           json={"status": "launched"}).status_code == 400
    assert app.client.post("/api/td-calls/A-9-1-1930", headers=AUTH,
                           json={"status": "resolved"}).status_code == 404
    r = app.client.post("/api/rulings", headers=AUTH,
                        json={"case": AUCTION_CASE, "board": 1, "td_call": "A-4-1-1931"})
    assert r.status_code == 201 and r.json()["td_call"]["status"] == "resolved"
    ruling = app.client.get(f"/api/rulings/{r.json()['id']}", headers=AUTH).json()
    assert ruling["versions"][0]["table"] == "4" and ruling["versions"][0]["section"] == "A"
    assert app.client.post("/api/rulings", headers=AUTH, json={
        "case": AUCTION_CASE, "td_call": "nope"}).status_code == 400
    app.desk.poll_once()
    assert app.dc.call_status("A", 2, 1) == [4] and app.dc.call_status("A", 4, 1) == [3]


def test_results_are_reviewed_as_the_bws_watch_reviews_them(app: App) -> None:
    # East declares on board 7: South leads the seven of hearts, which North holds
    app.dc.add_result("A", 3, 2, 7, 3, 2, "4S", "E", 10, lead="H3")
    app.desk.poll_once()
    page = app.home()
    assert "Section A, table 3, round 2 · Board 7" in page
    assert "The opening lead is entered as ♥3, but the opening leader South does not hold it" in page
    # round 1 over at every table but table 4, which has moved on two rounds: missing
    for t, b in ((1, 1), (2, 3), (3, 5)):
        for board in (b, b + 1):
            app.dc.add_result("A", t, 1, board, t, t, "3NT", "N", 9)
    app.dc.add_result("A", 4, 3, 3, 4, 2, "3NT", "N", 9)
    app.desk.poll_once()
    page = app.home()
    assert "No result for board 7 at table 4, round 1" in page
    assert "No result for board 8 at table 4, round 1" in page


def test_down_the_app_goes_on_and_a_resolved_call_is_sent_when_it_returns(app: App) -> None:
    app.dc.add_td_call("A", 3, 2, 19, 42)
    app.desk.poll_once()
    app.dc.go_down()
    app.desk.poll_once()
    page = app.home()
    assert "The Bridgemate has not been reachable since 19:46: nothing answers at" in page
    assert "The app carries on; nothing already logged is lost." in page
    assert "Section A, table 3, round 2" in page  # what was read stays
    r = app.client.post("/api/td-calls/A-3-2-1942", headers=AUTH, json={"status": "resolved"})
    assert r.status_code == 200
    assert "Status changes waiting to be sent to the Bridgemate: 1" in app.home()
    app.dc.come_back()
    app.desk.poll_once()
    assert app.dc.call_status("A", 3, 2) == [3]
    assert "not been reachable" not in app.home() and app.desk.unsent() == 0


def test_an_unsent_status_survives_a_restart(app: App, tmp_path) -> None:
    app.dc.add_td_call("A", 3, 2, 19, 42)
    app.desk.poll_once()
    app.dc.licence_key = "LK-NEW"  # the club renewed its licence in BCS: requests refused
    app.client.post("/api/td-calls/A-3-2-1942", headers=AUTH, json={"status": "deferred"})
    app.desk.poll_once()
    assert app.dc.call_status("A", 3, 2) == [1]
    app.desk.stop()
    again = App(app.dc, tmp_path, key="LK-NEW")  # restarted with the new key
    try:
        again.desk.poll_once()
        assert app.dc.call_status("A", 3, 2) == [4]
        assert again.desk.get("A-3-2-1942").status.value == "deferred"
    finally:
        again.close()


@pytest.mark.parametrize("fault,words", [
    ("licence", "does not accept the club id or the licence key"),
    ("session", "no longer knows this session"),
    ("garbage", "is not the Data Connector: check the address and the port"),
    ("slow", "does not answer in time"),
])
def test_each_fault_in_the_director_s_words(app: App, tmp_path, fault: str, words: str) -> None:
    app.dc.add_td_call("A", 3, 2, 19, 42)
    app.desk.poll_once()
    if fault == "licence":
        app.dc.licence_key = "LK-CHANGED-IN-BCS"
    elif fault == "session":
        app.dc.sessions.clear()
    else:
        app.dc.fault, app.dc.slow_seconds = fault, 0.6
    app.desk.poll_once()
    page = app.home()
    assert words in page and "since 19:46" in page
    assert "Section A, table 3, round 2" in page
    for text in (page, app.client.get("/api/td-calls", headers=AUTH).text):
        assert LICENCE_KEY not in text and CLUB_ID not in text


def test_polling_beside_the_app_never_holds_up_a_page(app: App) -> None:
    app.dc.fault, app.dc.slow_seconds = "slow", 1.0
    app.desk.start()
    for _ in range(200):  # the poller's first request has reached the Data Connector
        if app.dc.requests:
            break
        threading.Event().wait(0.02)
    assert app.dc.requests
    assert "Connecting to the Bridgemate at" in app.home()
    assert app.desk.polls == 0  # the page was served while the poll was still waiting
    app.dc.fault = None  # the poll's next try gets its answer: the desk stops soon


def test_a_call_s_boards_without_the_data_connector_s_movement(tmp_path) -> None:
    """The session file's round data, else the results already in from that table."""
    with StandIn() as dc:  # no movement in BCS's answer
        a = App(dc, tmp_path)
        try:
            a.desk.file_slots = (Slot("A", "2", 1, "2", "6", (13, 14, 15)),)
            dc.add_td_call("A", 2, 1, 19, 10)
            dc.add_td_call("A", 5, 3, 19, 12)
            dc.add_result("A", 5, 3, 22, 5, 9, "2H", "S", 8)
            a.desk.poll_once()
            assert a.desk.get("A-2-1-1910").boards == (13, 14, 15)
            assert a.desk.get("A-5-3-1912").boards == (22,)
            view = a.desk.view(a.desk.get("A-5-3-1912"), with_boards=True)
            assert (view.ns_pair, view.ew_pair) == ("5", "9")
        finally:
            a.close()


def test_a_movement_s_board_range_from_the_service_is_bounded(tmp_path) -> None:
    """A round whose boards run to 30,000,000 (or backwards, or from 0) has no boards
    known: the app never makes the range."""
    from adapters.bridgemate_dc.link import MAX_ROUND_BOARDS

    with StandIn() as dc:
        dc.set_mitchell("A", 2, 2, 2)
        rounds = [r for t in dc.sections[0].tables for r in t.rounds]
        for r, (low, high) in zip(rounds, [(1, 30_000_000), (5, 4), (0, 2),
                                           (1, MAX_ROUND_BOARDS)]):
            r.low_board_number, r.high_board_number = low, high
        dc.add_td_call("A", 1, 1, 19, 42)
        a = App(dc, tmp_path)
        try:
            a.desk.poll_once()
            boards = sorted(len(s.boards) for s in a.desk._state.slots)
            assert boards == [0, 0, 0, MAX_ROUND_BOARDS]
            assert a.desk.get("A-1-1-1942") is not None
        finally:
            a.close()


def test_a_call_at_no_time_of_day_is_left_out_and_a_bad_stored_call_is_skipped(tmp_path) -> None:
    """``Hour: -1`` from the service is no call; a stored status of a call whose id is
    no call (written by an older version while the service was down) is skipped and
    said, and the app starts."""
    with StandIn() as dc:
        dc.set_mitchell("A", 4, 3, 2)
        for hour, minute in ((-1, 5), (24, 0), (19, 60), (19, -3)):
            dc.add_td_call("A", 3, 2, hour, minute)
        dc.add_td_call("A", 2, 1, 19, 42)
        a = App(dc, tmp_path)
        a.desk.poll_once()
        assert [c.id for c in a.desk.calls()] == ["A-2-1-1942"]
        a.desk.log.add("A-3-2--105", CallStatus.DEFERRED, "director")  # as stored before
        a.desk.log.add("A-3-2-2575", CallStatus.DEFERRED, "director")
        a.close()
        again = App(dc, tmp_path)
        try:
            assert sorted(again.desk.unreadable) == ["A-3-2--105", "A-3-2-2575"]
            again.desk.poll_once()
            assert [c.id for c in again.desk.calls()] == ["A-2-1-1942"]
        finally:
            again.close()
