"""Writing a corrected result into a Bridgemate ``.bws``: Windows only, opt-in.

Writing an Access database needs Microsoft's Access ODBC driver (Windows) and ``pyodbc``
(``pip install 'td-plugin[odbc]'``); nothing else can write the file. The change is made
the way the table terminals make a correction: the row is deleted and a new row is
inserted with the new ``Result`` (or ``Remarks`` for an artificial score) and every
``Processed`` flag false, so the scorer reads it again. Guards:

- a dry run by default: `BwsWriter.plan` gives the exact statements and parameters;
- a backup copy of the file is written before anything is executed, under a name no
  file has yet (``FILE.YYYYmmdd-HHMMSS.bak``, then ``-2.bak``, ...): it never replaces one;
- the delete names every value read, so a row changed since it was read is not touched
  (the whole change is rolled back and reported);
- one transaction per call.

Whether a given scorer re-imports a replaced row mid-session is the scorer's business;
the TD report (what to type into the scorer) is always the safe path.
"""

from __future__ import annotations

import datetime as dt
import os
import shutil
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from adapters.bws import values as v
from adapters.bws.odbc import access_drivers, odbc_problem
from adapters.bws.reader import BwsData, ResultRow, read_bws
from td_plugin import hookimpl
from td_plugin.errors import InputError, Location, NotWritableError
from td_plugin.model.board import BoardRecord
from td_plugin.model.cards import Seat
from td_plugin.model.changes import RecordChange
from td_plugin.safe_output import atomic_path, check_outputs, create_new

__all__ = ["Statement", "BwsWriter", "BwsWriteBack", "plan_row_change", "write_copy",
           "odbc_connect", "writes_something"]

_INSERT_COLUMNS = ("Section", "Table", "Round", "Board", "PairNS", "PairEW", "Declarer",
                   "NS/EW", "Contract", "Result", "LeadCard", "Remarks", "DateLog", "TimeLog",
                   "Processed", "Processed1", "Processed2", "Processed3", "Processed4",
                   "Erased")
_ACCESS_ZERO = dt.datetime(1899, 12, 30)


@dataclass(frozen=True)
class Statement:
    """One SQL statement and its parameters; ``expect_rows``: the row count it must
    affect (None: not checked)."""

    sql: str
    params: tuple[Any, ...]
    expect_rows: int | None = None


def _section_number(data: BwsData, letter: str) -> int:
    for number, section in data.section_letters.items():
        if section == letter:
            return number
    return int(letter)


