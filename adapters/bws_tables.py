"""Reading the tables of a Bridgemate ``.bws`` (an MS Access database), read-only.

Two backends behind one small interface (`TableReader`): `AccessParserTables` (pure
Python, PyPI ``access-parser``; works everywhere) and `MdbToolsTables` (``mdb-export``
from mdbtools, faster, used when it is on PATH; ``TD_PLUGIN_BWS_BACKEND`` chooses one, as
``td-plugin watch --backend`` does). `MemoryTables` holds rows given in
Python, for a session built in a test or handed over by another program. Rows are
dictionaries keyed by column name; values are whatever the backend produced, and
`adapters.bws_values` converts them.
"""

from __future__ import annotations

import csv
import io
import logging
import os
import shutil
import subprocess
from typing import Any, Iterable, Mapping, Protocol

from td_plugin.errors import InputError, Location

__all__ = ["TableReader", "AccessParserTables", "MdbToolsTables", "MemoryTables",
           "open_tables", "is_access_file", "JET_MAGIC", "BACKENDS", "BACKEND_ENV"]

#: The backends `open_tables` knows, and the variable that chooses one for "auto".
BACKENDS = ("auto", "mdbtools", "access-parser")
BACKEND_ENV = "TD_PLUGIN_BWS_BACKEND"

#: Bytes 4..19 of every Jet 3/4 database ("Standard ACE DB" for Access 2007+ files).
JET_MAGIC = (b"Standard Jet DB", b"Standard ACE DB")

Row = dict[str, Any]


class TableReader(Protocol):
    """The tables of one database, read-only."""

    #: which backend read them ("access-parser", "mdbtools", "memory")
    backend: str

    def table_names(self) -> set[str]:
        """The user tables of the database."""
        ...

    def rows(self, table: str) -> list[Row]:
        """The rows of ``table`` in storage order; [] when it is absent or empty."""
        ...

    def warnings(self) -> list[str]:
        """What the backend complained about while reading (beyond the harmless)."""
        ...


class _LogCollector(logging.Handler):
    """Collects access-parser's log records instead of letting them reach the console."""

    #: access-parser reports these on valid files; they say nothing about the data
    HARMLESS = ("Error while parsing MSysObjects table chunk",)

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        text = record.getMessage()
        if not any(text.startswith(h) for h in self.HARMLESS):
            self.messages.append(text)


class AccessParserTables:
    """Tables read with ``access-parser`` (pure Python)."""

    backend = "access-parser"

    def __init__(self, path: str) -> None:
        from access_parser import AccessParser

        self.path = path
        self._log = _LogCollector()
        logger = logging.getLogger("access_parser")
        logger.addHandler(self._log)
        propagate = logger.propagate
        logger.propagate = False
        try:
            self._db = AccessParser(path)
        except Exception as exc:  # noqa: BLE001 - any parse failure is an input problem
            raise InputError(f"cannot read the Access database: {type(exc).__name__}: {exc}",
                             Location(path=path)) from exc
        finally:
            logger.removeHandler(self._log)
            logger.propagate = propagate

    def table_names(self) -> set[str]:
        return {n for n in self._db.catalog if not n.startswith("MSys")}

    def rows(self, table: str) -> list[Row]:
        if table not in self._db.catalog:
            return []
        logger = logging.getLogger("access_parser")
        logger.addHandler(self._log)
        propagate = logger.propagate
        logger.propagate = False
        try:
            columns = self._db.parse_table(table)
        except Exception as exc:  # noqa: BLE001 - a damaged table is an input problem
            raise InputError(f"cannot read table {table}: {type(exc).__name__}: {exc}",
                             Location(path=self.path)) from exc
        finally:
            logger.removeHandler(self._log)
            logger.propagate = propagate
        return _columns_to_rows(columns)

    def warnings(self) -> list[str]:
        return list(self._log.messages)


def _columns_to_rows(columns: Mapping[str, Any]) -> list[Row]:
    """access-parser gives {column: [values]}; an empty table gives {column: ""}."""
    lists = {k: v for k, v in columns.items() if isinstance(v, list)}
    if not lists:
        return []
    n = max(len(v) for v in lists.values())
    return [{k: (v[i] if i < len(v) else None) for k, v in lists.items()} for i in range(n)]


