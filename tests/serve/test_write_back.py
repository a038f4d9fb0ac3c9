"""Writing the log's rulings into the session's file from the home page, where the file
keeps results alone (a Bridgemate ``.bws``): a ruling that changes no result (an auction
ruling) is left out and listed, not a failure of the whole batch; and on a machine
without the Access ODBC driver the page says so before the button is tapped and gives
what to enter in the scorer instead."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from td_plugin.cases.log import RulingLog
from td_plugin.host.manager import PluginHost
from td_plugin.model.place import Place
from td_plugin.serve.app import AppConfig, create_app, rule_data
from td_plugin.serve.boards import SessionBoards
from tests.serve.conftest import TOKEN, TestClient

PHONE_SESSION = Path(__file__).resolve().parents[1] / "data" / "phone_session.pbn"
BWS = "bws/acbl_club_pairs_2025-12-23_2sections_redacted.bws"
AUTH = {"Authorization": f"Bearer {TOKEN}"}
#: 31B: East bids at partner's turn (board 8 of the phone session, West deals): no result
#: changes
AUCTION = {"dealer": "W", "calls": [{"seat": "E", "call": "1S", "accept": False}]}


def _revoke(contract: str, declarer: str, vulnerable: str, tricks: int) -> dict:
    """64A1: a defender revokes at trick 5 and wins the trick; two tricks go over."""
    offender = {"N": "E", "S": "W", "E": "N", "W": "S"}[declarer]
    partner = {"N": "S", "S": "N", "E": "W", "W": "E"}[offender]
    return {"kind": "revoke", "contract": contract, "declarer": declarer,
            "vulnerable": vulnerable, "declarer_tricks": tricks, "attention": "during_round",
            "revokes": [{"offender": offender, "trick": 5, "failure": "follow_suit",
                         "suit_led": "D", "card": "H5", "established": True,
                         "established_how": "next_trick", "established_by": partner,
                         "revoke_trick_won_by": offender,
                         "offending_side_tricks_from_revoke": 3}]}


def _client(log: RulingLog, boards: SessionBoards, out: Path) -> TestClient:
    host = PluginHost(load_entrypoints=False)
    return TestClient(create_app(AppConfig(log=log, host=host, token=TOKEN, boards=boards,
                                           write_to=str(out))), base_url="http://testserver")


def _text(page: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def test_rulings_that_change_no_result_are_left_out_and_listed(log, tmp_path):
    """A file that keeps results alone (as a .bws): the auction ruling is listed before
    the tap and after it, the revoke's transfer is written."""
    host = PluginHost(load_entrypoints=False)
    read = SessionBoards.read(host, str(PHONE_SESSION))
    boards = SessionBoards(read.path, read.format, read.results, keeps_commentary=False)
    for case, board in ((AUCTION, 8), (_revoke("4H", "N", "NS", 10), 5)):
        # the table of pairs 1 and 2, as the board picker gives it
        kind, ruling = rule_data(host, case, "en")
        log.submit(case, ruling, kind=kind, lang="en",
                   place=Place(board, None, None, None, 2 * board - 1)).result()
    with _client(log, boards, tmp_path / "out") as c:
        c.get(f"/?token={TOKEN}", headers={"accept": "text/html"})
        home = c.get("/").text
        assert "the rulings that change no result (#1) are left out" in _text(home)
        csrf = re.search(r'name="csrf" value="([^"]+)"', home).group(1)
        done = c.post("/session/write", data={"csrf": csrf},
                      headers={"sec-fetch-site": "same-origin"})
    text = _text(done.text)
    assert "Wrote 1 rulings into" in text and "Left out, as they change no result: #1." in text
    written = (tmp_path / "out" / PHONE_SESSION.name).read_text(encoding="latin-1")
    assert written.count("{") == 1 and '[Result "12"]' in written  # the transfer alone


@pytest.mark.realworld
def test_without_the_access_driver_the_page_says_so_and_gives_the_scorers_entries(
        log, tmp_path, realworld):
    host = PluginHost(load_entrypoints=False)
    boards = SessionBoards.read(host, str(realworld / BWS))
    if boards.write_problem is None:
        pytest.skip("this machine has the Access ODBC driver")
    first = boards.results[0]  # board 13, section A, table 8, round 1: 2S by East, 9 tricks
    with _client(log, boards, tmp_path / "out") as c:
        for case in (_revoke("2S", "E", "All", 9),
                     {"dealer": "N", "calls": [{"seat": "E", "call": "1S", "accept": False}]}):
            r = c.post("/api/rulings", json={"case": case, "board": 13, "section": "A",
                                              "table": "8", "round": 1}, headers=AUTH)
            assert r.status_code == 201, r.text
        c.get(f"/?token={TOKEN}", headers={"accept": "text/html"})
        home = c.get("/").text
        refused = c.post("/session/write", data={}, headers=AUTH)  # a post all the same
    text = _text(home)
    assert "This computer cannot write the rulings into the session's file" in text
    assert "ODBC driver" in text and "/session/write" not in home  # no button to tap
    assert "Enter these in the scorer instead" in text
    assert f"Board {first.record.board}, section A, table 8, round 1: 2S+1 becomes 2S+3" in text
    assert "ODBC driver" in _text(refused.text) and not (tmp_path / "out").exists()
