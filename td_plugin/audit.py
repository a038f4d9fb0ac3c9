"""The post-session audit: read every record of every input through the plugin host,
collect the findings, and (optionally) write adjusted copies.

Records are reviewed one at a time as the reader hands them out, so memory stays
independent of the size of the input; only records with findings are kept (for the
HTML report).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Callable, Iterable

from td_plugin.board import BoardRecord, RecordProblem
from td_plugin.errors import InputError
from td_plugin.rulings import Finding, ReviewContext
from td_plugin.sources import RecordChange

__all__ = ["InputReport", "AuditResult", "run_audit", "review_records", "write_adjusted_copies"]


@dataclass
class InputReport:
    """One input file: its format, how many records it had, the problems its reader
    collected, and ``error`` when it could not be read at all."""

    path: str
    format: str | None = None
    records: int = 0
    problems: list[RecordProblem] = field(default_factory=list)
    error: str | None = None


@dataclass
class AuditResult:
    inputs: list[InputReport] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    #: records that have findings, with them, in input order
    flagged: list[tuple[BoardRecord, list[Finding]]] = field(default_factory=list)
    #: plugin failures: (plugin name, hook, message)
    plugin_errors: list[tuple[str, str, str]] = field(default_factory=list)
    #: whether ``flagged`` is kept
    keep_flagged: bool = True

    @property
    def records(self) -> int:
        return sum(i.records for i in self.inputs)

    @property
    def unreadable(self) -> list[InputReport]:
        return [i for i in self.inputs if i.error is not None]

    def changes_for(self, path: str) -> dict[int, list[RecordChange]]:
        """The record changes the findings of one input ask for, keyed by record index."""
        out: dict[int, list[RecordChange]] = {}
        for f in self.findings:
            if f.path == path and f.change is not None:
                out.setdefault(f.change.record, []).append(f.change)
        return out


def run_audit(paths: Iterable[str], host: object, context: ReviewContext, *,
              strict: bool = False,
              on_record: Callable[[str, int], None] | None = None,
              jobs: int = 1, keep_flagged: bool = True) -> AuditResult:
    """Audit each path. ``host`` is a `td_plugin.host.PluginHost`. ``on_record(path, n)``
    is called as records are done (``n`` of them so far, for a progress display).
    ``jobs`` > 1 audits each large file whose reader can cut it into parts on that many
    processes (`td_plugin.audit_parts`); the result is the same as with one.
    ``keep_flagged``: keep the records that have findings (``AuditResult.flagged``, for
    the HTML report); without them memory does not grow with the findings."""
    result = AuditResult(keep_flagged=keep_flagged)
    for path in paths:
        report = InputReport(path=path)
        result.inputs.append(report)
        try:
            if not os.path.isfile(path):
                raise FileNotFoundError(f"no such file: {path!r}")
            source = host.open_source(path, strict=strict)
            report.format = source.format
            if jobs > 1 and not strict:
                from td_plugin.audit_parts import audit_in_parts

                if audit_in_parts(source, host, context, result, report, jobs, on_record):
                    continue
            review_records(source.records(), host, context, result, report, on_record)
            report.problems.extend(source.file_problems())
        except (InputError, OSError, UnicodeError) as exc:
            report.error = str(exc)
    return result


def review_records(records: Iterable[BoardRecord], host: object, context: ReviewContext,
                   result: AuditResult, report: InputReport,
                   on_record: Callable[[str, int], None] | None = None) -> None:
    """Review each record with the host and add what it finds to ``result`` and
    ``report``."""
    for record in records:
        report.records += 1
        report.problems.extend(record.problems)
        review = host.review_board(record, context)
        for err in review.errors:
            result.plugin_errors.append((err.plugin, err.hook, str(err.exception)))
        if review.findings:
            result.findings.extend(review.findings)
            if result.keep_flagged:
                result.flagged.append((record, list(review.findings)))
        if on_record is not None:
            on_record(report.path, report.records)


def write_adjusted_copies(result: AuditResult, host: object, dest_dir: str,
                          lang: str = "en") -> list[str]:
    """Write each audited input into ``dest_dir`` under the same name, with the changes
    its findings ask for (lossless: unchanged records are byte for byte the same), the
    rulings' texts in ``lang``. Refuses to write over an input. Returns the paths
    written."""
    os.makedirs(dest_dir, exist_ok=True)
    written = []
    for report in result.inputs:
        if report.error is not None:
            continue
        dest = os.path.join(dest_dir, os.path.basename(report.path))
        if os.path.exists(dest) and os.path.samefile(dest, report.path):
            raise InputError(f"--write-to would overwrite the input {report.path!r}")
        host.write_changes(report.path, dest, result.changes_for(report.path), lang)
        written.append(dest)
    return written
