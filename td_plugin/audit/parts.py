"""Auditing one large file on several processes.

A source whose reader can cut its file into parts (`td_plugin.host.sources.PartedSource`, as
the PBN reader does, `adapters.pbn.parts`) is audited part by part by worker processes,
a few parts ahead of the one being collected, while this process audits the first part
itself (its findings go straight to the reports, nothing to send). The result is the
one a single process gets, record for record:

* a part is read from a guessed reader state (tag values carried from game to game); a
  part whose guess differs from the state the part before really ended with is audited
  again here, from that state;
* a part that does not end where a game ends (a comment with empty lines across the cut)
  hands the rest of the file to this process, which reads on from the part's start;
* a part whose worker died (killed, out of memory) before sending it back, or could not
  audit it, is audited here from the state the part before ended with, and the living
  workers go on with the parts after it;
* record indexes, which each part counts from 1, are shifted by the records before it;
* with an `td_plugin.audit.run.AuditSink`, a worker hands back its records' output as the
  sink's renderer made it (plain data, cheap to send), not the findings themselves.

The workers are this module's own processes, each with one pipe to this process, which
waits on every pipe and every worker's process sentinel at once
(`multiprocessing.connection.wait`). A worker that dies at any moment (starting, auditing,
half-way through sending a result) closes its pipe, so the death is seen at once and
never leaves the audit waiting (a pool's shared result queue can: a worker killed while
writing to it leaves a message no one finishes and a lock no one releases).

On Linux the workers are forked and share the plugin host with every plugin registered
in it; where this process runs other threads they come from a fork server instead, and
elsewhere (Windows; macOS, where forking is unsafe) they are spawned: both build the same
host from its recipe (built-ins, entry points, blocked names). Each worker asks its own
copy of the plugins, so a ``td_review_board`` answer must not depend on the boards
reviewed before (the built-in rulers' do not); a plugin that keeps such state says so
(the hook ``td_one_process``) and the audit stays on one process
(`td_plugin.host.manager.PluginHost.single_process_reason`).
"""

from __future__ import annotations

import os
import pickle
import signal
import sys
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import IO, TYPE_CHECKING, Any, TypeVar

from td_plugin.audit import result as audit_result
from td_plugin.audit.result import AuditResult, InputReport
from td_plugin.errors import Location
from td_plugin.host.sources import PartedSource, SourcePart
from td_plugin.laws.context import ReviewContext
from td_plugin.model.board import BoardRecord, RecordProblem
from td_plugin.model.changes import RecordChange
from td_plugin.model.findings import Finding

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

    from td_plugin.host.manager import PluginHost, Recipe

__all__ = ["audit_in_parts", "start_method", "default_jobs", "MIN_PARTS"]

_T = TypeVar("_T")
#: the values that carry a record index of their own
_Indexed = TypeVar("_Indexed", Finding, Location, RecordChange)

# what a worker (and this process, reading a part again) audits with: (source, host,
# context, (keep_flagged, keep_changes), renderer)
_JOB: tuple[Any, PluginHost, ReviewContext, tuple[bool, bool], Any] | None = None


#: the fewest parts worth workers: forked workers start at once, spawned ones import
#: td_plugin first (about a second)
MIN_PARTS = {"fork": 2, "forkserver": 8, "spawn": 8}
#: seconds a worker is given to end once told to, before it is killed
_GRACE = 5.0
# in a forked worker: the descriptor of its spool file (`_send`)
_SPOOL: int | None = None


def start_method() -> str | None:
    """How workers start: forked on Linux while this process runs one thread; from a
    fork server on Linux when other threads run (a thread holding a lock at the moment of
    a fork leaves the child waiting for it forever); spawned elsewhere (Windows, macOS,
    where forking is unsafe); None where none of these is possible."""
    import multiprocessing  # (asked only of a file large enough for workers: 5-8 ms)
    import multiprocessing.connection

    methods = multiprocessing.get_all_start_methods()
    if sys.platform.startswith("linux"):
        if _one_thread() and "fork" in methods:
            return "fork"
        if "forkserver" in methods:
            return "forkserver"
    return "spawn" if "spawn" in methods else None


