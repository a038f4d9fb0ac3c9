"""The Bridgemate adapter on the real session file, on the mdb-export backend, and on
sessions with bidding, play and hand records built through the same table interface."""

from __future__ import annotations

import datetime as dt
import json
import os
import shutil
import stat
import sys
from pathlib import Path

import pytest

from adapters.bws.reader import BwsData, BwsSource, read_bws
from adapters.bws.tables import MdbToolsTables, open_tables
from td_plugin.errors import InputError
from td_plugin.host.manager import PluginHost
from td_plugin.laws.context import ReviewContext
from td_plugin.model.cards import Card, Seat
from td_plugin.model.contract import Contract
from td_plugin.model.deal import Deal
from td_plugin.model.outcomes import ArtificialScore
from tests.bws_session import action_rows, hand_record_row, memory_tables, result_row, round_row, section_rows

BWS = "bws/acbl_club_pairs_2025-12-23_2sections_redacted.bws"


@pytest.fixture(scope="module")
def real(realworld: Path) -> BwsData:
    return read_bws(str(realworld / BWS), backend="access-parser")


def test_real_session_header_sections_and_movement(real: BwsData) -> None:
    assert (real.name, real.date, real.backend) == ("Bridge game", "2025-12-23", "access-parser")
    assert [(s.letter, s.tables, s.rounds) for s in real.sections] == [("A", 9, 8), ("B", 8, 7)]
    assert len(real.movement) == 128
    slot = real.movement.slot("A", "9", 2)
    assert (slot.ns_pair, slot.ew_pair, slot.boards) == ("9", "8", (1, 2, 3))
    assert real.problems == []  # access-parser's MSysObjects noise is not a problem


def test_real_session_has_384_results_as_board_records(real: BwsData) -> None:
    records = list(real.records())
    assert len(records) == 384
    first = records[0]
    assert (first.section, first.table, first.round, first.board) == ("A", "8", 1, 13)
    assert (first.ns_pair, first.ew_pair, first.declaring_pair) == ("8", "8", "8")
    assert first.contract == Contract.from_pbn("2S", "E") and first.declarer_tricks == 9
    assert first.time == dt.datetime(2025, 12, 23, 10, 51, 38)
    assert first.dealer is Seat.N and first.vulnerability.value == "All"  # board 13
    assert first.location.record == 1 and first.location.board == 13
    assert len(first.players) == 4
    doubled = [r for r in records if r.contract.risk == 1]
    assert len(doubled) == 8
    assert all(r.deal is None and r.auction is None and r.play is None for r in records)
    assert {r.section for r in records} == {"A", "B"}
    assert sum(r.section == "A" for r in records) == 216


def test_real_session_timeline_is_in_time_order(real: BwsData) -> None:
    moments = [m for m, _ in real.timeline()]
    assert moments == sorted(moments)
    assert len(moments) == 380  # 384 rows, four pairs of them written in the same second
    *_, (last_moment, last) = real.timeline()
    assert len(last) == 384


def test_real_session_reviewed_through_the_host_is_clean(real: BwsData) -> None:
    host = PluginHost(load_entrypoints=False)
    findings = []
    for record in BwsSource(real.path, data=real).records():
        review = host.review_board(record, ReviewContext())
        assert review.errors == []
        findings.extend(review.findings)
    assert findings == []


def _fake_mdbtools(tmp_path: Path, realworld: Path) -> None:
    """``mdb-export`` and ``mdb-tables`` stand-ins that print the CSV exports made with
    mdbtools 1.0.0 from the real file (default date format, as mdb-export writes it)."""
    csvs = {"ReceivedData": realworld / "bws" / "receiveddata.csv",
            "RoundData": realworld / "bws" / "rounddata.csv"}
    section = tmp_path / "section.csv"
    section.write_text('ID,Letter,Tables,MissingPair\n1,"A  ",9,0\n2,"B  ",8,0\n')
    csvs["Section"] = section
    mapping = tmp_path / "tables.json"
    mapping.write_text(json.dumps({k: str(p) for k, p in csvs.items()}))
    script = tmp_path / "bin" / "mdb-export"
    script.parent.mkdir()
    script.write_text(f"#!{sys.executable}\n"
                      "import json, sys\n"
                      f"csvs = json.load(open({str(mapping)!r}))\n"
                      "if sys.argv[-1] in csvs:\n"
                      "    sys.stdout.write(open(csvs[sys.argv[-1]]).read())\n")
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    tables = tmp_path / "bin" / "mdb-tables"
    tables.write_text(f"#!{sys.executable}\nprint('ReceivedData\\nRoundData\\nSection')\n")
    tables.chmod(tables.stat().st_mode | stat.S_IEXEC)


