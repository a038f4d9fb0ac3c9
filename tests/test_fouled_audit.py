"""Law 87A: a fouled board found by the audit in the session's own records, and its
proposed adjustments entry (87B) applied by ``td-plugin adjust``.

The sessions are real files with the deals of some tables changed by the test.
"""

from __future__ import annotations

import dataclasses
import json
from decimal import Decimal
from pathlib import Path

import pytest
from lxml import etree

from adapters.pbn.export import write_export
from td_plugin.cli import main
from td_plugin.host.manager import PluginHost
from td_plugin.laws.fouled import BoardVersions, compare_forms, versions_of
from td_plugin.model.board import BoardRecord, Vulnerability
from td_plugin.model.cards import Card, Seat
from td_plugin.model.deal import Deal, Hand


def _fouled(capsys: pytest.CaptureFixture[str], path: Path) -> list[dict]:
    main(["audit", "--json", "--no-equity", "--jobs", "1", str(path)])
    report = json.loads(capsys.readouterr().out)
    return [f for f in report["findings"] if f["kind"] == "fouled_board"]


def _exchange(deal: Deal, one: str, other: str) -> Deal:
    """The deal with two cards of two hands exchanged."""
    a, b = Card.from_pbn(one), Card.from_pbn(other)
    holder_a, holder_b = deal.holder(a), deal.holder(b)
    assert holder_a is not None and holder_b is not None and holder_a is not holder_b
    masks = {s: h.mask for s, h in deal.hands.items() if h is not None}
    masks[holder_a] ^= (1 << a.index) | (1 << b.index)
    masks[holder_b] ^= (1 << a.index) | (1 << b.index)
    return Deal({s: Hand(mask=m) for s, m in masks.items()})


