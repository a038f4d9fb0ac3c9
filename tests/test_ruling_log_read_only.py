"""Reading a rulings log writes nothing beside it (`td_plugin.cases.log.read_only`):
``audit`` and ``watch --replay`` leave no ``-shm`` or ``-wal`` beside the session, read
the log in a folder they cannot write, see what a running server has committed, and
take a log that is there but cannot be read for an error (exit 2, the file named), never
for a log of no rulings."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from td_plugin.cases.log import LogError, RulingLog
from td_plugin.model.place import Place

from .test_outputs_onto_inputs import RULED, td, with_log

REPO = Path(__file__).resolve().parents[1]
BWS = "acbl_club_pairs_2025-12-23_2sections_redacted.bws"


def names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def unprivileged(*args: object) -> subprocess.CompletedProcess[str]:
    """``td-plugin ARGS`` in a process that file permissions bind: as root, without the
    capabilities that pass over them (``setpriv``)."""
    if sys.platform == "win32":
        pytest.skip("folder permissions are not POSIX modes on Windows")
    command = [sys.executable, "-m", "td_plugin.cli", *map(str, args)]
    if os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("running as root, and no setpriv to give up reading and writing "
                        "every file")
        command = [setpriv, "--bounding-set=-dac_override,-dac_read_search", *command]
    return subprocess.run(command, capture_output=True, text=True, cwd=REPO, timeout=120)


@pytest.fixture
def read_only_folder(tmp_path: Path):
    """A folder of a session and its log of 3 rulings, which cannot be written."""
    folder = tmp_path / "ro"
    session, log = with_log(folder)
    folder.chmod(0o555)
    yield session, log
    folder.chmod(0o755)


def test_the_audit_reads_the_log_and_leaves_nothing_beside_it(tmp_path: Path) -> None:
    session, log = with_log(tmp_path)
    before = names(tmp_path)
    r = td("audit", session, "--json")
    assert r.returncode == 1, r.stderr
    report = json.loads(r.stdout)["inputs"][0]
    assert report["rulings_log"] == str(log) and len(report["table_rulings"]) == 3
    assert names(tmp_path) == before == ["club.pbn", "club.td-rulings.sqlite"]


def test_the_log_is_read_in_a_folder_that_cannot_be_written(read_only_folder) -> None:
    session, log = read_only_folder
    r = unprivileged("audit", session, "--json")
    assert r.returncode == 1, r.stderr
    report = json.loads(r.stdout)["inputs"][0]
    assert report["rulings_log"] == str(log) and len(report["table_rulings"]) == 3
    assert names(log.parent) == ["club.pbn", "club.td-rulings.sqlite"]


def test_a_log_that_cannot_be_read_is_an_error_not_no_rulings(read_only_folder) -> None:
    session, log = read_only_folder
    log.chmod(0o000)
    try:
        r = unprivileged("audit", session)
    finally:
        log.chmod(0o644)
    assert r.returncode == 2, r.stderr
    assert (f"td-plugin audit: {log}: the rulings log cannot be read: Permission denied"
            in r.stderr)
    assert "Table rulings" not in r.stdout


def test_a_file_beside_the_session_that_is_no_log_is_an_error(tmp_path: Path) -> None:
    session, log = with_log(tmp_path)
    log.write_bytes(b"a letter, not a log\n" * 50)
    r = td("audit", session, "--json")
    assert r.returncode == 2
    assert f"td-plugin audit: {log}: not a ruling log: not an SQLite file" in r.stderr
    assert "table_rulings" not in json.loads(r.stdout)["inputs"][0]
    r = td("audit", session, "--rulings-log", session.with_name("absent.sqlite"))
    assert r.returncode == 2 and "absent.sqlite: the rulings log cannot be read" in r.stderr


def test_what_a_running_server_committed_is_read_and_its_files_left_as_they_are(
        tmp_path: Path) -> None:
    session, path = with_log(tmp_path)
    with RulingLog(path) as live:  # the server: its -wal and -shm are there
        live.add({"board": 4}, RULED, kind="auction", lang="en", place=Place(4))
        before = {p.name: p.stat().st_size for p in tmp_path.iterdir()}
        assert set(before) >= {"club.td-rulings.sqlite-wal", "club.td-rulings.sqlite-shm"}
        assert [e.place.board for e in RulingLog.read(path)] == [1, 2, 3, 4]
        assert {p.name: p.stat().st_size for p in tmp_path.iterdir()} == before
        # a copy of the folder without the -shm (a server stopped, its -shm removed)
        copy = tmp_path / "copy"
        copy.mkdir()
        for name in ("club.td-rulings.sqlite", "club.td-rulings.sqlite-wal"):
            shutil.copyfile(tmp_path / name, copy / name)
    assert (copy / "club.td-rulings.sqlite-wal").stat().st_size > 0
    assert [e.place.board for e in RulingLog.read(copy / "club.td-rulings.sqlite")] == [1, 2, 3, 4]
    assert names(copy) == ["club.td-rulings.sqlite", "club.td-rulings.sqlite-wal"]


def test_a_folder_or_nothing_is_no_log(tmp_path: Path) -> None:
    with pytest.raises(LogError, match="the rulings log cannot be read: Is a directory"):
        RulingLog.read(tmp_path)
    with pytest.raises(LogError, match="cannot be read: No such file or directory"):
        RulingLog.read(tmp_path / "none.sqlite")
    assert names(tmp_path) == []


@pytest.mark.slow
def test_the_replay_reads_the_log_and_leaves_nothing_beside_the_session(
        tmp_path: Path, realworld: Path) -> None:
    session = Path(shutil.copyfile(realworld / "bws" / BWS, tmp_path / "club.bws"))
    log = tmp_path / "club.td-rulings.sqlite"
    with RulingLog(log) as db:
        db.add({"board": 13}, RULED, kind="auction", lang="en", place=Place(13, "A", "8", 1))
    before = names(tmp_path)
    r = td("watch", "--replay", session)
    assert r.returncode in (0, 1), r.stderr
    assert "Table rulings: 1" in r.stdout and names(tmp_path) == before
    log.write_bytes(b"SQLite format 3\x00" + b"\x00" * 200)  # a damaged log
    r = td("watch", "--replay", session)
    assert r.returncode == 2
    assert f"td-plugin watch: {log}: not a ruling log" in r.stderr
    assert "TD report" in r.stdout and "Table rulings" not in r.stdout


def test_a_name_with_the_characters_of_a_uri_is_read(tmp_path: Path) -> None:
    folder = tmp_path / "club 50% ?#&"
    _, log = with_log(folder)
    assert len(RulingLog.read(log)) == 3
    assert names(folder) == ["club.pbn", "club.td-rulings.sqlite"]


def test_a_log_a_server_starts_on_while_it_is_read_is_read_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import td_plugin.cases.log as ruling_log

    _, log = with_log(tmp_path)
    real = ruling_log._state
    looks: list[int] = []

    def state(path: Path) -> tuple:  # the second look of the first reading: a -wal appeared
        looks.append(1)
        return (*real(path)[:1], (0, 0, 0), None) if len(looks) == 2 else real(path)

    monkeypatch.setattr(ruling_log, "_state", state)
    assert len(RulingLog.read(log)) == 3 and len(looks) == 4
    def restless(path: Path) -> tuple:  # a log that changes at every look
        looks.append(1)
        return ((0, len(looks), 0), None, None)

    monkeypatch.setattr(ruling_log, "_state", restless)
    with pytest.raises(LogError, match="the log changed each of the 5 times it was read"):
        RulingLog.read(log)
