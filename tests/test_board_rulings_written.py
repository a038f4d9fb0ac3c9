"""The rulings of a board gone wrong, written into the session as each format carries an
artificial score (issue 32, item 4): a PBN ``ScoreTable`` row with ``^`` points, a USEBIO
traveller line ``A6040``, a Bridgemate row's ``Remarks`` as the terminals write it; and
the entries a wrong board's ruling ends in, read by ``td-plugin adjust``'s list reader."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime
from pathlib import Path

from adapters.bws.reader import BwsData
from adapters.bws.writer import plan_row_change
from td_plugin.audit.table_rulings import by_pairs, changes_of, records_of, rule_case
from td_plugin.cases.adjustments import match_adjustments, parse_adjustments
from td_plugin.host.manager import PluginHost
from td_plugin.model.changes import RecordChange
from td_plugin.model.place import Place
from tests.bws_session import memory_tables, result_row, round_row, section_rows
from tests.laws.play.helpers import rule

REPO = Path(__file__).resolve().parents[1]
SCORETABLE = REPO / "tests" / "data" / "scoretable_mitchell.pbn"
NO_RESULT = {"kind": "no_result", "board": 1, "ns_fault": "none", "ew_fault": "direct"}


def _write(source: Path, dest: Path, case: dict, pairs: tuple[str, str]) -> str:
    host = PluginHost(load_entrypoints=False)
    records = records_of(host, str(source))
    place = by_pairs(Place(board=case["board"]), "-".join(pairs), records)
    table = replace(rule_case(host, case, place, records), pairs=pairs)
    assert table.index is not None, table.problem
    host.write_changes(str(source), str(dest), changes_of([table]), "en")
    return dest.read_text(encoding="utf-8", errors="replace")


def test_12c2a_artificial_score_into_the_pbn_scoretable_with_carets(tmp_path: Path) -> None:
    """Board 1 of a Mitchell's ScoreTable: pairs 1 v 1 get 60/40, their row ``-`` for the
    contract and ``^`` points, and the three other rows are matchpointed again."""
    written = _write(SCORETABLE, tmp_path / SCORETABLE.name, NO_RESULT, ("1", "1"))
    table = written.split('[ScoreTable "', 1)[1].split("\n\n", 1)[0].splitlines()[1:]
    rows = [r for r in table if r.strip()[:1].isdigit()]
    assert rows[0].split() == ["1", "1", "-", "-", "-", "-", "^3.6", "^2.4"]
    assert [r.split()[:2] for r in rows[1:]] == [["2", "2"], ["3", "3"], ["4", "4"]]
    assert "{Board 1, 1 v 1: artificial score 60/40" in written
    assert SCORETABLE.read_text(encoding="utf-8") != written  # the copy, not the source


def test_12c2a_artificial_score_into_the_usebio_traveller(tmp_path: Path, realworld: Path) -> None:
    source = realworld / "usebio" / "compscore3_mp_pairs_mitchell.xml"
    written = _write(source, tmp_path / source.name, NO_RESULT, ("1", "1"))
    line = re.search(r"<BOARD_NUMBER>1</BOARD_NUMBER>\s*<TRAVELLER_LINE>(.*?)</TRAVELLER_LINE>",
                     written, re.S)
    assert line and "<NS_PAIR_NUMBER>1NS</NS_PAIR_NUMBER>" in line.group(1)
    assert "<SCORE>A6040</SCORE>" in line.group(1) and "<CONTRACT>" not in line.group(1)


def test_15b1_cancelled_board_into_the_bws_remarks_as_the_terminals_write_it() -> None:
    """The .bws writer is Windows-only (Access ODBC); its plan is what it would execute:
    the row replaced by one whose Remarks give the artificial score."""
    data = BwsData.read(memory_tables(
        Section=section_rows(("A", 3), ("B", 3)),
        RoundData=[round_row(2, 3, 2, 3, 1, 7, 9)],
        ReceivedData=[result_row(41, 2, 3, 2, 7, 3, 1, "S", "4 S", "=", "20:15:00")]))
    ruling = rule({"kind": "wrong_board", "what": "board", "found": "play",
                   "played_before": True, "ns_fault": "partly", "ew_fault": "none"})
    (row,) = data.current_results()
    change = RecordChange(record=1, outcome=ruling.outcome, law=ruling.law)
    _, insert = plan_row_change(data, row, change, datetime(2025, 1, 1))
    assert insert.params[11] == "50%-60%"


def test_15b3_the_entries_of_a_wrong_board_are_an_adjustments_list(realworld: Path) -> None:
    """The ruling's ``adjustments`` read as ``td-plugin adjust`` reads its list, each
    matched to a table of a real session."""
    ruling = rule({"kind": "wrong_board", "what": "board", "board": 1, "found": "after_play",
                   "played_before": True, "ns_fault": "none", "ew_fault": "partly",
                   "ns_pair": 1, "ew_pair": 1,
                   "missed": [{"ns_pair": 2, "ew_pair": 13, "ns_fault": "none",
                               "ew_fault": "none"}]})
    entries = ruling.to_json()["adjustments"]
    adjustments = parse_adjustments(entries)
    assert [a.outcome.notation() for a in adjustments] == ["60/50", "60/60"]
    host = PluginHost(load_entrypoints=False)
    source = realworld / "usebio" / "compscore3_mp_pairs_mitchell.xml"
    records = [r for _, r in records_of(host, str(source))]
    matched, errors = match_adjustments(adjustments, records)
    assert errors == [] and len(matched) == 2


def test_pairs_that_did_not_play_the_record_are_refused_nothing_written(tmp_path: Path) -> None:
    """``--pairs`` names the table: a record of other pairs is not written into."""
    import json
    import subprocess
    import sys

    case = tmp_path / "case.json"
    case.write_text(json.dumps(NO_RESULT), encoding="utf-8")
    session = REPO / "examples" / "club_session.pbn"
    r = subprocess.run([sys.executable, "-m", "td_plugin.cli", "rule", str(case), "--session",
                        str(session), "--pairs", "9-9", "--write-to", str(tmp_path / "out")],
                       capture_output=True, text=True, cwd=REPO)
    assert r.returncode == 2 and "pairs 9-9 did not play board 1" in r.stderr
    assert "Traceback" not in r.stderr and not (tmp_path / "out").exists()