def _one_thread() -> bool:
    """Whether this process runs one thread: the system's count (a library's own threads,
    a solver's, are threads too), else Python's."""
    try:
        return len(os.listdir("/proc/self/task")) == 1
    except OSError:
        threading = sys.modules.get("threading")
        return threading is None or threading.active_count() == 1


def default_jobs() -> int:
    """The processors this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def _start_without_ctrl_c(process: Any) -> None:
    """Start a worker with Ctrl-C held back from this thread while it is made: a Ctrl-C
    that reached the new process before it ignores it (`_init_worker`) would interrupt
    the interpreter's own work after a fork and print what it interrupted. Here a Ctrl-C
    meanwhile is held, not lost: it is delivered when the mask is set back, at once."""
    if not hasattr(signal, "pthread_sigmask"):
        process.start()
        return
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        process.start()
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def _init_worker(host: PluginHost | Recipe, source: Any, context: ReviewContext, keep: tuple[bool, bool],
                 renderer: Any) -> None:
    """A worker's start: a forked one shares the host; a spawned one builds its own from
    the host's recipe."""
    global _JOB
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    if hasattr(signal, "pthread_sigmask"):  # (blocked while it was started)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    if isinstance(host, dict):
        from td_plugin.host.manager import PluginHost

        host = PluginHost(**host)
    _JOB = (source, host, context, keep, renderer)


def _send(conn: Connection, audited: _PartAudit | None) -> None:
    """Send what a part's audit found: a forked worker writes it, pickled, to its spool
    file and sends its size (half the vugraph file's: pickling and writing it take about
    6.5 ms, where packing its JSON and sending it through the pipe took 12-16); a spawned
    one sends it through the pipe."""
    if _SPOOL is None or audited is None:
        conn.send(audited)
        return
    data = memoryview(pickle.dumps(audited, protocol=pickle.HIGHEST_PROTOCOL))
    written = 0
    while written < len(data):  # (an OSError ends the worker: the part is read again)
        written += os.pwrite(_SPOOL, data[written:], written)
    conn.send(len(data))


def _spool_file() -> IO[bytes]:
    """A worker's spool file: in memory (a memfd, Linux) or else an unlinked temporary
    file; nothing is left of either, whatever happens (a file on disk could also make the
    worker wait while the system writes back)."""
    if hasattr(os, "memfd_create"):
        return os.fdopen(os.memfd_create("td-plugin-spool", os.MFD_CLOEXEC), "w+b")
    import tempfile

    return tempfile.TemporaryFile()


def _received(worker: _Worker) -> _PartAudit | None:
    """What `_send` sent, read at once: the worker writes its next part over its spool."""
    if worker.spool is None:
        received: _PartAudit | None = worker.conn.recv()
        return received
    size = worker.conn.recv()
    if size is None:  # (it could not audit the part)
        return None
    data = os.pread(worker.spool.fileno(), size, 0)
    try:
        audited: _PartAudit = pickle.loads(data)
    except Exception:  # noqa: BLE001 - never seen (a short read?): the part is read again
        return None
    return audited


def _work(conn: Connection, inherited: list[Connection], job: tuple[Any, ...],
          spool: int | None = None) -> None:
    """A worker: audit each part received, send back what it found (None: it could not,
    the part is audited again where the error shows), until told to stop. ``spool``: a
    forked worker's spool file (`_send`)."""
    global _SPOOL
    for other in inherited:  # a forked worker holds the other pipes' ends: let them go
        other.close()
    _SPOOL = spool
    _init_worker(*job)
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):  # the audit is gone
            return
        if task is None:
            return
        try:
            audited: _PartAudit | None = _audit_part(*task)
        except Exception:  # noqa: BLE001 - this process audits the part again
            audited = None
        try:
            _send(conn, audited)
        except OSError:  # the audit is gone
            return