def plan_row_change(data: BwsData, row: ResultRow, change: RecordChange,
                    now: dt.datetime) -> list[Statement]:
    """The statements replacing ``row`` by its corrected version: the change's outcome
    as the terminals write it (an artificial score in ``Remarks``; a result as its
    contract, declarer and tricks, the row's own text kept where the contract is the
    same, the lead cleared when the declarer changes, and a remark that gave a score
    instead of a result cleared).

    :raises InputError: the change cannot be expressed in a ``.bws`` (a score without a
        result, a weighted score: the file stores results, not scores).
    """
    section_letter, table, round_, board = row.place
    where = Location(path=data.path, board=board)
    new_contract, new_result, new_remarks = row.contract, row.result, row.remarks
    declarer, declaring_pair, lead = row.declarer, row.declaring_pair, row.lead_card
    outcome = change.outcome
    artificial = outcome.artificial() if outcome is not None else None
    result = outcome.result() if outcome is not None else None
    if artificial is not None:
        new_remarks = v.remarks_text(artificial)
        new_contract, new_result, declarer, declaring_pair = "", "", "", None
    elif result is not None:
        try:
            contract = v.parse_contract(row.contract, v.parse_seat(row.declarer))
        except ValueError as exc:
            raise InputError(f"row {row.id}: cannot change the result of {row.contract!r}: {exc}",
                             where) from exc
        tricks = result.declarer_tricks
        if result.contract.is_passed_out or tricks is None:
            raise InputError(f"row {row.id}: a board passed out is not written into a .bws",
                             where)
        if not 0 <= tricks <= 13:
            raise InputError(f"row {row.id}: {tricks} tricks is not a result", where)
        if contract is None or not (contract.same_as(result.contract) and (
                result.contract.declarer in (None, contract.declarer))):
            declarer = result.contract.declarer.value if result.contract.declarer else ""
            declaring_pair = row.ns_pair if result.contract.declarer in (Seat.N, Seat.S) \
                else row.ew_pair
            new_contract = v.contract_text(result.contract)
            if declarer != row.declarer:
                lead = ""  # the lead was another player's
        new_result = v.result_text(result.contract, tricks)
        remark = v.parse_remarks(row.remarks)
        if remark is not None and (remark.artificial is not None or remark.not_played):
            new_remarks = ""  # the result replaces the score the remark gave
    else:
        raise InputError(f"row {row.id}: a .bws stores results, not scores; this change "
                         f"gives neither a result nor an artificial score", where)
    section = _section_number(data, section_letter)
    delete = Statement(
        "DELETE FROM [ReceivedData] WHERE [ID] = ? AND [Section] = ? AND [Table] = ? "
        "AND [Round] = ? AND [Board] = ? AND [Contract] = ? AND [Result] = ? "
        "AND [Remarks] = ? AND [Erased] = ?",
        (row.id, section, int(table), round_, board, row.contract, row.result, row.remarks,
         False),
        expect_rows=1)
    values = (section, int(table), round_, board, int(row.ns_pair), int(row.ew_pair),
              int(declaring_pair) if declaring_pair else 0, declarer, new_contract, new_result,
              lead, new_remarks, dt.datetime(now.year, now.month, now.day),
              _ACCESS_ZERO.replace(hour=now.hour, minute=now.minute, second=now.second),
              False, False, False, False, False, False)
    insert = Statement(
        "INSERT INTO [ReceivedData] (" + ", ".join(f"[{c}]" for c in _INSERT_COLUMNS)
        + ") VALUES (" + ", ".join("?" for _ in _INSERT_COLUMNS) + ")", values, expect_rows=1)
    return [delete, insert]


def writes_something(change: RecordChange) -> bool:
    """Whether ``change`` has something a ``.bws`` holds: an outcome. A ruling that
    changes no result (an auction ruling) has only its text, and a ``.bws`` keeps no
    commentary: it is left out, not an error."""
    return change.outcome is not None


def odbc_connect(path: str) -> Any:
    """An ODBC connection to an Access file (Windows, Access driver, ``pyodbc``).

    :raises NotWritableError: pyodbc or the driver is missing.
    """
    problem = odbc_problem()
    if problem is not None:
        raise NotWritableError(problem, Location(path=path))
    import pyodbc

    drivers = access_drivers()
    return pyodbc.connect(f"DRIVER={{{drivers[0]}}};DBQ={os.path.abspath(path)};",
                          autocommit=False)


class BwsWriter:
    """Applies record changes to one ``.bws`` (see the module docstring).

    :param path: the file to change.
    :param dry_run: only plan (the default); `apply` returns the statements.
    :param connect: opens a DB-API connection to the file (default `odbc_connect`).
    :param clock: the time written into ``DateLog``/``TimeLog``.
    :param backup: copy the file aside before executing (off only for a fresh copy).
    """

    def __init__(self, path: str, *, dry_run: bool = True,
                 connect: Callable[[str], Any] = odbc_connect,
                 clock: Callable[[], dt.datetime] = dt.datetime.now,
                 backup: bool = True) -> None:
        self.path = path
        self.dry_run = dry_run
        self.make_backup = backup
        self.connect = connect
        self.clock = clock
        #: the backup written before the last apply (None in a dry run)
        self.backup: str | None = None

    def plan(self, data: BwsData, changes: Iterable[tuple[int, RecordChange]]) -> list[Statement]:
        """The statements for changes keyed by ``ReceivedData`` row ID; a change that
        changes no result is left out (`writes_something`)."""
        rows = {r.id: r for r in data.current_results()}
        now = self.clock()
        out: list[Statement] = []
        for row_id, change in changes:
            if not writes_something(change):
                continue
            row = rows.get(row_id)
            if row is None:
                raise InputError(f"no current ReceivedData row with ID {row_id}",
                                 Location(path=self.path))
            out.extend(plan_row_change(data, row, change, now))
        return out

    def apply(self, statements: Sequence[Statement]) -> list[Statement]:
        """Execute the statements in one transaction, after a backup (not in a dry run).

        :raises InputError: a row changed since it was read (nothing is changed), or the
            ODBC driver is missing.
        """
        if self.dry_run or not statements:
            return list(statements)
        conn = self.connect(self.path)
        if self.make_backup:
            stamp = self.clock().strftime("%Y%m%d-%H%M%S")
            self.backup = create_new(self.path, [f"{self.path}.{stamp}.bak"] + [
                f"{self.path}.{stamp}-{n}.bak" for n in range(2, 100)])
        try:
            cursor = conn.cursor()
            for st in statements:
                cursor.execute(st.sql, st.params)
                if st.expect_rows is not None and cursor.rowcount != st.expect_rows:
                    raise InputError(f"the row changed since it was read ({st.sql.split()[0]} "
                                     f"affected {cursor.rowcount} rows); nothing was changed",
                                     Location(path=self.path))
            conn.commit()
        except BaseException:
            conn.rollback()
            raise
        finally:
            conn.close()
        return list(statements)


