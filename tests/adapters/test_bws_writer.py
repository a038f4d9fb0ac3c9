"""The ``.bws`` writer, up to the exact SQL statements and parameters it would execute
(an Access ODBC driver exists only on Windows)."""

from __future__ import annotations

import datetime as dt
import shutil
from fractions import Fraction
from pathlib import Path

import pytest

from adapters.bws.reader import BwsData
from adapters.bws.writer import BwsWriteBack, BwsWriter, Statement, odbc_connect, plan_row_change, write_copy
from td_plugin.errors import InputError
from td_plugin.host.manager import PluginHost
from td_plugin.model.changes import RecordChange
from td_plugin.model.contract import Contract
from td_plugin.model.outcomes import ArtificialScore, AssignedResult, ScoreOnly, WeightedScore
from tests.bws_session import memory_tables, result_row, round_row, section_rows

NOW = dt.datetime(2025, 12, 23, 21, 4, 5)
BWS = "bws/acbl_club_pairs_2025-12-23_2sections_redacted.bws"

DELETE = ("DELETE FROM [ReceivedData] WHERE [ID] = ? AND [Section] = ? AND [Table] = ? "
          "AND [Round] = ? AND [Board] = ? AND [Contract] = ? AND [Result] = ? "
          "AND [Remarks] = ? AND [Erased] = ?")
INSERT = ("INSERT INTO [ReceivedData] ([Section], [Table], [Round], [Board], [PairNS], "
          "[PairEW], [Declarer], [NS/EW], [Contract], [Result], [LeadCard], [Remarks], "
          "[DateLog], [TimeLog], [Processed], [Processed1], [Processed2], [Processed3], "
          "[Processed4], [Erased]) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
          "?, ?, ?)")


def four_spades(tricks: int) -> AssignedResult:
    """4S by South, the contract of the row of `data`."""
    return AssignedResult(Contract.from_pbn("4S", "S"), tricks)


def two_spades_by_east(tricks: int) -> AssignedResult:
    """2S by East, the contract of the first result of the real file."""
    return AssignedResult(Contract.from_pbn("2S", "E"), tricks)


def data() -> BwsData:
    return BwsData.read(memory_tables(
        Section=section_rows(("A", 3), ("B", 3)),
        RoundData=[round_row(2, 3, 2, 3, 1, 7, 9)],
        ReceivedData=[result_row(41, 2, 3, 2, 7, 3, 1, "S", "4 S", "=", "20:15:00", lead="HK")]))


def test_64a2_trick_transfer_is_a_delete_and_insert_with_the_new_result() -> None:
    """Board 7, section B, table 3, round 2: 4S= becomes 4S-1."""
    d = data()
    (row,) = d.current_results()
    change = RecordChange(record=1, outcome=four_spades(9), law="64A2")
    statements = plan_row_change(d, row, change, NOW)
    assert statements == [
        Statement(DELETE, (41, 2, 3, 2, 7, "4 S", "=", "", False), expect_rows=1),
        Statement(INSERT, (2, 3, 2, 7, 3, 1, 3, "S", "4 S", "-1", "HK", "",
                           dt.datetime(2025, 12, 23), dt.datetime(1899, 12, 30, 21, 4, 5),
                           False, False, False, False, False, False), expect_rows=1),
    ]


def test_artificial_score_goes_into_remarks() -> None:
    d = data()
    (row,) = d.current_results()
    change = RecordChange(record=1, outcome=ArtificialScore(60, 40))
    _, insert = plan_row_change(d, row, change, NOW)
    assert insert.params[6:12] == (0, "", "", "", "HK", "60%-40%")


def test_a_score_alone_cannot_be_written() -> None:
    d = data()
    (row,) = d.current_results()
    with pytest.raises(InputError, match="stores results, not scores"):
        plan_row_change(d, row, RecordChange(record=1, outcome=ScoreOnly(-100)), NOW)
    with pytest.raises(InputError, match="14 tricks is not a result"):
        plan_row_change(d, row, RecordChange(record=1, outcome=four_spades(14)), NOW)