@pytest.mark.realworld
def test_87a_two_tables_of_a_real_per_table_pbn_with_cards_exchanged(
        realworld: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = realworld / "pbn" / "pl_pary_wb130801_per_table_results.pbn"
    text = source.read_text(encoding="utf-8")
    tag = '[Deal "N:9642.AJ42.QT652. J3.Q9863.KJ3.K95 AK7.K5.A94.AQ842 QT85.T7.87.JT763"]'
    changed = '[Deal "N:T642.AJ42.QT652. J3.Q9863.KJ3.K95 AK7.K5.A94.AQ842 Q985.T7.87.JT763"]'
    parts = text.split(tag)
    assert len(parts) == 14  # board 1 at 13 tables
    # the 4th and 5th tables hold the spade ten in North, the nine in West
    text = tag.join(parts[:4]) + changed + parts[4] + changed + tag.join(parts[5:])
    path = tmp_path / source.name
    path.write_text(text, encoding="utf-8")
    (finding,) = _fouled(capsys, path)
    assert finding["board"] == 1 and finding["law"] == "87A" and not finding["possible"]
    correct, changed_form = finding["forms"]
    assert correct["correct"] and correct["count"] == 11 and finding["correct_by"] == "majority"
    assert [t["record"] for t in changed_form["tables"]] == [4, 5]
    assert sorted((c["card"], c["correct"], c["here"]) for c in changed_form["differs"]["cards"]) \
        == [("S9", "N", "W"), ("ST", "W", "N")]
    # the file names no pairs: no entry can be proposed, and the finding says so
    assert finding["adjustment"] is None and "no adjustments entry" in finding["message"]
    assert "Changed form 1, played at record 4; record 5" in finding["message"]


@pytest.mark.realworld
def test_87a_lin_closed_room_played_the_board_rotated(
        realworld: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = realworld / "lin" / "vugraph_usbf_semifinal_14502.lin"
    text = source.read_text(encoding="utf-8")
    md = "md|4SJ5H9DAT862CQ8752,SKQT94HAK73DQ4C93,S872HQT5DJ97CAT64,SA63HJ8642DK53CKJ|"
    turned = "md|4SA63HJ8642DK53CKJ,SJ5H9DAT862CQ8752,SKQT94HAK73DQ4C93,S872HQT5DJ97CAT64|"
    first = text.index(md) + len(md)
    path = tmp_path / source.name
    path.write_text(text[:first] + text[first:].replace(md, turned, 1), encoding="utf-8")
    (finding,) = _fouled(capsys, path)
    assert finding["board"] == 46
    correct, changed = finding["forms"]
    assert changed["differs"]["rotated"] in (1, 3) and changed["differs"]["cards"] == []
    assert changed["tables"][0]["record"] == 2
    # one table each: no majority, and the finding says that the Director decides
    assert finding["correct_by"] == "first_in_file" and "the Director decides" in finding["message"]


@pytest.mark.realworld
def test_87a_possible_fouled_board_from_leads_not_held_real_usebio(
        realworld: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Compscore's file has the hand records and each table's lead: on board 26 three
    # tables led a card that the hand record gives to one same other seat
    findings = _fouled(capsys, realworld / "usebio" / "compscore3_mp_pairs_howell.xml")
    assert [(f["board"], f["possible"]) for f in findings] == [(26, True)]
    assert "possibly fouled" in findings[0]["message"]
    assert [(t["ns_pair"], t["ew_pair"]) for t in findings[0]["tables"]] == [
        ("2", "11"), ("4", "1"), ("7", "3")]


@pytest.mark.realworld
def test_87b_audit_proposes_the_entry_that_adjust_applies(
        realworld: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The Howell pairs as per-table records (its own hand records, pairs and results),
    two tables of board 2 having played it with two clubs exchanged: the finding's
    entry, given to ``adjust``, scores the board in the groups worked by hand in
    tests/test_fouled_scoring.py."""
    usebio = realworld / "usebio" / "compscore3_mp_pairs_howell.xml"
    records: list[BoardRecord] = list(PluginHost().open_source(str(usebio)).records())
    per_table = []
    for r in records:
        if r.board == 2 and (r.ns_pair, r.ew_pair) in (("5", "2"), ("8", "4")):
            assert r.deal is not None
            r = dataclasses.replace(r, deal=_exchange(r.deal, "CA", "C4"))
        per_table.append(r)
    pbn = tmp_path / "tables.pbn"
    write_export(per_table, pbn)
    (finding,) = _fouled(capsys, pbn)
    entry = finding["adjustment"]
    assert entry == {"board": 2, "fouled": [{"ns_pair": "5", "ew_pair": "2"},
                                            {"ns_pair": "8", "ew_pair": "4"}], "law": "87B"}
    assert json.dumps(entry, ensure_ascii=False) in finding["message"]
    listing = tmp_path / "adjustments.json"
    listing.write_text(json.dumps([entry]), encoding="utf-8")
    assert main(["adjust", str(usebio), str(listing), "--write-to", str(tmp_path / "out")]) == 0
    board = next(b for b in etree.parse(str(tmp_path / "out" / usebio.name)).iter("BOARD")
                 if b.findtext("BOARD_NUMBER") == "2")
    points = {(tl.findtext("NS_PAIR_NUMBER"), tl.findtext("EW_PAIR_NUMBER")):
              Decimal(tl.findtext("NS_MATCH_POINTS")) for tl in board.iter("TRAVELLER_LINE")}
    assert points == {("3", "11"): Decimal("6.5"), ("5", "2"): 2, ("6", "10"): Decimal("6.5"),
                      ("8", "4"): 8, ("9", "7"): Decimal("6.5"), ("12", "1"): Decimal("0.5")}


DEAL = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
OTHER = Deal.from_pbn("N:T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765 AKQJ.T98.765.432")


def _record(n: int, deal: Deal, *, dealer: Seat = Seat.N,
            vul: Vulnerability = Vulnerability.NONE, board: int = 1) -> BoardRecord:
    from td_plugin.errors import Location

    return BoardRecord(board=board, deal=deal, dealer=dealer, vulnerability=vul,
                       ns_pair=str(n), ew_pair=str(n + 10), location=Location(record=n))


def test_87a_dealer_or_vulnerability_alone_fouls_the_board() -> None:
    records = [_record(1, DEAL), _record(2, DEAL), _record(3, DEAL, vul=Vulnerability.ALL)]
    (finding,) = versions_of(records).findings()
    differs = finding.data["forms"][1]["differs"]
    assert differs["vulnerability"] == ["None", "All"] and differs["cards"] == []
    assert finding.data["adjustment"]["fouled"] == [{"ns_pair": "3", "ew_pair": "13"}]


def test_87a_another_deal_under_the_same_number_is_not_a_fouled_board() -> None:
    unrelated = Deal.from_pbn("N:AK32.AK32.A2.A32 QJ4.QJ4.QJ43.QJ4 T987.T98.T98.T98 65.765.K765.K765")
    assert compare_forms(((1, 2, 3, 4), Seat.N, None), ((2, 1, 3, 4), Seat.N, None)) is not None
    records = [_record(1, DEAL), _record(2, DEAL), _record(3, unrelated)]
    assert versions_of(records).findings() == []
    # a whole board rotated is the same deal in other pockets
    (finding,) = versions_of([_record(1, DEAL), _record(2, DEAL), _record(3, OTHER)]).findings()
    assert finding.data["forms"][1]["differs"]["rotated"] in (1, 3)


def test_87a_forms_merged_from_parts_as_from_the_whole() -> None:
    records = [_record(n, DEAL if n != 4 else _exchange(DEAL, "SA", "CA")) for n in range(1, 7)]
    whole = versions_of(records).findings()
    first, second = BoardVersions(), BoardVersions()
    for r in records[:3]:
        first.add(r)
    for r in records[3:]:
        second.add(dataclasses.replace(
            r, location=dataclasses.replace(r.location, record=r.location.record - 3)))
    first.merge(second, 3)
    assert [f.data for f in first.findings()] == [f.data for f in whole]


def test_87a_possible_fouled_board_in_a_bridgemate_session_with_hand_records() -> None:
    """Board 1 at three tables of a Bridgemate session with its hand record: at tables 1
    and 2 West led the ace of hearts, which the hand record gives to South (as when
    those two hands exchanged cards); at table 3 West led one of his own cards."""
    from adapters.bws.reader import BwsData
    from tests.bws_session import (
        hand_record_row,
        memory_tables,
        result_row,
        round_row,
        section_rows,
    )

    deal = Deal.from_pbn("N:KT653.QJ9.64.AQ2 94.86.A872.J9864 Q2.AT7.KQT93.T53 AJ87.K5432.J5.K7")
    rows = [result_row(t, 1, t, 1, 1, t, t, "S", "4 S", "-1", f"19:0{t}:00", lead=lead)
            for t, lead in ((1, "HA"), (2, "HA"), (3, "HK"))]
    data = BwsData.read(memory_tables(
        Section=section_rows(("A", 3)),
        RoundData=[round_row(1, t, 1, t, t, 1, 2) for t in (1, 2, 3)],
        HandRecord=[hand_record_row(1, 1, deal)], ReceivedData=rows))
    (finding,) = versions_of(data.records()).findings("club.bws")
    assert finding.key == "fouled.possible" and finding.data["possible"] is True
    assert [(t["section"], t["table"], t["round"]) for t in finding.data["tables"]] == [
        ("A", "1", 1), ("A", "2", 1)]
    assert finding.data["adjustment"] == {
        "board": 1, "fouled": [{"ns_pair": "1", "ew_pair": "1"}, {"ns_pair": "2", "ew_pair": "2"}],
        "law": "87B"}
    one = BwsData.read(memory_tables(
        Section=section_rows(("A", 3)), RoundData=[round_row(1, 1, 1, 1, 1, 1, 2)],
        HandRecord=[hand_record_row(1, 1, deal)], ReceivedData=rows[:1]))
    assert versions_of(one.records()).findings() == []  # one lead alone: a slip, most often