def _row_ids(data: BwsData, changes: Mapping[int, list[RecordChange]]) -> list[tuple[int, RecordChange]]:
    """Changes keyed by record index (the order of `BwsData.records`) -> by row ID."""
    current = data.current_results()
    out: list[tuple[int, RecordChange]] = []
    for index, change_list in sorted(changes.items()):
        if not 1 <= index <= len(current):
            raise InputError(f"no record {index} (the file has {len(current)} results)",
                             Location(path=data.path))
        out.extend((current[index - 1].id, c) for c in change_list)
    return out


def write_copy(source_path: str, dest_path: str, changes: Mapping[int, list[RecordChange]],
               *, connect: Callable[[str], Any] = odbc_connect) -> list[Statement]:
    """Copy ``source_path`` to ``dest_path`` and apply ``changes`` (keyed by record index)
    to the copy. The source is never changed; the copy is made and changed beside
    ``dest_path`` and renamed over it only once every change is in
    (`td_plugin.safe_output.atomic_path`).

    :raises InputError: the copy would overwrite the source, a change cannot be written,
        or the ODBC driver is missing (checked before anything is written).
    """
    check_outputs([source_path], [(dest_path, "the changed copy")])
    data = read_bws(source_path)
    statements = BwsWriter(dest_path, connect=connect).plan(data, _row_ids(data, changes))
    with atomic_path(dest_path) as copy:
        shutil.copyfile(source_path, copy)
        return BwsWriter(copy, dry_run=False, connect=connect, backup=False).apply(statements)


class BwsWriteBack:
    """A write-back plugin: collects the adjustments the Director decides
    (`td_adjustment_decided`) for one ``.bws`` and plans (or, opted in, applies) them.

    Register it on a host for a session: ``host.register(BwsWriteBack(path), "bws-write")``.
    """

    def __init__(self, path: str, *, dry_run: bool = True,
                 connect: Callable[[str], Any] = odbc_connect,
                 clock: Callable[[], dt.datetime] = dt.datetime.now) -> None:
        self.writer = BwsWriter(path, dry_run=dry_run, connect=connect, clock=clock)
        self.pending: list[tuple[int, RecordChange]] = []

    @hookimpl
    def td_adjustment_decided(self, record: BoardRecord, change: RecordChange) -> None:
        row_id = record.extra.get("bws_id")
        if record.location.path != self.writer.path or row_id is None:
            return
        self.pending.append((int(row_id), change))

    def flush(self, data: BwsData | None = None) -> list[Statement]:
        """Plan the pending changes against the file as it is now and apply them (or,
        in a dry run, only return them)."""
        if not self.pending:
            return []
        data = data if data is not None else read_bws(self.writer.path)
        statements = self.writer.plan(data, self.pending)
        done = self.writer.apply(statements)
        self.pending = []
        return done

