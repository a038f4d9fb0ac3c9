"""Facts that do not fit the session the app serves are refused before a ruling is
logged, by the JSON API and by the pages alike, saying what was expected."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from td_plugin.host.manager import PluginHost
from td_plugin.model.board import BoardRecord
from td_plugin.serve.app import AppConfig, create_app
from td_plugin.serve.boards import BoardResult, SessionBoards
from td_plugin.serve.draft import Draft
from tests.serve.conftest import TOKEN, TestClient

CASES = Path(__file__).resolve().parents[1] / "cases"
AUCTION = {"dealer": "N", "calls": ["E 1H"]}  # a call out of rotation
#: boards 1-4 at tables 1-3
RECORDS = [BoardRecord(board=b, table=str(t)) for b in range(1, 5) for t in (1, 2, 3)]


@pytest.fixture
def session_client(log):
    boards = SessionBoards("club.pbn", "PBN", [BoardResult(i, r) for i, r in enumerate(RECORDS, 1)])
    app = create_app(AppConfig(log=log, host=PluginHost(load_entrypoints=False), token=TOKEN,
                               boards=boards))
    with TestClient(app, base_url="http://testserver") as c:
        yield c


def _revoke() -> dict:
    data = json.loads((CASES / "revoke" / "002_no_transfer_3_penalty_card.json").read_text())
    return dict(data["case"], board=2)


@pytest.mark.parametrize("body,message", [
    ({**AUCTION, "board": 99999}, "board: 99999 is not a board of this session (boards 1-4)"),
    ({**AUCTION, "board": 0}, "board: expected a board number from 1, not 0"),
    ({"case": AUCTION, "board": 2, "table": -1},
     "table: expected a table number from 1 or a table's name, not '-1'"),
    ({"case": AUCTION, "board": 2, "table": "7"},
     "table: '7' did not play board 2 in this session (tables 1-3)"),
    ({"case": AUCTION, "board": 2, "round": 1.5},
     "round: expected a whole number (a round number), not 1.5"),
])
def test_the_api_refuses_a_place_the_session_does_not_hold(session_client, auth, body, message):
    r = session_client.post("/api/rulings", json=body, headers=auth)
    assert r.status_code == 400 and r.json()["error"] == message
    session_client.post("/api/rulings", json={**AUCTION, "board": 1}, headers=auth)
    r = session_client.post("/api/rulings/1", json={**body, "version": 1},
                            headers=auth)  # nor as a correction
    assert r.status_code == 400 and r.json()["error"] == message
    assert [e.version for e in session_client.app.app.state.config.log.latest()] == [1]


def test_the_api_takes_a_place_of_the_session(session_client, auth):
    r = session_client.post("/api/rulings", json={"case": AUCTION, "board": 3, "table": 2},
                            headers=auth)
    assert r.status_code == 201


def test_a_revoke_on_trick_one_and_a_half_asks_for_a_whole_number(client, auth):
    case = _revoke()
    case["revokes"] = [dict(case["revokes"][0], trick=1.5)]
    r = client.post("/api/rulings", json=case, headers=auth)
    assert r.status_code == 400
    assert r.json()["error"] == "revokes[0].trick: expected a whole number from 1 to 13, not 1.5"
    case["revokes"] = [dict(case["revokes"][0], trick="7")]
    assert client.post("/api/rulings", json=case, headers=auth).json()["error"] == \
        "revokes[0].trick: expected a whole number from 1 to 13, not text"


@pytest.mark.parametrize("place,message", [
    ({"board": 999}, "board: 999 is not a board of this session (boards 1-4)"),
    ({"board": 0}, "board: expected a board number from 1, not 0"),
    ({"board": 2, "table": "-1"}, "table: expected a table number from 1"),
])
def test_the_pages_refuse_a_place_the_session_does_not_hold(session_client, auth, place,
                                                            message):
    draft = Draft("auction", dict(AUCTION))
    form = {"draft": draft.dumps(), "action": "rule", **{k: str(v) for k, v in place.items()}}
    r = session_client.post("/new/auction", data=form, headers=auth)
    assert r.status_code == 400 and message in r.text
    assert session_client.app.app.state.config.log.latest() == []