@dataclass
class _Worker:
    process: Any  # multiprocessing.Process (of the chosen context)
    conn: Connection
    #: the part it is auditing
    part: SourcePart | None = None
    #: whether it was told to end (`_Workers.no_more_parts`)
    told: bool = False
    #: the file it writes what it found in a part into (a forked worker: `_send`)
    spool: IO[bytes] | None = None


class _Workers:
    """Worker processes, each with its own pipe. ``wait`` returns what came back and
    notices a worker that died, at whatever moment it died."""

    def __init__(self, count: int, method: str, job: tuple[Any, ...]) -> None:
        import multiprocessing
        from multiprocessing.connection import wait

        self._wait = wait
        context = multiprocessing.get_context(method)
        self._workers: list[_Worker] = []
        parent_ends: list[Connection] = []
        try:
            for _ in range(count):
                mine, theirs = context.Pipe()
                parent_ends.append(mine)
                forked = method == "fork"
                spool = _spool_file() if forked else None
                process = context.Process(  # type: ignore[attr-defined]
                    target=_work, daemon=True,
                    args=(theirs, parent_ends if forked else [], job,
                          None if spool is None else spool.fileno()))
                _start_without_ctrl_c(process)
                theirs.close()  # the worker holds the only other end: its death closes it
                self._workers.append(_Worker(process, mine, spool=spool))
        except BaseException:
            self.stop()
            raise

    def give(self, part: SourcePart, state: object | None) -> bool:
        """Hand ``part`` to an idle worker; False when none is left alive."""
        for worker in self._workers:
            if worker.part is None:
                try:
                    worker.conn.send((part, state))
                except OSError:  # it died
                    self._bury(worker)
                    return self.give(part, state)
                worker.part = part
                return True
        return False

    def idle(self) -> bool:
        return any(w.part is None for w in self._workers)

    def holding(self, part: SourcePart) -> bool:
        """Whether a living worker is auditing ``part``."""
        return any(w.part is not None and w.part.number == part.number for w in self._workers)

    def wait(self) -> dict[int, _PartAudit | None]:
        """Wait until a busy worker sends its result or dies: {part number: what it
        found, or None when it died or could not audit the part}."""
        busy = [w for w in self._workers if w.part is not None]
        ready = set(self._wait([w.conn for w in busy] + [w.process.sentinel for w in busy]))
        out: dict[int, _PartAudit | None] = {}
        for worker in busy:
            if worker.conn not in ready and worker.process.sentinel not in ready:
                continue
            assert worker.part is not None
            number, worker.part = worker.part.number, None
            try:
                # a worker that died half-way through its message closed the pipe: EOF
                out[number] = _received(worker) if worker.conn.poll() else None
            except (EOFError, OSError):
                out[number] = None
            if out[number] is None and not worker.process.is_alive():
                self._bury(worker)
        return out

    def _bury(self, worker: _Worker) -> None:
        worker.conn.close()
        worker.process.join(_GRACE)
        if worker.spool is not None:
            worker.spool.close()
        self._workers.remove(worker)

    def stop(self) -> None:
        """End every worker now (what they have not sent is dropped)."""
        for worker in self._workers:
            worker.process.terminate()
        self._close()

    def no_more_parts(self) -> None:
        """Tell every worker to end once it has sent what it is auditing: it then leaves
        while this process takes in what came back."""
        for worker in self._workers:
            if not worker.told:
                worker.told = True
                try:
                    worker.conn.send(None)
                except OSError:
                    pass

    def finish(self) -> None:
        """Tell every worker to end, and wait for them (a little)."""
        self.no_more_parts()
        self._close()

    def _close(self) -> None:
        for worker in self._workers:
            worker.process.join(_GRACE)
            if worker.process.is_alive():
                worker.process.kill()
                worker.process.join()
            worker.conn.close()
            if worker.spool is not None:
                worker.spool.close()
        self._workers = []


