"""A damaged ``.bws`` is not a clean session: a file cut short or with damaged pages is an
error naming the tables that cannot be read whole (``audit`` and ``watch --replay`` exit
2), the live watch keeps the last good state and tries again, and ``mdb-export`` runs
within bounds of time, output and memory, the file read with access-parser when it
exceeds one.

The damaged files are made in the test from the real session file: its first 4 KB page
only, its first half (whole pages), and the first byte of every page of its second
half inverted.
"""

from __future__ import annotations

import dataclasses
import io
import json
import os
import shutil
import stat
import struct
import sys
from pathlib import Path

import pytest

from adapters.bws import live as bws_live
from adapters.bws import tables as bws_tables
from adapters.bws.jet_pages import JetFile
from adapters.bws.live import BwsPoller
from adapters.bws.reader import BwsData, read_bws
from td_plugin.cli import main
from td_plugin.commands import watch as watch_command
from td_plugin.errors import InputError
from td_plugin.host.manager import PluginHost
from td_plugin.laws.context import ReviewContext
from tests.test_watch import watch_command_args

BWS = "bws/acbl_club_pairs_2025-12-23_2sections_redacted.bws"
MDBTOOLS = shutil.which("mdb-export") is not None and shutil.which("mdb-tables") is not None
BACKENDS = ["access-parser", pytest.param("mdbtools", marks=pytest.mark.skipif(
    not MDBTOOLS, reason="mdbtools is an optional backend and is not installed here"))]


def damaged(whole: bytes, kind: str) -> bytes:
    page = 2048  # the real file is Jet 3
    if kind == "first page":
        return whole[:4096]
    half = len(whole) // 2 // page * page
    if kind == "half":
        return whole[:half]
    flipped = bytearray(whole)
    for start in range(half, len(whole), page):
        flipped[start] ^= 0xFF
    return bytes(flipped)


@pytest.fixture
def real(realworld: Path) -> bytes:
    return (realworld / BWS).read_bytes()


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("kind,named", [("first page", "MSysObjects"),
                                        ("half", "table ReceivedData"),
                                        ("flipped", "table ReceivedData")])