def test_12c1a_assigned_result_in_another_contract_replaces_contract_and_declarer() -> None:
    """3NT by West assigned where 4S by South was played: the row gets the contract, the
    declarer and the declaring pair (East-West, pair 1); the lead was South's opponent's,
    so it goes."""
    d = data()
    (row,) = d.current_results()
    assigned = AssignedResult(Contract.from_pbn("3NT", "W"), 8)
    _, insert = plan_row_change(d, row, RecordChange(1, assigned, "12C1(a)"), NOW)
    assert insert.params[4:12] == (3, 1, 1, "W", "3 NT", "-1", "", "")
    # the same contract by the same declarer keeps the row's own text and lead
    _, insert = plan_row_change(d, row, RecordChange(1, four_spades(11), "12C1(a)"), NOW)
    assert insert.params[4:12] == (3, 1, 3, "S", "4 S", "+1", "HK", "")


def test_a_result_replaces_the_artificial_score_of_a_remark() -> None:
    d = BwsData.read(memory_tables(
        Section=section_rows(("A", 3)), RoundData=[round_row(1, 1, 1, 1, 2, 1, 3)],
        ReceivedData=[result_row(5, 1, 1, 1, 1, 1, 2, "", "", "", "19:00:00",
                                 remarks="60%-40%")]))
    (row,) = d.current_results()
    _, insert = plan_row_change(d, row, RecordChange(1, four_spades(10), "12C1(a)"), NOW)
    assert insert.params[4:12] == (1, 2, 1, "S", "4 S", "=", "", "")


def test_a_weighted_score_cannot_be_written() -> None:
    d = data()
    (row,) = d.current_results()
    weighted = WeightedScore(((Fraction(1, 2), four_spades(10)), (Fraction(1, 2), four_spades(9))))
    with pytest.raises(InputError, match="stores results, not scores"):
        plan_row_change(d, row, RecordChange(record=1, outcome=weighted), NOW)


class FakeCursor:
    def __init__(self, log: list, rowcounts: list[int]) -> None:
        self.log, self.rowcounts, self.rowcount = log, rowcounts, -1

    def execute(self, sql: str, params: tuple) -> None:
        self.log.append(("execute", sql, params))
        self.rowcount = self.rowcounts.pop(0)


class FakeConnection:
    """Stands in for a pyodbc connection: records what is executed."""

    def __init__(self, rowcounts: list[int]) -> None:
        self.log: list = []
        self.rowcounts = rowcounts

    def cursor(self) -> FakeCursor:
        return FakeCursor(self.log, self.rowcounts)

    def commit(self) -> None:
        self.log.append(("commit",))

    def rollback(self) -> None:
        self.log.append(("rollback",))

    def close(self) -> None:
        self.log.append(("close",))


def test_a_ruling_that_changes_no_result_is_left_out_not_a_failure() -> None:
    """An auction ruling in the batch (its change has annotations, no outcome): a .bws
    keeps no commentary, so it is left out and the other change is still planned."""
    auction = RecordChange(record=1, outcome=None, law="31B", annotations=("31B",))
    planned = BwsWriter("s.bws", clock=lambda: NOW).plan(
        data(), [(41, auction), (41, RecordChange(record=1, outcome=four_spades(9)))])
    assert [st.sql for st in planned] == [DELETE, INSERT]
    assert planned[1].params[9] == "-1"


def test_dry_run_is_the_default_and_executes_nothing(tmp_path: Path) -> None:
    connections = []
    writer = BwsWriter(str(tmp_path / "s.bws"), connect=connections.append, clock=lambda: NOW)
    planned = writer.plan(data(), [(41, RecordChange(record=1, outcome=four_spades(9)))])
    assert writer.apply(planned) == planned
    assert connections == [] and writer.backup is None