@dataclass
class _PartAudit:
    """What auditing one part found, with record indexes counted from the part's start."""

    result: AuditResult
    report: InputReport
    file_problems: list[RecordProblem] = field(default_factory=list)
    start_state: object | None = None
    end_state: object | None = None
    open_end: bool = False


def _audit_part(part: Any, state: object | None, warm: bool = True,
                on_record: Callable[[str, int], None] | None = None) -> _PartAudit:
    assert _JOB is not None
    source, host, context, (keep_flagged, keep_changes), renderer = _JOB
    reading = source.read_part(part, state, None if warm else 0)
    out = _PartAudit(AuditResult(keep_flagged=keep_flagged, renderer=renderer,
                                 keep_changes=keep_changes),
                     InputReport(path=source.path, format=source.format))
    # as run_audit calls it: the module's function at the time of the call
    audit_result.review_records(reading.records(), host, context, out.result, out.report,
                                on_record)
    out.file_problems = reading.file_problems()
    out.start_state, out.end_state = reading.start_state, reading.end_state
    out.open_end = reading.open_end
    return out


def audit_in_parts(source: Any, host: PluginHost, context: ReviewContext, result: AuditResult,
                   report: InputReport, jobs: int,
                   on_record: Callable[[str, int], None] | None = None) -> bool:
    """Audit ``source`` on ``jobs`` processes into ``result`` and ``report``; False (and
    nothing done) when it cannot be or would not pay: the source cannot be cut (it is not
    a `PartedSource`), the file makes fewer than `MIN_PARTS` parts, the host must ask its
    plugins here (`PluginHost.single_process_reason`), or workers would be spawned but
    plugins were registered by hand (a spawned worker could not rebuild them)."""
    if (jobs < 2 or not isinstance(source, PartedSource)
            or host.single_process_reason() is not None):
        return False
    parts = list(source.parts(jobs=jobs))
    if len(parts) < min(MIN_PARTS.values()):  # (a small file: how workers start is not asked)
        return False
    method = start_method()
    if method is None or len(parts) < MIN_PARTS[method]:
        return False
    shared = host if method == "fork" else host.recipe
    if shared is None:  # plugins registered by hand cannot be rebuilt in a spawned worker
        return False
    global _JOB
    renderer = result.sink.renderer if result.sink is not None else None
    keep = (result.keep_flagged, result.keep_changes)
    _JOB = (source, host, context, keep, renderer)
    file_problems: list[RecordProblem] = []
    workers = _Workers(min(jobs, len(parts) - 1), method,
                       (shared, source, context, keep, renderer))
    try:
        known: object | None = None  # the reader's state after the parts collected
        waiting = deque(parts)  # not handed out yet
        done: dict[int, _PartAudit | None] = {}  # by part number; None: lost
        for part in parts:
            mine = bool(waiting) and waiting[0] is part  # no worker has it: audited here
            if mine:
                waiting.popleft()
            while part.number not in done:
                while (waiting and waiting[0].number < part.number + 2 * jobs
                       and workers.idle() and workers.give(waiting[0], known)):
                    waiting.popleft()
                    if not waiting:
                        workers.no_more_parts()
                if mine:  # (from the state the part before ended with: nothing to guess)
                    done[part.number] = _audit_part(part, known, warm=False)
                    break
                if not workers.holding(part):  # every worker died before it got it
                    done[part.number] = None
                    break
                done.update(workers.wait())
            audited = done.pop(part.number)
            if audited is None or (part.number and audited.start_state != known):
                audited = _read_again(part, known)  # lost with its worker, or a wrong guess
            if audited.open_end:  # read on from this part here
                workers.stop()
                audited = _rest_of_file(part, known, report, on_record)
                _collect(audited, result, report, file_problems, on_record)
                break
            known = audited.end_state
            _collect(audited, result, report, file_problems, on_record)
        workers.finish()
    except BaseException:  # Ctrl-C, or an error reading: no worker outlives the audit
        workers.stop()
        raise
    finally:
        _JOB = None
    result.take(report, None, file_problems, ())
    return True