def test_audit_of_a_damaged_file_exits_2_naming_what_cannot_be_read(
        real: bytes, tmp_path: Path, backend: str, kind: str, named: str,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "session.bws"
    path.write_bytes(damaged(real, kind))
    with pytest.raises(InputError, match=r"cannot be read|damaged") as info:
        read_bws(str(path), backend)
    assert named in str(info.value)
    if backend == "access-parser":  # audit reads with mdbtools when it is installed
        monkeypatch.setenv("PATH", str(tmp_path / "no-mdbtools"))
    assert main(["audit", "--json", str(path)]) == 2
    report = json.loads(capsys.readouterr().out)["inputs"][0]
    assert report["records"] == 0 and named in report["error"]


def test_watch_replay_of_a_half_file_exits_2_instead_of_384_missing_results(
        real: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "session.bws"
    path.write_bytes(damaged(real, "half"))
    assert main(["watch", "--replay", "--no-equity", str(path)]) == 2
    captured = capsys.readouterr()
    assert "ReceivedData" in captured.err and "missing_result" not in captured.out


@pytest.mark.parametrize("backend", BACKENDS)
def test_live_watch_keeps_the_last_good_state_while_the_scorer_rewrites_the_file(
        real: bytes, tmp_path: Path, backend: str, capsys: pytest.CaptureFixture[str]) -> None:
    # for a moment only the first 4 KB page, then half, then whole again: no result is
    # lost or seen twice
    live = tmp_path / "live.bws"
    live.write_bytes(real)
    states = [damaged(real, "first page"), damaged(real, "half"), real]

    def sleep(_: float) -> None:
        if states:
            live.write_bytes(states.pop(0))
            os.utime(live, ns=(len(states) + 1, len(states) + 1))  # a new stamp each time

    args = watch_command_args(str(live), polls=5, backend=backend)
    report = watch_command._watch(args, PluginHost(load_entrypoints=False),
                                  ReviewContext(equity=False), io.StringIO(), None, sleep=sleep)
    err = capsys.readouterr().err
    assert err.count("trying again") == 2
    assert "MSysObjects" in err and "table ReceivedData" in err
    assert report.total_reviewed == 384 and report.corrections == 0
    assert not [e for e in report.events if e.finding.kind in ("duplicate_result",
                                                               "missing_result")]


def _with_results(data: BwsData, keep: int, guid: str | None = None) -> BwsData:
    return dataclasses.replace(data, results=data.results[:keep], guid=guid or data.guid)


def test_a_copy_that_lost_rows_is_believed_only_when_it_stays(
        real: bytes, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    live = tmp_path / "live.bws"
    live.write_bytes(real)
    whole = read_bws(str(live))
    readings = iter([whole, _with_results(whole, 300), _with_results(whole, 383)])
    monkeypatch.setattr(bws_live, "read_bws", lambda *a, **kw: next(readings))
    with BwsPoller(str(live)) as poller:
        assert len(poller.poll().data.results) == 384
        os.utime(live, ns=(1, 1))
        lost = poller.poll()  # the scorer rewriting the file: 84 rows gone
        assert lost.data is None and "lost 84 of the 384 result rows" in lost.problem
        os.utime(live, ns=(2, 2))
        deleted = poller.poll()  # the file changed again: a terminal deleted one row
        assert deleted.data is None and "lost 1 of the 384 result rows" in deleted.problem
        believed = poller.poll()  # and it stayed so: the delete is believed
        assert len(believed.data.results) == 383 and poller.failures == 0


def test_a_copy_that_reads_as_another_session_is_never_believed(
        real: bytes, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    live = tmp_path / "live.bws"
    live.write_bytes(real)
    whole = read_bws(str(live))
    other = _with_results(whole, 384, guid="{another session}")
    readings = iter([whole, other, other])
    monkeypatch.setattr(bws_live, "read_bws", lambda *a, **kw: next(readings))
    with BwsPoller(str(live)) as poller:
        assert poller.poll().data is whole
        for stamp in (1, 2):
            os.utime(live, ns=(stamp, stamp))
            poll = poller.poll()
            assert poll.data is None and "reads as another session" in poll.problem


# --- mdb-export within bounds --------------------------------------------------------

def _fake_mdb_export(tmp_path: Path, realworld: Path, body: str) -> None:
    """An mdb-export that runs ``body`` (Python) and then exports like the real one, and
    an mdb-tables that lists the real file's tables."""
    folder = tmp_path / "bin"
    folder.mkdir()
    real = shutil.which("mdb-export") or ""
    csv = (realworld / "bws" / "receiveddata.csv").read_text(encoding="utf-8")
    script = folder / "mdb-export"
    script.write_text(f"#!{sys.executable}\nimport os, sys, time\n{body}\n"
                      f"if sys.argv[-1] == 'ReceivedData':\n    sys.stdout.write({csv!r})\n")
    tables = folder / "mdb-tables"
    tables.write_text(f"#!{sys.executable}\nprint('ReceivedData')\n")
    for path in (script, tables):
        path.chmod(path.stat().st_mode | stat.S_IEXEC)
    assert real != str(script)


@pytest.mark.skipif(os.name != "posix", reason="a fake mdb-export is a POSIX script")
@pytest.mark.parametrize("body,bound", [
    ("while True:\n    sys.stdout.write('1,' * 50000 + '\\n')", "MiB of output"),
    pytest.param("time.sleep(600)", "still running after", marks=pytest.mark.slow),
    ("try:\n    grown = bytearray(1 << 30)\nexcept MemoryError:\n    os.abort()  # as glib does",
     "memory bound"),
])
def test_mdb_export_runs_within_bounds_and_access_parser_reads_the_file_instead(
        realworld: Path, tmp_path: Path, body: str, bound: str,
        monkeypatch: pytest.MonkeyPatch) -> None:
    # the output without end of a damaged file, a hang, a run away in memory (the
    # bytearray fits in memory without the bound: then the export succeeds)
    _fake_mdb_export(tmp_path, realworld, body)
    monkeypatch.setenv("PATH", f"{tmp_path / 'bin'}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setattr(bws_tables, "MDB_TIME", 1.0)
    monkeypatch.setattr(bws_tables, "MDB_OUTPUT_MIN", 1 << 20)
    monkeypatch.setattr(bws_tables, "MDB_OUTPUT_FACTOR", 1)
    data = read_bws(str(realworld / BWS))
    assert data.backend == "access-parser" and len(data.results) == 384
    problem = data.problems[0].message
    assert problem.startswith("mdb-export") and bound in problem
    assert problem.endswith("; read with access-parser instead")
    if "output" in bound:  # mdbtools chosen by name: the error, no fallback
        with pytest.raises(InputError, match="mdb-export ReceivedData stopped"):
            read_bws(str(realworld / BWS), "mdbtools")


# --- the usage map -------------------------------------------------------------------

def test_a_type_1_usage_map_lists_pages_through_its_map_pages() -> None:
    size = 4096  # Jet 4
    pages = [bytearray(size) for _ in range(7)]
    pages[0][0x14] = 1
    pages[2][0:2] = b"\x02\x01"
    struct.pack_into("<I", pages[2], 55, 3 << 8)  # the usage map: page 3, row 0
    record = b"\x01" + struct.pack("<I", 4)  # type 1: one map page, page 4
    pages[3][0] = 1
    struct.pack_into("<HH", pages[3], 12, 1, size - len(record))
    pages[3][size - len(record):] = record
    pages[4][0] = 5
    pages[4][4] = 0b0110_0000  # pages 5 and 6
    for n in (5, 6):
        pages[n][0] = 1
        struct.pack_into("<I", pages[n], 4, 2)
    jet = JetFile(b"".join(pages))
    assert jet.usage_map(2) == [5, 6] and jet.missing_pages(2) is None
    assert "beyond the end" in JetFile(b"".join(pages[:6])).missing_pages(2)
    pages[6][4] = 9  # owned by another table
    assert "belong to another table" in JetFile(b"".join(pages)).missing_pages(2)


def test_every_table_of_the_real_file_is_whole(realworld: Path, real: bytes) -> None:
    catalog = bws_tables.AccessParserTables(str(realworld / BWS))._db.catalog
    jet = JetFile(real)
    whole = {name: jet.missing_pages(page) for name, page in catalog.items()
             if not name.startswith("MSys")}
    assert len(whole) == 14 and set(whole.values()) == {None}
    assert len(jet.usage_map(catalog["ReceivedData"])) == 11
    assert len(jet.usage_map(catalog["PlayerNames"])) == 691