class MdbToolsTables:
    """Tables read with ``mdb-export`` (mdbtools), as CSV text."""

    backend = "mdbtools"

    def __init__(self, path: str, executable: str = "mdb-export") -> None:
        self.path = path
        self.executable = executable
        self._tables = shutil.which("mdb-tables")
        self._warnings: list[str] = []

    def table_names(self) -> set[str]:
        if not self._tables:
            return set()
        out = self._run([self._tables, "-1", self.path])
        return {line.strip() for line in out.splitlines() if line.strip()
                and not line.startswith("MSys")}

    def rows(self, table: str) -> list[Row]:
        text = self._run([self.executable, "-D", "%Y-%m-%d %H:%M:%S", self.path, table],
                         missing_ok=True)
        if not text:
            return []
        return [dict(r) for r in csv.DictReader(io.StringIO(text))]

    def _run(self, argv: list[str], missing_ok: bool = False) -> str:
        try:
            done = subprocess.run(argv, capture_output=True, text=True, timeout=60,
                                  encoding="utf-8", errors="replace")
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise InputError(f"cannot run {argv[0]}: {exc}", Location(path=self.path)) from exc
        if done.returncode != 0:
            stderr = (done.stderr or "").lower()
            if missing_ok and ("does not exist" in stderr or "not found" in stderr):
                return ""
            raise InputError(f"{argv[0]} failed: {(done.stderr or '').strip()}",
                             Location(path=self.path))
        # mdbtools reports damaged pages on stderr and carries on with what it could read
        self._warnings.extend(line.strip() for line in (done.stderr or "").splitlines()
                              if line.strip())
        return done.stdout

    def warnings(self) -> list[str]:
        return list(self._warnings)


class MemoryTables:
    """Tables given as rows in Python: ``MemoryTables({"ReceivedData": [{...}, ...]})``."""

    backend = "memory"

    def __init__(self, tables: Mapping[str, Iterable[Row]], path: str = "<memory>") -> None:
        self.path = path
        self._tables = {name: [dict(r) for r in rows] for name, rows in tables.items()}

    def table_names(self) -> set[str]:
        return set(self._tables)

    def rows(self, table: str) -> list[Row]:
        return [dict(r) for r in self._tables.get(table, ())]

    def warnings(self) -> list[str]:
        return []


def is_access_file(path: str) -> bool:
    """True when the file starts like a Jet/ACE database."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(20)
    except OSError:
        return False
    return head[4:19] in JET_MAGIC


def open_tables(path: str, backend: str = "auto") -> TableReader:
    """Open a database read-only. ``backend``: ``"auto"`` (the one named by
    ``TD_PLUGIN_BWS_BACKEND`` when set, else mdbtools when ``mdb-export`` is on PATH,
    else access-parser), ``"mdbtools"`` or ``"access-parser"``.

    :raises InputError: the file is missing, not an Access database, or unreadable, or
        ``TD_PLUGIN_BWS_BACKEND`` names no backend.
    """
    try:
        with open(path, "rb") as fh:
            head = fh.read(21)
            size = fh.seek(0, 2)
    except OSError as exc:
        raise InputError(f"cannot open: {exc.strerror or exc}", Location(path=path)) from exc
    if head[4:19] not in JET_MAGIC:
        raise InputError("not a Bridgemate/Access database (no Jet header)", Location(path=path))
    page = 2048 if head[20:21] == b"\x00" else 4096  # Jet 3 pages are 2 KB, later 4 KB
    if size % page:
        raise InputError(f"the file is truncated ({size} bytes, not whole {page}-byte pages)",
                         Location(path=path))
    if backend == "auto":
        backend = os.environ.get(BACKEND_ENV, "").strip() or "auto"
        if backend not in BACKENDS:
            raise InputError(f"{BACKEND_ENV}={backend!r} is not one of {', '.join(BACKENDS)}",
                             Location(path=path))
    if backend == "auto":
        backend = "mdbtools" if shutil.which("mdb-export") else "access-parser"
    if backend == "mdbtools":
        if not shutil.which("mdb-export"):
            raise InputError("mdbtools (mdb-export) is not installed", Location(path=path))
        return MdbToolsTables(path)
    if backend == "access-parser":
        return AccessParserTables(path)
    raise ValueError(f"unknown backend {backend!r} (auto, mdbtools, access-parser)")
