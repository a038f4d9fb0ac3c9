"""The post-session audit: read every record of every input through the plugin host,
collect the findings, and (optionally) write adjusted copies.

Adjusted copies are written through `td_plugin.safe_output`: every destination is
checked against every input before anything is written, and each copy appears whole or
not at all. An input whose format has no writer here is reported as not written, with
the reason, and the others are still written.

Records are reviewed one at a time as the reader hands them out, so memory stays
independent of the size of the input. What is kept of them is the caller's choice:

* by default (the library's use) every finding, every problem, and the records that
  have findings (``keep_flagged``, for the HTML report);
* with an `AuditSink` (the command's use) nothing that grows with the findings or the
  problems: each record's findings and problems are handed to the sink as plain data
  (`RecordOutput`, made by the sink's `RecordRenderer`, on the worker process that
  reviewed the record when the audit runs on several), in file order, as they come; the
  result keeps counts, the record changes an adjusted copy needs, and per input what
  its data allowed to check (`Coverage`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from td_plugin.audit import result as audit_result
from td_plugin.audit.coverage import Coverage
from td_plugin.audit.result import (
    MAX_PLUGIN_ERRORS,
    AuditResult,
    AuditSink,
    InputReport,
    RecordOutput,
    RecordRenderer,
    review_records,
)
from td_plugin.crash_report import note_input
from td_plugin.errors import InputError, Location, NotWritableError
from td_plugin.host.sources import CheckedSource
from td_plugin.laws.context import ReviewContext
from td_plugin.model.board import RecordProblem
from td_plugin.safe_output import check_outputs, copy_mode

if TYPE_CHECKING:
    from td_plugin.host.manager import PluginHost

__all__ = ["InputReport", "AuditResult", "Coverage", "RecordOutput", "RecordRenderer",
           "AuditSink", "run_audit", "review_records", "copy_destinations",
           "write_adjusted_copies", "add_table_rulings", "MAX_PLUGIN_ERRORS"]

def run_audit(paths: Iterable[str], host: PluginHost, context: ReviewContext, *,
              strict: bool = False,
              on_record: Callable[[str, int], None] | None = None,
              jobs: int = 1, keep_flagged: bool = True,
              sink: AuditSink | None = None, keep_changes: bool = True) -> AuditResult:
    """Audit each path. ``host`` is a `td_plugin.host.manager.PluginHost`. ``on_record(path, n)``
    is called as records are done (``n`` of them so far, for a progress display).
    ``jobs`` > 1 audits each large file whose reader can cut it into parts on that many
    processes (`td_plugin.audit.parts`); the result is the same as with one.
    ``keep_flagged``: keep the records that have findings (``AuditResult.flagged``, for
    the HTML report); without them memory does not grow with the records.
    ``sink``: hand the findings and problems to it as they come instead of keeping them
    (memory then does not grow with the findings either). ``keep_changes``: keep what the
    findings change in the records, for an adjusted copy (`write_adjusted_copies`)."""
    result = AuditResult(keep_flagged=keep_flagged and sink is None, sink=sink,
                         keep_changes=keep_changes)
    for path in paths:
        report = InputReport(path=path)
        result.inputs.append(report)
        if sink is not None:
            sink.begin(report)
        try:
            if os.path.isdir(path):
                raise InputError("this is a folder, not a file", Location(path=path))
            if not os.path.isfile(path):
                raise FileNotFoundError(f"no such file: {path!r}")
            source = host.open_source(path, strict=strict)
            report.format = source.format
            parted = False
            if jobs > 1 and not strict:
                from td_plugin.audit.parts import audit_in_parts

                parted = audit_in_parts(source, host, context, result, report, jobs, on_record)
            if not parted:
                audit_result.review_records(source.records(), host, context, result, report,
                                            on_record)
                result.take(report, None, source.file_problems(), ())
            if isinstance(source, CheckedSource):  # nothing, or far too little, read
                source.check_read(report.records)
            fouled = report.versions.findings(path)  # the boards' forms compared (Law 87)
            report.coverage.dd_unchecked = report.versions.dd_unchecked
            if fouled:
                result.take(report, None, (), fouled)
            no_session = report.coverage.nothing_to_check(report.records)
            if no_session is not None:  # (not a clean session: docs/guarantees.md)
                raise InputError(no_session, Location(path=path))
        except (InputError, OSError, UnicodeError) as exc:
            report.error = str(exc)
        except Exception as exc:  # a bug: name the input in its traceback
            note_input(exc, path)
            raise
        if sink is not None:
            sink.end(report)
    return result


def add_table_rulings(result: AuditResult, host: PluginHost, context: ReviewContext,
                      log: str | None = None) -> None:
    """Take in the rulings given at the table in each input's session: from ``log``, or
    the rulings log of ``td-plugin serve`` beside the input (``NAME.td-rulings.sqlite``)
    when there is one. Each is ruled again through the host and matched to the input's
    records. A log that is there (or named) but cannot be read is no log of no rulings:
    its input gets ``rulings_log_error``, and the error as a problem."""
    from td_plugin.model.session import default_log_path

    for report in result.inputs:
        path = log or default_log_path(report.path)
        if report.error is not None or not (log or os.path.lexists(path)):
            continue
        from td_plugin.audit.table_rulings import records_of, rule_entries
        from td_plugin.cases.log import RulingLog

        try:
            entries = RulingLog.read(path)
            report.rulings_log = path
            if entries:
                report.table_rulings = rule_entries(host, entries,
                                                    records_of(host, report.path), context)
        except InputError as exc:
            report.rulings_log_error = str(exc)
            report.problems.append(RecordProblem(str(exc), Location(path=path)))


def copy_destinations(paths: Iterable[str], dest_dir: str) -> list[tuple[str, str]]:
    """Where ``--write-to dest_dir`` writes each input: ``(destination, what it is)``,
    for `td_plugin.safe_output.check_outputs`."""
    return [(os.path.join(dest_dir, os.path.basename(path)), f"the copy of {path!r}")
            for path in paths]


def write_adjusted_copies(result: AuditResult, host: PluginHost, dest_dir: str,
                          lang: str = "en") -> list[str]:
    """Write each audited input into ``dest_dir`` under the same name, with the changes
    its findings ask for (lossless: unchanged records are byte for byte the same), the
    rulings' texts in ``lang``.

    Every destination is checked against every input first; a conflict (a copy that
    would overwrite an input, two inputs of the same name) writes nothing. Then each
    input's `InputReport` says where its copy went (``written``) or why there is none
    (``not_written``: it could not be read, no writer for its format here, or writing
    failed, then also ``write_failed``). Returns the paths written.

    :raises td_plugin.safe_output.OutputConflict: naming every conflict.
    """
    destinations = copy_destinations([i.path for i in result.inputs], dest_dir)
    check_outputs([i.path for i in result.inputs]
                  + [i.rulings_log for i in result.inputs if i.rulings_log], destinations)
    os.makedirs(dest_dir, exist_ok=True)
    written = []
    for report, (dest, _) in zip(result.inputs, destinations):
        if report.error is not None:
            report.not_written = "the file could not be read"
            continue
        try:
            host.write_changes(report.path, dest, result.changes_for(report.path), lang)
        except NotWritableError as exc:
            report.not_written = exc.bare_message
        except InputError as exc:
            report.not_written, report.write_failed = str(exc), True
        except OSError as exc:  # (the input is named beside it: its reason alone)
            report.not_written, report.write_failed = exc.strerror or str(exc), True
        else:
            copy_mode(report.path, dest)
            report.written = dest
            written.append(dest)
    return written
