"""Table rulings written back into the session's file (`td_plugin.audit.table_rulings`,
``td-plugin rule --session --write-to``, the table app's button): through the plugin host,
into PBN and USEBIO copies that differ from the session only where the ruling says."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from td_plugin import hookimpl
from td_plugin.audit.table_rulings import announce, match, records_of, rule_case
from td_plugin.cases.log import RulingLog
from td_plugin.host.manager import PluginHost
from td_plugin.messages import render
from td_plugin.model.place import Place
from td_plugin.serve.app import AppConfig, create_app
from td_plugin.serve.boards import SessionBoards

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

REPO = Path(__file__).resolve().parents[1]
SESSION = REPO / "examples" / "club_session.pbn"
CASES = REPO / "tests" / "cases"
#: Board 4 of the example session: 4♥ by North making 10, +620; East revokes at trick 5,
#: wins it, and East-West take two more tricks: 64A1, two tricks, 12 tricks, +680.
REVOKE = {"kind": "revoke", "board": 4, "vulnerable": "All", "contract": "4H",
          "declarer": "N", "declarer_tricks": 10, "attention": "during_round",
          "revokes": [{"offender": "E", "trick": 5, "suit_led": "D", "card": "H5",
                       "established": True, "revoke_trick_won_by": "E",
                       "offending_side_tricks_from_revoke": 3}]}


def td(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "td_plugin.cli", *map(str, args)],
                          capture_output=True, text=True, cwd=REPO)


def changed_lines(before: bytes, after: bytes) -> tuple[list[str], list[str]]:
    import difflib
    a, b = before.decode("latin-1").splitlines(), after.decode("latin-1").splitlines()
    diff = list(difflib.unified_diff(a, b, lineterm="", n=0))
    return ([x[1:] for x in diff if x.startswith("-") and not x.startswith("---")],
            [x[1:] for x in diff if x.startswith("+") and not x.startswith("+++")])


def test_64a1_revoke_ruled_at_the_table_adjusts_result_and_score_in_the_pbn(tmp_path):
    case = tmp_path / "revoke.json"
    case.write_text(json.dumps(REVOKE), encoding="utf-8")
    r = td("rule", case, "--session", SESSION, "--write-to", tmp_path / "out")
    assert r.returncode == 0, r.stderr
    assert "Written into" in r.stdout and "board 4, section A, table 2, round 1" in r.stdout
    removed, added = changed_lines(SESSION.read_bytes(),
                                   (tmp_path / "out" / SESSION.name).read_bytes())
    assert removed == ['[Result "10"]', '[Score "NS 620"]']
    assert '[Score "NS 680"]' in added and any(a.startswith('[Result "') and "12" in a
                                                for a in added)
    assert any("two tricks are" in a for a in added)  # the ruling as commentary
    text = "\n".join(added)  # with the questions of 64C, not how to put them in a case file
    assert "Law 64C" in text and "equity_declarer_tricks" not in text
    assert "equity_declarer_tricks" in r.stdout  # (the command line says it)
    assert SESSION.read_bytes() == SESSION.read_bytes()  # the input is never touched


def test_25b2_auction_ruling_goes_in_as_commentary_only(tmp_path):
    r = td("rule", CASES / "003_change_1d_to_1nt_not_accepted.json", "--session", SESSION,
           "--board", "5", "--table", "3", "--write-to", tmp_path, "--lang", "da")
    assert r.returncode == 0, r.stderr
    removed, added = changed_lines(SESSION.read_bytes(), (tmp_path / SESSION.name).read_bytes())
    assert removed == ['[Result "11"]']  # the tag line gets the commentary after it
    assert added[0].startswith('[Result "11"] {Syd ændrede')
    assert any("§ 25B2" in a for a in added)


def test_a_ruling_that_fits_no_result_or_several_is_refused(tmp_path):
    r = td("rule", CASES / "003_change_1d_to_1nt_not_accepted.json", "--session", SESSION,
           "--board", "99", "--write-to", tmp_path)
    assert r.returncode == 2 and "no result of board 99 in the session" in r.stderr
    records = records_of(PluginHost(load_entrypoints=False), str(SESSION))
    index, record, problem = match(Place(board=4), records)
    assert index is not None  # one table played board 4 in the example
    several = [(i, r) for i, r in records] + [(99, records[index - 1][1])]
    why = match(Place(board=4), several)[2]
    assert why is not None and render(why.key, why.params).startswith("2 results fit board 4")
    assert render(why.key, why.params, "da").startswith("2 resultater passer til spil 4")
    assert not list(tmp_path.iterdir())


def test_the_result_picked_in_the_session_decides_the_record():
    records = records_of(PluginHost(load_entrypoints=False), str(SESSION))
    index = next(i for i, r in records if r.board == 4)
    assert match(Place(board=4, table="99", record=index), records)[0] == index
    assert match(Place(board=5, record=index), records)[0] != index  # another board


def test_write_back_goes_through_the_hooks():
    seen = []

    class Store:
        @hookimpl
        def td_adjustment_decided(self, record, change):
            seen.append((record.board, change.law, change.outcome.result().declarer_tricks,
                         change.texts("en")[0][:12]))

    host = PluginHost(load_entrypoints=False)
    host.register(Store(), "store")
    records = records_of(host, str(SESSION))
    ruling = rule_case(host, REVOKE, Place(board=4), records)
    assert ruling.change is not None and ruling.ruling.law == "64A1"
    assert announce(host, [ruling]) == []
    assert seen == [(4, "64A1", 12, "East revoked")]


def test_usebio_line_adjusted_by_pairs_and_the_session_rescored(tmp_path, realworld):
    source = realworld / "usebio" / "compscore3_mp_pairs_mitchell.xml"
    case = dict(REVOKE, board=1, vulnerable="None", contract="1NT", declarer="E",
                declarer_tricks=5)
    case["revokes"] = [dict(REVOKE["revokes"][0], offender="N", trick=3, card="S5",
                            revoke_trick_won_by="N", offending_side_tricks_from_revoke=7)]
    path = tmp_path / "case.json"
    path.write_text(json.dumps(case), encoding="utf-8")
    r = td("rule", path, "--session", source, "--pairs", "1-1", "--write-to", tmp_path / "o",
           "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["transfer"] == 2 and out["adjusted_declarer_tricks"] == 7  # to East-West
    written = (tmp_path / "o" / source.name).read_text(encoding="latin-1")
    original = source.read_text(encoding="latin-1")
    assert written != original
    # the adjusted line: 1NT by East, 5 tricks (+100) become 7 (-90), and its matchpoints
    line = re.search(r"<BOARD_NUMBER>1</BOARD_NUMBER>\s*<TRAVELLER_LINE>(.*?)</TRAVELLER_LINE>",
                     written, re.S)
    assert line and "<NS_PAIR_NUMBER>1NS</NS_PAIR_NUMBER>" in line.group(1)
    assert "<TRICKS>7</TRICKS>" in line.group(1) and "<SCORE>-90</SCORE>" in line.group(1)
    assert "<NS_MATCH_POINTS>22</NS_MATCH_POINTS>" in line.group(1)


def test_the_app_writes_the_log_into_a_copy_of_the_session(tmp_path):
    host = PluginHost(load_entrypoints=False)
    boards = SessionBoards.read(host, str(SESSION))
    with RulingLog(tmp_path / "log.sqlite") as log:
        app = create_app(AppConfig(log=log, host=host, token="t", boards=boards,
                                   session_path=str(SESSION), write_to=str(tmp_path / "out")))
        with TestClient(app) as c:
            auth = {"Authorization": "Bearer t"}
            assert c.post("/api/rulings", json={"case": REVOKE, "table": "2"},
                          headers=auth).status_code == 201
            case = json.loads((CASES / "003_change_west_decides.json").read_text())["case"]
            r = c.post("/api/rulings", json={**case, "board": 77}, headers=auth)
            assert r.status_code == 400 and "77 is not a board of this session" in r.text
            # a ruling of the log that fits no result (logged against another session)
            log.add(case, _ruling(host, case), kind="auction", lang="en", place=Place(board=77))
            home = c.get("/", headers=auth).text
            assert "Not in the session: no result of board 77 in the session" in home
            assert "1 of these rulings fit a result of the session" in home
            r = c.post("/session/write", headers=auth)
            assert r.status_code == 200 and "Wrote 1 rulings into" in r.text
    removed, added = changed_lines(SESSION.read_bytes(),
                                   (tmp_path / "out" / SESSION.name).read_bytes())
    assert removed == ['[Result "10"]', '[Score "NS 620"]']
    assert '[Score "NS 680"]' in added


def test_the_session_copy_never_overwrites_the_session(tmp_path):
    session = tmp_path / "club.pbn"
    session.write_bytes(SESSION.read_bytes())
    r = td("rule", CASES / "003_change_1d_to_1nt_not_accepted.json", "--session", session,
           "--board", "5", "--write-to", tmp_path)
    assert r.returncode == 2 and "would overwrite the input" in r.stderr
    assert session.read_bytes() == SESSION.read_bytes()


def _ruling(host: PluginHost, case: dict) -> dict:
    from td_plugin.serve.app import rule_data

    return rule_data(host, case, "en")[1]


def _log_beside(session: Path, *rulings: tuple[dict, Place]) -> Path:
    from td_plugin.serve.app import rule_data

    host = PluginHost(load_entrypoints=False)
    path = session.with_name(session.stem + ".td-rulings.sqlite")
    with RulingLog(path) as log:
        for case, place in rulings:
            kind, ruling = rule_data(host, case, "en")
            log.add(case, ruling, kind=kind, lang="en", place=place)
    return path


@pytest.mark.slow
def test_the_audit_lists_the_table_rulings_and_writes_them_back(tmp_path):
    session = tmp_path / "club.pbn"
    session.write_bytes(SESSION.read_bytes())
    auction = json.loads((CASES / "003_change_west_decides.json").read_text())["case"]
    log = _log_beside(session, (REVOKE, Place(4, None, "2")), (auction, Place(77)))
    r = td("audit", session, "--json", "--write-to", tmp_path / "out")
    report = json.loads(r.stdout)["inputs"][0]
    assert report["rulings_log"] == str(log)
    tables = report["table_rulings"]
    assert [(t["board"], t["kind"], t["status"], t["record"]) for t in tables] == [
        (4, "revoke", "adjusted", 4), (77, "auction", "needs_decision", None)]
    assert tables[1]["problem"] == "no result of board 77 in the session"
    removed, added = changed_lines(SESSION.read_bytes(), (tmp_path / "out" / "club.pbn").read_bytes())
    assert '[Score "NS 680"]' in added and any("two tricks are" in a for a in added)
    text = td("audit", session, "--lang", "da").stdout
    assert "Kendelser ved bordet: 2" in text and "Spil 4, Bord 2: Kulørsvigt, justeret" in text
    assert "Ikke skrevet ind i turneringsfilen: intet resultat af spil 77" in text
    td("audit", session, "--html", tmp_path / "r.html")
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert '<section class="table-rulings">' in page and "Board 4, Table 2: Revoke" in page


def test_the_watch_report_says_what_to_enter_for_a_table_ruling(tmp_path, realworld):
    session = tmp_path / "club.bws"
    session.write_bytes((realworld / "bws" / "acbl_club_pairs_2025-12-23_2sections_redacted.bws")
                        .read_bytes())
    case = dict(REVOKE, board=13, contract="2S", declarer="E", declarer_tricks=9)
    case["revokes"] = [dict(REVOKE["revokes"][0], offender="N", trick=4, suit_led="H",
                            card="C5", revoke_trick_won_by="N",
                            offending_side_tricks_from_revoke=2)]
    _log_beside(session, (case, Place(13, "A", "8", 1)))
    out = td("watch", "--replay", session).stdout
    assert "Table rulings: 1" in out
    assert ("Board 13, section A, table 8, round 1: 2S+1 becomes 2S+3 "
            "(Laws 61A, 63A, 64A1, 2 tricks)") in out
