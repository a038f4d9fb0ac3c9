"""The rulings log: every ruling kept as given, corrections as new versions, shared by
threads and processes, nothing lost by a crash."""

from __future__ import annotations

import json
import multiprocessing
import os
import sqlite3
import threading

import pytest

from td_plugin.cases.log import LogError, RulingLog, status_of
from td_plugin.model.place import Place
from td_plugin.model.rulings import RulingStatus

CASE = {"dealer": "S", "calls": ["S 1D", "S 1NT"]}
RULED = {"status": "ruled", "laws": ["25B2", "16C", "26B"]}
WAITING = {"status": "needs_decision", "laws": ["25B2"]}


def test_add_and_read_back(tmp_path):
    with RulingLog(tmp_path / "log.sqlite") as log:
        e = log.add(CASE, WAITING, kind="auction", lang="en", place=Place(7, "A", "3", 2))
        assert (e.id, e.version, e.status) == (1, 1, RulingStatus.NEEDS_DECISION)
        again = log.get(1)
        assert again.case == CASE and again.ruling == WAITING
        assert again.place == Place(7, "A", "3", 2)
        assert log.add(CASE, RULED, kind="auction", lang="da").id == 2


def test_correction_appends_a_version_and_keeps_the_old(tmp_path):
    with RulingLog(tmp_path / "log.sqlite") as log:
        log.add(CASE, WAITING, kind="auction", lang="en", place=Place(7, None, "3", 2))
        v2 = log.correct(1, dict(CASE, accept=False), RULED, kind="auction", lang="en")
        assert (v2.id, v2.version, v2.status) == (1, 2, RulingStatus.RULED)
        assert v2.place == Place(7, None, "3", 2)  # kept from the version it corrects
        assert [e.version for e in log.history(1)] == [1, 2]
        assert log.history(1)[0].ruling == WAITING
        assert [(e.id, e.version) for e in log.latest()] == [(1, 2)]
        with pytest.raises(KeyError):
            log.correct(5, CASE, RULED, kind="auction", lang="en")


def test_status_adjusted_when_the_ruling_changes_the_score():
    assert status_of({"status": "ruled", "transfer": 2}) is RulingStatus.ADJUSTED
    assert status_of({"status": "ruled", "transfer": 0}) is RulingStatus.RULED
    assert status_of({"status": "needs_decision", "transfer": 1}) is RulingStatus.NEEDS_DECISION


def test_survives_reopening_and_sees_other_connections(tmp_path):
    path = tmp_path / "log.sqlite"
    first = RulingLog(path)
    second = RulingLog(path)
    first.add(CASE, RULED, kind="auction", lang="en")
    assert [e.id for e in second.latest()] == [1]  # two phones, one log
    first.close()
    second.close()
    with RulingLog(path) as log:
        assert log.count() == 1
        assert sqlite3.connect(path).execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_concurrent_writers_each_get_their_own_ruling(tmp_path):
    log = RulingLog(tmp_path / "log.sqlite")
    ids: list[int] = []

    def write(k: int) -> None:
        for i in range(25):
            ids.append(log.add(dict(CASE, board=k * 100 + i), RULED, kind="auction",
                               lang="en").id)

    threads = [threading.Thread(target=write, args=(k,)) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(ids) == list(range(1, 201))
    stored = {e.id: e.case["board"] for e in log.latest()}
    assert len(stored) == 200 and len(set(stored.values())) == 200
    log.close()


def _write_then_die(path: str, n: int) -> None:
    log = RulingLog(path)
    for i in range(n):
        log.add(dict(CASE, board=i + 1), RULED, kind="auction", lang="en")
    os._exit(9)  # no close, no cleanup: as a crash


def test_a_crashed_writer_loses_nothing_it_had_answered(tmp_path):
    path = str(tmp_path / "log.sqlite")
    ctx = multiprocessing.get_context("spawn")
    p = ctx.Process(target=_write_then_die, args=(path, 30))
    p.start()
    p.join(60)
    assert p.exitcode == 9
    with RulingLog(path) as log:
        assert [e.case["board"] for e in log.latest()] == list(range(1, 31))


def test_a_file_that_is_not_a_log_is_refused(tmp_path):
    bad = tmp_path / "notes.sqlite"
    bad.write_bytes(b"this is not a database" * 100)
    with pytest.raises(LogError, match="not a ruling log"):
        RulingLog(bad)


def test_the_case_is_stored_as_json(tmp_path):
    with RulingLog(tmp_path / "log.sqlite") as log:
        log.add({"dealer": "N", "description": "<script>alert(1)</script> ♥"}, RULED,
                kind="auction", lang="en")
    row = sqlite3.connect(tmp_path / "log.sqlite").execute(
        "SELECT case_json FROM rulings").fetchone()[0]
    assert json.loads(row)["description"] == "<script>alert(1)</script> ♥"
