"""The log of the tables' calls for the Director, kept in the session's rulings log.

Every status a call takes is a row of the table ``td_calls`` in the same SQLite file as
the rulings (`td_plugin.cases.log`): the call's id (`td_plugin.host.services.TdCall.id`),
when, the status, who set it (``terminal``: the Bridgemate said so; ``director``: the
Director tapped it, gave a ruling or deferred it), the ruling that resolved it, and
whether the scoring service has been told (``sent``). A status the Director set while
the service could not be reached stays unsent, and is sent when it can be, even after a
restart of the app. The table is created beside the rulings' tables; the rulings log
itself is not changed.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path

from td_plugin.host.services import CallStatus

__all__ = ["CallEvent", "CallLog", "BY_TERMINAL", "BY_DIRECTOR"]

BY_TERMINAL = "terminal"
BY_DIRECTOR = "director"

_TABLE = """
CREATE TABLE IF NOT EXISTS td_calls (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    call_id TEXT NOT NULL,
    at TEXT NOT NULL,
    status TEXT NOT NULL,
    by TEXT NOT NULL,
    ruling_id INTEGER,
    sent INTEGER NOT NULL
);
"""


@dataclass(frozen=True)
class CallEvent:
    """One status a call took."""

    seq: int
    call_id: str
    at: str
    status: CallStatus
    by: str
    ruling_id: int | None
    sent: bool


def _now() -> str:
    return dt.datetime.now(dt.timezone.utc).astimezone().isoformat(timespec="seconds")


class CallLog:
    """The ``td_calls`` table of the log at ``path``; safe to share between threads."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, timeout=10, check_same_thread=False,
                                   isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.executescript(_TABLE)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def add(self, call_id: str, status: CallStatus, by: str, *, ruling_id: int | None = None,
            sent: bool = False) -> CallEvent:
        """Log a status of a call, on disk when this returns."""
        at = _now()
        with self._lock:
            cur = self._db.execute(
                "INSERT INTO td_calls (call_id, at, status, by, ruling_id, sent) "
                "VALUES (?,?,?,?,?,?)", (call_id, at, status.value, by, ruling_id, int(sent)))
            seq = int(cur.lastrowid or 0)
        return CallEvent(seq, call_id, at, status, by, ruling_id, sent)

    def mark_sent(self, seqs: list[int]) -> None:
        """The service was told these statuses."""
        with self._lock:
            self._db.executemany("UPDATE td_calls SET sent=1 WHERE seq=?", [(s,) for s in seqs])

    def _events(self, where: str = "", params: tuple[object, ...] = ()) -> list[CallEvent]:
        with self._lock:
            rows = self._db.execute(
                "SELECT seq, call_id, at, status, by, ruling_id, sent FROM td_calls "
                f"{where} ORDER BY seq", params).fetchall()
        return [CallEvent(r[0], r[1], r[2], CallStatus(r[3]), r[4], r[5], bool(r[6])) for r in rows]

    def history(self, call_id: str) -> list[CallEvent]:
        """Every status of a call, oldest first."""
        return self._events("WHERE call_id=?", (call_id,))

    def latest(self) -> dict[str, CallEvent]:
        """The last status of every call logged."""
        return {e.call_id: e for e in self._events()}

    def unsent(self) -> dict[str, CallEvent]:
        """The Director's last status of each call whose last status the service has not
        been told."""
        return {k: e for k, e in self.latest().items() if e.by == BY_DIRECTOR and not e.sent}
