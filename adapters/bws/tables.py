"""Reading the tables of a Bridgemate ``.bws`` (an MS Access database), read-only.

Two backends behind one small interface (`TableReader`): `AccessParserTables` (pure
Python, PyPI ``access-parser``; works everywhere) and `MdbToolsTables` (``mdb-export``
from mdbtools, faster, used when it is on PATH; ``TD_PLUGIN_BWS_BACKEND`` chooses one, as
``td-plugin watch --backend`` does). `MemoryTables` holds rows given in
Python, for a session built in a test or handed over by another program. Rows are
dictionaries keyed by column name; values are whatever the backend produced, and
`adapters.bws.values` converts them.

A table is read whole or not at all: when the file does not hold all of it (cut short,
damaged pages: `adapters.bws.jet_pages` for access-parser, mdbtools' own complaints for
mdbtools), ``rows`` raises `DamagedTable`, and a table the catalog lists but the backend
cannot find is damaged too. ``mdb-export`` runs within bounds (`MDB_TIME` for the whole
file, `MDB_OUTPUT_FACTOR` times the file's size of output per table, at least
`MDB_OUTPUT_MIN`, and `MDB_MEMORY` of address space where the system can limit it): a
run that exceeds one, or fails, raises `BackendFailed`, and `adapters.bws.reader.read_bws`
reads the file with access-parser instead.
"""

from __future__ import annotations

import contextlib
import csv
import io
import logging
import os
import shutil
import subprocess
import threading
import time
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, Protocol, cast

from adapters.bws.jet_pages import JET_MAGIC, JetFile, is_access_file
from td_plugin.errors import InputError, Location

__all__ = ["TableReader", "AccessParserTables", "MdbToolsTables", "MemoryTables",
           "open_tables", "is_access_file", "JET_MAGIC", "BACKENDS", "BACKEND_ENV",
           "DamagedTable", "BackendFailed", "MDB_TIME", "MDB_OUTPUT_MIN", "MDB_OUTPUT_FACTOR",
           "MDB_MEMORY"]

#: The backends `open_tables` knows, and the variable that chooses one for "auto".
BACKENDS = ("auto", "mdbtools", "access-parser")
BACKEND_ENV = "TD_PLUGIN_BWS_BACKEND"

Row = dict[str, Any]

#: seconds all the runs of mdbtools on one file may take together (the largest table of
#: a real club file, 43,729 rows, is exported in about 0.05 s)
MDB_TIME = 30.0
#: output of one table: at most this many times the file's size (a table's CSV text is
#: about as large as its pages), and never less than `MDB_OUTPUT_MIN` bytes
MDB_OUTPUT_FACTOR = 16
MDB_OUTPUT_MIN = 16 << 20
#: address space of an mdbtools process (it needs under 32 MiB on a real file)
MDB_MEMORY = 512 << 20
#: what is kept of an mdbtools process's complaints (the rest is read and dropped)
_STDERR_KEEP = 64 << 10


#: what a file whose catalog cannot be read is told
CATALOG_UNREADABLE = ("no table can be read: the table catalog (MSysObjects) is damaged or "
                      "missing, the file is cut short or damaged")


class DamagedTable(InputError):
    """The file does not hold the whole of ``table`` (cut short or damaged)."""

    def __init__(self, table: str, why: str, path: str) -> None:
        self.table = table
        self.why = why
        super().__init__(f"table {table} cannot be read whole: {why}", Location(path=path))


class BackendFailed(InputError):
    """The backend could not read the file within its bounds or at all (not a verdict on
    the file: another backend may read it)."""


class TableReader(Protocol):
    """The tables of one database, read-only."""

    #: which backend read them ("access-parser", "mdbtools", "memory")
    backend: str

    def table_names(self) -> set[str]:
        """The user tables of the database."""
        ...

    def rows(self, table: str) -> list[Row]:
        """The rows of ``table`` in storage order; [] when it is absent or empty.

        :raises DamagedTable: the file does not hold all of the table.
        """
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

    @contextlib.contextmanager
    def collecting(self) -> Iterator[None]:
        """While in it, access-parser logs here and not to the handlers above its logger."""
        logger = logging.getLogger("access_parser")
        logger.addHandler(self)
        propagate = logger.propagate
        logger.propagate = False
        try:
            yield
        finally:
            logger.removeHandler(self)
            logger.propagate = propagate


