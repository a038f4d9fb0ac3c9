"""The session's log of table rulings: every ruling the Director gives, kept as it is given.

An SQLite file (the standard library's `sqlite3`) in WAL mode. Each ruling is committed
the moment it is given, so a restart or a crash of the server loses nothing, and two
phones (or two servers on the same file) see the same log. A correction never
overwrites: it appends a new version of the same ruling and keeps the old ones. A
correction names the version it was made from (``based_on``); when another phone has
saved a version since, it is refused (`StaleVersion`, with that phone's version), in the
same transaction that would have written it: two phones never both correct one version.

An entry holds what the Director entered (the case, as a case file would hold it), the
ruling as ``td-plugin rule --json`` prints it, where it happened (board, section, table,
round), when, in which language, and its status: waiting for a decision, ruled, or
adjusted (the ruling changes the table result or score).

A command that only reads the log (``audit``, ``watch``: `RulingLog.read`) writes
nothing, neither the log nor a ``-shm`` or ``-wal`` beside it, and reads a log in a
folder it cannot write (`read_only`).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import os
import queue
import shutil
import sqlite3
import tempfile
import threading
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from td_plugin.errors import InputError, Location
from td_plugin.model.place import Place
from td_plugin.model.rulings import RulingStatus

__all__ = ["status_of", "LogEntry", "RulingLog", "LogError", "StaleVersion", "read_only",
           "is_ruling_id", "MAX_ID"]

_SCHEMA = 1
_TABLES = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS rulings (
    id INTEGER NOT NULL,
    version INTEGER NOT NULL,
    at TEXT NOT NULL,
    board INTEGER,
    section TEXT,
    table_no TEXT,
    round INTEGER,
    record INTEGER,
    kind TEXT NOT NULL,
    status TEXT NOT NULL,
    lang TEXT NOT NULL,
    case_json TEXT NOT NULL,
    ruling_json TEXT NOT NULL,
    PRIMARY KEY (id, version)
);
"""


class LogError(InputError):
    """The log file cannot be used (not a log, a newer schema, unreadable)."""


class StaleVersion(Exception):
    """A correction made from a version of a ruling that is no longer its latest: another
    phone (or an earlier page) saved ``latest`` since. Nothing was written."""

    def __init__(self, based_on: int, latest: LogEntry) -> None:
        super().__init__(f"ruling {latest.id} is at version {latest.version}, not "
                         f"{based_on}: corrected meanwhile")
        self.based_on = based_on
        self.latest = latest


#: a log read while a writer starts on it is read again, at most this many times
_READ_TRIES = 5
_SQLITE_HEADER = b"SQLite format 3\x00"


def _state(path: Path) -> tuple[tuple[int, int, int] | None, ...]:
    """What a writer changes: the log, its ``-wal`` and ``-shm`` (None: not there)."""
    out: list[tuple[int, int, int] | None] = []
    for name in (str(path), f"{path}-wal", f"{path}-shm"):
        try:
            st = os.stat(name)
        except FileNotFoundError:
            out.append(None)
        else:
            out.append((st.st_ino, st.st_size, st.st_mtime_ns))
    return tuple(out)


def _read_error(exc: sqlite3.DatabaseError, path: str | None) -> LogError:
    """What SQLite's error says of the file: no log in it, or a log that cannot be read
    (locked, a folder or ``-shm`` that cannot be written, an error of the disk)."""
    name = getattr(exc, "sqlite_errorname", None)  # (Python 3.11 on; before, its text)
    if name in ("SQLITE_ERROR", "SQLITE_NOTADB", "SQLITE_CORRUPT") or (name is None and any(
            words in str(exc) for words in ("not a database", "malformed", "no such table"))):
        return LogError(f"not a ruling log: {exc}", Location(path=path))
    return LogError(f"the rulings log cannot be read: {exc}", Location(path=path))