def test_mdbtools_backend_reads_the_same_records(real: BwsData, realworld: Path, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_mdbtools(tmp_path, realworld)
    monkeypatch.setenv("PATH", f"{tmp_path / 'bin'}{os.pathsep}{os.environ['PATH']}")
    reader = open_tables(str(realworld / BWS))  # auto: mdbtools when mdb-export is on PATH
    assert isinstance(reader, MdbToolsTables)
    assert reader.table_names() == {"ReceivedData", "RoundData", "Section"}
    data = BwsData.read(reader, str(realworld / BWS))
    assert data.backend == "mdbtools"

    def key(r):
        return (r.section, r.table, r.round, r.board, r.ns_pair, r.ew_pair, r.contract,
                r.declarer_tricks, r.time, r.extra["bws_id"])

    assert [key(r) for r in data.records()] == [key(r) for r in real.records()]
    assert len(data.movement) == 128


@pytest.mark.skipif(shutil.which("mdb-export") is None or shutil.which("mdb-tables") is None,
                    reason="mdbtools is an optional faster backend and is not installed here")
def test_real_mdbtools_backend_agrees_with_access_parser(real: BwsData) -> None:
    data = read_bws(real.path, backend="mdbtools")
    assert data.backend == "mdbtools" and data.problems == []
    assert (data.name, data.date, data.sections) == (real.name, real.date, real.sections)
    assert list(data.movement) == list(real.movement)
    assert list(data.records()) == list(real.records())


def test_not_an_access_file_is_an_input_error_naming_it(tmp_path: Path) -> None:
    fake = tmp_path / "session.bws"
    fake.write_bytes(b"this is not a database")
    with pytest.raises(InputError, match="not a Bridgemate/Access database") as info:
        PluginHost(load_entrypoints=False).open_source(str(fake))
    assert str(fake) in str(info.value)
    with pytest.raises(InputError, match="cannot open"):
        read_bws(str(tmp_path / "missing.bws"))


# --- sessions with hand records, bidding and play ------------------------------------

DEAL = Deal.from_pbn("N:KT653.QJ9.64.AQ2 94.86.A872.J9864 Q2.AT7.KQT93.T53 AJ87.K5432.J5.K7")
START = dt.datetime(2025, 12, 23, 19, 0)


def session(**rows):
    base = {"Section": section_rows(("A", 1)),
                "RoundData": [round_row(1, 1, 1, 1, 1, 1, 2)],
                "HandRecord": [hand_record_row(1, 1, DEAL)]}
    base.update(rows)
    return BwsData.read(memory_tables(**base))


def test_lead_card_the_opening_leader_does_not_hold() -> None:
    """4S by South: West leads. The terminal says the lead was the HA, which South,
    declarer, holds."""
    data = session(ReceivedData=[result_row(1, 1, 1, 1, 1, 1, 1, "S", "4 S", "-1", "19:05:00",
                                            lead="HA")])
    record = next(data.records())
    assert record.deal == DEAL and record.lead is Card.from_pbn("HA")
    findings = PluginHost(load_entrypoints=False).review_board(record, ReviewContext()).findings
    (f,) = [f for f in findings if f.kind == "lead_not_held"]
    assert f.seat is Seat.W and f.data == {"card": "HA", "leader": "W", "holder": "S"}
    held = session(ReceivedData=[result_row(1, 1, 1, 1, 1, 1, 1, "S", "4 S", "-1", "19:05:00",
                                            lead="HK")])
    assert PluginHost(load_entrypoints=False).review_board(next(held.records()),
                                                           ReviewContext()).findings == []


def test_impossible_result_and_artificial_and_not_played() -> None:
    data = session(ReceivedData=[
        result_row(1, 1, 1, 1, 1, 1, 1, "N", "6 NT", "+2", "19:05:00"),
        result_row(2, 1, 1, 1, 2, 1, 1, "", "", "", "19:06:00", remarks="60%-40%"),
        result_row(3, 1, 1, 1, 3, 1, 1, "", "", "", "19:07:00", remarks="Not played")])
    host = PluginHost(load_entrypoints=False)
    kinds = [[f.kind for f in host.review_board(r, ReviewContext()).findings]
             for r in data.records()]
    assert kinds == [["impossible_result"], ["artificial_score"], ["not_played"]]
    second = list(data.records())[1]
    assert second.artificial == ArtificialScore(60, 40) and second.contract is None
    assert second.remarks == "60%-40%"


def test_bidding_and_play_rows_become_auction_and_play() -> None:
    bids = [("N", "PASS"), ("E", "PASS"), ("S", "1NT"), ("W", "x"), ("N", "xx"), ("E", "PASS"),
            ("S", "PASS"), ("W", "PASS")]
    cards = [("W", "S9"), ("N", "SK"), ("E", "SA"), ("S", "S2"), ("E", "H2")]
    data = session(
        ReceivedData=[result_row(1, 1, 1, 1, 1, 1, 1, "S", "1 NT xx", "=", "19:10:00")],
        BiddingData=action_rows("Bid", 1, 1, 1, 1, bids, START),
        PlayData=action_rows("Card", 1, 1, 1, 1, cards, START + dt.timedelta(minutes=1)))
    record = next(data.records())
    assert record.auction.pbn() == "Pass Pass 1NT X XX Pass Pass Pass"
    assert record.auction.contract() == Contract.from_pbn("1NTXX", "S")
    assert [t.pbn() for t in record.play.tricks] == ["S9 SK SA S2", "H2"]
    assert record.play.tricks[1].leader is Seat.E
    # The terminals record no claim mark: a play that stops is incomplete, not a claim
    # (the result entered, 7 tricks, is the record's declarer_tricks).
    assert not record.play.claimed and record.play.incomplete
    assert record.declarer_tricks == 7
    assert record.problems == ()


def test_bid_recorded_for_the_wrong_seat_is_a_record_problem() -> None:
    bids = [("E", "1S")]
    data = session(ReceivedData=[result_row(1, 1, 1, 1, 1, 1, 1, "S", "1 S", "=", "19:10:00")],
                   BiddingData=action_rows("Bid", 1, 1, 1, 1, bids, START))
    (problem,) = next(data.records()).problems
    assert "bid 1 (1S) is recorded for E, but it is N's turn" in problem.message
    assert "section A, table 1, round 1" in problem.describe()


def test_bad_values_are_problems_and_the_rest_is_read() -> None:
    data = session(ReceivedData=[
        result_row(1, 1, 1, 1, 1, 1, 1, "S", "9 S", "=", "19:05:00"),
        result_row(2, 1, 1, 1, 2, 1, 1, "N", "3 NT", "=", "19:06:00", lead="Z9")])
    first, second = data.records()
    assert "not a contract: '9 S'" in first.problems[0].message and first.contract is None
    assert "lead card" in second.problems[0].message
    assert second.contract == Contract.from_pbn("3NT", "N")
    with pytest.raises(InputError, match="not a contract"):
        list(BwsSource("session.bws", strict=True, data=data).records())


def test_erased_rows_are_not_results_and_timeline_shows_the_correction() -> None:
    data = session(ReceivedData=[
        result_row(1, 1, 1, 1, 1, 1, 1, "S", "4 S", "=", "19:05:00", erased=True),
        result_row(2, 1, 1, 1, 1, 1, 1, "S", "4 S", "-1", "19:07:00"),
        result_row(3, 1, 1, 1, 2, 1, 1, "S", "2 S", "=", "19:06:00", erased=True)])
    assert [r.extra["bws_id"] for r in data.records()] == [2]
    steps = [(m.strftime("%H:%M:%S"), sorted(e)) for m, e in data.timeline()]
    # row 3 was erased and nothing replaced it: it never shows
    assert steps == [("19:05:00", [1]), ("19:07:00", [2])]


def test_board_in_play_shows_before_its_result() -> None:
    bids = [("N", "1NT"), ("E", "PASS"), ("S", "PASS"), ("W", "PASS")]
    data = session(ReceivedData=[result_row(1, 1, 1, 1, 1, 1, 1, "N", "1 NT", "=", "19:10:00")],
                   BiddingData=action_rows("Bid", 1, 1, 1, 1, bids, START))
    steps = list(data.timeline())
    first_moment, first = steps[0]
    (key, record), = first.items()
    assert key == ("in_play", "A", "1", 1, 1) and record.in_play
    assert record.auction.pbn() == "1NT"
    assert record.contract is None
    _, last = steps[-1]
    assert list(last) == [1] and last[1].auction.is_complete