class AccessParserTables:
    """Tables read with ``access-parser`` (pure Python)."""

    backend = "access-parser"

    def __init__(self, path: str) -> None:
        from access_parser import AccessParser

        self.path = path
        self._log = _LogCollector()
        with self._log.collecting():
            try:
                self._db = AccessParser(path)
            except Exception as exc:  # noqa: BLE001 - any parse failure is an input problem
                raise InputError(f"{CATALOG_UNREADABLE} ({type(exc).__name__}: {exc})",
                                 Location(path=path)) from exc
        self._pages = JetFile(self._db.db_data)

    def table_names(self) -> set[str]:
        return {n for n in self._db.catalog if not n.startswith("MSys")}

    def rows(self, table: str) -> list[Row]:
        if table not in self._db.catalog:
            return []
        missing = self._pages.missing_pages(self._db.catalog[table])
        if missing is not None:
            raise DamagedTable(table, missing, self.path)
        seen = len(self._log.messages)
        with self._log.collecting():
            try:
                columns = self._db.parse_table(table)
            except Exception as exc:  # noqa: BLE001 - a damaged table is an input problem
                raise DamagedTable(table, f"{type(exc).__name__}: {exc}", self.path) from exc
        if len(self._log.messages) > seen:
            raise DamagedTable(table, self._log.messages[seen], self.path)
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
    """Tables read with ``mdb-export`` (mdbtools), as CSV text, within bounds (see the
    module docstring)."""

    backend = "mdbtools"

    def __init__(self, path: str, executable: str = "mdb-export") -> None:
        self.path = path
        self.executable = executable
        self._tables = shutil.which("mdb-tables")
        self._names: set[str] | None = None
        self._deadline = time.monotonic() + MDB_TIME
        try:
            size = os.path.getsize(path)
        except OSError:
            size = 0
        self._max_output = max(MDB_OUTPUT_MIN, MDB_OUTPUT_FACTOR * size)

    def table_names(self) -> set[str]:
        """The user tables, from ``mdb-tables``.

        :raises InputError: the catalog cannot be read (the file is cut short or damaged).
        """
        if self._names is None:
            if not self._tables:
                raise BackendFailed("mdb-tables is not installed", Location(path=self.path))
            code, out, err = self._run([self._tables, "-1", self.path])
            if code != 0:
                raise InputError(f"{CATALOG_UNREADABLE} ({_first_line(err)})",
                                 Location(path=self.path))
            self._names = {line.strip() for line in out.splitlines()
                           if line.strip() and not line.startswith("MSys")}
        return self._names

    def rows(self, table: str) -> list[Row]:
        if table not in self.table_names():
            return []
        code, text, err = self._run([self.executable, "-D", "%Y-%m-%d %H:%M:%S",
                                     self.path, table])
        if code != 0 and "does not exist" in err:
            raise DamagedTable(table, "the catalog lists it, but its definition cannot be "
                                      "read", self.path)
        if code != 0:
            raise BackendFailed(f"{os.path.basename(self.executable)} failed on table "
                                f"{table}: {_first_line(err) or f'exit status {code}'}",
                                Location(path=self.path))
        if err.strip():  # mdbtools reports missing and damaged pages and reads on
            raise DamagedTable(table, _first_line(err), self.path)
        return [dict(r) for r in csv.DictReader(io.StringIO(text))]

    def _run(self, argv: list[str]) -> tuple[int, str, str]:
        """Run an mdbtools program within the bounds: (exit status, output, complaints).

        :raises BackendFailed: it could not be run, or exceeded a bound.
        """
        name = os.path.basename(argv[0])
        left = self._deadline - time.monotonic()
        if left <= 0:
            raise BackendFailed(f"mdbtools took longer than {MDB_TIME:g} s",
                                Location(path=self.path))
        try:
            code, out, err, over = _run_bounded(argv, left, self._max_output)
        except OSError as exc:
            raise BackendFailed(f"cannot run {name}: {exc}", Location(path=self.path)) from exc
        if over is not None:
            raise BackendFailed(f"{name} {argv[-1] if len(argv) > 3 else ''}".rstrip()
                                + f" stopped: {over}", Location(path=self.path))
        if code < 0:
            raise BackendFailed(f"{name} ended with signal {-code} (out of its "
                                f"{MDB_MEMORY >> 20} MiB memory bound, or it crashed)",
                                Location(path=self.path))
        return code, out.decode("utf-8", "replace"), err.decode("utf-8", "replace")

    def warnings(self) -> list[str]:
        return []


def _first_line(text: str) -> str:
    return next((line.strip() for line in text.splitlines() if line.strip()), "")


def _limit_memory() -> None:  # pragma: no cover - runs in the child before exec
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MDB_MEMORY, MDB_MEMORY))


def _run_bounded(argv: list[str], timeout: float, max_output: int
                 ) -> tuple[int, bytes, bytes, str | None]:
    """Run ``argv``: (exit status, output, complaints, the bound it exceeded or None).
    The process is killed once it has run ``timeout`` seconds or written more than
    ``max_output`` bytes; its address space is limited to `MDB_MEMORY` (POSIX)."""
    proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE,
                            preexec_fn=_limit_memory if os.name == "posix" else None)
    expired = threading.Event()

    def expire() -> None:
        expired.set()
        proc.kill()

    complaints = bytearray()

    def drain() -> None:  # read every complaint, keep the first ones
        assert proc.stderr is not None
        while chunk := proc.stderr.read(1 << 16):
            complaints.extend(chunk[:max(0, _STDERR_KEEP - len(complaints))])

    timer = threading.Timer(timeout, expire)
    reader = threading.Thread(target=drain, daemon=True)
    timer.start()
    reader.start()
    out = bytearray()
    over: str | None = None
    try:
        assert proc.stdout is not None
        while chunk := cast(io.BufferedReader, proc.stdout).read1(1 << 16):
            out.extend(chunk)
            if len(out) > max_output:
                over = f"more than {max_output >> 20} MiB of output"
                proc.kill()
                break
        proc.wait()
    finally:
        timer.cancel()
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        reader.join()
        proc.stdout.close()  # type: ignore[union-attr]
        proc.stderr.close()  # type: ignore[union-attr]
    if expired.is_set() and over is None:
        over = f"still running after {timeout:.3g} s"
    return proc.returncode, bytes(out), bytes(complaints), over


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
