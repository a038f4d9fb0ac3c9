"""Auditing one file on several processes gives the single-process result, record for
record: the PBN file cut into parts of whole games, each read from a guessed state that
is checked, read again when the guess was wrong, and the rest of the file read here when
a part does not end where a game ends."""

from __future__ import annotations

import io
import itertools
import json
import multiprocessing
import multiprocessing.reduction
import os
import pickle
import signal
import struct
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from adapters.pbn import parts as pbn_parts
from adapters.pbn.parts import cut_parts
from adapters.pbn.reader import PbnSource
from td_plugin import hookimpl
from td_plugin.audit import parts as audit_parts
from td_plugin.audit.reports.json_report import audit_json
from td_plugin.audit.run import run_audit
from td_plugin.host.manager import PluginHost
from td_plugin.laws.context import ReviewContext
from tests.revoke_scenarios import session_pbn

pytestmark = pytest.mark.skipif(audit_parts.start_method() is None,
                                reason="this system cannot start worker processes")

CONTEXT = ReviewContext(equity=False)


def _session(tmp_path: Path, boards: int = 400, header: str = "", seed: int = 11) -> Path:
    path = tmp_path / "session.pbn"
    path.write_text(header + "".join(session_pbn(seed, boards)), encoding="utf-8")
    return path


def _audit(path: Path, jobs: int) -> tuple[dict, dict, list]:
    result = run_audit([str(path)], PluginHost(load_entrypoints=False), CONTEXT, jobs=jobs)
    flagged = [(r.location.record, r.location.line, r.board, [f.kind for f in fs])
               for r, fs in result.flagged]
    return audit_json(result, "en"), result.changes_for(str(path)), flagged


_START_METHOD = audit_parts.start_method


@pytest.fixture(autouse=True)
def _forked_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    """The workers here are forked, as a one-thread process forks them: a thread another
    test of this process left behind must not make them come from a fork server
    (`test_workers_come_from_a_fork_server_while_another_thread_runs` pins that rule)."""
    if _START_METHOD() is not None and sys.platform.startswith("linux"):
        monkeypatch.setattr(audit_parts, "start_method", lambda: "fork")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="forking is Linux's")
def test_workers_come_from_a_fork_server_while_another_thread_runs() -> None:
    import threading

    done = threading.Event()
    thread = threading.Thread(target=done.wait)
    alone = audit_parts._one_thread()  # (a solver's threads from another test count too)
    thread.start()
    try:
        assert _START_METHOD() == "forkserver"
    finally:
        done.set()
        thread.join()
    if alone:
        assert _START_METHOD() == "fork"


@pytest.fixture
def small_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pbn_parts, "PART_SIZE", 8192)


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """How often parts were read again here, and the rest of a file read here."""
    counts = {"again": 0, "rest": 0}
    read_again, rest = audit_parts._read_again, audit_parts._rest_of_file

    def again(*args):  # type: ignore[no-untyped-def]
        counts["again"] += 1
        return read_again(*args)

    def rest_of_file(*args):  # type: ignore[no-untyped-def]
        counts["rest"] += 1
        return rest(*args)

    monkeypatch.setattr(audit_parts, "_read_again", again)
    monkeypatch.setattr(audit_parts, "_rest_of_file", rest_of_file)
    return counts