def _read_again(part: Any, state: object | None) -> _PartAudit:
    """Audit ``part`` here, from the state the part before really ended with (its
    worker guessed another, died, or could not audit it)."""
    return _audit_part(part, state, warm=False)


def _rest_of_file(part: Any, state: object | None, report: InputReport,
                  on_record: Callable[[str, int], None] | None) -> _PartAudit:
    """Audit from ``part``'s start to the end of the file here, from ``state``."""
    before = report.records

    def progress(path: str, n: int) -> None:
        if on_record is not None:
            on_record(path, before + n)

    return _audit_part(part.to_end(), state, warm=False, on_record=progress)


def _collect(done: _PartAudit, result: AuditResult, report: InputReport,
             file_problems: list[RecordProblem],
             on_record: Callable[[str, int], None] | None) -> None:
    offset = report.records
    part_result, part_report = done.result, done.report
    if offset:
        _shift(part_result, part_report, offset)
    result.findings.extend(part_result.findings)
    result.flagged.extend(part_result.flagged)
    for error in part_result.plugin_errors:
        result.plugin_error(*error)
    result.plugin_errors_unlisted += part_result.plugin_errors_unlisted
    result.finding_count += part_result.finding_count
    for kind, n in part_result.kinds.items():
        result.kinds[kind] = result.kinds.get(kind, 0) + n
    for path, changes in part_result.changes.items():
        result.changes.setdefault(path, []).extend(changes)
    report.records += part_report.records
    report.problems.extend(part_report.problems)
    report.problem_count += part_report.problem_count
    report.findings += part_report.findings
    report.coverage.merge(part_report.coverage, offset)
    report.versions.merge(part_report.versions, offset)
    if result.sink is not None:
        for output in part_result.outputs:
            result.sink.take(report, output, offset)
    file_problems.extend(done.file_problems)
    if on_record is not None and part_report.records:
        on_record(report.path, report.records)


def _shift(result: AuditResult, report: InputReport, offset: int) -> None:
    """Add ``offset`` to every record index of a part's findings, records and problems.
    Each frozen value is replaced by a shifted copy (`dataclasses.replace`), made once
    for an object met in several places, so that what was one object stays one."""
    copies: dict[int, tuple[Any, Any]] = {}  # id -> (the original, kept alive; its copy)

    def once(obj: _T, make: Callable[[_T], _T]) -> _T:
        hit = copies.get(id(obj))
        if hit is None:
            hit = copies[id(obj)] = (obj, make(obj))
        return hit[1]

    def index(obj: _Indexed) -> _Indexed:
        return obj if obj.record is None else replace(obj, record=obj.record + offset)

    def location(loc: Location) -> Location:
        return once(loc, index)

    def change(c: RecordChange) -> RecordChange:
        return once(c, index)

    def finding(f: Finding) -> Finding:
        return once(f, lambda f: replace(index(f), change=None if f.change is None
                                         else change(f.change)))

    def problem(p: RecordProblem) -> RecordProblem:
        return once(p, lambda p: replace(p, location=location(p.location)))

    def record(r: BoardRecord) -> BoardRecord:
        return once(r, lambda r: replace(r, location=location(r.location),
                                         problems=tuple(problem(p) for p in r.problems)))

    result.findings[:] = [finding(f) for f in result.findings]
    result.flagged[:] = [(record(r), [finding(f) for f in fs]) for r, fs in result.flagged]
    report.problems[:] = [problem(p) for p in report.problems]
    for changes in result.changes.values():
        changes[:] = [change(c) for c in changes]
