"""Auditing one large file on several processes.

A source whose reader can cut its file into parts (``parts()`` and ``read_part()``, as
the PBN reader does, `adapters.pbn_parts`) is audited part by part in a pool of worker
processes, a few parts ahead of the one being collected. The result is the one a single
process gets, record for record:

* a part is read from a guessed reader state (tag values carried from game to game); a
  part whose guess differs from the state the part before really ended with is audited
  again here, from that state;
* a part that does not end where a game ends (a comment with empty lines across the cut)
  hands the rest of the file to this process, which reads on from the part's start; so
  does a worker that dies (killed, out of memory);
* record indexes, which each part counts from 1, are shifted by the records before it.

On Linux the workers are forked and share the plugin host with every plugin registered
in it; elsewhere (Windows; macOS, where forking is unsafe) they are spawned and build
the same host from its recipe (built-ins, entry points, blocked names). Each worker asks
its own copy of the plugins, so a ``td_review_board`` answer must not depend on the
boards reviewed before (the built-in rulers' do not); a plugin that keeps such state
says ``td_one_process = True`` (a module or object attribute) and the audit stays on
one process.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
from collections import deque
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, Callable

from td_plugin.audit import AuditResult, InputReport, review_records
from td_plugin.board import RecordProblem
from td_plugin.errors import Location
from td_plugin.rulings import Finding, ReviewContext
from td_plugin.sources import RecordChange

__all__ = ["audit_in_parts", "start_method", "default_jobs", "MIN_PARTS"]

# what a worker (and this process, reading a part again) audits with: (source, host,
# context, keep_flagged)
_JOB: tuple[Any, Any, ReviewContext, bool] | None = None


#: the fewest parts worth a pool: forked workers start at once, spawned ones import
#: td_plugin first (about a second)
MIN_PARTS = {"fork": 2, "spawn": 8}


def start_method() -> str | None:
    """How workers start: forked on Linux, spawned elsewhere (Windows, macOS, where
    forking is unsafe); None where neither is possible."""
    methods = multiprocessing.get_all_start_methods()
    if sys.platform.startswith("linux") and "fork" in methods:
        return "fork"
    return "spawn" if "spawn" in methods else None


def default_jobs() -> int:
    """The processors this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def _init_worker(host: Any, source: Any, context: ReviewContext, keep_flagged: bool) -> None:
    """A worker's start: a forked one shares the host; a spawned one builds its own from
    the host's recipe."""
    global _JOB
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    if isinstance(host, dict):
        from td_plugin.host import PluginHost

        host = PluginHost(**host)
    _JOB = (source, host, context, keep_flagged)


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
    source, host, context, keep_flagged = _JOB
    reading = source.read_part(part, state, None if warm else 0)
    out = _PartAudit(AuditResult(keep_flagged=keep_flagged),
                     InputReport(path=source.path, format=source.format))
    review_records(reading.records(), host, context, out.result, out.report, on_record)
    out.file_problems = reading.file_problems()
    out.start_state, out.end_state = reading.start_state, reading.end_state
    out.open_end = reading.open_end
    return out


def audit_in_parts(source: Any, host: Any, context: ReviewContext, result: AuditResult,
                   report: InputReport, jobs: int,
                   on_record: Callable[[str, int], None] | None = None) -> bool:
    """Audit ``source`` on ``jobs`` processes into ``result`` and ``report``; False (and
    nothing done) when it cannot be or would not pay: the source cannot be cut, the file
    makes fewer than `MIN_PARTS` parts, a plugin asks for one process
    (``td_one_process``), workers would be spawned but plugins were registered by hand
    (a spawned worker could not rebuild them), or the host prints its hook calls (they
    would come from several processes at once)."""
    method = start_method()
    if (jobs < 2 or method is None or not hasattr(source, "read_part")
            or getattr(host, "tracing", False) or _one_process_plugin(host)):
        return False
    shared = host if method == "fork" else getattr(host, "recipe", None)
    if shared is None:  # plugins registered by hand cannot be rebuilt in a spawned worker
        return False
    parts = source.parts()
    if len(parts) < MIN_PARTS[method]:
        return False
    global _JOB
    _JOB = (source, host, context, result.keep_flagged)
    file_problems: list[RecordProblem] = []
    pool = ProcessPoolExecutor(min(jobs, len(parts)),
                               mp_context=multiprocessing.get_context(method),
                               initializer=_init_worker,
                               initargs=(shared, source, context, result.keep_flagged))
    try:
        known: object | None = None  # the reader's state after the parts collected
        queue: deque[tuple[Any, Future[_PartAudit] | None]] = deque()
        to_submit = deque(parts)
        while queue or to_submit:
            while to_submit and len(queue) < 2 * jobs:
                part = to_submit.popleft()
                queue.append((part, _submit(pool, part, known)))
            part, job = queue.popleft()
            done: _PartAudit | None = None
            if job is not None:
                try:
                    done = job.result()
                except BrokenProcessPool:  # a worker died (killed, out of memory)
                    pass
            if done is not None and part.number and done.start_state != known:
                done = _read_again(part, known)
            if done is None or done.open_end:  # read on from this part here
                _stop(pool)
                queue.clear()
                to_submit.clear()
                done = _rest_of_file(part, known, report, on_record)
            known = done.end_state
            _collect(done, result, report, file_problems, on_record)
        pool.shutdown()
    except BaseException:  # Ctrl-C, or an error reading: no worker outlives the audit
        _stop(pool)
        raise
    finally:
        _JOB = None
    report.problems.extend(file_problems)
    return True


def _stop(pool: ProcessPoolExecutor) -> None:
    """Cancel what the workers have not begun and end them."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()


def _submit(pool: ProcessPoolExecutor, part: Any, state: object | None
            ) -> Future[_PartAudit] | None:
    """The part handed to a worker; None when the pool broke (a worker died)."""
    try:
        return pool.submit(_audit_part, part, state)
    except BrokenProcessPool:
        return None


def _one_process_plugin(host: Any) -> bool:
    pm = getattr(host, "pm", None)
    return pm is not None and any(getattr(plugin, "td_one_process", False)
                                  for plugin in pm.get_plugins())


def _read_again(part: Any, state: object | None) -> _PartAudit:
    """Audit ``part`` here, from the state the part before really ended with."""
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
    result.plugin_errors.extend(part_result.plugin_errors)
    report.records += part_report.records
    report.problems.extend(part_report.problems)
    file_problems.extend(done.file_problems)
    if on_record is not None and part_report.records:
        on_record(report.path, report.records)


def _shift(result: AuditResult, report: InputReport, offset: int) -> None:
    """Add ``offset`` to every record index of a part's findings, records and problems.
    They are this process's own copies (unpickled from a worker, or made by a reading
    here that nothing else holds), so they are changed in place, each object once."""
    done: set[int] = set()

    def shift(obj: Finding | Location | RecordChange) -> None:
        if id(obj) not in done and obj.record is not None:
            done.add(id(obj))
            object.__setattr__(obj, "record", obj.record + offset)

    for finding in result.findings:
        shift(finding)
        if finding.change is not None:
            shift(finding.change)
    for record, findings in result.flagged:
        shift(record.location)
        for problem in record.problems:
            shift(problem.location)
        for finding in findings:
            shift(finding)
            if finding.change is not None:
                shift(finding.change)
    for problem in report.problems:
        shift(problem.location)