def test_apply_backs_up_first_then_executes_in_one_transaction(tmp_path: Path) -> None:
    live = tmp_path / "s.bws"
    live.write_bytes(b"Standard Jet DB stand-in")
    conn = FakeConnection([1, 1])
    writer = BwsWriter(str(live), dry_run=False, connect=lambda p: conn, clock=lambda: NOW)
    planned = writer.plan(data(), [(41, RecordChange(record=1, outcome=four_spades(9)))])
    writer.apply(planned)
    assert writer.backup == f"{live}.20251223-210405.bak"
    assert Path(writer.backup).read_bytes() == live.read_bytes()
    assert conn.log == [("execute", DELETE, planned[0].params),
                        ("execute", INSERT, planned[1].params), ("commit",), ("close",)]


def test_row_changed_since_read_rolls_back(tmp_path: Path) -> None:
    live = tmp_path / "s.bws"
    live.write_bytes(b"x")
    conn = FakeConnection([0])
    writer = BwsWriter(str(live), dry_run=False, connect=lambda p: conn, clock=lambda: NOW)
    planned = writer.plan(data(), [(41, RecordChange(record=1, outcome=four_spades(9)))])
    with pytest.raises(InputError, match="the row changed since it was read"):
        writer.apply(planned)
    assert conn.log == [("execute", DELETE, planned[0].params), ("rollback",), ("close",)]


def test_without_odbc_the_writer_says_what_it_needs(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="Access ODBC driver"):
        odbc_connect(str(tmp_path / "s.bws"))


def test_write_changes_through_the_host_leaves_no_copy_without_odbc(realworld: Path,
                                                                    tmp_path: Path) -> None:
    source = tmp_path / "session.bws"
    shutil.copyfile(realworld / BWS, source)
    before = source.read_bytes()
    dest = tmp_path / "out" / "session.bws"
    dest.parent.mkdir()
    with pytest.raises(InputError, match="ODBC"):
        PluginHost(load_entrypoints=False).write_changes(
            str(source), str(dest), {1: [RecordChange(record=1, outcome=two_spades_by_east(8))]})
    assert not dest.exists() and source.read_bytes() == before


def test_write_copy_applies_to_the_copy_only(realworld: Path, tmp_path: Path) -> None:
    source = tmp_path / "session.bws"
    shutil.copyfile(realworld / BWS, source)
    dest = tmp_path / "copy.bws"
    opened = []
    conn = FakeConnection([1, 1])

    def connect(path: str) -> FakeConnection:
        opened.append(path)
        return conn

    change = RecordChange(record=1, outcome=two_spades_by_east(8))
    done = write_copy(str(source), str(dest), {1: [change]},
                      connect=connect)
    # the copy is changed beside the destination, then renamed over it
    assert len(opened) == 1 and Path(opened[0]).parent == dest.parent
    assert not Path(opened[0]).exists() and dest.read_bytes() == source.read_bytes()
    delete, insert = done
    # record 1 is ReceivedData ID 1: section A (1), table 8, round 1, board 13, 2S by E +1
    assert delete.params == (1, 1, 8, 1, 13, "2 S", "+1", "", False)
    assert insert.params[7:10] == ("E", "2 S", "=")


def test_write_back_plugin_collects_decided_adjustments(tmp_path: Path) -> None:
    d = data()
    host = PluginHost(load_entrypoints=False)
    plugin = BwsWriteBack("session.bws", clock=lambda: NOW)
    host.register(plugin, "bws_write")
    record = next(d.records())
    assert host.adjustment_decided(record, RecordChange(record=1, outcome=four_spades(9))) == []
    assert plugin.pending == [(41, RecordChange(record=1, outcome=four_spades(9)))]
    statements = plugin.flush(d)
    assert [s.sql for s in statements] == [DELETE, INSERT] and plugin.pending == []