def read_only(path: str | Path,
              scratch: contextlib.ExitStack) -> tuple[sqlite3.Connection, Callable[[], bool]]:
    """A connection that reads the log at ``path`` and writes nothing beside it (no
    ``-shm`` or ``-wal`` appears, and a log in a folder that cannot be written is read),
    with a test of whether what it read was steady:

    * a log with a ``-wal`` and a ``-shm`` (a server writes it, or did and was stopped):
      opened read-only (``mode=ro``), sharing the writer's ``-shm`` as SQLite does: what
      it reads is always a committed state;
    * a log alone: opened as ``immutable`` (SQLite then creates nothing); it was steady
      when no writer changed the log or started on it while it was read;
    * a ``-wal`` without its ``-shm`` (a stopped server's, its ``-shm`` removed): the log
      and its ``-wal`` copied into a private folder of ``scratch`` and read there.

    :raises LogError: no such file, a folder, a file that cannot be read (why) or is no
        SQLite file.
    """
    where = Location(path=str(path))
    path = Path(path).resolve()
    try:
        with open(path, "rb") as fh:
            header = fh.read(len(_SQLITE_HEADER))
    except OSError as exc:
        raise LogError(f"the rulings log cannot be read: {exc.strerror or exc}", where) from None
    if header != _SQLITE_HEADER:
        raise LogError("not a ruling log: not an SQLite file", where)
    before = _state(path)
    _, wal, shm = before
    target, query = path, "immutable=1"
    if wal is not None and shm is not None:
        query = "mode=ro"
    elif wal is not None and wal[1] > 0:
        folder = Path(scratch.enter_context(tempfile.TemporaryDirectory(prefix="td-plugin-log-")))
        target, query = folder / path.name, "mode=rw"
        try:
            shutil.copyfile(path, target)
            shutil.copyfile(f"{path}-wal", f"{target}-wal")
        except OSError as exc:
            raise LogError(f"the rulings log cannot be read: {exc.strerror or exc}",
                           where) from None
    try:
        db = sqlite3.connect(f"{target.as_uri()}?{query}", uri=True, timeout=10)
    except sqlite3.DatabaseError as exc:
        raise _read_error(exc, where.path) from None

    def steady() -> bool:
        return query == "mode=ro" or _state(path) == before

    return db, steady


def status_of(ruling: Mapping[str, Any]) -> RulingStatus:
    """Where a table ruling stands, from the ruling as ``rule --json`` prints it (as the log
    keeps it): waiting for a decision, ruled, or `RulingStatus.ADJUSTED` when it changes
    the table result or score."""
    if ruling.get("status") == RulingStatus.NEEDS_DECISION.value:
        return RulingStatus.NEEDS_DECISION
    if ruling.get("transfer") or ruling.get("adjusted_score_ns") not in (None, ruling.get("score_ns")):
        return RulingStatus.ADJUSTED
    return RulingStatus.RULED


@dataclass(frozen=True)
class LogEntry:
    """One version of one ruling. ``id`` stays the same across corrections."""

    id: int
    version: int
    at: str
    place: Place
    kind: str
    status: RulingStatus
    lang: str
    case: Mapping[str, Any]
    ruling: Mapping[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "version": self.version, "at": self.at,
                **self.place.to_json(), "kind": self.kind, "status": self.status.value,
                "lang": self.lang, "case": self.case, "ruling": self.ruling}


@dataclass
class _Pending:
    """A ruling waiting for its commit, and the future its writer waits on."""

    ruling_id: int | None
    case: Mapping[str, Any]
    ruling: Mapping[str, Any]
    case_json: str
    ruling_json: str
    kind: str
    lang: str
    place: Place | None
    status: RulingStatus
    based_on: int | None = None
    future: Future[LogEntry] = field(default_factory=Future)


#: the largest id (and version) a ruling can have: SQLite's largest integer
MAX_ID = 2**63 - 1


def is_ruling_id(value: object) -> bool:
    """Whether ``value`` can be a ruling's id or version: a whole number from 1 to
    `MAX_ID` (any other is no ruling, not a query SQLite refuses)."""
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= MAX_ID


def _entry(r: tuple[Any, ...]) -> LogEntry:
    """A row of the log (`RulingLog._COLUMNS`) as an entry."""
    return LogEntry(r[0], r[1], r[2], Place(r[3], r[4], r[5], r[6], r[7]), r[8],
                    RulingStatus(r[9]), r[10], json.loads(r[11]), json.loads(r[12]))


def _now() -> str:
    return dt.datetime.now(dt.timezone.utc).astimezone().isoformat(timespec="seconds")