@pytest.mark.parametrize("piece", [5, 1 << 16])
def test_parts_are_whole_games_covering_the_file(tmp_path: Path, piece: int,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """(``piece``: what the cutter reads at a time, small to make runs of empty lines
    fall across its reads)"""
    monkeypatch.setattr(pbn_parts, "_PIECE", piece)
    path = _session(tmp_path, 120)
    data = path.read_bytes()
    with open(path, "rb") as fh:
        parts = cut_parts(fh, 4096)
    assert len(parts) > 5
    assert parts[0].start == 0 and parts[-1].end is None
    for before, after in itertools.pairwise(parts):
        assert before.end == after.start
        assert data[after.start:after.start + 8] == b"[Event \""  # a game starts there
        assert data[:after.start].endswith(b"\n\n")
        assert after.first_line == data[:after.start].count(b"\n") + 1
    assert sum(len(list(PbnSource(path).read_part(p).records())) for p in parts) == 120


def test_parts_shared_by_several_processes_are_a_multiple_of_them_of_one_size(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No part is left to one process alone at the end: five parts' worth for two
    processes are six parts of one size, the first (the audit's own) a little larger;
    one process keeps the parts as they are."""
    path = _session(tmp_path, 120)
    size = len(path.read_bytes())
    monkeypatch.setattr(pbn_parts, "PART_SIZE", size // 5 + 1)  # five parts
    source = PbnSource(path)
    assert len(source.parts()) == len(source.parts(jobs=1)) == 5
    shared = source.parts(jobs=2)
    assert len(shared) == 6
    lengths = [(p.end or size) - p.start for p in shared]
    assert max(lengths) - min(lengths) < 2 * max(lengths) // 10  # about one size
    assert lengths[0] > max(lengths[1:-1])  # (the last takes what is left)
    assert len(source.parts(jobs=3)) == 6 and len(source.parts(jobs=4)) == 8
    monkeypatch.setattr(pbn_parts, "PART_SIZE", size + 1)  # one part: one process
    assert len(source.parts(jobs=2)) == 1


@pytest.mark.slow
def test_parallel_audit_equals_the_single_process_audit(tmp_path: Path, small_parts: None,
                                                        calls: dict[str, int]) -> None:
    path = _session(tmp_path, 400)  # every scenario: revokes, claims, cards not held
    one, many = _audit(path, 1), _audit(path, 2)
    assert one[0]["findings"] and one[1]  # findings and write-back changes to compare
    assert json.dumps(many, default=str) == json.dumps(one, default=str)
    assert calls == {"again": 0, "rest": 0}  # the guessed states were right


def test_a_part_read_from_a_wrong_state_is_read_again(tmp_path: Path, small_parts: None,
                                                      calls: dict[str, int],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    # §4.8 '##': the first game sets the event for all later games; without reading the
    # games before it, a part cannot know it, so its guess is wrong and it is read again
    path = tmp_path / "session.pbn"
    games = list(session_pbn(5, 200))
    games[0] = games[0].replace('[Event "Revoke test session"]', '[Event "##Club night"]')
    games[1:] = [g.replace('[Event "Revoke test session"]\n', "") for g in games[1:]]
    path.write_text("".join(games), encoding="utf-8")
    monkeypatch.setattr(pbn_parts, "WARM_BYTES", 1024)
    assert json.dumps(_audit(path, 2), default=str) == json.dumps(_audit(path, 1), default=str)
    assert calls["again"] >= 1
    records = list(PbnSource(path).records())
    assert {r.event for r in records} == {"Club night"}


def test_read_part_from_a_wrong_state_says_so(tmp_path: Path) -> None:
    path = tmp_path / "session.pbn"
    games = list(session_pbn(5, 60))
    games[0] = games[0].replace('[Event "Revoke test session"]', '[Event "##Club night"]')
    games[1:] = [g.replace('[Event "Revoke test session"]\n', "") for g in games[1:]]
    path.write_text("".join(games), encoding="utf-8")
    source = PbnSource(path)
    first, second = source.parts(4096)[:2]
    before = source.read_part(first)
    list(before.records())
    guessed = source.read_part(second, None, 0)
    assert {r.event for r in guessed.records()} == {None}
    assert guessed.start_state != before.end_state
    exact = source.read_part(second, before.end_state, 0)
    assert {r.event for r in exact.records()} == {"Club night"}
    assert exact.start_state == before.end_state


def test_a_comment_with_empty_lines_across_a_cut_hands_the_rest_to_one_process(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, calls: dict[str, int]) -> None:
    # §3.8: a brace comment may hold empty lines; the cutter cannot see it and cuts inside
    games = list(session_pbn(3, 120))
    games[40] = games[40].replace('[Score "', '{The TD was called.\n\n' + "x" * 40 +
                                  '\n\nNo adjustment.}\n[Score "')
    path = tmp_path / "session.pbn"
    path.write_text("".join(games), encoding="utf-8")
    start = path.read_bytes().index(b"{The TD")
    monkeypatch.setattr(pbn_parts, "PART_SIZE", start + 20)  # the cut falls in the comment
    parts = PbnSource.parts  # at that size, not one balanced between the processes
    monkeypatch.setattr(PbnSource, "parts", lambda self, size=None, jobs=1: parts(
        self, size or pbn_parts.PART_SIZE))
    one, many = _audit(path, 1), _audit(path, 2)
    assert json.dumps(many, default=str) == json.dumps(one, default=str)
    assert calls["rest"] == 1
    assert one[0]["inputs"][0]["records"] == 120


@pytest.mark.slow
def test_parallel_audit_of_every_real_pbn_file_equals_the_single_process_audit(
        realworld: Path, monkeypatch: pytest.MonkeyPatch, calls: dict[str, int]) -> None:
    # small parts and a short lead, so that cuts fall everywhere: inside commentary,
    # in carried-over rpbridge tables, between encodings; every part read again or
    # handed on must still give the single-process result
    monkeypatch.setattr(pbn_parts, "WARM_BYTES", 2048)
    compared = 0
    for path in sorted((realworld / "pbn").glob("*.pbn")):
        size = 65536 if path.stat().st_size > 1_000_000 else 4096
        monkeypatch.setattr(pbn_parts, "PART_SIZE", size)
        assert json.dumps(_audit(path, 2), default=str) == json.dumps(_audit(path, 1),
                                                                       default=str), path.name
        compared += 1
    assert compared >= 20
    assert calls["again"] > 0  # some guesses were wrong and corrected


def test_keep_flagged_false_keeps_findings_but_not_records(tmp_path: Path,
                                                          small_parts: None) -> None:
    path = _session(tmp_path, 200)
    host = PluginHost(load_entrypoints=False)
    kept = run_audit([str(path)], host, CONTEXT, jobs=2)
    lean = run_audit([str(path)], host, CONTEXT, jobs=2, keep_flagged=False)
    assert lean.flagged == [] and kept.flagged
    assert [f.record for f in lean.findings] == [f.record for f in kept.findings]


def test_one_process_when_the_file_is_small_or_hooks_are_traced(
        tmp_path: Path, calls: dict[str, int], monkeypatch: pytest.MonkeyPatch) -> None:
    path = _session(tmp_path, 30)
    monkeypatch.setattr(audit_parts, "_Workers", None)  # no worker allowed
    run_audit([str(path)], PluginHost(load_entrypoints=False), CONTEXT, jobs=4)  # one part
    monkeypatch.setattr(pbn_parts, "PART_SIZE", 2048)
    traced = PluginHost(load_entrypoints=False, trace=True, trace_stream=open(
        tmp_path / "trace.txt", "w"))
    result = run_audit([str(path)], traced, CONTEXT, jobs=4)
    assert result.records == 30


def test_a_file_too_small_for_workers_does_not_import_multiprocessing(tmp_path: Path) -> None:
    # (importing it took 5-8 ms; the example session: 3 ms less, paired)
    path = _session(tmp_path, 30)
    code = ("import sys; from td_plugin.cli import main; main(['audit', '--jobs', '4', "
            f"'--json', {str(path)!r}]); print('multiprocessing' in sys.modules, file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parents[1], timeout=60)
    assert json.loads(done.stdout)["summary"]["records"] == 30
    assert done.stderr.strip() == "False"


# --- a worker that dies ---------------------------------------------------------------
#
# However a worker ends (killed from outside at any moment, dying while it starts, while
# it audits, half-way through sending a result, while it waits for the next part), the
# audit gives the one-process result and never waits for it. Each audit runs under a
# timeout of its own, so a test can fail but never hang the suite.

_AUDIT_TIMEOUT = 60.0
_audit_part = audit_parts._audit_part
_send = audit_parts._send


class _TooLong(Exception):
    """The audit did not end in time (`_in_time`)."""


def _in_time(audit: Callable[[], Any]) -> Any:
    """``audit()`` in this thread (a second thread would make the audit's workers come
    from a fork server, not be forked); a failure, never a hang, when it does not end
    within `_AUDIT_TIMEOUT` (an alarm interrupts it)."""
    def too_long(signum: int, frame: Any) -> None:
        raise _TooLong

    before = signal.signal(signal.SIGALRM, too_long)
    signal.setitimer(signal.ITIMER_REAL, _AUDIT_TIMEOUT)
    try:
        return audit()
    except _TooLong:
        for child in multiprocessing.active_children():
            child.kill()
        pytest.fail(f"the audit was still waiting after {_AUDIT_TIMEOUT:g} s")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)


def _once(flag: Path) -> bool:
    """True for the first process to ask (the one that dies), False after."""
    try:
        os.close(os.open(flag, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except FileExistsError:
        return False
    return True


def _die_starting(flag: Path) -> Callable[..., None]:
    init = audit_parts._init_worker

    def start(*args: Any) -> None:
        if _once(flag):
            os._exit(9)
        init(*args)
    return start


def _die_auditing(flag: Path, number: int) -> Callable[..., Any]:
    def audit(part: Any, state: Any, warm: bool = True, on_record: Any = None) -> Any:
        if part.number == number and os.getpid() != _PARENT and _once(flag):
            os._exit(9)
        return _audit_part(part, state, warm, on_record)
    return audit


def _die_half_way_through_sending(flag: Path) -> Callable[..., None]:
    def send(conn: Any, audited: Any) -> None:
        if audited is not None and audited.report.records and _once(flag):
            data = multiprocessing.reduction.ForkingPickler.dumps(audited)
            os.write(conn.fileno(), struct.pack("!i", len(data)) + data[: len(data) // 2])
            os._exit(9)
        _send(conn, audited)
    return send


def _die_writing_its_spool(flag: Path) -> Callable[..., None]:
    def send(conn: Any, audited: Any) -> None:
        spool = audit_parts._SPOOL
        if audited is not None and spool is not None and _once(flag):
            data = pickle.dumps(audited)
            os.pwrite(spool, data[: len(data) // 2], 0)
            os._exit(9)
        _send(conn, audited)
    return send


def _die_after_sending(flag: Path) -> Callable[..., None]:
    def send(conn: Any, audited: Any) -> None:
        _send(conn, audited)
        if _once(flag):
            os._exit(9)  # idle, before it is given its next part
    return send


@pytest.fixture(scope="module")
def session_400(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A session of 400 boards of every scenario and its one-process audit."""
    path = _session(tmp_path_factory.mktemp("deaths"), 400)
    return path, json.dumps(_audit(path, 1), default=str)


_PARENT = os.getpid()
_DEATHS = {
    "while it starts": lambda flag: ("_init_worker", _die_starting(flag)),
    # (the first part is audited by the audit's own process, the second by a worker)
    "auditing the first part it is given": lambda flag: ("_audit_part",
                                                         _die_auditing(flag, 1)),
    "auditing a later part": lambda flag: ("_audit_part", _die_auditing(flag, 5)),
    "half-way through sending a result": lambda flag: ("_send",
                                                       _die_half_way_through_sending(flag)),
    "half-way through writing a result to its spool": lambda flag: (
        "_send", _die_writing_its_spool(flag)),
    "waiting for its next part": lambda flag: ("_send", _die_after_sending(flag)),
}


@pytest.mark.parametrize("moment", list(_DEATHS))
def test_a_worker_that_dies_gives_the_one_process_result(
        moment: str, session_400: tuple[Path, str], tmp_path: Path, small_parts: None,
        monkeypatch: pytest.MonkeyPatch) -> None:
    path, one = session_400
    flag = tmp_path / "died"
    monkeypatch.setattr(audit_parts, *_DEATHS[moment](flag))
    assert json.dumps(_in_time(lambda: _audit(path, 3)), default=str) == one
    assert flag.exists()  # a worker did die then


def test_every_worker_dying_as_it_starts_leaves_the_audit_to_this_process(
        tmp_path: Path, small_parts: None, calls: dict[str, int],
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = _session(tmp_path, 200)
    one = json.dumps(_audit(path, 1), default=str)
    monkeypatch.setattr(audit_parts, "_init_worker", lambda *args: os._exit(9))
    here: list[int] = []  # the parts audited by this process

    def audit_here(part: Any, *args: Any, **kwargs: Any) -> Any:
        here.append(part.number)
        return _audit_part(part, *args, **kwargs)

    monkeypatch.setattr(audit_parts, "_audit_part", audit_here)
    handed: list[int] = []  # the parts a worker took before it was seen dead
    give = audit_parts._Workers.give
    depth = [0]  # (give hands a part on to the next worker when one is gone)

    def counted(self: Any, part: Any, state: object | None) -> bool:
        depth[0] += 1
        try:
            given = give(self, part, state)
        finally:
            depth[0] -= 1
        if given and not depth[0]:
            handed.append(part.number)
        return given

    monkeypatch.setattr(audit_parts._Workers, "give", counted)
    assert json.dumps(_in_time(lambda: _audit(path, 2)), default=str) == one
    assert here == list(range(len(PbnSource(path).parts(jobs=2))))
    # each part a dead worker took is read again here; the others are read here in turn
    assert calls["again"] == len(handed) and calls["rest"] == 0


#: kills the process whose id appears in the file argv[1] (polled), then prints the id
_KILLER = """
import os, signal, sys, time
flag, deadline = sys.argv[1], time.monotonic() + float(sys.argv[2])
while time.monotonic() < deadline:
    pid = open(flag).read() if os.path.exists(flag) else ""
    if pid:
        os.kill(int(pid), signal.SIGKILL)
        print(pid)
        break
    time.sleep(0.01)
"""


def _waits_to_be_killed(flag: Path, *, number: int | None = None) -> Callable[..., Any]:
    """A worker's start (``number`` None) or its audit of part ``number``, where the first
    worker to get there writes its process id to ``flag`` and waits to be killed."""
    init = audit_parts._init_worker

    def wait(*args: Any, **kwargs: Any) -> Any:
        here = number is None or (args[0].number == number and os.getpid() != _PARENT)
        if here and _once(flag):
            with open(flag, "w") as fh:
                fh.write(str(os.getpid()))
            time.sleep(_AUDIT_TIMEOUT)
        return init(*args, **kwargs) if number is None else _audit_part(*args, **kwargs)
    return wait


@pytest.mark.parametrize("moment", ["while it starts", "auditing its first part",
                                    "auditing a later part"])
def test_a_worker_killed_from_outside_gives_the_one_process_result(
        moment: str, session_400: tuple[Path, str], tmp_path: Path, small_parts: None,
        monkeypatch: pytest.MonkeyPatch) -> None:
    # SIGKILL, as the out-of-memory killer or a user would, sent by another process when
    # the worker has reached the moment (it waits there until it is killed)
    path, one = session_400
    flag = tmp_path / "pid"
    name, number = {"while it starts": ("_init_worker", None),
                    "auditing its first part": ("_audit_part", 1),
                    "auditing a later part": ("_audit_part", 5)}[moment]
    monkeypatch.setattr(audit_parts, name, _waits_to_be_killed(flag, number=number))
    # the killer is a process of its own: a thread here would change how workers start
    killer = subprocess.Popen([sys.executable, "-c", _KILLER, str(flag), str(_AUDIT_TIMEOUT)],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert json.dumps(_in_time(lambda: _audit(path, 3)), default=str) == one
    finally:
        out, _ = killer.communicate(timeout=_AUDIT_TIMEOUT)
    killed = [int(pid) for pid in out.split()]
    assert killed  # the worker was killed at that moment


@pytest.mark.slow
def test_cli_jobs_write_the_same_adjusted_copy_and_report(
        tmp_path: Path, small_parts: None, capsys: pytest.CaptureFixture[str]) -> None:
    from td_plugin.cli import main

    path = _session(tmp_path, 300)
    outputs = []
    for jobs in ("1", "2"):
        dest = tmp_path / "out"  # the second copy replaces the first
        code = main(["audit", "--json", "--attention", "during-round", "--jobs", jobs,
                     "--write-to", str(dest), str(path)])
        outputs.append((code, capsys.readouterr().out, (dest / path.name).read_bytes()))
    assert outputs[0] == outputs[1]
    assert outputs[0][0] == 1 and outputs[0][2] != path.read_bytes()  # adjusted records


def test_cli_jobs_must_be_a_positive_number(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    from td_plugin.cli import main

    for bad in ("0", "two"):
        with pytest.raises(SystemExit) as exit_:
            main(["audit", "--jobs", bad, str(tmp_path / "x.pbn")])
        assert exit_.value.code == 2
        assert "expected a number of processes" in capsys.readouterr().err


class _CountingPlugin:
    """A plugin that counts the boards it reviewed: it needs one process."""

    def __init__(self) -> None:
        self.seen = 0

    @hookimpl
    def td_one_process(self) -> bool:
        return True

    @hookimpl
    def td_review_board(self, record, context):  # type: ignore[no-untyped-def]
        self.seen += 1
        return []


def test_a_plugin_with_state_across_boards_keeps_the_audit_on_one_process(
        tmp_path: Path, small_parts: None) -> None:
    path = _session(tmp_path, 200)
    host = PluginHost(load_entrypoints=False)
    counter = _CountingPlugin()
    host.register(counter, "counter")
    assert run_audit([str(path)], host, CONTEXT, jobs=2).records == 200
    assert counter.seen == 200  # every board was reviewed here


def test_cuts_fall_after_runs_of_semi_empty_lines_in_crlf_files_too() -> None:
    import io

    game = b'[Event "x"]\r\n[Board "1"]\r\n'
    data = game + b"\r\n \t\r\n\r\n" + game + b"\r\n" + game
    parts = cut_parts(io.BytesIO(data), 4)
    assert [(p.start, p.first_line) for p in parts] == [
        (0, 1), (len(game) + 8, 6), (2 * len(game) + 10, 9)]
    assert data[parts[1].start:].startswith(b"[Event")
    assert cut_parts(io.BytesIO(game * 500), 64) == [pbn_parts.PbnPart(0, 0, None, 1)]


@pytest.mark.slow
def test_spawned_workers_build_the_host_from_its_recipe(
        tmp_path: Path, small_parts: None, monkeypatch: pytest.MonkeyPatch) -> None:
    # how Windows and macOS run the parts: workers import td_plugin and build their host
    path = _session(tmp_path, 300)
    one = _audit(path, 1)
    monkeypatch.setattr(audit_parts, "start_method", lambda: "spawn")
    started = []
    workers = audit_parts._Workers

    def spawned(count: int, method: str, job: tuple[Any, ...]) -> Any:
        started.append(method)
        assert isinstance(job[0], dict)  # the host's recipe, not the host
        return workers(count, method, job)

    monkeypatch.setattr(audit_parts, "_Workers", spawned)
    assert json.dumps(_audit(path, 2), default=str) == json.dumps(one, default=str)
    assert started == ["spawn"]
    # a plugin registered by hand cannot be rebuilt in a spawned worker: one process
    host = PluginHost(load_entrypoints=False)
    host.register(object(), "by_hand")
    assert run_audit([str(path)], host, CONTEXT, jobs=2).records == 300
    assert started == ["spawn"]


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc").is_dir(), reason="finds the workers in /proc (Linux)")
def test_ctrl_c_stops_the_audit_and_its_workers(tmp_path: Path) -> None:
    path = _session(tmp_path, 6000)  # three parts of a megabyte
    code = "import sys; from td_plugin.cli import main; sys.exit(main(sys.argv[1:]))"
    proc = subprocess.Popen([sys.executable, "-c", code, "audit", "--jobs", "2", str(path)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)
    deadline = time.monotonic() + 30
    while len(_children(proc.pid)) < 2 and time.monotonic() < deadline:
        time.sleep(0.02)
    assert proc.poll() is None, "the audit ended before its workers were seen"
    os.killpg(proc.pid, signal.SIGINT)  # what Ctrl-C sends: the whole process group
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "interrupted" in err.decode() and "Traceback" not in err.decode()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:  # no worker is left behind
        try:
            os.killpg(proc.pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.02)
    with pytest.raises(ProcessLookupError):
        os.killpg(proc.pid, 0)


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (from /proc: the test runs on Linux)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def test_the_pbn_reader_declares_parallel_reading_and_the_host_says_when_it_cannot(
        tmp_path: Path, realworld: Path) -> None:
    from adapters.lin.reader import LinSource
    from td_plugin.host.sources import PartedSource

    assert isinstance(PbnSource(_session(tmp_path, 3)), PartedSource)
    assert not isinstance(LinSource(str(next((realworld / "lin").glob("*.lin")))),
                          PartedSource)
    host = PluginHost(load_entrypoints=False)
    assert host.single_process_reason() is None
    host.register(_CountingPlugin(), "counter")
    assert host.single_process_reason() == ("plugin 'counter' keeps state from board to "
                                            "board (td_one_process)")
    traced = PluginHost(load_entrypoints=False, trace=True, trace_stream=io.StringIO())
    assert traced.single_process_reason() == "hook calls are traced"


def test_the_html_page_is_the_same_on_several_processes(tmp_path: Path, small_parts: None) -> None:
    from td_plugin.audit.reports.html_report import HtmlReport
    from td_plugin.audit.reports.json_report import JsonReport
    from td_plugin.audit.reports.output import AuditOutput, PluginSummary

    path = _session(tmp_path, 120)
    pages = []
    for jobs in (1, 2):
        page = tmp_path / f"page-{jobs}.html"
        # records in full from every part: their indexes counted from the file's start
        sink = AuditOutput([JsonReport(io.StringIO()), HtmlReport(str(page), per_kind=60)],
                           records_per_kind=60)
        result = run_audit([str(path)], PluginHost(load_entrypoints=False), CONTEXT,
                           sink=sink, jobs=jobs)
        sink.finish(result, PluginSummary())
        pages.append(page.read_text(encoding="utf-8"))
    assert pages[0] == pages[1] and pages[0].count("<article") > 60