class RulingLog:
    """The log in an SQLite file, created on first use. Safe to share between threads;
    several processes may open the same file.

    :raises LogError: the file exists but is not a ruling log this version can use.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._lock = threading.Lock()  # the reading connection
        self._queue: queue.SimpleQueue[_Pending | None] = queue.SimpleQueue()
        try:
            self._writer = self._connect()
            self._writer.executescript(_TABLES)
            row = self._writer.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
            if row is None:
                self._writer.execute("INSERT OR IGNORE INTO meta VALUES ('schema', ?)",
                                     (str(_SCHEMA),))
            elif int(row[0]) > _SCHEMA:
                raise LogError(f"the log was written by a newer td-plugin (schema {row[0]})",
                               Location(path=self.path))
            self._db = self._connect()
        except sqlite3.DatabaseError as exc:
            raise LogError(f"not a ruling log: {exc}", Location(path=self.path)) from None
        self._thread = threading.Thread(target=self._write_queued, daemon=True,
                                        name="td-plugin rulings log")
        self._thread.start()

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=10, check_same_thread=False,
                             isolation_level=None)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        return db

    def close(self) -> None:
        """Write what is queued, then close the file."""
        if self._thread.is_alive():
            self._queue.put(None)
            self._thread.join()
        with self._lock:
            self._writer.close()
            self._db.close()

    def __enter__(self) -> RulingLog:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- writing ----------------------------------------------------------------------

    def submit(self, case: Mapping[str, Any], ruling: Mapping[str, Any], *, kind: str,
               lang: str, place: Place | None = Place(), status: RulingStatus | None = None,
               correcting: int | None = None, based_on: int | None = None
               ) -> Future[LogEntry]:
        """Queue a ruling for the log: a new one, or (``correcting``) a new version of
        that ruling, whose place it keeps when ``place`` is None; ``based_on``: the
        version the correction was made from, written only while it is still the
        latest. The future gives the entry once it is on disk (or the error:
        ``KeyError`` for an unknown ruling, `StaleVersion` for a correction of a
        version that is no longer the latest)."""
        if not self._thread.is_alive():
            raise LogError("the log is closed", Location(path=self.path))
        if correcting is not None and not is_ruling_id(correcting):
            future: Future[LogEntry] = Future()
            future.set_exception(KeyError(correcting))
            return future
        item = _Pending(correcting, case, ruling,
                        json.dumps(case, ensure_ascii=False, sort_keys=True),
                        json.dumps(ruling, ensure_ascii=False), kind, lang, place,
                        status or status_of(ruling), based_on)
        self._queue.put(item)
        return item.future

    def add(self, case: Mapping[str, Any], ruling: Mapping[str, Any], *, kind: str,
            lang: str, place: Place = Place(), status: RulingStatus | None = None) -> LogEntry:
        """Log a new ruling (version 1) and return it once it is on disk."""
        return self.submit(case, ruling, kind=kind, lang=lang, place=place,
                           status=status).result()

    def correct(self, ruling_id: int, case: Mapping[str, Any], ruling: Mapping[str, Any], *,
                kind: str, lang: str, place: Place | None = None,
                status: RulingStatus | None = None, based_on: int | None = None) -> LogEntry:
        """Log a new version of ruling ``ruling_id`` (the old versions stay). ``place``
        defaults to the latest version's; ``based_on``: the version it was made from.

        :raises KeyError: no such ruling.
        :raises StaleVersion: ``based_on`` is no longer the latest version.
        """
        return self.submit(case, ruling, kind=kind, lang=lang, place=place, status=status,
                           correcting=ruling_id, based_on=based_on).result()

    def _write_queued(self) -> None:
        """The writer: every ruling queued while the last transaction was being written
        goes into the next one (one sync to disk for all of them)."""
        while True:
            item = self._queue.get()
            if item is None:
                return
            batch = [item]
            stop = False
            while not stop:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                else:
                    batch.append(more)
            self._commit_batch(batch)
            if stop:
                return

    def _commit_batch(self, batch: list[_Pending]) -> None:
        db = self._writer
        results: list[tuple[_Pending, LogEntry | BaseException]] = []
        try:
            db.execute("BEGIN IMMEDIATE")
            try:
                at = _now()
                for item in batch:
                    try:
                        results.append((item, self._insert(item, at)))
                    except (KeyError, StaleVersion) as exc:  # an unknown ruling, a stale
                        # version: refused, the others of the batch written
                        results.append((item, exc))
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
        except Exception as exc:  # noqa: BLE001 - handed to every waiting writer
            for item in batch:
                item.future.set_exception(exc)
            return
        for item, outcome in results:
            if isinstance(outcome, BaseException):
                item.future.set_exception(outcome)
            else:
                item.future.set_result(outcome)

    def _insert(self, item: _Pending, at: str) -> LogEntry:
        db = self._writer
        place = item.place
        if item.ruling_id is None:
            ruling_id = db.execute("SELECT COALESCE(MAX(id), 0) + 1 FROM rulings").fetchone()[0]
            version = 1
        else:
            ruling_id = item.ruling_id
            last = db.execute(f"SELECT {self._COLUMNS} FROM rulings "
                              "WHERE id=? ORDER BY version DESC LIMIT 1", (ruling_id,)).fetchone()
            if last is None:
                raise KeyError(ruling_id)
            if item.based_on is not None and item.based_on != last[1]:
                raise StaleVersion(item.based_on, _entry(last))
            version = last[1] + 1
            if place is None:
                place = Place(*last[3:8])
        place = place or Place()
        db.execute("INSERT INTO rulings VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                   (ruling_id, version, at, place.board, place.section, place.table,
                    place.round, place.record, item.kind, item.status.value, item.lang, item.case_json,
                    item.ruling_json))
        return LogEntry(ruling_id, version, at, place, item.kind, item.status, item.lang,
                        item.case, item.ruling)

    # --- reading ----------------------------------------------------------------------

    _COLUMNS = ("id, version, at, board, section, table_no, round, record, kind, status, "
                "lang, case_json, ruling_json")

    def _rows(self, sql: str, params: tuple[Any, ...] = ()) -> Iterator[LogEntry]:
        with self._lock:
            rows = self._db.execute(sql, params).fetchall()
        for r in rows:
            yield _entry(r)

    def latest(self) -> list[LogEntry]:
        """The latest version of every ruling, oldest ruling first."""
        return list(self._rows(
            f"SELECT {self._COLUMNS} FROM rulings r WHERE version = "
            "(SELECT MAX(version) FROM rulings WHERE id = r.id) ORDER BY id"))

    def get(self, ruling_id: int, version: int | None = None) -> LogEntry | None:
        """A ruling's latest version (or the given one), None when there is none."""
        if not is_ruling_id(ruling_id) or not (version is None or is_ruling_id(version)):
            return None
        if version is None:
            found = list(self._rows(f"SELECT {self._COLUMNS} FROM rulings WHERE id=? "
                                    "ORDER BY version DESC LIMIT 1", (ruling_id,)))
        else:
            found = list(self._rows(f"SELECT {self._COLUMNS} FROM rulings WHERE id=? AND "
                                    "version=?", (ruling_id, version)))
        return found[0] if found else None

    def history(self, ruling_id: int) -> list[LogEntry]:
        """Every version of a ruling, oldest first."""
        if not is_ruling_id(ruling_id):
            return []
        return list(self._rows(f"SELECT {self._COLUMNS} FROM rulings WHERE id=? "
                               "ORDER BY version", (ruling_id,)))

    @staticmethod
    def read(path: str | Path) -> list[LogEntry]:
        """The latest version of every ruling of the log at ``path``, read without
        writing anything, there or beside it (`read_only`).

        :raises LogError: no such log, not a log, or it cannot be read (said why).
        """
        with contextlib.ExitStack() as scratch:
            for _ in range(_READ_TRIES):
                db, steady = read_only(path, scratch)
                reader = object.__new__(RulingLog)
                reader.path, reader._db, reader._lock = str(path), db, threading.Lock()
                try:
                    entries = reader.latest()
                except sqlite3.DatabaseError as exc:
                    raise _read_error(exc, str(path)) from None
                finally:
                    db.close()
                if steady():
                    return entries
        raise LogError(f"the log changed each of the {_READ_TRIES} times it was read",
                       Location(path=str(path)))

    def count(self) -> int:
        """The number of versions stored (every ruling and every correction)."""
        with self._lock:
            return int(self._db.execute("SELECT COUNT(*) FROM rulings").fetchone()[0])
